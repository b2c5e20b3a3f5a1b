#include "widgets/controls/picker_items.h"

#include "widgets/controls/scenario_controls.h"

#include <QComboBox>
#include <QStandardItem>
#include <algorithm>

namespace lhe::widgets {

QStandardItem* headerItem(const QString& text)
{
    auto* item = new QStandardItem(text);
    item->setFlags(Qt::NoItemFlags); // neither selectable nor enabled: arrow keys skip it
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
    item->setData(ScenarioControls::HeaderItem, ScenarioControls::KindRole);
    item->setAccessibleText(ScenarioControls::tr("Group: %1").arg(text));
    return item;
}

QStandardItem* entryItem(const QString& id, const QString& name, const QString& markers,
                         const QString& summary, const QString& tooltip)
{
    const auto marked = [&markers](const QString& text) {
        return markers.isEmpty() ? text : ScenarioControls::tr("%1 · %2").arg(text, markers);
    };
    auto* item = new QStandardItem(ScenarioControls::tr("%1 — %2").arg(marked(name), summary));
    item->setData(name, ScenarioControls::NameRole);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setData(id, ScenarioControls::IdRole);
    item->setData(ScenarioControls::EntryItem, ScenarioControls::KindRole);
    // The line under the picker leads with the markers: "uncertain · 64 GB HBM2e · …".
    item->setData(markers.isEmpty() ? summary : ScenarioControls::tr("%1 · %2").arg(markers, summary),
                  ScenarioControls::SummaryRole);
    item->setToolTip(tooltip);
    return item;
}

int itemKind(const QComboBox* combo, int row)
{
    const QVariant kind = combo->itemData(row, ScenarioControls::KindRole);
    return kind.isValid() ? kind.toInt() : -1;
}

QString escapedHtml(const std::string& text)
{
    return qs(text).toHtmlEscaped();
}

QString sourcesHtml(const std::vector<std::string>& sources)
{
    if (sources.empty())
        return {};
    QString html = QStringLiteral("<br/>") + ScenarioControls::tr("Sources:");
    for (std::size_t i = 0; i < std::min<std::size_t>(2, sources.size()); ++i)
        html += QStringLiteral("<br/>") + escapedHtml(sources[i]);
    if (sources.size() > 2)
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("(%n more)", nullptr, static_cast<int>(sources.size() - 2));
    return html;
}

} // namespace lhe::widgets
