// ModelArchitecture: the transformer shape the estimator needs, read from a Hugging Face
// config.json object, with parameter counts derived from it (ESTIMATION.md §1).
#pragma once

#include <algorithm>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core {

enum class NormKind { RmsNorm, LayerNorm };

struct ModelArchitecture
{
    std::string modelType;
    bool recognisedType = true; // false: read with generic keys (a warning says so)

    long long layers = 0;       // L
    long long hidden = 0;       // d
    long long heads = 0;        // h (query heads)
    long long kvHeads = 0;      // h_kv
    long long headDim = 0;      // d_h of Q and K (MLA: nope + rope)
    long long valueHeadDim = 0; // d_h of V (MLA: v_head_dim)
    long long ffn = 0;          // f, dense FFN width
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
    bool qkNorm = false; // Qwen3: RMSNorm on q and k per head

    // Multi-head latent attention (DeepSeek-V2/V3).
    bool mla = false;
    long long qLoraRank = 0; // 0: direct Q projection
    long long kvLoraRank = 0;
    long long qkNopeHeadDim = 0;
    long long qkRopeHeadDim = 0;

    // Mixture of experts.
    long long experts = 0; // routed experts per MoE layer (0: dense)
    long long expertsPerToken = 0;
    long long expertFfn = 0; // f_e
    long long sharedFfn = 0; // total width of the shared expert(s)
    bool sharedExpertGate = false;
    bool routerBias = false; // DeepSeek-V3 e_score_correction_bias
    long long moeLayers = 0;
    long long denseLayers = 0;

    long long slidingWindow = 0; // tokens; 0 = none
    long long slidingLayers = 0; // layers that use the window

    // Derived by finalise(), in parameters (counted in double: exact to 2^53).
    double paramsTotal = 0;
    double paramsActive = 0;
    double paramsRoutedExperts = 0; // all routed expert weights of all layers
    double paramsEmbedding = 0;     // input token embedding V·d
    double paramsPositions = 0;     // learned positional table
    double paramsLmHead = 0;        // untied output head V·d (0 when tied)
    double paramsPerLayerAttention = 0;
    double kvElementsPerTokenPerLayer = 0; // K and V (MLA: latent + rope key)

    bool isMoe() const { return experts > 0; }
    // Parameters that take part in matrix products per token (excludes lookups: input
    // embedding when untied, learned positions); what 2·N FLOPs/token counts.
    double matmulParamsActive() const;
    // K+V cache elements for one token over all layers, ignoring sliding windows.
    double kvElementsPerToken() const { return kvElementsPerTokenPerLayer * static_cast<double>(layers); }
    // Bytes one token's K+V take in one layer at `bytesPerElement` (the KV precision's). An 8-bit
    // MLA cache uses FlashMLA's layout: the latent in fp8, four fp32 tile scales (16 B), and the
    // RoPE key kept in bf16: 512 + 16 + 64 x 2 = 656 B for DeepSeek-V3 (deepseek-ai/FlashMLA
    // README, "FP8 KV cache"), where a plain 1-byte count would say 576.
    double kvBytesPerTokenPerLayer(double bytesPerElement) const
    {
        if (mla && bytesPerElement == 1.0)
            return static_cast<double>(kvLoraRank) + 16.0 + 2.0 * static_cast<double>(qkRopeHeadDim);
        return kvElementsPerTokenPerLayer * bytesPerElement;
    }
    // FFN width a token's activations pass through: dense f, or k routed experts plus shared
    // ones in MoE layers; the larger of the two where a model has both.
    double activeFfnWidth() const
    {
        double width = denseLayers > 0 ? static_cast<double>(ffn) : 0.0;
        if (isMoe())
            width = std::max(width, static_cast<double>(expertsPerToken * expertFfn + sharedFfn));
        return width;
    }
    // Cached tokens summed over layers at context c (sliding-window layers keep min(c, window)).
    double kvLayerTokens(double context) const
    {
        const double full = static_cast<double>(layers - slidingLayers) * context;
        return full +
               static_cast<double>(slidingLayers) * std::min(context, static_cast<double>(slidingWindow));
    }
};

// Reads a config.json object. Unknown model_type falls back to generic keys and appends a
// warning. Throws InputError naming the key for missing or impossible values.
ModelArchitecture architectureFromHfConfig(const nlohmann::json& config, const std::string& path,
                                           std::vector<std::string>& warnings);

} // namespace lhe::core
