// How the training state, adapters, dequantization workspace and overheads of a memory bar were
// calculated (docs/METHOD.md §2.6, §2.8, §2.11).
#include "core/explain/explanation_builder.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace lhe::core::explain_detail {

Explanation trainingStateExplanation(const Setup& su, MemorySegmentKind kind, double result)
{
    const auto& s = su.s();
    if (kind == MemorySegmentKind::Gradients) {
        Builder b(LHE_TEXT("Explanation", "Gradients"), U::Bytes, kZeroSource);
        if (!su.training())
            return b.formula("0").note(LHE_TEXT("Explanation", "Inference keeps no gradients.")).done(result);
        if (su.ctx.adapterTraining())
            return b.formula("0")
                .note(
                    LHE_TEXT("Explanation",
                             "The frozen base has no gradients; the adapters' are in the Adapters segment."))
                .done(result);
        zeroSharded(b, su, 2, "gradient_bytes", LHE_TEXT("Explanation", "Bytes per gradient"),
                    bytesPerElement(s.weights));
        return b.done(result);
    }
    Builder b(LHE_TEXT("Explanation", "Optimizer states"), U::Bytes, kZeroSource);
    if (!su.training())
        return b.formula("0")
            .note(LHE_TEXT("Explanation", "Inference keeps no optimizer states."))
            .done(result);
    if (su.ctx.adapterTraining())
        return b.formula("0")
            .note(LHE_TEXT(
                "Explanation",
                "The frozen base has no optimizer states; the adapters' are in the Adapters segment."))
            .done(result);
    const bool mixed = bytesPerElement(s.weights) < 4.0;
    const double perParam =
        optimizerBytesPerParam(s.training.optimizer, bytesPerElement(s.weights), s.training.masterWeights);
    if (mixed && !s.training.masterWeights) {
        b.note(LHE_TEXT(
            "Explanation",
            "Pure 16-bit training: the optimizer keeps its states in the weights' format and no fp32 master "
            "copy (torch.optim.AdamW on a 16-bit model)."));
    } else {
        switch (s.training.optimizer) {
        case Optimizer::AdamW:
            b.note(mixed ? LHE_TEXT("Explanation", "Mixed-precision AdamW: fp32 master weights, momentum and "
                                                   "variance, 4 + 4 + 4 bytes.")
                         : LHE_TEXT("Explanation", "fp32 AdamW: momentum and variance, 4 + 4 bytes (the "
                                                   "weights are the master copy)."));
            break;
        case Optimizer::Sgd:
            b.note(mixed ? LHE_TEXT("Explanation",
                                    "Mixed-precision SGD: fp32 master weights and momentum, 4 + 4 bytes.")
                         : LHE_TEXT("Explanation", "fp32 SGD: momentum, 4 bytes."));
            break;
        case Optimizer::AdamW8bit:
            b.note(
                mixed
                    ? LHE_TEXT(
                          "Explanation",
                          "8-bit AdamW: fp32 master weights and 8-bit momentum and variance, 4 + 1 + 1 bytes "
                          "(Dettmers et al. 2022).")
                    : LHE_TEXT(
                          "Explanation",
                          "8-bit AdamW: 8-bit momentum and variance, 1 + 1 bytes (Dettmers et al. 2022)."));
            break;
        }
    }
    zeroSharded(b, su, 1, "optimizer_bytes", LHE_TEXT("Explanation", "Optimizer bytes per parameter"),
                perParam);
    return b.done(result);
}

Explanation adaptersExplanation(const Setup& su, double result)
{
    Builder b(LHE_TEXT("Explanation", "Adapters"), U::Bytes, kLoraSource);
    if (!su.ctx.adapterTraining())
        return b.formula("0")
            .note(LHE_TEXT("Explanation", "Only LoRA and QLoRA train adapters."))
            .done(result);
    const auto& tr = su.s().training;
    const double adapterBytes = bytesPerElement(tr.lora.adapterPrecision);
    b.term("rank", LHE_TEXT("Explanation", "LoRA rank r"), ll(tr.lora.rank), U::Count);
    b.term("adapter_params", LHE_TEXT("Explanation", "Adapter parameters, r × (in + out) per adapted module"),
           su.ctx.adapterCounts().trainableParams, U::Parameters);
    b.term("adapter_bytes", LHE_TEXT("Explanation", "Bytes per adapter weight (and gradient)"), adapterBytes,
           U::BytesPerElement);
    b.term("optimizer_bytes", LHE_TEXT("Explanation", "Optimizer bytes per adapter weight"),
           optimizerBytesPerParam(tr.optimizer, adapterBytes, tr.masterWeights), U::BytesPerElement);
    b.term("adapter_params_device", LHE_TEXT("Explanation", "Adapter parameters on this device"),
           adapterParamsPerDevice(su.ctx), U::Parameters);
    if (tr.zeroStage > 0) {
        // memory_model.cpp addTrainingState: stage 1 shards the optimizer states, 2 the gradients,
        // 3 the weights, over the data x expert ranks.
        const double ranks = su.ctx.replicas();
        b.term("optimizer_shards", LHE_TEXT("Explanation", "Ranks sharing the optimizer states (ZeRO ≥ 1)"),
               ranks, U::Count);
        b.term("gradient_shards", LHE_TEXT("Explanation", "Ranks sharing the gradients (ZeRO ≥ 2)"),
               tr.zeroStage >= 2 ? ranks : 1.0, U::Count);
        b.term("weight_shards", LHE_TEXT("Explanation", "Ranks sharing the adapter weights (ZeRO 3)"),
               tr.zeroStage >= 3 ? ranks : 1.0, U::Count);
        b.note(LHE_TEXT(
            "Explanation",
            "ZeRO shards the adapters' state over the data-parallel ranks like any trained weight."));
        return b
            .formula("({adapter_bytes} ÷ {weight_shards} + {adapter_bytes} ÷ {gradient_shards} + "
                     "{optimizer_bytes} ÷ "
                     "{optimizer_shards}) × {adapter_params_device}")
            .done(result);
    }
    b.note(LHE_TEXT(
        "Explanation",
        "Each adapted weight W (out × in) gains B (out × r) and A (r × in); only they have gradients and "
        "optimizer states."));
    return b.formula("({adapter_bytes} + {adapter_bytes} + {optimizer_bytes}) × {adapter_params_device}")
        .done(result);
}

Explanation dequantWorkspaceExplanation(const Setup& su, double result)
{
    Builder b(LHE_TEXT("Explanation", "Dequantization workspace"), U::Bytes, kLoraSource);
    if (!su.ctx.adapterTraining() || su.s().training.method != TrainingMethod::Qlora)
        return b.formula("0")
            .note(LHE_TEXT("Explanation", "Only QLoRA dequantizes its base weights."))
            .done(result);
    b.term("largest_module", LHE_TEXT("Explanation", "Largest linear module (in × out)"),
           su.ctx.adapterCounts().largestModuleParams, U::Parameters);
    tensorTerm(b, su);
    b.note(LHE_TEXT(
        "Explanation",
        "Each 4- or 8-bit weight is dequantized to 16 bits whole before its matrix product; the largest one "
        "is the workspace's peak."));
    return b.formula("{largest_module} × 2 ÷ {tensor}").done(result);
}

Explanation overheadExplanation(const Setup& su, MemorySegmentKind kind, const MemoryBreakdown& m,
                                double result)
{
    const auto& ov = su.s().overheads;
    const auto& split = su.ctx.split;
    switch (kind) {
    case MemorySegmentKind::RuntimeContext: {
        Builder b(LHE_TEXT("Explanation", "Runtime context"), U::Bytes,
                  ov.runtimeContextBytes
                      ? "scenario overheads.runtime_context_bytes"
                      : "device catalog runtime_overhead_bytes (CUDA context, 400 MB default)");
        b.term("runtime_context", LHE_TEXT("Explanation", "Runtime context per device"), result, U::Bytes);
        return b.formula("{runtime_context}").done(result);
    }
    case MemorySegmentKind::AllocatorReserve: {
        Builder b(LHE_TEXT("Explanation", "Allocator reserve"), U::Bytes,
                  "PyTorch caching allocator rounding and fragmentation (pytorch devlog 2026)");
        b.term("reserve_fraction", LHE_TEXT("Explanation", "Allocator reserve fraction"),
               ov.allocatorReserveFraction, U::Fraction);
        b.term("activations", LHE_TEXT("Explanation", "Activations"), m.activationsBytes, U::Bytes);
        b.term("gradients", LHE_TEXT("Explanation", "Gradients"), m.gradientsBytes, U::Bytes);
        return b.formula("{reserve_fraction} × ({activations} + {gradients})").done(result);
    }
    case MemorySegmentKind::CommunicationBuffers: {
        Builder b(LHE_TEXT("Explanation", "Communication buffers"), U::Bytes,
                  "NCCL buffers per communicator, 1.06 GB measured (NVIDIA/nccl#1685)");
        b.term("tp_group", LHE_TEXT("Explanation", "Tensor-parallel group (1 if t > 1)"),
               split.tensor > 1 ? 1.0 : 0.0, U::Count);
        b.term("pp_group", LHE_TEXT("Explanation", "Pipeline group (1 if p > 1)"),
               split.pipeline > 1 ? 1.0 : 0.0, U::Count);
        b.term("dp_group", LHE_TEXT("Explanation", "Data-parallel group (1 if attention's replicas > 1)"),
               split.replicas() > 1 ? 1.0 : 0.0, U::Count);
        b.term("ep_group", LHE_TEXT("Explanation", "Expert-parallel group (1 if e > 1)"),
               split.expert > 1 ? 1.0 : 0.0, U::Count);
        b.term("buffer_bytes", LHE_TEXT("Explanation", "Buffers per communicator"),
               ov.communicationBufferBytes, U::Bytes);
        b.note(LHE_TEXT("Explanation", "One communicator per parallel group of more than one device."));
        return b.formula("({tp_group} + {pp_group} + {dp_group} + {ep_group}) × {buffer_bytes}").done(result);
    }
    default: {
        Builder b(LHE_TEXT("Explanation", "KV pool reserve"), U::Bytes,
                  "vLLM engine arguments (gpu_memory_utilization, default 0.9)");
        if (su.training() || !ov.servingPreallocation)
            return b.formula("0")
                .note(LHE_TEXT("Explanation", "Serving pre-allocation is off: no KV pool reserve."))
                .done(result);
        MemoryBreakdown others = m;
        others.kvPoolReserveBytes = 0;
        b.term("utilization", LHE_TEXT("Explanation", "GPU memory utilization"), ov.gpuMemoryUtilization,
               U::Fraction);
        b.term("usable_memory", LHE_TEXT("Explanation", "Usable device memory"),
               su.device.usableMemoryBytes(), U::Bytes);
        b.term("other_bytes", LHE_TEXT("Explanation", "Everything else on the device"), others.totalBytes(),
               U::Bytes);
        b.note(LHE_TEXT("Explanation",
                        "A serving engine pre-allocates the KV pool to fill this share of device memory."));
        return b.formula("max(0, {utilization} × {usable_memory} − {other_bytes})").done(result);
    }
    }
}

} // namespace lhe::core::explain_detail
