// Memory per device for inference and training (docs/METHOD.md §2) and where bytes that
// do not fit go (device -> host RAM -> disk -> does not fit).
#pragma once

#include "core/estimate/evaluation_context.h"
#include "core/estimate/report.h"

namespace lhe::core {

// Language-model parameters one device stores: non-expert weights / (t·p), routed experts /
// (t·p·e). The vision tower is apart (visionParamsPerDevice); MTP modules are not loaded.
double paramsPerDevice(const EvaluationContext& ctx);
// Routed-expert share of paramsPerDevice().
double expertParamsPerDevice(const EvaluationContext& ctx);
double visionParamsPerDevice(const EvaluationContext& ctx);

// Bytes of the weights one device holds, in the scenario's weight precision or, with
// "checkpoint", each module group in the format the checkpoint stores it (computed once per
// context and inline: every memory probe of the "what fits" searches asks).
WeightBytes computeWeightBytesPerDevice(const EvaluationContext& ctx);
inline WeightBytes weightBytesPerDevice(const EvaluationContext& ctx)
{
    if (!ctx.weightBytes)
        ctx.weightBytes = computeWeightBytesPerDevice(ctx);
    return *ctx.weightBytes;
}

// Bytes of one token's live tensors in one layer on one tensor-parallel rank: the hidden state
// and the FFN intermediate, (2d + 2f/t) · B(act) (ESTIMATION §2 transient activations); what a
// prefill pass holds per token and what every layer writes and reads back between kernels.
// Inline: every memory probe of the "what fits" searches calls it.
inline double liveTensorBytesPerToken(const EvaluationContext& ctx)
{
    const double t = static_cast<double>(ctx.split.tensor);
    return (2.0 * static_cast<double>(ctx.arch.hidden) + 2.0 * ctx.arch.activeFfnWidth() / t) *
           bytesPerElement(ctx.scenario.activations);
}

// KV cache bytes one device holds for `sequences` sequences at `context` tokens: per layer, the
// tokens it caches (all of them; at most the window or chunk on windowed layers) times its bytes
// per token (2·h_kv·d_h·B(kv); MLA r_kv + d_rope), summed over layers; split over pipeline stages
// and KV-head shards (docs/METHOD.md "KV cache"). Inline: every memory probe asks.
inline double kvCacheBytesPerDevice(const EvaluationContext& ctx, double sequences, double context)
{
    const double perSequence = ctx.arch.kvBytesPerSequence(
        context, bytesPerElement(ctx.scenario.kvCache), ctx.scenario.overheads.fullLengthKvOnWindowedLayers);
    return sequences * perSequence * ctx.kvShardFraction() / static_cast<double>(ctx.split.pipeline);
}
// Recurrent state bytes one device holds for `sequences` sequences (any context). The state is
// kept at the activation precision (vLLM's mamba_ssm_cache_dtype "auto" = the model's dtype) and
// split over heads and stages like the KV cache.
inline double recurrentStateBytesPerDevice(const EvaluationContext& ctx, double sequences)
{
    const double elements = ctx.arch.stateElementsPerSequence();
    if (elements <= 0)
        return 0;
    return sequences * elements * bytesPerElement(ctx.scenario.activations) /
           static_cast<double>(ctx.split.tensor * ctx.split.pipeline);
}

// Korthikanti et al. 2022 §4: activation bytes of one transformer layer for one micro-batch of
// `sequences` x `sequenceLength`, on one tensor-parallel rank, with the scenario's
// recomputation, flash attention and sequence parallelism.
double trainingActivationBytesPerLayer(const EvaluationContext& ctx, double sequences, double sequenceLength);

// Bytes per trained parameter an optimizer keeps beside weights of `weightBytes` each (ZeRO §3.1:
// mixed precision adds an fp32 master copy; without `masterWeights` the states are in the weights'
// format).
double optimizerBytesPerParam(Optimizer optimizer, double weightBytes, bool masterWeights);

// LoRA / QLoRA: the frozen base weights one device holds, in their stored format (QLoRA: every
// linear module in NF4 / int8, the rest in the weight precision), and the adapter parameters.
struct FrozenBase
{
    double shared = 0;          // bytes, non-expert language-model weights
    double experts = 0;         // bytes, routed experts
    double vision = 0;          // bytes, a multimodal model's tower (frozen, in the weight precision)
    double quantizedParams = 0; // QLoRA: parameters stored in 4 / 8 bits on this device
};
FrozenBase frozenBaseBytesPerDevice(const EvaluationContext& ctx);
double adapterParamsPerDevice(const EvaluationContext& ctx);
// What the adapters add to one layer's stored activations (A·x, and dropout copies), per rank.
double adapterActivationBytesPerLayer(const EvaluationContext& ctx, double sequences, double sequenceLength);
// Stored activations of one pipeline stage holding `inFlight` micro-batches, adapters included,
// and the last stage's logits and loss inputs.
double trainingActivationBytesPerStage(const EvaluationContext& ctx, double inFlight);
double trainingLogitsBytes(const EvaluationContext& ctx);

MemoryBreakdown inferenceMemory(const EvaluationContext& ctx, double batch, double context);
// totalBytes() of an inferenceMemory breakdown: its gradient, optimizer, adapter and dequantization
// terms are +0, and adding +0 leaves a sum as it is (a -0 sum becomes +0), so the four additions
// are left out of the memory probes' chain of dependent additions. Inline: every probe asks.
inline double inferenceTotalBytes(const MemoryBreakdown& m)
{
    const double tensors =
        m.weightsBytes + m.visionWeightsBytes + m.kvCacheBytes + m.recurrentStateBytes + m.activationsBytes;
    return (tensors == 0.0 ? 0.0 : tensors) + m.overheadBytes();
}
MemoryBreakdown trainingMemory(const EvaluationContext& ctx, long long microBatches);
// Training with pipeline stages: the first stage (most micro-batches in flight) and the last
// (logits and loss) hold different activations. Empty when every device is alike.
std::vector<StageMemory> trainingStageMemory(const EvaluationContext& ctx, long long microBatches);

// Fills fits / offloaded bytes / tier for a per-device total against the device's tiers.
MemoryEstimate placeInMemoryTiers(const EvaluationContext& ctx, const MemoryBreakdown& perDevice);

} // namespace lhe::core
