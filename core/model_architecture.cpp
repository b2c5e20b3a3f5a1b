#include "core/model_architecture.h"

#include "core/checkpoint_format.h"
#include "core/input_error.h"
#include "core/json_fields.h"
#include "core/layer_layout.h"
#include "core/layer_params.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>

namespace lhe::core {

using json_fields::join;
using layer_layout::integerKey;
using layer_layout::requireIntegerKey;
using nlohmann::json;

using layer_layout::boolKey;
using layer_layout::dbl;
using layer_layout::isOneOf;

namespace {

// Encoders and encoder-decoders: no causal KV cache of the kind this estimator sizes, so they
// are refused rather than read as a decoder.
void refuseNonDecoders(const json& config, const std::string& path)
{
    const std::string type = json_fields::optionalString(config, "model_type", path, "");
    const bool encoderDecoder =
        boolKey(config, "is_encoder_decoder", path, false) || isOneOf(type, {"t5",
                                                                             "mt5",
                                                                             "umt5",
                                                                             "longt5",
                                                                             "bart",
                                                                             "mbart",
                                                                             "pegasus",
                                                                             "pegasus_x",
                                                                             "marian",
                                                                             "led",
                                                                             "switch_transformers",
                                                                             "whisper",
                                                                             "blenderbot",
                                                                             "blenderbot-small",
                                                                             "prophetnet",
                                                                             "fsmt",
                                                                             "m2m_100",
                                                                             "nllb-moe",
                                                                             "seamless_m4t",
                                                                             "speecht5",
                                                                             "encoder-decoder",
                                                                             "plbart"});
    const bool encoderOnly =
        isOneOf(type, {"bert",      "roberta", "xlm-roberta", "xlm-roberta-xl", "distilbert",
                       "albert",    "electra", "deberta",     "deberta-v2",     "mpnet",
                       "camembert", "ernie",   "modernbert",  "nomic_bert",     "megatron-bert",
                       "convbert",  "funnel",  "squeezebert", "layoutlm",       "esm"});
    if (encoderDecoder)
        throw InputError(
            join(path, "model_type"),
            message(LHE_TEXT("CoreMessage",
                             "\"%1\" is an encoder-decoder model; only decoder-only language models "
                             "are estimated (their KV cache and decode loop are what is modelled)"),
                    elided(type)));
    if (encoderOnly)
        throw InputError(
            join(path, "model_type"),
            message(LHE_TEXT("CoreMessage",
                             "\"%1\" is an encoder-only model; only decoder-only language models are "
                             "estimated (it has no KV cache and generates no tokens)"),
                    elided(type)));
}

// Gemma 3's published configs leave text_config fields to Gemma3TextConfig's defaults
// (transformers models/gemma3/configuration_gemma3.py); fill them so the config reads as
// the model loads.
json withFamilyDefaults(const json& config, const std::string& type)
{
    if (type != "gemma3_text")
        return config;
    json merged = {{"vocab_size", 262208},
                   {"hidden_size", 2304},
                   {"intermediate_size", 9216},
                   {"num_hidden_layers", 26},
                   {"num_attention_heads", 8},
                   {"num_key_value_heads", 4},
                   {"head_dim", 256},
                   {"max_position_embeddings", 131072},
                   {"sliding_window", 4096},
                   {"sliding_window_pattern", 6},
                   {"tie_word_embeddings", true}};
    for (const auto& [key, value] : config.items())
        if (!value.is_null())
            merged[key] = value;
    return merged;
}

void readMoe(ModelArchitecture& arch, const json& config, const std::string& path)
{
    arch.experts =
        integerKey(config, {"num_local_experts", "n_routed_experts", "num_experts"}, path, 0).value_or(0);
    if (arch.experts <= 1) { // Jamba-style configs write num_experts 1 for a dense model
        arch.experts = 0;
        return;
    }
    arch.expertsPerToken =
        requireIntegerKey(config, {"num_experts_per_tok", "experts_per_token", "moe_top_k", "top_k"}, path);
    if (arch.expertsPerToken > arch.experts)
        throw InputError(
            join(path, "num_experts_per_tok"),
            message(LHE_TEXT("CoreMessage", "cannot exceed the number of experts (%1)"), arch.experts));
    arch.expertFfn = integerKey(config, {"moe_intermediate_size"}, path).value_or(arch.ffn);
    if (arch.modelType == "llama4_text") {
        // Llama 4: experts of intermediate_size plus one shared expert of the same width; dense
        // layers use intermediate_size_mlp (HF Llama4TextMoe / Llama4TextMLP).
        arch.expertFfn = requireIntegerKey(config, {"intermediate_size"}, path);
        arch.sharedFfn = arch.expertFfn;
    } else if (auto shared = integerKey(config, {"shared_expert_intermediate_size"}, path, 0)) {
        arch.sharedFfn = *shared; // Qwen2-MoE, Qwen3-Next: one shared expert of its own width, gated
        arch.sharedExpertGate = *shared > 0;
    } else {
        arch.sharedFfn = integerKey(config, {"n_shared_experts"}, path, 0).value_or(0) * arch.expertFfn;
    }
    // A non-string topk_method used to escape as nlohmann type_error (an "internal error").
    arch.routerBias = json_fields::optionalString(config, "topk_method", path, {}) == "noaux_tc" ||
                      isOneOf(arch.modelType, {"glm4_moe", "minimax_m2"});
}

void readLinearMixer(ModelArchitecture& a, const json& config, const std::string& path)
{
    using Mixer = ModelArchitecture::LinearMixer;
    if (a.modelType == "qwen3_next") {
        a.linearMixer = Mixer::GatedDeltaNet;
        a.linearKeyHeads = requireIntegerKey(config, {"linear_num_key_heads"}, path);
        a.linearValueHeads = requireIntegerKey(config, {"linear_num_value_heads"}, path);
        a.linearKeyHeadDim = requireIntegerKey(config, {"linear_key_head_dim"}, path);
        a.linearValueHeadDim = requireIntegerKey(config, {"linear_value_head_dim"}, path);
        a.convKernel = integerKey(config, {"linear_conv_kernel_dim"}, path).value_or(4);
    } else if (a.modelType == "jamba") {
        a.linearMixer = Mixer::Mamba;
        a.ssmInner = integerKey(config, {"mamba_expand"}, path).value_or(2) * a.hidden;
        a.ssmState = integerKey(config, {"mamba_d_state"}, path).value_or(16);
        a.convKernel = integerKey(config, {"mamba_d_conv"}, path).value_or(4);
        a.dtRank = integerKey(config, {"mamba_dt_rank"}, path).value_or((a.hidden + 15) / 16);
        a.ssmConvBias = boolKey(config, "mamba_conv_bias", path, true);
        a.ssmProjBias = boolKey(config, "mamba_proj_bias", path, false);
    } else if (a.modelType == "nemotron_h") {
        a.linearMixer = Mixer::Mamba2;
        a.ssmHeads = requireIntegerKey(config, {"mamba_num_heads"}, path);
        a.ssmInner = a.ssmHeads * requireIntegerKey(config, {"mamba_head_dim"}, path);
        a.ssmState = requireIntegerKey(config, {"ssm_state_size"}, path);
        a.ssmGroups = integerKey(config, {"n_groups"}, path).value_or(1);
        a.convKernel = integerKey(config, {"conv_kernel"}, path).value_or(4);
        a.ssmConvBias = boolKey(config, "use_conv_bias", path, true);
        a.ssmProjBias = boolKey(config, "use_bias", path, false);
    }
}

void readFamilyTraits(ModelArchitecture& a, const json& config, const std::string& path)
{
    const std::string& type = a.modelType;
    const bool gpt2 = type == "gpt2";
    const bool opt = type == "opt";
    const bool falcon = isOneOf(type, {"falcon", "RefinedWeb", "RefinedWebModel"});
    if (gpt2 || opt) {
        a.gatedFfn = false;
        a.norm = NormKind::LayerNorm;
        a.qkvBias = a.outputBias = a.ffnBias = opt ? boolKey(config, "enable_bias", path, true) : true;
        a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", path, true);
        // OPT's learned positions carry an offset of 2 rows (modeling_opt OPTLearnedPositionalEmbedding).
        a.positionEmbeddingRows = a.maxPositions + (opt ? 2 : 0);
        return;
    }
    if (falcon) {
        a.gatedFfn = false;
        a.norm = NormKind::LayerNorm;
        const bool bias = boolKey(config, "bias", path, false);
        a.qkvBias = a.outputBias = a.ffnBias = bias;
        a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", path, true);
        const bool newArch = boolKey(config, "new_decoder_architecture", path, false);
        const bool parallel = boolKey(config, "parallel_attn", path, true);
        a.normsPerLayer = newArch || !parallel ? 2 : 1;
        return;
    }
    const bool gemma = isOneOf(type, {"gemma", "gemma2", "gemma3_text"});
    a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", path, gemma);
    const bool attentionBias = boolKey(config, "attention_bias", path, false);
    a.qkvBias = boolKey(config, "attention_bias", path, isOneOf(type, {"qwen2", "qwen2_moe"}));
    a.outputBias = attentionBias && type != "glm4_moe"; // GLM-4.5: o_proj has no bias
    a.ffnBias = boolKey(config, "mlp_bias", path, false);
    a.qkNorm = isOneOf(type, {"qwen3", "qwen3_moe", "qwen3_next", "gemma3_text"}) ||
               (type == "glm4_moe" && boolKey(config, "use_qk_norm", path, false));
    a.qkNormFullWidth = type == "minimax_m2" && boolKey(config, "use_qk_norm", path, true);
    a.attentionOutputGate = type == "qwen3_next";
    a.normsPerLayer = isOneOf(type, {"gemma2", "gemma3_text"}) ? 4 : type == "nemotron_h" ? 1 : 2;
    if (type == "gpt_oss") {
        // gpt-oss (OpenAI 2025 model card): biased attention projections, a learned sink per
        // head, biased experts and router.
        a.qkvBias = a.outputBias = true;
        a.attentionSinks = a.heads;
        a.expertBias = true;
    }
    if (type == "nemotron_h") {
        const std::string act = json_fields::optionalString(config, "mlp_hidden_act", path, "relu2");
        a.gatedFfn = false; // squared ReLU, up and down projections only
        (void)act;
    } else if (!a.recognisedType) {
        const std::string act = json_fields::optionalString(config, "hidden_act", path, "silu");
        a.gatedFfn = act.find("silu") != std::string::npos || act.find("swiglu") != std::string::npos ||
                     act.find("geglu") != std::string::npos;
    }
}

void readMla(ModelArchitecture& a, const json& config, const std::string& path)
{
    // MLA wherever kv_lora_rank is set, whatever the model_type (DeepSeek-V2/V3/V3.2, Kimi K2).
    if (integerKey(config, {"kv_lora_rank"}, path, 0).value_or(0) <= 0)
        return;
    a.mla = true;
    a.qLoraRank = integerKey(config, {"q_lora_rank"}, path, 0).value_or(0);
    a.kvLoraRank = requireIntegerKey(config, {"kv_lora_rank"}, path);
    a.qkNopeHeadDim = requireIntegerKey(config, {"qk_nope_head_dim"}, path);
    a.qkRopeHeadDim = requireIntegerKey(config, {"qk_rope_head_dim"}, path);
    a.valueHeadDim = requireIntegerKey(config, {"v_head_dim"}, path);
    a.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
    a.kvHeads = a.heads;
    a.qkvBias = a.outputBias = false;
    a.qkNorm = false;
    if (auto indexHeads = integerKey(config, {"index_n_heads"}, path)) {
        a.indexHeads = *indexHeads;
        a.indexHeadDim = requireIntegerKey(config, {"index_head_dim"}, path);
        a.indexTopK = requireIntegerKey(config, {"index_topk"}, path);
    }
}

// Per-layer cache, state and weights, merged into KV groups; the parameter totals.
void finalise(ModelArchitecture& a)
{
    using layer_params::linearMixerParams;
    const double d = dbl(a.hidden);
    const double normWidth = a.norm == NormKind::LayerNorm ? 2.0 * d : d; // LayerNorm: weight + bias
    const double softmaxParams = layer_params::softmaxAttentionParams(a);
    const double linearParams = linearMixerParams(a);
    const double linearState = layer_params::linearMixerStateElements(a);
    a.kvElementsPerTokenPerLayer = layer_params::softmaxKvElementsPerToken(a);
    const double expert = layer_params::expertParams(a);
    const double router = layer_params::routerParams(a);
    const double shared = layer_params::sharedExpertParams(a);

    auto& groups = a.paramsByGroup;
    groups.fill(0.0);
    auto add = [&](WeightGroup group, double params) { groups[static_cast<std::size_t>(group)] += params; };
    a.kvGroups.clear();
    double inactive = 0;
    for (LayerSpec& layer : a.layerSpecs) {
        KvGroup group;
        group.kind = layer.attention;
        group.windowTokens = dbl(layer.windowTokens);
        switch (layer.attention) {
        case AttentionKind::Full:
        case AttentionKind::Sliding:
        case AttentionKind::Chunked:
            layer.attentionParams = softmaxParams;
            layer.kvElementsPerToken = a.kvElementsPerTokenPerLayer;
            group.mla = a.mla;
            group.elementsPerToken = a.kvElementsPerTokenPerLayer;
            group.flopsPerAttendedToken = 2.0 * dbl(a.heads * (a.headDim + a.valueHeadDim));
            if (a.indexHeads > 0) {
                // The indexer keeps an fp8 key with one fp32 scale per 128 elements per token
                // and scores every cached token; attention reads the top-k (DeepSeek-V3.2-Exp
                // inference/model.py).
                group.fixedBytesPerToken = dbl(a.indexHeadDim) + 4.0 * std::ceil(dbl(a.indexHeadDim) / 128.0);
                group.flopsPerCachedToken = 2.0 * dbl(a.indexHeads * a.indexHeadDim);
                group.attendedCapTokens = dbl(a.indexTopK);
            }
            break;
        case AttentionKind::Linear:
            layer.attentionParams = linearParams;
            layer.stateElements = linearState;
            group.stateElements = linearState;
            group.recurrentFlopsPerToken = layer_params::linearMixerFlopsPerToken(a);
            break;
        case AttentionKind::None:
            break;
        }
        add(WeightGroup::Attention, layer.attentionParams);
        const int norms = a.modelType == "nemotron_h" ? 1
                          : layer.attention == AttentionKind::None || layer.mlp == MlpKind::None
                              ? std::min(a.normsPerLayer, 1)
                              : a.normsPerLayer;
        add(WeightGroup::Norms, norms * normWidth);
        if (layer.mlp == MlpKind::Dense) {
            layer.mlpParams = layer_params::ffnParams(a, dbl(layer.ffn), a.ffnBias);
            add(WeightGroup::DenseMlp, layer.mlpParams);
        } else if (layer.mlp == MlpKind::Moe) {
            layer.mlpParams = router + shared;
            add(WeightGroup::Router, router);
            add(WeightGroup::SharedExperts, shared);
            add(WeightGroup::RoutedExperts, dbl(a.experts) * expert);
            inactive += dbl(a.experts - a.expertsPerToken) * expert;
        }
        auto same = [&](const KvGroup& g) {
            return g.kind == group.kind && g.windowTokens == group.windowTokens &&
                   g.elementsPerToken == group.elementsPerToken && g.stateElements == group.stateElements;
        };
        const auto it = std::find_if(a.kvGroups.begin(), a.kvGroups.end(), same);
        if (it != a.kvGroups.end()) {
            it->layers += 1;
        } else {
            group.layers = 1;
            a.kvGroups.push_back(group);
        }
    }
    a.stateElementsTotal = 0;
    for (const KvGroup& g : a.kvGroups)
        a.stateElementsTotal += g.layers * g.stateElements;
    a.layersByKind.fill(0);
    for (const LayerSpec& layer : a.layerSpecs)
        ++a.layersByKind[static_cast<std::size_t>(layer.attention)];
    a.uniformFullAttention = a.kvGroups.size() == 1 && a.kvGroups.front().kind == AttentionKind::Full &&
                             a.kvGroups.front().fixedBytesPerToken == 0 &&
                             a.kvGroups.front().elementsPerToken == a.kvElementsPerTokenPerLayer;
    a.paramsRoutedExperts = groups[static_cast<std::size_t>(WeightGroup::RoutedExperts)];
    a.paramsEmbedding = dbl(a.vocab) * d;
    a.paramsLmHead = a.tiedEmbeddings ? 0.0 : dbl(a.vocab) * d;
    a.paramsPositions = dbl(a.positionEmbeddingRows) * d;
    add(WeightGroup::Embedding, a.paramsEmbedding + a.paramsPositions);
    add(WeightGroup::LmHead, a.paramsLmHead);
    add(WeightGroup::Norms, normWidth); // final norm
    add(WeightGroup::Vision, a.paramsVision);

    // An MTP module (DeepSeek-V3 §2.2): one MoE decoder layer, norms of the embedding and the
    // hidden state, and a 2d -> d projection; it shares the main embedding and output head at
    // run time, but the checkpoint stores its own copy of both (DeepSeek-V3 README_WEIGHTS:
    // 11.5 B unique parameters + the 0.9 B embedding + the 0.9 B head = the 14 B MTP module).
    if (a.mtpLayers > 0) {
        const double layer = softmaxParams + a.normsPerLayer * normWidth +
                             (a.isMoe() ? router + shared + dbl(a.experts) * expert
                                        : layer_params::ffnParams(a, dbl(a.ffn), a.ffnBias));
        // Qwen3-Next's MTP layer (vLLM qwen3_next_mtp.py) stores no such copies.
        const double copies = a.modelType == "qwen3_next" ? 0.0 : 2.0 * dbl(a.vocab) * d;
        a.paramsMtp = dbl(a.mtpLayers) * (layer + 2.0 * d * d + 3.0 * normWidth + copies);
        add(WeightGroup::Mtp, a.paramsMtp);
    }
    double total = 0;
    for (double params : groups)
        total += params;
    a.paramsTotal = total - a.paramsMtp;
    a.paramsActive = a.paramsTotal - inactive - a.paramsVision; // per text token: the tower runs on images
}

void applyCheckpointFormat(ModelArchitecture& a, const json& topLevel, const std::string& path,
                           std::vector<Message>& warnings)
{
    const CheckpointFormat format = checkpointFormatFromHfConfig(topLevel, path, warnings);
    a.checkpointQuantized = format.quantized();
    a.checkpointSummary = format.summary;
    a.checkpointBytes = 0;
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        a.checkpointBitsPerParam[g] = format.groups[g].bitsPerParam;
        a.checkpointBytes += a.paramsByGroup[g] * format.groups[g].bitsPerParam / 8.0;
    }
}

} // namespace

std::string_view attentionKindName(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Full:
        return "full";
    case AttentionKind::Sliding:
        return "sliding";
    case AttentionKind::Chunked:
        return "chunked";
    case AttentionKind::Linear:
        return "linear";
    case AttentionKind::None:
        return "none";
    }
    return "full";
}

bool ModelArchitecture::hasRecurrentState() const
{
    return std::any_of(kvGroups.begin(), kvGroups.end(),
                       [](const KvGroup& g) { return g.stateElements > 0; });
}

double ModelArchitecture::matmulParamsActive() const
{
    // Untied: the input embedding is a lookup, the separate head a product. Tied: the single
    // table is used as the head, so it counts once.
    return paramsActive - (tiedEmbeddings ? 0.0 : paramsEmbedding) - paramsPositions;
}

double ModelArchitecture::kvBytesPerNewToken(double bytesPerElement) const
{
    double bytes = 0;
    for (const KvGroup& g : kvGroups)
        if (g.kind != AttentionKind::Linear && g.kind != AttentionKind::None)
            bytes += g.layers * groupKvBytesPerToken(g, bytesPerElement);
    return bytes;
}

double ModelArchitecture::mixerFlopsPerToken(double context) const
{
    double flops = 0;
    for (const KvGroup& g : kvGroups) {
        const double cached = g.cachedTokens(context, false);
        const double attended = g.attendedCapTokens > 0 ? std::min(cached, g.attendedCapTokens) : cached;
        flops += g.layers * (g.flopsPerAttendedToken * attended + g.flopsPerCachedToken * cached +
                             g.recurrentFlopsPerToken);
    }
    return flops;
}

double ModelArchitecture::causalMixerFlops(double s) const
{
    // Σ over positions i = 1..s of the tokens position i attends: i for full layers,
    // min(i, W) for a window W, and ((i - 1) mod C) + 1 within chunks of C.
    auto capped = [&](double cap) {
        return s <= cap ? s * (s + 1.0) / 2.0 : cap * (cap + 1.0) / 2.0 + (s - cap) * cap;
    };
    double flops = 0;
    for (const KvGroup& g : kvGroups) {
        double attended = 0;
        double cached = 0;
        switch (g.kind) {
        case AttentionKind::Full:
            cached = s * (s + 1.0) / 2.0;
            break;
        case AttentionKind::Sliding:
            cached = capped(g.windowTokens);
            break;
        case AttentionKind::Chunked: {
            const double chunks = std::floor(s / g.windowTokens);
            const double rest = s - chunks * g.windowTokens;
            cached = chunks * g.windowTokens * (g.windowTokens + 1.0) / 2.0 + rest * (rest + 1.0) / 2.0;
            break;
        }
        case AttentionKind::Linear:
        case AttentionKind::None:
            break;
        }
        attended =
            g.attendedCapTokens > 0 && g.kind == AttentionKind::Full ? capped(g.attendedCapTokens) : cached;
        flops += g.layers * (g.flopsPerAttendedToken * attended + g.flopsPerCachedToken * cached +
                             g.recurrentFlopsPerToken * s);
    }
    return flops;
}

std::string importedModelName(const json& config, const std::string& path)
{
    if (config.is_object()) {
        const auto it = config.find("_name_or_path");
        if (it != config.end() && it->is_string()) {
            std::string name = it->get<std::string>();
            // A local training path ("/home/x/llama") says nothing: keep only a repository id.
            if (!name.empty() && name.front() != '/' && name.find(':') == std::string::npos &&
                std::count(name.begin(), name.end(), '/') <= 1)
                return name;
        }
    }
    std::string p = path;
    while (!p.empty() && (p.back() == '/' || p.back() == '\\'))
        p.pop_back();
    const auto slash = p.find_last_of("/\\");
    std::string file = slash == std::string::npos ? p : p.substr(slash + 1);
    std::string folder;
    if (slash != std::string::npos) {
        const std::string parent = p.substr(0, slash);
        const auto parentSlash = parent.find_last_of("/\\");
        folder = parentSlash == std::string::npos ? parent : parent.substr(parentSlash + 1);
    }
    const bool generic = file.empty() || file == "config.json" || file == "config";
    if (generic)
        return folder.empty() || folder == "." ? std::string("imported model") : folder;
    const auto dot = file.rfind(".json");
    if (dot != std::string::npos && dot + 5 == file.size())
        file = file.substr(0, dot);
    const auto configSuffix = file.rfind(".config");
    if (configSuffix != std::string::npos && configSuffix + 7 == file.size())
        file = file.substr(0, configSuffix);
    return file;
}

ModelArchitecture architectureFromHfConfig(const json& input, const std::string& path,
                                           std::vector<Message>& warnings)
{
    json_fields::requireObject(input, path);
    refuseNonDecoders(input, path);
    const json* configPtr = &input;
    std::string configPath = path;
    // Multimodal wrappers (Llama 4, Gemma 3, Mistral 3, Qwen2-VL...) nest the language model.
    const bool nested = !input.contains("hidden_size") && !input.contains("n_embd") &&
                        !input.contains("d_model") && input.contains("text_config") &&
                        input["text_config"].is_object();
    if (nested) {
        configPtr = &input["text_config"];
        configPath = join(path, "text_config");
    }
    ModelArchitecture a;
    a.modelType = json_fields::optionalString(*configPtr, "model_type", configPath, "");
    const std::string wrapperType = json_fields::optionalString(input, "model_type", path, "");
    if (a.modelType.empty())
        a.modelType = wrapperType == "gemma3" ? "gemma3_text" : wrapperType;
    if (nested)
        refuseNonDecoders(*configPtr, configPath);
    const json config = withFamilyDefaults(*configPtr, a.modelType);
    const std::string& type = a.modelType;

    a.recognisedType =
        isOneOf(type, {"gpt2",        "opt",          "falcon",      "RefinedWeb", "RefinedWebModel",
                       "llama",       "mistral",      "mixtral",     "qwen2",      "qwen2_moe",
                       "qwen3",       "qwen3_moe",    "qwen3_next",  "gemma",      "gemma2",
                       "gemma3_text", "phi3",         "llama4_text", "gpt_oss",    "deepseek_v2",
                       "deepseek_v3", "deepseek_v32", "kimi_k2",     "glm4_moe",   "minimax_m2",
                       "jamba",       "nemotron_h"});
    if (!a.recognisedType) {
        a.approximations.push_back(message(
            LHE_TEXT("CoreMessage",
                     "%1: \"%2\" is not a known family; read with generic keys as a Llama-style decoder"),
            join(configPath, "model_type"), elided(type)));
        warnings.push_back(a.approximations.back());
    }

    a.hidden = requireIntegerKey(config, {"hidden_size", "n_embd", "d_model"}, configPath);
    a.layers = requireIntegerKey(config, {"num_hidden_layers", "n_layer", "num_layers"}, configPath);
    a.heads = requireIntegerKey(config, {"num_attention_heads", "n_head", "num_heads"}, configPath);
    a.vocab = requireIntegerKey(config, {"vocab_size"}, configPath);
    a.maxPositions =
        integerKey(config, {"max_position_embeddings", "n_positions", "max_seq_len"}, configPath).value_or(0);

    const bool falcon = isOneOf(type, {"falcon", "RefinedWeb", "RefinedWebModel"});
    if (falcon && boolKey(config, "multi_query", configPath, true) &&
        !boolKey(config, "new_decoder_architecture", configPath, false))
        a.kvHeads = 1;
    else
        a.kvHeads = integerKey(config, {"num_key_value_heads", "num_kv_heads", "n_head_kv"}, configPath)
                        .value_or(a.heads);
    if (a.heads % a.kvHeads != 0)
        throw InputError(
            join(configPath, "num_key_value_heads"),
            message(LHE_TEXT("CoreMessage", "%1 must divide num_attention_heads %2"), a.kvHeads, a.heads));
    if (auto headDim = integerKey(config, {"head_dim", "attention_head_dim"}, configPath)) {
        a.headDim = *headDim;
    } else {
        if (a.hidden % a.heads != 0)
            throw InputError(
                join(configPath, "num_attention_heads"),
                message(LHE_TEXT("CoreMessage", "%1 must divide hidden_size %2 (or give head_dim)"), a.heads,
                        a.hidden));
        a.headDim = a.hidden / a.heads;
    }
    a.valueHeadDim = a.headDim;
    a.ffn = integerKey(config,
                       type == "llama4_text"
                           ? std::initializer_list<const char*>{"intermediate_size_mlp", "intermediate_size"}
                           : std::initializer_list<const char*>{"intermediate_size", "ffn_dim", "n_inner",
                                                                "ffn_hidden_size"},
                       configPath)
                .value_or(4 * a.hidden);

    readFamilyTraits(a, config, configPath);
    readMla(a, config, configPath);
    readMoe(a, config, configPath);
    readLinearMixer(a, config, configPath);
    layer_layout::readLayout(a, config, configPath);
    if (std::any_of(a.layerSpecs.begin(), a.layerSpecs.end(),
                    [](const LayerSpec& l) { return l.attention == AttentionKind::Linear; }) &&
        a.linearMixer == ModelArchitecture::LinearMixer::None)
        throw InputError(
            join(configPath, "model_type"),
            message(LHE_TEXT("CoreMessage", "\"%1\" has linear-attention layers of a kind not modelled "
                                            "(known: Qwen3-Next Gated DeltaNet, Jamba Mamba, "
                                            "Nemotron-H Mamba-2)"),
                    elided(type)));
    // Qwen3-Next's checkpoint holds one MTP layer its config does not declare (mtp.* tensors;
    // vLLM's Qwen3-Next MTP defaults num_nextn_predict_layers to 1).
    a.mtpLayers = integerKey(config, {"num_nextn_predict_layers"}, configPath, 0)
                      .value_or(type == "qwen3_next" ? 1 : 0);

    if (input.contains("vision_config") && input["vision_config"].is_object())
        a.paramsVision = layer_params::visionTowerParams(input["vision_config"], wrapperType, a.hidden,
                                                         join(path, "vision_config"), a.approximations);
    finalise(a);
    applyCheckpointFormat(a, input, path, warnings);
    return a;
}

} // namespace lhe::core
