// The work of a phase that is not a large GEMM (phase_model.cpp): attention kernels below the
// GEMM rate, element-wise and normalisation passes, the optimizer step. Each with its source.
#pragma once

#include "core/estimate/evaluation_context.h"

namespace lhe::core {

// Fraction of the dense peak attention kernels reach on a causal sequence of `sequenceLength`
// tokens: the device's large-GEMM fraction, scaled by how close a FlashAttention-class kernel
// comes to a GEMM and by its ramp with sequence length and head dimension (kernel_costs.cpp).
double attentionEfficiency(const EvaluationContext& ctx, double sequenceLength);

// Bytes the element-wise and normalisation kernels of one decoder layer move to and from device
// memory per token in a forward pass, on one tensor-parallel rank (kernel_costs.cpp).
double elementwiseBytesPerToken(const EvaluationContext& ctx, bool sequenceParallel);

// Bytes per element of the narrow copy a GEMM input is cast to when the GEMMs run natively in a
// format narrower than the activations (fp8 GEMMs on bf16 activations: 1); 0 when they do not.
double gemmInputCastBytesPerElement(const EvaluationContext& ctx);

// Bytes the attention score matrix costs per forward pass per sequence and layer when the
// kernel is not fused (no flash attention): scores written, read by softmax, probabilities
// written and read by the second matmul.
double unfusedAttentionBytesPerSequence(const EvaluationContext& ctx, double sequenceLength);

// Tokens of the busiest expert-parallel rank over the mean: every rank waits for it at the combine
// (docs/METHOD.md §4.13). The scenario's efficiency.expert_imbalance, else a default by the expert
// degree: 1 without expert parallelism, 1.2 at 4 ranks, 1.35 at 8, 1.6 at 16, 2.0 at 32, 2.5 at 64
// and beyond, linear in log2 of the degree between them. Anchors: TensorRT-LLM's DeepSeek-R1
// EP32 measurement of 2.56 without balancing (1.46-3.46 per layer; TensorRT-LLM tech blog 4,
// Table 1), vLLM's Kimi EP16 1.07 on GSM8K, and aiconfigurator's power-law routing (rank max/mean
// 1.2-1.3 at EP4, 1.4-1.6 at EP8, 1.8-2.0 at EP16). With a balancer (EPLB) the scenario gives
// ~1.1.
double expertImbalance(const EvaluationContext& ctx);

// A backward pass moves about twice a forward pass's element-wise traffic: each kernel reads the
// incoming gradient and its saved input where the forward read only the input, and writes the
// outgoing gradient.
inline constexpr double kBackwardElementwiseFactor = 2.0;

// One optimizer step reads and writes every state it keeps (weights, gradients, Adam moments,
// fp32 master copy) once: PyTorch's fused AdamW is a single memory-bound pass.
inline constexpr double kOptimizerPasses = 2.0;

} // namespace lhe::core
