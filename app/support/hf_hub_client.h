// HfHubClient: downloads a model's config.json (and its safetensors index, for the size
// cross-check, and the headers of its safetensors shards, by HTTP range requests) from the
// Hugging Face Hub by repository id, with a cached copy for offline use.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;
class QUrl;

namespace lhe::app {

// A config.json and what came with it.
struct HfModelFiles
{
    enum class Source { Network, Cache };

    QString repoId; // "org/name": the model is named after its repository
    nlohmann::json config;
    // metadata.total_size of model.safetensors.index.json, in bytes; nullopt without an index
    // (single-file checkpoints have none).
    std::optional<double> indexTotalBytes;
    // The start of a safetensors file, through its header: every tensor's name, dtype, shape and
    // offsets, without a byte of the weights.
    struct ShardHeader
    {
        QString file;          // "model-00001-of-00002.safetensors"
        QByteArray header;     // the 8-byte little-endian length N, then the N bytes of JSON
        qint64 fileBytes = -1; // the whole file's size in bytes; -1: the server did not say
    };
    // One per shard the index names (model.safetensors without an index), sorted by file name;
    // a shard whose header could not be fetched is missing, and a note says why.
    QList<ShardHeader> shardHeaders;
    Source source = Source::Network;
    QDateTime cachedAt; // Source::Cache: when that copy was downloaded
    // One line each, for the user: the cached copy's date and why the network was not used, an
    // unreadable index, safetensors headers that could not be fetched.
    QStringList notes;
};

class HfHubClient : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultTimeoutMs = 30000;
    // The longest one request may take from its start to its last byte, the redirects it follows
    // included (docs/CONTRACT.md §5.1): a server that sends a byte now and then never lets the
    // transfer timeout fire. Two minutes carry a 16 MiB index at 140 kB/s.
    static constexpr int kDefaultRequestDeadlineMs = 120000;
    // Largest response read; configs and indexes are kilobytes (as input_files.h's limit).
    static constexpr qint64 kMaxResponseBytes = 16 * 1024 * 1024;
    // A shard's first request asks for this many bytes: the header of most shards fits (a few
    // hundred bytes per tensor); a longer one takes a second request for the rest.
    static constexpr qint64 kHeaderFirstGuessBytes = 64 * 1024;
    // The safetensors format refuses a header longer than this (safetensors' MAX_HEADER_SIZE,
    // safetensors/src/tensor.rs), so no honest file has one.
    static constexpr qint64 kMaxHeaderJsonBytes = 100'000'000;
    // Bounds on what one import fetches: shards, and the bytes of all their headers together.
    static constexpr int kMaxShards = 512;
    static constexpr qint64 kMaxAllHeadersBytes = 256 * 1024 * 1024;

    explicit HfHubClient(QObject* parent = nullptr);
    ~HfHubClient() override;

    // "org/name" from what the user typed: the id itself, or a model page or file URL on
    // huggingface.co (or the HF_ENDPOINT host): https://huggingface.co/org/name, .../tree/main,
    // .../blob/main/config.json, .../resolve/main/config.json, with or without a trailing slash.
    // nullopt with a one-line `error` that says what was expected.
    static std::optional<QString> parseRepoId(const QString& text, QString* error);

    // The Hub's base URL without a trailing slash: $HF_ENDPOINT (as huggingface_hub reads it, for
    // mirrors and tests), else https://huggingface.co.
    static QString endpoint();
    // $HF_TOKEN when set (it wins, as in huggingface_hub), else `stored`.
    static QString effectiveToken(const QString& stored);
    static bool tokenFromEnvironment();
    // Where downloads of `repoId` are kept: <CacheLocation>/huggingface/<org>/<name>.
    static QString cacheFolder(const QString& repoId);

    // The token sent as "Authorization: Bearer" unless $HF_TOKEN is set; empty: none.
    void setToken(const QString& token) { m_storedToken = token; }
    // No byte for this long fails the request as "cannot reach" (QNetworkRequest::setTransferTimeout).
    void setTransferTimeoutMs(int timeoutMs) { m_timeoutMs = timeoutMs; }
    // A request not complete this long after it started fails as "no complete answer within N s"
    // (a shard's header: the headers not yet fetched are not tried).
    void setRequestDeadlineMs(int deadlineMs) { m_deadlineMs = deadlineMs; }
    // Whether to fetch model.safetensors.index.json after the config (default: yes).
    void setFetchIndex(bool fetch) { m_fetchIndex = fetch; }
    // Whether to fetch, after the index, the header of each safetensors shard it names (of
    // model.safetensors when there is no index) with HTTP range requests (default: yes). Needs
    // the index; failing to get a header only adds a note.
    void setFetchHeaders(bool fetch) { m_fetchHeaders = fetch; }

    // Starts downloading; ends with downloaded() or failed(), exactly once. A bad id or
    // HF_ENDPOINT fails before start() returns. A download in progress is aborted first.
    void start(const QString& idOrUrl);
    // Stops the download; neither signal follows.
    void abort();
    bool isRunning() const { return m_stage != Stage::Idle; }
    const HfModelFiles& result() const { return m_result; }

    // The same, waiting in a local event loop (the console tool), shard headers included.
    // nullopt with `error`.
    static std::optional<HfModelFiles> fetch(const QString& idOrUrl, const QString& storedToken,
                                             QString* error, int timeoutMs = kDefaultTimeoutMs);

signals:
    // Of the file being downloaded now (of a shard: of its header); total is -1 while unknown.
    void progress(qint64 bytesReceived, qint64 bytesTotal);
    void downloaded();
    void failed(const QString& message);

private:
    enum class Stage { Idle, Config, Index, Header };

    // The header of the shard being fetched, as far as it came.
    struct ShardFetch
    {
        QByteArray bytes;      // from the file's first byte
        qint64 needed = -1;    // 8 + the header's length, once its first 8 bytes are in
        qint64 fileBytes = -1; // the file's size, from Content-Range or Content-Length
        qint64 rangeFirst = 0; // the range asked for, both ends included
        qint64 rangeLast = 0;
        int requests = 0;         // range requests made for this shard (redirects not counted)
        bool bodyStarted = false; // the current answer's status and range were checked
        bool complete = false;    // `needed` bytes are in
        qint64 skipped = 0;       // bytes of a redirect's or an error's body, read and dropped
        QString error;            // why this shard's header is not usable
    };

    static constexpr int kMaxRedirects = 10;

    // A new request for `url`: its deadline starts.
    void request(const QUrl& url);
    void get(const QUrl& url, int redirectsLeft);
    void onDeadline();
    // A request for config.json or the index that got no complete answer: the cache, or a note.
    void unanswered(const QString& message);
    bool followRedirect(QNetworkReply* reply, int status);
    void onFinished(QNetworkReply* reply);
    void onConfig(QNetworkReply* reply, const QByteArray& body, int status);
    void onIndex(QNetworkReply* reply, const QByteArray& body, int status);
    void afterIndex(const QStringList& shards);
    void skipHeaders(const QString& reason);
    void requestHeader(qint64 first, qint64 last);
    void onHeaderData(QNetworkReply* reply);
    void onHeaderFinished(QNetworkReply* reply);
    void nextShard(const QString& problem);
    void finishHeaders();
    bool useCache(const QString& reason);
    void useCachedHeaders(const QString& folder);
    // Why a request got no complete answer (no network, refused, timed out, its deadline), for a
    // message.
    QString noAnswerReason(QNetworkReply* reply) const;
    // Why the token to send cannot go in an Authorization header; empty when it can.
    QString tokenProblem() const;
    void fail(const QString& message);
    void requestFailed(const QString& message);
    void succeed();
    QString currentFile() const;
    QString fileUrl(const QString& fileName) const;
    QString host() const;

    QNetworkAccessManager* m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    Stage m_stage = Stage::Idle;
    QString m_endpoint;
    QString m_storedToken;
    int m_timeoutMs = kDefaultTimeoutMs;
    int m_deadlineMs = kDefaultRequestDeadlineMs;
    QTimer* m_deadline = nullptr;
    bool m_deadlineHit = false; // the request was aborted at its deadline
    bool m_fetchIndex = true;
    bool m_fetchHeaders = true;
    bool m_tooLarge = false;
    int m_redirectsLeft = 0;
    HfModelFiles m_result;
    QStringList m_shards; // Stage::Header: the files whose headers are fetched, in order
    qsizetype m_shardIndex = 0;
    ShardFetch m_shard;
    qint64 m_allHeadersBytes = 0;
    QStringList m_headerProblems; // "org/name/file: reason", one per shard without its header
};

} // namespace lhe::app
