#include "core/common/json_fields.h"

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
MessageArgument notANumber(const json& value)
{
    if (!value.is_string())
        return MessageArgument(typeName(value));
    return message(LHE_TEXT("CoreMessage", "the string \"%1\" (JSON numbers take no quotes)"),
                   elided(value.get<std::string>()));
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
        throw InputError(path,
                         message(LHE_TEXT("CoreMessage", "expected a JSON object, got %1"), typeName(value)));
    return value;
}

const json& requireMember(const json& object, const std::string& key, const std::string& path)
{
    const json* value = member(object, key);
    if (!value)
        throw InputError(join(path, key), message(LHE_TEXT("CoreMessage", "required field is missing")));
    return *value;
}

std::string requireString(const json& object, const std::string& key, const std::string& path)
{
    const json& value = requireMember(object, key, path);
    if (!value.is_string())
        throw InputError(join(path, key),
                         message(LHE_TEXT("CoreMessage", "expected a string, got %1"), typeName(value)));
    const auto text = value.get<std::string>();
    if (text.empty())
        throw InputError(join(path, key), message(LHE_TEXT("CoreMessage", "must not be empty")));
    return text;
}

Message idsAreIdentifiers()
{
    return message(LHE_TEXT("CoreMessage",
                            "ids are identifiers, typed on command lines and listed one per line: printable "
                            "characters only"));
}

Message namesAreOneLine()
{
    return message(LHE_TEXT("CoreMessage", "names are listed one per line: printable characters only"));
}

const std::string& checkOneLine(const std::string& text, const std::string& fieldPath, const Message& why)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) {
            char code[8];
            std::snprintf(code, sizeof code, "U+%04X", byte);
            throw InputError(
                fieldPath,
                message(LHE_TEXT("CoreMessage", "\"%1\" holds a control character (%2) at byte %3; %4"),
                        elided(text), std::string(code), i + 1, why));
        }
    }
    return text;
}

std::string requireOneLine(const json& object, const std::string& key, const std::string& path,
                           const Message& why)
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
        throw InputError(join(path, key),
                         message(LHE_TEXT("CoreMessage", "expected a string, got %1"), typeName(*value)));
    return value->get<std::string>();
}

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// "expected a number from 1e+06 to 1e+17 B/s, got <found>" (the unit left out when empty).
static Message notInRange(const Range& range, MessageArgument found)
{
    if (*range.unit == '\0')
        return message(LHE_TEXT("CoreMessage", "expected a number from %1 to %2, got %3"), range.minimum,
                       range.maximum, std::move(found));
    return message(LHE_TEXT("CoreMessage", "expected a number from %1 to %2 %3, got %4"), range.minimum,
                   range.maximum, range.unit, std::move(found));
}

static double checkedInRange(const json& value, const std::string& fieldPath, const Range& range)
{
    if (!value.is_number())
        throw InputError(fieldPath, notInRange(range, notANumber(value)));
    const double number = value.get<double>();
    if (!std::isfinite(number) || number < range.minimum || number > range.maximum)
        throw InputError(fieldPath, notInRange(range, quotedNumber(value)));
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
        throw InputError(fieldPath,
                         message(LHE_TEXT("CoreMessage", "expected a number, got %1"), notANumber(value)));
    const double number = value.get<double>();
    if (!std::isfinite(number))
        throw InputError(fieldPath, message(LHE_TEXT("CoreMessage", "must be a finite number")));
    if (allowZero && number < 0)
        throw InputError(fieldPath,
                         message(LHE_TEXT("CoreMessage", "must be >= 0, got %1"), quotedNumber(value)));
    if (!allowZero && number <= 0)
        throw InputError(fieldPath,
                         message(LHE_TEXT("CoreMessage", "must be > 0, got %1"), quotedNumber(value)));
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
    const auto notInRange = [&](MessageArgument found) {
        return message(LHE_TEXT("CoreMessage", "expected an integer from %1 to %2, got %3"), minimum, maximum,
                       std::move(found));
    };
    if (!value.is_number())
        throw InputError(fieldPath, notInRange(notANumber(value)));
    const double number = value.get<double>();
    if (!std::isfinite(number) || number != std::floor(number) || number < static_cast<double>(minimum) ||
        number > static_cast<double>(maximum))
        throw InputError(fieldPath, notInRange(quotedNumber(value)));
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
        throw InputError(join(path, key), message(LHE_TEXT("CoreMessage", "expected true or false, got %1"),
                                                  typeName(*value)));
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
        throw InputError(
            join(path, key),
            message(LHE_TEXT("CoreMessage", "expected an array of strings, got %1"), typeName(*value)));
    for (std::size_t i = 0; i < value->size(); ++i) {
        if (!(*value)[i].is_string())
            throw InputError(joinIndex(join(path, key), i),
                             message(LHE_TEXT("CoreMessage", "expected a string")));
        result.push_back((*value)[i].get<std::string>());
    }
    return result;
}

std::string shownValue(const json& value)
{
    if (value.is_array())
        return "an array";
    if (value.is_object())
        return "an object";
    if (value.is_string())
        return "\"" + elided(value.get_ref<const std::string&>()) + "\"";
    return elided(value.dump());
}

} // namespace lhe::core::json_fields
