// Tests for applyTensorSummary / architectureFromModelSources: a model whose tensor headers were
// read takes its parameter counts and checkpoint bytes from them (docs/METHOD.md §1.17), warns
// where the config implies a module group more than 2 % apart, and — where the config's reading
// is approximate — caches in each layer what its k/v projections are wide. Every expected number
// is a hand count written out beside it, never the code's output.
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/model/tensor_architecture.h"
#include "core/model/tensor_summary.h"
#include "core/scenario/scenario.h"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using lhe::core::InputError;
using lhe::core::Message;
using lhe::core::ModelArchitecture;
using lhe::core::TensorInventory;
using lhe::core::TensorRecord;
using lhe::core::WeightGroup;
using nlohmann::json;

namespace {

// A tiny Llama: d 64, 2 layers, h 4, h_kv 2, d_h 16, f 128, V 1000, untied. By hand:
//   embedding 1000 · 64                                 =  64,000
//   lm_head   1000 · 64                                 =  64,000
//   per layer: q 64·64 4,096; k, v 64·32 2,048 each; o 4,096       = 12,288
//              gate, up, down 3 · 64 · 128                          = 24,576
//              two RMSNorms 2 · 64                                  =    128
//   2 layers × 36,992                                   =  73,984
//   final norm                                          =      64
//   total                                               = 202,048
constexpr double kTinyParams = 202048.0;

json tinyConfig(const std::string& modelType = "llama")
{
    return {{"model_type", modelType},         {"hidden_size", 64},        {"num_hidden_layers", 2},
            {"num_attention_heads", 4},        {"num_key_value_heads", 2}, {"head_dim", 16},
            {"intermediate_size", 128},        {"vocab_size", 1000},       {"tie_word_embeddings", false},
            {"max_position_embeddings", 4096}, {"torch_dtype", "bfloat16"}};
}

void add(TensorInventory& inventory, const std::string& name, const std::string& dtype,
         std::vector<std::uint64_t> shape, double bytesPerElement)
{
    TensorRecord record;
    record.name = name;
    record.dtype = dtype;
    record.shape = std::move(shape);
    record.elements = 1;
    for (auto n : record.shape)
        record.elements *= static_cast<double>(n);
    record.bytes = record.elements * bytesPerElement;
    inventory.tensors.push_back(record);
}

// The tiny Llama's tensors in Hugging Face naming ([out, in], as torch stores a Linear weight).
// `mlpBytes` per MLP element (2: bf16; 1: an fp8 MLP), `withHead`, `attentionLayers`: which
// layers have self_attn tensors.
TensorInventory tinyTensors(double mlpBytes = 2, bool withHead = true,
                            std::vector<int> attentionLayers = {0, 1})
{
    TensorInventory inventory;
    inventory.format = "safetensors";
    add(inventory, "model.embed_tokens.weight", "BF16", {1000, 64}, 2);
    if (withHead)
        add(inventory, "lm_head.weight", "BF16", {1000, 64}, 2);
    add(inventory, "model.norm.weight", "BF16", {64}, 2);
    for (int layer = 0; layer < 2; ++layer) {
        const std::string p = "model.layers." + std::to_string(layer) + ".";
        if (std::find(attentionLayers.begin(), attentionLayers.end(), layer) != attentionLayers.end()) {
            add(inventory, p + "self_attn.q_proj.weight", "BF16", {64, 64}, 2);
            add(inventory, p + "self_attn.k_proj.weight", "BF16", {32, 64}, 2);
            add(inventory, p + "self_attn.v_proj.weight", "BF16", {32, 64}, 2);
            add(inventory, p + "self_attn.o_proj.weight", "BF16", {64, 64}, 2);
        }
        const std::string dtype = mlpBytes == 1 ? "F8_E4M3" : "BF16";
        add(inventory, p + "mlp.gate_proj.weight", dtype, {128, 64}, mlpBytes);
        add(inventory, p + "mlp.up_proj.weight", dtype, {128, 64}, mlpBytes);
        add(inventory, p + "mlp.down_proj.weight", dtype, {64, 128}, mlpBytes);
        add(inventory, p + "input_layernorm.weight", "BF16", {64}, 2);
        add(inventory, p + "post_attention_layernorm.weight", "BF16", {64}, 2);
    }
    return inventory;
}

json summaryOf(const json& config, const TensorInventory& inventory)
{
    return lhe::core::toJson(
        lhe::core::summariseTensors(inventory, lhe::core::tensorHintsFromConfig(config)));
}

ModelArchitecture read(const json& config, const TensorInventory& inventory, std::vector<Message>& warnings)
{
    const json tensors = summaryOf(config, inventory);
    return lhe::core::architectureFromModelSources(config, &tensors, "model_config", warnings);
}

std::string joined(const std::vector<Message>& messages)
{
    std::string text;
    for (const auto& m : messages)
        text += lhe::core::englishText(m) + "\n";
    return text;
}

double group(const ModelArchitecture& a, WeightGroup g)
{
    return a.paramsByGroup[static_cast<std::size_t>(g)];
}

} // namespace

class TestTensorArchitecture : public QObject
{
    Q_OBJECT

private slots:
    void headersThatAgreeGiveTheSameCounts()
    {
        std::vector<Message> warnings;
        const ModelArchitecture a = read(tinyConfig(), tinyTensors(), warnings);
        QCOMPARE(a.source, std::string("tensors"));
        QCOMPARE(a.paramsTotal, kTinyParams);
        QCOMPARE(a.paramsActive, kTinyParams);
        QCOMPARE(a.checkpointBytes, 2.0 * kTinyParams); // all bf16
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        QVERIFY(!a.checkpointQuantized);
        // Without headers the same config says "config".
        std::vector<Message> none;
        QCOMPARE(lhe::core::architectureFromModelSources(tinyConfig(), nullptr, "model_config", none).source,
                 std::string("config"));
    }

    void storedBytesComeFromTheHeaders()
    {
        // The MLP stored in fp8: 2 layers × 24,576 weights at 1 byte, the rest (202,048 − 49,152
        // = 152,896) at 2 bytes: 49,152 + 305,792 = 354,944 bytes.
        std::vector<Message> warnings;
        const ModelArchitecture a = read(tinyConfig(), tinyTensors(1), warnings);
        QCOMPARE(a.paramsTotal, kTinyParams);
        QCOMPARE(a.checkpointBytes, 354944.0);
        QCOMPARE(a.checkpointBitsPerParam[static_cast<std::size_t>(WeightGroup::DenseMlp)], 8.0);
        QCOMPARE(a.checkpointBitsPerParam[static_cast<std::size_t>(WeightGroup::Attention)], 16.0);
        // 354,944 · 8 / 202,048 = 14.05 bits on average: below 15, served as stored.
        QVERIFY(a.checkpointQuantized);
    }

    void aGroupTheConfigMiscountsIsAWarningNamingIt()
    {
        // The config says untied, the checkpoint stores no lm_head: 64,000 parameters fewer.
        std::vector<Message> warnings;
        const ModelArchitecture a = read(tinyConfig(), tinyTensors(2, false), warnings);
        QCOMPARE(a.paramsTotal, kTinyParams - 64000.0);
        QCOMPARE(group(a, WeightGroup::LmHead), 0.0);
        QVERIFY(a.tiedEmbeddings);
        const std::string text = joined(warnings);
        QVERIFY2(text.find("\"lm_head\"") != std::string::npos, text.c_str());
        QVERIFY2(text.find("64000") != std::string::npos, text.c_str());
        // Exactly one group is off.
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 1L);
    }

    void anApproximateReadingCachesWhatTheKvProjectionsHold()
    {
        // An unknown family read with generic keys: layer 1 has no attention tensors, so it
        // holds no KV; layer 0 caches k 32 + v 32 = 64 elements per token, 128 B in bf16.
        std::vector<Message> warnings;
        const json config = tinyConfig("brand_new_lm");
        const ModelArchitecture a = read(config, tinyTensors(2, true, {0}), warnings);
        QCOMPARE(a.kvBytesPerNewToken(2.0), 128.0);
        QCOMPARE(a.layersByKind[static_cast<std::size_t>(lhe::core::AttentionKind::None)], 1LL);
        QCOMPARE(a.kvBytesPerSequence(1000.0, 2.0, false), 128000.0);
        // Its weights: 202,048 − one layer's attention 12,288 = 189,760.
        QCOMPARE(a.paramsTotal, 189760.0);
        QVERIFY(!a.approximations.empty());
        // A known family keeps the config's layer kinds: both layers cache (config says so) even
        // where the headers lack the projections, and the attention group is a warning.
        std::vector<Message> known;
        const ModelArchitecture llama = read(tinyConfig(), tinyTensors(2, true, {0}), known);
        QCOMPARE(llama.kvBytesPerNewToken(2.0), 256.0);
        QVERIFY(joined(known).find("\"attention\"") != std::string::npos);
    }

    void expertsComeFromTheTensorsAndTopKFromTheConfig()
    {
        // 4 experts of width 32 per layer, 2 per token: per expert 3 · 64 · 32 = 6,144; per layer
        // 4 × 6,144 = 24,576 routed + router 4 · 64 = 256. 2 layers: 49,152 routed.
        json config = tinyConfig("mixtral");
        config["num_local_experts"] = 4;
        config["num_experts_per_tok"] = 2;
        config["intermediate_size"] = 32;
        TensorInventory inventory = tinyTensors();
        std::erase_if(inventory.tensors,
                      [](const TensorRecord& t) { return t.name.find(".mlp.") != std::string::npos; });
        for (int layer = 0; layer < 2; ++layer) {
            const std::string p = "model.layers." + std::to_string(layer) + ".block_sparse_moe.";
            add(inventory, p + "gate.weight", "BF16", {4, 64}, 2);
            for (int e = 0; e < 4; ++e) {
                const std::string x = p + "experts." + std::to_string(e) + ".";
                add(inventory, x + "w1.weight", "BF16", {32, 64}, 2);
                add(inventory, x + "w2.weight", "BF16", {64, 32}, 2);
                add(inventory, x + "w3.weight", "BF16", {32, 64}, 2);
            }
        }
        std::vector<Message> warnings;
        const ModelArchitecture a = read(config, inventory, warnings);
        // Total: 202,048 − 2 · 24,576 (dense MLPs) + 49,152 (routed) + 2 · 256 (routers) = 202,560.
        QCOMPARE(a.paramsTotal, 202560.0);
        QCOMPARE(a.experts, 4LL);
        QCOMPARE(group(a, WeightGroup::RoutedExperts), 49152.0);
        // Active: half the routed experts idle per token: 202,560 − 24,576 = 177,984.
        QCOMPARE(a.paramsActive, 177984.0);
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
    }

    void theReportSaysWhereTheCountsCameFrom()
    {
        lhe::core::Scenario s;
        s.deviceId = "nvidia-rtx-4090";
        s.modelConfig = tinyConfig();
        s.modelTensors = summaryOf(tinyConfig(), tinyTensors(1));
        const lhe::core::Catalog catalog = lhe::core::Catalog::builtIn();
        const lhe::core::Report report = lhe::core::estimate(s, catalog);
        QCOMPARE(report.modelSource, std::string("tensors"));
        QCOMPARE(report.paramsTotal, kTinyParams);
        QCOMPARE(report.checkpointBytes, 354944.0);
        // The scenario keeps the summary through a save and a load.
        const json saved = lhe::core::scenarioToJson(s);
        QCOMPARE(saved.at("model_tensors"), *s.modelTensors);
        QCOMPARE(*lhe::core::scenarioFromJson(saved).modelTensors, *s.modelTensors);
    }

    void aMalformedSummaryIsAnErrorNamingItsField()
    {
        json tensors = summaryOf(tinyConfig(), tinyTensors());
        tensors["params_total"] = "many";
        std::vector<Message> warnings;
        try {
            (void)lhe::core::architectureFromModelSources(tinyConfig(), &tensors, "model_config", warnings);
            QFAIL("no error");
        } catch (const InputError& error) {
            QVERIFY2(error.fieldPath().find("model_tensors") == 0, error.what());
        }
        json scenario = {{"device", "nvidia-rtx-4090"}, {"model_config", tinyConfig()}, {"model_tensors", 3}};
        QVERIFY_THROWS_EXCEPTION(InputError, lhe::core::scenarioFromJson(scenario));
    }
};

QTEST_GUILESS_MAIN(TestTensorArchitecture)
#include "tst_tensor_architecture.moc"
