// Chart geometry as plain values (STYLE.md: all chart maths lives in core): stacked memory
// segments with the capacity line and the offloaded overflow, roofline ceilings, slopes,
// ridge and operating points, and log-axis ranges. Widgets only draw these.
#pragma once

#include "core/report.h"

#include <string>
#include <vector>

namespace lhe::core {

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
    KvPoolReserve, // overheads
    OffloadHostRam,
    OffloadDisk,
    Unplaced, // beyond the capacity line
};
inline constexpr int kMemorySegmentKindCount = 14;

struct MemorySegment
{
    MemorySegmentKind kind;
    double startBytes = 0; // stacked from here
    double bytes = 0;
};

struct MemoryBar
{
    long long stage = 0;                 // 0: every device alike; else the 1-based pipeline stage
    std::vector<MemorySegment> segments; // resident parts (clipped at capacity), then overflow
    double totalBytes = 0;               // everything the device's work needs
};

struct MemoryChart
{
    std::vector<MemoryBar> bars; // one per device role (one when all devices are alike)
    double capacityBytes = 0;
    double axisMaxBytes = 0; // a little above max(total, capacity)
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
