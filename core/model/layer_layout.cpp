#include "core/model/layer_layout.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

namespace lhe::core::layer_layout {

using json_fields::join;
using json_fields::joinIndex;
using nlohmann::json;

namespace {

constexpr long long kMaxDimension = 100'000'000; // far above any published model; guards overflow

// A list of whole numbers under `key` (absent or null: empty); one entry per layer when
// `perLayer`, else layer indices below `layers`.
std::vector<long long> integerList(const json& config, const char* key, const std::string& path,
                                   long long layers, bool perLayer)
{
    std::vector<long long> values;
    const auto it = config.find(key);
    if (it == config.end() || it->is_null())
        return values;
    const std::string listPath = join(path, key);
    if (!it->is_array())
        throw InputError(listPath, message(LHE_TEXT("CoreMessage", "expected a list of whole numbers")));
    if (perLayer && static_cast<long long>(it->size()) != layers)
        throw InputError(listPath,
                         message(LHE_TEXT("CoreMessage", "has %1 entries; expected one per layer (%2)"),
                                 it->size(), layers));
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& v = (*it)[i];
        if (!v.is_number_integer() || v.get<long long>() < 0 || (!perLayer && v.get<long long>() >= layers))
            throw InputError(
                joinIndex(listPath, i),
                perLayer
                    ? message(LHE_TEXT("CoreMessage", "expected 0 or 1"))
                    : message(LHE_TEXT("CoreMessage", "expected a layer index from 0 to %1"), layers - 1));
        values.push_back(v.get<long long>());
    }
    return values;
}

long long requireWindow(const json& config, const char* key, const std::string& path, Message why)
{
    const auto window = integerKey(config, {key}, path, 1);
    if (!window)
        throw InputError(join(path, key),
                         message(LHE_TEXT("CoreMessage", "required key is missing (%1)"), std::move(why)));
    return *window;
}

// `layer_types` as transformers writes it since 4.53 (gpt-oss, Gemma 3, Qwen3-Next, ...).
void readLayerTypes(ModelArchitecture& a, const json& types, const json& config, const std::string& path)
{
    const std::string listPath = join(path, "layer_types");
    if (!types.is_array() || static_cast<long long>(types.size()) != a.layers)
        throw InputError(
            listPath,
            message(LHE_TEXT("CoreMessage",
                             "expected a list of %1 layer type names, one per layer (num_hidden_layers)"),
                    a.layers));
    std::vector<std::string> unknown;
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (!types[i].is_string())
            throw InputError(
                joinIndex(listPath, i),
                message(LHE_TEXT("CoreMessage", "expected a layer type name such as \"full_attention\"")));
        const std::string type = types[i].get<std::string>();
        LayerSpec& layer = a.layerSpecs[i];
        if (isOneOf(type, {"full_attention", "attention", "global", "global_attention"})) {
            layer.attention = AttentionKind::Full;
        } else if (isOneOf(type, {"sliding_attention", "sliding", "local", "local_attention"})) {
            layer.attention = AttentionKind::Sliding;
            layer.windowTokens =
                requireWindow(config, "sliding_window", path,
                              message(LHE_TEXT("CoreMessage", "layer_types has sliding layers")));
        } else if (type == "chunked_attention") {
            layer.attention = AttentionKind::Chunked;
            layer.windowTokens =
                requireWindow(config, "attention_chunk_size", path,
                              message(LHE_TEXT("CoreMessage", "layer_types has chunked layers")));
        } else if (isOneOf(type, {"linear_attention", "mamba", "mamba2", "ssm", "recurrent", "conv",
                                  "short_conv", "lightning_attention", "hybrid"})) {
            // "hybrid" (Falcon-H1): attention and Mamba-2 side by side, set apart by the family.
            layer.attention = type == "hybrid" ? AttentionKind::Full : AttentionKind::Linear;
        } else {
            // A token mixer of a name not known: estimated as a fixed-state (linear) layer, said
            // once per name, rather than refusing the model.
            layer.attention = AttentionKind::Linear;
            if (std::find(unknown.begin(), unknown.end(), type) == unknown.end()) {
                unknown.push_back(type);
                a.approximations.push_back(
                    message(LHE_TEXT("CoreMessage", "%1: layer type \"%2\" is not known; read as a "
                                                    "linear-attention layer with a fixed per-sequence state"),
                            joinIndex(listPath, i), elided(type)));
            }
        }
    }
}

// DeciLM / Llama-Nemotron NAS models (nvidia Llama-3.3-Nemotron-Super-49B, Ultra-253B): one entry
// of block_configs per layer, its attention either a GQA block of num_attention_heads /
// n_heads_in_group KV heads, a d × d linear, or nothing; its FFN either SwiGLU of width
// find_multiple(int(2·ffn_mult·d/3), 256), a d × d linear, or nothing (the checkpoints'
// modeling_decilm.py, _ffn_mult_to_intermediate_size).
void readBlockConfigs(ModelArchitecture& a, const json& blocks, const std::string& path)
{
    const std::string listPath = join(path, "block_configs");
    if (static_cast<long long>(blocks.size()) != a.layers)
        throw InputError(listPath,
                         message(LHE_TEXT("CoreMessage", "has %1 entries; expected one per layer (%2)"),
                                 blocks.size(), a.layers));
    const double d = dbl(a.hidden);
    a.ffn = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const std::string blockPath = joinIndex(listPath, i);
        json_fields::requireObject(blocks[i], blockPath);
        LayerSpec& layer = a.layerSpecs[i];
        const json empty = json::object();
        const json& attention = blocks[i].contains("attention") && blocks[i]["attention"].is_object()
                                    ? blocks[i]["attention"]
                                    : empty;
        const json& ffn =
            blocks[i].contains("ffn") && blocks[i]["ffn"].is_object() ? blocks[i]["ffn"] : empty;
        const std::string attentionPath = join(blockPath, "attention");
        const std::string ffnPath = join(blockPath, "ffn");
        if (boolKey(attention, "no_op", attentionPath, false)) {
            layer.attention = AttentionKind::None;
        } else if (boolKey(attention, "replace_with_linear", attentionPath, false)) {
            layer.attention = AttentionKind::None;
            layer.attentionParams = d * d;
        } else {
            const long long group = integerKey(attention, {"n_heads_in_group"}, attentionPath).value_or(1);
            if (a.heads % group != 0)
                throw InputError(join(attentionPath, "n_heads_in_group"),
                                 message(LHE_TEXT("CoreMessage", "%1 must divide num_attention_heads %2"),
                                         group, a.heads));
            layer.kvHeads = a.heads / group;
        }
        if (boolKey(ffn, "no_op", ffnPath, false)) {
            layer.mlp = MlpKind::None;
        } else if (boolKey(ffn, "replace_with_linear", ffnPath, false)) {
            layer.mlp = MlpKind::None;
            layer.attentionParams += d * d;
        } else {
            const double mult =
                json_fields::optionalInRange(ffn, "ffn_mult", ffnPath, {0.0, 1000.0, ""}).value_or(1.0);
            const long long width = static_cast<long long>(2.0 * mult * d / 3.0);
            layer.mlp = MlpKind::Dense;
            layer.ffn = (width + 255) / 256 * 256;
            a.ffn = std::max(a.ffn, layer.ffn);
        }
    }
}

void readAttentionLayout(ModelArchitecture& a, const json& config, const std::string& path)
{
    const std::string& type = a.modelType;
    const long long L = a.layers;
    auto each = [&](auto&& kindOf) {
        for (long long i = 0; i < L; ++i)
            kindOf(a.layerSpecs[static_cast<std::size_t>(i)], i);
    };

    if (type == "nemotron_h") {
        // Nemotron-H (NVIDIA 2025, arXiv:2504.03624): one block per character of
        // hybrid_override_pattern: M Mamba-2 mixer, * self-attention, - MLP, E mixture of experts.
        const std::string pattern = json_fields::optionalString(config, "hybrid_override_pattern", path, "");
        if (static_cast<long long>(pattern.size()) != L)
            throw InputError(join(path, "hybrid_override_pattern"),
                             message(LHE_TEXT("CoreMessage", "expected one character per layer (%1), got %2"),
                                     L, pattern.size()));
        each([&](LayerSpec& layer, long long i) {
            const char c = pattern[static_cast<std::size_t>(i)];
            if (c != 'M' && c != '*' && c != '-' && c != 'E')
                throw InputError(
                    join(path, "hybrid_override_pattern"),
                    message(LHE_TEXT("CoreMessage", "unknown block '%1' at layer %2; understood: M "
                                                    "(Mamba-2), * (attention), - (MLP), E (experts)"),
                            std::string(1, c), i));
            layer.attention = c == 'M'   ? AttentionKind::Linear
                              : c == '*' ? AttentionKind::Full
                                         : AttentionKind::None;
            layer.mlp = c == '-' ? MlpKind::Dense : c == 'E' ? MlpKind::Moe : MlpKind::None;
        });
        return;
    }
    if (const auto blocks = config.find("block_configs"); blocks != config.end() && blocks->is_array()) {
        readBlockConfigs(a, *blocks, path);
        return;
    }
    if (const auto hybrid = config.find("hybrid_layer_pattern");
        hybrid != config.end() && hybrid->is_array()) {
        // MiMo-V2-Flash (XiaomiMiMo modeling_mimo_v2_flash): 1 a sliding-window layer of
        // sliding_window tokens with its own KV heads (swa_num_key_value_heads), 0 global attention.
        const auto kinds = integerList(config, "hybrid_layer_pattern", path, L, true);
        const long long window =
            requireWindow(config, "sliding_window", path,
                          message(LHE_TEXT("CoreMessage", "hybrid_layer_pattern has sliding layers")));
        const long long swaHeads = integerKey(config, {"swa_num_key_value_heads"}, path).value_or(a.kvHeads);
        each([&](LayerSpec& layer, long long i) {
            if (kinds[static_cast<std::size_t>(i)] != 0) {
                layer.attention = AttentionKind::Sliding;
                layer.windowTokens = window;
                layer.kvHeads = swaHeads;
            }
        });
        return;
    }
    if (const auto types = config.find("layer_types"); types != config.end() && !types->is_null()) {
        readLayerTypes(a, *types, config, path);
        return;
    }
    if (type == "jamba") {
        // HF JambaConfig.layers_block_type: attention where i % period == offset, else Mamba.
        const long long period = integerKey(config, {"attn_layer_period"}, path).value_or(8);
        const long long offset = integerKey(config, {"attn_layer_offset"}, path, 0).value_or(4);
        each([&](LayerSpec& layer, long long i) {
            layer.attention = i % period == offset ? AttentionKind::Full : AttentionKind::Linear;
        });
        return;
    }
    if (type == "qwen3_next") {
        // Qwen3-Next: every full_attention_interval-th layer is gated softmax attention, the
        // rest Gated DeltaNet (HF Qwen3NextConfig.layer_types).
        const long long interval = integerKey(config, {"full_attention_interval"}, path).value_or(4);
        each([&](LayerSpec& layer, long long i) {
            layer.attention = (i + 1) % interval == 0 ? AttentionKind::Full : AttentionKind::Linear;
        });
        return;
    }
    if (const auto list = config.find("attn_type_list"); list != config.end() && list->is_array()) {
        // MiniMax: 0 lightning (linear) attention, 1 softmax attention, per layer.
        const auto kinds = integerList(config, "attn_type_list", path, L, true);
        each([&](LayerSpec& layer, long long i) {
            layer.attention =
                kinds[static_cast<std::size_t>(i)] == 0 ? AttentionKind::Linear : AttentionKind::Full;
        });
        return;
    }
    if (type == "llama4_text") {
        // Llama 4: RoPE layers attend within chunks of attention_chunk_size; NoPE layers
        // (no_rope_layers[i] == 0, by default every no_rope_layer_interval-th) attend globally
        // (HF Llama4TextConfig; Meta, "The Llama 4 herd", 2025: iRoPE).
        const auto chunk = integerKey(config, {"attention_chunk_size"}, path);
        if (!chunk)
            return;
        auto rope = integerList(config, "no_rope_layers", path, L, true);
        const long long interval = integerKey(config, {"no_rope_layer_interval"}, path).value_or(4);
        each([&](LayerSpec& layer, long long i) {
            const bool usesRope =
                rope.empty() ? (i + 1) % interval != 0 : rope[static_cast<std::size_t>(i)] != 0;
            if (usesRope) {
                layer.attention = AttentionKind::Chunked;
                layer.windowTokens = *chunk;
            }
        });
        return;
    }

    const long long window = integerKey(config, {"sliding_window"}, path, 0).value_or(0);
    // use_sliding_window false turns the window off whatever the family (Qwen2, SmolLM3 and
    // others carry a default window that only applies with the switch on).
    if (window <= 0 || !boolKey(config, "use_sliding_window", path, true))
        return;
    auto slideWhere = [&](auto&& isSliding) {
        each([&](LayerSpec& layer, long long i) {
            if (isSliding(i)) {
                layer.attention = AttentionKind::Sliding;
                layer.windowTokens = window;
            }
        });
    };
    if (isOneOf(type, {"qwen2", "qwen2_moe", "qwen3", "qwen3_moe"})) {
        // Qwen: only with use_sliding_window, on layers >= max_window_layers (HF modeling_qwen2).
        if (!boolKey(config, "use_sliding_window", path, false))
            return;
        const long long first = integerKey(config, {"max_window_layers"}, path, 0).value_or(0);
        slideWhere([&](long long i) { return i >= first; });
    } else if (type == "gemma2") {
        // Gemma 2 alternates local and global layers, local first (Gemma 2 report §2).
        slideWhere([](long long i) { return i % 2 == 0; });
    } else if (isOneOf(type, {"gemma3_text", "gemma3", "gemma4_text"})) {
        // Gemma 3: five local layers to one global (Gemma 3 report §2.2), as
        // sliding_window_pattern: layer i is global when (i + 1) is a multiple of it. Gemma 4
        // without layer_types: the same 5:1 pattern, the last layer always global
        // (Gemma4TextConfig.__post_init__).
        const long long pattern = integerKey(config, {"sliding_window_pattern"}, path).value_or(6);
        slideWhere(
            [&](long long i) { return (i + 1) % pattern != 0 && !(type == "gemma4_text" && i == L - 1); });
    } else {
        slideWhere([](long long) { return true; }); // Mistral 7B v0.1, Phi-3: every layer
    }
}

void readMlpLayout(ModelArchitecture& a, const json& config, const std::string& path)
{
    const long long L = a.layers;
    const std::string& type = a.modelType;
    if (type == "nemotron_h" || config.contains("block_configs"))
        return; // set by the block pattern / the block list
    std::vector<bool> moe(static_cast<std::size_t>(L), a.isMoe());
    if (a.isMoe()) {
        if (type == "jamba") {
            // HF JambaConfig.layers_num_experts: experts where i % period == offset.
            const long long period = integerKey(config, {"expert_layer_period"}, path).value_or(2);
            const long long offset = integerKey(config, {"expert_layer_offset"}, path, 0).value_or(1);
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] = i % period == offset;
        } else if (type == "llama4_text") {
            // HF Llama4TextConfig: moe_layers, by default every interleave_moe_layer_step-th layer.
            auto listed = integerList(config, "moe_layers", path, L, false);
            const long long step = integerKey(config, {"interleave_moe_layer_step"}, path).value_or(1);
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] =
                    listed.empty() ? (i + 1) % step == 0
                                   : std::find(listed.begin(), listed.end(), i) != listed.end();
        } else if (config.contains("moe_layer_start_index")) {
            // ERNIE 4.5 (HF Ernie4_5_MoeDecoderLayer): experts where (i + 1) % moe_layer_interval
            // == 0 and moe_layer_start_index <= i <= moe_layer_end_index (-1: the last layer).
            const long long start = integerKey(config, {"moe_layer_start_index"}, path, 0).value_or(1);
            const long long interval = integerKey(config, {"moe_layer_interval"}, path).value_or(1);
            long long last = L - 1;
            if (const auto it = config.find("moe_layer_end_index");
                it != config.end() && it->is_number_integer() && it->get<long long>() >= 0)
                last = it->get<long long>();
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] = (i + 1) % interval == 0 && i >= start && i <= last;
        } else if (const auto freq = config.find("moe_layer_freq");
                   freq != config.end() && freq->is_array()) {
            // MiMo-V2-Flash: moe_layer_freq lists 1 (experts) or 0 (dense MLP) per layer.
            const auto perLayer = integerList(config, "moe_layer_freq", path, L, true);
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] = perLayer[static_cast<std::size_t>(i)] != 0;
        } else if (config.contains("first_k_dense_replace")) {
            // DeepSeek-V2/V3, Kimi K2, GLM-4.5: dense first k layers, then MoE every
            // moe_layer_freq-th (HF modeling_deepseek_v3).
            const long long dense = integerKey(config, {"first_k_dense_replace"}, path, 0).value_or(0);
            const long long freq = integerKey(config, {"moe_layer_freq"}, path).value_or(1);
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] = i >= dense && i % freq == 0;
        } else {
            // Qwen-MoE: every decoder_sparse_step-th layer, except mlp_only_layers (HF
            // modeling_qwen2_moe); Mixtral, gpt-oss, Qwen3-MoE: every layer.
            const long long step = integerKey(config, {"decoder_sparse_step"}, path).value_or(1);
            const auto mlpOnly = integerList(config, "mlp_only_layers", path, L, false);
            for (long long i = 0; i < L; ++i)
                moe[static_cast<std::size_t>(i)] =
                    (i + 1) % step == 0 && std::find(mlpOnly.begin(), mlpOnly.end(), i) == mlpOnly.end();
        }
    }
    for (long long i = 0; i < L; ++i) {
        LayerSpec& layer = a.layerSpecs[static_cast<std::size_t>(i)];
        layer.mlp = moe[static_cast<std::size_t>(i)] ? MlpKind::Moe : MlpKind::Dense;
    }
}

} // namespace

std::optional<long long> integerKey(const json& config, std::initializer_list<const char*> keys,
                                    const std::string& path, long long minimum)
{
    for (const char* key : keys) {
        const auto it = config.find(key);
        if (it == config.end() || it->is_null())
            continue;
        return json_fields::optionalInteger(config, key, path, minimum, kMaxDimension);
    }
    return std::nullopt;
}

long long requireIntegerKey(const json& config, std::initializer_list<const char*> keys,
                            const std::string& path, long long minimum)
{
    if (auto value = integerKey(config, keys, path, minimum))
        return *value;
    // "a or b or c", the conjunction translatable.
    MessageArgument names(std::string(*keys.begin()));
    for (auto key = keys.begin() + 1; key != keys.end(); ++key)
        names = MessageArgument(
            message(LHE_TEXT("CoreMessage", "%1 or %2"), std::move(names), std::string(*key)));
    throw InputError(
        join(path, *keys.begin()),
        message(LHE_TEXT("CoreMessage", "required key is missing (looked for %1)"), std::move(names)));
}

bool boolKey(const json& config, const char* key, const std::string& path, bool fallback)
{
    return json_fields::optionalBool(config, key, path).value_or(fallback);
}

bool isOneOf(const std::string& value, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* name) { return value == name; });
}

void readLayout(ModelArchitecture& a, const json& config, const std::string& path)
{
    a.layerSpecs.assign(static_cast<std::size_t>(a.layers), LayerSpec{});
    readAttentionLayout(a, config, path);
    readMlpLayout(a, config, path);
    a.moeLayers = 0;
    a.denseLayers = 0;
    for (LayerSpec& layer : a.layerSpecs) {
        a.moeLayers += layer.mlp == MlpKind::Moe ? 1 : 0;
        a.denseLayers += layer.mlp == MlpKind::Dense ? 1 : 0;
        if (layer.mlp == MlpKind::Dense && layer.ffn == 0)
            layer.ffn = a.ffn;
    }
}

} // namespace lhe::core::layer_layout
