#include "core/common/precision.h"

namespace lhe::core {

namespace {

struct PrecisionInfo
{
    Precision precision;
    std::string_view name;
    bool weightOnly;
};

// Names and kinds; bits per element are kBitsPerElement (precision.h), in the same order.
constexpr std::array<PrecisionInfo, 19> kPrecisions{{
    {Precision::Fp32, "fp32", false},         {Precision::Tf32, "tf32", false},
    {Precision::Bf16, "bf16", false},         {Precision::Fp16, "fp16", false},
    {Precision::Fp8, "fp8", false},           {Precision::Int8, "int8", false},
    {Precision::Int4, "int4", false},         {Precision::Fp4, "fp4", false},
    {Precision::Q8_0, "q8_0", true},          {Precision::Q6_K, "q6_k", true},
    {Precision::Q5_K_M, "q5_k_m", true},      {Precision::Q4_K_M, "q4_k_m", true},
    {Precision::Q4_0, "q4_0", true},          {Precision::AwqInt4, "awq-int4", true},
    {Precision::GptqInt4, "gptq-int4", true}, {Precision::Checkpoint, "checkpoint", true},
    {Precision::MxFp8, "mxfp8", false},       {Precision::MxFp4, "mxfp4", false},
    {Precision::NvFp4, "nvfp4", false},
}};
static_assert(kPrecisions.size() == kBitsPerElement.size());
static_assert(
    [] {
        for (std::size_t i = 0; i < kPrecisions.size(); ++i)
            if (static_cast<std::size_t>(kPrecisions[i].precision) != i)
                return false;
        return true;
    }(),
    "kPrecisions and kBitsPerElement are indexed by Precision");

constexpr std::array<std::string_view, kPeakKeyCount> kPeakKeyNames{
    "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", "mxfp8", "mxfp4", "nvfp4"};
static_assert(static_cast<std::size_t>(PeakKey::NvFp4) + 1 == kPeakKeyCount,
              "kPeakKeyNames covers every PeakKey");

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

bool isWeightOnly(Precision precision)
{
    return info(precision).weightOnly;
}

std::optional<PeakKey> computeKey(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return PeakKey::Fp32;
    case Precision::Tf32:
        return PeakKey::Tf32;
    case Precision::Bf16:
        return PeakKey::Bf16;
    case Precision::Fp16:
        return PeakKey::Fp16;
    case Precision::Fp8:
        return PeakKey::Fp8;
    case Precision::Int8:
        return PeakKey::Int8;
    case Precision::Int4:
        return PeakKey::Int4;
    case Precision::Fp4:
        return PeakKey::Fp4;
    case Precision::MxFp8:
        return PeakKey::MxFp8;
    case Precision::MxFp4:
        return PeakKey::MxFp4;
    case Precision::NvFp4:
        return PeakKey::NvFp4;
    default:
        return std::nullopt;
    }
}

} // namespace lhe::core
