// MainWindow's dialogs: the file pickers, the device editor and calibration, saving an imported
// model to the catalog, and the question before unsaved changes are replaced.
#include "app/explorer/hf_import_dialog.h"
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "app/support/user_catalog.h"
#include "core/common/input_error.h"
#include "core/model/tensor_architecture.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/dialogs/calibration_dialog.h"
#include "widgets/dialogs/device_editor_dialog.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/message_log.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>

namespace lhe::app {

using nlohmann::json;

namespace {

// A config.json may hold anything under any key: read a name only when it is a string
// (json::value would throw on a number there).
QString stringField(const json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? QString::fromStdString(found->get<std::string>())
                                                       : QString();
}

} // namespace

bool MainWindow::confirmDiscardChanges(bool closing)
{
    if (!isModified())
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
            : QMessageBox::question(this, tr("Unsaved changes"), question,
                                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        saveScenarioDialog(false);
        return !isModified(); // a cancelled or failed save keeps the changes
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::openScenarioDialog()
{
    if (!confirmDiscardChanges())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), QString(),
                                                      tr("Scenario files (*.json);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !openScenarioFile(path, &error))
        reportError(tr("Cannot open scenario"), error);
}

void MainWindow::saveScenarioDialog(bool askForName)
{
    QString path = m_document->filePath();
    if (askForName || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save Scenario"),
                                            path.isEmpty() ? tr("scenario.json") : path,
                                            tr("Scenario files (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveScenarioFile(path, &error))
        reportError(tr("Cannot save scenario"), error);
}

bool MainWindow::importModelFile(const QString& path, QString* error)
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
        showWarnings(files.warnings);
        return true;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
}

bool MainWindow::importModelConfig(const QString& path, QString* error)
{
    try {
        std::vector<core::Message> warnings;
        json config = readModelConfigFile(path, &warnings);
        m_controls->setImportedModelConfig(config, QFileInfo(path).filePath());
        showWarnings(warnings);
        return true;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
}

void MainWindow::importConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"), QString(),
                                                      tr("config.json (*.json);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !importModelConfig(path, &error))
        reportError(tr("Cannot import config.json"), error);
}

void MainWindow::openModelFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Model File"), QString(),
        tr("Model files (*.gguf *.safetensors);;GGUF (*.gguf);;safetensors (*.safetensors);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !importModelFile(path, &error))
        reportError(tr("Cannot open the model file"), error);
}

void MainWindow::importFromHubDialog()
{
    HfImportDialog dialog(m_settings, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_controls->setImportedModel(dialog.files().config, dialog.tensors(), dialog.files().repoId);
    for (const QString& note : dialog.notes())
        m_messageLog->addMessage(widgets::MessageLog::Severity::Note, note);
    showWarnings(dialog.warnings());
}

void MainWindow::deviceEditorDialog(bool copyCurrent)
{
    widgets::DeviceEditorDialog dialog(this);
    dialog.setCatalog(m_catalog);
    if (copyCurrent) {
        const core::Device* current = m_catalog.findDevice(m_document->scenario().deviceId);
        if (!current) {
            reportError(tr("Cannot copy the device"), tr("No device is selected"));
            return;
        }
        dialog.setDevice(*current);
    }
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!addUserDevice(dialog.device(), &error))
        reportError(tr("Cannot save the device"), error);
}

void MainWindow::calibrationDialog()
{
    const core::Device* current = m_catalog.findDevice(m_document->scenario().deviceId);
    if (!current) {
        reportError(tr("Cannot calibrate the device"), tr("No device is selected"));
        return;
    }
    widgets::CalibrationDialog dialog(*current, m_catalog, this);
    // The scenario on screen as a first row, its measurement left to fill in (an imported
    // config.json is not in the catalog the fit resolves models from).
    const core::Scenario& shown = m_document->scenario();
    if (m_document->report() && !shown.modelConfig) {
        using Quantity = core::CalibrationPoint::Quantity;
        core::CalibrationPoint point;
        point.scenario = shown;
        point.quantity = shown.mode == core::Mode::Training ? Quantity::TrainingStepSeconds
                         : shown.outputTokens > 0           ? Quantity::DecodeTokensPerSecond
                                                            : Quantity::PrefillTokensPerSecond;
        dialog.addPoint(point);
    }
    if (dialog.exec() != QDialog::Accepted)
        return;
    // Saved under the device's own id: a user entry that overrides the built-in one.
    QString error;
    if (!addUserDevice(dialog.calibratedDevice(), &error))
        reportError(tr("Cannot save the device"), error);
}

void MainWindow::saveImportedModelDialog()
{
    const json scenario = m_controls->scenario();
    if (!scenario.contains("model_config")) {
        reportError(tr("Cannot save the model"), tr("The current model is not an imported config.json"));
        return;
    }
    // A name to start from: the config's own, else its file name without ".config.json"/".json".
    QString suggestion = stringField(scenario["model_config"], "_name_or_path");
    if (suggestion.isEmpty()) {
        suggestion = QFileInfo(stringField(scenario, "model_config_path")).fileName();
        for (const QLatin1String suffix :
             {QLatin1String(".json"), QLatin1String(".config"), QLatin1String("config")})
            if (suggestion.endsWith(suffix, Qt::CaseInsensitive))
                suggestion.chop(suffix.size());
    }
    if (suggestion.isEmpty())
        suggestion = stringField(scenario["model_config"], "model_type");
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save Imported Model to Catalog"),
                              tr("Name of the model in your catalog (its id is made from the name):"),
                              QLineEdit::Normal, suggestion, &ok)
            .trimmed();
    if (!ok || name.isEmpty())
        return;
    const QString id = catalogIdFromName(name);
    if (id.isEmpty()) {
        reportError(tr("Cannot save the model"), tr("The name needs at least one letter or digit"));
        return;
    }
    if (const core::ModelEntry* existing = m_catalog.findModel(id.toStdString())) {
        const QString question =
            existing->userDefined
                ? tr("Your catalog already has a model with the id \"%1\" (%2). Replace it?")
                : tr("The id \"%1\" belongs to the built-in %2. Override it with this model?");
        if (QMessageBox::question(this, tr("Save Imported Model to Catalog"),
                                  question.arg(id, QString::fromStdString(existing->name))) !=
            QMessageBox::Yes)
            return;
    }
    QString error;
    if (!saveImportedModel(id, name, &error))
        reportError(tr("Cannot save the model"), error);
}

} // namespace lhe::app
