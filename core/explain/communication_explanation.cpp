// How a phase's communication, offload and latency terms were calculated, each part the
// communication.cpp helper the phase model calls (docs/METHOD.md §5).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace lhe::core {

namespace explain_detail {

// ---- communication ---------------------------------------------------------------------

std::string ringFormula(const std::string& n, const std::string& msg, const std::string& bw,
                        const std::string& lat)
{
    return "(2 × ({" + n + "} − 1) ÷ {" + n + "} × {" + msg + "} ÷ {" + bw + "} + 2 × ({" + n + "} − 1) × {" +
           lat + "})";
}
std::string allToAllFormula(const std::string& n, const std::string& msg, const std::string& bw,
                            const std::string& lat)
{
    return "(({" + n + "} − 1) ÷ {" + n + "} × {" + msg + "} ÷ {" + bw + "} + ({" + n + "} − 1) × {" + lat +
           "})";
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
    const std::string megatron =
        "Megatron-LM (Shoeybi et al. 2019 §3); ring all-reduce (Patarasuk & Yuan 2009)";

    if (t > 1) {
        const Link link = linkForGroup(ctx, t);
        Builder b(LHE_TEXT("Explanation", "Tensor-parallel all-reduces"), U::Seconds, megatron);
        b.term("tensor", LHE_TEXT("Explanation", "Tensor-parallel degree"), t, U::Count);
        b.term("tp_message", LHE_TEXT("Explanation", "Message per all-reduce (tokens × hidden × B)"), message,
               U::Bytes);
        b.term("tp_bw", LHE_TEXT("Explanation", "All-reduce bandwidth (link × efficiency)"),
               link.allReduceBytesPerSecond, U::BytesPerSecond);
        b.term("tp_latency", LHE_TEXT("Explanation", "Latency per ring step"), link.latencySeconds,
               U::Seconds);
        double seconds;
        if (training) {
            b.term("layers_per_stage", LHE_TEXT("Explanation", "Layers per pipeline stage"),
                   ctx.layersPerStage(), U::Count);
            b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), m, U::Count);
            b.term("bubble_stretch", LHE_TEXT("Explanation", "Pipeline bubble stretch ((m + p − 1) ÷ m)"),
                   bubble, U::Number);
            b.formula("4 × {layers_per_stage} × {micro_batches} × " +
                      ringFormula("tensor", "tp_message", "tp_bw", "tp_latency") + " × {bubble_stretch}");
            b.note(LHE_TEXT("Explanation", "Two all-reduces per layer forward and two backward."));
            seconds = 4.0 * ctx.layersPerStage() * m * ringAllReduceSeconds(message, t, link) * bubble;
        } else {
            b.term("layers", LHE_TEXT("Explanation", "Layers"), ll(a.layers), U::Count);
            b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "2 × {layers} × {passes} × "
                                                                  : "2 × {layers} × ") +
                      ringFormula("tensor", "tp_message", "tp_bw", "tp_latency"));
            b.note(LHE_TEXT("Explanation", "Two all-reduces per layer (after attention and after the FFN)."));
            seconds = 2.0 * ll(a.layers) * passes * ringAllReduceSeconds(message, t, link);
        }
        parts.push_back({"tp_seconds", b.done(seconds)});
    }
    if (p > 1) {
        const Link link = linkForGroup(ctx, t * p);
        Builder b(LHE_TEXT("Explanation", "Pipeline sends"), U::Seconds,
                  "Pipeline parallelism (Narayanan et al. 2021)");
        b.term("pp_message", LHE_TEXT("Explanation", "Activations sent per boundary"), message, U::Bytes);
        b.term("pp_bw", LHE_TEXT("Explanation", "Link bandwidth (× efficiency)"), link.bytesPerSecond,
               U::BytesPerSecond);
        b.term("pp_latency", LHE_TEXT("Explanation", "Latency per message"), link.latencySeconds, U::Seconds);
        double seconds;
        if (training) {
            b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), m, U::Count);
            b.formula("2 × {micro_batches} × ({pp_message} ÷ {pp_bw} + {pp_latency})");
            b.note(LHE_TEXT("Explanation", "Activations forward and gradients back, once per micro-batch."));
            seconds = 2.0 * m * sendSeconds(message, link);
        } else {
            b.term("pipeline", LHE_TEXT("Explanation", "Pipeline stages"), p, U::Count);
            b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "({pipeline} − 1) × {passes} × "
                                                                  : "({pipeline} − 1) × ") +
                      "({pp_message} ÷ {pp_bw} + {pp_latency})");
            seconds = (p - 1.0) * passes * sendSeconds(message, link);
        }
        parts.push_back({"pp_seconds", b.done(seconds)});
    }
    if (const ExpertExchange exchange = expertExchange(ctx, message); exchange.any()) {
        const Link link = linkForGroup(ctx, exchange.groupSpan);
        Builder b(LHE_TEXT("Explanation", "Expert all-to-all"), U::Seconds,
                  "Expert parallelism (GShard, Lepikhin et al. 2020)");
        b.term("expert", LHE_TEXT("Explanation", "Expert-parallel degree"), e, U::Count);
        b.term("moe_layers", LHE_TEXT("Explanation", "MoE layers"), ll(a.moeLayers), U::Count);
        b.term("ep_message",
               LHE_TEXT("Explanation", "Tokens each device routes (hidden × B × experts per token)"),
               exchange.bytes, U::Bytes);
        b.term("ep_bw", LHE_TEXT("Explanation", "Link bandwidth (× efficiency)"), link.bytesPerSecond,
               U::BytesPerSecond);
        b.term("ep_latency", LHE_TEXT("Explanation", "Latency per message"), link.latencySeconds, U::Seconds);
        double seconds;
        if (training) {
            b.term("pipeline", LHE_TEXT("Explanation", "Pipeline stages"), p, U::Count);
            b.term("micro_batches", LHE_TEXT("Explanation", "Micro-batches per step"), m, U::Count);
            b.formula("4 × {moe_layers} ÷ {pipeline} × {micro_batches} × " +
                      allToAllFormula("expert", "ep_message", "ep_bw", "ep_latency"));
            b.note(LHE_TEXT("Explanation",
                            "Dispatch and combine, forward and backward: four all-to-alls per MoE layer."));
            seconds = 4.0 * ll(a.moeLayers) / p * m * allToAllSeconds(exchange.bytes, e, link);
        } else {
            b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), passes, U::Count);
            b.formula(std::string(phase == RooflinePhase::Prefill ? "2 × {moe_layers} × {passes} × "
                                                                  : "2 × {moe_layers} × ") +
                      allToAllFormula("expert", "ep_message", "ep_bw", "ep_latency"));
            b.note(LHE_TEXT("Explanation", "Dispatch and combine: two all-to-alls per MoE layer."));
            seconds = 2.0 * ll(a.moeLayers) * passes * allToAllSeconds(exchange.bytes, e, link);
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
            Builder b(
                LHE_TEXT("Explanation", "Data-parallel gradient all-reduce"), U::Seconds,
                "Ring all-reduce (Patarasuk & Yuan 2009); ZeRO-3 traffic 1.5× (Rajbhandari et al. 2020 §7)");
            b.term("dp_ranks", LHE_TEXT("Explanation", "Data-parallel ranks (attention's replicas)"),
                   dpDevices, U::Count);
            b.term("dp_message",
                   adapters ? LHE_TEXT("Explanation", "Adapter gradient bytes per device")
                            : LHE_TEXT("Explanation", "Gradient bytes per device"),
                   gradientBytes, U::Bytes);
            b.term("dp_bw", LHE_TEXT("Explanation", "All-reduce bandwidth (link × efficiency)"),
                   link.allReduceBytesPerSecond, U::BytesPerSecond);
            b.term("dp_latency", LHE_TEXT("Explanation", "Latency per ring step"), link.latencySeconds,
                   U::Seconds);
            b.formula(ringFormula("dp_ranks", "dp_message", "dp_bw", "dp_latency"));
            if (adapters)
                b.note(LHE_TEXT(
                    "Explanation",
                    "Only the adapters have gradients: the all-reduce carries them alone, and overlaps "
                    "with the backward pass (about half of compute with a frozen base)."));
            else
                b.note(LHE_TEXT(
                    "Explanation",
                    "Overlaps with the backward pass (two thirds of compute); only the rest adds to the "
                    "step."));
            parts.push_back({"dp_seconds", b.done(ringAllReduceSeconds(gradientBytes, dpDevices, link))});
        }
    }
    (void)pe;
    return parts;
}

MessageId partLabel(const std::string& key)
{
    if (key == "tp_seconds")
        return LHE_TEXT("Explanation", "Tensor-parallel all-reduces");
    if (key == "pp_seconds")
        return LHE_TEXT("Explanation", "Pipeline sends");
    if (key == "ep_seconds")
        return LHE_TEXT("Explanation", "Expert all-to-all");
    return LHE_TEXT("Explanation", "Data-parallel gradient all-reduce");
}

// The share of compute the data-parallel all-reduce hides under: the backward pass's part of the
// forward + backward FLOPs (phase_model.cpp TrainingFlops::backwardShare), 2/3 when every weight
// trains (Kaplan et al. 2020 §2.1), about 1/2 with a frozen base that computes no weight gradients.
void backwardShareTerm(Builder& b, const Setup& su)
{
    b.term("backward_share", LHE_TEXT("Explanation", "Backward share of the forward + backward FLOPs"),
           shapeOf(su, RooflinePhase::TrainingStep).backwardShare, U::Fraction);
    if (su.ctx.adapterTraining())
        b.note(LHE_TEXT(
            "Explanation",
            "The gradient all-reduce overlaps the backward pass, about half of compute with a frozen base "
            "(no weight gradients); only the rest adds."));
    else
        b.note(LHE_TEXT(
            "Explanation",
            "The gradient all-reduce overlaps the backward pass (two thirds of compute); only the rest "
            "adds."));
}

Explanation communicationTotal(const Setup& su, const std::vector<CommPart>& parts, const PhaseEstimate& pe)
{
    Builder b(LHE_TEXT("Explanation", "Communication time"), U::Seconds,
              "Ring all-reduce 2(n−1)/n · M / B + 2(n−1)·α (Patarasuk & Yuan 2009; NCCL); Megatron-LM tensor "
              "parallel, Shoeybi et al. 2019 §3");
    std::string f;
    for (const auto& part : parts) {
        b.term(part.key, partLabel(part.key), part.explanation.result, U::Seconds);
        if (part.key == "dp_seconds")
            continue;
        f += (f.empty() ? "{" : " + {") + part.key + "}";
    }
    if (su.training() &&
        std::any_of(parts.begin(), parts.end(), [](const CommPart& p) { return p.key == "dp_seconds"; })) {
        b.term("compute_seconds", LHE_TEXT("Explanation", "Compute time"), pe.breakdown.computeSeconds,
               U::Seconds);
        backwardShareTerm(b, su);
        f += std::string(f.empty() ? "" : " + ") +
             "max(0, {dp_seconds} − {compute_seconds} × {backward_share})";
    }
    if (f.empty()) {
        f = "0";
        b.note(LHE_TEXT("Explanation", "A single device per replica: no collectives."));
    }
    return b.formula(f).done(pe.breakdown.communicationSeconds);
}

Explanation offloadTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                   const PhaseEstimate& pe)
{
    const auto& mem = su.report.memory;
    Builder b(
        LHE_TEXT("Explanation", "Offload time"), U::Seconds,
        "Offload over the host link (FlexGen, Sheng et al. 2023); host link: PCIe/C2C datasheet × measured "
        "copy efficiency");
    if (mem.hostOffloadBytes + mem.unplacedBytes + mem.diskOffloadBytes <= 0)
        return b.formula("0")
            .note(LHE_TEXT("Explanation", "Everything fits in device memory: nothing crosses the host link."))
            .done(pe.breakdown.offloadSeconds);
    const double hostLink = hostToDeviceBytesPerSecond(su.device, ctx.eff);
    b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), shapeOf(su, phase).passes, U::Count);
    b.term("host_offload", LHE_TEXT("Explanation", "Offloaded to host RAM"), mem.hostOffloadBytes, U::Bytes);
    b.term("unplaced", LHE_TEXT("Explanation", "Beyond host RAM and disk (counted at host-link speed)"),
           mem.unplacedBytes, U::Bytes);
    b.term("host_link", LHE_TEXT("Explanation", "Host-to-device copy rate"), hostLink, U::BytesPerSecond);
    std::string inner = "({host_offload} + {unplaced}) ÷ {host_link}";
    if (mem.diskOffloadBytes > 0) {
        b.term("disk_offload", LHE_TEXT("Explanation", "Offloaded to disk"), mem.diskOffloadBytes, U::Bytes);
        b.term("disk_bw", LHE_TEXT("Explanation", "Disk read rate"), su.device.diskBytesPerSecond,
               U::BytesPerSecond);
        inner += " + {disk_offload} ÷ min({disk_bw}, {host_link})";
    }
    b.term("stages", LHE_TEXT("Explanation", "Pipeline stages run in turn"), shapeOf(su, phase).stageCount,
           U::Count);
    if (phase == RooflinePhase::Prefill) {
        b.formula("{passes} × {stages} × (" + inner + ")")
            .note(LHE_TEXT("Explanation", "The offloaded part crosses the host link once per prefill pass."));
    } else if (phase == RooflinePhase::Decode) {
        b.formula("{stages} × (" + inner + ")")
            .note(LHE_TEXT("Explanation",
                           "Offloaded bytes are read every step, so they cross the host link every step."));
    } else {
        b.formula("2 × (" + inner + ")")
            .note(LHE_TEXT("Explanation",
                           "Offloaded states go out and come back once per step (ZeRO-Offload)."));
    }
    return b.done(pe.breakdown.offloadSeconds);
}

Explanation latencyExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                               const PhaseEstimate& pe)
{
    Builder b(LHE_TEXT("Explanation", "Kernel latency"), U::Seconds,
              "Per-layer kernel latency: device measurement or class default "
              "(efficiency_model.cpp)");
    if (phase == RooflinePhase::TrainingStep)
        return b.formula("0")
            .note(LHE_TEXT(
                "Explanation",
                "Training kernels are large (micro-batch × sequence rows): no per-layer latency term."))
            .done(pe.breakdown.latencySeconds);
    b.term("passes", LHE_TEXT("Explanation", "Prefill passes (chunks)"), shapeOf(su, phase).passes, U::Count);
    b.term("layers", LHE_TEXT("Explanation", "Layers"), ll(su.arch.layers), U::Count);
    b.term("layer_latency", LHE_TEXT("Explanation", "Latency per layer per forward pass"),
           ctx.eff.layerLatencySeconds, U::Seconds);
    b.formula(phase == RooflinePhase::Prefill ? "{passes} × {layers} × {layer_latency}"
                                              : "{layers} × {layer_latency}");
    b.note(LHE_TEXT("Explanation",
                    "Kernel launch and synchronisation latency adds to the time; when it is the largest term "
                    "the phase is "
                    "latency-bound: more work per kernel (a larger batch) costs almost nothing extra."));
    return b.done(pe.breakdown.latencySeconds);
}

} // namespace explain_detail

} // namespace lhe::core
