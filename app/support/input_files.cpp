#include "app/support/input_files.h"

#include "core/input_error.h"

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
    QFile file(path);
    if (!file.exists())
        throw InputError(name, "file not found");
    if (file.size() > kMaxInputFileBytes)
        throw InputError(name, "file is larger than 16 MiB; not a catalog, scenario or config.json");
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(name, "cannot read: " + file.errorString().toStdString());
    const QByteArray bytes = file.readAll();
    return core::parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name);
}

void attachModelConfig(json& scenario, const QString& configPath)
{
    json config = readJsonFile(configPath);
    if (!config.is_object())
        throw InputError(configPath.toStdString(), "a config.json must be a JSON object");
    scenario["model_config"] = std::move(config);
    scenario["model_config_path"] = QFileInfo(configPath).filePath().toStdString();
    scenario.erase("model");
}

nlohmann::json readScenarioFile(const QString& path)
{
    json scenario = readJsonFile(path);
    if (!scenario.is_object())
        throw InputError(path.toStdString(), "a scenario must be a JSON object");
    if (scenario.contains("model_config_path") && scenario["model_config_path"].is_string() &&
        !scenario.contains("model_config")) {
        const QString relative = QString::fromStdString(scenario["model_config_path"].get<std::string>());
        attachModelConfig(scenario, QFileInfo(path).dir().filePath(relative));
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
        catalog.add(readJsonFile(path), path.toStdString(), true, warnings);
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
                {"precision", {{"weights", "bf16"}, {"kv_cache", "bf16"}, {"activations", "bf16"}, {"compute", "bf16"}}}};
}

} // namespace lhe::app
