#include "core/catalog/engine_profile.h"

#include "core/common/json_fields.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace lhe::core {

using namespace json_fields;

namespace {

// Accepted ranges: wide enough for any engine, narrow enough that every time stays finite. A
// host overhead of a second per step or a minute per request is no engine's default.
constexpr Range kStepSeconds{0.0, 1.0, "s"};
constexpr Range kRequestSeconds{0.0, 60.0, "s"};
constexpr long long kMaxTokens = 1'000'000'000LL;

std::vector<DeviceClass> readClasses(const nlohmann::json& entry, const std::string& path)
{
    std::vector<DeviceClass> classes;
    const std::vector<std::string> names = optionalStringList(entry, "device_classes", path);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto deviceClass = deviceClassFromName(names[i]);
        if (!deviceClass)
            throw InputError(
                joinIndex(join(path, "device_classes"), i),
                message(LHE_TEXT("CoreMessage", "unknown class \"%1\"; allowed: cpu, gpu, npu, tpu"),
                        elided(names[i])));
        classes.push_back(*deviceClass);
    }
    return classes;
}

} // namespace

bool EngineProfile::runsOn(const Device& device) const
{
    const bool classOk = deviceClasses.empty() || std::find(deviceClasses.begin(), deviceClasses.end(),
                                                            device.deviceClass) != deviceClasses.end();
    const bool vendorOk =
        vendors.empty() || std::find(vendors.begin(), vendors.end(), device.vendor) != vendors.end();
    const bool idOk =
        deviceIds.empty() || std::find(deviceIds.begin(), deviceIds.end(), device.id) != deviceIds.end();
    return classOk && vendorOk && idOk;
}

EngineProfile engineFromJson(const nlohmann::json& entry, const std::string& path)
{
    requireObject(entry, path);
    EngineProfile e;
    e.id = requireOneLine(entry, "id", path, idsAreIdentifiers());
    e.name = requireOneLine(entry, "name", path, namesAreOneLine());
    e.version = optionalString(entry, "version", path, {});
    e.deviceClasses = readClasses(entry, path);
    e.vendors = optionalStringList(entry, "vendors", path);
    e.deviceIds = optionalStringList(entry, "devices", path);
    e.kvBlockTokens = optionalInteger(entry, "kv_block_tokens", path, 1, 4096).value_or(e.kvBlockTokens);
    e.maxBatchedTokens =
        optionalInteger(entry, "max_batched_tokens", path, 1, kMaxTokens).value_or(e.maxBatchedTokens);
    e.maxRunningRequests =
        optionalInteger(entry, "max_running_requests", path, 1, kMaxTokens).value_or(e.maxRunningRequests);
    e.graphBatchCap = optionalInteger(entry, "graph_batch_cap", path, 0, kMaxTokens).value_or(0);
    e.stepOverheadSeconds = optionalInRange(entry, "step_overhead_seconds", path, kStepSeconds).value_or(0.0);
    e.eagerStepOverheadSeconds =
        optionalInRange(entry, "eager_step_overhead_seconds", path, kStepSeconds).value_or(0.0);
    e.requestOverheadSeconds =
        optionalInRange(entry, "request_overhead_seconds", path, kRequestSeconds).value_or(0.0);
    e.sources = optionalStringList(entry, "sources", path);
    e.confidence = optionalString(entry, "confidence", path, {});
    e.notes = optionalString(entry, "notes", path, {});
    return e;
}

nlohmann::json toJson(const EngineProfile& e)
{
    nlohmann::json classes = nlohmann::json::array();
    for (DeviceClass c : e.deviceClasses)
        classes.push_back(deviceClassName(c));
    return {{"id", e.id},
            {"name", e.name},
            {"version", e.version},
            {"device_classes", classes},
            {"vendors", e.vendors},
            {"devices", e.deviceIds},
            {"kv_block_tokens", e.kvBlockTokens},
            {"max_batched_tokens", e.maxBatchedTokens},
            {"max_running_requests", e.maxRunningRequests},
            {"graph_batch_cap", e.graphBatchCap},
            {"step_overhead_seconds", e.stepOverheadSeconds},
            {"eager_step_overhead_seconds", e.eagerStepOverheadSeconds},
            {"request_overhead_seconds", e.requestOverheadSeconds},
            {"sources", e.sources},
            {"confidence", e.confidence},
            {"user_defined", e.userDefined}};
}

} // namespace lhe::core
