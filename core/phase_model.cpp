#include "core/phase_model.h"

#include "core/communication.h"
#include "core/memory_model.h"

#include <algorithm>
#include <cmath>

namespace lhe::core {

namespace {

double bytesOf(Precision precision)
{
    return bytesPerElement(precision);
}

// Time to move the offloaded part of the working set across the host link once: host RAM at
// the host-link rate, disk at the slower of disk and host link.
double offloadPassSeconds(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    const Device& d = ctx.device;
    const double hostPart = memory.hostOffloadBytes + memory.unplacedBytes;
    const double hostLink = hostToDeviceBytesPerSecond(d, ctx.eff);
    double seconds = hostPart / hostLink;
    if (memory.diskOffloadBytes > 0)
        seconds += memory.diskOffloadBytes / std::min(d.diskBytesPerSecond, hostLink);
    return seconds;
}

// Roofline (Williams et al. 2009): compute and memory overlap, communication that cannot
// hide, kernel latency and offload I/O add; the bound is the largest term. `weightBytes` of
// phase.bytes stream at the weight format's rate (block-quantized formats dequantise on the
// fly, efficiency_model.cpp); `layerPasses` forward passes through every layer each pay the
// fixed per-layer kernel latency.
void finishPhase(const EvaluationContext& ctx, PhaseEstimate& phase, double stageCount,
                 double nonOverlappedCommunication, double weightBytes, double layerPasses)
{
    auto& b = phase.breakdown;
    const Efficiencies& eff = ctx.eff;
    b.computeSeconds = stageCount * phase.flops / (ctx.peakFlopsPerSecond * eff.compute);
    const double streamedBytes = phase.bytes - weightBytes + weightBytes / eff.quantizedWeights;
    b.memorySeconds = stageCount * streamedBytes / (ctx.device.memoryBandwidthBytesPerSecond * eff.memory);
    b.latencySeconds = layerPasses * static_cast<double>(ctx.arch.layers) * eff.layerLatencySeconds;
    phase.seconds = std::max(b.computeSeconds, b.memorySeconds) + nonOverlappedCommunication +
                    b.latencySeconds + b.offloadSeconds;
    phase.bound = b.bound();
    phase.arithmeticIntensity = phase.bytes > 0 ? phase.flops / phase.bytes : 0.0;
    phase.attainableFlopsPerSecond = std::min(
        ctx.peakFlopsPerSecond, phase.arithmeticIntensity * ctx.device.memoryBandwidthBytesPerSecond);
    phase.achievedFlopsPerSecond = phase.seconds > 0 ? stageCount * phase.flops / phase.seconds : 0.0;
}

} // namespace

PhaseEstimate prefillPhase(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    const auto& s = ctx.scenario;
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double p = static_cast<double>(ctx.split.pipeline);
    const double sequences = ctx.batchPerReplica();
    const double prompt = static_cast<double>(s.promptTokens);
    const double tokens = sequences * prompt;
    const double passes = ceilDiv(tokens, static_cast<double>(s.prefillChunkTokens));
    const double act = bytesOf(s.activations);

    PhaseEstimate phase;
    // ESTIMATION §4: 2·P_active·b·s + causal attention; each device does 1/(t·p) of it.
    const double replicaFlops =
        2.0 * a.matmulParamsActive() * tokens + sequences * a.causalMixerFlops(prompt);
    phase.flops = replicaFlops / (t * p);

    // Traffic: weights once per prefill pass, KV written, and per layer the live tensors
    // (2d + 2f/t per token) written and read back; without flash attention the h·s² scores too.
    const double weights = memory.perDevice.weightsBytes;
    const double kvWritten = kvCacheBytesPerDevice(ctx, sequences, prompt);
    const double layers = ctx.layersPerStage();
    double activationTraffic = 2.0 * layers * tokens * liveTensorBytesPerToken(ctx);
    if (!s.flashAttention)
        activationTraffic +=
            2.0 * layers * sequences * ceilDiv(static_cast<double>(a.heads), t) * prompt * prompt * act;
    phase.bytes = weights * passes + kvWritten + activationTraffic;

    // Communication (Megatron-LM, Shoeybi et al. 2019 §3): two all-reduces of b·s·d per layer;
    // pipeline sends of b·s·d across p-1 boundaries; expert all-to-all dispatch + combine.
    const double hiddenBytes = tokens * static_cast<double>(a.hidden) * act;
    const Link tpLink = linkForGroup(ctx, t);
    double comm =
        2.0 * static_cast<double>(a.layers) * passes * ringAllReduceSeconds(hiddenBytes / passes, t, tpLink);
    comm += (p - 1.0) * passes * sendSeconds(hiddenBytes / passes, linkForGroup(ctx, t * p));
    if (ctx.split.expert > 1 && a.isMoe())
        comm += 2.0 * static_cast<double>(a.moeLayers) * passes *
                allToAllSeconds(hiddenBytes / passes * static_cast<double>(a.expertsPerToken),
                                static_cast<double>(ctx.split.expert),
                                linkForGroup(ctx, static_cast<double>(s.devices)));
    phase.breakdown.communicationSeconds = comm;
    phase.breakdown.offloadSeconds = passes * offloadPassSeconds(ctx, memory);
    finishPhase(ctx, phase, p, comm, weights * passes, passes);
    phase.tokensPerSecond = phase.seconds > 0 ? static_cast<double>(s.batch) * prompt / phase.seconds : 0.0;
    return phase;
}

PhaseEstimate decodePhase(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    const auto& s = ctx.scenario;
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double p = static_cast<double>(ctx.split.pipeline);
    const double sequences = ctx.batchPerReplica();
    // The contract's decode step sits at the mean context, prompt + output/2.
    const double context = static_cast<double>(s.promptTokens) + static_cast<double>(s.outputTokens) / 2.0;
    const double act = bytesOf(s.activations);

    PhaseEstimate phase;
    const double replicaFlops =
        2.0 * a.matmulParamsActive() * sequences + sequences * a.mixerFlopsPerToken(context);
    phase.flops = replicaFlops / (t * p);

    // ESTIMATION §4: every resident weight once, except MoE experts no token of the batch
    // chose: E·(1 - (1 - k/E)^b) of E experts are touched under uniform routing.
    // The vision tower does not run during decode; recurrent layers read and write their state.
    double weights = memory.perDevice.weightsBytes;
    if (a.isMoe()) {
        const double k = static_cast<double>(a.expertsPerToken);
        const double e = static_cast<double>(a.experts);
        const double touched = 1.0 - std::pow(1.0 - k / e, sequences);
        weights -= weightBytesPerDevice(ctx).experts * (1.0 - touched);
    }
    const double kvRead =
        kvCacheBytesPerDevice(ctx, sequences, context) + memory.perDevice.recurrentStateBytes;
    const double kvWrite = sequences * a.kvBytesPerNewToken(bytesOf(s.kvCache)) * ctx.kvShardFraction() / p +
                           memory.perDevice.recurrentStateBytes;
    // Each layer's live tensors (2d + 2f/t per token) go out to memory and back between
    // kernels, as in prefill: negligible at batch 1, comparable to the weights at batch ~1000.
    const double activationTraffic = 2.0 * ctx.layersPerStage() * sequences * liveTensorBytesPerToken(ctx);
    phase.bytes = weights + kvRead + kvWrite + activationTraffic;

    const double hiddenBytes = sequences * static_cast<double>(a.hidden) * act;
    double comm =
        2.0 * static_cast<double>(a.layers) * ringAllReduceSeconds(hiddenBytes, t, linkForGroup(ctx, t));
    comm += (p - 1.0) * sendSeconds(hiddenBytes, linkForGroup(ctx, t * p));
    if (ctx.split.expert > 1 && a.isMoe())
        comm += 2.0 * static_cast<double>(a.moeLayers) *
                allToAllSeconds(hiddenBytes * static_cast<double>(a.expertsPerToken),
                                static_cast<double>(ctx.split.expert),
                                linkForGroup(ctx, static_cast<double>(s.devices)));
    phase.breakdown.communicationSeconds = comm;
    // Offloaded bytes cross the host link every step (they are read every step).
    phase.breakdown.offloadSeconds = offloadPassSeconds(ctx, memory);
    finishPhase(ctx, phase, p, comm, weights, 1.0);
    phase.tokensPerSecond = phase.seconds > 0 ? static_cast<double>(s.batch) / phase.seconds : 0.0;
    return phase;
}

TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches)
{
    const auto& s = ctx.scenario;
    const auto& tr = s.training;
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double p = static_cast<double>(ctx.split.pipeline);
    const double m = static_cast<double>(microBatches);
    const double seq = static_cast<double>(s.promptTokens);
    const double micro = static_cast<double>(tr.microBatch);
    const double tokensPerReplica = m * micro * seq;
    const double act = bytesOf(s.activations);

    TrainingEstimate result;
    result.microBatches = microBatches;
    // Forward 2·N·tokens + attention; backward twice the forward (Kaplan et al. 2020 §2.1:
    // 6·N per token). Full recomputation runs the forward once more.
    const double forward =
        2.0 * a.matmulParamsActive() * tokensPerReplica + m * micro * a.causalMixerFlops(seq);
    const double passes = tr.recompute == Recompute::Full ? 4.0 : 3.0;
    PhaseEstimate& step = result.step;
    step.flops = passes * forward / (t * p);

    // Traffic: weights read in forward and backward of every micro-batch, gradients
    // accumulated, stored activations written then read, one optimizer pass over all states.
    const auto& mem = memory.perDevice;
    const double fullWeights = (paramsPerDevice(ctx) + visionParamsPerDevice(ctx)) * bytesOf(s.weights);
    const double storedActivations = trainingActivationBytesPerLayer(ctx, micro, seq) * ctx.layersPerStage();
    step.bytes = m * (3.0 * fullWeights + 2.0 * fullWeights + 2.0 * storedActivations) +
                 2.0 * (mem.weightsBytes + mem.gradientsBytes + mem.optimizerStatesBytes);

    // Pipeline bubble (Narayanan et al. 2021 §2.2): (p-1)/(m+p-1) of the step is idle.
    result.pipelineBubbleFraction = (p - 1.0) / (m + p - 1.0);
    const double bubbleStretch = (m + p - 1.0) / m;

    // Communication. Tensor parallel: 2 all-reduces per layer forward, 2 backward
    // (Shoeybi et al. 2019 §3) of micro·s·d. Pipeline: activation forward + gradient back
    // per micro-batch. Data parallel: gradient all-reduce of 2Ψ (ZeRO-3: 3Ψ, reduce-scatter
    // gradients + all-gather parameters twice; Rajbhandari et al. 2020 §7), overlapped with
    // the backward pass (2/3 of compute). Expert parallel: 4 all-to-alls per MoE layer.
    const double hiddenBytes = micro * seq * static_cast<double>(a.hidden) * act;
    const double tpSeconds = 4.0 * ctx.layersPerStage() * m *
                             ringAllReduceSeconds(hiddenBytes, t, linkForGroup(ctx, t)) * bubbleStretch;
    const double ppSeconds = p > 1 ? 2.0 * m * sendSeconds(hiddenBytes, linkForGroup(ctx, t * p)) : 0.0;
    const double dpDevices = ctx.replicas();
    const double gradientBytes = paramsPerDevice(ctx) * bytesOf(s.weights) * (tr.zeroStage >= 3 ? 1.5 : 1.0);
    const double dpPerNode = std::max(1.0, static_cast<double>(ctx.device.devicesPerNode) / (t * p));
    const double dpSeconds = ringAllReduceSeconds(
        gradientBytes, dpDevices, linkForGroup(ctx, static_cast<double>(s.devices), dpPerNode));
    double epSeconds = 0;
    if (ctx.split.expert > 1 && a.isMoe())
        epSeconds = 4.0 * static_cast<double>(a.moeLayers) / p * m *
                    allToAllSeconds(hiddenBytes * static_cast<double>(a.expertsPerToken),
                                    static_cast<double>(ctx.split.expert),
                                    linkForGroup(ctx, static_cast<double>(s.devices)));

    auto& b = step.breakdown;
    // Training kernels are large (micro-batch x sequence rows): no per-layer latency term.
    b.computeSeconds = step.flops / (ctx.peakFlopsPerSecond * ctx.eff.compute) * bubbleStretch;
    b.memorySeconds = step.bytes / (ctx.device.memoryBandwidthBytesPerSecond * ctx.eff.memory);
    b.communicationSeconds = tpSeconds + ppSeconds + dpSeconds + epSeconds;
    // Offloaded states (ZeRO-Offload style) go out and come back once per step.
    b.offloadSeconds = 2.0 * offloadPassSeconds(ctx, memory);
    const double backwardSeconds = b.computeSeconds * 2.0 / 3.0;
    const double hiddenDp = std::max(0.0, dpSeconds - backwardSeconds);
    const double nonOverlapped = tpSeconds + ppSeconds + epSeconds + hiddenDp;
    step.seconds = std::max(b.computeSeconds, b.memorySeconds) + nonOverlapped + b.offloadSeconds;
    step.bound = b.bound();
    step.arithmeticIntensity = step.bytes > 0 ? step.flops / step.bytes : 0.0;
    step.attainableFlopsPerSecond =
        std::min(ctx.peakFlopsPerSecond, step.arithmeticIntensity * ctx.device.memoryBandwidthBytesPerSecond);
    step.achievedFlopsPerSecond = step.seconds > 0 ? step.flops / step.seconds : 0.0;

    const double globalTokens = static_cast<double>(s.batch) * seq;
    step.tokensPerSecond = step.seconds > 0 ? globalTokens / step.seconds : 0.0;
    // MFU (Chowdhery et al. 2022, App. B): model FLOPs (no recomputation) over peak.
    const double modelFlopsPerStep = 3.0 * (2.0 * a.matmulParamsActive() * globalTokens +
                                            static_cast<double>(s.batch) * a.causalMixerFlops(seq));
    const double peakAll = ctx.peakFlopsPerSecond * static_cast<double>(s.devices);
    result.mfu = step.seconds > 0 ? modelFlopsPerStep / (step.seconds * peakAll) : 0.0;
    result.trainDays = step.tokensPerSecond > 0 ? tr.trainTokens / step.tokensPerSecond / 86400.0 : 0.0;
    return result;
}

} // namespace lhe::core
