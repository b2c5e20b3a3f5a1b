#include "app/explorer/zoom_actions.h"

#include "app/explorer/compare_mode.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <array>

namespace lhe::app {

namespace {

std::array<widgets::ChartWidget*, 6> zoomableCharts(widgets::Dashboard* dashboard,
                                                    widgets::CompareView* compare)
{
    return {dashboard->memoryBars(), dashboard->roofline(),  dashboard->designSpace(),
            compare->memoryBarsA(),  compare->memoryBarsB(), compare->roofline()};
}

} // namespace

ZoomActions::ZoomActions(QMenu* view, widgets::Dashboard* dashboard, widgets::CompareView* compareView,
                         const CompareMode* compare, QObject* parent)
    : QObject(parent), m_dashboard(dashboard), m_compareView(compareView), m_compare(compare)
{
    m_zoomIn = view->addAction(QString(), this, [this] { currentChart()->zoomIn(); });
    m_zoomIn->setShortcut(QKeySequence::ZoomIn);
    m_zoomOut = view->addAction(QString(), this, [this] { currentChart()->zoomOut(); });
    m_zoomOut->setShortcut(QKeySequence::ZoomOut);
    m_resetView = view->addAction(QString(), this, [this] { currentChart()->resetView(); });
    m_resetView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_resetView->setEnabled(false);
    for (widgets::ChartWidget* chart : zoomableCharts(m_dashboard, m_compareView))
        connect(chart, &widgets::ChartWidget::viewChanged, this, &ZoomActions::update);
    connect(m_dashboard, &widgets::Dashboard::designSpaceShownChanged, this, &ZoomActions::update);
    connect(qApp, &QApplication::focusChanged, this, &ZoomActions::update);
}

void ZoomActions::retranslate()
{
    m_zoomIn->setText(tr("Zoom &In"));
    m_zoomOut->setText(tr("Zoom &Out"));
    m_resetView->setText(tr("Reset &View"));
    m_resetView->setStatusTip(tr("Fit the chart to the current report again"));
}

void ZoomActions::update()
{
    m_resetView->setEnabled(currentChart()->isZoomed());
}

widgets::ChartWidget* ZoomActions::currentChart() const
{
    for (widgets::ChartWidget* chart : zoomableCharts(m_dashboard, m_compareView))
        if (chart->isVisible() && chart->isAncestorOf(QApplication::focusWidget()))
            return chart;
    if (m_compare->isShown())
        return m_compareView->roofline();
    return m_dashboard->designSpaceShown() ? static_cast<widgets::ChartWidget*>(m_dashboard->designSpace())
                                           : static_cast<widgets::ChartWidget*>(m_dashboard->roofline());
}

} // namespace lhe::app
