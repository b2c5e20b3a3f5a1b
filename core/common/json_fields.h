// Typed, path-aware reads from nlohmann::json for the three loaders (catalog, scenario,
// HF config): each failure throws InputError naming the field path and what is allowed.
#pragma once

#include "core/common/input_error.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lhe::core::json_fields {

using nlohmann::json;

// Field path for diagnostics: "devices[3].peak_flops".
std::string join(const std::string& parent, const std::string& key);
std::string joinIndex(const std::string& parent, std::size_t index);

const json& requireObject(const json& value, const std::string& path);
const json& requireMember(const json& object, const std::string& key, const std::string& path);

std::string requireString(const json& object, const std::string& key, const std::string& path);
// A string without control characters (a newline, a tab), for ids and names that the product
// prints one per line; `why` ends the message ("ids are identifiers: ...").
Message idsAreIdentifiers();
Message namesAreOneLine();
const std::string& checkOneLine(const std::string& text, const std::string& fieldPath, const Message& why);
std::string requireOneLine(const json& object, const std::string& key, const std::string& path,
                           const Message& why);
// Absent or null: fallback; any other non-string is an error naming the field.
std::string optionalString(const json& object, const std::string& key, const std::string& path,
                           const std::string& fallback);
// Absent or null: nullopt; else a finite number > 0 (or >= 0 with allowZero).
std::optional<double> optionalPositive(const json& object, const std::string& key, const std::string& path,
                                       bool allowZero = false);
// Finite number within [minimum, maximum] (inclusive), `unit` names it in the message
// ("expected a number from 1e+06 to 1e+17 B/s, got 0"); a unit symbol, shown as it is.
struct Range
{
    double minimum;
    double maximum;
    const char* unit;
};
double requireInRange(const json& object, const std::string& key, const std::string& path,
                      const Range& range);
std::optional<double> optionalInRange(const json& object, const std::string& key, const std::string& path,
                                      const Range& range);
// A value quoted in a message: numbers and literals as written, strings quoted (the quotes not
// counted in an elided string's length), containers named.
std::string shownValue(const json& value);
// "%g" of a number, for messages: 1e+06, 0.5.
std::string formatNumber(double value);
// Whole number within [minimum, maximum]; accepts 8 and 8.0, rejects 8.5 and "8".
long long requireInteger(const json& object, const std::string& key, const std::string& path,
                         long long minimum, long long maximum);
std::optional<long long> optionalInteger(const json& object, const std::string& key, const std::string& path,
                                         long long minimum, long long maximum);
std::optional<bool> optionalBool(const json& object, const std::string& key, const std::string& path);
std::vector<std::string> optionalStringList(const json& object, const std::string& key,
                                            const std::string& path);

} // namespace lhe::core::json_fields
