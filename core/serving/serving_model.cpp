#include "core/serving/serving_model.h"

#include "core/catalog/catalog.h"
#include "core/estimate/communication.h"
#include "core/estimate/memory_model.h"
#include "core/estimate/phase_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace lhe::core {

namespace {

// std::round, std::floor and std::ceil are library calls on baseline x86-64 (no SSE4.1 roundsd),
// and a report's serving figures round a dozen times. For the positive values below 2^52 they
// round, converting to an integer and back gives the same value; anything else (zero, negative
// or huge values, not a number) takes the library call.
constexpr double kWholeBelow = 4.5e15; // beyond 2^52 every double is whole

double roundPositive(double x)
{
    if (!(x > 0.0 && x < kWholeBelow))
        return std::round(x);
    const double whole = static_cast<double>(static_cast<long long>(x)); // truncated
    return x - whole >= 0.5 ? whole + 1.0 : whole;                       // halves away from zero
}

double floorPositive(double x)
{
    return x > 0.0 && x < kWholeBelow ? static_cast<double>(static_cast<long long>(x)) : std::floor(x);
}

double ceilPositive(double x)
{
    if (!(x > 0.0 && x < kWholeBelow))
        return std::ceil(x);
    const double whole = static_cast<double>(static_cast<long long>(x));
    return whole < x ? whole + 1.0 : whole;
}

long long roundedTokens(double tokens)
{
    return std::max(1LL, tokens > 0.0 && tokens < kWholeBelow ? static_cast<long long>(roundPositive(tokens))
                                                              : std::llround(tokens));
}

// What estimate() does to each copy of the scenario it evaluates: speculation is the serving
// model's own, and a quantized checkpoint is served as stored unless a format is named.
Scenario innerScenario(const Scenario& scenario, const ModelArchitecture& arch)
{
    Scenario s = scenario;
    s.serving.speculative = {};
    if (!s.weightsGiven && arch.checkpointQuantized && s.mode == Mode::Inference)
        s.weights = Precision::Checkpoint;
    return s;
}

} // namespace

EstimateOptions phasesOnly()
{
    EstimateOptions options;
    options.limits = false;
    options.ideal = false;
    options.serving = false;
    return options;
}

ServingModel::ServingModel(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                           const ServingInputs& inputs, const EvaluatedScenario* evaluated)
    : m_base(scenario), m_device(device), m_arch(arch), m_inputs(inputs),
      m_engine(inputs.engine ? inputs.engine
                             : &Catalog::builtIn().servingEngine(scenario.serving.engine, device)),
      m_evaluated(evaluated)
{
    if (evaluated) { // estimate()'s scenario and context: efficiencies, compute column, terms filled
        m_work = &evaluated->scenario;
        m_ctx = &evaluated->ctx;
    } else {
        m_ownWork.emplace(innerScenario(scenario, arch));
        m_ownCtx.emplace(calibratedContext(*m_ownWork, device, arch, *scenario.parallelism));
        m_work = &*m_ownWork;
        m_ctx = &*m_ownCtx;
    }
    const ServingSettings& sv = scenario.serving;
    const auto& split = *scenario.parallelism;
    m_replicas = std::max(1LL, split.replicas());
    if (sv.requests.empty()) {
        m_oneShape = shapeCost({sv.inputTokens.value_or(scenario.promptTokens),
                                sv.outputTokens.value_or(scenario.outputTokens)});
    } else {
        m_manyShapes.reserve(sv.requests.size());
        for (const RequestShape& shape : sv.requests)
            m_manyShapes.push_back(shapeCost(shape));
    }
    const std::span<const ShapeCost> all = shapes();
    for (const ShapeCost& shape : all) {
        m_meanInput += shape.input / static_cast<double>(all.size());
        m_meanOutput += shape.output / static_cast<double>(all.size());
        m_meanMarginal += shape.marginalSeconds / static_cast<double>(all.size());
    }
    kvPool();
}

// The steady state with `concurrency` requests in flight (docs/METHOD.md §15.2).
ServingPoint ServingModel::at(long long concurrency, std::optional<SpeculativeEstimate>* speculative) const
{
    ServingPoint point;
    point.concurrency = concurrency;
    // Requests beyond the pool wait; with no room at all the figures are those of a pool of
    // one (the warning says so), as the memory bars do for a model that does not fit.
    point.running = m_maxKv > 0 ? std::min(concurrency, m_maxKv) : std::min(concurrency, 1LL);
    // The engine runs at most max_running_requests sequences per replica; the rest wait as for
    // KV-pool space (docs/METHOD.md §15.8).
    point.running = std::min(
        point.running, m_base.serving.maxRunningRequests.value_or(m_engine->maxRunningRequests) * m_replicas);
    const DecodeStep step = decodeAt(point.running);
    const PhaseEstimate& decode = step.decode;
    point.decodeStepSeconds = decode.seconds;
    point.decodeBound = decode.bound;
    const double perReplica =
        ceilPositive(static_cast<double>(point.running) / static_cast<double>(m_replicas));
    const double others = perReplica - 1.0;
    // The prompts that join one step together (n / E[output] on average) share its weight reads:
    // each adds its part of their batched prefill.
    const PromptBatch prompts = promptBatch(static_cast<long long>(perReplica));
    const double marginal = prompts.marginalSeconds;

    // Speculative decoding: one step drafts k tokens and verifies k + 1; (1 - α^(k+1)) / (1 - α)
    // of them are kept on average (Leviathan et al. 2023, Eq. 1).
    // Each engine step also pays the host's scheduling and sampling time (docs/METHOD.md §15.8).
    point.hostStepSeconds = hostSecondsPerStep(perReplica);
    double stepSeconds = decode.seconds + point.hostStepSeconds;
    const SpeculativeSettings& spec = m_base.serving.speculative;
    if (spec.draft != DraftKind::None &&
        (spec.draft == DraftKind::Mtp ? m_arch.mtpLayers > 0 : m_inputs.draftModel != nullptr)) {
        SpeculativeEstimate s;
        const double k = static_cast<double>(spec.draftTokens);
        const double alpha = spec.acceptanceRate;
        s.tokensPerStep = (1.0 - std::pow(alpha, k + 1.0)) / (1.0 - alpha);
        s.verifySeconds = verifySeconds(point.running, step, spec.draftTokens);
        s.draftSeconds = k * draftStepSeconds(point.running, decode.seconds);
        stepSeconds = s.verifySeconds + s.draftSeconds + point.hostStepSeconds;
        point.speculativeStepSeconds = stepSeconds;
        point.tokensPerStep = s.tokensPerStep;
        s.plainTpotSeconds = decode.seconds + point.hostStepSeconds + others * marginal / m_meanOutput;
        if (speculative)
            *speculative = s;
    }
    // Every other request of the replica runs its prompt once per answer of E[output] tokens
    // while this one decodes: (n - 1) · E[marginal] / E[output] per token.
    const double interruption = others * marginal / m_meanOutput;
    point.tpotSeconds = stepSeconds / point.tokensPerStep + interruption;
    // The slow steps are those carrying a prompt: when at least one step in ten does, the
    // 90th percentile inter-token time is such a step.
    const double promptStepShare = std::min(1.0, others / m_meanOutput);
    point.tpotP90Seconds = promptStepShare >= 0.1
                               ? stepSeconds / point.tokensPerStep + marginal * prompts.batch
                               : point.tpotSeconds;
    point.tpotP90Seconds = std::max(point.tpotP90Seconds, point.tpotSeconds);

    // TTFT: the prompt alone at one request, or in the batch of prompts it joins (its extra time
    // over running alone); beside other requests a chunked prompt takes ceil(uncached / chunk
    // budget) steps, and a new request first waits out the running step.
    const double budget = std::max(1.0, static_cast<double>(m_base.prefillChunkTokens) - perReplica);
    const double wait = others > 0 ? stepSeconds : 0.0;
    // What every request pays before its first token beside the engine's steps: HTTP, tokenizing,
    // detokenizing (the engine profile's request overhead).
    const double fixed = m_engine->requestOverheadSeconds;
    const std::span<const ShapeCost> all = shapes();
    // Each shape's time to first token: on the stack for a few shapes, in a reused buffer beyond.
    std::array<double, 16> few{};
    if (all.size() > few.size())
        m_ttfts.resize(all.size());
    const std::span<double> ttfts =
        all.size() <= few.size() ? std::span<double>(few.data(), all.size()) : std::span<double>(m_ttfts);
    double lifetime = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const ShapeCost& shape = all[i];
        double ttft = shape.prefillSeconds + prompts.sharingSeconds;
        if (others > 0 && m_base.serving.chunkedPrefill)
            ttft = std::max(ttft, ceilPositive(shape.uncachedInput / budget) * decode.seconds +
                                      shape.marginalSeconds + prompts.sharingSeconds);
        ttfts[i] = ttft + fixed;
        lifetime += (ttfts[i] + wait / 2.0 + (shape.output - 1.0) * point.tpotSeconds) /
                    static_cast<double>(all.size());
    }
    double meanTtft = 0;
    for (double t : ttfts)
        meanTtft += t / static_cast<double>(ttfts.size());
    std::sort(ttfts.begin(), ttfts.end());
    const double p90Own = ttfts[std::min(
        ttfts.size() - 1, static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(ttfts.size()))) - 1)];

    // Prompts run one at a time queue for the prefill behind each other's work (docs/METHOD.md
    // §15.2): M/D/1 with service m, seen by each arrival from the other n - 1 requests.
    const PromptQueue queue = prompts.batch == 1 && others > 0
                                  ? promptQueue(lifetime, marginal,
                                                static_cast<double>(point.running) /
                                                    static_cast<double>(m_replicas) * others / perReplica)
                                  : PromptQueue{};
    lifetime += queue.meanSeconds;
    point.promptQueueSeconds = queue.meanSeconds;
    point.requestsPerSecond = static_cast<double>(point.running) / lifetime;
    point.outputTokensPerSecond = point.requestsPerSecond * m_meanOutput;
    point.outputTokensPerSecondPerDevice = point.outputTokensPerSecond / static_cast<double>(m_base.devices);
    point.outputTokensPerSecondPerUser = 1.0 / point.tpotSeconds;
    // Little's law: the waiting requests leave at the completion rate.
    point.queueSeconds = static_cast<double>(concurrency - point.running) / point.requestsPerSecond;
    point.ttftSeconds = meanTtft + wait / 2.0 + queue.meanSeconds + point.queueSeconds;
    point.ttftP90Seconds =
        std::max(p90Own + 0.9 * wait + queue.p90Seconds + point.queueSeconds, point.ttftSeconds);
    point.prefillSeconds = all.front().prefillSeconds;
    point.prefillMarginalSeconds = marginal;
    point.promptsPerStep = prompts.batch;

    const ServingSettings& sv = m_base.serving;
    point.meetsTargets = (!sv.ttftTargetSeconds || point.ttftP90Seconds <= *sv.ttftTargetSeconds) &&
                         (!sv.tpotTargetSeconds || point.tpotP90Seconds <= *sv.tpotTargetSeconds);
    return point;
}

// The closed loop: n requests per replica each send a prompt per lifetime L0 + W, so the prefill
// work in flight is a = n · m · (n - 1) / n over that lifetime and the utilisation ρ = a / (L0 + W).
// M/D/1's mean wait W = ρ m / (2 (1 - ρ)) (Pollaczek-Khinchine) then solves
// (x - L0)(x - a) = a m / 2 for x = L0 + W, whose root above a is taken. The tail is taken
// exponential with the same mean (Kingman's heavy-traffic approximation):
// P(wait > t) = ρ · exp(-ρ t / W).
ServingModel::PromptQueue ServingModel::promptQueue(double lifetimeSeconds, double serviceSeconds,
                                                    double othersInFlight)
{
    const double a = othersInFlight * serviceSeconds;
    if (a <= 0)
        return {};
    const double l0 = lifetimeSeconds;
    const double lifetime = 0.5 * (l0 + a + std::sqrt((l0 - a) * (l0 - a) + 2.0 * a * serviceSeconds));
    PromptQueue queue;
    queue.meanSeconds = lifetime - l0;
    const double rho = a / lifetime;
    if (rho > 0.1)
        queue.p90Seconds = queue.meanSeconds / rho * std::log(10.0 * rho);
    return queue;
}

double ServingModel::meanUncachedInput() const
{
    double sum = 0;
    const std::span<const ShapeCost> all = shapes();
    for (const ShapeCost& shape : all)
        sum += shape.uncachedInput / static_cast<double>(all.size());
    return sum;
}

double ServingModel::simulatedStepSeconds(long long decoding, long long promptTokens) const
{
    const double uncached = std::max(1.0, meanUncachedInput());
    if (decoding <= 0) { // prompts alone: their prefill, by the token
        double prefill = 0;
        const std::span<const ShapeCost> all = shapes();
        for (const ShapeCost& shape : all)
            prefill += shape.prefillSeconds / static_cast<double>(all.size());
        return hostSecondsPerStep(0.0) + static_cast<double>(promptTokens) * prefill / uncached;
    }
    const long long n = decoding;
    if (static_cast<std::size_t>(n) >= m_simulatedSteps.size())
        m_simulatedSteps.resize(static_cast<std::size_t>(n) + 1, 0.0);
    double& decode = m_simulatedSteps[static_cast<std::size_t>(n)];
    if (decode == 0.0) // one replica's n sequences: the deployment's n x replicas
        decode = decodeAt(n * m_replicas).decode.seconds;
    const double perToken = m_meanMarginal / uncached;
    return decode + hostSecondsPerStep(static_cast<double>(n)) + static_cast<double>(promptTokens) * perToken;
}

// The host's part of one engine step: its scheduler, input preparation and sampling, and beyond
// the largest batch the engine replays as a graph, the kernels launched one by one.
double ServingModel::hostSecondsPerStep(double runningPerReplica) const
{
    const EngineProfile& e = *m_engine;
    const bool eager = runningPerReplica > static_cast<double>(e.graphBatchCap);
    return e.stepOverheadSeconds + (eager ? e.eagerStepOverheadSeconds : 0.0);
}

ServingModel::Lengths::Lengths(const ServingModel& model, long long batch, long long prompt, long long output)
    : m_work(*model.m_work), m_batch(m_work.batch), m_prompt(m_work.promptTokens),
      m_output(m_work.outputTokens)
{
    m_work.batch = batch;
    m_work.promptTokens = prompt;
    m_work.outputTokens = output;
}

ServingModel::Lengths::~Lengths()
{
    m_work.batch = m_batch;
    m_work.promptTokens = m_prompt;
    m_work.outputTokens = m_output;
}

MemoryEstimate ServingModel::memoryAt(long long batch, long long prompt, long long output) const
{
    const Lengths lengths(*this, batch, prompt, output);
    return placeInMemoryTiers(
        *m_ctx, inferenceMemory(*m_ctx, static_cast<double>(batch), static_cast<double>(prompt + output)));
}

// A prefill alone (no output tokens), with the memory it runs in (its weight reads and offload).
PhaseEstimate ServingModel::prefillAt(long long batch, long long prompt) const
{
    const Lengths lengths(*this, batch, prompt, 0);
    const MemoryEstimate memory = placeInMemoryTiers(
        *m_ctx, inferenceMemory(*m_ctx, static_cast<double>(batch), static_cast<double>(prompt)));
    return prefillPhase(*m_ctx, memory);
}

ServingModel::DecodeStep ServingModel::decodeAt(long long concurrency) const
{
    const long long prompt = roundedTokens(m_meanInput);
    const long long output = roundedTokens(m_meanOutput);
    // The report's own decode step is this one when the point runs its batch at its lengths.
    if (m_evaluated && concurrency == m_base.batch && prompt == m_base.promptTokens &&
        output == m_base.outputTokens)
        return {m_evaluated->memory.tier, m_evaluated->decode};
    const Lengths lengths(*this, concurrency, prompt, output);
    const MemoryEstimate memory =
        placeInMemoryTiers(*m_ctx, inferenceMemory(*m_ctx, static_cast<double>(concurrency),
                                                   static_cast<double>(prompt + output)));
    return {memory.tier, decodePhase(*m_ctx, memory)};
}

// The target's pass over k + 1 tokens per sequence: a decode step of (k + 1) x the sequences (the
// GEMMs, the experts the tokens touch, the collectives' messages), less the k extra reads of each
// sequence's KV cache, which the k + 1 queries share.
double ServingModel::verifySeconds(long long running, const DecodeStep& step, long long draftTokens) const
{
    const DecodeStep wide = decodeAt(running * (draftTokens + 1));
    const double k = static_cast<double>(draftTokens);
    if (wide.tier != step.tier) {
        // The wider batch would spill: scale the step's own terms instead.
        const TimeBreakdown& b = step.decode.breakdown;
        return std::max((k + 1.0) * b.computeSeconds, b.memorySeconds) + b.communicationSeconds +
               b.latencySeconds + b.offloadSeconds + b.kvStreamSeconds +
               (k + 1.0) * (b.nonGemmSeconds - b.kvStreamSeconds);
    }
    // Verifying k + 1 tokens does at least one decode step's work; where the wide batch's KV
    // terms are not the step's (an empty pool runs one request in a spilled tier) the
    // subtraction could otherwise go below it, even below zero.
    return std::max(step.decode.seconds, wide.decode.seconds - k * step.decode.breakdown.kvStreamSeconds);
}

// The draft model on the same devices with its own split, at the scenario's lengths; its own
// format (bf16 unless its checkpoint is quantized).
Scenario ServingModel::draftScenario(long long batch) const
{
    Scenario s = m_base;
    s.modelId.clear();
    s.modelConfig.reset();
    s.weightsGiven = false;
    s.weights = Precision::Bf16;
    s.parallelism.reset();
    s.batch = batch;
    s.promptTokens = roundedTokens(m_meanInput);
    s.outputTokens = roundedTokens(m_meanOutput);
    s.serving = {};
    return s;
}

// What a prefill adds to the decode steps it joins. Run as its own step it stalls them for all of
// it. Chunked into them, its weight reads, kernel launches and collectives' latency are the
// steps' own: it adds its compute, element-wise passes, the bytes its collectives put on the
// link and its offload.
double ServingModel::marginalOf(const PhaseEstimate& p) const
{
    if (!m_base.serving.chunkedPrefill)
        return p.seconds;
    const double linkRate = interconnectLineBytesPerSecond(m_device) * m_ctx->eff.network;
    const double wire = linkRate > 0 ? p.interconnectBytes / linkRate : p.breakdown.communicationSeconds;
    const TimeBreakdown& b = p.breakdown;
    return std::min(p.seconds, b.computeSeconds + b.nonGemmSeconds + std::min(wire, b.communicationSeconds) +
                                   b.offloadSeconds);
}

ServingModel::PromptBatch ServingModel::promptBatch(long long perReplica) const
{
    const double uncached =
        std::max(1.0, roundPositive(m_meanInput * (1.0 - m_base.serving.prefixCacheHitRatio)));
    const double fitInChunk =
        std::max(1.0, floorPositive(static_cast<double>(m_base.prefillChunkTokens) / uncached));
    const auto batch =
        static_cast<long long>(std::clamp(roundPositive(static_cast<double>(perReplica) / m_meanOutput), 1.0,
                                          std::min(fitInChunk, static_cast<double>(perReplica))));
    if (batch <= 1)
        return {1, m_meanMarginal, 0.0};
    if (m_lastPromptBatch.batch == batch)
        return m_lastPromptBatch;
    if (const auto it = m_promptBatches.find(batch); it != m_promptBatches.end())
        return it->second;
    // `batch` prompts on each replica
    const PhaseEstimate prefill = prefillAt(batch * m_replicas, static_cast<long long>(uncached));
    double alone = 0;
    const std::span<const ShapeCost> all = shapes();
    for (const ShapeCost& shape : all)
        alone += shape.prefillSeconds / static_cast<double>(all.size());
    const PromptBatch result{batch, marginalOf(prefill) / static_cast<double>(batch),
                             std::max(0.0, prefill.seconds - alone)};
    // The first batch worked out stays at hand (a report asks for one), the others in the map.
    if (m_lastPromptBatch.batch <= 1)
        m_lastPromptBatch = result;
    else
        m_promptBatches.emplace(batch, result);
    return result;
}

ServingModel::ShapeCost ServingModel::shapeCost(const RequestShape& shape) const
{
    ShapeCost cost;
    cost.input = static_cast<double>(shape.inputTokens);
    cost.output = static_cast<double>(shape.outputTokens);
    const double hit = m_base.serving.prefixCacheHitRatio;
    // A prefix-cache hit skips the prompt's cached tokens (vLLM automatic prefix caching);
    // the new tokens' attention over the cached ones is left out (docs/METHOD.md §15.1).
    cost.uncachedInput = std::max(1.0, roundPositive(cost.input * (1.0 - hit)));
    const PhaseEstimate prefill = prefillAt(1, static_cast<long long>(cost.uncachedInput));
    cost.prefillSeconds = prefill.seconds;
    cost.marginalSeconds = marginalOf(prefill);
    return cost;
}

// One draft step at this concurrency: the draft model's decode step on the same devices, or
// one multi-token-prediction module, a decoder layer of the model (DeepSeek-V3 §2.2).
double ServingModel::draftStepSeconds(long long running, double decodeSeconds) const
{
    if (m_base.serving.speculative.draft == DraftKind::Mtp)
        return decodeSeconds / static_cast<double>(m_arch.layers);
    return estimate(draftScenario(running), m_device, *m_inputs.draftModel, phasesOnly()).decode->seconds;
}

// The KV pool (docs/METHOD.md §15.3): gpu_memory_utilization of the device less everything
// that is not KV cache, holding each running sequence's uncached tokens in whole blocks and
// each cached prefix once per replica.
void ServingModel::kvPool()
{
    // one sequence per replica
    const MemoryEstimate one = memoryAt(m_replicas, roundedTokens(m_meanInput), roundedTokens(m_meanOutput));
    const MemoryBreakdown& m = one.perDevice;
    double fixedBytes = m.weightsBytes + m.visionWeightsBytes + m.activationsBytes + m.adaptersBytes +
                        m.dequantWorkspaceBytes + m.runtimeContextBytes + m.communicationBuffersBytes;
    const SpeculativeSettings& spec = m_base.serving.speculative;
    if (spec.draft == DraftKind::Model && m_inputs.draftModel) {
        const Report draft =
            estimate(draftScenario(m_replicas), m_device, *m_inputs.draftModel, phasesOnly());
        fixedBytes += draft.memory.perDevice.weightsBytes + draft.memory.perDevice.kvCacheBytes;
    } else if (spec.draft == DraftKind::Model) {
        m_warnings.push_back(message(LHE_TEXT("CoreMessage", "speculative decoding left out: the draft "
                                                             "model \"%1\" was not resolved"),
                                     spec.draftModelId));
    } else if (spec.draft == DraftKind::Mtp && m_arch.mtpLayers == 0) {
        m_warnings.push_back(message(LHE_TEXT("CoreMessage", "speculative decoding left out: the model has "
                                                             "no multi-token-prediction layers")));
    }
    const double sequence = m.kvCacheBytes + m.recurrentStateBytes;
    const double tokens = m_meanInput + m_meanOutput;
    // The mean cached part of a prompt, unrounded: the mean of a request list is rarely a whole
    // number of tokens, and rounding it up made the cached part negative with no cache at all.
    const double cached =
        std::max(0.0, m_meanInput - std::max(1.0, m_meanInput * (1.0 - m_base.serving.prefixCacheHitRatio)));
    const double unique = tokens - cached;
    const double block = static_cast<double>(m_base.serving.kvBlockTokens);
    const double padded = ceilPositive(unique / block) * block;
    m_sequenceBytes = sequence * padded / tokens;
    m_sharedBytes = sequence * cached / tokens;
    m_poolBytes = m_base.overheads.gpuMemoryUtilization * m_device.usableMemoryBytes() - fixedBytes;
    const double perReplica = m_sequenceBytes > 0
                                  ? floorPositive((m_poolBytes - m_sharedBytes) / m_sequenceBytes)
                                  : static_cast<double>(kMaxScenarioCount);
    m_maxKv = static_cast<long long>(std::clamp(perReplica * static_cast<double>(m_replicas), 0.0,
                                                static_cast<double>(kMaxScenarioCount)));
    // A scenario that already spills has its memory verdict and offload term; the empty pool
    // is only news when everything else fits.
    if (m_maxKv == 0 && one.tier == OffloadTier::None)
        m_warnings.push_back(
            message(LHE_TEXT("CoreMessage", "the KV pool holds no request: weights and "
                                            "activations leave %1 GB of the %2 GB that "
                                            "gpu_memory_utilization allows; serving "
                                            "figures assume one request could run"),
                    std::max(0.0, m_poolBytes) / 1e9,
                    m_base.overheads.gpuMemoryUtilization * m_device.usableMemoryBytes() / 1e9));
}

} // namespace lhe::core
