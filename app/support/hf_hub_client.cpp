#include "app/support/hf_hub_client.h"

#include "app/support/hf_hub_formats.h"
#include "app/support/save_file.h"
#include "core/common/input_error.h"
#include "widgets/messages/core_message.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace lhe::app {

using namespace hub;

HfHubClient::HfHubClient(QObject* parent)
    : QObject(parent), m_network(new QNetworkAccessManager(this)), m_deadline(new QTimer(this))
{
    m_deadline->setSingleShot(true);
    connect(m_deadline, &QTimer::timeout, this, &HfHubClient::onDeadline);
}

HfHubClient::~HfHubClient()
{
    abort();
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
    const QString badToken = tokenProblem();
    if (!badToken.isEmpty()) {
        emit failed(badToken);
        return;
    }
    m_result.repoId = *repoId;
    m_stage = Stage::Config;
    request(QUrl(fileUrl(kConfigFile)));
}

void HfHubClient::abort()
{
    m_stage = Stage::Idle;
    m_deadline->stop();
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

void HfHubClient::request(const QUrl& url)
{
    // QNetworkRequest::setTransferTimeout bounds only the time between two bytes; this bounds the
    // whole request, so no answer, however slowly it comes, holds the import for longer.
    m_deadlineHit = false;
    m_deadline->start(m_deadlineMs);
    get(url, kMaxRedirects);
}

void HfHubClient::onDeadline()
{
    if (!m_reply)
        return;
    m_deadlineHit = true;
    m_reply->abort(); // finished() follows: onFinished
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
    if (m_tooLarge && m_stage == Stage::Index) {
        // As for a broken index (onIndex): the import goes on without the size cross-check, and
        // the shards, which only the index names, are unknown.
        m_result.notes << tr("%1/%2 is larger than 16 MiB; the checkpoint size is not cross-checked")
                              .arg(m_result.repoId, file);
        succeed();
        return;
    }
    if (m_tooLarge) {
        fail(tr("%1/%2 is larger than 16 MiB; not a config.json or index").arg(m_result.repoId, file));
        return;
    }
    if (!statusAttribute.isValid()) {
        // No HTTP answer at all: no network, no such host, refused, timed out.
        const QString reason = noAnswerReason(reply);
        unanswered(tr("cannot reach %1 (%2): check the connection, or set HF_ENDPOINT").arg(host(), reason));
        return;
    }
    const int status = statusAttribute.toInt();
    // An answer had begun and did not end well (the deadline, the transfer timeout, a closed
    // connection): what came of its body is not the whole file, and its JSON error would blame
    // the file. A failed 3xx/4xx/5xx is read by its status below.
    if (m_deadlineHit || (status >= 200 && status < 300 && reply->error() != QNetworkReply::NoError)) {
        unanswered(tr("%1/%2: the answer from %3 broke off (%4)")
                       .arg(m_result.repoId, file, reply->url().authority(), noAnswerReason(reply)));
        return;
    }
    if (followRedirect(reply, status))
        return;
    const QByteArray body = reply->readAll();
    if (m_stage == Stage::Config)
        onConfig(reply, body, status);
    else
        onIndex(reply, body, status);
}

void HfHubClient::unanswered(const QString& message)
{
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
    request(QUrl(fileUrl(kIndexFile)));
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

QString HfHubClient::noAnswerReason(QNetworkReply* reply) const
{
    // The transfer timeout ends as OperationCanceledError or TimeoutError, by Qt version; abort()
    // disconnects first, so a cancel by the user never gets here.
    if (m_deadlineHit)
        return tr("no complete answer within %n s", nullptr, (m_deadlineMs + 999) / 1000);
    return reply->error() == QNetworkReply::OperationCanceledError ||
                   reply->error() == QNetworkReply::TimeoutError
               ? tr("no answer within %n s", nullptr, (m_timeoutMs + 999) / 1000)
               : reply->errorString();
}

void HfHubClient::fail(const QString& message)
{
    m_stage = Stage::Idle;
    m_deadline->stop();
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
    m_deadline->stop();
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
