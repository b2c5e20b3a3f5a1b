// staticLayersKey: what a step replot may keep. Each thing drawn outside the step layers that a
// report can change (axis range and title, a graph's points, pen and visibility, the plot size)
// must change the key; what the step layers hold must not; what the key cannot describe refuses.
#include "widgets/charts/placed_bars.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/static_layers_key.h"

#include <QtTest>
#include <functional>

using namespace lhe::widgets;

namespace {

struct Plot
{
    QCustomPlot plot;
    QCPGraph* line = nullptr; // on "main", a static layer
    QCPGraph* point = nullptr;
    QCPLayer* step = nullptr;

    Plot()
    {
        plot.resize(400, 300);
        plot.addLayer(QStringLiteral("step"), plot.layer(QStringLiteral("main")), QCustomPlot::limAbove);
        step = plot.layer(QStringLiteral("step"));
        line = plot.addGraph();
        line->setData({1, 10}, {1, 10});
        point = plot.addGraph();
        point->setLayer(step);
        point->setData({5}, {5});
        plot.replot();
    }
    QByteArray key() { return staticLayersKey(plot, {step}).value(); }
};

} // namespace

class TestStaticLayersKey : public QObject
{
    Q_OBJECT

private slots:
    void sameDrawingSameKey()
    {
        Plot a;
        const QByteArray before = a.key();
        a.line->setData({1, 10}, {1, 10}); // set again, equal
        a.plot.xAxis->setRange(a.plot.xAxis->range());
        QCOMPARE(a.key(), before);
    }

    void stepLayersDoNotCount()
    {
        Plot a;
        const QByteArray before = a.key();
        a.point->setData({7}, {2});
        a.point->setPen(QPen(Qt::red, 3));
        a.point->setVisible(false);
        auto* text = new QCPItemText(&a.plot);
        text->setLayer(a.step);
        text->setText(QStringLiteral("moves every step"));
        // A text element on a step layer (the memory chart's badge) counts by its place alone.
        auto* badge = new QCPTextElement(&a.plot, QStringLiteral("Fits — 19.5 GB of 25.8 GB"));
        badge->setLayer(a.step);
        a.plot.plotLayout()->insertRow(0);
        a.plot.plotLayout()->addElement(0, 0, badge);
        a.plot.replot();
        const QByteArray badged = a.key();
        badge->setText(QStringLiteral("Fits — 20.1 GB of 25.8 GB"));
        QCOMPARE(a.key(), badged);
        QVERIFY(before != badged); // the badge's row moved the axis rect
    }

    // An axis drawn with its grid on a step layer moves with it: its range does not count, the
    // room its labels take does (the axis rectangle). With the grid left on a static layer, the
    // grid lines it draws there do.
    void anAxisOnTheStepLayersCountsByItsRoom()
    {
        Plot a;
        a.plot.yAxis->setLayer(a.step);
        a.plot.yAxis->grid()->setLayer(a.step);
        a.plot.yAxis->setRange(0, 5);
        a.plot.replot();
        const QByteArray before = a.key();
        a.plot.yAxis->setRange(0, 8); // labels as wide: "8" as "5"
        a.plot.replot();
        QCOMPARE(a.key(), before);
        QVERIFY(drawnOnStepLayers(*a.plot.yAxis, {a.step}));
        a.plot.yAxis->setRange(0, 100000); // "100000" needs a wider margin
        a.plot.replot();
        QVERIFY(a.key() != before);

        Plot b;
        b.plot.yAxis->setLayer(b.step); // its grid stays on "grid"
        QVERIFY(!drawnOnStepLayers(*b.plot.yAxis, {b.step}));
        b.plot.yAxis->setRange(0, 5);
        b.plot.replot();
        const QByteArray gridded = b.key();
        b.plot.yAxis->setRange(0, 8);
        b.plot.replot();
        QVERIFY(b.key() != gridded);
    }

    void staticChangesChangeTheKey_data()
    {
        QTest::addColumn<std::function<void(Plot&)>>("change");
        QTest::newRow("line's points") << std::function<void(Plot&)>([](Plot& p) {
            p.line->setData({1, 10}, {1, 11});
        });
        QTest::newRow("line's pen") << std::function<void(Plot&)>(
            [](Plot& p) { p.line->setPen(QPen(Qt::black, 1, Qt::DashLine)); });
        QTest::newRow("line hidden") << std::function<void(Plot&)>(
            [](Plot& p) { p.line->setVisible(false); });
        QTest::newRow("x range") << std::function<void(Plot&)>(
            [](Plot& p) { p.plot.xAxis->setRange(0, 20); });
        QTest::newRow("y title") << std::function<void(Plot&)>(
            [](Plot& p) { p.plot.yAxis->setLabel(QStringLiteral("GB")); });
        QTest::newRow("plot size") << std::function<void(Plot&)>([](Plot& p) {
            p.plot.setViewport(QRect(0, 0, 500, 300));
            p.plot.replot();
        });
        QTest::newRow("layer of the point")
            << std::function<void(Plot&)>([](Plot& p) { p.point->setLayer(QStringLiteral("main")); });
        QTest::newRow("title text") << std::function<void(Plot&)>([](Plot& p) {
            auto* title = new QCPTextElement(&p.plot, QStringLiteral("Llama 3.1 8B"));
            p.plot.plotLayout()->insertRow(0);
            p.plot.plotLayout()->addElement(0, 0, title);
            p.plot.replot();
            const QByteArray titled = p.key();
            title->setText(QStringLiteral("Llama 3.1 70B")); // same size, other words
            QVERIFY(p.key() != titled);
        });
        QTest::newRow("a pattern legend's entry") << std::function<void(Plot&)>([](Plot& p) {
            auto* patterns = new QCPLegend;
            p.plot.plotLayout()->addElement(1, 0, patterns);
            patterns->addItem(new PlacementLegendItem(patterns, lhe::core::MemoryPlacement::HostRam));
            p.plot.replot();
            const QByteArray hostRam = p.key();
            patterns->clearItems();
            patterns->addItem(new PlacementLegendItem(patterns, lhe::core::MemoryPlacement::Disk));
            p.plot.replot();
            QVERIFY(p.key() != hostRam); // one entry as before, in the same place, another pattern
        });
        QTest::newRow("legend shown")
            << std::function<void(Plot&)>([](Plot& p) { p.plot.legend->setVisible(true); });
        QTest::newRow("pen in the legend") << std::function<void(Plot&)>([](Plot& p) {
            p.plot.legend->setVisible(true);
            const QByteArray shown = p.key();
            p.point->setPen(QPen(Qt::red)); // a step-layer graph, but its legend icon is static
            QVERIFY(p.key() != shown);
        });
    }

    void staticChangesChangeTheKey()
    {
        QFETCH(std::function<void(Plot&)>, change);
        Plot a;
        const QByteArray before = a.key();
        change(a);
        QVERIFY(a.key() != before);
    }

    void undescribedContentRefuses()
    {
        Plot a;
        auto* text = new QCPItemText(&a.plot); // on "main": static, and not described by the key
        QVERIFY(!staticLayersKey(a.plot, {a.step}));
        text->setVisible(false);
        QVERIFY(staticLayersKey(a.plot, {a.step}));
        new QCPBars(a.plot.xAxis, a.plot.yAxis);
        QVERIFY(!staticLayersKey(a.plot, {a.step}));
    }
};

QTEST_MAIN(TestStaticLayersKey)
#include "tst_static_layers_key.moc"
