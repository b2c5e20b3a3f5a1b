// Core messages in the user's language: every warning core::estimate() writes, and the errors a
// manual split or a scenario file's training block can cause, are produced here from a scenario
// and read in Chinese with the zh_CN translation, every argument carried over.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/scenario/scenario.h"
#include "widgets/messages/core_message.h"

#include <QCoreApplication>
#include <QDir>
#include <QTranslator>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace lhe;

Q_DECLARE_METATYPE(lhe::core::Message)

namespace {

core::Scenario scenario(const char* device, const char* model)
{
    core::Scenario s;
    s.deviceId = device;
    s.modelId = model;
    return s;
}

// The warning of one scenario whose English contains `expected` (an empty id when none does).
core::Message warningContaining(const core::Scenario& s, const std::string& expected)
{
    for (const core::Message& warning : core::estimate(s, core::Catalog::builtIn()).warnings)
        if (core::englishText(warning).find(expected) != std::string::npos)
            return warning;
    return {};
}

// An InputError's message with its field path as the Message's first argument: the rows below
// carry both in one value.
core::Message asMessage(const core::InputError& error)
{
    return core::message(core::MessageId("%1: %2"), error.fieldPath(), error.message());
}

} // namespace

class TestCoreMessage : public QObject
{
    Q_OBJECT

private slots:
    void everyWarningIsTranslated_data();
    void everyWarningIsTranslated();
    void argumentsAreFilledInOnePass();
    void errorNamesOriginAndField();
};

// The message of the InputError estimate() throws for `s`.
static core::Message errorOf(const core::Scenario& s)
{
    try {
        core::estimate(s, core::Catalog::builtIn());
    } catch (const core::InputError& error) {
        return asMessage(error);
    }
    return {};
}

// The message of the InputError reading a scenario file whose "training" is `training` throws.
static core::Message fileErrorOf(const nlohmann::json& training)
{
    try {
        core::scenarioFromJson({{"device", "nvidia-rtx-4090"},
                                {"model", "llama-3.1-8b"},
                                {"mode", "training"},
                                {"training", training}});
    } catch (const core::InputError& error) {
        return asMessage(error);
    }
    return {};
}

void TestCoreMessage::everyWarningIsTranslated_data()
{
    QTest::addColumn<core::Message>("warning");
    QTest::addColumn<QString>("chineseFragment");

    // Manual splits the controls allow and the core refuses. Llama-3.1-8B: 32 heads, 32 layers;
    // Mixtral-8x7B: 8 experts.
    core::Scenario split = scenario("nvidia-h100-sxm", "llama-3.1-8b");
    split.devices = 3;
    split.parallelism = core::Parallelism{3, 1, 1, 1};
    QTest::newRow("tensor split") << (errorOf(split)) << QStringLiteral("32");
    split.devices = 64;
    split.parallelism = core::Parallelism{1, 64, 1, 1};
    QTest::newRow("pipeline split") << (errorOf(split)) << QStringLiteral("64");
    split.devices = 2;
    split.parallelism = core::Parallelism{1, 1, 1, 2};
    QTest::newRow("dense expert split") << (errorOf(split)) << QString();
    core::Scenario moe = scenario("nvidia-h100-sxm", "mixtral-8x7b");
    moe.devices = 3;
    moe.parallelism = core::Parallelism{1, 1, 1, 3};
    QTest::newRow("expert split") << (errorOf(moe)) << QStringLiteral("8");
    // An explicit grad_accum the batch contradicts: 2 x 4 x 8 = 64 sequences, not 512; with no
    // split, 512 / (2 x 4) = 64 replicas on 8 devices is none.
    core::Scenario accum = scenario("nvidia-h100-sxm", "llama-3.1-8b");
    accum.mode = core::Mode::Training;
    accum.devices = 8;
    accum.parallelism = core::Parallelism{1, 1, 8, 1};
    accum.batch = 512;
    accum.training.microBatch = 2;
    accum.training.gradAccum = 4;
    QTest::newRow("grad_accum, manual split") << (errorOf(accum)) << QStringLiteral("512");
    accum.parallelism.reset();
    QTest::newRow("grad_accum, automatic split") << (errorOf(accum)) << QStringLiteral("512");

    // The A100 has no fp8 tensor cores: fp8 compute falls back to its fp16 peak.
    core::Scenario fallback = scenario("nvidia-a100-80gb-sxm", "llama-3.1-8b");
    fallback.compute = core::Precision::Fp8;
    QTest::newRow("peak fallback") << (warningContaining(fallback, "has no fp8 peak"))
                                   << QStringLiteral("fp8");
    // A laptop NPU publishes INT8 TOPS alone: bf16 compute runs at that rate, said louder.
    core::Scenario npu = scenario("qualcomm-snapdragon-x-elite-npu", "llama-3.1-8b");
    QTest::newRow("narrower fallback")
        << (warningContaining(npu, "has no bf16 peak nor a wider one")) << QStringLiteral("int8");
    // Blackwell Ultra's INT8 (about 0.15 POPS) is far below its BF16 (2.25 PF): int8 runs as bf16.
    core::Scenario ultra = scenario("nvidia-b300", "llama-3.1-8b");
    ultra.compute = core::Precision::Int8;
    QTest::newRow("slower native column")
        << (warningContaining(ultra, "runs int8 slower than bf16")) << QStringLiteral("int8");
    // Llama-3.1-8B: max_position_embeddings 131072.
    core::Scenario longContext = scenario("nvidia-h100-sxm", "llama-3.1-8b");
    longContext.promptTokens = 200000;
    QTest::newRow("context") << (warningContaining(longContext, "max_position_embeddings"))
                             << QStringLiteral("131072");
    // 4 sequences over 8 data-parallel replicas.
    core::Scenario idle = scenario("nvidia-h100-sxm", "llama-3.1-8b");
    idle.devices = 8;
    idle.parallelism = core::Parallelism{1, 1, 8, 1};
    idle.batch = 4;
    QTest::newRow("idle replicas") << (warningContaining(idle, "some replicas idle")) << QStringLiteral("8");
    // Training batch 10 over 4 replicas × micro-batch 1: rounded up to 12.
    core::Scenario rounded = scenario("nvidia-h100-sxm", "llama-3.1-8b");
    rounded.mode = core::Mode::Training;
    rounded.devices = 4;
    rounded.parallelism = core::Parallelism{1, 1, 4, 1};
    rounded.batch = 10;
    QTest::newRow("rounded batch") << (warningContaining(rounded, "rounded up to 12"))
                                   << QStringLiteral("12");
    // Training Llama-3.1-405B on one 24 GB card: 16 B per parameter = 6.5 TB, beyond 48 GB of host
    // RAM and 4 TB of disk.
    core::Scenario hopeless = scenario("nvidia-rtx-4090", "llama-3.1-405b");
    hopeless.mode = core::Mode::Training;
    QTest::newRow("does not fit") << (warningContaining(hopeless, "does not fit")) << QString();

    // Adapters on named modules the model lacks: a file's q_proj list kept while the controls
    // switch to a model without that name (Mamba's mixer has in_proj / out_proj).
    core::Scenario named = scenario("nvidia-rtx-4090", "llama-3.1-8b");
    named.mode = core::Mode::Training;
    named.training.method = core::TrainingMethod::Lora;
    named.training.lora.targets = core::LoraTargets::Named;
    named.training.lora.targetNames = {"attn_qkv"};
    QTest::newRow("unknown LoRA module") << (errorOf(named)) << QStringLiteral("attn_qkv");
    // What a scenario file's training block can get wrong.
    QTest::newRow("LoRA targets value")
        << (fileErrorOf({{"lora", {{"targets", "mlp"}}}})) << QStringLiteral("mlp");
    QTest::newRow("LoRA targets empty")
        << (fileErrorOf({{"lora", {{"targets", nlohmann::json::array()}}}})) << QString();
    nlohmann::json many = nlohmann::json::array();
    for (int i = 0; i < 65; ++i)
        many.push_back("m" + std::to_string(i));
    QTest::newRow("LoRA targets too many")
        << (fileErrorOf({{"lora", {{"targets", many}}}})) << QStringLiteral("65");
    QTest::newRow("LoRA targets entry")
        << (fileErrorOf({{"lora", {{"targets", nlohmann::json::array({1})}}}})) << QStringLiteral("1");
    QTest::newRow("adapter precision")
        << (fileErrorOf({{"lora", {{"adapter_precision", "fp8"}}}})) << QStringLiteral("fp8");
    QTest::newRow("training method") << (fileErrorOf({{"method", "dora"}})) << QStringLiteral("dora");
    QTest::newRow("QLoRA base") << (fileErrorOf({{"lora", {{"quantization", "fp4"}}}}))
                                << QStringLiteral("fp4");
}

void TestCoreMessage::everyWarningIsTranslated()
{
    QFETCH(core::Message, warning);
    QFETCH(QString, chineseFragment);
    QVERIFY2(*warning.id != '\0', "the scenario no longer produces this message");
    // Every argument is used: a template that drops one loses information in every language.
    const bool error = std::string_view(warning.id) == "%1: %2"; // asMessage(): field path, message
    const core::Message& inner = error ? *warning.args[1].phrase : warning;
    QCOMPARE(core::placeholders(inner.id).size(), inner.args.size());

    const QString english = QString::fromStdString(core::englishText(warning));
    QCOMPARE(widgets::translatedMessage(warning), english); // no translator: the English id
    const QString qm = QDir(QCoreApplication::applicationDirPath())
                           .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
    QTranslator translator;
    QVERIFY2(translator.load(qm), qPrintable(qm));
    QVERIFY2(!translator.translate(core::kMessageContext, inner.id).isEmpty(), inner.id);
    QCoreApplication::installTranslator(&translator);
    const QString chinese = widgets::translatedMessage(warning);
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(chinese != english, qPrintable(chinese));
    QVERIFY2(chinese.contains(chineseFragment), qPrintable(chinese));
    QVERIFY2(!chinese.contains(QLatin1Char('%')), qPrintable(chinese)); // every placeholder filled
}

// A value from the input that looks like a placeholder is shown as written, not filled in again,
// and a newline in it cannot break the one-line message.
void TestCoreMessage::argumentsAreFilledInOnePass()
{
    const core::Message m = core::message(core::MessageId("unknown id \"%1\"; see %2"), "x%2\ny", 7);
    QCOMPARE(core::englishText(m), std::string("unknown id \"x%2\ny\"; see 7"));
    QCOMPARE(widgets::translatedMessage(m), QStringLiteral("unknown id \"x%2\\ny\"; see 7"));
}

// The window's error line: origin and field path as written, then the message.
void TestCoreMessage::errorNamesOriginAndField()
{
    const core::InputError error =
        core::InputError("batch", core::message(core::MessageId("expected %1"), 3)).withOrigin("s.json");
    QCOMPARE(std::string(error.what()), std::string("s.json: batch: expected 3"));
    QCOMPARE(widgets::translatedError(error), QStringLiteral("s.json: batch: expected 3"));
    QCOMPARE(widgets::translatedError(error.withOrigin("s.json")),
             QStringLiteral("s.json: batch: expected 3"));
}

QTEST_MAIN(TestCoreMessage)
#include "tst_core_message.moc"
