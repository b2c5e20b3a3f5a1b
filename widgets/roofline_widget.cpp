#include "widgets/roofline_widget.h"

#include "core/comparison.h"
#include "widgets/chart_palette.h"
#include "widgets/qcustomplot_include.h"
#include "widgets/qt_text.h"
#include "widgets/theme.h"
#include "widgets/value_format.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHash>
#include <QLocale>
#include <QStringList>
#include <QTransform>
#include <QVBoxLayout>
#include <QWindow>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace lhe::widgets {

using core::RooflineLineKind;
using core::RooflinePhase;

namespace {

constexpr int kPhaseCount = 3;
constexpr double kMarkerSize = 11;            // px
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

// Greedy label placement in pixel space: each label tries its candidate spots in order and takes
// the first that stays inside the plot area and touches nothing; otherwise a required label takes
// the cheapest spot (crossing a faint line costs little, covering another label a lot) and an
// optional one is hidden.
struct Candidate
{
    QPointF anchor;
    Qt::Alignment alignment;
    double rotationDegrees = 0;
    int penalty = 0; // distance from the preferred spot, in the units of the obstacle costs
};

struct Obstacle
{
    QPolygonF shape;
    int owner = -1; // a label ignores obstacles of its own owner (its line, its marker)
    int cost = 1;
    QRectF bounds = shape.boundingRect(); // cheap reject before the exact polygon test
};

constexpr int kCostFaintLine = 2;
constexpr int kCostLine = 10;
constexpr int kCostMarker = 50;
constexpr int kCostLabel = 100;

class LabelPlacer
{
public:
    explicit LabelPlacer(const QRectF& area) : m_area(area) {}

    void addSegment(QPointF a, QPointF b, int owner, int cost, double halfWidth = 1.5)
    {
        const QLineF line(a, b);
        if (line.length() <= 0)
            return;
        const QPointF normal = QPointF(-line.dy(), line.dx()) / line.length() * halfWidth;
        m_obstacles.push_back(
            {QPolygonF({a + normal, b + normal, b - normal, a - normal, a + normal}), owner, cost});
    }
    void addRect(const QRectF& rect, int owner, int cost)
    {
        m_obstacles.push_back({QPolygonF(rect), owner, cost});
    }

    // Tries every text variant (longest first) at every candidate spot; returns the spot taken
    // (its outline), or an empty polygon when the label is hidden.
    QPolygonF place(QCPItemText* item, QStringList variants, int owner,
                    const std::vector<Candidate>& candidates, bool required)
    {
        if (variants.isEmpty())
            variants << item->text();
        int bestVariant = -1;
        int best = -1;
        int bestCost = 0;
        int bestCollisions = 0;
        QPolygonF bestShape;
        const QRectF area = m_area.adjusted(-1, -1, 1, 1);
        for (int v = 0; v < variants.size(); ++v) {
            const QSizeF size = boxSize(item, variants[v]); // text layout once per variant, not per spot
            for (std::size_t i = 0; i < candidates.size(); ++i) {
                const QPolygonF shape = labelShape(size, candidates[i]);
                if (!area.contains(shape.boundingRect()))
                    continue;
                const int collisions = costOf(shape, owner);
                const int cost = collisions + candidates[i].penalty + 3 * v;
                if (best < 0 || cost < bestCost) {
                    bestVariant = v;
                    best = static_cast<int>(i);
                    bestCost = cost;
                    bestCollisions = collisions;
                    bestShape = shape;
                }
            }
        }
        if (best < 0 && required && !candidates.empty()) {
            bestVariant = static_cast<int>(variants.size()) - 1;
            best = 0;
            bestShape = labelShape(boxSize(item, variants.back()), candidates.front());
        }
        if (best < 0 || (bestCollisions > 0 && !required)) {
            item->setVisible(false);
            return {};
        }
        const Candidate& c = candidates[static_cast<std::size_t>(best)];
        item->setText(variants[bestVariant]);
        item->position->setType(QCPItemPosition::ptAbsolute);
        item->position->setCoords(c.anchor);
        item->setPositionAlignment(c.alignment);
        item->setRotation(c.rotationDegrees);
        item->setVisible(true);
        m_obstacles.push_back({bestShape, -1, kCostLabel});
        return bestShape;
    }

private:
    // The box QCPItemText draws: text rectangle plus padding. Text layout is the expensive part
    // of placing labels (callgrind: most of a slider step), so sizes are cached by font and text.
    static QSizeF boxSize(const QCPItemText* item, const QString& text)
    {
        static QHash<QString, QSizeF> cache;
        const QString key = item->font().key() + QLatin1Char('\x1f') + QString::number(int(item->textAlignment())) +
                            QLatin1Char('\x1f') + text;
        auto it = cache.constFind(key);
        if (it == cache.constEnd()) {
            if (cache.size() > 4096)
                cache.clear();
            const QFontMetricsF metrics(item->font());
            const QRectF bounds = metrics.boundingRect(QRectF(), Qt::TextDontClip | item->textAlignment(), text);
            it = cache.insert(key, bounds.size());
        }
        const QMargins pad = item->padding();
        // QCPItemText rounds to whole pixels; 1 px of slack on each side keeps labels apart.
        return {std::ceil(it->width()) + pad.left() + pad.right() + 2, std::ceil(it->height()) + pad.top() + pad.bottom() + 2};
    }

    // That box aligned on the candidate's anchor and rotated about it.
    static QPolygonF labelShape(QSizeF size, const Candidate& c)
    {
        const double w = size.width();
        const double h = size.height();
        double x = -w / 2;
        double y = -h / 2;
        if (c.alignment & Qt::AlignLeft)
            x = -1;
        else if (c.alignment & Qt::AlignRight)
            x = 1 - w;
        if (c.alignment & Qt::AlignTop)
            y = -1;
        else if (c.alignment & Qt::AlignBottom)
            y = 1 - h;
        QTransform transform;
        transform.translate(c.anchor.x(), c.anchor.y());
        transform.rotate(c.rotationDegrees);
        return transform.map(QPolygonF(QRectF(x, y, w, h)));
    }

    int costOf(const QPolygonF& shape, int owner) const
    {
        int cost = 0;
        const QRectF bounds = shape.boundingRect();
        for (const Obstacle& obstacle : m_obstacles) {
            if (owner >= 0 && obstacle.owner == owner)
                continue;
            // QPolygonF::intersects builds painter paths: most of a slider step before this check.
            if (!bounds.intersects(obstacle.bounds))
                continue;
            if (shape.intersects(obstacle.shape))
                cost += obstacle.cost;
        }
        return cost;
    }

    QRectF m_area;
    std::vector<Obstacle> m_obstacles;
};

// Obstacle owners.
constexpr int kOwnerMemorySlope = 1;
constexpr int kOwnerLinkBase = 40; // + link slot (host link, disk, interconnect)
constexpr int kOwnerRidge = 3;
constexpr int kOwnerPhaseBase = 10;    // + phase
constexpr int kOwnerPinnedBase = 20;   // + phase: the pinned report's points (Compare A/B)
constexpr int kOwnerPinnedRoof = 30;
constexpr int kOwnerCeilingBase = 100; // + ceiling label index

// Slot of a link slope in the widget's arrays.
std::size_t linkSlot(RooflineLineKind kind)
{
    switch (kind) {
    case RooflineLineKind::DiskSlope: return 1;
    case RooflineLineKind::InterconnectSlope: return 2;
    default: return 0;
    }
}

} // namespace

RooflineWidget::RooflineWidget(QWidget* parent) : ChartWidget(parent)
{
    setAccessibleName(tr("Roofline"));

    m_plot->setAutoAddPlottableToLegend(false);
    // Layers, bottom to top: lines ("main"), label boxes, markers (never hidden by a label).
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->addLayer(QStringLiteral("markers"), m_plot->layer(QStringLiteral("labels")),
                     QCustomPlot::limAbove);

    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    for (QCPAxis* axis : {x, y}) {
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(8);
        axis->setTicker(ticker);
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->grid()->setSubGridVisible(false);
    }
    x->setNumberFormat(QStringLiteral("gb"));
    x->setNumberPrecision(6);
    y->setNumberFormat(QStringLiteral("eb"));
    y->setNumberPrecision(0);

    m_plot->legend->setVisible(false); // direct labels name every point and line

    m_memorySlope = m_plot->addGraph();
    for (QCPGraph*& link : m_links)
        link = m_plot->addGraph();
    m_memorySlope->setLineStyle(QCPGraph::lsLine);
    m_memorySlope->setSelectable(QCP::stNone);
    for (QCPGraph* graph : m_links) {
        graph->setLineStyle(QCPGraph::lsLine);
        graph->setSelectable(QCP::stNone);
    }

    for (int i = 0; i < kPhaseCount; ++i) {
        auto* gap = new QCPItemLine(m_plot);
        gap->setSelectable(false);
        m_gapLines[static_cast<std::size_t>(i)] = gap;

        QCPGraph* ideal = m_plot->addGraph();
        QCPGraph* point = m_plot->addGraph();
        for (QCPGraph* graph : {ideal, point}) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setSelectable(QCP::stNone);
            graph->setVisible(false);
            graph->setLayer(QStringLiteral("markers"));
        }
        m_ideal[static_cast<std::size_t>(i)] = ideal;
        m_points[static_cast<std::size_t>(i)] = point;
        m_pointLabels[static_cast<std::size_t>(i)] = newLabel();
        m_idealLabels[static_cast<std::size_t>(i)] = newLabel();
    }
    m_pinnedRoof = m_plot->addGraph();
    m_pinnedRoof->setLineStyle(QCPGraph::lsLine);
    m_pinnedRoof->setSelectable(QCP::stNone);
    m_pinnedRoof->setVisible(false);
    m_pinnedRoofLabel = newLabel();
    for (int i = 0; i < kPhaseCount; ++i) {
        const auto index = static_cast<std::size_t>(i);
        QCPGraph* pinned = m_plot->addGraph();
        pinned->setLineStyle(QCPGraph::lsNone);
        pinned->setSelectable(QCP::stNone);
        pinned->setVisible(false);
        pinned->setLayer(QStringLiteral("markers"));
        m_pinnedPoints[index] = pinned;
        m_pinnedLabels[index] = newLabel();
        auto* leader = new QCPItemLine(m_plot);
        leader->setLayer(QStringLiteral("labels"));
        leader->setSelectable(false);
        leader->setVisible(false);
        m_pinnedLeaders[index] = leader;
    }

    m_ridgeMarker = new QCPItemTracer(m_plot);
    m_ridgeMarker->setLayer(QStringLiteral("markers"));
    m_ridgeMarker->setStyle(QCPItemTracer::tsPlus);
    m_ridgeMarker->setSize(14);
    m_ridgeMarker->setSelectable(false);
    m_ridgeMarker->position->setType(QCPItemPosition::ptPlotCoords);
    m_ridgeLabel = newLabel();
    for (QCPItemLine*& leader : m_leaders) {
        leader = new QCPItemLine(m_plot);
        leader->setLayer(QStringLiteral("labels"));
        leader->setSelectable(false);
        leader->setVisible(false);
    }
    m_memoryLabel = newLabel();
    for (QCPItemText*& label : m_linkLabels)
        label = newLabel();
    m_keyLabel = newLabel();
    m_keyLabel->setTextAlignment(Qt::AlignLeft);

    connect(m_plot, &QCustomPlot::afterLayout, this, &RooflineWidget::placeLabels);
    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable* plottable, int, QMouseEvent*) { onPlottableClick(plottable); });
    connect(m_plot, &QCustomPlot::itemClick, this, [this](QCPAbstractItem* item, QMouseEvent*) {
        for (int i = 0; i < kPhaseCount; ++i) {
            const auto index = static_cast<std::size_t>(i);
            if (item == m_pointLabels[index] || item == m_idealLabels[index])
                emit pointClicked(static_cast<RooflinePhase>(i));
        }
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineWidget::onMouseMove);

    retranslateUi();
    applyPalette();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflineWidget::retranslateUi()
{
    // Each point counts the bytes of the resource that bounds it (core/report.h), so that it sits
    // under that resource's roof: device memory, or the interconnect, host link or disk line.
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte of the bounding resource)"));
    m_plot->yAxis->setLabel(tr("Attainable FLOP/s"));
    m_memorySlope->setName(tr("Memory bandwidth"));
    const QString linkNames[kLinkCount] = {tr("Host link"), tr("Disk"), tr("Interconnect")};
    for (int i = 0; i < kLinkCount; ++i)
        m_links[static_cast<std::size_t>(i)]->setName(linkNames[i]);
    for (int i = 0; i < kPhaseCount; ++i) {
        const auto index = static_cast<std::size_t>(i);
        const QString phase = phaseName(static_cast<RooflinePhase>(i));
        m_ideal[index]->setName(tr("%1 (ideal roofline)").arg(phase));
        m_points[index]->setName(tr("%1 (calibrated)").arg(phase));
        m_pinnedPoints[index]->setName(tr("A · %1 (pinned)").arg(phase));
    }
    m_pinnedRoof->setName(tr("A's roof"));
    if (m_report) {
        // setReport() assigns both.
        const core::Report report = *m_report;
        const std::optional<core::Report> pinned = m_pinnedReport;
        setReport(report, pinned ? &*pinned : nullptr);
    } else {
        setVariants(m_keyLabel, {tr("● calibrated estimate\n○ ideal roofline (datasheet peaks)"),
                                 tr("● calibrated  ○ ideal")});
    }
}

QCPItemText* RooflineWidget::newLabel()
{
    auto* label = new QCPItemText(m_plot);
    label->setLayer(QStringLiteral("labels"));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setSelectable(false);
    label->setVisible(false);
    return label;
}

void RooflineWidget::setVariants(QCPItemText* label, const QStringList& variants)
{
    m_variants.insert(label, variants);
    label->setText(variants.value(0));
}

QCPGraph* RooflineWidget::pointGraph(RooflinePhase phase) const
{
    return m_points[static_cast<std::size_t>(phase)];
}

QCPGraph* RooflineWidget::pinnedPointGraph(RooflinePhase phase) const
{
    return m_pinnedPoints[static_cast<std::size_t>(phase)];
}

QString RooflineWidget::pointLabelText(RooflinePhase phase, bool pinned) const
{
    const QCPItemText* label = (pinned ? m_pinnedLabels : m_pointLabels)[static_cast<std::size_t>(phase)];
    return m_variants.value(label).value(0);
}

QString RooflineWidget::keyText() const
{
    return m_variants.value(m_keyLabel).value(0);
}

QCPGraph* RooflineWidget::idealGraph(RooflinePhase phase) const
{
    return m_ideal[static_cast<std::size_t>(phase)];
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
    m_report = report;
    m_pinnedReport = pinned ? std::optional<core::Report>(*pinned) : std::nullopt;
    m_chart = core::rooflineChart(report);
    m_hasReport = true;
    m_hasPinned = pinned != nullptr;
    m_pinnedChart = pinned ? core::rooflineChart(*pinned) : core::RooflineChart{};
    const core::RooflineInfo& roof = report.roofline;

    // Axes: the chart's whole decades (a fallback only guards against a degenerate device); with
    // a pinned report, the frame holding both.
    core::RooflineFrame frame{m_chart.xMin, m_chart.xMax, m_chart.yMin, m_chart.yMax};
    if (pinned)
        frame = core::sharedRooflineFrame(m_chart, m_pinnedChart);
    const bool xValid = validRange(frame.xMin, frame.xMax);
    const bool yValid = validRange(frame.yMin, frame.yMax);
    fitView(QCPRange(xValid ? frame.xMin : 0.01, xValid ? frame.xMax : 1e4),
            QCPRange(yValid ? frame.yMin : 1e9, yValid ? frame.yMax : 1e16));

    // Lines. Ceilings are rebuilt only when their number changes (another device).
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
            QCPGraph* graph = m_plot->addGraph();
            graph->setLineStyle(QCPGraph::lsLine);
            graph->setSelectable(QCP::stNone);
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
            m_links[i]->setData({m_linkLines[i].x0, m_linkLines[i].x1}, {m_linkLines[i].y0, m_linkLines[i].y1}, true);
        else
            m_links[i]->data()->clear();
    }

    // Ceiling labels: one per distinct value ("bf16, fp16 989 TFLOP/s"), so equal ceilings do not
    // print on top of each other.
    std::size_t labelCount = 0;
    std::vector<std::pair<double, QStringList>> groups; // value -> precision names
    std::vector<bool> groupActive;
    std::vector<double> groupStart;
    for (const core::RooflineLine& line : m_ceilingLines) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
            return std::fabs(group.first - line.y0) <= 1e-9 * std::fabs(line.y0);
        });
        const QString name = ceilingName(line.precision);
        if (it == groups.end()) {
            groups.push_back({line.y0, {name}});
            groupActive.push_back(line.active);
            groupStart.push_back(line.x0);
        } else {
            const auto index = static_cast<std::size_t>(it - groups.begin());
            if (line.active)
                it->second.prepend(name); // the active precision reads first
            else
                it->second.append(name);
            groupActive[index] = groupActive[index] || line.active;
        }
    }
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (labelCount == m_ceilingLabels.size())
            m_ceilingLabels.push_back({newLabel(), 0, 0, false});
        CeilingLabel& label = m_ceilingLabels[labelCount++];
        label.flopsPerSecond = groups[g].first;
        label.startIntensity = groupStart[g];
        label.active = groupActive[g];
        const QString value = formatFlops(groups[g].first);
        QStringList variants = {tr("%1 %2").arg(groups[g].second.join(QStringLiteral(", ")), value)};
        if (groups[g].second.size() > 1) // the first name alone when the list does not fit
            variants << tr("%1 %2").arg(groups[g].second.front(), value);
        setVariants(label.item, variants);
    }
    while (m_ceilingLabels.size() > labelCount) { // another device with fewer distinct ceilings
        m_variants.remove(m_ceilingLabels.back().item);
        m_plot->removeItem(m_ceilingLabels.back().item);
        m_ceilingLabels.pop_back();
    }

    const QString hostRate = formatBandwidth(roof.hostLinkBytesPerSecond);
    const QString diskRate = formatBandwidth(roof.diskBytesPerSecond);
    const QString linkRate = formatBandwidth(roof.interconnectBytesPerSecond);
    setVariants(m_memoryLabel, {tr("Memory %1").arg(formatBandwidth(roof.memoryBandwidthBytesPerSecond))});
    setVariants(m_linkLabels[0], {tr("Host link %1 (offload)").arg(hostRate), tr("Host link %1").arg(hostRate)});
    setVariants(m_linkLabels[1], {tr("Disk %1 (offload)").arg(diskRate), tr("Disk %1").arg(diskRate)});
    setVariants(m_linkLabels[2], {tr("Interconnect %1").arg(linkRate), tr("Link %1").arg(linkRate)});
    for (std::size_t i = 0; i < m_linkLabels.size(); ++i) {
        if (!hasLink[i])
            m_linkLabels[i]->setVisible(false);
    }

    m_ridgeMarker->position->setCoords(m_chart.ridgeIntensity, m_chart.ridgeFlopsPerSecond);
    m_ridgeMarker->setVisible(m_chart.ridgeIntensity > 0 && m_chart.ridgeFlopsPerSecond > 0);
    const QString ridge = formatIntensity(m_chart.ridgeIntensity);
    setVariants(m_ridgeLabel, {tr("Ridge %1 FLOP/B").arg(ridge), tr("Ridge\n%1 FLOP/B").arg(ridge)});

    // Operating points.
    for (int i = 0; i < kPhaseCount; ++i) {
        const auto index = static_cast<std::size_t>(i);
        m_points[index]->data()->clear();
        m_ideal[index]->data()->clear();
        m_points[index]->setVisible(false);
        m_ideal[index]->setVisible(false);
        m_gapLines[index]->setVisible(false);
        m_pointLabels[index]->setVisible(false);
        m_idealLabels[index]->setVisible(false);
    }
    for (const core::RooflinePoint& point : m_chart.points) {
        const auto index = static_cast<std::size_t>(point.phase);
        // Both views of every phase (issue 5): the calibrated estimate, filled and labelled
        // with its bound, and the ideal (datasheet-peak) roofline estimate, hollow, joined by a
        // dotted line when they differ by more than 5 %.
        QCPGraph* graph = m_points[index];
        graph->setData({point.intensity}, {point.achievedFlopsPerSecond}, true);
        graph->setVisible(true);
        const QString phase = pinned ? tr("B · %1").arg(phaseName(point.phase)) : phaseName(point.phase);
        const QString bound = widgets::boundName(point.bound);
        const QString rate = formatFlops(point.achievedFlopsPerSecond);
        setVariants(m_pointLabels[index], {tr("%1 — %2, %3").arg(phase, bound, rate),
                                           tr("%1 — %2\n%3").arg(phase, bound, rate), tr("%1 —\n%2").arg(phase, bound)});
        if (point.idealFlopsPerSecond > 0) {
            QCPGraph* ideal = m_ideal[index];
            ideal->setData({point.intensity}, {point.idealFlopsPerSecond}, true);
            ideal->setVisible(true);
            const QString idealRate = formatFlops(point.idealFlopsPerSecond);
            setVariants(m_idealLabels[index],
                        {tr("ideal %1").arg(idealRate), tr("ideal\n%1").arg(idealRate)});
            const bool gap = point.achievedFlopsPerSecond < kIdealGapFraction * point.idealFlopsPerSecond;
            m_gapLines[index]->start->setCoords(point.intensity, point.idealFlopsPerSecond);
            m_gapLines[index]->end->setCoords(point.intensity, point.achievedFlopsPerSecond);
            m_gapLines[index]->setVisible(gap);
        }
    }

    // Compare A/B: the pinned report's calibrated points (its ideal points are left out: two sets
    // of filled and hollow markers would be four per phase) and, when it differs, its roof.
    for (int i = 0; i < kPhaseCount; ++i) {
        const auto index = static_cast<std::size_t>(i);
        m_pinnedPoints[index]->data()->clear();
        m_pinnedPoints[index]->setVisible(false);
        m_pinnedLabels[index]->setVisible(false);
        m_pinnedLeaders[index]->setVisible(false);
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points) {
        const auto index = static_cast<std::size_t>(point.phase);
        m_pinnedPoints[index]->setData({point.intensity}, {point.achievedFlopsPerSecond}, true);
        m_pinnedPoints[index]->setVisible(true);
        const QString phase = tr("A · %1").arg(phaseName(point.phase));
        const QString bound = widgets::boundName(point.bound);
        const QString rate = formatFlops(point.achievedFlopsPerSecond);
        setVariants(m_pinnedLabels[index], {tr("%1 — %2, %3").arg(phase, bound, rate),
                                            tr("%1 — %2\n%3").arg(phase, bound, rate), tr("%1 —\n%2").arg(phase, bound),
                                            phase, tr("A")}); // the crossed marker and the key say the rest
    }
    m_showsPinnedRoof = pinned && core::roofsDiffer(*pinned, report);
    m_pinnedCeiling = {};
    m_pinnedRoof->data()->clear();
    m_pinnedRoof->setVisible(false);
    m_pinnedRoofLabel->setVisible(false);
    if (m_showsPinnedRoof) {
        core::RooflineLine slope{};
        for (const core::RooflineLine& line : m_pinnedChart.lines) {
            if (line.kind == RooflineLineKind::MemorySlope)
                slope = line;
            else if (line.kind == RooflineLineKind::ComputeCeiling && line.active)
                m_pinnedCeiling = line;
        }
        // The roof A runs under: its slope up to its own ridge, then its active ceiling.
        if (slope.x0 > 0 && m_pinnedCeiling.x0 > 0) {
            m_pinnedRoof->setData({slope.x0, m_pinnedCeiling.x0, frame.xMax},
                                  {slope.y0, m_pinnedCeiling.y0, m_pinnedCeiling.y0}, true);
            m_pinnedRoof->setVisible(true);
            setVariants(m_pinnedRoofLabel,
                        {tr("A's roof: %1 %2").arg(QString::fromStdString(pinned->deviceName),
                                                   formatFlops(m_pinnedCeiling.y0)),
                         tr("A's roof %1").arg(formatFlops(m_pinnedCeiling.y0))});
        } else {
            m_showsPinnedRoof = false;
        }
    }
    if (pinned) {
        QStringList key{tr("● ■ ▲ B: current scenario"), tr("⊗ ⊠ ▽ A: pinned scenario"),
                        tr("○ ideal roofline (B, datasheet peaks)")};
        QStringList shortKey{tr("● B current  ⊗ A pinned"), tr("○ ideal (B)")};
        if (m_showsPinnedRoof) {
            key << tr("–·– A's roof");
            shortKey << tr("–·– A's roof");
        }
        setVariants(m_keyLabel, {key.join(QLatin1Char('\n')), shortKey.join(QLatin1Char('\n'))});
    } else {
        setVariants(m_keyLabel, {tr("● calibrated estimate\n○ ideal roofline (datasheet peaks)"),
                                 tr("● calibrated  ○ ideal")});
    }

    // Screen-reader summary.
    QStringList ceilings;
    for (std::size_t g = 0; g < groups.size(); ++g)
        ceilings << tr("%1 %2").arg(groups[g].second.join(QStringLiteral(", ")),
                                    formatFlops(groups[g].first));
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
        sentences << tr("Offloaded data is read from disk at %1").arg(formatBandwidth(roof.diskBytesPerSecond));
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
    m_summary = sentences.join(QStringLiteral(". ")) + QLatin1Char('.');
    finishUpdate(m_summary);
}

void RooflineWidget::applyPalette()
{
    const auto [text, base, grid, dark] = styleFromPalette(90);
    QColor faint = text;
    faint.setAlpha(120);
    const QColor secondary = QColor::fromRgbF(0.55f * text.redF() + 0.45f * base.redF(),
                                              0.55f * text.greenF() + 0.45f * base.greenF(),
                                              0.55f * text.blueF() + 0.45f * base.blueF());

    const QFont labelFont = chartFont();

    // The roof (memory slope and the active ceiling) solid and thick; other ceilings dashed, lighter.
    const double w = presentationScale();
    m_memorySlope->setPen(QPen(text, 2.5 * w));
    for (std::size_t i = 0; i < m_ceilings.size() && i < m_ceilingLines.size(); ++i)
        m_ceilings[i]->setPen(m_ceilingLines[i].active ? QPen(text, 2.5 * w) : QPen(faint, 1.2 * w, Qt::DashLine));
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
        m_leaders[static_cast<std::size_t>(i)]->setPen(QPen(phaseColor(static_cast<RooflinePhase>(i)), 1));
    m_leaders[kPhaseCount]->setPen(QPen(text, 1));
    styleLabel(m_memoryLabel, text, true);
    // Coloured text a little darker on a light background, lighter on a dark one, and at least
    // 4.5:1 against it (WCAG AA) either way.
    auto readable = [&](const QColor& colour) {
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
        const auto index = static_cast<std::size_t>(i);
        const QColor colour = phaseColor(phase);
        m_points[index]->setScatterStyle(
            QCPScatterStyle(phaseShape(phase), QPen(colour.darker(130), 1.5 * w), QBrush(colour), kMarkerSize * w));
        m_ideal[index]->setScatterStyle(
            QCPScatterStyle(phaseShape(phase), QPen(colour, 2 * w), QBrush(base), kMarkerSize * w));
        m_gapLines[index]->setPen(QPen(colour, 1.2 * w, Qt::DotLine));
        styleLabel(m_pointLabels[index], readable(colour), true);
        styleLabel(m_idealLabels[index], readable(colour), false);
        // The pinned set: the crossed outline on the background, a thicker pen so the cross reads.
        m_pinnedPoints[index]->setScatterStyle(
            QCPScatterStyle(pinnedShape(phase), QPen(dark ? colour : colour.darker(120), 2.2 * w), QBrush(base),
                            (kMarkerSize + 2) * w));
        m_pinnedLeaders[index]->setPen(QPen(colour, 1));
        styleLabel(m_pinnedLabels[index], readable(colour), true);
    }
    m_pinnedRoof->setPen(QPen(secondary, 2 * w, Qt::DashDotLine));
    styleLabel(m_pinnedRoofLabel, text, false);
}

void RooflineWidget::placeLabels()
{
    if (!m_hasReport)
        return;
    QCPAxis* xAxis = m_plot->xAxis;
    QCPAxis* yAxis = m_plot->yAxis;
    const QRectF area = m_plot->axisRect()->rect();
    auto toPixel = [&](double x, double y) {
        return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
    };
    const QCPRange xr = xAxis->range();
    const QCPRange yr = yAxis->range();

    LabelPlacer placer(area);

    // Lines and markers are obstacles; each line's own label may touch it.
    auto addLine = [&](const core::RooflineLine& line, int owner, int cost) {
        placer.addSegment(toPixel(line.x0, line.y0), toPixel(line.x1, line.y1), owner, cost);
    };
    if (m_memorySlope->visible())
        addLine(m_memoryLine, kOwnerMemorySlope, kCostLine);
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        if (m_links[i]->visible())
            addLine(m_linkLines[i], kOwnerLinkBase + static_cast<int>(i), kCostLine);
    }
    for (const core::RooflineLine& line : m_ceilingLines) {
        int owner = -1;
        for (std::size_t l = 0; l < m_ceilingLabels.size(); ++l) {
            const CeilingLabel& label = m_ceilingLabels[l];
            if (std::fabs(label.flopsPerSecond - line.y0) <= 1e-9 * label.flopsPerSecond)
                owner = kOwnerCeilingBase + static_cast<int>(l);
        }
        addLine(line, owner, line.active ? kCostLine : kCostFaintLine);
    }
    const double markerHalf = kMarkerSize * presentationScale() / 2 + 2;
    auto markerRect = [&](QPointF p) {
        return QRectF(p.x() - markerHalf, p.y() - markerHalf, 2 * markerHalf, 2 * markerHalf);
    };
    for (const core::RooflinePoint& point : m_chart.points) {
        const int owner = kOwnerPhaseBase + static_cast<int>(point.phase);
        const auto index = static_cast<std::size_t>(point.phase);
        const QPointF bottom = toPixel(point.intensity, point.achievedFlopsPerSecond);
        placer.addRect(markerRect(bottom), owner, kCostMarker);
        if (m_ideal[index]->visible()) {
            const QPointF top = toPixel(point.intensity, point.idealFlopsPerSecond);
            placer.addRect(markerRect(top), owner, kCostMarker);
            placer.addSegment(top, bottom, owner, kCostLine);
        }
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points)
        placer.addRect(markerRect(toPixel(point.intensity, point.achievedFlopsPerSecond)),
                       kOwnerPinnedBase + static_cast<int>(point.phase), kCostMarker);
    if (m_showsPinnedRoof) {
        const QCPGraphDataContainer& roofData = *m_pinnedRoof->data();
        for (int i = 0; i + 1 < roofData.size(); ++i)
            placer.addSegment(toPixel(roofData.at(i)->key, roofData.at(i)->value),
                              toPixel(roofData.at(i + 1)->key, roofData.at(i + 1)->value), kOwnerPinnedRoof,
                              kCostLine);
    }
    const QPointF ridge = toPixel(m_chart.ridgeIntensity, m_chart.ridgeFlopsPerSecond);
    if (m_ridgeMarker->visible())
        placer.addRect(markerRect(ridge), kOwnerRidge, kCostMarker);

    // Candidate spots.
    auto ceilingCandidates = [&](const CeilingLabel& label) {
        const double y = yAxis->coordToPixel(label.flopsPerSecond);
        const double right = area.right() - 4;
        const double start = std::max(area.left() + 4, xAxis->coordToPixel(label.startIntensity) + 6);
        std::vector<Candidate> out;
        // On the line at the right end, then further along it to the left, then clear of any
        // marker sitting on the line.
        for (const double gap : {1.0, markerHalf + 3}) {
            const int penalty = gap > 1 ? 3 : 0;
            out.push_back({{right, y - gap}, Qt::AlignRight | Qt::AlignBottom, 0, penalty});
            out.push_back({{right, y + gap}, Qt::AlignRight | Qt::AlignTop, 0, penalty + 1});
            for (const double f : {0.75, 0.5, 0.25}) {
                const double x = start + f * (right - start);
                out.push_back({{x, y - gap}, Qt::AlignHCenter | Qt::AlignBottom, 0, penalty + 1});
                out.push_back({{x, y + gap}, Qt::AlignHCenter | Qt::AlignTop, 0, penalty + 2});
            }
            out.push_back({{start, y - gap}, Qt::AlignLeft | Qt::AlignBottom, 0, penalty + 1});
            out.push_back({{start, y + gap}, Qt::AlignLeft | Qt::AlignTop, 0, penalty + 2});
        }
        // Left of where the ceiling meets the slope, in the empty region above the roof.
        out.push_back(
            {{xAxis->coordToPixel(label.startIntensity) - 8, y}, Qt::AlignRight | Qt::AlignVCenter, 0, 2});
        return out;
    };
    // Beside a marker: right, left, below and above, then further away (below the roof first,
    // where the plot is empty).
    // Crossing a faint line next to the marker is better than a label far away (a leader line
    // then joins them).
    auto aroundMarker = [&](QPointF p, double d, int steps) {
        std::vector<Candidate> out;
        for (int step = 0; step < steps; ++step) {
            const double dy = step * 1.6 * d;
            const int far = 6 * step;
            out.push_back({{p.x() + d, p.y() + d * 0.4 + dy}, Qt::AlignLeft | Qt::AlignTop, 0, far});
            out.push_back({{p.x() - d, p.y() + d * 0.4 + dy}, Qt::AlignRight | Qt::AlignTop, 0, far + 1});
            out.push_back({{p.x() - d, p.y() - d * 0.4 - dy}, Qt::AlignRight | Qt::AlignBottom, 0, far + 1});
            out.push_back({{p.x() + d, p.y() - d * 0.4 - dy}, Qt::AlignLeft | Qt::AlignBottom, 0, far + 1});
            out.push_back({{p.x(), p.y() + d + dy}, Qt::AlignHCenter | Qt::AlignTop, 0, far + 1});
            out.push_back({{p.x(), p.y() - d - dy}, Qt::AlignHCenter | Qt::AlignBottom, 0, far + 1});
        }
        return out;
    };
    // A thin line from a marker to its label when the label had to move away.
    auto lead = [&](QCPItemLine* leader, QPointF marker, const QPolygonF& label) {
        const QRectF box = label.boundingRect();
        const QPointF nearest(std::clamp(marker.x(), box.left(), box.right()),
                              std::clamp(marker.y(), box.top(), box.bottom()));
        const QLineF line(marker, nearest);
        const bool show = !label.isEmpty() && line.length() > markerHalf + 10;
        leader->setVisible(show);
        if (show) {
            leader->start->setType(QCPItemPosition::ptAbsolute);
            leader->end->setType(QCPItemPosition::ptAbsolute);
            leader->start->setCoords(line.pointAt((markerHalf + 1) / line.length()));
            leader->end->setCoords(nearest);
        }
    };
    // Along a slope y = b·x, within its visible part, rotated to its angle, a few pixels off it.
    auto slopeCandidates = [&](double bandwidth, double xEnd, bool aboveFirst) {
        std::vector<Candidate> out;
        if (!(bandwidth > 0))
            return out;
        const double lo = std::max(xr.lower, yr.lower / bandwidth);
        const double hi = std::min({xr.upper, yr.upper / bandwidth, xEnd});
        if (!(hi > lo))
            return out;
        const QPointF a = toPixel(lo, bandwidth * lo);
        const QPointF b = toPixel(hi, bandwidth * hi);
        const QLineF line(a, b);
        const double angle = std::atan2(line.dy(), line.dx()) * 180.0 / std::numbers::pi;
        const QPointF up = QPointF(line.dy(), -line.dx()) / line.length() * 3.0; // screen "above"
        for (const bool above : {aboveFirst, !aboveFirst}) {
            for (int k = 0; k <= 16; ++k) { // t = 0.5, 0.45, 0.55, 0.4, ... 0.1, 0.9
                const double t = 0.5 + (k % 2 == 0 ? 1 : -1) * 0.05 * ((k + 1) / 2);
                const QPointF p = a + t * (b - a) + (above ? up : -up);
                out.push_back({p, Qt::AlignHCenter | (above ? Qt::AlignBottom : Qt::AlignTop), angle, k / 4});
            }
        }
        return out;
    };

    // Priority: the operating points, the active ceiling, ridge, the memory slope, host link;
    // then, while room remains, the achieved values and the other ceilings.
    for (QCPItemLine* leader : m_leaders)
        leader->setVisible(false);
    for (const core::RooflinePoint& point : m_chart.points) {
        const auto index = static_cast<std::size_t>(point.phase);
        const QPointF p = toPixel(point.intensity, point.achievedFlopsPerSecond);
        const QPolygonF spot = placer.place(m_pointLabels[index], m_variants.value(m_pointLabels[index]),
                                            kOwnerPhaseBase + static_cast<int>(point.phase),
                                            aroundMarker(p, kMarkerSize * presentationScale() / 2 + 5, 4), true);
        lead(m_leaders[index], p, spot);
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points) {
        const auto index = static_cast<std::size_t>(point.phase);
        const QPointF p = toPixel(point.intensity, point.achievedFlopsPerSecond);
        const QPolygonF spot = placer.place(m_pinnedLabels[index], m_variants.value(m_pinnedLabels[index]),
                                            kOwnerPinnedBase + static_cast<int>(point.phase),
                                            aroundMarker(p, kMarkerSize * presentationScale() / 2 + 6, 7), true);
        lead(m_pinnedLeaders[index], p, spot);
    }
    for (std::size_t l = 0; l < m_ceilingLabels.size(); ++l) {
        const CeilingLabel& label = m_ceilingLabels[l];
        if (label.active)
            placer.place(label.item, m_variants.value(label.item), kOwnerCeilingBase + static_cast<int>(l),
                         ceilingCandidates(label), true);
    }
    if (m_ridgeMarker->visible()) {
        lead(m_leaders[kPhaseCount], ridge,
             placer.place(m_ridgeLabel, m_variants.value(m_ridgeLabel), kOwnerRidge,
                          aroundMarker(ridge, 9, 4), true));
    } else {
        m_ridgeLabel->setVisible(false);
    }
    const double memoryBandwidth = m_memoryLine.x0 > 0 ? m_memoryLine.y0 / m_memoryLine.x0 : 0;
    if (m_memorySlope->visible()) {
        placer.place(m_memoryLabel, m_variants.value(m_memoryLabel), kOwnerMemorySlope,
                     slopeCandidates(memoryBandwidth, m_memoryLine.x1, true), true);
    } else {
        m_memoryLabel->setVisible(false);
    }
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        if (!m_links[i]->visible())
            continue;
        const core::RooflineLine& line = m_linkLines[i];
        const double bandwidth = line.x0 > 0 ? line.y0 / line.x0 : 0;
        placer.place(m_linkLabels[i], m_variants.value(m_linkLabels[i]), kOwnerLinkBase + static_cast<int>(i),
                     slopeCandidates(bandwidth, line.x1, false), true);
    }
    for (const core::RooflinePoint& point : m_chart.points) {
        const auto index = static_cast<std::size_t>(point.phase);
        if (!m_ideal[index]->visible()) {
            m_idealLabels[index]->setVisible(false);
            continue;
        }
        const QPointF p = toPixel(point.intensity, point.idealFlopsPerSecond);
        placer.place(m_idealLabels[index], m_variants.value(m_idealLabels[index]),
                     kOwnerPhaseBase + static_cast<int>(point.phase), aroundMarker(p, kMarkerSize * presentationScale() / 2 + 4, 2),
                     false);
    }
    if (m_showsPinnedRoof) {
        const CeilingLabel roofLabel{m_pinnedRoofLabel, m_pinnedCeiling.y0, m_pinnedCeiling.x0, false};
        placer.place(m_pinnedRoofLabel, m_variants.value(m_pinnedRoofLabel), kOwnerPinnedRoof,
                     ceilingCandidates(roofLabel), true);
    }
    std::vector<std::size_t> others;
    for (std::size_t l = 0; l < m_ceilingLabels.size(); ++l) {
        if (!m_ceilingLabels[l].active)
            others.push_back(l);
    }
    std::sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
        return m_ceilingLabels[a].flopsPerSecond > m_ceilingLabels[b].flopsPerSecond;
    });
    for (std::size_t l : others) {
        placer.place(m_ceilingLabels[l].item, m_variants.value(m_ceilingLabels[l].item),
                     kOwnerCeilingBase + static_cast<int>(l), ceilingCandidates(m_ceilingLabels[l]), false);
    }
    // The key for filled and hollow points, in a corner nothing else uses (above the memory slope
    // at top left is unreachable; bottom right lies under every ceiling), or left out.
    if (!m_chart.points.empty()) {
        const std::vector<Candidate> corners{
            {{area.left() + 4, area.top() + 4}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
            {{area.right() - 4, area.bottom() - 4}, Qt::AlignRight | Qt::AlignBottom, 0, 1}};
        placer.place(m_keyLabel, m_variants.value(m_keyLabel), -1, corners, false);
    } else {
        m_keyLabel->setVisible(false);
    }
}

int RooflineWidget::phaseIndexOf(const QCPAbstractPlottable* plottable) const
{
    for (int i = 0; i < kPhaseCount; ++i) {
        if (m_points[static_cast<std::size_t>(i)] == plottable ||
            m_ideal[static_cast<std::size_t>(i)] == plottable)
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
        if (plottable != m_pinnedPoints[static_cast<std::size_t>(i)])
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
