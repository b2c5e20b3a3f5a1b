// TensorSummary: what a checkpoint's tensor headers say per module group — parameters and
// stored bytes of the embedding, attention, MLP, experts, ... — and per decoder layer (K/V
// widths, whether it has attention or a linear mixer, its routed experts), so that the
// estimate can use the checkpoint as stored instead of what its config.json implies.
//
// Groups are told apart by tensor name, in Hugging Face naming (model.layers.N.self_attn.q_proj,
// mlp.experts.E.up_proj, ...) and in llama.cpp's GGUF naming (blk.N.attn_q, ffn_up_exps, ...);
// multimodal wrappers (model.language_model., language_model.model.) are read through. A decoder
// layer whose index is at or past TensorSummaryHints::layers is a multi-token-prediction module
// (DeepSeek-V3 stores its MTP module as model.layers.61 of a 61-layer model).
//
// Parameters versus stored elements. The bytes of a tensor are what the header says it takes;
// its parameters are the weights it stands for:
// - Quantization auxiliaries stand for no weight of their own: their bytes count in the group of
//   the module they belong to, their parameters are 0. These are block and group scales (names
//   ending "_scales", ".scales", weight_scale, weight_scale_inv, weight_scale_2, input_scale,
//   k_scale, v_scale, the compressed-tensors global scales), zero points (qzeros,
//   weight_zero_point), GPTQ's act-order permutation (g_idx, weight_g_idx), weight_shape, and
//   bitsandbytes' state (absmax, quant_map, nested_absmax, nested_quant_map, quant_state.*, SCB,
//   weight_format).
// - Packed tensors hold more than one weight per stored element:
//   * gpt-oss's MXFP4 experts ("_blocks", U8): two 4-bit e2m1 values per byte, with one shared
//     8-bit exponent per 32 values stored apart in "_scales" (OpenAI, gpt-oss model card §2,
//     "Quantization"; OCP Microscaling Formats v1.0).
//   * GPTQ and AWQ "qweight" and compressed-tensors' pack-quantized "weight_packed" (I32): 32 /
//     bits weights per 32-bit word (AutoGPTQ's packing of int4/int8 along one matrix axis).
//   * bitsandbytes 4-bit (nf4/fp4): a U8 "weight" next to its ".absmax" or
//     ".quant_state.bitsandbytes__nf4/fp4" holds two 4-bit codes per byte (bitsandbytes
//     Params4bit).
//   * NVIDIA ModelOpt / compressed-tensors NVFP4: a U8 "weight" (or "weight_packed") whose
//     "weight_scale" is stored as F8_E4M3 holds two e2m1 values per byte, with one fp8 scale
//     per 16 values.
//   * dtype F4 (safetensors' own fp4 element) counts one weight per element, two per byte.
// - GGUF tensors: the ggml type already encodes the packing, so parameters are elements and
//   bytes are what the tensor record says.
#pragma once

#include "core/model/tensor_inventory.h"
#include "core/model/weight_group.h"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace lhe::core {

// What only the config knows.
struct TensorSummaryHints
{
    long long layers = 0;     // decoder layers of the main model (0: unknown, no MTP by index)
    int quantizationBits = 4; // bits of packed integer formats (gptq, awq, compressed-tensors): 4 or 8
};

// One decoder layer as its tensors show it.
struct LayerTensors
{
    long long index = 0;
    long long kWidth = 0;        // output features of k_proj / attn_k (MLA: kv_lora_rank + rope dim)
    long long vWidth = 0;        // output features of v_proj / attn_v (MLA: 0)
    bool mla = false;            // kv_a_proj_with_mqa / attn_kv_a_mqa seen
    bool hasAttention = false;   // softmax attention tensors
    bool hasLinearMixer = false; // linear attention, Mamba, SSM tensors
    long long routedExperts = 0; // experts of this layer (0: dense)

    bool operator==(const LayerTensors&) const = default;
};

struct TensorSummary
{
    std::string format; // the inventory's: "safetensors" or "gguf"
    double tensors = 0; // tensors read
    double paramsTotal = 0;
    double bytesTotal = 0;
    std::array<double, kWeightGroupCount> paramsByGroup{};
    std::array<double, kWeightGroupCount> bytesByGroup{};
    // Tensors no rule places in a group: counted in the totals, their first names kept.
    double paramsUnclassified = 0;
    double bytesUnclassified = 0;
    std::vector<std::string> unclassified; // at most kMaxUnclassifiedNames
    long long routedExperts = 0;           // experts per MoE layer, the most of any layer (0: dense)
    std::vector<LayerTensors> layers;      // one per decoder layer index seen, ascending (MTP apart)

    double params(WeightGroup g) const { return paramsByGroup[static_cast<std::size_t>(g)]; }
    double bytes(WeightGroup g) const { return bytesByGroup[static_cast<std::size_t>(g)]; }
};

inline constexpr std::size_t kMaxUnclassifiedNames = 20;

TensorSummary summariseTensors(const TensorInventory& inventory, const TensorSummaryHints& hints);

// The summary as the scenario file stores it (no per-tensor list), and back. Reading is strict:
// a missing, unknown or impossible field throws InputError naming it under `path`.
nlohmann::json toJson(const TensorSummary& summary);
TensorSummary tensorSummaryFromJson(const nlohmann::json& value, const std::string& path);

} // namespace lhe::core
