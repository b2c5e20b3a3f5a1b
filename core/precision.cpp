#include "core/precision.h"

namespace lhe::core {

namespace {

struct PrecisionInfo {
    Precision precision;
    std::string_view name;
    double bits;
    bool weightOnly;
};

// Bits per weight of the weight-only formats:
// - q8_0: 32 int8 + one fp16 scale = 34 B / 32 = 8.5 (llama.cpp ggml-common.h block_q8_0)
// - q6_k: 210 B per 256-weight super-block = 6.5625 (block_q6_K)
// - q5_k_m: mixed Q5_K/Q6_K tensors, 5.69 bpw (llama.cpp tools/quantize README table, Llama-3-8B)
// - q4_k_m: mixed Q4_K/Q6_K tensors, ~4.85 bpw (ESTIMATION.md §2; llama.cpp quantize table 4.89)
// - q4_0: 32 4-bit + fp16 scale = 18 B / 32 = 4.5 (block_q4_0)
// - awq/gptq int4, group 128: 4 + (16-bit scale + 16-bit zero) / 128 = 4.25
constexpr std::array<PrecisionInfo, 15> kPrecisions{{
    {Precision::Fp32, "fp32", 32, false},     {Precision::Tf32, "tf32", 32, false},
    {Precision::Bf16, "bf16", 16, false},     {Precision::Fp16, "fp16", 16, false},
    {Precision::Fp8, "fp8", 8, false},        {Precision::Int8, "int8", 8, false},
    {Precision::Int4, "int4", 4, false},      {Precision::Fp4, "fp4", 4, false},
    {Precision::Q8_0, "q8_0", 8.5, true},     {Precision::Q6_K, "q6_k", 6.5625, true},
    {Precision::Q5_K_M, "q5_k_m", 5.69, true}, {Precision::Q4_K_M, "q4_k_m", 4.85, true},
    {Precision::Q4_0, "q4_0", 4.5, true},     {Precision::AwqInt4, "awq-int4", 4.25, true},
    {Precision::GptqInt4, "gptq-int4", 4.25, true},
}};

constexpr std::array<std::string_view, kPeakKeyCount> kPeakKeyNames{"fp64", "fp32", "tf32", "bf16", "fp16",
                                                                     "fp8",  "int8", "int4", "fp4"};

const PrecisionInfo& info(Precision precision)
{
    return kPrecisions[static_cast<std::size_t>(precision)];
}

} // namespace

std::optional<Precision> parsePrecision(std::string_view name)
{
    for (const auto& entry : kPrecisions) {
        if (entry.name == name)
            return entry.precision;
    }
    return std::nullopt;
}

std::string_view precisionName(Precision precision)
{
    return info(precision).name;
}

std::string allowedPrecisionNames(bool includeWeightOnly)
{
    std::string result;
    for (const auto& entry : kPrecisions) {
        if (entry.weightOnly && !includeWeightOnly)
            continue;
        if (!result.empty())
            result += ", ";
        result += entry.name;
    }
    return result;
}

std::optional<PeakKey> parsePeakKey(std::string_view name)
{
    for (std::size_t i = 0; i < kPeakKeyNames.size(); ++i) {
        if (kPeakKeyNames[i] == name)
            return static_cast<PeakKey>(i);
    }
    return std::nullopt;
}

std::string_view peakKeyName(PeakKey key)
{
    return kPeakKeyNames[static_cast<std::size_t>(key)];
}

double bitsPerElement(Precision precision)
{
    return info(precision).bits;
}

bool isWeightOnly(Precision precision)
{
    return info(precision).weightOnly;
}

std::optional<PeakKey> computeKey(Precision precision)
{
    switch (precision) {
    case Precision::Fp32: return PeakKey::Fp32;
    case Precision::Tf32: return PeakKey::Tf32;
    case Precision::Bf16: return PeakKey::Bf16;
    case Precision::Fp16: return PeakKey::Fp16;
    case Precision::Fp8: return PeakKey::Fp8;
    case Precision::Int8: return PeakKey::Int8;
    case Precision::Int4: return PeakKey::Int4;
    case Precision::Fp4: return PeakKey::Fp4;
    default: return std::nullopt;
    }
}

} // namespace lhe::core
