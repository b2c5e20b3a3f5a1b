#include "app/support/hf_hub_formats.h"

#include "core/catalog/catalog.h" // core::parseJsonText
#include "core/common/input_error.h"

#include <QRegularExpression>
#include <QtEndian>

namespace lhe::app::hub {

nlohmann::json parseJson(const QByteArray& bytes, const QString& origin)
{
    return core::parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                               origin.toStdString());
}

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

void nameAfterRepository(HfModelFiles& files)
{
    files.config["_name_or_path"] = files.repoId.toStdString();
}

bool isShardFileName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\\.safetensors$"));
    return name.size() <= 255 && pattern.match(name).hasMatch() && !name.contains(QLatin1String(".."));
}

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

qint64 headerJsonLength(const QByteArray& bytes)
{
    const quint64 length = qFromLittleEndian<quint64>(bytes.constData());
    return length > static_cast<quint64>(HfHubClient::kMaxHeaderJsonBytes) ? -1 : static_cast<qint64>(length);
}

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

} // namespace lhe::app::hub
