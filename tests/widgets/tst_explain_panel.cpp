// Explain panel: the KV-cache example rendered with its values substituted,
// verdict cards and charts asking for explanations, and every string core can put in an
// explanation present in the translation table (nothing shows untranslated in Chinese).
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/explain/explanation.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/common/explanation_text.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/explain_panel.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QLocale>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTranslator>
#include <QtTest>
#include <memory>
#include <random>
#include <set>

using namespace lhe;

namespace {

// Llama-3.1-70B, batch 8, context 4096, bf16 KV, one device: 2·80·8·128·2·8·4096 B = 10.7 GB.
core::Report issueReport()
{
    core::Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    s.batch = 8;
    s.promptTokens = 3840;
    s.outputTokens = 256;
    s.parallelism = core::Parallelism{1, 1, 1, 1};
    return core::estimate(s, core::Catalog::builtIn());
}

core::ExplainTarget kvTarget()
{
    core::ExplainTarget t;
    t.kind = core::ExplainKind::MemorySegment;
    t.segment = core::MemorySegmentKind::KvCache;
    return t;
}

} // namespace

class TestExplainPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rendersTheIssueExample();
    void showsMessagesWithoutExplanations();
    void cardClickAndKeysEmit();
    void cardCopiesItsFigures();
    void dashboardAggregatesClicks();
    void everyCoreStringIsTranslated();
    void rendersInChinese();
};

void TestExplainPanel::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // "4,096"
}

void TestExplainPanel::rendersTheIssueExample()
{
    const core::Report r = issueReport();
    widgets::ExplainPanel panel;
    const auto list = core::explain(r, core::Catalog::builtIn(), kvTarget());
    panel.setExplanations(widgets::ExplainPanel::targetHeading(kvTarget()), list);
    const QString text = panel.plainText();
    QVERIFY2(text.contains(QStringLiteral("Memory: KV cache")), qPrintable(text));
    // Symbolic: the placeholders become the terms' labels.
    QVERIFY2(
        text.contains(QStringLiteral("2 × Layers × KV heads × Head dimension × Bytes per cached element × "
                                     "Sequences per replica × Context tokens (prompt + output)")),
        qPrintable(text));
    // Substituted, in the formula's order, and the result.
    QVERIFY2(text.contains(QStringLiteral("= 2 × 80 × 8 × 128 × 2 B × 8 × 4,096 tokens")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 10.7 GB")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Grouped-query attention")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Source: Kwon et al. 2023 (vLLM) §3")), qPrintable(text));
    // Selectable and reachable by keyboard.
    QVERIFY(panel.browser()->textInteractionFlags() & Qt::TextSelectableByKeyboard);
    QVERIFY(panel.browser()->textInteractionFlags() & Qt::TextSelectableByMouse);
    QCOMPARE(panel.browser()->focusPolicy(), Qt::StrongFocus);
}

void TestExplainPanel::showsMessagesWithoutExplanations()
{
    widgets::ExplainPanel panel;
    QVERIFY(panel.plainText().contains(QStringLiteral("Click a memory bar segment")));
    panel.setExplanations(QStringLiteral("Verdict: Decode"), {});
    QVERIFY(panel.plainText().contains(QStringLiteral("Nothing to explain here")));
    panel.showMessage(QStringLiteral("No report"));
    QCOMPARE(panel.plainText().trimmed(), QStringLiteral("No report"));
}

void TestExplainPanel::cardClickAndKeysEmit()
{
    widgets::BottleneckCard card;
    card.resize(300, 200);
    QSignalSpy spy(&card, &widgets::BottleneckCard::clicked);
    card.clear(QStringLiteral("Prefill"), QStringLiteral("No report"));
    QTest::mouseClick(&card, Qt::LeftButton);
    QCOMPARE(spy.count(), 0); // a message, nothing to explain

    core::TimeBreakdown breakdown;
    breakdown.computeSeconds = 1;
    card.setContent(QStringLiteral("Prefill"), core::Bound::Compute, breakdown,
                    {{QStringLiteral("Time to first token"), QStringLiteral("1 s")}});
    QVERIFY(card.toolTip().contains(QStringLiteral("how this is calculated")));
    QCOMPARE(card.cursor().shape(), Qt::PointingHandCursor);
    QTest::mouseClick(&card, Qt::LeftButton, {}, QPoint(5, 5));
    QCOMPARE(spy.count(), 1);
    QTest::mouseClick(&card, Qt::RightButton, {}, QPoint(5, 5));
    QCOMPARE(spy.count(), 1);
    QVERIFY(card.focusPolicy() & Qt::TabFocus);
    QTest::keyClick(&card, Qt::Key_Return);
    QTest::keyClick(&card, Qt::Key_Space);
    QCOMPARE(spy.count(), 3);
    QTest::keyClick(&card, Qt::Key_A);
    QCOMPARE(spy.count(), 3);
}

void TestExplainPanel::cardCopiesItsFigures()
{
    widgets::BottleneckCard card;
    card.resize(300, 200);
    core::TimeBreakdown breakdown;
    breakdown.memorySeconds = 1;
    card.setContent(QStringLiteral("Decode"), core::Bound::Memory, breakdown,
                    {{QStringLiteral("Time per output token"), QStringLiteral("24 ms")},
                     {QStringLiteral("Tokens/s (batch)"), QStringLiteral("167")}});
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(&card, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QStringLiteral(
                 "Decode: Bound: Memory bandwidth. Time per output token: 24 ms; Tokens/s (batch): 167"));
}

void TestExplainPanel::dashboardAggregatesClicks()
{
    widgets::Dashboard dashboard;
    dashboard.resize(1200, 800);
    dashboard.setReport(std::make_shared<const core::Report>(issueReport()));
    dashboard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
    QSignalSpy spy(&dashboard, &widgets::Dashboard::explainRequested);

    QTest::mouseClick(dashboard.decodeCard(), Qt::LeftButton, {}, QPoint(5, 5));
    QCOMPARE(spy.count(), 1);
    auto target = spy.takeFirst().at(0).value<core::ExplainTarget>();
    QCOMPARE(target.kind, core::ExplainKind::Verdict);
    QCOMPARE(target.phase, core::RooflinePhase::Decode);

    emit dashboard.memoryBars()->segmentClicked(core::MemorySegmentKind::KvCache);
    QCOMPARE(spy.count(), 1);
    target = spy.takeFirst().at(0).value<core::ExplainTarget>();
    QVERIFY(target == kvTarget());

    emit dashboard.roofline()->pointClicked(core::RooflinePhase::Prefill);
    QCOMPARE(spy.count(), 1);
    target = spy.takeFirst().at(0).value<core::ExplainTarget>();
    QCOMPARE(target.kind, core::ExplainKind::RooflinePoint);
    QCOMPARE(target.phase, core::RooflinePhase::Prefill);
}

// Scenarios across devices, models, modes and the branches explanations take (GQA, MLA, MoE with
// expert parallel, sliding windows, pipeline stages, ZeRO stages, recomputation, optimizers,
// quantised weights, offload, serving pre-allocation): every title, label and note they produce
// has a Chinese translation in the window's .qm. A string core writes without marking it
// LHE_TEXT("Explanation", ...) never reaches the .ts, so it fails here.
void TestExplainPanel::everyCoreStringIsTranslated()
{
    const core::Catalog& catalog = core::Catalog::builtIn();
    const QString qm = QDir(QCoreApplication::applicationDirPath())
                           .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
    QTranslator translator;
    QVERIFY2(translator.load(qm), qPrintable(qm));
    std::mt19937_64 random(8);
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    const core::Precision weights[] = {core::Precision::Bf16, core::Precision::Fp8, core::Precision::Q4_K_M,
                                       core::Precision::Fp32};
    const core::Precision kv[] = {core::Precision::Bf16, core::Precision::Fp8};
    std::set<QString> missing;
    std::set<std::string> produced;
    for (int i = 0; i < 1200; ++i) {
        core::Scenario s;
        s.deviceId = catalog.devices()[pick(catalog.devices().size())].id;
        s.modelId = catalog.models()[i % catalog.models().size()].id;
        s.mode = i % 2 ? core::Mode::Training : core::Mode::Inference;
        s.batch = 1LL << pick(10);
        s.promptTokens = 64LL << pick(10);
        s.outputTokens = pick(4) == 0 ? 0 : 256;
        s.devices = 1LL << pick(8);
        s.weights = s.mode == core::Mode::Training
                        ? (pick(3) == 0 ? core::Precision::Fp32 : core::Precision::Bf16)
                        : weights[pick(std::size(weights))];
        s.kvCache = kv[pick(std::size(kv))];
        s.flashAttention = pick(2);
        s.training.zeroStage = static_cast<int>(pick(4));
        s.training.recompute = static_cast<core::Recompute>(pick(3));
        s.training.optimizer = static_cast<core::Optimizer>(pick(3));
        s.overheads.servingPreallocation = pick(2);
        // Fine-tuning with adapters (LoRA, QLoRA with an NF4 or int8 base) on a third of the training
        // scenarios.
        if (s.mode == core::Mode::Training && pick(3) == 0) {
            s.training.method = pick(2) ? core::TrainingMethod::Lora : core::TrainingMethod::Qlora;
            s.training.lora.quantization =
                pick(3) == 0 ? core::QuantizedBase::Int8 : core::QuantizedBase::Nf4;
            s.training.lora.doubleQuant = pick(2);
            s.training.lora.dropout = pick(2) ? 0.05 : 0.0;
        }
        const core::ModelArchitecture& a = catalog.findModel(s.modelId)->architecture;
        if (a.isMoe() && pick(2)) {
            core::Parallelism split;
            split.tensor = a.heads % 2 == 0 ? 2 : 1;
            split.pipeline = 2;
            split.expert = a.experts % 4 == 0 ? 4 : 1;
            s.parallelism = split;
            s.devices = split.product();
        }
        const core::Report r = core::estimate(s, catalog);
        std::vector<core::ExplainTarget> targets;
        for (int k = 0; k < core::kMemorySegmentKindCount; ++k) {
            core::ExplainTarget t;
            t.kind = core::ExplainKind::MemorySegment;
            t.segment = static_cast<core::MemorySegmentKind>(k);
            targets.push_back(t);
        }
        for (auto phase :
             {core::RooflinePhase::Prefill, core::RooflinePhase::Decode, core::RooflinePhase::TrainingStep})
            for (auto kind : {core::ExplainKind::RooflinePoint, core::ExplainKind::Verdict}) {
                core::ExplainTarget t;
                t.kind = kind;
                t.phase = phase;
                targets.push_back(t);
            }
        targets.push_back(core::ExplainTarget::capacity());
        for (const auto& target : targets) {
            for (const auto& e : core::explain(r, catalog, target)) {
                std::vector<std::string> texts{e.title};
                for (const auto& t : e.terms)
                    texts.push_back(t.label);
                texts.insert(texts.end(), e.notes.begin(), e.notes.end());
                for (const auto& text : texts) {
                    produced.insert(text);
                    if (translator.translate(core::kExplanationContext, text.c_str()).isEmpty())
                        missing.insert(QString::fromStdString(text));
                }
            }
        }
    }
    QStringList list(missing.begin(), missing.end());
    QVERIFY2(missing.empty(),
             qPrintable(QStringLiteral("no zh_CN translation: ") + list.join(QStringLiteral(" | "))));
    qInfo("%zu distinct strings produced", produced.size());
    QVERIFY(produced.size() > 150); // the sample reaches most branches
}

// With the window's Chinese translation (built by the explorer's translation step) the panel
// shows no English title. Skipped until the .qm has this panel's strings.
void TestExplainPanel::rendersInChinese()
{
    const QString qm = QDir(QCoreApplication::applicationDirPath())
                           .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
    QTranslator translator;
    QVERIFY2(translator.load(qm), qPrintable(qm)); // built before the tests (lhe_explorer_lrelease)
    QVERIFY(!translator.translate("Explanation", "Head dimension").isEmpty());
    QVERIFY(!translator.translate("lhe::widgets::ExplainPanel", "Memory: %1").isEmpty());
    QCoreApplication::installTranslator(&translator);
    widgets::ExplainPanel panel;
    panel.setExplanations(widgets::ExplainPanel::targetHeading(kvTarget()),
                          core::explain(issueReport(), core::Catalog::builtIn(), kvTarget()));
    const QString text = panel.plainText();
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(text.contains(QStringLiteral("KV 缓存")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Head dimension")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("10.7 GB")), qPrintable(text));
}

QTEST_MAIN(TestExplainPanel)
#include "tst_explain_panel.moc"
