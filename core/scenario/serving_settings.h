// The scenario's "serving" object (docs/CONTRACT §2 Scenario): read with range checks, written
// back with every default filled in.
#pragma once

#include "core/common/json_fields.h"
#include "core/scenario/scenario.h"

#include <nlohmann/json.hpp>

namespace lhe::core {

// A price per device-hour, the scenario's own or one a ranking is given: at most a million, so
// that a cost per million tokens stays finite (docs/CONTRACT §2 Scenario).
inline constexpr json_fields::Range kPricePerDeviceHourRange{0.0, 1e6, ""};

// Throws InputError naming the field ("serving.requests[2].output_tokens").
ServingSettings servingSettingsFromJson(const nlohmann::json& object);
nlohmann::json servingSettingsToJson(const ServingSettings& settings);
// The members the contract defines (for unknownScenarioFields).
const std::vector<std::string_view>& servingMemberNames();

} // namespace lhe::core
