// Scenario parsing: documented defaults, round trip through JSON, and every bad input named.
#include "core/common/input_error.h"
#include "core/scenario/scenario.h"

#include <QtTest>

using namespace lhe::core;
using nlohmann::json;

class TestScenario : public QObject
{
    Q_OBJECT

private slots:
    void defaults();
    void roundTrip();
    void badInput_data();
    void badInput();
    void messagesQuoteTheOffendingValue();
    void unknownMembersAreFoundAndPutBack();
    void everyWrittenMemberIsKnown();
    void choiceNamesAreTheFileNames();
};

void TestScenario::defaults()
{
    const Scenario s = scenarioFromJson(json{{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-8b"}});
    QCOMPARE(s.mode, Mode::Inference);
    QCOMPARE(s.batch, 1LL);
    QCOMPARE(s.promptTokens, 2048LL);
    QCOMPARE(s.outputTokens, 256LL);
    QCOMPARE(s.devices, 1LL);
    QVERIFY(!s.parallelism); // chosen by the estimator
    QCOMPARE(s.weights, Precision::Bf16);
    QCOMPARE(s.kvCache, Precision::Bf16);
    QCOMPARE(s.training.zeroStage, 0);
    QCOMPARE(s.training.recompute, Recompute::None);
    QVERIFY(s.flashAttention);
}

void TestScenario::roundTrip()
{
    const json input = {
        {"device", "nvidia-h100-sxm"},
        {"model", "llama-3.1-70b"},
        {"mode", "training"},
        {"batch", 512},
        {"prompt_tokens", 8192},
        {"output_tokens", 0},
        {"devices", 64},
        {"parallelism", {{"tensor", 8}, {"pipeline", 2}, {"data", 4}, {"expert", 1}}},
        {"precision", {{"weights", "fp8"}, {"kv_cache", "fp8"}, {"activations", "bf16"}, {"compute", "fp8"}}},
        {"training",
         {{"optimizer", "adamw-8bit"},
          {"zero_stage", 2},
          {"recompute", "selective"},
          {"micro_batch", 2},
          {"grad_accum", 32}}},
        {"flash_attention", false},
        {"efficiency", {{"compute", 0.5}, {"memory", 0.75}, {"network", 0.6}}},
    };
    const Scenario s = scenarioFromJson(input);
    const Scenario again = scenarioFromJson(scenarioToJson(s));
    QCOMPARE(scenarioToJson(again), scenarioToJson(s));
    QCOMPARE(again.parallelism->pipeline, 2LL);
    QCOMPARE(again.weights, Precision::Fp8);
    QCOMPARE(again.training.optimizer, Optimizer::AdamW8bit);
    QCOMPARE(again.training.gradAccum.value_or(0), 32LL);
    QCOMPARE(*again.efficiency.network, 0.6);
    QVERIFY(!again.flashAttention);
}

void TestScenario::badInput_data()
{
    QTest::addColumn<QString>("patch"); // JSON merged over a valid scenario
    QTest::addColumn<QString>("field");
    QTest::newRow("batch 0") << R"({"batch": 0})"
                             << "batch";
    QTest::newRow("batch -4") << R"({"batch": -4})"
                              << "batch";
    QTest::newRow("batch 2.5") << R"({"batch": 2.5})"
                               << "batch";
    QTest::newRow("batch \"8\"") << R"({"batch": "8"})"
                                 << "batch";
    QTest::newRow("devices 0") << R"({"devices": 0})"
                               << "devices";
    QTest::newRow("output_tokens -1") << R"({"output_tokens": -1})"
                                      << "output_tokens";
    QTest::newRow("prompt_tokens 1e300") << R"({"prompt_tokens": 1e300})"
                                         << "prompt_tokens";
    QTest::newRow("mode serving") << R"({"mode": "serving"})"
                                  << "mode";
    QTest::newRow("precision bf17") << R"({"precision": {"weights": "bf17"}})"
                                    << "precision.weights";
    QTest::newRow("q4_k_m for kv_cache") << R"({"precision": {"kv_cache": "q4_k_m"}})"
                                         << "precision.kv_cache";
    QTest::newRow("q4_k_m weights in training")
        << R"({"mode": "training", "precision": {"weights": "q4_k_m"}})"
        << "precision.weights";
    QTest::newRow("product of degrees != devices") << R"({"devices": 8, "parallelism": {"tensor": 4}})"
                                                   << "parallelism";
    QTest::newRow("tensor 0") << R"({"parallelism": {"tensor": 0}})"
                              << "parallelism.tensor";
    QTest::newRow("zero_stage 4") << R"({"training": {"zero_stage": 4}})"
                                  << "training.zero_stage";
    QTest::newRow("recompute sometimes") << R"({"training": {"recompute": "sometimes"}})"
                                         << "training.recompute";
    QTest::newRow("efficiency 1.5") << R"({"efficiency": {"compute": 1.5}})"
                                    << "efficiency.compute";
    QTest::newRow("device missing") << R"({"device": null})"
                                    << "device";
    QTest::newRow("model missing") << R"({"model": null})"
                                   << "model";
    QTest::newRow("model_config not an object") << R"({"model_config": [1, 2]})"
                                                << "model_config";
    QTest::newRow("flash_attention \"yes\"") << R"({"flash_attention": "yes"})"
                                             << "flash_attention";
    QTest::newRow("batch 1e30") << R"({"batch": 1e30})"
                                << "batch";
    QTest::newRow("prompt_tokens \"4096\"") << R"({"prompt_tokens": "4096"})"
                                            << "prompt_tokens";
    QTest::newRow("precision compute fp12") << R"({"precision": {"compute": "fp12"}})"
                                            << "precision.compute";
    QTest::newRow("precision not an object") << R"({"precision": "bf16"})"
                                             << "precision";
    QTest::newRow("model_config_path a number") << R"({"model_config_path": 42})"
                                                << "model_config_path";
    QTest::newRow("model_config_path not loaded by the caller")
        << R"({"model": null, "model_config_path": "x.config.json"})"
        << "model_config_path";
    QTest::newRow("device a number") << R"({"device": 4090})"
                                     << "device";
}

void TestScenario::badInput()
{
    QFETCH(QString, patch);
    QFETCH(QString, field);
    json scenario = {{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-8b"}};
    scenario.merge_patch(json::parse(patch.toStdString()));
    if (scenario.contains("device") && scenario["device"].is_null())
        scenario.erase("device");
    try {
        scenarioFromJson(scenario);
        QFAIL("expected InputError");
    } catch (const InputError& error) {
        QCOMPARE(QString::fromStdString(error.fieldPath()), field);
        QVERIFY(std::string(error.what()).size() > error.fieldPath().size() + 5); // says what is allowed
    }
}

// The message shows what was found: a number written as a string is quoted (the usual slip),
// and a value holding a newline still gives one line.
void TestScenario::messagesQuoteTheOffendingValue()
{
    const std::pair<const char*, const char*> cases[] = {
        {R"({"batch": "8"})", R"(batch: expected an integer from 1 to 1000000000, got the string "8")"},
        {R"({"mode": "train\ning"})", R"(mode: unknown value "train\ning"; allowed: inference, training)"},
        {R"({"model_config": [1]})", "model_config: expected a Hugging Face config.json object, got array"},
        // A 65-letter module name: its length counts the name, not the quotes around it.
        {R"({"mode": "training", "training": {"method": "lora", "lora": {"targets": ["q_proj",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]}}})",
         "training.lora.targets: each entry must be a module name such as \"q_proj\", got "
         "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u2026 (65 characters)\""},
    };
    for (const auto& [patch, expected] : cases) {
        json scenario = {{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-8b"}};
        scenario.merge_patch(json::parse(patch));
        try {
            scenarioFromJson(scenario);
            QFAIL("expected InputError");
        } catch (const InputError& error) {
            const std::string what = error.what();
            QVERIFY2(what.rfind(expected, 0) == 0, what.c_str());
            QVERIFY(what.find('\n') == std::string::npos);
        }
    }
}

// A program that rewrites a scenario file keeps what the contract does not define.
void TestScenario::unknownMembersAreFoundAndPutBack()
{
    const json file = json::parse(R"({
        "device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "description": "keep me",
        "devices": 8, "parallelism": {"tensor": 8, "why": "one node"},
        "training": {"micro_batch": 2, "ticket": 7}, "efficiency": {"memory": 0.8}
    })");
    const json unknown = unknownScenarioFields(file);
    QCOMPARE(unknown, json::parse(R"({"description": "keep me", "parallelism": {"why": "one node"},
                                      "training": {"ticket": 7}})"));
    json written = scenarioToJson(scenarioFromJson(file));
    mergeUnknownScenarioFields(written, unknown);
    QCOMPARE(written["description"], json("keep me"));
    QCOMPARE(written["parallelism"]["why"], json("one node"));
    QCOMPARE(written["training"]["ticket"], json(7));
    QCOMPARE(written["training"]["micro_batch"], json(2)); // a known member is never overwritten
    // The split went back to automatic: its note is not put back (it would bring the object back).
    json automatic = written;
    automatic.erase("parallelism");
    mergeUnknownScenarioFields(automatic, unknown);
    QVERIFY(!automatic.contains("parallelism"));
    QCOMPARE(scenarioToJson(scenarioFromJson(automatic)).contains("parallelism"), false);
}

// The known-member list must cover everything scenarioToJson writes, or Save would write a
// member twice over (once known, once "unknown").
void TestScenario::everyWrittenMemberIsKnown()
{
    Scenario s = scenarioFromJson(json{{"device", "d"}, {"model", "m"}});
    s.parallelism = Parallelism{};
    s.training.gradAccum = 2;
    s.efficiency.compute = 0.5;
    s.efficiency.memory = 0.5;
    s.efficiency.network = 0.5;
    s.efficiency.layerLatencySeconds = 1e-5;
    s.overheads.runtimeContextBytes = 1e9;
    QCOMPARE(unknownScenarioFields(scenarioToJson(s)), json::object());
    s.modelConfig = json{{"hidden_size", 8}};
    s.modelConfigPath = "c.json";
    QCOMPARE(unknownScenarioFields(scenarioToJson(s)), json::object());
}

// The names the window's choices carry are the file's values as docs/CONTRACT.md lists them,
// and each reads back as its own choice; other text is no choice.
void TestScenario::choiceNamesAreTheFileNames()
{
    const std::pair<Recompute, const char*> recompute[] = {
        {Recompute::None, "none"}, {Recompute::Selective, "selective"}, {Recompute::Full, "full"}};
    for (const auto& [value, name] : recompute) {
        QCOMPARE(recomputeName(value), std::string_view(name));
        QCOMPARE(recomputeFromName(name), std::optional(value));
    }
    const std::pair<Optimizer, const char*> optimizers[] = {
        {Optimizer::AdamW, "adamw"}, {Optimizer::Sgd, "sgd"}, {Optimizer::AdamW8bit, "adamw-8bit"}};
    for (const auto& [value, name] : optimizers) {
        QCOMPARE(optimizerName(value), std::string_view(name));
        QCOMPARE(optimizerFromName(name), std::optional(value));
    }
    QCOMPARE(loraTargetsName(LoraTargets::AllLinear), std::string_view("all-linear"));
    QCOMPARE(loraTargetsFromName("attention"), std::optional(LoraTargets::Attention));
    QCOMPARE(loraTargetsFromName("named"), std::optional(LoraTargets::Named));
    QCOMPARE(modeName(Mode::Training), std::string_view("training"));
    QCOMPARE(trainingMethodName(TrainingMethod::Qlora), std::string_view("qlora"));
    QCOMPARE(quantizedBaseName(QuantizedBase::Int8), std::string_view("int8"));
    QVERIFY(!recomputeFromName("Selective")); // the file's names are lower case
    QVERIFY(!optimizerFromName(""));
}

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
