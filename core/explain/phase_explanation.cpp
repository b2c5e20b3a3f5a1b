// How a phase's FLOPs, bytes and time terms were calculated, the roofline point it draws and
// the verdict card's figures (docs/METHOD.md §3-4).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace lhe::core {

namespace explain_detail {

// ---- phases ------------------------------------------------------------------------------

PhaseEstimate phaseOf(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return prefillPhase(ctx, su.report.memory);
    case RooflinePhase::Decode:
        return decodePhase(ctx, su.report.memory);
    default:
        return trainingStep(ctx, su.report.memory, su.microBatches).step;
    }
}

bool hasPhase(const Report& r, RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return r.prefill.has_value();
    case RooflinePhase::Decode:
        return r.decode.has_value();
    default:
        return r.training.has_value();
    }
}

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
        const PhaseParts parts = prefillWork(ctx, su.report.memory).parts; // what the phase model streams
        sh.streamedWeights = parts.weightBytes;
        sh.expertFlops = parts.expertFlops;
        sh.expertWeightBytes = parts.expertWeightBytes;
        sh.moeCalls = parts.moeCalls;
        sh.hiddenBytes = tokens * ll(a.hidden) * act;
        sh.attentionFlops = sh.sequences * a.causalMixerFlops(ll(s.promptTokens)) /
                            (ll(ctx.split.tensor) * ll(ctx.split.pipeline));
        sh.attendedTokens = ll(s.promptTokens);
        sh.tokens = tokens;
        sh.elementwiseBytes = ctx.layersPerStage() * tokens * elementwiseBytesPerToken(ctx, false);
        if (!s.flashAttention)
            sh.elementwiseBytes += ctx.layersPerStage() * sh.sequences *
                                   unfusedAttentionBytesPerSequence(ctx, ll(s.promptTokens));
    } else if (phase == RooflinePhase::Decode) {
        sh.stageCount = ll(ctx.split.pipeline);
        sh.context = ll(s.promptTokens) + ll(s.outputTokens) / 2.0;
        const PhaseParts parts = decodeWork(ctx, su.report.memory).parts; // experts touched by the batch
        sh.streamedWeights = parts.weightBytes;
        sh.expertFlops = parts.expertFlops;
        sh.expertWeightBytes = parts.expertWeightBytes;
        sh.moeCalls = parts.moeCalls;
        sh.hiddenBytes = sh.sequences * ll(a.hidden) * act;
        sh.tokens = sh.sequences;
        sh.elementwiseBytes = ctx.layersPerStage() * sh.sequences * elementwiseBytesPerToken(ctx, false);
        const double state = su.report.memory.perDevice.recurrentStateBytes;
        sh.kvStreamBytes = kvCacheBytesPerDevice(ctx, sh.sequences, sh.context) + state +
                           sh.sequences * a.kvBytesPerNewToken(bytesPerElement(s.kvCache)) *
                               ctx.kvShardFraction() / ll(ctx.split.pipeline) +
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

MessageId phaseTimeTitle(RooflinePhase phase)
{
    switch (phase) {
    case RooflinePhase::Prefill:
        return LHE_TEXT("Explanation", "Time to first token");
    case RooflinePhase::Decode:
        return LHE_TEXT("Explanation", "Time per output token");
    default:
        return LHE_TEXT("Explanation", "Step time");
    }
}

Explanation flopsExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const PhaseShape sh = shapeOf(su, phase);
    Builder b(LHE_TEXT("Explanation", "FLOPs per device"), U::Flops,
              "Kaplan et al. 2020 Table 1 (2·N per token, attention 2·h·(d_qk + d_v) per position)");
    b.term("matmul_params", LHE_TEXT("Explanation", "Active matmul parameters"), a.matmulParamsActive(),
           U::Parameters);
    tensorTerm(b, su);
    pipelineTerm(b, su);
    if (phase == RooflinePhase::Prefill) {
        b.term("tokens", LHE_TEXT("Explanation", "Prompt tokens per replica"),
               sh.sequences * ll(s.promptTokens), U::Tokens);
        b.term("sequences", LHE_TEXT("Explanation", "Sequences per replica"), sh.sequences, U::Count);
        b.term("attention_flops", LHE_TEXT("Explanation", "Causal attention FLOPs per sequence"),
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula(
            "(2 × {matmul_params} × {tokens} + {sequences} × {attention_flops}) ÷ ({tensor} × {pipeline})");
    } else if (phase == RooflinePhase::Decode) {
        b.term("sequences", LHE_TEXT("Explanation", "Sequences per replica"), sh.sequences, U::Count);
        b.term("attention_flops", LHE_TEXT("Explanation", "Attention FLOPs per token at the mean context"),
               a.mixerFlopsPerToken(sh.context), U::Flops);
        b.formula("(2 × {matmul_params} × {sequences} + {sequences} × {attention_flops}) ÷ ({tensor} × "
                  "{pipeline})");
        b.note(LHE_TEXT("Explanation", "One decode step at the mean context, prompt + output ÷ 2."));
    } else if (su.ctx.adapterTraining()) {
        // phase_model.cpp trainingFlopsPerDevice: the frozen base computes dX but no dW in the
        // backward pass, 2·N per token instead of 4·N (Kaplan et al. 2020 §2.1 counts both); the
        // adapters and attention run forward and both gradients (Hu et al. 2021 §4.1).
        const double m = ll(su.microBatches);
        const double micro = ll(s.training.microBatch);
        const double recompute = s.training.recompute == Recompute::Full ? 1.0 : 0.0;
        b.term(
            "base_passes",
            LHE_TEXT(
                "Explanation",
                "Frozen-base passes (forward + backward for the inputs only, + 1 with full recomputation)"),
            2.0 + recompute, U::Number);
        b.term("adapter_passes",
               LHE_TEXT("Explanation",
                        "Adapter and attention passes (forward + 2 × backward, + 1 with full recomputation)"),
               3.0 + recompute, U::Number);
        b.term("adapter_active", LHE_TEXT("Explanation", "Adapter parameters a token passes through"),
               su.ctx.adapterCounts().trainableActive, U::Parameters);
        b.term("tokens", LHE_TEXT("Explanation", "Tokens per replica per step"),
               m * micro * ll(s.promptTokens), U::Tokens);
        b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), m, U::Count);
        b.term("micro_batch", LHE_TEXT("Explanation", "Micro-batch"), micro, U::Count);
        b.term("attention_flops", LHE_TEXT("Explanation", "Causal attention FLOPs per sequence"),
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula(
            "({base_passes} × 2 × {matmul_params} × {tokens} + {adapter_passes} × (2 × {adapter_active} × "
            "{tokens} + {micro_batches} × {micro_batch} × {attention_flops})) ÷ ({tensor} × {pipeline})");
        b.note(LHE_TEXT(
            "Explanation",
            "The frozen base needs no weight gradients: its backward pass computes only the input gradients, "
            "2·N per token, so backward costs about the forward instead of twice it."));
        if (s.training.recompute == Recompute::Full)
            b.note(LHE_TEXT("Explanation", "Full recomputation runs the forward pass once more."));
    } else {
        const double m = ll(su.microBatches);
        const double micro = ll(s.training.microBatch);
        b.term("passes",
               LHE_TEXT("Explanation",
                        "Forward-pass equivalents (forward + 2 × backward, + 1 with full recomputation)"),
               s.training.recompute == Recompute::Full ? 4.0 : 3.0, U::Number);
        b.term("tokens", LHE_TEXT("Explanation", "Tokens per replica per step"),
               m * micro * ll(s.promptTokens), U::Tokens);
        b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), m, U::Count);
        b.term("micro_batch", LHE_TEXT("Explanation", "Micro-batch"), micro, U::Count);
        b.term("attention_flops", LHE_TEXT("Explanation", "Causal attention FLOPs per sequence"),
               a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
        b.formula("{passes} × (2 × {matmul_params} × {tokens} + {micro_batches} × {micro_batch} × "
                  "{attention_flops}) "
                  "÷ ({tensor} × {pipeline})");
        b.note(LHE_TEXT("Explanation",
                        "Backward costs twice the forward pass (Kaplan et al. 2020 §2.1: 6·N per token)."));
    }
    if (a.isMoe())
        b.note(
            LHE_TEXT("Explanation",
                     "Mixture of experts: only the routed experts a token uses count as active parameters."));
    return b.done(pe.flops);
}

Explanation bytesExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    const auto& ctx = su.ctx;
    const PhaseShape sh = shapeOf(su, phase);
    const double live = liveTensorBytesPerToken(ctx);
    Builder b(LHE_TEXT("Explanation", "Bytes moved per device"), U::Bytes,
              "Roofline model (Williams et al. 2009): bytes that cross device memory; weights once per pass, "
              "KV cache per sequence");
    const double weights = su.report.memory.perDevice.weightsBytes;
    if (phase == RooflinePhase::Prefill) {
        const double prompt = ll(s.promptTokens);
        const double tokens = sh.sequences * prompt;
        const double activationTraffic = 2.0 * ctx.layersPerStage() * tokens * live;
        if (a.isMoe()) {
            b.term("weights", LHE_TEXT("Explanation", "Weights read (the experts the tokens touch)"),
                   sh.streamedWeights / sh.passes, U::Bytes);
            b.note(LHE_TEXT("Explanation", "Mixture of experts: experts no token of a pass chose are not "
                                           "read, E·(1 − (1 − k/E)^tokens) of E are touched under uniform "
                                           "routing."));
        } else {
            b.term("weights", LHE_TEXT("Explanation", "Weights"), weights, U::Bytes);
        }
        b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), sh.passes, U::Count);
        b.term("kv_written", LHE_TEXT("Explanation", "KV cache written"),
               kvCacheBytesPerDevice(ctx, sh.sequences, prompt), U::Bytes);
        b.term("activation_traffic", LHE_TEXT("Explanation", "Activations written and read back"),
               activationTraffic, U::Bytes);
        b.term("elementwise",
               LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
               sh.elementwiseBytes, U::Bytes);
        b.formula("{weights} × {passes} + {kv_written} + {activation_traffic} + {elementwise}");
        b.note(LHE_TEXT(
            "Explanation",
            "Weights are read once per prefill pass; each layer's live tensors go out to memory and back."));
    } else if (phase == RooflinePhase::Decode) {
        b.term("weights_read", LHE_TEXT("Explanation", "Weights read"), sh.streamedWeights, U::Bytes);
        b.term("kv_read", LHE_TEXT("Explanation", "KV cache read"),
               kvCacheBytesPerDevice(ctx, sh.sequences, sh.context), U::Bytes);
        b.term("kv_write", LHE_TEXT("Explanation", "KV cache written (one token)"),
               sh.sequences * a.kvBytesPerNewToken(bytesPerElement(s.kvCache)) * ctx.kvShardFraction() /
                   ll(ctx.split.pipeline),
               U::Bytes);
        b.term("activation_traffic", LHE_TEXT("Explanation", "Activations written and read back"),
               2.0 * ctx.layersPerStage() * sh.sequences * live, U::Bytes);
        b.term("elementwise",
               LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
               sh.elementwiseBytes, U::Bytes);
        const double state = su.report.memory.perDevice.recurrentStateBytes;
        if (state > 0) {
            b.term("state", LHE_TEXT("Explanation", "Recurrent state"), state, U::Bytes);
            b.formula("{weights_read} + {kv_read} + {kv_write} + 2 × {state} + {activation_traffic} + "
                      "{elementwise}");
            b.note(LHE_TEXT(
                "Explanation",
                "Linear-attention and state-space layers read and rewrite their whole state every step."));
        } else {
            b.formula("{weights_read} + {kv_read} + {kv_write} + {activation_traffic} + {elementwise}");
        }
        b.note(LHE_TEXT("Explanation", "Every resident weight is read once per step."));
        if (a.isMoe())
            b.note(LHE_TEXT("Explanation", "Mixture of experts: experts no token of the batch chose are not "
                                           "read, E·(1 − (1 − k/E)^b) of E "
                                           "are touched under uniform routing."));
    } else if (ctx.adapterTraining()) {
        // phase_model.cpp trainingTrafficPerMicroBatch: the frozen base is read forward and
        // backward (dX only) and accumulates no gradients; QLoRA's GEMMs read the 16-bit copy the
        // dequantization wrote, and the dequantization itself is an element-wise pass.
        const auto& tr = s.training;
        const auto& mem = su.report.memory.perDevice;
        const double micro = ll(tr.microBatch);
        const double seq = ll(s.promptTokens);
        const bool qlora = tr.method == TrainingMethod::Qlora;
        b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), ll(su.microBatches),
               U::Count);
        b.term("base_params", LHE_TEXT("Explanation", "Base parameters of the model shard (frozen)"),
               paramsPerDevice(ctx) + visionParamsPerDevice(ctx), U::Parameters);
        b.term("gemm_bytes",
               qlora ? LHE_TEXT("Explanation",
                                "Bytes per base weight the GEMMs read (the dequantized 16-bit copy)")
                     : LHE_TEXT("Explanation", "Bytes per weight"),
               qlora ? 2.0 : bytesPerElement(s.weights), U::BytesPerElement);
        b.term("stored_activations", LHE_TEXT("Explanation", "Stored activations of one micro-batch"),
               (trainingActivationBytesPerLayer(ctx, micro, seq) +
                adapterActivationBytesPerLayer(ctx, micro, seq)) *
                   ctx.layersPerStage(),
               U::Bytes);
        b.term("elementwise",
               LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
               sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
        b.term("adapters", LHE_TEXT("Explanation", "Adapters (weights, gradients, optimizer states)"),
               mem.adaptersBytes, U::Bytes);
        std::string f =
            "{micro_batches} × (2 × {base_params} × {gemm_bytes} + 2 × {stored_activations}) + {elementwise}";
        if (qlora) {
            b.term("dequant",
                   LHE_TEXT("Explanation", "Dequantization of the base weights (read 4 / 8 bits, write 16)"),
                   sh.dequantBytes, U::Bytes);
            f += " + {dequant}";
            b.note(LHE_TEXT(
                "Explanation",
                "QLoRA dequantizes every base weight to 16 bits before each pass that multiplies by it: "
                "forward, backward and any recomputed forward."));
        }
        b.formula(f + " + 2 × {adapters}");
        b.note(LHE_TEXT(
            "Explanation",
            "Per micro-batch: the frozen base read in forward and backward, no weight gradients; stored "
            "activations written then read; the optimizer pass reads and writes the adapters' state only."));
    } else {
        const double fullWeights =
            (paramsPerDevice(ctx) + visionParamsPerDevice(ctx)) * bytesPerElement(s.weights);
        const auto& mem = su.report.memory.perDevice;
        b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), ll(su.microBatches),
               U::Count);
        b.term("full_weights", LHE_TEXT("Explanation", "Weights of the model shard"), fullWeights, U::Bytes);
        b.term("stored_activations", LHE_TEXT("Explanation", "Stored activations of one micro-batch"),
               trainingActivationBytesPerLayer(ctx, ll(s.training.microBatch), ll(s.promptTokens)) *
                   ctx.layersPerStage(),
               U::Bytes);
        b.term("weights", LHE_TEXT("Explanation", "Weights"), mem.weightsBytes, U::Bytes);
        b.term("gradients", LHE_TEXT("Explanation", "Gradients"), mem.gradientsBytes, U::Bytes);
        b.term("optimizer", LHE_TEXT("Explanation", "Optimizer states"), mem.optimizerStatesBytes, U::Bytes);
        b.term("elementwise",
               LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
               sh.elementwiseBytes, U::Bytes);
        b.formula("{micro_batches} × (3 × {full_weights} + 2 × {full_weights} + 2 × {stored_activations}) + "
                  "{elementwise} + 2 × ({weights} + {gradients} + {optimizer})");
        b.note(LHE_TEXT(
            "Explanation",
            "Per micro-batch: weights read in forward and backward, gradients accumulated, stored "
            "activations "
            "written then read; the element-wise passes of forward and backward; one optimizer pass reading "
            "and writing every state."));
    }
    return b.done(pe.bytes);
}

Explanation computeTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    Builder b(LHE_TEXT("Explanation", "Compute time"), U::Seconds,
              "Roofline model (Williams et al. 2009); efficiency: " + std::string(ctx.eff.computeSource));
    const PhaseShape sh = shapeOf(su, phase);
    b.term("flops", LHE_TEXT("Explanation", "FLOPs per device"), pe.flops, U::Flops);
    b.term("peak", LHE_TEXT("Explanation", "Peak compute"), ctx.peakFlopsPerSecond, U::FlopsPerSecond);
    b.term("compute_eff", LHE_TEXT("Explanation", "Compute efficiency (achieved fraction of peak)"),
           ctx.eff.compute, U::Fraction);
    // The routed experts run in kernels of their own (expertTimeExplanation).
    const std::string experts = sh.expertFlops > 0 ? " − {expert_flops}" : "";
    if (sh.expertFlops > 0)
        b.term("expert_flops",
               LHE_TEXT("Explanation", "Routed experts' FLOPs per device (their own kernels)"),
               sh.expertFlops, U::Flops);
    std::string work = experts.empty() ? "{flops} ÷ ({peak} × {compute_eff})"
                                       : "({flops}" + experts + ") ÷ ({peak} × {compute_eff})";
    if (sh.attentionFlops > 0) {
        b.term("attention_flops", LHE_TEXT("Explanation", "Attention FLOPs per device"), sh.attentionFlops,
               U::Flops);
        b.term("attention_eff", LHE_TEXT("Explanation", "Attention kernel efficiency"),
               attentionEfficiency(ctx, sh.attendedTokens), U::Fraction);
        work = "({flops} − {attention_flops}" + experts +
               ") ÷ ({peak} × {compute_eff}) + {attention_flops} ÷ ({peak} × {attention_eff})";
        if (ctx.eff.attention < 1.0)
            b.note(LHE_TEXT(
                "Explanation",
                "Attention kernels run below the GEMM rate, more so on short sequences and small heads "
                "(FlashAttention-2, Dao 2023 §4.1; FlashAttention-3, Shah et al. 2024)."));
    }
    if (phase == RooflinePhase::TrainingStep) {
        const double m = ll(su.microBatches);
        const double p = ll(ctx.split.pipeline);
        b.term("bubble_stretch", LHE_TEXT("Explanation", "Pipeline bubble stretch ((m + p − 1) ÷ m)"),
               sh.bubbleStretch, U::Number);
        b.formula("(" + work + ") × {bubble_stretch}");
        if (p > 1)
            b.note(LHE_TEXT(
                "Explanation",
                "The pipeline bubble idles (p − 1) ÷ (m + p − 1) of the step (Narayanan et al. 2021 §2.2)."));
        (void)m;
    } else {
        b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
        b.formula("{stages} × (" + work + ")");
        if (sh.stageCount > 1)
            b.note(LHE_TEXT("Explanation", "One request passes the pipeline stages one after another."));
    }
    return b.done(pe.breakdown.computeSeconds);
}

Explanation memoryTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    Builder b(LHE_TEXT("Explanation", "Memory time"), U::Seconds,
              "Roofline model (Williams et al. 2009); efficiency: " + std::string(ctx.eff.memorySource));
    const PhaseShape sh = shapeOf(su, phase);
    b.term("bytes", LHE_TEXT("Explanation", "Bytes moved per device"), pe.bytes, U::Bytes);
    // QLoRA's dequantization is a term of its own (sh.dequantBytes, 0 otherwise).
    b.term("elementwise", LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
           sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
    b.term("bandwidth", LHE_TEXT("Explanation", "Memory bandwidth"), su.device.memoryBandwidthBytesPerSecond,
           U::BytesPerSecond);
    b.term("memory_eff", LHE_TEXT("Explanation", "Memory efficiency (achieved fraction of bandwidth)"),
           ctx.eff.memory, U::Fraction);
    b.note(LHE_TEXT(
        "Explanation",
        "The element-wise passes run between the GEMMs, not beside them: they are the non-GEMM time."));
    if (sh.kvStreamBytes > 0) {
        b.term("kv_stream",
               LHE_TEXT("Explanation", "KV cache and state read and written by the attention kernels"),
               sh.kvStreamBytes, U::Bytes);
        b.note(LHE_TEXT("Explanation", "Decode attention reads the KV cache in kernels of its own, between "
                                       "the GEMMs: non-GEMM time too."));
    }
    if (phase == RooflinePhase::TrainingStep) {
        b.term("optimizer_traffic", LHE_TEXT("Explanation", "Optimizer step traffic"), sh.optimizerBytes,
               U::Bytes);
        if (sh.dequantBytes > 0) {
            b.term("dequant",
                   LHE_TEXT("Explanation", "Dequantization of the base weights (read 4 / 8 bits, write 16)"),
                   sh.dequantBytes, U::Bytes);
            b.formula(
                "({bytes} − {elementwise} − {dequant} − {optimizer_traffic}) ÷ ({bandwidth} × {memory_eff})");
            b.note(LHE_TEXT(
                "Explanation",
                "QLoRA's dequantization runs in kernels of its own before each GEMM: non-GEMM time too."));
        } else {
            b.formula("({bytes} − {elementwise} − {optimizer_traffic}) ÷ ({bandwidth} × {memory_eff})");
        }
    } else {
        b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
        if (sh.expertWeightBytes > 0)
            b.term("expert_bytes",
                   LHE_TEXT("Explanation", "Routed experts' weights read (their own kernels)"),
                   sh.expertWeightBytes, U::Bytes);
        const std::string experts = sh.expertWeightBytes > 0 ? " − {expert_bytes}" : "";
        if (ctx.eff.quantizedWeights != 1.0) {
            b.term("weight_traffic", LHE_TEXT("Explanation", "Weight bytes streamed"), sh.streamedWeights,
                   U::Bytes);
            b.term("quant_eff", LHE_TEXT("Explanation", "Quantised-weight streaming factor"),
                   ctx.eff.quantizedWeights, U::Fraction);
            b.formula(std::string("{stages} × ({bytes} − {elementwise}") +
                      (sh.kvStreamBytes > 0 ? " − {kv_stream}" : "") +
                      " − {weight_traffic} + ({weight_traffic}" + experts +
                      ") ÷ {quant_eff}) ÷ ({bandwidth} × {memory_eff})");
            b.note(LHE_TEXT(
                "Explanation",
                "Block-quantised weights dequantise on the fly and stream below the full memory rate."));
        } else {
            b.formula(std::string("{stages} × ({bytes} − {elementwise}") +
                      (sh.kvStreamBytes > 0 ? " − {kv_stream}" : "") + experts +
                      ") ÷ ({bandwidth} × {memory_eff})");
        }
    }
    return b.done(pe.breakdown.memorySeconds);
}

// phase_model.cpp finishPhase: the fused MoE kernels after the layer's other GEMMs (METHOD §4.13).
Explanation expertTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    const PhaseShape sh = shapeOf(su, phase);
    if (phase == RooflinePhase::TrainingStep || sh.moeCalls <= 0)
        return {};
    Builder b(LHE_TEXT("Explanation", "Routed experts (fused MoE kernels)"), U::Seconds,
              "Fused MoE kernel times measured per GPU and format, t0 + W ÷ B + F ÷ (e · peak) "
              "(ai-dynamo/aiconfigurator @095f58a moe_perf tables); imbalance: TensorRT-LLM tech blog 4 "
              "Table 1, vLLM EPLB");
    b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
    b.term("calls", LHE_TEXT("Explanation", "Fused MoE kernel calls per device"), sh.moeCalls, U::Count);
    b.term("call_seconds", LHE_TEXT("Explanation", "Fixed time per call"), ctx.eff.moeCallSeconds,
           U::Seconds);
    b.term("expert_bytes", LHE_TEXT("Explanation", "Routed experts' weights read"), sh.expertWeightBytes,
           U::Bytes);
    b.term("bandwidth", LHE_TEXT("Explanation", "Memory bandwidth"), su.device.memoryBandwidthBytesPerSecond,
           U::BytesPerSecond);
    b.term("memory_eff", LHE_TEXT("Explanation", "Memory efficiency (achieved fraction of bandwidth)"),
           ctx.eff.memory, U::Fraction);
    b.term("quant_eff", LHE_TEXT("Explanation", "Quantised-weight streaming factor"),
           ctx.eff.quantizedWeights, U::Fraction);
    b.term("expert_flops", LHE_TEXT("Explanation", "Routed experts' FLOPs per device"), sh.expertFlops,
           U::Flops);
    b.term("imbalance", LHE_TEXT("Explanation", "Busiest expert rank's tokens over the mean"),
           expertImbalance(ctx), U::Number);
    b.term("peak", LHE_TEXT("Explanation", "Peak compute"), ctx.peakFlopsPerSecond, U::FlopsPerSecond);
    b.term("compute_eff", LHE_TEXT("Explanation", "Compute efficiency (achieved fraction of peak)"),
           ctx.eff.compute, U::Fraction);
    b.term("moe_eff", LHE_TEXT("Explanation", "Fused MoE rate over the large-GEMM rate"), ctx.eff.fusedMoe,
           U::Fraction);
    b.formula("{stages} × ({calls} × {call_seconds} + {expert_bytes} ÷ ({bandwidth} × {memory_eff} × "
              "{quant_eff}) + {expert_flops} × {imbalance} ÷ ({peak} × {compute_eff} × {moe_eff}))");
    b.note(LHE_TEXT("Explanation",
                    "The routed experts run after the layer's other GEMMs, in kernels of their "
                    "own: their time adds. Every expert-parallel rank waits for the busiest."));
    return b.done(pe.breakdown.expertSeconds());
}

// The element-wise traffic per token and layer (kernel_costs.cpp elementwiseBytesPerToken).
Explanation elementwiseBytesExplanation(const Setup& su, RooflinePhase phase)
{
    const auto& ctx = su.ctx;
    const auto& a = su.arch;
    const bool sequenceParallel =
        phase == RooflinePhase::TrainingStep && su.s().training.sequenceParallel && ctx.split.tensor > 1;
    Builder b(
        LHE_TEXT("Explanation", "Element-wise bytes per token per layer"), U::Bytes,
        "Ivanov et al. 2021 (Data Movement Is All You Need, MLSys) Table 1: normalisation and element-wise "
        "operators, 0.2 % of a layer's FLOPs, 39 % of its PyTorch training time");
    b.term("hidden", LHE_TEXT("Explanation", "Hidden size"), ll(a.hidden), U::Count);
    b.term("tensor", LHE_TEXT("Explanation", "Tensor-parallel degree"), ll(ctx.split.tensor), U::Count);
    b.term("heads", LHE_TEXT("Explanation", "Query heads"), ll(a.heads), U::Count);
    b.term("kv_heads", LHE_TEXT("Explanation", "KV heads"), ll(a.kvHeads), U::Count);
    b.term("head_dim", LHE_TEXT("Explanation", "Head dimension"), ll(a.headDim), U::Count);
    b.term("ffn", LHE_TEXT("Explanation", "Active FFN width"), a.activeFfnWidth(), U::Count);
    b.term("act_bytes", LHE_TEXT("Explanation", "Bytes per activation element"),
           bytesPerElement(su.s().activations), U::Bytes);
    std::string f =
        std::string(sequenceParallel ? "(10 × {hidden} ÷ {tensor}" : "(10 × {hidden}") +
        " + 2 × ({heads} + {kv_heads}) × {head_dim} ÷ {tensor} + 3 × {ffn} ÷ {tensor}) × {act_bytes}";
    if (const double narrow = gemmInputCastBytesPerElement(ctx); narrow > 0) {
        b.term("narrow_bytes", LHE_TEXT("Explanation", "Bytes per element of the GEMM format"), narrow,
               U::Bytes);
        f += " + (2 × {hidden} + ({heads} × {head_dim} + {ffn}) ÷ {tensor}) × ({act_bytes} + {narrow_bytes})";
        b.note(
            LHE_TEXT("Explanation",
                     "The GEMMs run in a narrower format than the activations: each GEMM input is cast "
                     "first, one pass "
                     "reading it and writing the narrow copy (Micikevicius et al. 2022, FP8 formats §4)."));
    }
    b.formula(f);
    b.note(LHE_TEXT(
        "Explanation",
        "Two norms (read and write d) and two residual adds (read 2d, write d): 10 d; RoPE reads and writes "
        "queries and keys; the gated activation reads gate and up and writes their product: 3 f."));
    if (sequenceParallel)
        b.note(
            LHE_TEXT("Explanation",
                     "Sequence parallelism splits the norms and residuals over the tensor-parallel ranks."));
    return b.done(elementwiseBytesPerToken(ctx, sequenceParallel));
}

Explanation nonGemmExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& ctx = su.ctx;
    const PhaseShape sh = shapeOf(su, phase);
    Builder b(LHE_TEXT("Explanation", "Non-GEMM time"), U::Seconds,
              "Memory-bound passes between the GEMMs (Ivanov et al. 2021, Data Movement Is All You Need); "
              "optimizer step: one pass over every state");
    // QLoRA's dequantization is a term of its own (sh.dequantBytes, 0 otherwise).
    b.term("elementwise", LHE_TEXT("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
           sh.elementwiseBytes - sh.dequantBytes, U::Bytes);
    b.term("bandwidth", LHE_TEXT("Explanation", "Memory bandwidth"), su.device.memoryBandwidthBytesPerSecond,
           U::BytesPerSecond);
    b.term("pass_eff", LHE_TEXT("Explanation", "Element-wise pass efficiency (STREAM fraction of bandwidth)"),
           ctx.eff.elementwise, U::Fraction);
    if (phase == RooflinePhase::TrainingStep) {
        b.term("bubble_stretch", LHE_TEXT("Explanation", "Pipeline bubble stretch ((m + p − 1) ÷ m)"),
               sh.bubbleStretch, U::Number);
        b.term("optimizer_traffic", LHE_TEXT("Explanation", "Optimizer step traffic"), sh.optimizerBytes,
               U::Bytes);
        std::string passes = "{elementwise}";
        if (sh.dequantBytes > 0) {
            b.term("dequant",
                   LHE_TEXT("Explanation", "Dequantization of the base weights (read 4 / 8 bits, write 16)"),
                   sh.dequantBytes, U::Bytes);
            passes = "({elementwise} + {dequant})";
            b.note(LHE_TEXT(
                "Explanation",
                "QLoRA dequantizes every base weight to 16 bits before each pass that multiplies by it: "
                "forward, backward and any recomputed forward."));
        }
        b.formula(passes + " ÷ ({bandwidth} × {pass_eff}) × {bubble_stretch} + {optimizer_traffic} ÷ "
                           "({bandwidth} × {pass_eff})");
        if (ctx.adapterTraining())
            b.note(LHE_TEXT(
                "Explanation",
                "Forward, backward (twice the forward's traffic) and any recomputed forward; then the "
                "optimizer reads and writes the adapters' weights, gradients and optimizer states once."));
        else
            b.note(LHE_TEXT(
                "Explanation",
                "Forward, backward (twice the forward's traffic) and any recomputed forward; then the "
                "optimizer reads and writes weights, gradients and optimizer states once."));
    } else {
        b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
        if (sh.kvStreamBytes > 0) {
            b.term("kv_stream",
                   LHE_TEXT("Explanation", "KV cache and state read and written by the attention kernels"),
                   sh.kvStreamBytes, U::Bytes);
            b.term("memory_eff",
                   LHE_TEXT("Explanation", "Memory efficiency (achieved fraction of bandwidth)"),
                   ctx.eff.memory, U::Fraction);
            b.formula("{stages} × ({elementwise} ÷ ({bandwidth} × {pass_eff}) + {kv_stream} ÷ ({bandwidth} × "
                      "{memory_eff}))");
            b.note(
                LHE_TEXT("Explanation",
                         "Decode attention (FlashDecoding / PagedAttention) reads the KV cache in kernels of "
                         "its own: at a "
                         "large batch that time adds to compute-bound GEMMs instead of hiding under them."));
        } else {
            b.formula("{stages} × {elementwise} ÷ ({bandwidth} × {pass_eff})");
        }
    }
    b.note(LHE_TEXT(
        "Explanation",
        "These passes run at memory bandwidth between the GEMMs and do not overlap them; when they are the "
        "largest term the phase is memory-bound."));
    return b.done(pe.breakdown.nonGemmSeconds);
}

} // namespace explain_detail

using namespace explain_detail;

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
        MessageId bytesLabel = LHE_TEXT("Explanation", "Bytes moved per device");
        MessageId bandwidthLabel = LHE_TEXT("Explanation", "Memory bandwidth");
        switch (pe.pointResource) {
        case RooflineResource::DeviceMemory:
            break;
        case RooflineResource::Interconnect:
            bandwidth = interconnectLineBytesPerSecond(d);
            bytes = pe.interconnectBytes;
            bytesLabel = LHE_TEXT("Explanation", "Bytes on the interconnect per device");
            bandwidthLabel = LHE_TEXT("Explanation", "Interconnect line rate");
            break;
        case RooflineResource::HostLink:
            bandwidth = d.hostLinkBytesPerSecond;
            bytes = pe.hostLinkBytes;
            bytesLabel = LHE_TEXT("Explanation", "Bytes over the host link per device");
            bandwidthLabel = LHE_TEXT("Explanation", "Host link");
            break;
        case RooflineResource::Disk:
            bandwidth = std::min(d.diskBytesPerSecond, d.hostLinkBytesPerSecond);
            bytes = pe.diskBytes;
            bytesLabel = LHE_TEXT("Explanation", "Bytes read from disk per device");
            bandwidthLabel = LHE_TEXT("Explanation", "Disk read rate (capped by the host link)");
            break;
        }
        Builder i(LHE_TEXT("Explanation", "Intensity of the bounding resource"), U::FlopsPerByte,
                  "Roofline model (Williams et al. 2009)");
        i.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
        i.term("flops", LHE_TEXT("Explanation", "FLOPs per device"), pe.flops, U::Flops);
        i.term("resource_bytes", bytesLabel, bytes, U::Bytes);
        i.note(LHE_TEXT(
            "Explanation",
            "A point sits under the roof of the resource that bounds it only when its intensity counts that "
            "resource's bytes."));
        out.push_back(i.formula("{stages} × {flops} ÷ {resource_bytes}").done(pe.pointIntensity));
        Builder b(LHE_TEXT("Explanation", "Roof at this point"), U::FlopsPerSecond,
                  "Roofline model (Williams et al. 2009)");
        b.term("peak", LHE_TEXT("Explanation", "Peak compute (dense)"), su.ctx.peakFlopsPerSecond,
               U::FlopsPerSecond);
        b.term("intensity", LHE_TEXT("Explanation", "Intensity of the bounding resource"), pe.pointIntensity,
               U::FlopsPerByte);
        b.term("resource_bw", bandwidthLabel, bandwidth, U::BytesPerSecond);
        b.note(LHE_TEXT("Explanation", "The roof at this intensity: the resource's slope left of its ridge, "
                                       "the compute ceiling right of it."));
        out.push_back(b.formula("min({peak}, {intensity} × {resource_bw})").done(pe.roofFlopsPerSecond));
    }
    const auto achieved = [&](MessageId title, const PhaseEstimate& p, MessageId secondsLabel) {
        Builder b(title, U::FlopsPerSecond, "Roofline model (Williams et al. 2009)");
        b.term("flops", LHE_TEXT("Explanation", "FLOPs per device"), p.flops, U::Flops);
        b.term("seconds", secondsLabel, p.seconds, U::Seconds);
        if (phase == RooflinePhase::TrainingStep)
            return b.formula("{flops} ÷ {seconds}").done(p.achievedFlopsPerSecond);
        b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), sh.stageCount, U::Count);
        if (sh.stageCount > 1)
            b.note(LHE_TEXT(
                "Explanation",
                "Each device runs its stage's FLOPs while the phase passes all stages: the point counts "
                "stages × FLOPs over the phase time."));
        return b.formula("{stages} × {flops} ÷ {seconds}").done(p.achievedFlopsPerSecond);
    };
    out.push_back(
        achieved(LHE_TEXT("Explanation", "Achieved performance"), pe, LHE_TEXT("Explanation", "Phase time")));
    if (reportPhase(report, phase, true)) {
        Explanation e =
            achieved(LHE_TEXT("Explanation", "Ideal roofline performance"), phaseOf(su, su.ideal, phase),
                     LHE_TEXT("Explanation", "Phase time at datasheet peaks"));
        e.notes.emplace_back(
            LHE_TEXT(
                "Explanation",
                "Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated "
                "estimate.")
                .text);
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace lhe::core
