// Parameter counts, recurrent state and mixer FLOPs of one layer of each kind, and of a
// multimodal model's vision tower (docs/METHOD.md "Parameters").
#pragma once

#include "core/model/model_architecture.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core::layer_params {

// A softmax-attention layer's projections (MHA/GQA, or MLA), biases, per-head norms, sinks and
// the sparse-attention indexer.
double softmaxAttentionParams(const ModelArchitecture& a);
// K and V elements one token adds to a softmax-attention layer's cache (MLA: latent + RoPE key).
double softmaxKvElementsPerToken(const ModelArchitecture& a);
// The same for one layer that sets its own shape (LayerSpec kvHeads, headDim, valueFromKey,
// reusesKv, compressRatio); equal to the two above for a layer that sets none.
double softmaxAttentionParams(const ModelArchitecture& a, const LayerSpec& layer);
double softmaxKvElementsPerToken(const ModelArchitecture& a, const LayerSpec& layer);

// A linear mixer (Gated DeltaNet, Mamba, Mamba-2): weights, the state one sequence keeps
// (recurrent state + the last kernel-1 convolution inputs, as vLLM allocates it), and FLOPs per
// token outside the projections.
double linearMixerParams(const ModelArchitecture& a);
double linearMixerStateElements(const ModelArchitecture& a);
double linearMixerFlopsPerToken(const ModelArchitecture& a);

// A feed-forward block of width f: 3·d·f gated (SwiGLU/GeGLU) or 2·d·f plain, with biases.
double ffnParams(const ModelArchitecture& a, double width, bool bias);
// One routed expert (gpt-oss: with its projection biases).
double expertParams(const ModelArchitecture& a);
// A mixture-of-experts layer's router and shared experts (routed experts counted apart).
double routerParams(const ModelArchitecture& a);
double sharedExpertParams(const ModelArchitecture& a);

// The vision tower and projector of a multimodal config (its vision_config), for a language
// model of width `textHidden`. Appends to `approximations` when the tower is of a kind read
// with the generic ViT formula.
// Gemma 4's audio encoder (a Conformer, transformers Gemma4AudioModel) and its projector into a
// language model of width `textHidden`.
double gemma4AudioParams(const nlohmann::json& audioConfig, long long textHidden, const std::string& path);

double visionTowerParams(const nlohmann::json& visionConfig, const std::string& wrapperType,
                         long long textHidden, const std::string& path, std::vector<Message>& approximations);

} // namespace lhe::core::layer_params
