#include "app/explorer/scenario_files.h"

#include "app/explorer/app_settings.h"
#include "app/explorer/hf_import_dialog.h"
#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "app/support/save_file.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/model/tensor_architecture.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/message_log.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace lhe::app {

using nlohmann::json;

ScenarioFiles::ScenarioFiles(widgets::ScenarioDocument* document, widgets::ScenarioControls* controls,
                             WindowMessages* messages, QWidget* window)
    : QObject(window), m_document(document), m_controls(controls), m_messages(messages), m_window(window)
{}

bool ScenarioFiles::loadScenario(const json& scenario, QString* error)
{
    try {
        // Validated before the document changes: a scenario the catalog cannot evaluate (an
        // unknown device) is refused rather than shown as a problem.
        core::estimate(core::scenarioFromJson(scenario), m_document->catalog());
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    return m_document->load(scenario, error); // a new history, with nothing to lose
}

bool ScenarioFiles::openScenarioFile(const QString& path, QString* error)
{
    QString modelConfigPath;
    try {
        if (!loadScenario(readScenarioFile(path, &m_document->catalog(), &modelConfigPath), error))
            return false;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    // Save keeps the file's form: a model named by its path stays named so.
    m_document->setModelConfigSource(modelConfigPath, QFileInfo(path).absolutePath());
    setScenarioPath(path);
    return true;
}

void ScenarioFiles::setScenarioPath(const QString& path)
{
    m_document->setFilePath(path);
    if (m_settings && !path.isEmpty())
        m_settings->addRecentFile(m_document->filePath());
}

bool ScenarioFiles::saveScenarioFile(const QString& path, QString* error)
{
    // The file as loaded, with this window's changes: members it does not know stay.
    const std::string text = m_document->toFileJson(path).dump(2) + "\n";
    if (!saveFileAtomically(path, QByteArray::fromStdString(text), error))
        return false;
    m_document->setSaved();
    setScenarioPath(path);
    return true;
}

bool ScenarioFiles::importModelFile(const QString& path, QString* error)
{
    try {
        ModelFiles files = readModelFiles(path);
        std::vector<core::Message> checked; // the estimator reports them with its own warnings
        try {
            (void)core::architectureFromModelSources(
                files.config, files.tensors.is_null() ? nullptr : &files.tensors, std::string(), checked);
        } catch (const core::InputError& e) {
            throw e.withOrigin(QFileInfo(path).filePath().toStdString());
        }
        m_controls->setImportedModel(files.config, files.tensors, QFileInfo(path).filePath());
        m_messages->showWarnings(files.warnings);
        return true;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
}

bool ScenarioFiles::importModelConfig(const QString& path, QString* error)
{
    try {
        std::vector<core::Message> warnings;
        json config = readModelConfigFile(path, &warnings);
        m_controls->setImportedModelConfig(config, QFileInfo(path).filePath());
        m_messages->showWarnings(warnings);
        return true;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
}

bool ScenarioFiles::openDropped(const QString& path)
{
    QString error;
    // A GGUF file, a .safetensors file or a checkpoint folder: a model read from its headers.
    if (isModelFilePath(path)) {
        if (!importModelFile(path, &error))
            m_messages->reportError(tr("Cannot open dropped file"), error);
        return true;
    }
    // A scenario names a device; anything else is taken as a Hugging Face config.json.
    bool isScenario = false;
    try {
        const json dropped = readConfigJsonFile(path); // a scenario is read strictly next
        isScenario = dropped.is_object() && dropped.contains("device");
    } catch (const core::InputError& e) {
        m_messages->reportError(tr("Cannot open dropped file"), widgets::translatedError(e));
        return false;
    }
    if (isScenario && !confirmDiscardChanges())
        return false;
    const bool ok = isScenario ? openScenarioFile(path, &error) : importModelConfig(path, &error);
    if (!ok)
        m_messages->reportError(tr("Cannot open dropped file"), error);
    return true;
}

bool ScenarioFiles::confirmDiscardChanges(bool closing)
{
    if (!m_document->isModified())
        return true;
    // On closing nothing is lost either way (the session keeps the scenario): say so, so that
    // Discard is not mistaken for "forget this".
    const QString question =
        closing ? tr("The scenario has changes that are not saved to a file. Save them first?\n\n"
                     "Either way, the next start resumes where you are now.")
                : tr("The scenario has changes that are not saved. Save them first?");
    const int answer =
        m_discardQuestion
            ? m_discardQuestion()
            : QMessageBox::question(m_window, tr("Unsaved changes"), question,
                                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        saveScenarioDialog(false);
        return !m_document->isModified(); // a cancelled or failed save keeps the changes
    }
    return answer == QMessageBox::Discard;
}

void ScenarioFiles::openScenarioDialog()
{
    if (!confirmDiscardChanges())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Scenario"), QString(),
                                                      tr("Scenario files (*.json);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !openScenarioFile(path, &error))
        m_messages->reportError(tr("Cannot open scenario"), error);
}

void ScenarioFiles::saveScenarioDialog(bool askForName)
{
    QString path = m_document->filePath();
    if (askForName || path.isEmpty())
        path = QFileDialog::getSaveFileName(m_window, tr("Save Scenario"),
                                            path.isEmpty() ? tr("scenario.json") : path,
                                            tr("Scenario files (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveScenarioFile(path, &error))
        m_messages->reportError(tr("Cannot save scenario"), error);
}

void ScenarioFiles::importConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Hugging Face config.json"),
                                                      QString(), tr("config.json (*.json);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !importModelConfig(path, &error))
        m_messages->reportError(tr("Cannot import config.json"), error);
}

void ScenarioFiles::openModelFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Model File"), QString(),
        tr("Model files (*.gguf *.safetensors);;GGUF (*.gguf);;safetensors (*.safetensors);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !importModelFile(path, &error))
        m_messages->reportError(tr("Cannot open the model file"), error);
}

void ScenarioFiles::importFromHubDialog()
{
    HfImportDialog dialog(m_settings, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_controls->setImportedModel(dialog.files().config, dialog.tensors(), dialog.files().repoId);
    for (const QString& note : dialog.notes())
        m_messages->log()->addMessage(widgets::MessageLog::Severity::Note, note);
    m_messages->showWarnings(dialog.warnings());
}

} // namespace lhe::app
