#include "widgets/charts/roofline_widget.h"

#include "widgets/charts/cached_text_item.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/decade_ticker.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/segment_graph.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/theme.h"
#include "widgets/common/value_format.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

using core::RooflineLineKind;
using core::RooflinePhase;

namespace {

constexpr double kIdealGapFraction = 0.95; // ideal-to-calibrated line when more than 5 % apart

QCPScatterStyle::ScatterShape phaseShape(RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return QCPScatterStyle::ssCircle;
    case RooflinePhase::Decode:
        return QCPScatterStyle::ssSquare;
    case RooflinePhase::TrainingStep:
        return QCPScatterStyle::ssTriangle;
    }
    return QCPScatterStyle::ssDiamond;
}

// Compare A/B: the pinned report's points keep their phase's outline but crossed (the triangle,
// which QCustomPlot has no crossed form of, points down), so A and B differ in shape as well as in
// their labels' "A ·"/"B ·" prefix, never by colour alone.
QCPScatterStyle::ScatterShape pinnedShape(RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return QCPScatterStyle::ssCrossCircle;
    case RooflinePhase::Decode:
        return QCPScatterStyle::ssCrossSquare;
    case RooflinePhase::TrainingStep:
        return QCPScatterStyle::ssTriangleInverted;
    }
    return QCPScatterStyle::ssStar;
}

// A ceiling's name: the block-scaled formats as their specifications write them ("MXFP8",
// "MXFP4": OCP Microscaling Formats (MX) v1.0; "NVFP4": NVIDIA), the others as their catalog
// keys ("bf16"). Format names, never translated.
QString ceilingName(core::PeakKey key)
{
    switch (key) {
    case core::PeakKey::MxFp8:
        return QStringLiteral("MXFP8");
    case core::PeakKey::MxFp4:
        return QStringLiteral("MXFP4");
    case core::PeakKey::NvFp4:
        return QStringLiteral("NVFP4");
    default:
        return qs(core::peakKeyName(key));
    }
}

// FLOP/B without an exponent: "0.98", "295", "4,096".
QString formatIntensity(double flopsPerByte)
{
    if (std::isfinite(flopsPerByte) && std::fabs(flopsPerByte) >= 100)
        return QLocale().toString(flopsPerByte, 'f', 0);
    return formatNumber(flopsPerByte);
}

QString formatFlops(double flopsPerSecond)
{
    return formatRate(flopsPerSecond, QStringLiteral("FLOP/s"));
}

QString formatBandwidth(double bytesPerSecond)
{
    return formatRate(bytesPerSecond, QStringLiteral("B/s"));
}

bool validRange(double low, double high)
{
    return std::isfinite(low) && std::isfinite(high) && low > 0 && high > low;
}

// Slot of a link slope in the widget's arrays.
std::size_t linkSlot(RooflineLineKind kind)
{
    switch (kind) {
    case RooflineLineKind::DiskSlope:
        return 1;
    case RooflineLineKind::InterconnectSlope:
        return 2;
    default:
        return 0;
    }
}

} // namespace

RooflineWidget::RooflineWidget(QWidget* parent) : ChartWidget(parent)
{
    setAccessibleName(tr("Roofline"));

    m_plot->setAutoAddPlottableToLegend(false);
    // Layers, bottom to top: roofs ("main") with the grid and axes; the compute ceilings, the
    // lines between ideal and calibrated points and the label boxes ("labels"); markers (never
    // hidden by a label). A slider step redraws only the last two (step layers,
    // ChartWidget::setStepLayers): the ceilings are with the labels because a ceiling is shown
    // only while its label finds room, which a moving point's label can take.
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->addLayer(QStringLiteral("markers"), m_plot->layer(QStringLiteral("labels")),
                     QCustomPlot::limAbove);
    setStepLayers({m_plot->layer(QStringLiteral("labels")), m_plot->layer(QStringLiteral("markers"))});

    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    for (QCPAxis* axis : {x, y}) {
        axis->setTicker(QSharedPointer<DecadeTicker>::create(axis));
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->grid()->setSubGridVisible(false);
    }
    // "b": QCustomPlot draws the ticker's "1e6" as a raised power of ten.
    x->setNumberFormat(QStringLiteral("gb"));
    y->setNumberFormat(QStringLiteral("gb"));

    m_plot->legend->setVisible(false); // direct labels name every point and line

    m_memorySlope = new SegmentGraph(m_plot->xAxis, m_plot->yAxis);
    for (QCPGraph*& link : m_links)
        link = new SegmentGraph(m_plot->xAxis, m_plot->yAxis);
    m_memorySlope->setSelectable(QCP::stNone);
    for (QCPGraph* graph : m_links)
        graph->setSelectable(QCP::stNone);

    for (PhaseItems& phase : m_phases) { // first on their layer: under every label box
        phase.gapLine = new QCPItemLine(m_plot);
        phase.gapLine->setLayer(QStringLiteral("labels"));
        phase.gapLine->setSelectable(false);
    }
    for (PhaseItems& phase : m_phases) {
        phase.ideal = m_plot->addGraph();
        phase.point = m_plot->addGraph();
        for (QCPGraph* graph : {phase.ideal, phase.point}) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setSelectable(QCP::stNone);
            graph->setVisible(false);
            graph->setLayer(QStringLiteral("markers"));
        }
        phase.label = newLabel();
        phase.idealLabel = newLabel();
    }
    m_pinnedRoof = m_plot->addGraph();
    m_pinnedRoof->setLineStyle(QCPGraph::lsLine);
    m_pinnedRoof->setSelectable(QCP::stNone);
    m_pinnedRoof->setVisible(false);
    m_pinnedRoofLabel = newLabel();
    for (PhaseItems& phase : m_phases) {
        phase.pinnedPoint = m_plot->addGraph();
        phase.pinnedPoint->setLineStyle(QCPGraph::lsNone);
        phase.pinnedPoint->setSelectable(QCP::stNone);
        phase.pinnedPoint->setVisible(false);
        phase.pinnedPoint->setLayer(QStringLiteral("markers"));
        phase.pinnedLabel = newLabel();
        phase.pinnedLeader = newLeader();
    }

    m_ridgeMarker = new QCPItemTracer(m_plot);
    m_ridgeMarker->setLayer(QStringLiteral("markers"));
    m_ridgeMarker->setStyle(QCPItemTracer::tsPlus);
    m_ridgeMarker->setSize(14);
    m_ridgeMarker->setSelectable(false);
    m_ridgeMarker->position->setType(QCPItemPosition::ptPlotCoords);
    m_ridgeLabel = newLabel();
    for (PhaseItems& phase : m_phases)
        phase.leader = newLeader();
    m_ridgeLeader = newLeader();
    m_memoryLabel = newLabel();
    for (QCPItemText*& label : m_linkLabels)
        label = newLabel();
    m_keyLabel = newLabel();
    m_keyLabel->setTextAlignment(Qt::AlignLeft);

    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable* plottable, int, QMouseEvent*) { onPlottableClick(plottable); });
    connect(m_plot, &QCustomPlot::itemClick, this, [this](QCPAbstractItem* item, QMouseEvent*) {
        for (int i = 0; i < kPhaseCount; ++i) {
            const PhaseItems& phase = m_phases[static_cast<std::size_t>(i)];
            if (item == phase.label || item == phase.idealLabel)
                emit pointClicked(static_cast<RooflinePhase>(i));
        }
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineWidget::onMouseMove);

    retranslateUi();
    applyPalette();
    queueReplot();
}

void RooflineWidget::retranslateUi()
{
    // Each point counts the bytes of the resource that bounds it (core/estimate/report.h), so that it sits
    // under that resource's roof: device memory, or the interconnect, host link or disk line.
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte of the bounding resource)"));
    m_plot->yAxis->setLabel(tr("Attainable FLOP/s"));
    m_memorySlope->setName(tr("Memory bandwidth"));
    const QString linkNames[kLinkCount] = {tr("Host link"), tr("Disk"), tr("Interconnect")};
    for (int i = 0; i < kLinkCount; ++i)
        m_links[static_cast<std::size_t>(i)]->setName(linkNames[i]);
    for (int i = 0; i < kPhaseCount; ++i) {
        PhaseItems& items = m_phases[static_cast<std::size_t>(i)];
        const QString phase = phaseName(static_cast<RooflinePhase>(i));
        items.ideal->setName(tr("%1 (ideal roofline)").arg(phase));
        items.point->setName(tr("%1 (calibrated)").arg(phase));
        items.pinnedPoint->setName(tr("A · %1 (pinned)").arg(phase));
    }
    m_pinnedRoof->setName(tr("A's roof"));
    if (m_report) {
        setReport(m_report, m_pinnedReport);
    } else {
        showKey(false);
    }
}

QCPItemText* RooflineWidget::newLabel()
{
    auto* label = new CachedTextItem(m_plot);
    label->setLayer(QStringLiteral("labels"));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setSelectable(false);
    label->setVisible(false);
    return label;
}

QCPItemLine* RooflineWidget::newLeader()
{
    auto* leader = new QCPItemLine(m_plot);
    leader->setLayer(QStringLiteral("labels"));
    leader->setSelectable(false);
    leader->setVisible(false);
    return leader;
}

void RooflineWidget::setVariants(QCPItemText* label, const QStringList& variants)
{
    m_variants.insert(label, variants);
    label->setText(variants.value(0));
}

QCPGraph* RooflineWidget::pointGraph(RooflinePhase phase) const
{
    return m_phases[static_cast<std::size_t>(phase)].point;
}

QCPGraph* RooflineWidget::pinnedPointGraph(RooflinePhase phase) const
{
    return m_phases[static_cast<std::size_t>(phase)].pinnedPoint;
}

QString RooflineWidget::pointLabelText(RooflinePhase phase, bool pinned) const
{
    const PhaseItems& items = m_phases[static_cast<std::size_t>(phase)];
    return m_variants.value(pinned ? items.pinnedLabel : items.label).value(0);
}

QString RooflineWidget::keyText() const
{
    return m_variants.value(m_keyLabel).value(0);
}

QCPGraph* RooflineWidget::idealGraph(RooflinePhase phase) const
{
    return m_phases[static_cast<std::size_t>(phase)].ideal;
}

std::vector<QCPGraph*> RooflineWidget::ceilingGraphs() const
{
    return m_ceilings;
}

QCPGraph* RooflineWidget::memorySlopeGraph() const
{
    return m_memorySlope;
}

QCPGraph* RooflineWidget::linkGraph(core::RooflineLineKind kind) const
{
    return m_links[linkSlot(kind)];
}

QString RooflineWidget::linkLabelText(core::RooflineLineKind kind) const
{
    return m_variants.value(m_linkLabels[linkSlot(kind)]).value(0);
}

QCPGraph* RooflineWidget::hostLinkGraph() const
{
    return m_links[0];
}

QCPItemTracer* RooflineWidget::ridgeMarker() const
{
    return m_ridgeMarker;
}

QString RooflineWidget::summaryText() const
{
    return m_summary;
}

QSize RooflineWidget::minimumSizeHint() const
{
    return {320, 240};
}

QSize RooflineWidget::sizeHint() const
{
    return {560, 400};
}

void RooflineWidget::setReport(const core::Report& report, const core::Report* pinned)
{
    setReport(std::make_shared<const core::Report>(report),
              pinned ? std::make_shared<const core::Report>(*pinned) : nullptr);
}

void RooflineWidget::setReport(std::shared_ptr<const core::Report> shown,
                               std::shared_ptr<const core::Report> shownPinned)
{
    m_report = std::move(shown);
    m_pinnedReport = std::move(shownPinned);
    const core::Report& report = *m_report;
    const core::Report* pinned = m_pinnedReport.get();
    m_chart = core::rooflineChart(report);
    m_hasReport = true;
    m_hasPinned = pinned != nullptr;
    m_pinnedChart = pinned ? core::rooflineChart(*pinned) : core::RooflineChart{};

    const core::RooflineFrame frame = fitAxes();
    const std::array<bool, kLinkCount> hasLink = showLines();
    const std::vector<CeilingGroup> groups = showCeilingLabels();
    showLineLabels(report.roofline, hasLink);
    showRidge();
    showPoints(m_hasPinned);
    showPinnedPoints();
    showPinnedRoof(report, pinned, frame.xMax);
    showKey(m_hasPinned);
    m_summary = describe(report, groups, hasLink);
    finishUpdate(m_summary);
}

core::RooflineFrame RooflineWidget::fitAxes()
{
    // The chart's whole decades (a fallback only guards against a degenerate device); with a
    // pinned report, the frame holding both.
    core::RooflineFrame frame{m_chart.xMin, m_chart.xMax, m_chart.yMin, m_chart.yMax};
    if (m_hasPinned)
        frame = core::sharedRooflineFrame(m_chart, m_pinnedChart);
    const bool xValid = validRange(frame.xMin, frame.xMax);
    const bool yValid = validRange(frame.yMin, frame.yMax);
    fitView(QCPRange(xValid ? frame.xMin : 0.01, xValid ? frame.xMax : 1e4),
            QCPRange(yValid ? frame.yMin : 1e9, yValid ? frame.yMax : 1e16));
    return frame;
}

std::array<bool, RooflineWidget::kLinkCount> RooflineWidget::showLines()
{
    // Ceilings are rebuilt only when their number changes (another device).
    m_ceilingLines.clear();
    m_memoryLine = {};
    m_linkLines = {};
    std::array<bool, kLinkCount> hasLink{};
    for (const core::RooflineLine& line : m_chart.lines) {
        switch (line.kind) {
        case RooflineLineKind::ComputeCeiling:
            m_ceilingLines.push_back(line);
            break;
        case RooflineLineKind::MemorySlope:
            m_memoryLine = line;
            break;
        case RooflineLineKind::HostLinkSlope:
        case RooflineLineKind::DiskSlope:
        case RooflineLineKind::InterconnectSlope: {
            const std::size_t slot = linkSlot(line.kind);
            m_linkLines[slot] = line;
            hasLink[slot] = true;
            break;
        }
        }
    }
    if (m_ceilings.size() != m_ceilingLines.size()) {
        for (QCPGraph* graph : m_ceilings)
            m_plot->removeGraph(graph);
        m_ceilings.clear();
        for (std::size_t i = 0; i < m_ceilingLines.size(); ++i) {
            auto* graph = new SegmentGraph(m_plot->xAxis, m_plot->yAxis);
            graph->setSelectable(QCP::stNone);
            graph->setLayerUnder(m_plot->layer(QStringLiteral("labels")));
            m_ceilings.push_back(graph);
        }
    }
    for (std::size_t i = 0; i < m_ceilingLines.size(); ++i) {
        const core::RooflineLine& line = m_ceilingLines[i];
        m_ceilings[i]->setData({line.x0, line.x1}, {line.y0, line.y1}, true);
        m_ceilings[i]->setName(tr("%1 ceiling").arg(ceilingName(line.precision)));
    }
    const bool hasMemoryLine =
        m_memoryLine.x0 > 0 && m_memoryLine.y0 > 0; // a device without bandwidth has none
    m_memorySlope->setVisible(hasMemoryLine);
    if (hasMemoryLine)
        m_memorySlope->setData({m_memoryLine.x0, m_memoryLine.x1}, {m_memoryLine.y0, m_memoryLine.y1}, true);
    else
        m_memorySlope->data()->clear();
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        m_links[i]->setVisible(hasLink[i]);
        if (hasLink[i])
            m_links[i]->setData({m_linkLines[i].x0, m_linkLines[i].x1},
                                {m_linkLines[i].y0, m_linkLines[i].y1}, true);
        else
            m_links[i]->data()->clear();
    }
    return hasLink;
}

std::vector<RooflineWidget::CeilingGroup> RooflineWidget::showCeilingLabels()
{
    std::vector<CeilingGroup> groups;
    for (const core::RooflineLine& line : m_ceilingLines) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const CeilingGroup& group) {
            return std::fabs(group.flopsPerSecond - line.y0) <= 1e-9 * std::fabs(line.y0);
        });
        const QString name = ceilingName(line.precision);
        if (it == groups.end()) {
            groups.push_back({line.y0, {name}, line.active, line.x0});
        } else {
            if (line.active)
                it->names.prepend(name); // the active precision reads first
            else
                it->names.append(name);
            it->active = it->active || line.active;
        }
    }
    std::size_t labelCount = 0;
    for (const CeilingGroup& group : groups) {
        if (labelCount == m_ceilingLabels.size())
            m_ceilingLabels.push_back({newLabel(), 0, 0, false});
        CeilingLabel& label = m_ceilingLabels[labelCount++];
        label.flopsPerSecond = group.flopsPerSecond;
        label.startIntensity = group.startIntensity;
        label.active = group.active;
        const QString value = formatFlops(group.flopsPerSecond);
        QStringList variants = {tr("%1 %2").arg(group.names.join(QStringLiteral(", ")), value)};
        if (group.names.size() > 1) // the first name alone when the list does not fit
            variants << tr("%1 %2").arg(group.names.front(), value);
        variants << group.names.front(); // the name without its figure (the tooltip has it)
        setVariants(label.item, variants);
    }
    while (m_ceilingLabels.size() > labelCount) { // another device with fewer distinct ceilings
        m_variants.remove(m_ceilingLabels.back().item);
        m_plot->removeItem(m_ceilingLabels.back().item);
        m_ceilingLabels.pop_back();
    }
    return groups;
}

void RooflineWidget::showLineLabels(const core::RooflineInfo& roof,
                                    const std::array<bool, kLinkCount>& hasLink)
{
    const QString hostRate = formatBandwidth(roof.hostLinkBytesPerSecond);
    const QString diskRate = formatBandwidth(roof.diskBytesPerSecond);
    const QString linkRate = formatBandwidth(roof.interconnectBytesPerSecond);
    // The name alone last: a crowded slope still says which line it is (the tooltip has the rate).
    setVariants(m_memoryLabel,
                {tr("Memory %1").arg(formatBandwidth(roof.memoryBandwidthBytesPerSecond)), tr("Memory")});
    setVariants(m_linkLabels[0], {tr("Host link %1 (offload)").arg(hostRate),
                                  tr("Host link %1").arg(hostRate), tr("Host link")});
    setVariants(m_linkLabels[1],
                {tr("Disk %1 (offload)").arg(diskRate), tr("Disk %1").arg(diskRate), tr("Disk")});
    setVariants(m_linkLabels[2],
                {tr("Interconnect %1").arg(linkRate), tr("Link %1").arg(linkRate), tr("Interconnect")});
    for (std::size_t i = 0; i < m_linkLabels.size(); ++i) {
        if (!hasLink[i])
            m_linkLabels[i]->setVisible(false);
    }
}

void RooflineWidget::showRidge()
{
    m_ridgeMarker->position->setCoords(m_chart.ridgeIntensity, m_chart.ridgeFlopsPerSecond);
    m_ridgeMarker->setVisible(m_chart.ridgeIntensity > 0 && m_chart.ridgeFlopsPerSecond > 0);
    const QString ridge = formatIntensity(m_chart.ridgeIntensity);
    setVariants(m_ridgeLabel,
                {tr("Ridge %1 FLOP/B").arg(ridge), tr("Ridge\n%1 FLOP/B").arg(ridge), tr("Ridge")});
}

void RooflineWidget::showPoints(bool pinned)
{
    for (PhaseItems& items : m_phases) {
        items.point->data()->clear();
        items.ideal->data()->clear();
        items.point->setVisible(false);
        items.ideal->setVisible(false);
        items.gapLine->setVisible(false);
        items.label->setVisible(false);
        items.idealLabel->setVisible(false);
    }
    for (const core::RooflinePoint& point : m_chart.points) {
        PhaseItems& items = m_phases[static_cast<std::size_t>(point.phase)];
        // Both views of every phase: the calibrated estimate, filled and labelled with its
        // bound, and the ideal (datasheet-peak) roofline estimate, hollow, joined by a dotted
        // line when they differ by more than 5 %.
        items.point->setData({point.intensity}, {point.achievedFlopsPerSecond}, true);
        items.point->setVisible(true);
        const QString phase = pinned ? tr("B · %1").arg(phaseName(point.phase)) : phaseName(point.phase);
        const QString bound = widgets::boundName(point.bound);
        const QString rate = formatFlops(point.achievedFlopsPerSecond);
        setVariants(items.label,
                    {tr("%1 — %2, %3").arg(phase, bound, rate), tr("%1 — %2\n%3").arg(phase, bound, rate),
                     tr("%1 —\n%2").arg(phase, bound)});
        if (point.idealFlopsPerSecond > 0) {
            items.ideal->setData({point.intensity}, {point.idealFlopsPerSecond}, true);
            items.ideal->setVisible(true);
            const QString idealRate = formatFlops(point.idealFlopsPerSecond);
            setVariants(items.idealLabel, {tr("ideal %1").arg(idealRate), tr("ideal\n%1").arg(idealRate)});
            const bool gap = point.achievedFlopsPerSecond < kIdealGapFraction * point.idealFlopsPerSecond;
            items.gapLine->start->setCoords(point.intensity, point.idealFlopsPerSecond);
            items.gapLine->end->setCoords(point.intensity, point.achievedFlopsPerSecond);
            items.gapLine->setVisible(gap);
        }
    }
}

// Compare A/B: the pinned report's calibrated points (its ideal points are left out: two sets of
// filled and hollow markers would be four per phase).
void RooflineWidget::showPinnedPoints()
{
    for (PhaseItems& items : m_phases) {
        items.pinnedPoint->data()->clear();
        items.pinnedPoint->setVisible(false);
        items.pinnedLabel->setVisible(false);
        items.pinnedLeader->setVisible(false);
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points) {
        PhaseItems& items = m_phases[static_cast<std::size_t>(point.phase)];
        items.pinnedPoint->setData({point.intensity}, {point.achievedFlopsPerSecond}, true);
        items.pinnedPoint->setVisible(true);
        const QString phase = tr("A · %1").arg(phaseName(point.phase));
        const QString bound = widgets::boundName(point.bound);
        const QString rate = formatFlops(point.achievedFlopsPerSecond);
        setVariants(items.pinnedLabel,
                    {tr("%1 — %2, %3").arg(phase, bound, rate), tr("%1 — %2\n%3").arg(phase, bound, rate),
                     tr("%1 —\n%2").arg(phase, bound), phase,
                     tr("A")}); // the crossed marker and the key say the rest
    }
}

// Compare A/B: A's roof, when it differs from the report's: its slope up to its own ridge, then
// its active ceiling.
void RooflineWidget::showPinnedRoof(const core::Report& report, const core::Report* pinned, double xMax)
{
    m_showsPinnedRoof = pinned && core::roofsDiffer(*pinned, report);
    m_pinnedCeiling = {};
    m_pinnedRoof->data()->clear();
    m_pinnedRoof->setVisible(false);
    m_pinnedRoofLabel->setVisible(false);
    if (!m_showsPinnedRoof)
        return;
    core::RooflineLine slope{};
    for (const core::RooflineLine& line : m_pinnedChart.lines) {
        if (line.kind == RooflineLineKind::MemorySlope)
            slope = line;
        else if (line.kind == RooflineLineKind::ComputeCeiling && line.active)
            m_pinnedCeiling = line;
    }
    if (!(slope.x0 > 0 && m_pinnedCeiling.x0 > 0)) {
        m_showsPinnedRoof = false;
        return;
    }
    m_pinnedRoof->setData({slope.x0, m_pinnedCeiling.x0, xMax},
                          {slope.y0, m_pinnedCeiling.y0, m_pinnedCeiling.y0}, true);
    m_pinnedRoof->setVisible(true);
    setVariants(m_pinnedRoofLabel,
                {tr("A's roof: %1 %2")
                     .arg(QString::fromStdString(pinned->deviceName), formatFlops(m_pinnedCeiling.y0)),
                 tr("A's roof %1").arg(formatFlops(m_pinnedCeiling.y0))});
}

void RooflineWidget::showKey(bool pinned)
{
    if (!pinned) {
        setVariants(m_keyLabel, {tr("● calibrated estimate\n○ ideal roofline (datasheet peaks)"),
                                 tr("● calibrated  ○ ideal")});
        return;
    }
    QStringList key{tr("● ■ ▲ B: current scenario"), tr("⊗ ⊠ ▽ A: pinned scenario"),
                    tr("○ ideal roofline (B, datasheet peaks)")};
    QStringList shortKey{tr("● B current  ⊗ A pinned"), tr("○ ideal (B)")};
    if (m_showsPinnedRoof) {
        key << tr("–·– A's roof");
        shortKey << tr("–·– A's roof");
    }
    setVariants(m_keyLabel, {key.join(QLatin1Char('\n')), shortKey.join(QLatin1Char('\n'))});
}

QString RooflineWidget::describe(const core::Report& report, const std::vector<CeilingGroup>& groups,
                                 const std::array<bool, kLinkCount>& hasLink) const
{
    const core::RooflineInfo& roof = report.roofline;
    QStringList ceilings;
    for (const CeilingGroup& group : groups)
        ceilings << tr("%1 %2").arg(group.names.join(QStringLiteral(", ")),
                                    formatFlops(group.flopsPerSecond));
    QStringList sentences;
    sentences
        << tr("Roofline of %1: memory bandwidth %2, compute ceilings %3 (%4 is the scenario's precision), "
              "ridge at %5 FLOP/B")
               .arg(QString::fromStdString(report.deviceName),
                    formatBandwidth(roof.memoryBandwidthBytesPerSecond), ceilings.join(QStringLiteral("; ")),
                    ceilingName(roof.peakPrecision), formatIntensity(m_chart.ridgeIntensity));
    if (hasLink[0])
        sentences << tr("Offloaded data streams over the host link at %1")
                         .arg(formatBandwidth(roof.hostLinkBytesPerSecond));
    if (hasLink[1])
        sentences
            << tr("Offloaded data is read from disk at %1").arg(formatBandwidth(roof.diskBytesPerSecond));
    if (hasLink[2])
        sentences << tr("Collectives cross the interconnect at %1")
                         .arg(formatBandwidth(roof.interconnectBytesPerSecond));
    for (const core::RooflinePoint& point : m_chart.points) {
        sentences << tr("%1: %2 FLOP/B, %3 bound, calibrated %4, ideal roofline %5")
                         .arg(phaseName(point.phase), formatIntensity(point.intensity),
                              widgets::boundName(point.bound), formatFlops(point.achievedFlopsPerSecond),
                              formatFlops(point.idealFlopsPerSecond));
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points) {
        sentences << tr("Pinned A, %1: %2 FLOP/B, %3 bound, calibrated %4")
                         .arg(phaseName(point.phase), formatIntensity(point.intensity),
                              widgets::boundName(point.bound), formatFlops(point.achievedFlopsPerSecond));
    }
    if (m_showsPinnedRoof)
        sentences << m_variants.value(m_pinnedRoofLabel).value(0);
    return sentences.join(QStringLiteral(". ")) + QLatin1Char('.');
}

void RooflineWidget::applyPalette()
{
    const auto [text, base, grid, dark] = styleFromPalette(90);
    QColor faint = text;
    faint.setAlpha(120);
    const QColor secondary = QColor::fromRgbF(0.55f * text.redF() + 0.45f * base.redF(),
                                              0.55f * text.greenF() + 0.45f * base.greenF(),
                                              0.55f * text.blueF() + 0.45f * base.blueF());

    // The roof (memory slope and the active ceiling) solid and thick; other ceilings dashed, lighter.
    const double w = presentationScale();
    m_memorySlope->setPen(QPen(text, 2.5 * w));
    for (std::size_t i = 0; i < m_ceilings.size() && i < m_ceilingLines.size(); ++i)
        m_ceilings[i]->setPen(m_ceilingLines[i].active ? QPen(text, 2.5 * w)
                                                       : QPen(faint, 1.2 * w, Qt::DashLine));
    const QColor offload = boundColor(core::Bound::Offload);
    const QColor communication = boundColor(core::Bound::Communication);
    m_links[0]->setPen(QPen(offload, 2 * w, Qt::DashLine));
    m_links[1]->setPen(QPen(offload, 2 * w, Qt::DotLine));
    m_links[2]->setPen(QPen(communication, 2 * w, Qt::DashLine));

    QColor labelBackground = base;
    labelBackground.setAlpha(200);
    auto styleLabel = [&](QCPItemText* label, const QColor& colour, bool bold) {
        label->setFont(chartFont(kMinimumPointSize, bold));
        label->setColor(colour);
        label->setBrush(labelBackground);
        label->setPen(Qt::NoPen);
    };
    for (CeilingLabel& label : m_ceilingLabels) {
        styleLabel(label.item, label.active ? text : secondary, label.active);
        label.item->setPadding(label.active ? QMargins(3, 1, 3, 1) : QMargins(3, 0, 3, 0));
        // Secondary ceilings often sit a factor of two apart: a slightly smaller font fits between.
        if (!label.active)
            label.item->setFont(chartFont(kMinimumPointSize - 1));
    }
    for (int i = 0; i < kPhaseCount; ++i)
        m_phases[static_cast<std::size_t>(i)].leader->setPen(
            QPen(phaseColor(static_cast<RooflinePhase>(i)), 1));
    m_ridgeLeader->setPen(QPen(text, 1));
    styleLabel(m_memoryLabel, text, true);
    // Coloured text a little darker on a light background, lighter on a dark one, and at least
    // 4.5:1 against it (WCAG AA) either way.
    // Init-captures: clang 14, which clang-tidy and clazy use, cannot capture a structured binding.
    auto readable = [dark = dark, base = base](const QColor& colour) {
        return readableOn(dark ? colour.lighter(150) : colour.darker(120), base);
    };
    styleLabel(m_linkLabels[0], readable(offload), false);
    styleLabel(m_linkLabels[1], readable(offload), false);
    styleLabel(m_linkLabels[2], readable(communication), false);
    styleLabel(m_ridgeLabel, text, false);
    styleLabel(m_keyLabel, text, false);

    m_ridgeMarker->setPen(QPen(text, 2 * w));

    for (int i = 0; i < kPhaseCount; ++i) {
        const auto phase = static_cast<RooflinePhase>(i);
        PhaseItems& items = m_phases[static_cast<std::size_t>(i)];
        const QColor colour = phaseColor(phase);
        items.point->setScatterStyle(QCPScatterStyle(phaseShape(phase), QPen(colour.darker(130), 1.5 * w),
                                                     QBrush(colour), kMarkerSize * w));
        items.ideal->setScatterStyle(
            QCPScatterStyle(phaseShape(phase), QPen(colour, 2 * w), QBrush(base), kMarkerSize * w));
        items.gapLine->setPen(QPen(colour, 1.2 * w, Qt::DotLine));
        styleLabel(items.label, readable(colour), true);
        styleLabel(items.idealLabel, readable(colour), false);
        // The pinned set: the crossed outline on the background, a thicker pen so the cross reads.
        items.pinnedPoint->setScatterStyle(QCPScatterStyle(pinnedShape(phase),
                                                           QPen(dark ? colour : colour.darker(120), 2.2 * w),
                                                           QBrush(base), (kMarkerSize + 2) * w));
        items.pinnedLeader->setPen(QPen(colour, 1));
        styleLabel(items.pinnedLabel, readable(colour), true);
    }
    m_pinnedRoof->setPen(QPen(secondary, 2 * w, Qt::DashDotLine));
    styleLabel(m_pinnedRoofLabel, text, false);
}

int RooflineWidget::phaseIndexOf(const QCPAbstractPlottable* plottable) const
{
    for (int i = 0; i < kPhaseCount; ++i) {
        const PhaseItems& items = m_phases[static_cast<std::size_t>(i)];
        if (items.point == plottable || items.ideal == plottable)
            return i;
    }
    return -1;
}

void RooflineWidget::onPlottableClick(QCPAbstractPlottable* plottable)
{
    const int index = phaseIndexOf(plottable);
    if (index >= 0)
        emit pointClicked(static_cast<RooflinePhase>(index));
}

QString RooflineWidget::describePlottable(const QCPAbstractPlottable* plottable) const
{
    const int phase = phaseIndexOf(plottable);
    if (phase >= 0) {
        for (const core::RooflinePoint& point : m_chart.points) {
            if (static_cast<int>(point.phase) == phase)
                return tr("%1: %2 FLOP/B, %3 bound\nattainable %4, achieved %5")
                    .arg(phaseName(point.phase), formatIntensity(point.intensity),
                         widgets::boundName(point.bound), formatFlops(point.attainableFlopsPerSecond),
                         formatFlops(point.achievedFlopsPerSecond));
        }
        return {};
    }
    for (int i = 0; i < kPhaseCount; ++i) {
        if (plottable != m_phases[static_cast<std::size_t>(i)].pinnedPoint)
            continue;
        for (const core::RooflinePoint& point : m_pinnedChart.points) {
            if (static_cast<int>(point.phase) == i)
                return tr("A · %1: %2 FLOP/B, %3 bound\nattainable %4, achieved %5")
                    .arg(phaseName(point.phase), formatIntensity(point.intensity),
                         widgets::boundName(point.bound), formatFlops(point.attainableFlopsPerSecond),
                         formatFlops(point.achievedFlopsPerSecond));
        }
    }
    if (plottable == m_pinnedRoof)
        return m_variants.value(m_pinnedRoofLabel).value(0);
    if (plottable == m_memorySlope)
        return m_variants.value(m_memoryLabel).value(0);
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        if (plottable == m_links[i])
            return m_variants.value(m_linkLabels[i]).value(0);
    }
    for (std::size_t i = 0; i < m_ceilings.size() && i < m_ceilingLines.size(); ++i) {
        if (m_ceilings[i] == plottable)
            return tr("%1 ceiling %2")
                .arg(ceilingName(m_ceilingLines[i].precision), formatFlops(m_ceilingLines[i].y0));
    }
    return {};
}

void RooflineWidget::onMouseMove(QMouseEvent* event)
{
    m_plot->setToolTip(describePlottable(m_plot->plottableAt(event->position(), false)));
}

} // namespace lhe::widgets
