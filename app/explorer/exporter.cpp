#include "app/explorer/exporter.h"

#include "app/explorer/app_settings.h"
#include "app/explorer/compare_mode.h"
#include "app/explorer/design_space_scheduler.h"
#include "app/explorer/export_dialog.h"
#include "app/explorer/serving_scheduler.h"
#include "app/explorer/theme_menu.h"
#include "app/explorer/window_messages.h"
#include "app/support/report_csv.h"
#include "app/support/save_file.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/image_export.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/serving_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>

namespace lhe::app {

using nlohmann::json;
using widgets::Dashboard;

Exporter::Exporter(QMainWindow* window, QWidget* controls, QWidget* central, Views views,
                   const widgets::ScenarioDocument* document, const ThemeMenu* theme,
                   WindowMessages* messages)
    : QObject(window), m_window(window), m_controls(controls), m_central(central), m_views(views),
      m_document(document), m_theme(theme), m_messages(messages)
{}

void Exporter::layoutForExport(QSize dashboardSize)
{
    m_controls->hide();
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
        dock->hide();
    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    m_window->setAttribute(Qt::WA_DontShowOnScreen);
    m_window->show();
    m_window->resize(dashboardSize);
    QCoreApplication::processEvents();
    // The central splitter may keep a frame or handle: correct by what is left over (the stack's
    // size: a page it does not show keeps its old one).
    m_window->resize(m_window->size() + dashboardSize - m_central->size());
    QCoreApplication::processEvents();
    m_exportSize = dashboardSize;
}

bool Exporter::exportDashboard(const QString& path, double scale, QString* error)
{
    // Exactly the size asked for: the page on screen may be taller than the window (it scrolls
    // where its charts need more room than the window gives them).
    return exportImage(exportTarget(), path, scale, error, m_exportSize);
}

void Exporter::prepareHiddenChart(Dashboard::ChartTab tab)
{
    if (tab == Dashboard::DesignSpaceTab)
        m_views.designSpace->ensureCurrent();
    else if (tab == Dashboard::ServingTab)
        m_views.serving->ensureCurveCurrent();
    m_views.dashboard->layOutHiddenTab(tab);
}

QWidget* Exporter::exportTarget() const
{
    return m_views.compare->isShown() ? static_cast<QWidget*>(m_views.compareView) : m_views.dashboard;
}

QString Exporter::exportTitle(const QWidget* chart) const
{
    // The dashboard and the comparison carry their own headlines; a chart alone says what it shows.
    return chart == exportTarget() ? QString() : m_views.dashboard->chartTitle();
}

void Exporter::replotNow()
{
    m_views.dashboard->replotNow();
    if (m_views.compare->isShown())
        m_views.compareView->replotNow();
}

bool Exporter::exportImage(QWidget* chart, const QString& path, double scale, QString* error,
                           QSize logicalSize)
{
    widgets::ImageFormat format;
    if (!widgets::imageFormatForPath(path, &format)) {
        *error = tr("Unknown image type for %1; use .png, .svg or .pdf").arg(path);
        return false;
    }
    replotNow();
    QByteArray bytes;
    return widgets::renderWidget(chart, format, logicalSize, scale, &bytes, error, m_theme->exportTheme(),
                                 exportTitle(chart)) &&
           saveFileAtomically(path, bytes, error);
}

bool Exporter::copyImage(QWidget* chart, const QString& what)
{
    replotNow();
    QByteArray bytes;
    QString error;
    QImage image;
    // Rendered like an export (light unless asked), at the screen's pixel ratio.
    if (!widgets::renderWidget(chart, widgets::ImageFormat::Png, QSize(), m_window->devicePixelRatioF(),
                               &bytes, &error, m_theme->exportTheme(), exportTitle(chart)) ||
        !image.loadFromData(bytes, "PNG")) {
        m_messages->reportError(tr("Cannot copy"), error);
        return false;
    }
    QApplication::clipboard()->setImage(image);
    m_messages->showStatus(tr("%1 copied to the clipboard").arg(what), 3000);
    return true;
}

bool Exporter::exportReport(const QString& path, QString* error)
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

QWidget* Exporter::chartOf(Dashboard::ChartTab tab) const
{
    switch (tab) {
    case Dashboard::MemoryTab:
        return m_views.dashboard->memoryBars();
    case Dashboard::DesignSpaceTab:
        return m_views.dashboard->designSpace();
    case Dashboard::ServingTab:
        return m_views.dashboard->serving()->chart();
    case Dashboard::RooflineTab:
    case Dashboard::RankingTab: // a table: it writes its own CSV (DeviceRankingView)
        break;
    }
    return m_views.dashboard->roofline();
}

void Exporter::exportShownDialog()
{
    exportChartDialog(exportTarget(),
                      m_views.compare->isShown() ? QStringLiteral("compare") : QStringLiteral("dashboard"));
}

void Exporter::exportChartDialog(Dashboard::ChartTab tab)
{
    // A tab of its own on a narrow dashboard, or sharing its place with the others: computed and
    // laid out unseen, and the screen stays as it is.
    prepareHiddenChart(tab);
    const QString name = tab == Dashboard::MemoryTab        ? QStringLiteral("memory")
                         : tab == Dashboard::DesignSpaceTab ? QStringLiteral("design-space")
                         : tab == Dashboard::ServingTab     ? QStringLiteral("throughput-latency")
                                                            : QStringLiteral("roofline");
    exportChartDialog(chartOf(tab), name);
}

void Exporter::exportChartDialog(QWidget* chart, const QString& name)
{
    const QString folder = m_settings ? m_settings->exportFolder() : QString();
    const auto preset = ExportDialog::sizePresetFromName(m_settings ? m_settings->exportSize() : QString());
    ExportDialog dialog(widgets::renderedSize(chart, exportTitle(chart)),
                        QDir(folder).filePath(name + QStringLiteral(".png")),
                        m_settings ? m_settings->exportScale() : 1.0, preset, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!exportImage(chart, dialog.path(), dialog.scale(), &error, dialog.logicalSize())) {
        m_messages->reportError(tr("Cannot export image"), error);
        return;
    }
    m_messages->showStatus(tr("Exported %1").arg(dialog.path()), 5000);
    if (m_settings) {
        m_settings->setExportFolder(QFileInfo(dialog.path()).absolutePath());
        m_settings->setExportSize(ExportDialog::sizePresetName(dialog.preset()));
        if (dialog.scaleBox()->isEnabled())
            m_settings->setExportScale(dialog.scaleBox()->value());
    }
}

void Exporter::exportReportDialog()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Report"), tr("report.json"),
                                                      tr("JSON (*.json);;CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportReport(path, &error))
        m_messages->reportError(tr("Cannot export report"), error);
}

void Exporter::copyShown()
{
    copyImage(exportTarget(), m_views.compare->isShown() ? tr("Comparison") : tr("Dashboard"));
}

void Exporter::copyChart(Dashboard::ChartTab tab)
{
    prepareHiddenChart(tab);
    const QString what = tab == Dashboard::MemoryTab        ? tr("Memory chart")
                         : tab == Dashboard::DesignSpaceTab ? tr("Design-space map")
                         : tab == Dashboard::ServingTab     ? tr("Throughput-latency chart")
                                                            : tr("Roofline chart");
    copyImage(chartOf(tab), what);
}

} // namespace lhe::app
