#include "app/support/model_files.h"

#include "app/support/input_files.h"
#include "core/common/input_error.h"
#include "core/formats/gguf_config.h"
#include "core/formats/safetensors_header.h"
#include "core/model/tensor_architecture.h"
#include "core/model/tensor_summary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <limits>

namespace lhe::app {

using core::InputError;
using core::message;
using nlohmann::json;

namespace {

std::string nameOf(const QString& path)
{
    return QFileInfo(path).filePath().toStdString();
}

void openForReading(QFile& file, const QString& path)
{
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(nameOf(path), message(LHE_TEXT("CoreMessage", "cannot read: %1"),
                                               file.errorString().toStdString()));
}

// Reads exactly `bytes` bytes from `offset`; a file that shrank since its size was taken is an
// error, not a short header.
QByteArray readRange(QFile& file, qint64 offset, qint64 bytes, const QString& path)
{
    QByteArray data;
    if (file.seek(offset))
        data = file.read(bytes);
    if (data.size() != bytes)
        throw InputError(nameOf(path),
                         message(LHE_TEXT("CoreMessage", "the file ended while its header was read")));
    return data;
}

std::string_view view(const QByteArray& bytes)
{
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

bool endsWith(const QString& path, const char* suffix)
{
    return path.endsWith(QLatin1String(suffix), Qt::CaseInsensitive);
}

// The shards of a checkpoint folder: its index's weight_map, else model.safetensors, else every
// .safetensors file in it (a single consolidated file, or shards without an index).
QStringList shardPaths(const QDir& folder)
{
    const QString index = folder.filePath(QStringLiteral("model.safetensors.index.json"));
    QStringList paths;
    if (QFileInfo::exists(index)) {
        const json indexJson = readJsonFile(index);
        for (const std::string& shard : core::shardsOfIndex(indexJson, nameOf(index)))
            paths << folder.filePath(QString::fromStdString(shard));
        return paths;
    }
    if (QFileInfo::exists(folder.filePath(QStringLiteral("model.safetensors"))))
        return {folder.filePath(QStringLiteral("model.safetensors"))};
    for (const QString& file : folder.entryList({QStringLiteral("*.safetensors")}, QDir::Files, QDir::Name))
        paths << folder.filePath(file);
    return paths;
}

// The safetensors checkpoint whose config.json is `configPath`: each shard's header, summarised
// with what the config tells.
ModelFiles readSafetensorsCheckpoint(const QString& configPath, const QStringList& shards)
{
    ModelFiles files;
    files.config = readModelConfigFile(configPath, &files.warnings);
    core::TensorInventory all;
    all.format = "safetensors";
    for (const QString& shard : shards) {
        core::TensorInventory one = readSafetensorsHeader(shard);
        all.fileBytes += one.fileBytes;
        std::move(one.tensors.begin(), one.tensors.end(), std::back_inserter(all.tensors));
    }
    const core::TensorSummary summary =
        core::summariseTensors(all, core::tensorHintsFromConfig(files.config));
    files.tensors = core::toJson(summary);
    return files;
}

ModelFiles readGgufModel(const QString& path)
{
    const core::GgufFile gguf = readGgufHeader(path);
    ModelFiles files;
    try {
        files.config = core::hfConfigFromGguf(gguf, nameOf(path), files.warnings);
    } catch (const InputError& error) {
        throw error.withOrigin(nameOf(path));
    }
    core::TensorSummaryHints hints = core::tensorHintsFromConfig(files.config);
    files.tensors = core::toJson(core::summariseTensors(gguf.inventory, hints));
    return files;
}

// The config.json beside a .safetensors file or in a folder; its absence is said plainly.
QString configBeside(const QDir& folder, const QString& what)
{
    const QString config = folder.filePath(QStringLiteral("config.json"));
    if (!QFileInfo::exists(config))
        throw InputError(nameOf(what),
                         message(LHE_TEXT("CoreMessage", "no config.json beside the weights: the tensor "
                                                         "headers list what is stored, the config how the "
                                                         "layers connect; both are needed")));
    return config;
}

} // namespace

bool isModelFilePath(const QString& path)
{
    if (endsWith(path, ".gguf") || endsWith(path, ".safetensors"))
        return true;
    // A folder that holds a model; any other folder is said to be one by the JSON readers.
    const QFileInfo info(path);
    if (!info.isDir())
        return false;
    const QDir folder(path);
    return QFileInfo::exists(folder.filePath(QStringLiteral("config.json"))) ||
           !folder.entryList({QStringLiteral("*.gguf"), QStringLiteral("*.safetensors")}, QDir::Files)
                .isEmpty();
}

core::GgufFile readGgufHeader(const QString& path)
{
    const qint64 size = checkReachablePath(path, false);
    QFile file(path);
    openForReading(file, path);
    // A first megabyte holds most headers; a large vocabulary takes a few more rounds.
    qint64 wanted = std::min<qint64>(size, 1024 * 1024);
    for (;;) {
        const QByteArray prefix = readRange(file, 0, wanted, path);
        try {
            return core::parseGguf(view(prefix), static_cast<std::uint64_t>(size), nameOf(path));
        } catch (const core::GgufNeedMoreBytes& more) {
            const qint64 next =
                static_cast<qint64>(std::min<std::uint64_t>(more.bytes, static_cast<std::uint64_t>(size)));
            if (next <= wanted || next > kMaxModelHeaderBytes)
                throw InputError(
                    nameOf(path),
                    message(LHE_TEXT("CoreMessage", "the GGUF header is larger than %1 bytes, the "
                                                    "most this program reads"),
                            static_cast<long long>(kMaxModelHeaderBytes)));
            wanted = next;
        }
    }
}

core::TensorInventory readSafetensorsHeader(const QString& path)
{
    const qint64 size = checkReachablePath(path, false);
    QFile file(path);
    openForReading(file, path);
    const std::string name = nameOf(path);
    const QByteArray first = readRange(file, 0, std::min<qint64>(size, 8), path);
    const std::uint64_t length =
        core::safetensorsHeaderLength(view(first), static_cast<std::uint64_t>(size), name);
    const QByteArray header = readRange(file, 8, static_cast<qint64>(length), path);
    return core::parseSafetensorsHeader(view(header), static_cast<std::uint64_t>(size), name);
}

ModelFiles readModelFiles(const QString& path)
{
    checkReachablePath(path, true);
    const QFileInfo info(path);
    if (info.isDir()) {
        const QDir folder(path);
        const QStringList ggufs = folder.entryList({QStringLiteral("*.gguf")}, QDir::Files, QDir::Name);
        const bool hasConfig = QFileInfo::exists(folder.filePath(QStringLiteral("config.json")));
        if (!hasConfig && ggufs.size() == 1)
            return readGgufModel(folder.filePath(ggufs.front()));
        const QString config = configBeside(folder, path);
        const QStringList shards = shardPaths(folder);
        if (shards.isEmpty()) {
            // A folder with only a config is read as that config: nothing to add.
            ModelFiles files;
            files.config = readModelConfigFile(config, &files.warnings);
            return files;
        }
        return readSafetensorsCheckpoint(config, shards);
    }
    if (endsWith(path, ".gguf"))
        return readGgufModel(path);
    if (endsWith(path, ".safetensors")) {
        // One shard of several stands for the whole checkpoint: its folder's index names the rest.
        const QDir folder = info.dir();
        const QString config = configBeside(folder, path);
        const bool indexed =
            QFileInfo::exists(folder.filePath(QStringLiteral("model.safetensors.index.json")));
        return readSafetensorsCheckpoint(config, indexed ? shardPaths(folder) : QStringList{path});
    }
    ModelFiles files;
    files.config = readModelConfigFile(path, &files.warnings);
    return files;
}

json tensorsOfShardHeaders(const json& config, const HfModelFiles& files, std::optional<InputError>& failure)
{
    if (files.shardHeaders.isEmpty())
        return {};
    core::TensorInventory all;
    all.format = "safetensors";
    try {
        for (const HfModelFiles::ShardHeader& shard : files.shardHeaders) {
            const std::string origin = QString(files.repoId + QLatin1Char('/') + shard.file).toStdString();
            // A server that gave no size: the header's own offsets are checked against each other.
            const auto size = shard.fileBytes > 0 ? static_cast<std::uint64_t>(shard.fileBytes)
                                                  : std::numeric_limits<std::uint64_t>::max();
            const std::uint64_t length =
                core::safetensorsHeaderLength(view(shard.header.left(8)), size, origin);
            if (static_cast<std::uint64_t>(shard.header.size()) < 8 + length)
                throw InputError(origin, message(LHE_TEXT("CoreMessage", "the header arrived cut short")));
            core::TensorInventory one = core::parseSafetensorsHeader(
                view(shard.header.mid(8, static_cast<qsizetype>(length))), size, origin);
            all.fileBytes += one.fileBytes;
            std::move(one.tensors.begin(), one.tensors.end(), std::back_inserter(all.tensors));
        }
    } catch (const InputError& error) {
        failure = error;
        return {};
    }
    return core::toJson(core::summariseTensors(all, core::tensorHintsFromConfig(config)));
}

void attachModelFiles(json& scenario, const QString& path)
{
    ModelFiles files = readModelFiles(path);
    // Checked together, as the estimator will read them: an error names the file.
    std::vector<core::Message> warnings;
    try {
        (void)core::architectureFromModelSources(
            files.config, files.tensors.is_null() ? nullptr : &files.tensors, std::string(), warnings);
    } catch (const InputError& error) {
        throw error.withOrigin(nameOf(path));
    }
    scenario["model_config"] = std::move(files.config);
    if (files.tensors.is_null())
        scenario.erase("model_tensors");
    else
        scenario["model_tensors"] = std::move(files.tensors);
    scenario["model_config_path"] = nameOf(path);
    scenario.erase("model");
}

} // namespace lhe::app
