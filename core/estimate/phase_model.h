// Work, traffic and time of the three phases the product reports (docs/METHOD.md §3-§4):
// prefill of the whole prompt, one decode step, one training step.
#pragma once

#include "core/estimate/evaluation_context.h"
#include "core/estimate/report.h"

#include <array>

namespace lhe::core {

// Attention FLOPs are ModelArchitecture::mixerFlopsPerToken / causalMixerFlops: 2·h·(d_qk + d_v)
// per layer per attended position (QKᵀ and AV; Kaplan et al. 2020 Table 1 writes 4·L·c·h·d_h
// for d_qk = d_v), each layer attending what it caches.

// FLOPs of one training step's `tokens` tokens in `sequences` sequences on one device (its 1/(t·p)
// share). A linear layer Y = XW costs 2·|W| per token forward; its backward computes dX = dY·Wᵀ
// and, for a trained W, dW = Xᵀ·dY, as many FLOPs each (Kaplan et al. 2020 §2.1: 6·N per token in
// all). A frozen base skips dW: 4·N per token, about 2x the forward instead of 3x. The adapters
// run all three (6 per adapter parameter, routed experts' at k/E), and attention, which has no
// weights, always computes both input gradients. Full recomputation runs the forward once more.
struct TrainingFlops
{
    double forward = 0;   // the forward pass
    double backward = 0;  // the backward pass
    double recompute = 0; // the recomputed forward (full recomputation)
    double attention = 0; // the attention kernels' part of the three
    double total() const { return forward + backward + recompute; }
    // Share of the forward + backward work in the backward pass, under which the data-parallel
    // gradient all-reduce hides: 2/3 for full training, about 1/2 with a frozen base.
    double backwardShare() const { return forward + backward > 0 ? backward / (forward + backward) : 0.0; }
};
TrainingFlops trainingFlopsPerDevice(const EvaluationContext& ctx, double tokens, double sequences,
                                     bool withRecompute = true);

// Device-memory traffic of one micro-batch: what streams beside the GEMMs (weights read forward
// and backward, full training's gradients accumulated, stored activations written and read) and
// what runs in element-wise kernels of its own (normalisations, activations, residuals; QLoRA's
// dequantization of each base weight before every pass that multiplies by it).
struct TrainingTraffic
{
    double streamedBytes = 0;
    double elementwiseBytes = 0;
    double dequantBytes = 0; // QLoRA: the part of elementwiseBytes spent dequantizing
};
TrainingTraffic trainingTrafficPerMicroBatch(const EvaluationContext& ctx);

// The compute part of one training step (trainingStep's breakdown.computeSeconds, the attention
// kernels' share included): a lower bound of the step's time, since every other term of it adds.
// The automatic split compares candidates on it before it works out their whole step.
struct TrainingCompute
{
    TrainingFlops work;
    double attentionSeconds = 0;
    double computeSeconds = 0;
};
TrainingCompute trainingCompute(const EvaluationContext& ctx, long long microBatches);

// Inference phases (Williams et al. 2009 roofline): compute and the memory streams overlap;
// communication, offload, kernel latency and the element-wise passes add; the bound is the
// largest term (TimeBreakdown::bound). `weightBytes` of phase.bytes stream at the weight format's
// rate (block-quantized formats dequantise on the fly, efficiency_model.cpp); `elementwiseBytes`
// of phase.bytes are the non-GEMM passes; `attentionFlops` of phase.flops run in attention kernels
// over `attendedTokens`; `layerPasses` forward passes through every layer each pay the fixed
// per-layer kernel latency. One request passes the `stageCount` pipeline stages in turn.
struct PhaseParts
{
    double weightBytes = 0;
    double elementwiseBytes = 0;
    // Decode: the attention kernels' reads and writes of the KV cache and recurrent state. They are
    // kernels of their own (FlashDecoding / PagedAttention GEMVs) between the GEMMs, so at a large
    // batch their time adds to compute-bound GEMMs instead of hiding under them.
    double kvStreamBytes = 0;
    double attentionFlops = 0;
    double attendedTokens = 0;
    double layerPasses = 1;
    // The routed experts (MoE): their part of phase.flops and of weightBytes, and the fused MoE
    // kernel calls on one device (MoE layers of a stage x passes; docs/METHOD.md §4.13).
    double expertFlops = 0;
    double expertWeightBytes = 0;
    double moeCalls = 0;
};

// One collective of a phase: `times` of it moving `bytes` among `devices`, over the link of a
// group spanning `groupSpan` devices (communication.h).
enum class CollectiveKind { AllReduce, Send, AllToAll };
struct PhaseCollective
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double times = 0;
    double bytes = 0;
    double devices = 0;
    double groupSpan = 1;
};

// What a phase does, apart from how fast the device does it: its FLOPs and bytes, their parts,
// its collectives and offload crossings. The same for the calibrated estimate and the datasheet
// roofline (they differ in efficiencies only), so a report works it out once.
struct PhaseWork
{
    PhaseEstimate phase; // flops and bytes
    PhaseParts parts;
    std::array<PhaseCollective, 3> collectives{};
    std::size_t collectiveCount = 0;
    double offloadCrossings = 1; // passes of the offloaded bytes over the host link
    double stageCount = 1;
    double rateTokens = 0; // tokens per phase for tokensPerSecond
    void add(const PhaseCollective& c) { collectives[collectiveCount++] = c; }
};
PhaseWork prefillWork(const EvaluationContext& ctx, const MemoryEstimate& memory);
PhaseWork decodeWork(const EvaluationContext& ctx, const MemoryEstimate& memory);
// The phase's times in `ctx`'s efficiencies (the memory is the estimate's).
PhaseEstimate timedPhase(const EvaluationContext& ctx, const MemoryEstimate& memory, const PhaseWork& work);
// The same in place: `phase` holds a copy of work.phase (a report's own phase, not copied again).
void timePhase(const EvaluationContext& ctx, const MemoryEstimate& memory, const PhaseWork& work,
               PhaseEstimate& phase);

PhaseEstimate prefillPhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
PhaseEstimate decodePhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches);
// The same from its compute part; without `readOuts` only the times (step.seconds and its
// breakdown), not the bound, roofline point, MFU and training days.
TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches, const TrainingCompute& compute, bool readOuts = true);
// trainingStep(...).step.seconds, without the read-outs.
double trainingStepSeconds(const EvaluationContext& ctx, const MemoryEstimate& memory, long long microBatches,
                           const TrainingCompute& compute);

} // namespace lhe::core
