// EngineProfile: what a serving engine adds to the hardware's time and how it batches, read from a
// catalog entry ("engines" array, docs/CONTRACT §4.5). Every figure has a source in the entry;
// docs/METHOD.md §15.8 says how the serving model uses each.
#pragma once

#include "core/catalog/device.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core {

struct EngineProfile
{
    std::string id;
    std::string name;
    std::string version;
    // Device classes and vendors the engine runs on ("gpu"; "NVIDIA"); empty: any. The default
    // engine of a device is the first entry, in catalog order, that lists its class and vendor.
    std::vector<DeviceClass> deviceClasses;
    std::vector<std::string> vendors;
    std::vector<std::string> deviceIds; // only these catalog devices (a vendor's stack for one line)

    long long kvBlockTokens = 16;        // paged KV block (vLLM block_size)
    long long maxBatchedTokens = 8192;   // tokens per step, prompt chunks included
    long long maxRunningRequests = 256;  // sequences one engine runs at once (vLLM max_num_seqs)
    long long graphBatchCap = 0;         // largest decode batch replayed as a CUDA/HPU graph; 0: none
    double stepOverheadSeconds = 0;      // host work per step: schedule, prepare inputs, sample
    double eagerStepOverheadSeconds = 0; // more per step beyond graphBatchCap (kernels launched one by one)
    double requestOverheadSeconds = 0;   // per request before its first token: HTTP, tokenize, detokenize

    std::vector<std::string> sources;
    std::string confidence;
    std::string notes;
    bool userDefined = false;

    bool runsOn(const Device& device) const;
};

// Throws InputError naming the field ("engines[2].step_overhead_seconds").
EngineProfile engineFromJson(const nlohmann::json& entry, const std::string& path);
nlohmann::json toJson(const EngineProfile& engine);

} // namespace lhe::core
