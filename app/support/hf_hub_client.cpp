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

namespace lhe::app {

namespace {

const QString kConfigFile = QStringLiteral("config.json");
const QString kIndexFile = QStringLiteral("model.safetensors.index.json");
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
    m_tooLarge = false;
    m_redirectsLeft = redirectsLeft;
    QNetworkReply* reply = m_network->get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::downloadProgress, this, [this, reply](qint64 received, qint64 total) {
        if (received > kMaxResponseBytes || total > kMaxResponseBytes) {
            m_tooLarge = true;
            reply->abort(); // finished() follows, handled in onFinished
            return;
        }
        emit progress(received, total);
    });
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
    const QString file = m_stage == Stage::Config ? kConfigFile : kIndexFile;
    if (reply->url().scheme() == QLatin1String("https") && target.scheme() != QLatin1String("https")) {
        fail(tr("%1/%2: refused a redirect from https to %3").arg(m_result.repoId, file, target.toString()));
        return true;
    }
    if (m_redirectsLeft <= 0) {
        fail(tr("%1/%2: too many redirects").arg(m_result.repoId, file));
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
    const QString file = m_stage == Stage::Config ? kConfigFile : kIndexFile;
    const QVariant statusAttribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (m_tooLarge) {
        fail(tr("%1/%2 is larger than 16 MiB; not a config.json or index").arg(m_result.repoId, file));
        return;
    }
    if (!statusAttribute.isValid()) {
        // No HTTP answer at all: no network, no such host, refused, timed out (the transfer
        // timeout ends as OperationCanceledError or TimeoutError, by Qt version; abort()
        // disconnects first, so a cancel never gets here).
        const QString reason = reply->error() == QNetworkReply::OperationCanceledError ||
                                       reply->error() == QNetworkReply::TimeoutError
                                   ? tr("no answer within %n s", nullptr, (m_timeoutMs + 999) / 1000)
                                   : reply->errorString();
        const QString message =
            tr("cannot reach %1 (%2): check the connection, or set HF_ENDPOINT").arg(host(), reason);
        if (m_stage == Stage::Index) {
            succeed(); // the config came; the cross-check just is not made
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
    Q_UNUSED(reply)
    const QString cached = cacheFolder(m_result.repoId) + QLatin1Char('/') + kIndexFile;
    if (status == 404) {
        // A single-file checkpoint (model.safetensors) has no index; forget an older one.
        QFile::remove(cached);
        succeed();
        return;
    }
    if (status != 200) {
        succeed();
        return;
    }
    try {
        m_result.indexTotalBytes =
            indexTotalSize(parseJson(body, m_result.repoId + QLatin1Char('/') + kIndexFile));
    } catch (const core::InputError& error) {
        m_result.notes
            << tr("%1; the checkpoint size is not cross-checked").arg(widgets::translatedError(error));
        succeed();
        return;
    }
    QString ignored;
    (void)saveFileAtomically(cached, body, &ignored);
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
    if (QFileInfo::exists(indexPath)) {
        try {
            m_result.indexTotalBytes = indexTotalSize(parseJson(readSmallFile(indexPath), indexPath));
        } catch (const core::InputError&) {
            m_result.indexTotalBytes.reset();
        }
    }
    m_result.source = HfModelFiles::Source::Cache;
    m_result.cachedAt = info.lastModified();
    m_result.notes << tr("using the cached copy of %1 from %2: %3")
                          .arg(m_result.repoId,
                               m_result.cachedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm")), reason);
    succeed();
    return true;
}

void HfHubClient::fail(const QString& message)
{
    m_stage = Stage::Idle;
    emit failed(message);
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
