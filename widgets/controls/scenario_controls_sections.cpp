// ScenarioControls' sections: the panel's controls, built group by group (Hardware, Model,
// Workload, Parallel split, Precision and kernels, Training) in a scrolling column, and wired to
// the panel's handlers.
#include "widgets/common/value_format.h"
#include "widgets/controls/device_search.h"
#include "widgets/controls/fine_tuning_controls.h"
#include "widgets/controls/frame_pacer.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/controls/serving_controls.h"
#include "widgets/controls/slider_scale.h"
#include "widgets/document/scenario_document.h"
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
#include <QScopedValueRollback>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
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

void ScenarioControls::buildUi()
{
    auto* outer = qobject_cast<QVBoxLayout*>(layout());
    if (!outer) {
        outer = new QVBoxLayout(this);
        outer->setContentsMargins(0, 0, 0, 0);
    }
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // The panel asks for its content's width (minimumSizeHint); a window too narrow to give it
    // that gets a scroll bar rather than controls cut off at the edge.
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setAccessibleName(tr("Scenario"));
    m_scroll->setAccessibleDescription(tr(
        "Device, model, workload, parallel split, precisions, training and serving options of the scenario"));
    outer->addWidget(m_scroll);

    auto* content = new QWidget(m_scroll);
    content->setObjectName(QStringLiteral("scenarioControlsContent"));
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(8);

    buildHardwareSection(column);
    buildModelSection(column);
    buildWorkloadSection(column);
    buildSplitSection(column);
    buildPrecisionSection(column);
    buildTrainingSection(column);
    m_serving = new ServingControls(content, column);
    column->addStretch(1);
    m_scroll->setWidget(content);
    content->installEventFilter(this); // its minimum changes with the font and the language
    orderTabsAndFilterWheel();
}

QSize ScenarioControls::minimumSizeHint() const
{
    QSize hint = QWidget::minimumSizeHint();
    if (m_scroll && m_scroll->widget()) {
        const int content = m_scroll->widget()->minimumSizeHint().width() +
                            m_scroll->verticalScrollBar()->sizeHint().width() + 2 * m_scroll->frameWidth();
        hint.setWidth(std::max({hint.width(), 300, content}));
    }
    return hint;
}

bool ScenarioControls::eventFilter(QObject* watched, QEvent* event)
{
    // The panel's minimum width is its content's (minimumSizeHint()); the window is laid out again
    // only when that changed, not when a caption inside changed its text.
    if (event->type() == QEvent::LayoutRequest && m_scroll && watched == m_scroll->widget()) {
        const int contentWidth = m_scroll->widget()->minimumSizeHint().width();
        if (std::exchange(m_contentMinimumWidth, contentWidth) != contentWidth)
            updateGeometry();
    }
    // The mouse wheel scrolls the panel unless the control under it has focus: scrolling past a
    // combo box or slider must not change the scenario.
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && !widget->hasFocus()) {
            QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ScenarioControls::buildHardwareSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Hardware"));
    m_deviceCombo = newCombo(group, true);
    m_deviceModel = new QStandardItemModel(m_deviceCombo);
    m_deviceCombo->setModel(m_deviceModel);
    prepareInput(m_deviceCombo, QStringLiteral("deviceCombo"), tr("Device"),
                 tr("The chip every device of the scenario uses. Hover an entry for its sources."));
    addLabel(grid, 0, tr("&Device"), m_deviceCombo);
    grid->addWidget(m_deviceCombo, 0, 1);
    m_deviceSearch = new DeviceSearch(group);
    grid->addWidget(m_deviceSearch, 1, 0, 1, 2);
    m_deviceSummary = smallLabel(group);
    m_deviceSummary->setObjectName(QStringLiteral("deviceSummary"));
    grid->addWidget(m_deviceSummary, 2, 0, 1, 2);

    m_devicesSpin = newSpin(group, 1, kMaxDevices);
    prepareInput(m_devicesSpin, QStringLiteral("deviceCountSpin"), tr("Device count"),
                 tr("Number of devices (GPUs or chips); any count from 1 to 10,000,000."));
    m_devicesSlider = newSlider(group, kDevicesMaxPosition, 1, 1);
    prepareInput(m_devicesSlider, QStringLiteral("deviceCountSlider"), tr("Device count slider"),
                 tr("Number of devices in powers of two; type any count in the box."));
    addSliderRows(grid, 3, tr("Device cou&nt"), m_devicesSpin, m_devicesSlider);
}

void ScenarioControls::buildModelSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Model"));
    m_modelCombo = newCombo(group, true);
    m_modelModel = new QStandardItemModel(m_modelCombo);
    m_modelCombo->setModel(m_modelModel);
    prepareInput(m_modelCombo, QStringLiteral("modelCombo"), tr("Model"),
                 tr("Catalog model, grouped by family and ordered by size, or an imported config.json."));
    addLabel(grid, 0, tr("&Model"), m_modelCombo);
    grid->addWidget(m_modelCombo, 0, 1);
    m_modelSummary = smallLabel(group);
    m_modelSummary->setObjectName(QStringLiteral("modelSummary"));
    grid->addWidget(m_modelSummary, 1, 0, 1, 2);
    m_importButton = new QPushButton(tr("Import Hugging Face config.&json…"), group);
    prepareInput(m_importButton, QStringLiteral("importButton"), tr("Import Hugging Face config.json"),
                 tr("Read a model's config.json (dense, GQA, MoE or MLA) and use it as the model."));
    grid->addWidget(m_importButton, 2, 0, 1, 2);
}

void ScenarioControls::buildWorkloadSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Workload"));
    auto* modeRow = new QHBoxLayout;
    m_inferenceRadio = new QRadioButton(tr("&Inference"), group);
    prepareInput(m_inferenceRadio, QStringLiteral("inferenceRadio"), tr("Inference mode"),
                 tr("Prefill a prompt, then generate output tokens."));
    m_trainingRadio = new QRadioButton(tr("&Training"), group);
    prepareInput(m_trainingRadio, QStringLiteral("trainingRadio"), tr("Training mode"),
                 tr("One optimizer step over the global batch."));
    m_modeGroup = new QButtonGroup(m_scroll); // rebuilt with the panel
    m_modeGroup->addButton(m_inferenceRadio, 0);
    m_modeGroup->addButton(m_trainingRadio, 1);
    modeRow->addWidget(m_inferenceRadio);
    modeRow->addWidget(m_trainingRadio);
    modeRow->addStretch(1);
    grid->addWidget(new QLabel(tr("Mode"), group), 0, 0);
    grid->addLayout(modeRow, 0, 1);

    m_batchSpin = newSpin(group, 1, kMaxCount);
    m_batchSlider = newSlider(group, kBatchMaxPosition, 1, 1);
    addSliderRows(grid, 1, tr("&Batch"), m_batchSpin, m_batchSlider);

    m_promptSpin = newSpin(group, 1, kMaxCount);
    m_promptSlider = newSlider(group, kPromptMaxPosition, kPromptStepsPerOctave, kPromptStepsPerOctave);
    m_promptLabel = addSliderRows(grid, 3, tr("&Prompt tokens"), m_promptSpin, m_promptSlider);

    m_outputSpin = newSpin(group, 0, kMaxCount);
    prepareInput(m_outputSpin, QStringLiteral("outputSpin"), tr("Output tokens"),
                 tr("Tokens generated per sequence (0: prefill only). Inference only."));
    m_outputSlider = newSlider(group, kOutputMaxPosition, kOutputStepsPerOctave, kOutputStepsPerOctave);
    prepareInput(m_outputSlider, QStringLiteral("outputSlider"), tr("Output tokens slider"),
                 tr("Output tokens on a log scale from 0 to 32,768; type an exact count in the box."));
    m_outputLabel = addSliderRows(grid, 5, tr("&Output tokens"), m_outputSpin, m_outputSlider);
    // Accessible names and tooltips of batch and prompt depend on the mode: applyModeToUi().
    m_batchSpin->setObjectName(QStringLiteral("batchSpin"));
    m_batchSlider->setObjectName(QStringLiteral("batchSlider"));
    m_promptSpin->setObjectName(QStringLiteral("promptSpin"));
    m_promptSlider->setObjectName(QStringLiteral("promptSlider"));
    m_promptLabel->setObjectName(QStringLiteral("promptLabel"));
    for (QWidget* input : {static_cast<QWidget*>(m_batchSpin), static_cast<QWidget*>(m_batchSlider),
                           static_cast<QWidget*>(m_promptSpin), static_cast<QWidget*>(m_promptSlider)})
        input->setFocusPolicy(Qt::StrongFocus);
}

void ScenarioControls::buildSplitSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Parallel split"));
    m_autoSplitCheck = new QCheckBox(tr("A&uto"), group);
    prepareInput(m_autoSplitCheck, QStringLiteral("autoSplitCheck"), tr("Automatic parallel split"),
                 tr("Let the estimator choose: tensor parallel within a node up to the head count, then "
                    "pipeline, then data. Uncheck to set the degrees yourself."));
    grid->addWidget(m_autoSplitCheck, 0, 0, Qt::AlignTop);
    m_splitLabel = smallLabel(group);
    m_splitLabel->setObjectName(QStringLiteral("splitLabel"));
    grid->addWidget(m_splitLabel, 0, 1);

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
    addDegree(m_tensorSpin, 0, 0, tr("Tenso&r"), QStringLiteral("tensorSpin"), tr("Tensor parallel degree"),
              tr("Devices that split every layer's matrices (Megatron-LM tensor parallelism)."));
    addDegree(m_pipelineSpin, 0, 2, tr("Pipe&line"), QStringLiteral("pipelineSpin"),
              tr("Pipeline parallel degree"), tr("Stages the layers are divided into."));
    addDegree(m_dataSpin, 1, 0, tr("Dat&a"), QStringLiteral("dataSpin"), tr("Data parallel degree"),
              tr("Replicas that each process part of the batch."));
    addDegree(m_expertSpin, 1, 2, tr("E&xpert"), QStringLiteral("expertSpin"), tr("Expert parallel degree"),
              tr("Devices the routed experts of a mixture-of-experts model are spread over."));
    grid->addLayout(degrees, 1, 0, 1, 2);

    m_splitWarning = new WrappedLabel(group);
    m_splitWarning->setObjectName(QStringLiteral("splitWarningLabel"));
    m_splitWarning->setTextFormat(Qt::PlainText);
    QFont bold = m_splitWarning->font();
    bold.setBold(true);
    m_splitWarning->setFont(bold);
    m_splitWarning->setAccessibleName(tr("Parallel split problem"));
    grid->addWidget(m_splitWarning, 2, 0, 1, 2);
}

void ScenarioControls::buildPrecisionSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Precision and kernels"));
    m_weightsCombo = newCombo(group);
    m_kvCacheCombo = newCombo(group);
    m_computeCombo = newCombo(group);
    for (const core::Precision precision : kComputePrecisions) {
        const QString name = qs(core::precisionName(precision));
        m_weightsCombo->addItem(name, name);
        m_kvCacheCombo->addItem(name, name);
        m_computeCombo->addItem(name, name);
    }
    auto* weightsModel = qobject_cast<QStandardItemModel*>(m_weightsCombo->model());
    auto* computeModel = qobject_cast<QStandardItemModel*>(m_computeCombo->model());
    weightsModel->appendRow(headerItem(tr("Block-scaled")));
    computeModel->appendRow(headerItem(tr("Block-scaled")));
    for (const core::Precision precision : kBlockScaledPrecisions) {
        const QString name = qs(core::precisionName(precision));
        m_weightsCombo->addItem(tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))),
                                name);
        m_computeCombo->addItem(name, name);
    }
    weightsModel->appendRow(headerItem(tr("Weight-only (inference)")));
    for (const core::Precision precision : kWeightOnlyPrecisions) {
        const QString name = qs(core::precisionName(precision));
        m_weightsCombo->addItem(tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))),
                                name);
    }
    weightsModel->appendRow(headerItem(tr("As the checkpoint stores them")));
    m_weightsCombo->addItem(tr("checkpoint · each module in its stored format"),
                            qs(core::precisionName(core::Precision::Checkpoint)));
    prepareInput(m_weightsCombo, QStringLiteral("weightsCombo"), tr("Weights precision"),
                 tr("Storage format of the weights. Weight-only formats (llama.cpp, AWQ, GPTQ) are "
                    "stored compressed and computed in the compute precision; bits include scales."));
    prepareInput(m_kvCacheCombo, QStringLiteral("kvCacheCombo"), tr("KV cache precision"),
                 tr("Storage format of the attention key/value cache."));
    prepareInput(m_computeCombo, QStringLiteral("computeCombo"), tr("Compute precision"),
                 tr("Format of the matrix products; selects the device's peak column. "
                    "Activations follow it for 16- and 32-bit formats and stay bf16 below."));
    addLabel(grid, 0, tr("&Weights"), m_weightsCombo);
    grid->addWidget(m_weightsCombo, 0, 1);
    addLabel(grid, 1, tr("&KV cache"), m_kvCacheCombo);
    grid->addWidget(m_kvCacheCombo, 1, 1);
    addLabel(grid, 2, tr("&Compute"), m_computeCombo);
    grid->addWidget(m_computeCombo, 2, 1);
    m_activationsLabel = smallLabel(group);
    m_activationsLabel->setObjectName(QStringLiteral("activationsLabel"));
    m_activationsLabel->setToolTip(tr("Activations follow the compute precision for 16- and 32-bit formats "
                                      "and stay bf16 for narrower ones."));
    grid->addWidget(m_activationsLabel, 3, 0, 1, 2);
    m_flashAttentionCheck = new QCheckBox(tr("Fla&sh attention"), group);
    prepareInput(m_flashAttentionCheck, QStringLiteral("flashAttentionCheck"), tr("Flash attention"),
                 tr("Fused attention kernels (FlashAttention): no attention score matrix in memory."));
    grid->addWidget(m_flashAttentionCheck, 4, 0, 1, 2);
    m_overheadsButton = new QPushButton(tr("Memor&y overheads…"), group);
    prepareInput(m_overheadsButton, QStringLiteral("overheadsButton"), tr("Memory overheads"),
                 tr("Runtime context, allocator reserve, NCCL buffers and a serving engine's "
                    "pre-allocated KV pool: each a segment of the memory bar, with its default."));
    grid->addWidget(m_overheadsButton, 5, 0, 1, 2);
}

void ScenarioControls::buildTrainingSection(QVBoxLayout* column)
{
    auto [group, grid] = newGroup(column, tr("Training"));
    m_trainingGroup = group;
    m_trainingGroup->setObjectName(QStringLiteral("trainingGroup"));
    m_trainingGroup->setToolTip(tr("Used in training mode only."));
    m_zeroCombo = newCombo(group);
    m_zeroCombo->addItem(tr("0 — off"), 0);
    m_zeroCombo->addItem(tr("1 — optimizer states"), 1);
    m_zeroCombo->addItem(tr("2 — + gradients"), 2);
    m_zeroCombo->addItem(tr("3 — + parameters"), 3);
    prepareInput(m_zeroCombo, QStringLiteral("zeroStageCombo"), tr("ZeRO stage"),
                 tr("What data-parallel replicas shard (Rajbhandari et al. 2020)."));
    m_recomputeCombo = newCombo(group);
    // Each item holds the core's name of its choice (core::recomputeName, read back by
    // core::recomputeFromName); the label alone is the window's.
    m_recomputeCombo->addItem(tr("None"), qs(core::recomputeName(core::Recompute::None)));
    m_recomputeCombo->addItem(tr("Selective"), qs(core::recomputeName(core::Recompute::Selective)));
    m_recomputeCombo->addItem(tr("Full"), qs(core::recomputeName(core::Recompute::Full)));
    prepareInput(m_recomputeCombo, QStringLiteral("recomputeCombo"), tr("Activation recomputation"),
                 tr("Recompute activations in the backward pass instead of storing them "
                    "(selective: attention only, Korthikanti et al. 2022)."));
    m_microBatchSpin = newSpin(group, 1, kMaxCount);
    prepareInput(m_microBatchSpin, QStringLiteral("microBatchSpin"), tr("Micro-batch size"),
                 tr("Sequences per micro-batch per data-parallel replica."));
    m_optimizerCombo = newCombo(group);
    m_optimizerCombo->addItem(tr("AdamW"), qs(core::optimizerName(core::Optimizer::AdamW)));
    m_optimizerCombo->addItem(tr("SGD"), qs(core::optimizerName(core::Optimizer::Sgd)));
    m_optimizerCombo->addItem(tr("AdamW 8-bit"), qs(core::optimizerName(core::Optimizer::AdamW8bit)));
    prepareInput(m_optimizerCombo, QStringLiteral("optimizerCombo"), tr("Optimizer"),
                 tr("Optimizer whose states are kept per parameter."));
    addLabel(grid, 0, tr("ZeRO sta&ge"), m_zeroCombo);
    grid->addWidget(m_zeroCombo, 0, 1);
    addLabel(grid, 1, tr("Rec&ompute"), m_recomputeCombo);
    grid->addWidget(m_recomputeCombo, 1, 1);
    addLabel(grid, 2, tr("Micro-batch si&ze"), m_microBatchSpin);
    grid->addWidget(m_microBatchSpin, 2, 1, Qt::AlignRight);
    addLabel(grid, 3, tr("O&ptimizer"), m_optimizerCombo);
    grid->addWidget(m_optimizerCombo, 3, 1);
    m_fineTuning = new FineTuningControls(group, grid, 4);
}

// Visual order, top to bottom and left to right; the mouse wheel over a picker, spin box or
// slider is the panel's (eventFilter).
void ScenarioControls::orderTabsAndFilterWheel()
{
    std::vector<QWidget*> tabOrder{m_deviceCombo,  m_deviceSearch,   m_devicesSpin,         m_devicesSlider,
                                   m_modelCombo,   m_importButton,   m_inferenceRadio,      m_trainingRadio,
                                   m_batchSpin,    m_batchSlider,    m_promptSpin,          m_promptSlider,
                                   m_outputSpin,   m_outputSlider,   m_autoSplitCheck,      m_tensorSpin,
                                   m_pipelineSpin, m_dataSpin,       m_expertSpin,          m_weightsCombo,
                                   m_kvCacheCombo, m_computeCombo,   m_flashAttentionCheck, m_overheadsButton,
                                   m_zeroCombo,    m_recomputeCombo, m_microBatchSpin,      m_optimizerCombo};
    for (QWidget* input : m_fineTuning->inputs())
        tabOrder.push_back(input);
    for (QWidget* input : m_serving->inputs())
        tabOrder.push_back(input);
    for (std::size_t i = 1; i < tabOrder.size(); ++i)
        setTabOrder(tabOrder[i - 1], tabOrder[i]);
    for (QWidget* input : tabOrder) {
        if (qobject_cast<QComboBox*>(input) || qobject_cast<QAbstractSpinBox*>(input) ||
            qobject_cast<QSlider*>(input))
            input->installEventFilter(this);
    }
}

void ScenarioControls::connectSignals()
{
    // A slider and its spin box: either one moves the other (without re-entering), then commits.
    const auto pair = [this](QSlider* slider, QSpinBox* spin, int (*valueFor)(int), int (*positionFor)(int),
                             std::function<void()> changed) {
        const auto apply = [this, slider, spin, valueFor, changed] {
            {
                const QScopedValueRollback guard(m_syncing, true);
                spin->setValue(valueFor(slider->value()));
            }
            changed();
        };
        // A drag sends a value for every mouse move, often several per frame, and each change
        // evaluates the scenario and redraws every view: while the slider is held, the newest
        // value is applied at most once per display frame (FramePacer).
        auto* pacer = new FramePacer(apply, slider);
        // A drag is one gesture: its changes share a dragId() (one undo step in the main window).
        connect(slider, &QSlider::sliderPressed, this, [this] { m_dragId = ++m_dragCount; });
        connect(slider, &QSlider::sliderReleased, this, [this, pacer] {
            pacer->flush(); // the value the drag ended on, still part of the drag
            m_dragId = 0;
        });
        connect(slider, &QSlider::valueChanged, this, [this, slider, pacer, apply] {
            if (m_syncing)
                return;
            if (!slider->isSliderDown()) {
                apply(); // a key, a click on the groove, the wheel: one step each
                return;
            }
            const QScreen* shown = screen();
            pacer->setIntervalNs(FramePacer::frameIntervalNs(shown ? shown->refreshRate() : 0));
            pacer->request();
        });
        connect(spin, &QSpinBox::valueChanged, this, [this, slider, positionFor, changed](int value) {
            if (m_syncing)
                return;
            {
                const QScopedValueRollback guard(m_syncing, true);
                slider->setValue(positionFor(value));
            }
            changed();
        });
    };
    const auto commitNow = [this] { commit(); };
    pair(m_devicesSlider, m_devicesSpin, &devicesForPosition, &positionForDevices,
         [this] { onDevicesChanged(); });
    pair(m_batchSlider, m_batchSpin, &batchForPosition, &positionForBatch, commitNow);
    pair(m_promptSlider, m_promptSpin, &promptForPosition, &positionForPrompt, commitNow);
    pair(m_outputSlider, m_outputSpin, &outputForPosition, &positionForOutput, commitNow);

    connect(m_deviceCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onDeviceActivated();
    });
    connect(m_modelCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onModelActivated();
    });
    // A device found by name becomes current exactly as if picked in the list.
    connect(m_deviceSearch, &DeviceSearch::deviceChosen, this, [this](const QString& id) {
        const int row = m_deviceCombo->findData(id, IdRole);
        if (row >= 0)
            m_deviceCombo->setCurrentIndex(row);
    });
    connect(m_importButton, &QPushButton::clicked, this, &ScenarioControls::importModelConfigRequested);
    connect(m_overheadsButton, &QPushButton::clicked, this, &ScenarioControls::editOverheads);
    connect(m_trainingRadio, &QRadioButton::toggled, this, [this] {
        if (!m_syncing)
            onModeChanged();
    });
    connect(m_autoSplitCheck, &QCheckBox::toggled, this, [this](bool checked) {
        if (!m_syncing)
            onAutoSplitToggled(checked);
    });
    const auto commitUnlessSyncing = [this] {
        if (!m_syncing)
            commit();
    };
    for (QSpinBox* spin : {m_tensorSpin, m_pipelineSpin, m_dataSpin, m_expertSpin, m_microBatchSpin})
        connect(spin, &QSpinBox::valueChanged, this, commitUnlessSyncing);
    for (QComboBox* combo : {m_weightsCombo, m_kvCacheCombo, m_zeroCombo, m_recomputeCombo, m_optimizerCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, commitUnlessSyncing);
    connect(m_computeCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onComputeChanged();
    });
    connect(m_flashAttentionCheck, &QCheckBox::toggled, this, commitUnlessSyncing);
    connect(m_fineTuning, &FineTuningControls::edited, this, commitUnlessSyncing);
    connect(m_serving, &ServingControls::edited, this, commitUnlessSyncing);
    connect(m_serving, &ServingControls::priceEdited, this, [this](std::optional<double> price) {
        emit priceEdited(QString::fromStdString(m_document->scenario().deviceId), price);
    });
}

} // namespace lhe::widgets
