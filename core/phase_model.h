// Work, traffic and time of the three phases the product reports (ESTIMATION.md §4-5):
// prefill of the whole prompt, one decode step, one training step.
#pragma once

#include "core/evaluation_context.h"
#include "core/report.h"

namespace lhe::core {

// Attention FLOPs are ModelArchitecture::mixerFlopsPerToken / causalMixerFlops: 2·h·(d_qk + d_v)
// per layer per attended position (QKᵀ and AV; Kaplan et al. 2020 Table 1 writes 4·L·c·h·d_h
// for d_qk = d_v), each layer attending what it caches.

PhaseEstimate prefillPhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
PhaseEstimate decodePhase(const EvaluationContext& ctx, const MemoryEstimate& memory);
TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches);

} // namespace lhe::core
