#include "widgets/document/scenario_change_command.h"

#include "widgets/document/scenario_document.h"

#include <QCoreApplication>
#include <algorithm>
#include <vector>

namespace lhe::widgets {

namespace {

// The leaf fields that differ, as "precision/kv_cache" paths (nlohmann's JSON Patch diff).
std::vector<std::string> changedFields(const nlohmann::json& before, const nlohmann::json& after)
{
    std::vector<std::string> fields;
    for (const auto& operation : nlohmann::json::diff(before, after)) {
        std::string path = operation.value("path", std::string());
        if (!path.empty() && path.front() == '/')
            path.erase(0, 1);
        // An imported model changes two fields at once: name the model.
        if (path.rfind("model_config", 0) == 0)
            path = "model";
        if (std::find(fields.begin(), fields.end(), path) == fields.end())
            fields.push_back(path);
    }
    return fields;
}

QString fieldLabel(const std::string& field)
{
    // The names the controls carry; fields without a control keep their contract path.
    static const std::vector<std::pair<std::string, const char*>> labels = {
        {"device", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "device")},
        {"model", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "model")},
        {"mode", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "training / inference")},
        {"batch", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "batch")},
        {"prompt_tokens", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "prompt length")},
        {"output_tokens", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "output length")},
        {"devices", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "device count")},
        {"parallelism", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "parallel split")},
        {"precision/weights", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "weight precision")},
        {"precision/kv_cache", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "KV-cache precision")},
        {"precision/compute", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "compute precision")},
        {"precision/activations", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "activation precision")},
        {"flash_attention", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "FlashAttention")},
        {"training/zero_stage", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "ZeRO stage")},
        {"training/recompute", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "recomputation")},
        {"training/micro_batch", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "micro-batch")},
        {"training/optimizer", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "optimizer")},
    };
    for (const auto& [path, label] : labels)
        if (field == path || field.rfind(path + "/", 0) == 0)
            return QCoreApplication::translate("ScenarioChangeCommand", label);
    return QString::fromStdString(field);
}

} // namespace

QString describeScenarioChange(const nlohmann::json& before, const nlohmann::json& after)
{
    std::vector<std::string> fields = changedFields(before, after);
    // A change of mode also moves the fields that follow it (weights, the split): name the mode.
    if (std::find(fields.begin(), fields.end(), "mode") != fields.end())
        fields = {"mode"};
    std::vector<QString> labels;
    for (const std::string& field : fields) {
        const QString label = fieldLabel(field);
        if (std::find(labels.begin(), labels.end(), label) == labels.end())
            labels.push_back(label);
    }
    if (labels.empty())
        return QCoreApplication::translate("ScenarioChangeCommand", "Change scenario");
    if (labels.size() == 1)
        return QCoreApplication::translate("ScenarioChangeCommand", "Change %1").arg(labels.front());
    if (labels.size() == 2)
        return QCoreApplication::translate("ScenarioChangeCommand", "Change %1 and %2")
            .arg(labels[0], labels[1]);
    return QCoreApplication::translate("ScenarioChangeCommand", "Change %n settings", nullptr,
                                       static_cast<int>(labels.size()));
}

ScenarioChangeCommand::ScenarioChangeCommand(ScenarioDocument* document, core::Scenario before,
                                             core::Scenario after, int dragId)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)), m_dragId(dragId)
{
    updateText();
}

void ScenarioChangeCommand::undo()
{
    m_document->apply(m_before);
}

void ScenarioChangeCommand::redo()
{
    if (m_firstRedo) {
        m_firstRedo = false;
        return;
    }
    m_document->apply(m_after);
}

bool ScenarioChangeCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const ScenarioChangeCommand*>(other); // same id()
    if (m_dragId == 0 || next->m_dragId != m_dragId)
        return false;
    m_after = next->m_after;
    // Dragged back to where it started: nothing to undo.
    setObsolete(core::scenarioToJson(m_after) == core::scenarioToJson(m_before));
    updateText();
    return true;
}

void ScenarioChangeCommand::updateText()
{
    setText(describeScenarioChange(core::scenarioToJson(m_before), core::scenarioToJson(m_after)));
}

} // namespace lhe::widgets
