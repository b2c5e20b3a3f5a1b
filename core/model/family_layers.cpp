#include "core/model/family_layers.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/model/layer_layout.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace lhe::core::family_layers {

using json_fields::join;
using layer_layout::boolKey;
using layer_layout::integerKey;
using layer_layout::requireIntegerKey;
using nlohmann::json;

// Gemma 4 (transformers configuration_gemma4 / modeling_gemma4, Gemma4TextConfig): with
// enable_moe_block every layer runs its dense MLP and, beside it, top_k_experts of num_experts
// routed experts (Gemma4TextDecoderLayer), so the dense MLP is counted as an ungated shared
// expert of intermediate_size, which is what it is for the token; the router (Gemma4TextRouter)
// has a per-expert scale and a d-wide input scale; the MoE path adds three RMSNorms to the four of
// every layer. Before readLayout: it decides which layers are MoE.
void readGemma4Mlp(ModelArchitecture& a, const json& config, const std::string& path)
{
    if (!boolKey(config, "enable_moe_block", path, false)) {
        a.experts = a.expertsPerToken = a.expertFfn = 0;
        return;
    }
    a.sharedFfn = a.ffn;
    a.sharedExpertGate = false;
    a.routerBias = true; // per_expert_scale, one per expert
    a.normsPerLayer = 7;
}

// Gemma 4's per-layer attention shapes, after readLayout: global (full_attention) layers use
// global_head_dim (default 512, Gemma4TextConfig.__post_init__) and, with attention_k_eq_v,
// num_global_key_value_heads KV heads and no v_proj; the last num_kv_shared_layers layers keep
// no K/V projections and no cache, reading the last earlier layer of their type; with
// use_double_wide_mlp those layers' MLP is twice as wide (Gemma4TextMLP). Per-layer embeddings
// (hidden_size_per_layer_input > 0) are counted in finalise().
void readGemma4Layers(ModelArchitecture& a, const json& config, const std::string& path)
{
    const long long globalHeadDim = integerKey(config, {"global_head_dim"}, path).value_or(512);
    const bool keyIsValue = boolKey(config, "attention_k_eq_v", path, false);
    const auto globalKv = integerKey(config, {"num_global_key_value_heads"}, path);
    if (globalKv && a.heads % *globalKv != 0)
        throw InputError(
            join(path, "num_global_key_value_heads"),
            message(LHE_TEXT("CoreMessage", "%1 must divide num_attention_heads %2"), *globalKv, a.heads));
    const long long shared = integerKey(config, {"num_kv_shared_layers"}, path, 0).value_or(0);
    const long long firstShared = a.layers - shared;
    const bool doubleWide = boolKey(config, "use_double_wide_mlp", path, false);
    for (long long i = 0; i < a.layers; ++i) {
        LayerSpec& layer = a.layerSpecs[static_cast<std::size_t>(i)];
        if (layer.attention == AttentionKind::Full) {
            layer.headDim = globalHeadDim;
            if (keyIsValue) {
                layer.valueFromKey = true;
                if (globalKv)
                    layer.kvHeads = *globalKv;
            }
        }
        if (firstShared > 0 && i >= firstShared) {
            layer.reusesKv = true;
            if (doubleWide && layer.mlp == MlpKind::Dense)
                layer.ffn = 2 * a.ffn;
        }
    }
    a.perLayerInputWidth = integerKey(config, {"hidden_size_per_layer_input"}, path, 0).value_or(0);
    a.perLayerInputVocab = integerKey(config, {"vocab_size_per_layer_input"}, path).value_or(a.vocab);
}

// DeepSeek-V4 (config keys as the checkpoint's config.json writes them; structure from its
// inference/model.py): low-rank Q of q_lora_rank, one K=V head of head_dim, a grouped low-rank
// output projection, per-layer compress_ratios (0: the sliding window alone; r: also one
// compressed KV entry per r tokens, r = 4 with a lightning indexer picking index_topk of them),
// hc_mult hyper-connection streams, and num_hash_layers first MoE layers routed by a token-id table.
void readDeepseekV4(ModelArchitecture& a, const json& config, const std::string& path)
{
    a.outputGroups = requireIntegerKey(config, {"o_groups"}, path);
    a.outputLoraRank = requireIntegerKey(config, {"o_lora_rank"}, path);
    a.qLoraRank = requireIntegerKey(config, {"q_lora_rank"}, path);
    a.kvHeads = 1;
    a.valueHeadDim = a.headDim;
    a.qkvBias = a.outputBias = false;
    a.attentionSinks = 0; // counted in the attention formula (one sink per head)
    if (a.heads % a.outputGroups != 0)
        throw InputError(join(path, "o_groups"),
                         message(LHE_TEXT("CoreMessage", "%1 must divide num_attention_heads %2"),
                                 a.outputGroups, a.heads));
    a.hyperConnections = integerKey(config, {"hc_mult"}, path, 0).value_or(0);
    a.hashLayers = integerKey(config, {"num_hash_layers"}, path, 0).value_or(0);
    a.indexHeads = integerKey(config, {"index_n_heads"}, path, 0).value_or(0);
    if (a.indexHeads > 0) {
        a.indexHeadDim = requireIntegerKey(config, {"index_head_dim"}, path);
        a.indexTopK = requireIntegerKey(config, {"index_topk"}, path);
    }
    a.routerBias = true; // a score-correction bias on every router but the hash layers'
}

void readDeepseekV4Layers(ModelArchitecture& a, const json& config, const std::string& path)
{
    const long long window = requireIntegerKey(config, {"sliding_window"}, path);
    const auto ratios = config.find("compress_ratios");
    const std::string listPath = join(path, "compress_ratios");
    // The list also covers the MTP layers after the main ones (44 entries for 43 + 1).
    if (ratios == config.end() || !ratios->is_array() || static_cast<long long>(ratios->size()) < a.layers)
        throw InputError(
            listPath,
            message(LHE_TEXT("CoreMessage", "expected at least one entry per layer (%1)"), a.layers));
    for (long long i = 0; i < a.layers; ++i) {
        const json& r = (*ratios)[static_cast<std::size_t>(i)];
        if (!r.is_number_integer() || r.get<long long>() < 0)
            throw InputError(json_fields::joinIndex(listPath, static_cast<std::size_t>(i)),
                             message(LHE_TEXT("CoreMessage", "expected a whole number")));
        LayerSpec& layer = a.layerSpecs[static_cast<std::size_t>(i)];
        layer.compressRatio = r.get<long long>();
        // Window-only layers cache the last `window` tokens; compressed layers are sized by their
        // compressed entries (see finalise), which grow with the context.
        layer.attention = layer.compressRatio > 0 ? AttentionKind::Full : AttentionKind::Sliding;
        layer.windowTokens = layer.compressRatio > 0 ? 0 : window;
    }
    a.approximations.push_back(message(
        LHE_TEXT(
            "CoreMessage",
            "%1: DeepSeek-V4's compressed layers are sized by their compressed KV entries (head_dim / "
            "ratio elements per token, the indexer's keys as fp8 with an fp32 scale); the %2-token window "
            "each of them also keeps, and the compressors' running state, are left out"),
        join(path, "compress_ratios"), window));
}

} // namespace lhe::core::family_layers
