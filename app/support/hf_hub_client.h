// HfHubClient: downloads a model's config.json (and its safetensors index, for the size
// cross-check) from the Hugging Face Hub by repository id, with a cached copy for offline use.
#pragma once

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
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
    Source source = Source::Network;
    QDateTime cachedAt; // Source::Cache: when that copy was downloaded
    // One line each, for the user: the cached copy's date and why the network was not used, an
    // unreadable index.
    QStringList notes;
};

class HfHubClient : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultTimeoutMs = 30000;
    // Largest response read; configs and indexes are kilobytes (as input_files.h's limit).
    static constexpr qint64 kMaxResponseBytes = 16 * 1024 * 1024;

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
    // Whether to fetch model.safetensors.index.json after the config (default: yes).
    void setFetchIndex(bool fetch) { m_fetchIndex = fetch; }

    // Starts downloading; ends with downloaded() or failed(), exactly once. A bad id or
    // HF_ENDPOINT fails before start() returns. A download in progress is aborted first.
    void start(const QString& idOrUrl);
    // Stops the download; neither signal follows.
    void abort();
    bool isRunning() const { return m_stage != Stage::Idle; }
    const HfModelFiles& result() const { return m_result; }

    // The same, waiting in a local event loop (the console tool). nullopt with `error`.
    static std::optional<HfModelFiles> fetch(const QString& idOrUrl, const QString& storedToken,
                                             QString* error, int timeoutMs = kDefaultTimeoutMs);

signals:
    // Of the file being downloaded now; total is -1 while unknown.
    void progress(qint64 bytesReceived, qint64 bytesTotal);
    void downloaded();
    void failed(const QString& message);

private:
    enum class Stage { Idle, Config, Index };

    static constexpr int kMaxRedirects = 10;

    void get(const QUrl& url, int redirectsLeft);
    bool followRedirect(QNetworkReply* reply, int status);
    void onFinished(QNetworkReply* reply);
    void onConfig(QNetworkReply* reply, const QByteArray& body, int status);
    void onIndex(QNetworkReply* reply, const QByteArray& body, int status);
    bool useCache(const QString& reason);
    void fail(const QString& message);
    void succeed();
    QString fileUrl(const QString& fileName) const;
    QString host() const;

    QNetworkAccessManager* m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    Stage m_stage = Stage::Idle;
    QString m_endpoint;
    QString m_storedToken;
    int m_timeoutMs = kDefaultTimeoutMs;
    bool m_fetchIndex = true;
    bool m_tooLarge = false;
    int m_redirectsLeft = 0;
    HfModelFiles m_result;
};

} // namespace lhe::app
