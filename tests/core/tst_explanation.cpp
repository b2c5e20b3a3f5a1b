// Explanations: a KV-cache example and other hand calculations written out,
// and a property test that every explanation reproduces the report number it explains and that
// its formula, evaluated from its terms, gives that number.
#include "core/catalog/catalog.h"
#include "core/charts/chart_data.h"
#include "core/estimate/estimator.h"
#include "core/explain/explanation.h"

#include <QtTest>
#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace lhe::core;

namespace {

const ExplanationTerm* termOf(const Explanation& e, const std::string& key)
{
    for (const auto& t : e.terms)
        if (t.key == key)
            return &t;
    return nullptr;
}

double termValue(const Explanation& e, const std::string& key)
{
    const ExplanationTerm* t = termOf(e, key);
    return t ? t->value : std::nan("");
}

const Explanation* titled(const std::vector<Explanation>& list, const std::string& title)
{
    for (const auto& e : list)
        if (e.title == title)
            return &e;
    return nullptr;
}

bool close(double a, double b, double relative = 1e-9)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b)) + 1e-300;
}

ExplainTarget segment(MemorySegmentKind kind, long long stage = 0)
{
    ExplainTarget t;
    t.kind = ExplainKind::MemorySegment;
    t.segment = kind;
    t.stage = stage;
    return t;
}

ExplainTarget phaseTarget(ExplainKind kind, RooflinePhase phase)
{
    ExplainTarget t;
    t.kind = kind;
    t.phase = phase;
    return t;
}

} // namespace

class TestExplanation : public QObject
{
    Q_OBJECT

private slots:
    void issueKvCacheExample();
    void kvCacheShardsOverTensorRanks();
    void weightsByHand();
    void zeroOptimizerStatesByHand();
    void capacityByHand();
    void decodeMemoryTimeAndIntensityByHand();
    void fineTuningByHand();
    void formulaEvaluator();
    void unknownDeviceThrows();
    void everyExplanationReproducesTheReport();
};

// By hand: KV cache = 2 × 80 layers × 8 KV heads × 128 × 2 B × 8 × 4096 tokens = 10.7 GB.
void TestExplanation::issueKvCacheExample()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    s.batch = 8;
    s.promptTokens = 3840;
    s.outputTokens = 256; // context 4096
    s.kvCache = Precision::Bf16;
    s.parallelism = Parallelism{1, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const auto list = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::KvCache));
    // 141 GB of weights overflow one H100: the cache's explanation is followed by where it sits
    // (whole on the device: it stacks below the weights).
    QCOMPARE(list.size(), std::size_t(2));
    QCOMPARE(termValue(list[1], "on_device"), list[0].result);
    const Explanation& e = list.front();
    QCOMPARE(e.title, std::string("KV cache"));
    QCOMPARE(e.formula,
             std::string("2 × {layers} × {kv_heads} × {head_dim} × {kv_bytes} × {sequences} × {context}"));
    QCOMPARE(termValue(e, "layers"), 80.0);
    QCOMPARE(termValue(e, "kv_heads"), 8.0);
    QCOMPARE(termValue(e, "head_dim"), 128.0);
    QCOMPARE(termValue(e, "kv_bytes"), 2.0);
    QCOMPARE(termValue(e, "sequences"), 8.0);
    QCOMPARE(termValue(e, "context"), 4096.0);
    QCOMPARE(e.terms.size(), std::size_t(6));
    const double hand = 2.0 * 80 * 8 * 128 * 2 * 8 * 4096; // = 10,737,418,240 B = 10.7 GB
    QCOMPARE(hand, 10'737'418'240.0);
    QCOMPARE(e.result, hand);
    QCOMPARE(evaluateFormula(e.formula, e.terms), hand);
    QCOMPARE(r.memory.perDevice.kvCacheBytes, hand);
    QCOMPARE(e.resultUnit, Quantity::Bytes);
    QVERIFY(!e.source.empty());
    // GQA: 8 KV heads of 64 query heads.
    QVERIFY(std::find_if(e.notes.begin(), e.notes.end(), [](const std::string& n) {
                return n.find("Grouped-query") != std::string::npos;
            }) != e.notes.end());
}

// Tensor parallel 8 over 8 KV heads: one head per rank, 1/8 of the cache.
void TestExplanation::kvCacheShardsOverTensorRanks()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    s.devices = 8;
    s.batch = 8;
    s.promptTokens = 3840;
    s.outputTokens = 256;
    s.parallelism = Parallelism{8, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const auto list = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::KvCache));
    QCOMPARE(list.size(), std::size_t(1));
    QCOMPARE(termValue(list[0], "kv_shard"), 1.0 / 8.0);
    QCOMPARE(list[0].result, 10'737'418'240.0 / 8.0);
}

// Llama-3.1-70B has 70,553,706,496 parameters (Hugging Face model card, safetensors total);
// bf16 over 4 tensor ranks: 70,553,706,496 / 4 × 2 B = 35,276,853,248 B.
void TestExplanation::weightsByHand()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    s.devices = 4;
    s.parallelism = Parallelism{4, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const auto list = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Weights));
    QCOMPARE(list.size(), std::size_t(1));
    const Explanation& e = list[0];
    QCOMPARE(termValue(e, "shared_params"), 70'553'706'496.0);
    QCOMPARE(termValue(e, "tensor"), 4.0);
    QCOMPARE(termValue(e, "weight_bytes"), 2.0);
    QCOMPARE(e.result, 35'276'853'248.0);
    QCOMPARE(evaluateFormula(e.formula, e.terms), 35'276'853'248.0);
}

// Llama-3.1-70B in bf16 on one H100 SXM (80 GiB = 85,899,345,920 B): the weights alone are
// 70,553,706,496 × 2 = 141,107,412,992 B, so the total exceeds the capacity and the overflow
// is the total minus 85,899,345,920 B.
void TestExplanation::capacityByHand()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    const Report r = estimate(s, Catalog::builtIn());
    const auto list = explain(r, Catalog::builtIn(), ExplainTarget::capacity());
    QCOMPARE(list[0].result, 85'899'345'920.0);
    QCOMPARE(termValue(list[1], "weights"), 141'107'412'992.0);
    QVERIFY(list[1].result > 141'107'412'992.0); // plus KV cache, activations, overheads
    QCOMPARE(evaluateFormula(list[1].formula, list[1].terms), list[1].result);
    QCOMPARE(list[2].title, std::string("Beyond the device's memory"));
    QCOMPARE(list[2].result, list[1].result - 85'899'345'920.0);
    // 256 GiB of host RAM takes all of the overflow: nothing goes to disk.
    QCOMPARE(list.size(), std::size_t(4));
    QCOMPARE(list[3].title, std::string("Offloaded to host RAM"));
    QCOMPARE(termValue(list[3], "host_ram"), 274'877'906'944.0);
    QVERIFY(close(list[3].result, list[2].result));

    // The weights stack last: whatever sits below them (overheads, activations, KV cache) stays on
    // the device, the weights fill it to 85,899,345,920 B and the rest of them is the overflow.
    const auto weights = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Weights));
    QCOMPARE(weights.size(), std::size_t(2));
    QCOMPARE(weights[0].result, 141'107'412'992.0);
    const Explanation& placed = weights[1];
    QCOMPARE(placed.title, std::string("On the device and offloaded"));
    const double below = list[1].result - 141'107'412'992.0;
    QVERIFY(close(termValue(placed, "on_device"), 85'899'345'920.0 - below));
    QVERIFY(close(termValue(placed, "host_offload"), list[1].result - 85'899'345'920.0));
    QVERIFY(!termOf(placed, "disk_offload") && !termOf(placed, "unplaced"));
    QVERIFY(close(placed.result, 141'107'412'992.0));
    QVERIFY(close(evaluateFormula(placed.formula, placed.terms), placed.result));
    // The KV cache stacks below the weights: on this over-capacity bar its placement says that all
    // of it stays on the device.
    const auto kv = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::KvCache));
    QCOMPARE(kv.size(), std::size_t(2));
    QCOMPARE(termValue(kv[1], "on_device"), kv[0].result);
    QVERIFY(!termOf(kv[1], "host_offload"));
}

// Llama-3.1-8B (8,030,261,248 parameters), 8-way data parallel, mixed-precision AdamW: fp32
// master + m + v = 12 B per parameter; ZeRO-1 shards them over 8 ranks:
// 12 × 8,030,261,248 / 8 = 12,045,391,872 B. Gradients stay whole (2 B each) until ZeRO-2.
void TestExplanation::zeroOptimizerStatesByHand()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.mode = Mode::Training;
    s.devices = 8;
    s.batch = 64;
    s.promptTokens = 4096;
    s.training.zeroStage = 1;
    s.parallelism = Parallelism{1, 1, 8, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const auto opt = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::OptimizerStates));
    QCOMPARE(opt.size(), std::size_t(1));
    QCOMPARE(termValue(opt[0], "optimizer_bytes"), 12.0);
    QCOMPARE(termValue(opt[0], "zero_ranks"), 8.0);
    QCOMPARE(opt[0].result, 12'045'391'872.0);
    QVERIFY(close(evaluateFormula(opt[0].formula, opt[0].terms), 12'045'391'872.0, 1e-15));
    const auto grad = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Gradients));
    QCOMPARE(grad[0].result, 2.0 * 8'030'261'248.0);
    QVERIFY(!termOf(grad[0], "zero_ranks"));
}

// Llama-3.1-8B decode, batch 1, prompt 1024 + 256 output: the step sits at context 1152.
// Bytes: weights 2 × 8,030,261,248 = 16,060,522,496; KV read 1152 × 2·32·8·128·2 = 150,994,944;
// KV written 131,072; live tensors 2 × 32 layers × (2·4096 + 2·14336) × 2 B = 4,718,592.
// FLOPs: 2 × (8,030,261,248 − 128,256 × 4,096 input embedding) + 2·32·(128 + 128)·32·1152.
void TestExplanation::decodeMemoryTimeAndIntensityByHand()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.batch = 1;
    s.promptTokens = 1024;
    s.outputTokens = 256;
    s.efficiency.memory = 0.8;
    s.efficiency.compute = 0.7;
    s.parallelism = Parallelism{1, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const Device* h100 = Catalog::builtIn().findDevice("nvidia-h100-sxm");
    QCOMPARE(h100->memoryBandwidthBytesPerSecond, 3.35e12);
    // Element-wise passes: 32 layers × (10 × 4096 + 2 × (32 + 8) × 128 + 3 × 14336) × 2 B.
    const double elementwise = 6'029'312.0;
    const double bytes = 16'060'522'496.0 + 150'994'944.0 + 131'072.0 + 4'718'592.0 + elementwise;
    const auto verdict =
        explain(r, Catalog::builtIn(), phaseTarget(ExplainKind::Verdict, RooflinePhase::Decode));
    const Explanation* memory = titled(verdict, "Memory time");
    QVERIFY(memory);
    QCOMPARE(
        memory->formula,
        std::string("{stages} × ({bytes} − {elementwise} − {kv_stream}) ÷ ({bandwidth} × {memory_eff})"));
    QCOMPARE(termValue(*memory, "bytes"), bytes);
    QCOMPARE(termValue(*memory, "elementwise"), elementwise);
    QCOMPARE(termValue(*memory, "memory_eff"), 0.8);
    // The KV cache read (150,994,944 B) and written (131,072 B) by the attention kernels is non-GEMM time.
    const double kvStream = 150'994'944.0 + 131'072.0;
    QCOMPARE(termValue(*memory, "kv_stream"), kvStream);
    QVERIFY(close(memory->result, (bytes - elementwise - kvStream) / (3.35e12 * 0.8), 1e-14));
    QVERIFY(close(evaluateFormula(memory->formula, memory->terms),
                  (bytes - elementwise - kvStream) / (3.35e12 * 0.8), 1e-14));

    const double flops = 2.0 * (8'030'261'248.0 - 128'256.0 * 4'096.0) + 2.0 * 32 * (128 + 128) * 32 * 1152;
    const auto point =
        explain(r, Catalog::builtIn(), phaseTarget(ExplainKind::RooflinePoint, RooflinePhase::Decode));
    const Explanation* intensity = titled(point, "Arithmetic intensity");
    QVERIFY(intensity);
    QCOMPARE(termValue(*intensity, "flops"), flops);
    QCOMPARE(termValue(*intensity, "bytes"), bytes);
    QVERIFY(close(intensity->result, flops / bytes, 1e-15));
    QVERIFY(std::fabs(intensity->result - 0.962486) < 1e-6);
}

// QLoRA of Llama-3.1-8B on an RTX 4090, sequence 512, micro-batch 1, full recomputation (the
// Primer's preset). Linear modules per layer: q, o 4096 × 4096; k, v 4096 × 1024; gate, up, down
// 4096 × 14336: 218,103,808 parameters, × 32 layers = 6,979,321,856 in NF4 with double
// quantization, 4 + 8/64 + 32/(64·256) = 4.126953125 bits (QLoRA §3); the other 1,050,939,392
// (embedding, output head, norms) in bf16: 3,600,416,768 + 2,101,878,784 = 5,702,295,552 B.
// Adapters r = 16 on all seven: 16 × (8192 + 5120 + 5120 + 8192 + 3 ×
// 18,432) × 32 = 41,943,040 parameters (PEFT), fp32 weight 4 + gradient 4 + Adam m, v 8 = 16 B each.
// FLOPs: the frozen base forward, backward (dX only) and recomputed forward, 3 × 2 × 7,504,924,672
// (8,030,261,248 less the 128,256 × 4,096 input embedding) × 512 tokens; the adapters 4 × 2 ×
// 41,943,040 × 512; attention 4 passes.
void TestExplanation::fineTuningByHand()
{
    Scenario s;
    s.deviceId = "nvidia-rtx-4090";
    s.modelId = "llama-3.1-8b";
    s.mode = Mode::Training;
    s.batch = 1;
    s.promptTokens = 512;
    s.training.recompute = Recompute::Full;
    s.training.method = TrainingMethod::Qlora;
    const Report r = estimate(s, Catalog::builtIn());
    const auto weights = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Weights));
    QCOMPARE(weights.size(), std::size_t(1));
    const Explanation& w = weights[0];
    QCOMPARE(termValue(w, "quantized_shared"), 6'979'321'856.0);
    QCOMPARE(termValue(w, "base_bits"), 4.126953125);
    QCOMPARE(termValue(w, "shared_params_device"), 8'030'261'248.0);
    QCOMPARE(termValue(w, "weight_bytes"), 2.0);
    const double hand = 6'979'321'856.0 * 4.126953125 / 8 + 1'050'939'392.0 * 2;
    QCOMPARE(hand, 5'702'295'552.0);
    QCOMPARE(w.result, hand);
    QCOMPARE(evaluateFormula(w.formula, w.terms), hand);

    for (auto kind : {MemorySegmentKind::Gradients, MemorySegmentKind::OptimizerStates}) {
        const auto list = explain(r, Catalog::builtIn(), segment(kind));
        QCOMPARE(list[0].result, 0.0);
        QCOMPARE(list[0].formula, std::string("0"));
        QVERIFY(list[0].notes.front().find("the adapters' are in the Adapters segment") != std::string::npos);
    }
    const auto adapters = explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Adapters));
    QCOMPARE(termValue(adapters[0], "adapter_params_device"), 41'943'040.0);
    QCOMPARE(adapters[0].result, 41'943'040.0 * 16);

    const auto point =
        explain(r, Catalog::builtIn(), phaseTarget(ExplainKind::RooflinePoint, RooflinePhase::TrainingStep));
    const Explanation* flops = titled(point, "FLOPs per device");
    QVERIFY(flops);
    QCOMPARE(termValue(*flops, "base_passes"), 3.0);
    QCOMPARE(termValue(*flops, "adapter_passes"), 4.0);
    QCOMPARE(termValue(*flops, "matmul_params"), 7'504'924'672.0);
    QCOMPARE(termValue(*flops, "adapter_active"), 41'943'040.0);
    const double attention = termValue(*flops, "attention_flops");
    const double handFlops = 3.0 * 2 * 7'504'924'672.0 * 512 + 4.0 * (2 * 41'943'040.0 * 512 + attention);
    QVERIFY(close(flops->result, handFlops, 1e-12));
    QCOMPARE(flops->result, r.training->step.flops);
    // Full fine-tuning of the same step: 4 × (2N·T + attention), a third more base work.
    Scenario full = s;
    full.training.method = TrainingMethod::Full;
    const Report rf = estimate(full, Catalog::builtIn());
    QVERIFY(close(rf.training->step.flops, 4.0 * (2 * 7'504'924'672.0 * 512 + attention), 1e-12));

    // The data-parallel all-reduce hides under the backward share: with a frozen base the backward
    // pass is (2N·T + 2·2N_a·T + 2·attention) of (4N·T + 3·2N_a·T + 3·attention) ≈ 1/2.
    const auto verdict =
        explain(r, Catalog::builtIn(), phaseTarget(ExplainKind::Verdict, RooflinePhase::TrainingStep));
    const Explanation* step = titled(verdict, "Step time");
    QVERIFY(step);
    const double n = 2 * 7'504'924'672.0 * 512, na = 2 * 41'943'040.0 * 512;
    QVERIFY(close(termValue(*step, "backward_share"),
                  (n + 2 * na + 2 * attention) / (2 * n + 3 * na + 3 * attention), 1e-12));
}

void TestExplanation::formulaEvaluator()
{
    const std::vector<ExplanationTerm> terms{{"a", "A", 6, Quantity::Count}, {"b", "B", 4, Quantity::Count}};
    QCOMPARE(evaluateFormula("{a} × {b} ÷ 2 + 1", terms), 13.0);
    QCOMPARE(evaluateFormula("{a} − {b} − 1", terms), 1.0);
    QCOMPARE(evaluateFormula("max(0, {b} − {a}) + min({a}, {b}, 5)", terms), 4.0);
    QCOMPARE(evaluateFormula("2 ^ 3 ^ 2", terms), 512.0);
    QCOMPARE(evaluateFormula("({a} + {b}) × 2", terms), 20.0);
    QVERIFY(std::isnan(evaluateFormula("{c} + 1", terms)));
    QVERIFY(std::isnan(evaluateFormula("({a} + 1", terms)));
    QVERIFY(std::isnan(evaluateFormula("{a} {b}", terms)));
}

void TestExplanation::unknownDeviceThrows()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    Report r = estimate(s, Catalog::builtIn());
    r.scenario.deviceId = "no-such-device";
    QVERIFY_THROWS_EXCEPTION(std::exception,
                             explain(r, Catalog::builtIn(), segment(MemorySegmentKind::Weights)));
}

// LoRA and QLoRA fine-tuning (training.method): a dense model on one consumer card, MoE models
// split over data (ZeRO 3) and expert ranks, pipeline stages, an int8 base, dropout, a multimodal
// model whose frozen vision tower is its own segment.
std::vector<Scenario> fineTuningScenarios()
{
    std::vector<Scenario> list;
    auto add = [&](const char* device, const char* model, TrainingMethod method, long long devices,
                   long long batch, Parallelism split, Recompute recompute, int zero) -> Scenario& {
        Scenario s;
        s.deviceId = device;
        s.modelId = model;
        s.mode = Mode::Training;
        s.promptTokens = 512;
        s.devices = devices;
        s.batch = batch;
        s.parallelism = split;
        s.training.method = method;
        s.training.recompute = recompute;
        s.training.zeroStage = zero;
        list.push_back(s);
        return list.back();
    };
    // The Primer's lesson: Llama 3.1 8B on an RTX 4090, sequence 512, micro-batch 1.
    for (auto method : {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora})
        for (auto recompute : {Recompute::Full, Recompute::None, Recompute::Selective})
            add("nvidia-rtx-4090", "llama-3.1-8b", method, 1, 1, {1, 1, 1, 1}, recompute, 0);
    add("nvidia-rtx-4090", "llama-3.1-8b", TrainingMethod::Lora, 1, 4, {1, 1, 1, 1}, Recompute::None, 0)
        .training.lora.dropout = 0.05;
    {
        Scenario& s = add("nvidia-rtx-4090", "llama-3.1-8b", TrainingMethod::Qlora, 1, 2, {1, 1, 1, 1},
                          Recompute::Selective, 0);
        s.training.lora.quantization = QuantizedBase::Int8;
        s.training.lora.targets = LoraTargets::Attention;
        s.flashAttention = false;
    }
    {
        Scenario& s = add("nvidia-rtx-4090", "llama-3.1-8b", TrainingMethod::Qlora, 1, 1, {1, 1, 1, 1},
                          Recompute::Full, 0);
        s.training.lora.doubleQuant = false;
        s.training.lora.rank = 64;
        s.training.lora.adapterPrecision = Precision::Bf16;
        s.training.optimizer = Optimizer::AdamW8bit;
    }
    for (auto method : {TrainingMethod::Full, TrainingMethod::Lora}) { // pure bf16, torchtune's chunked loss
        Scenario& s = add("nvidia-rtx-4090", "llama-3.1-8b", method, 1, 2, {1, 1, 1, 1}, Recompute::Full, 0);
        s.training.masterWeights = false;
        s.training.lossChunks = 8;
        s.training.lora.adapterPrecision = Precision::Bf16;
    }
    // Mixture of experts: Mixtral 8x7B on 2 H100 with ZeRO 3, Qwen3-30B-A3B split over 2 expert ranks.
    for (auto method : {TrainingMethod::Lora, TrainingMethod::Qlora}) {
        add("nvidia-h100-sxm", "mixtral-8x7b", method, 2, 8, {1, 1, 2, 1}, Recompute::Full, 3);
        add("nvidia-h100-sxm", "mixtral-8x7b", method, 2, 8, {1, 1, 2, 1}, Recompute::None, 2);
        add("nvidia-h100-sxm", "qwen3-30b-a3b", method, 2, 8, {1, 1, 1, 2}, Recompute::Selective, 1);
        add("nvidia-h100-sxm", "qwen3-30b-a3b", method, 4, 16, {2, 1, 1, 2}, Recompute::Full, 3);
        // Pipeline: two stages, eight micro-batches.
        add("nvidia-rtx-4090", "llama-3.1-8b", method, 2, 8, {1, 2, 1, 1}, Recompute::Full, 0);
        add("nvidia-h100-sxm", "llama-3.1-70b", method, 8, 32, {2, 2, 2, 1}, Recompute::None, 3);
        // A multimodal model: the frozen vision tower stays in the weight precision.
        add("nvidia-h100-sxm", "gemma-3-27b", method, 2, 4, {1, 1, 2, 1}, Recompute::Full, 3);
        add("nvidia-h100-sxm", "llama-4-scout", method, 8, 8, {1, 1, 2, 4}, Recompute::Full, 0);
    }
    return list;
}

// Many scenarios (devices × models × modes, splits, precisions, ZeRO, recomputation, offload,
// fine-tuning methods) and the fine-tuning list above: every explanation's result is the report's
// number, every term finite, and the formula evaluated from the terms gives the result.
void TestExplanation::everyExplanationReproducesTheReport()
{
    const Catalog& catalog = Catalog::builtIn();
    std::mt19937_64 random(20261203);
    auto logUniform = [&](double lo, double hi) {
        std::uniform_real_distribution<double> u(std::log(lo), std::log(hi));
        return static_cast<long long>(std::exp(u(random)));
    };
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    const Precision weights[] = {Precision::Bf16,   Precision::Fp8,  Precision::Int4,
                                 Precision::Q4_K_M, Precision::Fp32, Precision::AwqInt4};
    const Precision kv[] = {Precision::Bf16, Precision::Fp8, Precision::Int8, Precision::Int4};
    int explanations = 0;
    int offloading = 0;
    int fineTuned = 0;
    std::map<std::string, int> seenTitles;
    const std::vector<Scenario> fineTuning = fineTuningScenarios();
    const int randomCount = 1500;
    for (int i = 0; i < randomCount + static_cast<int>(fineTuning.size()); ++i) {
        Scenario s;
        s.deviceId = catalog.devices()[pick(catalog.devices().size())].id;
        s.modelId = catalog.models()[pick(catalog.models().size())].id;
        s.mode = random() % 2 ? Mode::Training : Mode::Inference;
        s.batch = logUniform(1, 4096);
        s.promptTokens = logUniform(16, 200000);
        s.outputTokens = random() % 5 == 0 ? 0 : logUniform(1, 8192);
        s.devices = logUniform(1, 2048);
        s.weights = s.mode == Mode::Training ? (random() % 4 == 0 ? Precision::Fp32 : Precision::Bf16)
                                             : weights[pick(std::size(weights))];
        s.kvCache = kv[pick(std::size(kv))];
        s.flashAttention = random() % 2;
        s.training.zeroStage = static_cast<int>(random() % 4);
        s.training.recompute = static_cast<Recompute>(random() % 3);
        s.training.optimizer = static_cast<Optimizer>(random() % 3);
        s.training.microBatch = logUniform(1, 16);
        s.overheads.servingPreallocation = random() % 3 == 0;
        // An explicit split a third of the time: the default never picks expert parallelism.
        if (random() % 3 == 0) {
            const ModelArchitecture& a = catalog.findModel(s.modelId)->architecture;
            Parallelism split;
            for (long long t : {8LL, 4LL, 2LL, 1LL})
                if (a.heads % t == 0 && random() % 2 == 0) {
                    split.tensor = t;
                    break;
                }
            split.pipeline = std::min<long long>(a.layers, 1LL << (random() % 3));
            split.data = 1 + static_cast<long long>(random() % 4);
            if (a.isMoe())
                for (long long e : {16LL, 8LL, 4LL, 2LL})
                    if (a.experts % e == 0 && random() % 2 == 0) {
                        split.expert = e;
                        break;
                    }
            s.parallelism = split;
            s.devices = split.product();
        }
        // A third of the training scenarios fine-tune with adapters.
        if (s.mode == Mode::Training && random() % 3 == 0) {
            s.training.method = random() % 2 ? TrainingMethod::Lora : TrainingMethod::Qlora;
            s.training.lora.rank = 1LL << (random() % 8);
            s.training.lora.targets = random() % 4 == 0 ? LoraTargets::Attention : LoraTargets::AllLinear;
            s.training.lora.dropout = random() % 2 ? 0.05 : 0.0;
            s.training.lora.adapterPrecision = random() % 3 == 0 ? Precision::Bf16 : Precision::Fp32;
            s.training.lora.quantization = random() % 4 == 0 ? QuantizedBase::Int8 : QuantizedBase::Nf4;
            s.training.lora.doubleQuant = random() % 2;
        }
        // Pure 16-bit states and a chunked loss, on any method.
        if (s.mode == Mode::Training && random() % 3 == 0) {
            s.training.masterWeights = false;
            s.training.lossChunks = 8;
        }
        if (i >= randomCount)
            s = fineTuning[static_cast<std::size_t>(i - randomCount)];
        const std::string label =
            s.deviceId + " " + s.modelId +
            (s.mode == Mode::Training ? " train " + std::string(trainingMethodName(s.training.method))
                                      : " infer") +
            " b" + std::to_string(s.batch) + " s" + std::to_string(s.promptTokens) + " n" +
            std::to_string(s.devices);
        const Report r = estimate(s, catalog);
        if (s.mode == Mode::Training && s.training.method != TrainingMethod::Full)
            ++fineTuned;

        auto check = [&](const Explanation& e, double expected) {
            ++explanations;
            ++seenTitles[e.title];
            const std::string where = label + " / " + e.title;
            QVERIFY2(!e.title.empty() && !e.formula.empty() && !e.source.empty(), where.c_str());
            QVERIFY2(std::isfinite(e.result), where.c_str());
            for (const auto& t : e.terms) {
                QVERIFY2(std::isfinite(t.value), (where + " term " + t.key).c_str());
                QVERIFY2(!t.label.empty(), (where + " term " + t.key).c_str());
                QVERIFY2(e.formula.find('{' + t.key + '}') != std::string::npos,
                         (where + " " + t.key).c_str());
            }
            const double evaluated = evaluateFormula(e.formula, e.terms);
            QVERIFY2(close(evaluated, e.result),
                     (where + ": " + e.formula + " = " + std::to_string(evaluated) + " vs " +
                      std::to_string(e.result))
                         .c_str());
            if (!std::isnan(expected))
                QVERIFY2(e.result == expected,
                         (where + ": " + std::to_string(e.result) + " vs report " + std::to_string(expected))
                             .c_str());
        };

        // Memory: every kind, every bar; on a bar over capacity each non-empty part is followed by
        // where it sits, its parts adding up to its size.
        const MemoryChart chart = memoryChart(r);
        const double capacityBytes = r.memory.capacityPerDeviceBytes;
        for (int k = 0; k < kMemorySegmentKindCount; ++k) {
            const auto kind = static_cast<MemorySegmentKind>(k);
            const auto list = explain(r, catalog, segment(kind));
            std::size_t next = 0;
            for (std::size_t b = 0; b < chart.bars.size(); ++b) {
                const MemoryBar& bar = chart.bars[b];
                const MemoryBreakdown& m = bar.stage == 0 ? r.memory.perDevice : r.memory.stages[b].perDevice;
                double expected = std::nan("");
                switch (kind) {
                case MemorySegmentKind::Weights:
                    expected = m.weightsBytes;
                    break;
                case MemorySegmentKind::KvCache:
                    expected = m.kvCacheBytes;
                    break;
                case MemorySegmentKind::VisionWeights:
                    expected = m.visionWeightsBytes;
                    break;
                case MemorySegmentKind::RecurrentState:
                    expected = m.recurrentStateBytes;
                    break;
                case MemorySegmentKind::Activations:
                    expected = m.activationsBytes;
                    break;
                case MemorySegmentKind::Gradients:
                    expected = m.gradientsBytes;
                    break;
                case MemorySegmentKind::OptimizerStates:
                    expected = m.optimizerStatesBytes;
                    break;
                case MemorySegmentKind::RuntimeContext:
                    expected = m.runtimeContextBytes;
                    break;
                case MemorySegmentKind::AllocatorReserve:
                    expected = m.allocatorReserveBytes;
                    break;
                case MemorySegmentKind::CommunicationBuffers:
                    expected = m.communicationBuffersBytes;
                    break;
                case MemorySegmentKind::KvPoolReserve:
                    expected = m.kvPoolReserveBytes;
                    break;
                case MemorySegmentKind::Adapters:
                    expected = m.adaptersBytes;
                    break;
                case MemorySegmentKind::DequantWorkspace:
                    expected = m.dequantWorkspaceBytes;
                    break;
                }
                QVERIFY2(next < list.size(), label.c_str());
                check(list[next++], expected);
                if (m.totalBytes() <= capacityBytes || expected <= 0)
                    continue;
                QVERIFY2(next < list.size(), label.c_str());
                const Explanation& placed = list[next++];
                QCOMPARE(placed.title, std::string("On the device and offloaded"));
                check(placed, std::nan(""));
                QVERIFY2(close(placed.result, expected),
                         (label + " placed " + std::to_string(placed.result)).c_str());
                // The device part never reaches past the capacity line.
                QVERIFY(termValue(placed, "on_device") <= capacityBytes * (1 + 1e-12));
                if (termOf(placed, "host_offload"))
                    ++offloading;
            }
            QCOMPARE(next, list.size());
            if (!r.memory.stages.empty()) // one stage alone
                QVERIFY(explain(r, catalog, segment(kind, r.memory.stages.back().stage)).size() <=
                        std::size_t(2));
        }

        // Capacity: the usable memory, then per bar the total and the headroom or overflow.
        // Over capacity, where the overflow went: host RAM, then disk and nowhere when reached.
        const auto capacity = explain(r, catalog, ExplainTarget::capacity());
        check(capacity[0], r.memory.capacityPerDeviceBytes);
        std::size_t at = 1;
        for (std::size_t b = 0; b < chart.bars.size(); ++b) {
            const double total = chart.bars[b].totalBytes;
            QVERIFY(at + 1 < capacity.size());
            check(capacity[at++], total);
            check(capacity[at++], std::abs(r.memory.capacityPerDeviceBytes - total));
            if (total <= r.memory.capacityPerDeviceBytes)
                continue;
            // The report's tiers are its fullest bar's: they are this one's when it is that bar.
            const bool fullest = total == r.memory.perDevice.totalBytes();
            const std::pair<const char*, double> tiers[] = {
                {"Offloaded to host RAM", r.memory.hostOffloadBytes},
                {"Offloaded to disk", r.memory.diskOffloadBytes},
                {"Does not fit anywhere", r.memory.unplacedBytes}};
            for (const auto& [title, bytes] : tiers) {
                const bool present = at < capacity.size() && capacity[at].title == title;
                if (title != tiers[0].first && !present) { // not reached
                    QVERIFY2(!fullest || bytes == 0, (label + " " + title).c_str());
                    continue;
                }
                QVERIFY2(present, (label + " " + title).c_str());
                check(capacity[at], std::nan(""));
                if (fullest)
                    QVERIFY2(close(capacity[at].result, bytes, 1e-9) ||
                                 std::abs(capacity[at].result - bytes) < 1.0,
                             (label + " " + title + " " + std::to_string(capacity[at].result) + " vs " +
                              std::to_string(bytes))
                                 .c_str());
                ++at;
            }
        }
        QCOMPARE(at, capacity.size());

        // Phases: the verdict's and the roofline point's numbers.
        const std::pair<RooflinePhase, const PhaseEstimate*> phases[] = {
            {RooflinePhase::Prefill, r.prefill ? &*r.prefill : nullptr},
            {RooflinePhase::Decode, r.decode ? &*r.decode : nullptr},
            {RooflinePhase::TrainingStep, r.training ? &r.training->step : nullptr}};
        const PhaseEstimate* ideals[] = {r.ideal.prefill ? &*r.ideal.prefill : nullptr,
                                         r.ideal.decode ? &*r.ideal.decode : nullptr,
                                         r.ideal.training ? &r.ideal.training->step : nullptr};
        for (int p = 0; p < 3; ++p) {
            const auto [phase, pe] = phases[p];
            const auto verdict = explain(r, catalog, phaseTarget(ExplainKind::Verdict, phase));
            const auto point = explain(r, catalog, phaseTarget(ExplainKind::RooflinePoint, phase));
            if (!pe) {
                QVERIFY(verdict.empty() && point.empty());
                continue;
            }
            const auto& bd = pe->breakdown;
            // The bound's explanation shows the largest term (the rule tst_report_properties checks);
            // the routed experts' parts count with compute, memory and latency (METHOD §4.10).
            const double boundSeconds = std::max(
                {bd.computeSeconds + bd.expertComputeSeconds,
                 bd.memorySeconds + bd.nonGemmSeconds + bd.expertMemorySeconds, bd.communicationSeconds,
                 bd.offloadSeconds, bd.latencySeconds + bd.expertLatencySeconds});
            std::map<std::string, double> expected{
                {"Bound", boundSeconds},
                {"Compute time", bd.computeSeconds},
                {"Memory time", bd.memorySeconds},
                {"Communication time", bd.communicationSeconds},
                {"Offload time", bd.offloadSeconds},
                {"Kernel latency", bd.latencySeconds},
                {"FLOPs per device", pe->flops},
                {"Bytes moved per device", pe->bytes},
                {"Arithmetic intensity", pe->arithmeticIntensity},
                {"Roof at this point", pe->roofFlopsPerSecond},
                {"Intensity of the bounding resource", pe->pointIntensity},
                {"Non-GEMM time", bd.nonGemmSeconds},
                {"Achieved performance", pe->achievedFlopsPerSecond},
            };
            if (phase == RooflinePhase::Prefill) {
                expected["Time to first token"] = pe->seconds;
                expected["Prompt tokens/s"] = pe->tokensPerSecond;
            } else if (phase == RooflinePhase::Decode) {
                expected["Time per output token"] = pe->seconds;
                expected["Tokens/s (batch)"] = pe->tokensPerSecond;
                expected["Tokens/s per sequence"] = 1.0 / pe->seconds;
            } else {
                expected["Step time"] = pe->seconds;
                expected["Tokens/s"] = pe->tokensPerSecond;
                expected["MFU"] = r.training->mfu;
                expected["Days to train"] = r.training->trainDays;
                expected["Ideal roofline MFU"] = r.ideal.training->mfu;
            }
            if (ideals[p]) {
                expected["Ideal roofline time"] = ideals[p]->seconds;
                expected["Ideal roofline performance"] = ideals[p]->achievedFlopsPerSecond;
            }
            std::set<std::string> covered;
            for (const auto* list : {&verdict, &point}) {
                for (const auto& e : *list) {
                    const auto found = expected.find(e.title);
                    check(e, found == expected.end() ? std::nan("") : found->second);
                    covered.insert(e.title);
                }
            }
            for (const auto& [title, value] : expected)
                QVERIFY2(covered.count(title), (label + " missing " + title).c_str());
        }
    }
    qInfo("%d explanations checked, %zu distinct titles", explanations, seenTitles.size());
    // The sample reaches the cases the explanations branch on.
    for (const char* title : {"Tensor-parallel all-reduces", "Pipeline sends", "Expert all-to-all",
                              "Data-parallel gradient all-reduce", "Adapters", "Dequantization workspace"})
        QVERIFY2(seenTitles.count(title), title);
    QVERIFY(offloading > 0);
    qInfo("%d scenarios fine-tune with LoRA or QLoRA", fineTuned);
    QVERIFY(fineTuned > 200);
}

QTEST_GUILESS_MAIN(TestExplanation)
#include "tst_explanation.moc"
