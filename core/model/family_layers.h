// Readers for families whose layers differ from one another in ways the shared layout reader
// (core/model/layer_layout.cpp) does not express: Gemma 4 and DeepSeek-V4. Each pair runs around
// layer_layout::readLayout in architectureFromHfConfig (docs/METHOD.md §1.1).
#pragma once

#include "core/model/model_architecture.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace lhe::core::family_layers {

// Before readLayout: which layers are MoE (Gemma 4's dense MLP beside the experts).
void readGemma4Mlp(ModelArchitecture& a, const nlohmann::json& config, const std::string& path);
// After readLayout: global layers' head dim and KV heads, KV-shared layers.
void readGemma4Layers(ModelArchitecture& a, const nlohmann::json& config, const std::string& path);
void readDeepseekV4(ModelArchitecture& a, const nlohmann::json& config, const std::string& path);
void readDeepseekV4Layers(ModelArchitecture& a, const nlohmann::json& config, const std::string& path);

} // namespace lhe::core::family_layers
