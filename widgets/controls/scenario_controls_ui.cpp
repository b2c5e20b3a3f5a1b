// ScenarioControlsUi: the scenario panel's controls, built group by group (Hardware, Model,
// Workload, Parallel split, Precision and kernels, Training) into a scrolling column.
#include "widgets/controls/scenario_controls_ui.h"

#include "widgets/common/value_format.h"
#include "widgets/controls/device_search.h"
#include "widgets/controls/fine_tuning_controls.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/controls/slider_scale.h"
#include "widgets/layout/wrapped_label.h"

#include <QAbstractItemView>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <functional>
#include <utility>
#include <vector>

namespace lhe::widgets {

namespace {

// The spin boxes take the core's whole range: a value beyond a slider's end pins the slider there
// while its box shows the value.
constexpr int kMaxCount = static_cast<int>(core::kMaxScenarioCount);
constexpr int kMaxDevices = static_cast<int>(core::kMaxScenarioDevices);

constexpr std::array kComputePrecisions{core::Precision::Fp32, core::Precision::Tf32, core::Precision::Bf16,
                                        core::Precision::Fp16, core::Precision::Fp8,  core::Precision::Int8,
                                        core::Precision::Int4, core::Precision::Fp4};
// Block-scaled formats (README, "Devices"): weights and compute only; the cache engines of today
// store keys and values in bf16 or fp8.
constexpr std::array kBlockScaledPrecisions{core::Precision::MxFp8, core::Precision::MxFp4,
                                            core::Precision::NvFp4};
// Weight-only formats the picker lists with their bits (checkpoint has no single bit width).
constexpr std::array kWeightOnlyPrecisions{
    core::Precision::Q8_0, core::Precision::Q6_K,    core::Precision::Q5_K_M,  core::Precision::Q4_K_M,
    core::Precision::Q4_0, core::Precision::AwqInt4, core::Precision::GptqInt4};

QLabel* smallLabel(QWidget* parent)
{
    auto* label = new WrappedLabel(parent);
    label->setTextFormat(Qt::PlainText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    label->setFont(font);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

void prepareInput(QWidget* input, const QString& objectName, const QString& accessibleName,
                  const QString& toolTip)
{
    input->setObjectName(objectName);
    input->setAccessibleName(accessibleName);
    input->setToolTip(toolTip);
    input->setFocusPolicy(Qt::StrongFocus); // Tab and click, not the mouse wheel (see eventFilter)
}

// A picker whose closed box shows only the entry's name (NameRole): the figures are in the popup
// and in the summary line under it, and would only be elided in a narrow panel.
class NameOnlyComboBox : public QComboBox
{
public:
    using QComboBox::QComboBox;

protected:
    void paintEvent(QPaintEvent*) override
    {
        QStylePainter painter(this);
        painter.setPen(palette().color(QPalette::Text));
        QStyleOptionComboBox option;
        initStyleOption(&option);
        const QVariant name = currentData(ScenarioControls::NameRole);
        if (name.isValid()) {
            const QRect field =
                style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
            option.currentText = fontMetrics().elidedText(name.toString(), Qt::ElideRight, field.width());
        }
        painter.drawComplexControl(QStyle::CC_ComboBox, option);
        painter.drawControl(QStyle::CE_ComboBoxLabel, option);
    }
};

QComboBox* newCombo(QWidget* parent, bool nameOnly = false)
{
    QComboBox* combo = nameOnly ? new NameOnlyComboBox(parent) : new QComboBox(parent);
    // Long entries elide instead of widening the panel; the popup still widens to its contents.
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    combo->view()->setTextElideMode(Qt::ElideNone);
    return combo;
}

// A spin box as wide as a sample value rather than its range's longest: the parallel degrees
// take up to 10,000,000 but sit two to a row in a 300 px panel; a longer value scrolls in its box.
class CompactSpinBox : public QSpinBox
{
public:
    CompactSpinBox(QWidget* parent, QString sample) : QSpinBox(parent), m_sample(std::move(sample)) {}

    QSize sizeHint() const override { return narrowed(QSpinBox::sizeHint()); }
    QSize minimumSizeHint() const override { return narrowed(QSpinBox::minimumSizeHint()); }

private:
    // QAbstractSpinBox sizes its text field for the range's ends (each with a space): swap them
    // for the sample.
    QSize narrowed(QSize hint) const
    {
        const QFontMetrics metrics(font());
        const QString space(QLatin1Char(' '));
        const int range = std::max(metrics.horizontalAdvance(textFromValue(minimum()) + space),
                                   metrics.horizontalAdvance(textFromValue(maximum()) + space));
        hint.setWidth(hint.width() - range + metrics.horizontalAdvance(m_sample + space));
        return hint;
    }

    QString m_sample;
};

QSpinBox* newSpin(QWidget* parent, int minimum, int maximum, const QString& widthSample = {})
{
    auto* spin = widthSample.isEmpty() ? new QSpinBox(parent) : new CompactSpinBox(parent, widthSample);
    spin->setRange(minimum, maximum);
    spin->setGroupSeparatorShown(true);
    spin->setAccelerated(true);
    // Typing "4096" reports 4096 on Enter or focus-out, not 4, 40 and 409 on the way.
    spin->setKeyboardTracking(false);
    spin->setAlignment(Qt::AlignRight);
    return spin;
}

QSlider* newSlider(QWidget* parent, int maximum, int pageStep, int tickInterval)
{
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setRange(0, maximum);
    slider->setSingleStep(1);
    slider->setPageStep(pageStep);
    slider->setTickPosition(QSlider::TicksBelow);
    slider->setTickInterval(tickInterval);
    slider->setTracking(true); // valueChanged while dragging: the charts follow live
    return slider;
}

// A titled group of the column: label in column 0, field in column 1; slider rows put label and
// spin box on one line and the slider underneath at full width, so a 300 px panel still gets a
// usable slider.
std::pair<QGroupBox*, QGridLayout*> newGroup(QVBoxLayout* column, const QString& title)
{
    auto* group = new QGroupBox(title, column->parentWidget());
    auto* grid = new QGridLayout(group);
    grid->setContentsMargins(8, 6, 8, 8);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(4);
    grid->setColumnStretch(1, 1);
    column->addWidget(group);
    return {group, grid};
}

QLabel* addLabel(QGridLayout* grid, int row, const QString& text, QWidget* buddy)
{
    auto* label = new QLabel(text, buddy->parentWidget());
    label->setBuddy(buddy);
    grid->addWidget(label, row, 0);
    return label;
}

QLabel* addSliderRows(QGridLayout* grid, int row, const QString& text, QSpinBox* spin, QSlider* slider)
{
    auto* label = new QLabel(text, spin->parentWidget());
    label->setBuddy(spin);
    auto* line = new QHBoxLayout;
    line->addWidget(label);
    line->addStretch(1);
    line->addWidget(spin);
    grid->addLayout(line, row, 0, 1, 2);
    grid->addWidget(slider, row + 1, 0, 1, 2);
    return label;
}

} // namespace

void ScenarioControlsUi::setup(QVBoxLayout* column, QObject* owner)
{
    buildHardwareSection(column);
    buildModelSection(column);
    buildWorkloadSection(column, owner);
    buildSplitSection(column);
    buildPrecisionSection(column);
    buildTrainingSection(column);
}

void ScenarioControlsUi::buildHardwareSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Hardware"));
    deviceCombo = newCombo(group, true);
    deviceModel = new QStandardItemModel(deviceCombo);
    deviceCombo->setModel(deviceModel);
    prepareInput(deviceCombo, QStringLiteral("deviceCombo"), tr("Device"),
                 tr("The chip every device of the scenario uses. Hover an entry for its sources."));
    addLabel(grid, 0, tr("&Device"), deviceCombo);
    grid->addWidget(deviceCombo, 0, 1);
    deviceSearch = new DeviceSearch(group);
    grid->addWidget(deviceSearch, 1, 0, 1, 2);
    deviceSummary = smallLabel(group);
    deviceSummary->setObjectName(QStringLiteral("deviceSummary"));
    grid->addWidget(deviceSummary, 2, 0, 1, 2);

    devicesSpin = newSpin(group, 1, kMaxDevices);
    prepareInput(devicesSpin, QStringLiteral("deviceCountSpin"), tr("Device count"),
                 tr("Number of devices (GPUs or chips); any count from 1 to 10,000,000."));
    devicesSlider = newSlider(group, kDevicesMaxPosition, 1, 1);
    prepareInput(devicesSlider, QStringLiteral("deviceCountSlider"), tr("Device count slider"),
                 tr("Number of devices in powers of two; type any count in the box."));
    addSliderRows(grid, 3, tr("Device cou&nt"), devicesSpin, devicesSlider);
}

void ScenarioControlsUi::buildModelSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Model"));
    modelCombo = newCombo(group, true);
    modelModel = new QStandardItemModel(modelCombo);
    modelCombo->setModel(modelModel);
    prepareInput(modelCombo, QStringLiteral("modelCombo"), tr("Model"),
                 tr("Catalog model, grouped by family and ordered by size, or an imported config.json."));
    addLabel(grid, 0, tr("&Model"), modelCombo);
    grid->addWidget(modelCombo, 0, 1);
    modelSummary = smallLabel(group);
    modelSummary->setObjectName(QStringLiteral("modelSummary"));
    grid->addWidget(modelSummary, 1, 0, 1, 2);
    importButton = new QPushButton(tr("Import Hugging Face config.&json…"), group);
    prepareInput(importButton, QStringLiteral("importButton"), tr("Import Hugging Face config.json"),
                 tr("Read a model's config.json (dense, GQA, MoE or MLA) and use it as the model."));
    grid->addWidget(importButton, 2, 0, 1, 2);
}

void ScenarioControlsUi::buildWorkloadSection(QVBoxLayout* column, QObject* owner)
{
    auto [group, grid] = newGroup(column, tr("Workload"));
    auto* modeRow = new QHBoxLayout;
    inferenceRadio = new QRadioButton(tr("&Inference"), group);
    prepareInput(inferenceRadio, QStringLiteral("inferenceRadio"), tr("Inference mode"),
                 tr("Prefill a prompt, then generate output tokens."));
    trainingRadio = new QRadioButton(tr("&Training"), group);
    prepareInput(trainingRadio, QStringLiteral("trainingRadio"), tr("Training mode"),
                 tr("One optimizer step over the global batch."));
    modeGroup = new QButtonGroup(owner); // rebuilt with the panel
    modeGroup->addButton(inferenceRadio, 0);
    modeGroup->addButton(trainingRadio, 1);
    modeRow->addWidget(inferenceRadio);
    modeRow->addWidget(trainingRadio);
    modeRow->addStretch(1);
    grid->addWidget(new QLabel(tr("Mode"), group), 0, 0);
    grid->addLayout(modeRow, 0, 1);

    batchSpin = newSpin(group, 1, kMaxCount);
    batchSlider = newSlider(group, kBatchMaxPosition, 1, 1);
    addSliderRows(grid, 1, tr("&Batch"), batchSpin, batchSlider);

    promptSpin = newSpin(group, 1, kMaxCount);
    promptSlider = newSlider(group, kPromptMaxPosition, kPromptStepsPerOctave, kPromptStepsPerOctave);
    promptLabel = addSliderRows(grid, 3, tr("&Prompt tokens"), promptSpin, promptSlider);

    outputSpin = newSpin(group, 0, kMaxCount);
    prepareInput(outputSpin, QStringLiteral("outputSpin"), tr("Output tokens"),
                 tr("Tokens generated per sequence (0: prefill only). Inference only."));
    outputSlider = newSlider(group, kOutputMaxPosition, kOutputStepsPerOctave, kOutputStepsPerOctave);
    prepareInput(outputSlider, QStringLiteral("outputSlider"), tr("Output tokens slider"),
                 tr("Output tokens on a log scale from 0 to 32,768; type an exact count in the box."));
    outputLabel = addSliderRows(grid, 5, tr("&Output tokens"), outputSpin, outputSlider);
    // Accessible names and tooltips of batch and prompt depend on the mode: applyModeToUi().
    batchSpin->setObjectName(QStringLiteral("batchSpin"));
    batchSlider->setObjectName(QStringLiteral("batchSlider"));
    promptSpin->setObjectName(QStringLiteral("promptSpin"));
    promptSlider->setObjectName(QStringLiteral("promptSlider"));
    promptLabel->setObjectName(QStringLiteral("promptLabel"));
    for (QWidget* input : {static_cast<QWidget*>(batchSpin), static_cast<QWidget*>(batchSlider),
                           static_cast<QWidget*>(promptSpin), static_cast<QWidget*>(promptSlider)})
        input->setFocusPolicy(Qt::StrongFocus);
}

void ScenarioControlsUi::buildSplitSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Parallel split"));
    autoSplitCheck = new QCheckBox(tr("A&uto"), group);
    prepareInput(autoSplitCheck, QStringLiteral("autoSplitCheck"), tr("Automatic parallel split"),
                 tr("Let the estimator choose: tensor parallel within a node up to the head count, then "
                    "pipeline, then data. Uncheck to set the degrees yourself."));
    grid->addWidget(autoSplitCheck, 0, 0, Qt::AlignTop);
    splitLabel = smallLabel(group);
    splitLabel->setObjectName(QStringLiteral("splitLabel"));
    grid->addWidget(splitLabel, 0, 1);

    auto* degrees = new QGridLayout;
    degrees->setHorizontalSpacing(8);
    degrees->setColumnStretch(1, 1);
    degrees->setColumnStretch(3, 1);
    // group = group: clang 14 (clang-tidy, clazy) cannot capture a structured binding.
    const auto addDegree = [&, group = group](QSpinBox*& spin, int row, int column, const QString& text,
                                              const QString& name, const QString& accessible,
                                              const QString& tip) {
        spin = newSpin(group, 1, kMaxDevices, QLocale().toString(16384));
        prepareInput(spin, name, accessible, tip);
        auto* label = new QLabel(text, group);
        label->setBuddy(spin);
        degrees->addWidget(label, row, column);
        degrees->addWidget(spin, row, column + 1);
    };
    addDegree(tensorSpin, 0, 0, tr("Tenso&r"), QStringLiteral("tensorSpin"), tr("Tensor parallel degree"),
              tr("Devices that split every layer's matrices (Megatron-LM tensor parallelism)."));
    addDegree(pipelineSpin, 0, 2, tr("Pipe&line"), QStringLiteral("pipelineSpin"),
              tr("Pipeline parallel degree"), tr("Stages the layers are divided into."));
    addDegree(dataSpin, 1, 0, tr("Dat&a"), QStringLiteral("dataSpin"), tr("Data parallel degree"),
              tr("Replicas that each process part of the batch."));
    addDegree(expertSpin, 1, 2, tr("E&xpert"), QStringLiteral("expertSpin"), tr("Expert parallel degree"),
              tr("Devices the routed experts of a mixture-of-experts model are spread over."));
    grid->addLayout(degrees, 1, 0, 1, 2);

    splitWarning = new WrappedLabel(group);
    splitWarning->setObjectName(QStringLiteral("splitWarningLabel"));
    splitWarning->setTextFormat(Qt::PlainText);
    QFont bold = splitWarning->font();
    bold.setBold(true);
    splitWarning->setFont(bold);
    splitWarning->setAccessibleName(tr("Parallel split problem"));
    grid->addWidget(splitWarning, 2, 0, 1, 2);
}

void ScenarioControlsUi::buildPrecisionSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Precision and kernels"));
    weightsCombo = newCombo(group);
    kvCacheCombo = newCombo(group);
    computeCombo = newCombo(group);
    for (const core::Precision precision : kComputePrecisions) {
        const QString name = qs(core::precisionName(precision));
        weightsCombo->addItem(name, name);
        kvCacheCombo->addItem(name, name);
        computeCombo->addItem(name, name);
    }
    auto* weightsModel = qobject_cast<QStandardItemModel*>(weightsCombo->model());
    auto* computeModel = qobject_cast<QStandardItemModel*>(computeCombo->model());
    weightsModel->appendRow(headerItem(tr("Block-scaled")));
    computeModel->appendRow(headerItem(tr("Block-scaled")));
    for (const core::Precision precision : kBlockScaledPrecisions) {
        const QString name = qs(core::precisionName(precision));
        weightsCombo->addItem(tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))),
                              name);
        computeCombo->addItem(name, name);
    }
    weightsModel->appendRow(headerItem(tr("Weight-only (inference)")));
    for (const core::Precision precision : kWeightOnlyPrecisions) {
        const QString name = qs(core::precisionName(precision));
        weightsCombo->addItem(tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))),
                              name);
    }
    weightsModel->appendRow(headerItem(tr("As the checkpoint stores them")));
    weightsCombo->addItem(tr("checkpoint · each module in its stored format"),
                          qs(core::precisionName(core::Precision::Checkpoint)));
    prepareInput(weightsCombo, QStringLiteral("weightsCombo"), tr("Weights precision"),
                 tr("Storage format of the weights. Weight-only formats (llama.cpp, AWQ, GPTQ) are "
                    "stored compressed and computed in the compute precision; bits include scales."));
    prepareInput(kvCacheCombo, QStringLiteral("kvCacheCombo"), tr("KV cache precision"),
                 tr("Storage format of the attention key/value cache."));
    prepareInput(computeCombo, QStringLiteral("computeCombo"), tr("Compute precision"),
                 tr("Format of the matrix products; selects the device's peak column. "
                    "Activations follow it for 16- and 32-bit formats and stay bf16 below."));
    addLabel(grid, 0, tr("&Weights"), weightsCombo);
    grid->addWidget(weightsCombo, 0, 1);
    addLabel(grid, 1, tr("&KV cache"), kvCacheCombo);
    grid->addWidget(kvCacheCombo, 1, 1);
    addLabel(grid, 2, tr("&Compute"), computeCombo);
    grid->addWidget(computeCombo, 2, 1);
    activationsLabel = smallLabel(group);
    activationsLabel->setObjectName(QStringLiteral("activationsLabel"));
    activationsLabel->setToolTip(tr("Activations follow the compute precision for 16- and 32-bit formats "
                                    "and stay bf16 for narrower ones."));
    grid->addWidget(activationsLabel, 3, 0, 1, 2);
    flashAttentionCheck = new QCheckBox(tr("Fla&sh attention"), group);
    prepareInput(flashAttentionCheck, QStringLiteral("flashAttentionCheck"), tr("Flash attention"),
                 tr("Fused attention kernels (FlashAttention): no attention score matrix in memory."));
    grid->addWidget(flashAttentionCheck, 4, 0, 1, 2);
    overheadsButton = new QPushButton(tr("Memor&y overheads…"), group);
    prepareInput(overheadsButton, QStringLiteral("overheadsButton"), tr("Memory overheads"),
                 tr("Runtime context, allocator reserve, NCCL buffers and a serving engine's "
                    "pre-allocated KV pool: each a segment of the memory bar, with its default."));
    grid->addWidget(overheadsButton, 5, 0, 1, 2);
}

void ScenarioControlsUi::buildTrainingSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Training"));
    trainingGroup = group;
    trainingGroup->setObjectName(QStringLiteral("trainingGroup"));
    trainingGroup->setToolTip(tr("Used in training mode only."));
    zeroCombo = newCombo(group);
    zeroCombo->addItem(tr("0 — off"), 0);
    zeroCombo->addItem(tr("1 — optimizer states"), 1);
    zeroCombo->addItem(tr("2 — + gradients"), 2);
    zeroCombo->addItem(tr("3 — + parameters"), 3);
    prepareInput(zeroCombo, QStringLiteral("zeroStageCombo"), tr("ZeRO stage"),
                 tr("What data-parallel replicas shard (Rajbhandari et al. 2020)."));
    recomputeCombo = newCombo(group);
    // Each item holds the core's name of its choice (core::recomputeName, read back by
    // core::recomputeFromName); the label alone is the window's.
    recomputeCombo->addItem(tr("None"), qs(core::recomputeName(core::Recompute::None)));
    recomputeCombo->addItem(tr("Selective"), qs(core::recomputeName(core::Recompute::Selective)));
    recomputeCombo->addItem(tr("Full"), qs(core::recomputeName(core::Recompute::Full)));
    prepareInput(recomputeCombo, QStringLiteral("recomputeCombo"), tr("Activation recomputation"),
                 tr("Recompute activations in the backward pass instead of storing them "
                    "(selective: attention only, Korthikanti et al. 2022)."));
    microBatchSpin = newSpin(group, 1, kMaxCount);
    prepareInput(microBatchSpin, QStringLiteral("microBatchSpin"), tr("Micro-batch size"),
                 tr("Sequences per micro-batch per data-parallel replica."));
    optimizerCombo = newCombo(group);
    optimizerCombo->addItem(tr("AdamW"), qs(core::optimizerName(core::Optimizer::AdamW)));
    optimizerCombo->addItem(tr("SGD"), qs(core::optimizerName(core::Optimizer::Sgd)));
    optimizerCombo->addItem(tr("AdamW 8-bit"), qs(core::optimizerName(core::Optimizer::AdamW8bit)));
    prepareInput(optimizerCombo, QStringLiteral("optimizerCombo"), tr("Optimizer"),
                 tr("Optimizer whose states are kept per parameter."));
    addLabel(grid, 0, tr("ZeRO sta&ge"), zeroCombo);
    grid->addWidget(zeroCombo, 0, 1);
    addLabel(grid, 1, tr("Rec&ompute"), recomputeCombo);
    grid->addWidget(recomputeCombo, 1, 1);
    addLabel(grid, 2, tr("Micro-batch si&ze"), microBatchSpin);
    grid->addWidget(microBatchSpin, 2, 1, Qt::AlignRight);
    addLabel(grid, 3, tr("O&ptimizer"), optimizerCombo);
    grid->addWidget(optimizerCombo, 3, 1);
    fineTuning = new FineTuningControls(group, grid, 4);
}

} // namespace lhe::widgets
