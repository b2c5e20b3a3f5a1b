// Device: one chip as the estimator sees it (capacity, bandwidth, dense peaks, links), read
// from a catalog entry. Optional catalog fields get the documented defaults in device.cpp.
#pragma once

#include "core/common/precision.h"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

enum class DeviceClass { Cpu, Gpu, Npu, Tpu };
std::string_view deviceClassName(DeviceClass deviceClass);
std::optional<DeviceClass> deviceClassFromName(std::string_view name); // "cpu", "gpu", "npu", "tpu"

struct Device
{
    std::string id;
    std::string name;
    std::string vendor;
    DeviceClass deviceClass = DeviceClass::Gpu;
    std::string architecture;
    std::string release;    // YYYY-MM
    std::string memoryType; // HBM3, GDDR6X, DDR5, ...

    double memoryBytes = 0;                                 // physical device memory, B
    double memoryBandwidthBytesPerSecond = 0;               // peak, B/s
    std::array<double, kPeakKeyCount> peakFlopsPerSecond{}; // dense; 0 = not supported

    std::string interconnectName;
    double interconnectBytesPerSecond = 0; // per direction per device; 0 = none (host link used)
    int devicesPerNode = 1;
    double interNodeBytesPerSecond = 0; // per direction per device
    double hostMemoryBytes = 0;         // host RAM usable for offload, per device
    double hostLinkBytesPerSecond = 0;  // host RAM <-> device, per direction
    double diskBytes = 0;               // local NVMe usable for offload, per device
    double diskBytesPerSecond = 0;      // sequential read
    bool unifiedMemory = false;
    // The chip whose one memory this engine shares with the other engines on it (CPU, GPU, NPU
    // of a laptop SoC, GB10, Jetson): capacity and bandwidth are the package's, not extra ones.
    // Empty for a device with memory of its own.
    std::string sharedMemoryPackage;
    double gpuMemoryFraction = 1.0;  // share of memoryBytes the accelerator may use
    double runtimeOverheadBytes = 0; // context + allocator reserve, per device
    double tdpWatts = 0;
    double achievedGemmFraction = 0;         // measured fraction of peak (0 = unknown)
    double achievedMemoryFraction = 0;       // measured fraction of bandwidth (0 = unknown)
    double achievedLayerLatencySeconds = -1; // measured kernel latency per layer (< 0 = unknown)
    std::string achievedSource;

    std::vector<std::string> sources;
    std::string confidence;
    std::string uncertainty;
    std::string notes;
    bool userDefined = false;

    double peak(PeakKey key) const { return peakFlopsPerSecond[static_cast<std::size_t>(key)]; }
    // Memory the model may occupy: unified-memory SoCs let the GPU wire only part of it.
    double usableMemoryBytes() const { return memoryBytes * gpuMemoryFraction; }
};

// Reads one catalog entry; `path` names it in errors ("devices[3]"). Throws InputError.
// The rating a catalog entry's free-text `confidence` starts with (docs/CONTRACT.md §devices:
// "high", "medium" or "low", any case, optionally followed by a reason); Unrated otherwise.
enum class ConfidenceRating { Unrated, High, Medium, Low };
ConfidenceRating confidenceRating(std::string_view confidence);

Device deviceFromJson(const nlohmann::json& entry, const std::string& path);
nlohmann::json deviceToJson(const Device& device);

} // namespace lhe::core
