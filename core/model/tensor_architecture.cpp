#include "core/model/tensor_architecture.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/model/checkpoint_format.h"
#include "core/scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace lhe::core {

using nlohmann::json;

namespace {

long long wholeNumberOr(const json& object, std::initializer_list<const char*> keys, long long fallback)
{
    if (!object.is_object())
        return fallback;
    for (const char* key : keys) {
        const auto it = object.find(key);
        if (it != object.end() && it->is_number() && std::isfinite(it->get<double>()) &&
            it->get<double>() >= 0 && it->get<double>() <= 1e8)
            return static_cast<long long>(it->get<double>());
    }
    return fallback;
}

std::string formatBits(double bits)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", bits);
    return text;
}

// What the headers hold, as the checkpoint summary line shows it: the format, the average and
// the groups that hold at least 1 % of the parameters.
std::string storedSummary(const TensorSummary& s)
{
    std::string line =
        (s.format == "gguf" ? std::string("GGUF") : std::string("safetensors")) +
        " headers: " + formatBits(s.paramsTotal > 0 ? 8.0 * s.bytesTotal / s.paramsTotal : 0.0) +
        " bit per weight";
    std::string parts;
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        const double params = s.paramsByGroup[g];
        if (params <= 0 || params < 0.01 * s.paramsTotal)
            continue;
        parts += (parts.empty() ? "" : ", ") + std::string(weightGroupName(static_cast<WeightGroup>(g))) +
                 " " + formatBits(8.0 * s.bytesByGroup[g] / params);
    }
    return parts.empty() ? line : line + " (" + parts + ")";
}

// Cross-check: each group the config implies is compared with what the headers hold.
void crossCheck(const ModelArchitecture& a, const TensorSummary& s, const std::string& path,
                std::vector<Message>& warnings)
{
    const double total = std::max(s.paramsTotal, 1.0);
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        const double fromConfig = a.paramsByGroup[g];
        const double fromHeaders = s.paramsByGroup[g];
        const double larger = std::max(fromConfig, fromHeaders);
        // Below 0.01 % of the model a group (a norm, a bias) moves no estimate.
        if (larger <= 0 || std::abs(fromConfig - fromHeaders) <= 0.02 * larger ||
            std::abs(fromConfig - fromHeaders) < 1e-4 * total)
            continue;
        warnings.push_back(message(LHE_TEXT("CoreMessage", "%1: the tensor headers hold %2 parameters in the "
                                                           "module group \"%3\", the config implies %4; "
                                                           "the headers are used"),
                                   path, fromHeaders,
                                   std::string(weightGroupName(static_cast<WeightGroup>(g))), fromConfig));
    }
}

// KvGroups again from the layer specs, after their kinds or widths changed: what finalise()
// does, with each layer's own cached elements per token.
void regroup(ModelArchitecture& a)
{
    std::vector<KvGroup> previous = std::move(a.kvGroups);
    a.kvGroups.clear();
    auto like = [&](AttentionKind kind) -> const KvGroup* {
        for (const KvGroup& g : previous)
            if (g.kind == kind || (kind != AttentionKind::Linear && kind != AttentionKind::None &&
                                   g.kind != AttentionKind::Linear && g.kind != AttentionKind::None))
                return &g;
        return nullptr;
    };
    for (const LayerSpec& layer : a.layerSpecs) {
        KvGroup group;
        if (const KvGroup* model = like(layer.attention))
            group = *model;
        group.kind = layer.attention;
        group.windowTokens = static_cast<double>(layer.windowTokens);
        group.elementsPerToken = layer.kvElementsPerToken;
        group.stateElements = layer.stateElements;
        if (layer.attention == AttentionKind::None) {
            group = KvGroup{};
            group.kind = AttentionKind::None;
        } else if (layer.attention != AttentionKind::Linear && group.flopsPerAttendedToken == 0) {
            group.flopsPerAttendedToken =
                2.0 * static_cast<double>(a.heads) * static_cast<double>(a.headDim + a.valueHeadDim);
        }
        mergeKvGroup(a.kvGroups, group);
    }
    summariseKvGroups(a);
}

// Where the config's reading is approximate, each layer's cache comes from its k/v projections:
// a layer with none holds no KV (a linear mixer keeps its state), one with them caches k + v
// elements per token (docs/METHOD.md §1.17).
void kvFromHeaders(ModelArchitecture& a, const TensorSummary& s, const std::string& path)
{
    if (a.mla || s.layers.empty())
        return;
    bool changed = false;
    for (const LayerTensors& t : s.layers) {
        if (t.index < 0 || t.index >= static_cast<long long>(a.layerSpecs.size()))
            continue;
        LayerSpec& layer = a.layerSpecs[static_cast<std::size_t>(t.index)];
        const double width = static_cast<double>(t.kWidth + t.vWidth);
        const bool softmax = layer.attention == AttentionKind::Full ||
                             layer.attention == AttentionKind::Sliding ||
                             layer.attention == AttentionKind::Chunked;
        if (width > 0) {
            if (!softmax) {
                layer.attention = AttentionKind::Full;
                layer.stateElements = 0;
                changed = true;
            }
            if (layer.kvElementsPerToken != width) {
                layer.kvElementsPerToken = width;
                changed = true;
            }
        } else if (softmax) {
            layer.attention = t.hasLinearMixer ? AttentionKind::Linear : AttentionKind::None;
            layer.kvElementsPerToken = 0;
            changed = true;
        }
    }
    if (!changed)
        return;
    regroup(a);
    a.approximations.push_back(message(LHE_TEXT("CoreMessage", "%1: each layer's KV cache is taken from its "
                                                               "k/v projection widths in the tensor headers"),
                                       path));
}

} // namespace

TensorSummaryHints tensorHintsFromConfig(const json& config)
{
    TensorSummaryHints hints;
    hints.layers = wholeNumberOr(nestedTextConfig(config) ? *nestedTextConfig(config) : config,
                                 {"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, 0);
    const json* q = config.is_object() ? findQuantizationConfig(config, std::string()).block : nullptr;
    if (q && q->is_object()) {
        long long bits = wholeNumberOr(*q, {"bits", "w_bit", "num_bits"}, 0);
        // compressed-tensors: config_groups.<name>.weights.num_bits
        const auto groups = q->find("config_groups");
        if (bits == 0 && groups != q->end() && groups->is_object()) {
            for (const auto& [name, group] : groups->items()) {
                if (group.is_object() && group.contains("weights"))
                    bits = wholeNumberOr(group["weights"], {"num_bits"}, 0);
                if (bits > 0)
                    break;
            }
        }
        if (bits == 4 || bits == 8)
            hints.quantizationBits = static_cast<int>(bits);
    }
    return hints;
}

void applyTensorSummary(ModelArchitecture& a, const TensorSummary& s, const std::string& path,
                        std::vector<Message>& warnings)
{
    if (s.paramsTotal <= 0)
        throw InputError(path, message(LHE_TEXT("CoreMessage", "the tensor headers list no weights")));
    crossCheck(a, s, path, warnings);
    const bool approximate = !a.recognisedType || !a.approximations.empty();

    std::array<double, kWeightGroupCount> params = s.paramsByGroup;
    std::array<double, kWeightGroupCount> bytes = s.bytesByGroup;
    if (s.paramsUnclassified > 0 || s.bytesUnclassified > 0) {
        // Counted, so the weights are not understated; placed with the MLP, which holds most of a
        // layer's weights.
        params[static_cast<std::size_t>(WeightGroup::DenseMlp)] += s.paramsUnclassified;
        bytes[static_cast<std::size_t>(WeightGroup::DenseMlp)] += s.bytesUnclassified;
        std::string names;
        for (const std::string& name : s.unclassified)
            names += (names.empty() ? "" : ", ") + name;
        a.approximations.push_back(message(LHE_TEXT("CoreMessage", "%1: %2 parameters in tensors of no known "
                                                                   "module (%3) are counted with the MLP"),
                                           path, s.paramsUnclassified, names));
    }

    // Experts: the headers count them; the config says how many a token uses.
    const double expertsStored = static_cast<double>(s.routedExperts);
    if (s.routedExperts > 0 && a.experts > 0 && s.routedExperts != a.experts)
        warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1: the tensor headers hold %2 experts per layer, "
                                            "the config says %3; the headers are used"),
                    path, s.routedExperts, a.experts));
    if (s.routedExperts > 0) {
        a.experts = s.routedExperts;
        if (a.expertsPerToken <= 0 || a.expertsPerToken > a.experts) {
            a.expertsPerToken = a.experts;
            a.approximations.push_back(
                message(LHE_TEXT("CoreMessage", "%1: the config does not say how many of "
                                                "the %2 experts a token uses; all are "
                                                "counted as active"),
                        path, s.routedExperts));
        }
    }

    a.paramsByGroup = params;
    auto group = [&](WeightGroup g) { return params[static_cast<std::size_t>(g)]; };
    a.paramsVision = group(WeightGroup::Vision);
    a.paramsMtp = group(WeightGroup::Mtp);
    a.paramsPositions = std::min(a.paramsPositions, group(WeightGroup::Embedding));
    a.paramsEmbedding = group(WeightGroup::Embedding) - a.paramsPositions;
    a.paramsLmHead = group(WeightGroup::LmHead);
    a.tiedEmbeddings = a.paramsLmHead == 0 && a.paramsEmbedding > 0;
    a.paramsRoutedExperts = group(WeightGroup::RoutedExperts);
    double total = 0;
    for (double p : params)
        total += p;
    a.paramsTotal = total - a.paramsMtp;
    const double inactive = expertsStored > 0
                                ? a.paramsRoutedExperts * static_cast<double>(a.experts - a.expertsPerToken) /
                                      static_cast<double>(a.experts)
                                : 0.0;
    a.paramsActive = a.paramsTotal - inactive - a.paramsVision;

    // The checkpoint as stored, group by group; a group whose stored bits equal the config's
    // reading keeps them (the same number).
    a.checkpointBytes = 0;
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        if (params[g] > 0)
            a.checkpointBitsPerParam[g] = 8.0 * bytes[g] / params[g];
        a.checkpointBytes += bytes[g];
    }
    a.checkpointQuantized = s.paramsTotal > 0 && 8.0 * s.bytesTotal / s.paramsTotal < 15.0;
    a.checkpointSummary = storedSummary(s);
    a.source = "tensors";
    if (approximate)
        kvFromHeaders(a, s, path);
}

ModelArchitecture architectureFromModelSources(const json& config, const json* tensors,
                                               const std::string& path, std::vector<Message>& warnings)
{
    ModelArchitecture a = architectureFromHfConfig(config, path, warnings);
    if (tensors) {
        const TensorSummary summary = tensorSummaryFromJson(*tensors, "model_tensors");
        applyTensorSummary(a, summary, "model_tensors", warnings);
    }
    return a;
}

ModelArchitecture inlineArchitecture(const Scenario& scenario, std::vector<Message>& warnings)
{
    return architectureFromModelSources(*scenario.modelConfig,
                                        scenario.modelTensors ? &*scenario.modelTensors : nullptr,
                                        "model_config", warnings);
}

} // namespace lhe::core
