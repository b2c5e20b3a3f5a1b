#include "widgets/charts/label_placer.h"

#include <QLineF>
#include <QTransform>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace lhe::widgets {

namespace {

// The extent of a polygon's corners along an axis.
std::pair<double, double> projected(const QPolygonF& shape, QPointF axis)
{
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const QPointF& corner : shape) {
        const double along = QPointF::dotProduct(corner, axis);
        low = std::min(low, along);
        high = std::max(high, along);
    }
    return {low, high};
}

} // namespace

void LabelPlacer::addSegment(QPointF a, QPointF b, int owner, int cost, double halfWidth)
{
    const QLineF line(a, b);
    if (line.length() <= 0)
        return;
    const QPointF normal = QPointF(-line.dy(), line.dx()) / line.length() * halfWidth;
    m_obstacles.push_back(
        {QPolygonF({a + normal, b + normal, b - normal, a - normal, a + normal}), owner, cost});
}

void LabelPlacer::addRect(const QRectF& rect, int owner, int cost)
{
    m_obstacles.push_back({QPolygonF(rect), owner, cost});
}

LabelPlacer::Placement LabelPlacer::place(const std::vector<QSizeF>& variantSizes, int owner,
                                          const std::vector<Candidate>& candidates, bool required)
{
    Placement best;
    int bestCost = 0;
    int bestCollisions = 0;
    const QRectF area = m_area.adjusted(-1, -1, 1, 1);
    for (std::size_t v = 0; v < variantSizes.size(); ++v) {
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            QPolygonF shape = labelShape(variantSizes[v], candidates[i]);
            const QRectF bounds = shape.boundingRect();
            int slid = 0;
            QPointF offset;
            if (!area.contains(bounds)) {
                if (bounds.width() > area.width() || bounds.height() > area.height())
                    continue;
                offset = {std::max(0.0, area.left() - bounds.left()) -
                              std::max(0.0, bounds.right() - area.right()),
                          std::max(0.0, area.top() - bounds.top()) -
                              std::max(0.0, bounds.bottom() - area.bottom())};
                shape.translate(offset);
                slid = 2 + static_cast<int>(std::ceil(offset.manhattanLength() / 10)); // 1 per 10 px
            }
            // A spot wins only with a lower cost than the best so far, and collisions only add
            // to what it costs without them: where that alone is no better, it is not measured.
            const int fixedCost = candidates[i].penalty + slid + 3 * static_cast<int>(v);
            if (best.placed() && fixedCost >= bestCost)
                continue;
            const int collisions =
                costOf(shape, owner, best.placed() ? bestCost - fixedCost : std::numeric_limits<int>::max());
            const int cost = collisions + fixedCost;
            if (!best.placed() || cost < bestCost) {
                best = {static_cast<int>(v), static_cast<int>(i), shape, offset};
                bestCost = cost;
                bestCollisions = collisions;
            }
        }
    }
    if (!best.placed() && required && !candidates.empty() && !variantSizes.empty()) {
        const int last = static_cast<int>(variantSizes.size()) - 1;
        best = {last, 0, labelShape(variantSizes.back(), candidates.front()), {}};
    }
    if (!best.placed() || (bestCollisions > 0 && !required))
        return {};
    m_obstacles.push_back({best.shape, -1, kCostLabel});
    return best;
}

QPolygonF LabelPlacer::labelShape(QSizeF size, const Candidate& candidate)
{
    const double w = size.width();
    const double h = size.height();
    double x = -w / 2;
    double y = -h / 2;
    if (candidate.alignment & Qt::AlignLeft)
        x = -1;
    else if (candidate.alignment & Qt::AlignRight)
        x = 1 - w;
    if (candidate.alignment & Qt::AlignTop)
        y = -1;
    else if (candidate.alignment & Qt::AlignBottom)
        y = 1 - h;
    if (candidate.rotationDegrees == 0) // most spots: no rotation to compute
        return QPolygonF(QRectF(candidate.anchor.x() + x, candidate.anchor.y() + y, w, h));
    QTransform transform;
    transform.translate(candidate.anchor.x(), candidate.anchor.y());
    transform.rotate(candidate.rotationDegrees);
    return transform.map(QPolygonF(QRectF(x, y, w, h)));
}

std::vector<LabelPlacer::Candidate> LabelPlacer::aroundPoint(QPointF point, double distance, int rings)
{
    const double d = distance;
    const QPointF p = point;
    std::vector<Candidate> out;
    for (int ring = 0; ring < rings; ++ring) {
        const double dy = ring * 1.6 * d;
        const int far = 6 * ring;
        out.push_back({{p.x() + d, p.y() + d * 0.4 + dy}, Qt::AlignLeft | Qt::AlignTop, 0, far});
        out.push_back({{p.x() - d, p.y() + d * 0.4 + dy}, Qt::AlignRight | Qt::AlignTop, 0, far + 1});
        out.push_back({{p.x() - d, p.y() - d * 0.4 - dy}, Qt::AlignRight | Qt::AlignBottom, 0, far + 1});
        out.push_back({{p.x() + d, p.y() - d * 0.4 - dy}, Qt::AlignLeft | Qt::AlignBottom, 0, far + 1});
        out.push_back({{p.x(), p.y() + d + dy}, Qt::AlignHCenter | Qt::AlignTop, 0, far + 1});
        out.push_back({{p.x(), p.y() - d - dy}, Qt::AlignHCenter | Qt::AlignBottom, 0, far + 1});
    }
    return out;
}

// Separating axis theorem: two convex polygons are apart exactly when their projections on the
// normal of one of their edges are apart. QPolygonF::intersects() builds and clips painter paths
// instead, and was a twentieth of a slider step's time.
bool LabelPlacer::convexShapesIntersect(const QPolygonF& a, const QPolygonF& b)
{
    for (const QPolygonF* shape : {&a, &b}) {
        for (qsizetype i = 0; i < shape->size(); ++i) {
            const QPointF from = shape->at(i);
            const QPointF to = shape->at((i + 1) % shape->size());
            const QPointF normal(to.y() - from.y(), from.x() - to.x());
            if (normal.isNull())
                continue; // the closing corner repeats the first
            const auto [lowA, highA] = projected(a, normal);
            const auto [lowB, highB] = projected(b, normal);
            if (highA <= lowB || highB <= lowA)
                return false;
        }
    }
    return true;
}

int LabelPlacer::costOf(const QPolygonF& shape, int owner, int limit) const
{
    int cost = 0;
    const QRectF bounds = shape.boundingRect();
    for (const Obstacle& obstacle : m_obstacles) {
        if (cost >= limit)
            break;
        if (owner >= 0 && obstacle.owner == owner)
            continue;
        if (!bounds.intersects(obstacle.bounds))
            continue;
        if (convexShapesIntersect(shape, obstacle.shape))
            cost += obstacle.cost;
    }
    return cost;
}

} // namespace lhe::widgets
