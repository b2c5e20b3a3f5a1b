// End-to-end estimates: roofline ridge, bounds, communication and offload, with the expected
// figures worked out by hand from datasheets and the formulas' sources.
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"

#include <QtTest>
#include <algorithm>

using namespace lhe::core;

namespace {

Scenario inference(const char* device, const char* model, long long batch, long long prompt, long long output)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.batch = batch;
    s.promptTokens = prompt;
    s.outputTokens = output;
    s.efficiency = {0.7, 0.8, 0.8, 0.0,
                    std::nullopt}; // no kernel latency: the hand calculations are pure roofline
    return s;
}

Report run(const Scenario& s)
{
    return estimate(s, Catalog::builtIn());
}

bool near(double actual, double expected, double relative)
{
    return qAbs(actual - expected) <= relative * qAbs(expected);
}

// Llama-3.1-8B: 8,030,261,248 parameters, of which the untied input embedding
// 128,256 x 4,096 = 525,336,576 is a lookup, not a matrix product.
constexpr double kLlama8bParams = 8030261248.0;
constexpr double kLlama8bMatmulParams = 8030261248.0 - 128256.0 * 4096.0;

} // namespace

class TestEstimator : public QObject
{
    Q_OBJECT

private slots:
    void ridgePointH100();
    void decodeBatchOneIsMemoryBound();
    void prefill4kIsComputeBound();
    void tensorParallelAddsCommunication();
    void decodeTurnsComputeBoundAtLargeBatch();
    void offloadTiersOnRtx4090_data();
    void offloadTiersOnRtx4090();
    void offloadMakesDecodeOffloadBound();
    void fp8WeightsHalveWeightBytes();
    void defaultParallelSplit_data();
    void defaultParallelSplit();
    void invalidSplitIsRejected_data();
    void invalidSplitIsRejected();
    void trainingPipelineBubble();
    void trainingMfuDefinition();
    void trainingGlobalBatchIsMicroTimesAccumTimesData();
    void computeFallbackWarns();
    void computeFallbackUsesNativeColumns_data();
    void computeFallbackUsesNativeColumns();
    void outputTokensZeroMeansPrefillOnly();
    void limitsAreTheLargestThatFit_data();
    void limitsAreTheLargestThatFit();
    void unknownIdsAreInputErrors();
};

void TestEstimator::ridgePointH100()
{
    // NVIDIA H100 SXM datasheet: 989.4 TFLOP/s dense BF16, 3.35 TB/s HBM3 -> 295.3 FLOP/B.
    const Report r = run(inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 1024, 128));
    QVERIFY(near(r.roofline.ridgeIntensity, 989.4e12 / 3.35e12, 1e-9));
    QVERIFY(near(r.roofline.ridgeIntensity, 295.3, 1e-3));
}

void TestEstimator::decodeBatchOneIsMemoryBound()
{
    // Prompt 1023, output 2: the decode step sits at the mean context 1023 + 2/2 = 1024.
    const Report r = run(inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 1023, 2));
    QVERIFY(r.decode);
    QCOMPARE(r.decode->bound, Bound::Memory);
    // Bytes: bf16 weights 2 x 8,030,261,248 + KV read 1024 x 131,072 (2*32*8*128*2) + KV write
    // 131,072 + every layer's live tensors out and back, 2 x 32 x (2 x 4096 + 2 x 14336) x 2 B,
    // + the element-wise passes, 32 layers x (10 x 4096 + 2 x (32 + 8) x 128 + 3 x 14336) x 2 B
    // = 32 x 188,416 = 6,029,312 B.
    const double elementwise = 32.0 * (10 * 4096 + 2 * (32 + 8) * 128 + 3 * 14336) * 2;
    QCOMPARE(elementwise, 6'029'312.0);
    const double bytes =
        2 * kLlama8bParams + 1024.0 * 131072 + 131072 + 2.0 * 32 * (2 * 4096 + 2 * 14336) * 2 + elementwise;
    QVERIFY(near(r.decode->bytes, bytes, 1e-9));
    // The streams overlap compute; the element-wise passes run between the GEMMs and add. Both at
    // 3.35 TB/s x 0.8, so the step takes bytes / (3.35 TB/s x 0.8).
    // The KV cache read and written by the attention kernels is non-GEMM time as well.
    const double kvStream = 1024.0 * 131072 + 131072;
    QVERIFY(
        near(r.decode->breakdown.memorySeconds, (bytes - elementwise - kvStream) / (3.35e12 * 0.8), 1e-9));
    QVERIFY(near(r.decode->breakdown.nonGemmSeconds, (elementwise + kvStream) / (3.35e12 * 0.8), 1e-9));
    QVERIFY(near(r.decode->seconds, bytes / (3.35e12 * 0.8), 1e-9));
    QVERIFY(r.decode->arithmeticIntensity < 2.0); // ~1 FLOP/B, far left of the 295 ridge
}

void TestEstimator::prefill4kIsComputeBound()
{
    const Report r = run(inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 4096, 0));
    QVERIFY(r.prefill);
    QCOMPARE(r.prefill->bound, Bound::Compute);
    // 2 x matmul params x 4096 + causal attention 2*h*(d_qk+d_v) * L * s(s+1)/2
    //   = 2 * 32 * 256 * 32 * 4096 * 4097 / 2.
    const double flops = 2 * kLlama8bMatmulParams * 4096 + 2.0 * 32 * 256 * 32 * 4096.0 * 4097 / 2;
    QVERIFY(near(r.prefill->flops, flops, 1e-9));
    // Attention kernels run at 0.7 x 0.88 (FlashAttention over GEMM) x 4096 / (4096 + 512)
    // (ramp with sequence length) x 1 (head dim 128) of peak; the GEMMs at 0.7.
    const double attention = 2.0 * 32 * 256 * 32 * 4096.0 * 4097 / 2;
    const double attentionEfficiency = 0.7 * 0.88 * 4096.0 / (4096.0 + 512.0);
    QVERIFY(near(r.prefill->breakdown.attentionSeconds, attention / (989.4e12 * attentionEfficiency), 1e-9));
    QVERIFY(near(r.prefill->breakdown.computeSeconds,
                 (flops - attention) / (989.4e12 * 0.7) + attention / (989.4e12 * attentionEfficiency),
                 1e-9));
    QVERIFY(r.prefill->arithmeticIntensity > r.roofline.ridgeIntensity);
}

void TestEstimator::tensorParallelAddsCommunication()
{
    Scenario single = inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 1023, 2);
    const Report one = run(single);
    QCOMPARE(one.decode->breakdown.communicationSeconds, 0.0);

    Scenario eight = single;
    eight.devices = 8;
    eight.parallelism = Parallelism{8, 1, 1, 1};
    const Report r = run(eight);
    // Megatron: 2 all-reduces per layer of b*d*2 B = 8192 B; ring over 8 GPUs on NVLink 4
    // (450 GB/s per direction x 0.8) with 3 µs per step (nccl-tests 8x H100: 43.7 GB/s busbw
    // at 1 MB = 40 µs over 14 steps, measurement C1):
    // 2 * 32 * (2*7/8 * 8192 / 360e9 + 2*7 * 3e-6).
    const double expected = 2 * 32 * (2.0 * 7 / 8 * 8192 / 360e9 + 2.0 * 7 * 3e-6);
    QVERIFY2(near(r.decode->breakdown.communicationSeconds, expected, 1e-9),
             qPrintable(QString::number(r.decode->breakdown.communicationSeconds)));
    // Each rank reads 1/8 of the weights, so memory time falls, but latency-bound all-reduces
    // now cost about as much: decode at batch 1 on 8 GPUs is communication-bound.
    QVERIFY(r.decode->breakdown.memorySeconds < one.decode->breakdown.memorySeconds / 7);
    QCOMPARE(r.decode->bound, Bound::Communication);
}

void TestEstimator::decodeTurnsComputeBoundAtLargeBatch()
{
    // Short context, large batch: 2*P*b FLOPs against weights read once + KV. At b = 1024,
    // prompt 128: AI ~ 2*7.5e9*1024 / (16e9 + 1024*128*131072) ~ 480 > 295 ridge.
    const Report r = run(inference("nvidia-h100-sxm", "llama-3.1-8b", 1024, 127, 2));
    QVERIFY(r.decode->arithmeticIntensity > r.roofline.ridgeIntensity);
    QCOMPARE(r.decode->bound, Bound::Compute);
}

void TestEstimator::offloadTiersOnRtx4090_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<long long>("batch");
    QTest::addColumn<long long>("prompt");
    QTest::addColumn<QString>("tier");
    // RTX 4090: 24 GiB (25.77 GB) device; catalog host RAM 64 GiB (68.7 GB); disk 4 TB default.
    QTest::newRow("8B, b1: 16 GB weights fit") << "llama-3.1-8b" << 1LL << 1024LL << "none";
    // 16.06 GB weights + KV 32 x 8192 x 131,072 B = 34.4 GB -> ~51 GB: 25 GB over, < 68.7 GB host.
    QTest::newRow("8B, b32 x 8k: KV spills to host RAM") << "llama-3.1-8b" << 32LL << 8192LL << "host_ram";
    // 70B bf16: 141 GB of weights alone > 25.8 + 68.7 GB -> the rest goes to disk.
    QTest::newRow("70B bf16: past host RAM, disk") << "llama-3.1-70b" << 1LL << 1024LL << "disk";
    // 405B: KV 2*126*8*128*2 = 516,096 B/token x 64 x 131,072 tokens = 4.3 TB > 4 TB disk.
    QTest::newRow("405B, b64 x 128k: does not fit") << "llama-3.1-405b" << 64LL << 131072LL << "does_not_fit";
}

void TestEstimator::offloadTiersOnRtx4090()
{
    QFETCH(QString, model);
    QFETCH(long long, batch);
    QFETCH(long long, prompt);
    QFETCH(QString, tier);
    const Report r = run(inference("nvidia-rtx-4090", model.toLatin1().constData(), batch, prompt, 0));
    QCOMPARE(QString::fromLatin1(offloadTierName(r.memory.tier).data()), tier);
}

void TestEstimator::offloadMakesDecodeOffloadBound()
{
    const Report r = run(inference("nvidia-rtx-4090", "llama-3.1-70b", 1, 1024, 16));
    QCOMPARE(r.decode->bound, Bound::Offload);
    // Offloaded bytes cross PCIe 4.0 x16 every step at the measured 0.81 of its 31.5 GB/s
    // (nvbandwidth H2D 26.3 of 31.5 on A100, 51 of 63 on H100, measurement C9); disk at 7 GB/s.
    const double expected = r.memory.hostOffloadBytes / (31.5e9 * 0.81) + r.memory.diskOffloadBytes / 7e9;
    QVERIFY(near(r.decode->breakdown.offloadSeconds, expected, 1e-9));
    QVERIFY(r.decode->breakdown.offloadSeconds > 10 * r.decode->breakdown.memorySeconds);
}

void TestEstimator::fp8WeightsHalveWeightBytes()
{
    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-70b", 1, 1024, 0);
    const double bf16 = run(s).memory.perDevice.weightsBytes;
    s.weights = Precision::Fp8;
    QCOMPARE(run(s).memory.perDevice.weightsBytes, bf16 / 2);
}

void TestEstimator::defaultParallelSplit_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<long long>("devices");
    QTest::addColumn<long long>("tensor");
    QTest::addColumn<long long>("pipeline");
    QTest::addColumn<long long>("data");
    // H100 nodes hold 8 GPUs: tensor parallel up to 8, then pipeline until it fits, then data.
    QTest::newRow("70B on 8: TP 8") << "llama-3.1-70b" << 8LL << 8LL << 1LL << 1LL;
    QTest::newRow("70B on 16: fits at TP 8 -> DP 2") << "llama-3.1-70b" << 16LL << 8LL << 1LL << 2LL;
    // 405B bf16 = 811 GB; / 8 = 101 GB > 80 GiB, so two pipeline stages, then data.
    QTest::newRow("405B on 32: TP 8, PP 2, DP 2") << "llama-3.1-405b" << 32LL << 8LL << 2LL << 2LL;
    QTest::newRow("8B on 6: TP 2 (divides 6 and 32 heads)") << "llama-3.1-8b" << 6LL << 2LL << 1LL << 3LL;
}

void TestEstimator::defaultParallelSplit()
{
    QFETCH(QString, model);
    QFETCH(long long, devices);
    QFETCH(long long, tensor);
    QFETCH(long long, pipeline);
    QFETCH(long long, data);
    Scenario s = inference("nvidia-h100-sxm", model.toLatin1().constData(), 8, 2048, 256);
    s.devices = devices;
    const Report r = run(s);
    QCOMPARE(r.scenario.parallelism->tensor, tensor);
    QCOMPARE(r.scenario.parallelism->pipeline, pipeline);
    QCOMPARE(r.scenario.parallelism->data, data);
}

void TestEstimator::invalidSplitIsRejected_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tensor");
    QTest::addColumn<int>("pipeline");
    QTest::addColumn<int>("expert");
    QTest::addColumn<QString>("field");
    QTest::newRow("tensor 3 does not divide 32 heads")
        << "llama-3.1-8b" << 3 << 1 << 1 << "parallelism.tensor";
    QTest::newRow("64 stages > 32 layers") << "llama-3.1-8b" << 1 << 64 << 1 << "parallelism.pipeline";
    QTest::newRow("expert parallel on a dense model")
        << "llama-3.1-8b" << 1 << 1 << 2 << "parallelism.expert";
    QTest::newRow("expert 3 does not divide 8 experts")
        << "mixtral-8x7b" << 1 << 1 << 3 << "parallelism.expert";
}

void TestEstimator::invalidSplitIsRejected()
{
    QFETCH(QString, model);
    QFETCH(int, tensor);
    QFETCH(int, pipeline);
    QFETCH(int, expert);
    QFETCH(QString, field);
    Scenario s = inference("nvidia-h100-sxm", model.toLatin1().constData(), 1, 128, 0);
    s.devices = tensor * pipeline * expert;
    s.parallelism = Parallelism{tensor, pipeline, 1, expert};
    try {
        run(s);
        QFAIL("expected InputError");
    } catch (const InputError& error) {
        QCOMPARE(QString::fromStdString(error.fieldPath()), field);
    }
}

void TestEstimator::trainingPipelineBubble()
{
    // Narayanan et al. 2021 §2.2: bubble = (p-1)/(m+p-1); p = 4, m = 8 -> 3/11.
    Scenario s = inference("nvidia-h100-sxm", "llama-2-7b", 64, 4096, 0);
    s.mode = Mode::Training;
    s.devices = 32;
    s.parallelism = Parallelism{1, 4, 8, 1};
    s.training.microBatch = 1;
    const Report r = run(s);
    QCOMPARE(r.training->microBatches, 8LL); // 64 sequences / 8 replicas / micro-batch 1
    QVERIFY(near(r.training->pipelineBubbleFraction, 3.0 / 11.0, 1e-12));
}

void TestEstimator::trainingMfuDefinition()
{
    // One H100, no parallelism, no recomputation: the step's FLOPs are the model FLOPs, so
    // MFU = FLOPs / (step x peak), below the GEMM fraction 0.7 by the attention kernels and the
    // non-GEMM passes (element-wise, optimizer) that add to the step.
    Scenario s = inference("nvidia-h100-sxm", "llama-3.2-1b", 8, 2048, 0);
    s.mode = Mode::Training;
    s.training.recompute = Recompute::None;
    const Report r = run(s);
    QCOMPARE(r.training->step.bound, Bound::Compute);
    const auto& step = r.training->step;
    QVERIFY2(near(r.training->mfu, step.flops / (step.seconds * 989.4e12), 1e-9),
             qPrintable(QString::number(r.training->mfu)));
    QVERIFY(step.breakdown.nonGemmSeconds > 0 && step.breakdown.attentionSeconds > 0);
    QVERIFY(near(step.seconds, step.breakdown.computeSeconds + step.breakdown.nonGemmSeconds, 1e-12));
    QVERIFY(r.training->mfu > 0.5 && r.training->mfu < 0.7);
}

void TestEstimator::trainingGlobalBatchIsMicroTimesAccumTimesData()
{
    // Global batch = micro-batch b x micro-batches per step m x data-parallel degree d
    // (Narayanan et al. 2021 §2.2). 8 H100s data-parallel 8, b = 2, m = 4: 2 x 4 x 8 = 64.
    Scenario s = inference("nvidia-h100-sxm", "llama-3.2-1b", 64, 2048, 0);
    s.mode = Mode::Training;
    s.devices = 8;
    s.parallelism = Parallelism{1, 1, 8, 1};
    s.training.microBatch = 2;
    s.training.gradAccum = 4;
    const Report given = run(s);
    QCOMPARE(given.training->microBatches, 4LL);
    // The same step as when grad_accum is derived from the batch: ceil(64 / (8 x 2)) = 4.
    Scenario derived = s;
    derived.training.gradAccum.reset();
    const Report fromBatch = run(derived);
    QCOMPARE(fromBatch.training->microBatches, 4LL);
    QCOMPARE(given.training->step.seconds, fromBatch.training->step.seconds);
    // tokens/s counts the 64 sequences of 2048 tokens the step computes.
    QVERIFY(near(given.training->step.tokensPerSecond, 64.0 * 2048.0 / given.training->step.seconds, 1e-12));
    QVERIFY(given.training->mfu > 0 && given.training->mfu <= 1.0);

    // Batch 63, 32 or 1024 with the same factors: a named error, never a silent 64.
    for (const long long batch : {63LL, 32LL, 1024LL}) {
        Scenario wrong = s;
        wrong.batch = batch;
        try {
            (void)run(wrong);
            QFAIL(qPrintable(QStringLiteral("batch %1 accepted").arg(batch)));
        } catch (const InputError& error) {
            QCOMPARE(error.fieldPath(), std::string("training.grad_accum"));
            const std::string expected =
                "micro_batch 2 x grad_accum 4 x data-parallel degree 8 = 64 sequences, "
                "but batch is " +
                std::to_string(batch);
            QVERIFY2(std::string(error.what()).find(expected) != std::string::npos, error.what());
        }
    }

    // The automatic split keeps the rule: batch 16 = 2 x 4 x d leaves only d = 2 among 8 devices.
    Scenario automatic = s;
    automatic.parallelism.reset();
    automatic.batch = 16;
    const Report chosen = run(automatic);
    QCOMPARE(chosen.scenario.parallelism->data * chosen.scenario.parallelism->expert, 2LL);
    QCOMPARE(chosen.scenario.parallelism->tensor * chosen.scenario.parallelism->pipeline, 4LL);
    QCOMPARE(chosen.training->microBatches, 4LL);
    // ... and grad_accum 3 fits no data degree of 8 devices (64 / (2 x 3) is no whole number).
    automatic.batch = 64;
    automatic.training.gradAccum = 3;
    try {
        (void)run(automatic);
        QFAIL("grad_accum 3 accepted");
    } catch (const InputError& error) {
        QCOMPARE(error.fieldPath(), std::string("training.grad_accum"));
        QVERIFY2(std::string(error.what()).find("no split of 8 devices") != std::string::npos, error.what());
    }
}

void TestEstimator::computeFallbackWarns()
{
    // A100 has no fp8 tensor cores: fp8 compute runs at the bf16 peak (312 TFLOP/s) with a warning.
    Scenario s = inference("nvidia-a100-80gb-sxm", "llama-3.1-8b", 1, 1024, 0);
    s.compute = Precision::Fp8;
    const Report r = run(s);
    QCOMPARE(r.roofline.peakFlopsPerSecond, 312e12);
    QVERIFY(!r.warnings.empty());
}

// A missing peak column means the device cannot run that format natively (README, "Devices"):
// no rate is assumed from another column. The products then run in the fastest column that holds
// the data (as wide or wider, an integer only in an integer or a wider float, a float never in an
// integer), else in the fastest column of all, said louder. Peaks in TFLOP/s, made up so that the
// fastest column is never the answer by accident.
void TestEstimator::computeFallbackUsesNativeColumns_data()
{
    QTest::addColumn<QString>("peaks"); // JSON object, TFLOP/s
    QTest::addColumn<QString>("compute");
    QTest::addColumn<double>("expectedTflops");
    QTest::addColumn<QString>("warning"); // empty: none expected

    QTest::newRow("native nvfp4 runs at its own column")
        << R"({"bf16": 2250, "fp8": 4500, "fp4": 9000, "nvfp4": 9000})"
        << "nvfp4" << 9000.0 << "";
    QTest::newRow("fp8 on an A100: bf16, not the faster int8")
        << R"({"fp32": 19.5, "tf32": 156, "bf16": 312, "fp16": 312, "int8": 624})"
        << "fp8" << 312.0 << "has no fp8 peak; compute uses its bf16 peak";
    QTest::newRow("int8 on a Blackwell Ultra without int8: bf16, not fp8")
        << R"({"bf16": 2500, "fp8": 5000, "fp4": 15000, "nvfp4": 15000})"
        << "int8" << 2500.0 << "has no int8 peak; compute uses its bf16 peak";
    QTest::newRow("a native int8 slower than bf16 is passed over (Blackwell Ultra)")
        << R"({"bf16": 2250, "fp8": 4500, "int8": 150})"
        << "int8" << 2250.0 << "runs int8 slower than bf16; compute uses its bf16 peak";
    QTest::newRow("int4 widens to the faster int8")
        << R"({"bf16": 100, "int8": 400})"
        << "int4" << 400.0 << "has no int4 peak; compute uses its int8 peak";
    QTest::newRow("mxfp8 on Hopper: its fp8 tensor cores")
        << R"({"bf16": 989, "fp8": 1979, "int8": 1979})"
        << "mxfp8" << 1979.0 << "has no mxfp8 peak; compute uses its fp8 peak";
    QTest::newRow("mxfp4 where only nvfp4 is native: the same width and kind")
        << R"({"bf16": 1000, "fp8": 2000, "nvfp4": 4000})"
        << "mxfp4" << 4000.0 << "has no mxfp4 peak; compute uses its nvfp4 peak";
    QTest::newRow("bf16 on an int8-only NPU: narrower, said so")
        << R"({"int8": 45})"
        << "bf16" << 45.0 << "has no bf16 peak nor a wider one; compute uses its int8 peak";
}

void TestEstimator::computeFallbackUsesNativeColumns()
{
    QFETCH(QString, peaks);
    QFETCH(QString, compute);
    QFETCH(double, expectedTflops);
    QFETCH(QString, warning);
    nlohmann::json flops = nlohmann::json::parse(peaks.toStdString());
    for (auto& [key, value] : flops.items())
        value = value.get<double>() * 1e12;
    Catalog catalog = Catalog::builtIn();
    std::vector<lhe::core::Message> warnings;
    catalog.add({{"devices",
                  {{{"id", "test-device"},
                    {"name", "Test device"},
                    {"vendor", "Test"},
                    {"class", "gpu"},
                    {"memory_bytes", 80.0 * 1024 * 1024 * 1024},
                    {"memory_bandwidth", 2e12},
                    {"peak_flops", flops}}}}},
                "test", true, warnings);
    QVERIFY(warnings.empty());
    Scenario s = inference("test-device", "llama-3.1-8b", 1, 1024, 0);
    s.compute = *parsePrecision(compute.toStdString());
    const Report r = estimate(s, catalog);
    QCOMPARE(r.roofline.peakFlopsPerSecond, expectedTflops * 1e12);
    const std::vector<std::string> texts = englishTexts(r.warnings);
    const auto said = std::find_if(texts.begin(), texts.end(), [&](const std::string& text) {
        return text.find("compute uses its") != std::string::npos;
    });
    if (warning.isEmpty()) {
        QVERIFY2(said == texts.end(), said == texts.end() ? "" : said->c_str());
    } else {
        QVERIFY(said != texts.end());
        const QString text = QString::fromStdString(*said);
        QVERIFY2(text.startsWith(QStringLiteral("Test device ") + warning), qPrintable(text));
    }
}

void TestEstimator::outputTokensZeroMeansPrefillOnly()
{
    const Report r = run(inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 1024, 0));
    QVERIFY(r.prefill);
    QVERIFY(!r.decode); // CONTRACT.md: output_tokens 0 means prefill only
}

void TestEstimator::limitsAreTheLargestThatFit_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("model");
    QTest::addColumn<long long>("devices");
    QTest::newRow("8B on a 4090") << "nvidia-rtx-4090"
                                  << "llama-3.1-8b" << 1LL;
    QTest::newRow("70B on 8 H100") << "nvidia-h100-sxm"
                                   << "llama-3.1-70b" << 8LL;
    QTest::newRow("Gemma 2 windows on an A100") << "nvidia-a100-80gb-sxm"
                                                << "gemma-2-9b" << 1LL;
    QTest::newRow("DeepSeek-V3 on 16 H100") << "nvidia-h100-sxm"
                                            << "deepseek-v3" << 16LL;
    QTest::newRow("70B on a 4090: nothing fits") << "nvidia-rtx-4090"
                                                 << "llama-3.1-70b" << 1LL;
}

void TestEstimator::limitsAreTheLargestThatFit()
{
    QFETCH(QString, device);
    QFETCH(QString, model);
    QFETCH(long long, devices);
    Scenario s = inference(device.toLatin1().constData(), model.toLatin1().constData(), 8, 4096, 512);
    s.devices = devices;
    const Report r = run(s);
    // Definition: the batch (context) that fits while one more does not, checked by evaluating
    // the neighbours as full scenarios.
    auto fits = [&](long long batch, long long prompt) {
        Scenario t = s;
        t.batch = batch;
        t.promptTokens = prompt;
        t.outputTokens = 0;
        t.parallelism = r.scenario.parallelism;
        return run(t).memory.fits;
    };
    const long long b = r.limits->maxBatchFits;
    const long long c = r.limits->maxContextFits;
    if (b == 0) {
        QVERIFY(!fits(1, 4096 + 512));
        QCOMPARE(c, 0LL);
        return;
    }
    QVERIFY(fits(b, 4096 + 512));
    QVERIFY(!fits(b + 1, 4096 + 512));
    QVERIFY(fits(8, c));
    QVERIFY(!fits(8, c + 1));
}

void TestEstimator::unknownIdsAreInputErrors()
{
    Scenario s = inference("nvidia-h100-sxm", "llama-9", 1, 128, 0);
    QVERIFY_THROWS_EXCEPTION(InputError, run(s));
    s = inference("gpu-9000", "llama-3.1-8b", 1, 128, 0);
    QVERIFY_THROWS_EXCEPTION(InputError, run(s));
}

QTEST_GUILESS_MAIN(TestEstimator)
#include "tst_estimator.moc"
