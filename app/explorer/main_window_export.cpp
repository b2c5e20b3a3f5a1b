// MainWindow's exports: a chart, the dashboard or the comparison as an image file or on the
// clipboard, the report as JSON or CSV, and the headless layout of --export-dashboard.
#include "app/explorer/app_settings.h"
#include "app/explorer/design_space_scheduler.h"
#include "app/explorer/export_dialog.h"
#include "app/explorer/main_window.h"
#include "app/explorer/serving_scheduler.h"
#include "app/explorer/theme_menu.h"
#include "app/support/report_csv.h"
#include "app/support/save_file.h"
#include "widgets/charts/image_export.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>

namespace lhe::app {

using nlohmann::json;

void MainWindow::layoutForExport(QSize dashboardSize)
{
    m_controls->hide();
    m_messageDock->hide();
    m_primerDock->hide();
    m_explainDock->hide();
    menuBar()->hide();
    statusBar()->hide();
    setAttribute(Qt::WA_DontShowOnScreen);
    show();
    resize(dashboardSize);
    QCoreApplication::processEvents();
    // The central splitter may keep a frame or handle: correct by what is left over (the stack's
    // size: a page it does not show keeps its old one).
    resize(size() + dashboardSize - m_views->size());
    QCoreApplication::processEvents();
    m_exportSize = dashboardSize;
}

bool MainWindow::exportDashboard(const QString& path, double scale, QString* error)
{
    // Exactly the size asked for: the page on screen may be taller than the window (it scrolls
    // where its charts need more room than the window gives them).
    return exportImage(exportTarget(), path, scale, error, m_exportSize);
}

void MainWindow::prepareHiddenChart(int tab)
{
    if (tab == widgets::Dashboard::DesignSpaceTab)
        m_designSpace->ensureCurrent();
    else if (tab == widgets::Dashboard::ServingTab)
        m_servingScheduler->ensureCurveCurrent();
    m_dashboard->layOutHiddenTab(static_cast<widgets::Dashboard::ChartTab>(tab));
}

QString MainWindow::exportTitle(const QWidget* chart) const
{
    // The dashboard and the comparison carry their own headlines; a chart alone says what it shows.
    return chart == exportTarget() ? QString() : m_dashboard->chartTitle();
}

bool MainWindow::exportImage(QWidget* chart, const QString& path, double scale, QString* error,
                             QSize logicalSize)
{
    widgets::ImageFormat format;
    if (!widgets::imageFormatForPath(path, &format)) {
        *error = tr("Unknown image type for %1; use .png, .svg or .pdf").arg(path);
        return false;
    }
    m_dashboard->replotNow();
    if (compareShown())
        m_compareView->replotNow();
    QByteArray bytes;
    return widgets::renderWidget(chart, format, logicalSize, scale, &bytes, error, m_themeMenu->exportTheme(),
                                 exportTitle(chart)) &&
           saveFileAtomically(path, bytes, error);
}

bool MainWindow::copyImage(QWidget* chart, const QString& what)
{
    m_dashboard->replotNow();
    if (compareShown())
        m_compareView->replotNow();
    QByteArray bytes;
    QString error;
    QImage image;
    // Rendered like an export (light unless asked), at the screen's pixel ratio.
    if (!widgets::renderWidget(chart, widgets::ImageFormat::Png, QSize(), devicePixelRatioF(), &bytes, &error,
                               m_themeMenu->exportTheme(), exportTitle(chart)) ||
        !image.loadFromData(bytes, "PNG")) {
        reportError(tr("Cannot copy"), error);
        return false;
    }
    QApplication::clipboard()->setImage(image);
    statusBar()->showMessage(tr("%1 copied to the clipboard").arg(what), 3000);
    return true;
}

bool MainWindow::exportReport(const QString& path, QString* error)
{
    if (!m_document->report()) {
        *error = tr("There is no report to export");
        return false;
    }
    const json report = core::reportToJson(*m_document->report());
    const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
    const std::string text = csv ? reportJsonAsCsv(report) : report.dump(2) + "\n";
    return saveFileAtomically(path, QByteArray::fromStdString(text), error);
}

void MainWindow::exportDashboardDialog()
{
    exportChartDialog(exportTarget(),
                      compareShown() ? QStringLiteral("compare") : QStringLiteral("dashboard"));
}

void MainWindow::exportChartDialog(QWidget* chart, const QString& name)
{
    const QString folder = m_settings ? m_settings->exportFolder() : QString();
    const auto preset = ExportDialog::sizePresetFromName(m_settings ? m_settings->exportSize() : QString());
    ExportDialog dialog(widgets::renderedSize(chart, exportTitle(chart)),
                        QDir(folder).filePath(name + QStringLiteral(".png")),
                        m_settings ? m_settings->exportScale() : 1.0, preset, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!exportImage(chart, dialog.path(), dialog.scale(), &error, dialog.logicalSize())) {
        reportError(tr("Cannot export image"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 5000);
    if (m_settings) {
        m_settings->setExportFolder(QFileInfo(dialog.path()).absolutePath());
        m_settings->setExportSize(ExportDialog::sizePresetName(dialog.preset()));
        if (dialog.scaleBox()->isEnabled())
            m_settings->setExportScale(dialog.scaleBox()->value());
    }
}

void MainWindow::exportReportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), tr("report.json"),
                                                      tr("JSON (*.json);;CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportReport(path, &error))
        reportError(tr("Cannot export report"), error);
}

} // namespace lhe::app
