// ScenarioChangeCommand: one undoable change of the scenario controls (QUndoStack). It holds the
// scenario before and after; undo/redo hand one of them to a setter. Changes made during one
// slider drag merge into a single step.
#pragma once

#include <QUndoCommand>
#include <functional>
#include <nlohmann/json.hpp>

namespace lhe::app {

class ScenarioChangeCommand : public QUndoCommand
{
public:
    using Apply = std::function<void(const nlohmann::json&)>;

    // `dragId` is ScenarioControls::dragId() when the change came from a slider drag (0 otherwise):
    // commands with the same non-zero id merge. The change is already on screen when the command
    // is pushed, so the first redo() does nothing.
    ScenarioChangeCommand(nlohmann::json before, nlohmann::json after, int dragId, Apply apply);

    void undo() override;
    void redo() override;
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override;

    const nlohmann::json& before() const { return m_before; }
    const nlohmann::json& after() const { return m_after; }

private:
    void updateText();

    nlohmann::json m_before;
    nlohmann::json m_after;
    int m_dragId;
    Apply m_apply;
    bool m_firstRedo = true;
};

// "Change batch", "Change device", "Change 3 settings": what the Edit menu's Undo/Redo say,
// from the scenario fields that differ.
QString describeScenarioChange(const nlohmann::json& before, const nlohmann::json& after);

} // namespace lhe::app
