#include "core/explanation.h"

#include "core/communication.h"
#include "core/input_error.h"
#include "core/kernel_costs.h"
#include "core/memory_model.h"
#include "core/phase_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <tuple>

namespace lhe::core {

namespace {

using U = Quantity;

// Collects one explanation: terms are added as the formula names them (a key once), the result
// is set last from the model's own code.
class Builder
{
public:
    Builder(std::string title, U unit, std::string source)
    {
        m_e.title = std::move(title);
        m_e.resultUnit = unit;
        m_e.source = std::move(source);
    }
    double term(const std::string& key, const std::string& label, double value, U unit)
    {
        for (const auto& t : m_e.terms)
            if (t.key == key)
                return t.value;
        m_e.terms.push_back({key, label, value, unit});
        return value;
    }
    Builder& formula(std::string f)
    {
        m_e.formula = std::move(f);
        return *this;
    }
    Builder& note(std::string n)
    {
        m_e.notes.push_back(std::move(n));
        return *this;
    }
    Explanation done(double result)
    {
        m_e.result = result;
        // Keep only the terms the formula names (helpers may add shared ones).
        std::erase_if(m_e.terms, [&](const ExplanationTerm& t) {
            return m_e.formula.find('{' + t.key + '}') == std::string::npos;
        });
        return std::move(m_e);
    }

private:
    Explanation m_e;
};

double ll(long long v)
{
    return static_cast<double>(v);
}

// One scenario resolved again exactly as estimate() resolved it: the report's scenario (split and
// micro-batches filled in), its efficiencies and compute column.
struct Setup
{
    const Report& report;
    const Device& device;
    const ModelArchitecture& arch;
    EvaluationContext ctx;
    EvaluationContext ideal;
    long long microBatches = 1;

    Setup(const Report& r, const Device& d, const ModelArchitecture& a)
        : report(r), device(d), arch(a),
          ctx{r.scenario, d, a, r.scenario.parallelism.value_or(Parallelism{})},
          ideal{r.scenario, d, a, r.scenario.parallelism.value_or(Parallelism{}), idealEfficiencies()}
    {
        ctx.eff = r.efficiencies;
        ctx.computePeakKey = r.roofline.peakPrecision;
        ctx.peakFlopsPerSecond = r.roofline.peakFlopsPerSecond;
        ideal.computePeakKey = r.roofline.peakPrecision;
        ideal.peakFlopsPerSecond = r.roofline.peakFlopsPerSecond;
        if (r.training)
            microBatches = r.training->microBatches;
    }
    const Scenario& s() const { return report.scenario; }
    bool training() const { return report.scenario.mode == Mode::Training; }
};

// ---- common terms ------------------------------------------------------------------------

void tensorTerm(Builder& b, const Setup& su)
{
    b.term("tensor", "Tensor-parallel degree", ll(su.ctx.split.tensor), U::Count);
}
void pipelineTerm(Builder& b, const Setup& su)
{
    b.term("pipeline", "Pipeline stages", ll(su.ctx.split.pipeline), U::Count);
}
void expertTerm(Builder& b, const Setup& su)
{
    b.term("expert", "Expert-parallel degree", ll(su.ctx.split.expert), U::Count);
}

// ---- memory ------------------------------------------------------------------------------

const char* const kMemorySource = "Parameters × bytes per parameter; block formats at their real bits per weight (llama.cpp quantization table)";
const char* const kZeroSource = "Rajbhandari et al. 2020 (ZeRO) §3.1, §5";

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
    case MemorySegmentKind::Weights: return m.weightsBytes;
    case MemorySegmentKind::KvCache: return m.kvCacheBytes;
    case MemorySegmentKind::VisionWeights: return m.visionWeightsBytes;
    case MemorySegmentKind::RecurrentState: return m.recurrentStateBytes;
    case MemorySegmentKind::Activations: return m.activationsBytes;
    case MemorySegmentKind::Gradients: return m.gradientsBytes;
    case MemorySegmentKind::OptimizerStates: return m.optimizerStatesBytes;
    case MemorySegmentKind::RuntimeContext: return m.runtimeContextBytes;
    case MemorySegmentKind::AllocatorReserve: return m.allocatorReserveBytes;
    case MemorySegmentKind::CommunicationBuffers: return m.communicationBuffersBytes;
    case MemorySegmentKind::KvPoolReserve: return m.kvPoolReserveBytes;
    case MemorySegmentKind::Adapters:
        return m.adaptersBytes;
    case MemorySegmentKind::DequantWorkspace:
        return m.dequantWorkspaceBytes;
    default: return 0;
    }
}

// Training state sharded by ZeRO from `fromStage` on: non-expert parameters over data x expert
// ranks, routed experts over the data ranks (memory_model.cpp trainingMemory).
void zeroSharded(Builder& b, const Setup& su, int fromStage, const std::string& bytesKey,
                 const std::string& bytesLabel, double bytesPerParam)
{
    const auto& ctx = su.ctx;
    const double expert = expertParamsPerDevice(ctx);
    const double shared = paramsPerDevice(ctx) - expert + visionParamsPerDevice(ctx); // training trains the tower
    const bool shard = su.s().training.zeroStage >= fromStage;
    b.term(bytesKey, bytesLabel, bytesPerParam, U::BytesPerElement);
    b.term("shared_params_device", "Non-expert parameters per model shard", shared, U::Parameters);
    b.term("zero_stage", "ZeRO stage", su.s().training.zeroStage, U::Count);
    const bool moe = su.arch.isMoe();
    if (moe)
        b.term("expert_params_device", "Routed-expert parameters per model shard", expert, U::Parameters);
    if (shard) {
        b.term("zero_ranks", "ZeRO data-parallel ranks (data × expert)", ctx.replicas(), U::Count);
        b.term("data", "Data-parallel degree", ll(ctx.split.data), U::Count);
        b.formula(moe ? "{" + bytesKey + "} × ({shared_params_device} ÷ {zero_ranks} + {expert_params_device} ÷ {data})"
                      : "{" + bytesKey + "} × ({shared_params_device} ÷ {zero_ranks})");
        b.note("This ZeRO stage shards the state over the data-parallel ranks.");
    } else {
        b.formula(moe ? "{" + bytesKey + "} × ({shared_params_device} + {expert_params_device})"
                      : "{" + bytesKey + "} × {shared_params_device}");
        b.note("This ZeRO stage keeps a full copy of the state on every data-parallel rank.");
    }
    if (ctx.split.tensor * ctx.split.pipeline > 1)
        b.note("A model shard is what one device holds after tensor and pipeline splitting.");
}

// Weights as the checkpoint stores them: each module group's parameters at its own bits.
Explanation checkpointWeights(Builder& b, const Setup& su, double result)
{
    const auto& a = su.arch;
    static constexpr std::array<std::pair<WeightGroup, const char*>, 8> kGroups{{
        {WeightGroup::Embedding, "Embedding as stored"},
        {WeightGroup::LmHead, "Output head as stored"},
        {WeightGroup::Attention, "Attention (token mixer) weights as stored"},
        {WeightGroup::DenseMlp, "Dense MLP weights as stored"},
        {WeightGroup::SharedExperts, "Shared-expert weights as stored"},
        {WeightGroup::Router, "Router weights as stored"},
        {WeightGroup::Norms, "Norm weights as stored"},
        {WeightGroup::RoutedExperts, "Routed-expert weights as stored"},
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
        formula += " + " + routed + " ÷ ({tensor} × {pipeline} × {expert})";
    }
    b.formula(formula);
    b.note("Weights counted as the checkpoint stores them: each module group in its own format, block scales "
           "included (the config's quantization_config, else its torch_dtype).");
    return b.done(result);
}

const char* const kLoraSource = "Hu et al. 2021, LoRA, §4.1; Dettmers et al. 2023, QLoRA, §3";

// LoRA / QLoRA: the frozen base as memory_model.cpp frozenBaseBytesPerDevice stores it, sharded
// by ZeRO-3 like any weight (addTrainingState). QLoRA quantizes the decoder's linear modules only:
// bitsandbytes replaces nn.Linear layers, and transformers keeps the output head in 16 bits, so
// the embedding, head and norms stay in the weight precision (QLoRA §3, §4 "4-bit NormalFloat").
Explanation frozenBaseExplanation(const Setup& su, double result)
{
    const auto& ctx = su.ctx;
    const auto& tr = su.s().training;
    const bool qlora = tr.method == TrainingMethod::Qlora;
    Builder b("Weights", U::Bytes, std::string(kLoraSource) + "; " + kZeroSource);
    const double expert = expertParamsPerDevice(ctx);
    const double shared = paramsPerDevice(ctx) - expert;
    const bool moe = su.arch.isMoe();
    b.term("weight_bytes", "Bytes per weight", bytesPerElement(su.s().weights), U::BytesPerElement);
    b.term("shared_params_device", "Non-expert parameters per model shard", shared, U::Parameters);
    if (moe)
        b.term("expert_params_device", "Routed-expert parameters per model shard", expert, U::Parameters);
    std::string sharedBytes = "{shared_params_device} × {weight_bytes}";
    std::string expertBytes = "{expert_params_device} × {weight_bytes}";
    if (qlora) {
        const LoraCounts& c = ctx.adapterCounts();
        const double tp = ll(ctx.split.tensor * ctx.split.pipeline);
        const double quantizedShared = (c.quantizedParams - c.quantizedRoutedExpert) / tp;
        const double quantizedExperts = c.quantizedRoutedExpert / (tp * ll(ctx.split.expert));
        b.term("base_bits", "Bits per quantized base weight, block scales included",
               quantizedBaseBits(tr.lora), U::Number);
        b.term("quantized_shared", "Linear-module parameters per model shard (quantized)", quantizedShared,
               U::Parameters);
        sharedBytes =
            "{quantized_shared} × {base_bits} ÷ 8 + ({shared_params_device} − {quantized_shared}) × "
            "{weight_bytes}";
        if (tr.lora.quantization == QuantizedBase::Int8) {
            b.term("row_scales", "fp32 scale per output row of each int8 matrix",
                   4.0 * c.quantizedOutputRows / tp, U::Bytes);
            sharedBytes += " + {row_scales}";
            b.note("LLM.int8() keeps one fp32 scale per output row of each matrix (Dettmers et al. 2022).");
        } else if (tr.lora.doubleQuant) {
            b.note("4-bit NormalFloat in blocks of 64 with double-quantized scales: 4 + 8 ÷ 64 + 32 ÷ (64 × "
                   "256) ≈ 4.127 bits per weight (QLoRA §3).");
        } else {
            b.note("4-bit NormalFloat in blocks of 64 with an fp32 scale each: 4 + 32 ÷ 64 = 4.5 bits per "
                   "weight (QLoRA §3).");
        }
        if (moe) {
            b.term("quantized_experts", "Routed-expert parameters per model shard (quantized)",
                   quantizedExperts, U::Parameters);
            expertBytes =
                "{quantized_experts} × {base_bits} ÷ 8 + ({expert_params_device} − {quantized_experts}) × "
                "{weight_bytes}";
        }
        b.note(
            "QLoRA quantizes the decoder's linear modules; the embedding, output head and norms stay in the "
            "weight precision.");
    }
    if (tr.zeroStage >= 3) {
        b.term("zero_ranks", "ZeRO data-parallel ranks (data × expert)", ctx.replicas(), U::Count);
        b.term("data", "Data-parallel degree", ll(ctx.split.data), U::Count);
        b.formula(moe ? "(" + sharedBytes + ") ÷ {zero_ranks} + (" + expertBytes + ") ÷ {data}"
                      : "(" + sharedBytes + ") ÷ {zero_ranks}");
        b.note("ZeRO 3 shards the frozen base over the data-parallel ranks like any weight.");
    } else {
        b.formula(moe ? sharedBytes + " + " + expertBytes : sharedBytes);
    }
    b.note("The base stays frozen: it keeps no gradients and no optimizer states.");
    if (ctx.split.tensor * ctx.split.pipeline > 1)
        b.note("A model shard is what one device holds after tensor and pipeline splitting.");
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
        Builder b("Weights", U::Bytes, kZeroSource);
        zeroSharded(b, su, 3, "weight_bytes", "Bytes per weight", bytes);
        return b.done(result);
    }
    Builder b("Weights", U::Bytes, std::string(kMemorySource) + "; parameter counts from the model's config.json and model card");
    if (s.weights == Precision::Checkpoint)
        return checkpointWeights(b, su, result);
    b.term("shared_params", "Non-expert parameters", a.paramsTotal - a.paramsRoutedExperts - a.paramsVision,
           U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    b.term("weight_bytes", "Bytes per weight", bytes, U::BytesPerElement);
    if (a.isMoe()) {
        b.term("routed_params", "Routed-expert parameters", a.paramsRoutedExperts, U::Parameters);
        expertTerm(b, su);
        b.formula("({shared_params} ÷ ({tensor} × {pipeline}) + {routed_params} ÷ ({tensor} × {pipeline} × {expert})) "
                  "× {weight_bytes}");
        b.note("Mixture of experts: routed experts are split over the expert-parallel ranks; attention and "
               "shared weights are replicated on each.");
    } else {
        b.formula("{shared_params} ÷ ({tensor} × {pipeline}) × {weight_bytes}");
    }
    if (isWeightOnly(s.weights))
        b.note("Block-quantised formats count their per-block scales in the bytes per weight (llama.cpp block "
               "layouts).");
    return b.done(result);
}

Explanation kvExplanation(const Setup& su, double result)
{
    Builder b("KV cache", U::Bytes, "Kwon et al. 2023 (vLLM) §3: KV cache 2·L·h_kv·d_h·B(kv) per token; MLA latent: DeepSeek-V2 §2.1");
    if (su.training()) {
        b.formula("0").note("Training keeps no KV cache.");
        return b.done(result);
    }
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    const double kvBytes = bytesPerElement(s.kvCache);
    const double sequences = ceilDiv(ll(s.batch), ctx.replicas());
    const double context = ll(s.promptTokens + s.outputTokens);
    b.term("layers", "Layers", ll(a.layers), U::Count);
    b.term("kv_bytes", "Bytes per cached element", kvBytes, U::BytesPerElement);
    b.term("sequences", "Sequences per replica", sequences, U::Count);
    b.term("context", "Context tokens (prompt + output)", context, U::Tokens);
    std::string perToken;
    if (a.mla) {
        b.term("kv_lora_rank", "Latent (kv_lora_rank) width", ll(a.kvLoraRank), U::Count);
        b.term("rope_dim", "RoPE key width", ll(a.qkRopeHeadDim), U::Count);
        if (kvBytes == 1.0) {
            perToken = "({kv_lora_rank} + 16 + 2 × {rope_dim})";
            b.note("8-bit MLA cache in FlashMLA's layout: fp8 latent, four fp32 tile scales (16 B) and the RoPE "
                   "key in bf16.");
        } else {
            perToken = "({kv_lora_rank} + {rope_dim}) × {kv_bytes}";
        }
        b.note("Multi-head latent attention caches one compressed latent and a shared RoPE key per token per "
               "layer (DeepSeek-V2 §2.1).");
    } else {
        b.term("kv_heads", "KV heads", ll(a.kvHeads), U::Count);
        b.term("head_dim", "Head dimension", ll(a.headDim), U::Count);
        if (a.valueHeadDim == a.headDim) {
            perToken = "2 × {kv_heads} × {head_dim} × {kv_bytes}";
        } else {
            b.term("value_head_dim", "Value head dimension", ll(a.valueHeadDim), U::Count);
            perToken = "{kv_heads} × ({head_dim} + {value_head_dim}) × {kv_bytes}";
        }
        if (a.kvHeads < a.heads)
            b.note("Grouped-query attention: only the KV heads are cached, not every query head.");
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
        if (g.kind != AttentionKind::Full && g.kind != AttentionKind::Sliding && g.kind != AttentionKind::Chunked)
            continue;
        const auto k = static_cast<std::size_t>(g.kind);
        layersOf[k] += g.layers;
        windowOf[k] = std::max(windowOf[k], g.windowTokens);
        indexerBytes = g.fixedBytesPerToken;
    }
    const bool uniform = layersOf[1] == 0 && layersOf[2] == 0 && linearLayers == 0 && indexerBytes == 0 &&
                         layersOf[0] == ll(a.layers);
    if (indexerBytes > 0) {
        b.term("indexer_bytes", "Indexer key bytes per token (fp8 + fp32 scale)", indexerBytes, U::Bytes);
        perToken = "(" + perToken + " + {indexer_bytes})";
        b.note("DeepSeek sparse attention also caches the lightning indexer's key per token per layer "
               "(DeepSeek-V3.2-Exp report §2.1).");
    }
    if (!uniform) {
        const bool fullLength = s.overheads.fullLengthKvOnWindowedLayers;
        std::string sum;
        auto part = [&](const std::string& piece) { sum += (sum.empty() ? "" : " + ") + piece; };
        if (layersOf[0] > 0) {
            b.term("full_layers", "Full-attention layers", layersOf[0], U::Count);
            part("{full_layers} × {context}");
        }
        if (layersOf[1] > 0) {
            b.term("sliding_layers", "Sliding-window layers", layersOf[1], U::Count);
            b.term("window", "Sliding window", windowOf[1], U::Tokens);
            part(fullLength ? "{sliding_layers} × {context}" : "{sliding_layers} × min({context}, {window})");
            b.note("Sliding-window layers keep only the last window of tokens.");
        }
        if (layersOf[2] > 0) {
            b.term("chunked_layers", "Chunked-attention layers", layersOf[2], U::Count);
            b.term("chunk", "Attention chunk", windowOf[2], U::Tokens);
            part(fullLength ? "{chunked_layers} × {context}" : "{chunked_layers} × min({context}, {chunk})");
            b.note("Chunked-attention layers attend within their chunk and keep at most one chunk of tokens.");
        }
        if (fullLength && layersOf[1] + layersOf[2] > 0)
            b.note("The scenario asks for full-length KV on windowed layers, as engines without a windowed cache "
                   "allocate it.");
        if (linearLayers > 0) {
            b.term("linear_layers", "Linear-attention / state-space layers (no KV cache)", linearLayers, U::Count);
            b.note("Linear-attention and state-space layers keep a fixed recurrent state instead of a KV cache: "
                   "see Recurrent state.");
        }
        formula = perToken + " × (" + (sum.empty() ? std::string("0") : sum) + ") × {sequences}";
    } else if (!a.mla && a.valueHeadDim == a.headDim) {
        formula = "2 × {layers} × {kv_heads} × {head_dim} × {kv_bytes} × {sequences} × {context}";
    } else {
        formula = perToken + " × {layers} × {sequences} × {context}";
    }
    const double shard = ctx.kvShardFraction();
    if (shard != 1.0) {
        b.term("kv_shard", "Share of KV heads per tensor rank (⌈h_kv ÷ t⌉ ÷ h_kv)", shard, U::Fraction);
        formula += " × {kv_shard}";
        if (a.kvHeads < ctx.split.tensor)
            b.note("Fewer KV heads than tensor ranks: KV heads are replicated, not split.");
    }
    if (ctx.split.pipeline > 1) {
        pipelineTerm(b, su);
        formula += " ÷ {pipeline}";
    }
    if (ctx.replicas() > 1)
        b.note("The batch is split over the data-parallel replicas (data × expert), rounded up.");
    b.formula(formula);
    return b.done(result);
}

Explanation visionWeightsExplanation(const Setup& su, double result)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    Builder b("Vision tower", U::Bytes, "Vision tower and projector parameters from the config's vision_config "
                                        "(ViT: Dosovitskiy et al. 2021; SigLIP: Zhai et al. 2023)");
    if (su.training() && !su.ctx.adapterTraining()) {
        b.formula("0").note("Training counts the vision tower with the weights, gradients and optimizer states.");
        return b.done(result);
    }
    b.term("vision_params", "Vision tower and projector parameters", a.paramsVision, U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    const auto i = static_cast<std::size_t>(WeightGroup::Vision);
    const double bytes =
        s.weights == Precision::Checkpoint ? a.checkpointBitsPerParam[i] / 8.0 : bytesPerElement(s.weights);
    b.term("weight_bytes", "Bytes per weight", bytes, U::BytesPerElement);
    if (su.ctx.adapterTraining() && s.training.zeroStage >= 3) {
        b.term("zero_ranks", "ZeRO data-parallel ranks (data × expert)", su.ctx.replicas(), U::Count);
        b.formula("{vision_params} ÷ ({tensor} × {pipeline}) × {weight_bytes} ÷ {zero_ranks}");
        b.note("ZeRO 3 shards the frozen base over the data-parallel ranks like any weight.");
    } else {
        b.formula("{vision_params} ÷ ({tensor} × {pipeline}) × {weight_bytes}");
    }
    if (su.ctx.adapterTraining())
        b.note("LoRA and QLoRA leave the vision tower frozen, in the weight precision, without adapters.");
    b.note("A multimodal checkpoint loads its image encoder beside the language model; it runs on image tokens "
           "only.");
    return b.done(result);
}

Explanation recurrentStateExplanation(const Setup& su, double result)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    Builder b("Recurrent state", U::Bytes, "Fixed state per sequence of linear-attention and state-space layers "
                                           "(Gu & Dao 2023; Yang et al. 2024, Gated Delta Networks); vLLM keeps the "
                                           "last kernel − 1 convolution inputs beside it");
    if (su.training()) {
        b.formula("0").note("Training keeps no recurrent state between steps; each layer's activations are "
                            "counted with the activations.");
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
    b.term("linear_layers", "Linear-attention / state-space layers", layers, U::Count);
    b.term("state_elements", "State elements per layer per sequence", perLayer, U::Count);
    b.term("state_bytes", "Bytes per state element (activation precision)", bytesPerElement(s.activations),
           U::BytesPerElement);
    b.term("sequences", "Sequences per replica", ceilDiv(ll(s.batch), ctx.replicas()), U::Count);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    b.formula("{linear_layers} × {state_elements} × {state_bytes} × {sequences} ÷ ({tensor} × {pipeline})");
    b.note("The state does not grow with the context: a long prompt costs these layers nothing extra.");
    return b.done(result);
}

void storedActivationNotes(Builder& b, const Setup& su)
{
    const auto& tr = su.s().training;
    if (tr.recompute == Recompute::Full)
        b.note("Full recomputation keeps only each layer's input, 2·s·b·d (Korthikanti et al. 2022 §4.3).");
    else if (tr.recompute == Recompute::Selective)
        b.note("Selective recomputation drops the attention score matrices (5·a·s²·b) and recomputes them.");
    else if (su.s().flashAttention)
        b.note("Flash attention never stores the attention score matrices.");
    else
        b.note("Without flash attention the attention score matrices (5·a·s²·b) are stored.");
    if (tr.sequenceParallel && su.ctx.split.tensor > 1)
        b.note("Sequence parallelism splits the replicated parts over the tensor ranks (Korthikanti §4.2.2).");
}

Explanation activationsExplanation(const Setup& su, long long stage, double result)
{
    const auto& ctx = su.ctx;
    const auto& a = su.arch;
    const auto& s = su.s();
    if (!su.training()) {
        Builder b("Activations", U::Bytes,
                  "Largest live tensors of one layer in one prefill pass, tokens·(2d + 2f/t)·B(act), plus fp32 "
                  "logits of the sampled positions (this product's assumption; scores too without flash attention)");
        const double sequences = ceilDiv(ll(s.batch), ctx.replicas());
        const double context = ll(s.promptTokens + s.outputTokens);
        const double promptTokens = std::min(ll(s.promptTokens), context);
        const double passTokens = std::min(sequences * promptTokens, ll(s.prefillChunkTokens));
        b.term("pass_tokens", "Tokens in one prefill pass (min(sequences × prompt, chunk))", passTokens, U::Tokens);
        b.term("hidden", "Hidden size", ll(a.hidden), U::Count);
        b.term("ffn_width", "Active FFN width", a.activeFfnWidth(), U::Count);
        tensorTerm(b, su);
        b.term("act_bytes", "Bytes per activation", bytesPerElement(s.activations), U::BytesPerElement);
        b.term("sequences", "Sequences per replica", sequences, U::Count);
        b.term("vocab", "Vocabulary", ll(a.vocab), U::Count);
        std::string f = "{pass_tokens} × (2 × {hidden} + 2 × {ffn_width} ÷ {tensor}) × {act_bytes}";
        if (!s.flashAttention) {
            b.term("heads_per_rank", "Attention heads per tensor rank", ceilDiv(ll(a.heads), ll(ctx.split.tensor)),
                   U::Count);
            b.term("prompt_tokens", "Prompt tokens", promptTokens, U::Tokens);
            f += " + {heads_per_rank} × {pass_tokens} × {prompt_tokens} × {act_bytes}";
            b.note("Without flash attention one layer's score matrix is live too.");
        }
        f += " + {sequences} × {vocab} ÷ {tensor} × 4";
        b.note("The largest live tensors of one layer for one prefill pass, plus fp32 logits of the sampled "
               "positions.");
        return b.formula(f).done(result);
    }
    Builder b("Activations", U::Bytes, "Korthikanti et al. 2022 §4 (equations 1-4)");
    const double micro = ll(s.training.microBatch);
    const double seq = ll(s.promptTokens);
    b.term("layers_per_stage", "Layers per pipeline stage", ctx.layersPerStage(), U::Count);
    b.term("per_layer", "Stored activations per layer, one micro-batch",
           trainingActivationBytesPerLayer(ctx, micro, seq), U::Bytes);
    // LoRA / QLoRA: each adapted module also keeps its r-wide A·x (and, with lora_dropout, the
    // dropped-out input) for the backward pass (memory_model.cpp adapterActivationBytesPerLayer).
    std::string perLayer = "{per_layer}";
    if (ctx.adapterTraining()) {
        b.term("adapter_per_layer", "Adapters' stored activations per layer (A·x, dropout copies)",
               adapterActivationBytesPerLayer(ctx, micro, seq), U::Bytes);
        perLayer = "({per_layer} + {adapter_per_layer})";
        b.note(
            s.training.recompute == Recompute::Full
                ? "Full recomputation recomputes the adapters' A·x with the layer: they add nothing stored."
                : "Each adapted module keeps its r-wide A·x, and with lora_dropout the dropped-out input, "
                  "for the backward pass.");
        b.note(
            "A frozen base still stores its activations: the backward pass runs through every layer to reach "
            "the adapters below.");
    }
    b.term("sequence_length", "Sequence length", seq, U::Tokens);
    b.term("micro_batch", "Micro-batch", micro, U::Count);
    b.term("vocab", "Vocabulary", ll(a.vocab), U::Count);
    tensorTerm(b, su);
    const double p = ll(ctx.split.pipeline);
    const double inFlight = std::min(p, ll(su.microBatches));
    const double chunks = ll(s.training.lossChunks);
    std::string logits = "{sequence_length} × {micro_batch} × {vocab} × 6 ÷ {tensor}";
    if (chunks > 1) { // memory_model.cpp trainingLogitsBytes: fp32 copy per chunk
        b.term("loss_chunks", "Loss chunks (fp32 copy per chunk)", chunks, U::Count);
        logits = "{sequence_length} × {micro_batch} × {vocab} × (2 + 4 ÷ {loss_chunks}) ÷ {tensor}";
    }
    if (p <= 1) {
        b.formula("{layers_per_stage} × " + perLayer + " + " + logits);
    } else if (stage == 1) {
        b.term("in_flight", "Micro-batches in flight (min(stages, micro-batches))", inFlight, U::Count);
        b.formula("{layers_per_stage} × " + perLayer + " × {in_flight}");
        b.note("1F1B schedule: the first stage holds up to one micro-batch per stage in flight.");
    } else if (stage > 1) {
        b.formula("{layers_per_stage} × " + perLayer + " + " + logits);
        b.note("The last stage holds one micro-batch plus the logits and loss inputs.");
    } else {
        b.term("in_flight", "Micro-batches in flight (min(stages, micro-batches))", inFlight, U::Count);
        b.formula("max({layers_per_stage} × " + perLayer + " × {in_flight}, {layers_per_stage} × " +
                  perLayer + " + " + logits + ")");
        b.note("The fuller of the first stage (micro-batches in flight) and the last (logits).");
    }
    if ((p <= 1 || stage != 1) && chunks <= 1)
        b.note("Logits in 16 bits plus fp32 loss inputs: 6 bytes per vocabulary entry per token.");
    else if (p <= 1 || stage != 1)
        b.note("Logits in 16 bits; the loss upcasts one chunk at a time to fp32.");
    storedActivationNotes(b, su);
    return b.done(result);
}

Explanation trainingStateExplanation(const Setup& su, MemorySegmentKind kind, double result)
{
    const auto& s = su.s();
    if (kind == MemorySegmentKind::Gradients) {
        Builder b("Gradients", U::Bytes, kZeroSource);
        if (!su.training())
            return b.formula("0").note("Inference keeps no gradients.").done(result);
        if (su.ctx.adapterTraining())
            return b.formula("0")
                .note("The frozen base has no gradients; the adapters' are in the Adapters segment.")
                .done(result);
        zeroSharded(b, su, 2, "gradient_bytes", "Bytes per gradient", bytesPerElement(s.weights));
        return b.done(result);
    }
    Builder b("Optimizer states", U::Bytes, kZeroSource);
    if (!su.training())
        return b.formula("0").note("Inference keeps no optimizer states.").done(result);
    if (su.ctx.adapterTraining())
        return b.formula("0")
            .note("The frozen base has no optimizer states; the adapters' are in the Adapters segment.")
            .done(result);
    const bool mixed = bytesPerElement(s.weights) < 4.0;
    const double perParam =
        optimizerBytesPerParam(s.training.optimizer, bytesPerElement(s.weights), s.training.masterWeights);
    if (mixed && !s.training.masterWeights) {
        b.note(
            "Pure 16-bit training: the optimizer keeps its states in the weights' format and no fp32 master "
            "copy (torch.optim.AdamW on a 16-bit model).");
    } else {
        switch (s.training.optimizer) {
        case Optimizer::AdamW:
            b.note(mixed
                       ? "Mixed-precision AdamW: fp32 master weights, momentum and variance, 4 + 4 + 4 bytes."
                       : "fp32 AdamW: momentum and variance, 4 + 4 bytes (the weights are the master copy).");
            break;
        case Optimizer::Sgd:
            b.note(mixed ? "Mixed-precision SGD: fp32 master weights and momentum, 4 + 4 bytes."
                         : "fp32 SGD: momentum, 4 bytes.");
            break;
        case Optimizer::AdamW8bit:
            b.note(mixed
                       ? "8-bit AdamW: fp32 master weights and 8-bit momentum and variance, 4 + 1 + 1 bytes "
                         "(Dettmers et al. 2022)."
                       : "8-bit AdamW: 8-bit momentum and variance, 1 + 1 bytes (Dettmers et al. 2022).");
            break;
        }
    }
    zeroSharded(b, su, 1, "optimizer_bytes", "Optimizer bytes per parameter", perParam);
    return b.done(result);
}

Explanation adaptersExplanation(const Setup& su, double result)
{
    Builder b("Adapters", U::Bytes, kLoraSource);
    if (!su.ctx.adapterTraining())
        return b.formula("0").note("Only LoRA and QLoRA train adapters.").done(result);
    const auto& tr = su.s().training;
    const double adapterBytes = bytesPerElement(tr.lora.adapterPrecision);
    b.term("rank", "LoRA rank r", ll(tr.lora.rank), U::Count);
    b.term("adapter_params", "Adapter parameters, r × (in + out) per adapted module",
           su.ctx.adapterCounts().trainableParams, U::Parameters);
    b.term("adapter_bytes", "Bytes per adapter weight (and gradient)", adapterBytes, U::BytesPerElement);
    b.term("optimizer_bytes", "Optimizer bytes per adapter weight",
           optimizerBytesPerParam(tr.optimizer, adapterBytes, tr.masterWeights), U::BytesPerElement);
    b.term("adapter_params_device", "Adapter parameters on this device", adapterParamsPerDevice(su.ctx),
           U::Parameters);
    if (tr.zeroStage > 0) {
        // memory_model.cpp addTrainingState: stage 1 shards the optimizer states, 2 the gradients,
        // 3 the weights, over the data x expert ranks.
        const double ranks = su.ctx.replicas();
        b.term("optimizer_shards", "Ranks sharing the optimizer states (ZeRO ≥ 1)", ranks, U::Count);
        b.term("gradient_shards", "Ranks sharing the gradients (ZeRO ≥ 2)", tr.zeroStage >= 2 ? ranks : 1.0,
               U::Count);
        b.term("weight_shards", "Ranks sharing the adapter weights (ZeRO 3)", tr.zeroStage >= 3 ? ranks : 1.0,
               U::Count);
        b.note("ZeRO shards the adapters' state over the data-parallel ranks like any trained weight.");
        return b
            .formula("({adapter_bytes} ÷ {weight_shards} + {adapter_bytes} ÷ {gradient_shards} + "
                     "{optimizer_bytes} ÷ "
                     "{optimizer_shards}) × {adapter_params_device}")
            .done(result);
    }
    b.note("Each adapted weight W (out × in) gains B (out × r) and A (r × in); only they have gradients and "
           "optimizer states.");
    return b.formula("({adapter_bytes} + {adapter_bytes} + {optimizer_bytes}) × {adapter_params_device}")
        .done(result);
}

Explanation dequantWorkspaceExplanation(const Setup& su, double result)
{
    Builder b("Dequantization workspace", U::Bytes, kLoraSource);
    if (!su.ctx.adapterTraining() || su.s().training.method != TrainingMethod::Qlora)
        return b.formula("0").note("Only QLoRA dequantizes its base weights.").done(result);
    b.term("largest_module", "Largest linear module (in × out)", su.ctx.adapterCounts().largestModuleParams,
           U::Parameters);
    tensorTerm(b, su);
    b.note(
        "Each 4- or 8-bit weight is dequantized to 16 bits whole before its matrix product; the largest one "
        "is the workspace's peak.");
    return b.formula("{largest_module} × 2 ÷ {tensor}").done(result);
}

Explanation overheadExplanation(const Setup& su, MemorySegmentKind kind, const MemoryBreakdown& m, double result)
{
    const auto& ov = su.s().overheads;
    const auto& split = su.ctx.split;
    switch (kind) {
    case MemorySegmentKind::RuntimeContext: {
        Builder b("Runtime context", U::Bytes,
                  ov.runtimeContextBytes ? "scenario overheads.runtime_context_bytes"
                                         : "device catalog runtime_overhead_bytes (CUDA context, 400 MB default)");
        b.term("runtime_context", "Runtime context per device", result, U::Bytes);
        return b.formula("{runtime_context}").done(result);
    }
    case MemorySegmentKind::AllocatorReserve: {
        Builder b("Allocator reserve", U::Bytes,
                  "PyTorch caching allocator rounding and fragmentation (pytorch devlog 2026)");
        b.term("reserve_fraction", "Allocator reserve fraction", ov.allocatorReserveFraction, U::Fraction);
        b.term("activations", "Activations", m.activationsBytes, U::Bytes);
        b.term("gradients", "Gradients", m.gradientsBytes, U::Bytes);
        return b.formula("{reserve_fraction} × ({activations} + {gradients})").done(result);
    }
    case MemorySegmentKind::CommunicationBuffers: {
        Builder b("Communication buffers", U::Bytes, "NCCL buffers per communicator, 1.06 GB measured (NVIDIA/nccl#1685)");
        b.term("tp_group", "Tensor-parallel group (1 if t > 1)", split.tensor > 1 ? 1.0 : 0.0, U::Count);
        b.term("pp_group", "Pipeline group (1 if p > 1)", split.pipeline > 1 ? 1.0 : 0.0, U::Count);
        b.term("dp_group", "Data-parallel group (1 if data × expert > 1)", split.data * split.expert > 1 ? 1.0 : 0.0,
               U::Count);
        b.term("ep_group", "Expert-parallel group (1 if e > 1)", split.expert > 1 ? 1.0 : 0.0, U::Count);
        b.term("buffer_bytes", "Buffers per communicator", ov.communicationBufferBytes, U::Bytes);
        b.note("One communicator per parallel group of more than one device.");
        return b.formula("({tp_group} + {pp_group} + {dp_group} + {ep_group}) × {buffer_bytes}").done(result);
    }
    default: {
        Builder b("KV pool reserve", U::Bytes, "vLLM engine arguments (gpu_memory_utilization, default 0.9)");
        if (su.training() || !ov.servingPreallocation)
            return b.formula("0").note("Serving pre-allocation is off: no KV pool reserve.").done(result);
        MemoryBreakdown others = m;
        others.kvPoolReserveBytes = 0;
        b.term("utilization", "GPU memory utilization", ov.gpuMemoryUtilization, U::Fraction);
        b.term("usable_memory", "Usable device memory", su.device.usableMemoryBytes(), U::Bytes);
        b.term("other_bytes", "Everything else on the device", others.totalBytes(), U::Bytes);
        b.note("A serving engine pre-allocates the KV pool to fill this share of device memory.");
        return b.formula("max(0, {utilization} × {usable_memory} − {other_bytes})").done(result);
    }
    }
}

const char* const kOffloadSource =
    "Offload tiers device → host RAM → disk, as in FlexGen (Sheng et al. 2023) and "
    "ZeRO-Infinity (Rajbhandari et al. 2021)";

// What one bar puts in one offload tier (the sum of its parts there, as the chart stacks them).
Explanation offloadTierExplanation(const Setup& su, MemoryPlacement placement, const MemoryBar& bar)
{
    double result = 0;
    for (const auto& seg : bar.segments)
        if (seg.placement == placement)
            result += seg.bytes;
    const double total = bar.totalBytes;
    const double capacity = su.report.memory.capacityPerDeviceBytes;
    const double overflow = std::max(0.0, total - capacity);
    const double host = std::min(overflow, su.device.hostMemoryBytes);
    const double disk = std::min(overflow - host, su.device.diskBytes);
    const char* title = placement == MemoryPlacement::HostRam ? "Offloaded to host RAM"
                        : placement == MemoryPlacement::Disk  ? "Offloaded to disk"
                                                              : "Does not fit anywhere";
    Builder b(title, U::Bytes, kOffloadSource);
    b.term("total", "Memory the device's work needs", total, U::Bytes);
    b.term("capacity", "Usable device memory", capacity, U::Bytes);
    if (placement == MemoryPlacement::HostRam) {
        b.term("host_ram", "Host RAM for offload per device", su.device.hostMemoryBytes, U::Bytes);
        b.formula("min(max(0, {total} − {capacity}), {host_ram})");
    } else if (placement == MemoryPlacement::Disk) {
        b.term("host_offload", "Offloaded to host RAM", host, U::Bytes);
        b.term("disk", "Disk for offload per device", su.device.diskBytes, U::Bytes);
        b.formula("min(max(0, {total} − {capacity}) − {host_offload}, {disk})");
    } else {
        b.term("host_offload", "Offloaded to host RAM", host, U::Bytes);
        b.term("disk_offload", "Offloaded to disk", disk, U::Bytes);
        b.formula("max(0, {total} − {capacity} − {host_offload} − {disk_offload})");
        b.note("Beyond host RAM and disk: the scenario cannot run; times assume it could.");
    }
    b.note("What does not fit under the capacity line goes to host RAM first, then disk.");
    return b.done(result);
}

// Where one component of an over-capacity bar sits: its whole size, split where the chart cuts it
// (the capacity line, then the tier boundaries above it). The chart's tooltip says the same.
Explanation placementExplanation(const ComponentPlacement& placed)
{
    Builder b("On the device and offloaded", U::Bytes, kOffloadSource);
    b.term("on_device", "On the device", placed.deviceBytes, U::Bytes);
    std::string formula = "{on_device}";
    const std::tuple<const char*, const char*, double> offloaded[] = {
        {"host_offload", "Offloaded to host RAM", placed.hostRamBytes},
        {"disk_offload", "Offloaded to disk", placed.diskBytes},
        {"unplaced", "Does not fit anywhere", placed.unplacedBytes},
    };
    for (const auto& [key, label, bytes] : offloaded) {
        if (bytes <= 0)
            continue;
        b.term(key, label, bytes, U::Bytes);
        formula += std::string(" + {") + key + "}";
    }
    b.note("The bar stacks every part whole in a fixed order: what lies below the capacity line stays on the "
           "device, what lies above it is offloaded, to host RAM first, then disk.");
    return b.formula(formula).done(placed.totalBytes());
}

// ---- phases ------------------------------------------------------------------------------

PhaseEstimate phaseOf(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill: return prefillPhase(ctx, su.report.memory);
    case RooflinePhase::Decode: return decodePhase(ctx, su.report.memory);
    default: return trainingStep(ctx, su.report.memory, su.microBatches).step;
    }
}

bool hasPhase(const Report& r, RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill: return r.prefill.has_value();
    case RooflinePhase::Decode: return r.decode.has_value();
    default: return r.training.has_value();
    }
}

// The per-phase quantities phase_model.cpp derives, named.
struct PhaseShape
{
    double sequences = 0;   // per replica
    double passes = 1;      // prefill chunks; 1 otherwise
    double stageCount = 1;  // finishPhase's stageCount: p for prefill/decode, 1 for training
    double context = 0;     // decode: mean context
    double streamedWeights = 0; // bytes of phase.bytes that are weights (quantised rate applies)
    double hiddenBytes = 0; // per message before splitting into passes
    double attentionFlops = 0;   // of phase.flops, run in attention kernels (prefill, training)
    double attendedTokens = 0;   // the sequence those kernels attend over
    double tokens = 0;           // tokens whose element-wise passes run per device per phase
    double elementwisePasses = 1; // forward-pass equivalents of element-wise traffic
    double elementwiseBytes = 0; // non-GEMM element-wise traffic of phase.bytes
    double optimizerBytes = 0;   // training: the optimizer step's traffic
    double dequantBytes = 0;     // training, QLoRA: the dequantization part of elementwiseBytes
    double backwardShare = 0;    // training: backward ÷ (forward + backward) FLOPs
    double kvStreamBytes = 0;    // decode: the attention kernels' KV cache and state traffic
    double bubbleStretch = 1;    // training: (m + p − 1) ÷ m
};

PhaseShape shapeOf(const Setup& su, RooflinePhase phase)
{
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    const auto& a = su.arch;
    PhaseShape sh;
    const double act = bytesPerElement(s.activations);
    sh.sequences = ctx.batchPerReplica();
    if (phase == RooflinePhase::Prefill) {
        const double tokens = sh.sequences * ll(s.promptTokens);
        sh.passes = ceilDiv(tokens, ll(s.prefillChunkTokens));
        sh.stageCount = ll(ctx.split.pipeline);
        sh.streamedWeights = su.report.memory.perDevice.weightsBytes * sh.passes;
        sh.hiddenBytes = tokens * ll(a.hidden) * act;
        sh.attentionFlops = sh.sequences * a.causalMixerFlops(ll(s.promptTokens)) /
                            (ll(ctx.split.tensor) * ll(ctx.split.pipeline));
        sh.attendedTokens = ll(s.promptTokens);
        sh.tokens = tokens;
        sh.elementwiseBytes = ctx.layersPerStage() * tokens * elementwiseBytesPerToken(ctx, false);
        if (!s.flashAttention)
            sh.elementwiseBytes +=
                ctx.layersPerStage() * sh.sequences * unfusedAttentionBytesPerSequence(ctx, ll(s.promptTokens));
    } else if (phase == RooflinePhase::Decode) {
        sh.stageCount = ll(ctx.split.pipeline);
        sh.context = ll(s.promptTokens) + ll(s.outputTokens) / 2.0;
        double weights = su.report.memory.perDevice.weightsBytes;
        if (a.isMoe()) {
            const double k = ll(a.expertsPerToken);
            const double e = ll(a.experts);
            const double touched = 1.0 - std::pow(1.0 - k / e, sh.sequences);
            weights -= weightBytesPerDevice(ctx).experts * (1.0 - touched);
        }
        sh.streamedWeights = weights;
        sh.hiddenBytes = sh.sequences * ll(a.hidden) * act;
        sh.tokens = sh.sequences;
        sh.elementwiseBytes = ctx.layersPerStage() * sh.sequences * elementwiseBytesPerToken(ctx, false);
        const double state = su.report.memory.perDevice.recurrentStateBytes;
        sh.kvStreamBytes = kvCacheBytesPerDevice(ctx, sh.sequences, sh.context) + state +
                           sh.sequences * a.kvBytesPerNewToken(bytesPerElement(s.kvCache)) * ctx.kvShardFraction() /
                               ll(ctx.split.pipeline) +
                           state;
    } else {
        const auto& tr = s.training;
        const double m = ll(su.microBatches);
        const double micro = ll(tr.microBatch);
        const double t = ll(ctx.split.tensor);
        const double p = ll(ctx.split.pipeline);
        const double passes = tr.recompute == Recompute::Full ? 4.0 : 3.0;
        sh.hiddenBytes = micro * ll(s.promptTokens) * ll(a.hidden) * act;
        sh.attentionFlops = passes * m * micro * a.causalMixerFlops(ll(s.promptTokens)) / (t * p);
        sh.attendedTokens = ll(s.promptTokens);
        sh.tokens = m * micro * ll(s.promptTokens);
        sh.elementwisePasses = passes - 2.0 + kBackwardElementwiseFactor;
        // phase_model.cpp trainingStep: per micro-batch, the element-wise passes and QLoRA's
        // dequantization; the optimizer step over the trained states only (the adapters' with a
        // frozen base); the gradient all-reduce hidden under the backward share of compute.
        const TrainingTraffic traffic = trainingTrafficPerMicroBatch(ctx);
        sh.elementwiseBytes = m * traffic.elementwiseBytes;
        sh.dequantBytes = m * traffic.dequantBytes;
        const auto& mem = su.report.memory.perDevice;
        sh.optimizerBytes =
            kOptimizerPasses * (ctx.adapterTraining()
                                    ? mem.adaptersBytes
                                    : mem.weightsBytes + mem.gradientsBytes + mem.optimizerStatesBytes);
        sh.backwardShare = trainingFlopsPerDevice(ctx, sh.tokens, m * micro).backwardShare();
        sh.bubbleStretch = (m + p - 1.0) / m;
    }
    return sh;
}

const char* phaseTimeTitle(RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill: return "Time to first token";
    case RooflinePhase::Decode: return "Time per output token";
    default: return "Step time";
    }
}

Explanation flopsExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const PhaseShape sh = shapeOf(su, phase);
    Builder b("FLOPs per device", U::Flops, "Kaplan et al. 2020 Table 1 (2·N per token, attention 2·h·(d_qk + d_v) per position)");
    b.term("matmul_params", "Active matmul parameters", a.matmulParamsActive(), U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    if (phase == RooflinePhase::Prefill) {
        b.term("tokens", "Prompt tokens per replica", sh.sequences * ll(s.promptTokens), U::Tokens);
        b.term("sequences", "Sequences per replica", sh.sequences, U::Count);
        b.term("attention_flops", "Causal attention FLOPs per sequence",
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula("(2 × {matmul_params} × {tokens} + {sequences} × {attention_flops}) ÷ ({tensor} × {pipeline})");
    } else if (phase == RooflinePhase::Decode) {
        b.term("sequences", "Sequences per replica", sh.sequences, U::Count);
        b.term("attention_flops", "Attention FLOPs per token at the mean context",
               a.mixerFlopsPerToken(sh.context), U::Flops);
        b.formula("(2 × {matmul_params} × {sequences} + {sequences} × {attention_flops}) ÷ ({tensor} × {pipeline})");
        b.note("One decode step at the mean context, prompt + output ÷ 2.");
    } else if (su.ctx.adapterTraining()) {
        // phase_model.cpp trainingFlopsPerDevice: the frozen base computes dX but no dW in the
        // backward pass, 2·N per token instead of 4·N (Kaplan et al. 2020 §2.1 counts both); the
        // adapters and attention run forward and both gradients (Hu et al. 2021 §4.1).
        const double m = ll(su.microBatches);
        const double micro = ll(s.training.microBatch);
        const double recompute = s.training.recompute == Recompute::Full ? 1.0 : 0.0;
        b.term("base_passes",
               "Frozen-base passes (forward + backward for the inputs only, + 1 with full recomputation)",
               2.0 + recompute, U::Number);
        b.term("adapter_passes",
               "Adapter and attention passes (forward + 2 × backward, + 1 with full recomputation)",
               3.0 + recompute, U::Number);
        b.term("adapter_active", "Adapter parameters a token passes through",
               su.ctx.adapterCounts().trainableActive, U::Parameters);
        b.term("tokens", "Tokens per replica per step", m * micro * ll(s.promptTokens), U::Tokens);
        b.term("micro_batches", "Micro-batches per step", m, U::Count);
        b.term("micro_batch", "Micro-batch", micro, U::Count);
        b.term("attention_flops", "Causal attention FLOPs per sequence",
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula(
            "({base_passes} × 2 × {matmul_params} × {tokens} + {adapter_passes} × (2 × {adapter_active} × "
            "{tokens} + {micro_batches} × {micro_batch} × {attention_flops})) ÷ ({tensor} × {pipeline})");
        b.note(
            "The frozen base needs no weight gradients: its backward pass computes only the input gradients, "
            "2·N per token, so backward costs about the forward instead of twice it.");
        if (s.training.recompute == Recompute::Full)
            b.note("Full recomputation runs the forward pass once more.");
    } else {
        const double m = ll(su.microBatches);
        const double micro = ll(s.training.microBatch);
        b.term("passes", "Forward-pass equivalents (forward + 2 × backward, + 1 with full recomputation)",
               s.training.recompute == Recompute::Full ? 4.0 : 3.0, U::Number);
        b.term("tokens", "Tokens per replica per step", m * micro * ll(s.promptTokens), U::Tokens);
        b.term("micro_batches", "Micro-batches per step", m, U::Count);
        b.term("micro_batch", "Micro-batch", micro, U::Count);
        b.term("attention_flops", "Causal attention FLOPs per sequence",
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula("{passes} × (2 × {matmul_params} × {tokens} + {micro_batches} × {micro_batch} × {attention_flops}) "
                  "÷ ({tensor} × {pipeline})");
        b.note("Backward costs twice the forward pass (Kaplan et al. 2020 §2.1: 6·N per token).");
    }
    if (a.isMoe())
        b.note("Mixture of experts: only the routed experts a token uses count as active parameters.");
    return b.done(pe.flops);
}

Explanation bytesExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    const PhaseShape sh = shapeOf(su, phase);
    const double live = liveTensorBytesPerToken(ctx);
    Builder b("Bytes moved per device", U::Bytes, "Roofline model (Williams et al. 2009): bytes that cross device memory; weights once per pass, KV cache per sequence");
    const double weights = su.report.memory.perDevice.weightsBytes;
    if (phase == RooflinePhase::Prefill) {
        const double prompt = ll(s.promptTokens);
        const double tokens = sh.sequences * prompt;
        const double activationTraffic = 2.0 * ctx.layersPerStage() * tokens * live;
        b.term("weights", "Weights", weights, U::Bytes);
        b.term("passes", "Prefill passes (chunks)", sh.passes, U::Count);
        b.term("kv_written", "KV cache written", kvCacheBytesPerDevice(ctx, sh.sequences, prompt), U::Bytes);
        b.term("activation_traffic", "Activations written and read back", activationTraffic, U::Bytes);
        b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)", sh.elementwiseBytes, U::Bytes);
        b.formula("{weights} × {passes} + {kv_written} + {activation_traffic} + {elementwise}");
        b.note("Weights are read once per prefill pass; each layer's live tensors go out to memory and back.");
    } else if (phase == RooflinePhase::Decode) {
        b.term("weights_read", "Weights read", sh.streamedWeights, U::Bytes);
        b.term("kv_read", "KV cache read", kvCacheBytesPerDevice(ctx, sh.sequences, sh.context), U::Bytes);
        b.term("kv_write", "KV cache written (one token)",
               sh.sequences * a.kvBytesPerNewToken(bytesPerElement(s.kvCache)) * ctx.kvShardFraction() /
                   ll(ctx.split.pipeline),
               U::Bytes);
        b.term("activation_traffic", "Activations written and read back",
               2.0 * ctx.layersPerStage() * sh.sequences * live, U::Bytes);
        b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)", sh.elementwiseBytes, U::Bytes);
        const double state = su.report.memory.perDevice.recurrentStateBytes;
        if (state > 0) {
            b.term("state", "Recurrent state", state, U::Bytes);
            b.formula("{weights_read} + {kv_read} + {kv_write} + 2 × {state} + {activation_traffic} + {elementwise}");
            b.note("Linear-attention and state-space layers read and rewrite their whole state every step.");
        } else {
            b.formula("{weights_read} + {kv_read} + {kv_write} + {activation_traffic} + {elementwise}");
        }
        b.note("Every resident weight is read once per step.");
        if (a.isMoe())
            b.note("Mixture of experts: experts no token of the batch chose are not read, E·(1 − (1 − k/E)^b) of E "
                   "are touched under uniform routing.");
    } else if (ctx.adapterTraining()) {
        // phase_model.cpp trainingTrafficPerMicroBatch: the frozen base is read forward and
        // backward (dX only) and accumulates no gradients; QLoRA's GEMMs read the 16-bit copy the
        // dequantization wrote, and the dequantization itself is an element-wise pass.
        const auto& tr = s.training;
        const auto& mem = su.report.memory.perDevice;
        const double micro = ll(tr.microBatch);
        const double seq = ll(s.promptTokens);
        const bool qlora = tr.method == TrainingMethod::Qlora;
        b.term("micro_batches", "Micro-batches per step", ll(su.microBatches), U::Count);
        b.term("base_params", "Base parameters of the model shard (frozen)",
               paramsPerDevice(ctx) + visionParamsPerDevice(ctx), U::Parameters);
        b.term("gemm_bytes",
               qlora ? "Bytes per base weight the GEMMs read (the dequantized 16-bit copy)"
                     : "Bytes per weight",
               qlora ? 2.0 : bytesPerElement(s.weights), U::BytesPerElement);
        b.term("stored_activations", "Stored activations of one micro-batch",
               (trainingActivationBytesPerLayer(ctx, micro, seq) +
                adapterActivationBytesPerLayer(ctx, micro, seq)) *
                   ctx.layersPerStage(),
               U::Bytes);
        b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)",
               sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
        b.term("adapters", "Adapters (weights, gradients, optimizer states)", mem.adaptersBytes, U::Bytes);
        std::string f =
            "{micro_batches} × (2 × {base_params} × {gemm_bytes} + 2 × {stored_activations}) + {elementwise}";
        if (qlora) {
            b.term("dequant", "Dequantization of the base weights (read 4 / 8 bits, write 16)",
                   sh.dequantBytes, U::Bytes);
            f += " + {dequant}";
            b.note("QLoRA dequantizes every base weight to 16 bits before each pass that multiplies by it: "
                   "forward, backward and any recomputed forward.");
        }
        b.formula(f + " + 2 × {adapters}");
        b.note(
            "Per micro-batch: the frozen base read in forward and backward, no weight gradients; stored "
            "activations written then read; the optimizer pass reads and writes the adapters' state only.");
    } else {
        const double fullWeights = (paramsPerDevice(ctx) + visionParamsPerDevice(ctx)) * bytesPerElement(s.weights);
        const auto& mem = su.report.memory.perDevice;
        b.term("micro_batches", "Micro-batches per step", ll(su.microBatches), U::Count);
        b.term("full_weights", "Weights of the model shard", fullWeights, U::Bytes);
        b.term("stored_activations", "Stored activations of one micro-batch",
               trainingActivationBytesPerLayer(ctx, ll(s.training.microBatch), ll(s.promptTokens)) *
                   ctx.layersPerStage(),
               U::Bytes);
        b.term("weights", "Weights", mem.weightsBytes, U::Bytes);
        b.term("gradients", "Gradients", mem.gradientsBytes, U::Bytes);
        b.term("optimizer", "Optimizer states", mem.optimizerStatesBytes, U::Bytes);
        b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)", sh.elementwiseBytes, U::Bytes);
        b.formula("{micro_batches} × (3 × {full_weights} + 2 × {full_weights} + 2 × {stored_activations}) + "
                  "{elementwise} + 2 × ({weights} + {gradients} + {optimizer})");
        b.note("Per micro-batch: weights read in forward and backward, gradients accumulated, stored activations "
               "written then read; the element-wise passes of forward and backward; one optimizer pass reading "
               "and writing every state.");
    }
    return b.done(pe.bytes);
}

Explanation computeTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    Builder b("Compute time", U::Seconds, "Roofline model (Williams et al. 2009); efficiency: " +
                                              std::string(ctx.eff.computeSource));
    const PhaseShape sh = shapeOf(su, phase);
    b.term("flops", "FLOPs per device", pe.flops, U::Flops);
    b.term("peak", "Peak compute", ctx.peakFlopsPerSecond, U::FlopsPerSecond);
    b.term("compute_eff", "Compute efficiency (achieved fraction of peak)", ctx.eff.compute, U::Fraction);
    std::string work = "{flops} ÷ ({peak} × {compute_eff})";
    if (sh.attentionFlops > 0) {
        b.term("attention_flops", "Attention FLOPs per device", sh.attentionFlops, U::Flops);
        b.term("attention_eff", "Attention kernel efficiency", attentionEfficiency(ctx, sh.attendedTokens), U::Fraction);
        work = "({flops} − {attention_flops}) ÷ ({peak} × {compute_eff}) + {attention_flops} ÷ ({peak} × {attention_eff})";
        if (ctx.eff.attention < 1.0)
            b.note("Attention kernels run below the GEMM rate, more so on short sequences and small heads "
                   "(FlashAttention-2, Dao 2023 §4.1; FlashAttention-3, Shah et al. 2024).");
    }
    if (phase == RooflinePhase::TrainingStep) {
        const double m = ll(su.microBatches);
        const double p = ll(ctx.split.pipeline);
        b.term("bubble_stretch", "Pipeline bubble stretch ((m + p − 1) ÷ m)", sh.bubbleStretch, U::Number);
        b.formula("(" + work + ") × {bubble_stretch}");
        if (p > 1)
            b.note("The pipeline bubble idles (p − 1) ÷ (m + p − 1) of the step (Narayanan et al. 2021 §2.2).");
        (void)m;
    } else {
        b.term("stages", "Pipeline stages run in turn", sh.stageCount, U::Count);
        b.formula("{stages} × (" + work + ")");
        if (sh.stageCount > 1)
            b.note("One request passes the pipeline stages one after another.");
    }
    return b.done(pe.breakdown.computeSeconds);
}

Explanation memoryTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    Builder b("Memory time", U::Seconds, "Roofline model (Williams et al. 2009); efficiency: " +
                                             std::string(ctx.eff.memorySource));
    const PhaseShape sh = shapeOf(su, phase);
    b.term("bytes", "Bytes moved per device", pe.bytes, U::Bytes);
    // QLoRA's dequantization is a term of its own (sh.dequantBytes, 0 otherwise).
    b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)",
           sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
    b.term("bandwidth", "Memory bandwidth", su.device.memoryBandwidthBytesPerSecond, U::BytesPerSecond);
    b.term("memory_eff", "Memory efficiency (achieved fraction of bandwidth)", ctx.eff.memory, U::Fraction);
    b.note("The element-wise passes run between the GEMMs, not beside them: they are the non-GEMM time.");
    if (sh.kvStreamBytes > 0) {
        b.term("kv_stream", "KV cache and state read and written by the attention kernels", sh.kvStreamBytes, U::Bytes);
        b.note("Decode attention reads the KV cache in kernels of its own, between the GEMMs: non-GEMM time too.");
    }
    if (phase == RooflinePhase::TrainingStep) {
        b.term("optimizer_traffic", "Optimizer step traffic", sh.optimizerBytes, U::Bytes);
        if (sh.dequantBytes > 0) {
            b.term("dequant", "Dequantization of the base weights (read 4 / 8 bits, write 16)",
                   sh.dequantBytes, U::Bytes);
            b.formula(
                "({bytes} − {elementwise} − {dequant} − {optimizer_traffic}) ÷ ({bandwidth} × {memory_eff})");
            b.note("QLoRA's dequantization runs in kernels of its own before each GEMM: non-GEMM time too.");
        } else {
            b.formula("({bytes} − {elementwise} − {optimizer_traffic}) ÷ ({bandwidth} × {memory_eff})");
        }
    } else {
        b.term("stages", "Pipeline stages run in turn", sh.stageCount, U::Count);
        if (ctx.eff.quantizedWeights != 1.0) {
            b.term("weight_traffic", "Weight bytes streamed", sh.streamedWeights, U::Bytes);
            b.term("quant_eff", "Quantised-weight streaming factor", ctx.eff.quantizedWeights, U::Fraction);
            b.formula(std::string("{stages} × ({bytes} − {elementwise}") + (sh.kvStreamBytes > 0 ? " − {kv_stream}" : "") +
                      " − {weight_traffic} + {weight_traffic} ÷ {quant_eff}) ÷ ({bandwidth} × {memory_eff})");
            b.note("Block-quantised weights dequantise on the fly and stream below the full memory rate.");
        } else {
            b.formula(std::string("{stages} × ({bytes} − {elementwise}") + (sh.kvStreamBytes > 0 ? " − {kv_stream}" : "") +
                      ") ÷ ({bandwidth} × {memory_eff})");
        }
    }
    return b.done(pe.breakdown.memorySeconds);
}

// The element-wise traffic per token and layer (kernel_costs.cpp elementwiseBytesPerToken).
Explanation elementwiseBytesExplanation(const Setup& su, RooflinePhase phase)
{
    const auto& ctx = su.ctx;
    const auto& a = su.arch;
    const bool sequenceParallel =
        phase == RooflinePhase::TrainingStep && su.s().training.sequenceParallel && ctx.split.tensor > 1;
    Builder b("Element-wise bytes per token per layer", U::Bytes,
              "Ivanov et al. 2021 (Data Movement Is All You Need, MLSys) Table 1: normalisation and element-wise "
              "operators, 0.2 % of a layer's FLOPs, 39 % of its PyTorch training time");
    b.term("hidden", "Hidden size", ll(a.hidden), U::Count);
    b.term("tensor", "Tensor-parallel degree", ll(ctx.split.tensor), U::Count);
    b.term("heads", "Query heads", ll(a.heads), U::Count);
    b.term("kv_heads", "KV heads", ll(a.kvHeads), U::Count);
    b.term("head_dim", "Head dimension", ll(a.headDim), U::Count);
    b.term("ffn", "Active FFN width", a.activeFfnWidth(), U::Count);
    b.term("act_bytes", "Bytes per activation element", bytesPerElement(su.s().activations), U::Bytes);
    std::string f = std::string(sequenceParallel ? "(10 × {hidden} ÷ {tensor}" : "(10 × {hidden}") +
                    " + 2 × ({heads} + {kv_heads}) × {head_dim} ÷ {tensor} + 3 × {ffn} ÷ {tensor}) × {act_bytes}";
    if (const double narrow = gemmInputCastBytesPerElement(ctx); narrow > 0) {
        b.term("narrow_bytes", "Bytes per element of the GEMM format", narrow, U::Bytes);
        f += " + (2 × {hidden} + ({heads} × {head_dim} + {ffn}) ÷ {tensor}) × ({act_bytes} + {narrow_bytes})";
        b.note("The GEMMs run in a narrower format than the activations: each GEMM input is cast first, one pass "
               "reading it and writing the narrow copy (Micikevicius et al. 2022, FP8 formats §4).");
    }
    b.formula(f);
    b.note("Two norms (read and write d) and two residual adds (read 2d, write d): 10 d; RoPE reads and writes "
           "queries and keys; the gated activation reads gate and up and writes their product: 3 f.");
    if (sequenceParallel)
        b.note("Sequence parallelism splits the norms and residuals over the tensor-parallel ranks.");
    return b.done(elementwiseBytesPerToken(ctx, sequenceParallel));
}

Explanation nonGemmExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    const PhaseShape sh = shapeOf(su, phase);
    Builder b("Non-GEMM time", U::Seconds,
              "Memory-bound passes between the GEMMs (Ivanov et al. 2021, Data Movement Is All You Need); "
              "optimizer step: one pass over every state");
    // QLoRA's dequantization is a term of its own (sh.dequantBytes, 0 otherwise).
    b.term("elementwise", "Element-wise passes (norms, residuals, RoPE, activation)",
           sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
    b.term("bandwidth", "Memory bandwidth", su.device.memoryBandwidthBytesPerSecond, U::BytesPerSecond);
    b.term("pass_eff", "Element-wise pass efficiency (STREAM fraction of bandwidth)", ctx.eff.elementwise, U::Fraction);
    if (phase == RooflinePhase::TrainingStep) {
        b.term("bubble_stretch", "Pipeline bubble stretch ((m + p − 1) ÷ m)", sh.bubbleStretch, U::Number);
        b.term("optimizer_traffic", "Optimizer step traffic", sh.optimizerBytes, U::Bytes);
        std::string passes = "{elementwise}";
        if (sh.dequantBytes > 0) {
            b.term("dequant", "Dequantization of the base weights (read 4 / 8 bits, write 16)",
                   sh.dequantBytes, U::Bytes);
            passes = "({elementwise} + {dequant})";
            b.note("QLoRA dequantizes every base weight to 16 bits before each pass that multiplies by it: "
                   "forward, backward and any recomputed forward.");
        }
        b.formula(passes + " ÷ ({bandwidth} × {pass_eff}) × {bubble_stretch} + {optimizer_traffic} ÷ "
                           "({bandwidth} × {pass_eff})");
        if (ctx.adapterTraining())
            b.note("Forward, backward (twice the forward's traffic) and any recomputed forward; then the "
                   "optimizer reads and writes the adapters' weights, gradients and optimizer states once.");
        else
            b.note("Forward, backward (twice the forward's traffic) and any recomputed forward; then the "
                   "optimizer reads and writes weights, gradients and optimizer states once.");
    } else {
        b.term("stages", "Pipeline stages run in turn", sh.stageCount, U::Count);
        if (sh.kvStreamBytes > 0) {
            b.term("kv_stream", "KV cache and state read and written by the attention kernels", sh.kvStreamBytes,
                   U::Bytes);
            b.term("memory_eff", "Memory efficiency (achieved fraction of bandwidth)", ctx.eff.memory, U::Fraction);
            b.formula("{stages} × ({elementwise} ÷ ({bandwidth} × {pass_eff}) + {kv_stream} ÷ ({bandwidth} × "
                      "{memory_eff}))");
            b.note("Decode attention (FlashDecoding / PagedAttention) reads the KV cache in kernels of its own: at a "
                   "large batch that time adds to compute-bound GEMMs instead of hiding under them.");
        } else {
            b.formula("{stages} × {elementwise} ÷ ({bandwidth} × {pass_eff})");
        }
    }
    b.note("These passes run at memory bandwidth between the GEMMs and do not overlap them; when they are the "
           "largest term the phase is memory-bound.");
    return b.done(pe.breakdown.nonGemmSeconds);
}

// Communication parts, each the communication.cpp helper the phase model calls.
struct CommPart
{
    std::string key;
    Explanation explanation;
};

std::string ringFormula(const std::string& n, const std::string& msg, const std::string& bw, const std::string& lat)
{
    return "(2 × ({" + n + "} − 1) ÷ {" + n + "} × {" + msg + "} ÷ {" + bw + "} + 2 × ({" + n + "} − 1) × {" + lat + "})";
}
std::string allToAllFormula(const std::string& n, const std::string& msg, const std::string& bw, const std::string& lat)
{
    return "(({" + n + "} − 1) ÷ {" + n + "} × {" + msg + "} ÷ {" + bw + "} + ({" + n + "} − 1) × {" + lat + "})";
}

std::vector<CommPart> communicationParts(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                         const PhaseEstimate& pe)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const PhaseShape sh = shapeOf(su, phase);
    const double t = ll(ctx.split.tensor);
    const double p = ll(ctx.split.pipeline);
    const double e = ll(ctx.split.expert);
    const bool training = phase == RooflinePhase::TrainingStep;
    const double m = ll(su.microBatches);
    const double bubble = (m + p - 1.0) / m;
    const double passes = sh.passes;
    const double message = training ? sh.hiddenBytes : sh.hiddenBytes / passes;
    std::vector<CommPart> parts;
    const std::string megatron = "Megatron-LM (Shoeybi et al. 2019 §3); ring all-reduce (Patarasuk & Yuan 2009)";

    if (t > 1) {
        const Link link = linkForGroup(ctx, t);
        Builder b("Tensor-parallel all-reduces", U::Seconds, megatron);
        b.term("tensor", "Tensor-parallel degree", t, U::Count);
        b.term("tp_message", "Message per all-reduce (tokens × hidden × B)", message, U::Bytes);
        b.term("tp_bw", "All-reduce bandwidth (link × efficiency)", link.allReduceBytesPerSecond, U::BytesPerSecond);
        b.term("tp_latency", "Latency per ring step", link.latencySeconds, U::Seconds);
        double seconds;
        if (training) {
            b.term("layers_per_stage", "Layers per pipeline stage", ctx.layersPerStage(), U::Count);
            b.term("micro_batches", "Micro-batches per step", m, U::Count);
            b.term("bubble_stretch", "Pipeline bubble stretch ((m + p − 1) ÷ m)", bubble, U::Number);
            b.formula("4 × {layers_per_stage} × {micro_batches} × " + ringFormula("tensor", "tp_message", "tp_bw", "tp_latency") +
                      " × {bubble_stretch}");
            b.note("Two all-reduces per layer forward and two backward.");
            seconds = 4.0 * ctx.layersPerStage() * m * ringAllReduceSeconds(message, t, link) * bubble;
        } else {
            b.term("layers", "Layers", ll(a.layers), U::Count);
            b.term("passes", "Prefill passes (chunks)", passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "2 × {layers} × {passes} × " : "2 × {layers} × ") +
                      ringFormula("tensor", "tp_message", "tp_bw", "tp_latency"));
            b.note("Two all-reduces per layer (after attention and after the FFN).");
            seconds = 2.0 * ll(a.layers) * passes * ringAllReduceSeconds(message, t, link);
        }
        parts.push_back({"tp_seconds", b.done(seconds)});
    }
    if (p > 1) {
        const Link link = linkForGroup(ctx, t * p);
        Builder b("Pipeline sends", U::Seconds, "Pipeline parallelism (Narayanan et al. 2021)");
        b.term("pp_message", "Activations sent per boundary", message, U::Bytes);
        b.term("pp_bw", "Link bandwidth (× efficiency)", link.bytesPerSecond, U::BytesPerSecond);
        b.term("pp_latency", "Latency per message", link.latencySeconds, U::Seconds);
        double seconds;
        if (training) {
            b.term("micro_batches", "Micro-batches per step", m, U::Count);
            b.formula("2 × {micro_batches} × ({pp_message} ÷ {pp_bw} + {pp_latency})");
            b.note("Activations forward and gradients back, once per micro-batch.");
            seconds = 2.0 * m * sendSeconds(message, link);
        } else {
            b.term("pipeline", "Pipeline stages", p, U::Count);
            b.term("passes", "Prefill passes (chunks)", passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "({pipeline} − 1) × {passes} × " : "({pipeline} − 1) × ") +
                      "({pp_message} ÷ {pp_bw} + {pp_latency})");
            seconds = (p - 1.0) * passes * sendSeconds(message, link);
        }
        parts.push_back({"pp_seconds", b.done(seconds)});
    }
    if (e > 1 && a.isMoe()) {
        const Link link = linkForGroup(ctx, ll(s.devices));
        Builder b("Expert all-to-all", U::Seconds, "Expert parallelism (GShard, Lepikhin et al. 2020)");
        b.term("expert", "Expert-parallel degree", e, U::Count);
        b.term("moe_layers", "MoE layers", ll(a.moeLayers), U::Count);
        b.term("ep_message", "Tokens routed (hidden × B × experts per token)", message * ll(a.expertsPerToken), U::Bytes);
        b.term("ep_bw", "Link bandwidth (× efficiency)", link.bytesPerSecond, U::BytesPerSecond);
        b.term("ep_latency", "Latency per message", link.latencySeconds, U::Seconds);
        double seconds;
        if (training) {
            b.term("pipeline", "Pipeline stages", p, U::Count);
            b.term("micro_batches", "Micro-batches per step", m, U::Count);
            b.formula("4 × {moe_layers} ÷ {pipeline} × {micro_batches} × " +
                      allToAllFormula("expert", "ep_message", "ep_bw", "ep_latency"));
            b.note("Dispatch and combine, forward and backward: four all-to-alls per MoE layer.");
            seconds = 4.0 * ll(a.moeLayers) / p * m * allToAllSeconds(message * ll(a.expertsPerToken), e, link);
        } else {
            b.term("passes", "Prefill passes (chunks)", passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "2 × {moe_layers} × {passes} × " : "2 × {moe_layers} × ") +
                      allToAllFormula("expert", "ep_message", "ep_bw", "ep_latency"));
            b.note("Dispatch and combine: two all-to-alls per MoE layer.");
            seconds = 2.0 * ll(a.moeLayers) * passes * allToAllSeconds(message * ll(a.expertsPerToken), e, link);
        }
        parts.push_back({"ep_seconds", b.done(seconds)});
    }
    if (training) {
        const double dpDevices = ctx.replicas();
        // phase_model.cpp trainingStep: LoRA / QLoRA all-reduce the adapters' gradients only.
        const bool adapters = ctx.adapterTraining();
        const double gradientBytes =
            (adapters ? adapterParamsPerDevice(ctx) * bytesPerElement(s.training.lora.adapterPrecision)
                      : paramsPerDevice(ctx) * bytesPerElement(s.weights)) *
            (s.training.zeroStage >= 3 ? 1.5 : 1.0);
        if (dpDevices > 1 && gradientBytes > 0) {
            const double dpPerNode = std::max(1.0, ll(ctx.device.devicesPerNode) / (t * p));
            const Link link = linkForGroup(ctx, ll(s.devices), dpPerNode);
            Builder b("Data-parallel gradient all-reduce", U::Seconds,
                      "Ring all-reduce (Patarasuk & Yuan 2009); ZeRO-3 traffic 1.5× (Rajbhandari et al. 2020 §7)");
            b.term("dp_ranks", "Data-parallel ranks (data × expert)", dpDevices, U::Count);
            b.term("dp_message", adapters ? "Adapter gradient bytes per device" : "Gradient bytes per device",
                   gradientBytes, U::Bytes);
            b.term("dp_bw", "All-reduce bandwidth (link × efficiency)", link.allReduceBytesPerSecond, U::BytesPerSecond);
            b.term("dp_latency", "Latency per ring step", link.latencySeconds, U::Seconds);
            b.formula(ringFormula("dp_ranks", "dp_message", "dp_bw", "dp_latency"));
            if (adapters)
                b.note("Only the adapters have gradients: the all-reduce carries them alone, and overlaps "
                       "with the backward pass (about half of compute with a frozen base).");
            else
                b.note("Overlaps with the backward pass (two thirds of compute); only the rest adds to the "
                       "step.");
            parts.push_back({"dp_seconds", b.done(ringAllReduceSeconds(gradientBytes, dpDevices, link))});
        }
    }
    (void)pe;
    return parts;
}

const char* partLabel(const std::string& key)
{
    if (key == "tp_seconds")
        return "Tensor-parallel all-reduces";
    if (key == "pp_seconds")
        return "Pipeline sends";
    if (key == "ep_seconds")
        return "Expert all-to-all";
    return "Data-parallel gradient all-reduce";
}

// The share of compute the data-parallel all-reduce hides under: the backward pass's part of the
// forward + backward FLOPs (phase_model.cpp TrainingFlops::backwardShare), 2/3 when every weight
// trains (Kaplan et al. 2020 §2.1), about 1/2 with a frozen base that computes no weight gradients.
void backwardShareTerm(Builder& b, const Setup& su)
{
    b.term("backward_share", "Backward share of the forward + backward FLOPs",
           shapeOf(su, RooflinePhase::TrainingStep).backwardShare, U::Fraction);
    if (su.ctx.adapterTraining())
        b.note("The gradient all-reduce overlaps the backward pass, about half of compute with a frozen base "
               "(no weight gradients); only the rest adds.");
    else
        b.note("The gradient all-reduce overlaps the backward pass (two thirds of compute); only the rest "
               "adds.");
}

Explanation communicationTotal(const Setup& su, const std::vector<CommPart>& parts, const PhaseEstimate& pe)
{
    Builder b("Communication time", U::Seconds, "Ring all-reduce 2(n−1)/n · M / B + 2(n−1)·α (Patarasuk & Yuan 2009; NCCL); Megatron-LM tensor parallel, Shoeybi et al. 2019 §3");
    std::string f;
    for (const auto& part : parts) {
        b.term(part.key, partLabel(part.key), part.explanation.result, U::Seconds);
        if (part.key == "dp_seconds")
            continue;
        f += (f.empty() ? "{" : " + {") + part.key + "}";
    }
    if (su.training() && std::any_of(parts.begin(), parts.end(), [](const CommPart& p) { return p.key == "dp_seconds"; })) {
        b.term("compute_seconds", "Compute time", pe.breakdown.computeSeconds, U::Seconds);
        backwardShareTerm(b, su);
        f += std::string(f.empty() ? "" : " + ") +
             "max(0, {dp_seconds} − {compute_seconds} × {backward_share})";
    }
    if (f.empty()) {
        f = "0";
        b.note("A single device per replica: no collectives.");
    }
    return b.formula(f).done(pe.breakdown.communicationSeconds);
}

Explanation offloadTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                   const PhaseEstimate& pe)
{
    const auto& mem = su.report.memory;
    Builder b("Offload time", U::Seconds, "Offload over the host link (FlexGen, Sheng et al. 2023); host link: PCIe/C2C datasheet × measured "
                                          "copy efficiency");
    if (mem.hostOffloadBytes + mem.unplacedBytes + mem.diskOffloadBytes <= 0)
        return b.formula("0").note("Everything fits in device memory: nothing crosses the host link.").done(
            pe.breakdown.offloadSeconds);
    const double hostLink = hostToDeviceBytesPerSecond(su.device, ctx.eff);
    b.term("passes", "Prefill passes (chunks)", shapeOf(su, phase).passes, U::Count);
    b.term("host_offload", "Offloaded to host RAM", mem.hostOffloadBytes, U::Bytes);
    b.term("unplaced", "Beyond host RAM and disk (counted at host-link speed)", mem.unplacedBytes, U::Bytes);
    b.term("host_link", "Host-to-device copy rate", hostLink, U::BytesPerSecond);
    std::string inner = "({host_offload} + {unplaced}) ÷ {host_link}";
    if (mem.diskOffloadBytes > 0) {
        b.term("disk_offload", "Offloaded to disk", mem.diskOffloadBytes, U::Bytes);
        b.term("disk_bw", "Disk read rate", su.device.diskBytesPerSecond, U::BytesPerSecond);
        inner += " + {disk_offload} ÷ min({disk_bw}, {host_link})";
    }
    b.term("stages", "Pipeline stages run in turn", shapeOf(su, phase).stageCount, U::Count);
    if (phase == RooflinePhase::Prefill) {
        b.formula("{passes} × {stages} × (" + inner + ")")
            .note("The offloaded part crosses the host link once per prefill pass.");
    } else if (phase == RooflinePhase::Decode) {
        b.formula("{stages} × (" + inner + ")")
            .note("Offloaded bytes are read every step, so they cross the host link every step.");
    } else {
        b.formula("2 × (" + inner + ")").note("Offloaded states go out and come back once per step (ZeRO-Offload).");
    }
    return b.done(pe.breakdown.offloadSeconds);
}

Explanation latencyExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                               const PhaseEstimate& pe)
{
    Builder b("Kernel latency", U::Seconds, "Per-layer kernel latency: device measurement or class default "
                                            "(efficiency_model.cpp)");
    if (phase == RooflinePhase::TrainingStep)
        return b.formula("0")
            .note("Training kernels are large (micro-batch × sequence rows): no per-layer latency term.")
            .done(pe.breakdown.latencySeconds);
    b.term("passes", "Prefill passes (chunks)", shapeOf(su, phase).passes, U::Count);
    b.term("layers", "Layers", ll(su.arch.layers), U::Count);
    b.term("layer_latency", "Latency per layer per forward pass", ctx.eff.layerLatencySeconds, U::Seconds);
    b.formula(phase == RooflinePhase::Prefill ? "{passes} × {layers} × {layer_latency}" : "{layers} × {layer_latency}");
    b.note("Kernel launch and synchronisation latency adds to the time; when it is the largest term the phase is "
           "latency-bound: more work per kernel (a larger batch) costs almost nothing extra.");
    return b.done(pe.breakdown.latencySeconds);
}

// How the terms combine into the phase time (phase_model.cpp finishPhase / trainingStep).
Explanation totalTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                 const PhaseEstimate& pe, std::string title)
{
    const auto& bd = pe.breakdown;
    Builder b(std::move(title), U::Seconds, "Roofline model (Williams et al. 2009): compute and memory overlap; "
                                            "communication, kernel latency, offload and non-GEMM passes add");
    b.term("compute_seconds", "Compute time", bd.computeSeconds, U::Seconds);
    b.term("memory_seconds", "Memory time", bd.memorySeconds, U::Seconds);
    b.term("offload_seconds", "Offload time", bd.offloadSeconds, U::Seconds);
    b.term("non_gemm_seconds", "Non-GEMM time", bd.nonGemmSeconds, U::Seconds);
    if (phase == RooflinePhase::TrainingStep) {
        double tp = 0, pp = 0, ep = 0, dp = 0;
        for (const auto& part : communicationParts(su, ctx, phase, pe)) {
            const double v = part.explanation.result;
            (part.key == "tp_seconds" ? tp : part.key == "pp_seconds" ? pp : part.key == "ep_seconds" ? ep : dp) = v;
        }
        b.term("tp_seconds", "Tensor-parallel all-reduces", tp, U::Seconds);
        b.term("pp_seconds", "Pipeline sends", pp, U::Seconds);
        b.term("ep_seconds", "Expert all-to-all", ep, U::Seconds);
        b.term("dp_seconds", "Data-parallel gradient all-reduce", dp, U::Seconds);
        backwardShareTerm(b, su);
        b.formula("max({compute_seconds}, {memory_seconds}) + {tp_seconds} + {pp_seconds} + {ep_seconds} + "
                  "max(0, {dp_seconds} − {compute_seconds} × {backward_share}) + {offload_seconds} + "
                  "{non_gemm_seconds}");
    } else {
        b.term("communication_seconds", "Communication time", bd.communicationSeconds, U::Seconds);
        b.term("latency_seconds", "Kernel latency", bd.latencySeconds, U::Seconds);
        b.formula("max({compute_seconds}, {memory_seconds}) + {communication_seconds} + {latency_seconds} + "
                  "{offload_seconds} + {non_gemm_seconds}");
    }
    return b.done(pe.seconds);
}

Explanation boundExplanation(const PhaseEstimate& pe)
{
    const auto& bd = pe.breakdown;
    Builder b("Bound", U::Seconds, "Roofline model (Williams et al. 2009)");
    b.term("compute_seconds", "Compute time", bd.computeSeconds, U::Seconds);
    b.term("memory_seconds", "Memory time", bd.memorySeconds, U::Seconds);
    b.term("communication_seconds", "Communication time", bd.communicationSeconds, U::Seconds);
    b.term("offload_seconds", "Offload time", bd.offloadSeconds, U::Seconds);
    b.term("latency_seconds", "Kernel latency", bd.latencySeconds, U::Seconds);
    b.term("non_gemm_seconds", "Non-GEMM time", bd.nonGemmSeconds, U::Seconds);
    b.formula("max({compute_seconds}, {memory_seconds} + {non_gemm_seconds}, {communication_seconds}, "
              "{offload_seconds}, {latency_seconds})");
    switch (pe.bound) {
    case Bound::Compute:
        b.note("Compute time is the largest term: compute-bound.");
        break;
    case Bound::Memory:
        b.note("Memory time and the non-GEMM passes, both bytes over the device's bandwidth, are the largest "
               "term: memory-bandwidth-bound.");
        break;
    case Bound::Communication:
        b.note("Communication time is the largest term: communication-bound.");
        break;
    case Bound::Offload:
        b.note("Offload time is the largest term: offload-bound.");
        break;
    case Bound::Latency:
        b.note("Kernel latency is the largest term: latency-bound.");
        break;
    }
    b.note("The bound is the largest time term; ties go to the earlier one (compute, memory, communication, "
           "offload, latency).");
    return b.done(pe.breakdown.secondsOf(pe.bound));
}

Explanation intensityExplanation(const PhaseEstimate& pe)
{
    Builder b("Arithmetic intensity", U::FlopsPerByte, "Roofline model (Williams et al. 2009)");
    b.term("flops", "FLOPs per device", pe.flops, U::Flops);
    b.term("bytes", "Bytes moved per device", pe.bytes, U::Bytes);
    return b.formula("{flops} ÷ {bytes}").done(pe.arithmeticIntensity);
}

const PhaseEstimate* reportPhase(const Report& r, RooflinePhase phase, bool ideal)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return ideal ? (r.ideal.prefill ? &*r.ideal.prefill : nullptr) : (r.prefill ? &*r.prefill : nullptr);
    case RooflinePhase::Decode:
        return ideal ? (r.ideal.decode ? &*r.ideal.decode : nullptr) : (r.decode ? &*r.decode : nullptr);
    default:
        return ideal ? (r.ideal.training ? &r.ideal.training->step : nullptr)
                     : (r.training ? &r.training->step : nullptr);
    }
}

Explanation mfuExplanation(const Setup& su, const PhaseEstimate& step, double result, std::string title)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    Builder b(std::move(title), U::Fraction, "Chowdhery et al. 2022 (PaLM) App. B");
    b.term("matmul_params", "Active matmul parameters", a.matmulParamsActive(), U::Parameters);
    b.term("batch", "Global batch (sequences)", ll(s.batch), U::Count);
    b.term("sequence_length", "Sequence length", ll(s.promptTokens), U::Tokens);
    b.term("attention_flops", "Causal attention FLOPs per sequence",
           a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
    b.term("seconds", "Step time", step.seconds, U::Seconds);
    b.term("peak", "Peak compute per device", su.ctx.peakFlopsPerSecond, U::FlopsPerSecond);
    b.term("devices", "Devices", ll(s.devices), U::Count);
    if (su.ctx.adapterTraining()) {
        // phase_model.cpp trainingStep: the FLOPs the method needs, without recomputation.
        b.term("adapter_active", "Adapter parameters a token passes through",
               su.ctx.adapterCounts().trainableActive, U::Parameters);
        b.formula(
            "(2 × 2 × {matmul_params} × {batch} × {sequence_length} + 3 × (2 × {adapter_active} × {batch} × "
            "{sequence_length} + {batch} × {attention_flops})) ÷ ({seconds} × {peak} × {devices})");
        b.note(
            "Model FLOPs of the method: the frozen base needs no weight gradients, 4·N per token instead of "
            "6·N; the adapters and attention count forward and backward.");
    } else {
        b.formula("3 × (2 × {matmul_params} × {batch} × {sequence_length} + {batch} × {attention_flops}) ÷ "
                  "({seconds} × {peak} × {devices})");
    }
    b.note("Model FLOPs count forward and backward once: recomputation does not raise MFU.");
    return b.done(result);
}

std::vector<Explanation> verdictFigures(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& s = su.s();
    std::vector<Explanation> out;
    if (phase == RooflinePhase::Prefill) {
        Builder b("Prompt tokens/s", U::TokensPerSecond, "Definition: tokens per second of wall-clock time");
        b.term("batch", "Batch (sequences)", ll(s.batch), U::Count);
        b.term("prompt_tokens", "Prompt tokens", ll(s.promptTokens), U::Tokens);
        b.term("seconds", "Time to first token", pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} × {prompt_tokens} ÷ {seconds}").done(pe.tokensPerSecond));
    } else if (phase == RooflinePhase::Decode) {
        Builder b("Tokens/s (batch)", U::TokensPerSecond, "Definition: tokens per second of wall-clock time");
        b.term("batch", "Batch (sequences)", ll(s.batch), U::Count);
        b.term("seconds", "Time per output token", pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} ÷ {seconds}").done(pe.tokensPerSecond));
        Builder c("Tokens/s per sequence", U::TokensPerSecond, "Definition: tokens per second of wall-clock time");
        c.term("seconds", "Time per output token", pe.seconds, U::Seconds);
        out.push_back(c.formula("1 ÷ {seconds}").done(pe.seconds > 0 ? 1.0 / pe.seconds : 0.0));
    } else {
        const TrainingEstimate tr = trainingStep(su.ctx, su.report.memory, su.microBatches);
        Builder b("Tokens/s", U::TokensPerSecond, "Definition: tokens per second of wall-clock time");
        b.term("batch", "Global batch (sequences)", ll(s.batch), U::Count);
        b.term("sequence_length", "Sequence length", ll(s.promptTokens), U::Tokens);
        b.term("seconds", "Step time", pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} × {sequence_length} ÷ {seconds}").done(pe.tokensPerSecond));
        out.push_back(mfuExplanation(su, pe, tr.mfu, "MFU"));
        Builder d("Days to train", U::Days, "Definition: training tokens ÷ tokens/s ÷ 86,400 s per day");
        d.term("train_tokens", "Training tokens", s.training.trainTokens, U::Tokens);
        d.term("tokens_per_second", "Tokens/s", pe.tokensPerSecond, U::TokensPerSecond);
        out.push_back(d.formula("{train_tokens} ÷ {tokens_per_second} ÷ 86400").done(tr.trainDays));
    }
    return out;
}

} // namespace

// ---- public ------------------------------------------------------------------------------

std::vector<Explanation> explainMemorySegment(const Report& report, const Device& device,
                                              const ModelArchitecture& arch, MemorySegmentKind kind, long long stage)
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
        case MemorySegmentKind::Weights: e = weightsExplanation(su, part); break;
        case MemorySegmentKind::KvCache: e = kvExplanation(su, part); break;
        case MemorySegmentKind::VisionWeights: e = visionWeightsExplanation(su, part); break;
        case MemorySegmentKind::RecurrentState: e = recurrentStateExplanation(su, part); break;
        case MemorySegmentKind::Activations: e = activationsExplanation(su, bar.stage, part); break;
        case MemorySegmentKind::Gradients:
        case MemorySegmentKind::OptimizerStates: e = trainingStateExplanation(su, kind, part); break;
        case MemorySegmentKind::RuntimeContext:
        case MemorySegmentKind::AllocatorReserve:
        case MemorySegmentKind::CommunicationBuffers:
        case MemorySegmentKind::KvPoolReserve: e = overheadExplanation(su, kind, m, part); break;
        case MemorySegmentKind::Adapters:
            e = adaptersExplanation(su, part);
            break;
        case MemorySegmentKind::DequantWorkspace:
            e = dequantWorkspaceExplanation(su, part);
            break;
        }
        if (bar.stage == 1)
            e.notes.push_back("Pipeline stage: first.");
        else if (bar.stage > 1)
            e.notes.push_back("Pipeline stage: last.");
        out.push_back(std::move(e));
        if (bar.totalBytes > chart.capacityBytes && part > 0)
            out.push_back(placementExplanation(componentPlacement(bar, kind)));
    }
    return out;
}

std::vector<Explanation> explainRooflinePoint(const Report& report, const Device& device,
                                              const ModelArchitecture& arch, RooflinePhase phase)
{
    if (!hasPhase(report, phase))
        return {};
    const Setup su(report, device, arch);
    const PhaseEstimate pe = phaseOf(su, su.ctx, phase);
    const PhaseShape sh = shapeOf(su, phase);
    std::vector<Explanation> out;
    out.push_back(intensityExplanation(pe));
    out.push_back(flopsExplanation(su, phase, pe));
    out.push_back(bytesExplanation(su, phase, pe));
    {
        // The plotted point: intensity in bytes of the resource that bounds the phase.
        const Device& d = su.device;
        double bandwidth = d.memoryBandwidthBytesPerSecond;
        double bytes = sh.stageCount * pe.bytes;
        const char* bytesLabel = "Bytes moved per device";
        const char* bandwidthLabel = "Memory bandwidth";
        switch (pe.pointResource) {
        case RooflineResource::DeviceMemory: break;
        case RooflineResource::Interconnect:
            bandwidth = interconnectLineBytesPerSecond(d);
            bytes = pe.interconnectBytes;
            bytesLabel = "Bytes on the interconnect per device";
            bandwidthLabel = "Interconnect line rate";
            break;
        case RooflineResource::HostLink:
            bandwidth = d.hostLinkBytesPerSecond;
            bytes = pe.hostLinkBytes;
            bytesLabel = "Bytes over the host link per device";
            bandwidthLabel = "Host link";
            break;
        case RooflineResource::Disk:
            bandwidth = std::min(d.diskBytesPerSecond, d.hostLinkBytesPerSecond);
            bytes = pe.diskBytes;
            bytesLabel = "Bytes read from disk per device";
            bandwidthLabel = "Disk read rate (capped by the host link)";
            break;
        }
        Builder i("Intensity of the bounding resource", U::FlopsPerByte, "Roofline model (Williams et al. 2009)");
        i.term("stages", "Pipeline stages run in turn", sh.stageCount, U::Count);
        i.term("flops", "FLOPs per device", pe.flops, U::Flops);
        i.term("resource_bytes", bytesLabel, bytes, U::Bytes);
        i.note("A point sits under the roof of the resource that bounds it only when its intensity counts that "
               "resource's bytes.");
        out.push_back(i.formula("{stages} × {flops} ÷ {resource_bytes}").done(pe.pointIntensity));
        Builder b("Roof at this point", U::FlopsPerSecond, "Roofline model (Williams et al. 2009)");
        b.term("peak", "Peak compute (dense)", su.ctx.peakFlopsPerSecond, U::FlopsPerSecond);
        b.term("intensity", "Intensity of the bounding resource", pe.pointIntensity, U::FlopsPerByte);
        b.term("resource_bw", bandwidthLabel, bandwidth, U::BytesPerSecond);
        b.note("The roof at this intensity: the resource's slope left of its ridge, the compute ceiling right of it.");
        out.push_back(b.formula("min({peak}, {intensity} × {resource_bw})").done(pe.roofFlopsPerSecond));
    }
    const auto achieved = [&](const char* title, const PhaseEstimate& p, const char* secondsLabel) {
        Builder b(title, U::FlopsPerSecond, "Roofline model (Williams et al. 2009)");
        b.term("flops", "FLOPs per device", p.flops, U::Flops);
        b.term("seconds", secondsLabel, p.seconds, U::Seconds);
        if (phase == RooflinePhase::TrainingStep)
            return b.formula("{flops} ÷ {seconds}").done(p.achievedFlopsPerSecond);
        b.term("stages", "Pipeline stages run in turn", sh.stageCount, U::Count);
        if (sh.stageCount > 1)
            b.note("Each device runs its stage's FLOPs while the phase passes all stages: the point counts "
                   "stages × FLOPs over the phase time.");
        return b.formula("{stages} × {flops} ÷ {seconds}").done(p.achievedFlopsPerSecond);
    };
    out.push_back(achieved("Achieved performance", pe, "Phase time"));
    if (reportPhase(report, phase, true)) {
        Explanation e = achieved("Ideal roofline performance", phaseOf(su, su.ideal, phase), "Phase time at datasheet peaks");
        e.notes.push_back("Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated "
                          "estimate.");
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<Explanation> explainVerdict(const Report& report, const Device& device, const ModelArchitecture& arch,
                                        RooflinePhase phase)
{
    if (!hasPhase(report, phase))
        return {};
    const Setup su(report, device, arch);
    const PhaseEstimate pe = phaseOf(su, su.ctx, phase);
    std::vector<Explanation> out;
    out.push_back(boundExplanation(pe));
    out.push_back(totalTimeExplanation(su, su.ctx, phase, pe, phaseTimeTitle(phase)));
    for (auto& e : verdictFigures(su, phase, pe))
        out.push_back(std::move(e));
    out.push_back(computeTimeExplanation(su, phase, pe));
    out.push_back(flopsExplanation(su, phase, pe));
    out.push_back(memoryTimeExplanation(su, phase, pe));
    out.push_back(bytesExplanation(su, phase, pe));
    out.push_back(intensityExplanation(pe)); // the prefill card shows it
    const auto parts = communicationParts(su, su.ctx, phase, pe);
    out.push_back(communicationTotal(su, parts, pe));
    for (const auto& part : parts)
        out.push_back(part.explanation);
    out.push_back(offloadTimeExplanation(su, su.ctx, phase, pe));
    out.push_back(latencyExplanation(su, su.ctx, phase, pe));
    out.push_back(nonGemmExplanation(su, phase, pe));
    out.push_back(elementwiseBytesExplanation(su, phase));
    if (reportPhase(report, phase, true)) {
        const PhaseEstimate ip = phaseOf(su, su.ideal, phase);
        Explanation e = totalTimeExplanation(su, su.ideal, phase, ip, "Ideal roofline time");
        e.notes.push_back("Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated "
                          "estimate.");
        out.push_back(std::move(e));
        if (phase == RooflinePhase::TrainingStep)
            out.push_back(mfuExplanation(su, ip, trainingStep(su.ideal, report.memory, su.microBatches).mfu,
                                         "Ideal roofline MFU"));
    }
    return out;
}

std::vector<Explanation> explainCapacity(const Report& report, const Device& device, const ModelArchitecture& arch)
{
    const Setup su(report, device, arch);
    const MemoryChart chart = memoryChart(report);
    const double capacity = report.memory.capacityPerDeviceBytes;
    std::vector<Explanation> out;
    {
        // The datasheet memory, minus what the platform keeps (gpu_memory_fraction: 1 on discrete
        // accelerators; unified-memory systems leave the OS its share).
        Builder b("Usable device memory", U::Bytes,
                  "Device datasheet (catalog memory_bytes, GB = 1e9, GiB = 2^30) × the share the accelerator may use");
        b.term("memory", "Device memory", device.memoryBytes, U::Bytes);
        b.term("fraction", "Share the accelerator may use", device.gpuMemoryFraction, U::Fraction);
        out.push_back(b.formula("{memory} × {fraction}").done(capacity));
    }
    static constexpr std::pair<const char*, const char*> kParts[] = {
        {"weights", "Weights"},
        {"vision_weights", "Vision tower"},
        {"kv_cache", "KV cache"},
        {"recurrent_state", "Recurrent state"},
        {"activations", "Activations"},
        {"gradients", "Gradients"},
        {"optimizer_states", "Optimizer states"},
        {"runtime_context", "Runtime context"},
        {"allocator_reserve", "Allocator reserve"},
        {"communication_buffers", "Communication buffers"},
        {"kv_pool_reserve", "KV pool reserve"},
        {"adapters", "Adapters"},
        {"dequant_workspace", "Dequantization workspace"},
    };
    for (const auto& bar : chart.bars) {
        const MemoryBreakdown m = recomputedBreakdown(su, bar.stage);
        const double values[] = {m.weightsBytes,          m.visionWeightsBytes,
                                 m.kvCacheBytes,          m.recurrentStateBytes,
                                 m.activationsBytes,      m.gradientsBytes,
                                 m.optimizerStatesBytes,  m.runtimeContextBytes,
                                 m.allocatorReserveBytes, m.communicationBuffersBytes,
                                 m.kvPoolReserveBytes,    m.adaptersBytes,
                                 m.dequantWorkspaceBytes};
        Builder b("Memory the device's work needs", U::Bytes,
                  "Sum of the parts in the memory chart (weights, KV cache or training states, activations, overheads)");
        std::string formula;
        for (std::size_t i = 0; i < std::size(kParts); ++i) {
            if (values[i] <= 0)
                continue;
            b.term(kParts[i].first, kParts[i].second, values[i], U::Bytes);
            formula += (formula.empty() ? "{" : " + {") + std::string(kParts[i].first) + "}";
        }
        if (bar.stage > 0)
            b.note(bar.stage == 1 ? "First pipeline stage: the most micro-batches in flight."
                                  : "Last pipeline stage: one micro-batch plus the logits and loss.");
        out.push_back(b.formula(formula.empty() ? "0" : formula).done(m.totalBytes()));

        const bool fits = m.totalBytes() <= capacity;
        Builder v(fits ? "Free device memory" : "Beyond the device's memory", U::Bytes,
                  "Capacity, the first of the four bottlenecks: what does not fit goes to host RAM, then disk");
        v.term("total", "Memory the device's work needs", m.totalBytes(), U::Bytes);
        v.term("capacity", "Usable device memory", capacity, U::Bytes);
        v.formula(fits ? "{capacity} − {total}" : "{total} − {capacity}");
        v.note(fits ? "Fits: everything stays in device memory."
                    : "Does not fit: the overflow is offloaded and crosses the host link each time it is used.");
        out.push_back(v.done(fits ? capacity - m.totalBytes() : m.totalBytes() - capacity));
        if (fits)
            continue;
        // Where the overflow went: host RAM always (even none of it, when the device has no host
        // RAM to offload to), disk and nowhere when the bar reaches them.
        for (const MemoryPlacement tier :
             {MemoryPlacement::HostRam, MemoryPlacement::Disk, MemoryPlacement::Unplaced}) {
            Explanation e = offloadTierExplanation(su, tier, bar);
            if (tier == MemoryPlacement::HostRam || e.result > 0)
                out.push_back(std::move(e));
        }
    }
    return out;
}

std::vector<Explanation> explain(const Report& report, const Device& device, const ModelArchitecture& arch,
                                 const ExplainTarget& target)
{
    switch (target.kind) {
    case ExplainKind::MemorySegment: return explainMemorySegment(report, device, arch, target.segment, target.stage);
    case ExplainKind::RooflinePoint: return explainRooflinePoint(report, device, arch, target.phase);
    case ExplainKind::Verdict: return explainVerdict(report, device, arch, target.phase);
    case ExplainKind::Capacity: return explainCapacity(report, device, arch);
    }
    return {};
}

std::vector<Explanation> explain(const Report& report, const Catalog& catalog, const ExplainTarget& target)
{
    const Scenario& s = report.scenario;
    const Device* device = catalog.findDevice(s.deviceId);
    if (!device)
        throw InputError("device", "unknown id \"" + elided(s.deviceId) + "\"");
    if (s.modelConfig) {
        std::vector<std::string> warnings;
        const ModelArchitecture arch = architectureFromHfConfig(*s.modelConfig, "model_config", warnings);
        return explain(report, *device, arch, target);
    }
    const ModelEntry* model = catalog.findModel(s.modelId);
    if (!model)
        throw InputError("model", "unknown id \"" + elided(s.modelId) + "\"");
    return explain(report, *device, model->architecture, target);
}

// ---- formula evaluation ------------------------------------------------------------------

namespace {

class FormulaParser
{
public:
    FormulaParser(const std::string& text, const std::vector<ExplanationTerm>& terms) : m_s(text), m_terms(terms) {}

    double parse()
    {
        const double v = expression();
        skipSpace();
        return m_pos == m_s.size() && m_ok ? v : std::numeric_limits<double>::quiet_NaN();
    }

private:
    void skipSpace()
    {
        while (m_pos < m_s.size() && m_s[m_pos] == ' ')
            ++m_pos;
    }
    bool eat(const char* token)
    {
        skipSpace();
        const std::size_t n = std::strlen(token);
        if (m_s.compare(m_pos, n, token) == 0) {
            m_pos += n;
            return true;
        }
        return false;
    }
    double expression()
    {
        double v = product();
        while (m_ok) {
            if (eat("+"))
                v += product();
            else if (eat("−") || eat("-"))
                v -= product();
            else
                break;
        }
        return v;
    }
    double product()
    {
        double v = power();
        while (m_ok) {
            if (eat("×") || eat("*") || eat("·"))
                v *= power();
            else if (eat("÷") || eat("/"))
                v /= power();
            else
                break;
        }
        return v;
    }
    double power()
    {
        const double base = primary();
        if (eat("^"))
            return std::pow(base, power());
        return base;
    }
    double primary()
    {
        skipSpace();
        if (eat("(")) {
            const double v = expression();
            if (!eat(")"))
                m_ok = false;
            return v;
        }
        for (const char* fn : {"min", "max"}) {
            if (eat(fn)) {
                if (!eat("(")) {
                    m_ok = false;
                    return 0;
                }
                double v = expression();
                while (eat(","))
                    v = fn[1] == 'i' ? std::min(v, expression()) : std::max(v, expression());
                if (!eat(")"))
                    m_ok = false;
                return v;
            }
        }
        if (eat("{")) {
            const std::size_t end = m_s.find('}', m_pos);
            if (end == std::string::npos) {
                m_ok = false;
                return 0;
            }
            const std::string key = m_s.substr(m_pos, end - m_pos);
            m_pos = end + 1;
            for (const auto& t : m_terms)
                if (t.key == key)
                    return t.value;
            m_ok = false;
            return 0;
        }
        const char* begin = m_s.c_str() + m_pos;
        char* end = nullptr;
        const double v = std::strtod(begin, &end);
        if (end == begin) {
            m_ok = false;
            return 0;
        }
        m_pos += static_cast<std::size_t>(end - begin);
        return v;
    }

    const std::string& m_s;
    const std::vector<ExplanationTerm>& m_terms;
    std::size_t m_pos = 0;
    bool m_ok = true;
};

} // namespace

double evaluateFormula(const std::string& formula, const std::vector<ExplanationTerm>& terms)
{
    return FormulaParser(formula, terms).parse();
}

} // namespace lhe::core
