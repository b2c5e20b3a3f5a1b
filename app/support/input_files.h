// Reading the files users hand the product (scenario, catalog, HF config.json) into core
// inputs, with size limits and errors that name the file. Shared by CLI and GUI.
#pragma once

#include "core/catalog.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

#include <vector>

namespace lhe::app {

// Largest input file accepted: catalogs and configs are kilobytes; 16 MiB is generous.
inline constexpr qint64 kMaxInputFileBytes = 16 * 1024 * 1024;

// Reads and parses a JSON file; throws core::InputError("<file>", ...) for missing,
// unreadable, oversized or malformed files (with the byte position).
nlohmann::json readJsonFile(const QString& path);

// Loads a scenario file and resolves its "model_config_path" relative to the file.
nlohmann::json readScenarioFile(const QString& path);

// Puts a config.json file into a scenario object as "model_config" (replacing "model").
void attachModelConfig(nlohmann::json& scenario, const QString& configPath);

// Built-in catalog + *.json in the user catalog folder + explicit files, in that order.
// Broken user entries are skipped into `warnings`; an unreadable explicit file throws.
core::Catalog loadCatalog(const QStringList& extraFiles, std::vector<std::string>& warnings);

// QStandardPaths AppDataLocation/catalogs (CONTRACT.md "Catalogs").
QString userCatalogFolder();

// The embedded default scenario: a catalog GPU and model that show every verdict moving.
nlohmann::json defaultScenario();

} // namespace lhe::app
