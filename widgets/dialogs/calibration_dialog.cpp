#include "widgets/dialogs/calibration_dialog.h"

#include "core/common/input_error.h"
#include "core/common/precision.h"
#include "core/estimate/efficiency_model.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"
#include "widgets/messages/core_message.h"

#include <QAction>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace lhe::widgets {

namespace {

using Quantity = core::CalibrationPoint::Quantity;

constexpr std::array kQuantities{Quantity::DecodeTokensPerSecond, Quantity::PrefillTokensPerSecond,
                                 Quantity::TrainingStepSeconds};
constexpr qint64 kMaxCsvBytes = 4 << 20; // a measurement log, not a data set
constexpr int kProgressSteps = 1000;     // of the progress bar: a step is 0.1 % of the fit

QString quantityLabel(Quantity quantity)
{
    switch (quantity) {
    case Quantity::DecodeTokensPerSecond:
        return CalibrationDialog::tr("Decode tokens/s");
    case Quantity::PrefillTokensPerSecond:
        return CalibrationDialog::tr("Prefill tokens/s");
    case Quantity::TrainingStepSeconds:
        break;
    }
    return CalibrationDialog::tr("Training step s");
}

// Estimates to 4 significant digits; measurements to 6, so that they read as entered.
QString withUnit(double value, Quantity quantity, int significantDigits = 4)
{
    const QString number = formatNumber(value, significantDigits);
    return quantity == Quantity::TrainingStepSeconds ? CalibrationDialog::tr("%1 s").arg(number)
                                                     : CalibrationDialog::tr("%1 tokens/s").arg(number);
}

// predicted/measured as a signed error, "+12.3 %"; a dash when there is no number.
QString errorPercent(double ratio)
{
    const double percent = std::round((ratio - 1.0) * 1000.0) / 10.0; // one decimal
    if (!std::isfinite(percent))
        return QStringLiteral("–");
    const QLocale locale;
    const QString number = locale.toString(percent == 0 ? 0.0 : percent, 'f', 1); // never "-0.0"
    return CalibrationDialog::tr("%1 %").arg(percent > 0 ? locale.positiveSign() + number : number);
}

QString fraction(double value)
{
    return std::isfinite(value) ? QLocale().toString(value, 'f', 3) : QStringLiteral("–");
}

std::vector<core::Precision> precisions(bool weightOnly)
{
    std::vector<core::Precision> list;
    for (int i = 0; i <= static_cast<int>(core::Precision::GptqInt4); ++i) {
        const auto precision = static_cast<core::Precision>(i);
        if (weightOnly || !core::isWeightOnly(precision))
            list.push_back(precision);
    }
    return list;
}

// Cell editors: pickers for model, quantity and precisions, spin boxes for the numbers. Items keep
// the model id, quantity and precision name under IdRole and show a readable text.
class CellDelegate : public QStyledItemDelegate
{
public:
    CellDelegate(std::vector<std::pair<QString, QString>> models, QObject* parent)
        : QStyledItemDelegate(parent), m_models(std::move(models))
    {}

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&,
                          const QModelIndex& index) const override
    {
        const QString header = index.model()->headerData(index.column(), Qt::Horizontal).toString();
        QWidget* editor = nullptr;
        switch (index.column()) {
        case CalibrationDialog::ModelColumn: {
            auto* combo = new QComboBox(parent);
            for (const auto& [id, name] : m_models)
                combo->addItem(name, id);
            editor = combo;
            break;
        }
        case CalibrationDialog::QuantityColumn: {
            auto* combo = new QComboBox(parent);
            for (const Quantity quantity : kQuantities)
                combo->addItem(quantityLabel(quantity), static_cast<int>(quantity));
            editor = combo;
            break;
        }
        case CalibrationDialog::WeightsColumn:
        case CalibrationDialog::ComputeColumn: {
            auto* combo = new QComboBox(parent);
            for (const core::Precision precision :
                 precisions(index.column() == CalibrationDialog::WeightsColumn))
                combo->addItem(qs(core::precisionName(precision)), qs(core::precisionName(precision)));
            editor = combo;
            break;
        }
        case CalibrationDialog::MeasuredColumn: {
            auto* spin = new QDoubleSpinBox(parent);
            spin->setRange(0, 1e9);
            spin->setDecimals(4);
            spin->setGroupSeparatorShown(true);
            spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
            spin->setAlignment(Qt::AlignRight);
            editor = spin;
            break;
        }
        default: {
            auto* spin = new QSpinBox(parent);
            const int column = index.column();
            spin->setRange(column == CalibrationDialog::OutputColumn ? 0 : 1,
                           column == CalibrationDialog::DevicesColumn ? 65536 : 100'000'000);
            spin->setGroupSeparatorShown(true);
            spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
            spin->setAlignment(Qt::AlignRight);
            editor = spin;
            break;
        }
        }
        editor->setAccessibleName(header);
        return editor;
    }

    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        if (auto* combo = qobject_cast<QComboBox*>(editor))
            combo->setCurrentIndex(std::max(0, combo->findData(index.data(CalibrationDialog::IdRole))));
        else if (auto* spin = qobject_cast<QDoubleSpinBox*>(editor))
            spin->setValue(index.data(Qt::EditRole).toDouble());
        else if (auto* intSpin = qobject_cast<QSpinBox*>(editor))
            intSpin->setValue(index.data(Qt::EditRole).toInt());
    }

    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            model->setData(index, combo->currentData(), CalibrationDialog::IdRole);
            model->setData(index, combo->currentText(), Qt::DisplayRole);
        } else if (auto* spin = qobject_cast<QDoubleSpinBox*>(editor)) {
            spin->interpretText();
            model->setData(index, spin->value(), Qt::EditRole);
        } else if (auto* intSpin = qobject_cast<QSpinBox*>(editor)) {
            intSpin->interpretText();
            model->setData(index, intSpin->value(), Qt::EditRole);
        }
    }

    // The measured value: 0 means "not entered yet" and shows an empty cell.
    QString displayText(const QVariant& value, const QLocale& locale) const override
    {
        if (value.typeId() == QMetaType::Double) {
            const double number = value.toDouble();
            return number > 0 && std::isfinite(number) ? locale.toString(number, 'g', 6) : QString();
        }
        return QStyledItemDelegate::displayText(value, locale);
    }

private:
    std::vector<std::pair<QString, QString>> m_models; // id, name
};

QTableWidgetItem* numberItem(const QVariant& value)
{
    auto* item = new QTableWidgetItem;
    item->setData(Qt::EditRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem* choiceItem(const QString& text, const QVariant& id)
{
    auto* item = new QTableWidgetItem(text);
    item->setData(CalibrationDialog::IdRole, id);
    return item;
}

QTableWidgetItem* readOnlyItem(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

CalibrationDialog::CalibrationDialog(const core::Device& device, const core::Catalog& catalog,
                                     QWidget* parent)
    : QDialog(parent), m_device(device), m_catalog(std::make_shared<const core::Catalog>(catalog))
{
    setWindowTitle(tr("Calibrate %1").arg(qs(device.name)));
    buildUi();
    showResult();
}

CalibrationDialog::~CalibrationDialog()
{
    // The worker holds its own copies: it is told to stop, not waited for.
    m_fit->cancel();
}

void CalibrationDialog::buildUi()
{
    auto* outer = new QVBoxLayout(this);

    const core::Efficiencies now = core::calibratedEfficiencies(core::Scenario{}, m_device);
    auto* intro = new QLabel(
        tr("Enter what you measured on %1 — decode or prefill tokens/s (whole batch) or seconds per "
           "training step, with the model, batch and lengths you ran — or import them from a CSV file. "
           "Fit finds the GEMM and memory-bandwidth fractions and the kernel latency per layer that "
           "reproduce them (now %2, %3 and %4 µs); saving stores them in your catalog, where they "
           "override the built-in entry.")
            .arg(qs(m_device.name), fraction(now.compute), fraction(now.memory),
                 QLocale().toString(now.layerLatencySeconds * 1e6, 'f', 0)),
        this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    outer->addWidget(intro);

    // The two groups share the height through a splitter, not the dialog's box layout: a group holding
    // a word-wrapped label reports a height-for-width built from its contents' preferred sizes, which
    // the box layout takes as the group's minimum, so the two groups were squeezed below what they
    // need. A splitter gives each group at least its own minimum and lets the user move the share.
    // The tables have no minimum height of their own: a widget is never made smaller than its
    // minimum (QWidget::minimumSize), so a squeezed table drew over the labels below it; a table
    // scrolls instead.
    auto* groups = new QSplitter(Qt::Vertical, this);
    groups->setObjectName(QStringLiteral("groupSplitter"));
    groups->setChildrenCollapsible(false);

    // Measurements
    auto* measurements = new QGroupBox(tr("Measurements"), groups);
    auto* measurementsLayout = new QVBoxLayout(measurements);
    m_table = new QTableWidget(0, ColumnCount, measurements);
    m_table->setObjectName(QStringLiteral("pointsTable"));
    m_table->setHorizontalHeaderLabels({tr("Model"), tr("Quantity"), tr("Measured"), tr("Batch"),
                                        tr("Prompt tokens"), tr("Output tokens"), tr("Weights"),
                                        tr("Compute"), tr("Devices")});
    m_table->horizontalHeaderItem(MeasuredColumn)
        ->setToolTip(tr("Tokens/s of the whole batch for decode and prefill; seconds for a training step."));
    m_table->horizontalHeaderItem(PromptColumn)->setToolTip(tr("Training: the sequence length."));
    m_table->horizontalHeaderItem(DevicesColumn)
        ->setToolTip(tr("Devices the run used; the parallel split is the estimator's default."));
    m_table->setAccessibleName(tr("Measurements"));
    m_table->setAccessibleDescription(
        tr("One measurement a row: model, quantity, measured value, batch, prompt and output tokens, "
           "weights and compute precision, devices. Edit a cell by typing or F2."));
    // Typing or F2 edits the current cell; moving through the table with the keyboard does not.
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked |
                             QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ModelColumn, QHeaderView::Stretch);
    std::vector<std::pair<QString, QString>> models;
    for (const core::ModelEntry& model : m_catalog->models())
        models.emplace_back(qs(model.id), qs(model.name));
    m_table->setItemDelegate(new CellDelegate(std::move(models), m_table));
    measurementsLayout->addWidget(m_table, 1);

    auto* rowButtons = new QHBoxLayout;
    m_addButton = new QPushButton(tr("&Add Row"), measurements);
    m_addButton->setObjectName(QStringLiteral("addRowButton"));
    m_addButton->setToolTip(tr("A new measurement, starting from the selected row's settings"));
    m_removeButton = new QPushButton(tr("&Remove Row"), measurements);
    m_removeButton->setObjectName(QStringLiteral("removeRowButton"));
    m_removeButton->setToolTip(tr("Remove the selected measurements (Delete)"));
    m_importButton = new QPushButton(tr("&Import CSV…"), measurements);
    m_importButton->setObjectName(QStringLiteral("importButton"));
    m_importButton->setToolTip(
        tr("Columns named in a header line: model, quantity (decode_tokens_per_second, "
           "prefill_tokens_per_second or training_step_seconds), measured, batch, "
           "prompt_tokens, output_tokens; optional weights, compute, devices."));
    m_fitButton = new QPushButton(tr("&Fit"), measurements);
    m_fitButton->setObjectName(QStringLiteral("fitButton"));
    m_fitButton->setToolTip(tr("Fit the device's GEMM and memory-bandwidth fractions to the measurements"));
    for (QPushButton* button : {m_addButton, m_removeButton, m_importButton})
        button->setAutoDefault(false);
    m_fitButton->setDefault(true);
    rowButtons->addWidget(m_addButton);
    rowButtons->addWidget(m_removeButton);
    rowButtons->addWidget(m_importButton);
    rowButtons->addStretch(1);
    m_progress = new QProgressBar(measurements);
    m_progress->setObjectName(QStringLiteral("fitProgress"));
    m_progress->setRange(0, kProgressSteps);
    m_progress->setAccessibleName(tr("Fit progress"));
    m_progress->hide();
    m_stopButton = new QPushButton(tr("S&top"), measurements);
    m_stopButton->setObjectName(QStringLiteral("stopFitButton"));
    m_stopButton->setToolTip(tr("Stop the fit; the device stays as it was"));
    m_stopButton->setAutoDefault(false);
    m_stopButton->hide();
    rowButtons->addWidget(m_progress, 1);
    rowButtons->addWidget(m_stopButton);
    rowButtons->addWidget(m_fitButton);
    measurementsLayout->addLayout(rowButtons);

    m_messageLabel = new QLabel(measurements);
    m_messageLabel->setObjectName(QStringLiteral("messageLabel"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setTextFormat(Qt::PlainText);
    m_messageLabel->setAccessibleName(tr("Calibration message"));
    measurementsLayout->addWidget(m_messageLabel);
    groups->addWidget(measurements);
    groups->setStretchFactor(0, 3);

    // Fit
    auto* fitGroup = new QGroupBox(tr("Fit"), groups);
    auto* fitLayout = new QVBoxLayout(fitGroup);
    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    const auto valueLabel = [fitGroup](const QString& objectName, const QString& accessibleName) {
        auto* label = new QLabel(fitGroup);
        label->setObjectName(objectName);
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setAccessibleName(accessibleName);
        return label;
    };
    m_gemmLabel = valueLabel(QStringLiteral("gemmLabel"), tr("Fitted GEMM fraction"));
    m_gemmLabel->setToolTip(
        tr("Share of the dense bf16 peak large matrix products reach (achieved.gemm_fraction)"));
    m_memoryLabel = valueLabel(QStringLiteral("memoryLabel"), tr("Fitted memory-bandwidth fraction"));
    m_memoryLabel->setToolTip(
        tr("Share of the peak memory bandwidth streams reach (achieved.memory_bandwidth_fraction)"));
    form->addRow(tr("GEMM fraction:"), m_gemmLabel);
    m_latencyLabel = valueLabel(QStringLiteral("latencyLabel"), tr("Fitted kernel latency per layer"));
    m_latencyLabel->setToolTip(tr("Fixed time one layer's kernels take per forward pass whatever their size "
                                  "(achieved.layer_latency_seconds); it dominates small-batch decode"));
    form->addRow(tr("Memory-bandwidth fraction:"), m_memoryLabel);
    form->addRow(tr("Kernel latency per layer:"), m_latencyLabel);
    fitLayout->addLayout(form);

    m_results = new QTableWidget(0, 7, fitGroup);
    m_results->setObjectName(QStringLiteral("resultsTable"));
    m_results->setHorizontalHeaderLabels({tr("Row"), tr("Quantity"), tr("Measured"), tr("Predicted before"),
                                          tr("Error before"), tr("Predicted after"), tr("Error after")});
    for (const int column : {4, 6})
        m_results->horizontalHeaderItem(column)->setToolTip(tr("Estimate over measurement, minus 1"));
    m_results->setAccessibleName(tr("Predicted and measured"));
    m_results->setAccessibleDescription(tr(
        "Per measurement: the estimate before and after the fit and its error against the measured value"));
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->verticalHeader()->hide();
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_results->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    fitLayout->addWidget(m_results, 1);

    m_summaryLabel = valueLabel(QStringLiteral("summaryLabel"), tr("Error summary"));
    m_summaryLabel->setWordWrap(true);
    fitLayout->addWidget(m_summaryLabel);
    m_notesLabel = valueLabel(QStringLiteral("notesLabel"), tr("Fit notes"));
    m_notesLabel->setWordWrap(true);
    QFont small = m_notesLabel->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_notesLabel->setFont(small);
    fitLayout->addWidget(m_notesLabel);
    groups->addWidget(fitGroup);
    groups->setStretchFactor(1, 2);
    outer->addWidget(groups, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));
    QPushButton* save = m_buttons->button(QDialogButtonBox::Ok);
    save->setText(tr("&Save to User Catalog"));
    save->setAutoDefault(false);
    save->setToolTip(tr("Store the device with the fitted fractions in user-devices.json"));
    outer->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_addButton, &QPushButton::clicked, this, &CalibrationDialog::addRow);
    connect(m_removeButton, &QPushButton::clicked, this, &CalibrationDialog::removeRows);
    connect(m_importButton, &QPushButton::clicked, this, &CalibrationDialog::importCsvDialog);
    connect(m_fitButton, &QPushButton::clicked, this, &CalibrationDialog::fit);
    connect(m_stopButton, &QPushButton::clicked, this, &CalibrationDialog::stopFit);
    m_fit = new QFutureWatcher<FitOutcome>(this);
    connect(m_fit, &QFutureWatcherBase::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(m_fit, &QFutureWatcherBase::finished, this, &CalibrationDialog::showFitOutcome);
    connect(m_table, &QTableWidget::itemChanged, this, &CalibrationDialog::discardFit);
    auto* removeAction = new QAction(tr("Remove Row"), m_table);
    removeAction->setShortcut(QKeySequence::Delete);
    removeAction->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(removeAction);
    connect(removeAction, &QAction::triggered, this, &CalibrationDialog::removeRows);

    const int width = fontMetrics().averageCharWidth() * 130;
    resize(width, width * 9 / 10);
}

bool CalibrationDialog::addPoint(const core::CalibrationPoint& point)
{
    const core::ModelEntry* model = m_catalog->findModel(point.scenario.modelId);
    if (!model)
        return false;
    const core::Scenario& s = point.scenario;
    m_filling = true;
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, ModelColumn, choiceItem(qs(model->name), qs(model->id)));
    m_table->setItem(row, QuantityColumn,
                     choiceItem(quantityLabel(point.quantity), static_cast<int>(point.quantity)));
    m_table->setItem(row, MeasuredColumn,
                     numberItem(point.measured > 0 ? QVariant(point.measured) : QVariant()));
    m_table->setItem(row, BatchColumn, numberItem(static_cast<int>(s.batch)));
    m_table->setItem(row, PromptColumn, numberItem(static_cast<int>(s.promptTokens)));
    m_table->setItem(row, OutputColumn, numberItem(static_cast<int>(s.outputTokens)));
    const QString weights = qs(core::precisionName(s.weights));
    const QString compute = qs(core::precisionName(s.compute));
    m_table->setItem(row, WeightsColumn, choiceItem(weights, weights));
    m_table->setItem(row, ComputeColumn, choiceItem(compute, compute));
    m_table->setItem(row, DevicesColumn, numberItem(static_cast<int>(s.devices)));
    m_filling = false;
    discardFit();
    return true;
}

int CalibrationDialog::rowCount() const
{
    return m_table->rowCount();
}

std::optional<std::vector<core::CalibrationPoint>> CalibrationDialog::points(QString* problem) const
{
    std::vector<core::CalibrationPoint> list;
    if (m_table->rowCount() == 0) {
        *problem = tr("Add a measurement first, or import a CSV file.");
        return std::nullopt;
    }
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const auto data = [this, row](int column, int role) {
            const QTableWidgetItem* item = m_table->item(row, column);
            return item ? item->data(role) : QVariant();
        };
        core::CalibrationPoint point;
        point.quantity = static_cast<Quantity>(data(QuantityColumn, IdRole).toInt());
        point.measured = data(MeasuredColumn, Qt::EditRole).toDouble();
        if (!(point.measured > 0)) {
            *problem = tr("Row %1: enter the measured value.").arg(row + 1);
            return std::nullopt;
        }
        core::Scenario& s = point.scenario;
        s.deviceId = m_device.id;
        s.modelId = data(ModelColumn, IdRole).toString().toStdString();
        s.mode =
            point.quantity == Quantity::TrainingStepSeconds ? core::Mode::Training : core::Mode::Inference;
        s.batch = data(BatchColumn, Qt::EditRole).toLongLong();
        s.promptTokens = data(PromptColumn, Qt::EditRole).toLongLong();
        s.outputTokens = data(OutputColumn, Qt::EditRole).toLongLong();
        s.devices = data(DevicesColumn, Qt::EditRole).toLongLong();
        s.weights =
            core::parsePrecision(data(WeightsColumn, IdRole).toString().toStdString()).value_or(s.weights);
        s.compute =
            core::parsePrecision(data(ComputeColumn, IdRole).toString().toStdString()).value_or(s.compute);
        list.push_back(std::move(point));
    }
    return list;
}

bool CalibrationDialog::importCsv(const QString& path)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    // A FIFO or a device would block the read (or never end): only a regular file is opened.
    if (info.exists() && !info.isFile()) {
        showMessage(
            tr("Cannot import %1: not a regular file (a folder, FIFO or device); give a CSV file").arg(name),
            true);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        showMessage(tr("Cannot import %1: %2").arg(name, file.errorString()), true);
        return false;
    }
    if (file.size() > kMaxCsvBytes) {
        showMessage(tr("Cannot import %1: larger than %2").arg(name, formatBytes(kMaxCsvBytes)), true);
        return false;
    }
    const QByteArray text = file.readAll();
    std::vector<core::CalibrationPoint> imported;
    try {
        imported = core::calibrationPointsFromCsv(text.toStdString(), m_device.id, m_catalog.get());
    } catch (const core::InputError& error) {
        showMessage(tr("Cannot import %1: %2").arg(name, translatedError(error)), true);
        return false;
    }
    for (const core::CalibrationPoint& point : imported)
        addPoint(point);
    showMessage(
        tr("Imported %n measurement(s) from %1.", nullptr, static_cast<int>(imported.size())).arg(name),
        false);
    return true;
}

bool CalibrationDialog::fit()
{
    if (isFitting())
        return false;
    // A value still in an open cell editor (Enter pressed in it reaches the default button, Fit,
    // before the delegate's queued commit) counts.
    const QModelIndex current = m_table->currentIndex();
    if (QWidget* editor = current.isValid() ? m_table->indexWidget(current) : nullptr)
        m_table->itemDelegate()->setModelData(editor, m_table->model(), current);

    QString problem;
    std::optional<std::vector<core::CalibrationPoint>> list = points(&problem);
    if (!list) {
        showMessage(problem, true);
        return false;
    }
    m_result.reset();
    showResult();
    m_fitRows = list->size();
    setFitting(true);
    showMessage(tr("Fitting %n measurement(s)…", nullptr, static_cast<int>(m_fitRows)), false);
    // The worker owns what it reads (the dialog may be closed or destroyed while it runs) and
    // stops at the next estimate once the future is cancelled (core::CalibrationProgress).
    m_fit->setFuture(QtConcurrent::run(
        [device = m_device, catalog = m_catalog, rows = std::move(*list)](QPromise<FitOutcome>& promise) {
            promise.setProgressRange(0, kProgressSteps);
            int shown = 0;
            const auto progress = [&promise, &shown](double share) {
                const int step = static_cast<int>(share * kProgressSteps);
                if (step > shown) {
                    shown = step;
                    promise.setProgressValue(step);
                }
                return !promise.isCanceled();
            };
            try {
                promise.addResult(FitOutcome{core::calibrate(device, *catalog, rows, progress), {}});
            } catch (const core::InputError& error) {
                promise.addResult(FitOutcome{{}, error});
            } catch (const core::CalibrationCancelled&) {
                // No result: the future is cancelled.
            }
        }));
    return true;
}

bool CalibrationDialog::isFitting() const
{
    return m_fitting;
}

void CalibrationDialog::stopFit()
{
    m_fit->cancel();
    m_stopButton->setEnabled(false); // until the worker has seen it
}

void CalibrationDialog::done(int result)
{
    stopFit();
    QDialog::done(result);
}

void CalibrationDialog::showFitOutcome()
{
    setFitting(false);
    const QFuture<FitOutcome> future = m_fit->future();
    if (future.isCanceled() || future.resultCount() == 0) {
        showMessage(tr("Fit stopped: the device is unchanged."), false);
        emit fitFinished(false);
        return;
    }
    const FitOutcome outcome = future.result();
    if (outcome.error) {
        const core::InputError& error = *outcome.error;
        QString text = translatedError(error);
        // The core's point index 2 is the row the user sees as 3.
        if (const auto point = core::calibrationPointField(error)) {
            text = translatedMessage(error.message());
            const QString row = QString::number(point->index + 1);
            text = point->field.empty()
                       ? tr("Row %1: %2").arg(row, text)
                       : tr("Row %1 (%2): %3").arg(row, QString::fromStdString(point->field), text);
        }
        showMessage(text, true);
        emit fitFinished(false);
        return;
    }
    m_result = outcome.result;
    showResult();
    showMessage(tr("Fitted to %n measurement(s).", nullptr, static_cast<int>(m_fitRows)), false);
    emit fitFinished(true);
}

void CalibrationDialog::setFitting(bool fitting)
{
    // The rows stay as the worker read them: editing them, adding, removing or importing waits.
    for (QWidget* widget :
         std::initializer_list<QWidget*>{m_table, m_addButton, m_removeButton, m_importButton, m_fitButton})
        widget->setEnabled(!fitting);
    m_fitting = fitting;
    m_progress->setValue(0);
    m_progress->setVisible(fitting);
    m_stopButton->setEnabled(fitting);
    m_stopButton->setVisible(fitting);
    if (fitting)
        m_stopButton->setFocus();
    else if (isVisible())
        m_fitButton->setFocus();
}

core::Device CalibrationDialog::calibratedDevice() const
{
    if (!m_result)
        return m_device;
    return core::calibratedDevice(m_device, *m_result,
                                  QDate::currentDate().toString(Qt::ISODate).toStdString());
}

QString CalibrationDialog::message() const
{
    return m_messageLabel->text();
}

void CalibrationDialog::addRow()
{
    // The selected (else last) row's settings, with the measurement left to fill in.
    core::CalibrationPoint point;
    point.scenario.promptTokens = 512;
    point.scenario.outputTokens = 128;
    const int from = m_table->currentRow() >= 0 ? m_table->currentRow() : m_table->rowCount() - 1;
    if (from >= 0 && m_table->item(from, ModelColumn)) {
        const auto data = [this, from](int column, int role) {
            return m_table->item(from, column)->data(role);
        };
        point.quantity = static_cast<Quantity>(data(QuantityColumn, IdRole).toInt());
        point.scenario.modelId = data(ModelColumn, IdRole).toString().toStdString();
        point.scenario.batch = data(BatchColumn, Qt::EditRole).toLongLong();
        point.scenario.promptTokens = data(PromptColumn, Qt::EditRole).toLongLong();
        point.scenario.outputTokens = data(OutputColumn, Qt::EditRole).toLongLong();
        point.scenario.devices = data(DevicesColumn, Qt::EditRole).toLongLong();
        point.scenario.weights = core::parsePrecision(data(WeightsColumn, IdRole).toString().toStdString())
                                     .value_or(core::Precision::Bf16);
        point.scenario.compute = core::parsePrecision(data(ComputeColumn, IdRole).toString().toStdString())
                                     .value_or(core::Precision::Bf16);
    } else if (m_catalog->findModel("llama-3.1-8b")) {
        point.scenario.modelId = "llama-3.1-8b";
    } else if (!m_catalog->models().empty()) {
        point.scenario.modelId = m_catalog->models().front().id;
    }
    if (!addPoint(point))
        return;
    const int row = m_table->rowCount() - 1;
    m_table->setCurrentCell(row, MeasuredColumn);
    m_table->setFocus();
}

void CalibrationDialog::removeRows()
{
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    if (rows.isEmpty() && m_table->currentRow() >= 0)
        rows.append(m_table->currentRow());
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (const int row : rows)
        m_table->removeRow(row);
    if (!rows.isEmpty())
        discardFit();
}

void CalibrationDialog::importCsvDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Measurements"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        importCsv(path);
}

void CalibrationDialog::discardFit()
{
    if (m_filling)
        return;
    if (m_fitting)
        stopFit(); // the fit would be of other rows
    const bool hadResult = m_result.has_value();
    m_result.reset();
    showResult();
    if (hadResult)
        showMessage(tr("The measurements changed: press Fit again."), false);
}

void CalibrationDialog::showMessage(const QString& text, bool problem)
{
    m_messageLabel->setText(problem ? tr("⚠ %1").arg(text) : text);
    QFont font = m_messageLabel->font();
    font.setBold(problem);
    m_messageLabel->setFont(font);
}

void CalibrationDialog::showResult()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_result.has_value());
    m_results->setRowCount(0);
    if (!m_result) {
        m_gemmLabel->setText(tr("not fitted yet"));
        m_memoryLabel->setText(tr("not fitted yet"));
        m_latencyLabel->setText(tr("not fitted yet"));
        m_summaryLabel->setText(tr("Press Fit to compare the estimates with your measurements."));
        m_notesLabel->clear();
        return;
    }
    const core::CalibrationResult& r = *m_result;
    const core::Efficiencies before = core::calibratedEfficiencies(core::Scenario{}, m_device);
    m_gemmLabel->setText(
        r.gemmFraction > 0
            ? tr("%1 (was %2)").arg(fraction(r.gemmFraction), fraction(before.compute))
            : tr("unchanged, %1: no measurement is compute-bound").arg(fraction(before.compute)));
    m_memoryLabel->setText(
        r.memoryFraction > 0
            ? tr("%1 (was %2)").arg(fraction(r.memoryFraction), fraction(before.memory))
            : tr("unchanged, %1: no measurement is memory-bound").arg(fraction(before.memory)));
    const auto micros = [](double seconds) {
        return tr("%1 µs").arg(QLocale().toString(seconds * 1e6, 'f', seconds * 1e6 < 10 ? 1 : 0));
    };
    m_latencyLabel->setText(
        r.layerLatencySeconds >= 0
            ? tr("%1 (was %2)").arg(micros(r.layerLatencySeconds), micros(before.layerLatencySeconds))
            : tr("unchanged, %1: no measurement is small-batch decode")
                  .arg(micros(before.layerLatencySeconds)));

    m_results->setRowCount(static_cast<int>(r.rows.size()));
    for (int row = 0; row < static_cast<int>(r.rows.size()); ++row) {
        const core::CalibrationRow& values = r.rows[static_cast<std::size_t>(row)];
        const QTableWidgetItem* quantityItem = m_table->item(row, QuantityColumn);
        const auto quantity = static_cast<Quantity>(quantityItem ? quantityItem->data(IdRole).toInt() : 0);
        const QTableWidgetItem* modelItem = m_table->item(row, ModelColumn);
        m_results->setItem(row, 0, readOnlyItem(QLocale().toString(row + 1), true));
        m_results->setItem(row, 1,
                           readOnlyItem(tr("%1 · %2").arg(quantityLabel(quantity),
                                                          modelItem ? modelItem->text() : QString()),
                                        false));
        m_results->setItem(row, 2, readOnlyItem(withUnit(values.measured, quantity, 6), true));
        m_results->setItem(row, 3, readOnlyItem(withUnit(values.predictedBefore, quantity), true));
        m_results->setItem(row, 4, readOnlyItem(errorPercent(values.ratioBefore()), true));
        m_results->setItem(row, 5, readOnlyItem(withUnit(values.predictedAfter, quantity), true));
        m_results->setItem(row, 6, readOnlyItem(errorPercent(values.ratioAfter()), true));
    }
    m_summaryLabel->setText(tr("Median error %1 before, %2 after; worst %3 before, %4 after.")
                                .arg(errorPercent(r.medianRatioBefore), errorPercent(r.medianRatioAfter),
                                     errorPercent(r.worstRatioBefore), errorPercent(r.worstRatioAfter)));
    QStringList notes;
    for (const QString& note : translatedMessages(r.notes))
        notes << QStringLiteral("• ") + note;
    m_notesLabel->setText(notes.join(QLatin1Char('\n')));
}

} // namespace lhe::widgets
