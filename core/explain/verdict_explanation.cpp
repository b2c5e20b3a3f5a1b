// The verdict card: how the time terms combine, which one bounds the phase, and the card's
// figures (time to first token, tokens/s, MFU, days to train) (docs/METHOD.md §4.8-4.11).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace lhe::core {

namespace explain_detail {

// How the terms combine into the phase time (phase_model.cpp finishPhase / trainingStep).
Explanation totalTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                 const PhaseEstimate& pe, MessageId title)
{
    const auto& bd = pe.breakdown;
    Builder b(title, U::Seconds,
              "Roofline model (Williams et al. 2009): compute and memory overlap; "
              "communication, kernel latency, offload and non-GEMM passes add");
    b.term("compute_seconds", LHE_TEXT("Explanation", "Compute time"), bd.computeSeconds, U::Seconds);
    b.term("memory_seconds", LHE_TEXT("Explanation", "Memory time"), bd.memorySeconds, U::Seconds);
    b.term("offload_seconds", LHE_TEXT("Explanation", "Offload time"), bd.offloadSeconds, U::Seconds);
    b.term("non_gemm_seconds", LHE_TEXT("Explanation", "Non-GEMM time"), bd.nonGemmSeconds, U::Seconds);
    if (phase == RooflinePhase::TrainingStep) {
        double tp = 0, pp = 0, ep = 0, dp = 0;
        for (const auto& part : communicationParts(su, ctx, phase, pe)) {
            const double v = part.explanation.result;
            (part.key == "tp_seconds"   ? tp
             : part.key == "pp_seconds" ? pp
             : part.key == "ep_seconds" ? ep
                                        : dp) = v;
        }
        b.term("tp_seconds", LHE_TEXT("Explanation", "Tensor-parallel all-reduces"), tp, U::Seconds);
        b.term("pp_seconds", LHE_TEXT("Explanation", "Pipeline sends"), pp, U::Seconds);
        b.term("ep_seconds", LHE_TEXT("Explanation", "Expert all-to-all"), ep, U::Seconds);
        b.term("dp_seconds", LHE_TEXT("Explanation", "Data-parallel gradient all-reduce"), dp, U::Seconds);
        backwardShareTerm(b, su);
        b.formula("max({compute_seconds}, {memory_seconds}) + {tp_seconds} + {pp_seconds} + {ep_seconds} + "
                  "max(0, {dp_seconds} − {compute_seconds} × {backward_share}) + {offload_seconds} + "
                  "{non_gemm_seconds}");
    } else {
        b.term("communication_seconds", LHE_TEXT("Explanation", "Communication time"),
               bd.communicationSeconds, U::Seconds);
        b.term("latency_seconds", LHE_TEXT("Explanation", "Kernel latency"), bd.latencySeconds, U::Seconds);
        std::string formula = "max({compute_seconds}, {memory_seconds}) + {communication_seconds} + "
                              "{latency_seconds} + {offload_seconds} + {non_gemm_seconds}";
        if (bd.expertSeconds() > 0) {
            b.term("expert_seconds", LHE_TEXT("Explanation", "Routed experts (fused MoE kernels)"),
                   bd.expertSeconds(), U::Seconds);
            formula += " + {expert_seconds}";
            b.note(
                LHE_TEXT("Explanation",
                         "The routed experts run in fused MoE kernels after the layer's other GEMMs: their "
                         "time adds (docs/METHOD.md §4.13)."));
        }
        b.formula(formula);
    }
    return b.done(pe.seconds);
}

Explanation boundExplanation(const PhaseEstimate& pe)
{
    const auto& bd = pe.breakdown;
    Builder b(LHE_TEXT("Explanation", "Bound"), U::Seconds, "Roofline model (Williams et al. 2009)");
    b.term("compute_seconds", LHE_TEXT("Explanation", "Compute time"), bd.computeSeconds, U::Seconds);
    b.term("memory_seconds", LHE_TEXT("Explanation", "Memory time"), bd.memorySeconds, U::Seconds);
    b.term("communication_seconds", LHE_TEXT("Explanation", "Communication time"), bd.communicationSeconds,
           U::Seconds);
    b.term("offload_seconds", LHE_TEXT("Explanation", "Offload time"), bd.offloadSeconds, U::Seconds);
    b.term("latency_seconds", LHE_TEXT("Explanation", "Kernel latency"), bd.latencySeconds, U::Seconds);
    b.term("non_gemm_seconds", LHE_TEXT("Explanation", "Non-GEMM time"), bd.nonGemmSeconds, U::Seconds);
    if (bd.expertSeconds() > 0) {
        b.term("expert_compute_seconds", LHE_TEXT("Explanation", "Routed experts: compute"),
               bd.expertComputeSeconds, U::Seconds);
        b.term("expert_memory_seconds", LHE_TEXT("Explanation", "Routed experts: weight reads"),
               bd.expertMemorySeconds, U::Seconds);
        b.term("expert_latency_seconds", LHE_TEXT("Explanation", "Routed experts: fixed time per call"),
               bd.expertLatencySeconds, U::Seconds);
        b.formula("max({compute_seconds} + {expert_compute_seconds}, {memory_seconds} + {non_gemm_seconds} + "
                  "{expert_memory_seconds}, {communication_seconds}, {offload_seconds}, {latency_seconds} + "
                  "{expert_latency_seconds})");
    } else {
        b.formula("max({compute_seconds}, {memory_seconds} + {non_gemm_seconds}, {communication_seconds}, "
                  "{offload_seconds}, {latency_seconds})");
    }
    switch (pe.bound) {
    case Bound::Compute:
        b.note(LHE_TEXT("Explanation", "Compute time is the largest term: compute-bound."));
        break;
    case Bound::Memory:
        b.note(LHE_TEXT(
            "Explanation",
            "Memory time and the non-GEMM passes, both bytes over the device's bandwidth, are the largest "
            "term: memory-bandwidth-bound."));
        break;
    case Bound::Communication:
        b.note(LHE_TEXT("Explanation", "Communication time is the largest term: communication-bound."));
        break;
    case Bound::Offload:
        b.note(LHE_TEXT("Explanation", "Offload time is the largest term: offload-bound."));
        break;
    case Bound::Latency:
        b.note(LHE_TEXT("Explanation", "Kernel latency is the largest term: latency-bound."));
        break;
    }
    b.note(LHE_TEXT(
        "Explanation",
        "The bound is the largest time term; ties go to the earlier one (compute, memory, communication, "
        "offload, latency)."));
    return b.done(pe.breakdown.secondsOf(pe.bound));
}

Explanation intensityExplanation(const PhaseEstimate& pe)
{
    Builder b(LHE_TEXT("Explanation", "Arithmetic intensity"), U::FlopsPerByte,
              "Roofline model (Williams et al. 2009)");
    b.term("flops", LHE_TEXT("Explanation", "FLOPs per device"), pe.flops, U::Flops);
    b.term("bytes", LHE_TEXT("Explanation", "Bytes moved per device"), pe.bytes, U::Bytes);
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

Explanation mfuExplanation(const Setup& su, const PhaseEstimate& step, double result, MessageId title)
{
    const auto& a = su.arch;
    const auto& s = su.s();
    Builder b(title, U::Fraction, "Chowdhery et al. 2022 (PaLM) App. B");
    b.term("matmul_params", LHE_TEXT("Explanation", "Active matmul parameters"), a.matmulParamsActive(),
           U::Parameters);
    b.term("batch", LHE_TEXT("Explanation", "Global batch (sequences)"), ll(s.batch), U::Count);
    b.term("sequence_length", LHE_TEXT("Explanation", "Sequence length"), ll(s.promptTokens), U::Tokens);
    b.term("attention_flops", LHE_TEXT("Explanation", "Causal attention FLOPs per sequence"),
           a.causalMixerFlops(ll(s.promptTokens)), U::Flops);
    b.term("seconds", LHE_TEXT("Explanation", "Step time"), step.seconds, U::Seconds);
    b.term("peak", LHE_TEXT("Explanation", "Peak compute per device"), su.ctx.peakFlopsPerSecond,
           U::FlopsPerSecond);
    b.term("devices", LHE_TEXT("Explanation", "Devices"), ll(s.devices), U::Count);
    if (su.ctx.adapterTraining()) {
        // phase_model.cpp trainingStep: the FLOPs the method needs, without recomputation.
        b.term("adapter_active", LHE_TEXT("Explanation", "Adapter parameters a token passes through"),
               su.ctx.adapterCounts().trainableActive, U::Parameters);
        b.formula(
            "(2 × 2 × {matmul_params} × {batch} × {sequence_length} + 3 × (2 × {adapter_active} × {batch} × "
            "{sequence_length} + {batch} × {attention_flops})) ÷ ({seconds} × {peak} × {devices})");
        b.note(LHE_TEXT(
            "Explanation",
            "Model FLOPs of the method: the frozen base needs no weight gradients, 4·N per token instead of "
            "6·N; the adapters and attention count forward and backward."));
    } else {
        b.formula("3 × (2 × {matmul_params} × {batch} × {sequence_length} + {batch} × {attention_flops}) ÷ "
                  "({seconds} × {peak} × {devices})");
    }
    b.note(LHE_TEXT("Explanation",
                    "Model FLOPs count forward and backward once: recomputation does not raise MFU."));
    return b.done(result);
}

std::vector<Explanation> verdictFigures(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe)
{
    const auto& s = su.s();
    std::vector<Explanation> out;
    if (phase == RooflinePhase::Prefill) {
        Builder b(LHE_TEXT("Explanation", "Prompt tokens/s"), U::TokensPerSecond,
                  "Definition: tokens per second of wall-clock time");
        b.term("batch", LHE_TEXT("Explanation", "Batch (sequences)"), ll(s.batch), U::Count);
        b.term("prompt_tokens", LHE_TEXT("Explanation", "Prompt tokens"), ll(s.promptTokens), U::Tokens);
        b.term("seconds", LHE_TEXT("Explanation", "Time to first token"), pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} × {prompt_tokens} ÷ {seconds}").done(pe.tokensPerSecond));
    } else if (phase == RooflinePhase::Decode) {
        Builder b(LHE_TEXT("Explanation", "Tokens/s (batch)"), U::TokensPerSecond,
                  "Definition: tokens per second of wall-clock time");
        b.term("batch", LHE_TEXT("Explanation", "Batch (sequences)"), ll(s.batch), U::Count);
        b.term("seconds", LHE_TEXT("Explanation", "Time per output token"), pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} ÷ {seconds}").done(pe.tokensPerSecond));
        Builder c(LHE_TEXT("Explanation", "Tokens/s per sequence"), U::TokensPerSecond,
                  "Definition: tokens per second of wall-clock time");
        c.term("seconds", LHE_TEXT("Explanation", "Time per output token"), pe.seconds, U::Seconds);
        out.push_back(c.formula("1 ÷ {seconds}").done(pe.seconds > 0 ? 1.0 / pe.seconds : 0.0));
    } else {
        const TrainingEstimate tr = trainingStep(su.ctx, su.report.memory, su.microBatches);
        Builder b(LHE_TEXT("Explanation", "Tokens/s"), U::TokensPerSecond,
                  "Definition: tokens per second of wall-clock time");
        b.term("batch", LHE_TEXT("Explanation", "Global batch (sequences)"), ll(s.batch), U::Count);
        b.term("sequence_length", LHE_TEXT("Explanation", "Sequence length"), ll(s.promptTokens), U::Tokens);
        b.term("seconds", LHE_TEXT("Explanation", "Step time"), pe.seconds, U::Seconds);
        out.push_back(b.formula("{batch} × {sequence_length} ÷ {seconds}").done(pe.tokensPerSecond));
        out.push_back(mfuExplanation(su, pe, tr.mfu, LHE_TEXT("Explanation", "MFU")));
        Builder d(LHE_TEXT("Explanation", "Days to train"), U::Days,
                  "Definition: training tokens ÷ tokens/s ÷ 86,400 s per day");
        d.term("train_tokens", LHE_TEXT("Explanation", "Training tokens"), s.training.trainTokens, U::Tokens);
        d.term("tokens_per_second", LHE_TEXT("Explanation", "Tokens/s"), pe.tokensPerSecond,
               U::TokensPerSecond);
        out.push_back(d.formula("{train_tokens} ÷ {tokens_per_second} ÷ 86400").done(tr.trainDays));
    }
    return out;
}

} // namespace explain_detail

using namespace explain_detail;

std::vector<Explanation> explainVerdict(const Report& report, const Device& device,
                                        const ModelArchitecture& arch, RooflinePhase phase)
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
    if (pe.breakdown.expertSeconds() > 0)
        out.push_back(expertTimeExplanation(su, phase, pe));
    out.push_back(elementwiseBytesExplanation(su, phase));
    if (reportPhase(report, phase, true)) {
        const PhaseEstimate ip = phaseOf(su, su.ideal, phase);
        Explanation e =
            totalTimeExplanation(su, su.ideal, phase, ip, LHE_TEXT("Explanation", "Ideal roofline time"));
        e.notes.emplace_back(
            LHE_TEXT(
                "Explanation",
                "Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated "
                "estimate.")
                .text);
        out.push_back(std::move(e));
        if (phase == RooflinePhase::TrainingStep)
            out.push_back(mfuExplanation(su, ip, trainingStep(su.ideal, report.memory, su.microBatches).mfu,
                                         LHE_TEXT("Explanation", "Ideal roofline MFU")));
    }
    return out;
}

} // namespace lhe::core
