#include "widgets/scenario_controls.h"

#include "core/catalog.h"
#include "core/report.h"
#include "widgets/device_items.h"
#include "widgets/device_search.h"
#include "widgets/fine_tuning_controls.h"
#include "widgets/model_items.h"
#include "widgets/overheads_dialog.h"
#include "widgets/picker_items.h"
#include "widgets/scenario_document.h"
#include "widgets/slider_scale.h"
#include "widgets/value_format.h"

#include <QAbstractItemView>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
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
#include <cmath>
#include <functional>
#include <map>

namespace lhe::widgets {

namespace {

// The spin boxes take the core's whole range: a value beyond a slider's end pins the slider there
// while its box shows the value.
constexpr int kMaxCount = static_cast<int>(core::kMaxScenarioCount);
constexpr int kMaxDevices = static_cast<int>(core::kMaxScenarioDevices);

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
        text = ScenarioControls::tr("%1 × expert %2").arg(text).arg(p.expert);
    return text;
}

QLabel* smallLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
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

} // namespace

ScenarioControls::ScenarioControls(QWidget* parent) : QWidget(parent)
{
    buildUi();
    connectSignals();
    // A document of its own until the window hands over its own (setDocument).
    setDocument(new ScenarioDocument(this));
    styleHeaders();
}

void ScenarioControls::setDocument(ScenarioDocument* document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] {
        showScenario();
        emit scenarioChanged(scenario());
    });
    connect(m_document, &ScenarioDocument::reportChanged, this, [this] {
        if (m_document->report())
            setReport(*m_document->report());
    });
    showScenario();
}

ScenarioControls::~ScenarioControls() = default;

void ScenarioControls::buildUi()
{
    setMinimumWidth(300);
    auto* outer = qobject_cast<QVBoxLayout*>(layout());
    if (!outer) {
        outer = new QVBoxLayout(this);
        outer->setContentsMargins(0, 0, 0, 0);
    }
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setAccessibleName(tr("Scenario"));
    m_scroll->setAccessibleDescription(
        tr("Device, model, workload, parallel split, precisions and training options of the scenario"));
    outer->addWidget(m_scroll);

    auto* content = new QWidget(m_scroll);
    content->setObjectName(QStringLiteral("scenarioControlsContent"));
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(8);

    // Label in column 0, field in column 1; slider rows put label and spin box on one line and the
    // slider underneath at full width, so a 300 px panel still gets a usable slider.
    const auto newGroup = [content, column](const QString& title) {
        auto* group = new QGroupBox(title, content);
        auto* grid = new QGridLayout(group);
        grid->setContentsMargins(8, 6, 8, 8);
        grid->setHorizontalSpacing(8);
        grid->setVerticalSpacing(4);
        grid->setColumnStretch(1, 1);
        column->addWidget(group);
        return std::pair{group, grid};
    };
    const auto addLabel = [](QGridLayout* grid, int row, const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text, buddy->parentWidget());
        label->setBuddy(buddy);
        grid->addWidget(label, row, 0);
        return label;
    };
    const auto addSliderRows = [](QGridLayout* grid, int row, const QString& text, QSpinBox* spin,
                                  QSlider* slider) {
        auto* label = new QLabel(text, spin->parentWidget());
        label->setBuddy(spin);
        auto* line = new QHBoxLayout;
        line->addWidget(label);
        line->addStretch(1);
        line->addWidget(spin);
        grid->addLayout(line, row, 0, 1, 2);
        grid->addWidget(slider, row + 1, 0, 1, 2);
        return label;
    };

    // Hardware
    {
        auto [group, grid] = newGroup(tr("Hardware"));
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

    // Model
    {
        auto [group, grid] = newGroup(tr("Model"));
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

    // Workload
    {
        auto [group, grid] = newGroup(tr("Workload"));
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

    // Parallel split
    {
        auto [group, grid] = newGroup(tr("Parallel split"));
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
        const auto addDegree = [&](QSpinBox*& spin, int row, int column, const QString& text,
                                   const QString& name, const QString& accessible, const QString& tip) {
            spin = newSpin(group, 1, kMaxDevices, QLocale().toString(16384));
            prepareInput(spin, name, accessible, tip);
            auto* label = new QLabel(text, group);
            label->setBuddy(spin);
            degrees->addWidget(label, row, column);
            degrees->addWidget(spin, row, column + 1);
        };
        addDegree(m_tensorSpin, 0, 0, tr("Tenso&r"), QStringLiteral("tensorSpin"),
                  tr("Tensor parallel degree"),
                  tr("Devices that split every layer's matrices (Megatron-LM tensor parallelism)."));
        addDegree(m_pipelineSpin, 0, 2, tr("Pipe&line"), QStringLiteral("pipelineSpin"),
                  tr("Pipeline parallel degree"), tr("Stages the layers are divided into."));
        addDegree(m_dataSpin, 1, 0, tr("Dat&a"), QStringLiteral("dataSpin"), tr("Data parallel degree"),
                  tr("Replicas that each process part of the batch."));
        addDegree(m_expertSpin, 1, 2, tr("E&xpert"), QStringLiteral("expertSpin"),
                  tr("Expert parallel degree"),
                  tr("Devices the routed experts of a mixture-of-experts model are spread over."));
        grid->addLayout(degrees, 1, 0, 1, 2);

        m_splitWarning = new QLabel(group);
        m_splitWarning->setObjectName(QStringLiteral("splitWarningLabel"));
        m_splitWarning->setWordWrap(true);
        m_splitWarning->setTextFormat(Qt::PlainText);
        QFont bold = m_splitWarning->font();
        bold.setBold(true);
        m_splitWarning->setFont(bold);
        m_splitWarning->setAccessibleName(tr("Parallel split problem"));
        grid->addWidget(m_splitWarning, 2, 0, 1, 2);
    }

    // Precision and kernels
    {
        auto [group, grid] = newGroup(tr("Precision and kernels"));
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
            m_weightsCombo->addItem(
                tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))), name);
            m_computeCombo->addItem(name, name);
        }
        weightsModel->appendRow(headerItem(tr("Weight-only (inference)")));
        for (const core::Precision precision : kWeightOnlyPrecisions) {
            const QString name = qs(core::precisionName(precision));
            m_weightsCombo->addItem(
                tr("%1 · %2 bits").arg(name, formatNumber(core::bitsPerElement(precision))), name);
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
        m_activationsLabel->setToolTip(
            tr("Activations follow the compute precision for 16- and 32-bit formats "
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

    // Training
    {
        auto [group, grid] = newGroup(tr("Training"));
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
        m_recomputeCombo->addItem(tr("None"), QStringLiteral("none"));
        m_recomputeCombo->addItem(tr("Selective"), QStringLiteral("selective"));
        m_recomputeCombo->addItem(tr("Full"), QStringLiteral("full"));
        prepareInput(m_recomputeCombo, QStringLiteral("recomputeCombo"), tr("Activation recomputation"),
                     tr("Recompute activations in the backward pass instead of storing them "
                        "(selective: attention only, Korthikanti et al. 2022)."));
        m_microBatchSpin = newSpin(group, 1, kMaxCount);
        prepareInput(m_microBatchSpin, QStringLiteral("microBatchSpin"), tr("Micro-batch size"),
                     tr("Sequences per micro-batch per data-parallel replica."));
        m_optimizerCombo = newCombo(group);
        m_optimizerCombo->addItem(tr("AdamW"), QStringLiteral("adamw"));
        m_optimizerCombo->addItem(tr("SGD"), QStringLiteral("sgd"));
        m_optimizerCombo->addItem(tr("AdamW 8-bit"), QStringLiteral("adamw-8bit"));
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
    column->addStretch(1);
    m_scroll->setWidget(content);

    // Visual order, top to bottom and left to right.
    std::vector<QWidget*> tabOrder{m_deviceCombo,  m_deviceSearch,   m_devicesSpin,         m_devicesSlider,
                                   m_modelCombo,   m_importButton,   m_inferenceRadio,      m_trainingRadio,
                                   m_batchSpin,    m_batchSlider,    m_promptSpin,          m_promptSlider,
                                   m_outputSpin,   m_outputSlider,   m_autoSplitCheck,      m_tensorSpin,
                                   m_pipelineSpin, m_dataSpin,       m_expertSpin,          m_weightsCombo,
                                   m_kvCacheCombo, m_computeCombo,   m_flashAttentionCheck, m_overheadsButton,
                                   m_zeroCombo,    m_recomputeCombo, m_microBatchSpin,      m_optimizerCombo};
    for (QWidget* input : m_fineTuning->inputs())
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
        // A drag is one gesture: its changes share a dragId() (one undo step in the main window).
        connect(slider, &QSlider::sliderPressed, this, [this] { m_dragId = ++m_dragCount; });
        connect(slider, &QSlider::sliderReleased, this, [this] { m_dragId = 0; });
        connect(slider, &QSlider::valueChanged, this, [this, spin, valueFor, changed](int position) {
            if (m_syncing)
                return;
            {
                SyncGuard guard(m_syncing);
                spin->setValue(valueFor(position));
            }
            changed();
        });
        connect(spin, &QSpinBox::valueChanged, this, [this, slider, positionFor, changed](int value) {
            if (m_syncing)
                return;
            {
                SyncGuard guard(m_syncing);
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
}

// ---------------------------------------------------------------------------------------------
// Pickers

void ScenarioControls::populateDevices(const core::Catalog& catalog)
{
    m_deviceContextBytes.clear();
    for (const core::Device& device : catalog.devices())
        m_deviceContextBytes.insert(qs(device.id), device.runtimeOverheadBytes);
    fillDeviceModel(*m_deviceModel, catalog);
    m_deviceSearch->setCatalog(catalog);
}

void ScenarioControls::populateModels(const core::Catalog* catalog)
{
    if (catalog) {
        fillModelModel(*m_modelModel, *catalog);
    } else {
        // Only the imported rows change: drop them and append them again below.
        for (int row = 0; row < m_modelModel->rowCount(); ++row) {
            const QStandardItem* item = m_modelModel->item(row);
            if (item->data(ImportIndexRole).isValid()) {
                m_modelModel->removeRows(row, m_modelModel->rowCount() - row);
                break;
            }
        }
    }
    if (m_imported.empty())
        return;
    QStandardItem* header = headerItem(tr("Imported"));
    header->setData(-1, ImportIndexRole);
    m_modelModel->appendRow(header);
    for (std::size_t i = 0; i < m_imported.size(); ++i)
        m_modelModel->appendRow(
            importedModelItem(m_imported[i].config, m_imported[i].path, static_cast<int>(i)));
}

// Headers are disabled so that arrow keys skip them; give them the normal text colour (bold) so
// they read as titles rather than as greyed-out entries. Re-run on palette changes (dark mode).
void ScenarioControls::styleHeaders()
{
    const QBrush text = palette().brush(QPalette::Active, QPalette::Text);
    for (QStandardItemModel* model :
         {m_deviceModel, m_modelModel, qobject_cast<QStandardItemModel*>(m_weightsCombo->model())}) {
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
    int found = -1;
    const QString id = qs(m_document->scenario().deviceId);
    for (int row = 0; row < m_deviceCombo->count() && !id.isEmpty(); ++row) {
        if (itemKind(m_deviceCombo, row) == EntryItem &&
            m_deviceCombo->itemData(row, IdRole).toString() == id) {
            found = row;
            break;
        }
    }
    m_deviceCombo->setPlaceholderText(id.isEmpty() ? tr("Choose a device")
                                                   : tr("%1 (not in catalog)").arg(id));
    m_deviceCombo->setCurrentIndex(found);
    m_deviceSummary->setText(found >= 0 ? m_deviceCombo->itemData(found, SummaryRole).toString() : QString());
    m_deviceSummary->setVisible(found >= 0);
}

void ScenarioControls::selectModel()
{
    int found = -1;
    const core::Scenario& shown = m_document->scenario();
    const int importIndex = shown.modelConfig ? importedIndexFor(*shown.modelConfig) : -1;
    const QString id = qs(shown.modelId);
    for (int row = 0; row < m_modelCombo->count(); ++row) {
        const int kind = itemKind(m_modelCombo, row);
        if ((shown.modelConfig && kind == ImportedItem &&
             m_modelCombo->itemData(row, ImportIndexRole).toInt() == importIndex) ||
            (!shown.modelConfig && !id.isEmpty() && kind == EntryItem &&
             m_modelCombo->itemData(row, IdRole).toString() == id)) {
            found = row;
            break;
        }
    }
    m_modelCombo->setPlaceholderText(id.isEmpty() ? tr("Choose a model") : tr("%1 (not in catalog)").arg(id));
    m_modelCombo->setCurrentIndex(found);
    m_modelSummary->setText(found >= 0 ? m_modelCombo->itemData(found, SummaryRole).toString() : QString());
    m_modelSummary->setVisible(found >= 0);
    fitPromptRangeToModel();
}

int ScenarioControls::importedIndexFor(const nlohmann::json& config) const
{
    for (std::size_t i = 0; i < m_imported.size(); ++i) {
        if (m_imported[i].config == config)
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
        for (int row = 0; row < m_modelCombo->count(); ++row) {
            if (itemKind(m_modelCombo, row) == EntryItem) {
                start.modelId = m_modelCombo->itemData(row, IdRole).toString().toStdString();
                break;
            }
        }
    }
    if (!start.deviceId.empty() && (!start.modelId.empty() || start.modelConfig))
        m_document->load(core::scenarioToJson(start), nullptr);
}

void ScenarioControls::setImportedModelConfig(const nlohmann::json& config, const QString& label)
{
    core::Scenario next = edited();
    {
        SyncGuard guard(m_syncing);
        int index = importedIndexFor(config);
        if (index < 0) {
            m_imported.push_back({config, label});
            index = static_cast<int>(m_imported.size()) - 1;
        } else if (!label.isEmpty()) {
            m_imported[static_cast<std::size_t>(index)].path = label;
        }
        populateModels(nullptr);
        styleHeaders();
        next.modelId.clear();
        next.modelConfig = config;
        next.modelConfigPath = m_imported[static_cast<std::size_t>(index)].path.toStdString();
    }
    submit(next);
}

void ScenarioControls::onDeviceActivated()
{
    const int row = m_deviceCombo->currentIndex();
    if (row < 0 || itemKind(m_deviceCombo, row) != EntryItem)
        return;
    core::Scenario next = edited();
    next.deviceId = m_deviceCombo->itemData(row, IdRole).toString().toStdString();
    submit(next);
}

void ScenarioControls::onModelActivated()
{
    const int row = m_modelCombo->currentIndex();
    if (row < 0)
        return;
    const int kind = itemKind(m_modelCombo, row);
    core::Scenario next = edited();
    if (kind == ImportedItem) {
        const auto& imported =
            m_imported.at(static_cast<std::size_t>(m_modelCombo->itemData(row, ImportIndexRole).toInt()));
        next.modelId.clear();
        next.modelConfig = imported.config;
        next.modelConfigPath = imported.path.toStdString();
    } else if (kind == EntryItem) {
        next.modelId = m_modelCombo->itemData(row, IdRole).toString().toStdString();
        next.modelConfig.reset();
        next.modelConfigPath.clear();
    } else {
        return;
    }
    // A quantized checkpoint is served as stored: the picker says so rather than bf16.
    if (m_modelCombo->itemData(row, QuantizedRole).toBool() && next.mode == core::Mode::Inference) {
        next.weights = core::Precision::Checkpoint;
        next.weightsGiven = true;
    }
    submit(next);
}

void ScenarioControls::fitPromptRangeToModel()
{
    const int row = m_modelCombo->currentIndex();
    const qlonglong context = row >= 0 ? m_modelCombo->itemData(row, ContextRole).toLongLong() : 0;
    const int span = static_cast<int>(
        std::clamp<qlonglong>(context > 0 ? context : kPromptDefaultContext, kPromptMin * 8, kPromptMax));
    const int needed = std::max(span, m_promptSpin->value());
    int last = positionForPrompt(needed);
    if (promptForPosition(last) < needed && last < kPromptMaxPosition)
        ++last; // the slider's end reaches the context, never short of it
    SyncGuard guard(m_syncing);
    const int position = m_promptSlider->value();
    m_promptSlider->setMaximum(last);
    m_promptSlider->setValue(position);
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
    const bool training = m_trainingRadio->isChecked();
    m_promptLabel->setText(training ? tr("Se&quence length") : tr("&Prompt tokens"));
    const QString promptName = training ? tr("Sequence length") : tr("Prompt tokens");
    m_promptSpin->setAccessibleName(promptName);
    m_promptSlider->setAccessibleName(tr("%1 slider").arg(promptName));
    m_promptSpin->setToolTip(training ? tr("Tokens per training sequence (1 to 1,000,000,000).")
                                      : tr("Prompt length per sequence (1 to 1,000,000,000)."));
    m_promptSlider->setToolTip(tr("%1 on a log scale from 128 to the model's context length (at most "
                                  "10,485,760); type an exact value in the box.")
                                   .arg(promptName));
    const QString batchName = training ? tr("Global batch") : tr("Batch");
    m_batchSpin->setAccessibleName(batchName);
    m_batchSlider->setAccessibleName(tr("%1 slider").arg(batchName));
    m_batchSpin->setToolTip(training
                                ? tr("Sequences per optimizer step, over all replicas (1 to 1,000,000,000).")
                                : tr("Sequences processed together (1 to 1,000,000,000)."));
    m_batchSlider->setToolTip(
        tr("%1 in powers of two from 1 to 4,096; type any value in the box.").arg(batchName));
    for (QWidget* output : {static_cast<QWidget*>(m_outputLabel), static_cast<QWidget*>(m_outputSpin),
                            static_cast<QWidget*>(m_outputSlider)})
        output->setEnabled(!training);
    m_trainingGroup->setEnabled(training);
    auto* weights = qobject_cast<QStandardItemModel*>(m_weightsCombo->model());
    for (int row = 0; row < weights->rowCount(); ++row) {
        QStandardItem* item = weights->item(row);
        const auto precision = core::parsePrecision(item->data(Qt::UserRole).toString().toStdString());
        if (precision && core::isWeightOnly(*precision))
            item->setFlags(training ? Qt::NoItemFlags : (Qt::ItemIsEnabled | Qt::ItemIsSelectable));
    }
}

void ScenarioControls::onDevicesChanged()
{
    if (!m_autoSplitCheck->isChecked()) {
        // Let the data degree absorb the new count when the other degrees divide it.
        const long long devices = m_devicesSpin->value();
        const long long others =
            static_cast<long long>(m_tensorSpin->value()) * m_pipelineSpin->value() * m_expertSpin->value();
        if (others > 0 && devices % others == 0) {
            SyncGuard guard(m_syncing);
            m_dataSpin->setValue(static_cast<int>(devices / others));
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
        if (m_autoSplit && m_autoSplit->product() == m_devicesSpin->value())
            start = *m_autoSplit;
        else
            start.tensor = m_devicesSpin->value();
        m_tensorSpin->setValue(static_cast<int>(start.tensor));
        m_pipelineSpin->setValue(static_cast<int>(start.pipeline));
        m_dataSpin->setValue(static_cast<int>(start.data));
        m_expertSpin->setValue(static_cast<int>(start.expert));
    }
    commit();
}

void ScenarioControls::updateActivationsLabel()
{
    m_activationsLabel->setText(
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
    split.tensor = m_tensorSpin->value();
    split.pipeline = m_pipelineSpin->value();
    split.data = m_dataSpin->value();
    split.expert = m_expertSpin->value();
    if (split.product() != m_devicesSpin->value())
        return std::nullopt;
    return split;
}

void ScenarioControls::updateSplitDisplay()
{
    const bool autoSplit = m_autoSplitCheck->isChecked();
    for (QSpinBox* spin : {m_tensorSpin, m_pipelineSpin, m_dataSpin, m_expertSpin})
        spin->setEnabled(!autoSplit);
    if (autoSplit) {
        if (m_autoSplit) {
            SyncGuard guard(m_syncing);
            m_tensorSpin->setValue(toInt(m_autoSplit->tensor));
            m_pipelineSpin->setValue(toInt(m_autoSplit->pipeline));
            m_dataSpin->setValue(toInt(m_autoSplit->data));
            m_expertSpin->setValue(toInt(m_autoSplit->expert));
        }
        m_splitLabel->setText(m_autoSplit ? tr("Auto: %1").arg(splitText(*m_autoSplit))
                                          : tr("Auto: the estimator chooses the split."));
        m_splitLabel->setVisible(true);
        m_splitWarning->clear();
        m_splitWarning->setVisible(false);
        return;
    }
    m_splitLabel->setText(tr("Manual: the product must equal the device count."));
    if (manualSplit()) {
        m_splitWarning->clear();
        m_splitWarning->setVisible(false);
        return;
    }
    const long long product = static_cast<long long>(m_tensorSpin->value()) * m_pipelineSpin->value() *
                              m_dataSpin->value() * m_expertSpin->value();
    QString text = tr("⚠ Tensor × pipeline × data × expert = %1, not the device count %2.")
                       .arg(product)
                       .arg(m_devicesSpin->value());
    const std::optional<core::Parallelism>& inUse = m_document->scenario().parallelism;
    if (inUse && inUse->product() == m_devicesSpin->value())
        text += QLatin1Char(' ') + tr("Still using %1.").arg(splitText(*inUse));
    else
        text += QLatin1Char(' ') + tr("The estimate waits for a matching split.");
    m_splitWarning->setText(text);
    m_splitWarning->setVisible(true);
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
        m_autoSplit.reset(); // the last report's split belongs to the previous scenario
        if (s.modelConfig) {
            const int index = importedIndexFor(*s.modelConfig);
            if (index < 0)
                m_imported.push_back({*s.modelConfig, qs(s.modelConfigPath)});
            else
                m_imported[static_cast<std::size_t>(index)].path = qs(s.modelConfigPath);
            populateModels(nullptr);
            styleHeaders();
        }
        selectDevice();
        selectModel();

        // Every value as it is; a slider whose span ends below it stays at its end.
        (s.mode == core::Mode::Training ? m_trainingRadio : m_inferenceRadio)->setChecked(true);
        m_batchSpin->setValue(toInt(s.batch));
        m_batchSlider->setValue(positionForBatch(m_batchSpin->value()));
        m_promptSpin->setValue(toInt(s.promptTokens));
        fitPromptRangeToModel();
        m_promptSlider->setValue(positionForPrompt(m_promptSpin->value()));
        m_outputSpin->setValue(toInt(s.outputTokens));
        m_outputSlider->setValue(positionForOutput(m_outputSpin->value()));
        m_devicesSpin->setValue(toInt(s.devices));
        m_devicesSlider->setValue(positionForDevices(m_devicesSpin->value()));

        m_autoSplitCheck->setChecked(!s.parallelism);
        // The boxes of a manual split being edited keep what the user typed while other edits
        // go through with the document's split.
        if (s.parallelism && !m_submitting) {
            const core::Parallelism& p = *s.parallelism;
            m_tensorSpin->setValue(toInt(p.tensor));
            m_pipelineSpin->setValue(toInt(p.pipeline));
            m_dataSpin->setValue(toInt(p.data));
            m_expertSpin->setValue(toInt(p.expert));
        }

        setPrecisionItem(m_weightsCombo, shownWeights());
        setPrecisionItem(m_kvCacheCombo, s.kvCache);
        setPrecisionItem(m_computeCombo, s.compute);
        m_zeroCombo->setCurrentIndex(m_zeroCombo->findData(s.training.zeroStage));
        m_recomputeCombo->setCurrentIndex(
            m_recomputeCombo->findData(qs(core::recomputeName(s.training.recompute))));
        m_microBatchSpin->setValue(toInt(s.training.microBatch));
        m_optimizerCombo->setCurrentIndex(
            m_optimizerCombo->findData(qs(core::optimizerName(s.training.optimizer))));
        m_fineTuning->show(s.training);
        m_flashAttentionCheck->setChecked(s.flashAttention);
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
    const int modelRow = m_modelCombo->currentIndex();
    const bool quantized = modelRow >= 0 && m_modelCombo->itemData(modelRow, QuantizedRole).toBool();
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
                           m_deviceCombo->currentText(), this);
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
    s.mode = m_trainingRadio->isChecked() ? core::Mode::Training : core::Mode::Inference;
    s.batch = m_batchSpin->value();
    s.promptTokens = m_promptSpin->value();
    s.outputTokens = m_outputSpin->value();
    s.devices = m_devicesSpin->value();
    if (m_autoSplitCheck->isChecked()) {
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
    const core::Precision weights = precisionOf(m_weightsCombo, shownWeights());
    if (weights != shownWeights()) {
        s.weights = weights;
        s.weightsGiven = true;
    }
    s.kvCache = precisionOf(m_kvCacheCombo, s.kvCache);
    s.compute = precisionOf(m_computeCombo, s.compute);
    s.training.zeroStage = m_zeroCombo->currentData().toInt();
    const std::string recompute = m_recomputeCombo->currentData().toString().toStdString();
    s.training.recompute = recompute == "full"        ? core::Recompute::Full
                           : recompute == "selective" ? core::Recompute::Selective
                                                      : core::Recompute::None;
    const std::string optimizer = m_optimizerCombo->currentData().toString().toStdString();
    s.training.optimizer = optimizer == "sgd"          ? core::Optimizer::Sgd
                           : optimizer == "adamw-8bit" ? core::Optimizer::AdamW8bit
                                                       : core::Optimizer::AdamW;
    s.training.microBatch = m_microBatchSpin->value();
    m_fineTuning->apply(s.training);
    s.flashAttention = m_flashAttentionCheck->isChecked();
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

bool ScenarioControls::eventFilter(QObject* watched, QEvent* event)
{
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

} // namespace lhe::widgets
