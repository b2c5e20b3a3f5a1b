// The document is the hub: views subscribed to a ScenarioDocument (and Compare A/B's
// ComparisonPin) follow its typed changes by themselves and all keep the one report object it
// evaluated; an equal scenario is no change; undo and redo give the scenario and its report back;
// the pin keeps A while B moves on. And the undo steps' names come from the typed fields.
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/document/scenario_change_command.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/serving_panel.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace lhe;
using lhe::widgets::ScenarioDocument;
using nlohmann::json;

namespace {

json h100Scenario()
{
    return {{"device", "nvidia-h100-sxm"},
            {"model", "llama-3.1-8b"},
            {"batch", 1},
            {"prompt_tokens", 1024},
            {"output_tokens", 256}};
}

// A document with the built-in catalog and h100Scenario() loaded (no history, unmodified).
struct LoadedDocument
{
    ScenarioDocument document;
    LoadedDocument()
    {
        document.setCatalog(core::Catalog::builtIn());
        QString error;
        if (!document.load(h100Scenario(), &error))
            qFatal("%s", qPrintable(error));
    }
};

} // namespace

class TestScenarioDocument : public QObject
{
    Q_OBJECT

private slots:
    void aSubscribedViewGetsTheReportOfATypedChange();
    void allViewsShareOneReportObject();
    void anEqualScenarioIsNoChange();
    void scenarioEqualityIsMemberwise();
    void undoAndRedoGiveTheScenarioAndItsReportBack();
    void aDragIsOneUndoStep();
    void thePinKeepsAWhileBMovesOn();
    void aScenarioThatCannotBeEvaluatedIsShownAsAProblem();
    void undoStepsAreNamedByTheFieldsThatDiffer();
};

void TestScenarioDocument::aSubscribedViewGetsTheReportOfATypedChange()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    widgets::Dashboard dashboard;
    dashboard.setDocument(&document);
    QVERIFY(dashboard.report());
    QCOMPARE(dashboard.report()->scenario.batch, 1LL);

    QSignalSpy scenarios(&document, &ScenarioDocument::scenarioChanged);
    QSignalSpy reports(&document, &ScenarioDocument::reportChanged);
    core::Scenario next = document.scenario();
    next.batch = 8;
    next.deviceId = "nvidia-a100-80gb-sxm";
    document.change(next);
    QCOMPARE(scenarios.count(), 1);
    QCOMPARE(reports.count(), 1);
    // The dashboard took the new report without being handed it: the A100's, at batch 8.
    QVERIFY(dashboard.report());
    QCOMPARE(dashboard.report()->scenario.batch, 8LL);
    QCOMPARE(dashboard.report()->scenario.deviceId, std::string("nvidia-a100-80gb-sxm"));
    QVERIFY2(dashboard.headline().contains(QStringLiteral("A100")), qPrintable(dashboard.headline()));
    QVERIFY(document.isModified());
}

void TestScenarioDocument::allViewsShareOneReportObject()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    widgets::ComparisonPin pin(&document);
    widgets::Dashboard dashboard;
    dashboard.setDocument(&document);
    widgets::CompareView compare;
    compare.setDocument(&document, &pin);
    QVERIFY(pin.pinCurrent());
    const std::shared_ptr<const core::Report> a = document.report();

    core::Scenario next = document.scenario();
    next.batch = 16;
    document.change(next);
    compare.replotNow(); // hidden: brought up to date when drawn
    const core::Report* b = document.report().get();
    QVERIFY(b && b != a.get());
    // B: one object, kept by the document, the dashboard, its charts and the compare view's.
    QCOMPARE(dashboard.report().get(), b);
    QCOMPARE(dashboard.memoryBars()->report().get(), b);
    QCOMPARE(dashboard.roofline()->report().get(), b);
    QCOMPARE(dashboard.serving()->report().get(), b);
    QCOMPARE(compare.current().get(), b);
    QCOMPARE(compare.memoryBarsB()->report().get(), b);
    QCOMPARE(compare.roofline()->report().get(), b);
    // A: the report that was current when pinned, the same object in the pin and the view.
    QCOMPARE(pin.pinned().get(), a.get());
    QCOMPARE(compare.pinned().get(), a.get());
    QCOMPARE(compare.memoryBarsA()->report().get(), a.get());
    QCOMPARE(compare.roofline()->pinnedReport().get(), a.get());
    QCOMPARE(a->scenario.batch, 1LL);
}

void TestScenarioDocument::anEqualScenarioIsNoChange()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    const core::Report* report = document.report().get();
    QSignalSpy scenarios(&document, &ScenarioDocument::scenarioChanged);
    QSignalSpy reports(&document, &ScenarioDocument::reportChanged);
    // The same scenario, and an equal one parsed again from the same file.
    document.change(document.scenario());
    document.change(core::scenarioFromJson(h100Scenario()));
    QCOMPARE(scenarios.count(), 0);
    QCOMPARE(reports.count(), 0);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(!document.isModified());
    QCOMPARE(document.report().get(), report); // not evaluated again
}

void TestScenarioDocument::scenarioEqualityIsMemberwise()
{
    const core::Scenario a = core::scenarioFromJson(h100Scenario());
    core::Scenario b = a;
    QVERIFY(a == b);
    b.serving.speculative.draftTokens += 1; // three levels down
    QVERIFY(!(a == b));
    b = a;
    b.training.lora.targetNames.push_back("q_proj");
    QVERIFY(!(a == b));
    b = a;
    b.weightsGiven = !a.weightsGiven; // the same weights, but the file would now name them
    QVERIFY(!(a == b));
    b = a;
    b.modelConfig = json{{"model_type", "llama"}};
    QVERIFY(!(a == b));
}

void TestScenarioDocument::undoAndRedoGiveTheScenarioAndItsReportBack()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    widgets::Dashboard dashboard;
    dashboard.setDocument(&document);
    core::Scenario next = document.scenario();
    next.batch = 32;
    document.change(next);
    QUndoStack* history = document.undoStack();
    QCOMPARE(history->count(), 1);
    QCOMPARE(history->undoText(), QStringLiteral("Change batch"));

    history->undo();
    QCOMPARE(document.scenario().batch, 1LL);
    QCOMPARE(document.report()->scenario.batch, 1LL);
    QCOMPARE(dashboard.report().get(), document.report().get());
    QVERIFY(!document.isModified());

    history->redo();
    QCOMPARE(document.scenario().batch, 32LL);
    QCOMPARE(document.report()->scenario.batch, 32LL);
    QCOMPARE(dashboard.report().get(), document.report().get());
    QVERIFY(document.isModified());
}

void TestScenarioDocument::aDragIsOneUndoStep()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    QUndoStack* history = document.undoStack();
    constexpr int drag = 7;
    for (const long long batch : {2LL, 4LL, 8LL}) {
        core::Scenario next = document.scenario();
        next.batch = batch;
        document.change(next, drag);
    }
    QCOMPARE(history->count(), 1);
    history->undo();
    QCOMPARE(document.scenario().batch, 1LL);
    history->redo();
    QCOMPARE(document.scenario().batch, 8LL);
    // Another drag that ends where it started leaves nothing to undo.
    history->undo();
    for (const long long batch : {2LL, 1LL}) {
        core::Scenario next = document.scenario();
        next.batch = batch;
        document.change(next, drag + 1);
    }
    QCOMPARE(history->index(), 0);
    QVERIFY(!document.isModified());
}

void TestScenarioDocument::thePinKeepsAWhileBMovesOn()
{
    ScenarioDocument document;
    widgets::ComparisonPin pin(&document);
    QSignalSpy pinned(&pin, &widgets::ComparisonPin::pinnedChanged);
    QVERIFY(!pin.pinCurrent()); // no scenario, no report: nothing to pin
    QCOMPARE(pinned.count(), 0);

    document.setCatalog(core::Catalog::builtIn());
    QString error;
    QVERIFY2(document.load(h100Scenario(), &error), qPrintable(error));
    QVERIFY(pin.pinCurrent());
    QCOMPARE(pinned.count(), 1);
    QCOMPARE(pin.pinned().get(), document.report().get());
    core::Scenario next = document.scenario();
    next.batch = 64;
    document.change(next);
    QCOMPARE(pin.pinned()->scenario.batch, 1LL);
    QCOMPARE(document.report()->scenario.batch, 64LL);

    // A scenario of its own, evaluated with the document's catalog.
    json other = h100Scenario();
    other["device"] = "nvidia-rtx-4090";
    QVERIFY2(pin.pin(core::scenarioFromJson(other), &error), qPrintable(error));
    QCOMPARE(pinned.count(), 2);
    QCOMPARE(pin.pinned()->scenario.deviceId, std::string("nvidia-rtx-4090"));
    // One the catalog cannot evaluate leaves A as it was.
    other["device"] = "no-such-gpu";
    QVERIFY(!pin.pin(core::scenarioFromJson(other), &error));
    QVERIFY2(error.contains(QStringLiteral("no-such-gpu")), qPrintable(error));
    QCOMPARE(pinned.count(), 2);
    QCOMPARE(pin.pinned()->scenario.deviceId, std::string("nvidia-rtx-4090"));

    pin.clear();
    QCOMPARE(pinned.count(), 3);
    QVERIFY(!pin.hasPinned());
}

void TestScenarioDocument::aScenarioThatCannotBeEvaluatedIsShownAsAProblem()
{
    LoadedDocument loaded;
    ScenarioDocument& document = loaded.document;
    widgets::Dashboard dashboard;
    dashboard.setDocument(&document);
    core::Scenario next = document.scenario();
    next.deviceId = "no-such-gpu";
    document.change(next);
    QVERIFY(!document.report());
    QVERIFY2(document.problem().contains(QStringLiteral("no-such-gpu")), qPrintable(document.problem()));
    // The dashboard's cards say why, without being told.
    QVERIFY2(dashboard.prefillCard()->boundText().contains(QStringLiteral("no-such-gpu")),
             qPrintable(dashboard.prefillCard()->boundText()));
    // Undo brings the report back to every view.
    document.undoStack()->undo();
    QVERIFY(document.report());
    QCOMPARE(dashboard.report().get(), document.report().get());
}

void TestScenarioDocument::undoStepsAreNamedByTheFieldsThatDiffer()
{
    const core::Scenario before = core::scenarioFromJson(h100Scenario());
    core::Scenario after = before;
    QCOMPARE(widgets::describeScenarioChange(before, after), QStringLiteral("Change scenario"));
    after.promptTokens = 2048;
    after.batch = 4;
    // Named in the contract's member order, whatever the order of the edits.
    QCOMPARE(widgets::describeScenarioChange(before, after),
             QStringLiteral("Change batch and prompt length"));
    after = before;
    after.parallelism = core::Parallelism{1, 1, 1, 1};
    QCOMPARE(widgets::describeScenarioChange(before, after), QStringLiteral("Change parallel split"));
    // An imported model: its config, where it came from and its tensors are one field.
    after = before;
    after.modelId.clear();
    after.modelConfig = json{{"model_type", "llama"}};
    after.modelConfigPath = "/tmp/config.json";
    after.modelTensors = json::object();
    QCOMPARE(widgets::describeScenarioChange(before, after), QStringLiteral("Change model"));
    // A change of mode names the mode alone, though the weights follow it.
    after = before;
    after.mode = core::Mode::Training;
    after.weights = core::Precision::Fp32;
    QCOMPARE(widgets::describeScenarioChange(before, after), QStringLiteral("Change training / inference"));
    after = before;
    after.batch = 2;
    after.devices = 2;
    after.kvCache = core::Precision::Fp8;
    QCOMPARE(widgets::describeScenarioChange(before, after), QStringLiteral("Change 3 settings"));
}

QTEST_MAIN(TestScenarioDocument)
#include "tst_scenario_document.moc"
