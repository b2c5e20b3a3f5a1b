// How each part of a memory bar was calculated: weights, KV cache, recurrent state,
// activations, training state, adapters and overheads (docs/METHOD.md §2).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace lhe::core {

namespace explain_detail {

// ---- memory ------------------------------------------------------------------------------

MemoryBreakdown recomputedBreakdown(const Setup& su, long long stage)
{
    const auto& s = su.s();
    if (!su.training())
        return inferenceMemory(su.ctx, ll(s.batch), ll(s.promptTokens + s.outputTokens));
    if (stage > 0) {
        for (const auto& st : trainingStageMemory(su.ctx, su.microBatches))
            if (st.stage == stage)
                return st.perDevice;
    }
    return trainingMemory(su.ctx, su.microBatches);
}

double partOf(const MemoryBreakdown& m, MemorySegmentKind kind)
{
    switch (kind) {
    case MemorySegmentKind::Weights:
        return m.weightsBytes;
    case MemorySegmentKind::KvCache:
        return m.kvCacheBytes;
    case MemorySegmentKind::VisionWeights:
        return m.visionWeightsBytes;
    case MemorySegmentKind::RecurrentState:
        return m.recurrentStateBytes;
    case MemorySegmentKind::Activations:
        return m.activationsBytes;
    case MemorySegmentKind::Gradients:
        return m.gradientsBytes;
    case MemorySegmentKind::OptimizerStates:
        return m.optimizerStatesBytes;
    case MemorySegmentKind::RuntimeContext:
        return m.runtimeContextBytes;
    case MemorySegmentKind::AllocatorReserve:
        return m.allocatorReserveBytes;
    case MemorySegmentKind::CommunicationBuffers:
        return m.communicationBuffersBytes;
    case MemorySegmentKind::KvPoolReserve:
        return m.kvPoolReserveBytes;
    case MemorySegmentKind::Adapters:
        return m.adaptersBytes;
    case MemorySegmentKind::DequantWorkspace:
        return m.dequantWorkspaceBytes;
    default:
        return 0;
    }
}

// Training state sharded by ZeRO from `fromStage` on: non-expert parameters over data x expert
// ranks, routed experts over the data ranks (memory_model.cpp trainingMemory).
void zeroSharded(Builder& b, const Setup& su, int fromStage, const std::string& bytesKey,
                 MessageId bytesLabel, double bytesPerParam)
{
    const auto& ctx = su.ctx;
    const double expert = expertParamsPerDevice(ctx);
    const double shared =
        paramsPerDevice(ctx) - expert + visionParamsPerDevice(ctx); // training trains the tower
    const bool shard = su.s().training.zeroStage >= fromStage;
    b.term(bytesKey, bytesLabel, bytesPerParam, U::BytesPerElement);
    b.term("shared_params_device", LHE_TEXT("Explanation", "Non-expert parameters per model shard"), shared,
           U::Parameters);
    b.term("zero_stage", LHE_TEXT("Explanation", "ZeRO stage"), su.s().training.zeroStage, U::Count);
    const bool moe = su.arch.isMoe();
    if (moe)
        b.term("expert_params_device", LHE_TEXT("Explanation", "Routed-expert parameters per model shard"),
               expert, U::Parameters);
    if (shard) {
        b.term("zero_ranks", LHE_TEXT("Explanation", "ZeRO data-parallel ranks (data × expert)"),
               ctx.replicas(), U::Count);
        b.term("data", LHE_TEXT("Explanation", "Data-parallel degree"), ll(ctx.split.data), U::Count);
        b.formula(moe ? "{" + bytesKey +
                            "} × ({shared_params_device} ÷ {zero_ranks} + {expert_params_device} ÷ {data})"
                      : "{" + bytesKey + "} × ({shared_params_device} ÷ {zero_ranks})");
        b.note(LHE_TEXT("Explanation", "This ZeRO stage shards the state over the data-parallel ranks."));
    } else {
        b.formula(moe ? "{" + bytesKey + "} × ({shared_params_device} + {expert_params_device})"
                      : "{" + bytesKey + "} × {shared_params_device}");
        b.note(LHE_TEXT("Explanation",
                        "This ZeRO stage keeps a full copy of the state on every data-parallel rank."));
    }
    if (ctx.split.tensor * ctx.split.pipeline > 1)
        b.note(LHE_TEXT("Explanation",
                        "A model shard is what one device holds after tensor and pipeline splitting."));
}

// Weights as the checkpoint stores them: each module group's parameters at its own bits.
Explanation checkpointWeights(Builder& b, const Setup& su, double result)
{
    const auto& a = su.arch;
    static constexpr std::array<std::pair<WeightGroup, MessageId>, 8> kGroups{{
        {WeightGroup::Embedding, LHE_TEXT("Explanation", "Embedding as stored")},
        {WeightGroup::LmHead, LHE_TEXT("Explanation", "Output head as stored")},
        {WeightGroup::Attention, LHE_TEXT("Explanation", "Attention (token mixer) weights as stored")},
        {WeightGroup::DenseMlp, LHE_TEXT("Explanation", "Dense MLP weights as stored")},
        {WeightGroup::SharedExperts, LHE_TEXT("Explanation", "Shared-expert weights as stored")},
        {WeightGroup::Router, LHE_TEXT("Explanation", "Router weights as stored")},
        {WeightGroup::Norms, LHE_TEXT("Explanation", "Norm weights as stored")},
        {WeightGroup::RoutedExperts, LHE_TEXT("Explanation", "Routed-expert weights as stored")},
    }};
    std::string shared;
    std::string routed;
    for (const auto& [group, label] : kGroups) {
        const auto i = static_cast<std::size_t>(group);
        if (a.paramsByGroup[i] <= 0)
            continue;
        const std::string key = std::string(weightGroupName(group)) + "_stored";
        b.term(key, label, a.paramsByGroup[i] * a.checkpointBitsPerParam[i] / 8.0, U::Bytes);
        if (group == WeightGroup::RoutedExperts)
            routed = "{" + key + "}";
        else
            shared += (shared.empty() ? "{" : " + {") + key + "}";
    }
    tensorTerm(b, su);
    pipelineTerm(b, su);
    std::string formula = "(" + shared + ") ÷ ({tensor} × {pipeline})";
    if (!routed.empty()) {
        expertTerm(b, su);
        formula += " + " + routed + " ÷ ({pipeline} × {expert_shards})";
    }
    b.formula(formula);
    b.note(LHE_TEXT(
        "Explanation",
        "Weights counted as the checkpoint stores them: each module group in its own format, block scales "
        "included (the config's quantization_config, else its torch_dtype)."));
    return b.done(result);
}

// LoRA / QLoRA: the frozen base as memory_model.cpp frozenBaseBytesPerDevice stores it, sharded
// by ZeRO-3 like any weight (addTrainingState). QLoRA quantizes the decoder's linear modules only:
// bitsandbytes replaces nn.Linear layers, and transformers keeps the output head in 16 bits, so
// the embedding, head and norms stay in the weight precision (QLoRA §3, §4 "4-bit NormalFloat").
Explanation frozenBaseExplanation(const Setup& su, double result)
{
    const auto& ctx = su.ctx;
    const auto& tr = su.s().training;
    const bool qlora = tr.method == TrainingMethod::Qlora;
    Builder b(LHE_TEXT("Explanation", "Weights"), U::Bytes, std::string(kLoraSource) + "; " + kZeroSource);
    const double expert = expertParamsPerDevice(ctx);
    const double shared = paramsPerDevice(ctx) - expert;
    const bool moe = su.arch.isMoe();
    b.term("weight_bytes", LHE_TEXT("Explanation", "Bytes per weight"), bytesPerElement(su.s().weights),
           U::BytesPerElement);
    b.term("shared_params_device", LHE_TEXT("Explanation", "Non-expert parameters per model shard"), shared,
           U::Parameters);
    if (moe)
        b.term("expert_params_device", LHE_TEXT("Explanation", "Routed-expert parameters per model shard"),
               expert, U::Parameters);
    std::string sharedBytes = "{shared_params_device} × {weight_bytes}";
    std::string expertBytes = "{expert_params_device} × {weight_bytes}";
    if (qlora) {
        const LoraCounts& c = ctx.adapterCounts();
        const double tp = ll(ctx.split.tensor * ctx.split.pipeline);
        const double quantizedShared = (c.quantizedParams - c.quantizedRoutedExpert) / tp;
        const double quantizedExperts =
            c.quantizedRoutedExpert / ll(ctx.split.pipeline * ctx.split.expertShards());
        b.term("base_bits", LHE_TEXT("Explanation", "Bits per quantized base weight, block scales included"),
               quantizedBaseBits(tr.lora), U::Number);
        b.term("quantized_shared",
               LHE_TEXT("Explanation", "Linear-module parameters per model shard (quantized)"),
               quantizedShared, U::Parameters);
        sharedBytes =
            "{quantized_shared} × {base_bits} ÷ 8 + ({shared_params_device} − {quantized_shared}) × "
            "{weight_bytes}";
        if (tr.lora.quantization == QuantizedBase::Int8) {
            b.term("row_scales", LHE_TEXT("Explanation", "fp32 scale per output row of each int8 matrix"),
                   4.0 * c.quantizedOutputRows / tp, U::Bytes);
            sharedBytes += " + {row_scales}";
            b.note(LHE_TEXT(
                "Explanation",
                "LLM.int8() keeps one fp32 scale per output row of each matrix (Dettmers et al. 2022)."));
        } else if (tr.lora.doubleQuant) {
            b.note(LHE_TEXT(
                "Explanation",
                "4-bit NormalFloat in blocks of 64 with double-quantized scales: 4 + 8 ÷ 64 + 32 ÷ (64 × "
                "256) ≈ 4.127 bits per weight (QLoRA §3)."));
        } else {
            b.note(LHE_TEXT(
                "Explanation",
                "4-bit NormalFloat in blocks of 64 with an fp32 scale each: 4 + 32 ÷ 64 = 4.5 bits per "
                "weight (QLoRA §3)."));
        }
        if (moe) {
            b.term("quantized_experts",
                   LHE_TEXT("Explanation", "Routed-expert parameters per model shard (quantized)"),
                   quantizedExperts, U::Parameters);
            expertBytes =
                "{quantized_experts} × {base_bits} ÷ 8 + ({expert_params_device} − {quantized_experts}) × "
                "{weight_bytes}";
        }
        b.note(LHE_TEXT(
            "Explanation",
            "QLoRA quantizes the decoder's linear modules; the embedding, output head and norms stay in the "
            "weight precision."));
    }
    if (tr.zeroStage >= 3) {
        b.term("zero_ranks", LHE_TEXT("Explanation", "ZeRO data-parallel ranks (data × expert)"),
               ctx.replicas(), U::Count);
        b.term("data", LHE_TEXT("Explanation", "Data-parallel degree"), ll(ctx.split.data), U::Count);
        b.formula(moe ? "(" + sharedBytes + ") ÷ {zero_ranks} + (" + expertBytes + ") ÷ {data}"
                      : "(" + sharedBytes + ") ÷ {zero_ranks}");
        b.note(LHE_TEXT("Explanation",
                        "ZeRO 3 shards the frozen base over the data-parallel ranks like any weight."));
    } else {
        b.formula(moe ? sharedBytes + " + " + expertBytes : sharedBytes);
    }
    b.note(LHE_TEXT("Explanation", "The base stays frozen: it keeps no gradients and no optimizer states."));
    if (ctx.split.tensor * ctx.split.pipeline > 1)
        b.note(LHE_TEXT("Explanation",
                        "A model shard is what one device holds after tensor and pipeline splitting."));
    return b.done(result);
}

Explanation weightsExplanation(const Setup& su, double result)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const double bytes = bytesPerElement(s.weights);
    if (su.ctx.adapterTraining())
        return frozenBaseExplanation(su, result);
    if (su.training()) {
        Builder b(LHE_TEXT("Explanation", "Weights"), U::Bytes, kZeroSource);
        zeroSharded(b, su, 3, "weight_bytes", LHE_TEXT("Explanation", "Bytes per weight"), bytes);
        return b.done(result);
    }
    Builder b(LHE_TEXT("Explanation", "Weights"), U::Bytes,
              std::string(kMemorySource) + "; parameter counts from the model's config.json and model card");
    if (s.weights == Precision::Checkpoint)
        return checkpointWeights(b, su, result);
    b.term("shared_params", LHE_TEXT("Explanation", "Non-expert parameters"),
           a.paramsTotal - a.paramsRoutedExperts - a.paramsVision, U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    b.term("weight_bytes", LHE_TEXT("Explanation", "Bytes per weight"), bytes, U::BytesPerElement);
    if (a.isMoe()) {
        b.term("routed_params", LHE_TEXT("Explanation", "Routed-expert parameters"), a.paramsRoutedExperts,
               U::Parameters);
        expertTerm(b, su);
        b.formula("({shared_params} ÷ ({tensor} × {pipeline}) + {routed_params} ÷ ({pipeline} × "
                  "{expert_shards})) × {weight_bytes}");
        b.note(
            LHE_TEXT("Explanation",
                     "Mixture of experts: routed experts are split over the devices that hold them (the "
                     "expert-parallel ranks, each expert sliced over the rest); attention and shared weights "
                     "are split over the tensor ranks only."));
    } else {
        b.formula("{shared_params} ÷ ({tensor} × {pipeline}) × {weight_bytes}");
    }
    if (isWeightOnly(s.weights))
        b.note(LHE_TEXT(
            "Explanation",
            "Block-quantised formats count their per-block scales in the bytes per weight (llama.cpp block "
            "layouts)."));
    return b.done(result);
}

Explanation kvExplanation(const Setup& su, double result)
{
    Builder b(
        LHE_TEXT("Explanation", "KV cache"), U::Bytes,
        "Kwon et al. 2023 (vLLM) §3: KV cache 2·L·h_kv·d_h·B(kv) per token; MLA latent: DeepSeek-V2 §2.1");
    if (su.training()) {
        b.formula("0").note(LHE_TEXT("Explanation", "Training keeps no KV cache."));
        return b.done(result);
    }
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    const double kvBytes = bytesPerElement(s.kvCache);
    const double sequences = ceilDiv(ll(s.batch), ctx.replicas());
    const double context = ll(s.promptTokens + s.outputTokens);
    b.term("layers", LHE_TEXT("Explanation", "Layers"), ll(a.layers), U::Count);
    b.term("kv_bytes", LHE_TEXT("Explanation", "Bytes per cached element"), kvBytes, U::BytesPerElement);
    b.term("sequences", LHE_TEXT("Explanation", "Sequences per replica"), sequences, U::Count);
    b.term("context", LHE_TEXT("Explanation", "Context tokens (prompt + output)"), context, U::Tokens);
    std::string perToken;
    if (a.mla) {
        b.term("kv_lora_rank", LHE_TEXT("Explanation", "Latent (kv_lora_rank) width"), ll(a.kvLoraRank),
               U::Count);
        b.term("rope_dim", LHE_TEXT("Explanation", "RoPE key width"), ll(a.qkRopeHeadDim), U::Count);
        if (kvBytes == 1.0) {
            perToken = "({kv_lora_rank} + 16 + 2 × {rope_dim})";
            b.note(LHE_TEXT(
                "Explanation",
                "8-bit MLA cache in FlashMLA's layout: fp8 latent, four fp32 tile scales (16 B) and the RoPE "
                "key in bf16."));
        } else {
            perToken = "({kv_lora_rank} + {rope_dim}) × {kv_bytes}";
        }
        b.note(LHE_TEXT(
            "Explanation",
            "Multi-head latent attention caches one compressed latent and a shared RoPE key per token per "
            "layer (DeepSeek-V2 §2.1)."));
    } else {
        b.term("kv_heads", LHE_TEXT("Explanation", "KV heads"), ll(a.kvHeads), U::Count);
        b.term("head_dim", LHE_TEXT("Explanation", "Head dimension"), ll(a.headDim), U::Count);
        if (a.valueHeadDim == a.headDim) {
            perToken = "2 × {kv_heads} × {head_dim} × {kv_bytes}";
        } else {
            b.term("value_head_dim", LHE_TEXT("Explanation", "Value head dimension"), ll(a.valueHeadDim),
                   U::Count);
            perToken = "{kv_heads} × ({head_dim} + {value_head_dim}) × {kv_bytes}";
        }
        if (a.kvHeads < a.heads)
            b.note(LHE_TEXT("Explanation",
                            "Grouped-query attention: only the KV heads are cached, not every query head."));
    }
    std::string formula;
    // Softmax-attention layers by how many tokens they keep (docs/METHOD.md "KV cache").
    double layersOf[3] = {0, 0, 0}; // full, sliding, chunked
    double windowOf[3] = {0, 0, 0};
    double linearLayers = 0;
    double indexerBytes = 0;
    for (const KvGroup& g : a.kvGroups) {
        if (g.kind == AttentionKind::Linear)
            linearLayers += g.layers;
        if (g.kind != AttentionKind::Full && g.kind != AttentionKind::Sliding &&
            g.kind != AttentionKind::Chunked)
            continue;
        const auto k = static_cast<std::size_t>(g.kind);
        layersOf[k] += g.layers;
        windowOf[k] = std::max(windowOf[k], g.windowTokens);
        indexerBytes = g.fixedBytesPerToken;
    }
    const bool uniform = layersOf[1] == 0 && layersOf[2] == 0 && linearLayers == 0 && indexerBytes == 0 &&
                         layersOf[0] == ll(a.layers);
    if (indexerBytes > 0) {
        b.term("indexer_bytes", LHE_TEXT("Explanation", "Indexer key bytes per token (fp8 + fp32 scale)"),
               indexerBytes, U::Bytes);
        perToken = "(" + perToken + " + {indexer_bytes})";
        b.note(
            LHE_TEXT("Explanation",
                     "DeepSeek sparse attention also caches the lightning indexer's key per token per layer "
                     "(DeepSeek-V3.2-Exp report §2.1)."));
    }
    if (!uniform) {
        const bool fullLength = s.overheads.fullLengthKvOnWindowedLayers;
        std::string sum;
        auto part = [&](const std::string& piece) { sum += (sum.empty() ? "" : " + ") + piece; };
        if (layersOf[0] > 0) {
            b.term("full_layers", LHE_TEXT("Explanation", "Full-attention layers"), layersOf[0], U::Count);
            part("{full_layers} × {context}");
        }
        if (layersOf[1] > 0) {
            b.term("sliding_layers", LHE_TEXT("Explanation", "Sliding-window layers"), layersOf[1], U::Count);
            b.term("window", LHE_TEXT("Explanation", "Sliding window"), windowOf[1], U::Tokens);
            part(fullLength ? "{sliding_layers} × {context}" : "{sliding_layers} × min({context}, {window})");
            b.note(LHE_TEXT("Explanation", "Sliding-window layers keep only the last window of tokens."));
        }
        if (layersOf[2] > 0) {
            b.term("chunked_layers", LHE_TEXT("Explanation", "Chunked-attention layers"), layersOf[2],
                   U::Count);
            b.term("chunk", LHE_TEXT("Explanation", "Attention chunk"), windowOf[2], U::Tokens);
            part(fullLength ? "{chunked_layers} × {context}" : "{chunked_layers} × min({context}, {chunk})");
            b.note(LHE_TEXT(
                "Explanation",
                "Chunked-attention layers attend within their chunk and keep at most one chunk of tokens."));
        }
        if (fullLength && layersOf[1] + layersOf[2] > 0)
            b.note(LHE_TEXT("Explanation", "The scenario asks for full-length KV on windowed layers, as "
                                           "engines without a windowed cache "
                                           "allocate it."));
        if (linearLayers > 0) {
            b.term("linear_layers",
                   LHE_TEXT("Explanation", "Linear-attention / state-space layers (no KV cache)"),
                   linearLayers, U::Count);
            b.note(LHE_TEXT(
                "Explanation",
                "Linear-attention and state-space layers keep a fixed recurrent state instead of a KV cache: "
                "see Recurrent state."));
        }
        formula = perToken + " × (" + (sum.empty() ? std::string("0") : sum) + ") × {sequences}";
    } else if (!a.mla && a.valueHeadDim == a.headDim) {
        formula = "2 × {layers} × {kv_heads} × {head_dim} × {kv_bytes} × {sequences} × {context}";
    } else {
        formula = perToken + " × {layers} × {sequences} × {context}";
    }
    const double shard = ctx.kvShardFraction();
    if (shard != 1.0) {
        b.term("kv_shard", LHE_TEXT("Explanation", "Share of KV heads per tensor rank (⌈h_kv ÷ t⌉ ÷ h_kv)"),
               shard, U::Fraction);
        formula += " × {kv_shard}";
        if (a.kvHeads < ctx.split.tensor)
            b.note(LHE_TEXT("Explanation",
                            "Fewer KV heads than tensor ranks: KV heads are replicated, not split."));
    }
    if (ctx.split.pipeline > 1) {
        pipelineTerm(b, su);
        formula += " ÷ {pipeline}";
    }
    if (ctx.replicas() > 1)
        b.note(LHE_TEXT("Explanation",
                        "The batch is split over the data-parallel replicas (data × expert), rounded up."));
    b.formula(formula);
    return b.done(result);
}

Explanation visionWeightsExplanation(const Setup& su, double result)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    Builder b(LHE_TEXT("Explanation", "Vision tower"), U::Bytes,
              "Vision tower and projector parameters from the config's vision_config "
              "(ViT: Dosovitskiy et al. 2021; SigLIP: Zhai et al. 2023)");
    if (su.training() && !su.ctx.adapterTraining()) {
        b.formula("0").note(
            LHE_TEXT("Explanation",
                     "Training counts the vision tower with the weights, gradients and optimizer states."));
        return b.done(result);
    }
    b.term("vision_params", LHE_TEXT("Explanation", "Vision tower and projector parameters"), a.paramsVision,
           U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    const auto i = static_cast<std::size_t>(WeightGroup::Vision);
    const double bytes =
        s.weights == Precision::Checkpoint ? a.checkpointBitsPerParam[i] / 8.0 : bytesPerElement(s.weights);
    b.term("weight_bytes", LHE_TEXT("Explanation", "Bytes per weight"), bytes, U::BytesPerElement);
    if (su.ctx.adapterTraining() && s.training.zeroStage >= 3) {
        b.term("zero_ranks", LHE_TEXT("Explanation", "ZeRO data-parallel ranks (data × expert)"),
               su.ctx.replicas(), U::Count);
        b.formula("{vision_params} ÷ ({tensor} × {pipeline}) × {weight_bytes} ÷ {zero_ranks}");
        b.note(LHE_TEXT("Explanation",
                        "ZeRO 3 shards the frozen base over the data-parallel ranks like any weight."));
    } else {
        b.formula("{vision_params} ÷ ({tensor} × {pipeline}) × {weight_bytes}");
    }
    if (su.ctx.adapterTraining())
        b.note(LHE_TEXT(
            "Explanation",
            "LoRA and QLoRA leave the vision tower frozen, in the weight precision, without adapters."));
    b.note(LHE_TEXT(
        "Explanation",
        "A multimodal checkpoint loads its image encoder beside the language model; it runs on image tokens "
        "only."));
    return b.done(result);
}

Explanation recurrentStateExplanation(const Setup& su, double result)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    Builder b(LHE_TEXT("Explanation", "Recurrent state"), U::Bytes,
              "Fixed state per sequence of linear-attention and state-space layers "
              "(Gu & Dao 2023; Yang et al. 2024, Gated Delta Networks); vLLM keeps the "
              "last kernel − 1 convolution inputs beside it");
    if (su.training()) {
        b.formula("0").note(LHE_TEXT(
            "Explanation", "Training keeps no recurrent state between steps; each layer's activations are "
                           "counted with the activations."));
        return b.done(result);
    }
    double layers = 0;
    double perLayer = 0;
    for (const KvGroup& g : a.kvGroups) {
        if (g.stateElements > 0) {
            layers += g.layers;
            perLayer = g.stateElements;
        }
    }
    b.term("linear_layers", LHE_TEXT("Explanation", "Linear-attention / state-space layers"), layers,
           U::Count);
    b.term("state_elements", LHE_TEXT("Explanation", "State elements per layer per sequence"), perLayer,
           U::Count);
    b.term("state_bytes", LHE_TEXT("Explanation", "Bytes per state element (activation precision)"),
           bytesPerElement(s.activations), U::BytesPerElement);
    b.term("sequences", LHE_TEXT("Explanation", "Sequences per replica"),
           ceilDiv(ll(s.batch), ctx.replicas()), U::Count);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    b.formula("{linear_layers} × {state_elements} × {state_bytes} × {sequences} ÷ ({tensor} × {pipeline})");
    b.note(LHE_TEXT(
        "Explanation",
        "The state does not grow with the context: a long prompt costs these layers nothing extra."));
    return b.done(result);
}

void storedActivationNotes(Builder& b, const Setup& su)
{
    const auto& tr = su.s().training;
    if (tr.recompute == Recompute::Full)
        b.note(LHE_TEXT(
            "Explanation",
            "Full recomputation keeps only each layer's input, 2·s·b·d (Korthikanti et al. 2022 §4.3)."));
    else if (tr.recompute == Recompute::Selective)
        b.note(LHE_TEXT(
            "Explanation",
            "Selective recomputation drops the attention score matrices (5·a·s²·b) and recomputes them."));
    else if (su.s().flashAttention)
        b.note(LHE_TEXT("Explanation", "Flash attention never stores the attention score matrices."));
    else
        b.note(LHE_TEXT("Explanation",
                        "Without flash attention the attention score matrices (5·a·s²·b) are stored."));
    if (tr.sequenceParallel && su.ctx.split.tensor > 1)
        b.note(LHE_TEXT(
            "Explanation",
            "Sequence parallelism splits the replicated parts over the tensor ranks (Korthikanti §4.2.2)."));
}

Explanation activationsExplanation(const Setup& su, long long stage, double result)
{
    const auto& ctx = su.ctx;
    const auto& a = su.arch;
    const auto& s = su.s();
    if (!su.training()) {
        Builder b(
            LHE_TEXT("Explanation", "Activations"), U::Bytes,
            "Largest live tensors of one layer in one prefill pass, tokens·(2d + 2f/t)·B(act), plus fp32 "
            "logits of the sampled positions (this product's assumption; scores too without flash "
            "attention)");
        const double sequences = ceilDiv(ll(s.batch), ctx.replicas());
        const double context = ll(s.promptTokens + s.outputTokens);
        const double promptTokens = std::min(ll(s.promptTokens), context);
        const double passTokens = std::min(sequences * promptTokens, ll(s.prefillChunkTokens));
        b.term("pass_tokens",
               LHE_TEXT("Explanation", "Tokens in one prefill pass (min(sequences × prompt, chunk))"),
               passTokens, U::Tokens);
        b.term("hidden", LHE_TEXT("Explanation", "Hidden size"), ll(a.hidden), U::Count);
        b.term("ffn_width", LHE_TEXT("Explanation", "Active FFN width"), a.activeFfnWidth(), U::Count);
        tensorTerm(b, su);
        b.term("act_bytes", LHE_TEXT("Explanation", "Bytes per activation"), bytesPerElement(s.activations),
               U::BytesPerElement);
        b.term("sequences", LHE_TEXT("Explanation", "Sequences per replica"), sequences, U::Count);
        b.term("vocab", LHE_TEXT("Explanation", "Vocabulary"), ll(a.vocab), U::Count);
        std::string f = "{pass_tokens} × (2 × {hidden} + 2 × {ffn_width} ÷ {tensor}) × {act_bytes}";
        if (!s.flashAttention) {
            b.term("heads_per_rank", LHE_TEXT("Explanation", "Attention heads per tensor rank"),
                   ceilDiv(ll(a.heads), ll(ctx.split.tensor)), U::Count);
            b.term("prompt_tokens", LHE_TEXT("Explanation", "Prompt tokens"), promptTokens, U::Tokens);
            f += " + {heads_per_rank} × {pass_tokens} × {prompt_tokens} × {act_bytes}";
            b.note(LHE_TEXT("Explanation", "Without flash attention one layer's score matrix is live too."));
        }
        f += " + {sequences} × {vocab} ÷ {tensor} × 4";
        b.note(LHE_TEXT(
            "Explanation",
            "The largest live tensors of one layer for one prefill pass, plus fp32 logits of the sampled "
            "positions."));
        return b.formula(f).done(result);
    }
    Builder b(LHE_TEXT("Explanation", "Activations"), U::Bytes, "Korthikanti et al. 2022 §4 (equations 1-4)");
    const double micro = ll(s.training.microBatch);
    const double seq = ll(s.promptTokens);
    b.term("layers_per_stage", LHE_TEXT("Explanation", "Layers per pipeline stage"), ctx.layersPerStage(),
           U::Count);
    b.term("per_layer", LHE_TEXT("Explanation", "Stored activations per layer, one micro-batch"),
           trainingActivationBytesPerLayer(ctx, micro, seq), U::Bytes);
    // LoRA / QLoRA: each adapted module also keeps its r-wide A·x (and, with lora_dropout, the
    // dropped-out input) for the backward pass (memory_model.cpp adapterActivationBytesPerLayer).
    std::string perLayer = "{per_layer}";
    if (ctx.adapterTraining()) {
        b.term("adapter_per_layer",
               LHE_TEXT("Explanation", "Adapters' stored activations per layer (A·x, dropout copies)"),
               adapterActivationBytesPerLayer(ctx, micro, seq), U::Bytes);
        perLayer = "({per_layer} + {adapter_per_layer})";
        b.note(s.training.recompute == Recompute::Full
                   ? LHE_TEXT("Explanation", "Full recomputation recomputes the adapters' A·x with the "
                                             "layer: they add nothing stored.")
                   : LHE_TEXT("Explanation", "Each adapted module keeps its r-wide A·x, and with "
                                             "lora_dropout the dropped-out input, "
                                             "for the backward pass."));
        b.note(LHE_TEXT(
            "Explanation",
            "A frozen base still stores its activations: the backward pass runs through every layer to reach "
            "the adapters below."));
    }
    b.term("sequence_length", LHE_TEXT("Explanation", "Sequence length"), seq, U::Tokens);
    b.term("micro_batch", LHE_TEXT("Explanation", "Micro-batch"), micro, U::Count);
    b.term("vocab", LHE_TEXT("Explanation", "Vocabulary"), ll(a.vocab), U::Count);
    tensorTerm(b, su);
    const double p = ll(ctx.split.pipeline);
    const double inFlight = std::min(p, ll(su.microBatches));
    const double chunks = ll(s.training.lossChunks);
    std::string logits = "{sequence_length} × {micro_batch} × {vocab} × 6 ÷ {tensor}";
    if (chunks > 1) { // memory_model.cpp trainingLogitsBytes: fp32 copy per chunk
        b.term("loss_chunks", LHE_TEXT("Explanation", "Loss chunks (fp32 copy per chunk)"), chunks, U::Count);
        logits = "{sequence_length} × {micro_batch} × {vocab} × (2 + 4 ÷ {loss_chunks}) ÷ {tensor}";
    }
    if (p <= 1) {
        b.formula("{layers_per_stage} × " + perLayer + " + " + logits);
    } else if (stage == 1) {
        b.term("in_flight", LHE_TEXT("Explanation", "Micro-batches in flight (min(stages, micro-batches))"),
               inFlight, U::Count);
        b.formula("{layers_per_stage} × " + perLayer + " × {in_flight}");
        b.note(LHE_TEXT("Explanation",
                        "1F1B schedule: the first stage holds up to one micro-batch per stage in flight."));
    } else if (stage > 1) {
        b.formula("{layers_per_stage} × " + perLayer + " + " + logits);
        b.note(
            LHE_TEXT("Explanation", "The last stage holds one micro-batch plus the logits and loss inputs."));
    } else {
        b.term("in_flight", LHE_TEXT("Explanation", "Micro-batches in flight (min(stages, micro-batches))"),
               inFlight, U::Count);
        b.formula("max({layers_per_stage} × " + perLayer + " × {in_flight}, {layers_per_stage} × " +
                  perLayer + " + " + logits + ")");
        b.note(LHE_TEXT("Explanation",
                        "The fuller of the first stage (micro-batches in flight) and the last (logits)."));
    }
    if ((p <= 1 || stage != 1) && chunks <= 1)
        b.note(LHE_TEXT("Explanation",
                        "Logits in 16 bits plus fp32 loss inputs: 6 bytes per vocabulary entry per token."));
    else if (p <= 1 || stage != 1)
        b.note(LHE_TEXT("Explanation", "Logits in 16 bits; the loss upcasts one chunk at a time to fp32."));
    storedActivationNotes(b, su);
    return b.done(result);
}

} // namespace explain_detail

using namespace explain_detail;

std::vector<Explanation> explainMemorySegment(const Report& report, const Device& device,
                                              const ModelArchitecture& arch, MemorySegmentKind kind,
                                              long long stage)
{
    const Setup su(report, device, arch);
    const MemoryChart chart = memoryChart(report);
    std::vector<Explanation> out;
    for (const auto& bar : chart.bars) {
        if (stage != 0 && bar.stage != stage)
            continue;
        const MemoryBreakdown m = recomputedBreakdown(su, bar.stage);
        const double part = partOf(m, kind);
        Explanation e;
        switch (kind) {
        case MemorySegmentKind::Weights:
            e = weightsExplanation(su, part);
            break;
        case MemorySegmentKind::KvCache:
            e = kvExplanation(su, part);
            break;
        case MemorySegmentKind::VisionWeights:
            e = visionWeightsExplanation(su, part);
            break;
        case MemorySegmentKind::RecurrentState:
            e = recurrentStateExplanation(su, part);
            break;
        case MemorySegmentKind::Activations:
            e = activationsExplanation(su, bar.stage, part);
            break;
        case MemorySegmentKind::Gradients:
        case MemorySegmentKind::OptimizerStates:
            e = trainingStateExplanation(su, kind, part);
            break;
        case MemorySegmentKind::RuntimeContext:
        case MemorySegmentKind::AllocatorReserve:
        case MemorySegmentKind::CommunicationBuffers:
        case MemorySegmentKind::KvPoolReserve:
            e = overheadExplanation(su, kind, m, part);
            break;
        case MemorySegmentKind::Adapters:
            e = adaptersExplanation(su, part);
            break;
        case MemorySegmentKind::DequantWorkspace:
            e = dequantWorkspaceExplanation(su, part);
            break;
        }
        if (bar.stage == 1)
            e.notes.emplace_back(LHE_TEXT("Explanation", "Pipeline stage: first.").text);
        else if (bar.stage > 1)
            e.notes.emplace_back(LHE_TEXT("Explanation", "Pipeline stage: last.").text);
        out.push_back(std::move(e));
        if (bar.totalBytes > chart.capacityBytes && part > 0)
            out.push_back(placementExplanation(componentPlacement(bar, kind)));
    }
    return out;
}

} // namespace lhe::core
