// DesignSpaceWidget draws the core::DesignSpaceMap it is given: each cell in its verdict's colour
// at the cell's pixels, the boundary lines over the cell edges, a legend naming every colour, the
// read-outs, and a click on a cell emits the batch and sequence length that cell stands for.
// Most cases use a small hand-made map (so they do not depend on the estimator), a few the real core.
#include "chart_scenarios.h"
#include "core/charts/design_space.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/qcustomplot_include.h"

#include <QLabel>
#include <QMap>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

using namespace lhe;
using namespace Qt::StringLiterals;
using core::CellVerdict;
using core::RooflinePhase;

namespace {

constexpr CellVerdict M = CellVerdict::MemoryBandwidth;
constexpr CellVerdict C = CellVerdict::Compute;
constexpr CellVerdict X = CellVerdict::Communication;
constexpr CellVerdict O = CellVerdict::Offload;
constexpr CellVerdict D = CellVerdict::DoesNotFit;

// Four batches x three lengths, one cell per log2 unit:
//   512 tokens  O O D D
//   256 tokens  M X C O
//   128 tokens  M M C C
//              1 2 4 8
// Out of memory between the lower two rows and the top one (and right of the 4-batch cell in the
// middle row); compute/memory crossover between batch 2 and 4 in the bottom row.
core::DesignSpaceMap handMadeMap()
{
    core::DesignSpaceMap map;
    map.phase = RooflinePhase::Decode;
    map.decodeAvailable = true;
    map.batches = {1, 2, 4, 8};
    map.sequences = {128, 256, 512};
    map.batchEdges = {-0.5, 0.5, 1.5, 2.5, 3.5};
    map.sequenceEdges = {6.5, 7.5, 8.5, 9.5};
    map.verdicts = {M, M, C, C, /**/ M, X, C, O, /**/ O, O, D, D};
    map.outOfMemoryBoundary = {{{-0.5, 8.5}, {2.5, 8.5}, {2.5, 7.5}, {3.5, 7.5}}};
    map.crossover = {{{1.5, 6.5}, {1.5, 7.5}}};
    map.current = {0, 7}; // batch 1, 128 tokens
    map.currentInside = true;
    map.batch = 4;
    map.contextTokens = 4608;
    map.maxBatchFits = 26;
    map.maxContextFits = 64728;
    map.devicesNeeded.reset();
    return map;
}

// The colour most pixels of a small square around `centre` have (hatch lines are a minority).
QRgb dominantColour(const QImage& image, QPointF centre, int radius = 4)
{
    QMap<QRgb, int> counts;
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx)
            ++counts[image.pixel(qRound(centre.x()) + dx, qRound(centre.y()) + dy)];
    }
    QRgb best = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            best = it.key();
            most = it.value();
        }
    }
    return best;
}

struct Shown
{
    widgets::DesignSpaceWidget widget;
    QImage image;

    explicit Shown(const core::DesignSpaceMap& map, QSize size = {640, 520})
    {
        widget.resize(size);
        widget.setMap(map);
        widget.show();
        if (!QTest::qWaitForWindowExposed(&widget))
            qWarning("window not exposed");
        widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
        widget.plot()->replot(QCustomPlot::rpImmediateRefresh); // after the tick density settled
        image = widget.plot()->toPixmap().toImage();
    }
};

const QRegularExpression& nonFinite()
{
    static const QRegularExpression pattern(QStringLiteral("\\b(nan|inf|infinity)\\b"),
                                            QRegularExpression::CaseInsensitiveOption);
    return pattern;
}

void sendMouse(QWidget* target, QEvent::Type type, QPointF position, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, position, target->mapToGlobal(position), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
}

} // namespace

class TestDesignSpaceWidget : public QObject
{
    Q_OBJECT

private slots:
    void cellsHaveTheirVerdictColour();
    void boundaryLinesAreDrawnOnCellEdges();
    void legendNamesEveryVerdictAndLine();
    void clickOnACellEmitsItsValues();
    void draggingScrubsThroughCells();
    void tooltipNamesVerdictBatchAndSequence();
    void ticksAreTheRealValues();
    void readOutsShowTheMapsFigures();
    void currentPointMarker();
    void stepReplotsDrawWhatAFullReplotDraws();
    void phaseSelector();
    void realMapsShowNoNanOrInfinity_data();
    void realMapsShowNoNanOrInfinity();
    void clearedWidgetDrawsNoCells();
    void rendersNonBlankPng();
};

void TestDesignSpaceWidget::cellsHaveTheirVerdictColour()
{
    const core::DesignSpaceMap map = handMadeMap();
    Shown shown(map);
    for (std::size_t r = 0; r < map.rows(); ++r) {
        for (std::size_t c = 0; c < map.columns(); ++c) {
            if (c == 0 && r == 0)
                continue; // under the current-scenario marker
            const QPointF centre = shown.widget.cellCentre(c, r);
            QVERIFY(shown.image.rect().contains(centre.toPoint()));
            const QColor expected = widgets::verdictColor(map.verdict(c, r));
            QCOMPARE(QColor(dominantColour(shown.image, centre)).name(), expected.name());
        }
    }
    // A distinct colour for every verdict.
    QSet<QString> names;
    for (int v = 0; v < core::kCellVerdictCount; ++v)
        names.insert(widgets::verdictColor(static_cast<CellVerdict>(v)).name());
    QCOMPARE(names.size(), core::kCellVerdictCount);
    // Offload and "does not fit" are hatched as well as coloured (colour is not the only signal).
    QCOMPARE(widgets::verdictHatch(CellVerdict::Offload), Qt::BDiagPattern);
    QCOMPARE(widgets::verdictHatch(CellVerdict::DoesNotFit), Qt::DiagCrossPattern);
    QCOMPARE(widgets::verdictHatch(CellVerdict::Compute), Qt::NoBrush);
}

void TestDesignSpaceWidget::boundaryLinesAreDrawnOnCellEdges()
{
    const core::DesignSpaceMap map = handMadeMap();
    Shown shown(map);
    const QColor text = shown.widget.palette().color(QPalette::Text);
    QCPAxis* x = shown.widget.plot()->xAxis;
    QCPAxis* y = shown.widget.plot()->yAxis;
    // Out-of-memory boundary: the horizontal edge at log2 = 8.5 above batch 2, drawn 3.5 px thick.
    const QPointF oom(x->coordToPixel(1.0), y->coordToPixel(8.5));
    QCOMPARE(QColor(dominantColour(shown.image, oom, 1)).name(), text.name());
    // The crossover: a dashed line, so some pixels along it are the text colour.
    int dark = 0;
    const double lineX = x->coordToPixel(1.5);
    for (double py = y->coordToPixel(7.4); py < y->coordToPixel(6.6); ++py)
        dark += QColor(shown.image.pixel(qRound(lineX), qRound(py))) == text ? 1 : 0;
    QVERIFY2(dark > 5, qPrintable(QString::number(dark)));
    // No line where two cells on the same side meet (batch 1 | 2 at 128 tokens: memory | memory).
    const QPointF none(x->coordToPixel(0.5), y->coordToPixel(7.0));
    QCOMPARE(QColor(dominantColour(shown.image, none, 1)).name(), widgets::verdictColor(M).name());
}

void TestDesignSpaceWidget::legendNamesEveryVerdictAndLine()
{
    auto legendNames = [](const widgets::DesignSpaceWidget& widget) {
        QCPLegend* legend = widget.plot()->legend;
        QStringList names;
        for (int i = 0; i < legend->itemCount(); ++i) {
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
                names << item->plottable()->name();
        }
        return names;
    };
    Shown shown(handMadeMap());
    QVERIFY(shown.widget.plot()->legend->visible());
    QStringList names = legendNames(shown.widget);
    for (int v = 0; v < core::kCellVerdictCount; ++v)
        QVERIFY2(names.contains(widgets::verdictName(static_cast<CellVerdict>(v))),
                 qPrintable(names.join(u',')));
    QVERIFY2(names.contains(QStringLiteral("Out-of-memory boundary")), qPrintable(names.join(u',')));
    QVERIFY(names.contains(QStringLiteral("Compute/memory crossover")));
    QVERIFY(names.contains(QStringLiteral("Current scenario")));
    QCOMPARE(names.size(), core::kCellVerdictCount + 3);
    QVERIFY(shown.widget.plot()->legend->wrap() >= 2);
    // Every legend entry inside the plot, at the minimum width too (short line names there).
    for (const QSize size : {QSize(640, 520), shown.widget.minimumSizeHint()}) {
        shown.widget.resize(size);
        QCoreApplication::processEvents();
        shown.widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCPLegend* legend = shown.widget.plot()->legend;
        for (int i = 0; i < legend->itemCount(); ++i) {
            if (!legend->item(i))
                continue; // an empty cell of the wrapped legend grid
            const QRect box = legend->item(i)->outerRect();
            QVERIFY2(shown.widget.plot()->rect().contains(box) &&
                         box.width() >= legend->item(i)->minimumOuterSizeHint().width(),
                     qPrintable(legendNames(shown.widget).value(i)));
        }
    }
    names = legendNames(shown.widget);
    QVERIFY2(names.contains(QStringLiteral("Memory limit")), qPrintable(names.join(u',')));
    QVERIFY(names.contains(QStringLiteral("Crossover")));
}

void TestDesignSpaceWidget::clickOnACellEmitsItsValues()
{
    const core::DesignSpaceMap map = handMadeMap();
    Shown shown(map);
    QSignalSpy spy(&shown.widget, &widgets::DesignSpaceWidget::cellClicked);
    for (std::size_t r = 0; r < map.rows(); ++r) {
        for (std::size_t c = 0; c < map.columns(); ++c) {
            // Off-centre, so the click lands beside the marker and lines.
            const QPoint pixel = (shown.widget.cellCentre(c, r) + QPointF(9, -9)).toPoint();
            QTest::mouseClick(shown.widget.plot(), Qt::LeftButton, {}, pixel);
            QCOMPARE(spy.count(), 1);
            QCOMPARE(spy.at(0).at(0).toLongLong(), map.batches[c]);
            QCOMPARE(spy.at(0).at(1).toLongLong(), map.sequences[r]);
            spy.clear();
        }
    }
    // Outside the cells (on the axis labels) nothing is emitted.
    QTest::mouseClick(shown.widget.plot(), Qt::LeftButton, {}, QPoint(3, 3));
    QCOMPARE(spy.count(), 0);
    QTest::mouseClick(shown.widget.plot(), Qt::RightButton, {}, shown.widget.cellCentre(1, 1).toPoint());
    QCOMPARE(spy.count(), 0);
}

void TestDesignSpaceWidget::draggingScrubsThroughCells()
{
    const core::DesignSpaceMap map = handMadeMap();
    Shown shown(map);
    QSignalSpy spy(&shown.widget, &widgets::DesignSpaceWidget::cellClicked);
    QCustomPlot* plot = shown.widget.plot();
    sendMouse(plot, QEvent::MouseButtonPress, shown.widget.cellCentre(1, 0), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, shown.widget.cellCentre(1, 0) + QPointF(2, 0),
              Qt::LeftButton); // same cell
    sendMouse(plot, QEvent::MouseMove, shown.widget.cellCentre(2, 0), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, shown.widget.cellCentre(2, 1), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, shown.widget.cellCentre(2, 1), Qt::NoButton);
    sendMouse(plot, QEvent::MouseMove, shown.widget.cellCentre(3, 1), Qt::NoButton); // hover only
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.at(0).at(0).toLongLong(), 2LL);
    QCOMPARE(spy.at(1).at(0).toLongLong(), 4LL);
    QCOMPARE(spy.at(1).at(1).toLongLong(), 128LL);
    QCOMPARE(spy.at(2).at(1).toLongLong(), 256LL);
}

void TestDesignSpaceWidget::tooltipNamesVerdictBatchAndSequence()
{
    const core::DesignSpaceMap map = handMadeMap();
    Shown shown(map);
    const QString memory = shown.widget.cellDescription(0, 1);
    QVERIFY2(memory.contains(QStringLiteral("Batch 1")), qPrintable(memory));
    QVERIFY(memory.contains(QStringLiteral("256 prompt tokens")));
    QVERIFY(memory.contains(QStringLiteral("Decode: Memory bandwidth")));
    QVERIFY(shown.widget.cellDescription(3, 1).contains(QStringLiteral("Offload")));
    QVERIFY(shown.widget.cellDescription(3, 2).contains(QStringLiteral("Does not fit")));
    QVERIFY(shown.widget.cellDescription(7, 7).isEmpty());
    // Hovering sets it as the plot's tooltip.
    sendMouse(shown.widget.plot(), QEvent::MouseMove, shown.widget.cellCentre(1, 1), Qt::NoButton);
    QCOMPARE(shown.widget.plot()->toolTip(), shown.widget.cellDescription(1, 1));
    QVERIFY(shown.widget.plot()->toolTip().contains(widgets::verdictName(X)));
}

void TestDesignSpaceWidget::ticksAreTheRealValues()
{
    core::DesignSpaceMap real =
        core::designSpaceMap(test::scenarioNamed(QStringLiteral("fits")), core::Catalog::builtIn());
    Shown shown(real, {900, 760});
    auto labels = [](QCPAxis* axis) {
        QStringList out;
        const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
        for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it)
            out << it.value();
        return out;
    };
    QCOMPARE(labels(shown.widget.plot()->xAxis),
             QStringList({u"1"_s, u"2"_s, u"4"_s, u"8"_s, u"16"_s, u"32"_s, u"64"_s, u"128"_s, u"256"_s,
                          u"512"_s, u"1024"_s, u"2048"_s, u"4096"_s}));
    QCOMPARE(labels(shown.widget.plot()->yAxis),
             QStringList({u"128"_s, u"256"_s, u"512"_s, u"1k"_s, u"2k"_s, u"4k"_s, u"8k"_s, u"16k"_s,
                          u"32k"_s, u"64k"_s, u"128k"_s, u"256k"_s, u"512k"_s, u"1M"_s}));
    QCOMPARE(shown.widget.plot()->xAxis->label(), QStringLiteral("Batch (sequences)"));
    QCOMPARE(shown.widget.plot()->yAxis->label(), QStringLiteral("Sequence length (tokens)"));
    // The axes span exactly the cells.
    QCOMPARE(shown.widget.plot()->xAxis->range().lower, real.batchEdges.front());
    QCOMPARE(shown.widget.plot()->yAxis->range().upper, real.sequenceEdges.back());
}

void TestDesignSpaceWidget::readOutsShowTheMapsFigures()
{
    widgets::DesignSpaceWidget widget;
    widget.setMap(handMadeMap());
    QVERIFY2(widget.maxBatchLabel()->text().contains(QStringLiteral("<b>26</b>")),
             qPrintable(widget.maxBatchLabel()->text()));
    QVERIFY(
        widget.maxBatchLabel()->text().contains(QStringLiteral("Largest batch that fits at 4,608 tokens")));
    QVERIFY(widget.maxContextLabel()->text().contains(QStringLiteral("<b>64,728 tokens</b>")));
    QVERIFY(widget.maxContextLabel()->text().contains(QStringLiteral("at batch 4")));
    QVERIFY(widget.devicesNeededLabel()->text().contains(QStringLiteral("<b>none up to 1,048,576</b>")));
    QVERIFY(widget.devicesNeededLabel()->text().contains(QStringLiteral("Devices needed")));
    core::DesignSpaceMap map = handMadeMap();
    map.devicesNeeded = 8;
    map.maxBatchFits = 0;
    map.maxContextFits = core::kFitSearchLimit;
    widget.setMap(map);
    QVERIFY(widget.devicesNeededLabel()->text().contains(QStringLiteral("<b>8</b>")));
    QVERIFY(widget.maxBatchLabel()->text().contains(QStringLiteral("<b>none</b>")));
    QVERIFY(widget.maxContextLabel()->text().contains(QStringLiteral("<b>any</b>")));
    QVERIFY(widget.summaryText().contains(QStringLiteral("Offload: 3 cells")));
}

void TestDesignSpaceWidget::currentPointMarker()
{
    widgets::DesignSpaceWidget widget;
    core::DesignSpaceMap map = handMadeMap();
    widget.setMap(map);
    QCPGraph* current = widget.currentPointGraph();
    QCOMPARE(current->data()->size(), 1);
    QCOMPARE(current->data()->at(0)->key, 0.0);
    QCOMPARE(current->data()->at(0)->value, 7.0);
    map.current = {5, 7};
    map.currentInside = false;
    widget.setMap(map);
    QCOMPARE(current->data()->size(), 0);
}

// A batch or prompt-length step moves only the current point; the cells stay (ChartWidget::
// setStepLayers). Whichever path a map takes, the widget shows what a full replot draws: batch
// steps on one map, then a map of other verdicts (another device), then other edges.
void TestDesignSpaceWidget::stepReplotsDrawWhatAFullReplotDraws()
{
    widgets::DesignSpaceWidget widget;
    widget.resize(640, 520);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));

    std::vector<core::DesignSpaceMap> maps;
    for (long long batch = 1; batch <= 10; ++batch)
        maps.push_back(core::designSpaceMap(test::inference("nvidia-h100-sxm", "llama-3.1-8b", batch, 1024),
                                            core::Catalog::builtIn()));
    maps.push_back(core::designSpaceMap(test::inference("nvidia-rtx-4090", "llama-3.1-8b", 10, 1024),
                                        core::Catalog::builtIn()));
    maps.push_back(handMadeMap());
    maps.push_back(maps.front());
    const test::StepReplotCheck check =
        test::checkStepReplots(widget.plot(), maps.size(), [&](std::size_t i) { widget.setMap(maps[i]); });
    QVERIFY2(check.firstMismatch < 0,
             qPrintable(u"map %1 differs from a full replot"_s.arg(check.firstMismatch)));
    QVERIFY2(check.shortSteps >= 6, qPrintable(QString::number(check.shortSteps)));
}

void TestDesignSpaceWidget::phaseSelector()
{
    widgets::DesignSpaceWidget widget;
    widget.show();
    auto* decode = widget.findChild<QRadioButton*>(QStringLiteral("designSpaceDecodeRadio"));
    auto* prefill = widget.findChild<QRadioButton*>(QStringLiteral("designSpacePrefillRadio"));
    QVERIFY(decode && prefill);
    core::DesignSpaceMap map = handMadeMap();
    widget.setMap(map);
    QVERIFY(decode->isVisible() && decode->isChecked());
    QCOMPARE(widget.requestedPhase(), RooflinePhase::Decode);
    QSignalSpy spy(&widget, &widgets::DesignSpaceWidget::phaseChanged);
    prefill->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<RooflinePhase>(), RooflinePhase::Prefill);
    QCOMPARE(widget.requestedPhase(), RooflinePhase::Prefill);
    // Prefill only (no output tokens): decode cannot be chosen.
    map.phase = RooflinePhase::Prefill;
    map.decodeAvailable = false;
    widget.setRequestedPhase(RooflinePhase::Decode);
    widget.setMap(map);
    QVERIFY(!decode->isEnabled());
    QVERIFY(prefill->isChecked());
    // Training: no selector, the training step is named instead.
    map.phase = RooflinePhase::TrainingStep;
    widget.setMap(map);
    QVERIFY(!decode->isVisible() && !prefill->isVisible());
    QVERIFY(widget.cellDescription(0, 0).contains(QStringLiteral("Training step")));
}

void TestDesignSpaceWidget::realMapsShowNoNanOrInfinity_data()
{
    QTest::addColumn<QString>("scenario");
    for (const char* name :
         {"fits", "host-ram", "disk", "does-not-fit", "h100-batch1", "training-1xh100", "training-8xh100"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestDesignSpaceWidget::realMapsShowNoNanOrInfinity()
{
    QFETCH(QString, scenario);
    const core::DesignSpaceMap map =
        core::designSpaceMap(test::scenarioNamed(scenario), core::Catalog::builtIn());
    Shown shown(map, {480, 420});
    QStringList texts = {shown.widget.summaryText()};
    for (const QLabel* label : shown.widget.findChildren<QLabel*>())
        texts << label->text();
    for (QCPAxis* axis : {shown.widget.plot()->xAxis, shown.widget.plot()->yAxis}) {
        QVERIFY(std::isfinite(axis->range().lower) && std::isfinite(axis->range().upper));
        const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
        for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it)
            texts << it.value();
    }
    for (std::size_t r = 0; r < map.rows(); r += 5)
        for (std::size_t c = 0; c < map.columns(); c += 5)
            texts << shown.widget.cellDescription(c, r);
    for (const QString& text : std::as_const(texts))
        QVERIFY2(!nonFinite().match(text).hasMatch(), qPrintable(text));
    QVERIFY(test::distinctColours(shown.image) > 6);
}

void TestDesignSpaceWidget::clearedWidgetDrawsNoCells()
{
    widgets::DesignSpaceWidget widget;
    widget.setMap(handMadeMap());
    QVERIFY(widget.hasMap());
    widget.clear(QStringLiteral("device: unknown id"));
    QVERIFY(!widget.hasMap());
    QCOMPARE(widget.currentPointGraph()->data()->size(), 0);
    QVERIFY(widget.maxBatchLabel()->text().contains(QStringLiteral("unknown id")));
    QVERIFY(widget.cellDescription(0, 0).isEmpty());
    // A malformed map (sizes that do not agree) is drawn as no map rather than read out of bounds.
    core::DesignSpaceMap broken = handMadeMap();
    broken.verdicts.pop_back();
    widget.setMap(broken);
    QVERIFY(!widget.hasMap());
}

void TestDesignSpaceWidget::rendersNonBlankPng()
{
    const core::DesignSpaceMap map =
        core::designSpaceMap(test::scenarioNamed(QStringLiteral("fits")), core::Catalog::builtIn());
    for (const QSize size : {QSize(640, 520), QSize(400, 360)}) {
        Shown shown(map, size);
        test::saveShot(shown.widget.plot(), QStringLiteral("design-space"), QStringLiteral("fits"), size);
        QVERIFY(test::distinctColours(shown.image) > 6);
    }
}

QTEST_MAIN(TestDesignSpaceWidget)
#include "tst_design_space_widget.moc"
