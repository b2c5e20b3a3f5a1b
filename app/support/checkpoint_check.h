// The cross-check of a model downloaded from the Hugging Face Hub: do the bytes its safetensors
// index lists match what the config's parameter count takes in the checkpoint's own formats?
// Pure (no Qt), so the console tool and the window word it the same way.
#pragma once

#include "core/model/model_architecture.h"

#include <optional>
#include <string>

namespace lhe::app {

// Beyond this relative difference the config probably does not describe the weights (another
// model's config, a checkpoint with extra towers, or an index that lists adapters too). Within
// it: norms, biases and buffers the parameter count rounds away, and safetensors headers.
inline constexpr double kCheckpointSizeTolerance = 0.05;

struct CheckpointSizeCheck
{
    double indexBytes = 0;       // metadata.total_size of model.safetensors.index.json
    double configBytes = 0;      // core::ModelArchitecture::checkpointBytes for the config
    double ratio = 0;            // indexBytes / configBytes
    double deviationPercent = 0; // |ratio - 1| in percent
    double withinPercent = 0;    // deviationPercent rounded up to 0.1 (at least 0.1), as printed
    bool agrees = false;         // deviation within kCheckpointSizeTolerance
    // In English, one line: "safetensors index 2.47 GB agrees with the parameter count (within
    // 0.1 %)" or "checkpoint index says X GB, the config's parameter count in its stored formats
    // gives Y GB (ratio r): the config may not describe this checkpoint". GB = 10^9 bytes.
    std::string message;
};

// nullopt when there is nothing to compare: either size not positive, or not finite.
std::optional<CheckpointSizeCheck> checkCheckpointSize(double indexBytes, double configBytes);
// The same for a config's architecture: its checkpointBytes (each weight in the format the
// checkpoint stores it: bf16, fp8 blocks, int4 groups...).
std::optional<CheckpointSizeCheck> checkCheckpointSize(double indexBytes,
                                                       const core::ModelArchitecture& architecture);

} // namespace lhe::app
