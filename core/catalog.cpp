#include "core/catalog.h"

#include "core/embedded_catalogs.h"
#include "core/input_error.h"
#include "core/json_fields.h"

#include <algorithm>

namespace lhe::core {

using namespace json_fields;

namespace {

// Nesting deeper than any catalog or config needs; guards the recursive parser (issue 7).
constexpr int kMaxJsonDepth = 64;

template <typename Entry>
void upsert(std::vector<Entry>& entries, Entry entry)
{
    auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.id == entry.id; });
    if (it != entries.end())
        *it = std::move(entry);
    else
        entries.push_back(std::move(entry));
}

} // namespace

json parseJsonText(std::string_view text, const std::string& origin)
{
    int depth = 0;
    int maxDepth = 0;
    auto depthGuard = [&](int d, json::parse_event_t event, json&) {
        if (event == json::parse_event_t::object_start || event == json::parse_event_t::array_start)
            maxDepth = std::max(maxDepth, d + 1);
        depth = d;
        return maxDepth <= kMaxJsonDepth;
    };
    try {
        json parsed = json::parse(text.begin(), text.end(), depthGuard);
        if (maxDepth > kMaxJsonDepth)
            throw InputError(origin, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        return parsed;
    } catch (const json::parse_error& error) {
        throw InputError(origin, "malformed JSON at byte " + std::to_string(error.byte) + ": " +
                                     std::string(error.what()).substr(std::string(error.what()).find(':') + 2));
    } catch (const json::exception& error) {
        // e.g. out_of_range 406 for a number like 4e4444 (found by tests/fuzz/fuzz_catalog).
        throw InputError(origin, std::string("unreadable JSON: ") + error.what());
    }
}

ModelEntry modelFromJson(const json& entry, const std::string& path)
{
    requireObject(entry, path);
    ModelEntry model;
    model.id = requireString(entry, "id", path);
    model.name = requireString(entry, "name", path);
    model.family = optionalString(entry, "family", "Custom");
    model.release = optionalString(entry, "release", {});
    model.hfConfig = requireObject(requireMember(entry, "hf_config", path), join(path, "hf_config"));
    model.architecture = architectureFromHfConfig(model.hfConfig, join(path, "hf_config"), model.loadWarnings);
    model.publishedParamsTotal = optionalPositive(entry, "params_total", path).value_or(0.0);
    model.publishedParamsActive = optionalPositive(entry, "params_active", path).value_or(model.publishedParamsTotal);
    model.paramsSource = optionalString(entry, "params_source", {});
    model.configProvenance = optionalString(entry, "config_provenance", {});
    model.sources = optionalStringList(entry, "sources", path);
    model.notes = optionalString(entry, "notes", {});
    return model;
}

const Catalog& Catalog::builtIn()
{
    static const Catalog catalog = [] {
        Catalog c;
        std::vector<std::string> warnings;
        c.addText(reinterpret_cast<const char*>(embedded::devicesJson), "catalogs/devices.json", false, warnings);
        c.addText(reinterpret_cast<const char*>(embedded::modelsJson), "catalogs/models.json", false, warnings);
        return c;
    }();
    return catalog;
}

void Catalog::add(const json& document, const std::string& origin, bool userDefined,
                  std::vector<std::string>& warnings)
{
    if (!document.is_object() || (!document.contains("devices") && !document.contains("models")))
        throw InputError(origin, "a catalog is a JSON object with a \"devices\" array, a \"models\" array, or both");
    for (const char* key : {"devices", "models"}) {
        if (document.contains(key) && !document[key].is_array())
            throw InputError(origin + ": " + key, "expected an array");
    }
    if (document.contains("devices")) {
        const json& devices = document["devices"];
        for (std::size_t i = 0; i < devices.size(); ++i) {
            try {
                Device device = deviceFromJson(devices[i], joinIndex("devices", i));
                device.userDefined = userDefined;
                upsert(m_devices, std::move(device));
            } catch (const InputError& error) {
                warnings.push_back(origin + ": skipped " + error.what());
            }
        }
    }
    if (document.contains("models")) {
        const json& models = document["models"];
        for (std::size_t i = 0; i < models.size(); ++i) {
            try {
                ModelEntry model = modelFromJson(models[i], joinIndex("models", i));
                model.userDefined = userDefined;
                upsert(m_models, std::move(model));
            } catch (const InputError& error) {
                warnings.push_back(origin + ": skipped " + error.what());
            }
        }
    }
}

void Catalog::addText(std::string_view text, const std::string& origin, bool userDefined,
                      std::vector<std::string>& warnings)
{
    add(parseJsonText(text, origin), origin, userDefined, warnings);
}

const Device* Catalog::findDevice(std::string_view id) const
{
    auto it = std::find_if(m_devices.begin(), m_devices.end(), [&](const Device& d) { return d.id == id; });
    return it == m_devices.end() ? nullptr : &*it;
}

const ModelEntry* Catalog::findModel(std::string_view id) const
{
    auto it = std::find_if(m_models.begin(), m_models.end(), [&](const ModelEntry& m) { return m.id == id; });
    return it == m_models.end() ? nullptr : &*it;
}

} // namespace lhe::core
