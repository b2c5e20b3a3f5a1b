// The report as CSV: one "field,value" row per number or string, the field a dotted path
// (memory.per_device.weights), so spreadsheets read it without a JSON parser.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace lhe::app {

std::string reportJsonAsCsv(const nlohmann::json& report);

} // namespace lhe::app
