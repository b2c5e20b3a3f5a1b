// ZoomActions: View → Zoom In, Zoom Out and Reset View. They act on the focused chart, else the
// one in view beside the memory bars (the roofline or the map), or the comparison's roofline
// while Compare A/B is shown; Reset View is enabled while that chart is zoomed.
#pragma once

#include <QCoreApplication>
#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace lhe::widgets {
class ChartWidget;
class CompareView;
class Dashboard;
} // namespace lhe::widgets

namespace lhe::app {

class CompareMode;

class ZoomActions : public QObject
{
    // The actions are the window's: their texts keep the window's translation context.
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // Adds the three actions to `view` (not owned) and follows the charts' zoom, the tab shown
    // and the focus.
    ZoomActions(QMenu* view, widgets::Dashboard* dashboard, widgets::CompareView* compareView,
                const CompareMode* compare, QObject* parent);

    void retranslate();
    // Reset View for the chart the actions act on now (the window calls it when the compare view
    // is shown or hidden).
    void update();

private:
    widgets::ChartWidget* currentChart() const;

    widgets::Dashboard* m_dashboard;
    widgets::CompareView* m_compareView;
    const CompareMode* m_compare;
    QAction* m_zoomIn;
    QAction* m_zoomOut;
    QAction* m_resetView;
};

} // namespace lhe::app
