// The numbers agree with themselves: each case an outside check found, with its arithmetic.
// Pipeline + offload sums every stage's host-link traffic; roofline points sit under the roof of
// the resource that bounds them; the named bound is the largest term (latency is one); the
// automatic training split weighs data parallel + ZeRO; MFU is below the GEMM fraction.
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/estimate/report.h"

#include <QtTest>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace lhe::core;

namespace {

Scenario inference(const char* device, const char* model, long long devices)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.batch = 1;
    s.promptTokens = 1024;
    s.outputTokens = 256;
    s.devices = devices;
    return s;
}

nlohmann::json pointOf(const Report& r, const char* phase)
{
    const nlohmann::json report = reportToJson(r);
    for (const auto& p : report["roofline"]["points"])
        if (p["phase"] == phase)
            return p;
    return {};
}

} // namespace

class TestConsistency : public QObject
{
    Q_OBJECT

private slots:
    void pipelineOffloadSumsEveryStage();
    void offloadPointSitsUnderTheHostLink();
    void diskSpillIsBoundByTheDisk();
    void latencyIsABoundOfItsOwn();
    void automaticTrainingSplitWeighsZero();
    void zeroWithoutDataParallelWarns();
    void mfuIsBelowTheGemmFraction();
    void fp8GemmsCastTheirInputs();
};

void TestConsistency::pipelineOffloadSumsEveryStage()
{
    // Llama 3.1 70B in bf16 (70.55 G params x 2 B = 141 GB) on four RTX 4090s, one stage each:
    // every stage spills its excess to host RAM, and for one sequence the stages run in turn, so
    // a token moves 4 x (offloaded per stage) over a 31.5 GB/s PCIe 4.0 x16 link. By hand:
    // 4 x 11.5 GB / 31.5 GB/s = 1.46 s; before, one stage's 0.45 s was counted (0.64 s).
    Scenario s = inference("nvidia-rtx-4090", "llama-3.1-70b", 4);
    s.weights = Precision::Bf16;
    s.weightsGiven = true;
    s.parallelism = Parallelism{1, 4, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    QVERIFY(r.memory.hostOffloadBytes > 10e9 && r.memory.hostOffloadBytes < 13e9);
    QVERIFY(r.decode->seconds >= 4 * r.memory.hostOffloadBytes / 31.5e9);
    QVERIFY(r.decode->seconds >= 1.46);
    // Offload time = 4 stages x offloaded / (31.5 GB/s x 0.81 measured copy efficiency).
    QVERIFY(qAbs(r.decode->breakdown.offloadSeconds / (4 * r.memory.hostOffloadBytes / (31.5e9 * 0.81)) - 1) <
            1e-12);
    QCOMPARE(r.decode->bound, Bound::Offload);
}

void TestConsistency::offloadPointSitsUnderTheHostLink()
{
    // The same 4 x 4090 decode: the point's intensity counts host-link bytes, so it sits under the
    // 31.5 GB/s slope it is bound by. Intensity = 4 stages x FLOPs / (4 x offloaded bytes).
    Scenario s = inference("nvidia-rtx-4090", "llama-3.1-70b", 4);
    s.weights = Precision::Bf16;
    s.weightsGiven = true;
    s.parallelism = Parallelism{1, 4, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const nlohmann::json p = pointOf(r, "decode");
    QCOMPARE(p.value("resource", ""), std::string("host_link"));
    const double intensity = r.decode->flops / r.memory.hostOffloadBytes;
    QVERIFY(qAbs(p["intensity"].get<double>() / intensity - 1) < 1e-12);
    QVERIFY(qAbs(p["roof_flops_per_second"].get<double>() / (intensity * 31.5e9) - 1) < 1e-12);
    QVERIFY(p["achieved_flops_per_second"].get<double>() <= p["roof_flops_per_second"].get<double>());
}

void TestConsistency::diskSpillIsBoundByTheDisk()
{
    // 70B bf16 (141 GB) on an M3 Max (128 GB unified, ~96 GiB usable by the GPU): the excess goes
    // to the SSD, so the decode point is bound by the disk and the chart's roof is the disk's, not
    // a 400 GB/s "host link" the data never crosses.
    Scenario s = inference("apple-m3-max", "llama-3.1-70b", 1);
    s.weights = Precision::Bf16;
    s.weightsGiven = true;
    const Report r = estimate(s, Catalog::builtIn());
    QVERIFY(r.memory.diskOffloadBytes > 0);
    QCOMPARE(r.decode->bound, Bound::Offload);
    const nlohmann::json p = pointOf(r, "decode");
    QCOMPARE(p.value("resource", ""), std::string("disk"));
    QVERIFY(p["achieved_flops_per_second"].get<double>() <= p["roof_flops_per_second"].get<double>());
}

void TestConsistency::latencyIsABoundOfItsOwn()
{
    // Llama 3.1 70B on 8 x H100, tensor parallel 8, batch 1: 80 layers x 100 µs of kernel latency
    // = 8 ms, more than the 160 small all-reduces per token or the 17.6 GB/8 of weights. The card
    // used to say "Communication" beside a bar whose largest segment was latency.
    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-70b", 8);
    s.parallelism = Parallelism{8, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const auto& b = r.decode->breakdown;
    QVERIFY(qAbs(b.latencySeconds - 80 * 100e-6) < 1e-15);
    QVERIFY(b.latencySeconds > b.communicationSeconds && b.latencySeconds > b.memorySeconds);
    QCOMPARE(r.decode->bound, Bound::Latency);
    QCOMPARE(reportToJson(r)["decode"]["bound"].get<std::string>(), std::string("latency"));
}

void TestConsistency::automaticTrainingSplitWeighsZero()
{
    // Llama 3.1 8B on 8 x H100, training, sequence 4096, batch 64, full recomputation: tensor 8
    // fits, but so does data 8 with ZeRO, which shards the 12 B/param AdamW states and hides its
    // gradient all-reduce under the backward pass. The split is no longer tensor 8 x data 1, so
    // ZeRO 1 and 3 give different memory: 8.03e9 x 12 B / 8 = 12.0 GB of optimizer state per
    // device with the states sharded 8 ways.
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.mode = Mode::Training;
    s.batch = 64;
    s.promptTokens = 4096;
    s.devices = 8;
    s.training.recompute = Recompute::Full;
    s.training.microBatch = 1;
    s.training.zeroStage = 1;
    const Report zero1 = estimate(s, Catalog::builtIn());
    QVERIFY(zero1.scenario.parallelism->tensor < 8);
    const std::vector<std::string> said = englishTexts(zero1.warnings);
    const auto chose = std::find_if(said.begin(), said.end(), [](const std::string& w) {
        return w.rfind("automatic training split: ", 0) == 0;
    });
    QVERIFY(chose != said.end());
    const double data = static_cast<double>(zero1.scenario.parallelism->data);
    const double params = 8'030'261'248.0 / static_cast<double>(zero1.scenario.parallelism->tensor *
                                                                zero1.scenario.parallelism->pipeline);
    QVERIFY(qAbs(zero1.memory.perDevice.optimizerStatesBytes / (params * 12 / data) - 1) < 1e-9);
    s.training.zeroStage = 3;
    const Report zero3 = estimate(s, Catalog::builtIn());
    QVERIFY(zero3.memory.perDevice.totalBytes() < zero1.memory.perDevice.totalBytes());
    // The split it chose is at least as fast as tensor 8 x data 1.
    Scenario tensor8 = s;
    tensor8.training.zeroStage = 1;
    tensor8.parallelism = Parallelism{8, 1, 1, 1};
    QVERIFY(zero1.training->step.seconds <= estimate(tensor8, Catalog::builtIn()).training->step.seconds);
}

void TestConsistency::zeroWithoutDataParallelWarns()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.mode = Mode::Training;
    s.batch = 8;
    s.promptTokens = 2048;
    s.devices = 8;
    s.training.zeroStage = 2;
    s.parallelism = Parallelism{8, 1, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const std::vector<std::string> said = englishTexts(r.warnings);
    QVERIFY(std::find(said.begin(), said.end(),
                      "ZeRO stage 2 has no effect: data parallel is 1, so there are no replicas to shard the "
                      "training state across") != said.end());
}

void TestConsistency::mfuIsBelowTheGemmFraction()
{
    // One H100 training Llama 3.2 1B: the GEMMs run at the MAMF fraction 0.803, but attention
    // kernels, the element-wise passes and the AdamW step (2 x (2 + 2 + 12) B per parameter) add
    // time the GEMM fraction does not see, so MFU is below it (it used to equal it).
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.2-1b";
    s.mode = Mode::Training;
    s.batch = 16;
    s.promptTokens = 4096;
    s.training.microBatch = 1;
    s.training.recompute = Recompute::Full;
    const Report r = estimate(s, Catalog::builtIn());
    const auto& b = r.training->step.breakdown;
    QVERIFY(b.elementwiseSeconds > 0 && b.optimizerSeconds > 0 && b.attentionSeconds > 0);
    QVERIFY(qAbs(b.nonGemmSeconds - (b.elementwiseSeconds + b.optimizerSeconds)) < 1e-15);
    // Optimizer traffic: reads and writes weights, gradients and states once each.
    const auto& m = r.memory.perDevice;
    QVERIFY(qAbs(b.optimizerSeconds /
                     (2 * (m.weightsBytes + m.gradientsBytes + m.optimizerStatesBytes) / (3.35e12 * 0.865)) -
                 1) < 1e-12);
    QVERIFY(r.training->mfu < 0.803 * 0.95);
    const nlohmann::json json = reportToJson(r)["training"]["time_breakdown"];
    QVERIFY(json.contains("latency") && json.contains("non_gemm") && !json.contains("kernel_latency"));
}

void TestConsistency::fp8GemmsCastTheirInputs()
{
    // Llama 3.1 8B decode on an H100 with FP8 GEMMs and bf16 activations, batch 1: each layer's
    // element-wise passes move (10 x 4096 + 2 x (32 + 8) x 128 + 3 x 14336) x 2 B = 188,416 B, plus
    // the casts of the GEMM inputs to FP8 (read 2 B, write 1 B): QKV and gate/up read the hidden
    // state (2 x 4096), the output projection 32 x 128, the down projection 14,336:
    // (8,192 + 4,096 + 14,336) x 3 B = 79,872 B. 32 layers: 8,585,216 B. In bf16 the casts vanish.
    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-8b", 1);
    s.weights = Precision::Fp8;
    s.weightsGiven = true;
    s.compute = Precision::Fp8;
    s.efficiency.memory = 0.8;
    const Report fp8 = estimate(s, Catalog::builtIn());
    const double passes = 32.0 * (188'416 + 79'872);
    QCOMPARE(passes, 8'585'216.0);
    const double kvStream = (1024 + 128) * 131'072.0 + 131'072.0; // fp8 weights, bf16 KV cache
    QVERIFY(qAbs(fp8.decode->breakdown.nonGemmSeconds / ((passes + kvStream) / (3.35e12 * 0.8)) - 1) < 1e-12);
    s.compute = Precision::Bf16;
    const Report bf16 = estimate(s, Catalog::builtIn());
    QVERIFY(qAbs(bf16.decode->breakdown.nonGemmSeconds / ((32.0 * 188'416 + kvStream) / (3.35e12 * 0.8)) -
                 1) < 1e-12);
}

QTEST_GUILESS_MAIN(TestConsistency)
#include "tst_consistency.moc"
