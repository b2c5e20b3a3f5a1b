// TensorInventory: what a checkpoint's own headers say it stores — every tensor's name, stored
// type and shape — read from a safetensors header or a GGUF file's tensor infos, before any
// payload byte (docs/METHOD.md "Tensor headers").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lhe::core {

// One stored tensor as its header describes it.
struct TensorRecord
{
    std::string name;  // "model.layers.0.self_attn.k_proj.weight", "blk.0.attn_k.weight"
    std::string dtype; // safetensors dtype ("BF16", "F8_E4M3", "U8") or ggml type ("Q4_K", "F16")
    std::vector<std::uint64_t> shape; // as the header lists it (safetensors: row-major; GGUF: ne[0] first)
    double elements = 0;              // product of shape
    double bytes = 0;                 // bytes the payload takes in the file
};

struct TensorInventory
{
    std::string format;                // "safetensors" or "gguf"
    std::vector<TensorRecord> tensors; // in header order (a sharded checkpoint: shard by shard)
    double fileBytes = 0;              // size of the file(s) the headers came from (0: unknown)
};

} // namespace lhe::core
