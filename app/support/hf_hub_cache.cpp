// HfHubClient's cache: where it is, the format of its files, and the offline fallback that reads
// them when the Hub cannot be reached.
#include "app/support/hf_hub_cache.h"

#include "app/support/hf_hub_formats.h"
#include "core/common/input_error.h"

#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QtEndian>
#include <algorithm>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace lhe::app {

namespace hub {

namespace {

// Opens a cached file only when it is a regular file. The cache folder is the user's to change,
// and a FIFO there would block open(2) and read(2) forever, a device never end (docs/CONTRACT.md
// §1.2: files are regular files). stat(2) first, so nothing else is opened at all; then open(2)
// with O_NONBLOCK (no wait on a FIFO, POSIX open()) and fstat(2) on what was opened, so a file
// swapped in between does not block either.
bool openRegularFile(QFile& file, const QString& path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat status = {};
    if (::stat(name.constData(), &status) != 0 || !S_ISREG(status.st_mode))
        return false;
    const int descriptor = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (descriptor < 0)
        return false;
    if (::fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode) ||
        !file.open(descriptor, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(descriptor);
        return false;
    }
    return true;
}

} // namespace

QByteArray readSmallFile(const QString& path)
{
    QFile file;
    if (!openRegularFile(file, path))
        return {};
    return file.read(HfHubClient::kMaxResponseBytes + 1);
}

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
    QFile cached;
    if (!openRegularFile(cached, path) || cached.size() < 2 * kLengthPrefixBytes)
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

} // namespace hub

using namespace hub;

QString HfHubClient::cacheFolder(const QString& repoId)
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/huggingface/") +
           repoId;
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

} // namespace lhe::app
