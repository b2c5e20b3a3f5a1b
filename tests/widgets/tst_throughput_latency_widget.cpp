// ThroughputLatencyWidget draws the core::ServingCurve it is given: every point at its two rates,
// the Pareto front as a line through exactly the front's points, the current point ringed and
// labelled, the TPOT target's region from 1 / target rightwards; a click (or the arrow keys and
// Enter) on a point emits its concurrency and split. The curves are made by hand, so the test
// does not depend on the serving model.
#include "chart_scenarios.h"
#include "core/serving/serving.h"
#include "widgets/charts/image_export.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/throughput_latency_widget.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QtTest>

using namespace lhe;
using widgets::ThroughputLatencyWidget;

namespace {

constexpr core::Parallelism kSplitA{1, 1, 1, 1};
constexpr core::Parallelism kSplitB{2, 1, 1, 1};
constexpr double kTpotTarget = 0.025; // 40 tokens/s per user

core::ServingCurvePoint point(core::Parallelism split, long long concurrency, double perUser,
                              double perDevice)
{
    core::ServingCurvePoint p;
    p.split = split;
    p.point.concurrency = concurrency;
    p.point.running = concurrency;
    p.point.outputTokensPerSecondPerUser = perUser;
    p.point.outputTokensPerSecondPerDevice = perDevice;
    p.point.outputTokensPerSecond = perDevice * static_cast<double>(split.product());
    p.point.tpotSeconds = 1.0 / perUser;
    p.point.tpotP90Seconds = 1.2 / perUser;
    p.point.ttftSeconds = 0.05 * static_cast<double>(concurrency);
    p.point.ttftP90Seconds = 0.08 * static_cast<double>(concurrency);
    p.point.meetsTargets = perUser >= 1.0 / kTpotTarget;
    return p;
}

// Two splits, concurrency 1 ... 64 each (indices 0-6 split A, 7-13 split B). The front, by tokens/s
// per user: A64 (15), A32 (35), then every B point from B64 (45) to B1 (150). A32 and A64 miss the
// 25 ms TPOT target (x < 40). The scenario's own point: A8 at (80, 640).
core::ServingCurve handMadeCurve()
{
    core::ServingCurve curve;
    const double a[7][2] = {{100, 100}, {95, 190}, {90, 360}, {80, 640}, {60, 960}, {35, 1500}, {15, 1600}};
    const double b[7][2] = {{150, 75},  {145, 145}, {140, 280}, {130, 520},
                            {110, 880}, {80, 1280}, {45, 1440}};
    for (int i = 0; i < 7; ++i)
        curve.points.push_back(point(kSplitA, 1LL << i, a[i][0], a[i][1]));
    for (int i = 0; i < 7; ++i)
        curve.points.push_back(point(kSplitB, 1LL << i, b[i][0], b[i][1]));
    curve.paretoFront = {6, 5, 13, 12, 11, 10, 9, 8, 7};
    for (const std::size_t i : curve.paretoFront)
        curve.points[i].pareto = true;
    curve.points[3].current = true;
    curve.tpotTargetSeconds = kTpotTarget;
    return curve;
}

struct Shown
{
    ThroughputLatencyWidget widget;

    explicit Shown(const core::ServingCurve& curve, QSize size = {800, 600})
    {
        widget.resize(size);
        widget.setCurve(curve);
        widget.show();
        if (!QTest::qWaitForWindowExposed(&widget))
            qWarning("window not exposed");
        widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
        widget.plot()->replot(QCustomPlot::rpImmediateRefresh); // after the legend wrap settled
    }
};

void sendMouse(QWidget* target, QEvent::Type type, QPointF position, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, position, target->mapToGlobal(position), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
}

} // namespace

class TestThroughputLatencyWidget : public QObject
{
    Q_OBJECT

private slots:
    void paretoLineHasExactlyTheFrontInXOrder();
    void currentPointIsAtItsRatesAndLabelled();
    void sloRegionStartsAtOneOverTpotTarget();
    void clickOnAPointEmitsItsConcurrencyAndSplit();
    void arrowKeysWalkThePointsAndEnterPicks();
    void tooltipNamesTheFigures();
    void missedTargetsAreHollowGreyAndInTheLegend();
    void axesAreLogOnlyWhereValuesSpanDecades();
    void emptyCurveShowsItsMessage();
    void labelsStayInsideAndApart_data();
    void labelsStayInsideAndApart();
    void rendersPngs();
};

void TestThroughputLatencyWidget::paretoLineHasExactlyTheFrontInXOrder()
{
    Shown shown(handMadeCurve());
    const QCPGraph* front = shown.widget.paretoGraph();
    QCOMPARE(front->lineStyle(), QCPGraph::lsLine);
    const double keys[] = {15, 35, 45, 80, 110, 130, 140, 145, 150};
    const double values[] = {1600, 1500, 1440, 1280, 880, 520, 280, 145, 75};
    QCOMPARE(front->data()->size(), 9);
    for (int i = 0; i < 9; ++i) {
        QCOMPARE(front->data()->at(i)->key, keys[i]);
        QCOMPARE(front->data()->at(i)->value, values[i]);
    }
    // Only the listed points: a front of two draws a line of two.
    core::ServingCurve curve = handMadeCurve();
    curve.paretoFront = {5, 7};
    shown.widget.setCurve(curve);
    QCOMPARE(front->data()->size(), 2);
    QCOMPARE(front->data()->at(0)->key, 35.0);
    QCOMPARE(front->data()->at(1)->key, 150.0);
}

void TestThroughputLatencyWidget::currentPointIsAtItsRatesAndLabelled()
{
    Shown shown(handMadeCurve());
    const QCPGraph* current = shown.widget.currentPointGraph();
    QCOMPARE(current->data()->size(), 1);
    QCOMPARE(current->data()->at(0)->key, 80.0);
    QCOMPARE(current->data()->at(0)->value, 640.0);
    const QCPItemText* label = shown.widget.currentLabel();
    QVERIFY(label->visible());
    QVERIFY2(label->text().contains(QStringLiteral("concurrency 8")), qPrintable(label->text()));
    // Its ring is where the point is.
    const QPointF pixel = shown.widget.pointPixel(3);
    QCOMPARE(shown.widget.plot()->xAxis->coordToPixel(80), pixel.x());
    QCOMPARE(shown.widget.plot()->yAxis->coordToPixel(640), pixel.y());
    // No current point: no ring, no label.
    core::ServingCurve curve = handMadeCurve();
    curve.points[3].current = false;
    shown.widget.setCurve(curve);
    shown.widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(current->data()->size(), 0);
    QVERIFY(!shown.widget.currentLabel()->visible());
}

void TestThroughputLatencyWidget::sloRegionStartsAtOneOverTpotTarget()
{
    Shown shown(handMadeCurve());
    const QCPItemRect* region = shown.widget.sloRegion();
    QVERIFY(region->visible());
    QCOMPARE(region->topLeft->key(), 1.0 / kTpotTarget);
    QCOMPARE(region->topLeft->pixelPosition().x(), shown.widget.plot()->xAxis->coordToPixel(40));
    // To the right edge of the plot area, top to bottom.
    const QRect area = shown.widget.plot()->axisRect()->rect();
    QCOMPARE(qRound(region->bottomRight->pixelPosition().x()), area.right() + 1);
    QCOMPARE(qRound(region->topLeft->pixelPosition().y()), area.top());
    QVERIFY(shown.widget.sloLabel()->visible());
    QVERIFY2(shown.widget.sloLabel()->text().startsWith(QStringLiteral("meets TPOT target")),
             qPrintable(shown.widget.sloLabel()->text()));
    // Left of the label's box is the boundary, so the label sits in the region.
    QVERIFY(ThroughputLatencyWidget::labelRect(shown.widget.sloLabel()).left() >=
            region->topLeft->pixelPosition().x());
    // A target every point meets still shows its region, inside the axes.
    core::ServingCurve curve = handMadeCurve();
    curve.tpotTargetSeconds = 0.2;
    shown.widget.setCurve(curve);
    QCOMPARE(region->topLeft->key(), 5.0);
    QVERIFY(shown.widget.plot()->xAxis->range().contains(5.0));
    // A target beyond every point: the region starts inside the axes too, with room right of it.
    curve.tpotTargetSeconds = 0.002;
    shown.widget.setCurve(curve);
    QVERIFY(shown.widget.plot()->xAxis->range().upper > 500);
    // No TPOT target: no region.
    curve.tpotTargetSeconds.reset();
    shown.widget.setCurve(curve);
    QVERIFY(!region->visible());
    shown.widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(!shown.widget.sloLabel()->visible());
}

void TestThroughputLatencyWidget::clickOnAPointEmitsItsConcurrencyAndSplit()
{
    const core::ServingCurve curve = handMadeCurve();
    Shown shown(curve);
    QSignalSpy spy(&shown.widget, &ThroughputLatencyWidget::concurrencyPicked);
    for (const std::size_t index :
         {std::size_t{0}, std::size_t{3}, std::size_t{6}, std::size_t{9}, std::size_t{13}}) {
        const QPoint pixel = shown.widget.pointPixel(index).toPoint();
        QTest::mouseClick(shown.widget.plot(), Qt::LeftButton, {}, pixel);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toLongLong(), curve.points[index].point.concurrency);
        QCOMPARE(spy.at(0).at(1).value<core::Parallelism>(), curve.points[index].split);
        QCOMPARE(shown.widget.selectedIndex(), static_cast<int>(index));
        spy.clear();
    }
    // Off every point, or a drag that pans, emits nothing.
    const QRect area = shown.widget.plot()->axisRect()->rect();
    QTest::mouseClick(shown.widget.plot(), Qt::LeftButton, {}, area.topRight() + QPoint(-3, 3));
    QCOMPARE(spy.count(), 0);
    const QPointF start = shown.widget.pointPixel(0);
    sendMouse(shown.widget.plot(), QEvent::MouseButtonPress, start, Qt::LeftButton);
    sendMouse(shown.widget.plot(), QEvent::MouseMove, start + QPointF(40, 0), Qt::LeftButton);
    sendMouse(shown.widget.plot(), QEvent::MouseButtonRelease, start + QPointF(40, 0), Qt::NoButton);
    QCOMPARE(spy.count(), 0);
}

void TestThroughputLatencyWidget::arrowKeysWalkThePointsAndEnterPicks()
{
    const core::ServingCurve curve = handMadeCurve();
    Shown shown(curve);
    QSignalSpy spy(&shown.widget, &ThroughputLatencyWidget::concurrencyPicked);
    QVERIFY(shown.widget.plot()->focusPolicy() & Qt::TabFocus);
    shown.widget.setFocus();
    QCOMPARE(shown.widget.selectedIndex(), -1);
    // The first arrow starts at the current point (A8 at x 80), the next one moves right: B32 (also
    // at 80, more tokens/s per device), then A4 (90).
    QTest::keyClick(shown.widget.plot(), Qt::Key_Right);
    QCOMPARE(shown.widget.selectedIndex(), 3);
    QTest::keyClick(shown.widget.plot(), Qt::Key_Right);
    QCOMPARE(shown.widget.selectedIndex(), 12);
    QTest::keyClick(shown.widget.plot(), Qt::Key_Right);
    QCOMPARE(shown.widget.selectedIndex(), 2);
    QTest::keyClick(shown.widget.plot(), Qt::Key_Left);
    QCOMPARE(shown.widget.selectedIndex(), 12);
    QCOMPARE(spy.count(), 0);
    QTest::keyClick(shown.widget.plot(), Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toLongLong(), 32LL);
    QCOMPARE(spy.at(0).at(1).value<core::Parallelism>(), kSplitB);
    // Up climbs by tokens/s per device: from B32 (1280) to B64 (1440); End is the rightmost point.
    QTest::keyClick(shown.widget.plot(), Qt::Key_Up);
    QCOMPARE(shown.widget.selectedIndex(), 13);
    QTest::keyClick(shown.widget.plot(), Qt::Key_End);
    QCOMPARE(shown.widget.selectedIndex(), 7);
    QTest::keyClick(shown.widget.plot(), Qt::Key_Escape);
    QCOMPARE(shown.widget.selectedIndex(), -1);
}

void TestThroughputLatencyWidget::tooltipNamesTheFigures()
{
    Shown shown(handMadeCurve());
    const QString text = shown.widget.pointDescription(12); // B32
    for (const char* part :
         {"Concurrency 32", "tensor 2 × pipeline 1 × data 1", "TTFT users see 1.6 s (p90 2.56 s)",
          "TPOT users see 12.5 ms (p90 15 ms)", "80 output tokens/s per user",
          "1,280 output tokens/s per device", "Meets the latency targets", "Pareto front"})
        QVERIFY2(text.contains(QString::fromUtf8(part)),
                 qPrintable(QString::fromUtf8(part) + QStringLiteral(" in ") + text));
    QVERIFY(shown.widget.pointDescription(6).contains(QStringLiteral("Misses the latency targets")));
    QVERIFY(shown.widget.pointDescription(99).isEmpty());
    sendMouse(shown.widget.plot(), QEvent::MouseMove, shown.widget.pointPixel(12) + QPointF(2, 1),
              Qt::NoButton);
    QCOMPARE(shown.widget.plot()->toolTip(), text);
    sendMouse(shown.widget.plot(), QEvent::MouseMove, QPointF(2, 2), Qt::NoButton);
    QVERIFY(shown.widget.plot()->toolTip().isEmpty());
}

void TestThroughputLatencyWidget::missedTargetsAreHollowGreyAndInTheLegend()
{
    Shown shown(handMadeCurve());
    QStringList names;
    QCPLegend* legend = shown.widget.plot()->legend;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            names << item->plottable()->name();
    }
    QCOMPARE(names, QStringList({QStringLiteral("TP 1 · PP 1 · DP 1"), QStringLiteral("TP 2 · PP 1 · DP 1"),
                                 QStringLiteral("Misses latency targets"), QStringLiteral("Pareto front")}));
    // The two missing points (A32, A64) sit in a graph of their own whose markers are hollow.
    int hollowPoints = 0;
    for (int i = 0; i < shown.widget.plot()->graphCount(); ++i) {
        QCPGraph* graph = shown.widget.plot()->graph(i);
        const QCPScatterStyle style = graph->scatterStyle();
        if (graph->data()->isEmpty() || style.isNone() ||
            style.brush().color() != shown.widget.palette().color(QPalette::Base))
            continue;
        if (style.size() < 12) // the rings are larger and unfilled
            hollowPoints += graph->data()->size();
    }
    QCOMPARE(hollowPoints, 2);
    // One split: one entry saying what the points are.
    core::ServingCurve curve = handMadeCurve();
    curve.points.resize(7);
    curve.paretoFront = {6, 5, 4, 3, 0};
    shown.widget.setCurve(curve);
    QVERIFY(legend->item(0));
    auto* first = qobject_cast<QCPPlottableLegendItem*>(legend->item(0));
    QVERIFY(first && first->plottable()->name().startsWith(QStringLiteral("Concurrency 1, 2, 4")));
}

void TestThroughputLatencyWidget::axesAreLogOnlyWhereValuesSpanDecades()
{
    Shown shown(handMadeCurve());
    QCOMPARE(shown.widget.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(shown.widget.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    for (const std::size_t i : {std::size_t{0}, std::size_t{6}, std::size_t{7}}) {
        QVERIFY(shown.widget.plot()->xAxis->range().contains(
            handMadeCurve().points[i].point.outputTokensPerSecondPerUser));
        QVERIFY(shown.widget.plot()->yAxis->range().contains(
            handMadeCurve().points[i].point.outputTokensPerSecondPerDevice));
    }
    core::ServingCurve narrow;
    narrow.points = {point(kSplitA, 1, 50, 300), point(kSplitA, 2, 45, 560), point(kSplitA, 4, 40, 800)};
    narrow.paretoFront = {2, 1, 0};
    shown.widget.setCurve(narrow);
    QCOMPARE(shown.widget.plot()->xAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(shown.widget.plot()->yAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(shown.widget.plot()->yAxis->range().lower, 0.0);
}

void TestThroughputLatencyWidget::emptyCurveShowsItsMessage()
{
    ThroughputLatencyWidget widget;
    QVERIFY(!widget.hasCurve());
    QCOMPARE(widget.messageText(), QStringLiteral("Serving needs inference with output tokens"));
    widget.setCurve(handMadeCurve());
    QVERIFY(widget.hasCurve());
    QVERIFY(widget.messageText().isEmpty());
    widget.setCurve(core::ServingCurve{}); // training, or prefill only
    QVERIFY(!widget.hasCurve());
    QCOMPARE(widget.messageText(), QStringLiteral("Serving needs inference with output tokens"));
    QCOMPARE(widget.paretoGraph()->data()->size(), 0);
    QCOMPARE(widget.currentPointGraph()->data()->size(), 0);
    QVERIFY(!widget.sloRegion()->visible());
    QVERIFY(widget.pointDescription(0).isEmpty());
    QSignalSpy spy(&widget, &ThroughputLatencyWidget::concurrencyPicked);
    widget.resize(500, 400);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(ThroughputLatencyWidget::labelRect(widget.currentLabel()).isEmpty());
    QVERIFY(ThroughputLatencyWidget::labelRect(widget.sloLabel()).isEmpty());
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {}, widget.plot()->rect().center());
    QTest::keyClick(widget.plot(), Qt::Key_Right);
    QTest::keyClick(widget.plot(), Qt::Key_Return);
    QCOMPARE(spy.count(), 0);
    widget.clear(QStringLiteral("device: unknown id"));
    QCOMPARE(widget.messageText(), QStringLiteral("device: unknown id"));
}

void TestThroughputLatencyWidget::labelsStayInsideAndApart_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1024x768") << QSize(1024, 768);
    QTest::newRow("640x480") << QSize(640, 480);
    QTest::newRow("minimum") << QSize(320, 260);
}

void TestThroughputLatencyWidget::labelsStayInsideAndApart()
{
    QFETCH(QSize, size);
    for (const double tpot : {kTpotTarget, 0.009, 0.0069, 0.1}) {
        core::ServingCurve curve = handMadeCurve();
        curve.tpotTargetSeconds = tpot;
        Shown shown(curve, size);
        const QRectF plot = shown.widget.plot()->rect();
        const QRectF area = shown.widget.plot()->axisRect()->rect();
        const QRectF current = ThroughputLatencyWidget::labelRect(shown.widget.currentLabel());
        const QRectF slo = ThroughputLatencyWidget::labelRect(shown.widget.sloLabel());
        QVERIFY(!current.isEmpty() && !slo.isEmpty());
        for (const QRectF& box : {current, slo}) {
            QVERIFY2(plot.contains(box) && area.adjusted(-1, -1, 1, 1).contains(box),
                     qPrintable(QStringLiteral("%1,%2 %3x%4")
                                    .arg(box.x())
                                    .arg(box.y())
                                    .arg(box.width())
                                    .arg(box.height())));
        }
        QVERIFY2(!current.intersects(slo), qPrintable(shown.widget.currentLabel()->text()));
        // At full size neither label covers a marker.
        if (size.width() >= 1024) {
            for (std::size_t i = 0; i < curve.points.size(); ++i) {
                const QPointF p = shown.widget.pointPixel(i);
                QVERIFY2(!current.contains(p) && !slo.contains(p), qPrintable(QString::number(i)));
            }
        }
    }
}

void TestThroughputLatencyWidget::rendersPngs()
{
    // LHE_SHOT_DIR=/tmp/widget-shots keeps the images for a look.
    // The 25 ms target, a 9 ms one (its region right of most points), a 6.9 ms one (a region too
    // narrow for its label) and, at the minimum size, a 100 ms one (everything meets it).
    const std::array<std::pair<QSize, double>, 5> cases{{{QSize(1024, 768), kTpotTarget},
                                                         {QSize(480, 360), kTpotTarget},
                                                         {QSize(1024, 768), 0.009},
                                                         {QSize(640, 480), 0.0069},
                                                         {QSize(320, 260), 0.1}}};
    for (const auto& [size, tpot] : cases) {
        core::ServingCurve curve = handMadeCurve();
        curve.tpotTargetSeconds = tpot;
        Shown shown(curve, size);
        QByteArray bytes;
        QString error;
        QVERIFY2(widgets::renderWidget(&shown.widget, widgets::ImageFormat::Png, size, 1.0, &bytes, &error),
                 qPrintable(error));
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.size(), size);
        QVERIFY(test::distinctColours(image) > 6);
        const QString shots = qEnvironmentVariable("LHE_SHOT_DIR");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            QFile file(QStringLiteral("%1/throughput-latency-tpot%2ms-%3x%4.png")
                           .arg(shots)
                           .arg(tpot * 1000)
                           .arg(size.width())
                           .arg(size.height()));
            QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
        }
    }
    ThroughputLatencyWidget empty;
    empty.resize(640, 480);
    empty.show();
    QVERIFY(QTest::qWaitForWindowExposed(&empty));
    empty.plot()->replot(QCustomPlot::rpImmediateRefresh);
    // The message in the middle of a full-width plot area.
    QVERIFY(empty.plot()->axisRect()->rect().width() > 500);
    QByteArray bytes;
    QString error;
    QVERIFY(widgets::renderWidget(&empty, widgets::ImageFormat::Png, QSize(640, 480), 1.0, &bytes, &error));
    const QString shots = qEnvironmentVariable("LHE_SHOT_DIR");
    if (!shots.isEmpty()) {
        QFile file(shots + QStringLiteral("/throughput-latency-empty-640x480.png"));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
    }
}

QTEST_MAIN(TestThroughputLatencyWidget)
#include "tst_throughput_latency_widget.moc"
