#include "core/formats/ggml_types.h"

#include <array>

namespace lhe::core {

namespace {

// Block geometry of every type of ggml's enum ggml_type (ggml/include/ggml.h), checked against
// the block structs of ggml/src/ggml-common.h (a ggml_half is 2 bytes) and ggml.c's type_traits
// table. Bytes are the struct's fields added up:
//   Q4_0  32 elements: one half scale + 16 bytes of nibbles              = 18
//   Q4_1  32: scale and min halves + 16 nibble bytes                     = 20
//   Q5_0  32: half scale + 4 bytes of fifth bits + 16 nibble bytes       = 22
//   Q5_1  32: scale and min + 4 + 16                                     = 24
//   Q8_0  32: half scale + 32 int8                                       = 34
//   Q8_1  32: scale and sum halves + 32 int8                             = 36
//   K-quants, super-blocks of QK_K = 256 (K_SCALE_SIZE = 12):
//   Q2_K  16 scale bytes + 64 quant bytes + d and dmin                   = 84
//   Q3_K  32 high-bit bytes + 64 low-bit bytes + 12 scales + half d      = 110
//   Q4_K  d and dmin + 12 scales + 128 nibble bytes                      = 144
//   Q5_K  d and dmin + 12 scales + 32 high-bit bytes + 128 nibble bytes  = 176
//   Q6_K  128 low-nibble bytes + 64 high-bit bytes + 16 int8 scales + d  = 210
//   Q8_K  float d + 256 int8 + 16 int16 block sums                       = 292
//   IQ2_XXS  half d + 32 uint16                                          = 66
//   IQ2_XS   half d + 32 uint16 + 8 scales                               = 74
//   IQ2_S    half d + 64 quants + 8 high bits + 8 scales                 = 82
//   IQ3_XXS  half d + 96 bytes                                           = 98
//   IQ3_S    half d + 64 + 8 + 32 signs + 4 scales                       = 110
//   IQ1_S    half d + 32 bytes + 8 uint16                                = 50
//   IQ1_M    32 + 16 + 8 (the scale lives in the scale bits)             = 56
//   IQ4_NL   32 elements: half d + 16 nibble bytes                       = 18
//   IQ4_XS   half d + uint16 high scales + 4 low scales + 128 nibbles    = 136
//   TQ1_0    (256 - 16) / 5 = 48 base-3 bytes + 4 bytes + half d         = 54
//   TQ2_0    64 bytes of 2-bit values + half d                           = 66
//   MXFP4    32 elements: one E8M0 exponent byte + 16 nibble bytes       = 17
//   NVFP4    64 elements: 4 E4M3 scale bytes (one per 16) + 32 nibbles   = 36
//   Q1_0     128 elements: half d + 16 bytes of sign bits                = 18
//   Q2_0     64 elements: half d + 16 bytes of 2-bit values              = 18
constexpr std::array kTypes{
    GgmlType{"F32", 0, 1, 4},         GgmlType{"F16", 1, 1, 2},         GgmlType{"Q4_0", 2, 32, 18},
    GgmlType{"Q4_1", 3, 32, 20},      GgmlType{"Q5_0", 6, 32, 22},      GgmlType{"Q5_1", 7, 32, 24},
    GgmlType{"Q8_0", 8, 32, 34},      GgmlType{"Q8_1", 9, 32, 36},      GgmlType{"Q2_K", 10, 256, 84},
    GgmlType{"Q3_K", 11, 256, 110},   GgmlType{"Q4_K", 12, 256, 144},   GgmlType{"Q5_K", 13, 256, 176},
    GgmlType{"Q6_K", 14, 256, 210},   GgmlType{"Q8_K", 15, 256, 292},   GgmlType{"IQ2_XXS", 16, 256, 66},
    GgmlType{"IQ2_XS", 17, 256, 74},  GgmlType{"IQ3_XXS", 18, 256, 98}, GgmlType{"IQ1_S", 19, 256, 50},
    GgmlType{"IQ4_NL", 20, 32, 18},   GgmlType{"IQ3_S", 21, 256, 110},  GgmlType{"IQ2_S", 22, 256, 82},
    GgmlType{"IQ4_XS", 23, 256, 136}, GgmlType{"I8", 24, 1, 1},         GgmlType{"I16", 25, 1, 2},
    GgmlType{"I32", 26, 1, 4},        GgmlType{"I64", 27, 1, 8},        GgmlType{"F64", 28, 1, 8},
    GgmlType{"IQ1_M", 29, 256, 56},   GgmlType{"BF16", 30, 1, 2},       GgmlType{"TQ1_0", 34, 256, 54},
    GgmlType{"TQ2_0", 35, 256, 66},   GgmlType{"MXFP4", 39, 32, 17},    GgmlType{"NVFP4", 40, 64, 36},
    GgmlType{"Q1_0", 41, 128, 18},    GgmlType{"Q2_0", 42, 64, 18},
};

} // namespace

std::optional<GgmlType> ggmlType(std::uint32_t id)
{
    for (const GgmlType& type : kTypes)
        if (type.id == id)
            return type;
    return std::nullopt;
}

double ggmlTensorBytes(const GgmlType& type, double elements)
{
    return elements / static_cast<double>(type.blockElements) * static_cast<double>(type.blockBytes);
}

} // namespace lhe::core
