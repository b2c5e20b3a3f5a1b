#include "widgets/controls/serving_controls.h"

#include "widgets/common/theme.h"
#include "widgets/common/value_format.h"
#include "widgets/controls/duration_spin_box.h"
#include "widgets/controls/spin_box_value.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace lhe::widgets {

namespace {

// The lowest value of a target or price box stands for "none" (QAbstractSpinBox::specialValueText).
constexpr double kNone = -1.0;

void describe(QWidget* input, const QString& objectName, const QString& name, const QString& toolTip)
{
    input->setObjectName(objectName);
    input->setAccessibleName(name);
    input->setAccessibleDescription(toolTip);
    input->setToolTip(toolTip);
    input->setFocusPolicy(Qt::StrongFocus); // the panel's wheel rule: Tab and click, not the wheel
}

QSpinBox* newSpin(QWidget* parent, int minimum, int maximum, const QString& suffix)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(minimum, maximum);
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(false); // one change on Enter or focus-out, not per digit
    spin->setAlignment(Qt::AlignRight);
    return spin;
}

// The lowest value is "none".
QDoubleSpinBox* newOptionalSpin(QWidget* parent, double maximum, int decimals, const QString& suffix)
{
    auto* spin = new QDoubleSpinBox(parent);
    spin->setRange(kNone, maximum);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(false);
    spin->setAlignment(Qt::AlignRight);
    spin->setValue(kNone);
    return spin;
}

std::optional<double> optionalValue(const QDoubleSpinBox* spin, double scale)
{
    if (spin->value() < 0)
        return std::nullopt;
    return spin->value() * scale;
}

} // namespace

ServingControls::ServingControls(QWidget* parent, QVBoxLayout* column) : QObject(parent)
{
    m_group = new QGroupBox(parent);
    m_group->setObjectName(QStringLiteral("servingGroup"));
    auto* grid = new QGridLayout(m_group);
    m_prefixHit = newSpin(m_group, 0, 99, QStringLiteral(" %"));
    m_chunked = new QCheckBox(m_group);
    m_ttft = new DurationSpinBox(m_group);
    m_ttft->setFirstStep(1.0);
    m_tpot = new DurationSpinBox(m_group);
    m_tpot->setFirstStep(0.05);
    m_price = newOptionalSpin(m_group, 1e6, 2, QString());
    m_price->setSingleStep(0.1);
    m_power = newSpin(m_group, 5, 100, QStringLiteral(" %"));
    m_speculative = new QComboBox(m_group);
    m_draftModel = new QComboBox(m_group);
    // As in the rest of the panel: long entries elide instead of widening the panel.
    for (QComboBox* combo : {m_speculative, m_draftModel}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        combo->view()->setTextElideMode(Qt::ElideNone);
    }
    m_draftTokens = newSpin(m_group, 1, 16, QString());
    m_acceptance = newSpin(m_group, 0, 99, QStringLiteral(" %"));
    const QList<QWidget*> rows = inputs();
    for (int row = 0; row < rows.size(); ++row) {
        if (rows[row] == m_chunked) {
            grid->addWidget(m_chunked, row, 0, 1, 2);
            continue;
        }
        auto* label = new QLabel(m_group);
        label->setBuddy(rows[row]);
        m_labels << label;
        grid->addWidget(label, row, 0);
        grid->addWidget(rows[row], row, 1);
    }
    // Why a typed target was refused, under the inputs (a row of its own, hidden until then).
    m_targetError = new QLabel(m_group);
    m_targetError->setObjectName(QStringLiteral("servingTargetError"));
    m_targetError->setWordWrap(true);
    m_targetError->setTextFormat(Qt::PlainText);
    m_targetError->hide();
    grid->addWidget(m_targetError, static_cast<int>(rows.size()), 0, 1, 2);
    column->addWidget(m_group);
    retranslateUi();
    show(core::ServingSettings{});

    auto changed = [this] {
        if (m_syncing)
            return;
        updateEnabled();
        emit edited();
    };
    for (QSpinBox* spin : {m_prefixHit, m_power, m_draftTokens, m_acceptance})
        connect(spin, &QSpinBox::valueChanged, this, changed);
    for (DurationSpinBox* spin : {m_ttft, m_tpot}) {
        connect(spin, &QDoubleSpinBox::valueChanged, this, changed);
        connect(spin, &DurationSpinBox::rejected, this, [this, spin](const QString& message) {
            const QString name = spin == m_ttft ? tr("TTFT target") : tr("TPOT target");
            m_targetError->setText(tr("%1 not changed: %2").arg(name, message));
            QPalette errorPalette;
            errorPalette.setColor(
                QPalette::WindowText,
                readableOn(QColor(0xc6, 0x28, 0x28), m_group->palette().color(QPalette::Window)));
            m_targetError->setPalette(errorPalette);
            m_targetError->setAccessibleName(m_targetError->text());
            m_targetError->show();
        });
        connect(spin, &DurationSpinBox::accepted, this, [this] {
            m_targetError->clear();
            m_targetError->hide();
        });
    }
    connect(m_price, &QDoubleSpinBox::valueChanged, this, [this, changed] {
        if (m_syncing)
            return;
        emit priceEdited(optionalValue(m_price, 1.0));
        changed();
    });
    connect(m_chunked, &QCheckBox::toggled, this, changed);
    for (QComboBox* combo : {m_speculative, m_draftModel})
        connect(combo, &QComboBox::activated, this, changed);
}

void ServingControls::retranslateUi()
{
    m_group->setTitle(tr("Servin&g"));
    m_group->setToolTip(tr("Many users under continuous batching (inference): the batch is the number of "
                           "requests in flight."));
    describe(m_prefixHit, QStringLiteral("prefixHitSpin"), tr("Prefix-cache hits"),
             tr("Share of each prompt already in the prefix cache: those tokens skip prefill."));
    m_chunked->setText(tr("Chunked prefill"));
    describe(m_chunked, QStringLiteral("chunkedPrefillCheck"), tr("Chunked prefill"),
             tr("Prompts ride in the decode steps (vLLM's default) instead of stalling them."));
    describe(m_ttft, QStringLiteral("ttftTargetSpin"), tr("Time-to-first-token target"),
             tr("90th-percentile target for the wait until the first token, as a time with its unit: "
                "800 ms, 1 s, 0.5s. Empty or none: no target."));
    describe(m_tpot, QStringLiteral("tpotTargetSpin"), tr("Time-per-output-token target"),
             tr("90th-percentile target for the time between tokens, as a time with its unit: 40 ms, "
                "0.05 s. Empty or none: no target."));
    describe(m_price, QStringLiteral("priceSpin"), tr("Price per device-hour"),
             tr("What one device costs per hour, in any currency; remembered for this device. Gives "
                "the cost per million output tokens."));
    describe(m_power, QStringLiteral("powerSpin"), tr("Power use"),
             tr("Average board power while serving, as a share of the device's TDP (0.7 is typical "
                "for a loaded inference node)."));
    describe(m_speculative, QStringLiteral("speculativeCombo"), tr("Speculative decoding"),
             tr("A cheap drafter proposes tokens that the model checks in one pass."));
    describe(m_draftModel, QStringLiteral("draftModelCombo"), tr("Draft model"),
             tr("The catalog model that drafts (with \"Draft model\")."));
    describe(m_draftTokens, QStringLiteral("draftTokensSpin"), tr("Drafted tokens per step"),
             tr("How many tokens the drafter proposes per step (k)."));
    describe(m_acceptance, QStringLiteral("acceptanceSpin"), tr("Acceptance rate"),
             tr("Chance that a drafted token is accepted (α)."));
    for (QDoubleSpinBox* spin : std::initializer_list<QDoubleSpinBox*>{m_ttft, m_tpot, m_price})
        spin->setSpecialValueText(tr("none"));
    const QStringList texts = {tr("Prefix-cache hits"),   tr("TTFT target"),  tr("TPOT target"),
                               tr("Price / device-hour"), tr("Power use"),    tr("Speculative"),
                               tr("Draft model"),         tr("Draft tokens"), tr("Acceptance")};
    for (int i = 0; i < m_labels.size() && i < texts.size(); ++i)
        m_labels[i]->setText(texts[i]);
    const int speculative = m_speculative->currentIndex();
    m_speculative->clear();
    m_speculative->addItem(tr("None"), static_cast<int>(core::DraftKind::None));
    m_speculative->addItem(tr("Multi-token prediction"), static_cast<int>(core::DraftKind::Mtp));
    m_speculative->addItem(tr("Draft model"), static_cast<int>(core::DraftKind::Model));
    m_speculative->setCurrentIndex(std::max(0, speculative));
}

void ServingControls::setModels(const core::Catalog& catalog)
{
    const QString current = m_draftModel->currentData().toString();
    m_syncing = true;
    m_draftModel->clear();
    for (const core::ModelEntry& model : catalog.models())
        m_draftModel->addItem(QString::fromStdString(model.name), QString::fromStdString(model.id));
    m_draftModel->setCurrentIndex(std::max(0, m_draftModel->findData(current)));
    // The first entry can change the box's height (the empty box had no text to measure): let
    // the layout ask again.
    m_draftModel->updateGeometry();
    m_syncing = false;
}

void ServingControls::show(const core::ServingSettings& s)
{
    m_syncing = true;
    showValue(m_prefixHit, static_cast<int>(std::lround(s.prefixCacheHitRatio * 100.0)));
    m_chunked->setChecked(s.chunkedPrefill);
    m_ttft->setSeconds(s.ttftTargetSeconds);
    m_tpot->setSeconds(s.tpotTargetSeconds);
    showValue(m_price, s.pricePerDeviceHour.value_or(kNone));
    showValue(m_power, static_cast<int>(std::lround(s.powerUtilization * 100.0)));
    const auto& spec = s.speculative;
    m_speculative->setCurrentIndex(std::max(0, m_speculative->findData(static_cast<int>(spec.draft))));
    if (!spec.draftModelId.empty())
        m_draftModel->setCurrentIndex(
            std::max(0, m_draftModel->findData(QString::fromStdString(spec.draftModelId))));
    showValue(m_draftTokens, static_cast<int>(spec.draftTokens));
    showValue(m_acceptance, static_cast<int>(std::lround(spec.acceptanceRate * 100.0)));
    m_syncing = false;
    updateEnabled();
}

void ServingControls::apply(core::ServingSettings& s) const
{
    // A box shows whole per cents: an unchanged box keeps the scenario's finer value.
    if (std::lround(s.prefixCacheHitRatio * 100.0) != m_prefixHit->value())
        s.prefixCacheHitRatio = m_prefixHit->value() / 100.0;
    s.chunkedPrefill = m_chunked->isChecked();
    s.ttftTargetSeconds = m_ttft->seconds();
    s.tpotTargetSeconds = m_tpot->seconds();
    s.pricePerDeviceHour = optionalValue(m_price, 1.0);
    if (std::lround(s.powerUtilization * 100.0) != m_power->value())
        s.powerUtilization = m_power->value() / 100.0;
    auto& spec = s.speculative;
    spec.draft = static_cast<core::DraftKind>(m_speculative->currentData().toInt());
    if (spec.draft == core::DraftKind::Model)
        spec.draftModelId = m_draftModel->currentData().toString().toStdString();
    spec.draftTokens = m_draftTokens->value();
    if (std::lround(spec.acceptanceRate * 100.0) != m_acceptance->value())
        spec.acceptanceRate = m_acceptance->value() / 100.0;
}

void ServingControls::showCurrency()
{
    const QString unit = currency();
    const bool symbol = unit.size() == 1 && !unit.at(0).isLetter(); // as formatMoney writes it
    m_price->setPrefix(symbol ? unit : QString());
    m_price->setSuffix(!symbol && !unit.isEmpty() ? QLatin1Char(' ') + unit : QString());
}

QString ServingControls::targetError() const
{
    return m_targetError->isHidden() ? QString() : m_targetError->text();
}

QList<QWidget*> ServingControls::inputs() const
{
    return {m_prefixHit, m_chunked,     m_ttft,       m_tpot,        m_price,
            m_power,     m_speculative, m_draftModel, m_draftTokens, m_acceptance};
}

void ServingControls::updateEnabled()
{
    const auto draft = static_cast<core::DraftKind>(m_speculative->currentData().toInt());
    m_draftModel->setEnabled(draft == core::DraftKind::Model && m_draftModel->count() > 0);
    m_draftTokens->setEnabled(draft != core::DraftKind::None);
    m_acceptance->setEnabled(draft != core::DraftKind::None);
}

} // namespace lhe::widgets
