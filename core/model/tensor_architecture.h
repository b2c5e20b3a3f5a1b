// The architecture of a model opened from its own files: its config.json (or the config a GGUF
// file's metadata amounts to) read as usual, then corrected by what its tensor headers say it
// stores (docs/METHOD.md §1.17 "Tensor headers").
#pragma once

#include "core/common/message.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_summary.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core {

struct Scenario;

// What only the config tells the tensor summary: the main model's decoder layers (a layer
// index at or past them is an MTP module) and the bits of packed integer weights.
TensorSummaryHints tensorHintsFromConfig(const nlohmann::json& config);

// Parameters and checkpoint bytes per module group, the expert count and, where the config's
// reading is approximate, each layer's KV width, taken from the headers. Each group the config
// implies more than 2 % apart from the headers is a warning naming it.
void applyTensorSummary(ModelArchitecture& arch, const TensorSummary& summary, const std::string& path,
                        std::vector<Message>& warnings);

// architectureFromHfConfig, then applyTensorSummary of `tensors` (the scenario's model_tensors,
// read strictly) when given. `path` names the config's field ("model_config").
ModelArchitecture architectureFromModelSources(const nlohmann::json& config, const nlohmann::json* tensors,
                                               const std::string& path, std::vector<Message>& warnings);

// The architecture of a scenario's inline model (model_config and model_tensors). The scenario
// must have a model_config.
ModelArchitecture inlineArchitecture(const Scenario& scenario, std::vector<Message>& warnings);

} // namespace lhe::core
