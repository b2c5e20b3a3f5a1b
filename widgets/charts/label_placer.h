// LabelPlacer: greedy placement of chart labels in pixel space, so that labels keep clear of the
// lines, markers and other labels a chart draws. It knows boxes and spots, not what they label.
#pragma once

#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <limits>
#include <vector>

namespace lhe::widgets {

// Each label takes the cheapest of its text variants (longest first) at its candidate spots inside
// the area: the spot's penalty, 3 per shorter variant, and what the box covers (crossing a faint
// line costs little, covering another label a lot). An optional label that would cover anything
// is hidden instead. A label placed is an obstacle to every later one, so the order of the
// place() calls is the labels' priority.
class LabelPlacer
{
public:
    // A spot a label may take: the point its box is aligned on, how it is aligned there, a rotation
    // about that point, and how far the spot is from the preferred one (in the units of the costs).
    struct Candidate
    {
        QPointF anchor;
        Qt::Alignment alignment;
        double rotationDegrees = 0;
        int penalty = 0;
    };

    // Where place() put a label: which text variant, at which candidate moved by `offset` (a spot
    // that reached past the area's edge, slid back inside), covering `shape`.
    struct Placement
    {
        int variant = -1;
        int candidate = -1; // -1: the label is hidden
        QPolygonF shape;
        QPointF offset;

        bool placed() const { return candidate >= 0; }
    };

    // What covering an obstacle costs.
    static constexpr int kCostFaintLine = 2;
    static constexpr int kCostLine = 10;
    static constexpr int kCostMarker = 50;
    static constexpr int kCostLabel = 100;

    explicit LabelPlacer(const QRectF& area) : m_area(area) {}

    // Obstacles. `owner` >= 0 names what they belong to: a label of the same owner (the line's
    // own label, a marker's) may touch them for free.
    void addSegment(QPointF a, QPointF b, int owner, int cost, double halfWidth = 1.5);
    void addRect(const QRectF& rect, int owner, int cost);

    // Places a label whose text variants, preferred first, have these box sizes. A spot that
    // reaches past the area's edge is also tried slid back inside it, 2 penalty points dearer
    // and 1 more per 10 px it moves (Manhattan). A
    // required label is never hidden: with no candidate inside the area it takes the first
    // candidate with its shortest variant. The placed box becomes an obstacle to the labels placed
    // after it.
    Placement place(const std::vector<QSizeF>& variantSizes, int owner,
                    const std::vector<Candidate>& candidates, bool required);

    // The box of that size aligned on the candidate's anchor (reaching 1 px past it on the aligned
    // side, so that boxes on either side of one anchor touch) and rotated about it.
    static QPolygonF labelShape(QSizeF size, const Candidate& candidate);
    // Whether two convex polygons overlap (every shape here is a rectangle, maybe rotated);
    // touching edges do not, as with QRectF::intersects().
    static bool convexShapesIntersect(const QPolygonF& a, const QPolygonF& b);

    // Spots beside a marker at `point`, `distance` px from it: right, left (lower edge first,
    // then upper), below and above; then `rings` - 1 more rings, each 1.6 · distance further down
    // or up and 6 penalty points dearer. Crossing a faint line beside the marker is cheaper than
    // a label far away.
    static std::vector<Candidate> aroundPoint(QPointF point, double distance, int rings);

private:
    struct Obstacle
    {
        QPolygonF shape;
        int owner = -1;
        int cost = 1;
        QRectF bounds = shape.boundingRect(); // cheap reject before the exact polygon test
    };

    // Stops counting once the cost reaches `limit`: the caller only needs to know it is no better.
    int costOf(const QPolygonF& shape, int owner, int limit = std::numeric_limits<int>::max()) const;

    QRectF m_area;
    std::vector<Obstacle> m_obstacles;
};

} // namespace lhe::widgets
