// ChartWidget's view: zoom in/out by 1.25 about the centre (in log space on log axes), reset to
// the fitted ranges, reports that keep a zoomed view and refit an unzoomed one, the wheel, and
// drags that pan while clicks stay clicks — on the three charts, each with its own zoomable axes.
#include "chart_scenarios.h"
#include "core/charts/design_space.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"

#include <QSignalSpy>
#include <QtTest>
#include <cmath>

using namespace lhe;
using namespace lhe::test;
using widgets::ChartWidget;

namespace {

constexpr double kRelative = 1e-12; // zoom arithmetic is a few multiplications: rounding only

QCPRange xRange(const ChartWidget& chart)
{
    return chart.plot()->xAxis->range();
}

QCPRange yRange(const ChartWidget& chart)
{
    return chart.plot()->yAxis->range();
}

bool sameRange(const QCPRange& a, const QCPRange& b, double relative = kRelative)
{
    const double width = std::abs(b.upper - b.lower);
    return std::abs(a.lower - b.lower) <= relative * width && std::abs(a.upper - b.upper) <= relative * width;
}

QByteArray describe(const QCPRange& a, const QCPRange& b)
{
    return QStringLiteral("[%1, %2] vs [%3, %4]")
        .arg(a.lower, 0, 'g', 17)
        .arg(a.upper, 0, 'g', 17)
        .arg(b.lower, 0, 'g', 17)
        .arg(b.upper, 0, 'g', 17)
        .toLatin1();
}

void sendMouse(QWidget* target, QEvent::Type type, QPointF position, Qt::MouseButton button,
               Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, position, target->mapToGlobal(position), button, buttons, modifiers);
    QCoreApplication::sendEvent(target, &event);
}

// Press, move in steps (so the drag passes the click slop on the way), release.
void drag(QWidget* target, QPointF from, QPointF to, Qt::MouseButton button,
          Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    sendMouse(target, QEvent::MouseButtonPress, from, button, button, modifiers);
    for (int step = 1; step <= 4; ++step)
        sendMouse(target, QEvent::MouseMove, from + (to - from) * step / 4.0, Qt::NoButton, button,
                  modifiers);
    sendMouse(target, QEvent::MouseButtonRelease, to, button, Qt::NoButton, modifiers);
}

void wheel(QWidget* target, QPointF position, int angleDeltaY)
{
    QWheelEvent event(position, target->mapToGlobal(position), QPoint(), QPoint(0, angleDeltaY), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(target, &event);
}

void showAndLayOut(QWidget* widget, QCustomPlot* plot)
{
    widget->resize(800, 520);
    widget->show();
    if (!QTest::qWaitForWindowExposed(widget))
        qWarning("window not exposed");
    plot->replot(QCustomPlot::rpImmediateRefresh);
}

QPointF axisRectCentre(QCustomPlot* plot)
{
    return QRectF(plot->axisRect()->rect()).center();
}

} // namespace

class TestChartZoom : public QObject
{
    Q_OBJECT

private slots:
    void zoomOnALinearAxis();
    void zoomOnLogAxes();
    void zoomBeforeAnyReportDoesNothing();
    void resetViewRestoresTheFitExactly();
    void reportsKeepAZoomedView();
    void reportsRefitAnUnzoomedView();
    void viewChangedOnlyOnFlips();
    void wheelZoomsAboutTheCursor();
    void dragPansAndClickStaysAClick();
    void designSpaceClickScrubsAndPanIsMiddleOrShift();
    void logTicksStayPowersOfTenInEveryLocale();
};

void TestChartZoom::zoomOnALinearAxis()
{
    // Memory bars: the value axis (GB, linear) zooms; the categories stay.
    widgets::MemoryBarsWidget chart;
    chart.setReport(reportNamed(QStringLiteral("fits")));
    QCOMPARE(chart.zoomableAxes(), Qt::Orientations(Qt::Vertical));
    const QCPRange x = xRange(chart);
    const QCPRange y = yRange(chart);
    QVERIFY(!chart.isZoomed());

    chart.zoomIn();
    QVERIFY(chart.isZoomed());
    QVERIFY(near(yRange(chart).size(), y.size() / 1.25, kRelative)); // width / 1.25
    QVERIFY(near(yRange(chart).center(), y.center(), kRelative));    // about the centre
    QVERIFY(sameRange(xRange(chart), x));

    chart.zoomOut(); // the inverse: back on the fit, so no longer zoomed
    QVERIFY2(sameRange(yRange(chart), y), describe(yRange(chart), y));
    QVERIFY(!chart.isZoomed());
    chart.zoomOut();
    QVERIFY(near(yRange(chart).size(), y.size() * 1.25, kRelative));
    QVERIFY(chart.isZoomed());
}

void TestChartZoom::zoomOnLogAxes()
{
    // Roofline: both axes log; a zoom step divides the decades shown by 1.25 about the geometric
    // centre, so the ratio upper/lower becomes ratio^(1/1.25).
    widgets::RooflineWidget chart;
    chart.setReport(reportNamed(QStringLiteral("h100-batch1")));
    const QCPRange x = xRange(chart);
    const QCPRange y = yRange(chart);
    const double xDecades = std::log10(x.upper / x.lower);
    const double yDecades = std::log10(y.upper / y.lower);

    chart.zoomIn();
    QVERIFY(near(std::log10(xRange(chart).upper / xRange(chart).lower), xDecades / 1.25, 1e-9));
    QVERIFY(near(std::log10(yRange(chart).upper / yRange(chart).lower), yDecades / 1.25, 1e-9));
    QVERIFY(near(std::sqrt(xRange(chart).lower * xRange(chart).upper), std::sqrt(x.lower * x.upper), 1e-9));
    QVERIFY(xRange(chart).lower > 0);

    chart.zoomOut();
    QVERIFY(near(xRange(chart).lower, x.lower, 1e-9));
    QVERIFY(near(xRange(chart).upper, x.upper, 1e-9));
    QVERIFY(near(yRange(chart).upper, y.upper, 1e-9));
    QVERIFY(!chart.isZoomed());

    chart.zoomOut();
    QVERIFY(near(std::log10(xRange(chart).upper / xRange(chart).lower), xDecades * 1.25, 1e-9));
}

void TestChartZoom::zoomBeforeAnyReportDoesNothing()
{
    widgets::RooflineWidget chart;
    QSignalSpy spy(&chart, &ChartWidget::viewChanged);
    const QCPRange x = xRange(chart);
    chart.zoomIn();
    chart.resetView();
    QVERIFY(!chart.isZoomed());
    QCOMPARE(spy.count(), 0);
    QCOMPARE(xRange(chart), x);
}

void TestChartZoom::resetViewRestoresTheFitExactly()
{
    widgets::RooflineWidget chart;
    showAndLayOut(&chart, chart.plot());
    chart.setReport(reportNamed(QStringLiteral("h100-batch1")));
    const QCPRange x = xRange(chart);
    const QCPRange y = yRange(chart);
    chart.zoomIn();
    chart.zoomIn();
    drag(chart.plot(), axisRectCentre(chart.plot()), axisRectCentre(chart.plot()) + QPointF(-60, 25),
         Qt::LeftButton);
    QVERIFY(chart.isZoomed());
    QVERIFY(xRange(chart) != x);

    QSignalSpy spy(&chart, &ChartWidget::viewChanged);
    chart.resetView();
    QCOMPARE(xRange(chart), x); // exactly: the stored fit, not a zoom undone
    QCOMPARE(yRange(chart), y);
    QVERIFY(!chart.isZoomed());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toBool(), false);
    chart.resetView(); // already fitted: no signal
    QCOMPARE(spy.count(), 1);
}

void TestChartZoom::reportsKeepAZoomedView()
{
    widgets::RooflineWidget chart;
    chart.setReport(reportNamed(QStringLiteral("h100-batch1")));
    chart.zoomIn();
    const QCPRange userX = xRange(chart);
    const QCPRange userY = yRange(chart);

    // Another device (another roof and axis range): the user's view stays.
    const core::Report other = reportNamed(QStringLiteral("fits")); // RTX 4090
    widgets::RooflineWidget fresh;
    fresh.setReport(other);
    QVERIFY(!sameRange(xRange(fresh), userX) || !sameRange(yRange(fresh), userY));
    chart.setReport(other);
    QCOMPARE(xRange(chart), userX);
    QCOMPARE(yRange(chart), userY);
    QVERIFY(chart.isZoomed());
    // Reset goes to the new report's fit.
    chart.resetView();
    QCOMPARE(xRange(chart), xRange(fresh));
    QCOMPARE(yRange(chart), yRange(fresh));

    // Memory bars: the value axis keeps the user's view, the category axis still fits (the first
    // and last of 4 pipeline stages after 1 bar).
    widgets::MemoryBarsWidget bars;
    bars.setReport(reportNamed(QStringLiteral("fits")));
    bars.zoomIn();
    const QCPRange userGb = yRange(bars);
    core::Scenario staged = training(32);
    staged.batch = 64;
    staged.parallelism = core::Parallelism{1, 4, 8, 1};
    const core::Report stagedReport = core::estimate(staged, core::Catalog::builtIn());
    widgets::MemoryBarsWidget freshBars;
    freshBars.setReport(stagedReport);
    bars.setReport(stagedReport);
    QCOMPARE(yRange(bars), userGb);
    QCOMPARE(xRange(bars), xRange(freshBars));
    QVERIFY(xRange(bars).upper > 2.5);
}

void TestChartZoom::reportsRefitAnUnzoomedView()
{
    widgets::RooflineWidget chart;
    chart.setReport(reportNamed(QStringLiteral("h100-batch1")));
    chart.zoomIn();
    chart.resetView();
    const core::Report other = reportNamed(QStringLiteral("fits"));
    chart.setReport(other);
    widgets::RooflineWidget fresh;
    fresh.setReport(other);
    QCOMPARE(xRange(chart), xRange(fresh));
    QCOMPARE(yRange(chart), yRange(fresh));
    QVERIFY(!chart.isZoomed());
}

void TestChartZoom::viewChangedOnlyOnFlips()
{
    widgets::MemoryBarsWidget chart;
    chart.setReport(reportNamed(QStringLiteral("fits")));
    QSignalSpy spy(&chart, &ChartWidget::viewChanged);
    chart.zoomIn();
    chart.zoomIn();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toBool(), true);
    chart.setReport(reportNamed(QStringLiteral("fits"))); // a report changes nothing about it
    QCOMPARE(spy.count(), 1);
    chart.zoomOut();
    chart.zoomOut(); // back on the fit
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toBool(), false);
}

void TestChartZoom::wheelZoomsAboutTheCursor()
{
    widgets::RooflineWidget chart;
    showAndLayOut(&chart, chart.plot());
    chart.setReport(reportNamed(QStringLiteral("h100-batch1")));
    chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCustomPlot* plot = chart.plot();
    const QCPRange x = xRange(chart);
    const QPointF cursor = QRectF(plot->axisRect()->rect()).topLeft() + QPointF(120, 80);
    const double underX = plot->xAxis->pixelToCoord(cursor.x());
    const double underY = plot->yAxis->pixelToCoord(cursor.y());

    QSignalSpy spy(&chart, &ChartWidget::viewChanged);
    wheel(plot, cursor, 2 * 120); // two notches away from the user: in
    QCOMPARE(spy.count(), 1);
    QVERIFY(near(std::log10(xRange(chart).upper / xRange(chart).lower),
                 std::log10(x.upper / x.lower) / (1.25 * 1.25), 1e-9));
    // The point under the cursor stays under it.
    QVERIFY(near(plot->xAxis->pixelToCoord(cursor.x()), underX, 1e-9));
    QVERIFY(near(plot->yAxis->pixelToCoord(cursor.y()), underY, 1e-9));

    wheel(plot, cursor, -2 * 120);
    QVERIFY(!chart.isZoomed());
    // Outside the plot area (on the axis labels) the wheel does nothing.
    wheel(plot, QPointF(3, 3), 120);
    QVERIFY(!chart.isZoomed());
}

void TestChartZoom::dragPansAndClickStaysAClick()
{
    const core::Report report = reportNamed(QStringLiteral("fits"));
    widgets::MemoryBarsWidget chart;
    showAndLayOut(&chart, chart.plot());
    chart.setReport(report);
    chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCustomPlot* plot = chart.plot();
    const QCPRange x = xRange(chart);
    const QCPRange y = yRange(chart);
    QSignalSpy clicks(&chart, &widgets::MemoryBarsWidget::segmentClicked);

    // A click on the weights, with 2 px of jitter: a click, and the view has not moved.
    const auto& m = report.memory.perDevice;
    const double weightsGb =
        (m.overheadBytes() + m.activationsBytes + m.kvCacheBytes + m.weightsBytes / 6) / 1e9;
    const QPointF onWeights(plot->xAxis->coordToPixel(1.0 - 0.2), plot->yAxis->coordToPixel(weightsGb));
    sendMouse(plot, QEvent::MouseButtonPress, onWeights, Qt::LeftButton, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, onWeights + QPointF(1, 1), Qt::NoButton, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, onWeights + QPointF(1, 1), Qt::LeftButton, Qt::NoButton);
    QCOMPARE(clicks.count(), 1);
    QCOMPARE(clicks.at(0).at(0).value<core::MemorySegmentKind>(), core::MemorySegmentKind::Weights);
    QVERIFY(!chart.isZoomed());
    QCOMPARE(yRange(chart), y);

    // A drag from the same place pans the value axis by the dragged distance and clicks nothing.
    const double pixelsPerGb = std::abs(plot->yAxis->coordToPixel(1.0) - plot->yAxis->coordToPixel(0.0));
    drag(plot, onWeights, onWeights + QPointF(30, 40), Qt::LeftButton); // 40 px down: the view moves up
    QCOMPARE(clicks.count(), 1);
    QVERIFY(chart.isZoomed());
    QVERIFY(near(yRange(chart).lower - y.lower, 40 / pixelsPerGb, 1e-9));
    QVERIFY(near(yRange(chart).size(), y.size(), 1e-12));
    QCOMPARE(xRange(chart), x); // categories do not pan

    // The middle button pans as well.
    chart.resetView();
    drag(plot, onWeights, onWeights + QPointF(0, -20), Qt::MiddleButton);
    QVERIFY(near(y.lower - yRange(chart).lower, 20 / pixelsPerGb, 1e-9));
}

void TestChartZoom::designSpaceClickScrubsAndPanIsMiddleOrShift()
{
    const core::Scenario scenario = scenarioNamed(QStringLiteral("fits"));
    widgets::DesignSpaceWidget chart;
    showAndLayOut(&chart, chart.plot());
    chart.setMap(core::designSpaceMap(scenario, core::Catalog::builtIn()));
    chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCustomPlot* plot = chart.plot();
    const QCPRange x = xRange(chart);
    const QCPRange y = yRange(chart);
    QSignalSpy cells(&chart, &widgets::DesignSpaceWidget::cellClicked);

    // Left drag: scrubs through cells as before, the view stays.
    drag(plot, chart.cellCentre(2, 2), chart.cellCentre(6, 2), Qt::LeftButton);
    QVERIFY(cells.count() >= 2);
    QCOMPARE(xRange(chart), x);
    QVERIFY(!chart.isZoomed());

    // Middle drag and Shift+left drag: pan (both axes, linear log2 units), no cell picked.
    cells.clear();
    const double pixelsPerOctave = std::abs(plot->xAxis->coordToPixel(1.0) - plot->xAxis->coordToPixel(0.0));
    drag(plot, chart.cellCentre(4, 4), chart.cellCentre(4, 4) + QPointF(-50, 0), Qt::MiddleButton);
    QCOMPARE(cells.count(), 0);
    QVERIFY(chart.isZoomed());
    QVERIFY(near(xRange(chart).lower - x.lower, 50 / pixelsPerOctave, 1e-9));
    QVERIFY(near(yRange(chart).lower, y.lower, 1e-9));
    chart.resetView();
    drag(plot, chart.cellCentre(4, 4), chart.cellCentre(4, 4) + QPointF(0, 30), Qt::LeftButton,
         Qt::ShiftModifier);
    QCOMPARE(cells.count(), 0);
    QVERIFY(chart.isZoomed());
    QVERIFY(yRange(chart).lower > y.lower);

    // A click still picks its cell, zoomed or not.
    chart.zoomIn();
    const QPointF centre = chart.cellCentre(chart.map().columns() / 2, chart.map().rows() / 2);
    QVERIFY(plot->axisRect()->rect().contains(centre.toPoint()));
    QTest::mouseClick(plot, Qt::LeftButton, {}, (centre + QPointF(4, -4)).toPoint());
    QCOMPARE(cells.count(), 1);
}

// The log axes label decades 10¹⁶ (QCustomPlot's beautiful powers), which it only does when the
// formatted number has a lowercase 'e': Qt 6 formats 1E+16 in en_US and zh_CN. Group separators
// stay; a German locale keeps its own decimal comma.
void TestChartZoom::logTicksStayPowersOfTenInEveryLocale()
{
    widgets::RooflineWidget chart;
    for (const QLocale::Language language : {QLocale::Chinese, QLocale::English}) {
        chart.setLocale(QLocale(language));
        QCOMPARE(QLocale(language).toString(1e16, 'e', 0), QStringLiteral("1E+16"));
        QCOMPARE(chart.plot()->locale().toString(1e16, 'e', 0), QStringLiteral("1e+16"));
        QCOMPARE(chart.plot()->locale().toString(10000.0, 'f', 0), QStringLiteral("10,000"));
    }
    chart.setLocale(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(chart.plot()->locale().decimalPoint(), QStringLiteral(","));
}

QTEST_MAIN(TestChartZoom)
#include "tst_chart_zoom.moc"
