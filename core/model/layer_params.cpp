#include "core/model/layer_params.h"

#include "core/common/json_fields.h"
#include "core/model/layer_layout.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace lhe::core::layer_params {

using layer_layout::integerKey;
using layer_layout::requireIntegerKey;
using nlohmann::json;

using layer_layout::dbl;

double softmaxAttentionParams(const ModelArchitecture& a)
{
    const double d = dbl(a.hidden);
    const double h = dbl(a.heads);
    const double kv = dbl(a.kvHeads);
    const double dh = dbl(a.headDim);
    const double dv = dbl(a.valueHeadDim);
    double attention = 0;
    if (a.mla) {
        // MLA (DeepSeek-V2 §2.1): low-rank Q (optional), compressed KV latent + decoupled RoPE key.
        const double rq = dbl(a.qLoraRank);
        const double rkv = dbl(a.kvLoraRank);
        const double rope = dbl(a.qkRopeHeadDim);
        const double nope = dbl(a.qkNopeHeadDim);
        attention += rq > 0 ? d * rq + rq + rq * h * (nope + rope) : d * h * (nope + rope);
        attention += d * (rkv + rope) + rkv + rkv * h * (nope + dv);
        attention += h * dv * d;
        if (a.indexHeads > 0) {
            // Lightning indexer (DeepSeek-V3.2-Exp, inference/model.py Indexer): wq_b from the
            // query latent, wk and a LayerNorm on the key, and per-head weights.
            const double ih = dbl(a.indexHeads);
            const double id = dbl(a.indexHeadDim);
            attention += (rq > 0 ? rq : d) * ih * id + d * id + 2.0 * id + d * ih;
        }
        return attention;
    }
    const double qWidth = h * dh * (a.attentionOutputGate ? 2.0 : 1.0);
    attention = d * qWidth + 2.0 * d * kv * dh + h * dv * d;
    if (a.qkvBias)
        attention += h * dh + 2.0 * kv * dh;
    if (a.outputBias)
        attention += d;
    if (a.qkNorm)
        attention += 2.0 * dh;
    if (a.qkNormFullWidth)
        attention += h * dh + kv * dh;
    attention += dbl(a.attentionSinks);
    return attention;
}

double softmaxKvElementsPerToken(const ModelArchitecture& a)
{
    if (a.mla)
        return dbl(a.kvLoraRank + a.qkRopeHeadDim);
    return dbl(a.kvHeads * a.headDim + a.kvHeads * a.valueHeadDim);
}

namespace {

// DeepSeek-V4's token compressor (the checkpoint's inference/model.py, Compressor): per ratio r a
// learned position bias of r x w, a KV and a gate projection d -> w and an RMSNorm of head_dim,
// w = head_dim, doubled when r = 4 (overlapping windows).
double deepseekV4CompressorParams(double d, double ratio, double headDim)
{
    const double width = (ratio == 4.0 ? 2.0 : 1.0) * headDim;
    return ratio * width + 2.0 * d * width + headDim;
}

// DeepSeek-V4 attention (inference/model.py, Attention): a per-head sink, low-rank Q (wq_a, its
// RMSNorm, wq_b), one K=V head (wkv d -> head_dim, an RMSNorm), a grouped low-rank output (wo_a:
// each of o_groups groups of heads -> o_lora_rank, wo_b: groups·o_lora_rank -> d); compressed
// layers add a compressor, those with r = 4 also a lightning indexer (wq_b from the query latent,
// per-head weights d -> index heads, a compressor of index_head_dim).
double deepseekV4AttentionParams(const ModelArchitecture& a, long long ratio)
{
    const double d = dbl(a.hidden);
    const double h = dbl(a.heads);
    const double dh = dbl(a.headDim);
    const double rq = dbl(a.qLoraRank);
    const double groups = dbl(a.outputGroups);
    const double ro = dbl(a.outputLoraRank);
    double params =
        h + d * rq + rq + rq * h * dh + d * dh + dh + (h * dh / groups) * (groups * ro) + groups * ro * d;
    if (ratio > 0) {
        params += deepseekV4CompressorParams(d, dbl(ratio), dh);
        if (ratio == 4 && a.indexHeads > 0) {
            const double ih = dbl(a.indexHeads);
            const double id = dbl(a.indexHeadDim);
            params += rq * ih * id + d * ih + deepseekV4CompressorParams(d, 4.0, id);
        }
    }
    return params;
}

} // namespace

double softmaxAttentionParams(const ModelArchitecture& a, const LayerSpec& layer)
{
    if (a.outputGroups > 0)
        return deepseekV4AttentionParams(a, layer.compressRatio);
    const bool ownShape = (layer.kvHeads > 0 && layer.kvHeads != a.kvHeads) ||
                          (layer.headDim > 0 && layer.headDim != a.headDim) || layer.valueFromKey ||
                          layer.reusesKv;
    if (!ownShape || a.mla)
        return softmaxAttentionParams(a);
    const double d = dbl(a.hidden);
    const double h = dbl(a.heads);
    const double kv = dbl(layer.kvHeads > 0 ? layer.kvHeads : a.kvHeads);
    const double dh = dbl(layer.headDim > 0 ? layer.headDim : a.headDim);
    const double dv = layer.headDim > 0 ? dh : dbl(a.valueHeadDim);
    const double qWidth = h * dh * (a.attentionOutputGate ? 2.0 : 1.0);
    // Gemma 4 (transformers Gemma4TextAttention): a KV-shared layer keeps only q_proj, q_norm and
    // o_proj; attention_k_eq_v drops v_proj (V is the K projection through a scale-free norm).
    const double kProj = layer.reusesKv ? 0.0 : d * kv * dh;
    const double vProj = layer.reusesKv || layer.valueFromKey ? 0.0 : d * kv * dv;
    double attention = d * qWidth + kProj + vProj + h * dv * d;
    if (a.qkvBias)
        attention += h * dh + (layer.reusesKv ? 0.0 : kv * dh + (layer.valueFromKey ? 0.0 : kv * dv));
    if (a.outputBias)
        attention += d;
    if (a.qkNorm)
        attention += layer.reusesKv ? dh : 2.0 * dh;
    if (a.qkNormFullWidth)
        attention += h * dh + kv * dh;
    attention += dbl(a.attentionSinks);
    return attention;
}

double softmaxKvElementsPerToken(const ModelArchitecture& a, const LayerSpec& layer)
{
    if (layer.reusesKv)
        return 0.0;
    if (a.outputGroups > 0) // DeepSeek-V4: one K=V vector of head_dim per cached position
        return dbl(a.headDim);
    if (a.mla)
        return softmaxKvElementsPerToken(a);
    const double kv = dbl(layer.kvHeads > 0 ? layer.kvHeads : a.kvHeads);
    const double dh = dbl(layer.headDim > 0 ? layer.headDim : a.headDim);
    const double dv = layer.headDim > 0 ? dh : dbl(a.valueHeadDim);
    return kv * (dh + dv);
}

double linearMixerParams(const ModelArchitecture& a)
{
    const double d = dbl(a.hidden);
    const double k = dbl(a.convKernel);
    switch (a.linearMixer) {
    case ModelArchitecture::LinearMixer::GatedDeltaNet: {
        // HF Qwen3NextGatedDeltaNet: in_proj_qkvz d -> 2·key + 2·value, in_proj_ba d -> 2·h_v,
        // depthwise conv over q, k, v (no bias), dt_bias and A_log per value head, a gated
        // RMSNorm of one value head's width, out_proj value -> d.
        const double key = dbl(a.linearKeyHeads * a.linearKeyHeadDim);
        const double value = dbl(a.linearValueHeads * a.linearValueHeadDim);
        const double hv = dbl(a.linearValueHeads);
        return d * (2.0 * key + 2.0 * value) + d * 2.0 * hv + (2.0 * key + value) * k + 2.0 * hv +
               dbl(a.linearValueHeadDim) + value * d;
    }
    case ModelArchitecture::LinearMixer::Mamba: {
        // Mamba (Gu & Dao 2023; HF JambaMambaMixer): in_proj d -> 2·inner, conv, x_proj inner ->
        // R + 2N, dt_proj R -> inner, A (inner × N), D, out_proj; Jamba's RMSNorms on Δ, B, C.
        const double inner = dbl(a.ssmInner);
        const double n = dbl(a.ssmState);
        const double r = dbl(a.dtRank);
        double params = d * 2.0 * inner + inner * k + (a.ssmConvBias ? inner : 0.0) + inner * (r + 2.0 * n) +
                        r * inner + inner + inner * n + inner + inner * d;
        if (a.ssmProjBias)
            params += 2.0 * inner + d;
        if (a.modelType == "jamba")
            params += r + 2.0 * n;
        return params;
    }
    case ModelArchitecture::LinearMixer::Mamba2: {
        // Mamba-2 (Dao & Gu 2024; HF NemotronHMamba2Mixer): in_proj d -> 2·inner + 2·G·N + heads,
        // conv over inner + 2·G·N channels, dt_bias, A_log, D per head, a gated RMSNorm, out_proj.
        const double inner = dbl(a.ssmInner);
        const double conv = inner + 2.0 * dbl(a.ssmGroups * a.ssmState);
        const double heads = dbl(a.ssmHeads);
        double params = d * (inner + conv + heads) + conv * k + (a.ssmConvBias ? conv : 0.0) + 3.0 * heads +
                        inner + inner * d;
        if (a.ssmProjBias)
            params += inner + conv + heads + d;
        return params;
    }
    case ModelArchitecture::LinearMixer::None:
        break;
    }
    return a.otherMixerParams;
}

double linearMixerStateElements(const ModelArchitecture& a)
{
    const double k1 = std::max(0.0, dbl(a.convKernel) - 1.0);
    switch (a.linearMixer) {
    case ModelArchitecture::LinearMixer::GatedDeltaNet: {
        const double key = dbl(a.linearKeyHeads * a.linearKeyHeadDim);
        const double value = dbl(a.linearValueHeads * a.linearValueHeadDim);
        return dbl(a.linearValueHeads * a.linearKeyHeadDim * a.linearValueHeadDim) + (2.0 * key + value) * k1;
    }
    case ModelArchitecture::LinearMixer::Mamba:
        return dbl(a.ssmInner * a.ssmState) + dbl(a.ssmInner) * k1;
    case ModelArchitecture::LinearMixer::Mamba2:
        return dbl(a.ssmInner * a.ssmState) + (dbl(a.ssmInner) + 2.0 * dbl(a.ssmGroups * a.ssmState)) * k1;
    case ModelArchitecture::LinearMixer::None:
        break;
    }
    return a.otherMixerState;
}

double linearMixerFlopsPerToken(const ModelArchitecture& a)
{
    if (a.linearMixer == ModelArchitecture::LinearMixer::None)
        return a.otherMixerFlops;
    // A recurrent update scales, adds to and reads out every state element once per token,
    // about 6 FLOP per element (Gu & Dao 2023 §3.3; Yang et al. 2024, Gated Delta Networks §3),
    // and the depthwise convolution 2 FLOP per tap.
    const double k1 = std::max(0.0, dbl(a.convKernel) - 1.0);
    const double state = linearMixerStateElements(a);
    const double convState =
        a.convKernel > 1 ? state - (a.linearMixer == ModelArchitecture::LinearMixer::GatedDeltaNet
                                        ? dbl(a.linearValueHeads * a.linearKeyHeadDim * a.linearValueHeadDim)
                                        : dbl(a.ssmInner * a.ssmState))
                         : 0.0;
    const double recurrent = state - convState;
    const double convChannels = k1 > 0 ? convState / k1 : 0.0;
    return 6.0 * recurrent + 2.0 * convChannels * dbl(a.convKernel);
}

double ffnParams(const ModelArchitecture& a, double width, bool bias)
{
    const double d = dbl(a.hidden);
    const double matrices = a.gatedFfn ? 3.0 : 2.0;
    return matrices * d * width + (bias ? width * (a.gatedFfn ? 2.0 : 1.0) + d : 0.0);
}

double expertParams(const ModelArchitecture& a)
{
    return ffnParams(a, dbl(a.expertFfn), a.expertBias);
}

double routerParams(const ModelArchitecture& a)
{
    const double e = dbl(a.experts);
    double params = dbl(a.hidden) * e + (a.routerBias || a.expertBias ? e : 0.0);
    if (a.modelType == "gemma4_text") // Gemma4TextRouter: also a learned input scale of d
        params += dbl(a.hidden);
    return params;
}

double sharedExpertParams(const ModelArchitecture& a)
{
    if (a.sharedFfn <= 0)
        return 0;
    return ffnParams(a, dbl(a.sharedFfn), false) + (a.sharedExpertGate ? dbl(a.hidden) : 0.0);
}

namespace {

// Qwen3-VL's vision tower (transformers modeling_qwen3_vl: Qwen3VLVisionModel), which Qwen3.5
// reuses: a biased Conv3d patch embedding of temporal_patch_size × patch_size², a learned
// position table of num_position_embeddings, `depth` ViT blocks (two LayerNorms with bias, a
// biased qkv and output projection, a biased two-matrix GELU MLP), and patch mergers that
// concatenate spatial_merge_size² patches (a LayerNorm, w -> w, w -> out_hidden_size, biased,
// w = hidden · merge²): the final one normed before the shuffle, one per
// deepstack_visual_indexes entry normed after it.
double qwen3VisionParams(const json& vision, const std::string& path)
{
    const double h = dbl(requireIntegerKey(vision, {"hidden_size"}, path));
    const double depth = dbl(requireIntegerKey(vision, {"depth"}, path));
    const double f = dbl(requireIntegerKey(vision, {"intermediate_size"}, path));
    const double out = dbl(requireIntegerKey(vision, {"out_hidden_size"}, path));
    const double patch = dbl(integerKey(vision, {"patch_size"}, path).value_or(16));
    const double temporal = dbl(integerKey(vision, {"temporal_patch_size"}, path).value_or(2));
    const double channels = dbl(integerKey(vision, {"in_channels"}, path).value_or(3));
    const double positions = dbl(integerKey(vision, {"num_position_embeddings"}, path, 0).value_or(0));
    const double merge = dbl(integerKey(vision, {"spatial_merge_size"}, path).value_or(2));
    double deepstack = 0;
    if (const auto it = vision.find("deepstack_visual_indexes"); it != vision.end() && it->is_array())
        deepstack = dbl(static_cast<long long>(it->size()));
    const double block = 4.0 * h + (3.0 * h * h + 3.0 * h) + (h * h + h) + (2.0 * h * f + f + h);
    const double w = h * merge * merge;
    const double mergerLinears = (w * w + w) + (w * out + out);
    const double tower = channels * temporal * patch * patch * h + h + positions * h + depth * block;
    return tower + (2.0 * h + mergerLinears) + deepstack * (2.0 * w + mergerLinears);
}

} // namespace

namespace {

// Gemma 4's vision encoder (transformers Gemma4VisionModel): a bias-free patch projection of
// 3·patch² -> dv, a learned position table for each of the two image axes (2 x
// position_embedding_size x dv), `num_hidden_layers` blocks of q/k/v/o without biases, q and k
// RMSNorms of head_dim (v's has no scale), a gated MLP and four RMSNorms; the pooler has no
// weights; `standardize` keeps a bias and a scale of dv. Gemma4MultimodalEmbedder projects dv -> d
// (no bias) after a scale-free RMSNorm.
double gemma4VisionParams(const json& vision, long long textHidden, const std::string& path)
{
    const double dv = dbl(requireIntegerKey(vision, {"hidden_size"}, path));
    const double layers = dbl(requireIntegerKey(vision, {"num_hidden_layers"}, path));
    const double fv = dbl(requireIntegerKey(vision, {"intermediate_size"}, path));
    const double heads = dbl(requireIntegerKey(vision, {"num_attention_heads"}, path));
    const double kv =
        dbl(integerKey(vision, {"num_key_value_heads"}, path).value_or(static_cast<long long>(heads)));
    const double hd =
        dbl(integerKey(vision, {"head_dim"}, path).value_or(static_cast<long long>(dv / heads)));
    const double patch = dbl(integerKey(vision, {"patch_size"}, path).value_or(16));
    const double positions = dbl(integerKey(vision, {"position_embedding_size"}, path).value_or(10240));
    const bool standardize = layer_layout::boolKey(vision, "standardize", path, false);
    const double block =
        dv * heads * hd + 2.0 * dv * kv * hd + heads * hd * dv + 2.0 * hd + 3.0 * dv * fv + 4.0 * dv;
    const double tower = 3.0 * patch * patch * dv + 2.0 * positions * dv + layers * block;
    return tower + (standardize ? 2.0 * dv : 0.0) + dv * dbl(textHidden);
}

} // namespace

double gemma4AudioParams(const json& audio, long long textHidden, const std::string& path)
{
    // transformers Gemma4AudioModel (defaults from Gemma4AudioConfig): a two-stage Conv2d
    // subsampler (3x3 kernels, no bias, a weight-only LayerNorm each) and its linear projection;
    // per Conformer layer two feed-forward modules (d -> 4d -> d, two RMSNorms each), chunked
    // attention (q, k, v, post of d x d, a relative-position key projection d x d, a per-dim
    // scale of head_dim), a light convolution module (d -> 2d GLU, depthwise conv of
    // conv_kernel_size taps, d -> d, two RMSNorms) and three RMSNorms; a biased output projection
    // d -> output_proj_dims; the embedder output_proj_dims -> text d (no bias).
    const double d = dbl(integerKey(audio, {"hidden_size"}, path).value_or(1024));
    const double layers = dbl(integerKey(audio, {"num_hidden_layers"}, path).value_or(12));
    const double heads = dbl(integerKey(audio, {"num_attention_heads"}, path).value_or(8));
    const double kernel = dbl(integerKey(audio, {"conv_kernel_size"}, path).value_or(5));
    const double out = dbl(integerKey(audio, {"output_proj_dims"}, path).value_or(1536));
    double c0 = 128;
    double c1 = 32;
    if (const auto it = audio.find("subsampling_conv_channels");
        it != audio.end() && it->is_array() && it->size() == 2 && (*it)[0].is_number_integer() &&
        (*it)[1].is_number_integer()) {
        c0 = (*it)[0].get<double>();
        c1 = (*it)[1].get<double>();
    }
    const double subsample = 9.0 * c0 + c0 + 9.0 * c0 * c1 + c1 + std::floor(c0 / 4.0) * c1 * d;
    const double layer = 24.0 * d * d + d * kernel + 9.0 * d + std::floor(d / heads);
    return subsample + layers * layer + d * out + out + out * dbl(textHidden);
}

double visionTowerParams(const json& vision, const std::string& wrapperType, long long textHidden,
                         const std::string& path, std::vector<Message>& approximations)
{
    json_fields::requireObject(vision, path);
    const std::string type = json_fields::optionalString(vision, "model_type", path, "");
    if (layer_layout::isOneOf(type, {"qwen3_vl", "qwen3_vl_moe", "qwen3_5", "qwen3_5_moe"}))
        return qwen3VisionParams(vision, path);
    if (type == "gemma4_vision")
        return gemma4VisionParams(vision, textHidden, path);
    const double dv = dbl(requireIntegerKey(vision, {"hidden_size"}, path));
    const double layers = dbl(requireIntegerKey(vision, {"num_hidden_layers"}, path));
    const double fv = dbl(requireIntegerKey(vision, {"intermediate_size"}, path));
    const double patch = dbl(integerKey(vision, {"patch_size"}, path).value_or(14));
    const double channels = dbl(integerKey(vision, {"num_channels"}, path).value_or(3));
    const double image = dbl(integerKey(vision, {"image_size"}, path).value_or(0));
    const double patches = image > 0 ? std::pow(std::floor(image / patch), 2.0) : 0.0;
    const double d = dbl(textHidden);

    if (type == "pixtral") {
        // Pixtral-ViT (Mistral 2024; HF PixtralVisionModel): no biases, RMSNorms, SwiGLU MLP,
        // 2-D RoPE (no position table), ln_pre; Mistral 3's projector: RMSNorm, a patch merger
        // of (dv·s²) -> dv, then dv -> d -> d.
        const double merge = dbl(integerKey(vision, {"spatial_merge_size"}, path).value_or(2));
        const double tower =
            channels * patch * patch * dv + dv + layers * (4.0 * dv * dv + 3.0 * dv * fv + 2.0 * dv);
        const double projector = dv + dv * merge * merge * dv + dv * d + d * d;
        return tower + projector;
    }
    if (type == "llama4_vision_model") {
        // HF Llama4VisionModel: CLIP-style ViT with biases and LayerNorms, a class token and
        // learned positions for every patch + 1, pre/post LayerNorms; a pixel-shuffle MLP
        // adapter (dv/r² -> projector_input_dim -> projector_output_dim, no biases); and the
        // multimodal projector vision_output_dim -> d (no bias).
        const double ratio =
            json_fields::optionalInRange(vision, "pixel_shuffle_ratio", path, {0.01, 1.0, ""}).value_or(0.5);
        const double in = dbl(integerKey(vision, {"projector_input_dim"}, path).value_or(4096));
        const double out = dbl(integerKey(vision, {"projector_output_dim"}, path).value_or(4096));
        const double outputDim = dbl(integerKey(vision, {"vision_output_dim"}, path).value_or(4096));
        const double perLayer = 4.0 * dv * dv + 4.0 * dv + 2.0 * dv * fv + fv + dv + 4.0 * dv;
        const double tower =
            channels * patch * patch * dv + dv + (patches + 1.0) * dv + 4.0 * dv + layers * perLayer;
        const double adapter = dv / (ratio * ratio) * in + in * out;
        return tower + adapter + outputDim * d;
    }
    // SigLIP (Zhai et al. 2023; HF SiglipVisionModel, Gemma 3): ViT with biases, LayerNorms,
    // learned positions, a post LayerNorm; Gemma 3's projector: an RMSNorm and dv -> d.
    if (type != "siglip_vision_model")
        approximations.push_back(
            message(LHE_TEXT("CoreMessage", "%1: vision tower \"%2\" counted with the generic "
                                            "ViT formula (biases, LayerNorms, learned positions)"),
                    path, elided(type)));
    const double perLayer = 4.0 * dv * dv + 4.0 * dv + 2.0 * dv * fv + fv + dv + 4.0 * dv;
    const double tower = channels * patch * patch * dv + dv + patches * dv + 2.0 * dv + layers * perLayer;
    const double projector = wrapperType == "gemma3" ? dv + dv * d : dv * d;
    return tower + projector;
}

} // namespace lhe::core::layer_params
