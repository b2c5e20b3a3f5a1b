// Chart geometry as plain values (chart maths lives in core so widgets only draw): stacked memory
// segments with the capacity line and where each component's overflow went, roofline ceilings,
// slopes, ridge and operating points, and log-axis ranges. Widgets only draw these.
#pragma once

#include "core/estimate/report.h"

#include <string>
#include <vector>

namespace lhe::core {

// The components of a device's memory, in no particular order (memoryChart stacks them).
enum class MemorySegmentKind {
    Weights,
    KvCache,
    Activations,
    Gradients,
    OptimizerStates,
    VisionWeights,
    RecurrentState,
    RuntimeContext,
    AllocatorReserve,
    CommunicationBuffers,
    KvPoolReserve,    // overheads
    Adapters,         // LoRA / QLoRA adapters with their gradients and optimizer states
    DequantWorkspace, // QLoRA: the 16-bit copy of the module being dequantized
};
inline constexpr int kMemorySegmentKindCount = 13;

// Where a part of a component sits: below the capacity line on the device; above it in the
// offload tiers in the order they fill (host RAM, then disk), or nowhere when both are full.
enum class MemoryPlacement { Device, HostRam, Disk, Unplaced };
inline constexpr int kMemoryPlacementCount = 4;

// One contiguous part of one component in one placement. A component that straddles the
// capacity line (or a tier boundary above it) is several segments of the same kind, adjacent.
struct MemorySegment
{
    MemorySegmentKind kind = MemorySegmentKind::Weights;
    MemoryPlacement placement = MemoryPlacement::Device;
    double startBytes = 0; // stacked from here
    double bytes = 0;
};

struct MemoryBar
{
    long long stage = 0; // 0: every device alike; else the 1-based pipeline stage
    // Every component at its full size, stacked; at least one segment per kind (a zero-size
    // Device one when the component is empty).
    std::vector<MemorySegment> segments;
    double totalBytes = 0; // everything the device's work needs
};

// One component of one bar by placement: what the tooltip and the Explain panel both state.
struct ComponentPlacement
{
    double deviceBytes = 0;
    double hostRamBytes = 0;
    double diskBytes = 0;
    double unplacedBytes = 0;
    double offloadedBytes() const { return hostRamBytes + diskBytes + unplacedBytes; }
    double totalBytes() const { return deviceBytes + offloadedBytes(); }
};

ComponentPlacement componentPlacement(const MemoryBar& bar, MemorySegmentKind kind);

// The memory chart's value axis runs this far above the tallest of its totals and capacity.
constexpr double kMemoryAxisHeadroom = 1.15;

struct MemoryChart
{
    std::vector<MemoryBar> bars; // one per device role (one when all devices are alike)
    double capacityBytes = 0;
    double axisMaxBytes = 0; // kMemoryAxisHeadroom x max(total, capacity)
};

MemoryChart memoryChart(const Report& report);

// Slopes: device memory, and the links a point's bound can name (a point bound by a link is
// plotted at its intensity in that link's bytes, under that slope).
enum class RooflineLineKind { ComputeCeiling, MemorySlope, HostLinkSlope, DiskSlope, InterconnectSlope };

struct RooflineLine
{
    RooflineLineKind kind;
    PeakKey precision = PeakKey::Bf16;     // for ceilings
    bool active = false;                   // the ceiling of the scenario's compute precision
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0; // FLOP/B, FLOP/s
};

enum class RooflinePhase { Prefill, Decode, TrainingStep };

struct RooflinePoint
{
    RooflinePhase phase;
    double intensity = 0;                // FLOP per byte of `resource` (PhaseEstimate::pointIntensity)
    double attainableFlopsPerSecond = 0; // on the roof of `resource`: min(peak, intensity · its bandwidth)
    double achievedFlopsPerSecond = 0;   // the calibrated estimate: flops / seconds
    double idealFlopsPerSecond = 0;      // the same phase at datasheet peaks (Report::ideal)
    Bound bound = Bound::Compute;
    RooflineResource resource = RooflineResource::DeviceMemory;
};

struct RooflineChart
{
    std::vector<RooflineLine> lines;
    double ridgeIntensity = 0;
    double ridgeFlopsPerSecond = 0;
    std::vector<RooflinePoint> points;
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0; // whole decades for log axes
    bool showsHostLink = false;
    bool showsDisk = false;
    bool showsInterconnect = false;
};

RooflineChart rooflineChart(const Report& report);

} // namespace lhe::core
