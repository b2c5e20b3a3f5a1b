// Work, traffic and time of the three phases the product reports (docs/METHOD.md §3-§4):
// prefill of the whole prompt, one decode step, one training step.
#pragma once

#include "core/estimate/evaluation_context.h"
#include "core/estimate/report.h"

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

PhaseEstimate prefillPhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
PhaseEstimate decodePhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches);

} // namespace lhe::core
