#include "app/explorer/main_window.h"

#include "app/explorer/catalog_editor.h"
#include "app/explorer/compare_mode.h"
#include "app/explorer/design_space_scheduler.h"
#include "app/explorer/explain_dock.h"
#include "app/explorer/exporter.h"
#include "app/explorer/primer_dock.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/serving_edits.h"
#include "app/explorer/serving_scheduler.h"
#include "app/explorer/theme_menu.h"
#include "app/explorer/window_messages.h"
#include "app/explorer/window_session.h"
#include "app/explorer/zoom_actions.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/document/scenario_document.h"
#include "widgets/layout/fit_scroll_area.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>

namespace lhe::app {

MainWindow::MainWindow(core::Catalog catalog, QWidget* parent)
    : QMainWindow(parent), m_document(new widgets::ScenarioDocument(this)),
      m_pin(new widgets::ComparisonPin(m_document, this)),
      m_controls(new widgets::ScenarioControls(m_document)), m_dashboard(new widgets::Dashboard),
      m_compareView(new widgets::CompareView), m_views(new QStackedWidget),
      m_messages(new WindowMessages(this))
{
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_controls);
    // The dashboard and the compare view scroll where the window is narrower or shorter than
    // their charts need, rather than making the whole window that large: a dock opened beside
    // them takes its room from the window, never from the screen.
    m_views->addWidget(new widgets::FitScrollArea(m_dashboard));   // CompareMode::kDashboardPage
    m_views->addWidget(new widgets::FitScrollArea(m_compareView)); // CompareMode::kComparePage
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

    // The document's catalog, then the pickers listing it: an empty document starts on the first
    // GPU and model. A reloaded catalog reaches the pickers the same way.
    m_document->setCatalog(std::move(catalog));
    m_controls->setCatalog(m_document->catalog());
    connect(m_document, &widgets::ScenarioDocument::catalogChanged, m_controls,
            [this] { m_controls->setCatalog(m_document->catalog()); });
    // The hub: each view and scheduler follows the document (and the pin) by itself, and is
    // told in this order — the controls (since their construction), the dashboard, the compare
    // view, the schedulers of the hidden tabs, the Explain dock, and last the status bar.
    m_dashboard->setDocument(m_document);
    m_compareView->setDocument(m_document, m_pin);
    m_designSpace = new DesignSpaceScheduler(m_dashboard, m_document, this);
    m_servingEdits = new ServingEdits(m_document, m_dashboard, m_controls, this);
    m_servingScheduler = new ServingScheduler(
        m_dashboard, m_document, [this] { return m_servingEdits->prices(); }, this);
    m_servingEdits->setPricesChanged([this] { m_servingScheduler->pricesChanged(); });
    // The docks on the right, hidden until asked for: the Primer, and Explain (a click on a bar
    // segment, roofline point or verdict card shows its formula there).
    m_primerDock = new PrimerDock(m_document, m_dashboard, m_messages, this);
    m_explainDock = new ExplainDock(m_document, m_pin, this);
    for (QDockWidget* dock :
         {static_cast<QDockWidget*>(m_primerDock), static_cast<QDockWidget*>(m_explainDock)}) {
        addDockWidget(Qt::RightDockWidgetArea, dock);
        dock->hide();
    }
    connect(m_document, &widgets::ScenarioDocument::reportChanged, this, &MainWindow::showReportStatus);

    m_files = new ScenarioFiles(m_document, m_controls, m_messages, this);
    m_catalogEditor = new CatalogEditor(m_document, m_messages, this);
    m_compare = new CompareMode(m_pin, m_views, m_messages, this);
    createActions();
    m_exporter = new Exporter(this, m_controls, m_views,
                              {m_dashboard, m_compareView, m_compare, m_designSpace, m_servingScheduler},
                              m_document, m_themeMenu, m_messages);
    m_session = new WindowSession({this, m_dashboard, m_document, m_files, m_catalogEditor, m_messages},
                                  m_recentMenu, m_actions.retry);
    retranslateUi();
    wireViews();
    m_readyMessage = tr("Ready");
    statusBar()->showMessage(m_readyMessage);
    updateTitle();
}

// QWidget's destructor deletes the children after this class's part of the object is gone: a
// focus change or the undo stack clearing must not reach a slot of it then.
MainWindow::~MainWindow()
{
    disconnect(qApp, nullptr, this, nullptr);
    disconnect(qApp, nullptr, m_zoom, nullptr);
    m_document->disconnect(this);
    m_document->undoStack()->disconnect(this);
    delete centralWidget(); // the controls and charts, while the objects their signals reach are whole
}

void MainWindow::wireViews()
{
    connect(m_dashboard, &widgets::Dashboard::explainRequested, m_explainDock,
            [this](const core::ExplainTarget& target) { m_explainDock->explain(target); });
    connect(
        m_compareView, &widgets::CompareView::explainRequested, m_explainDock,
        [this](bool pinned, const core::ExplainTarget& target) { m_explainDock->explain(target, pinned); });
    connect(m_controls, &widgets::ScenarioControls::importModelConfigRequested, m_files,
            [this] { m_files->importConfigDialog(); });
    // A click on a cell moves the sliders there: an ordinary change of the scenario.
    connect(m_dashboard->designSpace(), &widgets::DesignSpaceWidget::cellClicked, m_controls,
            &widgets::ScenarioControls::setBatchAndPrompt);

    connect(m_document, &widgets::ScenarioDocument::scenarioChanged, this,
            [this] { m_actions.saveModel->setEnabled(m_document->scenario().modelConfig.has_value()); });
    connect(m_document, &widgets::ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &widgets::ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_pin, &widgets::ComparisonPin::pinnedChanged, this, &MainWindow::updateCompareActions);
    connect(m_views, &QStackedWidget::currentChanged, this, [this] {
        m_explainDock->setCompareShown(m_compare->isShown());
        updateCompareActions();
        m_zoom->update();
    });
}

void MainWindow::setSettings(AppSettings* settings)
{
    m_themeMenu->setSettings(settings);
    m_servingEdits->setSettings(settings);
    m_files->setSettings(settings);
    m_exporter->setSettings(settings);
    m_session->setSettings(settings);
}

void MainWindow::showReportStatus()
{
    if (m_document->report()) {
        statusBar()->clearMessage(); // the report's warnings are on the dashboard's warning strip
        return;
    }
    const QString problem = m_document->problem();
    if (!problem.isEmpty()) // empty: no scenario yet
        statusBar()->showMessage(problem);
}

void MainWindow::updateCompareActions()
{
    const bool pinned = m_pin->hasPinned();
    m_actions.compare->setEnabled(pinned);
    m_actions.clearPin->setEnabled(pinned);
    if (m_actions.compare->isChecked() != m_compare->isShown())
        m_actions.compare->setChecked(m_compare->isShown()); // re-enters with the same value: no loop
}

bool MainWindow::presentationMode() const
{
    return m_actions.presentation->isChecked();
}

void MainWindow::setPresentationMode(bool on)
{
    m_actions.presentation->setChecked(on); // re-enters through toggled() when called directly
    if (!m_presentation.set(on, m_actions.controls))
        return;
    statusBar()->showMessage(on ? tr("Presentation mode: F5 to leave, F9 for the scenario controls")
                                : tr("Presentation mode off"),
                             4000);
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

void MainWindow::updateTitle()
{
    const QString& path = m_document->filePath();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    setWindowTitle(name + (m_document->isModified() ? QStringLiteral("*") : QString()) +
                   QStringLiteral(" — ") + tr("LLM Hardware Explorer"));
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

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->confirmDiscardChanges(/*closing=*/true)) {
        event->ignore();
        return;
    }
    m_session->save();
    if (!m_session->confirmSettingsNotSaved()) {
        event->ignore();
        return;
    }
    event->accept();
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
    if (m_files->openDropped(urls.constFirst().toLocalFile()))
        event->acceptProposedAction();
}

} // namespace lhe::app
