#include "app/explorer/catalog_editor.h"

#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/calibration/calibration.h"
#include "core/common/input_error.h"
#include "widgets/dialogs/calibration_dialog.h"
#include "widgets/dialogs/device_editor_dialog.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"

#include <QDir>
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

CatalogEditor::CatalogEditor(widgets::ScenarioDocument* document, WindowMessages* messages, QWidget* window)
    : QObject(window), m_document(document), m_messages(messages), m_window(window)
{}

bool CatalogEditor::reloadCatalog(QString* error)
{
    std::vector<core::Message> warnings;
    try {
        m_document->setCatalog(loadCatalog(m_extraFiles, warnings));
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    m_messages->showWarnings(warnings);
    return true;
}

bool CatalogEditor::addUserDevice(const core::Device& device, QString* error)
{
    if (!saveUserDevice(device, error))
        return false;
    if (!reloadCatalog(error)) {
        *error = tr("Saved %1, but the catalog could not be reloaded: %2")
                     .arg(QString::fromStdString(device.name), *error);
        return false;
    }
    core::Scenario next = m_document->scenario();
    next.deviceId = device.id;
    m_document->change(next);
    m_messages->showStatus(
        tr("Saved %1 to %2")
            .arg(QString::fromStdString(device.name), QDir::toNativeSeparators(userDevicesFile())),
        8000);
    return true;
}

bool CatalogEditor::saveImportedModel(const QString& id, const QString& name, QString* error)
{
    core::Scenario next = m_document->scenario();
    if (!next.modelConfig) {
        *error = tr("The current model is not an imported config.json");
        return false;
    }
    const QString source = QString::fromStdString(next.modelConfigPath);
    if (!saveUserModel(id, name, *next.modelConfig, next.modelTensors.value_or(json()), source, error))
        return false;
    if (!reloadCatalog(error)) {
        *error = tr("Saved %1, but the catalog could not be reloaded: %2").arg(name, *error);
        return false;
    }
    next.modelConfig.reset();
    next.modelConfigPath.clear();
    next.modelTensors.reset();
    next.modelId = id.toStdString();
    m_document->change(next);
    m_messages->showStatus(tr("Saved %1 to %2").arg(name, QDir::toNativeSeparators(userModelsFile())), 8000);
    return true;
}

void CatalogEditor::deviceEditorDialog(bool copyCurrent)
{
    const core::Catalog& catalog = m_document->catalog();
    widgets::DeviceEditorDialog dialog(m_window);
    dialog.setCatalog(catalog);
    if (copyCurrent) {
        const core::Device* current = catalog.findDevice(m_document->scenario().deviceId);
        if (!current) {
            m_messages->reportError(tr("Cannot copy the device"), tr("No device is selected"));
            return;
        }
        dialog.setDevice(*current);
    }
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!addUserDevice(dialog.device(), &error))
        m_messages->reportError(tr("Cannot save the device"), error);
}

void CatalogEditor::calibrationDialog()
{
    const core::Catalog& catalog = m_document->catalog();
    const core::Device* current = catalog.findDevice(m_document->scenario().deviceId);
    if (!current) {
        m_messages->reportError(tr("Cannot calibrate the device"), tr("No device is selected"));
        return;
    }
    widgets::CalibrationDialog dialog(*current, catalog, m_window);
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
        m_messages->reportError(tr("Cannot save the device"), error);
}

void CatalogEditor::saveImportedModelDialog()
{
    const core::Scenario& scenario = m_document->scenario();
    if (!scenario.modelConfig) {
        m_messages->reportError(tr("Cannot save the model"),
                                tr("The current model is not an imported config.json"));
        return;
    }
    // A name to start from: the config's own, else its file name without ".config.json"/".json".
    QString suggestion = stringField(*scenario.modelConfig, "_name_or_path");
    if (suggestion.isEmpty()) {
        suggestion = QFileInfo(QString::fromStdString(scenario.modelConfigPath)).fileName();
        for (const QLatin1String suffix :
             {QLatin1String(".json"), QLatin1String(".config"), QLatin1String("config")})
            if (suggestion.endsWith(suffix, Qt::CaseInsensitive))
                suggestion.chop(suffix.size());
    }
    if (suggestion.isEmpty())
        suggestion = stringField(*scenario.modelConfig, "model_type");
    bool ok = false;
    const QString name =
        QInputDialog::getText(m_window, tr("Save Imported Model to Catalog"),
                              tr("Name of the model in your catalog (its id is made from the name):"),
                              QLineEdit::Normal, suggestion, &ok)
            .trimmed();
    if (!ok || name.isEmpty())
        return;
    const QString id = catalogIdFromName(name);
    if (id.isEmpty()) {
        m_messages->reportError(tr("Cannot save the model"),
                                tr("The name needs at least one letter or digit"));
        return;
    }
    if (const core::ModelEntry* existing = m_document->catalog().findModel(id.toStdString())) {
        const QString question =
            existing->userDefined
                ? tr("Your catalog already has a model with the id \"%1\" (%2). Replace it?")
                : tr("The id \"%1\" belongs to the built-in %2. Override it with this model?");
        if (QMessageBox::question(m_window, tr("Save Imported Model to Catalog"),
                                  question.arg(id, QString::fromStdString(existing->name))) !=
            QMessageBox::Yes)
            return;
    }
    QString error;
    if (!saveImportedModel(id, name, &error))
        m_messages->reportError(tr("Cannot save the model"), error);
}

} // namespace lhe::app
