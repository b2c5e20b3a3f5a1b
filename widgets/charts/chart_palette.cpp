#include "widgets/charts/chart_palette.h"

#include <QCoreApplication>

namespace lhe::widgets {

using core::MemorySegmentKind;

namespace {

// Okabe-Ito: black, orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
const QColor kOrange(0xE6, 0x9F, 0x00);
const QColor kSkyBlue(0x56, 0xB4, 0xE9);
const QColor kGreen(0x00, 0x9E, 0x73);
const QColor kYellow(0xF0, 0xE4, 0x42);
const QColor kBlue(0x00, 0x72, 0xB2);
const QColor kVermillion(0xD5, 0x5E, 0x00);
const QColor kPurple(0xCC, 0x79, 0xA7);
const QColor kGrey(0x99, 0x99, 0x99);

// Translation context of the names below (free functions: lupdate needs a class to name it).
struct ChartPalette
{
    Q_DECLARE_TR_FUNCTIONS(lhe::widgets::ChartPalette)
};

} // namespace

QColor segmentColor(MemorySegmentKind kind)
{
    switch (kind) {
    case MemorySegmentKind::Weights:
        return kBlue;
    case MemorySegmentKind::KvCache:
        return kOrange;
    case MemorySegmentKind::Activations:
        return kGreen;
    case MemorySegmentKind::Gradients:
        return kPurple;
    case MemorySegmentKind::OptimizerStates:
        return kSkyBlue;
    case MemorySegmentKind::VisionWeights:
        return kBlue.lighter(150);
    case MemorySegmentKind::RecurrentState:
        return kOrange.darker(140);
    case MemorySegmentKind::RuntimeContext:
        return kGrey;
    case MemorySegmentKind::AllocatorReserve:
        return kGrey.lighter(125);
    case MemorySegmentKind::CommunicationBuffers:
        return kGrey.darker(125);
    case MemorySegmentKind::KvPoolReserve:
        return kOrange.lighter(140);
    case MemorySegmentKind::Adapters:
        return kYellow;
    case MemorySegmentKind::DequantWorkspace:
        return kGreen.lighter(150);
    }
    return kGrey;
}

QBrush segmentBrush(MemorySegmentKind kind)
{
    switch (kind) {
    // The overheads share the grey family; a pattern tells them apart without colour.
    case MemorySegmentKind::AllocatorReserve:
        return QBrush(segmentColor(kind), Qt::Dense3Pattern);
    case MemorySegmentKind::CommunicationBuffers:
        return QBrush(segmentColor(kind), Qt::HorPattern);
    case MemorySegmentKind::KvPoolReserve:
        return QBrush(segmentColor(kind), Qt::FDiagPattern);
    case MemorySegmentKind::DequantWorkspace: // transient, like the activations beside it
        return QBrush(segmentColor(kind), Qt::Dense4Pattern);
    default:
        return QBrush(segmentColor(kind));
    }
}

QString segmentName(MemorySegmentKind kind)
{
    switch (kind) {
    case MemorySegmentKind::Weights:
        return ChartPalette::tr("Weights");
    case MemorySegmentKind::KvCache:
        return ChartPalette::tr("KV cache");
    case MemorySegmentKind::Activations:
        return ChartPalette::tr("Activations");
    case MemorySegmentKind::Gradients:
        return ChartPalette::tr("Gradients");
    case MemorySegmentKind::OptimizerStates:
        return ChartPalette::tr("Optimizer states");
    case MemorySegmentKind::VisionWeights:
        return ChartPalette::tr("Vision tower");
    case MemorySegmentKind::RecurrentState:
        return ChartPalette::tr("Recurrent state");
    case MemorySegmentKind::RuntimeContext:
        return ChartPalette::tr("Runtime context");
    case MemorySegmentKind::AllocatorReserve:
        return ChartPalette::tr("Allocator reserve");
    case MemorySegmentKind::CommunicationBuffers:
        return ChartPalette::tr("Communication buffers");
    case MemorySegmentKind::KvPoolReserve:
        return ChartPalette::tr("Unused KV pool");
    case MemorySegmentKind::Adapters:
        return ChartPalette::tr("Adapters");
    case MemorySegmentKind::DequantWorkspace:
        return ChartPalette::tr("Dequantization workspace");
    }
    return {};
}

Qt::BrushStyle placementPattern(core::MemoryPlacement placement)
{
    // Sparse lines for the tier next to the device, crossed ones for the slower tier past it;
    // nothing where there is no place (the outline alone draws it). The overheads' own patterns
    // (dense dots, horizontal, forward diagonal) stay distinct from these.
    switch (placement) {
    case core::MemoryPlacement::Device:
        return Qt::SolidPattern;
    case core::MemoryPlacement::HostRam:
        return Qt::BDiagPattern;
    case core::MemoryPlacement::Disk:
        return Qt::DiagCrossPattern;
    case core::MemoryPlacement::Unplaced:
        return Qt::NoBrush;
    }
    return Qt::SolidPattern;
}

QString placementLegendName(core::MemoryPlacement placement)
{
    switch (placement) {
    case core::MemoryPlacement::Device:
        return {}; // solid, as every component's own legend entry shows: no entry of its own
    case core::MemoryPlacement::HostRam:
        return ChartPalette::tr("Hatched: offloaded to host RAM");
    case core::MemoryPlacement::Disk:
        return ChartPalette::tr("Cross-hatched: offloaded to disk");
    case core::MemoryPlacement::Unplaced:
        return ChartPalette::tr("Dashed outline: does not fit anywhere");
    }
    return {};
}

QColor boundColor(core::Bound bound)
{
    switch (bound) {
    case core::Bound::Compute:
        return kBlue;
    case core::Bound::Memory:
        return kOrange;
    case core::Bound::Communication:
        return kPurple;
    case core::Bound::Offload:
        return kVermillion;
    case core::Bound::Latency:
        return latencyColor();
    }
    return kGrey;
}

QColor latencyColor()
{
    return kYellow;
}

QString boundName(core::Bound bound)
{
    switch (bound) {
    case core::Bound::Compute:
        return ChartPalette::tr("Compute");
    case core::Bound::Memory:
        return ChartPalette::tr("Memory bandwidth");
    case core::Bound::Communication:
        return ChartPalette::tr("Communication");
    case core::Bound::Offload:
        return ChartPalette::tr("Offload I/O");
    case core::Bound::Latency:
        return ChartPalette::tr("Latency");
    }
    return {};
}

QColor phaseColor(core::RooflinePhase phase)
{
    switch (phase) {
    case core::RooflinePhase::Prefill:
        return kBlue;
    case core::RooflinePhase::Decode:
        return kVermillion;
    case core::RooflinePhase::TrainingStep:
        return kGreen;
    }
    return kGrey;
}

QString phaseName(core::RooflinePhase phase)
{
    switch (phase) {
    case core::RooflinePhase::Prefill:
        return ChartPalette::tr("Prefill");
    case core::RooflinePhase::Decode:
        return ChartPalette::tr("Decode");
    case core::RooflinePhase::TrainingStep:
        return ChartPalette::tr("Training step");
    }
    return {};
}

QString tierName(core::OffloadTier tier)
{
    switch (tier) {
    case core::OffloadTier::None:
        return ChartPalette::tr("fits");
    case core::OffloadTier::HostRam:
        return ChartPalette::tr("host RAM");
    case core::OffloadTier::Disk:
        return ChartPalette::tr("disk");
    case core::OffloadTier::DoesNotFit:
        return ChartPalette::tr("does not fit");
    }
    return {};
}

QColor verdictColor(core::CellVerdict verdict)
{
    switch (verdict) {
    case core::CellVerdict::Compute:
        return boundColor(core::Bound::Compute);
    case core::CellVerdict::MemoryBandwidth:
        return boundColor(core::Bound::Memory);
    case core::CellVerdict::Communication:
        return boundColor(core::Bound::Communication);
    case core::CellVerdict::Offload:
        return boundColor(core::Bound::Offload);
    case core::CellVerdict::DoesNotFit:
        return kGrey;
    case core::CellVerdict::Latency:
        return latencyColor();
    }
    return kGrey;
}

Qt::BrushStyle verdictHatch(core::CellVerdict verdict)
{
    switch (verdict) {
    case core::CellVerdict::Offload:
        return Qt::BDiagPattern;
    case core::CellVerdict::DoesNotFit:
        return Qt::DiagCrossPattern;
    default:
        return Qt::NoBrush;
    }
}

QString verdictName(core::CellVerdict verdict)
{
    switch (verdict) {
    case core::CellVerdict::Compute:
        return ChartPalette::tr("Compute");
    case core::CellVerdict::MemoryBandwidth:
        return ChartPalette::tr("Memory bandwidth");
    case core::CellVerdict::Communication:
        return ChartPalette::tr("Communication");
    case core::CellVerdict::Offload:
        return ChartPalette::tr("Offload");
    case core::CellVerdict::DoesNotFit:
        return ChartPalette::tr("Does not fit");
    case core::CellVerdict::Latency:
        return ChartPalette::tr("Latency");
    }
    return {};
}

} // namespace lhe::widgets
