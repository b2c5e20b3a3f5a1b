#include "widgets/controls/fine_tuning_controls.h"

#include "widgets/controls/spin_box_value.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStringList>
#include <algorithm>

namespace lhe::widgets {

namespace {

// Data of the targets entries; the named entry keeps the list in FineTuningControls::m_names.
// Each targets item holds the core's name of its choice (core::loraTargetsName).
QString targetsData(core::LoraTargets targets)
{
    return QString::fromUtf8(core::loraTargetsName(targets));
}

// The QLoRA base entries: NF4 with its block scales quantized again (QLoRA §3, the default of
// the paper and of bitsandbytes' BitsAndBytesConfig in its examples), plain NF4, LLM.int8().
enum BaseEntry { Nf4Double, Nf4, Int8 };

QComboBox* newCombo(QWidget* parent, const QString& objectName, const QString& name, const QString& toolTip)
{
    auto* combo = new QComboBox(parent);
    // As in the rest of the panel: long entries elide instead of widening the 300 px panel.
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    combo->view()->setTextElideMode(Qt::ElideNone);
    combo->setObjectName(objectName);
    combo->setAccessibleName(name);
    combo->setAccessibleDescription(toolTip);
    combo->setToolTip(toolTip);
    combo->setFocusPolicy(Qt::StrongFocus); // the panel's wheel rule: Tab and click, not the wheel
    return combo;
}

QLabel* addRow(QGridLayout* grid, int row, const QString& text, QWidget* input, Qt::Alignment alignment = {})
{
    // No buddy: a buddy label needs a mnemonic (the panel's rule, tst_scenario_controls
    // mnemonicsAreUniquePerMode), and in training mode every letter but the menus' F, E, V and H
    // already has one. The inputs follow the optimizer in the Tab order and carry accessible names.
    auto* label = new QLabel(text, input->parentWidget());
    grid->addWidget(label, row, 0);
    grid->addWidget(input, row, 1, alignment);
    return label;
}

} // namespace

FineTuningControls::FineTuningControls(QWidget* parent, QGridLayout* grid, int firstRow) : QObject(parent)
{
    m_method = newCombo(parent, QStringLiteral("methodCombo"), tr("Training method"),
                        tr("Full fine-tuning updates every weight and keeps a gradient and optimizer "
                           "state for each. LoRA freezes the base and trains small adapters beside "
                           "chosen layers. QLoRA does the same over a base stored in 4 or 8 bits."));
    m_method->addItem(tr("Full fine-tuning"), static_cast<int>(core::TrainingMethod::Full));
    m_method->addItem(tr("LoRA"), static_cast<int>(core::TrainingMethod::Lora));
    m_method->addItem(tr("QLoRA"), static_cast<int>(core::TrainingMethod::Qlora));

    m_rank = new QSpinBox(parent);
    m_rank->setObjectName(QStringLiteral("loraRankSpin"));
    // The core's bound (scenario.cpp): past any hidden size, so any real rank fits.
    m_rank->setRange(1, 65536);
    m_rank->setValue(16);
    m_rank->setKeyboardTracking(false); // one change on Enter or focus-out, not per digit
    m_rank->setAlignment(Qt::AlignRight);
    m_rank->setFocusPolicy(Qt::StrongFocus);
    m_rank->setAccessibleName(tr("LoRA rank"));
    const QString rankTip = tr("The rank r of each adapter. LoRA trains r×(in+out) adapter weights per "
                               "adapted layer; the base stays frozen. Doubling r doubles the adapters, "
                               "their gradients and optimizer states (1 to 65,536).");
    m_rank->setToolTip(rankTip);
    m_rank->setAccessibleDescription(rankTip);

    m_targets = newCombo(parent, QStringLiteral("loraTargetsCombo"), tr("Adapters on"),
                         tr("Which linear layers carry adapters: every linear layer of the decoder "
                            "(not the output head), or only the attention projections. Fewer "
                            "adapted layers: fewer trainable weights, less adapter memory."));

    m_base = newCombo(parent, QStringLiteral("qloraBaseCombo"), tr("QLoRA base"),
                      tr("How QLoRA stores the frozen base weights. NF4 keeps 4 bits per weight plus a "
                         "scale per block of 64; double quantization stores those scales in 8 bits "
                         "too (about 4.13 bits per weight). int8 keeps 8 bits per weight. Each "
                         "layer is turned back into 16 bits for its matrix product."));
    m_base->addItem(tr("NF4 + double quant"), Nf4Double);
    m_base->addItem(tr("NF4"), Nf4);
    m_base->addItem(tr("int8"), Int8);

    addRow(grid, firstRow, tr("Method"), m_method);
    m_rankLabel = addRow(grid, firstRow + 1, tr("LoRA rank"), m_rank, Qt::AlignRight);
    m_targetsLabel = addRow(grid, firstRow + 2, tr("Adapters on"), m_targets);
    m_baseLabel = addRow(grid, firstRow + 3, tr("QLoRA base"), m_base);
    fillTargets();
    updateEnabled();

    const auto changed = [this] {
        updateEnabled();
        if (!m_syncing)
            emit edited();
    };
    connect(m_method, &QComboBox::currentIndexChanged, this, changed);
    connect(m_rank, &QSpinBox::valueChanged, this, changed);
    connect(m_targets, &QComboBox::currentIndexChanged, this, changed);
    connect(m_base, &QComboBox::currentIndexChanged, this, changed);
}

QList<QWidget*> FineTuningControls::inputs() const
{
    return {m_method, m_rank, m_targets, m_base};
}

void FineTuningControls::fillTargets()
{
    const QString current = m_targets->currentData().toString();
    m_targets->clear();
    m_targets->addItem(tr("All linear layers"), targetsData(core::LoraTargets::AllLinear));
    m_targets->addItem(tr("Attention projections"), targetsData(core::LoraTargets::Attention));
    if (!m_names.empty()) {
        QStringList names;
        for (const std::string& name : m_names)
            names << QString::fromStdString(name);
        // The list comes from the scenario file; the panel has no editor for it, only keeps it.
        m_targets->addItem(tr("Named: %1").arg(names.join(QStringLiteral(", "))),
                           targetsData(core::LoraTargets::Named));
        m_targets->setItemData(
            m_targets->count() - 1,
            tr("The modules the scenario file names: %1").arg(names.join(QStringLiteral(", "))),
            Qt::ToolTipRole);
    }
    const int row = m_targets->findData(current);
    m_targets->setCurrentIndex(row >= 0 ? row : 0);
}

void FineTuningControls::show(const core::TrainingSettings& training)
{
    const bool wasSyncing = m_syncing;
    m_syncing = true;
    const core::LoraSettings& lora = training.lora;
    m_method->setCurrentIndex(m_method->findData(static_cast<int>(training.method)));
    showValue(m_rank, static_cast<int>(std::clamp<long long>(lora.rank, 1, 65536)));
    if (lora.targetNames != m_names) {
        m_names = lora.targetNames;
        fillTargets();
    }
    m_targets->setCurrentIndex(std::max(0, m_targets->findData(targetsData(lora.targets))));
    const BaseEntry base = lora.quantization == core::QuantizedBase::Int8 ? Int8
                           : lora.doubleQuant                             ? Nf4Double
                                                                          : Nf4;
    m_base->setCurrentIndex(m_base->findData(base));
    updateEnabled();
    m_syncing = wasSyncing;
}

void FineTuningControls::apply(core::TrainingSettings& training) const
{
    training.method = static_cast<core::TrainingMethod>(m_method->currentData().toInt());
    core::LoraSettings& lora = training.lora;
    lora.rank = m_rank->value();
    // The names stay in the settings under the other entries too, so the named entry can be picked
    // again; the file saves them only while they are chosen (core::scenarioToJson).
    lora.targets = core::loraTargetsFromName(m_targets->currentData().toString().toStdString())
                       .value_or(core::LoraTargets::AllLinear);
    switch (static_cast<BaseEntry>(m_base->currentData().toInt())) {
    case Nf4Double:
        lora.quantization = core::QuantizedBase::Nf4;
        lora.doubleQuant = true;
        break;
    case Nf4:
        lora.quantization = core::QuantizedBase::Nf4;
        lora.doubleQuant = false;
        break;
    case Int8: // double quantization applies to NF4's block scales only: keep the file's value
        lora.quantization = core::QuantizedBase::Int8;
        break;
    }
}

void FineTuningControls::updateEnabled()
{
    const auto method = static_cast<core::TrainingMethod>(m_method->currentData().toInt());
    const bool adapters = method != core::TrainingMethod::Full;
    for (QWidget* widget : {static_cast<QWidget*>(m_rank), static_cast<QWidget*>(m_rankLabel),
                            static_cast<QWidget*>(m_targets), static_cast<QWidget*>(m_targetsLabel)})
        if (widget)
            widget->setEnabled(adapters);
    for (QWidget* widget : {static_cast<QWidget*>(m_base), static_cast<QWidget*>(m_baseLabel)})
        if (widget)
            widget->setEnabled(method == core::TrainingMethod::Qlora);
}

} // namespace lhe::widgets
