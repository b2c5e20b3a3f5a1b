// DeviceRankingView: the "which card" table — every device ranked for the scenario's model and
// workload (DeviceRankingModel), filtered by class (All, CPU, GPU, NPU, TPU), sorted by the
// numbers under any column, exported as CSV or as a PNG of the table; a double-click (or Enter)
// on a row names the device. It computes nothing: the window hands it core::rankDevices().
#pragma once

#include "core/serving/serving.h"
#include "widgets/panels/ranking_table.h"

#include <QString>
#include <QWidget>
#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;

namespace lhe::widgets {

class DeviceRankingModel;

class DeviceRankingView : public QWidget
{
    Q_OBJECT

public:
    explicit DeviceRankingView(QWidget* parent = nullptr);

    DeviceRankingModel* model() const { return m_model; }
    // Between the model and the table: the class filter and the sort (by DeviceRankingModel::SortRole).
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QComboBox* classFilter() const { return m_classFilter; }
    // "Meets the targets only" (objectName rankingMeetsTargets): hides the devices that miss the
    // scenario's latency targets; disabled while the scenario sets none.
    QCheckBox* meetsTargetsFilter() const { return m_meetsOnly; }
    // The currency shown with prices and costs (objectName rankingCurrency, editable): changing it
    // sets widgets::currency() and emits currencyChanged.
    QComboBox* currencyBox() const { return m_currency; }
    void setCurrency(const QString& currency);
    // Whether the scenario sets latency targets (the window says so with each ranking).
    void setHasTargets(bool hasTargets);

    // The class shown (empty: all); the combo box follows.
    std::optional<core::DeviceClass> shownClass() const;
    void setShownClass(std::optional<core::DeviceClass> deviceClass);

    // What the view says while it has no ranking (default: "No devices ranked yet.").
    void setPlaceholderText(const QString& text);
    // The text shown instead of the table (no ranking, or no row of the chosen class), or empty
    // while the table is shown.
    QString visiblePlaceholderText() const;

    // The rows as shown: class filter and sort applied.
    std::vector<core::DeviceRanking> shownRanking() const;
    // How a file is written: the application's one atomic writer (a failed write leaves any
    // existing file as it was), given by whoever shows the view. True, or false with a message.
    using FileWriter = std::function<bool(const QString& path, const QByteArray& bytes, QString* error)>;
    void setFileWriter(FileWriter writer);
    // Write those rows as CSV (rankingCsv), or the table as a PNG (its header and every shown
    // row, in the light theme, at `scale` pixels per logical pixel), through the file writer.
    // False, with a message in `error`, on failure, when no row is shown or without a writer.
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    bool exportImage(const QString& path, QString* error = nullptr, double scale = 2.0);

public slots:
    void setRanking(std::vector<core::DeviceRanking> ranking);

signals:
    // A row was double-clicked or activated with Enter: its catalog id.
    void deviceActivated(const QString& deviceId);
    // A price typed in the table (empty: cleared), to be kept and the ranking made again.
    void priceEdited(const QString& deviceId, std::optional<double> pricePerDeviceHour);
    // The user chose another currency (already applied to widgets::currency()).
    void currencyChanged(const QString& currency);

protected:
    // Where the Export buttons save: a file dialog here; empty when cancelled. Tests override it.
    virtual QString chooseSavePath(const QString& caption, const QString& suggestedName,
                                   const QString& filter);
    // A failed export: a message box here. Tests override it.
    virtual void showExportError(const QString& message);
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updatePlaceholder();
    void updateMeetsToolTip();
    bool write(const QString& path, const QByteArray& bytes, QString* error) const;
    void onExportCsv();
    void onExportImage();

    DeviceRankingModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    RankingTable* m_table = nullptr;
    QComboBox* m_classFilter = nullptr;
    QCheckBox* m_meetsOnly = nullptr;
    QLabel* m_currencyCaption = nullptr;
    QComboBox* m_currency = nullptr;
    QLabel* m_classCaption = nullptr;
    QLabel* m_placeholder = nullptr;
    QStackedWidget* m_stack = nullptr;
    FileWriter m_writer;
    QPushButton* m_exportCsv = nullptr;
    QPushButton* m_exportImage = nullptr;
    QString m_placeholderText; // the caller's; empty: the default
};

} // namespace lhe::widgets
