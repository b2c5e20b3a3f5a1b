// Safetensors header: the first bytes of a .safetensors file, read into a TensorInventory
// without touching any payload byte (docs/METHOD.md "Tensor headers").
//
// The layout (huggingface/safetensors, README "Format" and safetensors/src/tensor.rs): 8 bytes,
// a little-endian unsigned 64-bit N; N bytes of UTF-8 JSON, an object mapping each tensor name to
// {"dtype", "shape", "data_offsets": [begin, end]} plus an optional "__metadata__" map of strings
// to strings; then the data section, where offsets count from its first byte. The reference
// implementation refuses headers above 100,000,000 bytes (MAX_HEADER_SIZE in tensor.rs), sizes each
// tensor as elements × the dtype's bit width / 8 (refusing a sub-byte tensor that does not end
// on a byte), and refuses offsets that do not match that size. The same checks are made here,
// with every count in checked 64-bit arithmetic, so that a hostile header is one InputError.
#pragma once

#include "core/model/tensor_inventory.h"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

// The format's own header limit (huggingface/safetensors, safetensors/src/tensor.rs, MAX_HEADER_SIZE).
inline constexpr std::uint64_t kSafetensorsMaxHeaderBytes = 100'000'000;

// Bits one element of a safetensors dtype takes ("BF16": 16, "F4": 4, "F6_E2M3": 6), 0 for a
// name the format does not define.
int safetensorsDtypeBits(std::string_view dtype);

// The header length N that the first 8 bytes of a file of `fileBytes` bytes give. InputError
// (naming `origin`) when the file is shorter than 8 bytes, when N is beyond the format's limit,
// or when 8 + N is beyond the end of the file.
std::uint64_t safetensorsHeaderLength(std::string_view first8Bytes, std::uint64_t fileBytes,
                                      const std::string& origin);

// The tensors the header JSON (the N bytes after the length) lists, in the order of their data
// in the file; `fileBytes` is the whole file's size (length prefix, header and data). Every
// problem is one InputError naming `origin` and the field (safetensors["name"].data_offsets):
// malformed JSON, an unknown dtype, a shape entry that is not a whole number of 0 or more, an
// element count that overflows, offsets that disagree with dtype × shape, that reach past the
// data section, or that overlap another tensor's. Gaps in the data section are allowed.
TensorInventory parseSafetensorsHeader(std::string_view headerJson, std::uint64_t fileBytes,
                                       const std::string& origin);

// The shard files a sharded checkpoint's model.safetensors.index.json names in its weight_map,
// each once, sorted. Each must be a plain file name ending ".safetensors" (no folder part, no
// "..", no control character), so that it can be joined to the index's folder safely.
std::vector<std::string> shardsOfIndex(const nlohmann::json& index, const std::string& origin);

} // namespace lhe::core
