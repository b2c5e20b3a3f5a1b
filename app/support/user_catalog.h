// User catalog writing: saves hardware described in the GUI and imported config.json models into
// the user catalog folder (docs/CONTRACT §4.4 User catalog folder), where loadCatalog() reads them back as
// user-defined entries that override shipped ones with the same id.
#pragma once

#include "core/catalog/device.h"

#include <QString>
#include <nlohmann/json.hpp>

namespace lhe::app {

// userCatalogFolder()/user-devices.json ({"devices": [...]}) and user-models.json ({"models": [...]}).
QString userDevicesFile();
QString userModelsFile();

// The catalog entry written for a device: deviceToJson() without the optional fields that are
// zero or empty, so they take their documented defaults when read back (a device with the
// required fields alone stays that way); keeps tdp, uncertainty, notes and measured fractions.
nlohmann::json userDeviceEntry(const core::Device& device);

// The catalog entry written for an imported config.json: family "User", params_total and
// params_active computed from the architecture (a user import has no published count, which
// "params_source" says), sources ["user import: <file name>"] (or "user import").
// Throws core::InputError when the config cannot be read as a model.
// A model opened from its files keeps its tensor-header summary as "model_tensors" (null: none).
nlohmann::json userModelEntry(const QString& id, const QString& name, const nlohmann::json& hfConfig,
                              const QString& sourceFile = QString(),
                              const nlohmann::json& tensors = nlohmann::json());

// Adds the device to user-devices.json, replacing an entry with the same id, creating the folder
// if needed. The entry is checked with core::deviceFromJson first; the file is replaced through
// QSaveFile, so any failure (invalid device, folder not creatable, unreadable existing file,
// write error) returns false with a message in `error` and leaves the previous file intact.
bool saveUserDevice(const core::Device& device, QString* error);

// The same for a model in user-models.json (entry from userModelEntry, checked with
// core::modelFromJson).
bool saveUserModel(const QString& id, const QString& name, const nlohmann::json& hfConfig, QString* error);
bool saveUserModel(const QString& id, const QString& name, const nlohmann::json& hfConfig,
                   const QString& sourceFile, QString* error);
bool saveUserModel(const QString& id, const QString& name, const nlohmann::json& hfConfig,
                   const nlohmann::json& tensors, const QString& sourceFile, QString* error);

// A catalog id from a display name: lower case, runs of anything but letters, digits and dots
// become one "-" ("Qwen3 8B (mine)" -> "qwen3-8b-mine"). Empty when nothing is left.
QString catalogIdFromName(const QString& name);

} // namespace lhe::app
