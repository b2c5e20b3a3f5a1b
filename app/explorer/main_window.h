// MainWindow: the explorer — scenario controls on the left, the dashboard on the right, and
// the file actions (open/save scenario, import config.json, export images and the report), and
// the user catalog actions (describe new hardware, save an imported model).
#pragma once

#include "app/explorer/presentation_mode.h"
#include "core/catalog/catalog.h"
#include "core/estimate/report.h"
#include "core/explain/explanation.h"
#include "core/scenario/scenario.h"

#include <QMainWindow>
#include <QStringList>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

class QActionGroup;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QToolButton;
class QUndoStack;

namespace lhe::widgets {
class CompareView;
class Dashboard;
class ExplainPanel;
class MessageLog;
class PrimerPanel;
class ScenarioControls;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;
class DesignSpaceScheduler;
class ServingScheduler;
class ThemeMenu;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(core::Catalog catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The --catalog files the catalog was loaded with; reloadCatalog() reads them again after the
    // built-in catalog and the user catalog folder (app::loadCatalog).
    void setExtraCatalogFiles(const QStringList& files) { m_extraCatalogFiles = files; }
    const QStringList& extraCatalogFiles() const { return m_extraCatalogFiles; }
    const core::Catalog& catalog() const { return m_catalog; }

    // Preferences and session (not owned; null, the default, keeps nothing: tests and headless
    // export). Applies the theme and fills File → Open Recent.
    void setSettings(AppSettings* settings);
    // Window geometry, docks and chart tab from the settings; with `resumeScenario`, also the
    // scenario, file and unsaved state of the last session (an unreadable one is logged and the
    // current scenario stays). Call before show().
    void restoreSession(bool resumeScenario);
    // A last session that could not be restored (a device no longer in the catalog, a broken
    // user catalog) is kept aside in the settings rather than replaced; this reloads the catalog
    // and tries the newest again (File → Retry Kept-Aside Session). False + why.
    bool retryUnrestoredSession(QString* error);
    // What restoreSession() reads; closeEvent() calls it once the close is accepted.
    void saveSession();
    QUndoStack* undoStack() const;
    // The one owner of the scenario, its file, history and report: the controls edit it, the
    // charts show its report.
    widgets::ScenarioDocument* document() const { return m_document; }
    // The About box's text: version, licence, credits (rich text).
    static QString aboutText();
    // Re-reads the catalog and repopulates the pickers (keeping the selection); does not evaluate.
    bool reloadCatalog(QString* error);
    // Saves the device into the user catalog (app::saveUserDevice), reloads the catalog, selects
    // the device and evaluates. What Edit → New Device… calls.
    bool addUserDevice(const core::Device& device, QString* error);
    // Saves the current imported config.json as a user catalog model (app::saveUserModel),
    // reloads the catalog and selects it by id. False if the current model is not imported.
    bool saveImportedModel(const QString& id, const QString& name, QString* error);

    // Sets every control from a contract scenario and evaluates it. False + message on bad input.
    bool loadScenario(const nlohmann::json& scenario, QString* error);
    bool openScenarioFile(const QString& path, QString* error);
    // The file File → Save writes to, for a scenario loaded from it (a FILE or --scenario argument).
    void setScenarioPath(const QString& path);
    const QString& scenarioPath() const; // absolute
    bool saveScenarioFile(const QString& path, QString* error);
    bool importModelConfig(const QString& path, QString* error);
    // A GGUF file, a .safetensors file or a checkpoint folder (app::readModelFiles): the model
    // as its headers describe it.
    bool importModelFile(const QString& path, QString* error);
    // Renders the dashboard as it is laid out now (after layoutForExport when headless).
    bool exportDashboard(const QString& path, double scale, QString* error);
    // Headless rendering: hides the controls and window chrome, shows the window off screen and
    // sizes it so the dashboard is exactly `dashboardSize`.
    void layoutForExport(QSize dashboardSize);
    // A chart (or the dashboard) as .png/.svg/.pdf by the path's suffix, written atomically; a
    // valid `logicalSize` is the whole image's (title line included), else the chart's own size.
    bool exportImage(QWidget* chart, const QString& path, double scale, QString* error,
                     QSize logicalSize = QSize());
    bool exportReport(const QString& path, QString* error); // .json or .csv
    // A chart (or the dashboard) to the clipboard as an image, rendered as exportImage() would.
    bool copyImage(QWidget* chart, const QString& what);

    const std::optional<core::Report>& report() const;
    widgets::Dashboard* dashboard() const { return m_dashboard; }

    // Compare A/B: the current report pinned as A (View → Pin Scenario as A), or a
    // scenario evaluated and pinned (--compare FILE); B follows the controls. showCompare puts the
    // compare view in the dashboard's place (only with a pin); exports and copies then take it.
    void pinCurrent();
    bool pinScenario(const nlohmann::json& scenario, QString* error);
    void clearPin();
    void showCompare(bool shown);
    bool compareShown() const;
    widgets::CompareView* compareView() const { return m_compareView; }
    // What File → Export Dashboard Image and Edit → Copy Dashboard render: the dashboard, or the
    // compare view while it is shown.
    QWidget* exportTarget() const;
    // The title line an export of `chart` carries: none for the dashboard or the comparison.
    QString exportTitle(const QWidget* chart) const;
    // A tab's chart up to date and laid out as if shown, for an export or copy from another tab:
    // exporting never changes what is on screen.
    // `tab` is a widgets::Dashboard::ChartTab.
    void prepareHiddenChart(int tab);
    widgets::ScenarioControls* controls() const { return m_controls; }
    widgets::MessageLog* messageLog() const { return m_messageLog; }
    QDockWidget* messageDock() const { return m_messageDock; }
    // Help → Primer (F1): the concepts behind the charts, each with a scenario to load (undoable).
    QDockWidget* primerDock() const { return m_primerDock; }
    // View → Explain: how a clicked number was calculated; hidden until the first click.
    widgets::ExplainPanel* explainPanel() const { return m_explainPanel; }
    QDockWidget* explainDock() const { return m_explainDock; }
    // Shows the dock and explains `target` with the current report, and again whenever the report
    // changes while the dock is shown.
    // `pinned`: the number belongs to the pinned report A of Compare A/B, not the current one.
    void explain(const core::ExplainTarget& target, bool pinned = false);
    // Load-time warnings (skipped catalog entries, config.json guesses): each goes to the
    // Messages panel, which opens, and the first to the status bar.
    void showWarnings(const std::vector<core::Message>& warnings);
    // A problem the user did not cause in this window (a bad --scenario at start-up): logged as
    // an error without a modal box.
    void logError(const QString& message);

    // Presentation mode (View → Presentation Mode, F5): application fonts and chart lines 1.5x
    // for a projector, the scenario controls folded away (View → Scenario Controls, F9, brings
    // them back). Independent of full screen.
    void setPresentationMode(bool on);
    bool presentationMode() const;
    static constexpr double kPresentationScale = 1.5;

    bool isModified() const;
    // Before the current scenario is replaced or the window closes: asks Save / Discard / Cancel
    // when it has unsaved changes. True when it is safe to go on. `closing`: the question also says
    // that the next start resumes the session whatever the answer.
    bool confirmDiscardChanges(bool closing = false);
    // Tests answer the question instead of a modal box.
    void setDiscardQuestion(std::function<int()> question) { m_discardQuestion = std::move(question); }
    // On closing, once saving the settings failed (a read-only folder): says so and asks Close /
    // Cancel. True when it is safe to go on, or nothing failed.
    bool confirmSettingsNotSaved();
    // The same for the question on closing when the settings could not be saved.
    void setUnsavedSettingsQuestion(std::function<int()> question)
    {
        m_unsavedSettingsQuestion = std::move(question);
    }

signals:
    void reportChanged(const lhe::core::Report& report);
    // View → Language chose another language ("" = the system's, "en", "zh_CN"): main.cpp
    // switches to it (app::switchLanguage), and this window retranslates itself in place.
    void languageChangeRequested(const QString& language);

protected:
    void changeEvent(QEvent* event) override; // a language change: retranslateUi()
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The document's report (or its problem) to the charts, the compare view and the status bar.
    void showReport();
    // Sets the controls to `scenario` as a user's change would (undoable); false + message if invalid.
    bool changeScenario(const nlohmann::json& scenario, QString* error);
    void createActions();
    // The serving views (main_window_serving.cpp): scheduler, clicks, remembered prices; their
    // actions, added to the menus after the design-space ones, and their texts.
    void setUpServing();
    void createServingActions(QMenu* file, QMenu* edit, QMenu* view);
    void retranslateServingActions();
    // Every text of the menus, actions, docks, status bar button and title in the current language;
    // called by the constructor and on QEvent::LanguageChange. Recreates the undo/redo actions.
    void retranslateUi();
    void refreshExplanation(); // the Explain panel for m_explainTarget and the current report (or A)
    void pinChanged();         // after A was pinned or cleared: actions, and an explanation of A
    // Dialogs (main_window_dialogs.cpp); the export dialogs are with the exports
    // (main_window_export.cpp), File → Open Recent with the session (main_window_session.cpp).
    void openScenarioDialog();
    void saveScenarioDialog(bool askForName);
    void importConfigDialog();
    void openModelFileDialog(); // File → Open Model File…: a .gguf or .safetensors file
    void importFromHubDialog(); // File → Import from Hugging Face… (HfImportDialog)
    void deviceEditorDialog(bool copyCurrent);
    // Edit → Calibrate Device…: fits the current device to the user's measurements and saves it
    // under its own id through addUserDevice().
    void calibrationDialog();
    void saveImportedModelDialog();
    void exportDashboardDialog();
    void exportChartDialog(QWidget* chart, const QString& name);
    void exportReportDialog();
    void reportError(const QString& title, const QString& message);
    void updateTitle();
    void fillRecentMenu();
    void updateRetryAction(); // enabled while the settings keep a session aside
    void openRecentFile(const QString& path);
    // The chart that Zoom In/Out and Reset View act on: the focused chart, else the one in the tab.
    QWidget* currentChart() const;
    void updateResetView();

    core::Catalog m_catalog;
    QStringList m_extraCatalogFiles;
    QAction* m_saveModelAction = nullptr;
    widgets::ScenarioControls* m_controls;
    widgets::Dashboard* m_dashboard;
    widgets::CompareView* m_compareView;
    QStackedWidget* m_views; // the dashboard or the compare view, right of the controls
    QSize m_exportSize;      // layoutForExport's: exportDashboard writes exactly that size
    QAction* m_compareAction = nullptr;
    QAction* m_clearPinAction = nullptr;
    widgets::MessageLog* m_messageLog;
    QDockWidget* m_messageDock;
    widgets::PrimerPanel* m_primer = nullptr;
    QDockWidget* m_primerDock = nullptr;
    widgets::ExplainPanel* m_explainPanel = nullptr;
    QDockWidget* m_explainDock = nullptr;
    std::optional<core::ExplainTarget> m_explainTarget; // what the Explain panel shows
    bool m_explainPinned = false;                       // ... of report A rather than the current
    QToolButton* m_messageButton;
    widgets::ScenarioDocument* m_document;
    DesignSpaceScheduler* m_designSpace = nullptr;
    ServingScheduler* m_servingScheduler = nullptr;
    AppSettings* m_settings = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_retryAction = nullptr;
    ThemeMenu* m_themeMenu = nullptr; // View → Theme
    QActionGroup* m_languageGroup = nullptr;
    // The menus and the actions whose texts retranslateUi() sets (those with a member of their
    // own above are not repeated here).
    struct Menus
    {
        QMenu* file = nullptr;
        QMenu* edit = nullptr;
        QMenu* view = nullptr;
        QMenu* language = nullptr;
        QMenu* help = nullptr;
    } m_menus;
    struct Actions
    {
        QAction* open = nullptr;
        QAction* save = nullptr;
        QAction* saveAs = nullptr;
        QAction* importConfig = nullptr;
        QAction* openModelFile = nullptr;
        QAction* importFromHub = nullptr;
        QAction* exportDashboard = nullptr;
        QAction* exportMemory = nullptr;
        QAction* exportRoofline = nullptr;
        QAction* exportDesignSpace = nullptr;
        QAction* exportServing = nullptr;
        QAction* exportReport = nullptr;
        QAction* quit = nullptr;
        QAction* undo = nullptr; // QUndoStack's, made again on each language change
        QAction* redo = nullptr;
        QAction* copyDashboard = nullptr;
        QAction* copyMemory = nullptr;
        QAction* copyRoofline = nullptr;
        QAction* copyDesignSpace = nullptr;
        QAction* copyServing = nullptr;
        QAction* newDevice = nullptr;
        QAction* editCopy = nullptr;
        QAction* calibrate = nullptr;
        QAction* roofline = nullptr;
        QAction* designSpace = nullptr;
        QAction* serving = nullptr;
        QAction* ranking = nullptr;
        QAction* pin = nullptr;
        QAction* zoomIn = nullptr;
        QAction* zoomOut = nullptr;
        QAction* about = nullptr;
        QAction* aboutQt = nullptr;
    } m_actions;
    QAction* m_resetViewAction = nullptr;
    QAction* m_fullScreenAction = nullptr;
    QAction* m_presentationAction = nullptr;
    QAction* m_controlsAction = nullptr;
    QString m_readyMessage; // the status bar's "Ready" as last shown
    PresentationMode m_presentation{kPresentationScale};
    std::function<int()> m_discardQuestion;         // returns a QMessageBox::StandardButton
    std::function<int()> m_unsavedSettingsQuestion; // returns a QMessageBox::StandardButton
};

} // namespace lhe::app
