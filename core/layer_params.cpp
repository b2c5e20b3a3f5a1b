#include "core/layer_params.h"

#include "core/json_fields.h"
#include "core/layer_layout.h"

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
    return 0;
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
    return 0;
}

double linearMixerFlopsPerToken(const ModelArchitecture& a)
{
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
    return dbl(a.hidden) * e + (a.routerBias || a.expertBias ? e : 0.0);
}

double sharedExpertParams(const ModelArchitecture& a)
{
    if (a.sharedFfn <= 0)
        return 0;
    return ffnParams(a, dbl(a.sharedFfn), false) + (a.sharedExpertGate ? dbl(a.hidden) : 0.0);
}

double visionTowerParams(const json& vision, const std::string& wrapperType, long long textHidden,
                         const std::string& path, std::vector<Message>& approximations)
{
    json_fields::requireObject(vision, path);
    const std::string type = json_fields::optionalString(vision, "model_type", path, "");
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
