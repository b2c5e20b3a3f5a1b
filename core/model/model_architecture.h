// ModelArchitecture: a decoder's shape layer by layer (attention kind, KV heads, MLP kind),
// read from a Hugging Face config.json, with the parameter counts, KV cache and recurrent
// state derived from it (docs/METHOD.md "Model shape").
#pragma once

#include "core/common/message.h"
#include "core/model/weight_group.h"

#include <algorithm>
#include <array>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core {

enum class NormKind { RmsNorm, LayerNorm };

// What a layer's token mixer keeps per sequence. Full: every token; Sliding: the last W
// tokens; Chunked: the tokens of the current chunk of C (Llama 4's local layers); Linear:
// a fixed recurrent state (linear attention, Mamba); None: no mixer (an MLP-only block).
enum class AttentionKind { Full, Sliding, Chunked, Linear, None };
enum class MlpKind { Dense, Moe, None };

std::string_view attentionKindName(AttentionKind kind);

struct LayerSpec
{
    AttentionKind attention = AttentionKind::Full;
    long long windowTokens = 0; // Sliding / Chunked
    MlpKind mlp = MlpKind::Dense;
    long long ffn = 0;             // Dense: the layer's FFN width
    double kvElementsPerToken = 0; // cached per token: K and V, MLA latent + RoPE key, indexer key
    double stateElements = 0;      // Linear: recurrent + convolution state per sequence
    double attentionParams = 0;    // the mixer's weights (and its norms)
    double mlpParams = 0;          // Dense: the FFN; Moe: router + shared experts (routed counted apart)
    long long kvHeads = 0; // this layer's h_kv where blocks differ (DeciLM block_configs); 0: the model's
    long long headDim =
        0; // this layer's d_h of Q, K and V where layers differ (Gemma 4 global layers); 0: the model's
    bool valueFromKey =
        false; // no v_proj: V is the normed K projection (Gemma 4 attention_k_eq_v), K and V still cached
    bool reusesKv =
        false; // no K/V projections and no cache: reads an earlier layer's (Gemma 4 num_kv_shared_layers)
    long long compressRatio = 0; // DeepSeek-V4: one compressed KV entry per this many tokens (0: window only)
};

// Layers that cache alike, merged (a handful per model) so the memory probes of the
// "what fits" searches sum a few terms, not every layer.
struct KvGroup
{
    AttentionKind kind = AttentionKind::Full;
    double windowTokens = 0;
    double layers = 0;
    double elementsPerToken = 0;
    double stateElements = 0;
    double attendedCapTokens =
        0; // tokens a query attends at most (DeepSeek sparse attention's top-k); 0: all cached
    double flopsPerAttendedToken = 0;  // 2·h·(d_qk + d_v): QKᵀ and AV per attended position
    double flopsPerCachedToken = 0;    // scoring every cached token (the sparse-attention indexer)
    double recurrentFlopsPerToken = 0; // Linear: state update and read-out per token
    double fixedBytesPerToken = 0; // cached in a format of its own whatever the KV precision (indexer keys)
    bool mla = false;
    // Tokens one sequence caches at context c in this group's layers.
    double cachedTokens(double context, bool fullLengthWindows) const
    {
        if ((kind == AttentionKind::Sliding || kind == AttentionKind::Chunked) && !fullLengthWindows)
            return std::min(context, windowTokens);
        return kind == AttentionKind::Linear || kind == AttentionKind::None ? 0.0 : context;
    }
};

struct ModelArchitecture
{
    std::string modelType; // the family the config is read as (an alias resolved: qwen3_5_text -> qwen3_next)
    std::string configModelType; // model_type as the config writes it
    bool recognisedType = true;  // false: read with generic keys (approximate)
    // Where the parameter counts and checkpoint bytes come from: "config" (the formulas of
    // docs/METHOD.md §1) or "tensors" (the checkpoint's own headers, METHOD §1.17).
    std::string source = "config";
    std::vector<Message> approximations; // why the reading may be off (empty: exact reading)

    long long layers = 0;       // L (decoder layers of the main model; MTP layers apart)
    long long hidden = 0;       // d
    long long heads = 0;        // h (query heads of the softmax-attention layers)
    long long kvHeads = 0;      // h_kv
    long long headDim = 0;      // d_h of Q and K (MLA: nope + rope)
    long long valueHeadDim = 0; // d_h of V (MLA: v_head_dim)
    long long ffn = 0;          // f, dense FFN width (the widest dense layer)
    long long vocab = 0;        // V
    long long maxPositions = 0;
    bool tiedEmbeddings = false;
    long long positionEmbeddingRows = 0; // learned absolute positions (GPT-2, OPT); 0 with RoPE
    bool gatedFfn = true;                // SwiGLU/GeGLU: 3 matrices; plain: 2
    NormKind norm = NormKind::RmsNorm;
    int normsPerLayer = 2;
    bool qkvBias = false;
    bool outputBias = false;
    bool ffnBias = false;
    bool qkNorm = false;              // Qwen3, Gemma 3: RMSNorm on q and k per head
    bool qkNormFullWidth = false;     // MiniMax-M2: one RMSNorm over all query (key) heads together
    bool attentionOutputGate = false; // Qwen3-Next: q_proj also yields a sigmoid gate per head
    long long attentionSinks = 0;     // gpt-oss: one learned sink logit per head
    bool expertBias = false;          // gpt-oss: biases on every expert projection and the router

    // Linear mixers (AttentionKind::Linear layers).
    enum class LinearMixer { None, GatedDeltaNet, Mamba, Mamba2 };
    LinearMixer linearMixer = LinearMixer::None;
    long long linearKeyHeads = 0; // Gated DeltaNet (Yang et al. 2024), Qwen3-Next
    long long linearValueHeads = 0;
    long long linearKeyHeadDim = 0;
    long long linearValueHeadDim = 0;
    long long convKernel = 0; // causal depthwise convolution width (DeltaNet, Mamba)
    long long ssmInner = 0;   // Mamba: expand · d; Mamba-2: heads · head_dim
    long long ssmState = 0;   // N (d_state)
    long long ssmHeads = 0;   // Mamba-2
    long long ssmGroups = 0;  // Mamba-2 B/C groups
    long long dtRank = 0;     // Mamba-1 Δ projection rank
    bool ssmConvBias = true;
    bool ssmProjBias = false;
    // Linear layers of a kind outside LinearMixer (linearMixer None): LFM2's short convolution,
    // MiniMax's lightning attention, or a kind not modelled, counted from the formula named
    // where they are set (an approximation says so when the formula is an assumption).
    double otherMixerParams = 0;      // weights of one such layer
    double otherMixerState = 0;       // state elements one sequence keeps in one such layer
    double otherMixerFlops = 0;       // recurrent FLOPs per token in one such layer
    bool parallelLinearMixer = false; // Falcon-H1: attention and a Mamba-2 mixer side by side in every layer

    // Multi-head latent attention (DeepSeek-V2/V3, Kimi K2), detected from kv_lora_rank.
    bool mla = false;
    long long qLoraRank = 0; // 0: direct Q projection
    long long kvLoraRank = 0;
    long long qkNopeHeadDim = 0;
    long long qkRopeHeadDim = 0;
    // DeepSeek sparse attention (V3.2): a lightning indexer scores every cached token and the
    // main attention reads the top-k (DeepSeek-V3.2-Exp report §2.1).
    long long indexHeads = 0;
    long long indexHeadDim = 0;
    long long indexTopK = 0;
    // DeepSeek-V4 attention (the checkpoint's inference/model.py): a single K=V head of head_dim
    // over a sliding window, plus compressed KV entries (LayerSpec::compressRatio), a grouped
    // low-rank output projection, and hyper-connections of hc_mult residual streams.
    long long outputGroups = 0;     // o_groups
    long long outputLoraRank = 0;   // o_lora_rank
    long long hyperConnections = 0; // hc_mult (0: a plain residual stream)
    long long hashLayers = 0;       // first layers routing by a token-id -> experts table (num_hash_layers)
    // Per-layer embeddings (Gemma 3n / Gemma 4 PLE): a lookup of vocab_size_per_layer_input rows
    // of layers·width, projected and gated into every layer.
    long long perLayerInputWidth = 0; // hidden_size_per_layer_input
    long long perLayerInputVocab = 0; // vocab_size_per_layer_input

    // Mixture of experts.
    long long experts = 0; // routed experts per MoE layer (0: dense)
    long long expertsPerToken = 0;
    long long expertFfn = 0; // f_e
    long long sharedFfn = 0; // total width of the shared expert(s)
    bool sharedExpertGate = false;
    bool routerBias = false; // DeepSeek-V3 e_score_correction_bias
    long long moeLayers = 0;
    long long denseLayers = 0;

    std::vector<LayerSpec> layerSpecs; // one per decoder layer
    std::vector<KvGroup> kvGroups;     // layerSpecs merged by how they cache

    // Multi-token-prediction modules (DeepSeek-V3 §2.2, GLM-4.5): in the checkpoint, loaded only
    // for speculative decoding, so counted apart from paramsTotal.
    long long mtpLayers = 0;

    // Derived by finalise(), in parameters (counted in double: exact to 2^53).
    double paramsTotal = 0;         // language model + vision tower, without MTP modules
    double paramsActive = 0;        // per text token: the vision tower (image tokens only) excluded
    double paramsRoutedExperts = 0; // all routed expert weights of all layers
    double paramsEmbedding = 0;     // input token embedding V·d
    double paramsPositions = 0;     // learned positional table
    double paramsPerLayerEmbedding =
        0;                   // per-layer embedding lookup table (Gemma 4 PLE); a lookup like the embedding
    double paramsLmHead = 0; // untied output head V·d (0 when tied)
    double paramsVision = 0; // vision tower + projector (multimodal checkpoints)
    double paramsMtp = 0;    // multi-token-prediction modules
    std::array<double, kWeightGroupCount> paramsByGroup{}; // paramsTotal + paramsMtp by module group
    double kvElementsPerTokenPerLayer = 0; // K and V of a full-attention layer (MLA: latent + rope key)
    double checkpointBytes = 0;            // every weight (MTP included) as the checkpoint stores it
    std::array<double, kWeightGroupCount> checkpointBitsPerParam{}; // stored bits per group, scales included
    std::string checkpointSummary;    // "MXFP4 (4.25 bit) on routed experts; bf16 elsewhere"
    bool checkpointQuantized = false; // the config has a quantization_config

    bool isMoe() const { return experts > 0; }
    bool hasRecurrentState() const;
    // Parameters that take part in matrix products per token (excludes lookups: input
    // embedding when untied, learned positions); what 2·N FLOPs/token counts.
    double matmulParamsActive() const;
    // Bytes one token's cache takes in one full-attention layer at `bytesPerElement`. An 8-bit
    // MLA cache uses FlashMLA's layout: the latent in fp8, four fp32 tile scales (16 B), and the
    // RoPE key kept in bf16: 512 + 16 + 64 x 2 = 656 B for DeepSeek-V3 (deepseek-ai/FlashMLA
    // README, "FP8 KV cache"), where a plain 1-byte count would say 576.
    double kvBytesPerTokenPerLayer(double bytesPerElement) const
    {
        if (mla && bytesPerElement == 1.0)
            return static_cast<double>(kvLoraRank) + 16.0 + 2.0 * static_cast<double>(qkRopeHeadDim);
        return kvElementsPerTokenPerLayer * bytesPerElement;
    }
    // The same for a group: its elements at the KV precision (MLA in FlashMLA's fp8 layout), plus
    // what it caches in a fixed format.
    double groupKvBytesPerToken(const KvGroup& g, double bytesPerElement) const
    {
        const double elements =
            g.mla ? kvBytesPerTokenPerLayer(bytesPerElement) : g.elementsPerToken * bytesPerElement;
        return elements + g.fixedBytesPerToken;
    }
    // KV bytes of one sequence at context c over every layer (windowed layers keep at most
    // their window unless `fullLengthWindows`: engines that allocate every layer at full length).
    double kvBytesPerSequence(double context, double bytesPerElement, bool fullLengthWindows) const
    {
        if (uniformFullAttention) // most dense models: one sum, no loop (a hot path of the searches)
            return static_cast<double>(layers) * context * kvBytesPerTokenPerLayer(bytesPerElement);
        double bytes = 0;
        for (const KvGroup& g : kvGroups)
            bytes += g.layers * g.cachedTokens(context, fullLengthWindows) *
                     groupKvBytesPerToken(g, bytesPerElement);
        return bytes;
    }
    // KV bytes one new token adds over every layer (what one decode step writes).
    double kvBytesPerNewToken(double bytesPerElement) const;
    // Recurrent state elements of one sequence over every layer (independent of context).
    double stateElementsPerSequence() const { return stateElementsTotal; }
    double stateElementsTotal = 0;           // finalise(): Σ over layers of their recurrent state
    bool uniformFullAttention = false;       // finalise(): every layer full attention, no indexer
    std::array<long long, 5> layersByKind{}; // finalise(): decoder layers per AttentionKind
    // FFN width a token's activations pass through: dense f, or k routed experts plus shared
    // ones in MoE layers; the larger of the two where a model has both.
    double activeFfnWidth() const
    {
        double width = denseLayers > 0 ? static_cast<double>(ffn) : 0.0;
        if (isMoe())
            width = std::max(width, static_cast<double>(expertsPerToken * expertFfn + sharedFfn));
        return width;
    }
    // Mixer FLOPs (attention against the cache, or the recurrent update) of one new token at
    // context c, over every layer.
    double mixerFlopsPerToken(double context) const;
    // Mixer FLOPs of a causal prefill of s tokens, over every layer.
    double causalMixerFlops(double sequenceLength) const;
};

// Adds one layer's cache shape to `groups`: counted in the group that caches alike, else a new
// group of one layer.
void mergeKvGroup(std::vector<KvGroup>& groups, KvGroup layer);
// stateElementsTotal, layersByKind and uniformFullAttention, from layerSpecs and kvGroups.
void summariseKvGroups(ModelArchitecture& a);

// Reads a config.json object. An unknown model_type falls back to generic keys and marks the
// architecture approximate; encoder-only and encoder-decoder models are refused (InputError).
// Throws InputError naming the key for missing or impossible values.
ModelArchitecture architectureFromHfConfig(const nlohmann::json& config, const std::string& path,
                                           std::vector<Message>& warnings);

// The language model's config of a multimodal wrapper (its text_config, when the top level has
// no width of its own), else null: where architectureFromHfConfig reads the decoder.
const nlohmann::json* nestedTextConfig(const nlohmann::json& config);

// The name an imported config shows: its `_name_or_path` (a repository id), else the folder
// that holds it, never "config.json" or an absolute path.
std::string importedModelName(const nlohmann::json& config, const std::string& path);

} // namespace lhe::core
