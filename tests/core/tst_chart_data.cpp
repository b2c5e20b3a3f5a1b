// Chart geometry from reports: stacked segments add up to the report's bytes, overflow sits
// above the capacity line by tier, pipeline stages get their own bars, and the roofline's
// lines and points sit where the roofline model puts them.
#include "core/chart_data.h"
#include "core/estimator.h"

#include <QtTest>

using namespace lhe::core;

namespace {

Report run(const char* device, const char* model, Mode mode, long long batch, long long prompt, long long devices)
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

} // namespace

class TestChartData : public QObject
{
    Q_OBJECT

private slots:
    void fitsStacksEveryComponent();
    void overflowAboveCapacityByTier();
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
    // the unused KV pool, KV cache, then weights (what offload would move out).
    const auto& m = r.memory.perDevice;
    QCOMPARE(bar.segments[0].kind, MemorySegmentKind::RuntimeContext);
    QCOMPARE(bar.segments[0].bytes, 400e6); // CUDA context with lazy loading (pytorch#109888)
    QCOMPARE(bar.segments[1].kind, MemorySegmentKind::CommunicationBuffers);
    QCOMPARE(bar.segments[1].bytes, 0.0); // one device: no communicator
    QCOMPARE(bar.segments[2].kind, MemorySegmentKind::AllocatorReserve);
    QCOMPARE(bar.segments[2].bytes, 0.05 * m.activationsBytes);
    QCOMPARE(bar.segments[3].kind, MemorySegmentKind::Activations);
    QCOMPARE(bar.segments[4].kind, MemorySegmentKind::KvPoolReserve);
    QCOMPARE(bar.segments[4].bytes, 0.0); // no serving pre-allocation by default
    QCOMPARE(bar.segments[5].kind, MemorySegmentKind::RecurrentState);
    QCOMPARE(bar.segments[5].bytes, 0.0); // a transformer: no linear-attention layers
    QCOMPARE(bar.segments[6].kind, MemorySegmentKind::KvCache);
    QCOMPARE(bar.segments[6].startBytes, 400e6 + 1.05 * m.activationsBytes);
    QCOMPARE(bar.segments[7].kind, MemorySegmentKind::VisionWeights);
    QCOMPARE(bar.segments[7].bytes, 0.0); // text only
    QCOMPARE(bar.segments[8].kind, MemorySegmentKind::Weights);
    QCOMPARE(bar.segments[8].bytes, m.weightsBytes);
    QVERIFY(qAbs(sumSegments(bar) - r.memory.perDevice.totalBytes()) < 1.0);
    QVERIFY(chart.axisMaxBytes > chart.capacityBytes);
}

void TestChartData::overflowAboveCapacityByTier()
{
    // 70B bf16 on a 24 GiB card: resident parts fill exactly to capacity, the rest is host RAM
    // (64 GiB) then disk.
    const Report r = run("nvidia-rtx-4090", "llama-3.1-70b", Mode::Inference, 1, 1024, 1);
    const MemoryChart chart = memoryChart(r);
    const MemoryBar& bar = chart.bars.front();
    double resident = 0;
    double host = 0;
    double disk = 0;
    for (const auto& segment : bar.segments) {
        if (segment.kind == MemorySegmentKind::OffloadHostRam)
            host += segment.bytes;
        else if (segment.kind == MemorySegmentKind::OffloadDisk)
            disk += segment.bytes;
        else if (segment.kind != MemorySegmentKind::Unplaced)
            resident += segment.bytes;
    }
    QCOMPARE(resident, r.memory.capacityPerDeviceBytes);
    // Only weights are cut: overhead, activations and KV cache stay whole on the device.
    for (const auto& segment : bar.segments) {
        if (segment.kind == MemorySegmentKind::RuntimeContext)
            QCOMPARE(segment.bytes, r.memory.perDevice.runtimeContextBytes);
        if (segment.kind == MemorySegmentKind::Activations)
            QCOMPARE(segment.bytes, r.memory.perDevice.activationsBytes);
    }
    QCOMPARE(host, 64.0 * 1024 * 1024 * 1024);
    QVERIFY(qAbs(resident + host + disk - r.memory.perDevice.totalBytes()) < 1.0);
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
            QCOMPARE(line.y0, line.y1); // horizontal
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
