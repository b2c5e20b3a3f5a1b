#include "widgets/controls/scenario_controls.h"

#include "core/catalog/catalog.h"
#include "core/estimate/report.h"
#include "widgets/controls/device_items.h"
#include "widgets/controls/device_search.h"
#include "widgets/controls/fine_tuning_controls.h"
#include "widgets/controls/model_items.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/serving_controls.h"
#include "widgets/controls/slider_scale.h"
#include "widgets/controls/spin_box_value.h"
#include "widgets/dialogs/overheads_dialog.h"
#include "widgets/document/scenario_document.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <algorithm>
#include <functional>

namespace lhe::widgets {

namespace {

// Sets a flag for the lifetime of the guard: handlers return early while controls are set in code.
class SyncGuard
{
public:
    explicit SyncGuard(bool& flag) : m_flag(flag), m_previous(flag) { m_flag = true; }
    ~SyncGuard() { m_flag = m_previous; }
    SyncGuard(const SyncGuard&) = delete;
    SyncGuard& operator=(const SyncGuard&) = delete;

private:
    bool& m_flag;
    bool m_previous;
};

// Every count of a valid scenario fits the spin boxes (core::scenarioFromJson's ranges).
int toInt(long long value)
{
    return static_cast<int>(value);
}

// 16- and 32-bit compute formats store activations in the same format; FP8 and narrower GEMMs
// keep bf16 activations between kernels (NVIDIA Transformer Engine's FP8 recipe).
core::Precision activationsForCompute(core::Precision compute)
{
    switch (compute) {
    case core::Precision::Fp32:
    case core::Precision::Tf32:
        return core::Precision::Fp32;
    case core::Precision::Fp16:
        return core::Precision::Fp16;
    default:
        return core::Precision::Bf16;
    }
}

void setPrecisionItem(QComboBox* combo, core::Precision precision)
{
    combo->setCurrentIndex(combo->findData(qs(core::precisionName(precision))));
}

core::Precision precisionOf(const QComboBox* combo, core::Precision fallback)
{
    return core::parsePrecision(combo->currentData().toString().toStdString()).value_or(fallback);
}

QString splitText(const core::Parallelism& p)
{
    QString text =
        ScenarioControls::tr("tensor %1 × pipeline %2 × data %3").arg(p.tensor).arg(p.pipeline).arg(p.data);
    if (p.expert > 1)
        text = p.placement == core::ExpertPlacement::WithAttention
                   ? ScenarioControls::tr("%1, experts over %2 of them").arg(text).arg(p.expert)
                   : ScenarioControls::tr("%1 × expert %2").arg(text).arg(p.expert);
    return text;
}

} // namespace

ScenarioControls::ScenarioControls(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    buildUi();
    connectSignals();
    connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] {
        showScenario();
        emit scenarioChanged(scenario());
    });
    connect(m_document, &ScenarioDocument::reportChanged, this, [this] {
        if (m_document->report())
            setReport(*m_document->report());
    });
    showScenario();
    styleHeaders();
}

ScenarioControls::~ScenarioControls() = default;

// ---------------------------------------------------------------------------------------------
// Pickers

void ScenarioControls::populateDevices(const core::Catalog& catalog)
{
    m_deviceContextBytes.clear();
    for (const core::Device& device : catalog.devices())
        m_deviceContextBytes.insert(qs(device.id), device.runtimeOverheadBytes);
    fillDeviceModel(*m_ui.deviceModel, catalog);
    m_ui.deviceSearch->setCatalog(catalog);
}

void ScenarioControls::populateModels(const core::Catalog* catalog)
{
    if (catalog) {
        fillModelModel(*m_ui.modelModel, *catalog);
        m_serving->setModels(*catalog);
    } else {
        // Only the imported rows change: drop them and append them again below.
        for (int row = 0; row < m_ui.modelModel->rowCount(); ++row) {
            const QStandardItem* item = m_ui.modelModel->item(row);
            if (item->data(ImportIndexRole).isValid()) {
                m_ui.modelModel->removeRows(row, m_ui.modelModel->rowCount() - row);
                break;
            }
        }
    }
    if (m_imported.empty())
        return;
    QStandardItem* header = headerItem(tr("Imported"));
    header->setData(-1, ImportIndexRole);
    m_ui.modelModel->appendRow(header);
    for (std::size_t i = 0; i < m_imported.size(); ++i)
        m_ui.modelModel->appendRow(importedModelItem(m_imported[i].config, m_imported[i].tensors,
                                                     m_imported[i].path, static_cast<int>(i)));
}

// Headers are disabled so that arrow keys skip them; give them the normal text colour (bold) so
// they read as titles rather than as greyed-out entries. Re-run on palette changes (dark mode).
void ScenarioControls::styleHeaders()
{
    const QBrush text = palette().brush(QPalette::Active, QPalette::Text);
    for (QStandardItemModel* model :
         {m_ui.deviceModel, m_ui.modelModel, qobject_cast<QStandardItemModel*>(m_ui.weightsCombo->model())}) {
        for (int row = 0; row < model->rowCount(); ++row) {
            QStandardItem* item = model->item(row);
            if (item->data(KindRole).toInt() == HeaderItem)
                item->setForeground(text);
        }
    }
}

void ScenarioControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        styleHeaders();
    if (event->type() == QEvent::LanguageChange && m_scroll)
        retranslateUi();
    QWidget::changeEvent(event);
}

// The panel is a view of the document, so a new language builds it again: every label, tooltip,
// accessible name and picker entry runs through tr() once more, and showScenario() puts the
// document's values back. Only the keyboard focus and the scroll position are carried over.
void ScenarioControls::retranslateUi()
{
    const int scrolled = m_scroll->verticalScrollBar()->value();
    const QString focused = m_scroll->isAncestorOf(focusWidget()) ? focusWidget()->objectName() : QString();
    delete m_scroll; // the content, every control and the mode group
    m_scroll = nullptr;
    buildUi();
    connectSignals();
    if (m_catalog) {
        SyncGuard guard(m_syncing);
        populateDevices(*m_catalog);
        populateModels(&*m_catalog);
    }
    styleHeaders();
    showScenario();
    m_scroll->verticalScrollBar()->setValue(scrolled);
    if (!focused.isEmpty())
        if (auto* widget = m_scroll->findChild<QWidget*>(focused))
            widget->setFocus();
}

void ScenarioControls::selectDevice()
{
    const QString id = qs(m_document->scenario().deviceId);
    // The row shown already, as after every slider step: no search through the catalog's rows
    // (reading each row's id was about 1 % of a drag's CPU time in a perf profile).
    int found = m_ui.deviceCombo->currentIndex();
    if (id.isEmpty() || found < 0 || itemKind(m_ui.deviceCombo, found) != EntryItem ||
        m_ui.deviceCombo->itemData(found, IdRole).toString() != id)
        found = -1;
    for (int row = 0; found < 0 && row < m_ui.deviceCombo->count() && !id.isEmpty(); ++row) {
        if (itemKind(m_ui.deviceCombo, row) == EntryItem &&
            m_ui.deviceCombo->itemData(row, IdRole).toString() == id) {
            found = row;
            break;
        }
    }
    m_ui.deviceCombo->setPlaceholderText(id.isEmpty() ? tr("Choose a device")
                                                      : tr("%1 (not in catalog)").arg(id));
    m_ui.deviceCombo->setCurrentIndex(found);
    m_ui.deviceSummary->setText(found >= 0 ? m_ui.deviceCombo->itemData(found, SummaryRole).toString()
                                           : QString());
    m_ui.deviceSummary->setVisible(found >= 0);
}

void ScenarioControls::selectModel()
{
    int found = -1;
    const core::Scenario& shown = m_document->scenario();
    const int importIndex =
        shown.modelConfig
            ? importedIndexFor(*shown.modelConfig, shown.modelTensors.value_or(nlohmann::json()))
            : -1;
    const QString id = qs(shown.modelId);
    const auto shows = [&](int row) {
        const int kind = itemKind(m_ui.modelCombo, row);
        return (shown.modelConfig && kind == ImportedItem &&
                m_ui.modelCombo->itemData(row, ImportIndexRole).toInt() == importIndex) ||
               (!shown.modelConfig && !id.isEmpty() && kind == EntryItem &&
                m_ui.modelCombo->itemData(row, IdRole).toString() == id);
    };
    // The row shown already first (after a slider step it is the one), then the others.
    if (const int current = m_ui.modelCombo->currentIndex(); current >= 0 && shows(current))
        found = current;
    for (int row = 0; found < 0 && row < m_ui.modelCombo->count(); ++row) {
        if (shows(row))
            found = row;
    }
    m_ui.modelCombo->setPlaceholderText(id.isEmpty() ? tr("Choose a model")
                                                     : tr("%1 (not in catalog)").arg(id));
    m_ui.modelCombo->setCurrentIndex(found);
    m_ui.modelSummary->setText(found >= 0 ? m_ui.modelCombo->itemData(found, SummaryRole).toString()
                                          : QString());
    m_ui.modelSummary->setVisible(found >= 0);
    fitPromptRangeToModel();
}

int ScenarioControls::importedIndexFor(const nlohmann::json& config, const nlohmann::json& tensors) const
{
    for (std::size_t i = 0; i < m_imported.size(); ++i) {
        if (m_imported[i].config == config && m_imported[i].tensors == tensors)
            return static_cast<int>(i);
    }
    return -1;
}

void ScenarioControls::setCatalog(const core::Catalog& catalog)
{
    m_catalog = catalog; // for a rebuild in another language
    {
        SyncGuard guard(m_syncing);
        populateDevices(catalog);
        populateModels(&catalog);
        styleHeaders();
        selectDevice();
        selectModel();
    }
    // An empty document (no device yet) starts on the first GPU and the first model.
    core::Scenario start = m_document->scenario();
    if (!start.deviceId.empty())
        return;
    const auto& devices = catalog.devices();
    const auto gpu = std::find_if(devices.begin(), devices.end(), [](const core::Device& d) {
        return d.deviceClass == core::DeviceClass::Gpu;
    });
    if (gpu != devices.end())
        start.deviceId = gpu->id;
    else if (!devices.empty())
        start.deviceId = devices.front().id;
    if (start.modelId.empty() && !start.modelConfig) {
        for (int row = 0; row < m_ui.modelCombo->count(); ++row) {
            if (itemKind(m_ui.modelCombo, row) == EntryItem) {
                start.modelId = m_ui.modelCombo->itemData(row, IdRole).toString().toStdString();
                break;
            }
        }
    }
    if (!start.deviceId.empty() && (!start.modelId.empty() || start.modelConfig))
        m_document->load(core::scenarioToJson(start), nullptr);
}

void ScenarioControls::setImportedModelConfig(const nlohmann::json& config, const QString& label)
{
    setImportedModel(config, nlohmann::json(), label);
}

void ScenarioControls::setImportedModel(const nlohmann::json& config, const nlohmann::json& tensors,
                                        const QString& label)
{
    core::Scenario next = edited();
    {
        SyncGuard guard(m_syncing);
        int index = importedIndexFor(config, tensors);
        if (index < 0) {
            m_imported.push_back({config, tensors, label});
            index = static_cast<int>(m_imported.size()) - 1;
        } else if (!label.isEmpty()) {
            m_imported[static_cast<std::size_t>(index)].path = label;
        }
        populateModels(nullptr);
        styleHeaders();
        next.modelId.clear();
        next.modelConfig = config;
        next.modelConfigPath = m_imported[static_cast<std::size_t>(index)].path.toStdString();
        next.modelTensors = tensors.is_null() ? std::nullopt : std::optional<nlohmann::json>(tensors);
        for (int row = 0; row < m_ui.modelCombo->count(); ++row)
            if (itemKind(m_ui.modelCombo, row) == ImportedItem &&
                m_ui.modelCombo->itemData(row, ImportIndexRole).toInt() == index)
                serveAsStored(next, row);
    }
    submit(next);
}

void ScenarioControls::onDeviceActivated()
{
    const int row = m_ui.deviceCombo->currentIndex();
    if (row < 0 || itemKind(m_ui.deviceCombo, row) != EntryItem)
        return;
    core::Scenario next = edited();
    next.deviceId = m_ui.deviceCombo->itemData(row, IdRole).toString().toStdString();
    if (m_priceLookup) // a price is per device: the new one's, or none
        next.serving.pricePerDeviceHour = m_priceLookup(next.deviceId);
    submit(next);
}

void ScenarioControls::onModelActivated()
{
    const int row = m_ui.modelCombo->currentIndex();
    if (row < 0)
        return;
    const int kind = itemKind(m_ui.modelCombo, row);
    core::Scenario next = edited();
    if (kind == ImportedItem) {
        const auto& imported =
            m_imported.at(static_cast<std::size_t>(m_ui.modelCombo->itemData(row, ImportIndexRole).toInt()));
        next.modelId.clear();
        next.modelConfig = imported.config;
        next.modelConfigPath = imported.path.toStdString();
        next.modelTensors =
            imported.tensors.is_null() ? std::nullopt : std::optional<nlohmann::json>(imported.tensors);
    } else if (kind == EntryItem) {
        next.modelId = m_ui.modelCombo->itemData(row, IdRole).toString().toStdString();
        next.modelConfig.reset();
        next.modelConfigPath.clear();
        next.modelTensors.reset();
    } else {
        return;
    }
    serveAsStored(next, row);
    submit(next);
}

void ScenarioControls::serveAsStored(core::Scenario& next, int row) const
{
    // A quantized checkpoint is served as stored: the picker says so rather than bf16.
    if (row >= 0 && m_ui.modelCombo->itemData(row, QuantizedRole).toBool() &&
        next.mode == core::Mode::Inference) {
        next.weights = core::Precision::Checkpoint;
        next.weightsGiven = true;
    }
}

void ScenarioControls::fitPromptRangeToModel()
{
    const int row = m_ui.modelCombo->currentIndex();
    const qlonglong context = row >= 0 ? m_ui.modelCombo->itemData(row, ContextRole).toLongLong() : 0;
    const int span = static_cast<int>(
        std::clamp<qlonglong>(context > 0 ? context : kPromptDefaultContext, kPromptMin * 8, kPromptMax));
    const int needed = std::max(span, m_ui.promptSpin->value());
    int last = positionForPrompt(needed);
    if (promptForPosition(last) < needed && last < kPromptMaxPosition)
        ++last; // the slider's end reaches the context, never short of it
    SyncGuard guard(m_syncing);
    const int position = m_ui.promptSlider->value();
    m_ui.promptSlider->setMaximum(last);
    m_ui.promptSlider->setValue(position);
}

// ---------------------------------------------------------------------------------------------
// Mode, device count, split, precision

void ScenarioControls::onModeChanged()
{
    core::Scenario next = edited();
    if (next.mode == core::Mode::Training &&
        (core::isWeightOnly(next.weights) || next.weights == core::Precision::Checkpoint)) {
        // The core rejects weight-only formats in training: fall back to bf16 weights.
        next.weights = core::Precision::Bf16;
        next.weightsGiven = true;
    }
    submit(next);
}

void ScenarioControls::applyModeToUi()
{
    const bool training = m_ui.trainingRadio->isChecked();
    m_ui.promptLabel->setText(training ? tr("Se&quence length") : tr("&Prompt tokens"));
    const QString promptName = training ? tr("Sequence length") : tr("Prompt tokens");
    m_ui.promptSpin->setAccessibleName(promptName);
    m_ui.promptSlider->setAccessibleName(tr("%1 slider").arg(promptName));
    m_ui.promptSpin->setToolTip(training ? tr("Tokens per training sequence (1 to 1,000,000,000).")
                                         : tr("Prompt length per sequence (1 to 1,000,000,000)."));
    m_ui.promptSlider->setToolTip(tr("%1 on a log scale from 128 to the model's context length (at most "
                                     "10,485,760); type an exact value in the box.")
                                      .arg(promptName));
    const QString batchName = training ? tr("Global batch") : tr("Batch");
    m_ui.batchSpin->setAccessibleName(batchName);
    m_ui.batchSlider->setAccessibleName(tr("%1 slider").arg(batchName));
    m_ui.batchSpin->setToolTip(
        training ? tr("Sequences per optimizer step, over all replicas (1 to 1,000,000,000).")
                 : tr("Sequences processed together (1 to 1,000,000,000)."));
    m_ui.batchSlider->setToolTip(
        tr("%1 in powers of two from 1 to 4,096; type any value in the box.").arg(batchName));
    for (QWidget* output : {static_cast<QWidget*>(m_ui.outputLabel), static_cast<QWidget*>(m_ui.outputSpin),
                            static_cast<QWidget*>(m_ui.outputSlider)})
        output->setEnabled(!training);
    m_ui.trainingGroup->setEnabled(training);
    m_serving->group()->setEnabled(!training);
    auto* weights = qobject_cast<QStandardItemModel*>(m_ui.weightsCombo->model());
    for (int row = 0; row < weights->rowCount(); ++row) {
        QStandardItem* item = weights->item(row);
        const auto precision = core::parsePrecision(item->data(Qt::UserRole).toString().toStdString());
        if (precision && core::isWeightOnly(*precision))
            item->setFlags(training ? Qt::NoItemFlags : (Qt::ItemIsEnabled | Qt::ItemIsSelectable));
    }
}

void ScenarioControls::onDevicesChanged()
{
    if (!m_ui.autoSplitCheck->isChecked()) {
        // Let the data degree absorb the new count when the other degrees divide it.
        const long long devices = m_ui.devicesSpin->value();
        const long long others = static_cast<long long>(m_ui.tensorSpin->value()) *
                                 m_ui.pipelineSpin->value() * m_ui.expertSpin->value();
        if (others > 0 && devices % others == 0) {
            SyncGuard guard(m_syncing);
            m_ui.dataSpin->setValue(static_cast<int>(devices / others));
        }
    }
    commit();
}

void ScenarioControls::onAutoSplitToggled(bool autoSplit)
{
    if (!autoSplit && !manualSplit()) {
        // Start the manual split from the core's choice, or from tensor = devices.
        SyncGuard guard(m_syncing);
        core::Parallelism start;
        if (m_autoSplit && m_autoSplit->product() == m_ui.devicesSpin->value())
            start = *m_autoSplit;
        else
            start.tensor = m_ui.devicesSpin->value();
        m_ui.tensorSpin->setValue(static_cast<int>(start.tensor));
        m_ui.pipelineSpin->setValue(static_cast<int>(start.pipeline));
        m_ui.dataSpin->setValue(static_cast<int>(start.data));
        m_ui.expertSpin->setValue(static_cast<int>(start.expert));
    }
    commit();
}

void ScenarioControls::updateActivationsLabel()
{
    m_ui.activationsLabel->setText(
        tr("Activations: %1").arg(qs(core::precisionName(m_document->scenario().activations))));
}

void ScenarioControls::onComputeChanged()
{
    core::Scenario next = edited();
    next.activations = activationsForCompute(next.compute);
    submit(next);
}

std::optional<core::Parallelism> ScenarioControls::manualSplit() const
{
    core::Parallelism split;
    split.tensor = m_ui.tensorSpin->value();
    split.pipeline = m_ui.pipelineSpin->value();
    split.data = m_ui.dataSpin->value();
    split.expert = m_ui.expertSpin->value();
    // The counts say where the experts live (docs/METHOD.md §6.4): beside attention when tensor x
    // pipeline x data alone is the device count, a dimension of their own when expert multiplies it.
    const long long devices = m_ui.devicesSpin->value();
    if (split.expert > 1 && split.tensor * split.pipeline * split.data == devices) {
        if ((split.tensor * split.data) % split.expert != 0)
            return std::nullopt;
        split.placement = core::ExpertPlacement::WithAttention;
        return split;
    }
    if (split.product() != devices)
        return std::nullopt;
    return split;
}

void ScenarioControls::updateSplitDisplay()
{
    const bool autoSplit = m_ui.autoSplitCheck->isChecked();
    for (QSpinBox* spin : {m_ui.tensorSpin, m_ui.pipelineSpin, m_ui.dataSpin, m_ui.expertSpin})
        spin->setEnabled(!autoSplit);
    if (autoSplit) {
        if (m_autoSplit) {
            SyncGuard guard(m_syncing);
            showValue(m_ui.tensorSpin, toInt(m_autoSplit->tensor));
            showValue(m_ui.pipelineSpin, toInt(m_autoSplit->pipeline));
            showValue(m_ui.dataSpin, toInt(m_autoSplit->data));
            showValue(m_ui.expertSpin, toInt(m_autoSplit->expert));
        }
        m_ui.splitLabel->setText(m_autoSplit ? tr("Auto: %1").arg(splitText(*m_autoSplit))
                                             : tr("Auto: the estimator chooses the split."));
        m_ui.splitLabel->setVisible(true);
        m_ui.splitWarning->clear();
        m_ui.splitWarning->setVisible(false);
        return;
    }
    m_ui.splitLabel->setText(
        tr("Manual: tensor × pipeline × data × expert equals the device count, or tensor "
           "× pipeline × data alone with the experts spread over attention's devices."));
    if (manualSplit()) {
        m_ui.splitWarning->clear();
        m_ui.splitWarning->setVisible(false);
        return;
    }
    const long long product = static_cast<long long>(m_ui.tensorSpin->value()) * m_ui.pipelineSpin->value() *
                              m_ui.dataSpin->value() * m_ui.expertSpin->value();
    const long long attention = static_cast<long long>(m_ui.tensorSpin->value()) *
                                m_ui.pipelineSpin->value() * m_ui.dataSpin->value();
    QString text = attention == m_ui.devicesSpin->value()
                       ? tr("⚠ Expert %1 must divide tensor %2 × data %3 to spread the experts over "
                            "attention's devices.")
                             .arg(m_ui.expertSpin->value())
                             .arg(m_ui.tensorSpin->value())
                             .arg(m_ui.dataSpin->value())
                       : tr("⚠ Tensor × pipeline × data × expert = %1, not the device count %2.")
                             .arg(product)
                             .arg(m_ui.devicesSpin->value());
    const std::optional<core::Parallelism>& inUse = m_document->scenario().parallelism;
    if (inUse && inUse->product() == m_ui.devicesSpin->value())
        text += QLatin1Char(' ') + tr("Still using %1.").arg(splitText(*inUse));
    else
        text += QLatin1Char(' ') + tr("The estimate waits for a matching split.");
    m_ui.splitWarning->setText(text);
    m_ui.splitWarning->setVisible(true);
}

void ScenarioControls::setReport(const core::Report& report)
{
    m_autoSplit = report.scenario.parallelism;
    updateSplitDisplay();
}

// ---------------------------------------------------------------------------------------------
// Scenario in and out

void ScenarioControls::setScenario(const nlohmann::json& scenario)
{
    m_document->change(core::scenarioFromJson(scenario)); // throws before anything changes
}

void ScenarioControls::showScenario()
{
    const core::Scenario& s = m_document->scenario();
    {
        SyncGuard guard(m_syncing);
        // The document evaluates a scenario before it announces it: its report, if any, is this
        // scenario's, and names the split the estimator chose. (Resetting it here named no split
        // after every change, and flipped the label twice per slider step, each flip a layout
        // pass of the whole panel.)
        m_autoSplit = m_document->report() ? m_document->report()->scenario.parallelism : std::nullopt;
        if (s.modelConfig) {
            const nlohmann::json tensors = s.modelTensors.value_or(nlohmann::json());
            const int index = importedIndexFor(*s.modelConfig, tensors);
            if (index < 0)
                m_imported.push_back({*s.modelConfig, tensors, qs(s.modelConfigPath)});
            else
                m_imported[static_cast<std::size_t>(index)].path = qs(s.modelConfigPath);
            populateModels(nullptr);
            styleHeaders();
        }
        selectDevice();
        selectModel();

        // Every value as it is; a slider whose span ends below it stays at its end.
        (s.mode == core::Mode::Training ? m_ui.trainingRadio : m_ui.inferenceRadio)->setChecked(true);
        showValue(m_ui.batchSpin, toInt(s.batch));
        m_ui.batchSlider->setValue(positionForBatch(m_ui.batchSpin->value()));
        showValue(m_ui.promptSpin, toInt(s.promptTokens));
        fitPromptRangeToModel();
        m_ui.promptSlider->setValue(positionForPrompt(m_ui.promptSpin->value()));
        showValue(m_ui.outputSpin, toInt(s.outputTokens));
        m_ui.outputSlider->setValue(positionForOutput(m_ui.outputSpin->value()));
        showValue(m_ui.devicesSpin, toInt(s.devices));
        m_ui.devicesSlider->setValue(positionForDevices(m_ui.devicesSpin->value()));

        m_ui.autoSplitCheck->setChecked(!s.parallelism);
        // The boxes of a manual split being edited keep what the user typed while other edits
        // go through with the document's split.
        if (s.parallelism && !m_submitting) {
            const core::Parallelism& p = *s.parallelism;
            showValue(m_ui.tensorSpin, toInt(p.tensor));
            showValue(m_ui.pipelineSpin, toInt(p.pipeline));
            showValue(m_ui.dataSpin, toInt(p.data));
            showValue(m_ui.expertSpin, toInt(p.expert));
        }

        setPrecisionItem(m_ui.weightsCombo, shownWeights());
        setPrecisionItem(m_ui.kvCacheCombo, s.kvCache);
        setPrecisionItem(m_ui.computeCombo, s.compute);
        m_ui.zeroCombo->setCurrentIndex(m_ui.zeroCombo->findData(s.training.zeroStage));
        m_ui.recomputeCombo->setCurrentIndex(
            m_ui.recomputeCombo->findData(qs(core::recomputeName(s.training.recompute))));
        showValue(m_ui.microBatchSpin, toInt(s.training.microBatch));
        m_ui.optimizerCombo->setCurrentIndex(
            m_ui.optimizerCombo->findData(qs(core::optimizerName(s.training.optimizer))));
        m_ui.fineTuning->show(s.training);
        m_serving->show(s.serving);
        m_ui.flashAttentionCheck->setChecked(s.flashAttention);
        applyModeToUi();
        updateSplitDisplay();
    }
    updateActivationsLabel();
}

core::Precision ScenarioControls::shownWeights() const
{
    // A scenario that names no weight format gets what the core gives it: a quantized
    // checkpoint as stored in inference.
    const core::Scenario& s = m_document->scenario();
    const int modelRow = m_ui.modelCombo->currentIndex();
    const bool quantized = modelRow >= 0 && m_ui.modelCombo->itemData(modelRow, QuantizedRole).toBool();
    return !s.weightsGiven && quantized && s.mode == core::Mode::Inference ? core::Precision::Checkpoint
                                                                           : s.weights;
}

void ScenarioControls::setOverheads(const core::Overheads& overheads)
{
    core::Scenario next = edited();
    next.overheads = overheads;
    submit(next);
}

void ScenarioControls::editOverheads()
{
    const core::Scenario& s = m_document->scenario();
    OverheadsDialog dialog(s.overheads, m_deviceContextBytes.value(qs(s.deviceId)),
                           m_ui.deviceCombo->currentText(), this);
    if (dialog.exec() == QDialog::Accepted)
        setOverheads(dialog.overheads());
}

void ScenarioControls::setBatchAndPrompt(long long batch, long long promptTokens)
{
    core::Scenario next = edited();
    next.batch = std::clamp<long long>(batch, 1, core::kMaxScenarioCount);
    next.promptTokens = std::clamp<long long>(promptTokens, 1, core::kMaxScenarioCount);
    submit(next);
}

std::optional<core::Scenario> ScenarioControls::fromControls() const
{
    const core::Scenario& shown = m_document->scenario();
    core::Scenario s = shown;
    s.mode = m_ui.trainingRadio->isChecked() ? core::Mode::Training : core::Mode::Inference;
    s.batch = m_ui.batchSpin->value();
    s.promptTokens = m_ui.promptSpin->value();
    s.outputTokens = m_ui.outputSpin->value();
    s.devices = m_ui.devicesSpin->value();
    if (m_ui.autoSplitCheck->isChecked()) {
        s.parallelism.reset();
    } else {
        std::optional<core::Parallelism> split = manualSplit();
        if (!split && shown.parallelism && shown.parallelism->product() == s.devices)
            split = shown.parallelism; // the last split that matched, while the boxes do not
        if (!split)
            return std::nullopt;
        s.parallelism = split;
    }
    // Only a format the user picked becomes one the file names.
    const core::Precision weights = precisionOf(m_ui.weightsCombo, shownWeights());
    if (weights != shownWeights()) {
        s.weights = weights;
        s.weightsGiven = true;
    }
    s.kvCache = precisionOf(m_ui.kvCacheCombo, s.kvCache);
    s.compute = precisionOf(m_ui.computeCombo, s.compute);
    s.training.zeroStage = m_ui.zeroCombo->currentData().toInt();
    s.training.recompute =
        core::recomputeFromName(m_ui.recomputeCombo->currentData().toString().toStdString())
            .value_or(s.training.recompute);
    s.training.optimizer =
        core::optimizerFromName(m_ui.optimizerCombo->currentData().toString().toStdString())
            .value_or(s.training.optimizer);
    s.training.microBatch = m_ui.microBatchSpin->value();
    m_ui.fineTuning->apply(s.training);
    m_serving->apply(s.serving);
    // A file's own concurrency follows the batch box once the user moves it.
    if (s.serving.concurrency && s.batch != shown.batch)
        s.serving.concurrency = s.batch;
    s.flashAttention = m_ui.flashAttentionCheck->isChecked();
    return s;
}

core::Scenario ScenarioControls::edited() const
{
    return fromControls().value_or(m_document->scenario());
}

nlohmann::json ScenarioControls::scenario() const
{
    nlohmann::json shown = core::scenarioToJson(m_document->scenario());
    shown["precision"]["weights"] = core::precisionName(shownWeights());
    return shown;
}

void ScenarioControls::commit()
{
    updateSplitDisplay();
    if (const auto next = fromControls())
        submit(*next);
}

void ScenarioControls::submit(const core::Scenario& next)
{
    SyncGuard guard(m_submitting);
    m_document->change(next, m_dragId);
}

void ScenarioControls::showCurrency()
{
    m_serving->showCurrency();
}

} // namespace lhe::widgets
