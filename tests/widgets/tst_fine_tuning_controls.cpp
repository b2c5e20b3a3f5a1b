// Tests of the fine-tuning rows of the scenario panel (FineTuningControls inside ScenarioControls)
// and of the dashboard's "which methods fit" line: each control edits the document's scenario,
// a method switch keeps the adapter settings, a file's named targets survive the controls, and
// Llama 3.1 8B on an RTX 4090 at sequence 512 names LoRA and QLoRA as fitting, full as not.
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/estimate/report.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/fine_tuning_summary.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTranslator>
#include <QtTest>
#include <memory>

using lhe::widgets::ScenarioControls;
using lhe::widgets::ScenarioDocument;
using nlohmann::json;
namespace core = lhe::core;
namespace widgets = lhe::widgets;

namespace {

template <typename T> T* child(const QWidget& widget, const char* objectName)
{
    T* found = widget.findChild<T*>(QString::fromLatin1(objectName));
    if (!found)
        qFatal("no child %s", objectName);
    return found;
}

// The brief's question: an 8B model on a 24 GB card, one sequence of 512 per micro-batch.
json fineTuning(const char* method)
{
    return {{"device", "nvidia-rtx-4090"},
            {"model", "llama-3.1-8b"},
            {"mode", "training"},
            {"batch", 8},
            {"prompt_tokens", 512},
            {"training", {{"micro_batch", 1}, {"recompute", "full"}, {"method", method}}}};
}

int indexOfData(const QComboBox* combo, const QVariant& data)
{
    const int index = combo->findData(data);
    if (index < 0)
        qFatal("no entry with this data");
    return index;
}

} // namespace

class TestFineTuningControls : public QObject
{
    Q_OBJECT

private slots:
    void controlsEditTheScenario()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        controls.setScenario(fineTuning("full"));
        auto* method = child<QComboBox>(controls, "methodCombo");
        auto* rank = child<QSpinBox>(controls, "loraRankSpin");
        auto* targets = child<QComboBox>(controls, "loraTargetsCombo");
        auto* base = child<QComboBox>(controls, "qloraBaseCombo");
        const core::Scenario& s = controls.document()->scenario();

        QCOMPARE(rank->value(), 16);
        QVERIFY(!rank->isEnabled());
        QVERIFY(!targets->isEnabled());
        QVERIFY(!base->isEnabled());

        method->setCurrentIndex(indexOfData(method, static_cast<int>(core::TrainingMethod::Qlora)));
        QCOMPARE(s.training.method, core::TrainingMethod::Qlora);
        QVERIFY(rank->isEnabled());
        QVERIFY(base->isEnabled());

        rank->setValue(64);
        QCOMPARE(s.training.lora.rank, 64LL);
        targets->setCurrentIndex(indexOfData(targets, QStringLiteral("attention")));
        QCOMPARE(s.training.lora.targets, core::LoraTargets::Attention);
        base->setCurrentIndex(2); // int8
        QCOMPARE(s.training.lora.quantization, core::QuantizedBase::Int8);
        base->setCurrentIndex(1); // NF4 without double quantization
        QCOMPARE(s.training.lora.quantization, core::QuantizedBase::Nf4);
        QVERIFY(!s.training.lora.doubleQuant);

        // LoRA keeps rank and targets; the base is QLoRA's alone.
        method->setCurrentIndex(indexOfData(method, static_cast<int>(core::TrainingMethod::Lora)));
        QCOMPARE(s.training.method, core::TrainingMethod::Lora);
        QCOMPARE(s.training.lora.rank, 64LL);
        QCOMPARE(s.training.lora.targets, core::LoraTargets::Attention);
        QVERIFY(rank->isEnabled());
        QVERIFY(!base->isEnabled());
        // Full fine-tuning and back: still rank 64, shown and in the scenario.
        method->setCurrentIndex(indexOfData(method, static_cast<int>(core::TrainingMethod::Full)));
        QCOMPARE(s.training.method, core::TrainingMethod::Full);
        QCOMPARE(s.training.lora.rank, 64LL);
        method->setCurrentIndex(indexOfData(method, static_cast<int>(core::TrainingMethod::Qlora)));
        QCOMPARE(rank->value(), 64);
        QCOMPARE(controls.scenario()["training"]["lora"]["rank"], json(64));

        // Undo goes back one control at a time: the method first.
        controls.document()->undoStack()->undo();
        QCOMPARE(method->currentData().toInt(), static_cast<int>(core::TrainingMethod::Full));
    }

    void namedTargetsSurviveTheControls()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        json file = fineTuning("lora");
        file["training"]["lora"] = {{"rank", 8}, {"targets", {"q_proj", "v_proj"}}};
        controls.setScenario(file);
        auto* targets = child<QComboBox>(controls, "loraTargetsCombo");
        QCOMPARE(targets->count(), 3);
        QCOMPARE(targets->currentText(), QStringLiteral("Named: q_proj, v_proj"));

        // Another control's edit leaves the list as it is.
        child<QSpinBox>(controls, "loraRankSpin")->setValue(32);
        QCOMPARE(controls.scenario()["training"]["lora"]["targets"], json({"q_proj", "v_proj"}));
        QCOMPARE(controls.scenario()["training"]["lora"]["rank"], json(32));

        // All linear, then the named entry again: the same list.
        targets->setCurrentIndex(indexOfData(targets, QStringLiteral("all-linear")));
        QCOMPARE(controls.scenario()["training"]["lora"]["targets"], json("all-linear"));
        QCOMPARE(targets->count(), 3);
        targets->setCurrentIndex(indexOfData(targets, QStringLiteral("named")));
        QCOMPARE(controls.scenario()["training"]["lora"]["targets"], json({"q_proj", "v_proj"}));

        // A scenario without names has no named entry.
        controls.setScenario(fineTuning("lora"));
        QCOMPARE(targets->count(), 2);
    }

    void qloraRowsFitThePanel()
    {
        // QLoRA over a file's named targets at the panel's 300 px, in English and Chinese: every
        // fine-tuning input inside the content, enabled, at least its minimum width.
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        json file = fineTuning("qlora");
        file["training"]["lora"] = {{"targets", {"q_proj", "k_proj", "v_proj", "o_proj"}}};
        controls.setScenario(file);
        controls.resize(300, 760);
        controls.show();
        QVERIFY(QTest::qWaitForWindowExposed(&controls));
        const QString qm =
            QDir(QCoreApplication::applicationDirPath())
                .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
        QTranslator translator;
        QVERIFY2(translator.load(qm), qPrintable(qm));
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            if (language == QStringLiteral("zh_CN")) {
                QCoreApplication::installTranslator(&translator); // the panel rebuilds itself
            }
            auto* scroll = controls.findChild<QScrollArea*>();
            // The LanguageChange, then the new content's layout: until it settles the viewport is
            // a transient sliver (98 px seen under ASan), so wait for the panel's own width.
            QTRY_VERIFY2(scroll->viewport()->width() >= controls.width() - 40,
                         qPrintable(QString::number(scroll->viewport()->width())));
            auto* content = child<QWidget>(controls, "scenarioControlsContent");
            scroll->ensureWidgetVisible(child<QComboBox>(controls, "qloraBaseCombo"));
            for (const char* name : {"methodCombo", "loraRankSpin", "loraTargetsCombo", "qloraBaseCombo"}) {
                auto* input = child<QWidget>(controls, name);
                const QRect box(input->mapTo(content, QPoint(0, 0)), input->size());
                QVERIFY2(box.left() >= 0 && box.right() < content->width(), name);
                QVERIFY2(input->width() >= input->minimumSizeHint().width(), name);
                QVERIFY2(input->isEnabled(), name);
            }
            QVERIFY(child<QComboBox>(controls, "loraTargetsCombo")
                        ->currentText()
                        .contains(QStringLiteral("q_proj")));
            // A look for humans, as tst_scenario_controls does: LHE_SCREENSHOT_DIR=/tmp/shots.
            const QString dir = qEnvironmentVariable("LHE_SCREENSHOT_DIR");
            if (!dir.isEmpty()) {
                QDir().mkpath(dir);
                QVERIFY(
                    controls.grab().save(dir + QStringLiteral("/fine-tuning-controls-%1.png").arg(language)));
            }
        }
        QCoreApplication::removeTranslator(&translator);
    }

    void headlineNamesTheMethodsThatFit_data()
    {
        QTest::addColumn<QString>("method");
        QTest::newRow("full") << QStringLiteral("full");
        QTest::newRow("lora") << QStringLiteral("lora");
        QTest::newRow("qlora") << QStringLiteral("qlora");
    }

    void headlineNamesTheMethodsThatFit()
    {
        QFETCH(QString, method);
        const core::Report report = core::estimate(
            core::scenarioFromJson(fineTuning(method.toLatin1().constData())), core::Catalog::builtIn());
        QVERIFY(report.training && report.training->methodsCompared);
        QVERIFY(!report.training->methodFits[0]);
        QVERIFY(report.training->methodFits[1]);
        QVERIFY(report.training->methodFits[2]);

        widgets::Dashboard dashboard;
        dashboard.setReport(std::make_shared<const core::Report>(report));
        const QString text = dashboard.methodsFit();
        QVERIFY2(text.startsWith(QStringLiteral("Fits on this device")), qPrintable(text));
        const QString fitting = text.section(QStringLiteral(" — "), 0, 0);
        const QString notFitting = text.section(QStringLiteral(" — "), 1);
        QVERIFY2(fitting.contains(QStringLiteral("LoRA ")) && fitting.contains(QStringLiteral("QLoRA ")),
                 qPrintable(text));
        QVERIFY2(!fitting.contains(QStringLiteral("full")), qPrintable(text));
        QVERIFY2(notFitting.startsWith(QStringLiteral("full fine-tuning needs ")), qPrintable(text));
        QVERIFY(!dashboard.findChild<QLabel*>(QStringLiteral("methodsFitLabel"))->isHidden());

        // In Chinese with the shipped translation.
        const QString qm =
            QDir(QCoreApplication::applicationDirPath())
                .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
        QTranslator translator;
        QVERIFY2(translator.load(qm), qPrintable(qm));
        QCoreApplication::installTranslator(&translator);
        const QString chinese = widgets::FineTuningSummary::methodsFitText(report);
        QCoreApplication::removeTranslator(&translator);
        QVERIFY2(chinese.contains(QStringLiteral("全量微调")), qPrintable(chinese));
        QVERIFY2(chinese.contains(QStringLiteral("QLoRA")), qPrintable(chinese));
        QVERIFY2(!chinese.contains(QStringLiteral("Fits")), qPrintable(chinese));
    }

    void adapterSegmentsDrawExplainAndClick()
    {
        const core::Report report =
            core::estimate(core::scenarioFromJson(fineTuning("qlora")), core::Catalog::builtIn());
        QVERIFY(report.memory.perDevice.adaptersBytes > 0);
        QVERIFY(report.memory.perDevice.dequantWorkspaceBytes > 0);
        widgets::MemoryBarsWidget widget;
        widget.resize(800, 500);
        widget.setReport(report);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        widget.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const std::pair<core::MemorySegmentKind, QString> segments[] = {
            {core::MemorySegmentKind::Adapters, QStringLiteral("Adapters")},
            {core::MemorySegmentKind::DequantWorkspace, QStringLiteral("Dequantization workspace")}};
        for (const auto& [kind, name] : segments) {
            QCPBars* bars = widget.barsFor(kind);
            QCOMPARE(bars->name(), name); // the legend's entry
            QVERIFY(bars->visible());
            QVERIFY(bars->data()->size() > 0);
            QVERIFY2(widget.segmentToolTip(kind, 0).startsWith(name),
                     qPrintable(widget.segmentToolTip(kind, 0)));
        }
        // A click in the middle of the adapters' segment explains the adapters: its base is the
        // stack of the bars below it.
        QCPBars* adapters = widget.barsFor(core::MemorySegmentKind::Adapters);
        const double key = adapters->data()->at(0)->key;
        double base = 0;
        for (QCPBars* below = adapters->barBelow(); below; below = below->barBelow())
            base += below->data()->at(0)->value;
        const double middle = base + adapters->data()->at(0)->value / 2;
        QSignalSpy spy(&widget, &widgets::MemoryBarsWidget::segmentClicked);
        QTest::mouseClick(widget.plot(), Qt::LeftButton, {},
                          QPoint(qRound(widget.plot()->xAxis->coordToPixel(key - 0.2)),
                                 qRound(widget.plot()->yAxis->coordToPixel(middle))));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<core::MemorySegmentKind>(), core::MemorySegmentKind::Adapters);
    }

    void inferenceHasNoMethodLine()
    {
        json inference = fineTuning("full");
        inference["mode"] = "inference";
        const core::Report report =
            core::estimate(core::scenarioFromJson(inference), core::Catalog::builtIn());
        widgets::Dashboard dashboard;
        dashboard.setReport(std::make_shared<const core::Report>(report));
        QVERIFY(dashboard.methodsFit().isEmpty());
        QVERIFY(dashboard.findChild<QLabel*>(QStringLiteral("methodsFitLabel"))->isHidden());
    }

    void missingTargetsAreNamed()
    {
        core::Report report =
            core::estimate(core::scenarioFromJson(fineTuning("full")), core::Catalog::builtIn());
        report.training->methodBytes[1].reset(); // what the core leaves for targets the model lacks
        report.training->methodFits[1] = false;
        const QString text = widgets::FineTuningSummary::methodsFitText(report);
        QVERIFY2(text.contains(QStringLiteral("LoRA: the adapter targets name no module of this model")),
                 qPrintable(text));
    }
};

QTEST_MAIN(TestFineTuningControls)
#include "tst_fine_tuning_controls.moc"
