#include "core/scenario/scenario.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/scenario/serving_settings.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace lhe::core {

using namespace json_fields;

namespace {

// Ranges: far beyond any real deployment, small enough that products stay exact in double.
constexpr long long kMaxCount = kMaxScenarioCount;
constexpr long long kMaxDevices = kMaxScenarioDevices;

Precision readPrecision(const json& object, const char* key, const std::string& path, Precision fallback,
                        bool allowWeightOnly)
{
    if (!object.contains(key) || object[key].is_null())
        return fallback;
    const std::string field = join(path, key);
    if (!object[key].is_string())
        throw InputError(field, message(LHE_TEXT("CoreMessage", "expected a precision name; allowed: %1"),
                                        allowedPrecisionNames(allowWeightOnly)));
    const auto name = object[key].get<std::string>();
    const auto precision = parsePrecision(name);
    if (!precision || (!allowWeightOnly && isWeightOnly(*precision)))
        throw InputError(field, message(LHE_TEXT("CoreMessage", "unknown precision \"%1\"; allowed: %2"),
                                        elided(name), allowedPrecisionNames(allowWeightOnly)));
    return *precision;
}

template <typename Enum, std::size_t N>
Enum readEnum(const json& object, const char* key, const std::string& path, Enum fallback,
              const std::array<std::pair<const char*, Enum>, N>& names)
{
    if (!object.contains(key) || object[key].is_null())
        return fallback;
    std::string allowed;
    for (const auto& [name, value] : names)
        allowed += (allowed.empty() ? "" : ", ") + std::string(name);
    const std::string field = join(path, key);
    if (!object[key].is_string())
        throw InputError(field, message(LHE_TEXT("CoreMessage", "expected one of: %1"), allowed));
    const auto text = object[key].get<std::string>();
    for (const auto& [name, value] : names)
        if (text == name)
            return value;
    throw InputError(
        field, message(LHE_TEXT("CoreMessage", "unknown value \"%1\"; allowed: %2"), elided(text), allowed));
}

constexpr std::array<std::pair<const char*, Mode>, 2> kModes{
    {{"inference", Mode::Inference}, {"training", Mode::Training}}};
constexpr std::array<std::pair<const char*, ExpertPlacement>, 2> kPlacements{
    {{"separate", ExpertPlacement::Separate}, {"with_attention", ExpertPlacement::WithAttention}}};
constexpr std::array<std::pair<const char*, Recompute>, 3> kRecompute{
    {{"none", Recompute::None}, {"selective", Recompute::Selective}, {"full", Recompute::Full}}};
constexpr std::array<std::pair<const char*, Optimizer>, 3> kOptimizers{
    {{"adamw", Optimizer::AdamW}, {"sgd", Optimizer::Sgd}, {"adamw-8bit", Optimizer::AdamW8bit}}};
constexpr std::array<std::pair<const char*, TrainingMethod>, 3> kMethods{
    {{"full", TrainingMethod::Full}, {"lora", TrainingMethod::Lora}, {"qlora", TrainingMethod::Qlora}}};
constexpr std::array<std::pair<const char*, QuantizedBase>, 2> kQuantizedBases{
    {{"nf4", QuantizedBase::Nf4}, {"int8", QuantizedBase::Int8}}};
// "named" is no file value (the file lists the names instead); it names the choice in the window.
constexpr std::array<std::pair<const char*, LoraTargets>, 3> kLoraTargets{
    {{"all-linear", LoraTargets::AllLinear},
     {"attention", LoraTargets::Attention},
     {"named", LoraTargets::Named}}};

// The tables above are the one list of each enumeration's names: the file reader, the writer
// and the window's choices all go through them.
template <typename Enum, std::size_t N>
std::string_view nameOf(Enum value, const std::array<std::pair<const char*, Enum>, N>& names)
{
    for (const auto& [name, candidate] : names)
        if (candidate == value)
            return name;
    return names.front().first;
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(std::string_view text, const std::array<std::pair<const char*, Enum>, N>& names)
{
    for (const auto& [name, value] : names)
        if (text == name)
            return value;
    return std::nullopt;
}

// training.lora.targets: "all-linear", "attention", or a list of module names (PEFT's
// target_modules). Names are matched against the model's modules when it is known (lora.cpp).
void readLoraTargets(const json& lora, LoraSettings& out)
{
    const std::string field = "training.lora.targets";
    if (!lora.contains("targets") || lora["targets"].is_null())
        return;
    const json& targets = lora["targets"];
    if (targets.is_string()) {
        const auto text = targets.get<std::string>();
        if (text == "all-linear")
            out.targets = LoraTargets::AllLinear;
        else if (text == "attention")
            out.targets = LoraTargets::Attention;
        else
            throw InputError(field,
                             message(LHE_TEXT("CoreMessage", "unknown value \"%1\"; allowed: \"all-linear\", "
                                                             "\"attention\" or a list of module names"),
                                     elided(text)));
        return;
    }
    if (!targets.is_array() || targets.empty())
        throw InputError(
            field,
            message(LHE_TEXT("CoreMessage", "expected \"all-linear\", \"attention\" or a non-empty list of "
                                            "module names")));
    if (targets.size() > 64)
        throw InputError(field,
                         message(LHE_TEXT("CoreMessage", "at most 64 module names, got %1"), targets.size()));
    out.targets = LoraTargets::Named;
    out.targetNames.clear();
    for (const json& name : targets) {
        if (!name.is_string() || name.get<std::string>().empty() || name.get<std::string>().size() > 64)
            throw InputError(field,
                             message(LHE_TEXT("CoreMessage",
                                              "each entry must be a module name such as \"q_proj\", got %1"),
                                     shownValue(name)));
        const auto text = name.get<std::string>();
        if (std::find(out.targetNames.begin(), out.targetNames.end(), text) == out.targetNames.end())
            out.targetNames.push_back(text);
    }
}

std::optional<double> readFraction(const json& object, const char* key, const std::string& path)
{
    // Below 1 % of peak no real kernel runs; the floor also keeps every time finite.
    const auto value = optionalPositive(object, key, path);
    if (value && (*value > 1.0 || *value < 0.01))
        throw InputError(join(path, key),
                         message(LHE_TEXT("CoreMessage", "a fraction of peak must be in [0.01, 1], got %1"),
                                 object[key].dump()));
    return value;
}

} // namespace

std::string_view modeName(Mode mode)
{
    return nameOf(mode, kModes);
}

std::string_view expertPlacementName(ExpertPlacement placement)
{
    return nameOf(placement, kPlacements);
}

std::string_view recomputeName(Recompute recompute)
{
    return nameOf(recompute, kRecompute);
}

std::string_view optimizerName(Optimizer optimizer)
{
    return nameOf(optimizer, kOptimizers);
}

std::optional<Recompute> recomputeFromName(std::string_view name)
{
    return valueOf(name, kRecompute);
}

std::optional<Optimizer> optimizerFromName(std::string_view name)
{
    return valueOf(name, kOptimizers);
}

std::string_view loraTargetsName(LoraTargets targets)
{
    return nameOf(targets, kLoraTargets);
}

std::optional<LoraTargets> loraTargetsFromName(std::string_view name)
{
    return valueOf(name, kLoraTargets);
}

std::string_view trainingMethodName(TrainingMethod method)
{
    return nameOf(method, kMethods);
}

std::string_view quantizedBaseName(QuantizedBase base)
{
    return nameOf(base, kQuantizedBases);
}

Scenario scenarioFromJson(const json& input)
{
    const std::string root;
    requireObject(input, "scenario");
    Scenario s;
    s.deviceId = requireString(input, "device", root);
    // Checked before use: a number here once fell through to "the file was not loaded".
    const std::string configPath = optionalString(input, "model_config_path", root, {});
    if (input.contains("model_config") && !input["model_config"].is_null()) {
        if (!input["model_config"].is_object())
            throw InputError(
                "model_config",
                message(LHE_TEXT("CoreMessage", "expected a Hugging Face config.json object, got %1"),
                        std::string(input["model_config"].type_name())));
        s.modelConfig = input["model_config"];
        s.modelConfigPath = configPath;
        // Checked against the config by the estimator (tensorSummaryFromJson), as model_config is.
        if (input.contains("model_tensors") && !input["model_tensors"].is_null()) {
            if (!input["model_tensors"].is_object())
                throw InputError("model_tensors",
                                 message(LHE_TEXT("CoreMessage", "expected the summary of a checkpoint's "
                                                                 "tensor headers (an object), got %1"),
                                         std::string(input["model_tensors"].type_name())));
            s.modelTensors = input["model_tensors"];
        }
    } else if (input.contains("model_config_path") && !input["model_config_path"].is_null()) {
        // The path is resolved by the caller (the core does no file I/O); reaching here means
        // nobody loaded it.
        throw InputError(
            "model_config_path",
            message(LHE_TEXT("CoreMessage", "the file was not loaded; pass it with --model-config")));
    } else {
        if (!input.contains("model") || input["model"].is_null())
            throw InputError(
                "model",
                message(LHE_TEXT("CoreMessage",
                                 "required field is missing (a catalog model id, or model_config)")));
        s.modelId = requireString(input, "model", root);
    }
    s.mode = readEnum(input, "mode", root, Mode::Inference, kModes);
    s.batch = optionalInteger(input, "batch", root, 1, kMaxCount).value_or(s.batch);
    s.promptTokens = optionalInteger(input, "prompt_tokens", root, 1, kMaxCount).value_or(s.promptTokens);
    s.outputTokens = optionalInteger(input, "output_tokens", root, 0, kMaxCount).value_or(s.outputTokens);
    s.devices = optionalInteger(input, "devices", root, 1, kMaxDevices).value_or(s.devices);
    const std::optional<long long> chunk = optionalInteger(input, "prefill_chunk_tokens", root, 1, kMaxCount);
    s.prefillChunkTokens = chunk.value_or(s.prefillChunkTokens);
    s.prefillChunkGiven = chunk.has_value();
    s.flashAttention = optionalBool(input, "flash_attention", root).value_or(true);

    if (input.contains("parallelism") && !input["parallelism"].is_null()) {
        const json& p = requireObject(input["parallelism"], "parallelism");
        Parallelism split;
        split.tensor = optionalInteger(p, "tensor", "parallelism", 1, kMaxDevices).value_or(1);
        split.pipeline = optionalInteger(p, "pipeline", "parallelism", 1, kMaxDevices).value_or(1);
        split.data = optionalInteger(p, "data", "parallelism", 1, kMaxDevices).value_or(1);
        split.expert = optionalInteger(p, "expert", "parallelism", 1, kMaxDevices).value_or(1);
        const double attention = static_cast<double>(split.tensor) * static_cast<double>(split.pipeline) *
                                 static_cast<double>(split.data);
        const double devices = static_cast<double>(s.devices);
        // Without a placement the devices tell: experts beside attention when attention's split
        // alone takes every device, a dimension of their own when the expert degree multiplies it
        // (the two agree only at expert 1, where there is nothing to place).
        const bool besideByCount = split.expert > 1 && attention == devices;
        split.placement =
            readEnum(p, "expert_placement", "parallelism",
                     besideByCount ? ExpertPlacement::WithAttention : ExpertPlacement::Separate, kPlacements);
        if (split.placement == ExpertPlacement::WithAttention) {
            if (attention != devices)
                throw InputError(
                    "parallelism",
                    message(LHE_TEXT("CoreMessage", "tensor %1 x pipeline %2 x data %3 must equal devices "
                                                    "(%4) when the experts share attention's devices"),
                            split.tensor, split.pipeline, split.data, s.devices));
            if ((split.tensor * split.data) % split.expert != 0)
                throw InputError(
                    "parallelism.expert",
                    message(LHE_TEXT("CoreMessage", "%1 must divide tensor %2 x data %3: the experts share "
                                                    "attention's devices"),
                            split.expert, split.tensor, split.data));
        } else if (attention * static_cast<double>(split.expert) != devices) {
            throw InputError(
                "parallelism",
                message(LHE_TEXT("CoreMessage",
                                 "tensor %1 x pipeline %2 x data %3 x expert %4 must equal devices (%5), or "
                                 "tensor x pipeline x data alone with the experts on attention's devices"),
                        split.tensor, split.pipeline, split.data, split.expert, s.devices));
        }
        s.parallelism = split;
    }

    if (input.contains("precision") && !input["precision"].is_null()) {
        const json& p = requireObject(input["precision"], "precision");
        s.weightsGiven = p.contains("weights") && !p["weights"].is_null();
        s.weights = readPrecision(p, "weights", "precision", s.weights, true);
        s.kvCache = readPrecision(p, "kv_cache", "precision", s.kvCache, false);
        s.activations = readPrecision(p, "activations", "precision", s.activations, false);
        s.compute = readPrecision(p, "compute", "precision", s.compute, false);
    }
    if (s.mode == Mode::Training && isWeightOnly(s.weights))
        throw InputError(
            "precision.weights",
            message(LHE_TEXT("CoreMessage", "weight-only format \"%1\" is for inference; training allows %2"),
                    elided(precisionName(s.weights)), allowedPrecisionNames(false)));

    if (input.contains("training") && !input["training"].is_null()) {
        const json& t = requireObject(input["training"], "training");
        auto& tr = s.training;
        tr.optimizer = readEnum(t, "optimizer", "training", tr.optimizer, kOptimizers);
        tr.zeroStage = static_cast<int>(optionalInteger(t, "zero_stage", "training", 0, 3).value_or(0));
        tr.recompute = readEnum(t, "recompute", "training", tr.recompute, kRecompute);
        tr.microBatch = optionalInteger(t, "micro_batch", "training", 1, kMaxCount).value_or(1);
        tr.gradAccum = optionalInteger(t, "grad_accum", "training", 1, kMaxCount);
        tr.sequenceParallel = optionalBool(t, "sequence_parallel", "training").value_or(true);
        // The largest published runs train on tens of trillions of tokens; 1e16 leaves room and
        // keeps every product of it (6 x parameters x tokens FLOPs, days) far inside a double.
        tr.trainTokens =
            optionalInRange(t, "train_tokens", "training", {1.0, 1e16, "tokens"}).value_or(tr.trainTokens);
        tr.method = readEnum(t, "method", "training", tr.method, kMethods);
        tr.pagedOptimizer = optionalBool(t, "paged_optimizer", "training").value_or(false);
        tr.masterWeights = optionalBool(t, "master_weights", "training").value_or(true);
        tr.lossChunks = optionalInteger(t, "loss_chunks", "training", 1, 1'000'000).value_or(1);
        if (t.contains("lora") && !t["lora"].is_null()) {
            const json& l = requireObject(t["lora"], "training.lora");
            const std::string path = "training.lora";
            auto& lora = tr.lora;
            // Published adapters use r = 1 ... 256; 65,536 is past any hidden size, so A and B
            // would outgrow the weight they adapt long before this bound.
            lora.rank = optionalInteger(l, "rank", path, 1, 65536).value_or(lora.rank);
            readLoraTargets(l, lora);
            lora.dropout = optionalInRange(l, "dropout", path, {0.0, 0.9, ""}).value_or(0.0);
            lora.adapterPrecision = readPrecision(l, "adapter_precision", path, lora.adapterPrecision, false);
            if (lora.adapterPrecision != Precision::Fp32 && lora.adapterPrecision != Precision::Bf16 &&
                lora.adapterPrecision != Precision::Fp16)
                throw InputError(
                    "training.lora.adapter_precision",
                    message(LHE_TEXT("CoreMessage", "adapters train in fp32, bf16 or fp16, got \"%1\""),
                            std::string(precisionName(lora.adapterPrecision))));
            lora.quantization = readEnum(l, "quantization", path, lora.quantization, kQuantizedBases);
            lora.doubleQuant = optionalBool(l, "double_quant", path).value_or(true);
        }
    }

    if (input.contains("efficiency") && !input["efficiency"].is_null()) {
        const json& e = requireObject(input["efficiency"], "efficiency");
        s.efficiency.compute = readFraction(e, "compute", "efficiency");
        s.efficiency.memory = readFraction(e, "memory", "efficiency");
        s.efficiency.network = readFraction(e, "network", "efficiency");
        s.efficiency.layerLatencySeconds =
            optionalInRange(e, "layer_latency_seconds", "efficiency", {0.0, 0.1, "s"});
        s.efficiency.expertImbalance = optionalInRange(e, "expert_imbalance", "efficiency", {1.0, 64.0, ""});
    }

    if (input.contains("overheads") && !input["overheads"].is_null()) {
        const json& o = requireObject(input["overheads"], "overheads");
        auto& ov = s.overheads;
        ov.runtimeContextBytes = optionalInRange(o, "runtime_context_bytes", "overheads", {0.0, 1e12, "B"});
        ov.allocatorReserveFraction =
            optionalInRange(o, "allocator_reserve_fraction", "overheads", {0.0, 0.5, ""})
                .value_or(ov.allocatorReserveFraction);
        ov.communicationBufferBytes =
            optionalInRange(o, "communication_buffer_bytes", "overheads", {0.0, 1e11, "B"})
                .value_or(ov.communicationBufferBytes);
        ov.servingPreallocation =
            optionalBool(o, "serving_preallocation", "overheads").value_or(ov.servingPreallocation);
        ov.gpuMemoryUtilization = optionalInRange(o, "gpu_memory_utilization", "overheads", {0.05, 1.0, ""})
                                      .value_or(ov.gpuMemoryUtilization);
        ov.fullLengthKvOnWindowedLayers = optionalBool(o, "full_length_kv_on_windowed_layers", "overheads")
                                              .value_or(ov.fullLengthKvOnWindowedLayers);
    }
    if (input.contains("serving") && !input["serving"].is_null())
        s.serving = servingSettingsFromJson(input["serving"]);
    return s;
}

json scenarioToJson(const Scenario& s)
{
    json out;
    out["device"] = s.deviceId;
    if (s.modelConfig) {
        out["model_config"] = *s.modelConfig;
        if (!s.modelConfigPath.empty())
            out["model_config_path"] = s.modelConfigPath;
        if (s.modelTensors)
            out["model_tensors"] = *s.modelTensors;
    } else {
        out["model"] = s.modelId;
    }
    out["mode"] = modeName(s.mode);
    out["batch"] = s.batch;
    out["prompt_tokens"] = s.promptTokens;
    out["output_tokens"] = s.outputTokens;
    out["devices"] = s.devices;
    if (s.parallelism) {
        const auto& p = *s.parallelism;
        out["parallelism"] = {
            {"tensor", p.tensor}, {"pipeline", p.pipeline}, {"data", p.data}, {"expert", p.expert}};
        if (p.expert > 1) // at expert 1 there is nothing to place
            out["parallelism"]["expert_placement"] = expertPlacementName(p.placement);
    }
    out["precision"] = {{"weights", precisionName(s.weights)},
                        {"kv_cache", precisionName(s.kvCache)},
                        {"activations", precisionName(s.activations)},
                        {"compute", precisionName(s.compute)}};
    const auto& t = s.training;
    out["training"] = {{"optimizer", optimizerName(t.optimizer)}, {"zero_stage", t.zeroStage},
                       {"recompute", recomputeName(t.recompute)}, {"micro_batch", t.microBatch},
                       {"sequence_parallel", t.sequenceParallel}, {"train_tokens", t.trainTokens}};
    if (t.gradAccum)
        out["training"]["grad_accum"] = *t.gradAccum;
    out["training"]["method"] = trainingMethodName(t.method);
    out["training"]["paged_optimizer"] = t.pagedOptimizer;
    out["training"]["master_weights"] = t.masterWeights;
    out["training"]["loss_chunks"] = t.lossChunks;
    // The adapter settings are echoed whenever they matter or differ from the defaults, so a file
    // saved while trying full fine-tuning keeps the rank and targets it had.
    if (t.method != TrainingMethod::Full || !(t.lora == LoraSettings{})) {
        const auto& l = t.lora;
        json targets =
            l.targets == LoraTargets::Named ? json(l.targetNames) : json(loraTargetsName(l.targets));
        out["training"]["lora"] = {{"rank", l.rank},
                                   {"targets", targets},
                                   {"dropout", l.dropout},
                                   {"adapter_precision", precisionName(l.adapterPrecision)},
                                   {"quantization", quantizedBaseName(l.quantization)},
                                   {"double_quant", l.doubleQuant}};
    }
    out["flash_attention"] = s.flashAttention;
    if (s.prefillChunkGiven || s.mode == Mode::Training) // else the engine's (estimate() fills it in)
        out["prefill_chunk_tokens"] = s.prefillChunkTokens;
    json efficiency = json::object();
    if (s.efficiency.compute)
        efficiency["compute"] = *s.efficiency.compute;
    if (s.efficiency.memory)
        efficiency["memory"] = *s.efficiency.memory;
    if (s.efficiency.network)
        efficiency["network"] = *s.efficiency.network;
    if (s.efficiency.layerLatencySeconds)
        efficiency["layer_latency_seconds"] = *s.efficiency.layerLatencySeconds;
    if (s.efficiency.expertImbalance)
        efficiency["expert_imbalance"] = *s.efficiency.expertImbalance;
    out["efficiency"] = efficiency;
    const auto& ov = s.overheads;
    out["overheads"] = {{"allocator_reserve_fraction", ov.allocatorReserveFraction},
                        {"communication_buffer_bytes", ov.communicationBufferBytes},
                        {"serving_preallocation", ov.servingPreallocation},
                        {"gpu_memory_utilization", ov.gpuMemoryUtilization},
                        {"full_length_kv_on_windowed_layers", ov.fullLengthKvOnWindowedLayers}};
    if (ov.runtimeContextBytes)
        out["overheads"]["runtime_context_bytes"] = *ov.runtimeContextBytes;
    out["serving"] = servingSettingsToJson(s.serving);
    return out;
}

namespace {

// The contract's members (README.md, "Scenario (input)"): each known object with the members it
// defines; an empty list for a leaf.
struct KnownMember
{
    std::string_view name;
    std::vector<std::string_view> members;
};

const std::vector<KnownMember>& knownScenarioMembers()
{
    static const std::vector<KnownMember> members = {
        {"device", {}},
        {"model", {}},
        {"mode", {}},
        {"batch", {}},
        {"prompt_tokens", {}},
        {"output_tokens", {}},
        {"devices", {}},
        {"parallelism", {"tensor", "pipeline", "data", "expert", "expert_placement"}},
        {"precision", {"weights", "kv_cache", "activations", "compute"}},
        {"training",
         {"optimizer", "zero_stage", "recompute", "micro_batch", "grad_accum", "sequence_parallel",
          "train_tokens", "method", "lora", "paged_optimizer", "master_weights", "loss_chunks"}},
        {"efficiency", {"compute", "memory", "network", "layer_latency_seconds", "expert_imbalance"}},
        {"overheads",
         {"runtime_context_bytes", "allocator_reserve_fraction", "communication_buffer_bytes",
          "serving_preallocation", "gpu_memory_utilization", "full_length_kv_on_windowed_layers"}},
        {"serving", servingMemberNames()},
        {"flash_attention", {}},
        {"prefill_chunk_tokens", {}},
        {"model_config", {}},
        {"model_config_path", {}},
        {"model_tensors", {}},
    };
    return members;
}

const KnownMember* findKnown(std::string_view name)
{
    for (const KnownMember& member : knownScenarioMembers())
        if (member.name == name)
            return &member;
    return nullptr;
}

} // namespace

std::vector<std::string_view> scenarioMemberNames()
{
    std::vector<std::string_view> names;
    for (const KnownMember& member : knownScenarioMembers())
        names.push_back(member.name);
    return names;
}

json unknownScenarioFields(const json& input)
{
    json unknown = json::object();
    if (!input.is_object())
        return unknown;
    for (const auto& [key, value] : input.items()) {
        const KnownMember* known = findKnown(key);
        if (!known) {
            unknown[key] = value;
            continue;
        }
        if (known->members.empty() || !value.is_object())
            continue;
        json inner = json::object();
        for (const auto& [innerKey, innerValue] : value.items())
            if (std::find(known->members.begin(), known->members.end(), innerKey) == known->members.end())
                inner[innerKey] = innerValue;
        if (!inner.empty())
            unknown[key] = std::move(inner);
    }
    return unknown;
}

void mergeUnknownScenarioFields(json& scenario, const json& fields)
{
    if (!scenario.is_object() || !fields.is_object())
        return;
    for (const auto& [key, value] : fields.items()) {
        if (!findKnown(key)) {
            if (!scenario.contains(key))
                scenario[key] = value;
            continue;
        }
        const auto target = scenario.find(key);
        if (target == scenario.end() || !target->is_object() || !value.is_object())
            continue;
        for (const auto& [innerKey, innerValue] : value.items())
            if (!target->contains(innerKey))
                (*target)[innerKey] = innerValue;
    }
}

} // namespace lhe::core
