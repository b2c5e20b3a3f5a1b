#include "app/explorer/main_window.h"

#include "app/support/input_files.h"
#include "app/support/report_csv.h"
#include "app/support/save_file.h"
#include "app/support/user_catalog.h"
#include "core/design_space.h"
#include "core/estimator.h"
#include "core/input_error.h"
#include "widgets/dashboard.h"
#include "widgets/design_space_widget.h"
#include "widgets/device_editor_dialog.h"
#include "widgets/image_export.h"
#include "widgets/memory_bars_widget.h"
#include "widgets/message_log.h"
#include "widgets/roofline_widget.h"
#include "widgets/scenario_controls.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

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

MainWindow::MainWindow(core::Catalog catalog, QWidget* parent)
    : QMainWindow(parent), m_catalog(std::move(catalog)), m_controls(new widgets::ScenarioControls),
      m_dashboard(new widgets::Dashboard), m_messageLog(new widgets::MessageLog),
      m_messageDock(new QDockWidget(tr("Messages"), this)), m_messageButton(new QToolButton(this))
{
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_controls);
    splitter->addWidget(m_dashboard);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);
    setAcceptDrops(true);
    resize(1280, 800);

    m_messageDock->setObjectName(QStringLiteral("messageDock"));
    m_messageDock->setWidget(m_messageLog);
    m_messageDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_messageDock);
    m_messageDock->hide();
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

    m_controls->setCatalog(m_catalog);
    createActions();
    connect(m_controls, &widgets::ScenarioControls::scenarioChanged, this, [this](const json& scenario) {
        m_modified = true;
        m_saveModelAction->setEnabled(scenario.contains("model_config"));
        evaluate(scenario);
        updateTitle();
    });
    connect(m_controls, &widgets::ScenarioControls::importModelConfigRequested, this,
            &MainWindow::importConfigDialog);
    connect(m_dashboard, &widgets::Dashboard::designSpaceShownChanged, this, [this](bool shown) {
        if (shown && m_designSpaceStale)
            updateDesignSpace();
    });
    connect(m_dashboard->designSpace(), &widgets::DesignSpaceWidget::phaseChanged, this, [this] {
        m_designSpaceStale = true;
        updateDesignSpace();
    });
    // A click on a cell moves the sliders there: an ordinary change of the scenario.
    connect(m_dashboard->designSpace(), &widgets::DesignSpaceWidget::cellClicked, m_controls,
            &widgets::ScenarioControls::setBatchAndPrompt);
    statusBar()->showMessage(tr("Ready"));
    updateTitle();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Scenario…"), this, &MainWindow::openScenarioDialog);
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save Scenario"), this, [this] { saveScenarioDialog(false); });
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs = file->addAction(tr("Save Scenario &As…"), this, [this] { saveScenarioDialog(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    file->addAction(tr("&Import Hugging Face config.json…"), this, &MainWindow::importConfigDialog);
    m_saveModelAction =
        file->addAction(tr("Save Imported Model to &Catalog…"), this, &MainWindow::saveImportedModelDialog);
    m_saveModelAction->setStatusTip(tr("Keep the imported config.json as a model of your catalog"));
    m_saveModelAction->setEnabled(false);
    file->addSeparator();
    QAction* exportAll =
        file->addAction(tr("&Export Dashboard Image…"), this, &MainWindow::exportDashboardDialog);
    exportAll->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    file->addAction(tr("Export &Memory Chart…"), this,
                    [this] { exportChartDialog(m_dashboard->memoryBars(), QStringLiteral("memory")); });
    // The roofline and the map share a place: exporting or copying one brings its tab forward,
    // so what is written is what the window shows (a hidden chart is not kept up to date).
    file->addAction(tr("Export &Roofline Chart…"), this, [this] {
        m_dashboard->showDesignSpace(false);
        exportChartDialog(m_dashboard->roofline(), QStringLiteral("roofline"));
    });
    file->addAction(tr("Export &Design-Space Map…"), this, [this] {
        m_dashboard->showDesignSpace(true);
        exportChartDialog(m_dashboard->designSpace(), QStringLiteral("design-space"));
    });
    file->addAction(tr("Export Re&port (JSON/CSV)…"), this, &MainWindow::exportReportDialog);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* copyDashboard = edit->addAction(tr("&Copy Dashboard"), this, [this] {
        QApplication::clipboard()->setPixmap(m_dashboard->grab());
        statusBar()->showMessage(tr("Dashboard copied to the clipboard"), 3000);
    });
    copyDashboard->setShortcut(QKeySequence::Copy);
    edit->addAction(tr("Copy &Memory Chart"), this,
                    [this] { QApplication::clipboard()->setPixmap(m_dashboard->memoryBars()->grab()); });
    edit->addAction(tr("Copy &Roofline Chart"), this, [this] {
        m_dashboard->showDesignSpace(false);
        m_dashboard->replotNow();
        QApplication::clipboard()->setPixmap(m_dashboard->roofline()->grab());
    });
    edit->addAction(tr("Copy &Design-Space Map"), this, [this] {
        m_dashboard->showDesignSpace(true);
        m_dashboard->replotNow();
        QApplication::clipboard()->setPixmap(m_dashboard->designSpace()->grab());
    });

    QMenu* hardware = menuBar()->addMenu(tr("&Hardware"));
    QAction* newDevice = hardware->addAction(tr("&New Device…"), this, [this] { deviceEditorDialog(false); });
    newDevice->setStatusTip(tr("Describe a device from its datasheet and add it to your catalog"));
    QAction* editCopy = hardware->addAction(tr("Edit a &Copy of Current Device…"), this,
                                            [this] { deviceEditorDialog(true); });
    editCopy->setStatusTip(tr("Start a user catalog entry from the selected device's figures"));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* roofline =
        view->addAction(tr("&Roofline"), this, [this] { m_dashboard->showDesignSpace(false); });
    roofline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    roofline->setStatusTip(tr("Show the roofline beside the memory chart"));
    QAction* designSpace =
        view->addAction(tr("&Design Space"), this, [this] { m_dashboard->showDesignSpace(true); });
    designSpace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    designSpace->setStatusTip(tr("Show the batch × sequence-length map of verdicts beside the memory chart"));
    view->addSeparator();
    QAction* messages = m_messageDock->toggleViewAction();
    messages->setText(tr("&Messages"));
    messages->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(messages);
}

void MainWindow::evaluate(const json& scenario)
{
    try {
        core::Scenario parsed = core::scenarioFromJson(scenario);
        core::Report report = core::estimate(parsed, m_catalog);
        m_dashboard->setReport(report);
        m_controls->setReport(report);
        m_report = std::move(report);
        m_scenario = std::move(parsed);
        m_designSpaceStale = true;
        updateDesignSpace();
        if (!m_report->warnings.empty())
            statusBar()->showMessage(QString::fromStdString(m_report->warnings.front()));
        else
            statusBar()->clearMessage();
        emit reportChanged(*m_report);
    } catch (const core::InputError& error) {
        m_scenario.reset();
        m_dashboard->showProblem(QString::fromStdString(error.what()));
        statusBar()->showMessage(QString::fromStdString(error.what()));
    }
}

void MainWindow::updateDesignSpace()
{
    if (!m_dashboard->designSpaceShown() || !m_scenario)
        return;
    m_designSpaceStale = false;
    core::DesignSpaceAxes axes;
    axes.phase = m_dashboard->designSpace()->requestedPhase();
    try {
        m_dashboard->designSpace()->setMap(core::designSpaceMap(*m_scenario, m_catalog, axes));
    } catch (const core::InputError& error) {
        m_dashboard->designSpace()->clear(QString::fromStdString(error.what()));
    }
}

bool MainWindow::loadScenario(const json& scenario, QString* error)
{
    try {
        core::estimate(core::scenarioFromJson(scenario), m_catalog); // validate before touching controls
    } catch (const core::InputError& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    m_controls->setScenario(scenario);
    evaluate(m_controls->scenario());
    m_modified = false; // a freshly loaded scenario has nothing to lose
    updateTitle();
    return true;
}

bool MainWindow::confirmDiscardChanges()
{
    if (!m_modified)
        return true;
    const int answer =
        m_discardQuestion
            ? m_discardQuestion()
            : QMessageBox::question(this, tr("Unsaved changes"),
                                    tr("The scenario has changes that are not saved. Save them first?"),
                                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        saveScenarioDialog(false);
        return !m_modified; // a cancelled or failed save keeps the changes
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (confirmDiscardChanges())
        event->accept();
    else
        event->ignore();
}

bool MainWindow::openScenarioFile(const QString& path, QString* error)
{
    try {
        if (!loadScenario(readScenarioFile(path, &m_catalog), error))
            return false;
    } catch (const core::InputError& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    m_scenarioPath = path;
    m_modified = false;
    updateTitle();
    return true;
}

bool MainWindow::saveScenarioFile(const QString& path, QString* error)
{
    const std::string text = m_controls->scenario().dump(2) + "\n";
    if (!saveFileAtomically(path, QByteArray::fromStdString(text), error))
        return false;
    m_scenarioPath = path;
    m_modified = false;
    updateTitle();
    return true;
}

bool MainWindow::importModelConfig(const QString& path, QString* error)
{
    try {
        std::vector<std::string> warnings;
        json config = readModelConfigFile(path, &warnings);
        m_controls->setImportedModelConfig(config, QFileInfo(path).filePath());
        showWarnings(warnings);
        return true;
    } catch (const core::InputError& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

bool MainWindow::reloadCatalog(QString* error)
{
    std::vector<std::string> warnings;
    try {
        m_catalog = loadCatalog(m_extraCatalogFiles, warnings);
    } catch (const core::InputError& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    m_controls->setCatalog(m_catalog);
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
    json next = m_controls->scenario();
    next["device"] = device.id;
    if (!loadScenario(next, error))
        return false;
    statusBar()->showMessage(
        tr("Saved %1 to %2")
            .arg(QString::fromStdString(device.name), QDir::toNativeSeparators(userDevicesFile())),
        8000);
    return true;
}

bool MainWindow::saveImportedModel(const QString& id, const QString& name, QString* error)
{
    json next = m_controls->scenario();
    if (!next.contains("model_config")) {
        *error = tr("The current model is not an imported config.json");
        return false;
    }
    const QString source = stringField(next, "model_config_path");
    if (!saveUserModel(id, name, next["model_config"], source, error))
        return false;
    if (!reloadCatalog(error)) {
        *error = tr("Saved %1, but the catalog could not be reloaded: %2").arg(name, *error);
        return false;
    }
    next.erase("model_config");
    next.erase("model_config_path");
    next["model"] = id.toStdString();
    if (!loadScenario(next, error))
        return false;
    statusBar()->showMessage(tr("Saved %1 to %2").arg(name, QDir::toNativeSeparators(userModelsFile())),
                             8000);
    return true;
}

void MainWindow::layoutForExport(QSize dashboardSize)
{
    m_controls->hide();
    m_messageDock->hide();
    menuBar()->hide();
    statusBar()->hide();
    setAttribute(Qt::WA_DontShowOnScreen);
    show();
    resize(dashboardSize);
    QCoreApplication::processEvents();
    // The central splitter may keep a frame or handle: correct by what is left over.
    resize(size() + dashboardSize - m_dashboard->size());
    QCoreApplication::processEvents();
}

bool MainWindow::exportDashboard(const QString& path, double scale, QString* error)
{
    return exportImage(m_dashboard, path, scale, error);
}

bool MainWindow::exportImage(QWidget* chart, const QString& path, double scale, QString* error)
{
    widgets::ImageFormat format;
    if (!widgets::imageFormatForPath(path, &format)) {
        *error = tr("Unknown image type for %1; use .png, .svg or .pdf").arg(path);
        return false;
    }
    m_dashboard->replotNow();
    QByteArray bytes;
    return widgets::renderWidget(chart, format, QSize(), scale, &bytes, error) &&
           saveFileAtomically(path, bytes, error);
}

bool MainWindow::exportReport(const QString& path, QString* error)
{
    if (!m_report) {
        *error = tr("There is no report to export");
        return false;
    }
    const json report = core::reportToJson(*m_report);
    const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
    const std::string text = csv ? reportJsonAsCsv(report) : report.dump(2) + "\n";
    return saveFileAtomically(path, QByteArray::fromStdString(text), error);
}

void MainWindow::showWarnings(const std::vector<std::string>& warnings)
{
    if (warnings.empty())
        return;
    for (const std::string& warning : warnings)
        m_messageLog->addMessage(widgets::MessageLog::Severity::Warning, QString::fromStdString(warning));
    m_messageDock->show();
    statusBar()->showMessage(tr("%n warning(s): %1", nullptr, static_cast<int>(warnings.size()))
                                 .arg(QString::fromStdString(warnings.front())));
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
    QString path = m_scenarioPath;
    if (askForName || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save Scenario"),
                                            path.isEmpty() ? tr("scenario.json") : path,
                                            tr("Scenario files (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveScenarioFile(path, &error))
        reportError(tr("Cannot save scenario"), error);
}

void MainWindow::importConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"), QString(),
                                                      tr("config.json (*.json);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !importModelConfig(path, &error))
        reportError(tr("Cannot import config.json"), error);
}

void MainWindow::deviceEditorDialog(bool copyCurrent)
{
    widgets::DeviceEditorDialog dialog(this);
    dialog.setCatalog(m_catalog);
    if (copyCurrent) {
        const std::string id = m_controls->scenario().value("device", std::string());
        const core::Device* current = m_catalog.findDevice(id);
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

void MainWindow::exportDashboardDialog()
{
    exportChartDialog(m_dashboard, QStringLiteral("dashboard"));
}

void MainWindow::exportChartDialog(QWidget* chart, const QString& name)
{
    QString selectedFilter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Image"), name + QStringLiteral(".png"),
        tr("PNG image (*.png);;PNG image at 2× (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
        &selectedFilter);
    if (path.isEmpty())
        return;
    const double scale = selectedFilter.contains(QStringLiteral("2×")) ? 2.0 : 1.0;
    QString error;
    if (!exportImage(chart, path, scale, &error))
        reportError(tr("Cannot export image"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void MainWindow::exportReportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), tr("report.json"),
                                                      tr("JSON (*.json);;CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportReport(path, &error))
        reportError(tr("Cannot export report"), error);
}

void MainWindow::updateTitle()
{
    const QString name = m_scenarioPath.isEmpty() ? tr("Untitled") : QFileInfo(m_scenarioPath).fileName();
    setWindowTitle(name + (m_modified ? QStringLiteral("*") : QString()) + QStringLiteral(" — ") +
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
    // A scenario names a device; anything else is taken as a Hugging Face config.json.
    bool isScenario = false;
    try {
        const json dropped = readJsonFile(path);
        isScenario = dropped.is_object() && dropped.contains("device");
    } catch (const core::InputError& e) {
        reportError(tr("Cannot open dropped file"), QString::fromStdString(e.what()));
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
