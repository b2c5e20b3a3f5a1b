// LabelPlacer: label boxes, the spots they try and the order they take them in, checked against
// geometry worked out by hand (a box aligned on its anchor reaches 1 px past it).
#include "widgets/charts/label_placer.h"

#include <QtTest>

using lhe::widgets::LabelPlacer;
using Candidate = LabelPlacer::Candidate;

namespace {

QRectF boundsOf(const LabelPlacer::Placement& placement)
{
    return placement.shape.boundingRect();
}

} // namespace

class TestLabelPlacer : public QObject
{
    Q_OBJECT

private slots:
    void shapeFollowsAlignment_data();
    void shapeFollowsAlignment();
    void shapeRotatesAboutAnchor();
    void overlappingLabelsAreSeparated();
    void firstPlacedWinsContestedSpot();
    void spotPastTheEdgeSlidesBackInside();
    void longTextGivesWayToShorterVariant();
    void faintLineIsCheaperThanFarSpot();
    void ownObstaclesAreFree();
    void optionalLabelIsHiddenAndLeavesNoObstacle();
    void requiredLabelIsNeverHidden();
    void spotsAroundPoint();
    void convexTestAgreesWithQt();
    void rotatedBoxBesideASlopeIsFree();
};

void TestLabelPlacer::shapeFollowsAlignment_data()
{
    QTest::addColumn<int>("alignment");
    QTest::addColumn<QRectF>("expected");
    // A 40 x 20 box at (100, 50).
    QTest::newRow("left top") << int(Qt::AlignLeft | Qt::AlignTop) << QRectF(99, 49, 40, 20);
    QTest::newRow("right bottom") << int(Qt::AlignRight | Qt::AlignBottom) << QRectF(61, 31, 40, 20);
    QTest::newRow("centred") << int(Qt::AlignHCenter | Qt::AlignVCenter) << QRectF(80, 40, 40, 20);
    QTest::newRow("left, centred vertically")
        << int(Qt::AlignLeft | Qt::AlignVCenter) << QRectF(99, 40, 40, 20);
}

void TestLabelPlacer::shapeFollowsAlignment()
{
    QFETCH(int, alignment);
    QFETCH(QRectF, expected);
    const Candidate spot{{100, 50}, Qt::Alignment(alignment)};
    const QPolygonF shape = LabelPlacer::labelShape({40, 20}, spot);
    QCOMPARE(shape.boundingRect(), expected);
}

void TestLabelPlacer::shapeRotatesAboutAnchor()
{
    // Turned 90° clockwise (y points down) about (100, 50): the box (-1, -1, 40, 20) around the
    // anchor maps (x, y) -> (-y, x), to x -19 … 1 and y -1 … 39.
    const Candidate spot{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 90};
    const QPolygonF shape = LabelPlacer::labelShape({40, 20}, spot);
    QCOMPARE(shape.boundingRect(), QRectF(81, 49, 20, 40));
}

void TestLabelPlacer::overlappingLabelsAreSeparated()
{
    LabelPlacer placer({0, 0, 300, 200});
    const Candidate here{{100, 100}, Qt::AlignLeft | Qt::AlignTop, 0, 0};
    const Candidate below{{100, 140}, Qt::AlignLeft | Qt::AlignTop, 0, 1};
    const auto first = placer.place({{60, 20}}, -1, {here}, true);
    QVERIFY(first.placed());
    QCOMPARE(boundsOf(first), QRectF(99, 99, 60, 20));
    // The same spot would cover the first label (cost 100); the one below costs its penalty, 1.
    const auto second = placer.place({{60, 20}}, -1, {here, below}, true);
    QCOMPARE(second.candidate, 1);
    QCOMPARE(boundsOf(second), QRectF(99, 139, 60, 20));
    QVERIFY(!second.shape.intersects(first.shape));
}

void TestLabelPlacer::firstPlacedWinsContestedSpot()
{
    // Two labels both preferring (100, 100): the one placed first takes it, the other moves, whatever
    // their sizes. Placement order is priority.
    LabelPlacer placer({0, 0, 300, 200});
    const std::vector<Candidate> spots{{{100, 100}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
                                       {{100, 60}, Qt::AlignLeft | Qt::AlignBottom, 0, 2}};
    const auto important = placer.place({{30, 16}}, -1, spots, true);
    const auto other = placer.place({{80, 16}}, -1, spots, true);
    QCOMPARE(important.candidate, 0);
    QCOMPARE(other.candidate, 1);
    QCOMPARE(boundsOf(other), QRectF(99, 45, 80, 16)); // bottom edge at 60 + 1
}

void TestLabelPlacer::spotPastTheEdgeSlidesBackInside()
{
    // Left-aligned at x = 180 the 50 px box would span 179 … 229, past the area's right edge (200
    // plus 1 px of tolerance): slid back 28 px it spans 151 … 201, for 2 + ceil(28 / 10) = 5
    // penalty points. Right-aligned at the same anchor it spans 131 … 181 as it is.
    LabelPlacer placer({0, 0, 200, 100});
    const auto slid = placer.place(
        {{50, 20}}, -1,
        {{{180, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}, {{180, 50}, Qt::AlignRight | Qt::AlignTop, 0, 6}},
        true);
    QCOMPARE(slid.candidate, 0);
    QCOMPARE(slid.offset, QPointF(-28, 0));
    QCOMPARE(boundsOf(slid), QRectF(151, 49, 50, 20));
    // A spot inside for fewer than 5 points is taken as it is.
    LabelPlacer second({0, 0, 200, 100});
    const auto inside = second.place(
        {{50, 20}}, -1,
        {{{180, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}, {{180, 50}, Qt::AlignRight | Qt::AlignTop, 0, 4}},
        true);
    QCOMPARE(inside.candidate, 1);
    QCOMPARE(inside.offset, QPointF(0, 0));
    QCOMPARE(boundsOf(inside), QRectF(131, 49, 50, 20));
}

void TestLabelPlacer::longTextGivesWayToShorterVariant()
{
    // The full text (150 px from x = 99) reaches 48 px past a 200 px area: slid back it would cost
    // 2 + 5 = 7 points, the short one (60 px), which fits, 3.
    LabelPlacer placer({0, 0, 200, 100});
    const auto placement =
        placer.place({{150, 20}, {60, 20}}, -1, {{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}}, false);
    QVERIFY(placement.placed());
    QCOMPARE(placement.variant, 1);
    QCOMPARE(boundsOf(placement), QRectF(99, 49, 60, 20));

    // Where both fit, a shorter variant costs 3: a spot 2 penalty points away keeps the full text.
    LabelPlacer second({0, 0, 300, 100});
    second.addRect({120, 40, 10, 30}, -1, LabelPlacer::kCostMarker); // inside the long box at the first spot
    const auto kept = second.place(
        {{100, 20}, {20, 20}}, -1,
        {{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}, {{150, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 2}},
        true);
    QCOMPARE(kept.variant, 0);
    QCOMPARE(kept.candidate, 1);
}

void TestLabelPlacer::faintLineIsCheaperThanFarSpot()
{
    // A vertical segment at x = 120 crosses the box at the first spot (x 99 … 159).
    const std::vector<Candidate> spots{{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
                                       {{200, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 3}};
    LabelPlacer faint({0, 0, 300, 100});
    faint.addSegment({120, 0}, {120, 100}, -1, LabelPlacer::kCostFaintLine);
    QCOMPARE(faint.place({{60, 20}}, -1, spots, true).candidate, 0); // 2 < 3

    LabelPlacer solid({0, 0, 300, 100});
    solid.addSegment({120, 0}, {120, 100}, -1, LabelPlacer::kCostLine);
    QCOMPARE(solid.place({{60, 20}}, -1, spots, true).candidate, 1); // 10 > 3
}

void TestLabelPlacer::ownObstaclesAreFree()
{
    const std::vector<Candidate> spots{{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
                                       {{200, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 1}};
    LabelPlacer placer({0, 0, 300, 100});
    placer.addSegment({120, 0}, {120, 100}, 7, LabelPlacer::kCostLine);
    QCOMPARE(placer.place({{60, 20}}, 8, spots, true).candidate, 1); // someone else's line
    LabelPlacer own({0, 0, 300, 100});
    own.addSegment({120, 0}, {120, 100}, 7, LabelPlacer::kCostLine);
    QCOMPARE(own.place({{60, 20}}, 7, spots, true).candidate, 0); // its own line
}

void TestLabelPlacer::optionalLabelIsHiddenAndLeavesNoObstacle()
{
    LabelPlacer placer({0, 0, 300, 100});
    placer.addRect({110, 55, 10, 10}, -1, LabelPlacer::kCostMarker);
    const Candidate spot{{100, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0};
    const auto hidden = placer.place({{60, 20}}, -1, {spot}, false);
    QVERIFY(!hidden.placed());
    QVERIFY(hidden.shape.isEmpty());
    // A hidden label is no obstacle: a later one right of the marker touches nothing there.
    const Candidate right{{130, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0};
    const Candidate far{{230, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 1};
    QCOMPARE(placer.place({{60, 20}}, -1, {right, far}, false).candidate, 0);
}

void TestLabelPlacer::requiredLabelIsNeverHidden()
{
    LabelPlacer placer({0, 0, 100, 100});
    // Wider than the area: the first spot with the shortest text, as it is.
    const auto wide =
        LabelPlacer({0, 0, 100, 100})
            .place({{180, 20}, {120, 20}}, -1, {{{90, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}}, true);
    QVERIFY(wide.placed());
    QCOMPARE(wide.variant, 1);
    QCOMPARE(boundsOf(wide), QRectF(89, 49, 120, 20));
    // Past the edge: slid back inside. The short text moves 28 px (3 + 2 + 3 = 8 points), the
    // long one 68 px (2 + 7 = 9).
    const auto outside =
        placer.place({{80, 20}, {40, 20}}, -1, {{{90, 50}, Qt::AlignLeft | Qt::AlignTop, 0, 0}}, true);
    QVERIFY(outside.placed());
    QCOMPARE(outside.variant, 1);
    QCOMPARE(outside.candidate, 0);
    QCOMPARE(boundsOf(outside), QRectF(61, 49, 40, 20));
    // Covering another label is dear, but a required label still shows.
    const auto covering =
        placer.place({{40, 20}}, -1, {{{90, 50}, Qt::AlignRight | Qt::AlignTop, 0, 0}}, true);
    QVERIFY(covering.placed());
    QVERIFY(covering.shape.intersects(outside.shape));
    // An optional one there is hidden.
    QVERIFY(!placer.place({{40, 20}}, -1, {{{90, 50}, Qt::AlignRight | Qt::AlignTop, 0, 0}}, false).placed());
}

void TestLabelPlacer::spotsAroundPoint()
{
    // Distance 10: beside the point 10 px right or left and 0.4 · 10 = 4 px off its centre line;
    // the next ring 1.6 · 10 = 16 px further out and 6 points dearer.
    const std::vector<Candidate> spots = LabelPlacer::aroundPoint({100, 100}, 10, 2);
    QCOMPARE(spots.size(), std::size_t(12));
    const struct
    {
        std::size_t index;
        QPointF anchor;
        Qt::Alignment alignment;
        int penalty;
    } expected[] = {
        {0, {110, 104}, Qt::AlignLeft | Qt::AlignTop, 0},
        {1, {90, 104}, Qt::AlignRight | Qt::AlignTop, 1},
        {2, {90, 96}, Qt::AlignRight | Qt::AlignBottom, 1},
        {3, {110, 96}, Qt::AlignLeft | Qt::AlignBottom, 1},
        {4, {100, 110}, Qt::AlignHCenter | Qt::AlignTop, 1},
        {5, {100, 90}, Qt::AlignHCenter | Qt::AlignBottom, 1},
        {6, {110, 120}, Qt::AlignLeft | Qt::AlignTop, 6},
        {11, {100, 74}, Qt::AlignHCenter | Qt::AlignBottom, 7},
    };
    for (const auto& e : expected) {
        QCOMPARE(spots[e.index].anchor, e.anchor);
        QCOMPARE(spots[e.index].alignment.toInt(), e.alignment.toInt());
        QCOMPARE(spots[e.index].penalty, e.penalty);
        QCOMPARE(spots[e.index].rotationDegrees, 0.0);
    }
    // A marker at the point (7 px each way) leaves the first spot, 109 px onwards, free.
    LabelPlacer placer({0, 0, 300, 200});
    placer.addRect({93, 93, 14, 14}, -1, LabelPlacer::kCostMarker);
    QCOMPARE(placer.place({{50, 16}}, -1, spots, true).candidate, 0);
}

// The separating-axis test gives QPolygonF::intersects()'s answer for rotated rectangles (the
// shapes labels and lines have), checked on 2,000 random pairs of which a good share overlap.
void TestLabelPlacer::convexTestAgreesWithQt()
{
    QRandomGenerator random(22);
    const auto box = [&random] {
        const Candidate spot{{random.bounded(200.0), random.bounded(200.0)},
                             Qt::AlignLeft | Qt::AlignTop,
                             random.bounded(360.0) - 180.0,
                             0};
        return LabelPlacer::labelShape({5 + random.bounded(120.0), 3 + random.bounded(30.0)}, spot);
    };
    int overlapping = 0;
    for (int i = 0; i < 2000; ++i) {
        const QPolygonF a = box();
        const QPolygonF b = box();
        const bool qt = a.intersects(b);
        overlapping += qt ? 1 : 0;
        QVERIFY2(LabelPlacer::convexShapesIntersect(a, b) == qt, qPrintable(QString::number(i)));
    }
    QVERIFY(overlapping > 200 && overlapping < 1800);
}

// A box whose bounds overlap a diagonal line's bounds but not the line itself costs nothing: the
// first spot is taken. Moved onto the line, it gives way to the second.
void TestLabelPlacer::rotatedBoxBesideASlopeIsFree()
{
    LabelPlacer clear(QRectF(0, 0, 400, 400));
    clear.addSegment({0, 200}, {200, 0}, 1, LabelPlacer::kCostLine); // x + y = 200
    // A 40 x 10 box at (10, 10): its bounds lie inside the line's bounds, far below the line.
    const std::vector<Candidate> spots = {{{10, 10}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
                                          {{300, 300}, Qt::AlignLeft | Qt::AlignTop, 0, 5}};
    QCOMPARE(clear.place({{40, 10}}, 0, spots, true).candidate, 0);
    LabelPlacer crossed(QRectF(0, 0, 400, 400));
    crossed.addSegment({0, 200}, {200, 0}, 1, LabelPlacer::kCostLine);
    const std::vector<Candidate> onTheLine = {{{90, 95}, Qt::AlignLeft | Qt::AlignTop, 0, 0},
                                              {{300, 300}, Qt::AlignLeft | Qt::AlignTop, 0, 5}};
    QCOMPARE(crossed.place({{40, 10}}, 0, onTheLine, true).candidate, 1);
}

QTEST_GUILESS_MAIN(TestLabelPlacer)
#include "tst_label_placer.moc"
