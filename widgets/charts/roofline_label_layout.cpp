// RooflineWidget's label layout: after each layout pass, every label of the roofline is placed in
// pixel space (LabelPlacer) clear of the lines, markers and labels before it in priority.
#include "widgets/charts/label_placer.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/charts/text_item_placement.h"

#include <QLineF>
#include <QPolygonF>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace lhe::widgets {

namespace {

using Candidate = LabelPlacer::Candidate;

// Obstacle owners: a label may touch the line or marker it names.
constexpr int kOwnerMemorySlope = 1;
constexpr int kOwnerLinkBase = 40; // + link slot (host link, disk, interconnect)
constexpr int kOwnerRidge = 3;
constexpr int kOwnerPhaseBase = 10;  // + phase
constexpr int kOwnerPinnedBase = 20; // + phase: the pinned report's points (Compare A/B)
constexpr int kOwnerPinnedRoof = 30;
constexpr int kOwnerCeilingBase = 100; // + ceiling label index

// The plot's pixel geometry as laid out now: where values land, and the spots a label may take
// along the roofline's lines.
class PlotSpots
{
public:
    PlotSpots(QCPAxis* xAxis, QCPAxis* yAxis, const QRectF& area, double markerHalf)
        : m_x(xAxis), m_y(yAxis), m_area(area), m_markerHalf(markerHalf)
    {}

    QPointF toPixel(double x, double y) const { return {m_x->coordToPixel(x), m_y->coordToPixel(y)}; }
    QRectF markerRect(QPointF p) const
    {
        return {p.x() - m_markerHalf, p.y() - m_markerHalf, 2 * m_markerHalf, 2 * m_markerHalf};
    }

    // On a ceiling at its right end, then further along it to the left, then clear of any marker
    // sitting on it; last, left of where it meets the slope, in the empty region above the roof.
    std::vector<Candidate> alongCeiling(double flopsPerSecond, double startIntensity) const
    {
        const double y = m_y->coordToPixel(flopsPerSecond);
        const double right = m_area.right() - 4;
        const double start = std::max(m_area.left() + 4, m_x->coordToPixel(startIntensity) + 6);
        std::vector<Candidate> out;
        for (const double gap : {1.0, m_markerHalf + 3}) {
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
        out.push_back({{m_x->coordToPixel(startIntensity) - 8, y}, Qt::AlignRight | Qt::AlignVCenter, 0, 2});
        return out;
    }

    // Along a slope y = b·x, within its visible part, rotated to its angle, a few pixels off it.
    std::vector<Candidate> alongSlope(double bandwidth, double xEnd, bool aboveFirst) const
    {
        std::vector<Candidate> out;
        if (!(bandwidth > 0))
            return out;
        const QCPRange xr = m_x->range();
        const QCPRange yr = m_y->range();
        const double lo = std::max(xr.lower, yr.lower / bandwidth);
        const double hi = std::min({xr.upper, yr.upper / bandwidth, xEnd});
        if (!(hi > lo))
            return out;
        const QPointF a = toPixel(lo, bandwidth * lo);
        const QPointF b = toPixel(hi, bandwidth * hi);
        const QLineF line(a, b);
        const double angle = std::atan2(line.dy(), line.dx()) * 180.0 / std::numbers::pi;
        const QPointF unit = QPointF(line.dy(), -line.dx()) / line.length(); // screen "above"
        // 3 px off the line; then a marker's width further, still along it, where that is crowded.
        for (const double offset : {3.0, 3.0 + m_markerHalf * 2}) {
            const QPointF up = unit * offset;
            const int further = offset > 3 ? 5 : 0;
            for (const bool above : {aboveFirst, !aboveFirst}) {
                for (int k = 0; k <= 18; ++k) {   // t = 0.5, 0.45, 0.55, 0.4, ... 0.05, 0.95
                    const int step = (k + 1) / 2; // 0, 1, 1, 2, 2, ... 9, 9: whole steps of 0.05
                    const double t = 0.5 + (k % 2 == 0 ? 1 : -1) * 0.05 * step;
                    const QPointF p = a + t * (b - a) + (above ? up : -up);
                    out.push_back({p, Qt::AlignHCenter | (above ? Qt::AlignBottom : Qt::AlignTop), angle,
                                   k / 4 + further});
                }
            }
        }
        return out;
    }

    // A thin line from a marker to its label when the label had to move away.
    void lead(QCPItemLine* leader, QPointF marker, const QPolygonF& label) const
    {
        const QRectF box = label.boundingRect();
        const QPointF nearest(std::clamp(marker.x(), box.left(), box.right()),
                              std::clamp(marker.y(), box.top(), box.bottom()));
        const QLineF line(marker, nearest);
        const bool show = !label.isEmpty() && line.length() > m_markerHalf + 10;
        leader->setVisible(show);
        if (show) {
            leader->start->setType(QCPItemPosition::ptAbsolute);
            leader->end->setType(QCPItemPosition::ptAbsolute);
            leader->start->setCoords(line.pointAt((m_markerHalf + 1) / line.length()));
            leader->end->setCoords(nearest);
        }
    }

private:
    QCPAxis* m_x;
    QCPAxis* m_y;
    QRectF m_area;
    double m_markerHalf;
};

} // namespace

void RooflineWidget::placeLabels()
{
    if (!m_hasReport)
        return;
    const QRectF area = m_plot->axisRect()->rect();
    // The x title is centred under the plot area and must stay inside the chart.
    fitAxisTitle(m_plot->xAxis, tr("Arithmetic intensity (FLOP/byte of the bounding resource)"),
                 tr("Arithmetic intensity (FLOP/B)"),
                 2 * std::min(area.center().x(), m_plot->width() - area.center().x()) - 4);
    const double markerHalf = kMarkerSize * presentationScale() / 2 + 2;
    const PlotSpots spots(m_plot->xAxis, m_plot->yAxis, area, markerHalf);
    LabelPlacer placer(area);

    // Lines and markers are obstacles; each line's own label may touch it.
    auto addLine = [&](const core::RooflineLine& line, int owner, int cost) {
        placer.addSegment(spots.toPixel(line.x0, line.y0), spots.toPixel(line.x1, line.y1), owner, cost);
    };
    if (m_memorySlope->visible())
        addLine(m_memoryLine, kOwnerMemorySlope, LabelPlacer::kCostLine);
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        if (m_links[i]->visible())
            addLine(m_linkLines[i], kOwnerLinkBase + static_cast<int>(i), LabelPlacer::kCostLine);
    }
    for (QCPGraph* ceiling : m_ceilings)
        ceiling->setVisible(true); // until its label finds no room, below
    for (const core::RooflineLine& line : m_ceilingLines) {
        int owner = -1;
        for (std::size_t l = 0; l < m_ceilingLabels.size(); ++l) {
            const CeilingLabel& label = m_ceilingLabels[l];
            if (std::fabs(label.flopsPerSecond - line.y0) <= 1e-9 * label.flopsPerSecond)
                owner = kOwnerCeilingBase + static_cast<int>(l);
        }
        addLine(line, owner, line.active ? LabelPlacer::kCostLine : LabelPlacer::kCostFaintLine);
    }
    for (const core::RooflinePoint& point : m_chart.points) {
        const int owner = kOwnerPhaseBase + static_cast<int>(point.phase);
        const QPointF bottom = spots.toPixel(point.intensity, point.achievedFlopsPerSecond);
        placer.addRect(spots.markerRect(bottom), owner, LabelPlacer::kCostMarker);
        if (m_phases[static_cast<std::size_t>(point.phase)].ideal->visible()) {
            const QPointF top = spots.toPixel(point.intensity, point.idealFlopsPerSecond);
            placer.addRect(spots.markerRect(top), owner, LabelPlacer::kCostMarker);
            placer.addSegment(top, bottom, owner, LabelPlacer::kCostLine);
        }
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points)
        placer.addRect(spots.markerRect(spots.toPixel(point.intensity, point.achievedFlopsPerSecond)),
                       kOwnerPinnedBase + static_cast<int>(point.phase), LabelPlacer::kCostMarker);
    if (m_showsPinnedRoof) {
        const QCPGraphDataContainer& roofData = *m_pinnedRoof->data();
        for (int i = 0; i + 1 < roofData.size(); ++i)
            placer.addSegment(spots.toPixel(roofData.at(i)->key, roofData.at(i)->value),
                              spots.toPixel(roofData.at(i + 1)->key, roofData.at(i + 1)->value),
                              kOwnerPinnedRoof, LabelPlacer::kCostLine);
    }
    const QPointF ridge = spots.toPixel(m_chart.ridgeIntensity, m_chart.ridgeFlopsPerSecond);
    if (m_ridgeMarker->visible())
        placer.addRect(spots.markerRect(ridge), kOwnerRidge, LabelPlacer::kCostMarker);

    // Priority: the operating points, the active ceiling, ridge, the memory slope, host link;
    // then, while room remains, the achieved values and the other ceilings.
    for (PhaseItems& items : m_phases)
        items.leader->setVisible(false);
    m_ridgeLeader->setVisible(false);
    const double pointDistance = kMarkerSize * presentationScale() / 2;
    for (const core::RooflinePoint& point : m_chart.points) {
        const PhaseItems& items = m_phases[static_cast<std::size_t>(point.phase)];
        const QPointF p = spots.toPixel(point.intensity, point.achievedFlopsPerSecond);
        const QPolygonF spot = placeTextItem(placer, items.label, m_variants.value(items.label),
                                             kOwnerPhaseBase + static_cast<int>(point.phase),
                                             LabelPlacer::aroundPoint(p, pointDistance + 5, 4), true);
        spots.lead(items.leader, p, spot);
    }
    for (const core::RooflinePoint& point : m_pinnedChart.points) {
        const PhaseItems& items = m_phases[static_cast<std::size_t>(point.phase)];
        const QPointF p = spots.toPixel(point.intensity, point.achievedFlopsPerSecond);
        const QPolygonF spot = placeTextItem(placer, items.pinnedLabel, m_variants.value(items.pinnedLabel),
                                             kOwnerPinnedBase + static_cast<int>(point.phase),
                                             LabelPlacer::aroundPoint(p, pointDistance + 6, 7), true);
        spots.lead(items.pinnedLeader, p, spot);
    }
    for (std::size_t l = 0; l < m_ceilingLabels.size(); ++l) {
        const CeilingLabel& label = m_ceilingLabels[l];
        if (label.active)
            placeTextItem(placer, label.item, m_variants.value(label.item),
                          kOwnerCeilingBase + static_cast<int>(l),
                          spots.alongCeiling(label.flopsPerSecond, label.startIntensity), true);
    }
    if (m_ridgeMarker->visible()) {
        spots.lead(m_ridgeLeader, ridge,
                   placeTextItem(placer, m_ridgeLabel, m_variants.value(m_ridgeLabel), kOwnerRidge,
                                 LabelPlacer::aroundPoint(ridge, 9, 4), true));
    } else {
        m_ridgeLabel->setVisible(false);
    }
    const double memoryBandwidth = m_memoryLine.x0 > 0 ? m_memoryLine.y0 / m_memoryLine.x0 : 0;
    if (m_memorySlope->visible()) {
        placeTextItem(placer, m_memoryLabel, m_variants.value(m_memoryLabel), kOwnerMemorySlope,
                      spots.alongSlope(memoryBandwidth, m_memoryLine.x1, true), true);
    } else {
        m_memoryLabel->setVisible(false);
    }
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        if (!m_links[i]->visible())
            continue;
        const core::RooflineLine& line = m_linkLines[i];
        const double bandwidth = line.x0 > 0 ? line.y0 / line.x0 : 0;
        placeTextItem(placer, m_linkLabels[i], m_variants.value(m_linkLabels[i]),
                      kOwnerLinkBase + static_cast<int>(i), spots.alongSlope(bandwidth, line.x1, false),
                      true);
    }
    for (const core::RooflinePoint& point : m_chart.points) {
        const PhaseItems& items = m_phases[static_cast<std::size_t>(point.phase)];
        if (!items.ideal->visible()) {
            items.idealLabel->setVisible(false);
            continue;
        }
        const QPointF p = spots.toPixel(point.intensity, point.idealFlopsPerSecond);
        placeTextItem(placer, items.idealLabel, m_variants.value(items.idealLabel),
                      kOwnerPhaseBase + static_cast<int>(point.phase),
                      LabelPlacer::aroundPoint(p, pointDistance + 4, 2), false);
    }
    // A's roof gives way where crowded: the key in the corner names its dash-dot line too.
    if (m_showsPinnedRoof) {
        placeTextItem(placer, m_pinnedRoofLabel, m_variants.value(m_pinnedRoofLabel), kOwnerPinnedRoof,
                      spots.alongCeiling(m_pinnedCeiling.y0, m_pinnedCeiling.x0), false);
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
        const CeilingLabel& label = m_ceilingLabels[l];
        const bool named =
            !placeTextItem(placer, label.item, m_variants.value(label.item),
                           kOwnerCeilingBase + static_cast<int>(l),
                           spots.alongCeiling(label.flopsPerSecond, label.startIntensity), false)
                 .isEmpty();
        // A dashed line nobody can name is left out rather than left unexplained.
        for (std::size_t i = 0; i < m_ceilings.size() && i < m_ceilingLines.size() && !named; ++i) {
            if (std::fabs(m_ceilingLines[i].y0 - label.flopsPerSecond) <= 1e-9 * label.flopsPerSecond)
                m_ceilings[i]->setVisible(false);
        }
    }
    // The key for filled and hollow points, in a corner nothing else uses (above the memory slope
    // at top left is unreachable; bottom right lies under every ceiling), or left out.
    if (!m_chart.points.empty()) {
        const std::vector<Candidate> corners{
            {{area.left() + 4, area.top() + 4}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
            {{area.right() - 4, area.bottom() - 4}, Qt::AlignRight | Qt::AlignBottom, 0, 1}};
        placeTextItem(placer, m_keyLabel, m_variants.value(m_keyLabel), -1, corners, false);
    } else {
        m_keyLabel->setVisible(false);
    }
}

} // namespace lhe::widgets
