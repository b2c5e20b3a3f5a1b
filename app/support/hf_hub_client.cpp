#include "app/support/hf_hub_client.h"

#include "app/support/save_file.h"
#include "core/catalog.h"
#include "core/input_error.h"
#include "widgets/core_message.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>
#include <QtEndian>
#include <algorithm>
#include <limits>

namespace lhe::app {

namespace {

const QString kConfigFile = QStringLiteral("config.json");
const QString kIndexFile = QStringLiteral("model.safetensors.index.json");
// A single-file checkpoint's name (transformers' SAFE_WEIGHTS_NAME).
const QString kSingleShardFile = QStringLiteral("model.safetensors");
const QString kHeaderCacheSuffix = QStringLiteral(".header");
// The length prefix of a safetensors file: a little-endian u64 (safetensors' format, README
// "Format").
constexpr qint64 kLengthPrefixBytes = 8;
const QString kDefaultEndpoint = QStringLiteral("https://huggingface.co");

// One part of a repository id, as huggingface_hub's validate_repo_id accepts it (letters,
// digits, "-", "_", "."; no "--" or ".."; not starting or ending with "-" or "."), so a typo
// is refused here and not as a 404 after a round trip.
bool isRepoPart(const QString& part)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$"));
    return part.size() <= 96 && pattern.match(part).hasMatch() && !part.contains(QLatin1String("--")) &&
           !part.contains(QLatin1String(".."));
}

bool isHubHost(const QString& host)
{
    const QString endpointHost = QUrl(HfHubClient::endpoint()).host();
    return host == QLatin1String("huggingface.co") || host == QLatin1String("www.huggingface.co") ||
           host == QLatin1String("hf.co") || (!endpointHost.isEmpty() && host == endpointHost);
}

// A JSON document from bytes; core::InputError names `origin` and the line and column.
nlohmann::json parseJson(const QByteArray& bytes, const QString& origin)
{
    return core::parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                               origin.toStdString());
}

// metadata.total_size of a safetensors index (the sum of the byte sizes of every tensor in the
// shards, as huggingface_hub's save_torch_state_dict and transformers' save_pretrained write it).
std::optional<double> indexTotalSize(const nlohmann::json& index)
{
    const auto metadata = index.find("metadata");
    if (metadata == index.end() || !metadata->is_object())
        return std::nullopt;
    const auto total = metadata->find("total_size");
    if (total == metadata->end())
        return std::nullopt;
    // Some writers store it as a string of digits.
    double bytes = 0;
    if (total->is_number())
        bytes = total->get<double>();
    else if (total->is_string())
        bytes = QString::fromStdString(total->get<std::string>()).toDouble();
    return bytes > 0 ? std::optional<double>(bytes) : std::nullopt;
}

// transformers' from_pretrained records where a config came from in _name_or_path, and the
// estimator names an imported model by it (core::importedModelName): the repository id, never a
// training path a fine-tune's config may still carry.
void nameAfterRepository(HfModelFiles& files)
{
    files.config["_name_or_path"] = files.repoId.toStdString();
}

QByteArray readSmallFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(HfHubClient::kMaxResponseBytes + 1);
}

// A shard's name as the index's weight_map gives it becomes part of a URL and of a cache path:
// only a plain file name (transformers writes "model-00001-of-00004.safetensors"), never a path.
bool isShardFileName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\\.safetensors$"));
    return name.size() <= 255 && pattern.match(name).hasMatch() && !name.contains(QLatin1String(".."));
}

// The distinct shards of an index's weight_map ({"tensor name": "shard file", ...}), sorted; empty
// with `problem` when the map is missing or names something that is not a plain shard file.
QStringList shardsOfIndex(const nlohmann::json& index, QString* problem)
{
    const auto map = index.find("weight_map");
    if (map == index.end() || !map->is_object() || map->empty()) {
        *problem = HfHubClient::tr("%1 lists no shards (weight_map)").arg(kIndexFile);
        return {};
    }
    QStringList shards;
    for (const auto& entry : map->items()) {
        const QString name =
            entry.value().is_string() ? QString::fromStdString(entry.value().get<std::string>()) : QString();
        if (!isShardFileName(name)) {
            *problem =
                HfHubClient::tr("%1 names \"%2\" as a shard, not a .safetensors file name")
                    .arg(kIndexFile,
                         (entry.value().is_string() ? name : QString::fromStdString(entry.value().dump()))
                             .left(100));
            return {};
        }
        shards << name;
    }
    shards.sort();
    shards.removeDuplicates();
    return shards;
}

// The header's length from the first 8 bytes, checked against the format's cap. -1 for more.
qint64 headerJsonLength(const QByteArray& bytes)
{
    const quint64 length = qFromLittleEndian<quint64>(bytes.constData());
    return length > static_cast<quint64>(HfHubClient::kMaxHeaderJsonBytes) ? -1 : static_cast<qint64>(length);
}

// Why `header` (8-byte length, then that many bytes) cannot be a safetensors header of a file of
// `fileBytes` bytes (-1: unknown); empty when it can. The JSON itself is the reader's to check.
QString headerProblem(const QByteArray& header, qint64 fileBytes)
{
    // safetensors README, "Format": the JSON "MUST begin with a `{` character (0x7B)".
    if (header.size() <= kLengthPrefixBytes || header.at(kLengthPrefixBytes) != '{')
        return HfHubClient::tr("not a safetensors file (its header is no JSON object)");
    if (fileBytes >= 0 && header.size() > fileBytes)
        return HfHubClient::tr("its header (%1 bytes) is longer than the file (%2 bytes)")
            .arg(header.size())
            .arg(fileBytes);
    return {};
}

// "bytes first-last/complete" (RFC 9110 section 14.4, Content-Range; complete may be "*").
struct ContentRange
{
    qint64 first = -1;
    qint64 last = -1;
    qint64 complete = -1; // -1: "*", the server does not know
};

std::optional<ContentRange> parseContentRange(const QByteArray& value)
{
    static const QRegularExpression pattern(
        QStringLiteral("^bytes (\\d{1,18})-(\\d{1,18})/(\\d{1,18}|\\*)$"));
    const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(value.trimmed()));
    if (!match.hasMatch())
        return std::nullopt;
    ContentRange range;
    range.first = match.captured(1).toLongLong();
    range.last = match.captured(2).toLongLong();
    if (match.captured(3) != QLatin1String("*"))
        range.complete = match.captured(3).toLongLong();
    // An invalid range "MUST" be treated as such (section 14.4): last before first, or past the end.
    if (range.last < range.first || (range.complete >= 0 && range.last >= range.complete))
        return std::nullopt;
    return range;
}

// The cache keeps a shard's header as <cache>/<shard>.header: the header bytes as they start the
// file (a valid, truncated safetensors file), then the file's size as a little-endian u64 (0:
// unknown, as no safetensors file is empty).
QByteArray cachedHeaderBytes(const HfModelFiles::ShardHeader& shard)
{
    QByteArray bytes = shard.header;
    char size[8];
    qToLittleEndian<quint64>(static_cast<quint64>(std::max<qint64>(shard.fileBytes, 0)), size);
    bytes.append(size, sizeof size);
    return bytes;
}

std::optional<HfModelFiles::ShardHeader> readCachedHeader(const QString& path, const QString& file)
{
    QFile cached(path);
    if (!cached.open(QIODevice::ReadOnly) || cached.size() < 2 * kLengthPrefixBytes)
        return std::nullopt;
    const QByteArray prefix = cached.read(kLengthPrefixBytes);
    const qint64 length = prefix.size() == kLengthPrefixBytes ? headerJsonLength(prefix) : -1;
    if (length < 0 || cached.size() != 2 * kLengthPrefixBytes + length)
        return std::nullopt;
    HfModelFiles::ShardHeader shard;
    shard.file = file;
    shard.header = prefix + cached.read(length);
    const QByteArray size = cached.read(kLengthPrefixBytes);
    if (shard.header.size() != kLengthPrefixBytes + length || size.size() != kLengthPrefixBytes)
        return std::nullopt;
    const quint64 fileBytes = qFromLittleEndian<quint64>(size.constData());
    shard.fileBytes = fileBytes == 0 || fileBytes > static_cast<quint64>(std::numeric_limits<qint64>::max())
                          ? -1
                          : static_cast<qint64>(fileBytes);
    if (!headerProblem(shard.header, shard.fileBytes).isEmpty())
        return std::nullopt;
    return shard;
}

} // namespace

HfHubClient::HfHubClient(QObject* parent) : QObject(parent), m_network(new QNetworkAccessManager(this)) {}

HfHubClient::~HfHubClient()
{
    abort();
}

std::optional<QString> HfHubClient::parseRepoId(const QString& text, QString* error)
{
    const QString input = text.trimmed();
    const auto expected = [&](const QString& detail) {
        *error = tr("expected a model id such as meta-llama/Llama-3.2-1B or its page "
                    "https://huggingface.co/org/name, got \"%1\"")
                     .arg(input);
        if (!detail.isEmpty())
            *error += QStringLiteral(" (") + detail + QLatin1Char(')');
        return std::nullopt;
    };
    if (input.isEmpty())
        return expected(QString());
    QStringList parts;
    if (input.contains(QLatin1String("://"))) {
        const QUrl url(input, QUrl::StrictMode);
        if (!url.isValid() ||
            (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
            return expected(QString());
        if (!isHubHost(url.host()))
            return expected(tr("not a huggingface.co address"));
        parts = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        // /org/name, then optionally /tree|blob|resolve/<revision>/<file...>.
        if (parts.size() > 2) {
            const QString& kind = parts.at(2);
            if (kind != QLatin1String("tree") && kind != QLatin1String("blob") &&
                kind != QLatin1String("resolve"))
                return expected(QString());
            if (parts.size() > 3 && parts.at(3) != QLatin1String("main"))
                return expected(tr("only the main revision is downloaded"));
            parts = parts.mid(0, 2);
        }
    } else {
        parts = input.split(QLatin1Char('/'));
    }
    if (parts.size() != 2 || !isRepoPart(parts.at(0)) || !isRepoPart(parts.at(1)))
        return expected(QString());
    if (parts.at(0) == QLatin1String("datasets") || parts.at(0) == QLatin1String("spaces"))
        return expected(tr("a dataset or Space, not a model"));
    return parts.join(QLatin1Char('/'));
}

QString HfHubClient::endpoint()
{
    QString value = qEnvironmentVariable("HF_ENDPOINT").trimmed();
    while (value.endsWith(QLatin1Char('/')))
        value.chop(1);
    return value.isEmpty() ? kDefaultEndpoint : value;
}

QString HfHubClient::effectiveToken(const QString& stored)
{
    const QString fromEnvironment = qEnvironmentVariable("HF_TOKEN").trimmed();
    return fromEnvironment.isEmpty() ? stored.trimmed() : fromEnvironment;
}

bool HfHubClient::tokenFromEnvironment()
{
    return !qEnvironmentVariable("HF_TOKEN").trimmed().isEmpty();
}

QString HfHubClient::cacheFolder(const QString& repoId)
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/huggingface/") +
           repoId;
}

void HfHubClient::start(const QString& idOrUrl)
{
    abort();
    m_result = HfModelFiles();
    m_shards.clear();
    m_headerProblems.clear();
    m_allHeadersBytes = 0;
    m_endpoint = endpoint();
    const QUrl endpointUrl(m_endpoint, QUrl::StrictMode);
    if (!endpointUrl.isValid() || endpointUrl.host().isEmpty() ||
        (endpointUrl.scheme() != QLatin1String("https") && endpointUrl.scheme() != QLatin1String("http"))) {
        emit failed(tr("HF_ENDPOINT: expected an http(s) address such as https://huggingface.co, got \"%1\"")
                        .arg(m_endpoint));
        return;
    }
    QString error;
    const std::optional<QString> repoId = parseRepoId(idOrUrl, &error);
    if (!repoId) {
        emit failed(error);
        return;
    }
    m_result.repoId = *repoId;
    m_stage = Stage::Config;
    get(QUrl(fileUrl(kConfigFile)), kMaxRedirects);
}

void HfHubClient::abort()
{
    m_stage = Stage::Idle;
    if (m_reply) {
        QNetworkReply* reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

QString HfHubClient::currentFile() const
{
    if (m_stage == Stage::Header)
        return m_shards.value(m_shardIndex);
    return m_stage == Stage::Config ? kConfigFile : kIndexFile;
}

QString HfHubClient::fileUrl(const QString& fileName) const
{
    // huggingface_hub's hf_hub_url: {endpoint}/{repo_id}/resolve/{revision}/{filename}.
    return m_endpoint + QLatin1Char('/') + m_result.repoId + QStringLiteral("/resolve/main/") + fileName;
}

QString HfHubClient::host() const
{
    const QUrl url(m_endpoint);
    return url.port() < 0 ? url.host() : url.host() + QLatin1Char(':') + QString::number(url.port());
}

void HfHubClient::get(const QUrl& url, int redirectsLeft)
{
    QNetworkRequest request(url);
    // Redirects are followed here, not by Qt: Qt 6.4 sends every header of the first request,
    // Authorization included, to wherever a redirect points, and resolve/ sends LFS files to the
    // Hub's CDN on another host (a signed URL that needs no token, and S3-style storage refuses
    // a second credential).
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(m_timeoutMs);
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QString(QCoreApplication::applicationName() + QLatin1Char('/') +
                              QCoreApplication::applicationVersion()));
    const QString token = effectiveToken(m_storedToken);
    const QUrl endpointUrl(m_endpoint);
    const bool sameOrigin = url.scheme() == endpointUrl.scheme() && url.host() == endpointUrl.host() &&
                            url.port(-1) == endpointUrl.port(-1);
    if (!token.isEmpty() && sameOrigin)
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    const bool header = m_stage == Stage::Header;
    if (header) {
        // RFC 9110 section 14.2: "Range: bytes=first-last", both ends included (section 14.1.2).
        // It goes to wherever a redirect points too: the CDN serves the range, not the Hub.
        request.setRawHeader("Range", "bytes=" + QByteArray::number(m_shard.rangeFirst) + '-' +
                                          QByteArray::number(m_shard.rangeLast));
        // A range counts the bytes of the representation as sent (RFC 9110 section 14.1.2), and
        // gzip's would not be the file's; "identity" (section 12.5.3) asks for the file itself.
        request.setRawHeader("Accept-Encoding", "identity");
    }
    m_tooLarge = false;
    m_redirectsLeft = redirectsLeft;
    m_shard.bodyStarted = false;
    m_shard.skipped = 0;
    QNetworkReply* reply = m_network->get(request);
    m_reply = reply;
    if (header) {
        // A server may ignore Range and send the whole file (RFC 9110 section 14.2): onHeaderData
        // reads only the header, and with this bound Qt stops reading the socket while that much
        // lies unread, so no more than the header and this bound is ever held.
        reply->setReadBufferSize(kHeaderFirstGuessBytes);
        connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onHeaderData(reply); });
    } else {
        connect(reply, &QNetworkReply::downloadProgress, this, [this, reply](qint64 received, qint64 total) {
            if (received > kMaxResponseBytes || total > kMaxResponseBytes) {
                m_tooLarge = true;
                reply->abort(); // finished() follows, handled in onFinished
                return;
            }
            emit progress(received, total);
        });
    }
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
}

// Follows a 3xx answer as QNetworkRequest::NoLessSafeRedirectPolicy would (any host, never from
// https to http), at most kMaxRedirects times. False when `reply` is no redirect.
bool HfHubClient::followRedirect(QNetworkReply* reply, int status)
{
    if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308)
        return false;
    // The raw header: QNetworkRequest::LocationHeader drops a relative location ("/new/name/...",
    // how the Hub answers for a renamed repository).
    const QUrl location = QUrl::fromEncoded(reply->rawHeader("Location"));
    if (!location.isValid() || location.isEmpty())
        return false;
    const QUrl target = reply->url().resolved(location);
    const QString file = currentFile();
    if (reply->url().scheme() == QLatin1String("https") && target.scheme() != QLatin1String("https")) {
        requestFailed(
            tr("%1/%2: refused a redirect from https to %3").arg(m_result.repoId, file, target.toString()));
        return true;
    }
    if (m_redirectsLeft <= 0) {
        requestFailed(tr("%1/%2: too many redirects").arg(m_result.repoId, file));
        return true;
    }
    get(target, m_redirectsLeft - 1);
    return true;
}

void HfHubClient::onFinished(QNetworkReply* reply)
{
    reply->deleteLater();
    if (reply != m_reply)
        return;
    m_reply = nullptr;
    if (m_stage == Stage::Header) {
        onHeaderFinished(reply);
        return;
    }
    const QString file = currentFile();
    const QVariant statusAttribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (m_tooLarge) {
        fail(tr("%1/%2 is larger than 16 MiB; not a config.json or index").arg(m_result.repoId, file));
        return;
    }
    if (!statusAttribute.isValid()) {
        // No HTTP answer at all: no network, no such host, refused, timed out.
        const QString reason = noAnswerReason(reply);
        const QString message =
            tr("cannot reach %1 (%2): check the connection, or set HF_ENDPOINT").arg(host(), reason);
        if (m_stage == Stage::Index) {
            // The config came; the cross-check just is not made, and the shards are unknown.
            if (m_fetchHeaders)
                skipHeaders(message);
            else
                succeed();
            return;
        }
        if (!useCache(message))
            fail(message);
        return;
    }
    const int status = statusAttribute.toInt();
    if (followRedirect(reply, status))
        return;
    const QByteArray body = reply->readAll();
    if (m_stage == Stage::Config)
        onConfig(reply, body, status);
    else
        onIndex(reply, body, status);
}

void HfHubClient::onConfig(QNetworkReply* reply, const QByteArray& body, int status)
{
    const QString repo = m_result.repoId;
    // The Hub names the cause in X-Error-Code (huggingface_hub utils/_http.py,
    // hf_raise_for_status): without a token it answers 401 RepoNotFound for a repository that
    // does not exist as well as for a private one, and 401/403 GatedRepo for a gated one.
    const QByteArray errorCode = reply->rawHeader("X-Error-Code");
    if (errorCode == "RepoNotFound" || (status == 404 && errorCode != "GatedRepo")) {
        QString message = tr("no repository %1 on %2, or it has no config.json").arg(repo, m_endpoint);
        if (status == 401)
            message += QStringLiteral(" (") +
                       tr("if it is private: set HF_TOKEN or the token in File → Import from Hugging Face…") +
                       QLatin1Char(')');
        fail(message);
        return;
    }
    if (status == 401 || status == 403) {
        QString message =
            tr("%1 is gated or private: set HF_TOKEN or the token in File → Import from Hugging Face…")
                .arg(repo);
        if (status == 403)
            message += QStringLiteral(" (") +
                       tr("with a token: accept the model's licence on its page first") + QLatin1Char(')');
        fail(message);
        return;
    }
    if (status != 200) {
        const QString message =
            tr("%1/config.json: %2 answered HTTP %3 %4")
                .arg(repo, host(), QString::number(status),
                     reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString())
                .trimmed();
        // A server error (an outage) is not the user's: the cached copy serves as for no network.
        if (!(status >= 500 && useCache(message)))
            fail(message);
        return;
    }
    const QString origin = repo + QStringLiteral("/config.json");
    try {
        m_result.config = parseJson(body, origin);
    } catch (const core::InputError& error) {
        fail(widgets::translatedError(error));
        return;
    }
    if (!m_result.config.is_object()) {
        fail(tr("%1: expected a JSON object, got %2")
                 .arg(origin, QString::fromLatin1(m_result.config.type_name())));
        return;
    }
    nameAfterRepository(m_result);
    // The cache is a convenience: a copy that cannot be written costs only the offline use.
    const QString folder = cacheFolder(repo);
    QString ignored;
    if (QDir().mkpath(folder))
        (void)saveFileAtomically(folder + QLatin1Char('/') + kConfigFile, body, &ignored);
    if (!m_fetchIndex) {
        succeed();
        return;
    }
    m_stage = Stage::Index;
    get(QUrl(fileUrl(kIndexFile)), kMaxRedirects);
}

void HfHubClient::onIndex(QNetworkReply* reply, const QByteArray& body, int status)
{
    const QString cached = cacheFolder(m_result.repoId) + QLatin1Char('/') + kIndexFile;
    if (status == 404) {
        // A single-file checkpoint (model.safetensors) has no index; forget an older one.
        QFile::remove(cached);
        afterIndex({kSingleShardFile});
        return;
    }
    if (status != 200) {
        if (m_fetchHeaders)
            skipHeaders(tr("%1/%2: %3 answered HTTP %4 %5")
                            .arg(m_result.repoId, kIndexFile, host(), QString::number(status),
                                 reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString())
                            .trimmed());
        else
            succeed();
        return;
    }
    nlohmann::json index;
    try {
        index = parseJson(body, m_result.repoId + QLatin1Char('/') + kIndexFile);
        m_result.indexTotalBytes = indexTotalSize(index);
    } catch (const core::InputError& error) {
        // One note for the index says it all: neither the cross-check nor the shards' headers.
        m_result.notes
            << tr("%1; the checkpoint size is not cross-checked").arg(widgets::translatedError(error));
        succeed();
        return;
    }
    QString ignored;
    (void)saveFileAtomically(cached, body, &ignored);
    if (!m_fetchHeaders) {
        succeed();
        return;
    }
    QString problem;
    const QStringList shards = index.is_object() ? shardsOfIndex(index, &problem) : QStringList();
    if (shards.isEmpty()) {
        skipHeaders(problem.isEmpty() ? tr("%1 is no JSON object").arg(kIndexFile) : problem);
        return;
    }
    afterIndex(shards);
}

// The index is in (or is known not to exist): the shards' headers, one after the other.
void HfHubClient::afterIndex(const QStringList& shards)
{
    if (!m_fetchHeaders || shards.isEmpty()) {
        succeed();
        return;
    }
    if (shards.size() > kMaxShards) {
        skipHeaders(tr("%1 lists %2 shards, more than the %3 whose headers are fetched")
                        .arg(kIndexFile)
                        .arg(shards.size())
                        .arg(kMaxShards));
        return;
    }
    m_stage = Stage::Header;
    m_shards = shards;
    m_shardIndex = 0;
    m_shard = ShardFetch();
    requestHeader(0, kHeaderFirstGuessBytes - 1);
}

void HfHubClient::skipHeaders(const QString& reason)
{
    m_result.notes << tr("safetensors headers not fetched: %1").arg(reason);
    succeed();
}

void HfHubClient::requestHeader(qint64 first, qint64 last)
{
    m_shard.rangeFirst = first;
    m_shard.rangeLast = last;
    ++m_shard.requests;
    get(QUrl(fileUrl(m_shards.at(m_shardIndex))), kMaxRedirects);
}

// Reads what arrived of a shard, never past its header: the first 8 bytes give its length, and
// the answer is aborted once it is all in. A 200 (the whole file: the server ignored Range)
// is read the same way from the start, so a multi-gigabyte shard costs its header and the read
// buffer, not the download.
void HfHubClient::onHeaderData(QNetworkReply* reply)
{
    if (reply != m_reply || m_stage != Stage::Header || m_shard.complete || !m_shard.error.isEmpty())
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const auto stop = [reply] {
        if (reply->isRunning())
            reply->abort(); // finished() follows: onHeaderFinished
    };
    if (status != 200 && status != 206) {
        // A redirect's or an error's body: nobody reads it, but unread it would hold the reply
        // at the read buffer's bound until the transfer timeout.
        m_shard.skipped += reply->skip(reply->bytesAvailable());
        if (m_shard.skipped > kMaxResponseBytes) {
            m_shard.error = tr("HTTP %1 with a body larger than 16 MiB").arg(status);
            stop();
        }
        return;
    }
    if (!m_shard.bodyStarted) {
        m_shard.bodyStarted = true;
        if (status == 206) {
            // RFC 9110 section 15.3.7: a single part comes with Content-Range, and it must be the
            // bytes asked for (a server may send fewer: the file ends before `last`).
            const std::optional<ContentRange> range = parseContentRange(reply->rawHeader("Content-Range"));
            if (!range || range->first != m_shard.rangeFirst || range->last > m_shard.rangeLast ||
                range->first != m_shard.bytes.size()) {
                m_shard.error =
                    tr("the server answered range %1 with \"Content-Range: %2\"")
                        .arg(
                            QString::fromLatin1("bytes=%1-%2").arg(m_shard.rangeFirst).arg(m_shard.rangeLast),
                            QString::fromLatin1(reply->rawHeader("Content-Range").left(100)));
                stop();
                return;
            }
            m_shard.fileBytes = range->complete;
        } else {
            // The whole file from its first byte; its length, if sent, is the file's (RFC 9110
            // section 8.6, Content-Length).
            m_shard.bytes.clear();
            m_shard.needed = -1;
            const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
            m_shard.fileBytes = length.isValid() ? length.toLongLong() : -1;
        }
    }
    while (reply->bytesAvailable() > 0) {
        const qint64 wanted =
            (m_shard.needed < 0 ? kLengthPrefixBytes : m_shard.needed) - m_shard.bytes.size();
        if (wanted <= 0)
            break;
        m_shard.bytes += reply->read(wanted);
        if (m_shard.needed < 0 && m_shard.bytes.size() >= kLengthPrefixBytes) {
            const qint64 length = headerJsonLength(m_shard.bytes);
            if (length < 0) {
                m_shard.error = tr("its header length %1 is over the safetensors format's limit of %2 bytes")
                                    .arg(qFromLittleEndian<quint64>(m_shard.bytes.constData()))
                                    .arg(kMaxHeaderJsonBytes);
                stop();
                return;
            }
            m_shard.needed = kLengthPrefixBytes + length;
            if (m_shard.fileBytes >= 0 && m_shard.needed > m_shard.fileBytes) {
                m_shard.error = tr("its header (%1 bytes) is longer than the file (%2 bytes)")
                                    .arg(m_shard.needed)
                                    .arg(m_shard.fileBytes);
                stop();
                return;
            }
            if (m_allHeadersBytes + m_shard.needed > kMaxAllHeadersBytes) {
                m_shard.error = tr("its header would take the headers over %1 MiB in all")
                                    .arg(kMaxAllHeadersBytes / (1024 * 1024));
                stop();
                return;
            }
        }
    }
    emit progress(m_shard.bytes.size(), m_shard.needed);
    if (m_shard.needed >= 0 && m_shard.bytes.size() >= m_shard.needed) {
        m_shard.complete = true;
        stop(); // the rest of the range, or of the file, is not needed
    }
}

void HfHubClient::onHeaderFinished(QNetworkReply* reply)
{
    const QString file = m_shards.at(m_shardIndex);
    const QString origin = m_result.repoId + QLatin1Char('/') + file;
    const QVariant statusAttribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    const int status = statusAttribute.toInt();
    // Bytes that came with the end of the answer and no readyRead of their own.
    if (m_shard.error.isEmpty() && !m_shard.complete && (status == 200 || status == 206)) {
        m_reply = reply;
        onHeaderData(reply);
        m_reply = nullptr;
    }
    if (!m_shard.error.isEmpty()) {
        nextShard(origin + QStringLiteral(": ") + m_shard.error);
        return;
    }
    if (m_shard.complete) {
        const QString problem = headerProblem(m_shard.bytes, m_shard.fileBytes);
        if (!problem.isEmpty()) {
            nextShard(origin + QStringLiteral(": ") + problem);
            return;
        }
        HfModelFiles::ShardHeader shard;
        shard.file = file;
        shard.header = m_shard.bytes;
        shard.fileBytes = m_shard.fileBytes;
        m_allHeadersBytes += shard.header.size();
        QString ignored;
        (void)saveFileAtomically(cacheFolder(m_result.repoId) + QLatin1Char('/') + file + kHeaderCacheSuffix,
                                 cachedHeaderBytes(shard), &ignored);
        m_result.shardHeaders << shard;
        nextShard(QString());
        return;
    }
    if (!statusAttribute.isValid()) {
        // No answer: the next shard would most likely fare no better, each after its timeout.
        const QString reason = noAnswerReason(reply);
        m_headerProblems << tr("%1: cannot reach %2 (%3)").arg(origin, reply->url().authority(), reason);
        const auto untried = m_shards.size() - m_shardIndex - 1;
        if (untried > 0)
            m_headerProblems << tr("%n more not tried", nullptr, static_cast<int>(untried));
        finishHeaders();
        return;
    }
    if (followRedirect(reply, status))
        return;
    if ((status == 200 || status == 206) && reply->error() != QNetworkReply::NoError) {
        // Cut off in the middle (the transfer timeout, a reset connection).
        nextShard(origin + QStringLiteral(": ") + reply->errorString());
        return;
    }
    if (status == 200 || status == 206) {
        // A range answered in full that ends before the header: ask for the rest of it.
        if (status == 206 && m_shard.needed > m_shard.bytes.size() &&
            m_shard.bytes.size() == m_shard.rangeLast + 1 && m_shard.requests < 2) {
            requestHeader(m_shard.bytes.size(), m_shard.needed - 1);
            return;
        }
        nextShard(
            tr("%1: the file ends after %2 bytes, within its header").arg(origin).arg(m_shard.bytes.size()));
        return;
    }
    if (status == 404) {
        // Gone from the repository: so is an older copy of its header.
        QFile::remove(cacheFolder(m_result.repoId) + QLatin1Char('/') + file + kHeaderCacheSuffix);
    }
    nextShard(tr("%1: %2 answered HTTP %3 %4")
                  .arg(origin, reply->url().authority(), QString::number(status),
                       reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString())
                  .trimmed());
}

// One shard is done, `problem` empty when its header came: the next, or the end.
void HfHubClient::nextShard(const QString& problem)
{
    if (!problem.isEmpty())
        m_headerProblems << problem;
    m_shard = ShardFetch();
    if (++m_shardIndex < m_shards.size()) {
        requestHeader(0, kHeaderFirstGuessBytes - 1);
        return;
    }
    finishHeaders();
}

void HfHubClient::finishHeaders()
{
    // Headers are optional (the estimate needs only the config): what is missing is a note.
    if (!m_headerProblems.isEmpty()) {
        const auto missing = static_cast<int>(m_shards.size() - m_result.shardHeaders.size());
        QStringList shown = m_headerProblems.mid(0, 3);
        if (m_headerProblems.size() > shown.size())
            shown << QStringLiteral("…");
        m_result.notes << tr("%n safetensors header(s) not fetched: %1", nullptr, missing)
                              .arg(shown.join(QStringLiteral("; ")));
    }
    succeed();
}

bool HfHubClient::useCache(const QString& reason)
{
    const QString folder = cacheFolder(m_result.repoId);
    const QString configPath = folder + QLatin1Char('/') + kConfigFile;
    const QFileInfo info(configPath);
    if (!info.isFile())
        return false;
    try {
        m_result.config = parseJson(readSmallFile(configPath), configPath);
    } catch (const core::InputError&) {
        return false; // a damaged copy is no fallback; the network error stands
    }
    if (!m_result.config.is_object())
        return false;
    nameAfterRepository(m_result);
    const QString indexPath = folder + QLatin1Char('/') + kIndexFile;
    nlohmann::json index;
    const bool hasIndex = QFileInfo::exists(indexPath);
    if (hasIndex) {
        try {
            index = parseJson(readSmallFile(indexPath), indexPath);
            m_result.indexTotalBytes = indexTotalSize(index);
        } catch (const core::InputError&) {
            m_result.indexTotalBytes.reset();
        }
    }
    m_result.source = HfModelFiles::Source::Cache;
    m_result.cachedAt = info.lastModified();
    m_result.notes << tr("using the cached copy of %1 from %2: %3")
                          .arg(m_result.repoId,
                               m_result.cachedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm")), reason);
    if (m_fetchHeaders && m_fetchIndex) {
        QString problem;
        // Without a cached index the checkpoint was a single file when last seen.
        m_shards = !hasIndex           ? QStringList{kSingleShardFile}
                   : index.is_object() ? shardsOfIndex(index, &problem)
                                       : QStringList();
        useCachedHeaders(folder);
    }
    succeed();
    return true;
}

// Offline, the headers saved by the last download, for the shards the cached index names.
void HfHubClient::useCachedHeaders(const QString& folder)
{
    if (m_shards.size() > kMaxShards) {
        m_result.notes << tr("safetensors headers not fetched: %1")
                              .arg(tr("%1 lists %2 shards, more than the %3 whose headers are fetched")
                                       .arg(kIndexFile)
                                       .arg(m_shards.size())
                                       .arg(kMaxShards));
        return;
    }
    int missing = 0;
    qint64 total = 0;
    for (const QString& file : std::as_const(m_shards)) {
        const std::optional<HfModelFiles::ShardHeader> shard =
            readCachedHeader(folder + QLatin1Char('/') + file + kHeaderCacheSuffix, file);
        if (!shard || total + shard->header.size() > kMaxAllHeadersBytes) {
            ++missing;
            continue;
        }
        total += shard->header.size();
        m_result.shardHeaders << *shard;
    }
    if (missing > 0)
        m_result.notes << tr("%n safetensors header(s) not in the cache", nullptr, missing);
}

QString HfHubClient::noAnswerReason(QNetworkReply* reply) const
{
    // The transfer timeout ends as OperationCanceledError or TimeoutError, by Qt version; abort()
    // disconnects first, so a cancel by the user never gets here.
    return reply->error() == QNetworkReply::OperationCanceledError ||
                   reply->error() == QNetworkReply::TimeoutError
               ? tr("no answer within %n s", nullptr, (m_timeoutMs + 999) / 1000)
               : reply->errorString();
}

void HfHubClient::fail(const QString& message)
{
    m_stage = Stage::Idle;
    emit failed(message);
}

// A request that cannot go on: the import fails, unless it was for a shard's header (optional).
void HfHubClient::requestFailed(const QString& message)
{
    if (m_stage == Stage::Header)
        nextShard(message);
    else
        fail(message);
}

void HfHubClient::succeed()
{
    m_stage = Stage::Idle;
    emit downloaded();
}

std::optional<HfModelFiles> HfHubClient::fetch(const QString& idOrUrl, const QString& storedToken,
                                               QString* error, int timeoutMs)
{
    HfHubClient client;
    client.setToken(storedToken);
    client.setTransferTimeoutMs(timeoutMs);
    QEventLoop loop;
    bool done = false;
    bool ok = false;
    connect(&client, &HfHubClient::downloaded, &loop, [&] {
        done = ok = true;
        loop.quit();
    });
    connect(&client, &HfHubClient::failed, &loop, [&](const QString& message) {
        done = true;
        *error = message;
        loop.quit();
    });
    client.start(idOrUrl);
    if (!done)
        loop.exec();
    if (!ok)
        return std::nullopt;
    return client.result();
}

} // namespace lhe::app
