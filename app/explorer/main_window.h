// MainWindow: the explorer's shell — the scenario controls on the left, the dashboard (or the
// Compare A/B view) on the right, the docks, the menus and their wiring. The scenario, its
// catalog and report live in the document layer (ScenarioDocument, ComparisonPin), which every
// view and scheduler follows by itself; the window's work lives in parts of its own: files
// (ScenarioFiles), the session (WindowSession), the catalog (CatalogEditor), Compare A/B
// (CompareMode), exports (Exporter), explanations (ExplainDock) and messages (WindowMessages).
#pragma once

#include "app/explorer/presentation_mode.h"
#include "core/catalog/catalog.h"

#include <QMainWindow>
#include <QString>
#include <functional>
#include <vector>

class QDockWidget;
class QMenu;
class QStackedWidget;

namespace lhe::widgets {
class CompareView;
class ComparisonPin;
class Dashboard;
class ScenarioControls;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;
class CatalogEditor;
class CompareMode;
class DesignSpaceScheduler;
class ExplainDock;
class Exporter;
class LanguageMenu;
class PrimerDock;
class ScenarioFiles;
class ServingEdits;
class ServingScheduler;
class ThemeMenu;
class WindowMessages;
class WindowSession;
class ZoomActions;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // `catalog` becomes the document's.
    explicit MainWindow(core::Catalog catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The hub: the one owner of the scenario, its catalog, file, history and report.
    widgets::ScenarioDocument* document() const { return m_document; }
    // Compare A/B's pinned report A, beside the document.
    widgets::ComparisonPin* pin() const { return m_pin; }

    // The window's parts.
    ScenarioFiles* files() const { return m_files; }
    WindowSession* session() const { return m_session; }
    CatalogEditor* catalogEditor() const { return m_catalogEditor; }
    CompareMode* compare() const { return m_compare; }
    Exporter* exporter() const { return m_exporter; }
    WindowMessages* messages() const { return m_messages; }
    // View → Explain: how a clicked number was calculated; hidden until the first click.
    ExplainDock* explainDock() const { return m_explainDock; }
    // Help → Primer (F1): the concepts behind the charts, each with a scenario to load (undoable).
    PrimerDock* primerDock() const { return m_primerDock; }

    // The views.
    widgets::ScenarioControls* controls() const { return m_controls; }
    widgets::Dashboard* dashboard() const { return m_dashboard; }
    widgets::CompareView* compareView() const { return m_compareView; }

    // Preferences and session (not owned; null, the default, keeps nothing: tests and headless
    // export), handed to the parts that keep something there. Applies the theme and fills File →
    // Open Recent.
    void setSettings(AppSettings* settings);

    // Presentation mode (View → Presentation Mode, F5): application fonts and chart lines 1.5x
    // for a projector, the scenario controls folded away (View → Scenario Controls, F9, brings
    // them back). Independent of full screen.
    void setPresentationMode(bool on);
    bool presentationMode() const;
    static constexpr double kPresentationScale = 1.5;

    // The About box's text: version, licence, credits (rich text).
    static QString aboutText();

signals:
    // View → Language chose another language ("" = the system's, "en", "zh_CN"): main.cpp
    // switches to it (app::switchLanguage), and this window retranslates itself in place.
    void languageChangeRequested(const QString& language);

protected:
    void changeEvent(QEvent* event) override; // a language change: retranslateUi()
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The views' clicks as typed changes of the document (the serving views': ServingEdits), and
    // what the window itself shows of the document: the status bar, the title, the actions.
    void wireViews();
    void showReportStatus();
    // The menus (main_window_menus.cpp); texts, status tips and the undo/redo actions are set by
    // retranslateUi(), which the constructor calls after them and a language change again.
    void createActions();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createHelpMenu();
    // A text in the current language (a function of tr() calls, run again on each change).
    using Text = QString (*)();
    // An action of `menu`, calling `triggered` (when given); its texts go to m_namedActions.
    QAction* addMenuAction(QMenu* menu, Text text, std::function<void()> triggered = {},
                           Text statusTip = nullptr);
    void retranslateUi();
    void updateTitle();
    // After A was pinned or cleared, or the compare view shown or hidden: the actions' states.
    void updateCompareActions();

    widgets::ScenarioDocument* m_document;
    widgets::ComparisonPin* m_pin;
    widgets::ScenarioControls* m_controls;
    widgets::Dashboard* m_dashboard;
    widgets::CompareView* m_compareView;
    QStackedWidget* m_views; // the dashboard or the compare view, right of the controls
    WindowMessages* m_messages;
    PrimerDock* m_primerDock = nullptr;
    ExplainDock* m_explainDock = nullptr;
    DesignSpaceScheduler* m_designSpace = nullptr;
    ServingScheduler* m_servingScheduler = nullptr;
    ServingEdits* m_servingEdits = nullptr;
    ScenarioFiles* m_files = nullptr;
    CatalogEditor* m_catalogEditor = nullptr;
    CompareMode* m_compare = nullptr;
    Exporter* m_exporter = nullptr;
    WindowSession* m_session = nullptr;
    ThemeMenu* m_themeMenu = nullptr;       // View → Theme
    LanguageMenu* m_languageMenu = nullptr; // View → Language
    ZoomActions* m_zoom = nullptr;          // View → Zoom In, Zoom Out, Reset View
    QMenu* m_recentMenu = nullptr;
    // The menus, and the actions the window changes after their creation.
    struct Menus
    {
        QMenu* file = nullptr;
        QMenu* edit = nullptr;
        QMenu* view = nullptr;
        QMenu* help = nullptr;
    } m_menus;
    struct Actions
    {
        QAction* retry = nullptr;     // enabled by the session while one is kept aside
        QAction* saveModel = nullptr; // enabled while the model is an imported config
        QAction* compare = nullptr;
        QAction* clearPin = nullptr;
        QAction* presentation = nullptr;
        QAction* controls = nullptr;
        QAction* undo = nullptr; // QUndoStack's, made again on each language change
        QAction* redo = nullptr;
    } m_actions;
    // Every action's text and status tip, set again by retranslateUi() in each language.
    struct NamedAction
    {
        QAction* action;
        Text text;
        Text statusTip;
    };
    std::vector<NamedAction> m_namedActions;
    QString m_readyMessage; // the status bar's "Ready" as last shown
    PresentationMode m_presentation{kPresentationScale};
};

} // namespace lhe::app
