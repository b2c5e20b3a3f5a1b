// Rows of the catalog pickers (devices, models, weight formats): bold group headers the arrow
// keys skip, and entries carrying their catalog id, name and one-line summary in the item roles
// ScenarioControls declares.
#pragma once

#include "widgets/common/qt_text.h"

#include <QString>
#include <string>
#include <string_view>
#include <vector>

class QComboBox;
class QStandardItem;

namespace lhe::widgets {

QStandardItem* headerItem(const QString& text);
// "name · markers — summary" in the popup. The closed picker shows `name` alone (NameRole) and the
// line under it "markers · summary" (SummaryRole): a marker such as "uncertain" is never the part
// a narrow picker elides.
QStandardItem* entryItem(const QString& id, const QString& name, const QString& markers,
                         const QString& summary, const QString& tooltip);
int itemKind(const QComboBox* combo, int row); // a ScenarioControls::ItemKind, or -1

QString escapedHtml(const std::string& text);
QString sourcesHtml(const std::vector<std::string>& sources); // "<br/>Sources: …", the first two

} // namespace lhe::widgets
