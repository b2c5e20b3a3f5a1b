#include "app/support/input_files.h"

#include "core/estimator.h"
#include "core/model_architecture.h"
#include "core/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace lhe::app {

using core::InputError;
using nlohmann::json;

nlohmann::json readJsonFile(const QString& path)
{
    const std::string name = path.toStdString();
    const QFileInfo info(path);
    if (!info.exists())
        throw InputError(name, "file not found");
    if (info.isDir())
        throw InputError(name, "is a folder, not a JSON file");
    if (info.size() > kMaxInputFileBytes)
        throw InputError(name, "file is larger than 16 MiB; not a catalog, scenario or config.json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(name, "cannot read: " + file.errorString().toStdString());
    // Read at most one byte past the limit: a file that grew since the check is still refused.
    const QByteArray bytes = file.read(kMaxInputFileBytes + 1);
    if (bytes.size() > kMaxInputFileBytes)
        throw InputError(name, "file is larger than 16 MiB; not a catalog, scenario or config.json");
    return parseJsonBytes(bytes, name);
}

nlohmann::json parseJsonBytes(const QByteArray& bytes, const std::string& origin)
{
    if (bytes.size() > kMaxInputFileBytes)
        throw InputError(origin, "larger than 16 MiB, the limit for a catalog, scenario or config.json");
    return core::parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                               origin);
}

nlohmann::json readModelConfigFile(const QString& path, std::vector<std::string>* warnings)
{
    json config = readJsonFile(path);
    std::vector<std::string> found;
    try {
        core::architectureFromHfConfig(config, std::string(), found);
    } catch (const InputError& error) {
        throw error.withOrigin(path.toStdString());
    }
    if (warnings) {
        const std::string name = QFileInfo(path).fileName().toStdString();
        for (const std::string& warning : found)
            warnings->push_back(name + ": " + warning);
    }
    return config;
}

void attachModelConfig(json& scenario, const QString& configPath)
{
    json config = readModelConfigFile(configPath);
    scenario["model_config"] = std::move(config);
    scenario["model_config_path"] = QFileInfo(configPath).filePath().toStdString();
    scenario.erase("model");
}

InputError scenarioFileError(const QString& path, const InputError& error)
{
    return error.withOrigin(path.toStdString());
}

nlohmann::json readScenarioFileUnchecked(const QString& path)
{
    json scenario = readJsonFile(path);
    if (!scenario.is_object())
        throw InputError(path.toStdString(),
                         std::string("a scenario must be a JSON object, got ") + scenario.type_name());
    const auto configPath = scenario.find("model_config_path");
    if (configPath != scenario.end() && configPath->is_string() && !scenario.contains("model_config")) {
        const QString relative = QString::fromStdString(configPath->get<std::string>());
        try {
            if (relative.isEmpty())
                throw InputError(std::string(), "must name a config.json file, got \"\"");
            attachModelConfig(scenario, QFileInfo(path).dir().filePath(relative));
        } catch (const InputError& error) {
            throw InputError("model_config_path", error.what()).withOrigin(path.toStdString());
        }
    }
    return scenario;
}

nlohmann::json readScenarioFile(const QString& path, const core::Catalog* catalog)
{
    json scenario = readScenarioFileUnchecked(path);
    try {
        const core::Scenario parsed = core::scenarioFromJson(scenario);
        if (catalog) {
            (void)core::estimate(parsed, *catalog);
        } else if (parsed.modelConfig) {
            std::vector<std::string> warnings;
            (void)core::architectureFromHfConfig(*parsed.modelConfig, "model_config", warnings);
        }
    } catch (const InputError& error) {
        throw scenarioFileError(path, error);
    }
    return scenario;
}

QString userCatalogFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/catalogs");
}

core::Catalog loadCatalog(const QStringList& extraFiles, std::vector<std::string>& warnings)
{
    core::Catalog catalog = core::Catalog::builtIn();
    const QDir folder(userCatalogFolder());
    const QStringList userFiles = folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& name : userFiles) {
        const QString path = folder.filePath(name);
        try {
            catalog.add(readJsonFile(path), path.toStdString(), true, warnings);
        } catch (const InputError& error) {
            // A broken file in the user's folder must not stop the product from starting.
            warnings.push_back(std::string("skipped user catalog ") + error.what());
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
