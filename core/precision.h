// Numeric formats: storage size (real bits per element, including block scales for the
// weight-only formats) and which peak-throughput column of a device computes them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace lhe::core {

enum class Precision {
    Fp32, Tf32, Bf16, Fp16, Fp8, Int8, Int4, Fp4,
    // Weight-only formats: stored compressed, computed in the scenario's compute precision.
    Q8_0, Q6_K, Q5_K_M, Q4_K_M, Q4_0, AwqInt4, GptqInt4,
};

// Columns of a device's peak_flops table (catalog keys).
enum class PeakKey { Fp64, Fp32, Tf32, Bf16, Fp16, Fp8, Int8, Int4, Fp4 };
inline constexpr std::size_t kPeakKeyCount = 9;

std::optional<Precision> parsePrecision(std::string_view name);
std::string_view precisionName(Precision precision);
// "fp32, tf32, bf16, ..." for error messages.
std::string allowedPrecisionNames(bool includeWeightOnly);

std::optional<PeakKey> parsePeakKey(std::string_view name);
std::string_view peakKeyName(PeakKey key);

// Bits per stored element, scales included (llama.cpp ggml-common.h block layouts; AWQ/GPTQ
// group 128 with fp16 scale and zero point).
double bitsPerElement(Precision precision);
inline double bytesPerElement(Precision precision) { return bitsPerElement(precision) / 8.0; }

bool isWeightOnly(Precision precision);
// Peak column that executes matrix products in this precision (weight-only: none).
std::optional<PeakKey> computeKey(Precision precision);

} // namespace lhe::core
