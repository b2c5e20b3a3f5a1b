// ScenarioChangeCommand: one undoable change of a ScenarioDocument's scenario (QUndoStack). It
// holds the scenario before and after; undo/redo give one of them back to the document. Changes
// made during one slider drag merge into a single step.
#pragma once

#include "core/scenario/scenario.h"

#include <QString>
#include <QUndoCommand>

namespace lhe::widgets {

class ScenarioDocument;

class ScenarioChangeCommand : public QUndoCommand
{
public:
    // `dragId` is ScenarioControls::dragId() when the change came from a slider drag (0 otherwise):
    // commands with the same non-zero id merge. The document already holds `after` when the
    // command is pushed, so the first redo() does nothing.
    ScenarioChangeCommand(ScenarioDocument* document, core::Scenario before, core::Scenario after,
                          int dragId);

    void undo() override;
    void redo() override;
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override;

    // Names the step again in the current language ("Change batch").
    void retranslate() { updateText(); }

    const core::Scenario& before() const { return m_before; }
    const core::Scenario& after() const { return m_after; }

private:
    void updateText();

    ScenarioDocument* m_document;
    core::Scenario m_before;
    core::Scenario m_after;
    int m_dragId;
    bool m_firstRedo = true;
};

// "Change batch", "Change device", "Change 3 settings": what the Edit menu's Undo/Redo say,
// from the scenario fields that differ (compared as typed values, named by their contract paths).
QString describeScenarioChange(const core::Scenario& before, const core::Scenario& after);

} // namespace lhe::widgets
