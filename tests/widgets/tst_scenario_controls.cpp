// Tests of ScenarioControls: picker structure, scenario round trip, one signal per user change,
// slider mappings, manual split validation, keyboard access and layout at panel widths.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/report.h"
#include "widgets/controls/device_search.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QWheelEvent>
#include <QtTest>
#include <algorithm>
#include <fstream>
#include <map>
#include <set>

using lhe::widgets::DeviceSearch;
using lhe::widgets::ScenarioControls;
using lhe::widgets::ScenarioDocument;
using nlohmann::json;
namespace core = lhe::core;

namespace {

QString name(const char* text)
{
    return QString::fromLatin1(text);
}

template <typename T> T* child(const QWidget& widget, const char* objectName)
{
    T* found = widget.findChild<T*>(name(objectName));
    if (!found)
        qFatal("no child %s", objectName);
    return found;
}

json inferenceScenario()
{
    return json::parse(R"({
        "device": "nvidia-h100-sxm", "model": "llama-3.1-70b", "mode": "inference",
        "batch": 8, "prompt_tokens": 4096, "output_tokens": 512, "devices": 8,
        "parallelism": {"tensor": 8, "pipeline": 1, "data": 1, "expert": 1},
        "precision": {"weights": "bf16", "kv_cache": "fp8", "activations": "bf16", "compute": "bf16"},
        "flash_attention": true, "efficiency": {"compute": 0.6}})");
}

json trainingScenario()
{
    return json::parse(R"({
        "device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "mode": "training",
        "batch": 512, "prompt_tokens": 8192, "output_tokens": 0, "devices": 64,
        "parallelism": {"tensor": 4, "pipeline": 2, "data": 8, "expert": 1},
        "precision": {"weights": "bf16", "kv_cache": "bf16", "activations": "bf16", "compute": "fp8"},
        "training": {"optimizer": "adamw-8bit", "zero_stage": 1, "recompute": "selective", "micro_batch": 2,
                     "grad_accum": 32, "sequence_parallel": false, "train_tokens": 2e12},
        "flash_attention": false, "prefill_chunk_tokens": 4096})");
}

json autoScenario()
{
    return json::parse(R"({
        "device": "nvidia-a100-80gb-sxm", "model": "qwen3-8b", "batch": 4, "prompt_tokens": 2048,
        "output_tokens": 256, "devices": 8})");
}

json moeScenario()
{
    return json::parse(R"({
        "device": "nvidia-h200", "model": "qwen3-30b-a3b", "batch": 16, "prompt_tokens": 32768,
        "output_tokens": 1024, "devices": 8,
        "parallelism": {"tensor": 1, "pipeline": 1, "data": 4, "expert": 2},
        "precision": {"weights": "q4_k_m", "kv_cache": "fp8", "compute": "fp16"}})");
}

json fixtureConfig()
{
    std::ifstream in(LHE_SOURCE_DIR "/tests/fixtures/scenarios/gpt2-style-7.5b.config.json");
    return json::parse(in);
}

json importedScenario()
{
    json scenario = autoScenario();
    scenario.erase("model");
    scenario["model_config"] = fixtureConfig();
    scenario["model_config_path"] = "/data/configs/gpt2-style-7.5b.config.json";
    return scenario;
}

json scenarioNamed(const QString& base)
{
    if (base == QLatin1String("training"))
        return trainingScenario();
    if (base == QLatin1String("auto"))
        return autoScenario();
    if (base == QLatin1String("moe"))
        return moeScenario();
    return inferenceScenario();
}

json lastEmitted(const QSignalSpy& spy)
{
    return spy.last().at(0).value<json>();
}

// The contract's canonical form, minus "parallelism" when the panel is on Auto.
json canonical(const json& scenario)
{
    return core::scenarioToJson(core::scenarioFromJson(scenario));
}

QByteArray describeDifference(const json& actual, const json& expected)
{
    return QByteArray::fromStdString("diff (expected -> actual): " + json::diff(expected, actual).dump());
}

struct ControlsFixture
{
    ScenarioDocument document;
    ScenarioControls controls{&document};
    ControlsFixture(const json& scenario)
    {
        controls.setCatalog(core::Catalog::builtIn());
        controls.setScenario(scenario);
    }
};

enum class Action {
    BatchSlider,
    BatchSpin,
    PromptSlider,
    PromptSpin,
    OutputSlider,
    OutputSpin,
    DevicesSlider,
    DevicesSpin,
    Training,
    Inference,
    Weights,
    KvCache,
    Compute,
    ZeroStage,
    Recompute,
    MicroBatch,
    Optimizer,
    FlashAttention,
    Device,
    Model,
    AutoOff,
    AutoOn,
};

void perform(ScenarioControls& w, Action action, const QString& argument)
{
    const auto selectData = [](QComboBox* combo, const QVariant& data, int role = Qt::UserRole) {
        const int index = combo->findData(data, role);
        QVERIFY2(index >= 0, qPrintable(data.toString()));
        combo->setCurrentIndex(index);
    };
    switch (action) {
    case Action::BatchSlider:
        child<QSlider>(w, "batchSlider")->setValue(argument.toInt());
        break;
    case Action::BatchSpin:
        child<QSpinBox>(w, "batchSpin")->setValue(argument.toInt());
        break;
    case Action::PromptSlider:
        child<QSlider>(w, "promptSlider")->setValue(argument.toInt());
        break;
    case Action::PromptSpin:
        child<QSpinBox>(w, "promptSpin")->setValue(argument.toInt());
        break;
    case Action::OutputSlider:
        child<QSlider>(w, "outputSlider")->setValue(argument.toInt());
        break;
    case Action::OutputSpin:
        child<QSpinBox>(w, "outputSpin")->setValue(argument.toInt());
        break;
    case Action::DevicesSlider:
        child<QSlider>(w, "deviceCountSlider")->setValue(argument.toInt());
        break;
    case Action::DevicesSpin:
        child<QSpinBox>(w, "deviceCountSpin")->setValue(argument.toInt());
        break;
    case Action::Training:
        child<QRadioButton>(w, "trainingRadio")->click();
        break;
    case Action::Inference:
        child<QRadioButton>(w, "inferenceRadio")->click();
        break;
    case Action::Weights:
        selectData(child<QComboBox>(w, "weightsCombo"), argument);
        break;
    case Action::KvCache:
        selectData(child<QComboBox>(w, "kvCacheCombo"), argument);
        break;
    case Action::Compute:
        selectData(child<QComboBox>(w, "computeCombo"), argument);
        break;
    case Action::ZeroStage:
        selectData(child<QComboBox>(w, "zeroStageCombo"), argument.toInt());
        break;
    case Action::Recompute:
        selectData(child<QComboBox>(w, "recomputeCombo"), argument);
        break;
    case Action::MicroBatch:
        child<QSpinBox>(w, "microBatchSpin")->setValue(argument.toInt());
        break;
    case Action::Optimizer:
        selectData(child<QComboBox>(w, "optimizerCombo"), argument);
        break;
    case Action::FlashAttention:
        child<QCheckBox>(w, "flashAttentionCheck")->click();
        break;
    case Action::Device:
        selectData(child<QComboBox>(w, "deviceCombo"), argument, ScenarioControls::IdRole);
        break;
    case Action::Model:
        selectData(child<QComboBox>(w, "modelCombo"), argument, ScenarioControls::IdRole);
        break;
    case Action::AutoOff:
    case Action::AutoOn:
        child<QCheckBox>(w, "autoSplitCheck")->click();
        break;
    }
}

// Input widgets a user can reach: combo boxes, spin boxes, sliders and buttons.
QList<QWidget*> inputWidgets(const QWidget& widget)
{
    QList<QWidget*> inputs;
    const auto all = widget.findChildren<QWidget*>();
    for (QWidget* w : all) {
        if (qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QSlider*>(w) ||
            qobject_cast<QAbstractButton*>(w))
            inputs.append(w);
    }
    return inputs;
}

} // namespace

Q_DECLARE_METATYPE(Action)

class TestScenarioControls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Formatting under test is locale-aware; pin the documented examples' locale.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void deviceComboHasClassHeadersAndEveryDevice()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        auto* combo = child<QComboBox>(controls, "deviceCombo");
        QStringList headers;
        std::multiset<std::string> ids;
        for (int row = 0; row < combo->count(); ++row) {
            const int kind = combo->itemData(row, ScenarioControls::KindRole).toInt();
            const auto flags = combo->model()->flags(combo->model()->index(row, 0));
            if (kind == ScenarioControls::HeaderItem) {
                headers << combo->itemText(row);
                QVERIFY2(!(flags & Qt::ItemIsSelectable), qPrintable(combo->itemText(row)));
                QVERIFY2(!(flags & Qt::ItemIsEnabled), qPrintable(combo->itemText(row)));
            } else {
                QCOMPARE(kind, int(ScenarioControls::EntryItem));
                QVERIFY(flags & Qt::ItemIsSelectable);
                ids.insert(combo->itemData(row, ScenarioControls::IdRole).toString().toStdString());
            }
        }
        // One header per class, then a "unified memory" subgroup for the systems whose memory is
        // the system's (Apple, DGX Spark, Jetson, laptop NPUs), where the catalog has any.
        const auto& devices = core::Catalog::builtIn().devices();
        QStringList expectedHeaders;
        for (const auto deviceClass : {core::DeviceClass::Cpu, core::DeviceClass::Gpu, core::DeviceClass::Npu,
                                       core::DeviceClass::Tpu}) {
            const QString header = QString::fromUtf8(core::deviceClassName(deviceClass).data()).toUpper();
            for (const bool unified : {false, true}) {
                if (std::any_of(devices.begin(), devices.end(), [&](const core::Device& d) {
                        return d.deviceClass == deviceClass && d.unifiedMemory == unified;
                    }))
                    expectedHeaders << (unified ? header + QString::fromUtf8(" · unified memory") : header);
            }
        }
        QCOMPARE(headers, expectedHeaders);
        QVERIFY(headers.contains(QString::fromUtf8("GPU · unified memory")));
        QVERIFY(headers.contains(QString::fromUtf8("NPU · unified memory")));
        QCOMPARE(ids.size(), devices.size());
        for (const core::Device& device : devices)
            QVERIFY2(ids.count(device.id) == 1, device.id.c_str());
        // Entries sit under the header of their class and memory kind, in name order.
        QString currentHeader;
        QString previousName;
        for (int row = 0; row < combo->count(); ++row) {
            if (combo->itemData(row, ScenarioControls::KindRole).toInt() == ScenarioControls::HeaderItem) {
                currentHeader = combo->itemText(row);
                previousName.clear();
                continue;
            }
            const auto* device = core::Catalog::builtIn().findDevice(
                combo->itemData(row, ScenarioControls::IdRole).toString().toStdString());
            QVERIFY(device);
            QString header = QString::fromUtf8(core::deviceClassName(device->deviceClass).data()).toUpper();
            if (device->unifiedMemory)
                header += QString::fromUtf8(" · unified memory");
            QCOMPARE(currentHeader, header);
            const QString deviceName = QString::fromStdString(device->name);
            QVERIFY2(previousName.compare(deviceName, Qt::CaseInsensitive) <= 0, qPrintable(deviceName));
            previousName = deviceName;
        }
    }

    void deviceEntryTextAndTooltip_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("text");
        // Memory as the datasheet sells it, then in decimal units (README, "Units"):
        // 80 GiB = 85,899,345,920 B = 85.9 GB; 32 GiB = 34.4 GB; 64 GiB = 68.7 GB.
        QTest::newRow("bf16 peak") << name("nvidia-h100-sxm")
                                   << QString::fromUtf8(
                                          "NVIDIA H100 SXM5 80GB — 80 GB HBM3 (85.9 GB = 80 GiB) · "
                                          "3.35 TB/s · 989 TFLOP/s bf16");
        QTest::newRow("no bf16: highest peak")
            << name("nvidia-v100-sxm2-32gb")
            << QString::fromUtf8("NVIDIA Tesla V100 SXM2 32GB — 32 GB HBM2 (34.4 GB = 32 GiB) · 900 GB/s · "
                                 "125 TFLOP/s fp16");
        // Turing has no bf16: its fp16 tensor rate (65 TFLOP/s, T4 datasheet), not the faster int4.
        QTest::newRow("no bf16: fp16 before int4")
            << name("nvidia-t4")
            << QString::fromUtf8(
                   "NVIDIA T4 16GB — 16 GB GDDR6 (17.2 GB = 16 GiB) · 320 GB/s · 65 TFLOP/s fp16");
        // A laptop NPU: INT8 TOPS only.
        QTest::newRow("int8 only")
            << name("qualcomm-snapdragon-x-elite-npu")
            << QString::fromUtf8("Qualcomm Snapdragon X Elite Hexagon NPU (X1E-84-100 / X1E-80-100) — 32 GB "
                                 "LPDDR5X (34.4 GB = 32 GiB) · 135 GB/s · 45 TOP/s int8");
        QTest::newRow("cpu fp32 only")
            << name("intel-core-i9-14900k")
            << QString::fromUtf8(
                   "Intel Core i9-14900K — 64 GB DDR5 (68.7 GB = 64 GiB) · 89.6 GB/s · 2.3 TFLOP/s fp32");
    }

    void deviceEntryTextAndTooltip()
    {
        QFETCH(QString, id);
        QFETCH(QString, text);
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        auto* combo = child<QComboBox>(controls, "deviceCombo");
        const int row = combo->findData(id, ScenarioControls::IdRole);
        QVERIFY(row >= 0);
        const core::Device* device = core::Catalog::builtIn().findDevice(id.toStdString());
        // Devices rated low confidence carry a marker after the name (catalog ratings may change);
        // the closed picker shows the bare name and the line under it leads with the marker.
        const QString summary = text.split(QString::fromUtf8(" — ")).back();
        const bool low = QString::fromStdString(device->confidence).startsWith(name("low"));
        if (low)
            text.replace(QString::fromUtf8(" — "), QString::fromUtf8(" · uncertain — "));
        QCOMPARE(combo->itemText(row), text);
        QCOMPARE(combo->itemData(row, ScenarioControls::NameRole).toString(),
                 QString::fromStdString(device->name));
        QCOMPARE(combo->itemData(row, ScenarioControls::SummaryRole).toString(),
                 low ? QString::fromUtf8("uncertain · ") + summary : summary);
        const QString tooltip = combo->itemData(row, Qt::ToolTipRole).toString();
        QVERIFY(tooltip.contains(QString::fromStdString(device->release)));
        QVERIFY(tooltip.contains(QString::fromStdString(device->confidence)));
        QVERIFY(tooltip.contains(QString::fromStdString(device->sources.front()).toHtmlEscaped()));
        if (device->sources.size() > 2)
            QVERIFY(!tooltip.contains(QString::fromStdString(device->sources[2]).toHtmlEscaped()));
    }

    // The search box matches anywhere in the name, in any case: "H100" (or "h100") lists the
    // three H100s and nothing else, not the first name that starts with "H" (Huawei ...).
    void deviceSearchMatchesAnywhereInTheName_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QStringList>("ids");
        // Names: "NVIDIA H100 NVL", "NVIDIA H100 PCIe 80GB", "NVIDIA H100 SXM5 80GB", in name order.
        const QStringList h100s{name("nvidia-h100-nvl"), name("nvidia-h100-pcie"), name("nvidia-h100-sxm")};
        QTest::newRow("H100") << name("H100") << h100s;
        QTest::newRow("h100") << name("h100") << h100s;
        QTest::newRow("gaudi") << name("gaudi") << QStringList{name("intel-gaudi-2"), name("intel-gaudi-3")};
        QTest::newRow("no match") << name("zz-nothing") << QStringList{};
    }

    void deviceSearchMatchesAnywhereInTheName()
    {
        QFETCH(QString, typed);
        QFETCH(QStringList, ids);
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        auto* search = child<DeviceSearch>(controls, "deviceSearch");
        QCOMPARE(search->matchingIds(typed), ids);
        // The popup the user sees lists the same rows.
        search->completer()->setCompletionPrefix(typed);
        QCOMPARE(search->completer()->completionCount(), ids.size());
    }

    // Typing "h100" and pressing Enter makes the first match the scenario's device, through the
    // picker, as a click on it would.
    void deviceSearchEnterChoosesTheFirstMatch()
    {
        ControlsFixture f(inferenceScenario());
        f.controls.show();
        QVERIFY(QTest::qWaitForWindowActive(&f.controls));
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        auto* search = child<DeviceSearch>(f.controls, "deviceSearch");
        search->setFocus();
        QTest::keyClicks(search, name("h100 p"));
        QTest::keyClick(search, Qt::Key_Return);
        if (search->completer()->popup()->isVisible()) // the popup took the first Return
            QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE(f.controls.scenario()["device"], "nvidia-h100-pcie");
        QVERIFY(spy.count() >= 1);
        QCOMPARE(
            child<QComboBox>(f.controls, "deviceCombo")->currentData(ScenarioControls::IdRole).toString(),
            name("nvidia-h100-pcie"));
        QTRY_VERIFY(search->text().isEmpty()); // ready for the next search
        // Enter on a text that matches nothing changes nothing.
        const int changes = spy.count();
        QTest::keyClicks(search, name("zz-nothing"));
        QTest::keyClick(search, Qt::Key_Return);
        QCOMPARE(spy.count(), changes);
        QCOMPARE(f.controls.scenario()["device"], "nvidia-h100-pcie");
    }

    void userAndUncertainEntriesAreMarked()
    {
        // A user catalog with a device, a model, and a low-confidence device of its own.
        core::Catalog catalog = core::Catalog::builtIn();
        std::vector<lhe::core::Message> warnings;
        const json user = json::parse(R"({"devices": [
            {"id": "my-npu", "name": "My NPU", "vendor": "Me", "class": "npu", "memory_bytes": 32e9,
             "memory_bandwidth": 200e9, "peak_flops": {"int8": 100e12}}],
          "models": [{"id": "my-model", "name": "My Model", "family": "User",
             "hf_config": {"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192,
                           "num_attention_heads": 16, "num_key_value_heads": 8, "num_hidden_layers": 16,
                           "vocab_size": 32000}}]})");
        catalog.add(user, "user.json", true, warnings);
        const json shipped = json::parse(R"json({"devices": [
            {"id": "guessed-gpu", "name": "Guessed GPU", "vendor": "X", "class": "gpu", "memory_bytes": 16e9,
             "memory_bandwidth": 500e9, "peak_flops": {"fp16": 50e12}, "confidence": "low (derived)",
             "uncertainty": "Clock assumed from a forum post."}]})json");
        catalog.add(shipped, "extra.json", false, warnings);
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : lhe::core::englishText(warnings.front()).c_str());

        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(catalog);
        auto* devices = child<QComboBox>(controls, "deviceCombo");
        const int mine = devices->findData(name("my-npu"), ScenarioControls::IdRole);
        QVERIFY(mine >= 0);
        QCOMPARE(devices->itemData(mine, ScenarioControls::NameRole).toString(), name("My NPU"));
        QVERIFY(devices->itemText(mine).startsWith(QString::fromUtf8("My NPU · user — ")));
        QVERIFY(devices->itemData(mine, ScenarioControls::SummaryRole)
                    .toString()
                    .startsWith(QString::fromUtf8("user · ")));
        QVERIFY(devices->itemData(mine, Qt::ToolTipRole).toString().contains(name("User-defined")));

        const int guessed = devices->findData(name("guessed-gpu"), ScenarioControls::IdRole);
        QVERIFY(guessed >= 0);
        QCOMPARE(devices->itemData(guessed, ScenarioControls::NameRole).toString(), name("Guessed GPU"));
        QVERIFY(devices->itemText(guessed).startsWith(QString::fromUtf8("Guessed GPU · uncertain — ")));
        QVERIFY(devices->itemData(guessed, ScenarioControls::SummaryRole)
                    .toString()
                    .startsWith(QString::fromUtf8("uncertain · ")));
        const QString tooltip = devices->itemData(guessed, Qt::ToolTipRole).toString();
        QVERIFY(tooltip.contains(name("Clock assumed from a forum post.")));
        QVERIFY(tooltip.contains(name("low (derived)")));

        const int h100 = devices->findData(name("nvidia-h100-sxm"), ScenarioControls::IdRole);
        QCOMPARE(devices->itemData(h100, ScenarioControls::NameRole).toString(),
                 QString::fromStdString(catalog.findDevice("nvidia-h100-sxm")->name));

        auto* models = child<QComboBox>(controls, "modelCombo");
        const int model = models->findData(name("my-model"), ScenarioControls::IdRole);
        QVERIFY(model >= 0);
        QCOMPARE(models->itemData(model, ScenarioControls::NameRole).toString(), name("My Model"));
        QVERIFY(models->itemText(model).startsWith(QString::fromUtf8("My Model · user — ")));
    }

    void modelComboHasEveryModelGroupedBySize()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        auto* combo = child<QComboBox>(controls, "modelCombo");
        std::multiset<std::string> ids;
        QString family;
        double previousParams = 0;
        for (int row = 0; row < combo->count(); ++row) {
            if (combo->itemData(row, ScenarioControls::KindRole).toInt() == ScenarioControls::HeaderItem) {
                family = combo->itemText(row);
                previousParams = 0;
                QVERIFY(!(combo->model()->flags(combo->model()->index(row, 0)) & Qt::ItemIsSelectable));
                continue;
            }
            const std::string id = combo->itemData(row, ScenarioControls::IdRole).toString().toStdString();
            ids.insert(id);
            const core::ModelEntry* model = core::Catalog::builtIn().findModel(id);
            QVERIFY(model);
            QCOMPARE(QString::fromStdString(model->family), family);
            QVERIFY2(model->architecture.paramsTotal >= previousParams, id.c_str());
            previousParams = model->architecture.paramsTotal;
            QVERIFY(combo->itemText(row).startsWith(QString::fromStdString(model->name) +
                                                    QString::fromUtf8(" — ")));
        }
        const auto& models = core::Catalog::builtIn().models();
        QCOMPARE(ids.size(), models.size());
        for (const core::ModelEntry& model : models)
            QVERIFY2(ids.count(model.id) == 1, model.id.c_str());
        // 30,532,122,624 total and 3.34e9 active (derived from the architecture) for Qwen3 30B-A3B.
        const int moe = combo->findData(name("qwen3-30b-a3b"), ScenarioControls::IdRole);
        QVERIFY(combo->itemText(moe).contains(name("30.5 B params (MoE:")));
        QVERIFY(combo->itemText(moe).contains(name("B active)")));
        const int dense = combo->findData(name("llama-3.1-70b"), ScenarioControls::IdRole);
        QCOMPARE(combo->itemText(dense), QString::fromUtf8("Llama 3.1 70B — 70.6 B params"));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::newRow("inference, explicit split") << QByteArray::fromStdString(inferenceScenario().dump());
        QTest::newRow("training, explicit split") << QByteArray::fromStdString(trainingScenario().dump());
        QTest::newRow("moe, expert parallel, weight-only") << QByteArray::fromStdString(moeScenario().dump());
        QTest::newRow("auto split") << QByteArray::fromStdString(autoScenario().dump());
        QTest::newRow("imported model_config") << QByteArray::fromStdString(importedScenario().dump());
    }

    void roundTrip()
    {
        QFETCH(QByteArray, scenario);
        const json input = json::parse(scenario.toStdString());
        ScenarioDocument document;
        ScenarioControls controls{&document};
        controls.setCatalog(core::Catalog::builtIn());
        QSignalSpy spy(&controls, &ScenarioControls::scenarioChanged);
        controls.setScenario(input);
        QCOMPARE(spy.count(), 1);
        const json expected = canonical(input);
        QVERIFY2(controls.scenario() == expected, describeDifference(controls.scenario(), expected));
        QVERIFY2(lastEmitted(spy) == expected, describeDifference(lastEmitted(spy), expected));
        // The result is itself valid input for the core.
        QCOMPARE(canonical(controls.scenario()), expected);
    }

    void setScenarioEmitsOnceAndRejectsBadInput()
    {
        ControlsFixture f(inferenceScenario());
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        f.controls.setScenario(trainingScenario());
        QCOMPARE(spy.count(), 1);
        json bad = inferenceScenario();
        bad["parallelism"]["tensor"] = 3; // 3 × 1 × 1 × 1 ≠ 8
        QVERIFY_THROWS_EXCEPTION(core::InputError, f.controls.setScenario(bad));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(f.controls.scenario(), canonical(trainingScenario()));
    }

    void controlEmitsOnce_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<Action>("action");
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("expected");
        const auto row = [](const char* title, const char* base, Action action, const char* argument,
                            const char* pointer, const char* expected) {
            QTest::newRow(title) << name(base) << action << name(argument) << name(pointer)
                                 << QByteArray(expected);
        };
        row("batch slider", "inference", Action::BatchSlider, "5", "/batch", "32");
        row("batch spin box", "inference", Action::BatchSpin, "100", "/batch", "100");
        row("prompt slider", "inference", Action::PromptSlider, "96", "/prompt_tokens", "8192"); // 128 · 2^6
        row("prompt spin box", "inference", Action::PromptSpin, "3000", "/prompt_tokens", "3000");
        row("sequence length (training)", "training", Action::PromptSpin, "4096", "/prompt_tokens", "4096");
        row("output slider to 0", "inference", Action::OutputSlider, "0", "/output_tokens", "0");
        row("output spin box", "inference", Action::OutputSpin, "1000", "/output_tokens", "1000");
        row("device count slider", "auto", Action::DevicesSlider, "4", "/devices", "16");
        row("device count spin box", "auto", Action::DevicesSpin, "12", "/devices", "12");
        row("device count, manual split: data absorbs", "inference", Action::DevicesSpin, "16",
            "/parallelism", R"({"tensor": 8, "pipeline": 1, "data": 2, "expert": 1})");
        row("mode to training", "inference", Action::Training, "", "/mode", "\"training\"");
        row("mode to inference", "training", Action::Inference, "", "/mode", "\"inference\"");
        row("weights", "inference", Action::Weights, "q4_k_m", "/precision/weights", "\"q4_k_m\"");
        row("kv cache", "inference", Action::KvCache, "int8", "/precision/kv_cache", "\"int8\"");
        row("compute", "inference", Action::Compute, "fp8", "/precision/compute", "\"fp8\"");
        row("zero stage", "training", Action::ZeroStage, "3", "/training/zero_stage", "3");
        row("recompute", "training", Action::Recompute, "full", "/training/recompute", "\"full\"");
        row("micro-batch", "training", Action::MicroBatch, "4", "/training/micro_batch", "4");
        row("optimizer", "training", Action::Optimizer, "sgd", "/training/optimizer", "\"sgd\"");
        row("flash attention", "inference", Action::FlashAttention, "", "/flash_attention", "false");
        row("device", "inference", Action::Device, "nvidia-b200", "/device", "\"nvidia-b200\"");
        row("model", "inference", Action::Model, "mixtral-8x7b", "/model", "\"mixtral-8x7b\"");
        row("auto split off", "auto", Action::AutoOff, "", "/parallelism",
            R"({"tensor": 8, "pipeline": 1, "data": 1, "expert": 1})");
    }

    void controlEmitsOnce()
    {
        QFETCH(QString, base);
        QFETCH(Action, action);
        QFETCH(QString, argument);
        QFETCH(QString, pointer);
        QFETCH(QByteArray, expected);
        ControlsFixture f(scenarioNamed(base));
        const json before = f.controls.scenario();
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        perform(f.controls, action, argument);
        QCOMPARE(spy.count(), 1);
        const json emitted = lastEmitted(spy);
        const json::json_pointer path(pointer.toStdString());
        QVERIFY2(emitted.contains(path), pointer.toUtf8());
        QVERIFY2(emitted.at(path) == json::parse(expected.toStdString()), emitted.at(path).dump().c_str());
        QVERIFY2(!before.contains(path) || before.at(path) != emitted.at(path), "the field did not change");
        QCOMPARE(f.controls.scenario(), emitted);
        QCOMPARE(canonical(emitted), emitted); // valid for the core, already canonical
    }

    void autoSplitOnDropsParallelism()
    {
        ControlsFixture f(inferenceScenario());
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        perform(f.controls, Action::AutoOn, {});
        QCOMPARE(spy.count(), 1);
        QVERIFY(!lastEmitted(spy).contains("parallelism"));
        for (const char* spin : {"tensorSpin", "pipelineSpin", "dataSpin", "expertSpin"})
            QVERIFY(!child<QSpinBox>(f.controls, spin)->isEnabled());
    }

    // While the slider is held, the positions of one display frame reach the document as one
    // change (FramePacer): the first at once, the newest when the frame ends or the drag does.
    void sliderDragAppliesTheNewestPositionPerFrame()
    {
        ControlsFixture f(inferenceScenario());
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        auto* slider = child<QSlider>(f.controls, "promptSlider");
        const int start = slider->value();
        slider->setSliderDown(true); // the user is dragging
        slider->setSliderPosition(start + 16);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEmitted(spy)["prompt_tokens"], 8192); // 4096 · 2
        slider->setSliderPosition(start + 32);
        QTRY_COMPARE(lastEmitted(spy)["prompt_tokens"], 16384); // still held: at the frame's end
        QCOMPARE(child<QSpinBox>(f.controls, "promptSpin")->value(), 16384);
        // Released within a frame of a move: that last position is applied with the release.
        slider->setSliderPosition(start + 16);
        slider->setSliderPosition(start + 48);
        slider->setSliderDown(false);
        QCOMPARE(lastEmitted(spy)["prompt_tokens"], 32768);
        QCOMPARE(child<QSpinBox>(f.controls, "promptSpin")->value(), 32768);
        QVERIFY(spy.count() <= 5); // never more changes than positions
    }

    void batchAndDeviceSlidersArePowersOfTwo()
    {
        ControlsFixture f(autoScenario());
        auto* batch = child<QSlider>(f.controls, "batchSlider");
        QCOMPARE(batch->minimum(), 0);
        QCOMPARE(batch->maximum(), 12);
        for (int position = batch->minimum(); position <= batch->maximum(); ++position) {
            batch->setValue(position);
            QCOMPARE(child<QSpinBox>(f.controls, "batchSpin")->value(), 1 << position);
            QCOMPARE(f.controls.scenario()["batch"].get<int>(), 1 << position);
        }
        auto* devices = child<QSlider>(f.controls, "deviceCountSlider");
        QCOMPARE(devices->maximum(), 14);
        for (int position = devices->minimum(); position <= devices->maximum(); ++position) {
            devices->setValue(position);
            QCOMPARE(f.controls.scenario()["devices"].get<int>(), 1 << position);
        }
        // A spin-box value between powers of two moves the slider to the nearest power.
        child<QSpinBox>(f.controls, "batchSpin")->setValue(100); // log2(100) = 6.64
        QCOMPARE(batch->value(), 7);
        QCOMPARE(f.controls.scenario()["batch"].get<int>(), 100);
    }

    void promptAndOutputSlidersAreLogScales()
    {
        ControlsFixture f(inferenceScenario());
        auto* slider = child<QSlider>(f.controls, "promptSlider");
        auto* spin = child<QSpinBox>(f.controls, "promptSpin");
        QVERIFY(slider->maximum() - slider->minimum() >= 150);
        slider->setValue(slider->minimum());
        QCOMPARE(spin->value(), 128);
        // The slider ends at the model's context: Llama 3.1 70B's max_position_embeddings 131072.
        slider->setValue(slider->maximum());
        QCOMPARE(spin->value(), 131072);
        QCOMPARE(f.controls.scenario()["prompt_tokens"].get<int>(), 131072);
        int previous = 0;
        for (int position = slider->minimum(); position <= slider->maximum(); ++position) {
            slider->setValue(position);
            QVERIFY2(spin->value() > previous, qPrintable(QString::number(position)));
            previous = spin->value();
        }
        // 16 positions per octave: every 16th is an exact power of two.
        slider->setValue(80);
        QCOMPARE(spin->value(), 4096);

        auto* output = child<QSlider>(f.controls, "outputSlider");
        output->setValue(output->minimum());
        QCOMPARE(child<QSpinBox>(f.controls, "outputSpin")->value(), 0);
        output->setValue(output->maximum());
        QCOMPARE(child<QSpinBox>(f.controls, "outputSpin")->value(), 32768);
    }

    // "TP4 EP4 on 4 GPUs" (docs/METHOD.md §6.4): tensor x pipeline x data alone equal to the devices
    // with expert > 1 spreads the experts over attention's devices; an expert degree that does not
    // divide tensor x data is refused with its reason.
    void expertsBesideAttentionInTheManualSplit()
    {
        json moe = inferenceScenario();
        moe["model"] = "qwen3-30b-a3b";
        moe["devices"] = 4;
        moe["parallelism"] = {{"tensor", 4}, {"pipeline", 1}, {"data", 1}, {"expert", 1}};
        ControlsFixture f(moe);
        auto* warning = child<QLabel>(f.controls, "splitWarningLabel");
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        child<QSpinBox>(f.controls, "expertSpin")->setValue(4);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEmitted(spy)["parallelism"],
                 json::parse(R"({"tensor": 4, "pipeline": 1, "data": 1, "expert": 4,
                                 "expert_placement": "with_attention"})"));
        QVERIFY(warning->text().isEmpty());
        child<QSpinBox>(f.controls, "expertSpin")->setValue(3); // 3 does not divide 4
        QCOMPARE(spy.count(), 1);
        QVERIFY(warning->text().contains(name("must divide tensor 4")));
        QVERIFY(!warning->isHidden());
    }

    void badManualSplitEmitsNothingAndWarns()
    {
        ControlsFixture f(inferenceScenario()); // tensor 8 on 8 devices
        auto* warning = child<QLabel>(f.controls, "splitWarningLabel");
        QVERIFY(warning->text().isEmpty());
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        child<QSpinBox>(f.controls, "tensorSpin")->setValue(4); // 4 ≠ 8
        QCOMPARE(spy.count(), 0);
        QVERIFY(warning->text().contains(name("= 4")));
        QVERIFY(warning->text().contains(name("device count 8")));
        QVERIFY(warning->text().contains(QString::fromUtf8("Still using tensor 8 × pipeline 1 × data 1")));
        QVERIFY(!warning->isHidden());
        QCOMPARE(f.controls.scenario()["parallelism"]["tensor"], 8); // the last valid split
        // Other edits still flow, with the last valid split.
        child<QSpinBox>(f.controls, "batchSpin")->setValue(16);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEmitted(spy)["parallelism"]["tensor"], 8);
        // Fixing the product emits the new split once.
        child<QSpinBox>(f.controls, "dataSpin")->setValue(2);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(lastEmitted(spy)["parallelism"],
                 json::parse(R"({"tensor": 4, "pipeline": 1, "data": 2, "expert": 1})"));
        QVERIFY(warning->text().isEmpty());
        QVERIFY(warning->isHidden());
        // A device count no split matches emits nothing at all.
        child<QSpinBox>(f.controls, "deviceCountSpin")->setValue(12); // data absorbs: 12 / (4 · 1 · 1)
        QCOMPARE(lastEmitted(spy)["parallelism"]["data"], 3);
        const int emitted = spy.count();
        child<QSpinBox>(f.controls, "deviceCountSpin")->setValue(13); // prime: no data degree fits
        QCOMPARE(spy.count(), emitted);
        QVERIFY(!warning->text().isEmpty());
        QCOMPARE(f.controls.scenario()["devices"], 12);
    }

    void reportShowsAutoSplitWithoutEmitting()
    {
        ControlsFixture f(autoScenario());
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        core::Report report;
        report.scenario = core::scenarioFromJson(autoScenario());
        report.scenario.parallelism = core::Parallelism{4, 1, 2, 1};
        f.controls.setReport(report);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(child<QLabel>(f.controls, "splitLabel")->text(),
                 QString::fromUtf8("Auto: tensor 4 × pipeline 1 × data 2"));
        QCOMPARE(child<QSpinBox>(f.controls, "tensorSpin")->value(), 4);
        QVERIFY(!child<QSpinBox>(f.controls, "tensorSpin")->isEnabled());
        QVERIFY(!f.controls.scenario().contains("parallelism"));
        // Switching to manual starts from the core's choice: same estimate, now explicit.
        perform(f.controls, Action::AutoOff, {});
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEmitted(spy)["parallelism"],
                 json::parse(R"({"tensor": 4, "pipeline": 1, "data": 2, "expert": 1})"));
    }

    void modeSwitchRelabelsAndGatesControls()
    {
        ControlsFixture f(moeScenario()); // inference with q4_k_m weights
        auto* weights = child<QComboBox>(f.controls, "weightsCombo");
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        perform(f.controls, Action::Training, {});
        QCOMPARE(spy.count(), 1);
        // Weight-only formats are inference-only in the core: training falls back to bf16.
        QCOMPARE(lastEmitted(spy)["precision"]["weights"], "bf16");
        QCOMPARE(lastEmitted(spy)["mode"], "training");
        const int q4 = weights->findData(name("q4_k_m"));
        QVERIFY(!(weights->model()->flags(weights->model()->index(q4, 0)) & Qt::ItemIsEnabled));
        QCOMPARE(child<QLabel>(f.controls, "promptLabel")->text(), name("Se&quence length"));
        QCOMPARE(child<QSpinBox>(f.controls, "promptSpin")->accessibleName(), name("Sequence length"));
        QVERIFY(!child<QSpinBox>(f.controls, "outputSpin")->isEnabled());
        QVERIFY(!child<QSlider>(f.controls, "outputSlider")->isEnabled());
        QVERIFY(child<QGroupBox>(f.controls, "trainingGroup")->isEnabled());
        perform(f.controls, Action::Inference, {});
        QCOMPARE(child<QLabel>(f.controls, "promptLabel")->text(), name("&Prompt tokens"));
        QVERIFY(child<QSpinBox>(f.controls, "outputSpin")->isEnabled());
        QVERIFY(!child<QGroupBox>(f.controls, "trainingGroup")->isEnabled());
        QVERIFY(weights->model()->flags(weights->model()->index(q4, 0)) & Qt::ItemIsEnabled);
    }

    void activationsFollowCompute_data()
    {
        QTest::addColumn<QString>("compute");
        QTest::addColumn<QString>("activations");
        QTest::newRow("fp32") << name("fp32") << name("fp32");
        QTest::newRow("tf32 stores fp32") << name("tf32") << name("fp32");
        QTest::newRow("fp16") << name("fp16") << name("fp16");
        QTest::newRow("fp8 keeps bf16") << name("fp8") << name("bf16");
        QTest::newRow("int4 keeps bf16") << name("int4") << name("bf16");
    }

    void activationsFollowCompute()
    {
        QFETCH(QString, compute);
        QFETCH(QString, activations);
        ControlsFixture f(inferenceScenario());
        perform(f.controls, Action::Compute, compute);
        QCOMPARE(QString::fromStdString(f.controls.scenario()["precision"]["activations"].get<std::string>()),
                 activations);
        QVERIFY(child<QLabel>(f.controls, "activationsLabel")->text().contains(activations));
    }

    void precisionCombosOfferTheRightFormats()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        const auto dataOf = [](const QComboBox* combo) {
            QStringList names;
            for (int row = 0; row < combo->count(); ++row) {
                if (combo->itemData(row, ScenarioControls::KindRole).toInt() != ScenarioControls::HeaderItem)
                    names << combo->itemData(row).toString();
            }
            return names;
        };
        const QStringList plain = name("fp32 tf32 bf16 fp16 fp8 int8 int4 fp4").split(QLatin1Char(' '));
        const QStringList blockScaled{name("mxfp8"), name("mxfp4"), name("nvfp4")};
        QCOMPARE(dataOf(child<QComboBox>(controls, "computeCombo")), plain + blockScaled);
        QCOMPARE(dataOf(child<QComboBox>(controls, "kvCacheCombo")), plain);
        QCOMPARE(
            dataOf(child<QComboBox>(controls, "weightsCombo")),
            plain + blockScaled +
                name("q8_0 q6_k q5_k_m q4_k_m q4_0 awq-int4 gptq-int4 checkpoint").split(QLatin1Char(' ')));
        // The block formats show their bits with the scales (OCP MX v1.0: 4 + 8/32; NVFP4 4 + 8/16).
        auto* weights = child<QComboBox>(controls, "weightsCombo");
        QCOMPARE(weights->itemText(weights->findData(name("mxfp4"))), QString::fromUtf8("mxfp4 · 4.25 bits"));
        QCOMPARE(weights->itemText(weights->findData(name("nvfp4"))), QString::fromUtf8("nvfp4 · 4.5 bits"));
    }

    void promptSliderFollowsTheModelsContext()
    {
        // Llama 4 Scout: max_position_embeddings 10,485,760 (its config.json); the slider's end
        // reaches it. A prompt longer than the model's context is kept, never clamped.
        json scenario = inferenceScenario();
        scenario["model"] = "llama-4-scout";
        scenario["parallelism"] = nullptr;
        ControlsFixture f(scenario);
        auto* slider = child<QSlider>(f.controls, "promptSlider");
        auto* spin = child<QSpinBox>(f.controls, "promptSpin");
        slider->setValue(slider->maximum());
        QCOMPARE(spin->value(), 10485760);
        scenario["model"] = "gpt-oss-20b"; // 131,072 tokens
        scenario["prompt_tokens"] = 1000000;
        f.controls.setScenario(scenario);
        QCOMPARE(spin->value(), 1000000);
        QCOMPARE(f.controls.scenario()["prompt_tokens"].get<int>(), 1000000);
        QVERIFY(slider->maximum() < 262); // shorter than Scout's
    }

    void quantizedCheckpointSelectsCheckpointWeights()
    {
        // gpt-oss-120b's config has a quantization_config (MXFP4 experts): picking it in the
        // window serves it as stored.
        ControlsFixture f(inferenceScenario());
        auto* models = child<QComboBox>(f.controls, "modelCombo");
        int row = -1;
        for (int i = 0; i < models->count(); ++i)
            if (models->itemData(i, ScenarioControls::IdRole).toString() == name("gpt-oss-120b"))
                row = i;
        QVERIFY(row >= 0);
        models->setCurrentIndex(row);
        QCOMPARE(QString::fromStdString(f.controls.scenario()["precision"]["weights"].get<std::string>()),
                 name("checkpoint"));

        // A file that names no weight format: the window agrees with llm-hw-estimate, which serves a
        // quantized checkpoint as stored; a file that names one keeps it.
        json file = json::parse(R"({"device": "nvidia-h100-sxm", "model": "gpt-oss-120b", "batch": 1})");
        ControlsFixture loaded(file);
        QCOMPARE(
            QString::fromStdString(loaded.controls.scenario()["precision"]["weights"].get<std::string>()),
            name("checkpoint"));
        file["precision"] = {{"weights", "bf16"}};
        loaded.controls.setScenario(file);
        QCOMPARE(
            QString::fromStdString(loaded.controls.scenario()["precision"]["weights"].get<std::string>()),
            name("bf16"));
    }

    void importedModelConfig()
    {
        ControlsFixture f(autoScenario());
        auto* combo = child<QComboBox>(f.controls, "modelCombo");
        const int rowsBefore = combo->count();
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        QSignalSpy importSpy(&f.controls, &ScenarioControls::importModelConfigRequested);
        child<QAbstractButton>(f.controls, "importButton")->click();
        QCOMPARE(importSpy.count(), 1);
        QCOMPARE(spy.count(), 0);

        const QString path = name("/tmp/configs/gpt2-style-7.5b.config.json");
        f.controls.setImportedModelConfig(fixtureConfig(), path);
        QCOMPARE(spy.count(), 1);
        json emitted = lastEmitted(spy);
        QVERIFY(!emitted.contains("model"));
        QCOMPARE(emitted["model_config"], fixtureConfig());
        QCOMPARE(emitted["model_config_path"], path.toStdString());
        QVERIFY2(combo->currentText().startsWith(name("Imported: gpt2-style-7.5b")),
                 qPrintable(combo->currentText()));
        QCOMPARE(combo->count(), rowsBefore + 2); // "Imported" header and the entry

        // The same config again reuses the entry; a catalog reload keeps it.
        f.controls.setImportedModelConfig(fixtureConfig(), path);
        QCOMPARE(combo->count(), rowsBefore + 2);
        f.controls.setCatalog(core::Catalog::builtIn());
        QCOMPARE(combo->count(), rowsBefore + 2);
        QCOMPARE(f.controls.scenario()["model_config"], fixtureConfig());

        // Back to a catalog model, then to the imported entry again.
        perform(f.controls, Action::Model, name("llama-3.1-8b"));
        QVERIFY(!f.controls.scenario().contains("model_config"));
        QCOMPARE(f.controls.scenario()["model"], "llama-3.1-8b");
        combo->setCurrentIndex(combo->count() - 1);
        QCOMPARE(f.controls.scenario()["model_config"], fixtureConfig());

        // Without a path the entry shows the config's model_type.
        json other = fixtureConfig();
        other["n_layer"] = 12;
        f.controls.setImportedModelConfig(other, {});
        QVERIFY2(combo->currentText().startsWith(name("Imported: gpt2")), qPrintable(combo->currentText()));
        QVERIFY(!f.controls.scenario().contains("model_config_path"));
    }

    void setCatalogKeepsSelectionSilently()
    {
        json scenario = autoScenario();
        scenario["device"] = "google-tpu-v5p";
        scenario["model"] = "deepseek-v3";
        ControlsFixture f(scenario);
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        f.controls.setCatalog(core::Catalog::builtIn());
        QCOMPARE(spy.count(), 0);
        QCOMPARE(
            child<QComboBox>(f.controls, "deviceCombo")->currentData(ScenarioControls::IdRole).toString(),
            name("google-tpu-v5p"));
        QCOMPARE(child<QComboBox>(f.controls, "modelCombo")->currentData(ScenarioControls::IdRole).toString(),
                 name("deepseek-v3"));
        // DeepSeek-V3's config.json has an fp8 quantization_config: with no weight format in the
        // file it is served as stored, as llm-hw-estimate does.
        json expected = canonical(scenario);
        expected["precision"]["weights"] = "checkpoint";
        QCOMPARE(f.controls.scenario(), expected);
    }

    void unknownIdsSurviveTheRoundTrip()
    {
        json scenario = autoScenario();
        scenario["device"] = "my-future-chip";
        ControlsFixture f(scenario);
        QCOMPARE(f.controls.scenario()["device"], "my-future-chip");
        auto* combo = child<QComboBox>(f.controls, "deviceCombo");
        QCOMPARE(combo->currentIndex(), -1);
        QVERIFY(combo->placeholderText().contains(name("my-future-chip")));
    }

    void everyInputIsKeyboardReachableAndNamed()
    {
        ScenarioDocument document;
        ScenarioControls controls{&document};
        const auto inputs = inputWidgets(controls);
        QVERIFY(inputs.size() >= 26);
        for (QWidget* input : inputs) {
            const QByteArray id = input->objectName().toUtf8();
            QVERIFY2(!input->objectName().isEmpty(), input->metaObject()->className());
            QVERIFY2((input->focusPolicy() & Qt::TabFocus) == Qt::TabFocus, id);
            QVERIFY2(!input->accessibleName().isEmpty(), id);
            QVERIFY2(!input->toolTip().isEmpty(), id);
        }
    }

    // Every label that names a control, and every button, has a mnemonic; among the enabled ones
    // (training-only and inference-only controls share letters) no two are the same.
    void mnemonicsAreUniquePerMode_data()
    {
        QTest::addColumn<QString>("base");
        QTest::newRow("inference") << name("inference");
        QTest::newRow("training") << name("training");
    }

    void mnemonicsAreUniquePerMode()
    {
        QFETCH(QString, base);
        ControlsFixture f(scenarioNamed(base));
        std::map<QChar, QString> mnemonics;
        const auto check = [&mnemonics](const QString& text) {
            const qsizetype amp = text.indexOf(QLatin1Char('&'));
            QVERIFY2(amp >= 0 && amp + 1 < text.size(), qPrintable(text));
            const auto [it, inserted] = mnemonics.emplace(text.at(amp + 1).toLower(), text);
            QVERIFY2(inserted, qPrintable(text + QStringLiteral(" clashes with ") + it->second));
        };
        // A group box with a mnemonic (the serving group) is entered by its letter and walked with
        // Tab: the letters run out before its ten controls would each get one.
        const auto inLetteredGroup = [](const QWidget* w) {
            for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
                if (const auto* group = qobject_cast<const QGroupBox*>(p))
                    return group->title().contains(QLatin1Char('&'));
            }
            return false;
        };
        for (const QGroupBox* group : f.controls.findChildren<QGroupBox*>()) {
            if (group->isEnabled() && group->title().contains(QLatin1Char('&')))
                check(group->title());
        }
        for (const QLabel* label : f.controls.findChildren<QLabel*>()) {
            if (label->buddy() && label->isEnabled() && !inLetteredGroup(label))
                check(label->text());
        }
        for (const QAbstractButton* button : f.controls.findChildren<QAbstractButton*>()) {
            if (button->isEnabled() && !button->text().isEmpty() && !inLetteredGroup(button))
                check(button->text());
        }
        // Letters the main window's menus (File, Edit, View, Help) are expected to use.
        for (const char letter : {'f', 'e', 'v', 'h'})
            QVERIFY2(!mnemonics.count(QLatin1Char(letter)), &letter);
    }

    void mnemonicFocusesTheEnabledControl()
    {
        ControlsFixture f(trainingScenario());
        f.controls.resize(320, 2000);
        f.controls.show();
        QVERIFY(QTest::qWaitForWindowActive(&f.controls));
        // Alt+O: "Rec&ompute" in training, "&Output tokens" (disabled now) in inference.
        QTest::keyClick(&f.controls, Qt::Key_O, Qt::AltModifier);
        QVERIFY(child<QComboBox>(f.controls, "recomputeCombo")->hasFocus());
        perform(f.controls, Action::Inference, {});
        QTest::keyClick(&f.controls, Qt::Key_O, Qt::AltModifier);
        QVERIFY(child<QSpinBox>(f.controls, "outputSpin")->hasFocus());
        QTest::keyClick(&f.controls, Qt::Key_A, Qt::AltModifier);
        QVERIFY(child<QSpinBox>(f.controls, "dataSpin")->hasFocus());
    }

    void tabWalksTheControlsInVisualOrder()
    {
        ControlsFixture f(inferenceScenario());
        f.controls.resize(320, 2000);
        f.controls.show();
        QVERIFY(QTest::qWaitForWindowActive(&f.controls));
        auto* first = child<QComboBox>(f.controls, "deviceCombo");
        first->setFocus(Qt::TabFocusReason);
        const QStringList expected{
            name("deviceCombo"),        name("deviceSearch"),   name("deviceCountSpin"),
            name("deviceCountSlider"),  name("modelCombo"),     name("importButton"),
            name("inferenceRadio"),     name("batchSpin"),      name("batchSlider"),
            name("promptSpin"),         name("promptSlider"),   name("outputSpin"),
            name("outputSlider"),       name("autoSplitCheck"), name("tensorSpin"),
            name("pipelineSpin"),       name("dataSpin"),       name("expertSpin"),
            name("weightsCombo"),       name("kvCacheCombo"),   name("computeCombo"),
            name("flashAttentionCheck")};
        QStringList visited;
        for (int i = 0; i < expected.size(); ++i) {
            QWidget* focus = QApplication::focusWidget();
            while (focus && focus->objectName().isEmpty())
                focus = focus->parentWidget(); // a spin box's line edit
            visited << (focus ? focus->objectName() : name("(none)"));
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        }
        QCOMPARE(visited, expected);
    }

    void wheelOverUnfocusedControlScrollsThePanel()
    {
        ControlsFixture f(inferenceScenario());
        f.controls.resize(320, 400);
        f.controls.show();
        QVERIFY(QTest::qWaitForWindowActive(&f.controls));
        auto* combo = child<QComboBox>(f.controls, "kvCacheCombo");
        auto* bar = f.controls.findChild<QScrollArea*>()->verticalScrollBar();
        QSignalSpy spy(&f.controls, &ScenarioControls::scenarioChanged);
        const auto wheelDown = [combo] {
            QWheelEvent wheel(QPointF(5, 5), combo->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(combo, &wheel);
        };
        const int before = bar->value();
        wheelDown();
        QCOMPARE(spy.count(), 0);
        QVERIFY(bar->value() > before);
        // With focus the wheel edits the control, as usual.
        combo->setFocus(Qt::TabFocusReason);
        wheelDown();
        QCOMPARE(spy.count(), 1);
    }

    void fitsAndLooksRightAtPanelWidths_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("base");
        QTest::newRow("320, inference") << 320 << name("inference");
        QTest::newRow("320, training") << 320 << name("training");
        QTest::newRow("400, inference") << 400 << name("inference");
    }

    void fitsAndLooksRightAtPanelWidths()
    {
        QFETCH(int, width);
        QFETCH(QString, base);
        ControlsFixture f(scenarioNamed(base));
        core::Report report;
        report.scenario = core::scenarioFromJson(scenarioNamed(base));
        f.controls.setReport(report);
        QVERIFY(f.controls.minimumSizeHint().width() <= 320);
        f.controls.resize(width, 740);
        f.controls.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.controls));
        // The scroll area sets the column's height for its width one layout pass after showing.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        auto* content = child<QWidget>(f.controls, "scenarioControlsContent");
        auto* scroll = f.controls.findChild<QScrollArea*>();
        // No horizontal clipping: the content fits the viewport, every control inside it, and no
        // control is squeezed below its minimum size.
        QVERIFY2(content->width() <= scroll->viewport()->width(),
                 qPrintable(QString::number(content->width())));
        for (QWidget* input : inputWidgets(f.controls)) {
            const QRect box(input->mapTo(content, QPoint(0, 0)), input->size());
            QVERIFY2(box.left() >= 0 && box.right() < content->width(), input->objectName().toUtf8());
            QVERIFY2(input->width() >= input->minimumSizeHint().width(), input->objectName().toUtf8());
            QVERIFY2(input->height() >= input->minimumSizeHint().height(), input->objectName().toUtf8());
        }
        for (const QLabel* label : f.controls.findChildren<QLabel*>()) {
            if (label->isVisible() && !label->wordWrap())
                QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable(label->text()));
        }
        // Screenshots for a human look: LHE_SCREENSHOT_DIR=/tmp/controls-shots.
        const QString dir = qEnvironmentVariable("LHE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QDir().mkpath(dir);
            const QString stem = dir + QStringLiteral("/controls-%1-%2").arg(width).arg(base);
            QVERIFY(f.controls.grab().save(stem + QStringLiteral(".png")));
            content->resize(content->width(), content->sizeHint().height());
            QVERIFY(content->grab().save(stem + QStringLiteral("-full.png")));
            auto* combo = child<QComboBox>(f.controls, "deviceCombo");
            combo->showPopup();
            QVERIFY(combo->view()->window()->grab().save(stem + QStringLiteral("-devices.png")));
            combo->hidePopup();
            auto* models = child<QComboBox>(f.controls, "modelCombo");
            f.controls.setImportedModelConfig(fixtureConfig(),
                                              name("/tmp/configs/gpt2-style-7.5b.config.json"));
            models->showPopup();
            QVERIFY(models->view()->window()->grab().save(stem + QStringLiteral("-models.png")));
            models->hidePopup();
            child<QCheckBox>(f.controls, "autoSplitCheck")->setChecked(false);
            child<QSpinBox>(f.controls, "tensorSpin")->setValue(3);
            content->resize(content->width(), content->sizeHint().height());
            QVERIFY(content->grab().save(stem + QStringLiteral("-warning.png")));
        }
    }
};

QTEST_MAIN(TestScenarioControls)
#include "tst_scenario_controls.moc"
