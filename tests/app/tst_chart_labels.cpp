// Chart text at every size, in both languages and in presentation mode: the dashboard is laid out
// as a headless export at 800 x 600 ... 1920 x 1080, its charts are drawn, and every text box they
// hold (item labels, rotated ones as their turned outline, axis titles and tick labels) must stay
// inside its chart and clear of every other, and every line that stands for a ceiling keeps a name;
// the verdict cards show their whole legend of terms.
#include "app/explorer/compare_mode.h"
#include "app/explorer/exporter.h"
#include "app/explorer/language.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "core/catalog/catalog.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/serving_panel.h"

#include <QFontMetricsF>
#include <QScopeGuard>
#include <QtTest>
#include <cmath>

using namespace lhe;
using nlohmann::json;

namespace {

// One piece of text a chart draws, as the outline it covers in the chart's pixels.
struct TextBox
{
    QString text;
    QPolygonF outline;
};

QPolygonF rectOutline(const QRectF& rect)
{
    return QPolygonF(rect);
}

// The item labels: QCPItemText's corner anchors follow its rotation.
void addItemTexts(QCustomPlot* plot, QList<TextBox>* boxes)
{
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* item = qobject_cast<QCPItemText*>(plot->item(i));
        if (!item || !item->visible() || item->text().isEmpty())
            continue;
        QPolygonF outline;
        for (QCPItemAnchor* corner : {item->topLeft, item->topRight, item->bottomRight, item->bottomLeft})
            outline << corner->pixelPosition();
        outline << outline.front();
        boxes->append({item->text(), outline});
    }
}

// A horizontal axis' tick labels and its title, where QCustomPlot puts them: the labels centred
// under their ticks, the title centred under the axis rect.
void addBottomAxisTexts(QCPAxis* axis, QList<TextBox>* boxes)
{
    if (!axis->visible())
        return;
    const QFontMetricsF tickMetrics(axis->tickLabelFont());
    const double top = axis->axisRect()->bottom() + axis->tickLengthOut() + axis->tickLabelPadding();
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        const double x = axis->coordToPixel(ticks[i]);
        if (x < axis->axisRect()->left() - 1 || x > axis->axisRect()->right() + 1 || labels[i].isEmpty())
            continue;
        // "Beautiful" powers (10 with a raised exponent) are a little narrower than this.
        const double width = tickMetrics.horizontalAdvance(labels[i]);
        const QRectF box(x - width / 2, top, width, tickMetrics.height());
        // QCustomPlot leaves out a tick label the widget's edge would cut.
        if (box.left() < 0 || box.right() > axis->parentPlot()->width())
            continue;
        boxes->append({labels[i], rectOutline(box)});
    }
    if (!axis->label().isEmpty()) {
        const QFontMetricsF metrics(axis->labelFont());
        const double width = metrics.horizontalAdvance(axis->label());
        const double centre = axis->axisRect()->center().x();
        const double y = axis->axisRect()->bottom() + axis->offset() + axis->tickLengthOut() +
                         axis->tickLabelPadding() + tickMetrics.height() + axis->labelPadding();
        boxes->append({axis->label(), rectOutline(QRectF(centre - width / 2, y, width, metrics.height()))});
    }
}

// A vertical axis' tick labels, right-aligned left of the axis and centred on their ticks (its
// title is turned along the axis, apart from the labels by QCustomPlot's own layout).
void addLeftAxisTexts(QCPAxis* axis, QList<TextBox>* boxes)
{
    if (!axis->visible())
        return;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const double right = axis->axisRect()->left() - axis->tickLengthOut() - axis->tickLabelPadding();
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        const double y = axis->coordToPixel(ticks[i]);
        if (y < axis->axisRect()->top() - 1 || y > axis->axisRect()->bottom() + 1 || labels[i].isEmpty())
            continue;
        const double width = metrics.horizontalAdvance(labels[i]);
        const QRectF box(right - width, y - metrics.height() / 2, width, metrics.height());
        if (box.top() < 0 || box.bottom() > axis->parentPlot()->height())
            continue; // left out by QCustomPlot, as at the bottom
        boxes->append({labels[i], rectOutline(box)});
    }
}

// Every text box of a chart: its item labels, and the tick labels and titles of its bottom and
// left axes.
QList<TextBox> chartTexts(QCustomPlot* plot)
{
    QList<TextBox> boxes;
    addItemTexts(plot, &boxes);
    addBottomAxisTexts(plot->xAxis, &boxes);
    addLeftAxisTexts(plot->yAxis, &boxes);
    return boxes;
}

QString describe(const TextBox& box)
{
    const QRectF r = box.outline.boundingRect();
    return QStringLiteral("\"%1\" (%2,%3 %4x%5)")
        .arg(box.text)
        .arg(r.x(), 0, 'f', 0)
        .arg(r.y(), 0, 'f', 0)
        .arg(r.width(), 0, 'f', 0)
        .arg(r.height(), 0, 'f', 0);
}

// Empty when every box lies inside the plot (1 px slack) and no two overlap by more than a pixel
// each way; else the first problem.
QString overlapOrClip(QCustomPlot* plot, const QList<TextBox>& boxes)
{
    const QRectF inside = QRectF(plot->rect()).adjusted(-1, -1, 1, 1);
    for (int i = 0; i < boxes.size(); ++i) {
        if (!inside.contains(boxes[i].outline.boundingRect()))
            return QStringLiteral("%1 leaves its %2 x %3 chart")
                .arg(describe(boxes[i]))
                .arg(plot->width())
                .arg(plot->height());
        for (int j = 0; j < i; ++j) {
            const QRectF common = boxes[i].outline.intersected(boxes[j].outline).boundingRect();
            if (common.width() > 1 && common.height() > 1)
                return QStringLiteral("%1 overlaps %2").arg(describe(boxes[i]), describe(boxes[j]));
        }
    }
    return {};
}

json scenarioFor(const QString& name)
{
    json s = app::defaultScenario();
    if (name == QLatin1String("70b-8xh100")) {
        s["device"] = "nvidia-h100-sxm";
        s["model"] = "llama-3.1-70b";
        s["devices"] = 8;
        s["batch"] = 64;
        s["prompt_tokens"] = 2048;
    } else if (name == QLatin1String("70b-offload")) {
        s["model"] = "llama-3.1-70b"; // 141 GB of weights on one 24 GiB card: host RAM
    } else if (name == QLatin1String("training")) {
        s["device"] = "nvidia-h100-sxm";
        s["mode"] = "training";
        s["batch"] = 8;
    }
    return s;
}

} // namespace

class TestChartLabels : public QObject
{
    Q_OBJECT

private slots:
    void textNeverOverlapsOrLeavesItsChart_data();
    void textNeverOverlapsOrLeavesItsChart();
    void otherChartsKeepTheirTextApart_data();
    void otherChartsKeepTheirTextApart();
};

void TestChartLabels::textNeverOverlapsOrLeavesItsChart_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presenting");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("controls");
    const QList<QSize> sizes{{800, 600}, {1024, 768}, {1280, 800}, {1920, 1080}};
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& scenario : {QStringLiteral("default"), QStringLiteral("70b-8xh100"),
                                        QStringLiteral("70b-offload"), QStringLiteral("training")}) {
            for (const QSize size : sizes)
                QTest::addRow("%s %dx%d %s", qPrintable(language), size.width(), size.height(),
                              qPrintable(scenario))
                    << language << size << false << scenario << false;
            QTest::addRow("%s presenting 1024x768 %s", qPrintable(language), qPrintable(scenario))
                << language << QSize(1024, 768) << true << scenario << false;
            // The classroom case: the controls unfolded beside the dashboard (F5, then F9), in
            // the window itself rather than an export.
            for (const QSize size : {QSize(1024, 768), QSize(1280, 800)})
                QTest::addRow("%s presenting %dx%d window with controls %s", qPrintable(language),
                              size.width(), size.height(), qPrintable(scenario))
                    << language << size << true << scenario << true;
        }
    }
}

void TestChartLabels::textNeverOverlapsOrLeavesItsChart()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QFETCH(bool, presenting);
    QFETCH(QString, scenario);
    QFETCH(bool, controls);
    app::installTranslations(language);
    const auto english = qScopeGuard([] { app::installTranslations(QStringLiteral("en")); });
    app::MainWindow main(core::Catalog::builtIn());
    QString error;
    QVERIFY2(main.files()->loadScenario(scenarioFor(scenario), &error), qPrintable(error));
    main.setPresentationMode(presenting);
    const auto normal = qScopeGuard([&main] { main.setPresentationMode(false); });
    if (controls) {
        main.setAttribute(Qt::WA_DontShowOnScreen);
        main.resize(size);
        main.show();
        // By its key: the menu texts are in the language under test.
        for (QAction* action : main.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(Qt::Key_F9) && !main.controls()->isVisible())
                action->trigger();
        QVERIFY(main.controls()->isVisible());
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(main.size(), size);
        // Beside the controls the dashboard keeps one chart a row and fits without scrolling.
        QVERIFY(main.dashboard()->memoryChartTabbed() || size.width() > 1024);
        QVERIFY2(main.dashboard()->width() <= main.width() - main.controls()->width(),
                 qPrintable(QString::number(main.dashboard()->width())));
    } else {
        main.exporter()->layoutForExport(size);
    }
    main.dashboard()->replotNow();

    widgets::RooflineWidget* roofline = main.dashboard()->roofline();
    const QList<TextBox> rooflineTexts = chartTexts(roofline->plot());
    const QString rooflineProblem = overlapOrClip(roofline->plot(), rooflineTexts);
    QVERIFY2(rooflineProblem.isEmpty(), qPrintable(QStringLiteral("roofline: ") + rooflineProblem));

    // Every dashed ceiling on screen is named: a label level with it (beside it, or just above or
    // below, clear of a marker sitting on it).
    for (int i = 0; i < roofline->plot()->graphCount(); ++i) {
        QCPGraph* graph = roofline->plot()->graph(i);
        if (!graph->visible() || graph->dataCount() != 2 ||
            graph->data()->at(0)->value != graph->data()->at(1)->value)
            continue;
        const double y = roofline->plot()->yAxis->coordToPixel(graph->data()->at(0)->value);
        bool named = false;
        for (const TextBox& box : std::as_const(rooflineTexts)) {
            const QRectF r = box.outline.boundingRect();
            named = named || (r.top() - 16 <= y && y <= r.bottom() + 16);
        }
        QVERIFY2(named,
                 qPrintable(
                     QStringLiteral("the line at %1 FLOP/s has no label").arg(graph->data()->at(0)->value)));
    }

    // The verdict cards' legend of terms wraps onto as many lines as it needs, never cut.
    for (const widgets::BottleneckCard* card :
         {main.dashboard()->prefillCard(), main.dashboard()->decodeCard(), main.dashboard()->trainingCard()})
        QVERIFY2(card->termsLegendFits(), qPrintable(card->termsLegend()));

    // A narrow dashboard shows the memory chart as a tab of its own.
    if (main.dashboard()->memoryChartTabbed()) {
        QVERIFY(controls);
        main.dashboard()->showChartTab(widgets::Dashboard::MemoryTab);
        QCoreApplication::processEvents(); // the page takes its size, then the dashboard its minimum
        QCoreApplication::processEvents();
        main.dashboard()->replotNow();
    }
    widgets::MemoryBarsWidget* memory = main.dashboard()->memoryBars();
    const QString memoryProblem = overlapOrClip(memory->plot(), chartTexts(memory->plot()));
    QVERIFY2(memoryProblem.isEmpty(), qPrintable(QStringLiteral("memory: ") + memoryProblem));
}

void TestChartLabels::otherChartsKeepTheirTextApart_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presenting");
    QTest::addColumn<QString>("view");
    const QList<QSize> sizes{{800, 600}, {1024, 768}, {1280, 800}, {1920, 1080}};
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        for (const QString& view :
             {QStringLiteral("design-space"), QStringLiteral("serving"), QStringLiteral("compare")}) {
            for (const QSize size : sizes)
                QTest::addRow("%s %dx%d %s", qPrintable(language), size.width(), size.height(),
                              qPrintable(view))
                    << language << size << false << view;
            QTest::addRow("%s presenting 1024x768 %s", qPrintable(language), qPrintable(view))
                << language << QSize(1024, 768) << true << view;
        }
    }
}

// The design-space map, the throughput-latency chart and the Compare A/B view's three charts
// (70B on 8 H100s, pinned as A; B on 8 MI300X), held to the same rule as the roofline.
void TestChartLabels::otherChartsKeepTheirTextApart()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QFETCH(bool, presenting);
    QFETCH(QString, view);
    app::installTranslations(language);
    const auto english = qScopeGuard([] { app::installTranslations(QStringLiteral("en")); });
    app::MainWindow main(core::Catalog::builtIn());
    QString error;
    QVERIFY2(main.files()->loadScenario(scenarioFor(QStringLiteral("70b-8xh100")), &error),
             qPrintable(error));
    main.setPresentationMode(presenting);
    const auto normal = qScopeGuard([&main] { main.setPresentationMode(false); });
    QList<QCustomPlot*> plots;
    if (view == QLatin1String("compare")) {
        main.compare()->pinCurrent();
        json b = scenarioFor(QStringLiteral("70b-8xh100"));
        b["device"] = "amd-mi300x";
        QVERIFY2(main.files()->loadScenario(b, &error), qPrintable(error));
        main.compare()->show(true);
        QVERIFY(main.compare()->isShown());
        plots << main.compareView()->memoryBarsA()->plot() << main.compareView()->memoryBarsB()->plot()
              << main.compareView()->roofline()->plot();
    } else {
        main.dashboard()->showChartTab(*widgets::Dashboard::chartTabFromName(view));
        plots << (view == QLatin1String("serving") ? main.dashboard()->serving()->chart()->plot()
                                                   : main.dashboard()->designSpace()->plot());
    }
    main.exporter()->layoutForExport(size);
    if (view == QLatin1String("design-space"))
        QTRY_VERIFY(main.dashboard()->designSpace()->hasMap());
    if (view == QLatin1String("compare"))
        main.compareView()->replotNow();
    else
        main.dashboard()->replotNow();
    for (QCustomPlot* plot : std::as_const(plots)) {
        QVERIFY(plot->isVisible());
        const QString problem = overlapOrClip(plot, chartTexts(plot));
        QVERIFY2(problem.isEmpty(),
                 qPrintable(plot->parentWidget()->objectName() + QStringLiteral(": ") + problem));
    }
}

QTEST_MAIN(TestChartLabels)
#include "tst_chart_labels.moc"
