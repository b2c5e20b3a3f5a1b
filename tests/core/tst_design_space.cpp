// The design-space map: its axes, the verdict of each cell, the out-of-memory boundary and the
// compute/memory crossover, and the read-outs. Expected values are worked out by hand from the
// catalog figures (bytes of weights and KV cache against device capacity, FLOP against peak),
// with the full core::estimate as a consistency check of every cell.
#include "core/charts/design_space.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "relative_compare.h"

#include <QtTest>
#include <array>
#include <cmath>
#include <set>
#include <tuple>

using namespace lhe::core;

Q_DECLARE_METATYPE(Scenario)
Q_DECLARE_METATYPE(RooflinePhase)
Q_DECLARE_METATYPE(OffloadTier)
Q_DECLARE_METATYPE(Bound)
Q_DECLARE_METATYPE(CellVerdict)

namespace {

// Catalog figures used by the hand calculations (catalogs/*.json, core/catalog/device.cpp defaults).
constexpr double kRtx4090Bytes = 25'769'803'776; // 24 GiB
constexpr double kH100Bytes = 85'899'345'920;    // 80 GiB
constexpr double kRuntimeOverhead = 400e6;       // CUDA context (pytorch/pytorch#109888)
// PyTorch caching-allocator reserve on the dynamic tensors (activations): 5 %.
constexpr double kAllocatorReserve = 1.05;
constexpr double kLlama8bParams = 8'030'261'248;
constexpr double kLlama70bParams = 70'553'706'496;
// K and V, 32 layers x 8 KV heads x 128 x 2 B (bf16) = 131,072 B per token.
constexpr double kLlama8bKvBytesPerToken = 2.0 * 32 * 8 * 128 * 2;

Scenario inference(const char* device, const char* model, long long devices = 1)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.devices = devices;
    return s; // batch 1, prompt 2048, output 256, bf16 (core/scenario/scenario.h defaults)
}

const Device& device(const char* id)
{
    return *Catalog::builtIn().findDevice(id);
}

const ModelArchitecture& model(const char* id)
{
    return Catalog::builtIn().findModel(id)->architecture;
}

std::size_t indexOf(const std::vector<long long>& values, long long value)
{
    const auto it = std::find(values.begin(), values.end(), value);
    return static_cast<std::size_t>(it - values.begin());
}

bool fits(CellVerdict v)
{
    return v != CellVerdict::Offload && v != CellVerdict::DoesNotFit;
}

// Unit edges of the polylines, as (x0, y0, x1, y1) with the smaller end first.
std::set<std::array<double, 4>> unitEdges(const std::vector<MapPolyline>& lines)
{
    std::set<std::array<double, 4>> edges;
    for (const MapPolyline& line : lines) {
        for (std::size_t i = 1; i < line.size(); ++i) {
            MapPoint a = line[i - 1];
            MapPoint b = line[i];
            if (std::tie(b.x, b.y) < std::tie(a.x, a.y))
                std::swap(a, b);
            edges.insert({a.x, a.y, b.x, b.y});
        }
    }
    return edges;
}

// The edges a boundary must consist of, derived from the verdict grid independently of the
// core's chaining: every pair of 4-neighbours on different sides.
template <typename Side> std::set<std::array<double, 4>> expectedEdges(const DesignSpaceMap& map, Side side)
{
    std::set<std::array<double, 4>> edges;
    for (std::size_t r = 0; r < map.rows(); ++r) {
        for (std::size_t c = 0; c < map.columns(); ++c) {
            const int here = side(map.verdict(c, r));
            if (here < 0)
                continue;
            if (c + 1 < map.columns()) {
                const int right = side(map.verdict(c + 1, r));
                if (right >= 0 && right != here)
                    edges.insert({map.batchEdges[c + 1], map.sequenceEdges[r], map.batchEdges[c + 1],
                                  map.sequenceEdges[r + 1]});
            }
            if (r + 1 < map.rows()) {
                const int above = side(map.verdict(c, r + 1));
                if (above >= 0 && above != here)
                    edges.insert({map.batchEdges[c], map.sequenceEdges[r + 1], map.batchEdges[c + 1],
                                  map.sequenceEdges[r + 1]});
            }
        }
    }
    return edges;
}

int fitSide(CellVerdict v)
{
    return fits(v) ? 1 : 0;
}

int crossoverSide(CellVerdict v)
{
    return v == CellVerdict::Compute ? 1 : (v == CellVerdict::MemoryBandwidth ? 0 : -1);
}

void verifyFinite(const DesignSpaceMap& map)
{
    for (double e : map.batchEdges)
        QVERIFY(std::isfinite(e));
    for (double e : map.sequenceEdges)
        QVERIFY(std::isfinite(e));
    for (const auto* lines : {&map.outOfMemoryBoundary, &map.crossover}) {
        for (const MapPolyline& line : *lines) {
            for (const MapPoint& p : line)
                QVERIFY(std::isfinite(p.x) && std::isfinite(p.y));
        }
    }
    QVERIFY(std::isfinite(map.current.x) && std::isfinite(map.current.y));
}

} // namespace

class TestDesignSpace : public QObject
{
    Q_OBJECT

private slots:
    void axisValuesAreSliderValues();
    void edgesSurroundEachValue();
    void verdictFromTierAndBound_data();
    void verdictFromTierAndBound();
    void seventyBOnOneH100NeverFits();
    void outOfMemoryBoundaryOnRtx4090();
    void decodeCrossoverOnH100();
    void devicesNeeded_data();
    void devicesNeeded();
    void everythingFitsHasNoBoundary();
    void cellsMatchFullEstimate_data();
    void cellsMatchFullEstimate();
    void boundariesAreTheDifferingNeighbours_data();
    void boundariesAreTheDifferingNeighbours();
    void phaseChoice();
    void rejectedSplitFallsBackWithoutThrowing();
    void trainingReadOutsAreTheFitLimits();
    void currentPointAndLookup();
    void catalogOverloadResolvesImportedConfig();
};

void TestDesignSpace::axisValuesAreSliderValues()
{
    // 2 per octave from 1 to 4096: 1.41 rounds to 1 (dropped as a repeat), then 1/32-octave
    // rounding: 90.5 -> 90, 181 -> 180, 362 -> 360, 724 -> 720, 1448 -> 1440, 2896 -> 2880.
    const std::vector<long long> batches = {1,  2,   3,   4,   6,   8,   11,  16,   23,   32,   45,   64,
                                            90, 128, 180, 256, 360, 512, 720, 1024, 1440, 2048, 2880, 4096};
    QCOMPARE(logAxisValues(1, 4096, 2), batches);
    const std::vector<long long> sequences = logAxisValues(128, 1 << 20, 2);
    QCOMPARE(sequences.size(), std::size_t(27)); // 13 octaves, 2 per octave, both ends
    QCOMPARE(sequences.front(), 128LL);
    QCOMPARE(sequences[1], 180LL); // 128 * sqrt 2 = 181.02, to a multiple of 4: the prompt slider's value
    QCOMPARE(sequences[2], 256LL);
    QCOMPARE(sequences.back(), 1LL << 20);
    // A maximum off the grid is still the last value.
    QCOMPARE(logAxisValues(1, 10, 1), (std::vector<long long>{1, 2, 4, 8, 10}));
}

void TestDesignSpace::edgesSurroundEachValue()
{
    const DesignSpaceMap map = designSpaceMap(inference("nvidia-rtx-4090", "llama-3.1-8b"),
                                              device("nvidia-rtx-4090"), model("llama-3.1-8b"));
    QCOMPARE(map.columns(), std::size_t(24));
    QCOMPARE(map.rows(), std::size_t(27));
    QCOMPARE(map.verdicts.size(), map.columns() * map.rows());
    QCOMPARE(map.batchEdges.size(), map.columns() + 1);
    QCOMPARE(map.sequenceEdges.size(), map.rows() + 1);
    // Outer edges half a nominal cell (1/2 octave / 2) beyond the end values; inner edges halfway.
    QCOMPARE(map.batchEdges.front(), -0.25);
    QCOMPARE(map.batchEdges.back(), 12.25);
    QCOMPARE(map.sequenceEdges.front(), 6.75);
    QCOMPARE(map.sequenceEdges.back(), 20.25);
    QCOMPARE(map.batchEdges[1], 0.5); // between log2 1 and log2 2
    for (std::size_t c = 0; c < map.columns(); ++c) {
        const double x = std::log2(static_cast<double>(map.batches[c]));
        QVERIFY(map.batchEdges[c] < x && x < map.batchEdges[c + 1]);
    }
    verifyFinite(map);
}

void TestDesignSpace::verdictFromTierAndBound_data()
{
    QTest::addColumn<OffloadTier>("tier");
    QTest::addColumn<Bound>("bound");
    QTest::addColumn<CellVerdict>("verdict");
    QTest::newRow("fits, compute") << OffloadTier::None << Bound::Compute << CellVerdict::Compute;
    QTest::newRow("fits, memory") << OffloadTier::None << Bound::Memory << CellVerdict::MemoryBandwidth;
    QTest::newRow("fits, communication")
        << OffloadTier::None << Bound::Communication << CellVerdict::Communication;
    QTest::newRow("host RAM, compute") << OffloadTier::HostRam << Bound::Compute << CellVerdict::Offload;
    QTest::newRow("disk, memory") << OffloadTier::Disk << Bound::Memory << CellVerdict::Offload;
    QTest::newRow("nowhere, offload") << OffloadTier::DoesNotFit << Bound::Offload << CellVerdict::DoesNotFit;
}

void TestDesignSpace::verdictFromTierAndBound()
{
    QFETCH(OffloadTier, tier);
    QFETCH(Bound, bound);
    QFETCH(CellVerdict, verdict);
    QCOMPARE(cellVerdict(tier, bound), verdict);
}

void TestDesignSpace::seventyBOnOneH100NeverFits()
{
    // bf16 weights alone: 2 x 70,553,706,496 = 141.1 GB > 85.9 GB of one H100, at any batch and length.
    QVERIFY(2 * kLlama70bParams > kH100Bytes);
    const DesignSpaceMap map = designSpaceMap(inference("nvidia-h100-sxm", "llama-3.1-70b"),
                                              device("nvidia-h100-sxm"), model("llama-3.1-70b"));
    std::set<CellVerdict> seen(map.verdicts.begin(), map.verdicts.end());
    for (CellVerdict v : seen)
        QVERIFY(v == CellVerdict::Offload || v == CellVerdict::DoesNotFit);
    // Small batch and context spill to host RAM (256 GiB); 4096 x 1M tokens of KV cache
    // (4096 x 1,048,704 x 327,680 B = 1.4 PB) fits nowhere.
    QCOMPARE(map.verdict(0, 0), CellVerdict::Offload);
    QCOMPARE(map.verdict(map.columns() - 1, map.rows() - 1), CellVerdict::DoesNotFit);
    QVERIFY(map.outOfMemoryBoundary.empty());
    QVERIFY(map.crossover.empty());
    QCOMPARE(map.maxBatchFits, 0LL);
    QCOMPARE(map.maxContextFits, 0LL);
    // Two H100s (tensor 2): 70.6 GB of weights + 1.07 GB runtime + 0.38 GB KV + 0.18 GB activations
    // per device < 85.9 GB.
    QCOMPARE(map.devicesNeeded, std::optional<long long>(2));
    verifyFinite(map);
}

void TestDesignSpace::outOfMemoryBoundaryOnRtx4090()
{
    // Llama-3.1-8B, bf16, decode, on one RTX 4090 (24 GiB). Per device at batch b and a
    // 2048-token prompt + 256 output tokens:
    //   weights 2 x 8,030,261,248 B = 16.06 GB, runtime context 400 MB,
    //   KV cache b x 2304 x 131,072 B, activations min(2048 b, 8192 chunk) x (2 x 4096 + 2 x 14336) x 2 B
    //   + fp32 logits b x 128,256 x 4 B, and 5 % of the activations as allocator reserve.
    const Scenario s = inference("nvidia-rtx-4090", "llama-3.1-8b");
    const DesignSpaceMap map = designSpaceMap(s, device("nvidia-rtx-4090"), model("llama-3.1-8b"));
    auto need = [](double b) {
        return 2 * kLlama8bParams + kRuntimeOverhead + b * 2304 * kLlama8bKvBytesPerToken +
               kAllocatorReserve * (std::min(2048 * b, 8192.0) * (2 * 4096 + 2 * 14336) * 2 + b * 128256 * 4);
    };
    QVERIFY(need(23) < kRtx4090Bytes); // 24.05 GB
    QVERIFY(need(32) > kRtx4090Bytes); // 26.78 GB
    const std::size_t row = indexOf(map.sequences, 2048);
    const std::size_t fitting = indexOf(map.batches, 23);
    QVERIFY(row < map.rows() && fitting < map.columns());
    QVERIFY(fits(map.verdict(fitting, row)));
    QCOMPARE(map.verdict(fitting + 1, row), CellVerdict::Offload); // batch 32: host RAM
    // ... so the boundary crosses the 2048-token row halfway (in log2) between 23 and 32.
    const double x = 0.5 * (std::log2(23.0) + std::log2(32.0));
    const auto edges = unitEdges(map.outOfMemoryBoundary);
    QVERIFY(edges.count({x, map.sequenceEdges[row], x, map.sequenceEdges[row + 1]}) == 1);

    // Read-outs from the report's limits. Largest batch: (capacity - weights - runtime - 1.05 x
    // 8192-token activations) / (KV per sequence + 1.05 x logits per sequence) = 28.7 -> 28.
    const double perSequence = 2304 * kLlama8bKvBytesPerToken + kAllocatorReserve * 128256 * 4;
    const double room = kRtx4090Bytes - 2 * kLlama8bParams - kRuntimeOverhead -
                        kAllocatorReserve * 8192.0 * (2 * 4096 + 2 * 14336) * 2;
    QCOMPARE(map.maxBatchFits, static_cast<long long>(std::floor(room / perSequence)));
    QCOMPARE(map.maxBatchFits, 28LL);
    // Longest context at batch 1: the prompt's 2048-token pass stays the activation size:
    // (capacity - weights - runtime - 1.05 x (2048 x 36,864 x 2 + 128,256 x 4)) / 131,072
    // = 69,810.5 -> 69,810.
    const double roomForKv = kRtx4090Bytes - 2 * kLlama8bParams - kRuntimeOverhead -
                             kAllocatorReserve * (2048.0 * (2 * 4096 + 2 * 14336) * 2 + 128256 * 4);
    QCOMPARE(map.maxContextFits, static_cast<long long>(std::floor(roomForKv / kLlama8bKvBytesPerToken)));
    QCOMPARE(map.maxContextFits, 69810LL);
    QCOMPARE(map.devicesNeeded, std::optional<long long>(1));
}

void TestDesignSpace::decodeCrossoverOnH100()
{
    // Llama-3.1-8B decode on one H100 at a 128-token prompt + 256 output (mean context 256).
    // Per step at batch b (the H100's measured fractions 0.803 of 989.4 TFLOP/s, 0.887 of
    // 3.35 TB/s, element-wise passes at the STREAM fraction 0.865):
    //   compute: b x (2 x 7,504,924,672 matmul params + 2 x 32 x 256 x (32 x 256) attention) FLOP
    //   memory bandwidth: 16.06 GB of weights + b x 2 x 32 layers x (2 x 4096 + 2 x 14336) x 2 B
    //            of live tensors beside the GEMMs, + b x (256 + 1) x 131,072 B of KV cache the
    //            attention kernels read and write + b x 6,029,312 B of element-wise passes
    //            between them (those at 0.865).
    // They are equal at b* = 16.06e9 / 2.971e12 / (15.14e9 / 794.5e12 - (257 x 131,072 +
    //   4,718,592) / 2.971e12 - 6,029,312 / 2.898e12) = 1,333: every batch that fits (up to 1024;
    // 1440 offloads) is memory-bandwidth bound, and the crossover lies beyond device memory.
    const double compute = 0.803 * 989.4e12;
    const double bandwidth = 0.887 * 3.35e12;
    const double passes = 0.865 * 3.35e12;
    const double flopsPerSequence =
        2 * model("llama-3.1-8b").matmulParamsActive() + 2.0 * 32 * 256 * (32 * 256);
    const double liveTensors = 2.0 * 32 * (2 * 4096 + 2 * 14336) * 2;
    const double elementwise = 32.0 * (10 * 4096 + 2 * (32 + 8) * 128 + 3 * 14336) * 2;
    const double crossover =
        (2 * kLlama8bParams / bandwidth) /
        (flopsPerSequence / compute - (257 * kLlama8bKvBytesPerToken + liveTensors) / bandwidth -
         elementwise / passes);
    LHE_COMPARE_REL(crossover, 1333.0, 1e-3);

    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-8b");
    s.promptTokens = 128;
    const DesignSpaceMap map = designSpaceMap(s, device("nvidia-h100-sxm"), model("llama-3.1-8b"));
    QCOMPARE(map.phase, RooflinePhase::Decode);
    const std::size_t row = indexOf(map.sequences, 128);
    QCOMPARE(row, std::size_t(0));
    for (std::size_t c = 0; c < map.columns() && map.batches[c] <= 1024; ++c)
        QCOMPARE(map.verdict(c, row), CellVerdict::MemoryBandwidth);
    // 1440 x 384 x 131,072 B = 72.5 GB of KV cache + 16.1 GB weights > 85.9 GB: offload.
    QCOMPARE(map.verdict(indexOf(map.batches, 1440), row), CellVerdict::Offload);
    // Batch 1 is memory-bandwidth bound wherever it fits.
    for (std::size_t r = 0; r < map.rows(); ++r) {
        if (fits(map.verdict(0, r)))
            QCOMPARE(map.verdict(0, r), CellVerdict::MemoryBandwidth);
    }
    // No compute/memory crossover in this row: it would lie past the out-of-memory boundary.
    for (const auto& edge : unitEdges(map.crossover))
        QVERIFY(!(edge[1] == map.sequenceEdges[row] && edge[3] == map.sequenceEdges[row + 1]));
}

void TestDesignSpace::devicesNeeded_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("model");
    QTest::addColumn<long long>("prompt");
    QTest::addColumn<long long>("expected");
    // 16.06 GB weights + 2304 x 131,072 B KV + 1 GiB < 25.77 GB.
    QTest::newRow("8B, 2k, RTX 4090") << "nvidia-rtx-4090"
                                      << "llama-3.1-8b" << 2048LL << 1LL;
    // 16.06 GB + 131,328 x 131,072 B = 17.2 GB of KV > 25.77 GB; two pipeline stages halve both:
    // 8.03 + 8.61 + 1.07 + 0.6 GB activations = 18.3 GB.
    QTest::newRow("8B, 128k, RTX 4090") << "nvidia-rtx-4090"
                                        << "llama-3.1-8b" << 131072LL << 2LL;
    // No NVLink (one device per node): pipeline stages only. 141.1 GB / 4 = 35.3 GB > 25.77 GB;
    // / 8 = 17.6 GB + 1.07 + 0.09 KV + 0.3 activations = 19.1 GB fits.
    QTest::newRow("70B, 2k, RTX 4090") << "nvidia-rtx-4090"
                                       << "llama-3.1-70b" << 2048LL << 8LL;
}

void TestDesignSpace::devicesNeeded()
{
    QFETCH(QString, device);
    QFETCH(QString, model);
    QFETCH(long long, prompt);
    QFETCH(long long, expected);
    QVERIFY(2 * kLlama8bParams < kRtx4090Bytes); // the 8B's weights alone fit one 24 GiB card
    Scenario s = inference(qPrintable(device), qPrintable(model));
    s.promptTokens = prompt;
    s.devices = 4; // the search ignores the scenario's own device count and split
    s.parallelism = Parallelism{1, 4, 1, 1};
    const DesignSpaceMap map = designSpaceMap(s, ::device(qPrintable(device)), ::model(qPrintable(model)));
    QCOMPARE(map.devicesNeeded, std::optional<long long>(expected));
}

void TestDesignSpace::everythingFitsHasNoBoundary()
{
    // Qwen2.5-0.5B on a B200 (192 GB): ~1 GB of weights; at batch 16 and 4096 + 256 tokens the KV
    // cache is 16 x 4352 x 12,288 B = 0.86 GB. Every cell of a small map fits.
    DesignSpaceAxes axes;
    axes.batchMax = 16;
    axes.sequenceMax = 4096;
    const DesignSpaceMap map = designSpaceMap(inference("nvidia-b200", "qwen2.5-0.5b"), device("nvidia-b200"),
                                              model("qwen2.5-0.5b"), axes);
    QCOMPARE(map.columns(), std::size_t(8)); // 1 2 3 4 6 8 11 16 (1.41 rounds to 1: dropped)
    for (CellVerdict v : map.verdicts)
        QVERIFY(fits(v));
    QVERIFY(map.outOfMemoryBoundary.empty());
    QVERIFY(map.maxBatchFits > 16);
    verifyFinite(map);
}

void TestDesignSpace::cellsMatchFullEstimate_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<RooflinePhase>("phase");
    QTest::newRow("8B RTX 4090 decode")
        << inference("nvidia-rtx-4090", "llama-3.1-8b") << RooflinePhase::Decode;
    QTest::newRow("8B H100 prefill") << inference("nvidia-h100-sxm", "llama-3.1-8b")
                                     << RooflinePhase::Prefill;
    QTest::newRow("70B 8xH100 decode")
        << inference("nvidia-h100-sxm", "llama-3.1-70b", 8) << RooflinePhase::Decode;
    Scenario split = inference("nvidia-h100-sxm", "llama-3.1-70b", 8);
    split.parallelism = Parallelism{2, 4, 1, 1};
    QTest::newRow("70B 8xH100 manual split") << split << RooflinePhase::Decode;
    QTest::newRow("DeepSeek-V3 16xH100")
        << inference("nvidia-h100-sxm", "deepseek-v3", 16) << RooflinePhase::Decode;
    Scenario training = inference("nvidia-h100-sxm", "llama-2-7b", 8);
    training.mode = Mode::Training;
    training.batch = 64;
    training.promptTokens = 4096;
    training.training.zeroStage = 1;
    QTest::newRow("training 7B 8xH100") << training << RooflinePhase::Decode;
}

void TestDesignSpace::cellsMatchFullEstimate()
{
    QFETCH(Scenario, scenario);
    QFETCH(RooflinePhase, phase);
    DesignSpaceAxes axes;
    axes.phase = phase;
    const DesignSpaceMap map = designSpaceMap(scenario, Catalog::builtIn(), axes);
    for (std::size_t r = 0; r < map.rows(); ++r) {
        for (std::size_t c = 0; c < map.columns(); ++c) {
            Scenario cell = scenario;
            cell.batch = map.batches[c];
            cell.promptTokens = map.sequences[r];
            const Report report = estimate(cell, Catalog::builtIn());
            const PhaseEstimate& estimate = report.training                  ? report.training->step
                                            : phase == RooflinePhase::Decode ? *report.decode
                                                                             : *report.prefill;
            QCOMPARE(map.verdict(c, r), cellVerdict(report.memory.tier, estimate.bound));
        }
    }
    verifyFinite(map);
}

void TestDesignSpace::boundariesAreTheDifferingNeighbours_data()
{
    cellsMatchFullEstimate_data();
}

void TestDesignSpace::boundariesAreTheDifferingNeighbours()
{
    QFETCH(Scenario, scenario);
    QFETCH(RooflinePhase, phase);
    DesignSpaceAxes axes;
    axes.phase = phase;
    const DesignSpaceMap map = designSpaceMap(scenario, Catalog::builtIn(), axes);
    QCOMPARE(unitEdges(map.outOfMemoryBoundary), expectedEdges(map, fitSide));
    QCOMPARE(unitEdges(map.crossover), expectedEdges(map, crossoverSide));
    // Chained: each unit edge appears once, consecutive points are one cell edge apart.
    std::size_t segments = 0;
    for (const MapPolyline& line : map.outOfMemoryBoundary) {
        QVERIFY(line.size() >= 2);
        segments += line.size() - 1;
        for (std::size_t i = 1; i < line.size(); ++i)
            QVERIFY((line[i].x == line[i - 1].x) != (line[i].y == line[i - 1].y));
    }
    QCOMPARE(segments, expectedEdges(map, fitSide).size());
}

void TestDesignSpace::phaseChoice()
{
    const Device& h100 = device("nvidia-h100-sxm");
    const ModelArchitecture& arch = model("llama-3.1-8b");
    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-8b");
    DesignSpaceAxes axes;
    QCOMPARE(designSpaceMap(s, h100, arch, axes).phase, RooflinePhase::Decode);
    axes.phase = RooflinePhase::Prefill;
    const DesignSpaceMap prefill = designSpaceMap(s, h100, arch, axes);
    QCOMPARE(prefill.phase, RooflinePhase::Prefill);
    // Prefill of 2048 tokens at batch 1: 2 x 7.5e9 x 2048 FLOP against 16 GB of weights, 1,900
    // FLOP/B, far above the H100's ridge (989.4 / 3.35 = 295 FLOP/B): compute bound.
    QCOMPARE(prefill.verdict(0, indexOf(prefill.sequences, 2048)), CellVerdict::Compute);
    s.outputTokens = 0; // prefill only: the map shows prefill whatever was asked
    axes.phase = RooflinePhase::Decode;
    QCOMPARE(designSpaceMap(s, h100, arch, axes).phase, RooflinePhase::Prefill);
    s.mode = Mode::Training;
    QCOMPARE(designSpaceMap(s, h100, arch, axes).phase, RooflinePhase::TrainingStep);
}

void TestDesignSpace::rejectedSplitFallsBackWithoutThrowing()
{
    // Tensor 3 does not divide Llama-3.1-8B's 32 heads: core::estimate refuses the split; the map
    // uses the default split instead.
    Scenario s = inference("nvidia-h100-sxm", "llama-3.1-8b", 3);
    s.parallelism = Parallelism{3, 1, 1, 1};
    QVERIFY_THROWS_EXCEPTION(InputError, estimate(s, Catalog::builtIn()));
    DesignSpaceMap map;
    try {
        map = designSpaceMap(s, Catalog::builtIn());
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    Scenario fallback = s;
    fallback.parallelism.reset();
    const DesignSpaceMap expected = designSpaceMap(fallback, Catalog::builtIn());
    QVERIFY(map.verdicts == expected.verdicts);
}

void TestDesignSpace::trainingReadOutsAreTheFitLimits()
{
    // Llama-2-7B training on 8 H100 (tensor 8): memory grows with sequence length (activations)
    // but not with global batch beyond the micro-batches in flight (gradient accumulation).
    Scenario s = inference("nvidia-h100-sxm", "llama-2-7b", 8);
    s.mode = Mode::Training;
    s.batch = 64;
    s.promptTokens = 4096;
    const DesignSpaceMap map = designSpaceMap(s, Catalog::builtIn());
    QCOMPARE(map.maxBatchFits, kFitSearchLimit);
    QVERIFY(map.maxContextFits > 4096);
    auto fitsAt = [&](long long tokens) {
        Scenario probe = s;
        probe.promptTokens = tokens;
        return estimate(probe, Catalog::builtIn()).memory.tier == OffloadTier::None;
    };
    QVERIFY(fitsAt(map.maxContextFits));
    QVERIFY(!fitsAt(map.maxContextFits + 1));
    // The scenario's column agrees: sequence values up to the limit fit, above it they do not.
    const std::size_t column = indexOf(map.batches, 64);
    for (std::size_t r = 0; r < map.rows(); ++r)
        QCOMPARE(fits(map.verdict(column, r)), map.sequences[r] <= map.maxContextFits);
}

void TestDesignSpace::currentPointAndLookup()
{
    Scenario s = inference("nvidia-rtx-4090", "llama-3.1-8b");
    s.batch = 8;
    s.promptTokens = 4096;
    const DesignSpaceMap map = designSpaceMap(s, device("nvidia-rtx-4090"), model("llama-3.1-8b"));
    QCOMPARE(map.current.x, 3.0);
    QCOMPARE(map.current.y, 12.0);
    QVERIFY(map.currentInside);
    QCOMPARE(map.batch, 8LL);
    QCOMPARE(map.contextTokens, 4096LL + 256); // prompt + output
    QCOMPARE(designSpaceColumnAt(map, map.current.x), static_cast<int>(indexOf(map.batches, 8)));
    QCOMPARE(designSpaceRowAt(map, map.current.y), static_cast<int>(indexOf(map.sequences, 4096)));
    for (std::size_t c = 0; c < map.columns(); ++c)
        QCOMPARE(designSpaceColumnAt(map, std::log2(static_cast<double>(map.batches[c]))),
                 static_cast<int>(c));
    QCOMPARE(designSpaceColumnAt(map, -0.3), -1);
    QCOMPARE(designSpaceColumnAt(map, 12.3), -1);
    QCOMPARE(designSpaceRowAt(map, std::nan("")), -1);
    QCOMPARE(designSpaceRowAt(map, 20.25), static_cast<int>(map.rows()) - 1);
    s.promptTokens = 64; // below the map: still a finite point, flagged outside
    const DesignSpaceMap below = designSpaceMap(s, device("nvidia-rtx-4090"), model("llama-3.1-8b"));
    QCOMPARE(below.current.y, 6.0);
    QVERIFY(!below.currentInside);
}

void TestDesignSpace::catalogOverloadResolvesImportedConfig()
{
    Scenario s = inference("nvidia-rtx-4090", "");
    s.modelConfig = Catalog::builtIn().findModel("llama-3.1-8b")->hfConfig;
    const DesignSpaceMap imported = designSpaceMap(s, Catalog::builtIn());
    const DesignSpaceMap named =
        designSpaceMap(inference("nvidia-rtx-4090", "llama-3.1-8b"), Catalog::builtIn());
    QVERIFY(imported.verdicts == named.verdicts);
    QCOMPARE(imported.maxBatchFits, named.maxBatchFits);
    Scenario unknown = inference("no-such-device", "llama-3.1-8b");
    QVERIFY_THROWS_EXCEPTION(InputError, designSpaceMap(unknown, Catalog::builtIn()));
}

QTEST_GUILESS_MAIN(TestDesignSpace)
#include "tst_design_space.moc"
