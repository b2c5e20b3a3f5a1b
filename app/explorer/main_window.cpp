#include "app/explorer/main_window.h"

#include "app/explorer/app_settings.h"
#include "app/explorer/design_space_scheduler.h"
#include "app/explorer/language.h"
#include "app/explorer/serving_scheduler.h"
#include "app/explorer/theme_menu.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "app/support/save_file.h"
#include "core/estimator.h"
#include "core/input_error.h"
#include "widgets/compare_view.h"
#include "widgets/core_message.h"
#include "widgets/dashboard.h"
#include "widgets/design_space_widget.h"
#include "widgets/explain_panel.h"
#include "widgets/fit_scroll_area.h"
#include "widgets/memory_bars_widget.h"
#include "widgets/message_log.h"
#include "widgets/primer_panel.h"
#include "widgets/roofline_widget.h"
#include "widgets/scenario_change_command.h"
#include "widgets/scenario_controls.h"
#include "widgets/scenario_document.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEvent>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>
#include <QUndoStack>
#include <QWindow>

namespace lhe::app {

using nlohmann::json;

namespace {

// The platform's binding of a standard key, else the common one: Qt's generic X11 theme (no
// desktop environment) binds neither Save As nor Full Screen, the offscreen platform not Quit.
void setStandardShortcut(QAction* action, QKeySequence::StandardKey key, const QKeySequence& fallback)
{
    const QList<QKeySequence> bindings = QKeySequence::keyBindings(key);
    action->setShortcuts(bindings.isEmpty() ? QList<QKeySequence>{fallback} : bindings);
}

} // namespace

MainWindow::MainWindow(core::Catalog catalog, QWidget* parent)
    : QMainWindow(parent), m_catalog(std::move(catalog)), m_controls(new widgets::ScenarioControls),
      m_dashboard(new widgets::Dashboard), m_compareView(new widgets::CompareView),
      m_views(new QStackedWidget), m_messageLog(new widgets::MessageLog),
      m_messageDock(new QDockWidget(this)), m_messageButton(new QToolButton(this)),
      m_document(new widgets::ScenarioDocument(this))
{
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_controls);
    // The dashboard and the compare view scroll where the window is narrower or shorter than
    // their charts need, rather than making the whole window that large: a dock opened beside
    // them takes its room from the window, never from the screen.
    m_views->addWidget(new widgets::FitScrollArea(m_dashboard));
    m_views->addWidget(new widgets::FitScrollArea(m_compareView));
    splitter->addWidget(m_views);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);
    setAcceptDrops(true);
    // 1280 x 800, or the screen's free area where it is smaller (a 1024 x 768 projector): a
    // window larger than its screen hides the charts' right edge.
    const QSize preferred(1280, 800);
    const QRect available = screen() ? screen()->availableGeometry() : QRect();
    resize(available.isEmpty() ? preferred : preferred.boundedTo(available.size()));

    m_messageDock->setObjectName(QStringLiteral("messageDock"));
    m_messageDock->setWidget(m_messageLog);
    m_messageDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_messageDock);
    m_messageDock->hide();
    // Help → Primer: the concepts behind the charts. Its presets are compiled into the program
    // (resources.qrc); without them (tests of the window) the text stays and the buttons are off.
    QString primerError;
    m_primer = new widgets::PrimerPanel(
        widgets::PrimerPanel::readPresets(QStringLiteral(":/primer/presets.json"), &primerError));
    m_primerDock = new QDockWidget(this);
    m_primerDock->setObjectName(QStringLiteral("primerDock"));
    m_primerDock->setWidget(m_primer);
    m_primerDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::RightDockWidgetArea, m_primerDock);
    m_primerDock->hide();
    // Explain: a click on a bar segment, roofline point or verdict card shows its formula here.
    m_explainPanel = new widgets::ExplainPanel;
    m_explainDock = new QDockWidget(this);
    m_explainDock->setObjectName(QStringLiteral("explainDock"));
    m_explainDock->setWidget(m_explainPanel);
    m_explainDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::RightDockWidgetArea, m_explainDock);
    m_explainDock->hide();
    connect(m_dashboard, &widgets::Dashboard::explainRequested, this,
            [this](const core::ExplainTarget& target) { explain(target); });
    connect(m_compareView, &widgets::CompareView::explainRequested, this,
            [this](bool pinned, const core::ExplainTarget& target) { explain(target, pinned); });
    // Live: the same target again for each new report while the panel is shown.
    connect(this, &MainWindow::reportChanged, this, [this] {
        if (m_explainDock->isVisible())
            refreshExplanation();
    });
    connect(m_explainDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            refreshExplanation();
    });
    // "Show me" is an ordinary change of the scenario, so Undo returns to the user's own; the
    // roofline comes forward because most paragraphs point at it.
    connect(m_primer, &widgets::PrimerPanel::presetRequested, this,
            [this](const QString& id, const json& scenario) {
                QString error;
                if (!changeScenario(scenario, &error)) {
                    logError(tr("The primer's scenario %1 cannot be loaded: %2").arg(id, error));
                    return;
                }
                m_dashboard->showDesignSpace(false);
            });
    // A permanent status bar button: how many messages there are, one click to read them.
    m_messageButton->setObjectName(QStringLiteral("messageButton"));
    m_messageButton->setAutoRaise(true);
    m_messageButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_messageButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_messageButton->hide();
    statusBar()->addPermanentWidget(m_messageButton);
    connect(m_messageButton, &QToolButton::clicked, this,
            [this] { m_messageDock->setVisible(!m_messageDock->isVisible()); });
    connect(m_messageLog, &widgets::MessageLog::countChanged, this, [this](int count) {
        m_messageButton->setText(tr("%n message(s)", nullptr, count));
        m_messageButton->setToolTip(tr("Show or hide the Messages panel"));
        m_messageButton->setVisible(count > 0);
    });

    m_controls->setDocument(m_document);
    m_controls->setCatalog(m_catalog);
    m_document->setCatalog(&m_catalog);
    createActions();
    retranslateUi();
    connect(m_document, &widgets::ScenarioDocument::reportChanged, this, &MainWindow::showReport);
    connect(m_document, &widgets::ScenarioDocument::scenarioChanged, this,
            [this] { m_saveModelAction->setEnabled(m_document->scenario().modelConfig.has_value()); });
    connect(m_document, &widgets::ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &widgets::ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_controls, &widgets::ScenarioControls::importModelConfigRequested, this,
            &MainWindow::importConfigDialog);
    m_designSpace = new DesignSpaceScheduler(m_dashboard, m_document, m_catalog, this);
    setUpServing();
    // A click on a cell moves the sliders there: an ordinary change of the scenario.
    connect(m_dashboard->designSpace(), &widgets::DesignSpaceWidget::cellClicked, m_controls,
            &widgets::ScenarioControls::setBatchAndPrompt);
    m_readyMessage = tr("Ready");
    statusBar()->showMessage(m_readyMessage);
    updateTitle();
}

// QWidget's destructor deletes the children after this class's part of the object is gone: a
// focus change or the undo stack clearing must not reach a slot of it then.
MainWindow::~MainWindow()
{
    disconnect(qApp, nullptr, this, nullptr);
    m_document->disconnect(this);
    m_document->undoStack()->disconnect(this);
    delete centralWidget(); // the controls and charts, while the object their signals reach is whole
}

void MainWindow::createActions()
{
    // Texts, status tips and the undo/redo actions are set by retranslateUi(), which the
    // constructor calls after this and a language change calls again.
    QMenu* file = m_menus.file = menuBar()->addMenu(QString());
    QAction* open = m_actions.open = file->addAction(QString(), this, &MainWindow::openScenarioDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(QString());
    m_recentMenu->setEnabled(false); // until setSettings()
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    m_retryAction = file->addAction(QString(), this, [this] {
        QString error;
        if (!retryUnrestoredSession(&error))
            reportError(tr("Cannot restore the kept-aside session"), error);
    });
    m_retryAction->setEnabled(false);
    QAction* save = m_actions.save = file->addAction(QString(), this, [this] { saveScenarioDialog(false); });
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs = m_actions.saveAs =
        file->addAction(QString(), this, [this] { saveScenarioDialog(true); });
    setStandardShortcut(saveAs, QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    m_actions.importConfig = file->addAction(QString(), this, &MainWindow::importConfigDialog);
    m_actions.openModelFile = file->addAction(QString(), this, &MainWindow::openModelFileDialog);
    m_actions.importFromHub = file->addAction(QString(), this, &MainWindow::importFromHubDialog);
    m_saveModelAction = file->addAction(QString(), this, &MainWindow::saveImportedModelDialog);
    m_saveModelAction->setEnabled(false);
    file->addSeparator();
    // Exports the compare view instead while it is shown (exportTarget).
    QAction* exportAll = m_actions.exportDashboard =
        file->addAction(QString(), this, &MainWindow::exportDashboardDialog);
    exportAll->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_actions.exportMemory = file->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::MemoryTab); // a tab of its own on a narrow dashboard
        exportChartDialog(m_dashboard->memoryBars(), QStringLiteral("memory"));
    });
    // The roofline and the map share a place: exporting one from the other's tab computes and
    // lays it out unseen (prepareHiddenChart), and the screen stays as it is.
    m_actions.exportRoofline = file->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::RooflineTab);
        exportChartDialog(m_dashboard->roofline(), QStringLiteral("roofline"));
    });
    m_actions.exportDesignSpace = file->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::DesignSpaceTab);
        exportChartDialog(m_dashboard->designSpace(), QStringLiteral("design-space"));
    });
    m_actions.exportReport = file->addAction(QString(), this, &MainWindow::exportReportDialog);
    file->addSeparator();
    QAction* quit = m_actions.quit = file->addAction(QString(), this, &QWidget::close);
    setStandardShortcut(quit, QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q));

    // Undo and Redo go first (retranslateUi() inserts them before this separator).
    QMenu* edit = m_menus.edit = menuBar()->addMenu(QString());
    edit->addSeparator();
    QAction* copyDashboard = m_actions.copyDashboard = edit->addAction(QString(), this, [this] {
        copyImage(exportTarget(), compareShown() ? tr("Comparison") : tr("Dashboard"));
    });
    copyDashboard->setShortcut(QKeySequence::Copy);
    m_actions.copyMemory = edit->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::MemoryTab);
        copyImage(m_dashboard->memoryBars(), tr("Memory chart"));
    });
    m_actions.copyRoofline = edit->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::RooflineTab);
        copyImage(m_dashboard->roofline(), tr("Roofline chart"));
    });
    m_actions.copyDesignSpace = edit->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::DesignSpaceTab);
        copyImage(m_dashboard->designSpace(), tr("Design-space map"));
    });

    // Your catalog's devices are edited here too: File, Edit, View and Help take the four
    // menu-bar letters the scenario panel's mnemonics leave free.
    edit->addSeparator();
    m_actions.newDevice = edit->addAction(QString(), this, [this] { deviceEditorDialog(false); });
    m_actions.editCopy = edit->addAction(QString(), this, [this] { deviceEditorDialog(true); });
    m_actions.calibrate = edit->addAction(QString(), this, &MainWindow::calibrationDialog);

    QMenu* view = m_menus.view = menuBar()->addMenu(QString());
    QAction* roofline = m_actions.roofline =
        view->addAction(QString(), this, [this] { m_dashboard->showDesignSpace(false); });
    roofline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* designSpace = m_actions.designSpace =
        view->addAction(QString(), this, [this] { m_dashboard->showDesignSpace(true); });
    designSpace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    createServingActions(file, edit, view);
    view->addSeparator();
    QAction* pin = m_actions.pin = view->addAction(QString(), this, &MainWindow::pinCurrent);
    pin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_compareAction = view->addAction(QString());
    m_compareAction->setCheckable(true);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    m_compareAction->setEnabled(false); // until something is pinned
    connect(m_compareAction, &QAction::toggled, this, &MainWindow::showCompare);
    m_clearPinAction = view->addAction(QString(), this, &MainWindow::clearPin);
    m_clearPinAction->setEnabled(false);
    view->addSeparator();
    QAction* messages = m_messageDock->toggleViewAction();
    messages->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(messages);
    QAction* explainAction = m_explainDock->toggleViewAction();
    explainAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    view->addAction(explainAction);
    view->addSeparator();
    // Zoom acts on the focused chart, else the roofline or map beside the memory bars.
    QAction* zoomIn = m_actions.zoomIn = view->addAction(
        QString(), this, [this] { static_cast<widgets::ChartWidget*>(currentChart())->zoomIn(); });
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = m_actions.zoomOut = view->addAction(
        QString(), this, [this] { static_cast<widgets::ChartWidget*>(currentChart())->zoomOut(); });
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    m_resetViewAction = view->addAction(
        QString(), this, [this] { static_cast<widgets::ChartWidget*>(currentChart())->resetView(); });
    m_resetViewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_resetViewAction->setEnabled(false);
    for (auto* chart : {static_cast<widgets::ChartWidget*>(m_dashboard->memoryBars()),
                        static_cast<widgets::ChartWidget*>(m_dashboard->roofline()),
                        static_cast<widgets::ChartWidget*>(m_dashboard->designSpace()),
                        static_cast<widgets::ChartWidget*>(m_compareView->memoryBarsA()),
                        static_cast<widgets::ChartWidget*>(m_compareView->memoryBarsB()),
                        static_cast<widgets::ChartWidget*>(m_compareView->roofline())})
        connect(chart, &widgets::ChartWidget::viewChanged, this, &MainWindow::updateResetView);
    connect(m_dashboard, &widgets::Dashboard::designSpaceShownChanged, this, &MainWindow::updateResetView);
    connect(qApp, &QApplication::focusChanged, this, &MainWindow::updateResetView);
    view->addSeparator();

    m_themeMenu = new ThemeMenu(view->addMenu(QString()), this);
    // Each language is named in itself, so that someone who cannot read the current one finds
    // theirs; choosing one switches the application's translators (languageChangeRequested) and
    // every widget retranslates itself in place.
    QMenu* language = m_menus.language = view->addMenu(QString());
    language->setObjectName(QStringLiteral("languageMenu"));
    m_languageGroup = new QActionGroup(this);
    const std::pair<QString, QString> languages[] = {
        {QString(), QString()}, // "&System", in the interface's language
        {QStringLiteral("en"), QStringLiteral("&English")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文(&C)")}};
    for (const auto& [code, name] : languages) {
        QAction* action = language->addAction(name);
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == currentLanguage());
        m_languageGroup->addAction(action);
    }
    connect(m_languageGroup, &QActionGroup::triggered, this, [this](QAction* action) {
        if (action->data().toString() != currentLanguage())
            emit languageChangeRequested(action->data().toString());
    });
    m_fullScreenAction = view->addAction(QString());
    setStandardShortcut(m_fullScreenAction, QKeySequence::FullScreen, QKeySequence(Qt::Key_F11));
    m_fullScreenAction->setCheckable(true);
    connect(m_fullScreenAction, &QAction::toggled, this, [this](bool fullScreen) {
        setWindowState(fullScreen ? windowState() | Qt::WindowFullScreen
                                  : windowState() & ~Qt::WindowFullScreen);
    });

    m_presentationAction = view->addAction(QString());
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_controlsAction = view->addAction(QString());
    m_controlsAction->setShortcut(QKeySequence(Qt::Key_F9));
    m_controlsAction->setCheckable(true);
    m_controlsAction->setChecked(true);
    connect(m_controlsAction, &QAction::toggled, m_controls, &QWidget::setVisible);

    QMenu* help = m_menus.help = menuBar()->addMenu(QString());
    QAction* primer = m_primerDock->toggleViewAction();
    setStandardShortcut(primer, QKeySequence::HelpContents, QKeySequence(Qt::Key_F1));
    help->addAction(primer);
    help->addSeparator();
    QAction* about = m_actions.about = help->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About LLM Hardware Explorer"), aboutText());
    });
    about->setMenuRole(QAction::AboutRole);
    m_actions.aboutQt = help->addAction(QString(), qApp, &QApplication::aboutQt);
    m_actions.aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::changeEvent(QEvent* event)
{
    // QCoreApplication::installTranslator() and removeTranslator() post a LanguageChange to every
    // window, and QWidget delivers it to this window before its children: the menus, docks and
    // title here, the charts, cards and panels in their own changeEvent().
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi()
{
    m_menus.file->setTitle(tr("&File"));
    m_actions.open->setText(tr("&Open Scenario…"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_retryAction->setText(tr("Retry &Kept-Aside Session"));
    m_retryAction->setStatusTip(
        tr("Load the last session that could not be restored, after the catalog is fixed"));
    m_actions.save->setText(tr("&Save Scenario"));
    m_actions.saveAs->setText(tr("Save Scenario &As…"));
    m_actions.importConfig->setText(tr("&Import Hugging Face config.json…"));
    m_actions.openModelFile->setText(tr("Open Model &File…"));
    m_actions.openModelFile->setStatusTip(
        tr("Read a model from its own files: a GGUF file, or safetensors headers beside their config.json"));
    m_actions.importFromHub->setText(tr("Import from &Hugging Face…"));
    m_saveModelAction->setText(tr("Save Imported Model to &Catalog…"));
    m_saveModelAction->setStatusTip(tr("Keep the imported config.json as a model of your catalog"));
    m_actions.exportDashboard->setText(tr("&Export Dashboard Image…"));
    m_actions.exportMemory->setText(tr("Export &Memory Chart…"));
    m_actions.exportRoofline->setText(tr("Export Roofli&ne Chart…"));
    m_actions.exportDesignSpace->setText(tr("Export &Design-Space Map…"));
    m_actions.exportReport->setText(tr("Export Re&port (JSON/CSV)…"));
    m_actions.quit->setText(tr("&Quit"));

    m_menus.edit->setTitle(tr("&Edit"));
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
    m_actions.copyDashboard->setText(tr("&Copy Dashboard"));
    m_actions.copyMemory->setText(tr("Copy &Memory Chart"));
    m_actions.copyRoofline->setText(tr("Copy Roofli&ne Chart"));
    m_actions.copyDesignSpace->setText(tr("Copy &Design-Space Map"));
    m_actions.newDevice->setText(tr("New De&vice…"));
    m_actions.newDevice->setStatusTip(tr("Describe a device from its datasheet and add it to your catalog"));
    m_actions.editCopy->setText(tr("Edit a Cop&y of Current Device…"));
    m_actions.editCopy->setStatusTip(tr("Start a user catalog entry from the selected device's figures"));
    m_actions.calibrate->setText(tr("C&alibrate Device…"));
    m_actions.calibrate->setStatusTip(
        tr("Fit the selected device's GEMM and memory fractions to your own measurements"));

    m_menus.view->setTitle(tr("&View"));
    m_actions.roofline->setText(tr("&Roofline"));
    m_actions.roofline->setStatusTip(tr("Show the roofline beside the memory chart"));
    retranslateServingActions();
    m_actions.designSpace->setText(tr("&Design Space"));
    m_actions.designSpace->setStatusTip(
        tr("Show the batch × sequence-length map of verdicts beside the memory chart"));
    m_actions.pin->setText(tr("Pin Scenario as &A"));
    m_actions.pin->setStatusTip(tr("Keep the current scenario as A to compare the next changes with it"));
    m_compareAction->setText(tr("&Compare A/B"));
    m_compareAction->setStatusTip(tr("Show the pinned scenario A beside the current one, B"));
    m_clearPinAction->setText(tr("Clear Pinned &Scenario"));
    m_clearPinAction->setStatusTip(tr("Forget the pinned scenario A"));
    // A dock's toggle action takes the dock's title whenever the title changes (QDockWidget):
    // the titles first, the menu texts with their mnemonics after.
    m_messageDock->setWindowTitle(tr("Messages"));
    m_primerDock->setWindowTitle(tr("Primer"));
    m_explainDock->setWindowTitle(tr("Explain"));
    m_messageDock->toggleViewAction()->setText(tr("&Messages"));
    QAction* explainAction = m_explainDock->toggleViewAction();
    explainAction->setText(tr("&Explain"));
    explainAction->setStatusTip(tr("Show how the clicked number is calculated: formula, values and source"));
    m_actions.zoomIn->setText(tr("Zoom &In"));
    m_actions.zoomOut->setText(tr("Zoom &Out"));
    m_resetViewAction->setText(tr("Reset &View"));
    m_resetViewAction->setStatusTip(tr("Fit the chart to the current report again"));
    m_themeMenu->retranslate();
    m_menus.language->setTitle(tr("&Language"));
    for (QAction* action : m_languageGroup->actions()) {
        if (action->data().toString().isEmpty())
            action->setText(tr("&System"));
        action->setChecked(action->data().toString() == currentLanguage());
    }
    m_fullScreenAction->setText(tr("&Full Screen"));
    m_presentationAction->setText(tr("&Presentation Mode"));
    m_presentationAction->setStatusTip(
        tr("Larger text and chart lines for a projector, with the scenario controls folded away"));
    m_controlsAction->setText(tr("Scenario Co&ntrols"));
    m_controlsAction->setStatusTip(tr("Show or fold away the scenario controls beside the charts"));

    m_menus.help->setTitle(tr("&Help"));
    QAction* primer = m_primerDock->toggleViewAction();
    primer->setText(tr("&Primer"));
    primer->setStatusTip(tr("Short lessons on what the charts show, each with a scenario to load"));
    m_actions.about->setText(tr("&About LLM Hardware Explorer"));
    m_actions.aboutQt->setText(tr("About &Qt"));

    // The central views' names, the message count and the title.
    QWidget* dashboardScroll = m_views->widget(0);
    dashboardScroll->setAccessibleName(tr("Dashboard"));
    dashboardScroll->setAccessibleDescription(
        tr("The memory chart, the roofline and its neighbouring tabs, and the verdict of each phase"));
    QWidget* compareScroll = m_views->widget(1);
    compareScroll->setAccessibleName(tr("Compare A/B"));
    compareScroll->setAccessibleDescription(
        tr("The pinned scenario A beside the current one, B: memory, roofline, verdicts and differences"));
    m_messageButton->setText(tr("%n message(s)", nullptr, m_messageLog->count()));
    m_messageButton->setToolTip(tr("Show or hide the Messages panel"));
    // Other status messages are the moment's and pass; "Ready" stays until one replaces it.
    if (!m_readyMessage.isEmpty() && statusBar()->currentMessage() == m_readyMessage) {
        m_readyMessage = tr("Ready");
        statusBar()->showMessage(m_readyMessage);
    }
    updateTitle();
    // What the Explain panel shows is built here from the report (its heading names the target).
    if (m_explainTarget && m_explainDock->isVisible())
        refreshExplanation();
}

bool MainWindow::presentationMode() const
{
    return m_presentationAction->isChecked();
}

void MainWindow::setPresentationMode(bool on)
{
    m_presentationAction->setChecked(on); // re-enters through toggled() when called directly
    if (!m_presentation.set(on, m_controlsAction))
        return;
    statusBar()->showMessage(on ? tr("Presentation mode: F5 to leave, F9 for the scenario controls")
                                : tr("Presentation mode off"),
                             4000);
}

void MainWindow::showReport()
{
    const std::optional<core::Report>& report = m_document->report();
    if (report) {
        m_dashboard->setReport(*report);
        if (m_compareView->hasPinned())
            m_compareView->setCurrent(*report);
        m_designSpace->reportChanged();
        m_servingScheduler->reportChanged();
        statusBar()->clearMessage(); // the report's warnings are on the dashboard's warning strip
        emit reportChanged(*report);
        return;
    }
    if (m_document->problem().isEmpty())
        return; // no scenario yet
    const QString problem = m_document->problem();
    m_dashboard->showProblem(problem);
    m_compareView->showProblem(problem);
    statusBar()->showMessage(problem);
    if (m_explainTarget)
        m_explainPanel->showMessage(problem);
}

void MainWindow::explain(const core::ExplainTarget& target, bool pinned)
{
    m_explainTarget = target;
    m_explainPinned = pinned;
    m_explainDock->show();
    m_explainDock->raise();
    refreshExplanation();
}

void MainWindow::refreshExplanation()
{
    if (!m_explainTarget)
        return; // the panel's hint stays until something is clicked
    const std::optional<core::Report>& report =
        m_explainPinned ? m_compareView->pinned() : m_document->report();
    if (!report) {
        m_explainPanel->showMessage(m_explainPinned
                                        ? tr("Nothing is pinned as A any more.")
                                        : tr("No report to explain: choose a device and a model first."));
        return;
    }
    // In Compare A/B the heading says whose number it is.
    QString heading = widgets::ExplainPanel::targetHeading(*m_explainTarget);
    if (m_explainPinned || compareShown())
        heading = (m_explainPinned ? tr("A · %1") : tr("B · %1")).arg(heading);
    try {
        m_explainPanel->setExplanations(heading, core::explain(*report, m_catalog, *m_explainTarget));
    } catch (const core::InputError& error) {
        m_explainPanel->showMessage(widgets::translatedError(error));
    }
}

bool MainWindow::loadScenario(const json& scenario, QString* error)
{
    try {
        core::estimate(core::scenarioFromJson(scenario), m_catalog); // validate before touching controls
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    return m_document->load(scenario, error); // a new history, with nothing to lose
}

bool MainWindow::changeScenario(const json& scenario, QString* error)
{
    return m_document->change(scenario, error); // an ordinary, undoable change
}

bool MainWindow::isModified() const
{
    return m_document->isModified();
}

QString MainWindow::aboutText()
{
    return tr("<h3>LLM Hardware Explorer %1</h3>"
              "<p>What hardware does this LLM need, and what limits it? Memory, bandwidth, "
              "communication and compute for training and inference, on CPUs, GPUs, NPUs and TPUs.</p>"
              "<p>Copyright © 2026 the LLM Hardware Explorer developers.<br>"
              "Licence: GNU General Public License, version 3 or (at your option) any later version "
              "(GPL-3.0-or-later). It comes with ABSOLUTELY NO WARRANTY.</p>"
              "<p><b>Credits</b><br>"
              "Qt %2 — The Qt Company, LGPL-3.0<br>"
              "QCustomPlot — Emanuel Eichhammer, GPL-3.0 (which is why this program is GPL)<br>"
              "JSON for Modern C++ — Niels Lohmann, MIT<br>"
              "Colours: the Okabe–Ito colour-blind-safe palette (Okabe &amp; Ito, 2008)<br>"
              "Hardware and model figures: the sources cited in each catalog entry.</p>")
        .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()));
}

QWidget* MainWindow::currentChart() const
{
    for (widgets::ChartWidget* chart : {static_cast<widgets::ChartWidget*>(m_dashboard->memoryBars()),
                                        static_cast<widgets::ChartWidget*>(m_dashboard->roofline()),
                                        static_cast<widgets::ChartWidget*>(m_dashboard->designSpace()),
                                        static_cast<widgets::ChartWidget*>(m_compareView->memoryBarsA()),
                                        static_cast<widgets::ChartWidget*>(m_compareView->memoryBarsB()),
                                        static_cast<widgets::ChartWidget*>(m_compareView->roofline())})
        if (chart->isVisible() && chart->isAncestorOf(QApplication::focusWidget()))
            return chart;
    if (compareShown())
        return m_compareView->roofline();
    return m_dashboard->designSpaceShown() ? static_cast<QWidget*>(m_dashboard->designSpace())
                                           : static_cast<QWidget*>(m_dashboard->roofline());
}

void MainWindow::updateResetView()
{
    const auto* chart = static_cast<const widgets::ChartWidget*>(currentChart());
    m_resetViewAction->setEnabled(chart->isZoomed());
}

bool MainWindow::openScenarioFile(const QString& path, QString* error)
{
    QString modelConfigPath;
    try {
        if (!loadScenario(readScenarioFile(path, &m_catalog, &modelConfigPath), error))
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

void MainWindow::setScenarioPath(const QString& path)
{
    m_document->setFilePath(path);
    if (m_settings && !path.isEmpty())
        m_settings->addRecentFile(m_document->filePath());
    updateTitle();
}

const QString& MainWindow::scenarioPath() const
{
    return m_document->filePath();
}

QUndoStack* MainWindow::undoStack() const
{
    return m_document->undoStack();
}

const std::optional<core::Report>& MainWindow::report() const
{
    return m_document->report();
}

bool MainWindow::saveScenarioFile(const QString& path, QString* error)
{
    // The file as loaded, with this window's changes: members it does not know stay.
    const std::string text = m_document->toFileJson(path).dump(2) + "\n";
    if (!saveFileAtomically(path, QByteArray::fromStdString(text), error))
        return false;
    m_document->setSaved();
    setScenarioPath(path);
    return true;
}

void MainWindow::showWarnings(const std::vector<core::Message>& warnings)
{
    if (warnings.empty())
        return;
    const QStringList texts = widgets::translatedMessages(warnings);
    for (const QString& warning : texts)
        m_messageLog->addMessage(widgets::MessageLog::Severity::Warning, warning);
    m_messageDock->show();
    statusBar()->showMessage(
        tr("%n warning(s): %1", nullptr, static_cast<int>(texts.size())).arg(texts.front()));
}

void MainWindow::logError(const QString& message)
{
    m_messageLog->addMessage(widgets::MessageLog::Severity::Error, message);
    m_messageDock->show();
    statusBar()->showMessage(message);
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    m_messageLog->addMessage(widgets::MessageLog::Severity::Error, message);
    statusBar()->showMessage(message);
    QMessageBox::warning(this, title, message);
}

void MainWindow::updateTitle()
{
    const QString& path = m_document->filePath();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    setWindowTitle(name + (isModified() ? QStringLiteral("*") : QString()) + QStringLiteral(" — ") +
                   tr("LLM Hardware Explorer"));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.constFirst().isLocalFile())
        return;
    const QString path = urls.constFirst().toLocalFile();
    QString error;
    // A GGUF file, a .safetensors file or a checkpoint folder: a model read from its headers.
    if (isModelFilePath(path)) {
        if (!importModelFile(path, &error))
            reportError(tr("Cannot open dropped file"), error);
        event->acceptProposedAction();
        return;
    }
    // A scenario names a device; anything else is taken as a Hugging Face config.json.
    bool isScenario = false;
    try {
        const json dropped = readConfigJsonFile(path); // a scenario is read strictly next
        isScenario = dropped.is_object() && dropped.contains("device");
    } catch (const core::InputError& e) {
        reportError(tr("Cannot open dropped file"), widgets::translatedError(e));
        return;
    }
    if (isScenario && !confirmDiscardChanges())
        return;
    const bool ok = isScenario ? openScenarioFile(path, &error) : importModelConfig(path, &error);
    if (!ok)
        reportError(tr("Cannot open dropped file"), error);
    event->acceptProposedAction();
}

} // namespace lhe::app
