// GgufFile: what a GGUF file's header says — its metadata key/values and its tensor infos —
// read from the first bytes of the file, without its payload (ggml docs/gguf.md, version 2
// and 3, little endian).
#pragma once

#include "core/model/tensor_inventory.h"

#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace lhe::core {

struct GgufFile
{
    std::uint32_t version = 0;
    // Key -> value: numbers, booleans, strings (invalid UTF-8 bytes replaced by U+FFFD) and
    // arrays. An array of strings or arrays longer than kGgufKeptArrayLength, or of numbers
    // longer than kGgufKeptNumberArrayLength, is kept as {"array_of": "string", "length": n}:
    // the tokenizer's 150 000 tokens, scores and merges say nothing this project needs, while
    // per-layer lists (head counts, FFN widths) of models deeper than 64 layers are kept.
    nlohmann::json metadata = nlohmann::json::object();
    // Format "gguf"; per tensor the ggml type name ("Q4_K"), the shape ne[0] first, elements
    // and payload bytes; fileBytes as given.
    TensorInventory inventory;
    // Where the tensor data section starts: the end of the tensor infos, rounded up to
    // general.alignment (32 when absent). Tensor offsets count from here.
    std::uint64_t dataOffset = 0;
    std::uint32_t alignment = 32;
};

inline constexpr std::size_t kGgufKeptArrayLength = 64;
inline constexpr std::size_t kGgufKeptNumberArrayLength = 4096;

// The header runs past the bytes given: read `bytes` bytes of the file (more than given, at
// most the file's size) and call parseGguf again. A header of several megabytes (a large
// vocabulary) is reached in a few rounds: the hint at least doubles what was given.
class GgufNeedMoreBytes : public std::exception
{
public:
    explicit GgufNeedMoreBytes(std::uint64_t needed) : bytes(needed) {}
    const char* what() const noexcept override { return "the GGUF header continues past the bytes read"; }
    std::uint64_t bytes;
};

// Reads the header from `prefix`, the first bytes of a file of `fileBytes` bytes (a prefix
// longer than fileBytes makes fileBytes its length). Checks the structure and that every
// tensor lies within the file, none overlapping another. A malformed or hostile header throws
// one-line InputError naming the field ("gguf.tensors[\"blk.0.attn_q.weight\"]"), said of
// `origin`; a header longer than the prefix throws GgufNeedMoreBytes, unless the prefix is the
// whole file (then it is truncated: InputError). Reads nothing outside `prefix`.
GgufFile parseGguf(std::string_view prefix, std::uint64_t fileBytes, const std::string& origin);

} // namespace lhe::core
