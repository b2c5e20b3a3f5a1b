// CatalogEditor: the document's catalog read again from disk (the built-in catalog, the user
// catalog folder, the --catalog files) and grown by the user's own entries — a device described,
// copied or calibrated, an imported model kept — each then selected in the scenario.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringList>

class QWidget;

namespace lhe::core {
struct Device;
} // namespace lhe::core

namespace lhe::widgets {
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class WindowMessages;

class CatalogEditor : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // `window` parents the dialogs.
    CatalogEditor(widgets::ScenarioDocument* document, WindowMessages* messages, QWidget* window);

    // The --catalog files the catalog was loaded with; reloadCatalog() reads them again after the
    // built-in catalog and the user catalog folder (app::loadCatalog).
    void setExtraCatalogFiles(const QStringList& files) { m_extraFiles = files; }
    const QStringList& extraCatalogFiles() const { return m_extraFiles; }

    // Re-reads the catalog into the document (the pickers keep their selection; the report is
    // evaluated again). False + why when it cannot be read; the document keeps its catalog then.
    bool reloadCatalog(QString* error);
    // Saves the device into the user catalog (app::saveUserDevice), reloads the catalog and
    // selects the device (an undoable change). What Edit → New Device… calls.
    bool addUserDevice(const core::Device& device, QString* error);
    // Saves the current imported config.json as a user catalog model (app::saveUserModel),
    // reloads the catalog and selects it by id. False if the current model is not imported.
    bool saveImportedModel(const QString& id, const QString& name, QString* error);

    // The Edit and File menus' dialogs. `copyCurrent`: the editor starts from the current device.
    void deviceEditorDialog(bool copyCurrent);
    // Edit → Calibrate Device…: fits the current device to the user's measurements and saves it
    // under its own id through addUserDevice().
    void calibrationDialog();
    void saveImportedModelDialog();

private:
    widgets::ScenarioDocument* m_document;
    WindowMessages* m_messages;
    QWidget* m_window;
    QStringList m_extraFiles;
};

} // namespace lhe::app
