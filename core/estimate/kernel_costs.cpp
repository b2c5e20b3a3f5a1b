#include "core/estimate/kernel_costs.h"

#include "core/common/precision.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace lhe::core {

namespace {

// FlashAttention-2's causal forward throughput ramps with sequence length: at 512 tokens about half
// of the 16k figure, at 2k about 80 % (FlashAttention-2 Fig. 5, head dim 128). s / (s + 512)
// follows that ramp (0.50 at 512, 0.80 at 2k, 0.97 at 16k).
constexpr double kAttentionHalfRampTokens = 512.0;
// Head dimension 64 runs about 12 % below 128 in the same figures: 0.75 + 0.25 · d_h / 128,
// capped at 1.
constexpr double kHeadDimReference = 128.0;

// Element-wise passes of a pre-norm decoder layer, forward, counted as frameworks run them:
// two RMSNorm/LayerNorm (read d, write d) = 4d; two residual adds (read 2d, write d) = 6d;
// RoPE on queries and keys (read and write) = 2(h + h_kv)·d_h; the gated activation (read the
// gate and up projections, write their product) = 3f. Ivanov et al. 2021 ("Data Movement Is All
// You Need", MLSys, Table 1) measured such normalisation and element-wise operators at 0.2 % of
// a transformer layer's FLOPs but 39 % of its training time in PyTorch.
constexpr double kNormAndResidualPerHidden = 10.0;
constexpr double kRopePasses = 2.0;
constexpr double kGatedActivationPerFfn = 3.0;
// A GEMM in a format narrower than the activations (fp8, int8, fp4 with bf16 activations) takes
// its input cast to that format first: one pass reading the activation and writing the narrow
// copy per GEMM input (Micikevicius et al. 2022, "FP8 Formats for Deep Learning",
// arXiv:2209.05433, §4: tensors are scaled and cast to FP8 before each matmul). The inputs per
// token and layer: QKV and gate/up read the hidden state (2d), the output projection the
// attention output (h·d_h / t), the down projection the FFN intermediate (f / t).
constexpr double kGemmInputsPerHidden = 2.0;

// Unfused attention (no flash attention): scores written, read by the softmax, probabilities
// written, read by the second matmul.
constexpr double kUnfusedScorePasses = 4.0;

} // namespace

double attentionEfficiency(const EvaluationContext& ctx, double sequenceLength)
{
    if (ctx.eff.attention >= 1.0) // the datasheet roofline: attention at the compute rate
        return ctx.eff.compute;
    const double s = std::max(sequenceLength, 1.0);
    const double ramp = s / (s + kAttentionHalfRampTokens);
    const double headDim = static_cast<double>(std::max(ctx.arch.headDim, 1LL));
    const double head = std::min(1.0, 0.75 + 0.25 * headDim / kHeadDimReference);
    return ctx.eff.compute * ctx.eff.attention * ramp * head;
}

namespace {

double elementwiseBytesOf(const EvaluationContext& ctx, bool sequenceParallel)
{
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double hiddenShare =
        sequenceParallel ? static_cast<double>(a.hidden) / t : static_cast<double>(a.hidden);
    const double rope =
        kRopePasses * static_cast<double>(a.heads + a.kvHeads) * static_cast<double>(a.headDim) / t;
    const double act = bytesPerElement(ctx.scenario.activations);
    double bytes =
        (kNormAndResidualPerHidden * hiddenShare + rope + kGatedActivationPerFfn * a.activeFfnWidth() / t) *
        act;
    const double narrow = gemmInputCastBytesPerElement(ctx);
    if (narrow > 0)
        bytes += (kGemmInputsPerHidden * static_cast<double>(a.hidden) +
                  (static_cast<double>(a.heads * a.headDim) + a.activeFfnWidth()) / t) *
                 (act + narrow);
    return bytes;
}

} // namespace

double elementwiseBytesPerToken(const EvaluationContext& ctx, bool sequenceParallel)
{
    if (sequenceParallel)
        return elementwiseBytesOf(ctx, true);
    if (!ctx.elementwiseBytes)
        ctx.elementwiseBytes = elementwiseBytesOf(ctx, false);
    return *ctx.elementwiseBytes;
}

double gemmInputCastBytesPerElement(const EvaluationContext& ctx)
{
    const Precision compute = ctx.scenario.compute;
    const std::optional<PeakKey> key = computeKey(compute);
    const double narrow = bytesPerElement(compute);
    if (!key || *key != ctx.computePeakKey || !(narrow < bytesPerElement(ctx.scenario.activations)))
        return 0; // the GEMMs run in the activations' format (or the device falls back to it)
    return narrow;
}

double unfusedAttentionBytesPerSequence(const EvaluationContext& ctx, double sequenceLength)
{
    const double headsPerRank =
        ceilDiv(static_cast<double>(ctx.arch.heads), static_cast<double>(ctx.split.tensor));
    return kUnfusedScorePasses * headsPerRank * sequenceLength * sequenceLength *
           bytesPerElement(ctx.scenario.activations);
}

double expertImbalance(const EvaluationContext& ctx)
{
    if (!ctx.eff.expertImbalance || ctx.split.expert <= 1 || !ctx.arch.isMoe())
        return 1.0;
    if (ctx.scenario.efficiency.expertImbalance)
        return *ctx.scenario.efficiency.expertImbalance;
    struct Anchor
    {
        double log2Ranks;
        double imbalance;
    };
    constexpr std::array<Anchor, 6> anchors{{{0, 1.0}, {2, 1.2}, {3, 1.35}, {4, 1.6}, {5, 2.0}, {6, 2.5}}};
    const double x = std::log2(static_cast<double>(ctx.split.expert));
    if (x >= anchors.back().log2Ranks)
        return anchors.back().imbalance;
    for (std::size_t i = 1; i < anchors.size(); ++i) {
        if (x <= anchors[i].log2Ranks) {
            const Anchor& a = anchors[i - 1];
            const Anchor& b = anchors[i];
            return a.imbalance +
                   (b.imbalance - a.imbalance) * (x - a.log2Ranks) / (b.log2Ranks - a.log2Ranks);
        }
    }
    return anchors.back().imbalance;
}

} // namespace lhe::core
