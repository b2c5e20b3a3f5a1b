#include "core/model/transformers_defaults.h"

#include "core/common/json_fields.h"
#include "core/common/message.h"

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

namespace lhe::core::transformers_defaults {

namespace {

// Values as the class declares them (its dataclass fields or __init__ signature); only keys
// the reader uses. tests/fixtures/transformers_defaults/<model_type>.txt holds the declaring
// lines of each cited file, and tst_transformers_defaults checks this table against them.
constexpr ClassDefaults
    kTable
        [] =
            {
                {"llama", "transformers src/transformers/models/llama/configuration_llama.py, LlamaConfig",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":32000,"hidden_size":4096,"intermediate_size":11008,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":null,"hidden_act":"silu","max_position_embeddings":2048,"tie_word_embeddings":false,"attention_bias":false,"mlp_bias":false,"head_dim":null})"},
                {"mistral",
                 "transformers src/transformers/models/mistral/configuration_mistral.py, MistralConfig",
                 "001f85b38fb432858ace93f18622f07cec46d874",
                 R"({"vocab_size":32000,"hidden_size":4096,"intermediate_size":14336,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":8,"head_dim":null,"hidden_act":"silu","max_position_embeddings":131072,"tie_word_embeddings":false,"sliding_window":4096})"},
                {"mixtral",
                 "transformers src/transformers/models/mixtral/configuration_mixtral.py, MixtralConfig",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":32000,"hidden_size":4096,"intermediate_size":14336,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":8,"head_dim":null,"hidden_act":"silu","max_position_embeddings":131072,"tie_word_embeddings":false,"sliding_window":null,"num_experts_per_tok":2,"num_local_experts":8})"},
                {"qwen2", "transformers src/transformers/models/qwen2/configuration_qwen2.py, Qwen2Config",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":151936,"hidden_size":4096,"intermediate_size":22016,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":32,"hidden_act":"silu","max_position_embeddings":32768,"tie_word_embeddings":false,"use_sliding_window":false,"sliding_window":4096,"max_window_layers":28})"},
                {"qwen3", "transformers src/transformers/models/qwen3/configuration_qwen3.py, Qwen3Config",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":151936,"hidden_size":4096,"intermediate_size":22016,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":32,"head_dim":128,"hidden_act":"silu","max_position_embeddings":32768,"tie_word_embeddings":false,"attention_bias":false,"use_sliding_window":false,"sliding_window":4096,"max_window_layers":28})"},
                {"qwen3_moe",
                 "transformers src/transformers/models/qwen3_moe/configuration_qwen3_moe.py, Qwen3MoeConfig",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":151936,"hidden_size":2048,"intermediate_size":6144,"num_hidden_layers":24,"num_attention_heads":32,"num_key_value_heads":4,"hidden_act":"silu","max_position_embeddings":32768,"tie_word_embeddings":false,"attention_bias":false,"use_sliding_window":false,"sliding_window":4096,"decoder_sparse_step":1,"moe_intermediate_size":768,"num_experts_per_tok":8,"num_experts":128})"},
                {"gemma2",
                 "transformers src/transformers/models/gemma2/configuration_gemma2.py, Gemma2Config", "008e574391258935f3ecc3035c882e73bbcac419", R"({"vocab_size":256000,"hidden_size":2304,"intermediate_size":9216,"num_hidden_layers":26,"num_attention_heads":8,"num_key_value_heads":4,"head_dim":256,"hidden_activation":"gelu_pytorch_tanh","max_position_embeddings":8192,"tie_word_embeddings":true,"attention_bias":false,"sliding_window":4096})"},
                {"gemma3_text",
                 "transformers src/transformers/models/gemma3/configuration_gemma3.py, Gemma3TextConfig",
                 "008f5c8c29be84d4721dc6d1e0fcd72300580be4",
                 R"({"vocab_size":262208,"hidden_size":2304,"intermediate_size":9216,"num_hidden_layers":26,"num_attention_heads":8,"num_key_value_heads":4,"head_dim":256,"hidden_activation":"gelu_pytorch_tanh","max_position_embeddings":131072,"tie_word_embeddings":true,"attention_bias":false,"sliding_window":4096,"sliding_window_pattern":6})"},
                {"gemma4_text",
                 "transformers src/transformers/models/gemma4/configuration_gemma4.py, Gemma4TextConfig",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":262144,"hidden_size":2304,"intermediate_size":9216,"num_hidden_layers":30,"num_attention_heads":8,"num_key_value_heads":4,"head_dim":256,"hidden_activation":"gelu_pytorch_tanh","max_position_embeddings":131072,"tie_word_embeddings":true,"attention_bias":false,"sliding_window":512,"layer_types":null,"vocab_size_per_layer_input":262144,"hidden_size_per_layer_input":256,"attention_k_eq_v":false,"num_kv_shared_layers":0,"enable_moe_block":false,"use_double_wide_mlp":false,"num_experts":null,"top_k_experts":null,"moe_intermediate_size":null})"},
                {"lfm2", "transformers src/transformers/models/lfm2/configuration_lfm2.py, Lfm2Config",
                 "05cd1ec14dbe16127778060fb68c34105873015c",
                 R"({"vocab_size":65536,"hidden_size":2560,"intermediate_size":12288,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":8,"max_position_embeddings":128000,"tie_word_embeddings":true,"conv_bias":false,"conv_L_cache":3,"block_multiple_of":256,"block_ffn_dim_multiplier":1.0,"block_auto_adjust_ff_dim":true})"},
                {"smollm3",
                 "transformers src/transformers/models/smollm3/configuration_smollm3.py, SmolLM3Config", "008e574391258935f3ecc3035c882e73bbcac419", R"({"vocab_size":128256,"hidden_size":2048,"intermediate_size":11008,"num_hidden_layers":36,"num_attention_heads":16,"num_key_value_heads":4,"hidden_act":"silu","max_position_embeddings":32768,"use_sliding_window":false,"sliding_window":null,"attention_bias":false,"mlp_bias":false,"tie_word_embeddings":true})"},
                {"olmo2", "transformers src/transformers/models/olmo2/configuration_olmo2.py, Olmo2Config",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":50304,"hidden_size":4096,"intermediate_size":11008,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":null,"hidden_act":"silu","max_position_embeddings":2048,"tie_word_embeddings":false,"attention_bias":false})"},
                {"granitemoehybrid",
                 "transformers src/transformers/models/granitemoehybrid/configuration_granitemoehybrid.py, "
                 "GraniteMoeHybridConfig",
                 "008f5c8c29be84d4721dc6d1e0fcd72300580be4",
                 R"({"vocab_size":32000,"hidden_size":4096,"intermediate_size":11008,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":null,"hidden_act":"silu","max_position_embeddings":2048,"tie_word_embeddings":false,"attention_bias":false,"num_local_experts":8,"num_experts_per_tok":2,"shared_intermediate_size":1024,"mamba_n_heads":128,"mamba_n_groups":1,"mamba_d_state":256,"mamba_d_head":"auto","mamba_d_conv":4,"mamba_expand":2,"mamba_conv_bias":true,"mamba_proj_bias":false})"},
                {"falcon_h1",
                 "transformers src/transformers/models/falcon_h1/configuration_falcon_h1.py, FalconH1Config",
                 "020a37d2264e60dc7beb9634c3e87ad870073e2c",
                 R"({"vocab_size":128000,"tie_word_embeddings":false,"hidden_size":4096,"intermediate_size":14336,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":8,"hidden_act":"silu","max_position_embeddings":8192,"mamba_d_ssm":1024,"mamba_n_heads":128,"mamba_d_head":"auto","mamba_n_groups":1,"mamba_d_state":256,"mamba_d_conv":4,"mamba_expand":2,"mamba_conv_bias":true,"mamba_proj_bias":false,"mamba_rms_norm":false,"projectors_bias":false,"attention_bias":false,"mlp_bias":false})"},
                {"ernie4_5_moe", "transformers src/transformers/models/ernie4_5_moe/configuration_ernie4_5_moe.py, Ernie4_5_MoeConfig", "001f85b38fb432858ace93f18622f07cec46d874", R"({"vocab_size":103424,"hidden_size":2560,"intermediate_size":12288,"num_hidden_layers":28,"num_attention_heads":20,"num_key_value_heads":4,"hidden_act":"silu","max_position_embeddings":131072,"tie_word_embeddings":true,"use_bias":false,"moe_intermediate_size":1536,"moe_k":6,"moe_num_experts":64,"moe_num_shared_experts":2,"moe_layer_start_index":1,"moe_layer_end_index":-1,"moe_layer_interval":1})"},
                {"exaone4",
                 "transformers src/transformers/models/exaone4/configuration_exaone4.py, Exaone4Config",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":102400,"hidden_size":4096,"intermediate_size":16384,"num_hidden_layers":32,"num_attention_heads":32,"num_key_value_heads":32,"hidden_act":"silu","max_position_embeddings":2048,"tie_word_embeddings":false,"sliding_window":4096,"sliding_window_pattern":4})"},
                {"seed_oss",
                 "transformers src/transformers/models/seed_oss/configuration_seed_oss.py, SeedOssConfig",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":155136,"hidden_size":4096,"intermediate_size":27648,"num_hidden_layers":64,"num_attention_heads":80,"num_key_value_heads":8,"hidden_act":"silu","max_position_embeddings":524288,"tie_word_embeddings":false,"attention_bias":true,"attention_out_bias":false,"mlp_bias":false,"head_dim":128})"},
                {"cohere2",
                 "transformers src/transformers/models/cohere2/configuration_cohere2.py, Cohere2Config",
                 "008e574391258935f3ecc3035c882e73bbcac419",
                 R"({"vocab_size":256000,"hidden_size":8192,"intermediate_size":22528,"num_hidden_layers":40,"num_attention_heads":64,"num_key_value_heads":null,"hidden_act":"silu","max_position_embeddings":8192,"tie_word_embeddings":true,"attention_bias":false,"sliding_window":4096})"},
                {"siglip_vision_model",
                 "transformers src/transformers/models/siglip/configuration_siglip.py, SiglipVisionConfig",
                 "091ffff471745f26df9ff1cd493b4d621a578325",
                 R"({"hidden_size":768,"intermediate_size":3072,"num_hidden_layers":12,"num_attention_heads":12,"num_channels":3,"image_size":224,"patch_size":32})"},
                {"pixtral",
                 "transformers src/transformers/models/pixtral/configuration_pixtral.py, PixtralVisionConfig",
                 "05cd1ec14dbe16127778060fb68c34105873015c",
                 R"({"hidden_size":1024,"intermediate_size":4096,"num_hidden_layers":24,"num_attention_heads":16,"num_channels":3,"image_size":1024,"patch_size":16})"},
};

} // namespace

std::span<const ClassDefaults> table()
{
    return kTable;
}

const ClassDefaults* find(std::string_view modelType)
{
    const auto it = std::find_if(std::begin(kTable), std::end(kTable),
                                 [&](const ClassDefaults& entry) { return entry.modelType == modelType; });
    return it == std::end(kTable) ? nullptr : &*it;
}

nlohmann::json withDefaults(const nlohmann::json& config, std::string_view modelType)
{
    const ClassDefaults* entry = find(modelType);
    if (entry == nullptr || !config.is_object())
        return config;
    nlohmann::json merged = nlohmann::json::parse(entry->defaults);
    for (const auto& [key, value] : config.items())
        merged[key] = value;
    return merged;
}

void warnZeroFeatureSizes(const nlohmann::json& config, const std::string& path,
                          std::vector<Message>& warnings)
{
    const auto zero = [&](const char* key) {
        const auto it = config.find(key);
        return it != config.end() && it->is_number() && it->get<double>() == 0.0;
    };
    if (zero("sliding_window"))
        warnings.push_back(
            message(LHE_TEXT("CoreMessage",
                             "%1 is 0: read as no sliding window, every layer attending to all tokens"),
                    json_fields::join(path, "sliding_window")));
    if (zero("kv_lora_rank"))
        warnings.push_back(message(LHE_TEXT("CoreMessage", "%1 is 0: read as no latent attention (MLA); the "
                                                           "key and value heads are counted in full"),
                                   json_fields::join(path, "kv_lora_rank")));
    for (const char* key : {"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"}) {
        if (zero(key)) {
            warnings.push_back(
                message(LHE_TEXT("CoreMessage", "%1 is 0: read as a dense MLP, with no experts"),
                        json_fields::join(path, key)));
            break;
        }
    }
}

} // namespace lhe::core::transformers_defaults
