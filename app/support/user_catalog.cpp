#include "app/support/user_catalog.h"

#include "app/support/input_files.h"
#include "app/support/save_file.h"
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"
#include "widgets/messages/core_message.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <vector>

namespace lhe::app {

using core::InputError;
using nlohmann::json;

namespace {

// Translation context for the messages of this file (no QObject here: QtCore only).
struct UserCatalog
{
    Q_DECLARE_TR_FUNCTIONS(lhe::app::UserCatalog)
};

// Reads `fileName` in the user catalog folder (or starts an empty document), replaces the entry
// with the same id in the `key` array or appends it, and writes the file back atomically.
bool upsertEntry(const QString& fileName, const char* key, const json& entry, QString* error)
{
    const QString folder = userCatalogFolder();
    if (!QDir().mkpath(folder)) {
        *error = UserCatalog::tr("Cannot create the user catalog folder %1").arg(folder);
        return false;
    }
    const QString path = QDir(folder).filePath(fileName);
    json document = json::object();
    if (QFileInfo::exists(path)) {
        // Never overwrite what cannot be read: the file may hold the user's hand-written entries.
        try {
            document = readJsonFile(path);
        } catch (const InputError& e) {
            *error = UserCatalog::tr("Nothing was saved: %1. Fix or move that file first.")
                         .arg(widgets::translatedError(e));
            return false;
        }
        if (!document.is_object() || (document.contains(key) && !document[key].is_array())) {
            *error = UserCatalog::tr("Nothing was saved: %1 is not a catalog with a \"%2\" array. Fix or "
                                     "move that file first.")
                         .arg(path, QString::fromLatin1(key));
            return false;
        }
    }
    json& entries = document[key];
    if (entries.is_null())
        entries = json::array();
    bool replaced = false;
    for (json& existing : entries) {
        if (existing.is_object() && existing.value("id", json()) == entry["id"]) {
            existing = entry;
            replaced = true;
            break;
        }
    }
    if (!replaced)
        entries.push_back(entry);

    return saveFileAtomically(path, QByteArray::fromStdString(document.dump(2) + "\n"), error);
}

} // namespace

QString userDevicesFile()
{
    return QDir(userCatalogFolder()).filePath(QStringLiteral("user-devices.json"));
}

QString userModelsFile()
{
    return QDir(userCatalogFolder()).filePath(QStringLiteral("user-models.json"));
}

json userDeviceEntry(const core::Device& device)
{
    json entry = core::deviceToJson(device);
    // Zero or empty optional fields are "not given": drop them so the reader applies its defaults.
    for (const char* key :
         {"inter_node_bandwidth", "host_memory_bytes", "host_link_bandwidth", "runtime_overhead_bytes"}) {
        if (entry.contains(key) && !(entry[key].get<double>() > 0))
            entry.erase(key);
    }
    if (device.devicesPerNode <= 1)
        entry.erase("devices_per_node");
    if (!device.unifiedMemory)
        entry.erase("unified_memory");
    if (device.sources.empty())
        entry.erase("sources");
    // Fields deviceToJson leaves out but a copied catalog device may carry.
    if (device.gpuMemoryFraction > 0 && device.gpuMemoryFraction < 1)
        entry["gpu_memory_fraction"] = device.gpuMemoryFraction;
    if (device.diskBytes > 0)
        entry["disk_bytes"] = device.diskBytes;
    if (device.diskBytesPerSecond > 0)
        entry["disk_bandwidth"] = device.diskBytesPerSecond;
    json achieved = json::object();
    if (device.achievedGemmFraction > 0)
        achieved["gemm_fraction"] = device.achievedGemmFraction;
    if (device.achievedMemoryFraction > 0)
        achieved["memory_bandwidth_fraction"] = device.achievedMemoryFraction;
    if (device.achievedLayerLatencySeconds >= 0)
        achieved["layer_latency_seconds"] = device.achievedLayerLatencySeconds;
    if (!achieved.empty()) {
        if (!device.achievedSource.empty())
            achieved["source"] = device.achievedSource;
        entry["achieved"] = achieved;
    }
    if (!device.uncertainty.empty())
        entry["uncertainty"] = device.uncertainty;
    if (!device.notes.empty())
        entry["notes"] = device.notes;
    return entry;
}

json userModelEntry(const QString& id, const QString& name, const json& hfConfig, const QString& sourceFile,
                    const json& tensors)
{
    std::vector<core::Message> warnings;
    const core::ModelArchitecture architecture = core::architectureFromModelSources(
        hfConfig, tensors.is_null() ? nullptr : &tensors, "hf_config", warnings);
    const QString source = sourceFile.isEmpty()
                               ? QStringLiteral("user import")
                               : QStringLiteral("user import: ") + QFileInfo(sourceFile).fileName();
    json entry{
        {"id", id.toStdString()},
        {"name", name.toStdString()},
        {"family", "User"},
        {"hf_config", hfConfig},
        {"params_total", architecture.paramsTotal},
        {"params_active", architecture.paramsActive},
        {"params_source",
         tensors.is_null() ? "computed from hf_config by the estimator: a user import has no published count"
                           : "counted from the checkpoint's tensor headers (model_tensors)"},
        {"sources", json::array({source.toStdString()})},
    };
    if (!tensors.is_null())
        entry["model_tensors"] = tensors;
    return entry;
}

bool saveUserDevice(const core::Device& device, QString* error)
{
    const json entry = userDeviceEntry(device);
    try {
        core::deviceFromJson(entry, "device \"" + device.id + "\"");
    } catch (const InputError& e) {
        *error = UserCatalog::tr("Nothing was saved: %1").arg(widgets::translatedError(e));
        return false;
    }
    return upsertEntry(QStringLiteral("user-devices.json"), "devices", entry, error);
}

bool saveUserModel(const QString& id, const QString& name, const json& hfConfig, QString* error)
{
    return saveUserModel(id, name, hfConfig, QString(), error);
}

bool saveUserModel(const QString& id, const QString& name, const json& hfConfig, const QString& sourceFile,
                   QString* error)
{
    return saveUserModel(id, name, hfConfig, json(), sourceFile, error);
}

bool saveUserModel(const QString& id, const QString& name, const json& hfConfig, const json& tensors,
                   const QString& sourceFile, QString* error)
{
    if (id.trimmed().isEmpty() || name.trimmed().isEmpty()) {
        *error = UserCatalog::tr("Nothing was saved: a model needs an id and a name");
        return false;
    }
    json entry;
    try {
        entry = userModelEntry(id, name, hfConfig, sourceFile, tensors);
        core::modelFromJson(entry, "model \"" + id.toStdString() + "\"");
    } catch (const InputError& e) {
        *error = UserCatalog::tr("Nothing was saved: %1").arg(widgets::translatedError(e));
        return false;
    }
    return upsertEntry(QStringLiteral("user-models.json"), "models", entry, error);
}

QString catalogIdFromName(const QString& name)
{
    QString id;
    bool dash = false;
    const QString lower = name.toLower();
    for (const QChar c : lower) {
        if (c.isLetterOrNumber() || c == QLatin1Char('.')) {
            if (dash && !id.isEmpty())
                id += QLatin1Char('-');
            id += c;
            dash = false;
        } else {
            dash = true;
        }
    }
    return id;
}

} // namespace lhe::app
