// Layer layout: which token mixer and which MLP each decoder layer of a config.json has
// (full, sliding, chunked, linear attention or none; dense, mixture of experts or none), read
// from the family's own fields (docs/METHOD.md "Model shape").
#pragma once

#include "core/model/model_architecture.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lhe::core::layer_layout {

// First present, non-null key of `keys`, as a whole number in [minimum, 1e8]; InputError names
// the key when it is not one.
std::optional<long long> integerKey(const nlohmann::json& config, std::initializer_list<const char*> keys,
                                    const std::string& path, long long minimum = 1);
long long requireIntegerKey(const nlohmann::json& config, std::initializer_list<const char*> keys,
                            const std::string& path, long long minimum = 1);
// An optional boolean key (absent or null: fallback); InputError when it is not a boolean.
bool boolKey(const nlohmann::json& config, const char* key, const std::string& path, bool fallback);
bool isOneOf(const std::string& value, std::initializer_list<const char*> names);
// Dimensions are whole numbers; the counts built from them are doubles (exact to 2^53).
inline double dbl(long long value)
{
    return static_cast<double>(value);
}

// Fills arch.layerSpecs[i].attention / windowTokens / mlp / ffn for every layer, and the MoE
// counts (moeLayers, denseLayers). Needs layers, ffn, experts and modelType read already.
void readLayout(ModelArchitecture& arch, const nlohmann::json& config, const std::string& path);

} // namespace lhe::core::layer_layout
