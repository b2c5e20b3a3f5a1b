// CheckpointFormat: how a published checkpoint stores each weight group (bf16, MXFP4, FP8
// blocks, int4 groups, ...), read from the quantization_config of its config.json, so that
// its size can be counted group by group instead of at one precision for the whole model.
#pragma once

#include "core/common/message.h"
#include "core/model/module_patterns.h" // groupsMatchedBy
#include "core/model/weight_group.h"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

// One group's storage: format id ("mxfp4", "fp8_e4m3_block128x128", "int4_g128", "bf16", ...)
// and the stored bits per parameter, block scales and zero points included.
struct GroupFormat
{
    std::string format = "bf16";
    double bitsPerParam = 16;
};

struct CheckpointFormat
{
    // quantization_config.quant_method ("mxfp4", "fp8", "compressed-tensors", "modelopt",
    // "bitsandbytes", "gptq", "awq", ...); "" when the checkpoint is not quantized.
    std::string method;
    std::string torchDtype = "bf16"; // the format of everything the quantization leaves alone
    std::array<GroupFormat, kWeightGroupCount> groups{};
    std::string summary; // "MXFP4 (4.25 bit) on routed experts; bf16 elsewhere"
    bool quantized() const { return !method.empty(); }
    const GroupFormat& group(WeightGroup g) const { return groups[static_cast<std::size_t>(g)]; }
};

// The quantization_config block of a top-level config.json object where transformers finds it
// (top level, then text_config; `compression_config` too), with its field path; block null when
// there is none.
struct QuantizationBlock
{
    const nlohmann::json* block = nullptr;
    std::string path;
    bool compressionConfig = false; // found as compression_config
};
QuantizationBlock findQuantizationConfig(const nlohmann::json& config, const std::string& path);

// Reads `torch_dtype` / `dtype` (bfloat16, float16, float32; bf16 when absent; text_config's
// when the top level has none) and `quantization_config` of a top-level config.json object.
// Malformed fields throw InputError naming the field (path.quantization_config.bits); a
// quant_method it does not understand is a warning, every group then stays at torch_dtype.
CheckpointFormat checkpointFormatFromHfConfig(const nlohmann::json& config, const std::string& path,
                                              std::vector<Message>& warnings);

} // namespace lhe::core
