#include "core/model/checkpoint_format.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/common/precision.h"
#include "core/model/module_patterns.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>

namespace lhe::core {

namespace {

using json_fields::join;
using json_fields::joinIndex;
using nlohmann::json;

using G = WeightGroup;
std::size_t groupIndex(G group)
{
    return static_cast<std::size_t>(group);
}

// The groups made of nn.Linear modules: what "quantize every Linear" methods convert.
// Embeddings are nn.Embedding and norms are not matrices. The router is left out on purpose:
// in the families counted here it is either not an nn.Linear (DeepSeek-V3's Gate and gpt-oss'
// GptOssTopKRouter hold a bare weight Parameter, deepseek-ai/DeepSeek-V3 inference/model.py),
// or the checkpoint's ignore list names it ("re:.*mlp.gate$", "*router*" in TensorRT Model
// Optimizer's default disabled quantizers), and vLLM builds MoE gates with quant_config=None.
// It is under 0.1% of a MoE's parameters, so this choice does not move a total.
constexpr std::array kLinearGroups{G::Attention, G::DenseMlp, G::SharedExperts, G::RoutedExperts, G::LmHead,
                                   G::Vision,    G::Mtp};
// The decoder-layer Linears GPTQ and AWQ quantize (AutoGPTQ / AutoAWQ walk model.layers only:
// no lm_head, no vision tower, no MTP head).
constexpr std::array kDecoderLinearGroups{G::Attention, G::DenseMlp, G::SharedExperts, G::RoutedExperts};

// Vision towers and MTP heads reuse the decoder's module names (self_attn, mlp), so a list
// written for the text model always touches part of them: no warning about those.
bool warnsWhenPartial(G group)
{
    return group != G::Vision && group != G::Mtp;
}

std::string groupLabel(G group)
{
    std::string label(weightGroupName(group));
    std::replace(label.begin(), label.end(), '_', ' ');
    return label;
}

// The same words as a translatable phrase, for warnings.
Message groupPhrase(G group)
{
    switch (group) {
    case G::Embedding:
        return message(LHE_TEXT("CoreMessage", "embedding"));
    case G::LmHead:
        return message(LHE_TEXT("CoreMessage", "lm head"));
    case G::Attention:
        return message(LHE_TEXT("CoreMessage", "attention"));
    case G::DenseMlp:
        return message(LHE_TEXT("CoreMessage", "dense mlp"));
    case G::SharedExperts:
        return message(LHE_TEXT("CoreMessage", "shared experts"));
    case G::RoutedExperts:
        return message(LHE_TEXT("CoreMessage", "routed experts"));
    case G::Router:
        return message(LHE_TEXT("CoreMessage", "router"));
    case G::Norms:
        return message(LHE_TEXT("CoreMessage", "norms"));
    case G::Vision:
        return message(LHE_TEXT("CoreMessage", "vision"));
    case G::Mtp:
        return message(LHE_TEXT("CoreMessage", "mtp"));
    }
    return message(LHE_TEXT("CoreMessage", "embedding"));
}

// ---- formats ----------------------------------------------------------------------------------

using Formats = std::array<GroupFormat, kWeightGroupCount>;

struct Reader
{
    const json& q;           // the quantization_config object
    const std::string& path; // its field path
    const GroupFormat& base; // torch_dtype
    std::vector<Message>& warnings;
};

// Puts the groups an ignore / not-convert list covers back at torch_dtype.
void exclude(Formats& formats, const Reader& r, const std::string& key)
{
    const auto patterns = readPatterns(r.q, key, r.path);
    const CoverageByGroup coverage = coverageOf(patterns);
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        if (formats[g].format == r.base.format)
            continue;
        if (coverage[g] == Coverage::Full) {
            formats[g] = r.base;
        } else if (coverage[g] == Coverage::Partial && warnsWhenPartial(static_cast<G>(g))) {
            r.warnings.push_back(message(
                LHE_TEXT("CoreMessage", "%1 keeps part of the %2 at %3; the whole group is counted as %4"),
                join(r.path, key), groupPhrase(static_cast<G>(g)), r.base.format, formats[g].format));
        }
    }
}

template <std::size_t N>
void assign(Formats& formats, const std::array<G, N>& groups, const GroupFormat& format)
{
    for (G group : groups)
        formats[groupIndex(group)] = format;
}

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

// weight_block_size / block_structure: [rows, columns], each a whole number >= 1.
std::pair<long long, long long> readBlock(const json& object, const std::string& key, const std::string& path)
{
    const json& value = json_fields::requireMember(object, key, path);
    constexpr double kMaxBlock = 1 << 20;
    const auto whole = [&](const json& side) {
        return side.is_number() && side.get<double>() >= 1 && side.get<double>() <= kMaxBlock &&
               side.get<double>() == static_cast<double>(static_cast<long long>(side.get<double>()));
    };
    if (!value.is_array() || value.size() != 2 || !whole(value[0]) || !whole(value[1]))
        throw InputError(
            join(path, key),
            message(LHE_TEXT("CoreMessage",
                             "expected [rows, columns] of whole numbers from 1 to 1048576, got %1"),
                    value.dump()));
    return {static_cast<long long>(value[0].get<double>()), static_cast<long long>(value[1].get<double>())};
}

// group_size: a positive group, or -1 for one scale per output channel.
long long readGroupSize(const json& object, const std::string& key, const std::string& path,
                        long long fallback)
{
    const auto size = json_fields::optionalInteger(object, key, path, -1, 1 << 20).value_or(fallback);
    if (size == 0)
        throw InputError(
            join(path, key),
            message(LHE_TEXT("CoreMessage",
                             "must be -1 (one scale per output channel) or a group size >= 1, got 0")));
    return size;
}

// Storage bits of a torch dtype name as compressed-tensors writes scale_dtype ("torch.uint8").
std::optional<double> torchDtypeBits(std::string name)
{
    if (name.rfind("torch.", 0) == 0)
        name = name.substr(6);
    if (name == "uint8" || name == "int8" || name == "float8_e4m3fn" || name == "float8_e8m0fnu" ||
        name == "float8_e5m2")
        return 8;
    if (name == "bfloat16" || name == "float16" || name == "half")
        return 16;
    if (name == "float32" || name == "float")
        return 32;
    return std::nullopt;
}

// ---- mxfp4 (gpt-oss) ----
void readMxfp4(Formats& formats, const Reader& r)
{
    // OCP Microscaling Formats (MX) Specification v1.0, §5 Table 1: an MXFP4 block is 32 FP4 (E2M1) elements
    // sharing one 8-bit E8M0 scale, 4 + 8/32 = 4.25 bits. transformers' Mxfp4HfQuantizer converts only the
    // GptOssExperts modules (param_needs_quantization: Mxfp4GptOssExperts, their biases excluded;
    // integrations/mxfp4.py replaces GptOssExperts and nothing else), so attention, router, embeddings and
    // lm_head stay at torch_dtype whatever modules_to_not_convert says.
    formats[groupIndex(G::RoutedExperts)] = {"mxfp4", 4.0 + 8.0 / 32.0};
    exclude(formats, r, "modules_to_not_convert");
}

// ---- gguf (llama.cpp; this project's own form, docs/CONTRACT.md §2.8) ----
void readGguf(Formats& formats, const Reader& r)
{
    // A GGUF file carries no config.json: whoever describes one lists each weight group's
    // format as the file's tensor list gives it ({"attention": "q8_0", "routed_experts":
    // "mxfp4"}); unlisted groups stay at torch_dtype. Bits per weight are ggml's block sizes
    // (precision.h): Q8_0 = 32 int8 + one fp16 scale = 8.5 bits.
    const std::string path = join(r.path, "group_formats");
    const json& listed =
        json_fields::requireObject(json_fields::requireMember(r.q, "group_formats", r.path), path);
    for (const auto& [name, value] : listed.items()) {
        std::optional<std::size_t> group;
        for (std::size_t g = 0; g < kWeightGroupCount; ++g)
            if (weightGroupName(static_cast<G>(g)) == name)
                group = g;
        if (!group)
            throw InputError(
                join(path, name),
                message(LHE_TEXT("CoreMessage", "not a weight group: use embedding, lm_head, "
                                                "attention, dense_mlp, shared_experts, "
                                                "routed_experts, router, norms, vision or mtp")));
        const std::string format = value.is_string() ? value.get<std::string>() : value.dump();
        const std::optional<Precision> precision = parsePrecision(format);
        if (!value.is_string() || !precision || *precision == Precision::Checkpoint)
            throw InputError(
                join(path, name),
                message(LHE_TEXT("CoreMessage", "not a weight format: use q8_0, q6_k, q5_k_m, "
                                                "q4_k_m, q4_0, mxfp4, bf16, fp16 or fp32, got %1"),
                        elided(format)));
        formats[*group] = {format, bitsPerElement(*precision)};
    }
}

// ---- fp8 (DeepSeek-V3/R1, Kimi K2, MiniMax-M2, Qwen3-FP8: transformers' FineGrainedFP8) ----
void readFp8(Formats& formats, const Reader& r)
{
    const std::string fmt = json_fields::optionalString(r.q, "fmt", r.path, "e4m3");
    const std::string element = fmt.find("e5m2") != std::string::npos ? "fp8_e5m2" : "fp8_e4m3";
    GroupFormat format{element, 8};
    if (r.q.contains("weight_block_size") && !r.q["weight_block_size"].is_null()) {
        const auto [rows, columns] = readBlock(r.q, "weight_block_size", r.path);
        // DeepSeek-V3 README_WEIGHTS.md "FP8 Weight Documentation": e4m3 weights with one
        // float32 weight_scale_inv per 128x128 block, 8 + 32/16384 bits.
        format.format += "_block" + std::to_string(rows) + "x" + std::to_string(columns);
        format.bitsPerParam = 8.0 + 32.0 / (static_cast<double>(rows) * static_cast<double>(columns));
    }
    // Without a block size, one scale per tensor: 8 bits.
    // Every nn.Linear but lm_head (transformers adds the output embeddings to
    // modules_to_not_convert; DeepSeek's lm_head.weight has no scale). The MTP layer is
    // stored like the others (model.layers.61.* carries weight_scale_inv).
    assign(formats, kLinearGroups, format);
    formats[groupIndex(G::LmHead)] = r.base;
    exclude(formats, r, "modules_to_not_convert");
    exclude(formats, r, "ignored_layers");
}

// ---- compressed-tensors (llm-compressor) ----
GroupFormat compressedTensorsWeights(const json& weights, const std::string& path, const std::string& storage,
                                     const Reader& r)
{
    json_fields::requireObject(weights, path);
    const std::string type = json_fields::optionalString(weights, "type", path, "int");
    if (type != "int" && type != "float")
        throw InputError(
            join(path, "type"),
            message(LHE_TEXT("CoreMessage", "expected \"int\" or \"float\", got \"%1\""), elided(type)));
    const auto numBits = json_fields::requireInteger(weights, "num_bits", path, 1, 8);
    if (type == "float" && numBits != 4 && numBits != 8)
        throw InputError(
            join(path, "num_bits"),
            message(LHE_TEXT("CoreMessage", "float weights are 4 or 8 bits (fp4 e2m1, fp8), got %1"),
                    numBits));
    const std::string strategy = json_fields::optionalString(weights, "strategy", path, "tensor");
    const bool symmetric = json_fields::optionalBool(weights, "symmetric", path).value_or(true);

    long long groupSize = 0, blockRows = 0, blockColumns = 0;
    if (strategy == "group" || strategy == "tensor_group") {
        groupSize = json_fields::requireInteger(weights, "group_size", path, 1, 1 << 20);
    } else if (strategy == "block") {
        std::tie(blockRows, blockColumns) = readBlock(weights, "block_structure", path);
    } else if (strategy != "tensor" && strategy != "channel") {
        throw InputError(join(path, "strategy"),
                         message(LHE_TEXT("CoreMessage", "expected \"tensor\", \"channel\", \"group\", "
                                                         "\"tensor_group\" or \"block\", got \"%1\""),
                                 elided(strategy)));
    }

    // Scales: what scale_dtype says; else NVFP4's fp8 E4M3 per 16 (NVIDIA Transformer Engine
    // NVFP4 docs: 16 E2M1 values per E4M3 scale) and MXFP4's E8M0 per 32 (OCP MX v1.0); else the weight's
    // own dtype, in which compressed-tensors creates the scale (lifecycle/initialize.py).
    double scaleBits = r.base.bitsPerParam;
    if (type == "float" && numBits == 4 && (groupSize == 16 || groupSize == 32))
        scaleBits = 8;
    if (const std::string scaleDtype = json_fields::optionalString(weights, "scale_dtype", path, "");
        !scaleDtype.empty()) {
        if (const auto bits = torchDtypeBits(scaleDtype))
            scaleBits = *bits;
        else
            r.warnings.push_back(
                message(LHE_TEXT("CoreMessage", "%1 \"%2\" is not understood; scales counted at %3 bits"),
                        join(path, "scale_dtype"), elided(scaleDtype), scaleBits));
    }

    // Elements: pack-quantized packs num_bits into int32 words; nvfp4/mxfp4-pack-quantized two
    // fp4 values per byte; float-quantized stores fp8; int-/naive-quantized one int8 each
    // (compressors/quantized_compressors/*.py).
    double elementBits = static_cast<double>(numBits);
    if (storage == "int-quantized" || storage == "naive-quantized" || storage == "float-quantized")
        elementBits = 8;

    GroupFormat format;
    if (type == "float" && numBits == 4)
        format.format = groupSize == 16 ? "nvfp4" : groupSize == 32 ? "mxfp4" : "fp4";
    else
        format.format = (type == "float" ? "fp8_e4m3" : "int" + std::to_string(numBits));
    double bits = elementBits;
    if (strategy == "group") {
        // One scale per group of group_size inputs, and one zero point when asymmetric,
        // packed at num_bits (pack_quantized.py packs weight_zero_point with pack_to_int32).
        bits += scaleBits / static_cast<double>(groupSize);
        if (!symmetric)
            bits += static_cast<double>(numBits) / static_cast<double>(groupSize);
        if (format.format.rfind("int", 0) == 0 || format.format == "fp8_e4m3")
            format.format += "_g" + std::to_string(groupSize);
    } else if (strategy == "tensor_group") {
        // A scale per group plus one fp32 global scale per tensor (negligible).
        bits += scaleBits / static_cast<double>(groupSize);
    } else if (strategy == "block") {
        bits += scaleBits / (static_cast<double>(blockRows) * static_cast<double>(blockColumns));
        format.format += "_block" + std::to_string(blockRows) + "x" + std::to_string(blockColumns);
    } else if (strategy == "channel") {
        // One scale (and zero) per output row of thousands of inputs: under 0.01 bit.
        format.format += "_channel";
    }
    if (!symmetric && type == "int")
        format.format += "_asym";
    format.bitsPerParam = bits;
    return format;
}

void readCompressedTensors(Formats& formats, const Reader& r)
{
    const std::string status = json_fields::optionalString(r.q, "quantization_status", r.path, "compressed");
    if (status != "compressed") {
        r.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 \"%2\": the weights are stored uncompressed, counted at %3"),
                    join(r.path, "quantization_status"), elided(status), r.base.format));
        return;
    }
    const std::string storage = json_fields::optionalString(r.q, "format", r.path, "");
    if (storage == "dense") {
        r.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 \"%2\": the weights are stored uncompressed, counted at %3"),
                    join(r.path, "format"), storage, r.base.format));
        return;
    }
    const std::string groupsPath = join(r.path, "config_groups");
    if (!r.q.contains("config_groups") || r.q["config_groups"].is_null() || r.q["config_groups"].empty()) {
        r.warnings.push_back(message(LHE_TEXT("CoreMessage", "%1 is empty: weights counted at %2"),
                                     groupsPath, r.base.format));
        return;
    }
    const json& groups = json_fields::requireObject(r.q["config_groups"], groupsPath);
    for (const auto& [name, group] : groups.items()) {
        const std::string groupPath = join(groupsPath, name);
        json_fields::requireObject(group, groupPath);
        if (!group.contains("weights") || group["weights"].is_null())
            continue; // activation-only scheme
        const std::string groupStorage = json_fields::optionalString(group, "format", groupPath, storage);
        const GroupFormat format =
            compressedTensorsWeights(group["weights"], join(groupPath, "weights"), groupStorage, r);
        const auto targets = json_fields::optionalStringList(group, "targets", groupPath);
        for (std::size_t i = 0; i < targets.size(); ++i) {
            const std::string& target = targets[i];
            const std::string targetPath = joinIndex(join(groupPath, "targets"), i);
            if (target == "Linear") {
                assign(formats, kLinearGroups, format);
                continue;
            }
            const bool className = target.rfind("re:", 0) != 0 && target.find('.') == std::string::npos &&
                                   !target.empty() && std::isupper(static_cast<unsigned char>(target[0]));
            if (className) {
                r.warnings.push_back(
                    message(LHE_TEXT("CoreMessage", "%1 \"%2\" names a module class this "
                                                    "estimate does not map; those modules are "
                                                    "counted at %3"),
                            targetPath, elided(target), r.base.format));
                continue;
            }
            const CoverageByGroup coverage = coverageOf({ModulePattern(target, targetPath)});
            for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
                if (coverage[g] == Coverage::None)
                    continue;
                formats[g] = format;
                if (coverage[g] == Coverage::Partial && warnsWhenPartial(static_cast<G>(g)))
                    r.warnings.push_back(message(
                        LHE_TEXT("CoreMessage", "%1 covers part of the %2; the whole group is counted as %3"),
                        targetPath, groupPhrase(static_cast<G>(g)), format.format));
            }
        }
    }
    exclude(formats, r, "ignore");
}

// ---- modelopt (NVIDIA TensorRT Model Optimizer) ----
void readModelopt(Formats& formats, const Reader& outer)
{
    // hf_quant_config.json nests the block under "quantization"; config.json has it flat.
    const bool nested = outer.q.contains("quantization") && outer.q["quantization"].is_object();
    const std::string path = nested ? join(outer.path, "quantization") : outer.path;
    const Reader r{nested ? outer.q["quantization"] : outer.q, path, outer.base, outer.warnings};
    std::string algo = json_fields::optionalString(r.q, "quant_algo", r.path, "");
    std::transform(algo.begin(), algo.end(), algo.begin(), [](unsigned char c) { return std::toupper(c); });
    GroupFormat format;
    if (algo == "NVFP4" || algo == "W4A16_NVFP4") {
        // NVFP4 (NVIDIA Transformer Engine docs, "NVFP4"): 16 E2M1 values share one fp8 E4M3
        // scale, plus an fp32 scale per tensor: 4 + 8/16 = 4.5 bits.
        const long long group =
            json_fields::optionalInteger(r.q, "group_size", r.path, 1, 1 << 20).value_or(16);
        format = {"nvfp4", 4.0 + 8.0 / static_cast<double>(group)};
    } else if (algo == "FP8") {
        format = {"fp8_e4m3", 8}; // one fp32 scale per tensor
    } else {
        r.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 \"%2\" is not understood; weights counted at %3"),
                    join(r.path, "quant_algo"), elided(algo), r.base.format));
        return;
    }
    // Every Linear but lm_head: Model Optimizer's default configs disable "*lm_head*" (and
    // "*router*", "*mlp.gate.*") quantizers (modelopt/torch/quantization/config.py).
    assign(formats, kLinearGroups, format);
    formats[groupIndex(G::LmHead)] = r.base;
    exclude(formats, r, "exclude_modules");
    exclude(formats, r, "ignore");
}

// ---- bitsandbytes ----
void readBitsAndBytes(Formats& formats, const Reader& r)
{
    auto flag = [&](const char* key) {
        return json_fields::optionalBool(r.q, key, r.path)
            .value_or(json_fields::optionalBool(r.q, std::string("_") + key, r.path).value_or(false));
    };
    const bool in4 = flag("load_in_4bit");
    const bool in8 = flag("load_in_8bit");
    if (in4 && in8)
        throw InputError(
            join(r.path, "load_in_8bit"),
            message(LHE_TEXT("CoreMessage", "load_in_4bit and load_in_8bit cannot both be true")));
    GroupFormat format;
    if (in4) {
        // transformers' BitsAndBytesConfig defaults bnb_4bit_quant_type to "fp4".
        const std::string type = json_fields::optionalString(r.q, "bnb_4bit_quant_type", r.path, "fp4");
        if (type != "nf4" && type != "fp4")
            throw InputError(
                join(r.path, "bnb_4bit_quant_type"),
                message(LHE_TEXT("CoreMessage", "expected \"nf4\" or \"fp4\", got \"%1\""), elided(type)));
        const bool doubleQuant =
            json_fields::optionalBool(r.q, "bnb_4bit_use_double_quant", r.path).value_or(false);
        // Dettmers et al. 2023, QLoRA §3: 4-bit values in blocks of 64 with an fp32 absmax each,
        // 4 + 32/64 = 4.5 bits; double quantization stores the absmax in 8 bits with one fp32
        // constant per 256 blocks, 4 + 8/64 + 32/(64·256) ≈ 4.127 bits ("0.127 bits per parameter").
        format.format = type + (doubleQuant ? "_dq" : "");
        format.bitsPerParam = doubleQuant ? 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0) : 4.0 + 32.0 / 64.0;
    } else if (in8) {
        // LLM.int8() (Dettmers et al. 2022): int8 weights, one fp32 scale per row (negligible).
        format = {"int8", 8};
    } else {
        r.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 loads neither in 4 nor in 8 bits; weights counted at %2"),
                    r.path, r.base.format));
        return;
    }
    // Every nn.Linear but the output embeddings (transformers' get_keys_to_not_convert).
    assign(formats, kLinearGroups, format);
    formats[groupIndex(G::LmHead)] = r.base;
    exclude(formats, r, "llm_int8_skip_modules");
}

// ---- GPTQ / AWQ ----
void readGptq(Formats& formats, const Reader& r)
{
    const long long bits = json_fields::requireInteger(r.q, "bits", r.path, 1, 8);
    const long long group = readGroupSize(r.q, "group_size", r.path, 128);
    // AutoGPTQ's QuantLinear: qweight packs `bits`-bit values into int32; per group of
    // group_size inputs and per output one fp16 scale and one `bits`-bit zero in qzeros, stored
    // even when sym (g_idx, one int32 per input row, is under 0.01 bit).
    GroupFormat format{"int" + std::to_string(bits) + (group > 0 ? "_g" + std::to_string(group) : "_channel"),
                       static_cast<double>(bits)};
    if (group > 0)
        format.bitsPerParam += (16.0 + static_cast<double>(bits)) / static_cast<double>(group);
    assign(formats, kDecoderLinearGroups, format);
    if (json_fields::optionalBool(r.q, "lm_head", r.path).value_or(false)) // GPTQModel's lm_head option
        formats[groupIndex(G::LmHead)] = format;
    exclude(formats, r, "modules_to_not_convert");
}

void readAwq(Formats& formats, const Reader& r)
{
    const std::string bitsKey = r.q.contains("bits") || !r.q.contains("w_bit") ? "bits" : "w_bit";
    const std::string groupKey =
        r.q.contains("group_size") || !r.q.contains("q_group_size") ? "group_size" : "q_group_size";
    const long long bits = json_fields::optionalInteger(r.q, bitsKey, r.path, 1, 8).value_or(4);
    const long long group = readGroupSize(r.q, groupKey, r.path, 128);
    const bool zeroPoint = json_fields::optionalBool(r.q, "zero_point", r.path).value_or(true);
    // AutoAWQ's WQLinear_GEMM: qweight packs 4-bit values into int32, per group of group_size
    // inputs one fp16 scale and (zero_point) one packed `bits`-bit zero in qzeros.
    GroupFormat format{"int" + std::to_string(bits) + (group > 0 ? "_g" + std::to_string(group) : "_channel"),
                       static_cast<double>(bits)};
    if (group > 0)
        format.bitsPerParam +=
            (16.0 + (zeroPoint ? static_cast<double>(bits) : 0.0)) / static_cast<double>(group);
    if (!zeroPoint)
        format.format += "_sym";
    assign(formats, kDecoderLinearGroups, format);
    exclude(formats, r, "modules_to_not_convert");
}

// ---- torch_dtype ----
std::optional<GroupFormat> dtypeFormat(const std::string& name)
{
    if (name == "bfloat16" || name == "bf16")
        return GroupFormat{"bf16", 16};
    if (name == "float16" || name == "fp16" || name == "half")
        return GroupFormat{"fp16", 16};
    if (name == "float32" || name == "fp32" || name == "float")
        return GroupFormat{"fp32", 32};
    return std::nullopt;
}

GroupFormat readTorchDtype(const json& config, const std::string& path, std::vector<Message>& warnings)
{
    std::vector<std::pair<const json*, std::string>> places{{&config, path}};
    if (config.contains("text_config") && config["text_config"].is_object())
        places.emplace_back(&config["text_config"], join(path, "text_config"));
    for (const auto& [object, objectPath] : places) {
        for (const char* key : {"torch_dtype", "dtype"}) {
            const std::string name = json_fields::optionalString(*object, key, objectPath, "");
            if (name.empty() || name == "auto")
                continue;
            if (auto format = dtypeFormat(name))
                return *format;
            warnings.push_back(message(
                LHE_TEXT("CoreMessage", "%1 \"%2\" is not understood; unquantized weights counted at bf16"),
                join(objectPath, key), elided(name)));
            return GroupFormat{};
        }
    }
    return GroupFormat{};
}

std::string formatLabel(const std::string& id)
{
    std::string label = id;
    // ggml's type names are written whole: Q8_0, Q4_K_M.
    const bool ggml =
        label.size() > 1 && label[0] == 'q' && std::isdigit(static_cast<unsigned char>(label[1]));
    const auto cut = ggml ? label.size() : std::min(label.find('_'), label.size());
    std::transform(label.begin(), label.begin() + static_cast<std::ptrdiff_t>(cut), label.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (!ggml)
        std::replace(label.begin(), label.end(), '_', ' ');
    return label;
}

// Whether the model has a vision tower / an MTP head, so that the summary names only groups
// it has (the formats of absent groups are kept: they multiply zero parameters).
bool hasGroup(const json& config, G group)
{
    const auto positive = [](const json& object, const char* key) {
        return object.is_object() && object.contains(key) && object[key].is_number() &&
               object[key].get<double>() > 0;
    };
    const json* text = config.contains("text_config") && config["text_config"].is_object()
                           ? &config["text_config"]
                           : nullptr;
    if (group == G::Vision)
        return config.contains("vision_config") && config["vision_config"].is_object();
    if (group == G::Mtp) {
        for (const char* key : {"num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_layers"})
            if (positive(config, key) || (text && positive(*text, key)))
                return true;
        return false;
    }
    return true;
}

std::string summarize(const CheckpointFormat& f, const json& config)
{
    std::vector<std::pair<std::string, std::vector<G>>> quantized; // format -> groups, first seen first
    for (std::size_t g = 0; g < kWeightGroupCount; ++g) {
        const GroupFormat& format = f.groups[g];
        if (format.format == f.torchDtype || !hasGroup(config, static_cast<G>(g)))
            continue;
        auto it = std::find_if(quantized.begin(), quantized.end(),
                               [&](const auto& entry) { return entry.first == format.format; });
        if (it == quantized.end())
            it = quantized.insert(quantized.end(), {format.format, {}});
        it->second.push_back(static_cast<G>(g));
    }
    if (quantized.empty())
        return f.method.empty() ? f.torchDtype + " throughout"
                                : f.method + " not counted: " + f.torchDtype + " throughout";
    std::string text;
    for (const auto& [id, groups] : quantized) {
        if (!text.empty())
            text += "; ";
        double bits = 0;
        for (std::size_t g = 0; g < kWeightGroupCount; ++g)
            if (f.groups[g].format == id)
                bits = f.groups[g].bitsPerParam;
        text += formatLabel(id) + " (" + formatNumber(bits) + " bit) on ";
        for (std::size_t i = 0; i < groups.size(); ++i)
            text += (i == 0 ? "" : i + 1 == groups.size() ? " and " : ", ") + groupLabel(groups[i]);
    }
    return text + "; " + f.torchDtype + " elsewhere";
}

} // namespace

QuantizationBlock findQuantizationConfig(const json& config, const std::string& path)
{
    // Where transformers looks: the top level, then text_config (some multimodal checkpoints
    // keep the block there); `compression_config` is the name compressed-tensors checkpoints
    // written by older llm-compressor releases use for the same block (transformers
    // quantizers/auto.py AutoHfQuantizer reads either as the quantization config).
    const json* text = config.contains("text_config") && config["text_config"].is_object()
                           ? &config["text_config"]
                           : nullptr;
    for (const auto& [object, objectPath] :
         {std::pair<const json*, std::string>{&config, path}, {text, join(path, "text_config")}}) {
        for (const char* key : {"quantization_config", "compression_config"}) {
            if (object && object->contains(key) && !(*object)[key].is_null())
                return {&(*object)[key], join(objectPath, key),
                        std::string_view(key) == "compression_config"};
        }
    }
    return {};
}

CheckpointFormat checkpointFormatFromHfConfig(const json& config, const std::string& path,
                                              std::vector<Message>& warnings)
{
    json_fields::requireObject(config, path);
    CheckpointFormat result;
    const GroupFormat base = readTorchDtype(config, path, warnings);
    result.torchDtype = base.format;
    result.groups.fill(base);

    const QuantizationBlock found = findQuantizationConfig(config, path);
    const json* q = found.block;
    const std::string& qPath = found.path;
    const bool compressionConfig = found.compressionConfig;
    if (q) {
        json_fields::requireObject(*q, qPath);
        std::string method = json_fields::optionalString(*q, "quant_method", qPath, "");
        std::transform(method.begin(), method.end(), method.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (method.empty()) {
            // Written without quant_method: Model Optimizer's legacy block, or bitsandbytes.
            if (q->contains("quant_algo") || q->contains("quantization"))
                method = "modelopt";
            else if (q->contains("load_in_4bit") || q->contains("load_in_8bit"))
                method = "bitsandbytes";
            else if (compressionConfig)
                method = "compressed-tensors";
        }
        const Reader reader{*q, qPath, base, warnings};
        Formats formats = result.groups;
        if (method.empty()) {
            warnings.push_back(message(LHE_TEXT("CoreMessage", "%1 is missing; weights counted at %2"),
                                       join(qPath, "quant_method"), base.format));
        } else if (method == "mxfp4") {
            readMxfp4(formats, reader);
        } else if (method == "fp8") {
            readFp8(formats, reader);
        } else if (method == "compressed-tensors") {
            readCompressedTensors(formats, reader);
        } else if (method == "modelopt") {
            readModelopt(formats, reader);
        } else if (method == "bitsandbytes") {
            readBitsAndBytes(formats, reader);
        } else if (method == "gptq") {
            readGptq(formats, reader);
        } else if (method == "awq") {
            readAwq(formats, reader);
        } else if (method == "gguf") {
            readGguf(formats, reader);
        } else {
            warnings.push_back(message(
                LHE_TEXT("CoreMessage", "%1 \"%2\" is not understood; weights counted at torch_dtype (%3)"),
                join(qPath, "quant_method"), elided(method), base.format));
        }
        // Norms are vectors and embeddings nn.Embedding: no method here converts either; a GGUF
        // file stores both in the formats it lists.
        if (method != "gguf") {
            formats[groupIndex(G::Norms)] = base;
            formats[groupIndex(G::Embedding)] = base;
        }
        result.groups = formats;
        result.method = method;
    }
    result.summary = summarize(result, config);
    return result;
}

} // namespace lhe::core
