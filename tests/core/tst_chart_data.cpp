// Chart geometry from reports: stacked segments add up to the report's bytes, every component is
// drawn whole and split at the capacity line into its resident and offloaded parts (by tier),
// pipeline stages get their own bars, and the roofline's lines and points sit where the roofline
// model puts them.
#include "core/charts/chart_data.h"
#include "core/estimate/estimator.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <vector>

using namespace lhe::core;

namespace {

Report run(const char* device, const char* model, Mode mode, long long batch, long long prompt,
           long long devices)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.mode = mode;
    s.batch = batch;
    s.promptTokens = prompt;
    s.outputTokens = 128;
    s.devices = devices;
    return estimate(s, Catalog::builtIn());
}

double sumSegments(const MemoryBar& bar)
{
    double sum = 0;
    for (const auto& segment : bar.segments)
        sum += segment.bytes;
    return sum;
}

// Bytes of a bar in one placement, every component together.
double placedBytes(const MemoryBar& bar, MemoryPlacement placement)
{
    double sum = 0;
    for (const auto& segment : bar.segments)
        sum += segment.placement == placement ? segment.bytes : 0.0;
    return sum;
}

// Each segment starts where the one below it ends, and a component's segments are adjacent.
bool contiguous(const MemoryBar& bar)
{
    double top = 0;
    std::vector<MemorySegmentKind> seen;
    for (const auto& segment : bar.segments) {
        if (std::abs(segment.startBytes - top) > 1e-9 * std::max(1.0, top))
            return false;
        top = segment.startBytes + segment.bytes;
        if (seen.empty() || seen.back() != segment.kind) {
            if (std::find(seen.begin(), seen.end(), segment.kind) != seen.end())
                return false;
            seen.push_back(segment.kind);
        }
    }
    return true;
}

} // namespace

class TestChartData : public QObject
{
    Q_OBJECT

private slots:
    void fitsStacksEveryComponent();
    void overflowAboveCapacityByTier();
    void doesNotFitLeavesTheTopUnplaced();
    void pipelineStagesGetOwnBars();
    void rooflineGeometry();
    void hostLinkOnlyWhenOffloading();
};

void TestChartData::fitsStacksEveryComponent()
{
    const Report r = run("nvidia-rtx-4090", "llama-3.1-8b", Mode::Inference, 4, 4096, 1);
    const MemoryChart chart = memoryChart(r);
    QCOMPARE(chart.bars.size(), std::size_t(1));
    const MemoryBar& bar = chart.bars.front();
    QCOMPARE(bar.stage, 0LL);
    // Bottom up: the overheads (runtime context, NCCL buffers, allocator reserve), activations,
    // QLoRA's dequantization workspace, the unused KV pool, KV cache, then weights (what offload
    // would move out).
    const auto& m = r.memory.perDevice;
    QCOMPARE(bar.segments[0].kind, MemorySegmentKind::RuntimeContext);
    QCOMPARE(bar.segments[0].bytes, 400e6); // CUDA context with lazy loading (pytorch#109888)
    QCOMPARE(bar.segments[1].kind, MemorySegmentKind::CommunicationBuffers);
    QCOMPARE(bar.segments[1].bytes, 0.0); // one device: no communicator
    QCOMPARE(bar.segments[2].kind, MemorySegmentKind::AllocatorReserve);
    QCOMPARE(bar.segments[2].bytes, 0.05 * m.activationsBytes);
    QCOMPARE(bar.segments[3].kind, MemorySegmentKind::Activations);
    QCOMPARE(bar.segments[4].kind, MemorySegmentKind::DequantWorkspace);
    QCOMPARE(bar.segments[4].bytes, 0.0); // only QLoRA training dequantizes
    QCOMPARE(bar.segments[5].kind, MemorySegmentKind::KvPoolReserve);
    QCOMPARE(bar.segments[5].bytes, 0.0); // no serving pre-allocation by default
    QCOMPARE(bar.segments[6].kind, MemorySegmentKind::RecurrentState);
    QCOMPARE(bar.segments[6].bytes, 0.0); // a transformer: no linear-attention layers
    QCOMPARE(bar.segments[7].kind, MemorySegmentKind::KvCache);
    QCOMPARE(bar.segments[7].startBytes, 400e6 + 1.05 * m.activationsBytes);
    QCOMPARE(bar.segments[8].kind, MemorySegmentKind::VisionWeights);
    QCOMPARE(bar.segments[8].bytes, 0.0); // text only
    QCOMPARE(bar.segments[9].kind, MemorySegmentKind::Weights);
    QCOMPARE(bar.segments[9].bytes, m.weightsBytes);
    QVERIFY(qAbs(sumSegments(bar) - r.memory.perDevice.totalBytes()) < 1.0);
    QCOMPARE(bar.segments.size(), std::size_t(kMemorySegmentKindCount)); // one each, none cut
    QCOMPARE(placedBytes(bar, MemoryPlacement::Device), sumSegments(bar));
    QVERIFY(chart.axisMaxBytes > chart.capacityBytes);
}

void TestChartData::overflowAboveCapacityByTier()
{
    // 70B bf16 on a 24 GiB card: 70,553,706,496 × 2 B = 141.1 GB of weights. The overheads,
    // activations and KV cache stack first and stay whole on the device; the weights fill the
    // device to capacity and go on above the line, to host RAM (64 GiB) then disk (4 TB).
    const Report r = run("nvidia-rtx-4090", "llama-3.1-70b", Mode::Inference, 1, 1024, 1);
    const MemoryChart chart = memoryChart(r);
    const MemoryBar& bar = chart.bars.front();
    const MemoryBreakdown& m = r.memory.perDevice;
    const double capacity = 24.0 * 1024 * 1024 * 1024;
    QCOMPARE(r.memory.capacityPerDeviceBytes, capacity);
    QVERIFY(contiguous(bar));
    QVERIFY(qAbs(placedBytes(bar, MemoryPlacement::Device) - capacity) < 1.0);
    QCOMPARE(placedBytes(bar, MemoryPlacement::HostRam), 64.0 * 1024 * 1024 * 1024);
    const double disk = m.totalBytes() - capacity - 64.0 * 1024 * 1024 * 1024; // ~46.6 GB
    QVERIFY(disk > 40e9);
    QVERIFY(qAbs(placedBytes(bar, MemoryPlacement::Disk) - disk) < 1.0);
    QCOMPARE(placedBytes(bar, MemoryPlacement::Unplaced), 0.0);
    // Only the weights are offloaded, and they are drawn at their full size.
    for (const auto& segment : bar.segments) {
        if (segment.placement != MemoryPlacement::Device)
            QCOMPARE(segment.kind, MemorySegmentKind::Weights);
    }
    const ComponentPlacement weights = componentPlacement(bar, MemorySegmentKind::Weights);
    QCOMPARE(weights.totalBytes(), 2 * 70553706496.0);
    QCOMPARE(weights.deviceBytes, capacity - (m.totalBytes() - m.weightsBytes));
    QCOMPARE(componentPlacement(bar, MemorySegmentKind::KvCache).deviceBytes, m.kvCacheBytes);
    QCOMPARE(componentPlacement(bar, MemorySegmentKind::Activations).deviceBytes, m.activationsBytes);
    QCOMPARE(componentPlacement(bar, MemorySegmentKind::RuntimeContext).deviceBytes, m.runtimeContextBytes);
    // The weights are one run of segments, device, host RAM, disk, meeting at the tier lines.
    std::vector<const MemorySegment*> parts;
    for (const auto& segment : bar.segments)
        if (segment.kind == MemorySegmentKind::Weights)
            parts.push_back(&segment);
    QCOMPARE(parts.size(), std::size_t(3));
    QCOMPARE(parts[0]->placement, MemoryPlacement::Device);
    QCOMPARE(parts[1]->placement, MemoryPlacement::HostRam);
    QCOMPARE(parts[2]->placement, MemoryPlacement::Disk);
    QVERIFY(qAbs(parts[1]->startBytes - capacity) < 1.0);
    QVERIFY(qAbs(parts[2]->startBytes - (capacity + 64.0 * 1024 * 1024 * 1024)) < 1.0);
    QVERIFY(qAbs(sumSegments(bar) - m.totalBytes()) < 1.0);
    QVERIFY(qAbs(sumSegments(bar) - placedBytes(bar, MemoryPlacement::Device) - r.memory.offloadedBytes) <
            1.0);
}

void TestChartData::doesNotFitLeavesTheTopUnplaced()
{
    // 405B with 64 sequences of 128 k tokens: a KV cache of ~4.3 TB is more than 24 GiB + 64 GiB
    // of host RAM + 4 TB of disk. The KV cache runs through every tier; the weights, stacked on
    // top, have no place at all.
    const Report r = run("nvidia-rtx-4090", "llama-3.1-405b", Mode::Inference, 64, 131072, 1);
    QCOMPARE(r.memory.tier, OffloadTier::DoesNotFit);
    const MemoryChart chart = memoryChart(r);
    const MemoryBar& bar = chart.bars.front();
    QVERIFY(contiguous(bar));
    const double capacity = 24.0 * 1024 * 1024 * 1024;
    const double host = 64.0 * 1024 * 1024 * 1024;
    const double disk = 4000e9; // core/catalog/device.cpp default for a device without disk_bytes
    QVERIFY(qAbs(placedBytes(bar, MemoryPlacement::HostRam) - host) < 1.0);
    QVERIFY(qAbs(placedBytes(bar, MemoryPlacement::Disk) - disk) < 1.0);
    const double unplaced = r.memory.perDevice.totalBytes() - capacity - host - disk;
    QVERIFY(qAbs(placedBytes(bar, MemoryPlacement::Unplaced) - unplaced) < 1e-3 * unplaced);
    const ComponentPlacement kv = componentPlacement(bar, MemorySegmentKind::KvCache);
    QVERIFY(kv.deviceBytes > 0 && kv.unplacedBytes > 0);
    QVERIFY(qAbs(kv.hostRamBytes - host) < 1.0 && qAbs(kv.diskBytes - disk) < 1.0);
    const ComponentPlacement weights = componentPlacement(bar, MemorySegmentKind::Weights);
    QCOMPARE(weights.unplacedBytes, r.memory.perDevice.weightsBytes);
    QCOMPARE(weights.deviceBytes, 0.0);
}

void TestChartData::pipelineStagesGetOwnBars()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-70b";
    s.mode = Mode::Training;
    s.batch = 64;
    s.promptTokens = 4096;
    s.devices = 32;
    s.parallelism = Parallelism{8, 4, 1, 1};
    const Report r = estimate(s, Catalog::builtIn());
    const MemoryChart chart = memoryChart(r);
    QCOMPARE(chart.bars.size(), std::size_t(2));
    QCOMPARE(chart.bars[0].stage, 1LL);
    QCOMPARE(chart.bars[1].stage, 4LL);
    // 1F1B: the first stage keeps min(p, m) = 4 micro-batches of its 20 layers; the last one
    // keeps one plus the logits, so the first is fuller here.
    QVERIFY(chart.bars[0].totalBytes > chart.bars[1].totalBytes);
    QCOMPARE(std::max(chart.bars[0].totalBytes, chart.bars[1].totalBytes), r.memory.perDevice.totalBytes());
}

void TestChartData::rooflineGeometry()
{
    const Report r = run("nvidia-h100-sxm", "llama-3.1-8b", Mode::Inference, 1, 1024, 1);
    const RooflineChart chart = rooflineChart(r);
    // Ridge of the bf16 ceiling: 989.4e12 / 3.35e12.
    QCOMPARE(chart.ridgeIntensity, 989.4e12 / 3.35e12);
    int ceilings = 0;
    for (const auto& line : chart.lines) {
        if (line.kind == RooflineLineKind::ComputeCeiling) {
            ++ceilings;
            QCOMPARE(line.y0, line.y1);           // horizontal
            QCOMPARE(line.x0, line.y0 / 3.35e12); // starts where it meets the bandwidth slope
        } else if (line.kind == RooflineLineKind::MemorySlope) {
            QCOMPARE(line.y0 / line.x0, 3.35e12); // slope = bandwidth
        }
    }
    QCOMPARE(ceilings, int(r.roofline.ceilings.size()));
    QCOMPARE(chart.points.size(), std::size_t(2));
    for (const auto& point : chart.points) {
        QVERIFY(point.intensity >= chart.xMin && point.intensity <= chart.xMax);
        QVERIFY(point.attainableFlopsPerSecond >= chart.yMin && point.attainableFlopsPerSecond <= chart.yMax);
        // On the roof: min(peak, AI x bandwidth).
        QCOMPARE(point.attainableFlopsPerSecond, std::min(989.4e12, point.intensity * 3.35e12));
    }
    QCOMPARE(std::log10(chart.xMin), std::round(std::log10(chart.xMin))); // whole decades
}

void TestChartData::hostLinkOnlyWhenOffloading()
{
    auto hasHostLine = [](const RooflineChart& chart) {
        return std::any_of(chart.lines.begin(), chart.lines.end(),
                           [](const RooflineLine& l) { return l.kind == RooflineLineKind::HostLinkSlope; });
    };
    QVERIFY(!hasHostLine(rooflineChart(run("nvidia-rtx-4090", "llama-3.1-8b", Mode::Inference, 1, 1024, 1))));
    QVERIFY(hasHostLine(rooflineChart(run("nvidia-rtx-4090", "llama-3.1-70b", Mode::Inference, 1, 1024, 1))));
}

QTEST_GUILESS_MAIN(TestChartData)
#include "tst_chart_data.moc"
