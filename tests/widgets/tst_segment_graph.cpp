// SegmentGraph: a one-segment graph drawn as a line must look as QCustomPlot's own graph draws it
// (a polyline): the same pixels inked, dashes where the polyline has them, for the pens the
// roofline uses. Beyond one segment, and in vector output, it is QCPGraph itself.
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/segment_graph.h"

#include <QImage>
#include <QtTest>
#include <cstdlib>
#include <functional>

using lhe::widgets::SegmentGraph;

namespace {

// The graph drawn alone on a white plot, with antialiasing (the roofline's).
QImage drawn(const std::function<QCPGraph*(QCustomPlot&)>& make, const QPen& pen, const QVector<double>& keys,
             const QVector<double>& values)
{
    QCustomPlot plot;
    plot.resize(320, 220);
    plot.setAntialiasedElements(QCP::aePlottables);
    for (QCPAxis* axis : plot.axisRect()->axes()) {
        axis->setVisible(false);
        axis->grid()->setVisible(false);
    }
    plot.axisRect()->setAutoMargins(QCP::msNone);
    plot.axisRect()->setMargins(QMargins(10, 10, 10, 10));
    plot.xAxis->setRange(0, 100);
    plot.yAxis->setRange(0, 100);
    QCPGraph* graph = make(plot);
    graph->setPen(pen);
    graph->setData(keys, values);
    return plot.toPixmap(320, 220).toImage().convertToFormat(QImage::Format_Grayscale8);
}

struct Difference
{
    double inkRatio = 0;     // the segment's ink over the polyline's (ink: 255 - grey, summed)
    double misplacedInk = 0; // the ink where the two differ, pixel by pixel, over the polyline's
};

Difference compare(const QImage& segment, const QImage& polyline)
{
    double inkSegment = 0;
    double inkPolyline = 0;
    double misplaced = 0;
    for (int y = 0; y < polyline.height(); ++y) {
        const uchar* a = segment.constScanLine(y);
        const uchar* b = polyline.constScanLine(y);
        for (int x = 0; x < polyline.width(); ++x) {
            inkSegment += 255 - a[x];
            inkPolyline += 255 - b[x];
            misplaced += std::abs(a[x] - b[x]);
        }
    }
    return {inkSegment / inkPolyline, misplaced / inkPolyline};
}

} // namespace

class TestSegmentGraph : public QObject
{
    Q_OBJECT

private slots:
    void looksAsThePolyline_data()
    {
        QTest::addColumn<QPen>("pen");
        QTest::addColumn<QVector<double>>("keys");
        QTest::addColumn<QVector<double>>("values");
        const QVector<double> across{5, 95};
        const QVector<double> level{60, 60};
        const QVector<double> slope{5, 70};
        const QVector<double> rising{10, 90};
        // The roofline's pens at scale 1: active ceiling and slope, inactive ceiling, links.
        QTest::newRow("solid 2.5, level") << QPen(Qt::black, 2.5) << across << level;
        QTest::newRow("solid 2.5, slope") << QPen(Qt::black, 2.5) << slope << rising;
        QTest::newRow("dashed 1.2, level") << QPen(Qt::black, 1.2, Qt::DashLine) << across << level;
        QTest::newRow("dashed 2, slope") << QPen(Qt::black, 2, Qt::DashLine) << slope << rising;
        QTest::newRow("dotted 2, level") << QPen(Qt::black, 2, Qt::DotLine) << across << level;
        QTest::newRow("dashed 3, presentation") << QPen(Qt::black, 3, Qt::DashLine) << across << level;
    }

    void looksAsThePolyline()
    {
        QFETCH(QPen, pen);
        QFETCH(QVector<double>, keys);
        QFETCH(QVector<double>, values);
        const QImage segment =
            drawn([](QCustomPlot& p) { return new SegmentGraph(p.xAxis, p.yAxis); }, pen, keys, values);
        const QImage polyline = drawn([](QCustomPlot& p) { return p.addGraph(); }, pen, keys, values);
        const Difference d = compare(segment, polyline);
        // As much ink within 3 %, and in the same pixels up to antialiasing (measured: at most
        // 1.3 % of it elsewhere; dashes a third of a period off put 39 % elsewhere).
        QVERIFY2(d.inkRatio > 0.97 && d.inkRatio < 1.03, qPrintable(QString::number(d.inkRatio)));
        QVERIFY2(d.misplacedInk < 0.05, qPrintable(QString::number(d.misplacedInk)));
    }

    // The comparison can fail: dashes a third of a period off (two pen widths of the six a
    // dash and its gap take) miss the polyline's dashes.
    void theComparisonSeesAShiftedDash()
    {
        QPen dashed(Qt::black, 2, Qt::DashLine);
        const QImage polyline = drawn([](QCustomPlot& p) { return p.addGraph(); }, dashed, {5, 95}, {60, 60});
        dashed.setDashOffset(2);
        const QImage shifted = drawn([](QCustomPlot& p) { return p.addGraph(); }, dashed, {5, 95}, {60, 60});
        QVERIFY(compare(shifted, polyline).misplacedInk > 0.3);
    }

    // A line of more than one segment keeps QCustomPlot's polyline (its joins): the same pixels.
    void moreSegmentsAreThePolyline()
    {
        const QPen pen(Qt::black, 2.5);
        const QVector<double> keys{5, 50, 95};
        const QVector<double> values{10, 70, 70};
        const QImage segment =
            drawn([](QCustomPlot& p) { return new SegmentGraph(p.xAxis, p.yAxis); }, pen, keys, values);
        QCOMPARE(segment, drawn([](QCustomPlot& p) { return p.addGraph(); }, pen, keys, values));
    }
};

QTEST_MAIN(TestSegmentGraph)
#include "tst_segment_graph.moc"
