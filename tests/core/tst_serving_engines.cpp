// Serving as engines run it (docs/METHOD.md §4.13, §6.4, §15.8): the experts placed beside
// attention, the all-to-all only where tokens cross, the fused MoE kernels' fixed time and
// imbalance, and the engine profiles' defaults and overheads, each against a hand calculation.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/serving/serving.h"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace lhe::core;
using nlohmann::json;

namespace {

bool near(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

// Qwen3-30B-A3B (config.json): 48 layers, every one MoE, 128 experts of moe_intermediate_size 768
// on hidden 2048, 8 per token. Routed expert weights: 48 x 128 x 3 x 2048 x 768.
constexpr double kQwen3MoeLayers = 48;
constexpr double kQwen3RoutedParams = 48.0 * 128 * 3 * 2048 * 768; // 28,991,029,248

Scenario qwen3(long long devices, const json& parallelism)
{
    json j = {{"device", "nvidia-h100-sxm"}, {"model", "qwen3-30b-a3b"}, {"batch", 8},
              {"prompt_tokens", 512},        {"output_tokens", 128},     {"devices", devices}};
    if (!parallelism.is_null())
        j["parallelism"] = parallelism;
    return scenarioFromJson(j);
}

Report run(const Scenario& s)
{
    return estimate(s, Catalog::builtIn());
}

// A catalog whose one engine adds nothing, to measure what the default engine adds.
Catalog withQuietEngine()
{
    Catalog catalog = Catalog::builtIn();
    std::vector<Message> warnings;
    catalog.add(json{{"engines",
                      {{{"id", "quiet"},
                        {"name", "Quiet"},
                        {"max_running_requests", 100000},
                        {"graph_batch_cap", 100000},
                        {"max_batched_tokens", 8192},
                        {"kv_block_tokens", 16}}}}},
                "test", true, warnings);
    return catalog;
}

} // namespace

class TestServingEngines : public QObject
{
    Q_OBJECT

private slots:
    void expertsBesideAttentionAreReadFromTheCounts();
    void expertsBesideAttentionHoldAQuarterEach();
    void allToAllOnlyWhereTokensCross();
    void fusedMoeFixedTimePerCall();
    void imbalanceByExpertDegree();
    void defaultEnginePerDevice();
    void unknownOrForeignEngineIsRefused();
    void engineOverheadsAddByHand();
    void engineCapsRunningSequences();
    void engineDefaultsTheChunkAndBlock();
    void devicesNeededIsTheFewestMeetingTheTargets();
    void userEnginesAreCheckedAndOverride();
    void curveSweepsExpertsBesideAttention();
};

// "TP4 EP4 on 4 GPUs": tensor x pipeline x data = devices with expert > 1 is the experts on
// attention's devices; the old form (expert multiplying the rest) stays a separate dimension.
void TestServingEngines::expertsBesideAttentionAreReadFromTheCounts()
{
    const Scenario beside = qwen3(4, {{"tensor", 4}, {"expert", 4}});
    QVERIFY(beside.parallelism->placement == ExpertPlacement::WithAttention);
    QCOMPARE(beside.parallelism->product(), 4LL);
    QCOMPARE(scenarioToJson(beside)["parallelism"]["expert_placement"].get<std::string>(),
             std::string("with_attention"));
    const Scenario separate = qwen3(8, {{"tensor", 2}, {"expert", 4}});
    QVERIFY(separate.parallelism->placement == ExpertPlacement::Separate);
    // The echo reads back as the same split.
    QVERIFY(scenarioFromJson(scenarioToJson(beside)).parallelism == beside.parallelism);
    // 3 does not divide tensor 2 x data 2.
    QVERIFY_THROWS_EXCEPTION(InputError, qwen3(4, {{"tensor", 2}, {"data", 2}, {"expert", 3}}));
    // Neither product is the device count.
    QVERIFY_THROWS_EXCEPTION(InputError, qwen3(6, {{"tensor", 4}, {"expert", 4}}));
    // An explicit placement the counts contradict.
    QVERIFY_THROWS_EXCEPTION(
        InputError, qwen3(4, {{"tensor", 1}, {"expert", 4}, {"expert_placement", "with_attention"}}));
}

// Weights per device, bf16: the non-expert weights split over the tensor ranks, the routed experts
// over every device of the stage. TP4 EP4 on 4: (total - routed) / 4 + routed / 4. DEP4 (attention
// data-parallel 4, EP4): total - routed (a whole copy) + routed / 4.
void TestServingEngines::expertsBesideAttentionHoldAQuarterEach()
{
    const Report tp4 = run(qwen3(4, {{"tensor", 4}, {"expert", 4}}));
    const double total = tp4.paramsTotal;
    QVERIFY(near(tp4.memory.perDevice.weightsBytes,
                 2.0 * ((total - kQwen3RoutedParams) / 4 + kQwen3RoutedParams / 4), 1e-6));
    const Report dep4 = run(qwen3(4, {{"data", 4}, {"expert", 4}}));
    QVERIFY(near(dep4.memory.perDevice.weightsBytes,
                 2.0 * ((total - kQwen3RoutedParams) + kQwen3RoutedParams / 4), 1e-6));
    QCOMPARE(dep4.serving->replicas, 4LL);
    QCOMPARE(tp4.serving->replicas, 1LL);
}

// Beside pure tensor parallelism the experts see every token: no all-to-all, only the layer's
// all-reduces. Attention data-parallel: the tokens cross, 2 all-to-alls per MoE layer.
void TestServingEngines::allToAllOnlyWhereTokensCross()
{
    const Report tp4 = run(qwen3(4, {{"tensor", 4}, {"expert", 4}}));
    const Report tp4Dense = run(qwen3(4, {{"tensor", 4}}));
    // Same devices, same all-reduces: the same communication time, to rounding.
    QVERIFY(
        near(tp4.decode->breakdown.communicationSeconds, tp4Dense.decode->breakdown.communicationSeconds));
    const Report dep4 = run(qwen3(4, {{"data", 4}, {"expert", 4}}));
    QVERIFY(dep4.decode->breakdown.communicationSeconds > 0);
    // Decode, 2 sequences per replica: each device sends k x 2 x hidden x 2 B = 8 x 2 x 2048 x 2 =
    // 65,536 B per all-to-all, (n-1)/n of it over NVLink: the wire bytes of 2 x 48 all-to-alls.
    const double perAllToAll = 0.75 * 8.0 * 2 * 2048 * 2;
    QVERIFY(near(dep4.decode->interconnectBytes, 2.0 * kQwen3MoeLayers * perAllToAll, 1e-9));
}

// Decode at batch 1 on one device: 48 fused MoE calls at 30 µs each (METHOD §4.13), the experts'
// latency part; no expert parallelism, no imbalance.
void TestServingEngines::fusedMoeFixedTimePerCall()
{
    Scenario s = qwen3(1, json());
    s.batch = 1;
    const Report r = run(s);
    QVERIFY(near(r.decode->breakdown.expertLatencySeconds, kQwen3MoeLayers * 30e-6));
    // One token touches 8 of 128 experts: their bf16 weights, 8/128 of the routed bytes.
    QVERIFY(near(r.decode->breakdown.expertMemorySeconds * r.efficiencies.memory * 3.35e12,
                 2.0 * kQwen3RoutedParams * 8.0 / 128.0, 1e-6));
    // The ideal roofline has neither the fixed time nor a slower GEMM rate.
    QCOMPARE(r.ideal.decode->breakdown.expertLatencySeconds, 0.0);
}

// The default imbalance at EP 4, 8 and 32 (1.2, 1.35, 2.0) and halfway between 8 and 16 in log2
// (EP 11.3: no such degree; EP 16 itself: 1.6), seen as the ratio of expert compute to balanced.
void TestServingEngines::imbalanceByExpertDegree()
{
    const auto ratio = [](long long ep) {
        Scenario s = qwen3(ep, {{"data", ep}, {"expert", ep}});
        s.batch = 4096;
        const double imbalanced = run(s).decode->breakdown.expertComputeSeconds;
        s.efficiency.expertImbalance = 1.0;
        return imbalanced / run(s).decode->breakdown.expertComputeSeconds;
    };
    QVERIFY(near(ratio(4), 1.2));
    QVERIFY(near(ratio(8), 1.35));
    QVERIFY(near(ratio(16), 1.6));
    QVERIFY(near(ratio(32), 2.0));
    QVERIFY(near(ratio(128), 2.5));
}

// catalogs/engines.json lists the vendor stacks first: each device's default is its vendor's.
void TestServingEngines::defaultEnginePerDevice()
{
    const Catalog& catalog = Catalog::builtIn();
    QCOMPARE(catalog.engines().size(), std::size_t{7});
    const auto engineOf = [&](const char* device) {
        return catalog.servingEngine("", *catalog.findDevice(device)).id;
    };
    QCOMPARE(engineOf("nvidia-h100-sxm"), std::string("vllm"));
    QCOMPARE(engineOf("amd-mi300x"), std::string("vllm-rocm"));
    QCOMPARE(engineOf("intel-gaudi-3"), std::string("vllm-gaudi"));
    QCOMPARE(engineOf("amd-epyc-9654"), std::string("llama.cpp"));
    QCOMPARE(engineOf("intel-core-ultra-9-288v-npu"), std::string("none")); // no engine for it
    Scenario s = qwen3(1, json());
    const Report r = run(s);
    QCOMPARE(r.scenario.serving.engine, std::string("vllm"));
    QVERIFY(r.serving->engine.deviceDefault);
    QCOMPARE(servingToJson(*r.serving)["engine"]["id"].get<std::string>(), std::string("vllm"));
}

void TestServingEngines::unknownOrForeignEngineIsRefused()
{
    Scenario s = qwen3(1, json());
    s.serving.engine = "no-such-engine";
    QVERIFY_THROWS_EXCEPTION(InputError, run(s));
    s.deviceId = "amd-mi300x";
    s.serving.engine = "tensorrt-llm"; // NVIDIA only
    QVERIFY_THROWS_EXCEPTION(InputError, run(s));
}

// One request on vLLM against an engine that adds nothing: TTFT grows by vLLM's request overhead
// (10 ms) and TPOT by its step overhead (1.5 ms; batch 1 is replayed as a CUDA graph).
void TestServingEngines::engineOverheadsAddByHand()
{
    const Catalog quiet = withQuietEngine();
    Scenario s = qwen3(1, json());
    s.batch = 1;
    s.serving.engine = "vllm";
    const Report vllm = estimate(s, quiet);
    s.serving.engine = "quiet";
    const Report none = estimate(s, quiet);
    QVERIFY(near(vllm.serving->point.ttftSeconds - none.serving->point.ttftSeconds, 0.010, 1e-6));
    QVERIFY(near(vllm.serving->point.tpotSeconds - none.serving->point.tpotSeconds, 0.0015, 1e-6));
    QVERIFY(near(vllm.serving->point.hostStepSeconds, 0.0015));
    QCOMPARE(none.serving->point.hostStepSeconds, 0.0);
}

// llama.cpp's server runs 4 slots: 16 users on one device, 4 running, 12 waiting.
void TestServingEngines::engineCapsRunningSequences()
{
    Scenario s = qwen3(1, json());
    s.serving.engine = "llama.cpp";
    s.serving.concurrency = 16;
    QCOMPARE(run(s).serving->point.running, 4LL);
    s.serving.maxRunningRequests = 8; // the scenario overrides the engine
    QCOMPARE(run(s).serving->point.running, 8LL);
}

// Without prefill_chunk_tokens and kv_block_tokens the engine's apply (llama.cpp: n_ubatch 512,
// one-token cells; TensorRT-LLM: 8192, 32-token blocks); given ones stay.
void TestServingEngines::engineDefaultsTheChunkAndBlock()
{
    Scenario s = qwen3(1, json());
    s.serving.engine = "llama.cpp";
    Report r = run(s);
    QCOMPARE(r.scenario.prefillChunkTokens, 512LL);
    QCOMPARE(r.scenario.serving.kvBlockTokens, 1LL);
    s.serving.engine = "tensorrt-llm";
    r = run(s);
    QCOMPARE(r.scenario.prefillChunkTokens, 8192LL);
    QCOMPARE(r.scenario.serving.kvBlockTokens, 32LL);
    json j = scenarioToJson(s);
    j["prefill_chunk_tokens"] = 1000;
    j["serving"]["kv_block_tokens"] = 64;
    r = run(scenarioFromJson(j));
    QCOMPARE(r.scenario.prefillChunkTokens, 1000LL);
    QCOMPARE(r.scenario.serving.kvBlockTokens, 64LL);
}

// Llama 3.1 70B in bf16 (141 GB of weights) for 64 users at p90 TPOT <= 30 ms: the fewest H100s
// (1, 2, 4, 8 ...) with their default split whose report meets the target, and half as many do
// not (one H100 cannot even hold the weights).
void TestServingEngines::devicesNeededIsTheFewestMeetingTheTargets()
{
    json j = {{"device", "nvidia-h100-sxm"},
              {"model", "llama-3.1-70b"},
              {"batch", 64},
              {"prompt_tokens", 1000},
              {"output_tokens", 200},
              {"devices", 1},
              {"serving", {{"tpot_target_seconds", 0.03}}}};
    const Report r = run(scenarioFromJson(j));
    QVERIFY(r.serving && r.serving->devicesNeeded && r.serving->devicesNeeded->meetsTargets);
    const long long n = r.serving->devicesNeeded->devices;
    QVERIFY(n >= 2);
    j["devices"] = n;
    const Report enough = run(scenarioFromJson(j));
    QVERIFY(enough.serving->point.meetsTargets && enough.memory.tier == OffloadTier::None);
    QCOMPARE(enough.scenario.parallelism, std::optional<Parallelism>(r.serving->devicesNeeded->split));
    j["devices"] = n / 2;
    const Report half = run(scenarioFromJson(j));
    QVERIFY(!half.serving->point.meetsTargets || half.memory.tier != OffloadTier::None ||
            half.serving->maxConcurrencyKv < 64);
    // A split of the scenario's own that meets the targets on fewer devices than the default
    // splits need is the answer: every count the search tried below it missed.
    j["devices"] = n;
    j["parallelism"] = {{"tensor", 1}, {"data", n}};
    const Report own = run(scenarioFromJson(j));
    if (own.serving->point.meetsTargets && own.memory.tier == OffloadTier::None &&
        own.serving->maxConcurrencyKv >= 64)
        QVERIFY(own.serving->devicesNeeded->devices <= n);
    j.erase("parallelism");
    // Without targets there is nothing to size for.
    j.erase("serving");
    QVERIFY(!run(scenarioFromJson(j)).serving->devicesNeeded);
    QVERIFY(servingToJson(*run(scenarioFromJson(j)).serving)["devices_needed"].is_null());
}

// A user catalog's engines: a bad figure skips that entry with one warning naming it, a known id
// replaces the shipped profile in place.
void TestServingEngines::userEnginesAreCheckedAndOverride()
{
    Catalog catalog = Catalog::builtIn();
    std::vector<Message> warnings;
    catalog.add(json{{"engines",
                      {{{"id", "slow"}, {"name", "Slow"}, {"step_overhead_seconds", 5}},
                       {{"id", "vllm"},
                        {"name", "My vLLM"},
                        {"device_classes", {"gpu"}},
                        {"vendors", {"NVIDIA"}},
                        {"request_overhead_seconds", 0.25}}}}},
                "mine.json", true, warnings);
    QCOMPARE(warnings.size(), std::size_t{1});
    QVERIFY(englishText(warnings[0]).find("engines[0].step_overhead_seconds") != std::string::npos);
    QVERIFY(!catalog.findEngine("slow"));
    QCOMPARE(catalog.engines().size(), std::size_t{7});
    const EngineProfile* mine = catalog.findEngine("vllm");
    QVERIFY(mine && mine->userDefined && mine->requestOverheadSeconds == 0.25);
    QCOMPARE(catalog.servingEngine("", *catalog.findDevice("nvidia-h100-sxm")).name, std::string("My vLLM"));
    QVERIFY_THROWS_EXCEPTION(
        InputError,
        engineFromJson(json{{"id", "x"}, {"name", "X"}, {"device_classes", {"fpga"}}}, "engines[0]"));
}

// The throughput-latency sweep of a MoE on 8 devices also tries each split with its experts over
// attention's devices: DEP8 (data 8, expert 8) and TP8 EP8 are among its splits; a dense model's
// sweep has none.
void TestServingEngines::curveSweepsExpertsBesideAttention()
{
    const ServingCurve curve = servingCurve(qwen3(8, {{"tensor", 8}}), Catalog::builtIn(), true);
    const auto has = [&](const Parallelism& split) {
        return std::any_of(curve.points.begin(), curve.points.end(),
                           [&](const ServingCurvePoint& p) { return p.split == split; });
    };
    QVERIFY(has({1, 1, 8, 8, ExpertPlacement::WithAttention}));
    QVERIFY(has({8, 1, 1, 8, ExpertPlacement::WithAttention}));
    QVERIFY(has({8, 1, 1, 1}));
    Scenario dense = qwen3(8, {{"tensor", 8}});
    dense.modelId = "llama-3.1-8b";
    for (const ServingCurvePoint& p : servingCurve(dense, Catalog::builtIn(), true).points)
        QCOMPARE(p.split.expert, 1LL);
}

QTEST_GUILESS_MAIN(TestServingEngines)
#include "tst_serving_engines.moc"
