// Exporter: the window's exports — the dashboard, the comparison or one chart as a .png, .svg or
// .pdf file or on the clipboard (a chart of a tab not shown computed and laid out unseen first),
// the report as JSON or CSV, their dialogs, and the headless layout of --export-dashboard.
#pragma once

#include "widgets/panels/dashboard.h"

#include <QCoreApplication>
#include <QObject>
#include <QSize>
#include <QString>

class QMainWindow;
class QWidget;

namespace lhe::widgets {
class CompareView;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;
class CompareMode;
class DesignSpaceScheduler;
class ServingScheduler;
class ThemeMenu;
class WindowMessages;

class Exporter : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // What is exported, and what computes the charts of hidden tabs (none owned).
    struct Views
    {
        widgets::Dashboard* dashboard;
        widgets::CompareView* compareView;
        const CompareMode* compare;
        DesignSpaceScheduler* designSpace;
        ServingScheduler* serving;
    };
    // `window` parents the dialogs; `controls` and `central` are what layoutForExport() hides and
    // measures (the scenario panel, and the page holding the dashboard or the comparison).
    Exporter(QMainWindow* window, QWidget* controls, QWidget* central, Views views,
             const widgets::ScenarioDocument* document, const ThemeMenu* theme, WindowMessages* messages);

    // Where the export dialog starts, its size and scale (not owned; null keeps nothing).
    void setSettings(AppSettings* settings) { m_settings = settings; }

    // Headless rendering: hides the controls, docks and window chrome, shows the window off screen
    // and sizes it so the dashboard (or comparison) is exactly `dashboardSize`.
    void layoutForExport(QSize dashboardSize);
    // Renders exportTarget() as it is laid out now, at layoutForExport()'s size.
    bool exportDashboard(const QString& path, double scale, QString* error);
    // A chart (or the dashboard) as .png/.svg/.pdf by the path's suffix, written atomically; a
    // valid `logicalSize` is the whole image's (title line included), else the chart's own size.
    bool exportImage(QWidget* chart, const QString& path, double scale, QString* error,
                     QSize logicalSize = QSize());
    bool exportReport(const QString& path, QString* error); // .json or .csv
    // A chart (or the dashboard) to the clipboard as an image, rendered as exportImage() would.
    bool copyImage(QWidget* chart, const QString& what);
    // What File → Export Dashboard Image and Edit → Copy Dashboard render: the dashboard, or the
    // compare view while it is shown.
    QWidget* exportTarget() const;
    // The title line an export of `chart` carries: none for the dashboard or the comparison.
    QString exportTitle(const QWidget* chart) const;
    // A tab's chart up to date and laid out as if shown, for an export or copy from another tab:
    // exporting never changes what is on screen.
    void prepareHiddenChart(widgets::Dashboard::ChartTab tab);

    // The File and Edit menus' exports and copies. A chart tab: its chart, prepared first.
    void exportShownDialog();
    void exportChartDialog(widgets::Dashboard::ChartTab tab);
    void exportReportDialog();
    void copyShown();
    void copyChart(widgets::Dashboard::ChartTab tab);

private:
    void exportChartDialog(QWidget* chart, const QString& name);
    QWidget* chartOf(widgets::Dashboard::ChartTab tab) const;
    void replotNow();

    QMainWindow* m_window;
    QWidget* m_controls;
    QWidget* m_central;
    Views m_views;
    const widgets::ScenarioDocument* m_document;
    const ThemeMenu* m_theme;
    WindowMessages* m_messages;
    AppSettings* m_settings = nullptr;
    QSize m_exportSize; // layoutForExport's: exportDashboard writes exactly that size
};

} // namespace lhe::app
