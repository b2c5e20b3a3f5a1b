#include "core/model_architecture.h"

#include "core/input_error.h"
#include "core/json_fields.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>

namespace lhe::core {

using json_fields::join;
using nlohmann::json;

namespace {

constexpr long long kMaxDimension = 100'000'000; // far above any published model; guards overflow

// First present, non-null key of `keys`, as a whole number in [minimum, kMaxDimension].
std::optional<long long> integerKey(const json& config, std::initializer_list<const char*> keys,
                                    const std::string& path, long long minimum = 1)
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
                            const std::string& path, long long minimum = 1)
{
    if (auto value = integerKey(config, keys, path, minimum))
        return *value;
    std::string names;
    for (const char* key : keys)
        names += names.empty() ? std::string(key) : std::string(" or ") + key;
    throw InputError(join(path, *keys.begin()), "required key is missing (looked for " + names + ")");
}

bool boolKey(const json& config, const char* key, const std::string& path, bool fallback)
{
    return json_fields::optionalBool(config, key, path).value_or(fallback);
}

bool isOneOf(const std::string& value, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* name) { return value == name; });
}

void readMoe(ModelArchitecture& arch, const json& config, const std::string& path)
{
    arch.experts =
        integerKey(config, {"num_local_experts", "n_routed_experts", "num_experts"}, path, 0).value_or(0);
    if (arch.experts == 0)
        return;
    arch.expertsPerToken = requireIntegerKey(config, {"num_experts_per_tok", "moe_top_k", "top_k"}, path);
    if (arch.expertsPerToken > arch.experts)
        throw InputError(join(path, "num_experts_per_tok"),
                         "cannot exceed the number of experts (" + std::to_string(arch.experts) + ")");
    arch.expertFfn = integerKey(config, {"moe_intermediate_size"}, path).value_or(arch.ffn);
    if (auto shared = integerKey(config, {"shared_expert_intermediate_size"}, path, 0)) {
        arch.sharedFfn = *shared; // Qwen2-MoE: one shared expert of its own width, gated
        arch.sharedExpertGate = *shared > 0;
    } else {
        arch.sharedFfn = integerKey(config, {"n_shared_experts"}, path, 0).value_or(0) * arch.expertFfn;
    }
    // Dense layers: DeepSeek's first_k_dense_replace; Qwen-MoE's decoder_sparse_step and
    // mlp_only_layers; Mixtral and Qwen3-MoE default to all layers MoE.
    const long long dense = integerKey(config, {"first_k_dense_replace"}, path, 0).value_or(0);
    const long long step = integerKey(config, {"decoder_sparse_step", "moe_layer_freq"}, path).value_or(1);
    long long moe = 0;
    std::vector<long long> mlpOnly;
    if (config.contains("mlp_only_layers") && config["mlp_only_layers"].is_array()) {
        for (const auto& layer : config["mlp_only_layers"])
            if (layer.is_number_integer())
                mlpOnly.push_back(layer.get<long long>());
    }
    const bool deepseekLayout = config.contains("first_k_dense_replace");
    for (long long layer = 0; layer < arch.layers; ++layer) {
        const bool isMoe = deepseekLayout
                               ? layer >= dense && layer % step == 0 // HF modeling_deepseek_v3
                               : (layer + 1) % step == 0 &&          // HF modeling_qwen2_moe
                                     std::find(mlpOnly.begin(), mlpOnly.end(), layer) == mlpOnly.end();
        moe += isMoe ? 1 : 0;
    }
    arch.moeLayers = moe;
    arch.denseLayers = arch.layers - moe;
    // A non-string topk_method used to escape as nlohmann type_error (an "internal error").
    arch.routerBias = json_fields::optionalString(config, "topk_method", path, {}) == "noaux_tc";
}

void readSlidingWindow(ModelArchitecture& arch, const json& config, const std::string& path)
{
    const auto window = integerKey(config, {"sliding_window"}, path, 0).value_or(0);
    if (window <= 0)
        return;
    const std::string& type = arch.modelType;
    if (isOneOf(type, {"qwen2", "qwen2_moe", "qwen3", "qwen3_moe"})) {
        // Qwen: only with use_sliding_window, on layers >= max_window_layers (HF modeling_qwen2).
        if (!boolKey(config, "use_sliding_window", path, false))
            return;
        const long long first = integerKey(config, {"max_window_layers"}, path, 0).value_or(0);
        arch.slidingLayers = std::max(0LL, arch.layers - first);
    } else if (type == "gemma2") {
        // Gemma 2 alternates local (sliding) and global layers (Gemma 2 report §2); HF marks
        // every even-numbered layer sliding, so ceil(L/2).
        arch.slidingLayers = (arch.layers + 1) / 2;
    } else {
        arch.slidingLayers = arch.layers; // Mistral 7B v0.1, Phi-3: every layer
    }
    if (arch.slidingLayers > 0)
        arch.slidingWindow = window;
}

// Parameter counts, ESTIMATION.md §1.
void finalise(ModelArchitecture& a)
{
    const double d = static_cast<double>(a.hidden);
    const double h = static_cast<double>(a.heads);
    const double kv = static_cast<double>(a.kvHeads);
    const double dh = static_cast<double>(a.headDim);
    const double dv = static_cast<double>(a.valueHeadDim);
    const double V = static_cast<double>(a.vocab);
    const double normWidth = a.norm == NormKind::LayerNorm ? 2.0 * d : d; // LayerNorm: weight + bias

    double attention = 0;
    if (a.mla) {
        // MLA (DeepSeek-V2 §2.1): low-rank Q (optional), compressed KV latent + decoupled RoPE key.
        const double rq = static_cast<double>(a.qLoraRank);
        const double rkv = static_cast<double>(a.kvLoraRank);
        const double rope = static_cast<double>(a.qkRopeHeadDim);
        const double nope = static_cast<double>(a.qkNopeHeadDim);
        attention += rq > 0 ? d * rq + rq + rq * h * (nope + rope) : d * h * (nope + rope);
        attention += d * (rkv + rope) + rkv + rkv * h * (nope + dv);
        attention += h * dv * d;
        a.kvElementsPerTokenPerLayer = rkv + rope;
    } else {
        attention = d * h * dh + 2.0 * d * kv * dh + h * dv * d;
        if (a.qkvBias)
            attention += h * dh + 2.0 * kv * dh;
        if (a.outputBias)
            attention += d;
        if (a.qkNorm)
            attention += 2.0 * dh;
        a.kvElementsPerTokenPerLayer = kv * dh + kv * dv;
    }
    a.paramsPerLayerAttention = attention;

    auto ffnParams = [&](double width, bool bias) {
        const double matrices = a.gatedFfn ? 3.0 : 2.0;
        return matrices * d * width + (bias ? width * (a.gatedFfn ? 2.0 : 1.0) + d : 0.0);
    };
    const double norms = a.normsPerLayer * normWidth;
    const double denseLayer = attention + norms + ffnParams(static_cast<double>(a.ffn), a.ffnBias);

    double total = denseLayer * static_cast<double>(a.denseLayers);
    a.paramsRoutedExperts = 0;
    double inactive = 0;
    if (a.isMoe()) {
        const double E = static_cast<double>(a.experts);
        const double expert = ffnParams(static_cast<double>(a.expertFfn), false);
        double moeLayer = attention + norms + d * E + E * expert;
        if (a.routerBias)
            moeLayer += E;
        if (a.sharedFfn > 0)
            moeLayer += ffnParams(static_cast<double>(a.sharedFfn), false) + (a.sharedExpertGate ? d : 0.0);
        const double layersMoe = static_cast<double>(a.moeLayers);
        total += moeLayer * layersMoe;
        a.paramsRoutedExperts = E * expert * layersMoe;
        inactive = (E - static_cast<double>(a.expertsPerToken)) * expert * layersMoe;
    }

    a.paramsEmbedding = V * d;
    a.paramsLmHead = a.tiedEmbeddings ? 0.0 : V * d;
    a.paramsPositions = static_cast<double>(a.positionEmbeddingRows) * d;
    total += a.paramsEmbedding + a.paramsLmHead + a.paramsPositions + normWidth; // + final norm
    a.paramsTotal = total;
    a.paramsActive = total - inactive;
}

} // namespace

double ModelArchitecture::matmulParamsActive() const
{
    // Untied: the input embedding is a lookup, the separate head a product. Tied: the single
    // table is used as the head, so it counts once.
    return paramsActive - (tiedEmbeddings ? 0.0 : paramsEmbedding) - paramsPositions;
}

ModelArchitecture architectureFromHfConfig(const json& input, const std::string& path,
                                           std::vector<std::string>& warnings)
{
    json_fields::requireObject(input, path);
    const json* configPtr = &input;
    std::string configPath = path;
    // Multimodal wrappers (Llama 4, Gemma 3, Qwen2-VL...) nest the language model.
    if (!input.contains("hidden_size") && !input.contains("n_embd") && !input.contains("d_model") &&
        input.contains("text_config") && input["text_config"].is_object()) {
        configPtr = &input["text_config"];
        configPath = join(path, "text_config");
        warnings.push_back(configPath +
                           ": using the nested language-model config; vision towers are not counted");
    }
    const json& config = *configPtr;

    ModelArchitecture a;
    a.modelType = json_fields::optionalString(config, "model_type", configPath, "");
    if (a.modelType.empty())
        a.modelType = json_fields::optionalString(input, "model_type", path, "");
    const std::string& type = a.modelType;

    const bool gpt2 = type == "gpt2";
    const bool opt = type == "opt";
    const bool falcon = isOneOf(type, {"falcon", "RefinedWeb", "RefinedWebModel"});
    const bool deepseek = isOneOf(type, {"deepseek_v2", "deepseek_v3"});
    const bool llamaLike = isOneOf(type, {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3",
                                          "qwen3_moe", "gemma", "gemma2", "phi3"});
    a.recognisedType = gpt2 || opt || falcon || deepseek || llamaLike;
    if (!a.recognisedType)
        warnings.push_back(join(configPath, "model_type") + ": \"" + type +
                           "\" is not a known family; read with generic keys as a Llama-style decoder");

    a.hidden = requireIntegerKey(config, {"hidden_size", "n_embd", "d_model"}, configPath);
    a.layers = requireIntegerKey(config, {"num_hidden_layers", "n_layer", "num_layers"}, configPath);
    a.heads = requireIntegerKey(config, {"num_attention_heads", "n_head", "num_heads"}, configPath);
    a.vocab = requireIntegerKey(config, {"vocab_size"}, configPath);
    a.maxPositions =
        integerKey(config, {"max_position_embeddings", "n_positions", "max_seq_len"}, configPath).value_or(0);

    if (falcon && boolKey(config, "multi_query", configPath, true) &&
        !boolKey(config, "new_decoder_architecture", configPath, false))
        a.kvHeads = 1;
    else
        a.kvHeads = integerKey(config, {"num_key_value_heads", "num_kv_heads", "n_head_kv"}, configPath)
                        .value_or(a.heads);
    if (a.heads % a.kvHeads != 0)
        throw InputError(join(configPath, "num_key_value_heads"), std::to_string(a.kvHeads) +
                                                                      " must divide num_attention_heads " +
                                                                      std::to_string(a.heads));

    if (auto headDim = integerKey(config, {"head_dim"}, configPath)) {
        a.headDim = *headDim;
    } else {
        if (a.hidden % a.heads != 0)
            throw InputError(join(configPath, "num_attention_heads"),
                             std::to_string(a.heads) + " must divide hidden_size " +
                                 std::to_string(a.hidden) + " (or give head_dim)");
        a.headDim = a.hidden / a.heads;
    }
    a.valueHeadDim = a.headDim;

    a.ffn = integerKey(config, {"intermediate_size", "ffn_dim", "n_inner", "ffn_hidden_size"}, configPath)
                .value_or(4 * a.hidden);
    a.denseLayers = a.layers;

    // Family traits (HF transformers modeling_<type>.py).
    if (gpt2 || opt) {
        a.gatedFfn = false;
        a.norm = NormKind::LayerNorm;
        a.qkvBias = a.outputBias = a.ffnBias = opt ? boolKey(config, "enable_bias", configPath, true) : true;
        a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", configPath, true);
        // OPT's learned positions carry an offset of 2 rows (modeling_opt OPTLearnedPositionalEmbedding).
        a.positionEmbeddingRows = a.maxPositions + (opt ? 2 : 0);
    } else if (falcon) {
        a.gatedFfn = false;
        a.norm = NormKind::LayerNorm;
        const bool bias = boolKey(config, "bias", configPath, false);
        a.qkvBias = a.outputBias = a.ffnBias = bias;
        a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", configPath, true);
        const bool newArch = boolKey(config, "new_decoder_architecture", configPath, false);
        const bool parallel = boolKey(config, "parallel_attn", configPath, true);
        a.normsPerLayer = newArch || !parallel ? 2 : 1;
    } else {
        a.tiedEmbeddings =
            boolKey(config, "tie_word_embeddings", configPath, isOneOf(type, {"gemma", "gemma2"}));
        a.qkvBias = boolKey(config, "attention_bias", configPath, isOneOf(type, {"qwen2", "qwen2_moe"}));
        a.outputBias = boolKey(config, "attention_bias", configPath, false);
        a.ffnBias = boolKey(config, "mlp_bias", configPath, false);
        a.qkNorm = isOneOf(type, {"qwen3", "qwen3_moe"});
        a.normsPerLayer = type == "gemma2" ? 4 : 2; // Gemma 2 adds pre/post-FFN norms
        if (!a.recognisedType) {
            const std::string act = json_fields::optionalString(config, "hidden_act", configPath, "silu");
            a.gatedFfn = act.find("silu") != std::string::npos || act.find("swiglu") != std::string::npos ||
                         act.find("geglu") != std::string::npos;
        }
    }

    if (deepseek) {
        a.mla = true;
        a.qLoraRank = integerKey(config, {"q_lora_rank"}, configPath, 0).value_or(0);
        a.kvLoraRank = requireIntegerKey(config, {"kv_lora_rank"}, configPath);
        a.qkNopeHeadDim = requireIntegerKey(config, {"qk_nope_head_dim"}, configPath);
        a.qkRopeHeadDim = requireIntegerKey(config, {"qk_rope_head_dim"}, configPath);
        a.valueHeadDim = requireIntegerKey(config, {"v_head_dim"}, configPath);
        a.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
        a.kvHeads = a.heads;
        a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", configPath, false);
    }

    readMoe(a, config, configPath);
    readSlidingWindow(a, config, configPath);
    finalise(a);
    return a;
}

} // namespace lhe::core
