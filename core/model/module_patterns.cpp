#include "core/model/module_patterns.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace lhe::core {

std::string_view weightGroupName(WeightGroup group)
{
    switch (group) {
    case WeightGroup::Embedding:
        return "embedding";
    case WeightGroup::LmHead:
        return "lm_head";
    case WeightGroup::Attention:
        return "attention";
    case WeightGroup::DenseMlp:
        return "dense_mlp";
    case WeightGroup::SharedExperts:
        return "shared_experts";
    case WeightGroup::RoutedExperts:
        return "routed_experts";
    case WeightGroup::Router:
        return "router";
    case WeightGroup::Norms:
        return "norms";
    case WeightGroup::Vision:
        return "vision";
    case WeightGroup::Mtp:
        return "mtp";
    }
    return "embedding";
}

namespace {

using json_fields::join;
using json_fields::joinIndex;
using nlohmann::json;

using G = WeightGroup;
std::size_t groupIndex(G group)
{
    return static_cast<std::size_t>(group);
}

// The Linear (or parameter) modules one group consists of in one family's naming; "{L}" is a
// layer index. A pattern list covers the group when, in some family, it matches every leaf.
struct NameFamily
{
    G group;
    std::vector<const char*> leaves;
};

const std::vector<NameFamily>& nameFamilies()
{
    static const std::vector<NameFamily> families{
        {G::Embedding, {"model.embed_tokens"}},
        {G::Embedding, {"model.language_model.embed_tokens"}},
        {G::Embedding, {"language_model.model.embed_tokens"}},
        {G::Embedding, {"transformer.wte"}},
        {G::Embedding, {"transformer.word_embeddings"}},
        {G::Embedding, {"backbone.embeddings"}},
        {G::LmHead, {"lm_head"}},
        {G::LmHead, {"language_model.lm_head"}},
        // Llama, Qwen, Mistral, gpt-oss; DeepSeek MLA; fused QKV (Phi-3); GPT-2; Falcon / BLOOM;
        // InternLM2; Qwen3-Next / Qwen3.5 gated delta-net; Mamba / Nemotron-H mixers.
        {G::Attention,
         {"model.layers.{L}.self_attn.q_proj", "model.layers.{L}.self_attn.k_proj",
          "model.layers.{L}.self_attn.v_proj", "model.layers.{L}.self_attn.o_proj"}},
        {G::Attention,
         {"model.layers.{L}.self_attn.q_a_proj", "model.layers.{L}.self_attn.q_b_proj",
          "model.layers.{L}.self_attn.kv_a_proj_with_mqa", "model.layers.{L}.self_attn.kv_b_proj",
          "model.layers.{L}.self_attn.o_proj"}},
        {G::Attention, {"model.layers.{L}.self_attn.qkv_proj", "model.layers.{L}.self_attn.o_proj"}},
        {G::Attention,
         {"model.language_model.layers.{L}.self_attn.q_proj",
          "model.language_model.layers.{L}.self_attn.k_proj",
          "model.language_model.layers.{L}.self_attn.v_proj",
          "model.language_model.layers.{L}.self_attn.o_proj"}},
        {G::Attention, {"transformer.h.{L}.attn.c_attn", "transformer.h.{L}.attn.c_proj"}},
        {G::Attention,
         {"transformer.h.{L}.self_attention.query_key_value", "transformer.h.{L}.self_attention.dense"}},
        {G::Attention, {"model.layers.{L}.attention.wqkv", "model.layers.{L}.attention.wo"}},
        {G::Attention,
         {"model.layers.{L}.linear_attn.in_proj_qkvz", "model.layers.{L}.linear_attn.in_proj_ba",
          "model.layers.{L}.linear_attn.out_proj"}},
        {G::Attention, {"backbone.layers.{L}.mixer.in_proj", "backbone.layers.{L}.mixer.out_proj"}},
        {G::DenseMlp,
         {"model.layers.{L}.mlp.gate_proj", "model.layers.{L}.mlp.up_proj",
          "model.layers.{L}.mlp.down_proj"}},
        {G::DenseMlp, {"model.layers.{L}.mlp.gate_up_proj", "model.layers.{L}.mlp.down_proj"}},
        {G::DenseMlp,
         {"model.language_model.layers.{L}.mlp.gate_proj", "model.language_model.layers.{L}.mlp.up_proj",
          "model.language_model.layers.{L}.mlp.down_proj"}},
        {G::DenseMlp,
         {"model.layers.{L}.feed_forward.w1", "model.layers.{L}.feed_forward.w2",
          "model.layers.{L}.feed_forward.w3"}},
        {G::DenseMlp, {"transformer.h.{L}.mlp.c_fc", "transformer.h.{L}.mlp.c_proj"}},
        {G::DenseMlp, {"transformer.h.{L}.mlp.dense_h_to_4h", "transformer.h.{L}.mlp.dense_4h_to_h"}},
        {G::DenseMlp, {"model.decoder.layers.{L}.fc1", "model.decoder.layers.{L}.fc2"}},
        {G::SharedExperts,
         {"model.layers.{L}.mlp.shared_experts.gate_proj", "model.layers.{L}.mlp.shared_experts.up_proj",
          "model.layers.{L}.mlp.shared_experts.down_proj"}},
        {G::SharedExperts,
         {"model.layers.{L}.mlp.shared_expert.gate_proj", "model.layers.{L}.mlp.shared_expert.up_proj",
          "model.layers.{L}.mlp.shared_expert.down_proj"}},
        {G::SharedExperts,
         {"model.language_model.layers.{L}.mlp.shared_expert.gate_proj",
          "model.language_model.layers.{L}.mlp.shared_expert.up_proj",
          "model.language_model.layers.{L}.mlp.shared_expert.down_proj"}},
        {G::SharedExperts,
         {"model.layers.{L}.feed_forward.shared_expert.gate_proj",
          "model.layers.{L}.feed_forward.shared_expert.up_proj",
          "model.layers.{L}.feed_forward.shared_expert.down_proj"}},
        {G::SharedExperts,
         {"model.layers.{L}.shared_mlp.input_linear", "model.layers.{L}.shared_mlp.output_linear"}},
        // Two experts each, so that a pattern naming one expert does not count as all of them.
        {G::RoutedExperts,
         {"model.layers.{L}.mlp.experts.0.gate_proj", "model.layers.{L}.mlp.experts.0.up_proj",
          "model.layers.{L}.mlp.experts.0.down_proj", "model.layers.{L}.mlp.experts.7.gate_proj",
          "model.layers.{L}.mlp.experts.7.up_proj", "model.layers.{L}.mlp.experts.7.down_proj"}},
        {G::RoutedExperts,
         {"model.layers.{L}.mlp.experts.gate_up_proj", "model.layers.{L}.mlp.experts.down_proj"}},
        {G::RoutedExperts,
         {"model.language_model.layers.{L}.mlp.experts.0.gate_proj",
          "model.language_model.layers.{L}.mlp.experts.0.down_proj",
          "model.language_model.layers.{L}.mlp.experts.7.gate_proj",
          "model.language_model.layers.{L}.mlp.experts.7.down_proj"}},
        {G::RoutedExperts,
         {"model.layers.{L}.block_sparse_moe.experts.0.w1", "model.layers.{L}.block_sparse_moe.experts.0.w2",
          "model.layers.{L}.block_sparse_moe.experts.0.w3", "model.layers.{L}.block_sparse_moe.experts.7.w1",
          "model.layers.{L}.block_sparse_moe.experts.7.w2",
          "model.layers.{L}.block_sparse_moe.experts.7.w3"}},
        {G::RoutedExperts,
         {"model.layers.{L}.feed_forward.experts.gate_up_proj",
          "model.layers.{L}.feed_forward.experts.down_proj"}},
        {G::RoutedExperts,
         {"backbone.layers.{L}.mixer.experts.0.up_proj", "backbone.layers.{L}.mixer.experts.0.down_proj",
          "backbone.layers.{L}.mixer.experts.7.up_proj", "backbone.layers.{L}.mixer.experts.7.down_proj"}},
        {G::Router, {"model.layers.{L}.mlp.gate"}},
        {G::Router, {"model.layers.{L}.mlp.router"}},
        {G::Router, {"model.language_model.layers.{L}.mlp.gate"}},
        {G::Router, {"model.layers.{L}.block_sparse_moe.gate"}},
        {G::Router, {"model.layers.{L}.feed_forward.router"}},
        {G::Router, {"backbone.layers.{L}.mixer.gate"}},
        {G::Norms,
         {"model.layers.{L}.input_layernorm", "model.layers.{L}.post_attention_layernorm", "model.norm"}},
        {G::Norms, {"transformer.h.{L}.ln_1", "transformer.h.{L}.ln_2", "transformer.ln_f"}},
        // Qwen2.5-VL / Qwen3-VL; LLaVA-style vision tower + projector; Mllama / Idefics.
        {G::Vision,
         {"model.visual.blocks.{L}.attn.qkv", "model.visual.blocks.{L}.attn.proj",
          "model.visual.blocks.{L}.mlp.linear_fc1", "model.visual.merger.linear_fc1"}},
        {G::Vision,
         {"visual.blocks.{L}.attn.qkv", "visual.blocks.{L}.attn.proj", "visual.blocks.{L}.mlp.fc1",
          "visual.merger.mlp.0"}},
        {G::Vision,
         {"vision_tower.vision_model.encoder.layers.{L}.self_attn.q_proj",
          "vision_tower.vision_model.encoder.layers.{L}.mlp.fc1", "multi_modal_projector.linear_1"}},
        {G::Vision,
         {"model.vision_tower.encoder.layers.{L}.self_attn.q_proj",
          "model.vision_tower.encoder.layers.{L}.mlp.fc1", "model.multi_modal_projector.linear_1"}},
        {G::Vision,
         {"vision_model.encoder.layers.{L}.self_attn.q_proj", "vision_model.encoder.layers.{L}.mlp.fc1"}},
        // Qwen3-Next / Qwen3.5 keep their MTP head under mtp.*. DeepSeek-V3 appends it as
        // model.layers.61 (README_WEIGHTS.md), which a name alone cannot tell apart.
        {G::Mtp, {"mtp.fc", "mtp.layers.{L}.self_attn.q_proj", "mtp.layers.{L}.mlp.experts.0.gate_proj"}},
        {G::Mtp,
         {"model.mtp.fc", "model.mtp.layers.{L}.self_attn.q_proj",
          "model.mtp.layers.{L}.mlp.experts.0.gate_proj"}},
    };
    return families;
}

// Layer indices a family's leaves are tried at. A pattern list that names one layer covers
// the group (the ignore lists seen per layer name every layer, or the first dense ones).
constexpr std::array kSampleLayers{"0", "1", "3"};

std::string atLayer(const char* leaf, const char* layer)
{
    std::string name = leaf;
    if (const auto at = name.find("{L}"); at != std::string::npos)
        name.replace(at, 3, layer);
    return name;
}

// '*' any run of characters (dots included), '?' one character; the whole text must match.
bool globMatch(std::string_view pattern, std::string_view text)
{
    std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace

ModulePattern::ModulePattern(std::string_view text, const std::string& fieldPath)
{
    if (text.substr(0, 3) == "re:") {
        try {
            m_regex.emplace(std::string(text.substr(3)), std::regex::ECMAScript);
        } catch (const std::regex_error& error) {
            throw InputError(fieldPath,
                             message(LHE_TEXT("CoreMessage", "\"%1\" is not a valid regular expression (%2)"),
                                     elided(text), std::string(error.what())));
        }
    } else {
        // Whole dot-separated parts anywhere in the name: "lm_head" matches
        // "language_model.lm_head", "model.layers.*.self_attn" matches
        // "model.layers.3.self_attn.q_proj" (transformers' should_convert_module takes a
        // pattern as a prefix of the name or its suffix).
        m_glob = "*." + std::string(text) + ".*";
        if (text.find_first_of("*?") == std::string_view::npos)
            m_plain = "." + std::string(text) + "."; // most entries: a plain name, a substring search
    }
}

bool ModulePattern::matches(const std::string& name, std::string_view dotted) const
{
    if (m_regex) // compressed-tensors: re.match, anchored at the start only
        return std::regex_search(name, *m_regex, std::regex_constants::match_continuous);
    if (!m_plain.empty())
        return dotted.find(m_plain) != std::string_view::npos;
    return globMatch(m_glob, dotted);
}

CoverageByGroup coverageOf(const std::vector<ModulePattern>& patterns)
{
    CoverageByGroup coverage{};
    if (patterns.empty())
        return coverage;
    for (const NameFamily& family : nameFamilies()) {
        Coverage& slot = coverage[groupIndex(family.group)];
        for (const char* layer : kSampleLayers) {
            if (slot == Coverage::Full)
                break;
            std::size_t matched = 0;
            for (const char* leaf : family.leaves) {
                const std::string name = atLayer(leaf, layer);
                const std::string dotted = "." + name + ".";
                if (std::any_of(patterns.begin(), patterns.end(),
                                [&](const ModulePattern& pattern) { return pattern.matches(name, dotted); }))
                    ++matched;
            }
            if (matched == family.leaves.size())
                slot = Coverage::Full;
            else if (matched > 0 && slot == Coverage::None)
                slot = Coverage::Partial;
        }
    }
    return coverage;
}

std::vector<ModulePattern> readPatterns(const json& object, const std::string& key, const std::string& path)
{
    std::vector<ModulePattern> patterns;
    const auto texts = json_fields::optionalStringList(object, key, path);
    for (std::size_t i = 0; i < texts.size(); ++i)
        patterns.emplace_back(texts[i], joinIndex(join(path, key), i));
    return patterns;
}

std::vector<WeightGroup> groupsMatchedBy(std::string_view pattern)
{
    const CoverageByGroup coverage = coverageOf({ModulePattern(pattern, "pattern")});
    std::vector<WeightGroup> groups;
    for (std::size_t g = 0; g < kWeightGroupCount; ++g)
        if (coverage[g] == Coverage::Full)
            groups.push_back(static_cast<WeightGroup>(g));
    return groups;
}

} // namespace lhe::core
