// MainWindow's catalog: read again from disk, and grown by the user's own devices and imported
// models (the user catalog folder), each then selected in the scenario.
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/common/input_error.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"

#include <QDir>
#include <QStatusBar>

namespace lhe::app {

bool MainWindow::reloadCatalog(QString* error)
{
    std::vector<core::Message> warnings;
    try {
        m_catalog = loadCatalog(m_extraCatalogFiles, warnings);
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    m_controls->setCatalog(m_catalog);
    m_document->setCatalog(&m_catalog);
    showWarnings(warnings);
    return true;
}

bool MainWindow::addUserDevice(const core::Device& device, QString* error)
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
    statusBar()->showMessage(
        tr("Saved %1 to %2")
            .arg(QString::fromStdString(device.name), QDir::toNativeSeparators(userDevicesFile())),
        8000);
    return true;
}

bool MainWindow::saveImportedModel(const QString& id, const QString& name, QString* error)
{
    core::Scenario next = m_document->scenario();
    if (!next.modelConfig) {
        *error = tr("The current model is not an imported config.json");
        return false;
    }
    const QString source = QString::fromStdString(next.modelConfigPath);
    if (!saveUserModel(id, name, *next.modelConfig, next.modelTensors.value_or(nlohmann::json()), source,
                       error))
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
    statusBar()->showMessage(tr("Saved %1 to %2").arg(name, QDir::toNativeSeparators(userModelsFile())),
                             8000);
    return true;
}

} // namespace lhe::app
