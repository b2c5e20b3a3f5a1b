#include "core/formats/gguf_config.h"

#include "core/common/input_error.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <utility>

namespace lhe::core {

using nlohmann::json;

namespace {

// Far above any model dimension, low enough to stay exact and signed; the HF reader applies its
// own bounds after.
constexpr long long kMaxCount = 1LL << 53;

std::string metadataPath(const std::string& key)
{
    return "gguf.metadata[\"" + elided(key) + "\"]";
}

// A count read from the metadata: one whole number, or one per layer (the largest is `value`).
struct Count
{
    long long value = 0;
    std::vector<long long> perLayer; // empty when the file gives one number
};

long long wholeNumber(const json& value, const std::string& path)
{
    if (value.is_number_unsigned() && value.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxCount))
        return static_cast<long long>(value.get<std::uint64_t>());
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0 && value.get<std::int64_t>() <= kMaxCount)
        return value.get<std::int64_t>();
    throw InputError(path, message(LHE_TEXT("CoreMessage", "expected a whole number from 0 to 2^53, got %1"),
                                   elided(value.dump())));
}

class Metadata
{
public:
    Metadata(const json& metadata, std::string arch) : m_metadata(metadata), m_prefix(std::move(arch) + ".")
    {}

    std::string key(const char* name) const { return m_prefix + name; }
    const json* find(const std::string& key) const
    {
        const auto it = m_metadata.find(key);
        return it == m_metadata.end() ? nullptr : &*it;
    }

    // `<arch>.name` as a count; a list must have one entry per block.
    std::optional<Count> count(const char* name, long long blocks = 0) const
    {
        const std::string k = key(name);
        const json* value = find(k);
        if (!value)
            return std::nullopt;
        const std::string path = metadataPath(k);
        Count count;
        if (value->is_object()) // a list too long to keep (gguf_file.h): no model has that many layers
            throw InputError(path,
                             message(LHE_TEXT("CoreMessage", "has %1 entries; expected one per layer (%2)"),
                                     elided(value->value("length", json()).dump()), blocks));
        if (!value->is_array()) {
            count.value = wholeNumber(*value, path);
            return count;
        }
        if (value->empty() || (blocks > 0 && static_cast<long long>(value->size()) != blocks))
            throw InputError(path,
                             message(LHE_TEXT("CoreMessage", "has %1 entries; expected one per layer (%2)"),
                                     value->size(), blocks));
        for (std::size_t i = 0; i < value->size(); ++i)
            count.perLayer.push_back(wholeNumber((*value)[i], path + "[" + std::to_string(i) + "]"));
        count.value = *std::max_element(count.perLayer.begin(), count.perLayer.end());
        return count;
    }

    Count required(const char* name, long long blocks = 0) const
    {
        if (auto value = count(name, blocks))
            return *value;
        throw InputError(
            metadataPath(key(name)),
            message(LHE_TEXT("CoreMessage", "required key is missing (looked for %1)"), key(name)));
    }

    // A positive count, absent or 0 meaning "not given".
    std::optional<long long> positive(const char* name, long long blocks = 0) const
    {
        const auto value = count(name, blocks);
        return value && value->value > 0 ? std::optional<long long>(value->value) : std::nullopt;
    }

private:
    const json& m_metadata;
    std::string m_prefix;
};

// general.architecture as llama.cpp spells it (gguf-py MODEL_ARCH_NAMES) -> transformers'
// model_type. llama.cpp converts Mistral and Mixtral as "llama".
std::string modelTypeOf(const std::string& arch, bool experts)
{
    static const std::map<std::string, std::string> kTypes{
        {"qwen2", "qwen2"},
        {"qwen2moe", "qwen2_moe"},
        {"qwen3", "qwen3"},
        {"qwen3moe", "qwen3_moe"},
        {"gemma", "gemma"},
        {"gemma2", "gemma2"},
        {"gemma3", "gemma3_text"},
        {"phi3", "phi3"},
        {"gpt2", "gpt2"},
        {"falcon", "falcon"},
        {"deepseek2", "deepseek_v3"},
        {"gpt-oss", "gpt_oss"},
        {"llama4", "llama4_text"},
        {"glm4moe", "glm4_moe"},
    };
    if (arch == "llama")
        return experts ? "mixtral" : "llama";
    const auto it = kTypes.find(arch);
    return it == kTypes.end() ? arch : it->second;
}

bool hasTensorEndingWith(const GgufFile& file, std::string_view suffix)
{
    return std::any_of(file.inventory.tensors.begin(), file.inventory.tensors.end(),
                       [&](const TensorRecord& t) {
                           return t.name.size() >= suffix.size() &&
                                  t.name.compare(t.name.size() - suffix.size(), suffix.size(), suffix) == 0;
                       });
}

// The first `layers` entries of a per-layer list (the rest describe MTP blocks).
json firstLayers(const std::vector<long long>& values, long long layers)
{
    return json(std::vector<long long>(
        values.begin(), values.begin() + std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(values.size()),
                                                                  static_cast<std::ptrdiff_t>(layers))));
}

long long vocabularySize(const GgufFile& file, const Metadata& meta)
{
    if (const auto vocab = meta.positive("vocab_size"))
        return *vocab;
    if (const json* tokens = meta.find("tokenizer.ggml.tokens")) {
        if (tokens->is_array())
            return static_cast<long long>(tokens->size());
        if (tokens->is_object())
            return wholeNumber(tokens->value("length", json()), metadataPath("tokenizer.ggml.tokens"));
    }
    // The embedding table is [hidden, vocab] (ne[0] first).
    for (const TensorRecord& t : file.inventory.tensors)
        if (t.name == "token_embd.weight" && t.shape.size() == 2 &&
            t.shape[1] <= static_cast<std::uint64_t>(kMaxCount))
            return static_cast<long long>(t.shape[1]);
    throw InputError(
        metadataPath("tokenizer.ggml.tokens"),
        message(LHE_TEXT("CoreMessage", "required key is missing (looked for %1)"), meta.key("vocab_size")));
}

// The float type holding the most elements, as torch names it.
std::optional<std::string> mainFloatType(const GgufFile& file)
{
    static constexpr std::array<std::pair<std::string_view, const char*>, 4> kFloats{
        {{"F32", "float32"}, {"F16", "float16"}, {"BF16", "bfloat16"}, {"F64", "float64"}}};
    std::array<double, kFloats.size()> elements{};
    for (const TensorRecord& t : file.inventory.tensors)
        for (std::size_t i = 0; i < kFloats.size(); ++i)
            if (t.dtype == kFloats[i].first)
                elements[i] += t.elements;
    const auto most = std::max_element(elements.begin(), elements.end());
    if (*most <= 0)
        return std::nullopt;
    return kFloats[static_cast<std::size_t>(most - elements.begin())].second;
}

void readMla(json& out, const Metadata& meta)
{
    out["kv_lora_rank"] = meta.required("attention.kv_lora_rank").value;
    if (const auto q = meta.positive("attention.q_lora_rank"))
        out["q_lora_rank"] = *q;
    // llama.cpp writes MLA as multi-query attention over the latent: key_length is then
    // kv_lora_rank + rope and value_length kv_lora_rank; the per-head sizes are key_length_mla
    // (nope + rope) and value_length_mla. Older files give the per-head sizes as key_length and
    // value_length (convert_hf_to_gguf.py, DeepseekV2Model).
    const long long rope = meta.required("rope.dimension_count").value;
    const bool mqa = meta.find(meta.key("attention.key_length_mla")) != nullptr;
    const char* keyName = mqa ? "attention.key_length_mla" : "attention.key_length";
    const long long key = meta.required(keyName).value;
    if (key <= rope)
        throw InputError(metadataPath(meta.key(keyName)),
                         message(LHE_TEXT("CoreMessage", "%1 must exceed the RoPE dimension %2"), key, rope));
    out["qk_rope_head_dim"] = rope;
    out["qk_nope_head_dim"] = key - rope;
    out["v_head_dim"] = meta.required(mqa ? "attention.value_length_mla" : "attention.value_length").value;
    out["head_dim"] = key;
}

// Which layers use a sliding window: `attention.sliding_window_pattern` as a per-layer list
// (true: sliding) or a period n (every n-th layer global, llama.cpp's swa pattern); gpt-oss
// alternates sliding and global layers, sliding first (llama.cpp hard-codes a period of 2).
void readSlidingLayers(json& out, const Metadata& meta, const std::string& type, long long blocks,
                       long long layers)
{
    const std::string key = meta.key("attention.sliding_window_pattern");
    const json* pattern = meta.find(key);
    std::vector<bool> sliding;
    if (pattern && pattern->is_array()) {
        if (static_cast<long long>(pattern->size()) != blocks)
            throw InputError(metadataPath(key),
                             message(LHE_TEXT("CoreMessage", "has %1 entries; expected one per layer (%2)"),
                                     pattern->size(), blocks));
        for (const json& entry : *pattern)
            sliding.push_back(entry.is_boolean() ? entry.get<bool>()
                                                 : wholeNumber(entry, metadataPath(key)) != 0);
    } else {
        long long period = 0;
        if (pattern)
            period = wholeNumber(*pattern, metadataPath(key));
        else if (type == "gpt_oss")
            period = 2;
        if (period <= 0)
            return;
        for (long long i = 0; i < blocks; ++i)
            sliding.push_back((i + 1) % period != 0);
    }
    json types = json::array();
    for (long long i = 0; i < layers; ++i)
        types.push_back(sliding[static_cast<std::size_t>(i)] ? "sliding_attention" : "full_attention");
    out["layer_types"] = std::move(types);
}

json translate(const GgufFile& file, std::vector<Message>& warnings)
{
    const json* archValue = nullptr;
    if (const auto it = file.metadata.find("general.architecture"); it != file.metadata.end())
        archValue = &*it;
    if (!archValue || !archValue->is_string() || archValue->get<std::string>().empty())
        throw InputError(metadataPath("general.architecture"),
                         archValue
                             ? message(LHE_TEXT("CoreMessage", "expected an architecture name, got %1"),
                                       elided(archValue->dump()))
                             : message(LHE_TEXT("CoreMessage", "required key is missing (looked for %1)"),
                                       "general.architecture"));
    const std::string arch = archValue->get<std::string>();
    const Metadata meta(file.metadata, arch);

    const long long blocks = meta.required("block_count").value;
    const auto experts = meta.positive("expert_count");
    const std::string type = modelTypeOf(arch, experts.value_or(0) > 1);
    json out = json::object();
    out["model_type"] = type;
    if (const json* name = meta.find("general.name"); name && name->is_string())
        out["_name_or_path"] = *name;

    // Multi-token-prediction blocks follow the decoder's in block_count (convert_hf_to_gguf.py
    // adds num_nextn_predict_layers to it for GLM-4.5 and DeepSeek-V3.2).
    long long layers = blocks;
    if (const auto nextn = meta.positive("nextn_predict_layers"); nextn && *nextn < blocks) {
        layers = blocks - *nextn;
        out["num_nextn_predict_layers"] = *nextn;
    }
    out["num_hidden_layers"] = layers;
    out["hidden_size"] = meta.required("embedding_length").value;

    const Count heads = meta.required("attention.head_count", blocks);
    out["num_attention_heads"] = heads.value;
    if (!heads.perLayer.empty()) {
        out["num_attention_heads_per_layer"] = firstLayers(heads.perLayer, layers);
        const auto none = std::count(heads.perLayer.begin(),
                                     heads.perLayer.begin() + static_cast<std::ptrdiff_t>(layers), 0LL);
        if (none > 0)
            warnings.push_back(message(
                LHE_TEXT("CoreMessage", "%1: %2 of %3 layers have no attention heads; they are "
                                        "read as attention layers of the widest shape"),
                metadataPath(meta.key("attention.head_count")), static_cast<long long>(none), layers));
    }
    const bool mla = meta.positive("attention.kv_lora_rank").has_value();
    if (mla) {
        readMla(out, meta);
    } else {
        if (const auto kv = meta.count("attention.head_count_kv", blocks)) {
            if (kv->value > 0)
                out["num_key_value_heads"] = kv->value;
            if (!kv->perLayer.empty())
                out["num_key_value_heads_per_layer"] = firstLayers(kv->perLayer, layers);
            if (type == "falcon") {
                // Falcon-7B: one shared KV head, parallel attention; Falcon-40B/180B: grouped
                // KV heads, the "new decoder architecture" (HF FalconConfig).
                out["multi_query"] = kv->value == 1;
                out["new_decoder_architecture"] = kv->value > 1;
            }
        }
        if (const auto headDim = meta.positive("attention.key_length"))
            out["head_dim"] = *headDim;
    }

    if (const auto ffn = meta.count("feed_forward_length", blocks)) {
        if (ffn->value > 0)
            out[type == "llama4_text" ? "intermediate_size_mlp" : "intermediate_size"] = ffn->value;
        if (!ffn->perLayer.empty())
            out["intermediate_size_per_layer"] = firstLayers(ffn->perLayer, layers);
    }
    if (const auto context = meta.positive("context_length"))
        out["max_position_embeddings"] = *context;
    out["vocab_size"] = vocabularySize(file, meta);
    out["tie_word_embeddings"] =
        std::none_of(file.inventory.tensors.begin(), file.inventory.tensors.end(),
                     [](const TensorRecord& t) { return t.name == "output.weight"; });

    if (const auto window = meta.positive("attention.sliding_window")) {
        out["sliding_window"] = *window;
        readSlidingLayers(out, meta, type, blocks, layers);
    }

    if (experts) {
        const char* expertsKey = type == "deepseek_v3" ? "n_routed_experts"
                                 : type == "mixtral" || type == "gpt_oss" || type == "llama4_text"
                                     ? "num_local_experts"
                                     : "num_experts";
        out[expertsKey] = *experts;
        if (const auto used = meta.positive("expert_used_count"))
            out["num_experts_per_tok"] = *used;
        if (const auto width = meta.positive("expert_feed_forward_length"))
            out[type == "llama4_text" ? "intermediate_size" : "moe_intermediate_size"] = *width;
        if (const auto shared = meta.positive("expert_shared_feed_forward_length"))
            out["shared_expert_intermediate_size"] = *shared;
        else if (const auto sharedCount = meta.positive("expert_shared_count"))
            out["n_shared_experts"] = *sharedCount;
        if (const auto dense = meta.count("leading_dense_block_count"))
            out["first_k_dense_replace"] = dense->value;
        if (const auto step = meta.positive("interleave_moe_layer_step"))
            out["interleave_moe_layer_step"] = *step;
        // DeepSeek-V3's routing bias (e_score_correction_bias), which llama.cpp stores as
        // blk.N.exp_probs_b.bias, marks its noaux_tc top-k.
        if (hasTensorEndingWith(file, "exp_probs_b.bias"))
            out["topk_method"] = "noaux_tc";
    }
    if (type == "glm4_moe")
        out["use_qk_norm"] = hasTensorEndingWith(file, "attn_q_norm.weight");

    for (const auto& [ggufKey, hfKey] : {std::pair{"attention.layer_norm_rms_epsilon", "rms_norm_eps"},
                                         std::pair{"attention.layer_norm_epsilon", "layer_norm_epsilon"},
                                         std::pair{"rope.freq_base", "rope_theta"}})
        if (const json* value = meta.find(meta.key(ggufKey)); value && value->is_number())
            out[hfKey] = *value;
    if (const auto dtype = mainFloatType(file))
        out["torch_dtype"] = *dtype;
    return out;
}

} // namespace

json hfConfigFromGguf(const GgufFile& file, const std::string& origin, std::vector<Message>& warnings)
{
    try {
        return translate(file, warnings);
    } catch (const InputError& error) {
        throw error.withOrigin(origin);
    }
}

} // namespace lhe::core
