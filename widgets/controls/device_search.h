// The device picker's search field: typing any part of a device's name ("H100", "m4", "gaudi")
// lists the matching devices, case-insensitively; choosing one (click, or Enter for the first)
// emits its catalog id. The picker itself stays as it is until a device is chosen.
#pragma once

#include <QLineEdit>

class QStandardItemModel;

namespace lhe::core {
class Catalog;
}

namespace lhe::widgets {

class DeviceSearch : public QLineEdit
{
    Q_OBJECT

public:
    explicit DeviceSearch(QWidget* parent = nullptr);

    void setCatalog(const core::Catalog& catalog);
    // The ids of the devices whose name contains `text`, in the order the list shows them.
    QStringList matchingIds(const QString& text) const;

signals:
    void deviceChosen(const QString& id);

private:
    void choose(const QModelIndex& completionIndex);
    void chooseFirst();

    QStandardItemModel* m_names = nullptr;
};

} // namespace lhe::widgets
