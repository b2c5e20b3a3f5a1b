#include "core/model/model_architecture.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/model/checkpoint_format.h"
#include "core/model/family_layers.h"
#include "core/model/layer_layout.h"
#include "core/model/layer_params.h"
#include "core/model/transformers_defaults.h"

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

// Text models of multimodal (or renamed) families that are built from a family the reader
// models, as their transformers modeling files define them: Qwen3-VL's text decoder is Qwen3's
// (q/k RMSNorm, no window; Qwen3VLTextAttention, Qwen3VLMoeTextSparseMoeBlock), Qwen3.5's is
// Qwen3-Next's hybrid of Gated DeltaNet and gated softmax attention (modeling_qwen3_5).
std::string familyAlias(const std::string& type)
{
    if (type == "qwen3_vl_text")
        return "qwen3";
    if (type == "qwen3_vl_moe_text")
        return "qwen3_moe";
    if (isOneOf(type, {"qwen3_5_text", "qwen3_5_moe_text", "qwen3_5", "qwen3_5_moe"}))
        return "qwen3_next";
    return type;
}

// Keys a config leaves out take its class's default, as transformers' configuration classes
// fill them (core/model/transformers_defaults.cpp cites each class). Gemma 3's published configs,
// for one, leave vocab_size and the head counts of text_config to Gemma3TextConfig.
json withFamilyDefaults(const json& config, const std::string& type)
{
    return transformers_defaults::withDefaults(config, type);
}

void readMoe(ModelArchitecture& arch, const json& config, const std::string& path)
{
    // One quantity under the names families give it (HF Mixtral, DeepSeek-V3, Qwen-MoE, ERNIE 4.5).
    arch.experts =
        integerKey(config, {"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"}, path,
                   0)
            .value_or(0);
    if (arch.experts <= 1) { // Jamba-style configs write num_experts 1 for a dense model
        arch.experts = 0;
        return;
    }
    arch.expertsPerToken =
        requireIntegerKey(config,
                          {"num_experts_per_tok", "num_experts_per_token", "experts_per_token", "moe_top_k",
                           "num_selected_experts", "moe_k", "top_k", "top_k_experts"},
                          path);
    if (arch.expertsPerToken > arch.experts)
        throw InputError(
            join(path, "num_experts_per_tok"),
            message(LHE_TEXT("CoreMessage", "cannot exceed the number of experts (%1)"), arch.experts));
    arch.expertFfn =
        integerKey(config, {"moe_intermediate_size", "expert_intermediate_size", "moe_ffn_hidden_size"}, path)
            .value_or(arch.ffn);
    if (arch.modelType == "llama4_text") {
        // Llama 4: experts of intermediate_size plus one shared expert of the same width; dense
        // layers use intermediate_size_mlp (HF Llama4TextMoe / Llama4TextMLP).
        arch.expertFfn = requireIntegerKey(config, {"intermediate_size"}, path);
        arch.sharedFfn = arch.expertFfn;
    } else if (auto shared = integerKey(config, {"shared_expert_intermediate_size"}, path, 0)) {
        arch.sharedFfn = *shared; // Qwen2-MoE, Qwen3-Next: one shared expert of its own width, gated
        arch.sharedExpertGate = *shared > 0;
    } else if (auto ungated = integerKey(config, {"shared_intermediate_size"}, path, 0)) {
        arch.sharedFfn = *ungated; // Granite 4.0 (HF GraniteMoeHybridMLP shared_mlp): no gate
    } else {
        arch.sharedFfn =
            integerKey(config, {"n_shared_experts", "num_shared_experts", "moe_num_shared_experts"}, path, 0)
                .value_or(0) *
            arch.expertFfn;
    }
    // A non-string topk_method used to escape as nlohmann type_error (an "internal error").
    arch.routerBias = json_fields::optionalString(config, "topk_method", path, {}) == "noaux_tc" ||
                      isOneOf(arch.modelType, {"glm4_moe", "glm4_moe_lite", "minimax_m2"});
}

// A linear-attention layer counted like MiniMax-01's lightning attention: q, k, v, an output
// gate and the output projection of the attention width (5·d·h·d_h), an RMSNorm of h·d_h, and
// a d_h × d_h state per head updated at about 6 FLOP per element and token.
void setLinearAttentionMixer(ModelArchitecture& a)
{
    const double d = static_cast<double>(a.hidden);
    const double width = static_cast<double>(a.heads * a.headDim);
    a.otherMixerParams = 5.0 * d * width + width;
    a.otherMixerState = static_cast<double>(a.heads * a.headDim * a.headDim);
    a.otherMixerFlops = 6.0 * a.otherMixerState;
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
    } else if (isOneOf(a.modelType, {"granitemoehybrid", "falcon_h1"})) {
        // Granite 4.0 hybrids (HF GraniteMoeHybridMambaLayer) and Falcon-H1 (HF FalconH1Mixer):
        // a Mamba-2 mixer; inner width mamba_expand·d (Falcon-H1: mamba_d_ssm when set), and
        // mamba_d_head "auto" for inner / mamba_n_heads (both configuration classes).
        a.linearMixer = Mixer::Mamba2;
        a.parallelLinearMixer = a.modelType == "falcon_h1";
        a.ssmHeads = requireIntegerKey(config, {"mamba_n_heads"}, path);
        long long inner = integerKey(config, {"mamba_expand"}, path).value_or(2) * a.hidden;
        if (a.modelType == "falcon_h1")
            inner = integerKey(config, {"mamba_d_ssm"}, path).value_or(inner);
        const auto head = config.find("mamba_d_head");
        if (head != config.end() && head->is_number())
            inner = a.ssmHeads * requireIntegerKey(config, {"mamba_d_head"}, path);
        a.ssmInner = inner;
        a.ssmState = requireIntegerKey(config, {"mamba_d_state"}, path);
        a.ssmGroups = integerKey(config, {"mamba_n_groups"}, path).value_or(1);
        a.convKernel = integerKey(config, {"mamba_d_conv"}, path).value_or(4);
        a.ssmConvBias = boolKey(config, "mamba_conv_bias", path, true);
        a.ssmProjBias = boolKey(config, "mamba_proj_bias", path, false);
    } else if (a.modelType == "lfm2") {
        // LFM2's gated short convolution (HF Lfm2ShortConv): in_proj d -> 3d, a depthwise
        // convolution of conv_L_cache taps, out_proj d -> d, biases only with conv_bias; it keeps
        // the last L-1 inputs per sequence (vLLM ShortConv state).
        const double d = static_cast<double>(a.hidden);
        const double taps = static_cast<double>(integerKey(config, {"conv_L_cache"}, path).value_or(3));
        const bool bias = boolKey(config, "conv_bias", path, false);
        a.otherMixerParams = 3.0 * d * d + d * taps + d * d + (bias ? 3.0 * d + d + d : 0.0);
        a.otherMixerState = d * std::max(0.0, taps - 1.0);
        a.otherMixerFlops = 2.0 * d * taps + 2.0 * d;
    } else if (a.modelType == "minimax") {
        // MiniMax-01 lightning attention (HF MiniMaxLightningAttention; MiniMax-01 report §2.2):
        // qkv_proj d -> 3·h·d_h, output_gate d -> h·d_h, an RMSNorm of h·d_h, out_proj, no
        // biases; each head keeps a d_h × d_h state.
        setLinearAttentionMixer(a);
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
    const bool gemma = isOneOf(type, {"gemma", "gemma2", "gemma3_text", "gemma4_text"});
    a.tiedEmbeddings = boolKey(config, "tie_word_embeddings", path, gemma);
    const bool attentionBias = boolKey(config, "attention_bias", path, false);
    a.qkvBias = boolKey(config, "attention_bias", path, isOneOf(type, {"qwen2", "qwen2_moe"}));
    a.outputBias = attentionBias && type != "glm4_moe"; // GLM-4.5: o_proj has no bias
    a.ffnBias = boolKey(config, "mlp_bias", path, false);
    a.qkNorm = isOneOf(type, {"qwen3", "qwen3_moe", "qwen3_next", "gemma3_text", "gemma4_text"}) ||
               (type == "glm4_moe" && boolKey(config, "use_qk_norm", path, false));
    // OLMo 2/3 (HF Olmo2Attention): q_norm over all query heads, k_norm over all key heads;
    // EXAONE 4.0, LFM2: a per-head RMSNorm on q and k.
    a.qkNorm = a.qkNorm || isOneOf(type, {"exaone4", "lfm2"});
    a.qkNormFullWidth = (type == "minimax_m2" && boolKey(config, "use_qk_norm", path, true)) ||
                        isOneOf(type, {"olmo2", "olmo3"});
    if (type == "seed_oss") // Seed-OSS: biased q, k, v; o_proj by attention_out_bias (SeedOssConfig)
        a.outputBias = boolKey(config, "attention_out_bias", path, false);
    if (isOneOf(type, {"ernie4_5", "ernie4_5_moe"})) // use_bias: every projection (Ernie4_5Config)
        a.qkvBias = a.outputBias = a.ffnBias = boolKey(config, "use_bias", path, false);
    if (type == "lfm2") // LFM2's original keys (Lfm2Config.__init__ reads tie_embedding first)
        a.tiedEmbeddings = boolKey(config, "tie_embedding", path, a.tiedEmbeddings);
    // Qwen3-Next, Qwen3.5: q_proj also yields the per-head output gate (attn_output_gate).
    a.attentionOutputGate = type == "qwen3_next" && boolKey(config, "attn_output_gate", path, true);
    // Cohere 2 runs attention and MLP in parallel off one weight-only LayerNorm (HF Cohere2DecoderLayer).
    a.normsPerLayer = isOneOf(type, {"gemma2", "gemma3_text", "gemma4_text"}) ? 4
                      : isOneOf(type, {"nemotron_h", "cohere2"})              ? 1
                                                                              : 2;
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
    const double softmaxParams = layer_params::softmaxAttentionParams(a, LayerSpec{});
    const double linearParams = linearMixerParams(a);
    const double linearState = layer_params::linearMixerStateElements(a);
    a.kvElementsPerTokenPerLayer = layer_params::softmaxKvElementsPerToken(a, LayerSpec{});
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
            // Layers of their own shape: DeciLM blocks (h_kv), Gemma 4 (head dims, K = V, shared KV),
            // DeepSeek-V4 (compression ratio).
            layer.attentionParams = layer_params::softmaxAttentionParams(a, layer);
            layer.kvElementsPerToken = layer_params::softmaxKvElementsPerToken(a, layer);
            if (a.parallelLinearMixer) { // Falcon-H1: the Mamba-2 mixer beside the attention
                layer.attentionParams += linearParams;
                layer.stateElements = linearState;
                group.stateElements = linearState;
                group.recurrentFlopsPerToken = layer_params::linearMixerFlopsPerToken(a);
            }
            group.mla = a.mla;
            group.elementsPerToken = layer.kvElementsPerToken;
            group.flopsPerAttendedToken = layer.headDim > 0
                                              ? 4.0 * dbl(a.heads * layer.headDim)
                                              : 2.0 * dbl(a.heads * (a.headDim + a.valueHeadDim));
            if (a.outputGroups > 0) {
                // DeepSeek-V4: a compressed layer keeps one entry of head_dim per `ratio` tokens and
                // attends all of them (ratio 4: the indexer's top-k), read as a full layer of
                // head_dim / ratio elements per token; the indexer keys one entry per 4 tokens,
                // assumed stored as DeepSeek-V3.2's (fp8 and one fp32 scale per 128 elements).
                const double ratio = dbl(std::max<long long>(layer.compressRatio, 1));
                group.elementsPerToken = layer.kvElementsPerToken / ratio;
                group.flopsPerAttendedToken /= ratio;
                if (layer.compressRatio == 4 && a.indexHeads > 0) {
                    group.fixedBytesPerToken =
                        (dbl(a.indexHeadDim) + 4.0 * std::ceil(dbl(a.indexHeadDim) / 128.0)) / ratio;
                    group.flopsPerCachedToken = 2.0 * dbl(a.indexHeads * a.indexHeadDim) / ratio;
                    group.attendedCapTokens = dbl(a.indexTopK) * ratio;
                }
            } else if (a.indexHeads > 0) {
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
            double layerRouter = router;
            if (&layer - a.layerSpecs.data() < a.hashLayers) {
                // DeepSeek-V4 hash layers: no score bias; a token id -> k experts table instead.
                layerRouter += dbl(a.vocab * a.expertsPerToken) - dbl(a.experts);
            }
            layer.mlpParams = layerRouter + shared;
            add(WeightGroup::Router, layerRouter);
            add(WeightGroup::SharedExperts, shared);
            add(WeightGroup::RoutedExperts, dbl(a.experts) * expert);
            inactive += dbl(a.experts - a.expertsPerToken) * expert;
        }
        if (a.perLayerInputWidth > 0) {
            // Gemma 4 per-layer input (Gemma4TextDecoderLayer): a gate d -> p, a projection p -> d
            // and an RMSNorm of d.
            add(WeightGroup::DenseMlp, 2.0 * d * dbl(a.perLayerInputWidth));
            add(WeightGroup::Norms, d);
        }
        if (a.hyperConnections > 0) {
            // DeepSeek-V4 hyper-connections (inference/model.py Block): for attention and for the
            // MoE, a mixing map of (2 + n)·n outputs from the n·d streams, its base and 3 scales.
            const double n = dbl(a.hyperConnections);
            const double mix = (2.0 + n) * n;
            add(WeightGroup::Norms, 2.0 * (mix * n * d + mix + 3.0));
        }
        mergeKvGroup(a.kvGroups, group);
    }
    summariseKvGroups(a);
    a.paramsRoutedExperts = groups[static_cast<std::size_t>(WeightGroup::RoutedExperts)];
    a.paramsEmbedding = dbl(a.vocab) * d;
    a.paramsLmHead = a.tiedEmbeddings ? 0.0 : dbl(a.vocab) * d;
    a.paramsPositions = dbl(a.positionEmbeddingRows) * d;
    add(WeightGroup::Embedding, a.paramsEmbedding + a.paramsPositions);
    add(WeightGroup::LmHead, a.paramsLmHead);
    add(WeightGroup::Norms, normWidth); // final norm
    add(WeightGroup::Vision, a.paramsVision);
    a.paramsPerLayerEmbedding = 0;
    if (a.perLayerInputWidth > 0) {
        // Gemma 4 PLE (Gemma4TextModel): the table of vocab_size_per_layer_input rows of L·p, the
        // projection d -> L·p of the token embedding, and an RMSNorm of p.
        const double width = dbl(a.layers * a.perLayerInputWidth);
        a.paramsPerLayerEmbedding = dbl(a.perLayerInputVocab) * width;
        add(WeightGroup::Embedding, a.paramsPerLayerEmbedding);
        add(WeightGroup::DenseMlp, d * width);
        add(WeightGroup::Norms, dbl(a.perLayerInputWidth));
    }
    if (a.hyperConnections > 0) {
        // DeepSeek-V4's output head merges the n streams (ParallelHead.hc_head): n x n·d, n, 1.
        const double n = dbl(a.hyperConnections);
        add(WeightGroup::Norms, n * n * d + n + 1.0);
    }

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

const json* nestedTextConfig(const json& config)
{
    // Multimodal wrappers (Llama 4, Gemma 3, Mistral 3, Qwen2-VL...) nest the language model.
    const bool nested = config.is_object() && !config.contains("hidden_size") && !config.contains("n_embd") &&
                        !config.contains("d_model") && !config.contains("dim") &&
                        config.contains("text_config") && config["text_config"].is_object();
    return nested ? &config["text_config"] : nullptr;
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
    const bool nested = nestedTextConfig(input) != nullptr;
    if (nested) {
        configPtr = &input["text_config"];
        configPath = join(path, "text_config");
    }
    ModelArchitecture a;
    a.modelType = json_fields::optionalString(*configPtr, "model_type", configPath, "");
    const std::string wrapperType = json_fields::optionalString(input, "model_type", path, "");
    if (a.modelType.empty())
        a.modelType = wrapperType == "gemma3"   ? "gemma3_text"
                      : wrapperType == "gemma4" ? "gemma4_text"
                                                : wrapperType;
    if (nested)
        refuseNonDecoders(*configPtr, configPath);
    a.configModelType = a.modelType;
    a.modelType = familyAlias(a.modelType);
    transformers_defaults::warnZeroFeatureSizes(*configPtr, configPath, warnings);
    json config = withFamilyDefaults(*configPtr, a.modelType);
    // Qwen3-VL / Qwen3.5 keep tie_word_embeddings on the wrapper, not in text_config.
    if (nested && !config.contains("tie_word_embeddings") && input.contains("tie_word_embeddings"))
        config["tie_word_embeddings"] = input["tie_word_embeddings"];
    const std::string& type = a.modelType;
    // A config that sets neither the width nor the depth describes no model: its class's
    // defaults alone (an example size) are not read as one.
    const auto setsAny = [&](std::initializer_list<const char*> keys) {
        return std::any_of(keys.begin(), keys.end(), [&](const char* key) {
            return configPtr->contains(key) && !(*configPtr)[key].is_null();
        });
    };
    const std::initializer_list<const char*> hiddenKeys{"hidden_size", "n_embd", "d_model", "dim",
                                                        "model_dim"};
    const std::initializer_list<const char*> layerKeys{"num_hidden_layers", "n_layer", "num_layers",
                                                       "n_layers"};
    if (!setsAny(hiddenKeys) && !setsAny(layerKeys))
        (void)requireIntegerKey(*configPtr, hiddenKeys, configPath);
    for (const auto& keys : {hiddenKeys, layerKeys})
        if (!setsAny(keys) && config.contains(*keys.begin()))
            warnings.push_back(message(
                LHE_TEXT("CoreMessage", "%1 is not set; the default of its class (%2) is used, as "
                                        "transformers would"),
                join(configPath, *keys.begin()),
                std::string(transformers_defaults::find(type) ? transformers_defaults::find(type)->source
                                                              : std::string_view(type))));

    a.recognisedType = isOneOf(type, {"gpt2",
                                      "opt",
                                      "falcon",
                                      "RefinedWeb",
                                      "RefinedWebModel",
                                      "llama",
                                      "mistral",
                                      "mixtral",
                                      "qwen2",
                                      "qwen2_moe",
                                      "qwen3",
                                      "qwen3_moe",
                                      "qwen3_next",
                                      "gemma",
                                      "gemma2",
                                      "gemma3_text",
                                      "phi3",
                                      "llama4_text",
                                      "gpt_oss",
                                      "deepseek_v2",
                                      "deepseek_v3",
                                      "deepseek_v32",
                                      "kimi_k2",
                                      "glm4_moe",
                                      "minimax_m2",
                                      "jamba",
                                      "nemotron_h",
                                      "lfm2",
                                      "smollm3",
                                      "olmo2",
                                      "olmo3",
                                      "granitemoehybrid",
                                      "falcon_h1",
                                      "exaone4",
                                      "seed_oss",
                                      "cohere2",
                                      "ernie4_5",
                                      "ernie4_5_moe",
                                      "minimax",
                                      "nemotron-nas",
                                      "deci",
                                      "glm4_moe_lite",
                                      "glm_moe_dsa",
                                      "mimo_v2_flash",
                                      "gemma4_text",
                                      "deepseek_v4"});
    if (!a.recognisedType) {
        a.approximations.push_back(message(
            LHE_TEXT("CoreMessage",
                     "%1: \"%2\" is not a known family; read with generic keys as a Llama-style decoder"),
            join(configPath, "model_type"), elided(type)));
        warnings.push_back(a.approximations.back());
    }

    // One quantity under each family's name for it (GPT-2 n_embd, T5-style d_model, Meta's
    // params.json dim / n_layers / n_heads, ChatGLM multi_query_group_num).
    a.hidden =
        requireIntegerKey(config, {"hidden_size", "n_embd", "d_model", "dim", "model_dim"}, configPath);
    a.layers =
        requireIntegerKey(config, {"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, configPath);
    a.heads =
        requireIntegerKey(config, {"num_attention_heads", "n_head", "num_heads", "n_heads"}, configPath);
    a.vocab = requireIntegerKey(config, {"vocab_size"}, configPath);
    a.maxPositions =
        integerKey(config, {"max_position_embeddings", "n_positions", "max_seq_len"}, configPath).value_or(0);

    const bool falcon = isOneOf(type, {"falcon", "RefinedWeb", "RefinedWebModel"});
    if (falcon && boolKey(config, "multi_query", configPath, true) &&
        !boolKey(config, "new_decoder_architecture", configPath, false))
        a.kvHeads = 1;
    else
        a.kvHeads = integerKey(config,
                               {"num_key_value_heads", "num_kv_heads", "n_head_kv", "n_kv_heads",
                                "multi_query_group_num"},
                               configPath)
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
    // MiMo-V2-Flash: values narrower than queries and keys (v_head_dim; MLA sets it in readMla).
    a.valueHeadDim = integerKey(config, {"v_head_dim"}, configPath).value_or(a.headDim);
    a.ffn =
        integerKey(config,
                   type == "llama4_text"
                       ? std::initializer_list<const char*>{"intermediate_size_mlp", "intermediate_size"}
                   : type == "lfm2" ? std::initializer_list<const char*>{"block_ff_dim", "intermediate_size"}
                                    : std::initializer_list<const char*>{"intermediate_size", "ffn_dim",
                                                                         "n_inner", "ffn_hidden_size"},
                   configPath)
            .value_or(4 * a.hidden);
    if (type == "lfm2" && boolKey(config, "block_auto_adjust_ff_dim", configPath, true)) {
        // HF Lfm2MLP: two thirds of the width, times block_ffn_dim_multiplier, rounded up to a
        // multiple of block_multiple_of.
        long long width = 2 * a.ffn / 3;
        if (auto mult = json_fields::optionalInRange(config, "block_ffn_dim_multiplier", configPath,
                                                     {0.0, 1000.0, ""}))
            width = static_cast<long long>(*mult * static_cast<double>(width));
        const long long multiple = integerKey(config, {"block_multiple_of"}, configPath).value_or(256);
        a.ffn = (width + multiple - 1) / multiple * multiple;
    }
    if (type == "granitemoehybrid" &&
        integerKey(config, {"num_local_experts"}, configPath, 0).value_or(0) == 0)
        // Granite 4.0 dense hybrids (H-Micro): the shared MLP is the layer's only MLP.
        a.ffn = integerKey(config, {"shared_intermediate_size"}, configPath).value_or(a.ffn);

    readFamilyTraits(a, config, configPath);
    readMla(a, config, configPath);
    readMoe(a, config, configPath);
    if (type == "gemma4_text")
        family_layers::readGemma4Mlp(a, config, configPath);
    else if (type == "deepseek_v4")
        family_layers::readDeepseekV4(a, config, configPath);
    readLinearMixer(a, config, configPath);
    layer_layout::readLayout(a, config, configPath);
    if (type == "gemma4_text")
        family_layers::readGemma4Layers(a, config, configPath);
    else if (type == "deepseek_v4")
        family_layers::readDeepseekV4Layers(a, config, configPath);
    const bool hasLinear = std::any_of(a.layerSpecs.begin(), a.layerSpecs.end(), [](const LayerSpec& l) {
        return l.attention == AttentionKind::Linear;
    });
    if (hasLinear && a.linearMixer == ModelArchitecture::LinearMixer::None && a.otherMixerParams == 0) {
        // A linear mixer of a kind not modelled: estimated, not refused, from a stated assumption.
        setLinearAttentionMixer(a);
        a.approximations.push_back(message(
            LHE_TEXT("CoreMessage",
                     "%1: \"%2\" has linear-attention layers of a kind not modelled; each is counted as "
                     "linear attention of the softmax layers' width (q, k, v, gate and output projections, "
                     "5·d·h·d_h weights) keeping a d_h × d_h state per head"),
            join(configPath, "model_type"), elided(type)));
        warnings.push_back(a.approximations.back());
    }
    // Qwen3-Next's checkpoint holds one MTP layer its config does not declare (mtp.* tensors;
    // vLLM's Qwen3-Next MTP defaults num_nextn_predict_layers to 1).
    a.mtpLayers = integerKey(config, {"num_nextn_predict_layers", "mtp_num_hidden_layers"}, configPath, 0)
                      .value_or(type == "qwen3_next" ? 1 : 0);

    a.paramsVision = 0;
    if (input.contains("vision_config") && input["vision_config"].is_object()) {
        // The tower's own class fills what its config leaves out (SiglipVisionConfig for
        // Gemma 3, PixtralVisionConfig for Mistral 3); a tower that still cannot be read is
        // left out with a warning rather than stopping the language model's estimate.
        const json& vision = input["vision_config"];
        std::string visionType =
            json_fields::optionalString(vision, "model_type", join(path, "vision_config"), "");
        if (visionType.empty())
            visionType = wrapperType == "gemma3"     ? "siglip_vision_model"
                         : wrapperType == "mistral3" ? "pixtral"
                                                     : "";
        json filled = transformers_defaults::withDefaults(vision, visionType);
        if (!visionType.empty() && !filled.contains("model_type"))
            filled["model_type"] = visionType;
        try {
            a.paramsVision = layer_params::visionTowerParams(filled, wrapperType, a.hidden,
                                                             join(path, "vision_config"), a.approximations);
        } catch (const InputError& error) {
            a.approximations.push_back(message(
                LHE_TEXT("CoreMessage", "%1: the vision tower could not be read (%2); it is left out of "
                                        "the parameter count"),
                join(path, "vision_config"), error.located()));
            warnings.push_back(a.approximations.back());
        }
    }
    for (const char* key : {"audio_config", "audio_tower_config", "speech_config"}) {
        if (!input.contains(key) || !input[key].is_object())
            continue;
        // An audio tower counted as a generic transformer encoder (4·d² attention + 2·d·f MLP per
        // layer, as a ViT without the patch embedding), or left out when its sizes are missing.
        const json& audio = input[key];
        const std::string audioPath = join(path, key);
        if (wrapperType == "gemma4") {
            a.paramsVision += layer_params::gemma4AudioParams(audio, a.hidden, audioPath);
            continue;
        }
        try {
            const double d =
                dbl(requireIntegerKey(audio, {"hidden_size", "d_model", "width", "embed_dim"}, audioPath));
            const double layers = dbl(requireIntegerKey(
                audio, {"num_hidden_layers", "encoder_layers", "num_layers", "depth"}, audioPath));
            const double f =
                dbl(integerKey(audio, {"intermediate_size", "encoder_ffn_dim", "ffn_dim"}, audioPath)
                        .value_or(4 * static_cast<long long>(d)));
            a.paramsVision += layers * (4.0 * d * d + 2.0 * d * f) + d * dbl(a.hidden);
            a.approximations.push_back(message(
                LHE_TEXT("CoreMessage", "%1: audio tower counted with a generic transformer-encoder formula"),
                audioPath));
        } catch (const InputError& error) {
            a.approximations.push_back(message(
                LHE_TEXT("CoreMessage", "%1: the audio tower could not be read (%2); it is left out of "
                                        "the parameter count"),
                audioPath, error.located()));
            warnings.push_back(a.approximations.back());
        }
    }
    finalise(a);
    applyCheckpointFormat(a, input, path, warnings);
    return a;
}

} // namespace lhe::core
