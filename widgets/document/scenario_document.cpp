#include "widgets/document/scenario_document.h"

#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "widgets/document/scenario_change_command.h"
#include "widgets/messages/core_message.h"

#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

namespace lhe::widgets {

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this))
{
    m_scenario.deviceId.clear();
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

ScenarioDocument::~ScenarioDocument()
{
    m_undoStack->disconnect(this); // clearing the stack while this object is half gone
}

void ScenarioDocument::setCatalog(core::Catalog catalog)
{
    m_catalog = std::move(catalog);
    emit catalogChanged(); // the pickers list the new entries before the report names one
    evaluate();
}

bool ScenarioDocument::load(const nlohmann::json& file, QString* error)
{
    core::Scenario parsed;
    try {
        parsed = core::scenarioFromJson(file);
    } catch (const core::InputError& e) {
        if (error)
            *error = translatedError(e);
        return false;
    }
    m_unknownFields = core::unknownScenarioFields(file);
    m_scenario = std::move(parsed);
    m_modelConfigSource.reset();
    m_undoStack->clear(); // a loaded scenario starts a new history, with nothing to lose
    evaluate();
    emit scenarioChanged();
    return true;
}

nlohmann::json ScenarioDocument::toFileJson() const
{
    nlohmann::json out = core::scenarioToJson(m_scenario);
    if (!m_scenario.weightsGiven)
        out["precision"].erase("weights");
    core::mergeUnknownScenarioFields(out, m_unknownFields);
    return out;
}

nlohmann::json ScenarioDocument::toFileJson(const QString& path) const
{
    nlohmann::json out = toFileJson();
    const std::optional<ModelConfigSource>& source = m_modelConfigSource;
    if (!source || m_scenario.modelConfig != source->config || m_scenario.modelTensors != source->tensors ||
        m_scenario.modelConfigPath != source->loadedPath)
        return out;
    out.erase("model_config");
    out.erase("model_tensors");
    const QDir folder(source->fileFolder);
    const bool sameFolder = QFileInfo(path).absoluteDir() == folder;
    out["model_config_path"] =
        (sameFolder ? source->writtenPath : folder.absoluteFilePath(source->writtenPath)).toStdString();
    return out;
}

void ScenarioDocument::setModelConfigSource(const QString& writtenPath, const QString& fileFolder)
{
    m_modelConfigSource.reset();
    if (writtenPath.isEmpty() || !m_scenario.modelConfig)
        return;
    m_modelConfigSource =
        ModelConfigSource{writtenPath, QFileInfo(fileFolder).absoluteFilePath(), m_scenario.modelConfigPath,
                          *m_scenario.modelConfig, m_scenario.modelTensors};
}

void ScenarioDocument::change(const core::Scenario& next, int mergeId)
{
    if (next == m_scenario)
        return;
    core::Scenario before = m_scenario;
    m_scenario = next;
    m_undoStack->push(new ScenarioChangeCommand(this, std::move(before), next, mergeId));
    evaluate();
    emit scenarioChanged();
}

void ScenarioDocument::apply(const core::Scenario& scenario)
{
    m_scenario = scenario;
    evaluate();
    emit scenarioChanged();
}

void ScenarioDocument::setFilePath(const QString& path)
{
    // Relative to the folder the program started in, which the next session need not share.
    const QString absolute = path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    if (absolute == m_filePath)
        return;
    m_filePath = absolute;
    emit filePathChanged(m_filePath);
}

bool ScenarioDocument::isModified() const
{
    return !m_undoStack->isClean();
}

void ScenarioDocument::setSaved()
{
    m_undoStack->setClean();
}

void ScenarioDocument::setModifiedWithoutHistory()
{
    m_undoStack->resetClean();
}

void ScenarioDocument::evaluate()
{
    m_report.reset();
    m_problem.reset();
    if (!m_scenario.deviceId.empty()) {
        try {
            m_report = std::make_shared<const core::Report>(core::estimate(m_scenario, m_catalog));
        } catch (const core::InputError& error) {
            m_problem = error;
        }
    }
    emit reportChanged();
}

QString ScenarioDocument::problem() const
{
    return m_problem ? translatedError(*m_problem) : QString();
}

} // namespace lhe::widgets
