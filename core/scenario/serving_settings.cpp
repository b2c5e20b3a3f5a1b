#include "core/scenario/serving_settings.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"

namespace lhe::core {

using namespace json_fields;

namespace {

constexpr const char* kPath = "serving";

// A serving deployment is at most as large as the scenario's counts allow.
constexpr long long kMaxCount = kMaxScenarioCount;
// Published distributions (ShareGPT, LMSYS-Chat) are summarised by a few hundred shapes at most.
constexpr std::size_t kMaxRequestShapes = 10'000;

RequestShape readShape(const json& entry, const std::string& path)
{
    RequestShape shape;
    if (entry.is_array()) { // [input, output]
        if (entry.size() != 2 || !entry[0].is_number() || !entry[1].is_number())
            throw InputError(path, message(LHE_TEXT("CoreMessage", "expected [input_tokens, output_tokens] "
                                                                   "or an object with both, got %1"),
                                           elided(entry.dump())));
        const json object = {{"input_tokens", entry[0]}, {"output_tokens", entry[1]}};
        return readShape(object, path);
    }
    const json& object = requireObject(entry, path);
    shape.inputTokens = requireInteger(object, "input_tokens", path, 1, kMaxCount);
    shape.outputTokens = requireInteger(object, "output_tokens", path, 1, kMaxCount);
    return shape;
}

} // namespace

std::string_view draftKindName(DraftKind kind)
{
    switch (kind) {
    case DraftKind::None:
        return "none";
    case DraftKind::Model:
        return "model";
    case DraftKind::Mtp:
        return "mtp";
    }
    return "none";
}

const std::vector<std::string_view>& servingMemberNames()
{
    static const std::vector<std::string_view> names = {"concurrency",
                                                        "request_rate_per_second",
                                                        "input_tokens",
                                                        "output_tokens",
                                                        "requests",
                                                        "prefix_cache_hit_ratio",
                                                        "chunked_prefill",
                                                        "kv_block_tokens",
                                                        "engine",
                                                        "max_running_requests",
                                                        "ttft_target_seconds",
                                                        "tpot_target_seconds",
                                                        "price_per_device_hour",
                                                        "power_utilization",
                                                        "speculative"};
    return names;
}

ServingSettings servingSettingsFromJson(const json& input)
{
    const json& o = requireObject(input, kPath);
    ServingSettings s;
    s.concurrency = optionalInteger(o, "concurrency", kPath, 1, kMaxCount);
    s.requestRatePerSecond = optionalInRange(o, "request_rate_per_second", kPath, {1e-6, 1e9, "requests/s"});
    if (s.concurrency && s.requestRatePerSecond)
        throw InputError("serving.request_rate_per_second",
                         message(LHE_TEXT("CoreMessage", "give concurrency or a request rate, not both")));
    s.inputTokens = optionalInteger(o, "input_tokens", kPath, 1, kMaxCount);
    s.outputTokens = optionalInteger(o, "output_tokens", kPath, 1, kMaxCount);
    if (o.contains("requests") && !o["requests"].is_null()) {
        const json& list = o["requests"];
        const std::string path = "serving.requests";
        if (!list.is_array() || list.empty())
            throw InputError(path, message(LHE_TEXT("CoreMessage", "expected a non-empty list of "
                                                                   "[input_tokens, output_tokens] pairs")));
        if (list.size() > kMaxRequestShapes)
            throw InputError(path, message(LHE_TEXT("CoreMessage", "at most %1 request shapes, got %2"),
                                           static_cast<long long>(kMaxRequestShapes),
                                           static_cast<long long>(list.size())));
        for (std::size_t i = 0; i < list.size(); ++i)
            s.requests.push_back(readShape(list[i], joinIndex(path, i)));
        if (s.inputTokens || s.outputTokens)
            throw InputError(path, message(LHE_TEXT("CoreMessage", "give requests or input_tokens and "
                                                                   "output_tokens, not both")));
    }
    s.prefixCacheHitRatio =
        optionalInRange(o, "prefix_cache_hit_ratio", kPath, {0.0, 0.99, ""}).value_or(s.prefixCacheHitRatio);
    s.chunkedPrefill = optionalBool(o, "chunked_prefill", kPath).value_or(s.chunkedPrefill);
    const std::optional<long long> block = optionalInteger(o, "kv_block_tokens", kPath, 1, 4096);
    s.kvBlockTokens = block.value_or(s.kvBlockTokens);
    s.kvBlockTokensGiven = block.has_value();
    s.engine = optionalString(o, "engine", kPath, {});
    s.maxRunningRequests = optionalInteger(o, "max_running_requests", kPath, 1, kMaxScenarioCount);
    if (!s.engine.empty())
        checkOneLine(s.engine, join(kPath, "engine"), idsAreIdentifiers());
    s.ttftTargetSeconds = optionalInRange(o, "ttft_target_seconds", kPath, {1e-6, 1e6, "s"});
    s.tpotTargetSeconds = optionalInRange(o, "tpot_target_seconds", kPath, {1e-6, 1e6, "s"});
    s.pricePerDeviceHour = optionalInRange(o, "price_per_device_hour", kPath, kPricePerDeviceHourRange);
    s.powerUtilization =
        optionalInRange(o, "power_utilization", kPath, {0.05, 1.0, ""}).value_or(s.powerUtilization);
    if (o.contains("speculative") && !o["speculative"].is_null()) {
        const std::string path = "serving.speculative";
        const json& sp = requireObject(o["speculative"], path);
        auto& spec = s.speculative;
        const std::string draft = optionalString(sp, "draft", path, "none");
        if (draft == "none")
            spec.draft = DraftKind::None;
        else if (draft == "model")
            spec.draft = DraftKind::Model;
        else if (draft == "mtp")
            spec.draft = DraftKind::Mtp;
        else
            throw InputError(join(path, "draft"),
                             message(LHE_TEXT("CoreMessage", "unknown value \"%1\"; allowed: %2"),
                                     elided(draft), std::string("none, model, mtp")));
        spec.draftModelId = optionalString(sp, "draft_model", path, "");
        if (spec.draft == DraftKind::Model && spec.draftModelId.empty())
            throw InputError(
                join(path, "draft_model"),
                message(LHE_TEXT("CoreMessage", "a draft model id is required with draft \"model\"")));
        // Engines draft 1-10 tokens (vLLM num_speculative_tokens); beyond 16 acceptance decays to nothing.
        spec.draftTokens = optionalInteger(sp, "draft_tokens", path, 1, 16).value_or(spec.draftTokens);
        spec.acceptanceRate =
            optionalInRange(sp, "acceptance_rate", path, {0.0, 0.99, ""}).value_or(spec.acceptanceRate);
    }
    return s;
}

json servingSettingsToJson(const ServingSettings& s)
{
    json out = json::object();
    if (s.concurrency)
        out["concurrency"] = *s.concurrency;
    if (s.requestRatePerSecond)
        out["request_rate_per_second"] = *s.requestRatePerSecond;
    if (s.inputTokens)
        out["input_tokens"] = *s.inputTokens;
    if (s.outputTokens)
        out["output_tokens"] = *s.outputTokens;
    if (!s.requests.empty()) {
        json list = json::array();
        for (const RequestShape& shape : s.requests)
            list.push_back({{"input_tokens", shape.inputTokens}, {"output_tokens", shape.outputTokens}});
        out["requests"] = list;
    }
    if (!s.engine.empty())
        out["engine"] = s.engine;
    if (s.maxRunningRequests)
        out["max_running_requests"] = *s.maxRunningRequests;
    out["prefix_cache_hit_ratio"] = s.prefixCacheHitRatio;
    out["chunked_prefill"] = s.chunkedPrefill;
    if (s.kvBlockTokensGiven) // else the engine's (estimate() fills it in)
        out["kv_block_tokens"] = s.kvBlockTokens;
    if (s.ttftTargetSeconds)
        out["ttft_target_seconds"] = *s.ttftTargetSeconds;
    if (s.tpotTargetSeconds)
        out["tpot_target_seconds"] = *s.tpotTargetSeconds;
    if (s.pricePerDeviceHour)
        out["price_per_device_hour"] = *s.pricePerDeviceHour;
    out["power_utilization"] = s.powerUtilization;
    const auto& spec = s.speculative;
    if (!(spec == SpeculativeSettings{})) {
        out["speculative"] = {{"draft", draftKindName(spec.draft)},
                              {"draft_tokens", spec.draftTokens},
                              {"acceptance_rate", spec.acceptanceRate}};
        if (!spec.draftModelId.empty())
            out["speculative"]["draft_model"] = spec.draftModelId;
    }
    return out;
}

} // namespace lhe::core
