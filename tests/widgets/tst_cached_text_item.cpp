// CachedTextItem must draw what QCPItemText draws: the same glyphs at the same place and the same
// box, for every alignment, rotation, padding and multi-line text a chart uses, and again after
// its text or font changes (the cache must follow). An unrotated box is filled without
// antialiasing, so only its edge pixels (within a pixel of QCPItemText's box) may differ. A rotated
// label is drawn from an image at the nearest whole pixel: the same box, glyph edges may differ.
#include "widgets/charts/cached_legend_item.h"
#include "widgets/charts/cached_text_item.h"
#include "widgets/charts/qcustomplot_include.h"

#include <QtTest>

using namespace lhe::widgets;

namespace {

struct Style
{
    QString text;
    Qt::Alignment position;
    double rotation;
    QFont font;
    QPointF anchor;
    // Where QCPItemText draws what CachedTextItem draws at `anchor` (a rotated label lands on the
    // nearest whole pixel); null: at `anchor` too.
    QPointF reference;
};

void apply(QCPItemText* item, const Style& style, bool cached)
{
    item->position->setType(QCPItemPosition::ptAbsolute);
    item->position->setCoords(cached || style.reference.isNull() ? style.anchor : style.reference);
    item->setPositionAlignment(style.position);
    item->setTextAlignment(Qt::AlignLeft);
    item->setRotation(style.rotation);
    item->setPadding(QMargins(3, 1, 3, 1));
    item->setBrush(QColor(255, 255, 255, 200));
    item->setPen(Qt::NoPen);
    item->setColor(Qt::black);
    item->setFont(style.font);
    item->setText(style.text);
}

struct Rendered
{
    QImage image;
    QRectF box;        // QCPItemText's box in pixels (its corners' anchors), unrotated cases
    QPolygonF corners; // the same corners, rotated cases
};

Rendered render(bool cached, const QList<Style>& styles)
{
    QCustomPlot plot;
    plot.resize(300, 200);
    plot.setBackground(Qt::darkCyan); // the box's alpha shows against it
    plot.xAxis->setVisible(false);
    plot.yAxis->setVisible(false);
    QCPItemText* item = cached ? new CachedTextItem(&plot) : new QCPItemText(&plot);
    item->setClipToAxisRect(false);
    Rendered out;
    for (const Style& style : styles) { // the last style is the one compared
        apply(item, style, cached);
        out.image = plot.toPixmap(300, 200).toImage();
    }
    out.box = QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition());
    out.corners << item->topLeft->pixelPosition() << item->topRight->pixelPosition()
                << item->bottomRight->pixelPosition() << item->bottomLeft->pixelPosition();
    return out;
}

bool onEdge(const QRectF& box, int x, int y)
{
    const QPointF c(x + 0.5, y + 0.5); // the pixel's centre
    if (!box.adjusted(-1, -1, 1, 1).contains(c))
        return false;
    return std::abs(c.x() - box.left()) <= 1 || std::abs(c.x() - box.right()) <= 1 ||
           std::abs(c.y() - box.top()) <= 1 || std::abs(c.y() - box.bottom()) <= 1;
}

} // namespace

Q_DECLARE_METATYPE(Style)

class TestCachedTextItem : public QObject
{
    Q_OBJECT

private slots:
    void drawsWhatQCPItemTextDraws_data()
    {
        QTest::addColumn<QList<Style>>("styles");
        QFont font;
        font.setPointSizeF(10);
        QFont large = font;
        large.setPointSizeF(15);
        large.setBold(true);
        const QString label = QStringLiteral("Decode — Memory bandwidth, 2.85 TFLOP/s");
        const QPointF offGrid(150.4, 100.6); // as placed labels are
        const QPointF none;
        QTest::newRow("centred") << QList<Style>{{label, Qt::AlignCenter, 0, font, offGrid, none}};
        QTest::newRow("bottom right")
            << QList<Style>{{label, Qt::AlignRight | Qt::AlignBottom, 0, font, offGrid, none}};
        // QCustomPlot shifts an antialiased painter by half a pixel: at x.5 the label's anchor is
        // a whole pixel, and 150.4, 100.6 rounds to it.
        const QString slope = QStringLiteral("Memory 1.01 TB/s");
        const Qt::Alignment bottom = Qt::AlignHCenter | Qt::AlignBottom;
        QTest::newRow("rotated along a slope")
            << QList<Style>{{slope, bottom, -38.5, font, QPointF(150.5, 100.5), QPointF()}};
        QTest::newRow("rotated, off the pixel grid")
            << QList<Style>{{slope, bottom, -38.5, font, QPointF(150.4, 100.6), QPointF(150.5, 100.5)}};
        QTest::newRow("rotated, new text after a draw")
            << QList<Style>{{QStringLiteral("1"), bottom, -38.5, font, QPointF(150.5, 100.5), QPointF()},
                            {slope, bottom, -38.5, font, QPointF(150.5, 100.5), QPointF()}};
        QTest::newRow("rotated, new angle after a draw")
            << QList<Style>{{slope, bottom, -20, font, QPointF(150.5, 100.5), QPointF()},
                            {slope, bottom, -38.5, font, QPointF(150.5, 100.5), QPointF()}};
        QTest::newRow("two lines") << QList<Style>{{QStringLiteral("● calibrated estimate\n○ ideal roofline"),
                                                    Qt::AlignLeft | Qt::AlignTop, 0, font, offGrid, none}};
        QTest::newRow("chinese") << QList<Style>{
            {QStringLiteral("拐点 164 FLOP/B"), Qt::AlignCenter, 0, font, offGrid, none}};
        QTest::newRow("new text after a draw")
            << QList<Style>{{QStringLiteral("1"), Qt::AlignCenter, 0, font, offGrid, none},
                            {label, Qt::AlignCenter, 0, font, offGrid, none}};
        QTest::newRow("new font after a draw")
            << QList<Style>{{label, Qt::AlignCenter, 0, font, offGrid, none},
                            {label, Qt::AlignCenter, 0, large, offGrid, none}};
    }

    void drawsWhatQCPItemTextDraws()
    {
        QFETCH(QList<Style>, styles);
        const Rendered expected = render(false, styles);
        const QImage actual = render(true, styles).image;
        QCOMPARE(actual.size(), expected.image.size());
        if (styles.back().rotation != 0) {
            // Drawn from an image of the label: the same box, and the glyphs Qt rasterizes there
            // at another sub-pixel phase (a few pixels of each glyph's edge differ).
            const QPolygonF& corners = expected.corners;
            const double area =
                QLineF(corners[0], corners[1]).length() * QLineF(corners[0], corners[3]).length();
            int differing = 0;
            for (int y = 0; y < actual.height(); ++y) {
                for (int x = 0; x < actual.width(); ++x) {
                    if (actual.pixel(x, y) == expected.image.pixel(x, y))
                        continue;
                    QVERIFY2(corners.containsPoint(QPointF(x + 0.5, y + 0.5), Qt::OddEvenFill),
                             qPrintable(QStringLiteral("pixel %1,%2 outside the box differs").arg(x).arg(y)));
                    ++differing;
                }
            }
            QVERIFY2(differing <= 0.1 * area,
                     qPrintable(QStringLiteral("%1 of %2").arg(differing).arg(area)));
            return;
        }
        int inside = 0; // differing pixels away from the box's edges
        int edge = 0;
        for (int y = 0; y < actual.height(); ++y) {
            for (int x = 0; x < actual.width(); ++x) {
                if (actual.pixel(x, y) == expected.image.pixel(x, y))
                    continue;
                (onEdge(expected.box, x, y) ? edge : inside) += 1;
            }
        }
        QCOMPARE(inside, 0);
        // At most the two pixel rows (columns) each edge touches at a fractional position.
        QVERIFY2(edge <= 4 * (expected.box.width() + expected.box.height()) + 8,
                 qPrintable(QString::number(edge)));
    }

    // A legend entry's size, measured once per name and font, is what QCPPlottableLegendItem
    // measures every time: after the plottable is renamed and the legend's font grows too.
    void legendItemMeasuresWhatQCustomPlotMeasures()
    {
        QCustomPlot plot;
        QCPGraph* graph = plot.addGraph();
        graph->setName(QStringLiteral("KV cache"));
        // Through the layout's interface, where the legend's layout asks (protected in the items).
        QCPLayoutElement* cached = new CachedLegendItem(plot.legend, graph);
        QCPLayoutElement* plain = new QCPPlottableLegendItem(plot.legend, graph);
        const auto same = [&] { QCOMPARE(cached->minimumOuterSizeHint(), plain->minimumOuterSizeHint()); };
        same();
        const QSize before = plain->minimumOuterSizeHint();
        graph->setName(QStringLiteral("Allocator reserve and fragmentation"));
        same();
        QVERIFY(plain->minimumOuterSizeHint().width() > before.width()); // the test can fail
        QFont larger = plot.legend->font();
        larger.setPointSizeF(larger.pointSizeF() * 1.5);
        static_cast<QCPAbstractLegendItem*>(cached)->setFont(larger);
        static_cast<QCPAbstractLegendItem*>(plain)->setFont(larger);
        same();
        delete cached;
        delete plain;
    }

    // LegendText draws what QPainter::drawText draws in the rectangle a legend item gives it.
    void legendTextDrawsWhatDrawTextDraws_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("one line") << QStringLiteral("Hatched: offloaded to host RAM");
        QTest::newRow("two lines") << QStringLiteral("Cross-hatched:\noffloaded to disk");
        QTest::newRow("chinese") << QStringLiteral("斜线：卸载到主机内存");
    }

    void legendTextDrawsWhatDrawTextDraws()
    {
        QFETCH(QString, text);
        QFont font;
        font.setPointSizeF(10);
        const int iconHeight = 12;
        const auto render = [&](bool cached) {
            QImage image(300, 60, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            QPainter painter(&image);
            painter.setFont(font);
            painter.setPen(Qt::black);
            LegendText legend;
            const QRect rect = legend.rect(text, font, iconHeight);
            if (cached)
                legend.draw(&painter, 20, 10);
            else
                painter.drawText(20, 10, rect.width(), std::max(rect.height(), iconHeight), Qt::TextDontClip,
                                 text);
            return image;
        };
        const QImage expected = render(false);
        QCOMPARE(render(true), expected);
        QVERIFY(expected != QImage(expected.size(), expected.format())); // something was drawn
    }
};

QTEST_MAIN(TestCachedTextItem)
#include "tst_cached_text_item.moc"
