#include "core/json_fields.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace lhe::core::json_fields {

namespace {

const char* typeName(const json& value)
{
    return value.type_name();
}

// What was found where a number belongs: a string is quoted (elided), since "8" for 8 is the
// usual slip; anything else by its type.
std::string notANumber(const json& value)
{
    if (!value.is_string())
        return typeName(value);
    return "the string \"" + elided(value.get<std::string>()) + "\" (JSON numbers take no quotes)";
}

// A number found out of range, as the message quotes it.
std::string quotedNumber(const json& value)
{
    return elided(value.dump());
}

const json* member(const json& object, const std::string& key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return nullptr;
    return &*it;
}

} // namespace

std::string join(const std::string& parent, const std::string& key)
{
    return parent.empty() ? key : parent + "." + key;
}

std::string joinIndex(const std::string& parent, std::size_t index)
{
    return parent + "[" + std::to_string(index) + "]";
}

const json& requireObject(const json& value, const std::string& path)
{
    if (!value.is_object())
        throw InputError(path, std::string("expected a JSON object, got ") + typeName(value));
    return value;
}

const json& requireMember(const json& object, const std::string& key, const std::string& path)
{
    const json* value = member(object, key);
    if (!value)
        throw InputError(join(path, key), "required field is missing");
    return *value;
}

std::string requireString(const json& object, const std::string& key, const std::string& path)
{
    const json& value = requireMember(object, key, path);
    if (!value.is_string())
        throw InputError(join(path, key), std::string("expected a string, got ") + typeName(value));
    const auto text = value.get<std::string>();
    if (text.empty())
        throw InputError(join(path, key), "must not be empty");
    return text;
}

const std::string& checkOneLine(const std::string& text, const std::string& fieldPath, const char* why)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) {
            char code[8];
            std::snprintf(code, sizeof code, "U+%04X", byte);
            throw InputError(fieldPath, "\"" + elided(text) + "\" holds a control character (" + code +
                                            ") at byte " + std::to_string(i + 1) + "; " + why);
        }
    }
    return text;
}

std::string requireOneLine(const json& object, const std::string& key, const std::string& path,
                           const char* why)
{
    return checkOneLine(requireString(object, key, path), join(path, key), why);
}

std::string optionalString(const json& object, const std::string& key, const std::string& path,
                           const std::string& fallback)
{
    const json* value = member(object, key);
    if (!value)
        return fallback;
    if (!value->is_string())
        throw InputError(join(path, key), std::string("expected a string, got ") + typeName(*value));
    return value->get<std::string>();
}

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

static double checkedInRange(const json& value, const std::string& fieldPath, const Range& range)
{
    const std::string allowed = "a number from " + formatNumber(range.minimum) + " to " +
                                formatNumber(range.maximum) + (*range.unit ? " " : "") + range.unit;
    if (!value.is_number())
        throw InputError(fieldPath, "expected " + allowed + ", got " + notANumber(value));
    const double number = value.get<double>();
    if (!std::isfinite(number) || number < range.minimum || number > range.maximum)
        throw InputError(fieldPath, "expected " + allowed + ", got " + quotedNumber(value));
    return number + 0.0; // -0.0 (inside a range from 0) becomes 0.0: no "-0" in any report
}

double requireInRange(const json& object, const std::string& key, const std::string& path, const Range& range)
{
    return checkedInRange(requireMember(object, key, path), join(path, key), range);
}

std::optional<double> optionalInRange(const json& object, const std::string& key, const std::string& path,
                                      const Range& range)
{
    const json* value = member(object, key);
    if (!value)
        return std::nullopt;
    return checkedInRange(*value, join(path, key), range);
}

static double checkedNumber(const json& value, const std::string& fieldPath, bool allowZero)
{
    if (!value.is_number())
        throw InputError(fieldPath, "expected a number, got " + notANumber(value));
    const double number = value.get<double>();
    if (!std::isfinite(number))
        throw InputError(fieldPath, "must be a finite number");
    if (allowZero ? number < 0 : number <= 0)
        throw InputError(fieldPath, std::string("must be ") + (allowZero ? ">= 0" : "> 0") + ", got " +
                                        quotedNumber(value));
    return number + 0.0; // -0.0 becomes 0.0
}

std::optional<double> optionalPositive(const json& object, const std::string& key, const std::string& path,
                                       bool allowZero)
{
    const json* value = member(object, key);
    if (!value)
        return std::nullopt;
    return checkedNumber(*value, join(path, key), allowZero);
}

static long long checkedInteger(const json& value, const std::string& fieldPath, long long minimum,
                                long long maximum)
{
    const std::string range = "an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum);
    if (!value.is_number())
        throw InputError(fieldPath, "expected " + range + ", got " + notANumber(value));
    const double number = value.get<double>();
    if (!std::isfinite(number) || number != std::floor(number))
        throw InputError(fieldPath, "expected " + range + ", got " + quotedNumber(value));
    if (number < static_cast<double>(minimum) || number > static_cast<double>(maximum))
        throw InputError(fieldPath, "expected " + range + ", got " + quotedNumber(value));
    return static_cast<long long>(number);
}

long long requireInteger(const json& object, const std::string& key, const std::string& path,
                         long long minimum, long long maximum)
{
    return checkedInteger(requireMember(object, key, path), join(path, key), minimum, maximum);
}

std::optional<long long> optionalInteger(const json& object, const std::string& key, const std::string& path,
                                         long long minimum, long long maximum)
{
    const json* value = member(object, key);
    if (!value)
        return std::nullopt;
    return checkedInteger(*value, join(path, key), minimum, maximum);
}

std::optional<bool> optionalBool(const json& object, const std::string& key, const std::string& path)
{
    const json* value = member(object, key);
    if (!value)
        return std::nullopt;
    if (!value->is_boolean())
        throw InputError(join(path, key), std::string("expected true or false, got ") + typeName(*value));
    return value->get<bool>();
}

std::vector<std::string> optionalStringList(const json& object, const std::string& key,
                                            const std::string& path)
{
    std::vector<std::string> result;
    const json* value = member(object, key);
    if (!value)
        return result;
    if (value->is_string())
        return {value->get<std::string>()};
    if (!value->is_array())
        throw InputError(join(path, key),
                         std::string("expected an array of strings, got ") + typeName(*value));
    for (std::size_t i = 0; i < value->size(); ++i) {
        if (!(*value)[i].is_string())
            throw InputError(joinIndex(join(path, key), i), "expected a string");
        result.push_back((*value)[i].get<std::string>());
    }
    return result;
}

} // namespace lhe::core::json_fields
