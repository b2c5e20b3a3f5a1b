// Catalog: the devices and models a scenario can name, from the embedded default catalogs
// plus any user catalog (a later entry with the same id overrides an earlier one).
#pragma once

#include "core/device.h"
#include "core/model_architecture.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

struct ModelEntry {
    std::string id;
    std::string name;
    std::string family;
    std::string release;
    nlohmann::json hfConfig;
    ModelArchitecture architecture;
    double publishedParamsTotal = 0;  // as published (checked against the architecture by tests)
    double publishedParamsActive = 0;
    std::string paramsSource;
    std::string configProvenance; // URL of the copied config.json, or "reconstructed from ..."
    std::vector<std::string> sources;
    std::string notes;
    std::vector<std::string> loadWarnings; // generic-key fallbacks while reading hf_config
    bool userDefined = false;
};

ModelEntry modelFromJson(const nlohmann::json& entry, const std::string& path);

class Catalog
{
public:
    // The shipped catalogs/devices.json and catalogs/models.json, compiled into the core.
    static const Catalog& builtIn();

    // Adds the entries of one catalog document. A malformed document throws InputError; a bad
    // entry is skipped and described in `warnings` (prefixed by `origin`), so one broken user
    // entry never hides the rest.
    void add(const nlohmann::json& document, const std::string& origin, bool userDefined,
             std::vector<std::string>& warnings);
    // Parses text first; a syntax error throws InputError with the byte position.
    void addText(std::string_view text, const std::string& origin, bool userDefined,
                 std::vector<std::string>& warnings);

    const std::vector<Device>& devices() const { return m_devices; }
    const std::vector<ModelEntry>& models() const { return m_models; }
    const Device* findDevice(std::string_view id) const;
    const ModelEntry* findModel(std::string_view id) const;

private:
    std::vector<Device> m_devices;
    std::vector<ModelEntry> m_models;
};

// Parses JSON text; a syntax error becomes InputError("<origin>", "... at byte N").
nlohmann::json parseJsonText(std::string_view text, const std::string& origin);

} // namespace lhe::core
