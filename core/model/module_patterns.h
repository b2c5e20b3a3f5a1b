// Module patterns: which weight groups a quantization config's ignore / not-convert / targets
// list covers, by matching its entries against the module names the common families use.
#pragma once

#include "core/model/weight_group.h"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

// One entry of an ignore / not-convert / targets list: a module name or glob ("lm_head",
// "model.layers.*.self_attn": whole dot-separated parts anywhere in the name, the way
// transformers' should_convert_module takes prefixes and suffixes) or, prefixed "re:", a Python
// regex matched from the start of the name (compressed-tensors). An invalid regex throws
// InputError naming `fieldPath`.
class ModulePattern
{
public:
    ModulePattern(std::string_view text, const std::string& fieldPath);
    // `dotted` is "." + name + ".", made once per name by the caller.
    bool matches(const std::string& name, std::string_view dotted) const;

private:
    std::optional<std::regex> m_regex;
    std::string m_glob;
    std::string m_plain;
};

enum class Coverage { None, Partial, Full };
using CoverageByGroup = std::array<Coverage, kWeightGroupCount>;

// For each group: whether the patterns match every module of it (in some family's naming),
// some, or none.
CoverageByGroup coverageOf(const std::vector<ModulePattern>& patterns);
// The list of strings under `key` of `object` (absent: empty), as patterns.
std::vector<ModulePattern> readPatterns(const nlohmann::json& object, const std::string& key,
                                        const std::string& path);

// The weight groups one pattern covers entirely.
std::vector<WeightGroup> groupsMatchedBy(std::string_view pattern);

} // namespace lhe::core
