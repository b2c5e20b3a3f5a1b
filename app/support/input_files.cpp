#include "app/support/input_files.h"

#include "app/support/model_files.h"
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"
#include "core/scenario/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace lhe::app {

using core::InputError;
using core::message;
using nlohmann::json;

namespace {

// The first folder on the way to `path` that this process may not enter (search permission),
// or an empty string. Walks from the root, so "a/b/c.json" under a locked "a" names "a".
QString lockedFolderOnTheWay(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QStringList parts = absolute.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString folder;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        folder += QLatin1Char('/') + parts[i];
        const QByteArray native = QFile::encodeName(folder);
        if (::access(native.constData(), X_OK) != 0 && errno == EACCES)
            return folder;
    }
    return {};
}

// What kind of file that is not a regular file or a folder is: read, a FIFO or a device would
// block forever or never end.
const char* specialFileKind(mode_t mode)
{
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a file";
}

core::Message tooLarge()
{
    return message(
        LHE_TEXT("CoreMessage", "file is larger than 16 MiB; not a catalog, scenario or config.json"));
}

} // namespace

void checkInputFile(const QString& path)
{
    if (checkReachablePath(path, false) > kMaxInputFileBytes)
        throw InputError(path.toStdString(), tooLarge());
}

qint64 checkReachablePath(const QString& path, bool folderAllowed)
{
    // The system reads a name only up to its first NUL: "cfg.json\0.txt" would open cfg.json.
    if (path.contains(QChar(u'\0')))
        throw InputError(QString(path).replace(QChar(u'\0'), QStringLiteral("\\0")).toStdString(),
                         message(LHE_TEXT("CoreMessage", "a file name cannot contain a NUL character")));
    const std::string name = path.toStdString();
    struct stat status = {};
    // stat(2) follows symbolic links and says why it could not: ELOOP for a loop, EACCES when a
    // folder on the way may not be entered, ENOENT when nothing is there (POSIX stat, ERRORS).
    if (::stat(QFile::encodeName(path).constData(), &status) != 0) {
        const int error = errno;
        if (error == ELOOP)
            throw InputError(
                name, message(LHE_TEXT("CoreMessage",
                                       "symbolic link loop: following its links never reaches a file")));
        if (error == EACCES) {
            const QString folder = lockedFolderOnTheWay(path);
            throw InputError(
                name, folder.isEmpty()
                          ? message(LHE_TEXT("CoreMessage", "permission denied"))
                          : message(LHE_TEXT("CoreMessage", "permission denied: cannot enter folder %1"),
                                    folder.toStdString()));
        }
        if (error == ENOTDIR)
            throw InputError(name,
                             message(LHE_TEXT("CoreMessage",
                                              "file not found: a part of the path is a file, not a folder")));
        if (error == ENAMETOOLONG)
            throw InputError(name, message(LHE_TEXT("CoreMessage", "file name too long")));
        if (error == ENOENT) {
            struct stat link = {};
            if (::lstat(QFile::encodeName(path).constData(), &link) == 0 && S_ISLNK(link.st_mode))
                throw InputError(
                    name, message(LHE_TEXT("CoreMessage",
                                           "broken symbolic link: it points to a file that does not exist")));
            throw InputError(name, message(LHE_TEXT("CoreMessage", "file not found")));
        }
        throw InputError(name, message(LHE_TEXT("CoreMessage", "cannot read: %1"), std::strerror(error)));
    }
    if (S_ISDIR(status.st_mode)) {
        if (folderAllowed)
            return 0;
        throw InputError(name, message(LHE_TEXT("CoreMessage", "is a folder, not a JSON file")));
    }
    if (!S_ISREG(status.st_mode))
        throw InputError(name,
                         message(LHE_TEXT("CoreMessage", "is not a regular file (%1); give a JSON file"),
                                 specialFileKind(status.st_mode)));
    return static_cast<qint64>(status.st_size);
}

namespace {

// The bytes of an input file, checked (checkInputFile) and within the 16 MiB limit.
QByteArray readInputBytes(const QString& path)
{
    const std::string name = path.toStdString();
    checkInputFile(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(
            name, message(LHE_TEXT("CoreMessage", "cannot read: %1"), file.errorString().toStdString()));
    // Read at most one byte past the limit: a file that grew since the check is still refused.
    QByteArray bytes = file.read(kMaxInputFileBytes + 1);
    if (bytes.size() > kMaxInputFileBytes)
        throw InputError(name, tooLarge());
    return bytes;
}

} // namespace

nlohmann::json readJsonFile(const QString& path)
{
    return parseJsonBytes(readInputBytes(path), path.toStdString());
}

nlohmann::json parseJsonBytes(const QByteArray& bytes, const std::string& origin)
{
    if (bytes.size() > kMaxInputFileBytes)
        throw InputError(
            origin,
            message(LHE_TEXT("CoreMessage",
                             "larger than 16 MiB, the limit for a catalog, scenario or config.json")));
    return core::parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                               origin);
}

nlohmann::json readConfigJsonFile(const QString& path)
{
    const QByteArray bytes = readInputBytes(path);
    return core::parseConfigJsonText(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), path.toStdString());
}

nlohmann::json readModelConfigFile(const QString& path, std::vector<core::Message>* warnings)
{
    json config = readConfigJsonFile(path);
    std::vector<core::Message> found;
    try {
        core::architectureFromHfConfig(config, std::string(), found);
    } catch (const InputError& error) {
        throw error.withOrigin(path.toStdString());
    }
    if (warnings) {
        const std::string name = QFileInfo(path).fileName().toStdString();
        for (core::Message& warning : found)
            warnings->push_back(message(core::MessageId("%1: %2"), name, std::move(warning)));
    }
    return config;
}

void attachModelConfig(json& scenario, const QString& configPath)
{
    if (isModelFilePath(configPath)) { // a GGUF file, a .safetensors file or a checkpoint folder
        attachModelFiles(scenario, configPath);
        return;
    }
    json config = readModelConfigFile(configPath);
    scenario.erase("model_tensors");
    scenario["model_config"] = std::move(config);
    scenario["model_config_path"] = QFileInfo(configPath).filePath().toStdString();
    scenario.erase("model");
}

InputError scenarioFileError(const QString& path, const InputError& error)
{
    return error.withOrigin(path.toStdString());
}

nlohmann::json readScenarioFileUnchecked(const QString& path, QString* modelConfigPathAsWritten)
{
    if (modelConfigPathAsWritten)
        modelConfigPathAsWritten->clear();
    json scenario = readJsonFile(path);
    if (!scenario.is_object())
        throw InputError(path.toStdString(),
                         message(LHE_TEXT("CoreMessage", "a scenario must be a JSON object, got %1"),
                                 scenario.type_name()));
    const auto configPath = scenario.find("model_config_path");
    if (configPath != scenario.end() && configPath->is_string() && !scenario.contains("model_config")) {
        const QString relative = QString::fromStdString(configPath->get<std::string>());
        try {
            if (relative.isEmpty())
                throw InputError(std::string(),
                                 message(LHE_TEXT("CoreMessage", "must name a config.json file, got \"\"")));
            attachModelConfig(scenario, QFileInfo(path).dir().filePath(relative));
            if (modelConfigPathAsWritten)
                *modelConfigPathAsWritten = relative;
        } catch (const InputError& error) {
            // The config's own error, said of this scenario's model_config_path.
            throw InputError("model_config_path", error.located()).withOrigin(path.toStdString());
        }
    }
    return scenario;
}

nlohmann::json readScenarioFile(const QString& path, const core::Catalog* catalog,
                                QString* modelConfigPathAsWritten)
{
    json scenario = readScenarioFileUnchecked(path, modelConfigPathAsWritten);
    try {
        const core::Scenario parsed = core::scenarioFromJson(scenario);
        if (catalog) {
            (void)core::estimate(parsed, *catalog);
        } else if (parsed.modelConfig) {
            std::vector<core::Message> warnings;
            (void)core::inlineArchitecture(parsed, warnings);
        }
    } catch (const InputError& error) {
        throw scenarioFileError(path, error);
    }
    return scenario;
}

namespace {

// Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps: "devcie" is 1
// from "device"), for suggesting the key a user meant.
std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

} // namespace

std::string positionalConfigGuess(const json& file)
{
    if (!file.is_object() || file.contains("device"))
        return {};
    // The contract's members besides "device"; none is a config.json key.
    std::vector<std::string_view> scenarioKeys = core::scenarioMemberNames();
    scenarioKeys.erase(scenarioKeys.begin());
    std::string found;
    int shown = 0;
    for (const std::string_view key : scenarioKeys) {
        if (!file.contains(key))
            continue;
        if (shown < 4)
            found += std::string(shown > 0 ? ", " : "") + "\"" + std::string(key) + "\"";
        else if (shown == 4)
            found += " ...";
        ++shown;
    }
    if (shown == 0)
        return {};
    std::string suggestion;
    for (const auto& [key, value] : file.items()) {
        const bool scenarioKey =
            std::find(scenarioKeys.begin(), scenarioKeys.end(), key) != scenarioKeys.end();
        if (!scenarioKey && editDistance(key, "device") <= 2) {
            suggestion = " (it has \"" + core::elided(key) + "\")";
            break;
        }
    }
    return "read as a Hugging Face config.json because it has no \"device\" key; it has " + found +
           ", which " + (shown == 1 ? "is a scenario field" : "are scenario fields") +
           ": did you mean \"device\"" + suggestion + "?";
}

QString userCatalogFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/catalogs");
}

core::Catalog loadCatalog(const QStringList& extraFiles, std::vector<core::Message>& warnings)
{
    core::Catalog catalog = core::Catalog::builtIn();
    const QDir folder(userCatalogFolder());
    // Everything named *.json, not only regular files: a folder, a FIFO, a device or a broken link
    // or link loop (QDir::System) must be reported like a broken file, not passed over in silence.
    // readJsonFile() refuses them from stat(2) alone, so a FIFO is never opened (an open of it
    // would wait for a writer: POSIX open, O_RDONLY without O_NONBLOCK).
    const QStringList userFiles =
        folder.entryList({QStringLiteral("*.json")},
                         QDir::Files | QDir::Dirs | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& name : userFiles) {
        const QString path = folder.filePath(name);
        try {
            catalog.add(readJsonFile(path), path.toStdString(), true, warnings);
        } catch (const InputError& error) {
            // A broken file in the user's folder must not stop the product from starting.
            warnings.push_back(message(LHE_TEXT("CoreMessage", "skipped user catalog %1"), error.located()));
        }
    }
    for (const QString& path : extraFiles)
        catalog.add(readJsonFile(path), path.toStdString(), true, warnings, core::Catalog::BadEntries::Throw);
    return catalog;
}

nlohmann::json defaultScenario()
{
    // Llama-3.1-8B on one RTX 4090: it fits (16 GB of weights in 24 GiB), prefill of a 4k
    // prompt is compute-bound, decode memory-bound, and a few more sequences or a longer
    // context push it into host-RAM offload: every verdict is one slider away.
    return json{{"device", "nvidia-rtx-4090"},
                {"model", "llama-3.1-8b"},
                {"mode", "inference"},
                {"batch", 4},
                {"prompt_tokens", 4096},
                {"output_tokens", 512},
                {"devices", 1},
                {"precision",
                 {{"weights", "bf16"}, {"kv_cache", "bf16"}, {"activations", "bf16"}, {"compute", "bf16"}}}};
}

} // namespace lhe::app
