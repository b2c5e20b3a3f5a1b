// What limits a phase, and where its bytes live: the codes the report, the charts and the
// explanations share.
#pragma once

#include <string_view>

namespace lhe::core {

// What limits a phase: the resource whose time term is the largest (TimeBreakdown::bound).
// Latency is the fixed launch/synchronisation cost of small kernels, which no bandwidth hides.
enum class Bound { Compute, Memory, Communication, Offload, Latency };
inline constexpr int kBoundCount = 5;
// The resource whose bytes a roofline point's intensity counts: device memory for compute-,
// memory- and latency-bound phases, else the link that bounds it.
enum class RooflineResource { DeviceMemory, Interconnect, HostLink, Disk };
enum class OffloadTier { None, HostRam, Disk, DoesNotFit };

std::string_view boundName(Bound bound);
std::string_view offloadTierName(OffloadTier tier);
std::string_view rooflineResourceName(RooflineResource resource);

} // namespace lhe::core
