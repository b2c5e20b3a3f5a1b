// Report: everything one scenario evaluates to, per device unless a name says otherwise.
// The CLI prints reportToJson(); the GUI draws the same struct.
#pragma once

#include "core/common/bound.h"
#include "core/common/message.h"
#include "core/common/precision.h"
#include "core/estimate/efficiency_model.h"
#include "core/scenario/scenario.h"
#include "core/serving/serving_estimate.h"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lhe::core {

// The terms of a phase's time (phase_model.cpp): seconds = max(compute, memory) +
// communication + offload + latency + nonGemm. Every term is what it adds (communication that
// overlaps the backward pass is in dataParallelOverlappedSeconds, not in communicationSeconds).
struct TimeBreakdown
{
    double computeSeconds = 0;       // GEMMs and attention kernels
    double memorySeconds = 0;        // weights, KV cache and stored activations streamed beside compute
    double communicationSeconds = 0; // collectives and pipeline sends that do not overlap compute
    double offloadSeconds = 0;       // offloaded bytes over the host link (and disk)
    double latencySeconds = 0;       // fixed per-layer kernel launch and synchronisation latency
    double nonGemmSeconds =
        0; // element-wise passes, decode attention, optimizer step: memory-bound, not overlapped
    // Parts of the terms above, for the explanations: attention kernels within compute; element-wise
    // passes, decode attention's KV stream and the optimizer step within nonGemm; the data-parallel
    // all-reduce hidden under backward.
    double attentionSeconds = 0;
    double elementwiseSeconds = 0;
    double kvStreamSeconds = 0; // decode attention reading the KV cache / recurrent state
    double optimizerSeconds = 0;
    double dataParallelOverlappedSeconds = 0;
    // The routed experts' fused MoE kernels (docs/METHOD.md §4.13), after the other GEMMs, not
    // overlapping them: their FLOPs (busiest rank), their weight reads and their fixed time per call,
    // counted as compute, memory and latency in the bound.
    double expertComputeSeconds = 0;
    double expertMemorySeconds = 0;
    double expertLatencySeconds = 0;
    double expertSeconds() const { return expertComputeSeconds + expertMemorySeconds + expertLatencySeconds; }
    // The largest term per resource (ties go to the earlier one: compute, memory, communication,
    // offload, latency). Memory bandwidth's term is memory + nonGemm: both are bytes over the
    // device's bandwidth, one beside the GEMMs, one between them. It agrees with where the point
    // sits on the memory roofline. Inline: every phase of every evaluation asks.
    Bound bound() const
    {
        Bound bound = Bound::Compute;
        double largest = computeSeconds + expertComputeSeconds;
        const auto consider = [&](Bound candidate, double seconds) {
            if (seconds > largest) {
                largest = seconds;
                bound = candidate;
            }
        };
        consider(Bound::Memory, memorySeconds + nonGemmSeconds + expertMemorySeconds);
        consider(Bound::Communication, communicationSeconds);
        consider(Bound::Offload, offloadSeconds);
        consider(Bound::Latency, latencySeconds + expertLatencySeconds);
        return bound;
    }
    // The term a bound names (memory + nonGemm for Memory; with the experts' part of each).
    double secondsOf(Bound bound) const;
};

struct MemoryBreakdown
{
    double weightsBytes = 0;       // the language model's weights
    double visionWeightsBytes = 0; // a multimodal model's vision tower and projector
    double kvCacheBytes = 0;
    double recurrentStateBytes = 0; // linear-attention / Mamba layers: a fixed state per sequence
    double activationsBytes = 0;
    double gradientsBytes = 0;
    double optimizerStatesBytes = 0;
    // LoRA / QLoRA: the adapters with their gradients and optimizer states, and QLoRA's 16-bit
    // copy of the module being dequantized for its matrix product.
    double adaptersBytes = 0;
    double dequantWorkspaceBytes = 0;
    // Overheads (Scenario::overheads): runtime context, caching-allocator reserve, NCCL
    // buffers, and the part of a serving engine's pre-allocated KV pool no sequence uses yet.
    double runtimeContextBytes = 0;
    double allocatorReserveBytes = 0;
    double communicationBuffersBytes = 0;
    double kvPoolReserveBytes = 0;
    double overheadBytes() const
    {
        return runtimeContextBytes + allocatorReserveBytes + communicationBuffersBytes + kvPoolReserveBytes;
    }
    double totalBytes() const
    {
        return weightsBytes + visionWeightsBytes + kvCacheBytes + recurrentStateBytes + activationsBytes +
               gradientsBytes + optimizerStatesBytes + adaptersBytes + dequantWorkspaceBytes +
               overheadBytes();
    }
};

struct StageMemory
{
    long long stage = 1; // 1-based pipeline stage
    MemoryBreakdown perDevice;
    double offloadedBytes = 0; // beyond this stage's device capacity
};

struct MemoryEstimate
{
    MemoryBreakdown perDevice;         // the most loaded device (pipeline: the fuller stage)
    double capacityPerDeviceBytes = 0; // usable device memory
    bool fits = true;
    double offloadedBytes = 0;   // perDevice total beyond capacity
    double hostOffloadBytes = 0; // part of offloadedBytes in host RAM
    double diskOffloadBytes = 0; // part of offloadedBytes on disk
    double unplacedBytes = 0;    // beyond host RAM and disk: cannot run
    OffloadTier tier = OffloadTier::None;
    std::vector<StageMemory> stages; // per pipeline stage when stages differ (else empty)
};

struct PhaseEstimate
{
    double flops = 0; // per device, FLOP
    double bytes = 0; // per device, device-memory traffic, B
    // Bytes per device over each link, summed like the time (pipeline stages in turn): collectives
    // as put on the wire, offloaded bytes over the host link, the disk part of them.
    double interconnectBytes = 0;
    double hostLinkBytes = 0;
    double diskBytes = 0;
    double arithmeticIntensity = 0; // FLOP/B
    double seconds = 0;
    double attainableFlopsPerSecond = 0; // min(peak, AI · bandwidth), for the roofline point
    double achievedFlopsPerSecond = 0;   // flops / seconds: where the operating point sits
    TimeBreakdown breakdown;
    Bound bound = Bound::Compute;
    // The operating point against the roof of the resource that bounds it: intensity in FLOP per
    // byte of that resource, the roof there = min(peak, intensity x its datasheet bandwidth).
    RooflineResource pointResource = RooflineResource::DeviceMemory;
    double pointIntensity = 0;
    double roofFlopsPerSecond = 0;
    double tokensPerSecond = 0; // prefill: prompt tokens/s; decode: generated tokens/s (whole batch)
};

struct TrainingEstimate
{
    PhaseEstimate step;                // flops/bytes/time of one optimizer step
    long long microBatches = 1;        // per data-parallel replica per step (gradient accumulation)
    double pipelineBubbleFraction = 0; // (p-1)/(m+p-1), Narayanan et al. 2021
    double mfu = 0;                    // model FLOPs / (step time · devices · peak), PaLM App. B
    double trainDays = 0;              // days for training.train_tokens tokens
    // Per-device memory of the same step under each TrainingMethod (full, LoRA, QLoRA), the split
    // and settings as given: which methods fit this device at this batch and sequence length.
    // Empty for an adapter method whose targets the model lacks.
    std::array<std::optional<double>, 3> methodBytes{};
    std::array<bool, 3> methodFits{};
    bool methodsCompared = false; // with EstimateOptions::limits (not in design-space cells)
};

struct RooflineCeiling
{
    PeakKey precision;
    double flopsPerSecond;
};

struct RooflineInfo
{
    double peakFlopsPerSecond = 0; // compute precision, dense
    PeakKey peakPrecision = PeakKey::Bf16;
    double memoryBandwidthBytesPerSecond = 0;
    double ridgeIntensity = 0; // peak / bandwidth, FLOP/B
    double hostLinkBytesPerSecond = 0;
    double interconnectBytesPerSecond = 0; // the fastest link collectives use (line rate)
    double diskBytesPerSecond = 0;         // disk read rate, capped by the host link it crosses
    std::vector<RooflineCeiling> ceilings; // every precision the device supports
};

struct InferenceLimits
{
    long long maxBatchFits = 0;   // largest batch that fits device memory at this context
    long long maxContextFits = 0; // longest prompt + output that fits at this batch
};

// The same phases at datasheet peaks: every efficiency 1, no collective latency (the "ideal
// roofline" most calculators print). Memory is the same as the calibrated estimate's.
struct IdealEstimate
{
    std::optional<PhaseEstimate> prefill;
    std::optional<PhaseEstimate> decode;
    std::optional<TrainingEstimate> training;
};

struct Report
{
    Scenario scenario;         // defaults and the chosen parallel split filled in
    Efficiencies efficiencies; // calibrated fractions of peak the estimate used
    std::string deviceName;
    std::string modelName;
    double paramsTotal = 0; // language model + vision tower (MTP modules apart)
    double paramsActive = 0;
    double paramsVision = 0;    // vision tower + projector, part of paramsTotal
    double paramsMtp = 0;       // multi-token-prediction modules, not loaded for plain decoding
    double paramsTrainable = 0; // training: every parameter (full) or the adapters' (LoRA, QLoRA)
    std::vector<std::string> adaptedModules; // LoRA / QLoRA: the module names that carry adapters
    double kvCacheBytesPerToken = 0; // K and V one new token adds over every layer, at the KV precision
    double recurrentStateBytesPerSequence = 0; // linear-attention / Mamba layers, any context
    std::vector<Message> approximations;       // why the model reading may be off; empty: exact
    std::string checkpointFormat;              // e.g. "MXFP4 (4.25 bit) on routed experts; bf16 elsewhere"
    std::string modelSource = "config";        // "config" or "tensors": where params and bytes came from
    double checkpointBytes = 0;                // the whole checkpoint as stored
    std::array<long long, 5>
        layersByKind{}; // decoder layers per AttentionKind (full, sliding, chunked, linear, none)
    MemoryEstimate memory;
    std::optional<PhaseEstimate> prefill;
    std::optional<PhaseEstimate> decode;
    std::optional<InferenceLimits> limits;
    std::optional<TrainingEstimate> training;
    // Inference with output tokens: many users under continuous batching, cost and energy
    // (core/serving/serving.h).
    std::optional<ServingEstimate> serving;
    IdealEstimate ideal;
    RooflineInfo roofline;
    std::vector<Message> warnings; // core/common/message.h; englishTexts() for the English lines
};

nlohmann::json reportToJson(const Report& report);

} // namespace lhe::core
