#include "core/estimate/phase_model.h"

#include "core/estimate/communication.h"
#include "core/estimate/kernel_costs.h"
#include "core/estimate/memory_model.h"

#include <algorithm>
#include <cmath>

namespace lhe::core {

namespace {

double bytesOf(Precision precision)
{
    return bytesPerElement(precision);
}

// The offloaded part of the working set crossing the host link once: host RAM (and what fits
// nowhere) at the host-link rate, disk at the slower of disk and host link.
struct OffloadPass
{
    double hostBytes = 0;
    double diskBytes = 0;
    double seconds = 0;
};

// Replicas whose tokens reach one device's experts: the expert-parallel group (1 without one).
double expertGroupReplicas(const EvaluationContext& ctx)
{
    return ctx.replicas() / static_cast<double>(ctx.split.expertCopies());
}

OffloadPass offloadPass(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    const Device& d = ctx.device;
    OffloadPass pass;
    pass.hostBytes = memory.hostOffloadBytes + memory.unplacedBytes;
    pass.diskBytes = memory.diskOffloadBytes;
    const double hostLink = hostToDeviceBytesPerSecond(d, ctx.eff);
    pass.seconds = pass.hostBytes / hostLink;
    if (pass.diskBytes > 0)
        pass.seconds += pass.diskBytes / std::min(d.diskBytesPerSecond, hostLink);
    return pass;
}

// `times` crossings of the offloaded bytes (prefill passes x pipeline stages run in turn, or a
// training step's out and back).
void addOffload(const EvaluationContext& ctx, const MemoryEstimate& memory, double times,
                PhaseEstimate& phase)
{
    const OffloadPass pass = offloadPass(ctx, memory);
    phase.breakdown.offloadSeconds = times * pass.seconds;
    phase.hostLinkBytes = times * pass.hostBytes;
    phase.diskBytes = times * pass.diskBytes;
}

// Collectives of a phase: their time (communication.cpp) and the bytes they put on the wire.
struct Collectives
{
    double seconds = 0;
    double wireBytes = 0;
    void allReduce(double times, double bytes, double devices, const Link& link)
    {
        seconds += times * ringAllReduceSeconds(bytes, devices, link);
        wireBytes += times * ringAllReduceWireBytes(bytes, devices, link);
    }
    void allToAll(double times, double bytes, double devices, const Link& link)
    {
        seconds += times * allToAllSeconds(bytes, devices, link);
        wireBytes += times * allToAllWireBytes(bytes, devices);
    }
    void send(double times, double bytes, const Link& link)
    {
        seconds += times * sendSeconds(bytes, link);
        wireBytes += times * bytes;
    }
};

// The operating point against the roof of the resource that bounds the phase (Williams et al.
// 2009): intensity in FLOP per byte of that resource, so that achieved <= roof always holds.
// Compute-, memory- and latency-bound phases count device-memory bytes; a communication-bound
// one the bytes its collectives put on the wire, against the interconnect's line rate; an
// offload-bound one the bytes over the host link, or over the disk when the disk part takes
// longer. `stages` pipeline stages run in turn: their FLOPs and bytes sum like the time does.
void placePoint(const EvaluationContext& ctx, PhaseEstimate& phase, double stages)
{
    const Device& d = ctx.device;
    double bytes = stages * phase.bytes;
    double bandwidth = d.memoryBandwidthBytesPerSecond;
    RooflineResource resource = RooflineResource::DeviceMemory;
    if (phase.bound == Bound::Communication && phase.interconnectBytes > 0) {
        resource = RooflineResource::Interconnect;
        bytes = phase.interconnectBytes;
        bandwidth = interconnectLineBytesPerSecond(d);
    } else if (phase.bound == Bound::Offload && phase.hostLinkBytes + phase.diskBytes > 0) {
        const double hostLink = hostToDeviceBytesPerSecond(d, ctx.eff);
        const double diskRate = std::min(d.diskBytesPerSecond, hostLink);
        const bool disk = phase.diskBytes > 0 && phase.diskBytes / diskRate > phase.hostLinkBytes / hostLink;
        resource = disk ? RooflineResource::Disk : RooflineResource::HostLink;
        bytes = disk ? phase.diskBytes : phase.hostLinkBytes;
        bandwidth =
            disk ? std::min(d.diskBytesPerSecond, d.hostLinkBytesPerSecond) : d.hostLinkBytesPerSecond;
    }
    phase.pointResource = resource;
    phase.pointIntensity = bytes > 0 ? stages * phase.flops / bytes : 0.0;
    phase.roofFlopsPerSecond = std::min(ctx.peakFlopsPerSecond, phase.pointIntensity * bandwidth);
}

void finishPhase(const EvaluationContext& ctx, PhaseEstimate& phase, double stageCount,
                 const PhaseParts& parts)
{
    auto& b = phase.breakdown;
    const Efficiencies& eff = ctx.eff;
    const double peak = ctx.peakFlopsPerSecond;
    const double bandwidth = ctx.device.memoryBandwidthBytesPerSecond * eff.memory;
    b.attentionSeconds =
        parts.attentionFlops > 0
            ? stageCount * parts.attentionFlops / (peak * attentionEfficiency(ctx, parts.attendedTokens))
            : 0.0;
    b.computeSeconds =
        stageCount * (phase.flops - parts.attentionFlops - parts.expertFlops) / (peak * eff.compute) +
        b.attentionSeconds;
    const double streamed = phase.bytes - parts.elementwiseBytes - parts.kvStreamBytes - parts.weightBytes +
                            (parts.weightBytes - parts.expertWeightBytes) / eff.quantizedWeights;
    b.memorySeconds = stageCount * streamed / bandwidth;
    // The fused MoE kernels run after the other GEMMs of their layer: the busiest expert rank's
    // FLOPs at the fused-MoE rate, the experts' weights, a fixed time per call, added
    // (t0 + W / B + F / (e · peak), docs/METHOD.md §4.13).
    if (parts.moeCalls > 0) {
        b.expertComputeSeconds =
            stageCount * parts.expertFlops * expertImbalance(ctx) / (peak * eff.compute * eff.fusedMoe);
        b.expertMemorySeconds = stageCount * parts.expertWeightBytes / eff.quantizedWeights / bandwidth;
        b.expertLatencySeconds = stageCount * parts.moeCalls * eff.moeCallSeconds;
    }
    b.elementwiseSeconds =
        stageCount * parts.elementwiseBytes / (ctx.device.memoryBandwidthBytesPerSecond * eff.elementwise);
    b.kvStreamSeconds = stageCount * parts.kvStreamBytes / bandwidth;
    b.nonGemmSeconds = b.elementwiseSeconds + b.kvStreamSeconds;
    b.latencySeconds = parts.layerPasses * static_cast<double>(ctx.arch.layers) * eff.layerLatencySeconds;
    phase.seconds = std::max(b.computeSeconds, b.memorySeconds) + b.communicationSeconds + b.latencySeconds +
                    b.offloadSeconds + b.nonGemmSeconds + b.expertSeconds();
    phase.bound = b.bound();
    phase.arithmeticIntensity = phase.bytes > 0 ? phase.flops / phase.bytes : 0.0;
    phase.attainableFlopsPerSecond =
        std::min(peak, phase.arithmeticIntensity * ctx.device.memoryBandwidthBytesPerSecond);
    phase.achievedFlopsPerSecond = phase.seconds > 0 ? stageCount * phase.flops / phase.seconds : 0.0;
    placePoint(ctx, phase, stageCount);
}

} // namespace

TrainingFlops trainingFlopsPerDevice(const EvaluationContext& ctx, double tokens, double sequences,
                                     bool withRecompute)
{
    const auto& tr = ctx.scenario.training;
    const auto& a = ctx.arch;
    const double shards = static_cast<double>(ctx.split.tensor * ctx.split.pipeline);
    const double linear = 2.0 * a.matmulParamsActive() * tokens / shards;
    const double attention =
        sequences * a.causalMixerFlops(static_cast<double>(ctx.scenario.promptTokens)) / shards;
    const double adapters =
        ctx.adapterTraining() ? 2.0 * ctx.adapterCounts().trainableActive * tokens / shards : 0.0;
    TrainingFlops f;
    f.forward = linear + adapters + attention;
    f.backward = (ctx.adapterTraining() ? 1.0 : 2.0) * linear + 2.0 * adapters + 2.0 * attention;
    f.recompute = withRecompute && tr.recompute == Recompute::Full ? f.forward : 0.0;
    f.attention = (withRecompute && tr.recompute == Recompute::Full ? 4.0 : 3.0) * attention;
    return f;
}

TrainingTraffic trainingTrafficPerMicroBatch(const EvaluationContext& ctx)
{
    const auto& s = ctx.scenario;
    const auto& tr = s.training;
    const double t = static_cast<double>(ctx.split.tensor);
    const double micro = static_cast<double>(tr.microBatch);
    const double seq = static_cast<double>(s.promptTokens);
    const double storedActivations = trainingActivationBytesPerLayer(ctx, micro, seq) * ctx.layersPerStage() +
                                     adapterActivationBytesPerLayer(ctx, micro, seq) * ctx.layersPerStage();
    TrainingTraffic traffic;
    const double params = paramsPerDevice(ctx) + visionParamsPerDevice(ctx);
    if (!ctx.adapterTraining()) {
        // Weights read forward, backward for dX and for dW; gradients read and written.
        const double weights = params * bytesOf(s.weights);
        traffic.streamedBytes = 3.0 * weights + 2.0 * weights + 2.0 * storedActivations;
    } else {
        // A frozen base is read forward and backward (dX only); QLoRA's GEMMs read the 16-bit copy
        // the dequantization wrote.
        const double gemmBytes = tr.method == TrainingMethod::Qlora ? 2.0 : bytesOf(s.weights);
        traffic.streamedBytes = 2.0 * params * gemmBytes + 2.0 * storedActivations;
    }
    const double forwards = tr.recompute == Recompute::Full ? 2.0 : 1.0;
    const double elementwisePasses = forwards + kBackwardElementwiseFactor;
    traffic.elementwiseBytes = elementwisePasses * micro * seq * ctx.layersPerStage() *
                               elementwiseBytesPerToken(ctx, tr.sequenceParallel && t > 1);
    if (!s.flashAttention)
        traffic.elementwiseBytes +=
            elementwisePasses * micro * ctx.layersPerStage() * unfusedAttentionBytesPerSequence(ctx, seq);
    if (tr.method == TrainingMethod::Qlora) {
        // Every pass that multiplies by a base weight first dequantizes it: read the 4 / 8-bit
        // blocks, write 16 bits (bitsandbytes dequantize_4bit before the matmul), in the forward,
        // the backward (dX) and the recomputed forward.
        const FrozenBase base = frozenBaseBytesPerDevice(ctx);
        const double bits = quantizedBaseBits(tr.lora);
        traffic.dequantBytes = (forwards + 1.0) * base.quantizedParams * (bits / 8.0 + 2.0);
        traffic.elementwiseBytes += traffic.dequantBytes;
    }
    return traffic;
}

PhaseWork prefillWork(const EvaluationContext& ctx, const MemoryEstimate& memory)
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

    PhaseWork work;
    PhaseEstimate& phase = work.phase;
    PhaseParts& parts = work.parts;
    // ESTIMATION §4: 2·P_active·b·s + causal attention; each device does 1/(t·p) of it.
    parts.attentionFlops = sequences * a.causalMixerFlops(prompt) / (t * p);
    parts.attendedTokens = prompt;
    phase.flops = 2.0 * a.matmulParamsActive() * tokens / (t * p) + parts.attentionFlops;

    // Traffic: weights once per prefill pass, KV written, and per layer the GEMMs' live tensors
    // (2d + 2f/t per token) written and read back; beside them the element-wise passes
    // (kernel_costs.cpp), and without flash attention the score matrices.
    const double weights = memory.perDevice.weightsBytes;
    const double kvWritten = kvCacheBytesPerDevice(ctx, sequences, prompt);
    const double layers = ctx.layersPerStage();
    const double activationTraffic = 2.0 * layers * tokens * liveTensorBytesPerToken(ctx);
    parts.elementwiseBytes = layers * tokens * elementwiseBytesPerToken(ctx, false);
    if (!s.flashAttention)
        parts.elementwiseBytes += layers * sequences * unfusedAttentionBytesPerSequence(ctx, prompt);
    parts.weightBytes = weights * passes;
    phase.bytes = parts.weightBytes + kvWritten + activationTraffic + parts.elementwiseBytes;
    if (a.isMoe()) {
        // Each pass reads the experts its tokens touch: E·(1 - (1 - k/E)^n) of E, n the tokens of
        // every replica whose tokens reach the device's experts.
        const double k = static_cast<double>(a.expertsPerToken);
        const double e = static_cast<double>(a.experts);
        const double passTokens =
            std::min(tokens, static_cast<double>(s.prefillChunkTokens)) * expertGroupReplicas(ctx);
        const double touched = 1.0 - std::pow(1.0 - k / e, passTokens);
        const double expertBytes = weightBytesPerDevice(ctx).experts;
        parts.expertWeightBytes = expertBytes * touched * passes;
        parts.weightBytes -= expertBytes * (1.0 - touched) * passes;
        phase.bytes -= expertBytes * (1.0 - touched) * passes;
        parts.expertFlops = 2.0 * a.paramsRoutedExperts * k / e * tokens / (t * p);
        parts.moeCalls = static_cast<double>(a.moeLayers) / p * passes;
    }

    // Communication (Megatron-LM, Shoeybi et al. 2019 §3): two all-reduces of b·s·d per layer;
    // pipeline sends of b·s·d across p-1 boundaries; expert all-to-all dispatch + combine.
    const double hiddenBytes = tokens * static_cast<double>(a.hidden) * act;
    work.add({CollectiveKind::AllReduce, 2.0 * static_cast<double>(a.layers) * passes, hiddenBytes / passes,
              t, t});
    work.add({CollectiveKind::Send, (p - 1.0) * passes, hiddenBytes / passes, 0.0, t * p});
    if (const ExpertExchange ep = expertExchange(ctx, hiddenBytes / passes); ep.any())
        work.add({CollectiveKind::AllToAll, 2.0 * static_cast<double>(a.moeLayers) * passes, ep.bytes,
                  ep.ranks, ep.groupSpan});
    // The offloaded part crosses the host link once per pass on every stage, the stages in turn.
    work.offloadCrossings = passes * p;
    parts.layerPasses = passes;
    work.stageCount = p;
    work.rateTokens = static_cast<double>(s.batch) * prompt;
    return work;
}

PhaseWork decodeWork(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    const auto& s = ctx.scenario;
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double p = static_cast<double>(ctx.split.pipeline);
    const double sequences = ctx.batchPerReplica();
    // The contract's decode step sits at the mean context, prompt + output/2.
    const double context = static_cast<double>(s.promptTokens) + static_cast<double>(s.outputTokens) / 2.0;
    const double act = bytesOf(s.activations);

    PhaseWork work;
    PhaseEstimate& phase = work.phase;
    PhaseParts& parts = work.parts;
    // Decode attention reads the KV cache (memory-bound): its FLOPs count at the GEMM rate.
    phase.flops =
        (2.0 * a.matmulParamsActive() * sequences + sequences * a.mixerFlopsPerToken(context)) / (t * p);

    // Every resident weight once, except MoE experts no token of the batch chose: E·(1 - (1 - k/E)^b)
    // of E experts are touched under uniform routing, b the sequences of every replica whose tokens
    // reach the device's experts.
    // The vision tower does not run during decode; recurrent layers read and write their state.
    double weights = memory.perDevice.weightsBytes;
    if (a.isMoe()) {
        const double k = static_cast<double>(a.expertsPerToken);
        const double e = static_cast<double>(a.experts);
        const double touched = 1.0 - std::pow(1.0 - k / e, sequences * expertGroupReplicas(ctx));
        weights -= weightBytesPerDevice(ctx).experts * (1.0 - touched);
    }
    const double kvRead =
        kvCacheBytesPerDevice(ctx, sequences, context) + memory.perDevice.recurrentStateBytes;
    const double kvWrite = sequences * a.kvBytesPerNewToken(bytesOf(s.kvCache)) * ctx.kvShardFraction() / p +
                           memory.perDevice.recurrentStateBytes;
    // Each layer's live tensors (2d + 2f/t per token) go out to memory and back between the
    // GEMMs, as in prefill; the element-wise passes beside them do not overlap the GEMMs.
    const double activationTraffic = 2.0 * ctx.layersPerStage() * sequences * liveTensorBytesPerToken(ctx);
    parts.elementwiseBytes = ctx.layersPerStage() * sequences * elementwiseBytesPerToken(ctx, false);
    parts.weightBytes = weights;
    if (a.isMoe()) {
        const double k = static_cast<double>(a.expertsPerToken);
        const double e = static_cast<double>(a.experts);
        parts.expertWeightBytes = weightBytesPerDevice(ctx).experts *
                                  (1.0 - std::pow(1.0 - k / e, sequences * expertGroupReplicas(ctx)));
        parts.expertFlops = 2.0 * a.paramsRoutedExperts * k / e * sequences / (t * p);
        parts.moeCalls = static_cast<double>(a.moeLayers) / p;
    }
    parts.kvStreamBytes = kvRead + kvWrite;
    phase.bytes = weights + kvRead + kvWrite + activationTraffic + parts.elementwiseBytes;

    const double hiddenBytes = sequences * static_cast<double>(a.hidden) * act;
    work.add({CollectiveKind::AllReduce, 2.0 * static_cast<double>(a.layers), hiddenBytes, t, t});
    work.add({CollectiveKind::Send, p - 1.0, hiddenBytes, 0.0, t * p});
    if (const ExpertExchange ep = expertExchange(ctx, hiddenBytes); ep.any())
        work.add({CollectiveKind::AllToAll, 2.0 * static_cast<double>(a.moeLayers), ep.bytes, ep.ranks,
                  ep.groupSpan});
    // Offloaded bytes are read every step: every stage's cross its host link once per token, and
    // for one request the stages run one after another.
    work.offloadCrossings = p;
    work.stageCount = p;
    work.rateTokens = static_cast<double>(s.batch);
    return work;
}

void timePhase(const EvaluationContext& ctx, const MemoryEstimate& memory, const PhaseWork& work,
               PhaseEstimate& phase)
{
    Collectives comm;
    for (std::size_t i = 0; i < work.collectiveCount; ++i) {
        const PhaseCollective& c = work.collectives[i];
        const Link link = linkForGroup(ctx, c.groupSpan);
        switch (c.kind) {
        case CollectiveKind::AllReduce:
            comm.allReduce(c.times, c.bytes, c.devices, link);
            break;
        case CollectiveKind::Send:
            comm.send(c.times, c.bytes, link);
            break;
        case CollectiveKind::AllToAll:
            comm.allToAll(c.times, c.bytes, c.devices, link);
            break;
        }
    }
    phase.breakdown.communicationSeconds = comm.seconds;
    phase.interconnectBytes = comm.wireBytes;
    addOffload(ctx, memory, work.offloadCrossings, phase);
    finishPhase(ctx, phase, work.stageCount, work.parts);
    phase.tokensPerSecond = phase.seconds > 0 ? work.rateTokens / phase.seconds : 0.0;
}

PhaseEstimate timedPhase(const EvaluationContext& ctx, const MemoryEstimate& memory, const PhaseWork& work)
{
    PhaseEstimate phase = work.phase;
    timePhase(ctx, memory, work, phase);
    return phase;
}

PhaseEstimate prefillPhase(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    return timedPhase(ctx, memory, prefillWork(ctx, memory));
}

PhaseEstimate decodePhase(const EvaluationContext& ctx, const MemoryEstimate& memory)
{
    return timedPhase(ctx, memory, decodeWork(ctx, memory));
}

TrainingCompute trainingCompute(const EvaluationContext& ctx, long long microBatches)
{
    const auto& s = ctx.scenario;
    const double p = static_cast<double>(ctx.split.pipeline);
    const double m = static_cast<double>(microBatches);
    const double seq = static_cast<double>(s.promptTokens);
    const double micro = static_cast<double>(s.training.microBatch);
    TrainingCompute c;
    c.work = trainingFlopsPerDevice(ctx, m * micro * seq, m * micro);
    // Pipeline bubble (Narayanan et al. 2021 §2.2): the idle (p-1)/(m+p-1) of the step stretches
    // the compute.
    const double bubbleStretch = (m + p - 1.0) / m;
    const double attentionFlops = c.work.attention;
    c.attentionSeconds =
        attentionFlops / (ctx.peakFlopsPerSecond * attentionEfficiency(ctx, seq)) * bubbleStretch;
    c.computeSeconds =
        (c.work.total() - attentionFlops) / (ctx.peakFlopsPerSecond * ctx.eff.compute) * bubbleStretch +
        c.attentionSeconds;
    return c;
}

TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches)
{
    return trainingStep(ctx, memory, microBatches, trainingCompute(ctx, microBatches));
}

double trainingStepSeconds(const EvaluationContext& ctx, const MemoryEstimate& memory, long long microBatches,
                           const TrainingCompute& compute)
{
    return trainingStep(ctx, memory, microBatches, compute, false).step.seconds;
}

TrainingEstimate trainingStep(const EvaluationContext& ctx, const MemoryEstimate& memory,
                              long long microBatches, const TrainingCompute& compute, bool readOuts)
{
    const auto& s = ctx.scenario;
    const auto& tr = s.training;
    const auto& a = ctx.arch;
    const double t = static_cast<double>(ctx.split.tensor);
    const double p = static_cast<double>(ctx.split.pipeline);
    const double m = static_cast<double>(microBatches);
    const double seq = static_cast<double>(s.promptTokens);
    const double micro = static_cast<double>(tr.microBatch);
    const double act = bytesOf(s.activations);
    const Efficiencies& eff = ctx.eff;

    TrainingEstimate result;
    result.microBatches = microBatches;
    const TrainingFlops& work = compute.work;
    PhaseEstimate& step = result.step;
    step.flops = work.total();

    // Traffic beside the GEMMs: weights read in forward and backward of every micro-batch,
    // gradients accumulated, stored activations written then read. Apart from them, not
    // overlapped: the element-wise passes (forward, backward twice, the recomputed forward), QLoRA's
    // dequantization of every base weight before each pass that multiplies by it, and the
    // optimizer step, one pass reading and writing every trained state (kernel_costs.h).
    const auto& mem = memory.perDevice;
    const TrainingTraffic traffic = trainingTrafficPerMicroBatch(ctx);
    const double streamed = m * traffic.streamedBytes;
    const double elementwise = m * traffic.elementwiseBytes;
    const double optimizer =
        kOptimizerPasses * (ctx.adapterTraining()
                                ? mem.adaptersBytes
                                : mem.weightsBytes + mem.gradientsBytes + mem.optimizerStatesBytes);
    step.bytes = streamed + elementwise + optimizer;

    // Pipeline bubble (Narayanan et al. 2021 §2.2): (p-1)/(m+p-1) of the step is idle.
    result.pipelineBubbleFraction = (p - 1.0) / (m + p - 1.0);
    const double bubbleStretch = (m + p - 1.0) / m;

    // Communication. Tensor parallel: 2 all-reduces per layer forward, 2 backward
    // (Shoeybi et al. 2019 §3) of micro·s·d. Pipeline: activation forward + gradient back
    // per micro-batch. Data parallel: gradient all-reduce of 2Ψ (ZeRO-3: 3Ψ, reduce-scatter
    // gradients + all-gather parameters twice; Rajbhandari et al. 2020 §7), overlapped with
    // the backward pass (2/3 of compute). Expert parallel: 4 all-to-alls per MoE layer.
    const double hiddenBytes = micro * seq * static_cast<double>(a.hidden) * act;
    Collectives tp;
    tp.allReduce(4.0 * ctx.layersPerStage() * m, hiddenBytes, t, linkForGroup(ctx, t));
    tp.seconds *= bubbleStretch; // the bubble stretches the all-reduces' time, not their bytes
    Collectives pp;
    if (p > 1)
        pp.send(2.0 * m, hiddenBytes, linkForGroup(ctx, t * p));
    const double dpDevices = ctx.replicas();
    // LoRA / QLoRA all-reduce the adapters' gradients only.
    const double gradientBytes =
        (ctx.adapterTraining() ? adapterParamsPerDevice(ctx) * bytesOf(tr.lora.adapterPrecision)
                               : paramsPerDevice(ctx) * bytesOf(s.weights)) *
        (tr.zeroStage >= 3 ? 1.5 : 1.0);
    const double dpPerNode = std::max(1.0, static_cast<double>(ctx.device.devicesPerNode) / (t * p));
    Collectives dp;
    dp.allReduce(1.0, gradientBytes, dpDevices, linkForGroup(ctx, static_cast<double>(s.devices), dpPerNode));
    Collectives ep;
    if (const ExpertExchange exchange = expertExchange(ctx, hiddenBytes); exchange.any())
        ep.allToAll(4.0 * static_cast<double>(a.moeLayers) / p * m, exchange.bytes, exchange.ranks,
                    linkForGroup(ctx, exchange.groupSpan));

    auto& b = step.breakdown;
    // Training kernels are large (micro-batch x sequence rows): no per-layer latency term.
    const double bandwidth = ctx.device.memoryBandwidthBytesPerSecond * eff.memory;
    b.attentionSeconds = compute.attentionSeconds;
    b.computeSeconds = compute.computeSeconds;
    b.memorySeconds = streamed / bandwidth;
    const double passBandwidth = ctx.device.memoryBandwidthBytesPerSecond * eff.elementwise;
    b.elementwiseSeconds = elementwise / passBandwidth * bubbleStretch;
    b.optimizerSeconds = optimizer / passBandwidth;
    b.nonGemmSeconds = b.elementwiseSeconds + b.optimizerSeconds;
    const double backwardSeconds = b.computeSeconds * work.backwardShare();
    const double exposedDp = std::max(0.0, dp.seconds - backwardSeconds);
    b.dataParallelOverlappedSeconds = dp.seconds - exposedDp;
    b.communicationSeconds = tp.seconds + pp.seconds + ep.seconds + exposedDp;
    step.interconnectBytes = tp.wireBytes + pp.wireBytes + dp.wireBytes + ep.wireBytes;
    // Offloaded states (ZeRO-Offload style) go out and come back once per step.
    addOffload(ctx, memory, 2.0, step);
    step.seconds = std::max(b.computeSeconds, b.memorySeconds) + b.communicationSeconds + b.offloadSeconds +
                   b.nonGemmSeconds;
    if (!readOuts) // the automatic split compares step times only
        return result;
    step.bound = b.bound();
    step.arithmeticIntensity = step.bytes > 0 ? step.flops / step.bytes : 0.0;
    step.attainableFlopsPerSecond =
        std::min(ctx.peakFlopsPerSecond, step.arithmeticIntensity * ctx.device.memoryBandwidthBytesPerSecond);
    step.achievedFlopsPerSecond = step.seconds > 0 ? step.flops / step.seconds : 0.0;
    placePoint(ctx, step, 1.0);

    const double globalTokens = static_cast<double>(s.batch) * seq;
    step.tokensPerSecond = step.seconds > 0 ? globalTokens / step.seconds : 0.0;
    // MFU (Chowdhery et al. 2022, App. B): model FLOPs (no recomputation) over peak; with adapters
    // the FLOPs the method needs (no weight gradients for the frozen base).
    const double modelFlopsPerStep =
        trainingFlopsPerDevice(ctx, globalTokens, static_cast<double>(s.batch), false).total() * t * p;
    const double peakAll = ctx.peakFlopsPerSecond * static_cast<double>(s.devices);
    result.mfu = step.seconds > 0 ? modelFlopsPerStep / (step.seconds * peakAll) : 0.0;
    result.trainDays = step.tokensPerSecond > 0 ? tr.trainTokens / step.tokensPerSecond / 86400.0 : 0.0;
    return result;
}

} // namespace lhe::core
