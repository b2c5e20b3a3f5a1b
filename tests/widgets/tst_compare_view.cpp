// CompareView (Compare A/B): both sets of roofline points with distinct marker shapes,
// both memory charts on one value scale, both rows of verdict cards, and a difference table whose
// cells are the numbers worked out by hand below.
#include "chart_scenarios.h"
#include "core/charts/comparison.h"
#include "core/estimate/estimator.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/common/value_format.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/compare_view.h"

#include <QStyle>
#include <QTableWidget>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace lhe;
using namespace lhe::test;
using core::RooflinePhase;

namespace {

constexpr RooflinePhase kPhases[] = {RooflinePhase::Prefill, RooflinePhase::Decode,
                                     RooflinePhase::TrainingStep};

// The table row whose first column reads `label` (indented under its section heading).
QStringList tableRow(const QTableWidget* table, const QString& label)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        const QTableWidgetItem* first = table->item(row, 0);
        if (!first || first->text().trimmed() != label)
            continue;
        QStringList cells;
        for (int column = 1; column < table->columnCount(); ++column)
            cells << (table->item(row, column) ? table->item(row, column)->text() : QString());
        return cells;
    }
    return {};
}

QString allTableText(const QTableWidget* table)
{
    QStringList texts;
    for (int row = 0; row < table->rowCount(); ++row) {
        for (int column = 0; column < table->columnCount(); ++column) {
            if (table->item(row, column))
                texts << table->item(row, column)->text();
        }
    }
    return texts.join(QLatin1Char('|'));
}

// A: Llama-3.1-8B bf16, batch 1, 1024-token prompt on an H100 SXM; B: the same on an RTX 4090.
struct Pair
{
    core::Report a = reportNamed(QStringLiteral("h100-batch1"));
    core::Report b =
        core::estimate(inference("nvidia-rtx-4090", "llama-3.1-8b", 1, 1024), core::Catalog::builtIn());
};

// The view at the dashboard's usual size with A pinned and B current, replotted.
void showPair(widgets::CompareView& view, const Pair& pair)
{
    view.resize(1280, 800);
    view.setPinned(std::make_shared<const core::Report>(pair.a));
    view.setCurrent(std::make_shared<const core::Report>(pair.b));
    view.replotNow();
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT

private slots:
    void bothPointSetsWithDistinctShapes();
    void sameRoofIsDrawnOnce();
    void memoryChartsShareOneScale();
    void tableRowsMatchHandNumbers();
    void tableTextIsNeverCut_data();
    void tableTextIsNeverCut();
    void missingPhasesSaySo();
    void bothRowsOfCards();
    void updatesOnlyWhenShown();
    void fullAgainstQloraReadsRight();
    void rendersNonBlank_data();
    void rendersNonBlank();
    void servingRowsWhenBothServe();
};

// Both serve 32 users of Llama 3.1 8B, A on an H100, B on an RTX 4090, with a 40 ms TPOT target
// and a price each: the serving rows are each report's own serving figures (computed here by the
// core), B − A and B / A of them, and whether each meets the target.
void TestCompareView::servingRowsWhenBothServe()
{
    core::Scenario sa = inference("nvidia-h100-sxm", "llama-3.1-8b", 32, 1024);
    sa.outputTokens = 256;
    sa.serving.tpotTargetSeconds = 0.04;
    sa.serving.pricePerDeviceHour = 2.0;
    core::Scenario sb = sa;
    sb.deviceId = "nvidia-rtx-4090";
    sb.serving.pricePerDeviceHour = 0.5;
    const core::Report a = core::estimate(sa, core::Catalog::builtIn());
    const core::Report b = core::estimate(sb, core::Catalog::builtIn());
    QVERIFY(a.serving && b.serving);
    widgets::CompareView view;
    view.resize(1280, 800);
    view.setPinned(std::make_shared<const core::Report>(a));
    view.setCurrent(std::make_shared<const core::Report>(b));
    view.replotNow();
    const QTableWidget* table = view.differenceTable();
    const core::ServingPoint& pa = a.serving->point;
    const core::ServingPoint& pb = b.serving->point;
    auto ratio = [](double a, double b) -> QString {
        return QStringLiteral("×") + QLocale().toString(b / a, 'g', 3);
    };
    const QStringList ttft = tableRow(table, QStringLiteral("TTFT users see"));
    QCOMPARE(ttft.value(0), widgets::formatSeconds(pa.ttftSeconds));
    QCOMPARE(ttft.value(1), widgets::formatSeconds(pb.ttftSeconds));
    QCOMPARE(ttft.value(3), ratio(pa.ttftSeconds, pb.ttftSeconds));
    const QStringList tpotP90 = tableRow(table, QStringLiteral("TPOT users see, p90"));
    QCOMPARE(tpotP90.value(0), widgets::formatSeconds(pa.tpotP90Seconds));
    QCOMPARE(tpotP90.value(1), widgets::formatSeconds(pb.tpotP90Seconds));
    const QStringList tokens = tableRow(table, QStringLiteral("Output tokens/s per device"));
    QCOMPARE(tokens.value(0), widgets::formatNumber(pa.outputTokensPerSecondPerDevice));
    QCOMPARE(tokens.value(3), ratio(pa.outputTokensPerSecondPerDevice, pb.outputTokensPerSecondPerDevice));
    // METHOD §15.4 by hand: price ÷ 3600 ÷ tokens/s per device × 10^6 (one device each).
    const double costA = 2.0 / 3600.0 / pa.outputTokensPerSecondPerDevice * 1e6;
    const double costB = 0.5 / 3600.0 / pb.outputTokensPerSecondPerDevice * 1e6;
    QVERIFY(std::abs(*a.serving->costPerMillionOutputTokens - costA) <= 1e-9 * costA);
    const QStringList cost = tableRow(table, QStringLiteral("Cost per million tokens"));
    QCOMPARE(cost.value(0), widgets::formatNumber(costA, 4));
    QCOMPARE(cost.value(1), widgets::formatNumber(costB, 4));
    QCOMPARE(cost.value(3),
             ratio(*a.serving->costPerMillionOutputTokens, *b.serving->costPerMillionOutputTokens));
    // The target: p90 TPOT against 40 ms, each side on its own.
    const auto verdict = [](const core::ServingPoint& p) {
        return p.tpotP90Seconds <= 0.04 ? QStringLiteral("meets") : QStringLiteral("misses");
    };
    const QStringList meets = tableRow(table, QStringLiteral("Meets the targets"));
    QCOMPARE(meets.value(0), verdict(pa));
    QCOMPARE(meets.value(1), verdict(pb));
    QCOMPARE(meets.value(3), verdict(pa) == verdict(pb) ? QStringLiteral("same") : QStringLiteral("changed"));
    // The whole batch's prefill is labelled as such, apart from the users' TTFT.
    QCOMPARE(tableRow(table, QStringLiteral("All prompts prefilled at once")).value(0),
             widgets::formatSeconds(a.prefill->seconds));
    QVERIFY(tableRow(table, QStringLiteral("Time to first token")).isEmpty());
    const QString text = allTableText(table).toLower();
    QVERIFY(!text.contains(QStringLiteral("nan")) && !text.contains(QStringLiteral("inf")));
}

void TestCompareView::bothPointSetsWithDistinctShapes()
{
    const Pair pair;
    widgets::CompareView view;
    showPair(view, pair);
    widgets::RooflineWidget* roofline = view.roofline();
    QVERIFY(roofline->hasPinned());

    QSet<int> shapesA, shapesB;
    for (RooflinePhase phase : {RooflinePhase::Prefill, RooflinePhase::Decode}) {
        QCPGraph* b = roofline->pointGraph(phase);
        QCPGraph* a = roofline->pinnedPointGraph(phase);
        QVERIFY(a->visible() && b->visible());
        QCOMPARE(a->data()->size(), 1);
        QCOMPARE(b->data()->size(), 1);
        const core::PhaseEstimate& estimateA =
            phase == RooflinePhase::Prefill ? *pair.a.prefill : *pair.a.decode;
        const core::PhaseEstimate& estimateB =
            phase == RooflinePhase::Prefill ? *pair.b.prefill : *pair.b.decode;
        QVERIFY(near(a->data()->at(0)->value, estimateA.achievedFlopsPerSecond, 1e-12));
        QVERIFY(near(b->data()->at(0)->value, estimateB.achievedFlopsPerSecond, 1e-12));
        // Same model and batch: the same work per byte on both devices.
        QVERIFY(near(a->data()->at(0)->key, b->data()->at(0)->key, 1e-9));
        shapesA.insert(a->scatterStyle().shape());
        shapesB.insert(b->scatterStyle().shape());
        QVERIFY(roofline->pointLabelText(phase, true).startsWith(QStringLiteral("A · ")));
        QVERIFY(roofline->pointLabelText(phase, false).startsWith(QStringLiteral("B · ")));
    }
    // Every phase has its own shape on each side, and no shape is used by both sides: A and B
    // never differ by colour alone.
    for (RooflinePhase phase : kPhases) {
        shapesA.insert(roofline->pinnedPointGraph(phase)->scatterStyle().shape());
        shapesB.insert(roofline->pointGraph(phase)->scatterStyle().shape());
    }
    QCOMPARE(shapesA.size(), 3);
    QCOMPARE(shapesB.size(), 3);
    QVERIFY(!shapesA.intersects(shapesB));
    QVERIFY(!roofline->pinnedPointGraph(RooflinePhase::TrainingStep)->visible()); // neither trains
    // H100 and RTX 4090 have different roofs: A's is drawn, up to its bf16 peak (989 TFLOP/s dense
    // on the H100 SXM datasheet), and the key names both sides.
    QVERIFY(roofline->pinnedRoofGraph()->visible());
    double roofTop = 0;
    for (const auto& point : *roofline->pinnedRoofGraph()->data())
        roofTop = std::max(roofTop, point.value);
    QVERIFY(near(roofTop, 989e12, 0.01));
    QVERIFY(roofline->keyText().contains(QStringLiteral("A: pinned")));
    QVERIFY(roofline->keyText().contains(QStringLiteral("B: current")));
    // Both the calibrated points fit in the shared frame.
    const QCPRange y = roofline->plot()->yAxis->range();
    for (RooflinePhase phase : {RooflinePhase::Prefill, RooflinePhase::Decode}) {
        QVERIFY(y.contains(roofline->pinnedPointGraph(phase)->data()->at(0)->value));
        QVERIFY(y.contains(roofline->pointGraph(phase)->data()->at(0)->value));
    }
}

void TestCompareView::sameRoofIsDrawnOnce()
{
    // Batch 1 against batch 4 on the same H100: one roof, two sets of points.
    widgets::CompareView view;
    view.resize(1280, 800);
    view.setPinned(std::make_shared<const core::Report>(reportNamed(QStringLiteral("h100-batch1"))));
    view.setCurrent(std::make_shared<const core::Report>(
        core::estimate(inference("nvidia-h100-sxm", "llama-3.1-8b", 4, 1024), core::Catalog::builtIn())));
    view.replotNow();
    QVERIFY(!view.roofline()->pinnedRoofGraph()->visible());
    QVERIFY(view.roofline()->pinnedPointGraph(RooflinePhase::Decode)->visible());
    QVERIFY(!view.roofline()->keyText().contains(QStringLiteral("A's roof")));
}

void TestCompareView::memoryChartsShareOneScale()
{
    const Pair pair;
    widgets::CompareView view;
    showPair(view, pair);
    // Both fit, so the taller bar is the H100's 80 GiB capacity line: 80 × 2^30 B × 1.15 headroom.
    const double expectedGb = 80.0 * std::pow(2.0, 30) * 1.15 / 1e9; // 98.78 GB
    const QCPRange rangeA = view.memoryBarsA()->plot()->yAxis->range();
    const QCPRange rangeB = view.memoryBarsB()->plot()->yAxis->range();
    QVERIFY2(near(rangeA.upper, expectedGb, 1e-9), qPrintable(QString::number(rangeA.upper)));
    QCOMPARE(rangeB.upper, rangeA.upper);
    QCOMPARE(rangeB.lower, rangeA.lower);
    // Equal pixel heights too: the same bytes draw the same height in both charts.
    QCOMPARE(view.memoryBarsA()->plot()->axisRect()->height(),
             view.memoryBarsB()->plot()->axisRect()->height());
    QVERIFY(view.memoryBarsA()->title().startsWith(QStringLiteral("A: ")));
    QVERIFY(view.memoryBarsA()->title().contains(QString::fromStdString(pair.a.deviceName)));
    QVERIFY(view.memoryBarsB()->title().contains(QString::fromStdString(pair.b.deviceName)));
    QVERIFY(view.memoryBarsB()->title().contains(QStringLiteral("bf16")));
}

void TestCompareView::tableRowsMatchHandNumbers()
{
    const Pair pair;
    widgets::CompareView view;
    showPair(view, pair);
    const QTableWidget* table = view.differenceTable();
    // Llama-3.1-8B: 8.03e9 parameters × 2 B (bf16) = 16.06 GB on both devices.
    QCOMPARE(tableRow(table, QStringLiteral("Weights")),
             (QStringList{QStringLiteral("16.1 GB"), QStringLiteral("16.1 GB"), QStringLiteral("0"),
                          QStringLiteral("×1")}));
    // Capacity: 80 GiB = 85.9 GB against 24 GiB = 25.8 GB; 24 / 80 = 0.3; 85.9 − 25.8 = 60.1 GB less.
    QCOMPARE(tableRow(table, QStringLiteral("Capacity per device")),
             (QStringList{QStringLiteral("85.9 GB"), QStringLiteral("25.8 GB"), QStringLiteral("−60.1 GB"),
                          QStringLiteral("×0.3")}));
    QCOMPARE(tableRow(table, QStringLiteral("Fits")).value(3), QStringLiteral("same"));
    // Decode at batch 1 streams the weights on both: memory bound, the same verdict.
    QCOMPARE(tableRow(table, QStringLiteral("Decode bound")),
             (QStringList{QStringLiteral("Memory bandwidth"), QStringLiteral("Memory bandwidth"), QString(),
                          QStringLiteral("same")}));
    // Time per output token: the ratio printed is the two printed times' ratio (3 digits).
    const double ratio = pair.b.decode->seconds / pair.a.decode->seconds;
    QVERIFY(ratio > 2.0); // 1.008 TB/s against 3.35 TB/s
    // Both serve: the phase row is the whole batch's decode step, and says so.
    QVERIFY(tableRow(table, QStringLiteral("Time per output token")).isEmpty());
    const QStringList decode = tableRow(table, QStringLiteral("One decode step of the whole batch"));
    QCOMPARE(decode.value(3), QStringLiteral("×") + QLocale().toString(ratio, 'g', 3));
    QVERIFY(decode.value(2).startsWith(QStringLiteral("+")));
    // Section headings, and nothing that is not a number where a number should be.
    QStringList headings;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->columnSpan(row, 0) == table->columnCount())
            headings << table->item(row, 0)->text();
    }
    // The users' figures right after the memory; the phases (the whole batch's) below.
    QCOMPARE(headings, (QStringList{QStringLiteral("Memory"), QStringLiteral("Serving"),
                                    QStringLiteral("Prefill"), QStringLiteral("Decode")}));
    const QString text = allTableText(table).toLower();
    QVERIFY(!text.contains(QStringLiteral("nan")) && !text.contains(QStringLiteral("inf")));
    QVERIFY(!text.contains(QStringLiteral("not in")));
}

void TestCompareView::missingPhasesSaySo()
{
    // A trains on 8 H100s, B serves on one RTX 4090: the training rows have no B, the prefill
    // and decode rows no A.
    widgets::CompareView view;
    view.resize(1280, 800);
    view.setPinned(std::make_shared<const core::Report>(reportNamed(QStringLiteral("training-8xh100"))));
    view.setCurrent(std::make_shared<const core::Report>(reportNamed(QStringLiteral("fits"))));
    view.replotNow();
    const QTableWidget* table = view.differenceTable();
    QCOMPARE(tableRow(table, QStringLiteral("MFU")).value(3), QStringLiteral("not in B"));
    QCOMPARE(tableRow(table, QStringLiteral("MFU")).value(1), QStringLiteral("—"));
    QCOMPARE(tableRow(table, QStringLiteral("One decode step of the whole batch")).value(3),
             QStringLiteral("not in A"));
    // A trains: no serving rows of A either.
    QCOMPARE(tableRow(table, QStringLiteral("TTFT users see")).value(3), QStringLiteral("not in A"));
    QCOMPARE(tableRow(table, QStringLiteral("Devices")),
             (QStringList{QStringLiteral("8"), QStringLiteral("1"), QStringLiteral("−7"),
                          QStringLiteral("×0.125")}));
    const QString text = allTableText(table).toLower();
    QVERIFY(!text.contains(QStringLiteral("nan")) && !text.contains(QStringLiteral("inf")));
    QVERIFY(view.roofline()->pinnedPointGraph(RooflinePhase::TrainingStep)->visible());
    QVERIFY(!view.roofline()->pointGraph(RooflinePhase::TrainingStep)->visible());
}

void TestCompareView::fullAgainstQloraReadsRight()
{
    // A: full fine-tuning of Llama-3.1-8B on an RTX 4090; B: QLoRA, everything else the same.
    core::Scenario s;
    s.deviceId = "nvidia-rtx-4090";
    s.modelId = "llama-3.1-8b";
    s.mode = core::Mode::Training;
    s.batch = 8;
    s.promptTokens = 512;
    s.training.recompute = core::Recompute::Full;
    const core::Report full = core::estimate(s, core::Catalog::builtIn());
    s.training.method = core::TrainingMethod::Qlora;
    const core::Report qlora = core::estimate(s, core::Catalog::builtIn());
    widgets::CompareView view;
    view.resize(1280, 800);
    view.setPinned(std::make_shared<const core::Report>(full));
    view.setCurrent(std::make_shared<const core::Report>(qlora));
    view.replotNow();
    // The titles name the method each side trains with: it is the only difference.
    QVERIFY2(view.headline().contains(QStringLiteral("training (full fine-tuning)")),
             qPrintable(view.headline()));
    QVERIFY2(view.headline().contains(QStringLiteral("training (QLoRA)")), qPrintable(view.headline()));
    const QTableWidget* table = view.differenceTable();
    // 41,943,040 adapter parameters (r16 on every linear layer) against all 8.03e9.
    const QStringList trainable = tableRow(table, QStringLiteral("Trainable parameters"));
    QVERIFY2(!trainable.isEmpty(), qPrintable(allTableText(table)));
    QCOMPARE(trainable.value(1), QLocale().toString(41943040.0, 'f', 0));
    QVERIFY(trainable.value(2).startsWith(QStringLiteral("−")));
    // Adapters and the workspace are new in B: a difference, no ratio against A's zero.
    const QStringList adapters = tableRow(table, QStringLiteral("Adapters"));
    QVERIFY2(adapters.value(0).startsWith(QLatin1Char('0')), qPrintable(adapters.join(QLatin1Char('|'))));
    QVERIFY(adapters.value(2).startsWith(QStringLiteral("+")));
    QVERIFY(!tableRow(table, QStringLiteral("Dequantization workspace")).isEmpty());
    const QString text = allTableText(table).toLower();
    QVERIFY(!text.contains(QStringLiteral("nan")) && !text.contains(QStringLiteral("inf")));
}

void TestCompareView::bothRowsOfCards()
{
    const Pair pair;
    widgets::CompareView view;
    showPair(view, pair);
    const auto cardsA = view.cardsA();
    const auto cardsB = view.cardsB();
    for (std::size_t i : {0u, 1u}) {
        QVERIFY(!cardsA[i]->isHidden());
        QVERIFY(!cardsB[i]->isHidden());
    }
    QVERIFY(cardsA[2]->isHidden() && cardsB[2]->isHidden()); // no training on either side
    QCOMPARE(cardsA[1]->title(), QStringLiteral("Decode"));
    // The same card text the dashboard writes: each side's own time per output token.
    QVERIFY(cardsA[1]->summaryText() != cardsB[1]->summaryText());
    QVERIFY(cardsA[1]->boundText().contains(QStringLiteral("Memory")));
}

void TestCompareView::updatesOnlyWhenShown()
{
    const Pair pair;
    widgets::CompareView view;
    view.resize(1024, 768);
    view.setPinned(std::make_shared<const core::Report>(pair.a));
    view.setCurrent(std::make_shared<const core::Report>(pair.b)); // hidden: only remembered
    QVERIFY(view.differenceTable()->rowCount() == 0);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.differenceTable()->rowCount() > 10);
    view.setCurrent(std::make_shared<const core::Report>(pair.a)); // shown: at once
    QCOMPARE(tableRow(view.differenceTable(), QStringLiteral("Capacity per device")).value(3),
             QStringLiteral("×1"));
    view.clearPinned();
    QVERIFY(!view.hasPinned());
}

void TestCompareView::tableTextIsNeverCut_data()
{
    QTest::addColumn<QSize>("size");
    // The view as the window gives it room: the window less the scenario controls beside it.
    QTest::newRow("in a 1280x800 window") << QSize(970, 760);
    QTest::newRow("in a 1024x768 window") << QSize(714, 720);
    QTest::newRow("1280x800 alone") << QSize(1280, 800);
}

// The difference table once cut its Figure column ("Memory per de…") while the number columns had
// room to spare. The figure, difference and ratio columns are as wide as their widest text; A and
// B share the rest and wrap a long verdict ("Memory bandwidth") onto a second line, in a row as
// tall as it needs.
void TestCompareView::tableTextIsNeverCut()
{
    QFETCH(QSize, size);
    const Pair pair;
    widgets::CompareView view;
    view.resize(size);
    view.setPinned(std::make_shared<const core::Report>(pair.a));
    view.setCurrent(std::make_shared<const core::Report>(pair.b));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    const QTableWidget* table = view.differenceTable();
    QVERIFY(table->rowCount() > 10);
    // Cell text sits inside the view's text margins (QStyle::PM_FocusFrameHMargin + 1 each side).
    const int margins = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    for (int column = 0; column < table->columnCount(); ++column) {
        QVERIFY2(table->columnViewportPosition(column) + table->columnWidth(column) <=
                     table->viewport()->width(),
                 qPrintable(QStringLiteral("column %1 ends past the table's edge").arg(column)));
        for (int row = 0; row < table->rowCount(); ++row) {
            const QTableWidgetItem* item = table->item(row, column);
            if (!item || item->text().isEmpty() || table->columnSpan(row, column) > 1)
                continue;
            const QFont font = item->font() == QFont() ? table->font() : item->font();
            const QFontMetrics metrics(font);
            const int room = table->columnWidth(column) - margins;
            const bool wraps = column == 1 || column == 2;
            int needed = metrics.horizontalAdvance(item->text());
            if (wraps) { // the longest word on its own line, and the row tall enough for the lines
                needed = 0;
                for (const QString& word : item->text().split(QLatin1Char(' ')))
                    needed = std::max(needed, metrics.horizontalAdvance(word));
                const int height =
                    metrics.boundingRect(QRect(0, 0, room, 10000), Qt::TextWordWrap, item->text()).height();
                QVERIFY2(table->rowHeight(row) >= height,
                         qPrintable(QStringLiteral("\"%1\" needs %2 px of height, row %3 is %4 px")
                                        .arg(item->text())
                                        .arg(height)
                                        .arg(row)
                                        .arg(table->rowHeight(row))));
            }
            QVERIFY2(room >= needed, qPrintable(QStringLiteral("\"%1\" needs %2 px, column %3 gives %4 px")
                                                    .arg(item->text())
                                                    .arg(needed)
                                                    .arg(column)
                                                    .arg(room)));
        }
    }
}

void TestCompareView::rendersNonBlank_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1024x768") << QSize(1024, 768);
}

void TestCompareView::rendersNonBlank()
{
    QFETCH(QSize, size);
    const Pair pair;
    widgets::CompareView view;
    view.resize(size);
    view.setPinned(std::make_shared<const core::Report>(pair.a));
    view.setCurrent(std::make_shared<const core::Report>(pair.b));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    const QImage image = view.grab().toImage();
    QCOMPARE(image.size(), size * image.devicePixelRatio());
    QVERIFY(distinctColours(image) > 50);
    // At either size nothing is squeezed below what the charts need to read.
    QVERIFY(view.roofline()->width() >= view.roofline()->minimumSizeHint().width());
    QVERIFY(view.memoryBarsA()->height() >= 200);
    const QString shots = qEnvironmentVariable("LHE_SHOT_DIR");
    if (!shots.isEmpty())
        image.save(QStringLiteral("%1/compare-%2x%3.png").arg(shots).arg(size.width()).arg(size.height()));
}

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
