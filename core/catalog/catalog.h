// Catalog: the devices, models and serving engines a scenario can name, from the embedded default catalogs
// plus any user catalog (a later entry with the same id overrides an earlier one).
#pragma once

#include "core/catalog/device.h"
#include "core/catalog/engine_profile.h"
#include "core/model/model_architecture.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lhe::core {

struct ModelEntry
{
    std::string id;
    std::string name;
    std::string family;
    std::string release;
    nlohmann::json hfConfig;
    // The checkpoint's tensor-header summary (docs/CONTRACT §2.8 model_tensors) of a model a
    // user opened from its files and saved; null for the rest.
    nlohmann::json modelTensors;
    ModelArchitecture architecture;
    double publishedParamsTotal = 0; // as published (checked against the architecture by tests)
    double publishedParamsActive = 0;
    std::string paramsSource;
    std::string configProvenance; // URL of the copied config.json, or "reconstructed from ..."
    std::vector<std::string> sources;
    std::string notes;
    std::vector<Message> loadWarnings; // generic-key fallbacks while reading hf_config
    bool userDefined = false;
};

ModelEntry modelFromJson(const nlohmann::json& entry, const std::string& path);

class Catalog
{
public:
    // The shipped catalogs/devices.json, models.json and engines.json, compiled into the core.
    static const Catalog& builtIn();

    // What a bad entry (or an id repeated within one file) does: Skip describes it in `warnings`
    // (prefixed by `origin`) so one broken entry in the user catalog folder never hides the rest;
    // Throw makes it an InputError prefixed by `origin` (a file named with --catalog).
    enum class BadEntries { Skip, Throw };

    // Adds the entries of one catalog document. A malformed document (not an object, neither
    // array, an array key of another type) always throws InputError naming `origin`.
    void add(const nlohmann::json& document, const std::string& origin, bool userDefined,
             std::vector<Message>& warnings, BadEntries badEntries = BadEntries::Skip);
    // Parses text first; a syntax error throws InputError with the byte position.
    void addText(std::string_view text, const std::string& origin, bool userDefined,
                 std::vector<Message>& warnings, BadEntries badEntries = BadEntries::Skip);

    const std::vector<Device>& devices() const { return m_devices; }
    const std::vector<ModelEntry>& models() const { return m_models; }
    const Device* findDevice(std::string_view id) const;
    const ModelEntry* findModel(std::string_view id) const;
    const std::vector<EngineProfile>& engines() const { return m_engines; }
    const EngineProfile* findEngine(std::string_view id) const;
    // The engine a scenario without serving.engine runs on `device`: the first, in catalog order,
    // that runs on its class and vendor (catalogs/engines.json lists the general ones last).
    const EngineProfile* defaultEngine(const Device& device) const;
    // The engine a scenario's serving.engine names on `device` (empty: the default one). InputError
    // for an unknown id or an engine that does not run on the device; without any engine for the
    // device, a profile that adds nothing.
    const EngineProfile& servingEngine(std::string_view id, const Device& device) const;

private:
    std::vector<Device> m_devices;
    std::vector<ModelEntry> m_models;
    std::vector<EngineProfile> m_engines;
    // Id -> index into the vectors: a later entry with a known id replaces it in place, and a
    // lookup is one hash probe, so loading n entries takes O(n) (a user catalog may hold
    // 100k+ devices, docs/CONTRACT §1.2).
    std::unordered_map<std::string, std::size_t> m_deviceIndex;
    std::unordered_map<std::string, std::size_t> m_modelIndex;
    std::unordered_map<std::string, std::size_t> m_engineIndex;
};

// Parses JSON text; every failure is InputError("<origin>", ...) on one line: a syntax error
// or a number beyond a double names the byte (1-based, as nlohmann counts: the end of the input
// is one past the last byte), line and column; also refused, with their position, are nesting
// deeper than 64 levels and a key repeated within one object. Empty input, a lone UTF-8 BOM and
// UTF-16 text get their own messages; a UTF-8 BOM before the JSON is skipped.
nlohmann::json parseJsonText(std::string_view text, const std::string& origin);
// parseJsonText for a Hugging Face config.json: also accepts the bare literals Infinity,
// -Infinity and NaN that Python's json module writes (and transformers' loader reads), each read
// as null, i.e. as the key left unset: `"sliding_window": Infinity` means no window there.
// Scenario files and catalogs stay strict JSON (parseJsonText).
nlohmann::json parseConfigJsonText(std::string_view text, const std::string& origin);

} // namespace lhe::core
