// RooflineWidget draws core::rooflineChart(report): operating points, ceilings, slopes, ridge
// and log axes are checked against the report the real estimator produces.
#include "chart_scenarios.h"
#include "core/charts/chart_data.h"
#include "core/estimate/estimator.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/decade_ticker.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/charts/spaced_tick_labels.h"

#include <QImage>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace lhe;
using namespace lhe::test;
using core::RooflinePhase;

namespace {

const QStringList& allScenarioNames()
{
    static const QStringList names = {
        QStringLiteral("fits"),        QStringLiteral("host-ram"),        QStringLiteral("disk"),
        QStringLiteral("h100-batch1"), QStringLiteral("training-1xh100"), QStringLiteral("training-8xh100")};
    return names;
}

bool contains(const QCPRange& range, double value)
{
    return value >= range.lower && value <= range.upper;
}

const core::PhaseEstimate* phaseOf(const core::Report& report, RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return report.prefill ? &*report.prefill : nullptr;
    case RooflinePhase::Decode:
        return report.decode ? &*report.decode : nullptr;
    case RooflinePhase::TrainingStep:
        return report.training ? &report.training->step : nullptr;
    }
    return nullptr;
}

constexpr RooflinePhase kPhases[] = {RooflinePhase::Prefill, RooflinePhase::Decode,
                                     RooflinePhase::TrainingStep};

} // namespace

class TestRooflineWidget : public QObject
{
    Q_OBJECT

private slots:
    void pointsSitAtReportFigures_data();
    void pointsSitAtReportFigures();
    void logAxesContainEveryPoint_data();
    void logAxesContainEveryPoint();
    void linesFollowReport_data();
    void linesFollowReport();
    void idealPointBesideEveryCalibratedPoint();
    void secondReportMovesPointsWithoutNewPlottables();
    void stepReplotsDrawWhatAFullReplotDraws();
    void aCeilingItsLabelLeavesIsRedrawnWithTheLabels();
    void clickOnPointEmitsPhase();
    void labelsStayInsidePlot_data();
    void labelsStayInsidePlot();
    void summaryAndFonts();
    void axisLabelsShareOneNumberStyle();
    void tickLabelsKeepEveryNthThatFits_data();
    void tickLabelsKeepEveryNthThatFits();
    void followsPaletteChange();
    void rendersNonBlankPng_data();
    void rendersNonBlankPng();
};

void TestRooflineWidget::pointsSitAtReportFigures_data()
{
    QTest::addColumn<QString>("scenario");
    for (const QString& name : allScenarioNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestRooflineWidget::pointsSitAtReportFigures()
{
    QFETCH(QString, scenario);
    const core::Report report = reportNamed(scenario);
    widgets::RooflineWidget widget;
    widget.setReport(report);

    int points = 0;
    for (RooflinePhase phase : kPhases) {
        QCPGraph* graph = widget.pointGraph(phase);
        QVERIFY(graph);
        const core::PhaseEstimate* estimate = phaseOf(report, phase);
        if (!estimate) {
            QVERIFY(graph->data()->isEmpty());
            QVERIFY(!graph->visible());
            continue;
        }
        ++points;
        QCOMPARE(graph->data()->size(), 1);
        // Relative 1e-12: the same double passed through the chart struct.
        // The point's intensity counts the bytes of the resource that bounds it (core/estimate/report.h).
        QVERIFY2(near(graph->data()->at(0)->key, estimate->pointIntensity, 1e-12),
                 qPrintable(widgets::phaseName(phase)));
        // The filled point is the calibrated estimate: FLOPs over its time.
        QVERIFY(near(graph->data()->at(0)->value, estimate->achievedFlopsPerSecond, 1e-12));
        QVERIFY(graph->visible());
        QCOMPARE(graph->scatterStyle().brush().color(), widgets::phaseColor(phase));
    }
    QVERIFY(points > 0);
    QCOMPARE(points, static_cast<int>(core::rooflineChart(report).points.size()));
    // Distinct shapes per phase: circle, square, triangle.
    QCOMPARE(widget.pointGraph(RooflinePhase::Prefill)->scatterStyle().shape(), QCPScatterStyle::ssCircle);
    QCOMPARE(widget.pointGraph(RooflinePhase::Decode)->scatterStyle().shape(), QCPScatterStyle::ssSquare);
    QCOMPARE(widget.pointGraph(RooflinePhase::TrainingStep)->scatterStyle().shape(),
             QCPScatterStyle::ssTriangle);
}

void TestRooflineWidget::logAxesContainEveryPoint_data()
{
    pointsSitAtReportFigures_data();
}

void TestRooflineWidget::logAxesContainEveryPoint()
{
    QFETCH(QString, scenario);
    const core::Report report = reportNamed(scenario);
    const core::RooflineChart chart = core::rooflineChart(report);
    widgets::RooflineWidget widget;
    widget.setReport(report);

    QCPAxis* x = widget.plot()->xAxis;
    QCPAxis* y = widget.plot()->yAxis;
    QCOMPARE(x->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(y->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(!x->ticker().dynamicCast<QCPAxisTickerLog>().isNull());
    QVERIFY(!y->ticker().dynamicCast<QCPAxisTickerLog>().isNull());
    QCOMPARE(x->range().lower, chart.xMin);
    QCOMPARE(x->range().upper, chart.xMax);
    QCOMPARE(y->range().lower, chart.yMin);
    QCOMPARE(y->range().upper, chart.yMax);
    QVERIFY(x->label().contains(QLatin1String("FLOP/byte")));
    QVERIFY(y->label().contains(QLatin1String("FLOP/s")));
    for (const core::RooflinePoint& p : chart.points) {
        QVERIFY(contains(x->range(), p.intensity));
        QVERIFY(contains(y->range(), p.attainableFlopsPerSecond));
        QVERIFY(contains(y->range(), p.achievedFlopsPerSecond));
    }
    QVERIFY(contains(x->range(), report.roofline.ridgeIntensity));
    QVERIFY(contains(y->range(), report.roofline.peakFlopsPerSecond));
}

void TestRooflineWidget::linesFollowReport_data()
{
    pointsSitAtReportFigures_data();
}

void TestRooflineWidget::linesFollowReport()
{
    QFETCH(QString, scenario);
    const core::Report report = reportNamed(scenario);
    const core::RooflineInfo& roof = report.roofline;
    widgets::RooflineWidget widget;
    widget.setReport(report);

    // One ceiling per precision the device supports, horizontal at its peak; the scenario's
    // precision solid and thicker, the others dashed.
    const std::vector<QCPGraph*> ceilings = widget.ceilingGraphs();
    QCOMPARE(ceilings.size(), roof.ceilings.size());
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
        QCPGraph* graph = ceilings[i];
        QCOMPARE(graph->data()->size(), 2);
        QVERIFY(graph->data()->at(0)->value == roof.ceilings[i].flopsPerSecond);
        QVERIFY(graph->data()->at(1)->value == roof.ceilings[i].flopsPerSecond);
        const bool active = roof.ceilings[i].precision == roof.peakPrecision;
        QCOMPARE(graph->pen().style(), active ? Qt::SolidLine : Qt::DashLine);
        if (!active)
            QVERIFY(graph->pen().widthF() < widget.memorySlopeGraph()->pen().widthF());
    }

    // Memory slope: y / x is the memory bandwidth (relative 1e-12).
    QCPGraph* slope = widget.memorySlopeGraph();
    QCOMPARE(slope->data()->size(), 2);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(near(slope->data()->at(i)->value / slope->data()->at(i)->key,
                     roof.memoryBandwidthBytesPerSecond, 1e-12));
    }

    // Host link only when the report offloads.
    const bool offloads = report.memory.offloadedBytes > 0;
    QCOMPARE(widget.hostLinkGraph()->visible(), offloads);
    if (offloads) {
        QCPGraph* host = widget.hostLinkGraph();
        QCOMPARE(host->data()->size(), 2);
        QVERIFY(
            near(host->data()->at(0)->value / host->data()->at(0)->key, roof.hostLinkBytesPerSecond, 1e-12));
        QCOMPARE(host->pen().style(), Qt::DashLine);
    } else {
        QVERIFY(widget.hostLinkGraph()->data()->isEmpty());
    }

    // Ridge marker at (peak / bandwidth, peak).
    QVERIFY(widget.ridgeMarker()->visible());
    QVERIFY(near(widget.ridgeMarker()->position->coords().x(), roof.ridgeIntensity, 1e-12));
    QVERIFY(near(widget.ridgeMarker()->position->coords().y(), roof.peakFlopsPerSecond, 1e-12));
}

void TestRooflineWidget::idealPointBesideEveryCalibratedPoint()
{
    for (const QString& name : allScenarioNames()) {
        const core::Report report = reportNamed(name);
        widgets::RooflineWidget widget;
        widget.setReport(report);
        for (const core::RooflinePoint& p : core::rooflineChart(report).points) {
            QCPGraph* ideal = widget.idealGraph(p.phase);
            QVERIFY(ideal->visible());
            QCOMPARE(ideal->data()->size(), 1);
            QVERIFY(ideal->data()->at(0)->key == p.intensity);
            const core::PhaseEstimate* idealPhase = p.phase == RooflinePhase::Prefill ? &*report.ideal.prefill
                                                    : p.phase == RooflinePhase::Decode
                                                        ? &*report.ideal.decode
                                                        : &report.ideal.training->step;
            QVERIFY(ideal->data()->at(0)->value == idealPhase->achievedFlopsPerSecond);
            // Datasheet peaks are never slower than the calibrated estimate.
            QVERIFY(ideal->data()->at(0)->value >= widget.pointGraph(p.phase)->data()->at(0)->value);
            // Same shape, hollow.
            QCOMPARE(ideal->scatterStyle().shape(), widget.pointGraph(p.phase)->scatterStyle().shape());
            QVERIFY(ideal->scatterStyle().brush().color() != widgets::phaseColor(p.phase));
        }
    }
}

void TestRooflineWidget::secondReportMovesPointsWithoutNewPlottables()
{
    widgets::RooflineWidget widget;
    widget.resize(800, 500);
    const core::Report first = reportNamed(QStringLiteral("h100-batch1"));
    widget.setReport(first);
    widget.plot()->replot();
    const int plottables = widget.plot()->plottableCount();
    const int items = widget.plot()->itemCount();
    QCPGraph* decode = widget.pointGraph(RooflinePhase::Decode);

    // Another device: points move, the host link appears, nothing of the H100 stays.
    const core::Report second = reportNamed(QStringLiteral("disk"));
    widget.setReport(second);
    widget.plot()->replot();
    QCOMPARE(widget.pointGraph(RooflinePhase::Decode), decode);
    QCOMPARE(decode->data()->size(), 1);
    QVERIFY(decode->data()->at(0)->key == second.decode->pointIntensity);
    QVERIFY(decode->data()->at(0)->value == second.decode->achievedFlopsPerSecond);
    QVERIFY(decode->data()->at(0)->value != first.decode->achievedFlopsPerSecond);
    QCOMPARE(widget.ceilingGraphs().size(), second.roofline.ceilings.size());
    QVERIFY(widget.hostLinkGraph()->visible());

    // Training on the H100: no inference points left over.
    widget.setReport(reportNamed(QStringLiteral("training-8xh100")));
    QVERIFY(widget.pointGraph(RooflinePhase::Decode)->data()->isEmpty());
    QVERIFY(widget.pointGraph(RooflinePhase::Prefill)->data()->isEmpty());
    QCOMPARE(widget.pointGraph(RooflinePhase::TrainingStep)->data()->size(), 1);
    QVERIFY(!widget.hostLinkGraph()->visible());

    // Back to the first report, repeatedly: the same number of plottables and items.
    for (int i = 0; i < 3; ++i) {
        widget.setReport(second);
        widget.setReport(first);
    }
    widget.plot()->replot();
    QCOMPARE(widget.plot()->plottableCount(), plottables);
    QCOMPARE(widget.plot()->itemCount(), items);
    QVERIFY(decode->data()->at(0)->key == first.decode->arithmeticIntensity);
}

// A slider step redraws only the labels and markers when the axes, grid and lines stay the same
// (ChartWidget::setStepLayers). Whatever path a report takes, the chart on screen must be the
// one a full replot draws: batch steps (points move, roofs stay), then another device, a spill
// to host RAM (a new link line) and back.
void TestRooflineWidget::stepReplotsDrawWhatAFullReplotDraws()
{
    widgets::RooflineWidget widget;
    widget.resize(800, 500);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    std::vector<core::Scenario> steps;
    for (long long batch = 1; batch <= 12; ++batch)
        steps.push_back(inference("nvidia-h100-sxm", "llama-3.1-8b", batch, 1024));
    steps.push_back(scenarioNamed(QStringLiteral("fits")));
    steps.push_back(scenarioNamed(QStringLiteral("host-ram")));
    steps.push_back(scenarioNamed(QStringLiteral("fits")));
    steps.push_back(inference("nvidia-h100-sxm", "llama-3.1-8b", 13, 1024));
    const StepReplotCheck check = checkStepReplots(widget.plot(), steps.size(), [&](std::size_t i) {
        widget.setReport(core::estimate(steps[i], core::Catalog::builtIn()));
    });
    QVERIFY2(check.firstMismatch < 0,
             qPrintable(QStringLiteral("step %1 differs from a full replot").arg(check.firstMismatch)));
    // Most batch steps keep the frame: had none taken the short path, this test would test nothing.
    QVERIFY2(check.shortSteps >= 6, qPrintable(QString::number(check.shortSteps)));
}

// In presentation mode a small roofline has little room: as a batch sweep moves the points and
// their labels, a ceiling label loses its room and its dashed line is left out, then comes back.
// The ceilings are drawn with the labels, so such a step still redraws the step layers alone.
void TestRooflineWidget::aCeilingItsLabelLeavesIsRedrawnWithTheLabels()
{
    const QFont normal = QApplication::font();
    QFont large = normal;
    large.setPointSizeF(normal.pointSizeF() * 1.5);
    widgets::ChartWidget::setPresentationScale(1.5);
    QApplication::setFont(large);
    const auto restore = qScopeGuard([&] {
        widgets::ChartWidget::setPresentationScale(1.0);
        QApplication::setFont(normal);
    });
    widgets::RooflineWidget widget;
    widget.resize(604, 334); // the roofline of a 1024x768 window in presentation mode
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    std::vector<core::Scenario> steps;
    for (const long long batch : {1, 2, 4, 8, 4, 2, 1, 2, 4, 8, 16, 8, 4})
        steps.push_back(inference("nvidia-rtx-4090", "llama-3.1-8b", batch, 1024));
    // Which ceilings the last step showed, taken as the next step begins (the step's replot
    // places the labels).
    QList<bool> shownBefore;
    int ceilingsChanged = 0;
    const auto countChange = [&] {
        QList<bool> shown;
        for (QCPGraph* ceiling : widget.ceilingGraphs())
            shown.push_back(ceiling->visible());
        ceilingsChanged += !shownBefore.isEmpty() && shown != shownBefore ? 1 : 0;
        shownBefore = shown;
    };
    const StepReplotCheck check = checkStepReplots(widget.plot(), steps.size(), [&](std::size_t i) {
        if (i > 0)
            countChange();
        widget.setReport(core::estimate(steps[i], core::Catalog::builtIn()));
    });
    countChange();
    QVERIFY2(check.firstMismatch < 0,
             qPrintable(QStringLiteral("step %1 differs from a full replot").arg(check.firstMismatch)));
    QVERIFY2(ceilingsChanged >= 2, qPrintable(QString::number(ceilingsChanged))); // the case
    QVERIFY2(check.shortSteps >= 8, qPrintable(QString::number(check.shortSteps)));
}

void TestRooflineWidget::clickOnPointEmitsPhase()
{
    const core::Report report = reportNamed(QStringLiteral("h100-batch1"));
    widgets::RooflineWidget widget;
    widget.resize(800, 500);
    widget.setReport(report);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);

    QSignalSpy spy(&widget, &widgets::RooflineWidget::pointClicked);
    QCustomPlot* plot = widget.plot();
    const QPoint decode(qRound(plot->xAxis->coordToPixel(report.decode->arithmeticIntensity)),
                        qRound(plot->yAxis->coordToPixel(report.decode->achievedFlopsPerSecond)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, decode);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<RooflinePhase>(), RooflinePhase::Decode);
    const QPoint prefill(qRound(plot->xAxis->coordToPixel(report.prefill->arithmeticIntensity)),
                         qRound(plot->yAxis->coordToPixel(report.prefill->achievedFlopsPerSecond)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, prefill);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<RooflinePhase>(), RooflinePhase::Prefill);
}

void TestRooflineWidget::labelsStayInsidePlot_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QSize>("size");
    for (const QString& name : allScenarioNames()) {
        QTest::newRow(qPrintable(name + QLatin1String("@800x500"))) << name << QSize(800, 500);
        QTest::newRow(qPrintable(name + QLatin1String("@480x320"))) << name << QSize(480, 320);
    }
}

void TestRooflineWidget::labelsStayInsidePlot()
{
    QFETCH(QString, scenario);
    QFETCH(QSize, size);
    const core::Report report = reportNamed(scenario);
    widgets::RooflineWidget widget;
    widget.resize(size);
    widget.setReport(report);
    (void)widget.plot()->toPixmap(size.width(), size.height()); // one layout and label pass

    // Every visible text item lies inside the axis rect (1 px slack) and no two overlap.
    const QRectF area = QRectF(widget.plot()->axisRect()->rect()).adjusted(-1, -1, 1, 1);
    QList<QRectF> boxes;
    QStringList texts;
    for (int i = 0; i < widget.plot()->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(widget.plot()->item(i));
        if (!text || !text->visible() || text->rotation() != 0)
            continue;
        const QRectF box(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition());
        QVERIFY2(area.contains(box.normalized()), qPrintable(text->text()));
        for (int j = 0; j < boxes.size(); ++j)
            QVERIFY2(!boxes[j].intersects(box.normalized()),
                     qPrintable(QStringLiteral("%1 (%2,%3 %4x%5) / %6 (%7,%8 %9x%10)")
                                    .arg(texts[j])
                                    .arg(boxes[j].x())
                                    .arg(boxes[j].y())
                                    .arg(boxes[j].width())
                                    .arg(boxes[j].height())
                                    .arg(text->text())
                                    .arg(box.normalized().x())
                                    .arg(box.normalized().y())
                                    .arg(box.normalized().width())
                                    .arg(box.normalized().height())));
        boxes << box.normalized();
        texts << text->text();
    }
    // Labels that must always show: the active ceiling and every operating point.
    QStringList required = {QStringLiteral("Ridge ")};
    for (const core::RooflinePoint& p : core::rooflineChart(report).points)
        required << widgets::phaseName(p.phase) + QStringLiteral(" —");
    for (const QString& prefix : required) {
        const bool found =
            std::any_of(texts.begin(), texts.end(), [&](const QString& t) { return t.startsWith(prefix); });
        QVERIFY2(found, qPrintable(prefix + QLatin1String(" in ") + texts.join(QLatin1String(" | "))));
    }
}

// An axis once read "100,000" beside "10⁶". Decades from 10^-3 to 10^5 read as plain numbers; an
// axis with any decade outside that writes every one as a power ("1e6", which QCustomPlot draws
// as a raised 10⁶).
void TestRooflineWidget::axisLabelsShareOneNumberStyle()
{
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    QCOMPARE(widgets::DecadeTicker::decadeLabels({-1, 0, 2, 4, 5}, english),
             QVector<QString>({QStringLiteral("0.1"), QStringLiteral("1"), QStringLiteral("100"),
                               QStringLiteral("10,000"), QStringLiteral("100,000")}));
    QCOMPARE(widgets::DecadeTicker::decadeLabels({4, 5, 6}, english),
             QVector<QString>({QStringLiteral("1e4"), QStringLiteral("1e5"), QStringLiteral("1e6")}));
    QCOMPARE(widgets::DecadeTicker::decadeLabels({-4, -3}, english),
             QVector<QString>({QStringLiteral("1e-4"), QStringLiteral("1e-3")}));
    QCOMPARE(widgets::DecadeTicker::decadeLabels({-3}, english), QVector<QString>({QStringLiteral("0.001")}));
}

void TestRooflineWidget::summaryAndFonts()
{
    const core::Report report = reportNamed(QStringLiteral("host-ram"));
    widgets::RooflineWidget widget;
    widget.setReport(report);
    const QString summary = widget.summaryText();
    QVERIFY(summary.contains(QLatin1String("Prefill")));
    QVERIFY(summary.contains(QLatin1String("Decode")));
    QVERIFY(summary.contains(QLatin1String("ridge")));
    QVERIFY(summary.contains(QLatin1String("host link")));
    QVERIFY(summary.contains(QLatin1String("bf16")));
    QVERIFY(!summary.contains(QLatin1String("nan"), Qt::CaseInsensitive));
    QCOMPARE(widget.accessibleDescription(), summary);
    QVERIFY(widget.plot()->xAxis->labelFont().pointSizeF() >= 10);
    QVERIFY(widget.plot()->yAxis->labelFont().pointSizeF() >= 10);
    QVERIFY(widget.minimumSizeHint().width() >= 320);
    QVERIFY(widget.minimumSizeHint().height() >= 240);
}

void TestRooflineWidget::followsPaletteChange()
{
    widgets::RooflineWidget widget;
    widget.setReport(reportNamed(QStringLiteral("h100-batch1")));
    QPalette dark = widget.palette();
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    widget.setPalette(dark);
    saveShot(widget.plot(), QStringLiteral("roofline"), QStringLiteral("dark"), QSize(800, 500));
    QCOMPARE(widget.plot()->toPixmap(400, 300).toImage().pixelColor(1, 1), QColor(0x20, 0x20, 0x20));
    QCOMPARE(widget.plot()->xAxis->labelColor(), QColor(0xee, 0xee, 0xee));
    QCOMPARE(widget.memorySlopeGraph()->pen().color(),
             QColor(0xee, 0xee, 0xee)); // the roof follows the text colour
}

void TestRooflineWidget::rendersNonBlankPng_data()
{
    labelsStayInsidePlot_data();
}

void TestRooflineWidget::rendersNonBlankPng()
{
    QFETCH(QString, scenario);
    QFETCH(QSize, size);
    widgets::RooflineWidget widget;
    widget.resize(size);
    widget.setReport(reportNamed(scenario));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("roofline.png"));
    QVERIFY(widget.plot()->savePng(path, size.width(), size.height()));
    const QImage image(path);
    QCOMPARE(image.size(), size);
    QVERIFY2(distinctColours(image) > 3, qPrintable(QString::number(distinctColours(image))));

    saveShot(widget.plot(), QStringLiteral("roofline"), scenario, size);
}

void TestRooflineWidget::tickLabelsKeepEveryNthThatFits_data()
{
    QTest::addColumn<int>("plotHeight");
    QTest::addColumn<double>("tickStep");
    QTest::newRow("tall: every tick labelled") << 600 << 25.0;
    QTest::newRow("short: a few kept") << 120 << 10.0;
    QTest::newRow("very short: two kept") << 70 << 5.0;
}

// Every chart's tick labels (this ticker's decades, and the other charts' axes): on a vertical
// axis from 0 to 100 with a tick every `tickStep`, labels one line high must stand at least 8 px
// apart. What is kept is every n-th label from the first, for the smallest such n: the kept ones
// are clear of each other, and with every (n-1)-th some two would touch.
void TestRooflineWidget::tickLabelsKeepEveryNthThatFits()
{
    QFETCH(int, plotHeight);
    QFETCH(double, tickStep);
    QCustomPlot plot;
    plot.resize(300, plotHeight);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCPAxis* axis = plot.yAxis;
    axis->setRange(0, 100);
    plot.replot(); // lays the axis rect out
    QVector<double> ticks;
    QVector<int> ranks;
    QVector<QString> labels;
    for (int i = 0; i * tickStep <= 100; ++i) {
        ticks << i * tickStep;
        ranks << i;
        labels << QString::number(i * tickStep);
    }
    const QVector<QString> all = labels;
    widgets::spaceTickLabels(axis, ticks, ranks, labels);

    const double needed = QFontMetricsF(axis->tickLabelFont()).height() + 8;
    const double spacing = std::abs(axis->coordToPixel(tickStep) - axis->coordToPixel(0));
    int n = 1;
    while (labels[n].isEmpty() && n + 1 < labels.size())
        ++n;
    for (int i = 0; i < labels.size(); ++i)
        QCOMPARE(labels[i], i % n == 0 ? all[i] : QString());
    QVERIFY2(n * spacing >= needed,
             qPrintable(QStringLiteral("%1 x %2 px < %3").arg(n).arg(spacing).arg(needed)));
    if (n > 1)
        QVERIFY((n - 1) * spacing < needed);
    QCOMPARE(n == 1, plotHeight == 600);
}

QTEST_MAIN(TestRooflineWidget)
#include "tst_roofline_widget.moc"
