// CalibrationDialog: the user's own measurements on one device — decode or prefill tokens/s,
// training step times — typed into a table or imported from CSV, fitted by core::calibrate() to
// the device's achieved GEMM and memory-bandwidth fractions, with predicted vs measured before and
// after the fit. It only builds a core::Device; the caller saves it (app/support/user_catalog.h).
#pragma once

#include "core/calibration/calibration.h"
#include "core/catalog/catalog.h"
#include "core/catalog/device.h"
#include "core/common/input_error.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace lhe::widgets {

// Children by objectName (for tests and UI automation):
//   pointsTable (QTableWidget, one measurement a row; columns in Column order; cells edited through
//   combo and spin box editors), addRowButton, removeRowButton, importButton, fitButton;
//   fitProgress (QProgressBar) and stopFitButton, shown while a fit runs; messageLabel (what is wrong, or
//   what the last action did); gemmLabel, memoryLabel (fitted fractions, or "unchanged"); resultsTable (per
//   row: quantity, measured, predicted before and after, error before and after); summaryLabel (median and
//   worst error); notesLabel (the core's notes); buttonBox (Save to User Catalog, enabled only after a
//   successful fit of the rows shown).
//
// Rows carry the model, precisions, batch, prompt and output tokens and device count; the parallel
// split is the estimator's default for that count. Editing, adding or removing a row discards the
// fit until Fit is pressed again.
//
// A fit runs on a worker thread (about 2,000 estimates a row: a minute for 100,000 rows) with a
// progress bar and Stop; the rows and the buttons that change them are locked meanwhile. The
// worker owns copies of the device, catalog and rows, so closing or destroying the dialog while
// it runs stops it safely.
class CalibrationDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column {
        ModelColumn,
        QuantityColumn,
        MeasuredColumn,
        BatchColumn,
        PromptColumn,
        OutputColumn,
        WeightsColumn,
        ComputeColumn,
        DevicesColumn,
        ColumnCount
    };
    // Item data role of the model id, quantity (int of CalibrationPoint::Quantity) and precision name.
    static constexpr int IdRole = Qt::UserRole + 1;

    // The catalog supplies the model picker and resolves models for the fit; both are copied.
    CalibrationDialog(const core::Device& device, const core::Catalog& catalog, QWidget* parent = nullptr);
    ~CalibrationDialog() override;

    // Appends a row showing `point` (measured <= 0 shows an empty cell to fill in). A model that
    // is not in the catalog is refused (false).
    bool addPoint(const core::CalibrationPoint& point);
    int rowCount() const;
    // The rows as measurements; std::nullopt with `problem` naming the first incomplete row.
    std::optional<std::vector<core::CalibrationPoint>> points(QString* problem) const;

    // Appends the rows of a CSV file (core::calibrationPointsFromCsv). A bad file changes no row
    // and shows the error, with its line and column, in messageLabel; returns false.
    bool importCsv(const QString& path);
    // Starts fitting the rows (core::calibrate) on a worker thread: true when it started, and
    // fitFinished follows; false with the problem (no rows, a value missing) in messageLabel.
    bool fit();
    bool isFitting() const;
    // Cancels a running fit; fitFinished(false) follows with "Fit stopped" in messageLabel.
    void stopFit();

    const std::optional<core::CalibrationResult>& result() const { return m_result; }
    // The device given to the constructor with the fitted fractions in its achieved fields and
    // achievedSource "user calibration: N measurements, <ISO date>"; unchanged before a fit.
    core::Device calibratedDevice() const;
    QString message() const;

    // A running fit stops first.
    void done(int result) override;

signals:
    // A fit started by fit() ended: true when it fitted and the result is shown; false when the
    // core refused the rows or it was stopped (messageLabel says which).
    void fitFinished(bool fitted);

private:
    // What the worker hands back: the fit, or the core's complaint about the rows.
    struct FitOutcome
    {
        std::optional<core::CalibrationResult> result;
        std::optional<core::InputError> error;
    };

    void buildUi();
    void addRow();
    void removeRows();
    void importCsvDialog();
    void discardFit();
    void showFitOutcome();
    void setFitting(bool fitting);
    void showMessage(const QString& text, bool problem);
    void showResult();

    core::Device m_device;
    std::shared_ptr<const core::Catalog> m_catalog; // shared with a running fit
    QFutureWatcher<FitOutcome>* m_fit = nullptr;
    std::size_t m_fitRows = 0;
    bool m_fitting = false; // from fit() until its outcome is shown
    std::optional<core::CalibrationResult> m_result;
    bool m_filling = false; // rows being written by the dialog itself, not edited

    QTableWidget* m_table = nullptr;
    QPushButton* m_addButton = nullptr;
    QPushButton* m_removeButton = nullptr;
    QPushButton* m_importButton = nullptr;
    QPushButton* m_fitButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_messageLabel = nullptr;
    QLabel* m_gemmLabel = nullptr;
    QLabel* m_memoryLabel = nullptr;
    QLabel* m_latencyLabel = nullptr;
    QTableWidget* m_results = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_notesLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace lhe::widgets
