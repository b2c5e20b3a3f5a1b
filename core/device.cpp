#include "core/device.h"

#include "core/json_fields.h"
#include "core/units.h"

#include <nlohmann/json.hpp>

namespace lhe::core {

using namespace json_fields;
using units::GB;
using units::GiB;

namespace {

// Defaults for optional catalog fields, chosen so that a device described from a datasheet
// with the required fields alone still evaluates sensibly:
// - host link: PCIe 4.0 x16, 16 GT/s x 16 lanes x 128/130 = 31.5 GB/s per direction (PCI-SIG).
constexpr double kDefaultHostLink = 31.5 * GB;
// - local NVMe: PCIe 4.0 x4 SSD, ~7 GB/s sequential read (e.g. Samsung 990 PRO datasheet
//   7,450 MB/s), 4 TB per device.
constexpr double kDefaultDiskBandwidth = 7.0 * GB;
constexpr double kDefaultDiskBytes = 4000 * GB;
// - inter-node: one 200 Gb/s NIC per device = 25 GB/s per direction (HDR InfiniBand).
constexpr double kDefaultInterNode = 25 * GB;
// - runtime reserve: CUDA context + allocator fragmentation is ~0.5-1 GiB on data-centre GPUs
//   (PyTorch CUDA semantics notes; vLLM reserves outside gpu_memory_utilization). CPUs: 0.
constexpr double kDefaultAcceleratorOverhead = 1.0 * GiB;
// - Apple Silicon: macOS lets the GPU wire ~75 % of unified memory by default
//   (recommendedMaxWorkingSetSize; llama.cpp ggml-metal reports it at start-up).
constexpr double kDefaultUnifiedGpuFraction = 0.75;

DeviceClass parseClass(const json& entry, const std::string& path)
{
    const std::string name = requireString(entry, "class", path);
    if (name == "cpu")
        return DeviceClass::Cpu;
    if (name == "gpu")
        return DeviceClass::Gpu;
    if (name == "npu")
        return DeviceClass::Npu;
    if (name == "tpu")
        return DeviceClass::Tpu;
    throw InputError(join(path, "class"), "unknown class \"" + name + "\"; allowed: cpu, gpu, npu, tpu");
}

} // namespace

std::string_view deviceClassName(DeviceClass deviceClass)
{
    switch (deviceClass) {
    case DeviceClass::Cpu: return "cpu";
    case DeviceClass::Gpu: return "gpu";
    case DeviceClass::Npu: return "npu";
    case DeviceClass::Tpu: return "tpu";
    }
    return "gpu";
}

Device deviceFromJson(const json& entry, const std::string& path)
{
    requireObject(entry, path);
    Device device;
    device.id = requireString(entry, "id", path);
    device.name = requireString(entry, "name", path);
    device.vendor = requireString(entry, "vendor", path);
    device.deviceClass = parseClass(entry, path);
    device.memoryBytes = requirePositive(entry, "memory_bytes", path);
    device.memoryBandwidthBytesPerSecond = requirePositive(entry, "memory_bandwidth", path);

    const std::string peaksPath = join(path, "peak_flops");
    const json& peaks = requireObject(requireMember(entry, "peak_flops", path), peaksPath);
    bool anyPeak = false;
    for (const auto& [key, value] : peaks.items()) {
        const auto peakKey = parsePeakKey(key);
        if (!peakKey)
            throw InputError(join(peaksPath, key),
                             "unknown precision; allowed: fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4");
        if (value.is_null())
            continue;
        device.peakFlopsPerSecond[static_cast<std::size_t>(*peakKey)] = requirePositive(peaks, key, peaksPath);
        anyPeak = true;
    }
    if (!anyPeak)
        throw InputError(peaksPath, "needs at least one dense peak, e.g. {\"bf16\": 989.4e12}");

    device.architecture = optionalString(entry, "architecture", {});
    device.release = optionalString(entry, "release", {});
    device.memoryType = optionalString(entry, "memory_type", {});
    if (entry.contains("interconnect") && !entry["interconnect"].is_null()) {
        const std::string linkPath = join(path, "interconnect");
        const json& link = requireObject(entry["interconnect"], linkPath);
        device.interconnectName = optionalString(link, "name", {});
        device.interconnectBytesPerSecond = requirePositive(link, "bandwidth", linkPath);
    }
    const bool isCpu = device.deviceClass == DeviceClass::Cpu;
    device.unifiedMemory = optionalBool(entry, "unified_memory", path).value_or(false);
    device.gpuMemoryFraction =
        optionalPositive(entry, "gpu_memory_fraction", path).value_or(device.unifiedMemory ? kDefaultUnifiedGpuFraction : 1.0);
    if (device.gpuMemoryFraction > 1.0)
        throw InputError(join(path, "gpu_memory_fraction"), "must be in (0, 1]");
    device.devicesPerNode = static_cast<int>(optionalInteger(entry, "devices_per_node", path, 1, 65536).value_or(1));
    device.interNodeBytesPerSecond = optionalPositive(entry, "inter_node_bandwidth", path).value_or(kDefaultInterNode);
    // CPUs and unified-memory SoCs have no separate host RAM to spill to: the model already
    // lives in system memory, so the next tier is disk (never count the same memory twice).
    const bool hasHostTier = !isCpu && !device.unifiedMemory;
    device.hostMemoryBytes =
        optionalPositive(entry, "host_memory_bytes", path, true).value_or(hasHostTier ? 2.0 * device.memoryBytes : 0.0);
    device.hostLinkBytesPerSecond = optionalPositive(entry, "host_link_bandwidth", path)
                                        .value_or(hasHostTier ? kDefaultHostLink : device.memoryBandwidthBytesPerSecond);
    device.diskBytes = optionalPositive(entry, "disk_bytes", path, true).value_or(kDefaultDiskBytes);
    device.diskBytesPerSecond = optionalPositive(entry, "disk_bandwidth", path).value_or(kDefaultDiskBandwidth);
    device.runtimeOverheadBytes = optionalPositive(entry, "runtime_overhead_bytes", path, true)
                                      .value_or(isCpu ? 0.0 : kDefaultAcceleratorOverhead);
    device.tdpWatts = optionalPositive(entry, "tdp_watts", path).value_or(0.0);
    if (entry.contains("achieved") && entry["achieved"].is_object()) {
        const json& achieved = entry["achieved"];
        const std::string achievedPath = join(path, "achieved");
        device.achievedGemmFraction = optionalPositive(achieved, "gemm_fraction", achievedPath).value_or(0.0);
        device.achievedMemoryFraction =
            optionalPositive(achieved, "memory_bandwidth_fraction", achievedPath).value_or(0.0);
        if (device.achievedGemmFraction > 1.0 || device.achievedMemoryFraction > 1.0)
            throw InputError(achievedPath, "fractions of peak must be in (0, 1]");
        device.achievedSource = optionalString(achieved, "source", {});
    }
    device.sources = optionalStringList(entry, "sources", path);
    device.confidence = optionalString(entry, "confidence", {});
    device.uncertainty = optionalString(entry, "uncertainty", {});
    device.notes = optionalString(entry, "notes", {});
    return device;
}

json deviceToJson(const Device& device)
{
    json peaks = json::object();
    for (std::size_t i = 0; i < kPeakKeyCount; ++i) {
        if (device.peakFlopsPerSecond[i] > 0)
            peaks[std::string(peakKeyName(static_cast<PeakKey>(i)))] = device.peakFlopsPerSecond[i];
    }
    json entry = {
        {"id", device.id},
        {"name", device.name},
        {"vendor", device.vendor},
        {"class", deviceClassName(device.deviceClass)},
        {"memory_bytes", device.memoryBytes},
        {"memory_bandwidth", device.memoryBandwidthBytesPerSecond},
        {"peak_flops", peaks},
        {"devices_per_node", device.devicesPerNode},
        {"inter_node_bandwidth", device.interNodeBytesPerSecond},
        {"host_memory_bytes", device.hostMemoryBytes},
        {"host_link_bandwidth", device.hostLinkBytesPerSecond},
        {"unified_memory", device.unifiedMemory},
        {"runtime_overhead_bytes", device.runtimeOverheadBytes},
        {"sources", device.sources},
    };
    if (!device.architecture.empty())
        entry["architecture"] = device.architecture;
    if (!device.release.empty())
        entry["release"] = device.release;
    if (!device.memoryType.empty())
        entry["memory_type"] = device.memoryType;
    if (device.interconnectBytesPerSecond > 0)
        entry["interconnect"] = {{"name", device.interconnectName}, {"bandwidth", device.interconnectBytesPerSecond}};
    if (device.tdpWatts > 0)
        entry["tdp_watts"] = device.tdpWatts;
    if (!device.confidence.empty())
        entry["confidence"] = device.confidence;
    return entry;
}

} // namespace lhe::core
