#include "core/estimate/memory_model.h"

#include <algorithm>
#include <cmath>

namespace lhe::core {

namespace {

double bytesOf(Precision precision)
{
    return bytesPerElement(precision);
}

// Overheads (Scenario::overheads), each a bar segment:
// - runtime context: the scenario's value, else the device's runtime_overhead_bytes (400 MB
//   CUDA context by default, device.cpp);
// - allocator reserve: PyTorch's caching allocator rounds blocks up (2 MiB small / 20 MiB large
//   segments) and fragments as shapes vary (pytorch devlog "When does fragmentation occur in
//   the CUDA caching allocator?", 2026); 5 % of the dynamic tensors (activations, gradients)
//   by default, on top of the runtime context above (docs/METHOD.md §2.6);
// - communication buffers: NCCL keeps per-channel FIFOs per communicator; 8x H100 showed
//   1.06 GB of NCCL memory per process with one communicator (NVIDIA/nccl#1685), counted once
//   per parallel group (tensor, pipeline, data, expert) of more than one device;
// - KV pool reserve: with serving pre-allocation, the pool vLLM sizes to fill
//   gpu_memory_utilization of the device (vLLM engine args, default 0.9) beyond the KV cache
//   the scenario's sequences use.
void addOverheads(const EvaluationContext& ctx, MemoryBreakdown& m, bool inference)
{
    const auto& ov = ctx.scenario.overheads;
    m.runtimeContextBytes = ov.runtimeContextBytes.value_or(ctx.device.runtimeOverheadBytes);
    m.allocatorReserveBytes = ov.allocatorReserveFraction * (m.activationsBytes + m.gradientsBytes);
    const auto& split = ctx.split;
    const double groups = (split.tensor > 1 ? 1.0 : 0.0) + (split.pipeline > 1 ? 1.0 : 0.0) +
                          (split.replicas() > 1 ? 1.0 : 0.0) + (split.expert > 1 ? 1.0 : 0.0);
    m.communicationBuffersBytes = groups * ov.communicationBufferBytes;
    m.kvPoolReserveBytes = 0;
    if (inference && ov.servingPreallocation)
        m.kvPoolReserveBytes =
            std::max(0.0, ov.gpuMemoryUtilization * ctx.device.usableMemoryBytes() - m.totalBytes());
}

} // namespace

double expertParamsPerDevice(const EvaluationContext& ctx)
{
    const auto& s = ctx.split;
    return ctx.arch.paramsRoutedExperts / static_cast<double>(s.pipeline * s.expertShards());
}

double paramsPerDevice(const EvaluationContext& ctx)
{
    const auto& s = ctx.split;
    const double shared = ctx.arch.paramsTotal - ctx.arch.paramsRoutedExperts - ctx.arch.paramsVision;
    return shared / static_cast<double>(s.tensor * s.pipeline) + expertParamsPerDevice(ctx);
}

double visionParamsPerDevice(const EvaluationContext& ctx)
{
    // Spread like the other non-expert weights (vLLM shards the encoder over the tensor ranks).
    return ctx.arch.paramsVision / static_cast<double>(ctx.split.tensor * ctx.split.pipeline);
}

WeightBytes computeWeightBytesPerDevice(const EvaluationContext& ctx)
{
    const auto& a = ctx.arch;
    const double expertParams = expertParamsPerDevice(ctx);
    const double sharedParams = paramsPerDevice(ctx) - expertParams;
    const double visionParams = visionParamsPerDevice(ctx);
    if (ctx.scenario.weights != Precision::Checkpoint) {
        const double bytes = bytesOf(ctx.scenario.weights);
        return {sharedParams * bytes, expertParams * bytes, visionParams * bytes};
    }
    // Stored bits of each group; the non-expert groups share the t·p split.
    auto groupBytes = [&](WeightGroup g) {
        const auto i = static_cast<std::size_t>(g);
        return a.paramsByGroup[i] * a.checkpointBitsPerParam[i] / 8.0;
    };
    double sharedBytes = 0;
    for (WeightGroup g :
         {WeightGroup::Embedding, WeightGroup::LmHead, WeightGroup::Attention, WeightGroup::DenseMlp,
          WeightGroup::SharedExperts, WeightGroup::Router, WeightGroup::Norms})
        sharedBytes += groupBytes(g);
    const auto& s = ctx.split;
    const double tp = static_cast<double>(s.tensor * s.pipeline);
    return {sharedBytes / tp,
            groupBytes(WeightGroup::RoutedExperts) / static_cast<double>(s.pipeline * s.expertShards()),
            groupBytes(WeightGroup::Vision) / tp};
}

double trainingActivationBytesPerLayer(const EvaluationContext& ctx, double sequences, double sequenceLength)
{
    const auto& a = ctx.arch;
    const auto& tr = ctx.scenario.training;
    const double t = static_cast<double>(ctx.split.tensor);
    const double sb = sequenceLength * sequences;
    const double d = static_cast<double>(a.hidden);
    const double qWidth = static_cast<double>(a.heads * a.headDim);
    const double kWidth = static_cast<double>(a.kvHeads * a.headDim);
    const double vWidth = static_cast<double>(a.kvHeads * a.valueHeadDim);
    const double oWidth = static_cast<double>(a.heads * a.valueHeadDim);
    const double f = a.activeFfnWidth();

    // Korthikanti §4.1, bytes at 16-bit activations, generalised to GQA and other f/d:
    // attention: QKV input 2sbd + Q 2sb·hd_h + K 2sb·h_kv·d_h + V 2sb·h_kv·d_v
    //            + projection input 2sb·hd_v + dropout mask sbd   (MHA: 11sbd)
    // scores:    softmax 2as²b + dropout mask as²b + dropout output 2as²b = 5as²b
    // FFN:       input 2sbd + dropout mask sbd + 4sbf (plain: GeLU in/out)
    //            or 8sbf (gated: gate out, activation out, up out, product)   (f = 4d plain: 19sbd)
    // norms:     two LayerNorm inputs 4sbd
    // GPT-3 shapes (MHA, plain, f = 4d): 11 + 19 + 4 = 34 sbd + 5as²b, the paper's equation (1).
    const double scale = bytesOf(ctx.scenario.activations) / 2.0;
    const double replicated = 10.0 * sb * d; // LN inputs 4, attention/FFN inputs 2+2, two masks 1+1
    const double attentionSplit = 2.0 * sb * (qWidth + kWidth + vWidth + oWidth);
    const double ffnSplit = (a.gatedFfn ? 8.0 : 4.0) * sb * f;
    const double heads = static_cast<double>(a.heads);
    const double scores = 5.0 * heads * sequenceLength * sequenceLength * sequences;

    if (tr.recompute == Recompute::Full) // only each layer's input is kept: 2sbd (§4.3)
        return scale * 2.0 * sb * d / (tr.sequenceParallel ? t : 1.0);
    const bool keepScores = tr.recompute == Recompute::None && !ctx.scenario.flashAttention;
    const double splitPart = attentionSplit + ffnSplit + (keepScores ? scores : 0.0);
    // Sequence parallelism splits the replicated part too (§4.2.2, equation 4).
    const double perRank = (tr.sequenceParallel ? replicated / t : replicated) + splitPart / t;
    return scale * perRank;
}

namespace {

InferenceMemoryTerms inferenceMemoryTerms(const EvaluationContext& ctx)
{
    const auto& s = ctx.scenario;
    const auto& a = ctx.arch;
    InferenceMemoryTerms k;
    k.weights = weightBytesPerDevice(ctx);
    k.replicas = ctx.replicas();
    k.kvBytesPerElement = bytesOf(s.kvCache);
    k.uniformKv = a.uniformFullAttention;
    k.layers = static_cast<double>(a.layers);
    k.kvBytesPerTokenPerLayer = a.kvBytesPerTokenPerLayer(k.kvBytesPerElement);
    k.kvShardFraction = ctx.kvShardFraction();
    k.stateElements = a.stateElementsPerSequence();
    k.activationBytes = bytesOf(s.activations);
    k.tensorTimesPipeline = static_cast<double>(ctx.split.tensor * ctx.split.pipeline);
    k.liveTensorBytesPerToken = liveTensorBytesPerToken(ctx);
    // The overheads that do not scale (addOverheads): runtime context and communication buffers.
    MemoryBreakdown fixed;
    addOverheads(ctx, fixed, false);
    k.runtimeContextBytes = fixed.runtimeContextBytes;
    k.communicationBuffersBytes = fixed.communicationBuffersBytes;
    return k;
}

} // namespace

MemoryBreakdown inferenceMemory(const EvaluationContext& ctx, double batch, double context)
{
    const auto& s = ctx.scenario;
    const auto& a = ctx.arch;
    if (!ctx.inferenceTerms)
        ctx.inferenceTerms = inferenceMemoryTerms(ctx);
    const InferenceMemoryTerms& k = *ctx.inferenceTerms;
    const double t = static_cast<double>(ctx.split.tensor);
    const double sequences = ceilDiv(batch, k.replicas);
    MemoryBreakdown m;
    m.weightsBytes = k.weights.language();
    m.visionWeightsBytes = k.weights.vision;
    // kvCacheBytesPerDevice and recurrentStateBytesPerDevice (memory_model.h) with their terms.
    const double kvPerSequence = k.uniformKv ? k.layers * context * k.kvBytesPerTokenPerLayer
                                             : a.kvBytesPerSequence(context, k.kvBytesPerElement,
                                                                    s.overheads.fullLengthKvOnWindowedLayers);
    m.kvCacheBytes =
        divided(sequences * kvPerSequence * k.kvShardFraction, static_cast<double>(ctx.split.pipeline));
    if (k.stateElements > 0)
        m.recurrentStateBytes = sequences * k.stateElements * k.activationBytes / k.tensorTimesPipeline;

    // Transient activations (ESTIMATION §2): the largest live tensors of one layer for one
    // prefill pass, tokens·(2d + 2f/t)·B(act), plus fp32 logits for the sampled positions,
    // vocabulary-parallel over t. Without flash attention one layer's score matrix
    // (h/t · tokens · prompt) is live too.
    const double promptTokens = std::min(static_cast<double>(s.promptTokens), context);
    const double passTokens = std::min(sequences * promptTokens, static_cast<double>(s.prefillChunkTokens));
    double activations = passTokens * k.liveTensorBytesPerToken;
    if (!s.flashAttention)
        activations +=
            ceilDiv(static_cast<double>(a.heads), t) * passTokens * promptTokens * k.activationBytes;
    activations += divided(sequences * static_cast<double>(a.vocab), t) * 4.0;
    m.activationsBytes = activations;
    // addOverheads, its fixed terms read.
    const auto& ov = s.overheads;
    m.runtimeContextBytes = k.runtimeContextBytes;
    m.allocatorReserveBytes = ov.allocatorReserveFraction * (m.activationsBytes + m.gradientsBytes);
    m.communicationBuffersBytes = k.communicationBuffersBytes;
    if (ov.servingPreallocation)
        m.kvPoolReserveBytes =
            std::max(0.0, ov.gpuMemoryUtilization * ctx.device.usableMemoryBytes() - m.totalBytes());
    return m;
}

double optimizerBytesPerParam(Optimizer optimizer, double weightBytes, bool masterWeights)
{
    // ZeRO §3.1 / Fig. 1: mixed-precision Adam keeps 2Ψ weights + 2Ψ gradients + 12Ψ optimizer
    // (fp32 master, m, v). fp32 weights are their own master: 4 + 4 + 8. Without a master copy the
    // states take the weights' format (torch.optim.AdamW allocates m and v with zeros_like(param)).
    const bool master = masterWeights && weightBytes < 4.0;
    switch (optimizer) {
    case Optimizer::AdamW:
        return master ? 12.0 : 2.0 * weightBytes; // (master) + m + v
    case Optimizer::Sgd:
        return master ? 8.0 : weightBytes; // (master) + momentum
    case Optimizer::AdamW8bit:
        return master ? 6.0 : 2.0; // (master) + 8-bit m, v (Dettmers et al. 2022)
    }
    return 12.0;
}

FrozenBase frozenBaseBytesPerDevice(const EvaluationContext& ctx)
{
    const auto& s = ctx.scenario;
    const auto& split = ctx.split;
    const double tp = static_cast<double>(split.tensor * split.pipeline);
    const double expertShards = static_cast<double>(split.pipeline * split.expertShards());
    FrozenBase base;
    base.vision = visionParamsPerDevice(ctx) * bytesOf(s.weights);
    const double shared = paramsPerDevice(ctx) - expertParamsPerDevice(ctx);
    const double experts = expertParamsPerDevice(ctx);
    if (s.training.method != TrainingMethod::Qlora) {
        base.shared = shared * bytesOf(s.weights);
        base.experts = experts * bytesOf(s.weights);
        return base;
    }
    // QLoRA: every linear module of the decoder in NF4 / int8; embeddings, output head, norms and
    // biases stay in the weight precision (bitsandbytes replaces nn.Linear layers only, and
    // transformers keeps the output head unquantized).
    const LoraCounts& c = ctx.adapterCounts();
    const double bits = quantizedBaseBits(s.training.lora);
    const double quantizedShared = (c.quantizedParams - c.quantizedRoutedExpert) / tp;
    const double quantizedExperts = c.quantizedRoutedExpert / expertShards;
    // int8 (LLM.int8()) keeps one fp32 scale per output row of each matrix.
    const double rowScales =
        s.training.lora.quantization == QuantizedBase::Int8 ? 4.0 * c.quantizedOutputRows / tp : 0.0;
    base.shared = quantizedShared * bits / 8.0 + rowScales + (shared - quantizedShared) * bytesOf(s.weights);
    base.experts = quantizedExperts * bits / 8.0 + (experts - quantizedExperts) * bytesOf(s.weights);
    base.quantizedParams = quantizedShared + quantizedExperts;
    return base;
}

double adapterParamsPerDevice(const EvaluationContext& ctx)
{
    const LoraCounts& c = ctx.adapterCounts();
    const auto& split = ctx.split;
    const double tp = static_cast<double>(split.tensor * split.pipeline);
    return (c.trainableParams - c.trainableRoutedExpert) / tp +
           c.trainableRoutedExpert / static_cast<double>(split.pipeline * split.expertShards());
}

double adapterActivationBytesPerLayer(const EvaluationContext& ctx, double sequences, double sequenceLength)
{
    const auto& tr = ctx.scenario.training;
    if (!ctx.adapterTraining() || tr.recompute == Recompute::Full) // full: only layer inputs stay
        return 0;
    // Each adapted module keeps A·x (r wide, in the adapter format) for the backward pass of B, and
    // the copy of x it fed to A when that is a new tensor: PEFT computes lora_B(lora_A(dropout(x)))
    // after casting x to the adapter's dtype (peft/tuners/lora/layer.py, Linear.forward), so fp32
    // adapters on bf16 activations, or any lora_dropout, save one copy of each adapted module's
    // input in the adapter format. Per layer on average, on one tensor-parallel rank.
    const LoraCounts& c = ctx.adapterCounts();
    const double layers = static_cast<double>(ctx.arch.layers);
    const double adapterBytes = bytesOf(tr.lora.adapterPrecision);
    const bool inputCopies = tr.lora.dropout > 0 || tr.lora.adapterPrecision != ctx.scenario.activations;
    const double bytes = static_cast<double>(tr.lora.rank) * c.adaptedModulesPerToken * adapterBytes +
                         (inputCopies ? c.adaptedInputElementsPerToken * adapterBytes : 0.0);
    return sequences * sequenceLength * bytes / layers / static_cast<double>(ctx.split.tensor);
}

namespace {

// The training state of one device: weights, gradients and optimizer states of full training, or
// the frozen base and the adapters' state (LoRA / QLoRA). ZeRO shards over the data-parallel
// group: non-expert states over attention's replicas, expert states over the copies of each expert
// shard (Parallelism::expertCopies: expert ranks already split them); stage 1 the optimizer states,
// 2 the gradients, 3 the weights.
void addTrainingState(const EvaluationContext& ctx, MemoryBreakdown& m)
{
    const auto& s = ctx.scenario;
    const auto& tr = s.training;
    const double dpShared = ctx.replicas();
    const double dpExpert = static_cast<double>(ctx.split.expertCopies());
    auto shard = [&](int fromStage, double sharedBytes, double expertBytes) {
        const bool on = tr.zeroStage >= fromStage;
        return on ? sharedBytes / dpShared + expertBytes / dpExpert : sharedBytes + expertBytes;
    };
    if (!ctx.adapterTraining()) {
        const double expert = expertParamsPerDevice(ctx);
        const double shared =
            paramsPerDevice(ctx) - expert + visionParamsPerDevice(ctx); // trains the tower too
        const double weightBytes = bytesOf(s.weights);
        const double optimizerBytes = optimizerBytesPerParam(tr.optimizer, weightBytes, tr.masterWeights);
        m.weightsBytes = shard(3, shared * weightBytes, expert * weightBytes);
        m.gradientsBytes = shard(2, shared * weightBytes, expert * weightBytes);
        m.optimizerStatesBytes = shard(1, shared * optimizerBytes, expert * optimizerBytes);
        return;
    }
    // The frozen base has no gradients and no optimizer states (Hu et al. 2021 §4.1); ZeRO-3 /
    // FSDP shards it like any weight. The vision tower stays frozen beside it.
    const FrozenBase base = frozenBaseBytesPerDevice(ctx);
    m.weightsBytes = shard(3, base.shared, base.experts);
    m.visionWeightsBytes = shard(3, base.vision, 0.0);
    // Adapters: weights and gradients in the adapter precision, optimizer states as for any
    // trained weight of that precision (fp32 adapters need no master copy).
    const double adapterParams = adapterParamsPerDevice(ctx);
    const double adapterBytes = bytesOf(tr.lora.adapterPrecision);
    m.adaptersBytes =
        shard(3, adapterParams * adapterBytes, 0.0) + shard(2, adapterParams * adapterBytes, 0.0) +
        shard(1, adapterParams * optimizerBytesPerParam(tr.optimizer, adapterBytes, tr.masterWeights), 0.0);
    // QLoRA dequantizes one module at a time to 16 bits for its matrix product (bitsandbytes
    // dequantize_4bit / int8 matmul); the largest is the workspace's peak.
    if (tr.method == TrainingMethod::Qlora)
        m.dequantWorkspaceBytes =
            ctx.adapterCounts().largestModuleParams * 2.0 / static_cast<double>(ctx.split.tensor);
}

} // namespace

namespace {

// Stored activations of one micro-batch on one stage, adapters included: layers per stage x per layer.
double activationBytesPerStageAndMicroBatch(const EvaluationContext& ctx)
{
    const auto& s = ctx.scenario;
    const double micro = static_cast<double>(s.training.microBatch);
    const double seq = static_cast<double>(s.promptTokens);
    const double perLayer =
        trainingActivationBytesPerLayer(ctx, micro, seq) + adapterActivationBytesPerLayer(ctx, micro, seq);
    return ctx.layersPerStage() * perLayer;
}

} // namespace

double trainingActivationBytesPerStage(const EvaluationContext& ctx, double inFlight)
{
    return activationBytesPerStageAndMicroBatch(ctx) * inFlight;
}

double trainingLogitsBytes(const EvaluationContext& ctx)
{
    // The last stage's logits in 16 bits and the loss's fp32 copy of them, s·b·V·(2 + 4/chunks) / t:
    // 6 bytes per vocabulary entry per token when the loss upcasts them whole.
    const auto& s = ctx.scenario;
    return static_cast<double>(s.promptTokens) * static_cast<double>(s.training.microBatch) *
           static_cast<double>(ctx.arch.vocab) * (2.0 + 4.0 / static_cast<double>(s.training.lossChunks)) /
           static_cast<double>(ctx.split.tensor);
}

MemoryBreakdown trainingMemory(const EvaluationContext& ctx, long long microBatches)
{
    MemoryBreakdown m;
    addTrainingState(ctx, m);
    // Activations (Korthikanti §4.2.3): with 1F1B the first stage keeps min(p, m) micro-batches
    // of its L/p layers, about L layers' worth; the last stage keeps one micro-batch plus the
    // logits. A frozen base still keeps them: the backward pass runs through every layer to
    // reach the adapters below.
    const double p = static_cast<double>(ctx.split.pipeline);
    const double inFlight = std::min(p, static_cast<double>(microBatches));
    // Each computed once: the automatic split asks for every candidate's memory.
    const double perMicroBatch = activationBytesPerStageAndMicroBatch(ctx);
    const double logits = trainingLogitsBytes(ctx);
    const double firstStage = perMicroBatch * inFlight;
    m.activationsBytes = p > 1 ? std::max(firstStage, perMicroBatch * 1.0 + logits) : firstStage + logits;
    addOverheads(ctx, m, false);
    return m;
}

std::vector<StageMemory> trainingStageMemory(const EvaluationContext& ctx, long long microBatches)
{
    const double p = static_cast<double>(ctx.split.pipeline);
    if (p <= 1)
        return {};
    MemoryBreakdown first = trainingMemory(ctx, microBatches);
    MemoryBreakdown last = first;
    const double inFlight = std::min(p, static_cast<double>(microBatches));
    first.activationsBytes = trainingActivationBytesPerStage(ctx, inFlight);
    last.activationsBytes = trainingActivationBytesPerStage(ctx, 1.0) + trainingLogitsBytes(ctx);
    addOverheads(ctx, first, false);
    addOverheads(ctx, last, false);
    const double capacity = ctx.device.usableMemoryBytes();
    return {{1, first, std::max(0.0, first.totalBytes() - capacity)},
            {ctx.split.pipeline, last, std::max(0.0, last.totalBytes() - capacity)}};
}

MemoryEstimate placeInMemoryTiers(const EvaluationContext& ctx, const MemoryBreakdown& perDevice)
{
    MemoryEstimate estimate;
    estimate.perDevice = perDevice;
    estimate.capacityPerDeviceBytes = ctx.device.usableMemoryBytes();
    const double excess = perDevice.totalBytes() - estimate.capacityPerDeviceBytes;
    if (excess <= 0)
        return estimate;
    estimate.fits = false;
    estimate.offloadedBytes = excess;
    estimate.hostOffloadBytes = std::min(excess, ctx.device.hostMemoryBytes);
    estimate.diskOffloadBytes = std::min(excess - estimate.hostOffloadBytes, ctx.device.diskBytes);
    estimate.unplacedBytes = std::max(0.0, excess - estimate.hostOffloadBytes - estimate.diskOffloadBytes);
    if (estimate.unplacedBytes > 0)
        estimate.tier = OffloadTier::DoesNotFit;
    else if (estimate.diskOffloadBytes > 0)
        estimate.tier = OffloadTier::Disk;
    else
        estimate.tier = OffloadTier::HostRam;
    return estimate;
}

} // namespace lhe::core
