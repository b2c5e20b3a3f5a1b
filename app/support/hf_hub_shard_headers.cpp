// The safetensors headers of a checkpoint's shards, fetched by HTTP range requests after the
// index (HfHubClient::setFetchHeaders).
#include "app/support/hf_hub_cache.h"
#include "app/support/hf_hub_client.h"
#include "app/support/hf_hub_formats.h"
#include "app/support/save_file.h"

#include <QFile>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <QtEndian>

namespace lhe::app {

using namespace hub;

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
    request(QUrl(fileUrl(m_shards.at(m_shardIndex))));
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
    if (!statusAttribute.isValid() || m_deadlineHit) {
        // No answer, or none complete by the deadline: the next shard would most likely fare no
        // better, each after its timeout or deadline.
        const QString reason = noAnswerReason(reply);
        m_headerProblems << (statusAttribute.isValid() ? tr("%1: the answer from %2 broke off (%3)")
                                                       : tr("%1: cannot reach %2 (%3)"))
                                .arg(origin, reply->url().authority(), reason);
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

} // namespace lhe::app
