// ServingControls: the scenario panel's Serving group (README "Serving, cost and energy":
// the scenario's "serving" object) — prefix-cache hits, chunked prefill, the latency targets, the
// price per device-hour, power use and speculative decoding. Concurrency and lengths are the
// panel's batch, prompt and output. Kept out of scenario_controls.cpp, which owns the rest of the
// panel and calls show() / apply().
#pragma once

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"

#include <QList>
#include <QObject>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QSpinBox;
class QVBoxLayout;
class QWidget;

namespace lhe::widgets {

class DurationSpinBox;

// Object names for tests and UI automation: servingGroup, prefixHitSpin, chunkedPrefillCheck,
// ttftTargetSpin, tpotTargetSpin, priceSpin, powerSpin, speculativeCombo, draftModelCombo,
// draftTokensSpin, acceptanceSpin; servingTargetError (why a typed target was refused).
//
// - A target or price at its lowest value reads "none" and is left out of the scenario.
// - The targets are times typed with their unit ("800 ms", "1 s"; DurationSpinBox), stored in
//   seconds. A text that is not one is refused with its reason under the targets.
// - Fields without a control (concurrency, request rate, request shapes, KV block size) stay as
//   the scenario has them.
class ServingControls : public QObject
{
    Q_OBJECT

public:
    // Adds the group, its widgets children of `parent`, at the end of `column`.
    ServingControls(QWidget* parent, QVBoxLayout* column);

    QGroupBox* group() const { return m_group; }
    // The models a separate draft may be (the catalog's), by id.
    void setModels(const core::Catalog& catalog);
    // Shows these settings; emits nothing.
    void show(const core::ServingSettings& serving);
    // Writes what the controls show into `serving`, leaving the fields without a control.
    void apply(core::ServingSettings& serving) const;
    QList<QWidget*> inputs() const;
    // The price box shows widgets::currency(): a symbol before the number, a code after it.
    void showCurrency();
    // The reason the last typed target was refused, as shown under the targets; empty when none.
    QString targetError() const;
    void retranslateUi();

signals:
    // The user changed one of the controls.
    void edited();
    // The user changed the price (empty: none), to be remembered for the current device.
    void priceEdited(std::optional<double> pricePerDeviceHour);

private:
    void updateEnabled();

    QGroupBox* m_group = nullptr;
    QSpinBox* m_prefixHit = nullptr;
    QCheckBox* m_chunked = nullptr;
    DurationSpinBox* m_ttft = nullptr;
    DurationSpinBox* m_tpot = nullptr;
    QLabel* m_targetError = nullptr; // the last refused target's reason; hidden when none
    QDoubleSpinBox* m_price = nullptr;
    QSpinBox* m_power = nullptr;
    QComboBox* m_speculative = nullptr;
    QComboBox* m_draftModel = nullptr;
    QSpinBox* m_draftTokens = nullptr;
    QSpinBox* m_acceptance = nullptr;
    QList<QLabel*> m_labels;
    bool m_syncing = false;
};

} // namespace lhe::widgets
