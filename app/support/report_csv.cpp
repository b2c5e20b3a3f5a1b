#include "app/support/report_csv.h"

#include <nlohmann/json.hpp>

namespace lhe::app {

namespace {

std::string quoted(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void flatten(const nlohmann::json& value, const std::string& path, std::string& out)
{
    if (value.is_object()) {
        for (const auto& [key, child] : value.items())
            flatten(child, path.empty() ? key : path + "." + key, out);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            flatten(value[i], path + "[" + std::to_string(i) + "]", out);
    } else {
        out +=
            quoted(path) + "," + quoted(value.is_string() ? value.get<std::string>() : value.dump()) + "\n";
    }
}

} // namespace

std::string reportJsonAsCsv(const nlohmann::json& report)
{
    std::string out = "field,value\n";
    nlohmann::json copy = report;
    if (copy.contains("scenario"))
        copy["scenario"].erase("model_config"); // a whole config.json is not a report value
    flatten(copy, "", out);
    return out;
}

} // namespace lhe::app
