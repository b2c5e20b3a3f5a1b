#include "core/charts/chart_data.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace lhe::core {

namespace {

// The top of each placement in stacked bytes: the capacity line, then each offload tier on top of
// it in the order memory_model.cpp fills them (host RAM, then disk); Unplaced has no top.
std::array<double, kMemoryPlacementCount> placementTops(double totalBytes, double capacityBytes,
                                                        const MemoryEstimate& tiers)
{
    constexpr double kNone = std::numeric_limits<double>::infinity();
    // Nothing is cut when it all fits (clamping to the total would shave an ulp off the last
    // segment: the stack sums in another order than totalBytes()).
    if (totalBytes <= capacityBytes)
        return {kNone, kNone, kNone, kNone};
    // A tier bounds the stack only when the report filled it and spilled into the next one: else
    // the stack's own sum, an ulp off totalBytes(), could leave a sliver for the next tier. The
    // report's tiers are those of its fullest bar, so they bound every other bar as well.
    const double host =
        tiers.diskOffloadBytes > 0 || tiers.unplacedBytes > 0 ? tiers.hostOffloadBytes : kNone;
    const double disk = tiers.unplacedBytes > 0 ? tiers.diskOffloadBytes : kNone;
    return {capacityBytes, capacityBytes + host, capacityBytes + host + disk, kNone};
}

// One stacked bar: every component at its full size, in stacking order; the part of a component
// below the capacity line is on the device, the part above it in the tier it went to, so the
// bar's height is always the whole need and each component reads whole.
MemoryBar stackBar(long long stage, const MemoryBreakdown& m, double capacityBytes,
                   const MemoryEstimate& tiers)
{
    MemoryBar bar;
    bar.stage = stage;
    bar.totalBytes = m.totalBytes();
    // What must stay on the device stacks first (runtime, activations, KV cache); what offload
    // moves out comes last and is what the capacity line cuts: weights in inference
    // (llama.cpp-style partial offload), optimizer states then gradients in training
    // (ZeRO-Offload, Ren et al. 2021).
    const std::pair<MemorySegmentKind, double> stack[] = {
        {MemorySegmentKind::RuntimeContext, m.runtimeContextBytes},
        {MemorySegmentKind::CommunicationBuffers, m.communicationBuffersBytes},
        {MemorySegmentKind::AllocatorReserve, m.allocatorReserveBytes},
        {MemorySegmentKind::Activations, m.activationsBytes},
        {MemorySegmentKind::DequantWorkspace, m.dequantWorkspaceBytes},
        {MemorySegmentKind::KvPoolReserve, m.kvPoolReserveBytes},
        {MemorySegmentKind::RecurrentState, m.recurrentStateBytes},
        {MemorySegmentKind::KvCache, m.kvCacheBytes},
        {MemorySegmentKind::VisionWeights, m.visionWeightsBytes},
        {MemorySegmentKind::Weights, m.weightsBytes},
        {MemorySegmentKind::Adapters, m.adaptersBytes},
        {MemorySegmentKind::Gradients, m.gradientsBytes},
        {MemorySegmentKind::OptimizerStates, m.optimizerStatesBytes},
    };
    const auto tops = placementTops(bar.totalBytes, capacityBytes, tiers);
    double stacked = 0;
    for (const auto& [kind, bytes] : stack) {
        const std::size_t first = bar.segments.size();
        // Each part is measured from the component's own bottom, so a component that is not cut
        // keeps its bytes exactly.
        double below = 0;
        for (int p = 0; p < kMemoryPlacementCount; ++p) {
            const double upTo = std::clamp(tops[static_cast<std::size_t>(p)] - stacked, 0.0, bytes);
            if (upTo > below)
                bar.segments.push_back(
                    {kind, static_cast<MemoryPlacement>(p), stacked + below, upTo - below});
            below = std::max(below, upTo);
        }
        if (bar.segments.size() == first) // empty: kept, so every kind has its place in the order
            bar.segments.push_back({kind, MemoryPlacement::Device, stacked, 0.0});
        stacked += bytes;
    }
    return bar;
}

} // namespace

ComponentPlacement componentPlacement(const MemoryBar& bar, MemorySegmentKind kind)
{
    ComponentPlacement placed;
    for (const MemorySegment& segment : bar.segments) {
        if (segment.kind != kind)
            continue;
        switch (segment.placement) {
        case MemoryPlacement::Device:
            placed.deviceBytes += segment.bytes;
            break;
        case MemoryPlacement::HostRam:
            placed.hostRamBytes += segment.bytes;
            break;
        case MemoryPlacement::Disk:
            placed.diskBytes += segment.bytes;
            break;
        case MemoryPlacement::Unplaced:
            placed.unplacedBytes += segment.bytes;
            break;
        }
    }
    return placed;
}

MemoryChart memoryChart(const Report& report)
{
    const MemoryEstimate& memory = report.memory;
    MemoryChart chart;
    chart.capacityBytes = memory.capacityPerDeviceBytes;
    if (memory.stages.empty()) {
        chart.bars.push_back(stackBar(0, memory.perDevice, chart.capacityBytes, memory));
    } else {
        for (const auto& stage : memory.stages)
            chart.bars.push_back(stackBar(stage.stage, stage.perDevice, chart.capacityBytes, memory));
    }
    double tallest = chart.capacityBytes;
    for (const auto& bar : chart.bars)
        tallest = std::max(tallest, bar.totalBytes);
    chart.axisMaxBytes = kMemoryAxisHeadroom * tallest;
    return chart;
}

namespace {

double floorDecade(double value)
{
    return std::pow(10.0, std::floor(std::log10(value)));
}

double ceilDecade(double value)
{
    return std::pow(10.0, std::ceil(std::log10(value)));
}

} // namespace

RooflineChart rooflineChart(const Report& report)
{
    const RooflineInfo& roof = report.roofline;
    RooflineChart chart;
    chart.ridgeIntensity = roof.ridgeIntensity;
    chart.ridgeFlopsPerSecond = roof.peakFlopsPerSecond;

    auto addPoint = [&](RooflinePhase phase, const PhaseEstimate& estimate, const PhaseEstimate* ideal) {
        if (estimate.pointIntensity > 0)
            chart.points.push_back(
                {phase, estimate.pointIntensity, estimate.roofFlopsPerSecond, estimate.achievedFlopsPerSecond,
                 ideal ? ideal->achievedFlopsPerSecond : 0.0, estimate.bound, estimate.pointResource});
    };
    const IdealEstimate& ideal = report.ideal;
    if (report.prefill)
        addPoint(RooflinePhase::Prefill, *report.prefill, ideal.prefill ? &*ideal.prefill : nullptr);
    if (report.decode)
        addPoint(RooflinePhase::Decode, *report.decode, ideal.decode ? &*ideal.decode : nullptr);
    if (report.training)
        addPoint(RooflinePhase::TrainingStep, report.training->step,
                 ideal.training ? &ideal.training->step : nullptr);

    // Axes: whole decades around the ridge, the points and the highest ceiling.
    double highestCeiling = roof.peakFlopsPerSecond;
    double lowestCeiling = roof.peakFlopsPerSecond;
    for (const auto& c : roof.ceilings) {
        highestCeiling = std::max(highestCeiling, c.flopsPerSecond);
        lowestCeiling = std::min(lowestCeiling, c.flopsPerSecond);
    }
    double xLow = std::min(0.1, roof.ridgeIntensity / 100.0);
    double xHigh = roof.ridgeIntensity * 100.0;
    double yLow = std::min(lowestCeiling, roof.memoryBandwidthBytesPerSecond * xLow);
    for (const auto& p : chart.points) {
        xLow = std::min(xLow, p.intensity / 3.0);
        xHigh = std::max(xHigh, p.intensity * 3.0);
        if (p.achievedFlopsPerSecond > 0)
            yLow = std::min(yLow, p.achievedFlopsPerSecond / 3.0);
    }
    chart.xMin = floorDecade(xLow);
    chart.xMax = ceilDecade(xHigh);
    chart.yMax = ceilDecade(highestCeiling * 1.5);
    chart.yMin = std::max(floorDecade(yLow), chart.yMax / 1e9); // at most nine decades

    // Memory slope: y = bandwidth · x up to the ridge of the active ceiling; ceilings are
    // horizontal from where each meets the slope.
    const double bandwidth = roof.memoryBandwidthBytesPerSecond;
    chart.lines.push_back({RooflineLineKind::MemorySlope, roof.peakPrecision, true, chart.xMin,
                           bandwidth * chart.xMin, highestCeiling / bandwidth, highestCeiling});
    for (const auto& c : roof.ceilings) {
        chart.lines.push_back({RooflineLineKind::ComputeCeiling, c.precision,
                               c.precision == roof.peakPrecision, c.flopsPerSecond / bandwidth,
                               c.flopsPerSecond, chart.xMax, c.flopsPerSecond});
    }
    // Link slopes, y = bandwidth · x up to the active ceiling: the host link when anything is
    // offloaded to host RAM, the disk when anything is on disk, the interconnect when a point is
    // communication-bound (its intensity then counts wire bytes).
    const MemoryEstimate& memory = report.memory;
    chart.showsHostLink =
        memory.hostOffloadBytes + memory.unplacedBytes > 0 && roof.hostLinkBytesPerSecond > 0;
    chart.showsDisk = memory.diskOffloadBytes > 0 && roof.diskBytesPerSecond > 0;
    for (const auto& p : chart.points) {
        chart.showsInterconnect |= p.resource == RooflineResource::Interconnect;
        chart.showsHostLink |= p.resource == RooflineResource::HostLink;
        chart.showsDisk |= p.resource == RooflineResource::Disk;
    }
    chart.showsInterconnect &= roof.interconnectBytesPerSecond > 0;
    auto addSlope = [&](RooflineLineKind kind, double bandwidth) {
        chart.lines.push_back({kind, roof.peakPrecision, true, chart.xMin, bandwidth * chart.xMin,
                               roof.peakFlopsPerSecond / bandwidth, roof.peakFlopsPerSecond});
    };
    if (chart.showsHostLink)
        addSlope(RooflineLineKind::HostLinkSlope, roof.hostLinkBytesPerSecond);
    if (chart.showsDisk)
        addSlope(RooflineLineKind::DiskSlope, roof.diskBytesPerSecond);
    if (chart.showsInterconnect)
        addSlope(RooflineLineKind::InterconnectSlope, roof.interconnectBytesPerSecond);
    return chart;
}

} // namespace lhe::core
