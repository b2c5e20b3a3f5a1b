// The Primer's one-click presets (resources/primer/presets.json) against the claims of their
// paragraphs (widgets/panels/primer_panel.cpp): each claim is written out here with the datasheet
// arithmetic behind it, and checked on the estimate the dashboard shows (calibrated defaults,
// embedded catalog). A preset that no longer demonstrates its paragraph fails here.
#include "core/charts/chart_data.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"

#include <QFile>
#include <QtTest>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

using namespace lhe::core;
using nlohmann::json;

namespace {

// Published parameter counts (catalogs/models.json, from the Hugging Face model cards).
constexpr double kLlama8bParams = 8030261248.0;
constexpr double kLlama70bParams = 70553706496.0;
constexpr double kQwen3_32bParams = 32762123264.0;
// Llama-3.1-8B's linear modules (config.json: hidden 4096, 32 query and 8 KV heads of 128,
// intermediate 14336, 32 layers): q, o 4096 × 4096; k, v 4096 × 1024; gate, up, down 4096 × 14336.
constexpr double kLlama8bLinearPerLayer = 2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336;
constexpr double kLlama8bLayers = 32;

// Datasheets (catalogs/devices.json): NVIDIA H100 SXM 3.35 TB/s HBM3, 989.4 TFLOP/s dense BF16,
// 1,978.9 TFLOP/s dense FP8, 80 GiB; RTX 4090 1.008 TB/s GDDR6X (384 bit × 21 Gb/s), 24 GiB;
// AMD EPYC 9654 12 × DDR5-4800 × 8 B = 460.8 GB/s; PCIe 4.0 x16 31.5 GB/s; NVLink 4 450 GB/s.
constexpr double kH100Bandwidth = 3.35e12;
constexpr double kH100Fp8Flops = 1978.9e12;
constexpr double kH100CapacityBytes = 80.0 * 1024 * 1024 * 1024;
constexpr double kRtx4090Bandwidth = 1.008e12;
constexpr double kRtx4090CapacityBytes = 24.0 * 1024 * 1024 * 1024;
constexpr double kEpyc9654Bandwidth = 12 * 4800e6 * 8;
constexpr double kPcie4x16 = 16e9 * 16 * 128.0 / 130.0 / 8.0;
constexpr double kNvlink4 = 450e9;

// Bits per weight including block scales (llama.cpp ggml-quants: Q4_K_M mixes Q4_K and Q6_K
// blocks to 4.85 bits on average; Q8_0 is 32 int8 + one fp16 scale = 34 B per 32 weights).
constexpr double kQ4KmBits = 4.85;
constexpr double kQ8_0Bits = 34.0 * 8 / 32;

bool near(double actual, double expected, double relative)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

QByteArray describe(double actual, double expected)
{
    return QByteArray::number(actual, 'g', 6) + " vs expected " + QByteArray::number(expected, 'g', 6);
}

const json& presetsDocument()
{
    static const json document = [] {
        QFile file(QStringLiteral(LHE_SOURCE_DIR "/resources/primer/presets.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read resources/primer/presets.json");
        const QByteArray bytes = file.readAll();
        return json::parse(bytes.constBegin(), bytes.constEnd());
    }();
    return document;
}

json presetScenario(const std::string& id)
{
    for (const json& preset : presetsDocument().at("presets")) {
        if (preset.at("id") == id)
            return preset.at("scenario");
    }
    qFatal("no preset %s", id.c_str());
}

Report run(const std::string& id)
{
    return estimate(scenarioFromJson(presetScenario(id)), Catalog::builtIn());
}

} // namespace

class TestPrimerPresets : public QObject
{
    Q_OBJECT

private slots:
    void everyPresetEvaluatesCleanly_data();
    void everyPresetEvaluatesCleanly();
    void everyPresetHasAClaimHere();
    void trainingNeedsOptimizerStatesBeyondWeights();
    void trainingBarShowsOptimizerStatesWhole();
    void cpuHoldsTheModelButDecodesSlowly();
    void ramVsVramSpillsToHostRam();
    void hbmOutpacesGddrByTheBandwidthRatio();
    void decodeIsBandwidthBound();
    void prefillIsComputeBound();
    void pcieTensorParallelIsCommunicationBound();
    void smallSpillMakesDecodeOffloadBound();
    void fullFineTuningNeeds16BytesPerParameter();
    void loraTrainsAHalfPercentBesideAFrozenBase();
    void qloraStoresTheBaseInFourBits();
    void frozenBaseBackwardCostsAboutOneForward();

private:
    // The presets a test below checks; every preset of the file must be one of them.
    const QStringList m_claimed{QStringLiteral("training-memory"),
                                QStringLiteral("cpu-70b"),
                                QStringLiteral("ram-vram-70b-4090"),
                                QStringLiteral("gddr-rtx-4090"),
                                QStringLiteral("hbm-h100"),
                                QStringLiteral("decode-bandwidth"),
                                QStringLiteral("prefill-compute"),
                                QStringLiteral("communication-pcie"),
                                QStringLiteral("communication-nvlink"),
                                QStringLiteral("offload-fits-q4"),
                                QStringLiteral("offload-spills-q8"),
                                QStringLiteral("finetune-full-4090"),
                                QStringLiteral("finetune-lora-4090"),
                                QStringLiteral("finetune-qlora-4090")};
    // Presets whose paragraph says they do not fit (anywhere the card can reach).
    const QStringList m_doesNotFit{QStringLiteral("finetune-full-4090")};
};

void TestPrimerPresets::everyPresetEvaluatesCleanly_data()
{
    QTest::addColumn<QString>("id");
    for (const json& preset : presetsDocument().at("presets")) {
        const std::string id = preset.at("id").get<std::string>();
        QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }
}

void TestPrimerPresets::everyPresetEvaluatesCleanly()
{
    QFETCH(QString, id);
    const json scenario = presetScenario(id.toStdString());
    // Explicit, not defaulted: a teacher reading the file sees every input of the demonstration.
    for (const char* field : {"device", "model", "mode", "batch", "prompt_tokens", "devices", "precision"})
        QVERIFY2(scenario.contains(field), field);
    Report report;
    try {
        report = run(id.toStdString());
    } catch (const InputError& error) {
        QFAIL(error.what());
    }
    QVERIFY2(report.warnings.empty(),
             report.warnings.empty() ? "" : lhe::core::englishText(report.warnings.front()).c_str());
    if (!m_doesNotFit.contains(id))
        QVERIFY(report.memory.tier != OffloadTier::DoesNotFit && report.memory.tier != OffloadTier::Disk);
    for (const auto& phase :
         {report.prefill, report.decode,
          report.training ? std::optional(report.training->step) : std::optional<PhaseEstimate>()}) {
        if (phase)
            QVERIFY(std::isfinite(phase->seconds) && phase->seconds > 0);
    }
}

void TestPrimerPresets::everyPresetHasAClaimHere()
{
    QStringList ids;
    for (const json& preset : presetsDocument().at("presets"))
        ids << QString::fromStdString(preset.at("id").get<std::string>());
    QCOMPARE(ids.size(), QSet<QString>(ids.begin(), ids.end()).size()); // unique
    QStringList sortedIds = ids, sortedClaimed = m_claimed;
    sortedIds.sort();
    sortedClaimed.sort();
    QCOMPARE(sortedIds, sortedClaimed);
}

void TestPrimerPresets::trainingNeedsOptimizerStatesBeyondWeights()
{
    // "2 + 2 + 12 = 16 bytes per parameter": BF16 weights and gradients, AdamW's FP32 master
    // copy, momentum and variance (ZeRO §3.1, K = 12). Llama-3.1-8B: 16.1 + 16.1 + 96.4 GB.
    const Report r = run("training-memory");
    QVERIFY(r.training);
    const MemoryBreakdown& m = r.memory.perDevice;
    QVERIFY2(near(m.weightsBytes, 2 * kLlama8bParams, 0.01), describe(m.weightsBytes, 2 * kLlama8bParams));
    QVERIFY2(near(m.gradientsBytes, 2 * kLlama8bParams, 0.01),
             describe(m.gradientsBytes, 2 * kLlama8bParams));
    QVERIFY2(near(m.optimizerStatesBytes, 12 * kLlama8bParams, 0.01),
             describe(m.optimizerStatesBytes, 12 * kLlama8bParams));
    QVERIFY(m.optimizerStatesBytes > 5 * m.weightsBytes); // "dwarf the weights"
    // "about 130 GB: more than one 80 GB H100 holds".
    QVERIFY2(m.totalBytes() > 16 * kLlama8bParams && m.totalBytes() < 145e9, describe(m.totalBytes(), 130e9));
    QVERIFY(m.totalBytes() > kH100CapacityBytes);
    QVERIFY(!r.memory.fits);
    QCOMPARE(r.memory.tier, OffloadTier::HostRam); // "the badge says what spills to host RAM"

    // "Llama-3.1-8B is served from 17 GB": the same model and GPU in inference.
    json inference = presetScenario("training-memory");
    inference["mode"] = "inference";
    inference["batch"] = 1;
    inference["prompt_tokens"] = 1024;
    inference["output_tokens"] = 256;
    const Report served = estimate(scenarioFromJson(inference), Catalog::builtIn());
    QVERIFY(served.memory.fits);
    QVERIFY2(served.memory.perDevice.totalBytes() < 18e9,
             describe(served.memory.perDevice.totalBytes(), 17e9));
    QCOMPARE(served.memory.perDevice.optimizerStatesBytes, 0.0);
    QCOMPARE(served.memory.perDevice.gradientsBytes, 0.0);
}

void TestPrimerPresets::trainingBarShowsOptimizerStatesWhole()
{
    // The paragraph says the optimizer states dwarf the weights, so the bar must draw them whole:
    // 8,030,261,248 parameters × 12 B (AdamW fp32 master copy, momentum, variance) =
    // 96,363,134,976 B ≈ 96.4 GB, not clipped at the 80 GiB line.
    const Report r = run("training-memory");
    const MemoryChart chart = memoryChart(r);
    QCOMPARE(chart.bars.size(), std::size_t(1));
    const MemoryBar& bar = chart.bars.front();
    const MemoryBreakdown& m = r.memory.perDevice;
    QCOMPARE(m.optimizerStatesBytes, 12 * kLlama8bParams);
    double optimizerBytes = 0;
    for (const MemorySegment& segment : bar.segments) {
        if (segment.kind == MemorySegmentKind::OptimizerStates)
            optimizerBytes += segment.bytes;
    }
    QVERIFY2(near(optimizerBytes, 96'363'134'976.0, 1e-12), describe(optimizerBytes, 96'363'134'976.0));

    // Stacked bottom up (runtime, activations, weights, gradients, then the optimizer states), the
    // capacity line cuts the states: 80 GiB = 85,899,345,920 B less everything below them stays on
    // the device, the rest (total − 80 GiB) goes to host RAM; 256 GiB of it is plenty.
    const double belowOptimizer = m.totalBytes() - m.optimizerStatesBytes;
    const ComponentPlacement optimizer = componentPlacement(bar, MemorySegmentKind::OptimizerStates);
    QVERIFY2(near(optimizer.deviceBytes, kH100CapacityBytes - belowOptimizer, 1e-12),
             describe(optimizer.deviceBytes, kH100CapacityBytes - belowOptimizer));
    QVERIFY2(near(optimizer.hostRamBytes, m.totalBytes() - kH100CapacityBytes, 1e-12),
             describe(optimizer.hostRamBytes, m.totalBytes() - kH100CapacityBytes));
    QCOMPARE(optimizer.diskBytes, 0.0);
    QCOMPARE(optimizer.unplacedBytes, 0.0);
    // Both parts are big: the bar shows them as one component of ~96 GB, split ~48 / ~48 GB.
    QVERIFY2(optimizer.deviceBytes > 40e9 && optimizer.hostRamBytes > 40e9,
             describe(optimizer.deviceBytes, optimizer.hostRamBytes));
    // The two parts meet at the capacity line, the device part below it.
    const MemorySegment* device = nullptr;
    const MemorySegment* host = nullptr;
    for (const MemorySegment& segment : bar.segments) {
        if (segment.kind != MemorySegmentKind::OptimizerStates)
            continue;
        (segment.placement == MemoryPlacement::Device ? device : host) = &segment;
    }
    QVERIFY(device && host && host->placement == MemoryPlacement::HostRam);
    QVERIFY(near(device->startBytes + device->bytes, kH100CapacityBytes, 1e-12));
    QCOMPARE(host->startBytes, device->startBytes + device->bytes);
    // What is stacked below the states stays whole on the device.
    QCOMPARE(componentPlacement(bar, MemorySegmentKind::Weights).deviceBytes, 2 * kLlama8bParams);
    QCOMPARE(componentPlacement(bar, MemorySegmentKind::Gradients).deviceBytes, 2 * kLlama8bParams);
    // Everything off the device is what the report offloads.
    double offBytes = 0;
    for (const MemorySegment& segment : bar.segments) {
        if (segment.placement != MemoryPlacement::Device)
            offBytes += segment.bytes;
    }
    QVERIFY2(near(offBytes, r.memory.offloadedBytes, 1e-12), describe(offBytes, r.memory.offloadedBytes));
    QVERIFY2(near(r.memory.offloadedBytes, m.totalBytes() - kH100CapacityBytes, 1e-12),
             describe(r.memory.offloadedBytes, m.totalBytes() - kH100CapacityBytes));
}

void TestPrimerPresets::cpuHoldsTheModelButDecodesSlowly()
{
    // 70.55 G parameters × 2 B = 141.1 GB: fits 768 GiB of DDR5, not an H100's 80 GiB.
    const Report r = run("cpu-70b");
    QVERIFY(r.memory.fits);
    QVERIFY(r.memory.perDevice.weightsBytes > kH100CapacityBytes);
    QVERIFY(r.decode && r.prefill && r.ideal.decode);
    QCOMPARE(r.decode->bound, Bound::Memory);
    QCOMPARE(r.prefill->bound, Bound::Compute);
    // "at most 3.3 tokens/s": 460.8 GB/s ÷ 141.1 GB = 3.27 (the KV cache read adds 0.3 %).
    const double ceiling = kEpyc9654Bandwidth / (2 * kLlama70bParams);
    QVERIFY2(near(ceiling, 3.27, 0.005), describe(ceiling, 3.27));
    QVERIFY2(near(r.ideal.decode->tokensPerSecond, ceiling, 0.01),
             describe(r.ideal.decode->tokensPerSecond, ceiling));
    QVERIFY(r.decode->tokensPerSecond < 3.3 && r.decode->tokensPerSecond > 2.0); // "about 3"
    // "a 1,024-token prompt takes about 20 s": at least 2 × 70.55 G × 1024 / 14.75 TFLOP/s = 9.8 s.
    QVERIFY2(r.prefill->seconds > 9.8 && r.prefill->seconds < 30, describe(r.prefill->seconds, 20));
}

void TestPrimerPresets::ramVsVramSpillsToHostRam()
{
    // Q4_K_M: 70.55 G × 4.85 / 8 = 42.8 GB of weights ("43 GB") on a 24 GiB (25.8 GB) card.
    const Report r = run("ram-vram-70b-4090");
    const double weights = kLlama70bParams * kQ4KmBits / 8;
    QVERIFY2(near(r.memory.perDevice.weightsBytes, weights, 0.005),
             describe(r.memory.perDevice.weightsBytes, weights));
    QVERIFY(near(weights, 43e9, 0.01));
    QVERIFY(!r.memory.fits);
    QCOMPARE(r.memory.tier, OffloadTier::HostRam);
    // "18 GB of it cannot stay": 42.8 GB + KV cache, activations and runtime (~1 GB) − 25.8 GB.
    QVERIFY2(near(r.memory.offloadedBytes, weights + 1e9 - kRtx4090CapacityBytes, 0.05),
             describe(r.memory.offloadedBytes, weights + 1e9 - kRtx4090CapacityBytes));
    QVERIFY2(r.memory.offloadedBytes > 17e9 && r.memory.offloadedBytes < 19e9,
             describe(r.memory.offloadedBytes, 18e9));
    // "Offload I/O, about 1 token/s": 18 GB over 31.5 GB/s takes ≥ 0.57 s per token.
    QVERIFY(r.decode);
    QCOMPARE(r.decode->bound, Bound::Offload);
    QVERIFY(r.decode->breakdown.offloadSeconds >= r.memory.offloadedBytes / kPcie4x16);
    QVERIFY2(r.decode->tokensPerSecond > 0.5 && r.decode->tokensPerSecond < 1.75,
             describe(r.decode->tokensPerSecond, 1));
    QVERIFY(near(kRtx4090Bandwidth / kPcie4x16, 32, 0.01)); // "32 times slower"
}

void TestPrimerPresets::hbmOutpacesGddrByTheBandwidthRatio()
{
    // Same model, batch and context; only the memory differs (3.35 TB/s HBM3 vs 1.008 TB/s GDDR6X).
    const Report gddr = run("gddr-rtx-4090");
    const Report hbm = run("hbm-h100");
    QVERIFY(gddr.decode && hbm.decode && gddr.ideal.decode && hbm.ideal.decode);
    QCOMPARE(gddr.decode->bound, Bound::Memory);
    QCOMPARE(hbm.decode->bound, Bound::Memory);
    // "≈ 210 tokens/s on H100 and ≈ 63 on RTX 4090": bandwidth ÷ 16.06 GB of BF16 weights
    // (the 0.2 GB KV cache at a 1,152-token mean context makes the ideal 1 % slower).
    const double weights = 2 * kLlama8bParams;
    QVERIFY2(near(hbm.ideal.decode->tokensPerSecond, kH100Bandwidth / weights, 0.015),
             describe(hbm.ideal.decode->tokensPerSecond, kH100Bandwidth / weights));
    QVERIFY2(near(gddr.ideal.decode->tokensPerSecond, kRtx4090Bandwidth / weights, 0.015),
             describe(gddr.ideal.decode->tokensPerSecond, kRtx4090Bandwidth / weights));
    QVERIFY(near(kH100Bandwidth / weights, 210, 0.01) && near(kRtx4090Bandwidth / weights, 63, 0.01));
    // "the same 3.3× as the bandwidth" (ideal) and "about 2.5×" once per-layer overheads count.
    const double bandwidthRatio = kH100Bandwidth / kRtx4090Bandwidth;
    QVERIFY(near(bandwidthRatio, 3.32, 0.005));
    const double idealRatio = gddr.ideal.decode->seconds / hbm.ideal.decode->seconds;
    QVERIFY2(near(idealRatio, bandwidthRatio, 0.005), describe(idealRatio, bandwidthRatio));
    const double estimatedRatio = hbm.decode->tokensPerSecond / gddr.decode->tokensPerSecond;
    QVERIFY2(estimatedRatio > 2.0 && estimatedRatio < 3.0, describe(estimatedRatio, 2.5));
    // The memory part of the step alone keeps the bandwidth ratio within the calibrated
    // efficiencies (H100 STREAM 88.7 %; the RTX 4090 in the same range).
    const double memoryRatio = gddr.decode->breakdown.memorySeconds / hbm.decode->breakdown.memorySeconds;
    QVERIFY2(near(memoryRatio, bandwidthRatio, 0.1), describe(memoryRatio, bandwidthRatio));
}

void TestPrimerPresets::decodeIsBandwidthBound()
{
    const Report r = run("decode-bandwidth");
    QVERIFY(r.memory.fits && r.decode && r.ideal.decode);
    QCOMPARE(r.decode->bound, Bound::Memory);
    // "2 FLOP per byte" with 1-byte FP8 weights, against a ridge of 1,978.9 / 3.35 = 590.7 FLOP/B.
    const double ridge = kH100Fp8Flops / kH100Bandwidth;
    QVERIFY(near(ridge, 590.7, 0.001));
    QVERIFY2(near(r.roofline.ridgeIntensity, ridge, 0.001), describe(r.roofline.ridgeIntensity, ridge));
    QVERIFY2(near(r.decode->arithmeticIntensity, 2.0, 0.1), describe(r.decode->arithmeticIntensity, 2.0));
    QVERIFY(r.decode->arithmeticIntensity < ridge / 100); // "far left of the ridge"
    QVERIFY(r.decode->breakdown.memorySeconds > 50 * r.decode->breakdown.computeSeconds);
    // "70.6 GB ÷ 3.35 TB/s = 21 ms per token, at most 47 tokens/s".
    const double ceiling = kH100Bandwidth / kLlama70bParams;
    QVERIFY(near(ceiling, 47.5, 0.01));
    QVERIFY2(r.ideal.decode->tokensPerSecond <= ceiling &&
                 near(r.ideal.decode->tokensPerSecond, ceiling, 0.03),
             describe(r.ideal.decode->tokensPerSecond, ceiling));
    QVERIFY(r.decode->tokensPerSecond < ceiling);
}

void TestPrimerPresets::prefillIsComputeBound()
{
    const Report r = run("prefill-compute");
    QVERIFY(r.memory.fits && r.prefill && r.ideal.prefill);
    QCOMPARE(r.prefill->bound, Bound::Compute);
    // "thousands of FLOP per byte, far right of the ridge at 590".
    QVERIFY2(r.prefill->arithmeticIntensity > 1000, describe(r.prefill->arithmeticIntensity, 1000));
    QVERIFY(r.prefill->arithmeticIntensity > 2 * r.roofline.ridgeIntensity);
    QVERIFY(r.prefill->breakdown.computeSeconds > 5 * r.prefill->breakdown.memorySeconds);
    // "2 × 70.6 billion parameters × 8,192 tokens ≈ 1.16 PFLOP, ÷ 1,979 TFLOP/s ≈ 0.6 s at peak";
    // attention over the 8,192-token context adds a few per cent.
    const double flops = 2 * kLlama70bParams * 8192;
    QVERIFY(near(flops, 1.16e15, 0.005));
    QVERIFY2(r.prefill->flops >= 0.98 * flops && r.prefill->flops < 1.1 * flops,
             describe(r.prefill->flops, flops));
    // The GEMMs at peak; the element-wise passes between them add ~12 % at datasheet bandwidth.
    QVERIFY2(near(r.ideal.prefill->breakdown.computeSeconds, flops / kH100Fp8Flops, 0.1),
             describe(r.ideal.prefill->breakdown.computeSeconds, flops / kH100Fp8Flops));
    QVERIFY(r.ideal.prefill->seconds < 1.25 * flops / kH100Fp8Flops);
    // The same scenario's decode sits on the slope.
    QVERIFY(r.decode);
    QCOMPARE(r.decode->bound, Bound::Memory);
}

void TestPrimerPresets::pcieTensorParallelIsCommunicationBound()
{
    const Report pcie = run("communication-pcie");
    const Report nvlink = run("communication-nvlink");
    QCOMPARE(pcie.scenario.parallelism->tensor, 8LL);
    QCOMPARE(nvlink.scenario.parallelism->tensor, 8LL);
    QVERIFY(pcie.prefill && nvlink.prefill);
    QCOMPARE(pcie.prefill->bound, Bound::Communication);
    QVERIFY2(
        pcie.prefill->breakdown.communicationSeconds > 2 * pcie.prefill->breakdown.computeSeconds,
        describe(pcie.prefill->breakdown.communicationSeconds, 2 * pcie.prefill->breakdown.computeSeconds));
    QCOMPARE(nvlink.prefill->bound, Bound::Compute);
    QVERIFY(nvlink.prefill->breakdown.communicationSeconds < nvlink.prefill->breakdown.computeSeconds);
    // Same model, split and prompt: the all-reduce volume is the same, the link 450 / 31.5 =
    // 14.3× faster, so NVLink's communication time is at least 10× shorter.
    QVERIFY(near(kNvlink4 / kPcie4x16, 14.3, 0.01));
    QVERIFY(pcie.prefill->breakdown.communicationSeconds >
            10 * nvlink.prefill->breakdown.communicationSeconds);
    // "Its decode card says Latency: ... 80 × 100 µs = 8 ms outweighs every byte moved."
    QVERIFY(nvlink.decode);
    QCOMPARE(nvlink.decode->bound, Bound::Latency);
    QVERIFY(near(nvlink.decode->breakdown.latencySeconds, 80 * 100e-6, 1e-12));
    QVERIFY(nvlink.decode->breakdown.latencySeconds > nvlink.decode->breakdown.communicationSeconds &&
            nvlink.decode->breakdown.latencySeconds >
                nvlink.decode->breakdown.memorySeconds + nvlink.decode->breakdown.nonGemmSeconds);
}

void TestPrimerPresets::smallSpillMakesDecodeOffloadBound()
{
    const Report fits = run("offload-fits-q4");
    const Report spills = run("offload-spills-q8");
    // "Qwen3-32B at Q4_K_M (20 GB) fits in 24 GB": 32.76 G × 4.85 / 8 = 19.9 GB.
    QVERIFY2(near(fits.memory.perDevice.weightsBytes, kQwen3_32bParams * kQ4KmBits / 8, 0.005),
             describe(fits.memory.perDevice.weightsBytes, kQwen3_32bParams * kQ4KmBits / 8));
    QVERIFY(fits.memory.fits);
    QVERIFY(fits.decode);
    QCOMPARE(fits.decode->bound, Bound::Memory);
    // "at Q8_0 (35 GB) 10 GB spill to host RAM": 32.76 G × 8.5 / 8 = 34.8 GB, + ~1 GB − 25.8 GB.
    const double weights = kQwen3_32bParams * kQ8_0Bits / 8;
    QVERIFY2(near(spills.memory.perDevice.weightsBytes, weights, 0.005),
             describe(spills.memory.perDevice.weightsBytes, weights));
    QCOMPARE(spills.memory.tier, OffloadTier::HostRam);
    QVERIFY2(spills.memory.offloadedBytes > 9e9 && spills.memory.offloadedBytes < 11e9,
             describe(spills.memory.offloadedBytes, 10e9));
    // "about a quarter of the bytes, but most of the time of every token".
    const double spilledShare = spills.memory.offloadedBytes / spills.memory.perDevice.totalBytes();
    QVERIFY2(spilledShare > 0.2 && spilledShare < 0.35, describe(spilledShare, 0.25));
    QVERIFY(spills.decode);
    QCOMPARE(spills.decode->bound, Bound::Offload);
    QVERIFY(spills.decode->breakdown.offloadSeconds > 0.5 * spills.decode->seconds);
    QVERIFY(spills.decode->breakdown.offloadSeconds > 4 * spills.decode->breakdown.memorySeconds);
    // "Memory bandwidth at about 28 tokens/s, then Offload I/O at about 2 tokens/s": the PCIe
    // read alone, 10 GB ÷ 31.5 GB/s ≥ 0.31 s, caps the spilled run below 3.2 tokens/s.
    QVERIFY(spills.decode->tokensPerSecond < kPcie4x16 / spills.memory.offloadedBytes);
    QVERIFY2(fits.decode->tokensPerSecond > 20 && fits.decode->tokensPerSecond < 35,
             describe(fits.decode->tokensPerSecond, 28));
    QVERIFY2(spills.decode->tokensPerSecond > 1.5 && spills.decode->tokensPerSecond < 3,
             describe(spills.decode->tokensPerSecond, 2));
}

// "Full fine-tuning, LoRA and QLoRA": Llama-3.1-8B on a 24 GB RTX 4090, sequence 512,
// micro-batch 1, full recomputation.
void TestPrimerPresets::fullFineTuningNeeds16BytesPerParameter()
{
    // "mixed-precision AdamW keeps 16 bytes per parameter: BF16 weights 2, gradients 2, and the
    // FP32 master copy, momentum and variance 12" (ZeRO §3.1, K = 12): "8.03 billion × 16 B =
    // 128.5 GB before any activation" — 8,030,261,248 × 16 = 128,484,179,968 B.
    const Report r = run("finetune-full-4090");
    QVERIFY(r.training);
    const MemoryBreakdown& m = r.memory.perDevice;
    QCOMPARE(m.weightsBytes, 2 * kLlama8bParams);
    QCOMPARE(m.gradientsBytes, 2 * kLlama8bParams);
    QCOMPARE(m.optimizerStatesBytes, 12 * kLlama8bParams);
    QCOMPARE(m.weightsBytes + m.gradientsBytes + m.optimizerStatesBytes, 128'484'179'968.0);
    QCOMPARE(r.paramsTrainable, kLlama8bParams);
    // "full fine-tuning needs about 130 GB and does not fit" a 24 GiB (25.8 GB) card; "its
    // optimizer states alone overflow the card".
    QVERIFY2(m.totalBytes() > 129e9 && m.totalBytes() < 131e9, describe(m.totalBytes(), 130e9));
    QVERIFY(!r.memory.fits);
    QVERIFY(m.optimizerStatesBytes > kRtx4090CapacityBytes);
    // "(over 100 GB would spill to host RAM and disk)": 130.2 − 25.8 = 104.5 GB, more than the
    // 64 GiB of host RAM the catalog gives the card's machine.
    QVERIFY2(r.memory.offloadedBytes > 100e9, describe(r.memory.offloadedBytes, 104e9));
    QCOMPARE(r.memory.tier, OffloadTier::Disk);
    // The report's comparison of methods at this step agrees with the three presets.
    QVERIFY(r.training->methodsCompared);
    QVERIFY(!r.training->methodFits[0] && r.training->methodFits[1] && r.training->methodFits[2]);
    QVERIFY(
        near(*r.training->methodBytes[1], run("finetune-lora-4090").memory.perDevice.totalBytes(), 1e-12));
    QVERIFY(
        near(*r.training->methodBytes[2], run("finetune-qlora-4090").memory.perDevice.totalBytes(), 1e-12));
}

void TestPrimerPresets::loraTrainsAHalfPercentBesideAFrozenBase()
{
    // "LoRA freezes the base (16 GB in BF16)": 8,030,261,248 × 2 B = 16.06 GB, no gradients, no
    // optimizer states.
    const Report r = run("finetune-lora-4090");
    const MemoryBreakdown& m = r.memory.perDevice;
    QCOMPARE(m.weightsBytes, 2 * kLlama8bParams);
    QCOMPARE(m.gradientsBytes, 0.0);
    QCOMPARE(m.optimizerStatesBytes, 0.0);
    // "r × (in + out) parameters: at rank 16 on every linear layer 42 million" (Hu et al. §4.1,
    // PEFT all-linear): 16 × ((4096 + 4096) × 2 + (4096 + 1024) × 2 + (4096 + 14336) × 3) × 32
    // = 16 × 81,920 × 32 = 41,943,040; "half a percent of the model": 0.52 %.
    const double adapters =
        16 * (2 * (4096.0 + 4096) + 2 * (4096.0 + 1024) + 3 * (4096.0 + 14336)) * kLlama8bLayers;
    QCOMPARE(adapters, 41'943'040.0);
    QCOMPARE(r.paramsTrainable, adapters);
    QVERIFY(near(adapters / kLlama8bParams, 0.005, 0.1));
    // "whose weights, gradients and optimizer states take 0.7 GB": PEFT keeps adapters in fp32,
    // 4 + 4 + Adam m, v 8 = 16 B each (no master copy): 671,088,640 B.
    QCOMPARE(m.adaptersBytes, 16 * adapters);
    QVERIFY(near(m.adaptersBytes, 0.7e9, 0.05));
    // "LoRA about 18 GB ... fits"; "a thin Adapters segment" beside the 16 GB of weights.
    QVERIFY2(m.totalBytes() > 17.5e9 && m.totalBytes() < 18.5e9, describe(m.totalBytes(), 18e9));
    QVERIFY(r.memory.fits);
    QVERIFY(m.adaptersBytes < 0.05 * m.totalBytes());
}

void TestPrimerPresets::qloraStoresTheBaseInFourBits()
{
    // "4-bit NormalFloat, about 4.13 bits per weight with double quantization" (QLoRA §3): blocks of
    // 64 weights with an 8-bit scale, one fp32 constant per 256 blocks, 4 + 8/64 + 32/(64 × 256)
    // = 4.127 bits. The linear modules, 218,103,808 × 32 = 6,979,321,856 weights, take
    // 3,600,416,768 B; the embedding, output head and norms (1,050,939,392) stay in BF16.
    const double bits = 4 + 8.0 / 64 + 32.0 / (64 * 256);
    QVERIFY(near(bits, 4.13, 0.001));
    const double linear = kLlama8bLinearPerLayer * kLlama8bLayers;
    QCOMPARE(linear, 6'979'321'856.0);
    const Report r = run("finetune-qlora-4090");
    const MemoryBreakdown& m = r.memory.perDevice;
    const double weights = linear * bits / 8 + (kLlama8bParams - linear) * 2;
    QCOMPARE(m.weightsBytes, weights);
    // "QLoRA's weights shrink to about a third" of LoRA's 16 GB (5.7 GB: the 16-bit embedding and
    // head are 2.1 GB of it).
    QVERIFY2(m.weightsBytes / (2 * kLlama8bParams) > 0.3 && m.weightsBytes / (2 * kLlama8bParams) < 0.4,
             describe(m.weightsBytes, 2 * kLlama8bParams / 3));
    QCOMPARE(m.adaptersBytes, run("finetune-lora-4090").memory.perDevice.adaptersBytes);
    // "QLoRA about 7.5 GB ... fits".
    QVERIFY2(m.totalBytes() > 7.0e9 && m.totalBytes() < 8.0e9, describe(m.totalBytes(), 7.5e9));
    QVERIFY(r.memory.fits);
    QVERIFY(m.dequantWorkspaceBytes > 0);
}

void TestPrimerPresets::frozenBaseBackwardCostsAboutOneForward()
{
    // "the backward pass only passes the gradient on to its input, about as much work as the forward
    // pass instead of twice it": without recomputation full fine-tuning is forward F + backward 2F
    // (Kaplan et al. 2020 §2.1, 6·N per token), so F is a third of its FLOPs; LoRA's backward is what
    // it does beyond that forward.
    json full = presetScenario("finetune-full-4090");
    json lora = presetScenario("finetune-lora-4090");
    full["training"]["recompute"] = "none";
    lora["training"]["recompute"] = "none";
    const Report rf = estimate(scenarioFromJson(full), Catalog::builtIn());
    const Report rl = estimate(scenarioFromJson(lora), Catalog::builtIn());
    const double forward = rf.training->step.flops / 3;
    const double loraBackward = rl.training->step.flops - forward;
    // The adapters add 6 × 41.9 M × 512 FLOPs to 6 × 7.5 G × 512: the ratio stays within 2 % of 1.
    QVERIFY2(loraBackward / forward > 0.98 && loraBackward / forward < 1.05,
             describe(loraBackward / forward, 1));
    QVERIFY2(near(rl.training->step.flops / rf.training->step.flops, 2.0 / 3, 0.02),
             describe(rl.training->step.flops / rf.training->step.flops, 2.0 / 3));
    // With the preset's full recomputation the base runs three passes instead of four.
    QVERIFY(
        near(run("finetune-lora-4090").training->step.flops / run("finetune-full-4090").training->step.flops,
             3.0 / 4, 0.02));
}

QTEST_GUILESS_MAIN(TestPrimerPresets)
#include "tst_primer_presets.moc"
