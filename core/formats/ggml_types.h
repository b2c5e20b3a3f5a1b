// GgmlType: the tensor storage types of ggml (the library behind llama.cpp), as GGUF files name
// them by number in their tensor infos: how many elements one block holds and how many bytes it
// takes, so that a tensor's payload size follows from its shape alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lhe::core {

struct GgmlType
{
    std::string_view name;           // "F16", "Q4_K", "MXFP4" (gguf-py's spelling of enum ggml_type)
    std::uint32_t id = 0;            // the enum ggml_type value a GGUF tensor info stores
    std::uint64_t blockElements = 1; // elements per block (1 for plain types)
    std::uint64_t blockBytes = 0;    // bytes per block, scales included
};

// The type with this id, or nullopt for ids ggml never had or has removed (4, 5: Q4_2/Q4_3;
// 31-33, 36-38: the repacked Q4_0/IQ4_NL layouts, which GGUF files no longer store).
std::optional<GgmlType> ggmlType(std::uint32_t id);

// Bytes `elements` take in this type: elements / blockElements whole blocks (the GGUF reader
// refuses a row, ne[0], that is not a multiple of the block).
double ggmlTensorBytes(const GgmlType& type, double elements);

} // namespace lhe::core
