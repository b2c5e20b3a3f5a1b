// The model picker's rows: catalog models grouped by family and ordered by size, and imported
// config.json entries, each with its one-line summary and a rich-text tooltip of its architecture.
#pragma once

#include <QString>
#include <nlohmann/json.hpp>

class QStandardItem;
class QStandardItemModel;

namespace lhe::core {
class Catalog;
} // namespace lhe::core

namespace lhe::widgets {

// Replaces the rows with the catalog's models: families alphabetically, each under its header,
// models by size within a family.
void fillModelModel(QStandardItemModel& model, const core::Catalog& catalog);
// The entry of the imported config `index` (ImportIndexRole), read from `path` (may be empty): named
// after its repository or folder, "not readable" with the error in its tooltip when the config is.
QStandardItem* importedModelItem(const nlohmann::json& config, const nlohmann::json& tensors,
                                 const QString& path, int index);

} // namespace lhe::widgets
