// The capacity verdict and where an over-capacity bar's parts went: on the device, host RAM,
// disk or nowhere (docs/METHOD.md §2, offload).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace lhe::core {

namespace explain_detail {

const char* const kOffloadSource =
    "Offload tiers device → host RAM → disk, as in FlexGen (Sheng et al. 2023) and "
    "ZeRO-Infinity (Rajbhandari et al. 2021)";

// What one bar puts in one offload tier (the sum of its parts there, as the chart stacks them).
Explanation offloadTierExplanation(const Setup& su, MemoryPlacement placement, const MemoryBar& bar)
{
    double result = 0;
    for (const auto& seg : bar.segments)
        if (seg.placement == placement)
            result += seg.bytes;
    const double total = bar.totalBytes;
    const double capacity = su.report.memory.capacityPerDeviceBytes;
    const double overflow = std::max(0.0, total - capacity);
    const double host = std::min(overflow, su.device.hostMemoryBytes);
    const double disk = std::min(overflow - host, su.device.diskBytes);
    const MessageId title =
        placement == MemoryPlacement::HostRam ? LHE_TEXT("Explanation", "Offloaded to host RAM")
        : placement == MemoryPlacement::Disk  ? LHE_TEXT("Explanation", "Offloaded to disk")
                                              : LHE_TEXT("Explanation", "Does not fit anywhere");
    Builder b(title, U::Bytes, kOffloadSource);
    b.term("total", LHE_TEXT("Explanation", "Memory the device's work needs"), total, U::Bytes);
    b.term("capacity", LHE_TEXT("Explanation", "Usable device memory"), capacity, U::Bytes);
    if (placement == MemoryPlacement::HostRam) {
        b.term("host_ram", LHE_TEXT("Explanation", "Host RAM for offload per device"),
               su.device.hostMemoryBytes, U::Bytes);
        b.formula("min(max(0, {total} − {capacity}), {host_ram})");
    } else if (placement == MemoryPlacement::Disk) {
        b.term("host_offload", LHE_TEXT("Explanation", "Offloaded to host RAM"), host, U::Bytes);
        b.term("disk", LHE_TEXT("Explanation", "Disk for offload per device"), su.device.diskBytes, U::Bytes);
        b.formula("min(max(0, {total} − {capacity}) − {host_offload}, {disk})");
    } else {
        b.term("host_offload", LHE_TEXT("Explanation", "Offloaded to host RAM"), host, U::Bytes);
        b.term("disk_offload", LHE_TEXT("Explanation", "Offloaded to disk"), disk, U::Bytes);
        b.formula("max(0, {total} − {capacity} − {host_offload} − {disk_offload})");
        b.note(LHE_TEXT("Explanation",
                        "Beyond host RAM and disk: the scenario cannot run; times assume it could."));
    }
    b.note(LHE_TEXT("Explanation",
                    "What does not fit under the capacity line goes to host RAM first, then disk."));
    return b.done(result);
}

// Where one component of an over-capacity bar sits: its whole size, split where the chart cuts it
// (the capacity line, then the tier boundaries above it). The chart's tooltip says the same.
Explanation placementExplanation(const ComponentPlacement& placed)
{
    Builder b(LHE_TEXT("Explanation", "On the device and offloaded"), U::Bytes, kOffloadSource);
    b.term("on_device", LHE_TEXT("Explanation", "On the device"), placed.deviceBytes, U::Bytes);
    std::string formula = "{on_device}";
    const std::tuple<const char*, MessageId, double> offloaded[] = {
        {"host_offload", LHE_TEXT("Explanation", "Offloaded to host RAM"), placed.hostRamBytes},
        {"disk_offload", LHE_TEXT("Explanation", "Offloaded to disk"), placed.diskBytes},
        {"unplaced", LHE_TEXT("Explanation", "Does not fit anywhere"), placed.unplacedBytes},
    };
    for (const auto& [key, label, bytes] : offloaded) {
        if (bytes <= 0)
            continue;
        b.term(key, label, bytes, U::Bytes);
        formula += std::string(" + {") + key + "}";
    }
    b.note(LHE_TEXT(
        "Explanation",
        "The bar stacks every part whole in a fixed order: what lies below the capacity line stays on the "
        "device, what lies above it is offloaded, to host RAM first, then disk."));
    return b.formula(formula).done(placed.totalBytes());
}

} // namespace explain_detail

using namespace explain_detail;

std::vector<Explanation> explainCapacity(const Report& report, const Device& device,
                                         const ModelArchitecture& arch)
{
    const Setup su(report, device, arch);
    const MemoryChart chart = memoryChart(report);
    const double capacity = report.memory.capacityPerDeviceBytes;
    std::vector<Explanation> out;
    {
        // The datasheet memory, minus what the platform keeps (gpu_memory_fraction: 1 on discrete
        // accelerators; unified-memory systems leave the OS its share).
        Builder b(LHE_TEXT("Explanation", "Usable device memory"), U::Bytes,
                  "Device datasheet (catalog memory_bytes, GB = 1e9, GiB = 2^30) × the share the accelerator "
                  "may use");
        b.term("memory", LHE_TEXT("Explanation", "Device memory"), device.memoryBytes, U::Bytes);
        b.term("fraction", LHE_TEXT("Explanation", "Share the accelerator may use"), device.gpuMemoryFraction,
               U::Fraction);
        out.push_back(b.formula("{memory} × {fraction}").done(capacity));
    }
    static constexpr std::pair<const char*, MessageId> kParts[] = {
        {"weights", LHE_TEXT("Explanation", "Weights")},
        {"vision_weights", LHE_TEXT("Explanation", "Vision tower")},
        {"kv_cache", LHE_TEXT("Explanation", "KV cache")},
        {"recurrent_state", LHE_TEXT("Explanation", "Recurrent state")},
        {"activations", LHE_TEXT("Explanation", "Activations")},
        {"gradients", LHE_TEXT("Explanation", "Gradients")},
        {"optimizer_states", LHE_TEXT("Explanation", "Optimizer states")},
        {"runtime_context", LHE_TEXT("Explanation", "Runtime context")},
        {"allocator_reserve", LHE_TEXT("Explanation", "Allocator reserve")},
        {"communication_buffers", LHE_TEXT("Explanation", "Communication buffers")},
        {"kv_pool_reserve", LHE_TEXT("Explanation", "KV pool reserve")},
        {"adapters", LHE_TEXT("Explanation", "Adapters")},
        {"dequant_workspace", LHE_TEXT("Explanation", "Dequantization workspace")},
    };
    for (const auto& bar : chart.bars) {
        const MemoryBreakdown m = recomputedBreakdown(su, bar.stage);
        const double values[] = {m.weightsBytes,          m.visionWeightsBytes,
                                 m.kvCacheBytes,          m.recurrentStateBytes,
                                 m.activationsBytes,      m.gradientsBytes,
                                 m.optimizerStatesBytes,  m.runtimeContextBytes,
                                 m.allocatorReserveBytes, m.communicationBuffersBytes,
                                 m.kvPoolReserveBytes,    m.adaptersBytes,
                                 m.dequantWorkspaceBytes};
        Builder b(LHE_TEXT("Explanation", "Memory the device's work needs"), U::Bytes,
                  "Sum of the parts in the memory chart (weights, KV cache or training states, activations, "
                  "overheads)");
        std::string formula;
        for (std::size_t i = 0; i < std::size(kParts); ++i) {
            if (values[i] <= 0)
                continue;
            b.term(kParts[i].first, kParts[i].second, values[i], U::Bytes);
            formula += (formula.empty() ? "{" : " + {") + std::string(kParts[i].first) + "}";
        }
        if (bar.stage > 0)
            b.note(bar.stage == 1
                       ? LHE_TEXT("Explanation", "First pipeline stage: the most micro-batches in flight.")
                       : LHE_TEXT("Explanation",
                                  "Last pipeline stage: one micro-batch plus the logits and loss."));
        out.push_back(b.formula(formula.empty() ? "0" : formula).done(m.totalBytes()));

        const bool fits = m.totalBytes() <= capacity;
        Builder v(
            fits ? LHE_TEXT("Explanation", "Free device memory")
                 : LHE_TEXT("Explanation", "Beyond the device's memory"),
            U::Bytes,
            "Capacity, the first of the four bottlenecks: what does not fit goes to host RAM, then disk");
        v.term("total", LHE_TEXT("Explanation", "Memory the device's work needs"), m.totalBytes(), U::Bytes);
        v.term("capacity", LHE_TEXT("Explanation", "Usable device memory"), capacity, U::Bytes);
        v.formula(fits ? "{capacity} − {total}" : "{total} − {capacity}");
        v.note(fits ? LHE_TEXT("Explanation", "Fits: everything stays in device memory.")
                    : LHE_TEXT("Explanation", "Does not fit: the overflow is offloaded and crosses the host "
                                              "link each time it is used."));
        out.push_back(v.done(fits ? capacity - m.totalBytes() : m.totalBytes() - capacity));
        if (fits)
            continue;
        // Where the overflow went: host RAM always (even none of it, when the device has no host
        // RAM to offload to), disk and nowhere when the bar reaches them.
        for (const MemoryPlacement tier :
             {MemoryPlacement::HostRam, MemoryPlacement::Disk, MemoryPlacement::Unplaced}) {
            Explanation e = offloadTierExplanation(su, tier, bar);
            if (tier == MemoryPlacement::HostRam || e.result > 0)
                out.push_back(std::move(e));
        }
    }
    return out;
}

} // namespace lhe::core
