#include "core/catalog/device.h"

#include "core/common/json_fields.h"
#include "core/common/units.h"

#include <cctype>
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
// - runtime context: the CUDA context (driver, loaded kernels, cuBLAS workspace) takes ~400 MB
//   with CUDA >= 11.7 lazy module loading (pytorch/pytorch#109888, #107667: "~300-400MB").
//   Allocator reserve and NCCL buffers are scenario overheads (memory_model.cpp). CPUs: 0.
constexpr double kDefaultAcceleratorOverhead = 400e6;
// - Apple Silicon: macOS lets the GPU wire ~75 % of unified memory by default
//   (recommendedMaxWorkingSetSize; llama.cpp ggml-metal reports it at start-up).
constexpr double kDefaultUnifiedGpuFraction = 0.75;

// Accepted ranges (hostile input, docs/CONTRACT §4.2 Device entry): far wider than any real device - today's
// largest are 288 GB of HBM3e, 8 TB/s and ~10 PFLOP/s dense per GPU; the wafer-scale Cerebras WSE-3 has 21
// PB/s on-chip bandwidth and 125 PFLOP/s - yet narrow enough that every time and ratio the estimator forms
// stays finite: a bandwidth of 1e-300 B/s or a peak of 5e-324 FLOP/s turns one second into infinity, and
// 1e308 B of memory doubles into infinity as the default host tier.
constexpr Range kMemoryBytes{1e6, 1e18, "B"}; // 1 MB to 1 EB
constexpr Range kOptionalBytes{0, 1e18, "B"}; // 0 = none
constexpr Range kBandwidth{1e6, 1e17, "B/s"}; // 1 MB/s to 100 PB/s
constexpr Range kPeak{1e6, 1e19, "FLOP/s"};   // 1 MFLOP/s to 10 EFLOP/s
constexpr Range kFraction{0.01, 1.0, ""};     // below 1 % no real kernel runs (as scenario.cpp)
constexpr Range kWatts{0.001, 1e7, "W"};

DeviceClass parseClass(const json& entry, const std::string& path)
{
    const std::string name = requireString(entry, "class", path);
    if (const auto deviceClass = deviceClassFromName(name))
        return *deviceClass;
    throw InputError(
        join(path, "class"),
        message(LHE_TEXT("CoreMessage", "unknown class \"%1\"; allowed: cpu, gpu, npu, tpu"), elided(name)));
}

} // namespace

std::string_view deviceClassName(DeviceClass deviceClass)
{
    switch (deviceClass) {
    case DeviceClass::Cpu:
        return "cpu";
    case DeviceClass::Gpu:
        return "gpu";
    case DeviceClass::Npu:
        return "npu";
    case DeviceClass::Tpu:
        return "tpu";
    }
    return "gpu";
}

std::optional<DeviceClass> deviceClassFromName(std::string_view name)
{
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::Gpu, DeviceClass::Npu, DeviceClass::Tpu})
        if (deviceClassName(c) == name)
            return c;
    return std::nullopt;
}

ConfidenceRating confidenceRating(std::string_view confidence)
{
    // The first word, up to a space or punctuation ("low (no datasheet)", "Medium: estimated").
    std::string word;
    for (const char c : confidence) {
        if (std::isalpha(static_cast<unsigned char>(c)) == 0)
            break;
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (word == "high")
        return ConfidenceRating::High;
    if (word == "medium")
        return ConfidenceRating::Medium;
    if (word == "low")
        return ConfidenceRating::Low;
    return ConfidenceRating::Unrated;
}

Device deviceFromJson(const json& entry, const std::string& path)
{
    requireObject(entry, path);
    Device device;
    device.id = requireOneLine(entry, "id", path, idsAreIdentifiers());
    device.name = requireOneLine(entry, "name", path, namesAreOneLine());
    device.vendor = requireOneLine(entry, "vendor", path, namesAreOneLine());
    device.deviceClass = parseClass(entry, path);
    device.memoryBytes = requireInRange(entry, "memory_bytes", path, kMemoryBytes);
    device.memoryBandwidthBytesPerSecond = requireInRange(entry, "memory_bandwidth", path, kBandwidth);

    const std::string peaksPath = join(path, "peak_flops");
    const json& peaks = requireObject(requireMember(entry, "peak_flops", path), peaksPath);
    bool anyPeak = false;
    for (const auto& [key, value] : peaks.items()) {
        const auto peakKey = parsePeakKey(key);
        // An unknown key is an error, not a note: docs/CONTRACT §4.2 lists the keys, and a typo such as
        // "bf61" would otherwise silently drop the peak the scenario computes with.
        if (!peakKey)
            throw InputError(
                join(peaksPath, key),
                message(LHE_TEXT("CoreMessage", "unknown precision \"%1\"; allowed: fp64, fp32, tf32, bf16, "
                                                "fp16, fp8, int8, int4, fp4, mxfp8, mxfp4, nvfp4"),
                        elided(key)));
        if (value.is_null())
            continue;
        if (value.is_number() && value.get<double>() == 0)
            throw InputError(
                join(peaksPath, key),
                message(LHE_TEXT("CoreMessage", "expected a number from %1 to %2 FLOP/s, got 0; leave out "
                                                "a precision the device lacks"),
                        kPeak.minimum, kPeak.maximum));
        device.peakFlopsPerSecond[static_cast<std::size_t>(*peakKey)] =
            requireInRange(peaks, key, peaksPath, kPeak);
        anyPeak = true;
    }
    if (!anyPeak)
        throw InputError(
            peaksPath,
            message(LHE_TEXT("CoreMessage", "needs at least one dense peak, e.g. {\"bf16\": 989.4e12}")));

    device.architecture = optionalString(entry, "architecture", path, {});
    device.release = optionalString(entry, "release", path, {});
    device.memoryType = optionalString(entry, "memory_type", path, {});
    if (entry.contains("interconnect") && !entry["interconnect"].is_null()) {
        const std::string linkPath = join(path, "interconnect");
        const json& link = requireObject(entry["interconnect"], linkPath);
        device.interconnectName = optionalString(link, "name", linkPath, {});
        device.interconnectBytesPerSecond = requireInRange(link, "bandwidth", linkPath, kBandwidth);
    }
    const bool isCpu = device.deviceClass == DeviceClass::Cpu;
    device.sharedMemoryPackage = optionalString(entry, "shared_memory_package", path, {});
    const std::optional<bool> unified = optionalBool(entry, "unified_memory", path);
    if (!device.sharedMemoryPackage.empty() && unified == false)
        throw InputError(
            join(path, "unified_memory"),
            message(LHE_TEXT("CoreMessage", "is false, but shared_memory_package says the memory is "
                                            "shared; leave one out")));
    device.unifiedMemory = unified.value_or(!device.sharedMemoryPackage.empty());
    device.gpuMemoryFraction = optionalInRange(entry, "gpu_memory_fraction", path, kFraction)
                                   .value_or(device.unifiedMemory ? kDefaultUnifiedGpuFraction : 1.0);
    device.devicesPerNode =
        static_cast<int>(optionalInteger(entry, "devices_per_node", path, 1, 65536).value_or(1));
    device.interNodeBytesPerSecond =
        optionalInRange(entry, "inter_node_bandwidth", path, kBandwidth).value_or(kDefaultInterNode);
    // CPUs and unified-memory SoCs have no separate host RAM to spill to: the model already
    // lives in system memory, so the next tier is disk (never count the same memory twice).
    const bool hasHostTier = !isCpu && !device.unifiedMemory;
    device.hostMemoryBytes = optionalInRange(entry, "host_memory_bytes", path, kOptionalBytes)
                                 .value_or(hasHostTier ? 2.0 * device.memoryBytes : 0.0);
    device.hostLinkBytesPerSecond =
        optionalInRange(entry, "host_link_bandwidth", path, kBandwidth)
            .value_or(hasHostTier ? kDefaultHostLink : device.memoryBandwidthBytesPerSecond);
    device.diskBytes = optionalInRange(entry, "disk_bytes", path, kOptionalBytes).value_or(kDefaultDiskBytes);
    device.diskBytesPerSecond =
        optionalInRange(entry, "disk_bandwidth", path, kBandwidth).value_or(kDefaultDiskBandwidth);
    device.runtimeOverheadBytes = optionalInRange(entry, "runtime_overhead_bytes", path, kOptionalBytes)
                                      .value_or(isCpu ? 0.0 : kDefaultAcceleratorOverhead);
    device.tdpWatts = optionalInRange(entry, "tdp_watts", path, kWatts).value_or(0.0);
    if (entry.contains("achieved") && !entry["achieved"].is_null()) {
        const std::string achievedPath = join(path, "achieved");
        const json& achieved = requireObject(entry["achieved"], achievedPath);
        device.achievedGemmFraction =
            optionalInRange(achieved, "gemm_fraction", achievedPath, kFraction).value_or(0.0);
        device.achievedMemoryFraction =
            optionalInRange(achieved, "memory_bandwidth_fraction", achievedPath, kFraction).value_or(0.0);
        device.achievedLayerLatencySeconds =
            optionalInRange(achieved, "layer_latency_seconds", achievedPath, {0.0, 0.1, "s"}).value_or(-1.0);
        device.achievedSource = optionalString(achieved, "source", achievedPath, {});
    }
    device.sources = optionalStringList(entry, "sources", path);
    device.confidence = optionalString(entry, "confidence", path, {});
    device.uncertainty = optionalString(entry, "uncertainty", path, {});
    device.notes = optionalString(entry, "notes", path, {});
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
        entry["interconnect"] = {{"name", device.interconnectName},
                                 {"bandwidth", device.interconnectBytesPerSecond}};
    if (!device.sharedMemoryPackage.empty())
        entry["shared_memory_package"] = device.sharedMemoryPackage;
    if (device.tdpWatts > 0)
        entry["tdp_watts"] = device.tdpWatts;
    if (!device.confidence.empty())
        entry["confidence"] = device.confidence;
    return entry;
}

} // namespace lhe::core
