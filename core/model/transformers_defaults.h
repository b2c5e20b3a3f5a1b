// The defaults transformers' configuration classes give keys a config.json leaves out, per
// model_type, each entry citing the file it comes from (docs/METHOD.md §1.1). A config.json is
// read as transformers reads it: the class fills every key the file omits, so a model whose
// config leaves `vocab_size` to Gemma3TextConfig has the vocabulary the class declares.
#pragma once

#include "core/common/message.h"

#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core::transformers_defaults {

struct ClassDefaults
{
    std::string_view modelType; // the config's model_type (a vision tower's own model_type too)
    std::string_view source;    // "transformers <path>, <class>"
    std::string_view commit;    // the huggingface/transformers commit the values were read at
    std::string_view defaults;  // JSON object: key -> default (null: the class's None)
};

// Every entry, for the test that checks them against the cited source lines.
std::span<const ClassDefaults> table();
// The entry of `modelType`, or nullptr for a type the table does not hold.
const ClassDefaults* find(std::string_view modelType);
// `config` with each key the class of `modelType` declares and the config omits filled with
// the class's default. A key the config sets (null included: transformers passes None on) is
// kept. An unknown model_type leaves the config as it is.
nlohmann::json withDefaults(const nlohmann::json& config, std::string_view modelType);
// A size of 0 for a feature is read as the feature off, as transformers' modeling code reads a
// falsy value; no published model has a 0-token window, a rank-0 latent or 0 experts, so the
// reading is said (a warning naming `path`.key) rather than taken silently (docs/METHOD.md §1.1).
void warnZeroFeatureSizes(const nlohmann::json& config, const std::string& path,
                          std::vector<Message>& warnings);

} // namespace lhe::core::transformers_defaults
