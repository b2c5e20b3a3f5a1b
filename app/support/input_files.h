// Reading the files users hand the product (scenario, catalog, HF config.json) into core
// inputs, with size limits and errors that name the file. Shared by CLI and GUI.
#pragma once

#include "core/catalog/catalog.h"
#include "core/common/input_error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lhe::app {

// Largest input file accepted: catalogs and configs are kilobytes; 16 MiB is generous.
inline constexpr qint64 kMaxInputFileBytes = 16 * 1024 * 1024;

// Throws core::InputError("<file>", ...) unless `path` is a regular file of at most 16 MiB this
// process can reach, saying what is wrong: file not found, symbolic link loop, permission
// denied (naming the folder it cannot enter), a folder, or not a regular file (a FIFO, a device:
// reading one would block forever or never end).
void checkInputFile(const QString& path);

// The same checks without the size limit, for model files of any size: the file's size in bytes,
// or 0 for a folder when `folderAllowed` (else a folder is an error).
qint64 checkReachablePath(const QString& path, bool folderAllowed);

// Reads and parses a JSON file; throws core::InputError("<file>", ...) for missing,
// unreadable, oversized or malformed files (with the byte position).
nlohmann::json readJsonFile(const QString& path);

// Parses JSON held in memory (such as a scenario stored in the settings file) with the limits a
// file gets: at most kMaxInputFileBytes, then core::parseJsonText (nesting depth, repeated keys,
// positions in errors). Throws core::InputError("<origin>", ...). readJsonFile ends here.
nlohmann::json parseJsonBytes(const QByteArray& bytes, const std::string& origin);

// Reads a JSON file as transformers reads a config.json: as readJsonFile, but Python's Infinity,
// -Infinity and NaN literals are read as null (core::parseConfigJsonText). For config.json files,
// and for telling a dropped file's kind before it is read strictly as a scenario.
nlohmann::json readConfigJsonFile(const QString& path);

// Reads a Hugging Face config.json and checks it with core::architectureFromHfConfig, the
// loader the estimator uses; errors name the file and the key ("<file>: num_attention_heads: ...").
// Its warnings ("<file>: ...") go to `warnings` when given; the estimator repeats them otherwise.
nlohmann::json readModelConfigFile(const QString& path, std::vector<core::Message>* warnings = nullptr);

// Loads a scenario file, resolves its "model_config_path" relative to the file (errors name
// both: "<file>: model_config_path: <config file>: ...") and checks what needs no catalog:
// core::scenarioFromJson and the model config's architecture. Given a catalog it also runs
// core::estimate, which checks the ids and the parallel split against the model. Every error
// names the file: "<file>: batch: expected an integer from 1 to 1000000000, got 0".
// `modelConfigPathAsWritten`, when given, gets the file's own "model_config_path" string when the
// file named its model by that path alone (the config read there is inlined in the result), else
// an empty string: the file's form, which Save keeps (widgets/document/scenario_document.h).
nlohmann::json readScenarioFile(const QString& path, const core::Catalog* catalog = nullptr,
                                QString* modelConfigPathAsWritten = nullptr);

// The same without the checks, for callers that change fields before evaluating (the CLI's
// flags override the file); they name the file with scenarioFileError.
nlohmann::json readScenarioFileUnchecked(const QString& path, QString* modelConfigPathAsWritten = nullptr);

// An error found in a scenario read from `path`, as readScenarioFile reports it.
core::InputError scenarioFileError(const QString& path, const core::InputError& error);

// Puts a config.json file into a scenario object as "model_config" (replacing "model"); the
// file is read and checked with readModelConfigFile.
void attachModelConfig(nlohmann::json& scenario, const QString& configPath);

// Built-in catalog + *.json in the user catalog folder + explicit files, in that order.
// A broken file or entry in the user folder, and a *.json name there that is no regular file (a
// folder, a FIFO, a link loop: refused unopened), is skipped into `warnings` (the product still
// starts); an explicit file is held to the letter: any bad entry, or an id repeated within the
// file, throws core::InputError naming the file and the field ("<file>: devices[3].peak_flops.bf16: ...").
core::Catalog loadCatalog(const QStringList& extraFiles, std::vector<core::Message>& warnings);

// A file opened without saying its kind (llm-hw-explorer FILE) is a scenario when it has a
// "device" key, else a config.json. For a file taken as a config.json that has scenario fields,
// why it was taken so and what was probably meant: "read as a Hugging Face config.json because
// it has no \"device\" key; it has \"model\", \"batch\", which are scenario fields: did you mean
// \"device\" (it has \"devcie\")?". Empty when the guess needs no explanation.
std::string positionalConfigGuess(const nlohmann::json& file);

// QStandardPaths AppDataLocation/catalogs (docs/CONTRACT §4.4 User catalog folder).
QString userCatalogFolder();

// The embedded default scenario: a catalog GPU and model that show every verdict moving.
nlohmann::json defaultScenario();

} // namespace lhe::app
