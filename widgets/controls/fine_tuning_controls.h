// FineTuningControls: the rows of the scenario panel's Training group that choose how a step
// trains (README "Scenario (input)": training.method and training.lora) — full fine-tuning, LoRA
// or QLoRA, the adapters' rank and targets, and QLoRA's quantized base. Kept out of
// scenario_controls.cpp, which owns the rest of the panel and calls show() / apply().
#pragma once

#include "core/scenario/scenario.h"

#include <QList>
#include <QObject>
#include <string>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QSpinBox;
class QWidget;

namespace lhe::widgets {

// Object names for tests and UI automation: methodCombo, loraRankSpin, loraTargetsCombo,
// qloraBaseCombo.
//
// - Rank and targets are enabled for LoRA and QLoRA, the base for QLoRA only. Switching the
//   method keeps rank, targets and base: the core echoes them for every method.
// - A scenario whose adapters name modules ("q_proj", "v_proj") gets one extra, read-only targets
//   entry "Named: q_proj, v_proj"; picking it again after another entry restores that list.
// - Fields without a control (dropout, adapter precision, paged optimizer) stay as they are.
class FineTuningControls : public QObject
{
    Q_OBJECT

public:
    // Adds its labelled rows to `grid` from row `firstRow` (label in column 0, input in column 1),
    // the widgets children of `parent`.
    FineTuningControls(QWidget* parent, QGridLayout* grid, int firstRow);

    // Shows these settings; emits nothing.
    void show(const core::TrainingSettings& training);
    // Writes what the controls show into `training` (method, rank, targets, base); leaves every
    // other field as it is.
    void apply(core::TrainingSettings& training) const;
    // The inputs in visual order, for the panel's tab order.
    QList<QWidget*> inputs() const;
    int rowCount() const { return 4; }

signals:
    // The user changed one of the controls.
    void edited();

private:
    void updateEnabled();
    void fillTargets();

    QComboBox* m_method = nullptr;
    QSpinBox* m_rank = nullptr;
    QComboBox* m_targets = nullptr;
    QComboBox* m_base = nullptr;
    QLabel* m_rankLabel = nullptr;
    QLabel* m_targetsLabel = nullptr;
    QLabel* m_baseLabel = nullptr;
    std::vector<std::string> m_names; // the scenario's named targets (shown as one entry)
    bool m_syncing = false;
};

} // namespace lhe::widgets
