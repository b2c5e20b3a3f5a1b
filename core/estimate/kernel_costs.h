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

// A backward pass moves about twice a forward pass's element-wise traffic: each kernel reads the
// incoming gradient and its saved input where the forward read only the input, and writes the
// outgoing gradient.
inline constexpr double kBackwardElementwiseFactor = 2.0;

// One optimizer step reads and writes every state it keeps (weights, gradients, Adam moments,
// fp32 master copy) once: PyTorch's fused AdamW is a single memory-bound pass.
inline constexpr double kOptimizerPasses = 2.0;

} // namespace lhe::core
