// Where the client's requests go: the Hub's endpoint, repository ids and the URLs they are typed
// as, the token, and the redirects followed.
#include "app/support/hf_hub_client.h"
#include "app/support/hf_hub_formats.h"

#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QUrl>

namespace lhe::app {

namespace {

constexpr QLatin1String kDefaultEndpoint("https://huggingface.co");

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

} // namespace

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
    return value.isEmpty() ? QString(kDefaultEndpoint) : value;
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

QString HfHubClient::tokenProblem() const
{
    // A Bearer token is a b64token: letters, digits and "-._~+/", then any "=" (RFC 6750 section
    // 2.1); Hub tokens are "hf_", letters and digits. Anything else, above all a CR or LF, would be sent
    // as is by QNetworkRequest::setRawHeader: the rest of the token a header line of its own.
    const QString token = effectiveToken(m_storedToken);
    for (const QChar c : token) {
        const char16_t u = c.unicode();
        if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
            QStringView(u"-._~+/=").contains(c))
            continue;
        // The character by its code alone: the token is a secret, and a control character
        // would not show.
        return tr("%1: not sent, it holds the character U+%2; a token holds only letters, digits and -._~+/=")
            .arg(tokenFromEnvironment() ? QStringLiteral("HF_TOKEN") : tr("the token"),
                 QStringLiteral("%1").arg(static_cast<int>(u), 4, 16, QLatin1Char('0')).toUpper());
    }
    return {};
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

// Follows a 3xx answer as QNetworkRequest::NoLessSafeRedirectPolicy would (any host, never from
// https to http), to http(s) addresses only, at most kMaxRedirects times. False when `reply` is
// no redirect.
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
    // Only http(s): QNetworkAccessManager would read a file: address from this machine's disk (a
    // FIFO there blocks the thread forever) and a data: address from the address itself; neither
    // is an answer of the Hub or of its CDN.
    if (target.scheme() != QLatin1String("https") && target.scheme() != QLatin1String("http")) {
        requestFailed(
            tr("%1/%2: refused a redirect to a %3: address; only http and https addresses are followed")
                .arg(m_result.repoId, file, target.scheme().left(40)));
        return true;
    }
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

} // namespace lhe::app
