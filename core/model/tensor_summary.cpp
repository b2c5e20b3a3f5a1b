#include "core/model/tensor_summary.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace lhe::core {

using nlohmann::json;

namespace {

using Segments = std::vector<std::string_view>;

// Bounds that keep a summary of any header within what tensorSummaryFromJson accepts back.
constexpr long long kMaxExperts = 1 << 20;
constexpr long long kMaxLayers = 1'000'000;

Segments split(std::string_view name)
{
    Segments out;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = name.find('.', start);
        out.push_back(
            name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos)
            return out;
        start = dot + 1;
    }
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// A layer or expert index: 1 to 9 digits (no sign, no overflow).
std::optional<long long> indexOf(std::string_view segment)
{
    if (segment.empty() || segment.size() > 9)
        return std::nullopt;
    long long value = 0;
    for (const char c : segment) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

bool isNorm(std::string_view segment)
{
    return contains(segment, "norm") || startsWith(segment, "ln_");
}

template <std::size_t N> bool oneOf(std::string_view segment, const std::array<std::string_view, N>& names)
{
    return std::find(names.begin(), names.end(), segment) != names.end();
}

// Multimodal wrappers put the language model one level down; read through them.
std::string_view withoutWrapper(std::string_view name, std::string& scratch)
{
    for (const std::string_view prefix :
         {std::string_view("model.language_model."), std::string_view("language_model.model.")}) {
        if (startsWith(name, prefix)) {
            scratch = "model." + std::string(name.substr(prefix.size()));
            return scratch;
        }
    }
    if (startsWith(name, "language_model."))
        return name.substr(std::string_view("language_model.").size());
    return name;
}

enum class Role { None, Attention, LinearMixer };
enum class Width { None, K, V, MlaKv };

struct Placement
{
    std::optional<WeightGroup> group; // nullopt: unclassified
    long long layer = -1;             // decoder layer (-1: none, or an MTP layer)
    Role role = Role::None;
    Width width = Width::None;
    long long widthValue = 0;
    long long experts = 0; // routed experts this tensor shows (0: none)
};

constexpr std::array<std::string_view, 5> kAttentionParts{"self_attn", "attention", "attn", "self_attention",
                                                          "cross_attn"};
constexpr std::array<std::string_view, 3> kMlpParts{"mlp", "feed_forward", "ffn"};
constexpr std::array<std::string_view, 3> kSharedParts{"shared_experts", "shared_expert", "shared_mlp"};
constexpr std::array<std::string_view, 6> kMlpProjections{"up_proj", "down_proj", "gate_proj",
                                                          "fc1",     "fc2",       "gate_up_proj"};
constexpr std::array<std::string_view, 4> kAttentionProjections{"q_proj", "k_proj", "v_proj", "o_proj"};

// Output features of a projection's weight: Hugging Face Linear weights are [out, in]; GPTQ and
// AWQ scales are [groups, out] whatever the packing of their qweight.
long long outputFeatures(const TensorRecord& record, std::string_view last)
{
    if (record.shape.size() != 2)
        return 0;
    const std::uint64_t out = last == "scales"                              ? record.shape[1]
                              : last == "weight" || last == "weight_packed" ? record.shape[0]
                                                                            : 0;
    return out > static_cast<std::uint64_t>(1) << 40 ? 0 : static_cast<long long>(out);
}

void attentionWidth(Placement& p, const Segments& rest, std::size_t at, const TensorRecord& record)
{
    if (at + 1 >= rest.size())
        return;
    const std::string_view projection = rest[at + 1];
    const long long width = outputFeatures(record, rest.back());
    if (width == 0)
        return;
    if (projection == "k_proj")
        p.width = Width::K;
    else if (projection == "v_proj")
        p.width = Width::V;
    else if (projection == "kv_a_proj_with_mqa")
        p.width = Width::MlaKv;
    p.widthValue = width;
}

// The part of a Hugging Face name after "layers.N".
void placeLayerPart(Placement& p, const Segments& rest, const TensorRecord& record)
{
    for (const std::string_view s : rest)
        if (isNorm(s)) {
            p.group = WeightGroup::Norms;
            return;
        }
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string_view s = rest[i];
        const bool afterMlp = i > 0 && (oneOf(rest[i - 1], kMlpParts) || rest[i - 1] == "block_sparse_moe");
        if (s == "router" || s == "e_score_correction_bias" || s == "shared_expert_gate" ||
            (s == "gate" && afterMlp)) {
            p.group = WeightGroup::Router;
            return;
        }
    }
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string_view s = rest[i];
        if (oneOf(s, kSharedParts)) {
            p.group = WeightGroup::SharedExperts;
            return;
        }
        if (s == "experts") {
            p.group = WeightGroup::RoutedExperts;
            if (i + 1 < rest.size() && indexOf(rest[i + 1]))
                p.experts = std::min(*indexOf(rest[i + 1]) + 1, kMaxExperts);
            else if (record.shape.size() >= 2 &&
                     record.shape[0] <= static_cast<std::uint64_t>(kMaxExperts)) // fused: [experts, ...]
                p.experts = static_cast<long long>(record.shape[0]);
            return;
        }
    }
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string_view s = rest[i];
        if (oneOf(s, kAttentionParts)) {
            p.group = WeightGroup::Attention;
            p.role = Role::Attention;
            attentionWidth(p, rest, i, record);
            return;
        }
        if (s == "mixer") { // Nemotron-H: every block's one module, Mamba-2, attention or MLP
            const std::string_view next = i + 1 < rest.size() ? rest[i + 1] : std::string_view();
            if (oneOf(next, kMlpProjections)) {
                p.group = WeightGroup::DenseMlp;
            } else if (oneOf(next, kAttentionProjections)) {
                p.group = WeightGroup::Attention;
                p.role = Role::Attention;
                attentionWidth(p, rest, i, record);
            } else {
                p.group = WeightGroup::Attention;
                p.role = Role::LinearMixer;
            }
            return;
        }
        if (s == "linear_attn" || s == "mamba" || s == "ssm" || s == "conv1d" || startsWith(s, "ssm_")) {
            p.group = WeightGroup::Attention; // the token mixer's group, whatever its kind
            p.role = Role::LinearMixer;
            return;
        }
    }
    for (const std::string_view s : rest)
        if (oneOf(s, kMlpParts)) {
            p.group = WeightGroup::DenseMlp;
            return;
        }
    // OPT keeps its FFN directly in the layer (model.decoder.layers.N.fc1).
    if (!rest.empty() && oneOf(rest.front(), kMlpProjections))
        p.group = WeightGroup::DenseMlp;
}

Placement placeHuggingFace(const TensorRecord& record, const TensorSummaryHints& hints)
{
    Placement p;
    std::string scratch;
    const Segments segments = split(withoutWrapper(record.name, scratch));
    for (const std::string_view s : segments) {
        if (startsWith(s, "vision_") || s == "visual" || s == "multi_modal_projector") {
            p.group = WeightGroup::Vision;
            return p;
        }
        if (s == "mtp") { // GLM-4.5, Qwen3-Next: mtp.layers.N...
            p.group = WeightGroup::Mtp;
            return p;
        }
    }
    for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
        const std::string_view s = segments[i];
        if (s != "layers" && s != "h" && s != "blocks" && s != "layer")
            continue;
        const auto layer = indexOf(segments[i + 1]);
        if (!layer)
            continue;
        if (hints.layers > 0 && *layer >= hints.layers) {
            p.group = WeightGroup::Mtp;
            return p;
        }
        p.layer = *layer;
        placeLayerPart(p, Segments(segments.begin() + static_cast<std::ptrdiff_t>(i) + 2, segments.end()),
                       record);
        return p;
    }
    constexpr std::array<std::string_view, 8> kEmbeddings{
        "embed_tokens",   "wte",      "wpe", "embeddings", "word_embeddings", "embed_positions",
        "tok_embeddings", "embedding"};
    for (const std::string_view s : segments) {
        if (isNorm(s)) {
            p.group = WeightGroup::Norms;
            return p;
        }
        if (oneOf(s, kEmbeddings)) {
            p.group = WeightGroup::Embedding;
            return p;
        }
    }
    if (segments.front() == "lm_head" || segments.front() == "output" || segments.front() == "embed_out")
        p.group = WeightGroup::LmHead;
    return p;
}

// llama.cpp's names (gguf-py/gguf/constants.py, TENSOR_NAMES).
Placement placeGguf(const TensorRecord& record, const TensorSummaryHints& hints)
{
    Placement p;
    const Segments segments = split(record.name);
    const std::string_view first = segments.front();
    for (const std::string_view s : segments)
        if (s == "nextn") {
            p.group = WeightGroup::Mtp;
            return p;
        }
    if (first == "mm" || first == "v" || startsWith(first, "mm_")) {
        p.group = WeightGroup::Vision;
    } else if (first == "token_embd" || first == "position_embd" || first == "token_types") {
        p.group = WeightGroup::Embedding;
    } else if (first == "output") {
        p.group = WeightGroup::LmHead;
    } else if (isNorm(first)) {
        p.group = WeightGroup::Norms;
    } else if (first == "rope_freqs") {
        p.group = WeightGroup::Attention; // Llama 3's RoPE frequency factors: part of attention
    } else if (first == "blk" && segments.size() >= 3 && indexOf(segments[1])) {
        const long long layer = *indexOf(segments[1]);
        if (hints.layers > 0 && layer >= hints.layers) {
            p.group = WeightGroup::Mtp;
            return p;
        }
        p.layer = layer;
        const std::string_view kind = segments[2];
        if (isNorm(kind)) {
            p.group = WeightGroup::Norms;
        } else if (startsWith(kind, "ffn_gate_inp") || kind == "exp_probs_b") {
            p.group = WeightGroup::Router;
        } else if (endsWith(kind, "_exps")) {
            p.group = WeightGroup::RoutedExperts;
            // GGUF dimensions start with ne[0]; an expert tensor's ne[2] counts the experts.
            if (record.shape.size() >= 3 && record.shape[2] <= static_cast<std::uint64_t>(kMaxExperts))
                p.experts = static_cast<long long>(record.shape[2]);
        } else if (endsWith(kind, "_shexp")) {
            p.group = WeightGroup::SharedExperts;
        } else if (startsWith(kind, "ffn_")) {
            p.group = WeightGroup::DenseMlp;
        } else if (startsWith(kind, "attn_")) {
            p.group = WeightGroup::Attention;
            p.role = Role::Attention;
            // ne[0] is the input width, ne[1] the output features.
            const long long out =
                record.shape.size() == 2 && record.shape[1] <= (static_cast<std::uint64_t>(1) << 40)
                    ? static_cast<long long>(record.shape[1])
                    : 0;
            if (out > 0 && segments.size() == 4 && segments[3] == "weight") {
                p.width = kind == "attn_k"          ? Width::K
                          : kind == "attn_v"        ? Width::V
                          : kind == "attn_kv_a_mqa" ? Width::MlaKv
                                                    : Width::None;
                p.widthValue = out;
            }
        } else if (startsWith(kind, "ssm_")) {
            p.group = WeightGroup::Attention;
            p.role = Role::LinearMixer;
        }
    }
    return p;
}

bool isAuxiliary(std::string_view name)
{
    constexpr std::array<std::string_view, 21> kNames{"scales",
                                                      "weight_scale",
                                                      "weight_scale_inv",
                                                      "weight_scale_2",
                                                      "input_scale",
                                                      "k_scale",
                                                      "v_scale",
                                                      "qzeros",
                                                      "weight_zero_point",
                                                      "input_zero_point",
                                                      "g_idx",
                                                      "weight_g_idx",
                                                      "weight_shape",
                                                      "absmax",
                                                      "quant_map",
                                                      "nested_absmax",
                                                      "nested_quant_map",
                                                      "SCB",
                                                      "weight_format",
                                                      "input_global_scale",
                                                      "weight_global_scale"};
    const std::size_t dot = name.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
    return oneOf(last, kNames) || endsWith(last, "_scales") || contains(name, ".quant_state.");
}

// Weights one stored element of a safetensors tensor stands for (see the header comment).
double paramsPerElement(const TensorRecord& record,
                        const std::unordered_map<std::string_view, const TensorRecord*>& byName,
                        const TensorSummaryHints& hints)
{
    if (isAuxiliary(record.name))
        return 0;
    const std::string_view name = record.name;
    const std::size_t dot = name.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
    const double perWord =
        32.0 / static_cast<double>(hints.quantizationBits > 0 ? hints.quantizationBits : 4);
    if (endsWith(last, "_blocks") && record.dtype == "U8")
        return 2;
    if ((last == "qweight" || last == "weight_packed") && record.dtype == "I32")
        return perWord;
    const auto has = [&](const std::string& sibling) { return byName.count(sibling) > 0; };
    if (last == "weight_packed" && record.dtype == "U8")
        return 2; // compressed-tensors nvfp4-pack-quantized
    if (last == "weight" && record.dtype == "U8") {
        const std::string self(name);
        if (has(self + ".absmax") || has(self + ".quant_state.bitsandbytes__nf4") ||
            has(self + ".quant_state.bitsandbytes__fp4"))
            return 2;
        const auto scale = byName.find(std::string(name.substr(0, dot)) + ".weight_scale");
        if (scale != byName.end() && scale->second->dtype == "F8_E4M3")
            return 2; // ModelOpt NVFP4
    }
    return 1;
}

} // namespace

TensorSummary summariseTensors(const TensorInventory& inventory, const TensorSummaryHints& hints)
{
    TensorSummary summary;
    summary.format = inventory.format;
    const bool gguf = inventory.format == "gguf";
    std::unordered_map<std::string_view, const TensorRecord*> byName;
    if (!gguf)
        for (const TensorRecord& record : inventory.tensors)
            byName.emplace(record.name, &record);
    std::map<long long, LayerTensors> layers;
    for (const TensorRecord& record : inventory.tensors) {
        const Placement p = gguf ? placeGguf(record, hints) : placeHuggingFace(record, hints);
        const double params =
            gguf ? record.elements : record.elements * paramsPerElement(record, byName, hints);
        summary.tensors += 1;
        summary.paramsTotal += params;
        summary.bytesTotal += record.bytes;
        if (p.group) {
            summary.paramsByGroup[static_cast<std::size_t>(*p.group)] += params;
            summary.bytesByGroup[static_cast<std::size_t>(*p.group)] += record.bytes;
        } else {
            summary.paramsUnclassified += params;
            summary.bytesUnclassified += record.bytes;
            if (summary.unclassified.size() < kMaxUnclassifiedNames)
                summary.unclassified.push_back(InputError::oneLine(elided(record.name, 120)));
        }
        if (p.layer < 0)
            continue;
        LayerTensors& layer = layers[p.layer];
        layer.index = p.layer;
        layer.hasAttention = layer.hasAttention || p.role == Role::Attention;
        layer.hasLinearMixer = layer.hasLinearMixer || p.role == Role::LinearMixer;
        layer.routedExperts = std::max(layer.routedExperts, p.experts);
        if (p.width == Width::K)
            layer.kWidth = p.widthValue;
        else if (p.width == Width::V)
            layer.vWidth = p.widthValue;
        else if (p.width == Width::MlaKv) {
            layer.kWidth = p.widthValue;
            layer.vWidth = 0;
            layer.mla = true;
        }
    }
    for (auto& [index, layer] : layers) {
        summary.routedExperts = std::max(summary.routedExperts, layer.routedExperts);
        summary.layers.push_back(layer);
    }
    return summary;
}

namespace {

json byGroup(const std::array<double, kWeightGroupCount>& values)
{
    json out = json::object();
    for (std::size_t g = 0; g < kWeightGroupCount; ++g)
        out[std::string(weightGroupName(static_cast<WeightGroup>(g)))] = values[g];
    return out;
}

// Fields beyond `known` are refused, so that a misspelt key is not read as its default.
void refuseUnknown(const json& object, std::initializer_list<std::string_view> known, const std::string& path)
{
    for (const auto& [key, value] : object.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            throw InputError(json_fields::join(path, elided(key)),
                             message(LHE_TEXT("CoreMessage", "unknown field; expected one of %1"), [&] {
                                 std::string list;
                                 for (const std::string_view k : known)
                                     list += (list.empty() ? "" : ", ") + std::string(k);
                                 return list;
                             }()));
}

constexpr double kMaxCount = 1e30; // far beyond any checkpoint (2^64 elements x 8), finite

double count(const json& object, const std::string& key, const std::string& path)
{
    return json_fields::requireInRange(object, key, path, {0, kMaxCount, ""});
}

std::array<double, kWeightGroupCount> groupsFrom(const json& object, const std::string& key,
                                                 const std::string& path)
{
    const std::string here = json_fields::join(path, key);
    const json& groups = json_fields::requireObject(json_fields::requireMember(object, key, path), here);
    std::array<double, kWeightGroupCount> out{};
    for (const auto& [name, value] : groups.items()) {
        std::size_t g = 0;
        while (g < kWeightGroupCount && weightGroupName(static_cast<WeightGroup>(g)) != name)
            ++g;
        if (g == kWeightGroupCount)
            throw InputError(json_fields::join(here, elided(name)),
                             message(LHE_TEXT("CoreMessage", "not a weight group")));
        out[g] = count(groups, name, here);
    }
    return out;
}

} // namespace

json toJson(const TensorSummary& summary)
{
    json layers = json::array();
    for (const LayerTensors& layer : summary.layers)
        layers.push_back({{"index", layer.index},
                          {"k_width", layer.kWidth},
                          {"v_width", layer.vWidth},
                          {"mla", layer.mla},
                          {"attention", layer.hasAttention},
                          {"linear_mixer", layer.hasLinearMixer},
                          {"routed_experts", layer.routedExperts}});
    return {{"format", summary.format},
            {"tensors", summary.tensors},
            {"params_total", summary.paramsTotal},
            {"bytes_total", summary.bytesTotal},
            {"params_by_group", byGroup(summary.paramsByGroup)},
            {"bytes_by_group", byGroup(summary.bytesByGroup)},
            {"params_unclassified", summary.paramsUnclassified},
            {"bytes_unclassified", summary.bytesUnclassified},
            {"unclassified", summary.unclassified},
            {"routed_experts", summary.routedExperts},
            {"layers", layers}};
}

TensorSummary tensorSummaryFromJson(const json& value, const std::string& path)
{
    using namespace json_fields;
    requireObject(value, path);
    refuseUnknown(value,
                  {"format", "tensors", "params_total", "bytes_total", "params_by_group", "bytes_by_group",
                   "params_unclassified", "bytes_unclassified", "unclassified", "routed_experts", "layers"},
                  path);
    TensorSummary summary;
    summary.format = requireString(value, "format", path);
    if (summary.format != "safetensors" && summary.format != "gguf")
        throw InputError(join(path, "format"),
                         message(LHE_TEXT("CoreMessage", "expected \"safetensors\" or \"gguf\", got \"%1\""),
                                 elided(summary.format)));
    summary.tensors = static_cast<double>(requireInteger(value, "tensors", path, 0, 1'000'000'000));
    summary.paramsTotal = count(value, "params_total", path);
    summary.bytesTotal = count(value, "bytes_total", path);
    summary.paramsByGroup = groupsFrom(value, "params_by_group", path);
    summary.bytesByGroup = groupsFrom(value, "bytes_by_group", path);
    summary.paramsUnclassified = count(value, "params_unclassified", path);
    summary.bytesUnclassified = count(value, "bytes_unclassified", path);
    const std::string unclassifiedPath = join(path, "unclassified");
    const json& names = requireMember(value, "unclassified", path);
    if (!names.is_array() || names.size() > kMaxUnclassifiedNames)
        throw InputError(unclassifiedPath,
                         message(LHE_TEXT("CoreMessage", "expected a list of at most %1 tensor names"),
                                 static_cast<long long>(kMaxUnclassifiedNames)));
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!names[i].is_string())
            throw InputError(joinIndex(unclassifiedPath, i),
                             message(LHE_TEXT("CoreMessage", "expected a tensor name")));
        summary.unclassified.push_back(
            checkOneLine(names[i].get<std::string>(), joinIndex(unclassifiedPath, i), namesAreOneLine()));
    }
    summary.routedExperts = requireInteger(value, "routed_experts", path, 0, kMaxExperts);

    const std::string layersPath = join(path, "layers");
    const json& layers = requireMember(value, "layers", path);
    if (!layers.is_array() || layers.size() > static_cast<std::size_t>(kMaxLayers))
        throw InputError(
            layersPath, message(LHE_TEXT("CoreMessage", "expected a list of at most %1 layers"), kMaxLayers));
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const std::string at = joinIndex(layersPath, i);
        const json& entry = requireObject(layers[i], at);
        refuseUnknown(
            entry, {"index", "k_width", "v_width", "mla", "attention", "linear_mixer", "routed_experts"}, at);
        LayerTensors layer;
        layer.index = requireInteger(entry, "index", at, 0, 999'999'999);
        if (!summary.layers.empty() && layer.index <= summary.layers.back().index)
            throw InputError(join(at, "index"),
                             message(LHE_TEXT("CoreMessage", "layer indices must rise; %1 follows %2"),
                                     layer.index, summary.layers.back().index));
        layer.kWidth = requireInteger(entry, "k_width", at, 0, 1LL << 40);
        layer.vWidth = requireInteger(entry, "v_width", at, 0, 1LL << 40);
        const auto flag = [&](const char* key) {
            const auto v = optionalBool(entry, key, at);
            if (!v)
                throw InputError(join(at, key),
                                 message(LHE_TEXT("CoreMessage", "required field is missing")));
            return *v;
        };
        layer.mla = flag("mla");
        layer.hasAttention = flag("attention");
        layer.hasLinearMixer = flag("linear_mixer");
        layer.routedExperts = requireInteger(entry, "routed_experts", at, 0, kMaxExperts);
        summary.layers.push_back(layer);
    }
    return summary;
}

} // namespace lhe::core
