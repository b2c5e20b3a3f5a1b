// MainWindow's menus: File, Edit, View and Help, each action handing its work to the part of
// the window that does it, and every text of the menus, docks and status bar in the current
// language (retranslateUi).
#include "app/explorer/catalog_editor.h"
#include "app/explorer/compare_mode.h"
#include "app/explorer/explain_dock.h"
#include "app/explorer/exporter.h"
#include "app/explorer/language_menu.h"
#include "app/explorer/main_window.h"
#include "app/explorer/primer_dock.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/theme_menu.h"
#include "app/explorer/window_messages.h"
#include "app/explorer/window_session.h"
#include "app/explorer/zoom_actions.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/document/scenario_change_command.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>

namespace lhe::app {

using widgets::Dashboard;

namespace {

// The platform's binding of a standard key, else the common one: Qt's generic X11 theme (no
// desktop environment) binds neither Save As nor Full Screen, the offscreen platform not Quit.
void setStandardShortcut(QAction* action, QKeySequence::StandardKey key, const QKeySequence& fallback)
{
    const QList<QKeySequence> bindings = QKeySequence::keyBindings(key);
    action->setShortcuts(bindings.isEmpty() ? QList<QKeySequence>{fallback} : bindings);
}

} // namespace

void MainWindow::createActions()
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createHelpMenu();
}

QAction* MainWindow::addMenuAction(QMenu* menu, Text text, std::function<void()> triggered, Text statusTip)
{
    QAction* action =
        triggered ? menu->addAction(QString(), this, std::move(triggered)) : menu->addAction(QString());
    m_namedActions.push_back({action, text, statusTip});
    return action;
}

void MainWindow::createFileMenu()
{
    QMenu* file = m_menus.file = menuBar()->addMenu(QString());
    addMenuAction(
        file, [] { return tr("&Open Scenario…"); }, [this] { m_files->openScenarioDialog(); })
        ->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(QString()); // filled by the session (WindowSession)
    m_actions.retry = addMenuAction(
        file, [] { return tr("Retry &Kept-Aside Session"); },
        [this] {
            QString error;
            if (!m_session->retryUnrestored(&error))
                m_messages->reportError(tr("Cannot restore the kept-aside session"), error);
        },
        [] { return tr("Load the last session that could not be restored, after the catalog is fixed"); });
    addMenuAction(
        file, [] { return tr("&Save Scenario"); }, [this] { m_files->saveScenarioDialog(false); })
        ->setShortcut(QKeySequence::Save);
    setStandardShortcut(
        addMenuAction(
            file, [] { return tr("Save Scenario &As…"); }, [this] { m_files->saveScenarioDialog(true); }),
        QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    addMenuAction(
        file, [] { return tr("&Import Hugging Face config.json…"); },
        [this] { m_files->importConfigDialog(); });
    addMenuAction(
        file, [] { return tr("Open Model &File…"); }, [this] { m_files->openModelFileDialog(); },
        [] {
            return tr("Read a model from its own files: a GGUF file, or safetensors headers beside their "
                      "config.json");
        });
    addMenuAction(
        file, [] { return tr("Import from &Hugging Face…"); }, [this] { m_files->importFromHubDialog(); });
    m_actions.saveModel = addMenuAction(
        file, [] { return tr("Save Imported Model to &Catalog…"); },
        [this] { m_catalogEditor->saveImportedModelDialog(); },
        [] { return tr("Keep the imported config.json as a model of your catalog"); });
    m_actions.saveModel->setEnabled(m_document->scenario().modelConfig.has_value());
    file->addSeparator();
    // Exports the compare view instead while it is shown (Exporter::exportTarget).
    addMenuAction(
        file, [] { return tr("&Export Dashboard Image…"); }, [this] { m_exporter->exportShownDialog(); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // A chart from a tab not shown (the roofline, the map and the serving chart share a place;
    // the memory chart is a tab of its own on a narrow dashboard) is computed and laid out
    // unseen, and the screen stays as it is.
    const std::pair<Dashboard::ChartTab, Text> charts[] = {
        {Dashboard::MemoryTab, [] { return tr("Export &Memory Chart…"); }},
        {Dashboard::RooflineTab, [] { return tr("Export Roofli&ne Chart…"); }},
        {Dashboard::DesignSpaceTab, [] { return tr("Export &Design-Space Map…"); }},
        {Dashboard::ServingTab, [] { return tr("Export &Throughput-Latency Chart…"); }}};
    for (const auto& [tab, text] : charts)
        addMenuAction(file, text, [this, tab = tab] { m_exporter->exportChartDialog(tab); });
    addMenuAction(
        file, [] { return tr("Export Re&port (JSON/CSV)…"); }, [this] { m_exporter->exportReportDialog(); });
    file->addSeparator();
    setStandardShortcut(addMenuAction(
                            file, [] { return tr("&Quit"); }, [this] { close(); }),
                        QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q));
}

void MainWindow::createEditMenu()
{
    // Undo and Redo go first (retranslateUi() inserts them before this separator).
    QMenu* edit = m_menus.edit = menuBar()->addMenu(QString());
    edit->addSeparator();
    addMenuAction(
        edit, [] { return tr("&Copy Dashboard"); }, [this] { m_exporter->copyShown(); })
        ->setShortcut(QKeySequence::Copy);
    const std::pair<Dashboard::ChartTab, Text> charts[] = {
        {Dashboard::MemoryTab, [] { return tr("Copy &Memory Chart"); }},
        {Dashboard::RooflineTab, [] { return tr("Copy Roofli&ne Chart"); }},
        {Dashboard::DesignSpaceTab, [] { return tr("Copy &Design-Space Map"); }},
        {Dashboard::ServingTab, [] { return tr("Copy &Throughput-Latency Chart"); }}};
    for (const auto& [tab, text] : charts)
        addMenuAction(edit, text, [this, tab = tab] { m_exporter->copyChart(tab); });

    // Your catalog's devices are edited here too: File, Edit, View and Help take the four
    // menu-bar letters the scenario panel's mnemonics leave free.
    edit->addSeparator();
    addMenuAction(
        edit, [] { return tr("New De&vice…"); }, [this] { m_catalogEditor->deviceEditorDialog(false); },
        [] { return tr("Describe a device from its datasheet and add it to your catalog"); });
    addMenuAction(
        edit, [] { return tr("Edit a Cop&y of Current Device…"); },
        [this] { m_catalogEditor->deviceEditorDialog(true); },
        [] { return tr("Start a user catalog entry from the selected device's figures"); });
    addMenuAction(
        edit, [] { return tr("C&alibrate Device…"); }, [this] { m_catalogEditor->calibrationDialog(); },
        [] { return tr("Fit the selected device's GEMM and memory fractions to your own measurements"); });
}

void MainWindow::createViewMenu()
{
    QMenu* view = m_menus.view = menuBar()->addMenu(QString());
    addMenuAction(
        view, [] { return tr("&Roofline"); }, [this] { m_dashboard->showDesignSpace(false); },
        [] { return tr("Show the roofline beside the memory chart"); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    addMenuAction(
        view, [] { return tr("&Design Space"); }, [this] { m_dashboard->showDesignSpace(true); },
        [] { return tr("Show the batch × sequence-length map of verdicts beside the memory chart"); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    addMenuAction(
        view, [] { return tr("Servin&g"); }, [this] { m_dashboard->showChartTab(Dashboard::ServingTab); },
        [] {
            return tr(
                "Show throughput per device against speed per user, over the number of concurrent requests");
        })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    addMenuAction(
        view, [] { return tr("Devices Ran&ked"); },
        [this] { m_dashboard->showChartTab(Dashboard::RankingTab); },
        [] { return tr("Show every device ranked for this model and workload"); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_5));
    view->addSeparator();
    addMenuAction(
        view, [] { return tr("Pin Scenario as &A"); }, [this] { m_compare->pinCurrent(); },
        [] { return tr("Keep the current scenario as A to compare the next changes with it"); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_actions.compare = addMenuAction(
        view, [] { return tr("&Compare A/B"); }, {},
        [] { return tr("Show the pinned scenario A beside the current one, B"); });
    m_actions.compare->setCheckable(true);
    m_actions.compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    m_actions.compare->setEnabled(false); // until something is pinned
    connect(m_actions.compare, &QAction::toggled, m_compare, [this](bool shown) {
        m_compare->show(shown);
        updateCompareActions(); // unchecked again when there was nothing to show
    });
    m_actions.clearPin = addMenuAction(
        view, [] { return tr("Clear Pinned &Scenario"); }, [this] { m_compare->clearPin(); },
        [] { return tr("Forget the pinned scenario A"); });
    m_actions.clearPin->setEnabled(false);
    view->addSeparator();
    QAction* messages = m_messages->dock()->toggleViewAction();
    messages->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(messages);
    QAction* explainAction = m_explainDock->toggleViewAction();
    explainAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    view->addAction(explainAction);
    view->addSeparator();
    m_zoom = new ZoomActions(view, m_dashboard, m_compareView, m_compare, this);
    view->addSeparator();

    m_themeMenu = new ThemeMenu(view->addMenu(QString()), this);
    m_languageMenu = new LanguageMenu(
        view->addMenu(QString()), [this](const QString& language) { emit languageChangeRequested(language); },
        this);
    QAction* fullScreen = addMenuAction(view, [] { return tr("&Full Screen"); });
    setStandardShortcut(fullScreen, QKeySequence::FullScreen, QKeySequence(Qt::Key_F11));
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen : windowState() & ~Qt::WindowFullScreen);
    });

    m_actions.presentation = addMenuAction(
        view, [] { return tr("&Presentation Mode"); }, {},
        [] {
            return tr("Larger text and chart lines for a projector, with the scenario controls folded away");
        });
    m_actions.presentation->setShortcut(QKeySequence(Qt::Key_F5));
    m_actions.presentation->setCheckable(true);
    connect(m_actions.presentation, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_actions.controls = addMenuAction(
        view, [] { return tr("Scenario Co&ntrols"); }, {},
        [] { return tr("Show or fold away the scenario controls beside the charts"); });
    m_actions.controls->setShortcut(QKeySequence(Qt::Key_F9));
    m_actions.controls->setCheckable(true);
    m_actions.controls->setChecked(true);
    connect(m_actions.controls, &QAction::toggled, m_controls, &QWidget::setVisible);
}

void MainWindow::createHelpMenu()
{
    QMenu* help = m_menus.help = menuBar()->addMenu(QString());
    QAction* primer = m_primerDock->toggleViewAction();
    setStandardShortcut(primer, QKeySequence::HelpContents, QKeySequence(Qt::Key_F1));
    help->addAction(primer);
    help->addSeparator();
    addMenuAction(
        help, [] { return tr("&About LLM Hardware Explorer"); },
        [this] { QMessageBox::about(this, tr("About LLM Hardware Explorer"), aboutText()); })
        ->setMenuRole(QAction::AboutRole);
    addMenuAction(
        help, [] { return tr("About &Qt"); }, [] { QApplication::aboutQt(); })
        ->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::retranslateUi()
{
    m_menus.file->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_menus.edit->setTitle(tr("&Edit"));
    m_menus.view->setTitle(tr("&View"));
    m_menus.help->setTitle(tr("&Help"));
    for (const NamedAction& named : m_namedActions) {
        named.action->setText(named.text());
        if (named.statusTip)
            named.action->setStatusTip(named.statusTip());
    }
    // The steps' own names ("Change batch") are made when they are pushed: name them again.
    QUndoStack* history = m_document->undoStack();
    for (int i = 0; i < history->count(); ++i) {
        if (const auto* step = dynamic_cast<const widgets::ScenarioChangeCommand*>(history->command(i)))
            const_cast<widgets::ScenarioChangeCommand*>(step)->retranslate();
    }
    // QUndoStack::createUndoAction() and createRedoAction() keep the prefix they were given for
    // the action's life (Qt's QUndoStack documentation): new actions with the new prefix take the
    // old ones' place at the top of the Edit menu.
    QAction* undo = history->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = history->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    QAction* before = m_actions.undo ? m_actions.undo : m_menus.edit->actions().value(0);
    m_menus.edit->insertAction(before, undo);
    m_menus.edit->insertAction(before, redo);
    delete m_actions.undo;
    delete m_actions.redo;
    m_actions.undo = undo;
    m_actions.redo = redo;

    // A dock's toggle action takes the dock's title whenever the title changes (QDockWidget):
    // the titles first, the menu texts with their mnemonics after.
    m_messages->dock()->setWindowTitle(tr("Messages"));
    m_primerDock->setWindowTitle(tr("Primer"));
    m_explainDock->setWindowTitle(tr("Explain"));
    m_messages->dock()->toggleViewAction()->setText(tr("&Messages"));
    QAction* explainAction = m_explainDock->toggleViewAction();
    explainAction->setText(tr("&Explain"));
    explainAction->setStatusTip(tr("Show how the clicked number is calculated: formula, values and source"));
    QAction* primer = m_primerDock->toggleViewAction();
    primer->setText(tr("&Primer"));
    primer->setStatusTip(tr("Short lessons on what the charts show, each with a scenario to load"));
    m_zoom->retranslate();
    m_themeMenu->retranslate();
    m_languageMenu->retranslate();

    // The central views' names, the message count and the title.
    QWidget* dashboardScroll = m_views->widget(CompareMode::kDashboardPage);
    dashboardScroll->setAccessibleName(tr("Dashboard"));
    dashboardScroll->setAccessibleDescription(
        tr("The memory chart, the roofline and its neighbouring tabs, and the verdict of each phase"));
    QWidget* compareScroll = m_views->widget(CompareMode::kComparePage);
    compareScroll->setAccessibleName(tr("Compare A/B"));
    compareScroll->setAccessibleDescription(
        tr("The pinned scenario A beside the current one, B: memory, roofline, verdicts and differences"));
    m_messages->retranslate();
    // Other status messages are the moment's and pass; "Ready" stays until one replaces it.
    if (!m_readyMessage.isEmpty() && statusBar()->currentMessage() == m_readyMessage) {
        m_readyMessage = tr("Ready");
        statusBar()->showMessage(m_readyMessage);
    }
    updateTitle();
    // What the Explain dock shows is built from the report (its heading names the target).
    m_explainDock->retranslate();
}

} // namespace lhe::app
