// Numeric formats: storage size (real bits per element, including block scales for the
// weight-only formats) and which peak-throughput column of a device computes them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace lhe::core {

enum class Precision {
    Fp32,
    Tf32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4,
    Fp4,
    // Weight-only formats: stored compressed, computed in the scenario's compute precision.
    Q8_0,
    Q6_K,
    Q5_K_M,
    Q4_K_M,
    Q4_0,
    AwqInt4,
    GptqInt4,
    // Each module group as the model's checkpoint stores it (its config.json quantization_config
    // or torch_dtype); bytes come from ModelArchitecture::checkpointBitsPerParam, never from
    // kBitsPerElement.
    Checkpoint,
    // Block-scaled formats (after Checkpoint so the older indices stay put). Stored with their
    // scales; computed natively where the device has the matching peak column, else in the
    // fastest wider format it has (estimator.cpp, resolveComputeKey):
    // - mxfp8: 32 FP8 elements + one 8-bit E8M0 scale = 8 + 8/32 = 8.25 bits (OCP MX v1.0)
    // - mxfp4: 32 FP4 (E2M1) elements + one E8M0 scale = 4 + 8/32 = 4.25 bits (OCP MX v1.0)
    // - nvfp4: 16 E2M1 elements + one E4M3 scale = 4 + 8/16 = 4.5 bits; the per-tensor FP32
    //   scale is negligible (NVIDIA, "Introducing NVFP4 ...", Table 1)
    MxFp8,
    MxFp4,
    NvFp4,
};

// Columns of a device's peak_flops table (catalog keys). The block-scaled formats come last so
// the older indices stay put; they are catalog columns only (no compute precision maps to them):
// - mxfp8, mxfp4: OCP Microscaling Formats (MX) v1.0, 32 elements share one E8M0 scale
// - nvfp4: 16 E2M1 elements share one E4M3 scale, plus an FP32 per-tensor scale (NVIDIA,
//   "Introducing NVFP4 for Efficient and Accurate Low-Precision Inference", Table 1)
// A device without the column has no native tensor path for that format.
enum class PeakKey { Fp64, Fp32, Tf32, Bf16, Fp16, Fp8, Int8, Int4, Fp4, MxFp8, MxFp4, NvFp4 };
inline constexpr std::size_t kPeakKeyCount = 12;

std::optional<Precision> parsePrecision(std::string_view name);
std::string_view precisionName(Precision precision);
// "fp32, tf32, bf16, ..." for error messages.
std::string allowedPrecisionNames(bool includeWeightOnly);

std::optional<PeakKey> parsePeakKey(std::string_view name);
std::string_view peakKeyName(PeakKey key);

// Bits per stored element, scales included, indexed by Precision. Weight-only formats:
// - q8_0: 32 int8 + one fp16 scale = 34 B / 32 = 8.5 (llama.cpp ggml-common.h block_q8_0)
// - q6_k: 210 B per 256-weight super-block = 6.5625 (block_q6_K)
// - q5_k_m: mixed Q5_K/Q6_K tensors, 5.69 bpw (llama.cpp tools/quantize README table, Llama-3-8B)
// - q4_k_m: mixed Q4_K (4.5 bpw) / Q6_K (6.5625 bpw) tensors, ~4.85 bpw (llama.cpp quantize table 4.89)
// - q4_0: 32 4-bit + fp16 scale = 18 B / 32 = 4.5 (block_q4_0)
// - awq/gptq int4, group 128: 4 + (16-bit scale + 16-bit zero) / 128 = 4.25
// - checkpoint: per module group (ModelArchitecture::checkpointBitsPerParam); 16 here only as
//   the bf16 default the memory model never reads for it
// - mxfp8 8.25, mxfp4 4.25, nvfp4 4.5 (see the enum)
// In the header because every memory probe reads it (one report in about a microsecond).
inline constexpr std::array<double, 19> kBitsPerElement{
    32, 32, 16, 16, 8, 8, 4, 4, 8.5, 6.5625, 5.69, 4.85, 4.5, 4.25, 4.25, 16, 8.25, 4.25, 4.5};
inline double bitsPerElement(Precision precision)
{
    return kBitsPerElement[static_cast<std::size_t>(precision)];
}
inline double bytesPerElement(Precision precision)
{
    return bitsPerElement(precision) / 8.0;
}

bool isWeightOnly(Precision precision);
// Peak column that executes matrix products in this precision (weight-only: none).
std::optional<PeakKey> computeKey(Precision precision);

} // namespace lhe::core
