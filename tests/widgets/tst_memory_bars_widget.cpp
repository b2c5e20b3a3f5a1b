// MemoryBarsWidget draws core::memoryChart(report): bar heights (every component whole), the
// parts of each drawn where they sit, stacking, capacity line, badge, legend and tooltips are
// checked against the report the real estimator produces.
#include "chart_scenarios.h"
#include "core/charts/chart_data.h"
#include "core/estimate/estimator.h"
#include "widgets/charts/badge_element.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/image_export.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/placed_bars.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/common/value_format.h"

#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace lhe;
using namespace lhe::test;
using core::MemoryPlacement;
using core::MemorySegmentKind;

namespace {

// GB of a bar in each placement, read back from what the widget draws: each component's height
// times the shares of its parts (a component without parts is wholly on the device).
std::array<double, core::kMemoryPlacementCount> drawnGbByPlacement(const widgets::MemoryBarsWidget& widget,
                                                                   int barIndex)
{
    std::array<double, core::kMemoryPlacementCount> gb{};
    for (int k = 0; k < core::kMemorySegmentKindCount; ++k) {
        const widgets::PlacedBars* bars = widget.placedBarsFor(static_cast<MemorySegmentKind>(k));
        const double height = bars->data()->at(barIndex)->value;
        const auto& parts = bars->partsAt(barIndex);
        if (parts.empty())
            gb[0] += height;
        for (const auto& part : parts)
            gb[static_cast<std::size_t>(part.placement)] += (part.toFraction - part.fromFraction) * height;
    }
    return gb;
}

const QStringList& allScenarioNames()
{
    static const QStringList names = {
        QStringLiteral("fits"),         QStringLiteral("host-ram"),        QStringLiteral("disk"),
        QStringLiteral("does-not-fit"), QStringLiteral("training-1xh100"), QStringLiteral("training-8xh100")};
    return names;
}

// Shows the widget at 800 x 500 with `report` drawn, for tests that read pixels or click.
bool showAt800x500(widgets::MemoryBarsWidget& widget, const core::Report& report)
{
    widget.resize(800, 500);
    widget.setReport(report);
    widget.show();
    if (!QTest::qWaitForWindowExposed(&widget))
        return false;
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    return true;
}

// A chart sized by its parent, as in the dashboard: a top-level window would not shrink below the
// plot's own minimum (the legend's width). The parent holds every size the tests give the chart.
struct ParentedChart
{
    QWidget parent;
    widgets::MemoryBarsWidget widget;
    ParentedChart()
    {
        parent.resize(700, 900);
        widget.setParent(&parent);
    }
};

} // namespace

class TestMemoryBarsWidget : public QObject
{
    Q_OBJECT

private slots:
    void aReplotCoversTheReportsQueuedBeforeIt();
    void stepReplotsDrawWhatAFullReplotDraws();
    void stepsPastCapacityRedrawTheValueAxisAlone();
    void barHeightsEqualReport_data();
    void barHeightsEqualReport();
    void capacityLineAndBadge_data();
    void capacityLineAndBadge();
    void legendHidesEmptySegmentsAndHatchesOffload();
    void offloadedPartsKeepTheirComponent();
    void summaryDescribesEverySegment();
    void secondReportReplacesDataWithoutNewPlottables();
    void pipelineStagesGetOneBarEach();
    void clickOnSegmentEmitsKind();
    void followsPaletteChange();
    void legibleFontsAndMinimumSize();
    void legendNamesAreNeverCutOff();
    void badgeWrapsToTheChartsWidth();
    void badgeLinesStayAsTheFiguresChange();
    void badgeKeepsAFigureWithItsUnit();
    void capacityLabelStaysOffItsLine_data();
    void capacityLabelStaysOffItsLine();
    void tickLabelsFollowAResize();
    void aResizeReplotsAgainOnlyForOtherTickLabels();
    void vectorExportKeepsTheHatching();
    void solidFillsCoverWholePixels();
    void rendersNonBlankPng_data();
    void rendersNonBlankPng();
};

// A batch step changes the bars, their figures and the badge, rarely the axes or the legends:
// those stay drawn (ChartWidget::setStepLayers). Whatever path a report takes, the chart on
// screen must be the one a full replot draws: batch steps, spills to host RAM and to disk (the
// pattern legend comes, changes and goes), a model that does not fit, and back.
void TestMemoryBarsWidget::stepReplotsDrawWhatAFullReplotDraws()
{
    widgets::MemoryBarsWidget widget;
    widget.resize(480, 560);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    std::vector<core::Scenario> steps;
    for (long long batch = 1; batch <= 10; ++batch)
        steps.push_back(inference("nvidia-rtx-4090", "llama-3.1-8b", batch, 1024));
    for (const char* name : {"host-ram", "disk", "host-ram", "does-not-fit", "fits"})
        steps.push_back(scenarioNamed(QString::fromLatin1(name)));
    steps.push_back(inference("nvidia-rtx-4090", "llama-3.1-8b", 11, 1024));
    const StepReplotCheck check = checkStepReplots(widget.plot(), steps.size(), [&](std::size_t i) {
        widget.setReport(core::estimate(steps[i], core::Catalog::builtIn()));
    });
    QVERIFY2(check.firstMismatch < 0,
             qPrintable(QStringLiteral("step %1 differs from a full replot").arg(check.firstMismatch)));
    // Most batch steps keep the axes and legends: had none taken the short path, this test would
    // test nothing.
    QVERIFY2(check.shortSteps >= 6, qPrintable(QString::number(check.shortSteps)));
}

// Past the capacity every batch step moves the value axis (its top follows the tallest bar):
// the axis and its grid are redrawn with the bars, the legends and the other axis stay drawn.
// Only a step whose tick labels need another margin lays the chart out again in full.
void TestMemoryBarsWidget::stepsPastCapacityRedrawTheValueAxisAlone()
{
    widgets::MemoryBarsWidget widget;
    widget.resize(480, 560);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    // Llama 3.1 8B keeps 128 KiB of KV cache per token (32 layers x 8 KV heads x 128 x 2 x 2
    // bytes): at 1,024 tokens a sequence holds 134 MB, so 256 of them (34 GB) are past the
    // 24 GiB of an RTX 4090 and each doubling moves the axis.
    std::vector<core::Scenario> steps;
    for (const long long batch : {256, 512, 1024, 2048, 4096, 2048, 1024, 512, 256, 512, 1024, 2048})
        steps.push_back(inference("nvidia-rtx-4090", "llama-3.1-8b", batch, 1024));
    std::vector<double> tops;
    const StepReplotCheck check = checkStepReplots(widget.plot(), steps.size(), [&](std::size_t i) {
        widget.setReport(core::estimate(steps[i], core::Catalog::builtIn()));
        tops.push_back(widget.plot()->yAxis->range().upper);
    });
    QVERIFY2(check.firstMismatch < 0,
             qPrintable(QStringLiteral("step %1 differs from a full replot").arg(check.firstMismatch)));
    // The case: every step moved the axis.
    for (std::size_t i = 1; i < tops.size(); ++i)
        QVERIFY(tops[i] != tops[i - 1]);
    QVERIFY2(check.shortSteps >= 6, qPrintable(QString::number(check.shortSteps)));
}

void TestMemoryBarsWidget::barHeightsEqualReport_data()
{
    QTest::addColumn<QString>("scenario");
    for (const QString& name : allScenarioNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestMemoryBarsWidget::barHeightsEqualReport()
{
    QFETCH(QString, scenario);
    const core::Report report = reportNamed(scenario);
    const core::MemoryChart chart = core::memoryChart(report);
    widgets::MemoryBarsWidget widget;
    widget.setReport(report);

    QCOMPARE(chart.bars.size(), std::size_t(1));
    const core::MemoryBar& bar = chart.bars.front();
    // Every kind has one entry per bar; its height is the whole component in GB (all its
    // segments: a component cut by the capacity line is one bar, drawn in parts).
    double stackGb = 0;
    QCPBars* below = nullptr;
    for (const core::MemorySegment& segment : bar.segments) {
        QCPBars* bars = widget.barsFor(segment.kind);
        QVERIFY(bars);
        QCOMPARE(bars->data()->size(), 1);
        QCOMPARE(bars->data()->at(0)->key, 1.0);
        if (bars == below) // the next part of the same component
            continue;
        const double wholeGb = core::componentPlacement(bar, segment.kind).totalBytes() / 1e9;
        QVERIFY2(bars->data()->at(0)->value == wholeGb, qPrintable(bars->name()));
        QCOMPARE(bars->barBelow(), below); // stacked in the chart's order
        below = bars;
        stackGb += bars->data()->at(0)->value;
    }
    const core::MemoryEstimate& memory = report.memory;
    const core::MemoryBreakdown& m = memory.perDevice;
    auto valueOf = [&](MemorySegmentKind kind) { return widget.barsFor(kind)->data()->at(0)->value; };
    if (memory.fits) {
        // Resident segments are the report's breakdown as is.
        QVERIFY(valueOf(MemorySegmentKind::Weights) == m.weightsBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::KvCache) == m.kvCacheBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::Activations) == m.activationsBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::Gradients) == m.gradientsBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::OptimizerStates) == m.optimizerStatesBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::RuntimeContext) == m.runtimeContextBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::AllocatorReserve) == m.allocatorReserveBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::CommunicationBuffers) == m.communicationBuffersBytes / 1e9);
        QVERIFY(valueOf(MemorySegmentKind::KvPoolReserve) == m.kvPoolReserveBytes / 1e9);
        for (int k = 0; k < core::kMemorySegmentKindCount; ++k) // drawn whole, in one style
            QVERIFY(widget.placedBarsFor(static_cast<MemorySegmentKind>(k))->partsAt(0).empty());
    } else {
        // Every component at its full size, over capacity as well (relative 1e-12: rounding).
        QVERIFY(near(valueOf(MemorySegmentKind::Weights), m.weightsBytes / 1e9, 1e-12));
        QVERIFY(near(valueOf(MemorySegmentKind::KvCache), m.kvCacheBytes / 1e9, 1e-12));
        QVERIFY(near(valueOf(MemorySegmentKind::OptimizerStates), m.optimizerStatesBytes / 1e9, 1e-12) ||
                m.optimizerStatesBytes == 0);
        // The parts on the device fill it to capacity; the others are the report's tiers.
        const auto placed = drawnGbByPlacement(widget, 0);
        auto close = [](double gb, double bytes) {
            return std::abs(gb - bytes / 1e9) <= 1e-9 * std::max(1.0, bytes / 1e9);
        };
        QVERIFY2(close(placed[0], memory.capacityPerDeviceBytes), qPrintable(QString::number(placed[0])));
        QVERIFY2(close(placed[1], memory.hostOffloadBytes), qPrintable(QString::number(placed[1])));
        QVERIFY2(close(placed[2], memory.diskOffloadBytes), qPrintable(QString::number(placed[2])));
        QVERIFY2(close(placed[3], memory.unplacedBytes), qPrintable(QString::number(placed[3])));
    }
    // The stack is the whole need (relative 1e-12: rounding of the sum).
    QVERIFY2(near(stackGb, m.totalBytes() / 1e9, 1e-12), qPrintable(QString::number(stackGb)));
    // The value axis shows the whole stack and the capacity line.
    QVERIFY(widget.plot()->yAxis->range().upper >= stackGb);
    QVERIFY(widget.plot()->yAxis->range().upper >= memory.capacityPerDeviceBytes / 1e9);
    QCOMPARE(widget.plot()->yAxis->range().lower, 0.0);
    QVERIFY(widget.plot()->yAxis->label().contains(QLatin1String("GB")));
}

void TestMemoryBarsWidget::capacityLineAndBadge_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("badgeContains");
    QTest::newRow("fits") << "fits"
                          << "Fits";
    QTest::newRow("host-ram") << "host-ram"
                              << "host RAM";
    QTest::newRow("disk") << "disk"
                          << "disk";
    QTest::newRow("does-not-fit") << "does-not-fit"
                                  << "Does not fit";
    QTest::newRow("training-1xh100") << "training-1xh100"
                                     << "host RAM";
    QTest::newRow("training-8xh100") << "training-8xh100"
                                     << "Fits";
}

void TestMemoryBarsWidget::capacityLineAndBadge()
{
    QFETCH(QString, scenario);
    QFETCH(QString, badgeContains);
    const core::Report report = reportNamed(scenario);
    widgets::MemoryBarsWidget widget;
    widget.setReport(report);

    // Horizontal line at capacity in GB.
    const QCPItemStraightLine* line = widget.capacityLine();
    QVERIFY(line);
    const double capacityGb = report.memory.capacityPerDeviceBytes / 1e9;
    QVERIFY(line->point1->coords().y() == capacityGb);
    QVERIFY(line->point2->coords().y() == capacityGb);
    QVERIFY(line->point1->coords().x() != line->point2->coords().x());
    QVERIFY2(widget.capacityLabelText().startsWith(QLatin1String("Capacity ")),
             qPrintable(widget.capacityLabelText()));
    // Decimal, and also in GiB when the device's memory is a whole number of GiB as sold
    // (README, "Units"): an H100's 80 GiB reads "85.9 GB = 80 GiB".
    const double gib = report.memory.capacityPerDeviceBytes / (1024.0 * 1024.0 * 1024.0);
    if (gib == std::round(gib))
        QVERIFY2(widget.capacityLabelText().endsWith(QStringLiteral(" GB = %1 GiB").arg(gib)),
                 qPrintable(widget.capacityLabelText()));
    else
        QVERIFY2(widget.capacityLabelText().endsWith(QLatin1String(" GB")),
                 qPrintable(widget.capacityLabelText()));
    if (scenario == QLatin1String("training-1xh100")) // one H100 SXM: 80 x 2^30 B
        QCOMPARE(widget.capacityLabelText(), QStringLiteral("Capacity 85.9 GB = 80 GiB"));

    QVERIFY2(widget.badgeText().contains(badgeContains), qPrintable(widget.badgeText()));
    if (report.memory.fits) {
        // "Fits — 20 GB of 25.8 GB"
        QVERIFY(widget.badgeText().contains(QLatin1String(" of ")));
    } else {
        QVERIFY(!widget.badgeText().contains(QLatin1String("Fits")));
    }
}

void TestMemoryBarsWidget::legendHidesEmptySegmentsAndHatchesOffload()
{
    widgets::MemoryBarsWidget widget;
    widget.setReport(reportNamed(QStringLiteral("host-ram")));
    QCPLegend* legend = widget.plot()->legend;
    int nonEmpty = 0;
    for (int k = 0; k < core::kMemorySegmentKindCount; ++k) {
        QCPBars* bars = widget.barsFor(static_cast<MemorySegmentKind>(k));
        const bool empty = bars->data()->at(0)->value <= 0;
        nonEmpty += empty ? 0 : 1;
        QCOMPARE(legend->hasItemWithPlottable(bars), !empty);
        QCOMPARE(bars->name(), widgets::segmentName(static_cast<MemorySegmentKind>(k)));
    }
    // The two-column grid counts empty cells too (5 entries make 3 x 2 cells): count entries.
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        entries += legend->item(i) ? 1 : 0;
    QCOMPARE(entries, nonEmpty);
    // The KV cache (35.4 GB) alone overflows 25.8 GB; the weights above it are all in host RAM.
    // Both keep their colour; the part in host RAM is hatched over a tint of it.
    const widgets::PlacedBars* weightsPlaced = widget.placedBarsFor(MemorySegmentKind::Weights);
    QCOMPARE(weightsPlaced->partsAt(0).size(), std::size_t(1));
    QCOMPARE(weightsPlaced->partsAt(0).front().placement, MemoryPlacement::HostRam);
    const widgets::LayeredFill host = weightsPlaced->placementFill(MemoryPlacement::HostRam);
    const QColor blue = widgets::segmentColor(MemorySegmentKind::Weights);
    // A translucent tint of the blue, under darker blue diagonal lines.
    QCOMPARE(host.tint.color().rgb(), blue.rgb());
    QVERIFY(host.tint.color().alpha() < 255);
    QCOMPARE(host.lines.style(), Qt::BDiagPattern);
    QCOMPARE(host.lines.color(), blue.darker(140));
    QCOMPARE(weightsPlaced->placementPen(MemoryPlacement::HostRam).color(), blue.darker(140));
    // Disk parts are cross-hatched.
    QCOMPARE(weightsPlaced->placementFill(MemoryPlacement::Disk).lines.style(), Qt::DiagCrossPattern);
    // A second legend says what the hatch means, for host RAM only (nothing reaches disk here).
    auto* patterns = qobject_cast<QCPLegend*>(widget.plot()->plotLayout()->element(3, 0));
    QVERIFY(patterns && patterns != legend);
    QCOMPARE(patterns->itemCount(), 1);
    auto* hatched = dynamic_cast<widgets::PlacementLegendItem*>(patterns->item(0));
    QVERIFY(hatched);
    QCOMPARE(hatched->placement(), MemoryPlacement::HostRam);
    QCOMPARE(hatched->text(), QStringLiteral("Hatched: offloaded to host RAM"));
    // Nothing offloaded: no pattern legend, and none of its (empty) row either, which would cap
    // the chart's width at the empty legend's.
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QVERIFY(!patterns->visible());
    QCOMPARE(patterns->layout(), nullptr);
    QCOMPARE(widget.plot()->plotLayout()->rowCount(), 3);
    // Resident segments: solid, in the palette's colour.
    QCPBars* weights = widget.barsFor(MemorySegmentKind::Weights);
    QCOMPARE(weights->brush().style(), Qt::SolidPattern);
    QCOMPARE(weights->brush().color(), widgets::segmentColor(MemorySegmentKind::Weights));
    // Inference has no optimizer states: not in the legend.
    QVERIFY(!legend->hasItemWithPlottable(widget.barsFor(MemorySegmentKind::OptimizerStates)));
}

void TestMemoryBarsWidget::offloadedPartsKeepTheirComponent()
{
    // Llama-2-7B training on one H100 (80 GiB): 6.74 G parameters × 12 B of AdamW states = 81 GB
    // stack last, above weights and gradients; the capacity line cuts them.
    const core::Report report = reportNamed(QStringLiteral("training-1xh100"));
    const core::MemoryBreakdown& m = report.memory.perDevice;
    const double capacity = 80.0 * 1024 * 1024 * 1024;
    const double deviceBytes = capacity - (m.totalBytes() - m.optimizerStatesBytes);
    const double hostBytes = m.totalBytes() - capacity;
    QVERIFY(deviceBytes > 0 && hostBytes > 0 && hostBytes < m.optimizerStatesBytes);

    widgets::MemoryBarsWidget widget;
    QVERIFY(showAt800x500(widget, report));

    // One plottable, the states' full height, in two parts meeting at the capacity line.
    QCPBars* states = widget.barsFor(MemorySegmentKind::OptimizerStates);
    QVERIFY(near(states->data()->at(0)->value, m.optimizerStatesBytes / 1e9, 1e-12));
    const auto& parts = widget.placedBarsFor(MemorySegmentKind::OptimizerStates)->partsAt(0);
    QCOMPARE(parts.size(), std::size_t(2));
    QCOMPARE(parts[0].placement, MemoryPlacement::Device);
    QCOMPARE(parts[1].placement, MemoryPlacement::HostRam);
    QVERIFY(near(parts[0].toFraction, deviceBytes / m.optimizerStatesBytes, 1e-9));
    QCOMPARE(parts[1].toFraction, 1.0);

    // The tooltip names the whole and the split.
    const QString expected = QStringLiteral("Optimizer states %1: %2 on the device, %3 offloaded to host RAM")
                                 .arg(widgets::formatBytes(m.optimizerStatesBytes),
                                      widgets::formatBytes(deviceBytes), widgets::formatBytes(hostBytes));
    QCOMPARE(widget.segmentToolTip(MemorySegmentKind::OptimizerStates, 0), expected);
    QCOMPARE(widget.segmentToolTip(MemorySegmentKind::Weights, 0),
             QStringLiteral("Weights: %1").arg(widgets::formatBytes(m.weightsBytes)));
    QVERIFY(widget.summaryText().contains(expected.section(QLatin1Char(':'), 1).trimmed()));

    // A click on the hatched part, above the capacity line, is a click on the optimizer states.
    QSignalSpy spy(&widget, &widgets::MemoryBarsWidget::segmentClicked);
    const double aboveLineGb = (capacity + hostBytes / 2) / 1e9;
    const QPoint onHatch(qRound(widget.plot()->xAxis->coordToPixel(1.0 - 0.2)),
                         qRound(widget.plot()->yAxis->coordToPixel(aboveLineGb)));
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {}, onHatch);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<MemorySegmentKind>(), MemorySegmentKind::OptimizerStates);

    // Drawn: solid sky blue below the line, something else (tint and hatch lines) above it.
    const QImage image = widget.plot()->toPixmap().toImage();
    const QColor solid = widgets::segmentColor(MemorySegmentKind::OptimizerStates);
    // (Near the bar's left edge and a quarter of the way into each part: clear of the labels.)
    const int x = qRound(widget.plot()->xAxis->coordToPixel(1.0 - 0.25));
    const double belowLineGb = (capacity - deviceBytes / 4) / 1e9;
    QCOMPARE(image.pixelColor(x, qRound(widget.plot()->yAxis->coordToPixel(belowLineGb))), solid);
    const int hatchY = qRound(widget.plot()->yAxis->coordToPixel((capacity + hostBytes / 4) / 1e9));
    QSet<QRgb> hatch;
    for (int dx = 0; dx < 16; ++dx)
        hatch.insert(image.pixel(x + dx, hatchY));
    QVERIFY2(hatch.size() >= 2 && !hatch.contains(solid.rgb()), qPrintable(QString::number(hatch.size())));

    // The value label shows the full size, in the solid part (off the capacity line).
    saveShot(widget.plot(), QStringLiteral("memory"), QStringLiteral("offload-split"), QSize(800, 500));
    QPalette dark = widget.palette();
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    widget.setPalette(dark);
    saveShot(widget.plot(), QStringLiteral("memory"), QStringLiteral("offload-split-dark"), QSize(800, 500));
    for (const char* name : {"disk", "does-not-fit"}) {
        widget.setReport(reportNamed(QString::fromLatin1(name)));
        saveShot(widget.plot(), QStringLiteral("memory"), QString::fromLatin1(name) + QStringLiteral("-dark"),
                 QSize(800, 500));
    }
}

void TestMemoryBarsWidget::summaryDescribesEverySegment()
{
    const core::Report report = reportNamed(QStringLiteral("fits"));
    widgets::MemoryBarsWidget widget;
    widget.setReport(report);
    const QString summary = widget.summaryText();
    QVERIFY(summary.contains(QLatin1String("Weights")));
    QVERIFY(summary.contains(QLatin1String("KV cache")));
    QVERIFY(summary.contains(QLatin1String("capacity")));
    QVERIFY(summary.contains(widget.badgeText()));
    QVERIFY(!summary.contains(QLatin1String("Optimizer"))); // zero-size segments are left out
    QVERIFY(!summary.contains(QLatin1String("nan"), Qt::CaseInsensitive));
    QCOMPARE(widget.accessibleDescription(), summary);
}

void TestMemoryBarsWidget::secondReportReplacesDataWithoutNewPlottables()
{
    widgets::MemoryBarsWidget widget;
    widget.resize(800, 500);
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QCustomPlot* plot = widget.plot();
    const int plottables = plot->plottableCount();
    QCOMPARE(plottables, core::kMemorySegmentKindCount);
    QCPBars* weights = widget.barsFor(MemorySegmentKind::Weights);

    // The same plottables carry the new data; nothing of the first report stays.
    const core::Report disk = reportNamed(QStringLiteral("disk"));
    widget.setReport(disk);
    QCOMPARE(plot->plottableCount(), plottables);
    QCOMPARE(widget.barsFor(MemorySegmentKind::Weights), weights);
    QCOMPARE(weights->data()->size(), 1);
    QVERIFY(near(weights->data()->at(0)->value, disk.memory.perDevice.weightsBytes / 1e9, 1e-12));
    QVERIFY(near(drawnGbByPlacement(widget, 0)[2], disk.memory.diskOffloadBytes / 1e9, 1e-9));
    const core::MemoryChart diskChart = core::memoryChart(disk);
    const auto kv =
        std::find_if(diskChart.bars.front().segments.begin(), diskChart.bars.front().segments.end(),
                     [](const core::MemorySegment& s) { return s.kind == MemorySegmentKind::KvCache; });
    QVERIFY(widget.barsFor(MemorySegmentKind::KvCache)->data()->at(0)->value == kv->bytes / 1e9);
    QVERIFY(widget.badgeText().contains(QLatin1String("disk")));

    // Back and forth: items (value labels) are pooled, not added each time.
    widget.setReport(reportNamed(QStringLiteral("training-8xh100")));
    plot->replot();
    const int items = plot->itemCount();
    for (int i = 0; i < 3; ++i) {
        widget.setReport(reportNamed(QStringLiteral("fits")));
        widget.setReport(reportNamed(QStringLiteral("training-8xh100")));
    }
    QCOMPARE(plot->itemCount(), items);
    QCOMPARE(plot->plottableCount(), plottables);
    QVERIFY(widget.placedBarsFor(MemorySegmentKind::Weights)->partsAt(0).empty()); // fits: no parts
    QCOMPARE(drawnGbByPlacement(widget, 0)[2], 0.0);
}

void TestMemoryBarsWidget::pipelineStagesGetOneBarEach()
{
    // Narayanan et al. 2021: with p = 4 stages the first holds activations of p micro-batches in
    // flight, the last one plus the logits; the core draws both stages.
    core::Scenario s = training(32);
    s.batch = 64;
    s.parallelism = core::Parallelism{1, 4, 8, 1};
    const core::Report report = core::estimate(s, core::Catalog::builtIn());
    const core::MemoryChart chart = core::memoryChart(report);
    QCOMPARE(chart.bars.size(), std::size_t(2));

    widgets::MemoryBarsWidget widget;
    widget.resize(800, 500);
    widget.setReport(report);
    for (std::size_t b = 0; b < chart.bars.size(); ++b) {
        double stackGb = 0;
        for (const core::MemorySegment& segment : chart.bars[b].segments) {
            QCPBars* bars = widget.barsFor(segment.kind);
            QCOMPARE(bars->data()->size(), 2);
            QCOMPARE(bars->data()->at(static_cast<int>(b))->key, double(b + 1));
            QVERIFY(bars->data()->at(static_cast<int>(b))->value == segment.bytes / 1e9);
            stackGb += segment.bytes / 1e9;
        }
        QVERIFY(near(stackGb, chart.bars[b].totalBytes / 1e9, 1e-12));
        QVERIFY(widget.plot()->xAxis->range().contains(double(b + 1)));
    }
    // Ticks name the stages; the summary describes both bars.
    auto ticker = widget.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(1.0), QStringLiteral("Stage 1"));
    QCOMPARE(ticker->ticks().value(2.0), QStringLiteral("Stage 4"));
    QVERIFY(widget.summaryText().contains(QLatin1String("Stage 1")));
    QVERIFY(widget.summaryText().contains(QLatin1String("Stage 4")));
    QVERIFY(distinctColours(widget.plot()->toPixmap(800, 500).toImage()) > 3);
    saveShot(widget.plot(), QStringLiteral("memory"), QStringLiteral("pipeline"), QSize(800, 500));
    saveShot(widget.plot(), QStringLiteral("memory"), QStringLiteral("pipeline"), QSize(480, 320));

    // Back to a single device: one bar again, one tick.
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QCOMPARE(widget.barsFor(MemorySegmentKind::Weights)->data()->size(), 1);
    QCOMPARE(ticker->ticks().size(), 1);
}

void TestMemoryBarsWidget::clickOnSegmentEmitsKind()
{
    const core::Report report = reportNamed(QStringLiteral("fits"));
    widgets::MemoryBarsWidget widget;
    QVERIFY(showAt800x500(widget, report));

    QSignalSpy spy(&widget, &widgets::MemoryBarsWidget::segmentClicked);
    // Bottom up: overhead, activations, KV cache, weights (core/charts/chart_data.cpp stacking order).
    const auto& m = report.memory.perDevice;
    const double belowKv = m.overheadBytes() + m.activationsBytes;
    const double middleOfWeightsGb = (belowKv + m.kvCacheBytes + m.weightsBytes / 2) / 1e9;
    const QPoint pos(qRound(widget.plot()->xAxis->coordToPixel(1.0)),
                     qRound(widget.plot()->yAxis->coordToPixel(middleOfWeightsGb)));
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {}, pos);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<MemorySegmentKind>(), MemorySegmentKind::Weights);

    // The KV cache segment sits below the weights.
    const double middleOfKvGb = (belowKv + m.kvCacheBytes / 2) / 1e9;
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {},
                      QPoint(pos.x(), qRound(widget.plot()->yAxis->coordToPixel(middleOfKvGb))));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<MemorySegmentKind>(), MemorySegmentKind::KvCache);

    // Away from the value label (left edge of the bar, low in the weights): the bar itself is hit.
    const double lowInWeightsGb = (belowKv + m.kvCacheBytes + m.weightsBytes / 6) / 1e9;
    const QPoint barOnly(qRound(widget.plot()->xAxis->coordToPixel(1.0 - 0.2)),
                         qRound(widget.plot()->yAxis->coordToPixel(lowInWeightsGb)));
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {}, barOnly);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.at(2).at(0).value<MemorySegmentKind>(), MemorySegmentKind::Weights);

    // Empty plot area: nothing.
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {},
                      QPoint(qRound(widget.plot()->xAxis->coordToPixel(1.9)), pos.y()));
    QCOMPARE(spy.count(), 3);

    // The badge and the capacity line stand for the capacity verdict.
    QSignalSpy capacity(&widget, &widgets::MemoryBarsWidget::capacityClicked);
    auto* badge = qobject_cast<QCPTextElement*>(widget.plot()->plotLayout()->element(0, 0));
    QVERIFY(badge);
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {},
                      QPoint(badge->rect().left() + 40, badge->rect().center().y()));
    QCOMPARE(capacity.count(), 1);
    const QPoint onCapacityLine(
        qRound(widget.plot()->xAxis->coordToPixel(1.9)),
        qRound(widget.plot()->yAxis->coordToPixel(report.memory.capacityPerDeviceBytes / 1e9)));
    QTest::mouseClick(widget.plot(), Qt::LeftButton, {}, onCapacityLine);
    QCOMPARE(capacity.count(), 2);
    QCOMPARE(spy.count(), 3);
}

void TestMemoryBarsWidget::followsPaletteChange()
{
    widgets::MemoryBarsWidget widget;
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QPalette dark = widget.palette();
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    widget.setPalette(dark);
    saveShot(widget.plot(), QStringLiteral("memory"), QStringLiteral("dark"), QSize(800, 500));
    QCOMPARE(widget.plot()->toPixmap(400, 300).toImage().pixelColor(1, 1), QColor(0x20, 0x20, 0x20));
    QCOMPARE(widget.plot()->yAxis->labelColor(), QColor(0xee, 0xee, 0xee));
    QCOMPARE(widget.capacityLine()->pen().color(), QColor(0xee, 0xee, 0xee));
}

void TestMemoryBarsWidget::legibleFontsAndMinimumSize()
{
    widgets::MemoryBarsWidget widget;
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QVERIFY(widget.plot()->yAxis->labelFont().pointSizeF() >= 10);
    QVERIFY(widget.plot()->yAxis->tickLabelFont().pointSizeF() >= 10);
    QVERIFY(widget.plot()->legend->font().pointSizeF() >= 10);
    QVERIFY(widget.minimumSizeHint().width() >= 300);
    QVERIFY(widget.minimumSizeHint().height() >= 240);
}

void TestMemoryBarsWidget::rendersNonBlankPng_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QSize>("size");
    for (const QString& name : allScenarioNames()) {
        QTest::newRow(qPrintable(name + QLatin1String("@800x500"))) << name << QSize(800, 500);
        QTest::newRow(qPrintable(name + QLatin1String("@480x320"))) << name << QSize(480, 320);
    }
}

void TestMemoryBarsWidget::rendersNonBlankPng()
{
    QFETCH(QString, scenario);
    QFETCH(QSize, size);
    widgets::MemoryBarsWidget widget;
    widget.resize(size);
    widget.setReport(reportNamed(scenario));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("memory.png"));
    QVERIFY(widget.plot()->savePng(path, size.width(), size.height()));
    const QImage image(path);
    QCOMPARE(image.size(), size);
    QVERIFY2(distinctColours(image) > 3, qPrintable(QString::number(distinctColours(image))));

    saveShot(widget.plot(), QStringLiteral("memory"), scenario, size);
}

// An SVG reader draws no pixmap brush (Qt's SVG generator writes none), and a chart's cached
// pixmap under its vectors is a raster copy that does not scale. Hatched fills are vector coats, a
// tint and then a Qt line pattern: the host-RAM part (diagonal lines), its legend swatch and the
// allocator reserve's legend icon (dots) come out as SVG patterns, and nothing as an image.
void TestMemoryBarsWidget::solidFillsCoverWholePixels()
{
    // Two segments stacked at a fractional height, drawn as a chart draws them (antialiased). Each
    // edge rounds to the nearest pixel boundary: x 10.3 -> 10 and 40.7 -> 41 (columns 10..40),
    // y 5.6 -> 6, 50.5 -> 51 and 90.2 -> 90 (rows 6..50 lower colour, 51..89 upper). No pixel is
    // blended with the background or with the other segment, and none is left between them.
    QImage image(60, 100, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const QColor top(30, 90, 200);
    const QColor bottom(200, 60, 30);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        widgets::drawLayeredRect(&painter, QRectF(QPointF(10.3, 5.6), QPointF(40.7, 50.5)),
                                 {QBrush(top), QBrush()}, Qt::NoPen);
        widgets::drawLayeredRect(&painter, QRectF(QPointF(10.3, 50.5), QPointF(40.7, 90.2)),
                                 {QBrush(bottom), QBrush()}, Qt::NoPen);
    }
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const bool inside = x >= 10 && x <= 40 && y >= 6 && y <= 89;
            const QColor expected = !inside ? QColor(Qt::white) : y <= 50 ? top : bottom;
            if (image.pixelColor(x, y) != expected)
                QFAIL(qPrintable(QStringLiteral("pixel %1,%2 is %3, expected %4")
                                     .arg(x)
                                     .arg(y)
                                     .arg(image.pixelColor(x, y).name(), expected.name())));
        }
    }
}

void TestMemoryBarsWidget::vectorExportKeepsTheHatching()
{
    widgets::MemoryBarsWidget widget;
    widget.resize(640, 480);
    widget.setReport(reportNamed(QStringLiteral("host-ram")));
    QVERIFY(widget.plot()->legend->hasItemWithPlottable(widget.barsFor(MemorySegmentKind::AllocatorReserve)));
    QByteArray svg;
    QString error;
    QVERIFY2(widgets::renderWidget(&widget, widgets::ImageFormat::Svg, QSize(), 1.0, &svg, &error),
             qPrintable(error));
    // QSvgGenerator names a pattern fill after the Qt::BrushStyle and the colour.
    const QByteArray diagonal = "fill=\"url(#fillpattern" + QByteArray::number(int(Qt::BDiagPattern)) + '_';
    const QByteArray dots = "fill=\"url(#fillpattern" + QByteArray::number(int(Qt::Dense3Pattern)) + '_';
    QVERIFY2(svg.count(diagonal) >= 2, qPrintable(QString::number(svg.count(diagonal))));
    QVERIFY2(svg.count(dots) >= 1, qPrintable(QString::number(svg.count(dots))));
    QCOMPARE(svg.count("<image"), 0);
}

// QCustomPlot spaces tick labels before it lays the plot out: after the chart shrinks, its first
// replot spaced them for the old height and nothing replotted again, leaving the GB labels on top
// of each other. Without any synchronous replot, the labels shown end up a line and 8 px apart.
void TestMemoryBarsWidget::tickLabelsFollowAResize()
{
    ParentedChart chart;
    QWidget& parent = chart.parent;
    widgets::MemoryBarsWidget& widget = chart.widget;
    widget.setGeometry(0, 0, 400, 880);
    widget.setReport(reportNamed(QStringLiteral("disk")));
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    QCPAxis* axis = widget.plot()->yAxis;
    const auto labelled = [axis] {
        QVector<double> positions;
        for (int i = 0; i < axis->tickVector().size(); ++i)
            if (!axis->tickVectorLabels().value(i).isEmpty() && axis->range().contains(axis->tickVector()[i]))
                positions << axis->coordToPixel(axis->tickVector()[i]);
        return positions;
    };
    QTRY_VERIFY(labelled().size() >= 4);
    widget.setGeometry(0, 0, 400, 330); // the bars get a few lines
    QTest::qWait(100);                  // the queued replots, and no other
    const double needed = QFontMetricsF(axis->tickLabelFont()).height() + 8;
    const QVector<double> positions = labelled();
    QVERIFY(positions.size() >= 2);
    for (int i = 1; i < positions.size(); ++i)
        QVERIFY2(std::abs(positions[i] - positions[i - 1]) >= needed,
                 qPrintable(QStringLiteral("%1 px apart, %2 needed")
                                .arg(std::abs(positions[i] - positions[i - 1]))
                                .arg(needed)));
}

// QCustomPlot spaces the tick labels before it lays the resized plot out, that is for the old
// size: a replot whose labels the new size would space otherwise is drawn once more. Only then:
// the warning strip growing by a few lines shrinks the charts by more than a tenth, and a second
// full replot of each chart on that step doubled the slowest steps of a slider drag.
void TestMemoryBarsWidget::aResizeReplotsAgainOnlyForOtherTickLabels()
{
    ParentedChart chart;
    QWidget& parent = chart.parent;
    widgets::MemoryBarsWidget& widget = chart.widget;
    widget.setGeometry(0, 0, 400, 600);
    widget.setReport(reportNamed(QStringLiteral("fits")));
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    QTest::qWait(50);
    QCPAxis* axis = widget.plot()->yAxis;
    const QVector<QString> before = axis->tickVectorLabels();
    QSignalSpy replots(widget.plot(), &QCustomPlot::afterReplot);
    widget.setGeometry(0, 0, 400, 520); // shorter by more than a tenth; room for the same labels
    QTest::qWait(50);
    QCOMPARE(axis->tickVectorLabels(), before);
    QCOMPARE(replots.count(), 1); // the resize's own

    // Short enough that fewer labels fit: the resize's replot lays the plot out again for them
    // before it draws, rather than being followed by a second replot.
    replots.clear();
    widget.setGeometry(0, 0, 400, 260);
    QTest::qWait(50);
    QCOMPARE(replots.count(), 1);
    QCOMPARE(axis->tickVectorLabels(), [axis] {
        QVector<double> ticks;
        QVector<QString> labels;
        axis->ticker()->generate(axis->range(), axis->parentPlot()->locale(), axis->numberFormat().at(0),
                                 axis->numberPrecision(), ticks, nullptr, &labels);
        return labels;
    }());
}

// As many legend columns as fit, up to three (640 px holds three of the normal font's names); a
// narrow chart or large (presentation) text gets one, so "Allocator reserve" is never clipped at
// the chart's edge.
void TestMemoryBarsWidget::legendNamesAreNeverCutOff()
{
    ParentedChart chart;
    QWidget& parent = chart.parent;
    widgets::MemoryBarsWidget& widget = chart.widget;
    widget.setGeometry(0, 0, 640, 420);
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    widget.setReport(reportNamed(QStringLiteral("fits")));
    QCPLegend* legend = widget.plot()->legend;
    QVERIFY(legend->itemCount() >= 4);
    QCOMPARE(legend->wrap(), 3);
    widget.setGeometry(0, 0, 420, 420); // two columns, not three
    QTRY_COMPARE(legend->wrap(), 2);

    QFont large = widget.font();
    large.setPointSizeF(24);
    widget.setFont(large);
    widget.setGeometry(0, 0, 330, 420);
    QTRY_COMPARE(legend->wrap(), 1);
    QTRY_COMPARE(widget.plot()->width(), widget.width()); // the plot no longer overflows the widget
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QFontMetrics metrics(legend->font());
    int names = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (!item) // an empty cell of the wrapped grid
            continue;
        ++names;
        const int textRight = item->outerRect().left() + legend->iconSize().width() +
                              legend->iconTextPadding() +
                              metrics.horizontalAdvance(item->plottable()->name());
        QVERIFY2(textRight <= widget.width(), qPrintable(item->plottable()->name()));
    }
    QVERIFY(names >= 4); // weights, KV cache, activations, runtime context at least
}

// The badge says where the bytes went; in a narrow chart (Compare A/B at 1280 x 800 gives each
// memory chart about 310 px) its lines wrap at spaces rather than run past the chart's edge
// ("Offloads 116 GB: 68.7 GB to host RAM, 47.6 GB to d").
void TestMemoryBarsWidget::badgeWrapsToTheChartsWidth()
{
    ParentedChart chart;
    QWidget& parent = chart.parent;
    widgets::MemoryBarsWidget& widget = chart.widget;
    widget.setGeometry(0, 0, 310, 430);
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    widget.setReport(reportNamed(QStringLiteral("disk"))); // host RAM and disk: the longest badge
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCPTextElement* badge = nullptr;
    for (QCPLayoutElement* element : widget.plot()->plotLayout()->elements(false)) {
        auto* text = qobject_cast<QCPTextElement*>(element);
        if (text && text->text().contains(QLatin1String("Offloads")))
            badge = text;
    }
    QVERIFY(badge);
    const QStringList lines = badge->text().split(u'\n');
    QVERIFY2(lines.size() >= 3, qPrintable(badge->text()));                   // the second line wrapped
    QCOMPARE(lines.join(u' ').simplified(), widget.badgeText().simplified()); // every word kept
    const QFontMetrics metrics(badge->font());
    for (const QString& line : lines) {
        const int right = badge->rect().left() + metrics.horizontalAdvance(line) + 7; // the fill's rim
        QVERIFY2(right <= widget.width(),
                 qPrintable(QStringLiteral("%1 ends at %2 px").arg(line).arg(right)));
    }
    // Wide enough again: the badge's own two lines.
    widget.setGeometry(0, 0, 640, 430);
    QTRY_COMPARE(badge->text(), widget.badgeText());
}

// A slider step changes the badge's figures. Were the lines broken where the figures of the moment
// stop fitting, "3.2 GB" would keep one line and "112 GB" take two, and the chart's layout would
// follow every step: the lines break as if every figure were as wide as any ("888.8").
void TestMemoryBarsWidget::badgeLinesStayAsTheFiguresChange()
{
    QCustomPlot plot;
    widgets::BadgeElement badge(&plot);
    const QString narrow = QStringLiteral("Offloads 3.2 GB to host RAM");
    const QString wide = QStringLiteral("Offloads 112 GB to host RAM");
    const QFontMetrics metrics(badge.font());
    // Room for the narrow text on one line, with its margins and rim, not for the widest figure.
    const int width = metrics.horizontalAdvance(narrow) + 10 + 10 + 2 * 7 + 2;
    QVERIFY(metrics.horizontalAdvance(QStringLiteral("Offloads 888.8 GB to host RAM")) + 34 > width);
    badge.setTextWithin(narrow, width);
    QCOMPARE(badge.text(), QStringLiteral("Offloads 3.2 GB to host\nRAM"));
    badge.setTextWithin(wide, width);
    QCOMPARE(badge.text(), QStringLiteral("Offloads 112 GB to host\nRAM"));
    // Room for every figure: one line each.
    badge.setTextWithin(narrow, 2 * width);
    QCOMPARE(badge.text(), narrow);
}

// A figure and its unit share a line: the badge read "…, 47.6" over "GB to disk" where the room
// ended between them.
void TestMemoryBarsWidget::badgeKeepsAFigureWithItsUnit()
{
    QCustomPlot plot;
    widgets::BadgeElement badge(&plot);
    const QString text = QStringLiteral("Offloads 47.6 GB to disk");
    const QFontMetrics metrics(badge.font());
    // Room for "Offloads 888.8" (the widest figure) and a little, not for its unit.
    const int width = metrics.horizontalAdvance(QStringLiteral("Offloads 888.8 G")) + 10 + 10 + 2 * 7;
    badge.setTextWithin(text, width);
    const QStringList lines = badge.text().split(u'\n');
    QVERIFY2(lines.size() >= 2, qPrintable(badge.text())); // it did wrap
    QCOMPARE(lines.join(u' '), text);
    for (const QString& line : lines)
        QVERIFY2(!line.startsWith(QLatin1String("GB")), qPrintable(badge.text()));
}

void TestMemoryBarsWidget::capacityLabelStaysOffItsLine_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("800x500") << 500 << false;
    // Presentation mode (text and lines 1.5 times as large): the dashboard's memory chart at
    // 1024 x 768, then the least height a layout gives it.
    QTest::newRow("presentation, 1024x768") << 390 << true;
    QTest::newRow("presentation, its minimum height") << -1 << true;
}

// The capacity label names its line from just above or below it, clear of the totals: a short
// chart with large text left it no room above the line (the axis ran a fixed share above the
// tallest bar or line), so it was pushed down onto the line and struck through by it.
void TestMemoryBarsWidget::capacityLabelStaysOffItsLine()
{
    QFETCH(int, height);
    QFETCH(bool, presentation);
    ParentedChart chart;
    QWidget& parent = chart.parent;
    widgets::MemoryBarsWidget& widget = chart.widget;
    const struct Presentation
    {
        explicit Presentation(bool on) { widgets::ChartWidget::setPresentationScale(on ? 1.5 : 1.0); }
        ~Presentation() { widgets::ChartWidget::setPresentationScale(1.0); }
    } scale(presentation);
    if (presentation) {
        QFont large = widget.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        widget.setFont(large);
    }
    const core::Report report = reportNamed(QStringLiteral("fits"));
    widget.setReport(report);
    widget.setGeometry(0, 0, 380, height > 0 ? height : widget.minimumSizeHint().height());
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents(); // the queued replots, a second one if the scale changed
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);

    const auto boxOf = [](const QCPItemText* item) {
        return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
    };
    const QCPItemText* label = widget.capacityLabel();
    QVERIFY(label->visible());
    const QRectF box = boxOf(label);
    const QMargins pad = label->padding();
    const QRectF text = box.adjusted(pad.left(), pad.top(), -pad.right(), -pad.bottom());
    const double linePx = widget.plot()->yAxis->coordToPixel(report.memory.capacityPerDeviceBytes / 1e9);
    const double halfPen = widget.capacityLine()->pen().widthF() / 2;
    QVERIFY2(
        text.bottom() <= linePx - halfPen || text.top() >= linePx + halfPen,
        qPrintable(
            QStringLiteral("text %1..%2 px, line at %3 px").arg(text.top()).arg(text.bottom()).arg(linePx)));
    QVERIFY(widget.plot()->axisRect()->rect().contains(box.toAlignedRect()));
    for (const QCPItemText* total : widget.totalLabels()) {
        if (total->visible())
            QVERIFY(!boxOf(total).intersects(box));
    }
}

// A report queues a replot; a replot that happens before the queued one runs (a resize laying
// the window out, an export) has drawn that report already, and the queued one is dropped. One
// asked for during a replot (placing labels found the title too long) still runs.
void TestMemoryBarsWidget::aReplotCoversTheReportsQueuedBeforeIt()
{
    widgets::MemoryBarsWidget widget;
    widget.resize(480, 360);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QSignalSpy replots(widget.plot(), &QCustomPlot::afterReplot);
    widget.setReport(test::reportNamed(QStringLiteral("fits")));
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(replots.count(), 1);
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QCOMPARE(replots.count(), 1);

    // Queued during a replot: runs after it.
    connect(
        widget.plot(), &QCustomPlot::beforeReplot, &widget,
        [&widget] { widget.setTitle(QStringLiteral("A title set while replotting")); },
        Qt::SingleShotConnection);
    widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(replots.count(), 2);
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QCOMPARE(replots.count(), 3);
}

QTEST_MAIN(TestMemoryBarsWidget)
#include "tst_memory_bars_widget.moc"
