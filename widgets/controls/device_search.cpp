#include "widgets/controls/device_search.h"

#include "core/catalog/catalog.h"
#include "widgets/controls/device_items.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QStandardItemModel>
#include <QTimer>

namespace lhe::widgets {

DeviceSearch::DeviceSearch(QWidget* parent) : QLineEdit(parent), m_names(new QStandardItemModel(this))
{
    setObjectName(QStringLiteral("deviceSearch"));
    setPlaceholderText(tr("Search devices: any part of the name"));
    setAccessibleName(tr("Search devices"));
    setToolTip(tr("Type any part of a device's name, e.g. H100, M4 or Gaudi, then pick it from the "
                  "list or press Enter for the first match."));
    auto* completer = new QCompleter(m_names, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains); // "H100" finds "NVIDIA H100 SXM5", not "Huawei ..."
    completer->setCompletionMode(QCompleter::PopupCompletion);
    completer->setMaxVisibleItems(12);
    setCompleter(completer);
    connect(completer, qOverload<const QModelIndex&>(&QCompleter::activated), this, &DeviceSearch::choose);
    connect(this, &QLineEdit::returnPressed, this, &DeviceSearch::chooseFirst);
}

void DeviceSearch::setCatalog(const core::Catalog& catalog)
{
    m_names->clear();
    for (const core::Device* device : devicesByName(catalog)) {
        auto* item = new QStandardItem(deviceDisplayName(*device));
        item->setData(qs(device->id), ScenarioControls::IdRole);
        item->setToolTip(deviceSummary(*device));
        m_names->appendRow(item);
    }
}

QStringList DeviceSearch::matchingIds(const QString& text) const
{
    QStringList ids;
    for (int row = 0; row < m_names->rowCount(); ++row) {
        const QStandardItem* item = m_names->item(row);
        if (item->text().contains(text, Qt::CaseInsensitive))
            ids << item->data(ScenarioControls::IdRole).toString();
    }
    return ids;
}

void DeviceSearch::choose(const QModelIndex& completionIndex)
{
    const QString id = completionIndex.data(ScenarioControls::IdRole).toString();
    if (id.isEmpty())
        return;
    emit deviceChosen(id);
    // The completer writes the chosen name into the field after this slot; empty it afterwards.
    QTimer::singleShot(0, this, &QLineEdit::clear);
}

void DeviceSearch::chooseFirst()
{
    if (text().trimmed().isEmpty())
        return;
    QCompleter* search = completer();
    search->setCompletionPrefix(text());
    if (search->completionCount() == 0)
        return;
    search->setCurrentRow(0);
    search->popup()->hide();
    choose(search->currentIndex());
}

} // namespace lhe::widgets
