// Rows of the catalog pickers (devices, models, weight formats): bold group headers the arrow
// keys skip, and entries carrying their catalog id, name and one-line summary in the item roles
// ScenarioControls declares.
#pragma once

#include "widgets/qt_text.h"

#include <QString>
#include <string>
#include <string_view>
#include <vector>

class QComboBox;
class QStandardItem;

namespace lhe::widgets {

QStandardItem* headerItem(const QString& text);
// "name — summary" in the popup; the closed picker shows `name` alone (NameRole).
QStandardItem* entryItem(const QString& id, const QString& name, const QString& summary,
                         const QString& tooltip);
int itemKind(const QComboBox* combo, int row); // a ScenarioControls::ItemKind, or -1

QString escapedHtml(const std::string& text);
QString sourcesHtml(const std::vector<std::string>& sources); // "<br/>Sources: …", the first two

} // namespace lhe::widgets
