#include "core/estimate/estimator.h"

#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/estimate/communication.h"
#include "core/estimate/memory_model.h"
#include "core/estimate/phase_model.h"
#include "core/model/tensor_architecture.h"
#include "core/serving/serving.h"
#include "core/serving/serving_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace lhe::core {

namespace {

// Compute column that runs `precision` (an A100 runs an fp8 model's matmuls in bf16). A device lacking the
// scenario's compute column runs the products in the fastest format it has that holds the data without loss:
// a wider one, or one as wide of the same kind (mxfp4 -> nvfp4 or fp4). An integer format may widen to a
// 16-bit float, never to a float of its own width, and a float never narrows to an integer. A device with
// none of those (an int8-only laptop NPU asked for bf16) uses its fastest column and says that it is
// narrower. The catalog's missing column means "not native" (README, "Devices"): no rate is ever assumed from
// another. The warning is built only when `warnings` is given: the split searches and the serving model's
// inner evaluations resolve the same column again and drop it.
PeakKey resolveComputeKey(const Device& device, Precision precision, std::vector<Message>* warnings)
{
    const PeakKey wanted = computeKey(precision).value_or(PeakKey::Bf16);
    struct Format
    {
        int bits;
        bool integer;
    };
    static constexpr std::array<Format, kPeakKeyCount> kFormats{{
        {64, false},
        {32, false},
        {19, false},
        {16, false},
        {16, false},
        {8, false}, // fp64 .. fp8
        {8, true},
        {4, true},
        {4, false},
        {8, false},
        {4, false},
        {4, false}, // int8 .. nvfp4
    }};
    const auto format = [](PeakKey key) { return kFormats[static_cast<std::size_t>(key)]; };
    const Format want = format(wanted);
    const auto holdsData = [&](PeakKey key) {
        const Format have = format(key);
        if (have.integer != want.integer)
            return have.bits > want.bits && !have.integer; // int -> a wider float only
        return have.bits >= want.bits;
    };
    std::optional<PeakKey> best;
    std::optional<PeakKey> fastest;
    for (std::size_t i = 0; i < kPeakKeyCount; ++i) {
        const auto key = static_cast<PeakKey>(i);
        if (device.peak(key) <= 0)
            continue;
        if (!fastest || device.peak(key) > device.peak(*fastest))
            fastest = key;
        if (holdsData(key) && (!best || device.peak(key) > device.peak(*best)))
            best = key;
    }
    const std::string_view wantedName = peakKeyName(wanted);
    // A native column slower than a wider one (Blackwell Ultra's vestigial INT8: 0.15 POPS beside
    // 2.25 PFLOP/s BF16) is not what an engine would run: it dequantizes to the faster format.
    if (device.peak(wanted) > 0) {
        if (*best == wanted || device.peak(*best) <= device.peak(wanted))
            return wanted;
        if (warnings)
            warnings->push_back(
                message(LHE_TEXT("CoreMessage", "%1 runs %2 slower than %3; compute uses its %3 peak"),
                        device.name, wantedName, peakKeyName(*best)));
        return *best;
    }
    if (best) {
        if (warnings)
            warnings->push_back(
                message(LHE_TEXT("CoreMessage", "%1 has no %2 peak; compute uses its %3 peak"), device.name,
                        wantedName, peakKeyName(*best)));
        return *best;
    }
    if (fastest) { // a loader guarantees at least one column
        if (warnings)
            warnings->push_back(
                message(LHE_TEXT("CoreMessage", "%1 has no %2 peak nor a wider one; compute uses its %3 "
                                                "peak, as if the model were quantized to it"),
                        device.name, wantedName, peakKeyName(*fastest)));
        return *fastest;
    }
    return PeakKey::Bf16;
}

void validateSplit(const Parallelism& split, const ModelArchitecture& arch)
{
    if (arch.heads % split.tensor != 0)
        throw InputError("parallelism.tensor",
                         message(LHE_TEXT("CoreMessage", "%1 must divide the model's %2 attention heads"),
                                 split.tensor, arch.heads));
    if (split.pipeline > arch.layers)
        throw InputError("parallelism.pipeline",
                         message(LHE_TEXT("CoreMessage", "%1 stages exceed the model's %2 layers"),
                                 split.pipeline, arch.layers));
    if (split.expert > 1 && !arch.isMoe())
        throw InputError("parallelism.expert",
                         message(LHE_TEXT("CoreMessage", "must be 1 for a dense model")));
    if (arch.isMoe() && arch.experts % split.expert != 0)
        throw InputError("parallelism.expert",
                         message(LHE_TEXT("CoreMessage", "%1 must divide the model's %2 experts"),
                                 split.expert, arch.experts));
}

// Whether an explicit grad_accum fits the split: the global batch is micro_batch x grad_accum x
// data-parallel replicas (Narayanan et al. 2021, "Efficient Large-Scale Language Model Training
// on GPU Clusters Using Megatron-LM", section 2.2: m = B / (b x d) micro-batches per pipeline).
bool gradAccumFits(const Scenario& scenario, double replicas)
{
    const auto& tr = scenario.training;
    return !tr.gradAccum ||
           static_cast<double>(tr.microBatch) * static_cast<double>(*tr.gradAccum) * replicas ==
               static_cast<double>(scenario.batch);
}

std::string formatCount(double count)
{
    return count < 9e15 ? std::to_string(static_cast<long long>(count)) : json_fields::formatNumber(count);
}

long long trainingMicroBatches(const EvaluationContext& ctx, std::vector<Message>* warnings)
{
    const auto& tr = ctx.scenario.training;
    const double perStep = ctx.replicas() * static_cast<double>(tr.microBatch);
    if (tr.gradAccum) {
        if (!gradAccumFits(ctx.scenario, ctx.replicas()))
            throw InputError(
                "training.grad_accum",
                message(
                    LHE_TEXT("CoreMessage",
                             "micro_batch %1 x grad_accum %2 x data-parallel degree %3 = %4 sequences, but "
                             "batch is %5; the global batch is micro_batch x grad_accum x data-parallel "
                             "degree (leave grad_accum out to derive it from the batch)"),
                    tr.microBatch, tr.gradAccum.value_or(1), static_cast<long long>(ctx.replicas()),
                    formatCount(static_cast<double>(tr.microBatch) *
                                static_cast<double>(tr.gradAccum.value_or(1)) * ctx.replicas()),
                    ctx.scenario.batch));
        return *tr.gradAccum;
    }
    const long long m = static_cast<long long>(ceilDiv(static_cast<double>(ctx.scenario.batch), perStep));
    if (warnings && static_cast<double>(m) * perStep != static_cast<double>(ctx.scenario.batch))
        warnings->push_back(message(
            LHE_TEXT("CoreMessage",
                     "batch %1 is not a multiple of data-parallel replicas x micro-batch; rounded up to %2"),
            ctx.scenario.batch, static_cast<long long>(static_cast<double>(m) * perStep)));
    return std::max(1LL, m);
}

MemoryBreakdown scenarioMemory(const EvaluationContext& ctx, long long microBatches)
{
    const auto& s = ctx.scenario;
    if (s.mode == Mode::Training)
        return trainingMemory(ctx, microBatches);
    const double context = static_cast<double>(s.promptTokens + s.outputTokens);
    return inferenceMemory(ctx, static_cast<double>(s.batch), context);
}

// Largest x in [1, upper] with fits(x), assuming fits is monotone; 0 when even 1 does not fit.
// Gallops from `guess` in steps 1, 2, 4, ... and bisects the bracket. Memory is nearly affine
// in batch and context, so the two-point guess is usually within a few units of the answer and
// a search costs 3-6 evaluations instead of bisection's ~30.
template <typename Fits> long long largestFitting(long long upper, long long guess, Fits fits)
{
    long long lo = 0;         // fits (0: nothing does, by convention)
    long long hi = upper + 1; // does not fit (or past the range)
    const long long g = std::clamp(guess, 1LL, upper);
    if (fits(g)) {
        lo = g;
        for (long long step = 1; lo < upper; step *= 2) {
            const long long next = std::min(upper, lo + step);
            if (!fits(next)) {
                hi = next;
                break;
            }
            lo = next;
        }
    } else {
        hi = g;
        for (long long step = 1; hi > 1; step *= 2) {
            const long long next = std::max(1LL, hi - step);
            if (fits(next)) {
                lo = next;
                break;
            }
            hi = next;
        }
    }
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

// Two-point linear guess of where need(x) reaches capacity, from need(x1) = y1 and need(x2) = y2.
long long linearGuess(double capacity, double x1, double x2, double y1, double y2)
{
    const double slope = (y2 - y1) / (x2 - x1);
    if (!(slope > 0))
        return 1'000'000'000LL;
    return static_cast<long long>(std::clamp(x1 + (capacity - y1) / slope, 1.0, 1e9));
}

// Two secant steps: the first from x1 and x1 + step, the second from that guess and its
// neighbour. The second pair sits in the regime the answer is in (activations stop growing
// once a prefill pass fills a chunk; KV grows linearly from there), so the guess is usually
// exact to a step and largestFitting needs 2-4 more probes instead of ~15. x1 is the scenario's
// own batch or context, whose need the report has already worked out: one probe fewer each.
struct SecantSearch
{
    double x1;
    double step;
    double need1; // need(x1)
};

// The guesses of two secant searches, each step of the one taken beside the same step of the
// other: their memory probes do not depend on each other, and the processor overlaps them
// instead of waiting for one search's chain of probes and divisions before the other's.
template <typename NeedA, typename NeedB>
std::pair<long long, long long> secantGuesses(double capacity, SecantSearch a, NeedA& needA, SecantSearch b,
                                              NeedB& needB)
{
    const double a2 = needA(a.x1 + a.step);
    const double b2 = needB(b.x1 + b.step);
    const double aFirst = static_cast<double>(linearGuess(capacity, a.x1, a.x1 + a.step, a.need1, a2));
    const double bFirst = static_cast<double>(linearGuess(capacity, b.x1, b.x1 + b.step, b.need1, b2));
    const bool aDone = aFirst >= 1e9;
    const bool bDone = bFirst >= 1e9;
    const double a3 = aDone ? 0.0 : needA(aFirst);
    const double a4 = aDone ? 0.0 : needA(aFirst + a.step);
    const double b3 = bDone ? 0.0 : needB(bFirst);
    const double b4 = bDone ? 0.0 : needB(bFirst + b.step);
    return {aDone ? 1'000'000'000LL : linearGuess(capacity, aFirst, aFirst + a.step, a3, a4),
            bDone ? 1'000'000'000LL : linearGuess(capacity, bFirst, bFirst + b.step, b3, b4)};
}

// need(x) with its last four answers kept: the secant's second step probes its guess and the next
// step, and largestFitting asks for the same two again when that guess is exact, the common case
// (memory is affine in the batch and context there).
template <typename Need> class RememberedNeed
{
public:
    explicit RememberedNeed(Need need) : m_need(need) {}
    double operator()(double x)
    {
        for (std::size_t i = 0; i < m_count; ++i) {
            if (m_x[i] == x)
                return m_y[i];
        }
        const double y = m_need(x);
        m_x[m_next] = x;
        m_y[m_next] = y;
        m_next = (m_next + 1) % m_x.size();
        m_count = std::min(m_count + 1, m_x.size());
        return y;
    }

private:
    Need m_need;
    std::array<double, 4> m_x{};
    std::array<double, 4> m_y{};
    std::size_t m_count = 0;
    std::size_t m_next = 0;
};

} // namespace

namespace {

// The inference rule: tensor parallel within a node up to the head count, then the fewest
// pipeline stages that fit, then data parallel.
Parallelism inferenceSplit(const Scenario& scenario, const Device& device, const ModelArchitecture& arch)
{
    Parallelism split;
    // Divisors by trial division without building a list: a report is meant to cost about a
    // microsecond and allocations were a tenth of it. Tensor degrees stop at the node size and the
    // head count (the largest that divides both is the one kept), pipeline depths at the layer
    // count, in ascending order.
    const long long tensorLimit =
        std::min({scenario.devices, static_cast<long long>(device.devicesPerNode), arch.heads});
    for (long long t = tensorLimit; t > 1; --t) { // the largest degree first: 64-bit divisions are slow
        if (scenario.devices % t == 0 && arch.heads % t == 0) {
            split.tensor = t;
            break;
        }
    }
    const long long rest = scenario.devices / split.tensor;
    long long chosen = 0;
    long long deepest = 1;
    EvaluationContext ctx{scenario, device, arch, split}; // memory needs no efficiencies
    for (long long p = 1; p <= std::min(rest, arch.layers); ++p) {
        if (rest % p != 0)
            continue;
        deepest = p;
        ctx.setSplit(Parallelism{split.tensor, p, rest / p, 1});
        const MemoryBreakdown memory = scenarioMemory(ctx, 1);
        if (memory.totalBytes() <= device.usableMemoryBytes()) {
            chosen = p;
            break;
        }
    }
    split.pipeline = chosen > 0 ? chosen : deepest;
    split.data = rest / split.pipeline;
    return split;
}

// Calls visit(d) for every divisor d of n up to `limit`, ascending. Trial division up to the square
// root of n, each divisor found giving its cofactor too, when that takes fewer 64-bit divisions
// than trying every number up to the limit (the training split's pipeline depths: 8 divisions for
// 64 devices instead of 64).
template <typename Visit> void forEachDivisorUpTo(long long n, long long limit, Visit visit)
{
    const long long top = std::min(n, limit);
    long long root = static_cast<long long>(std::sqrt(static_cast<double>(n)));
    while (root * root > n)
        --root;
    while ((root + 1) * (root + 1) <= n)
        ++root;
    if (top <= root || n > kMaxScenarioDevices) {
        for (long long d = 1; d <= top; ++d)
            if (n % d == 0)
                visit(d);
        return;
    }
    std::array<long long, 256> cofactors; // n <= 10^7: at most 224 above its root; those written are read
    std::size_t large = 0;
    for (long long d = 1; d <= root; ++d) {
        if (n % d != 0)
            continue;
        visit(d);
        const long long cofactor = n / d;
        if (cofactor != d && cofactor <= top)
            cofactors[large++] = cofactor; // descending
    }
    while (large > 0)
        visit(cofactors[--large]);
}

// What the automatic training split weighed (Report warnings say it).
struct TrainingSplitChoice
{
    Parallelism split;
    int candidates = 0;
    int fitting = 0;
};

// A candidate that fits, with what its step time needs and the compute part of it (a lower bound).
struct FittingSplit
{
    Parallelism split;
    long long microBatches = 1;
    MemoryEstimate memory;
    TrainingCompute compute;
};

// The fastest of the splits that fit, the earliest of equally fast ones, as a scan in candidate
// order that keeps a split only when it is strictly faster chooses: the first that fits unless a
// later one is faster (and the first when its own time is not a number). Whole steps are worked
// out from the smallest compute time up, until a compute time alone exceeds the fastest step
// found: every other term of a step adds to its compute, so those splits are not faster.
std::size_t fastestSplit(EvaluationContext& ctx, const std::vector<FittingSplit>& fitting)
{
    const auto stepSeconds = [&](std::size_t i) {
        ctx.setSplit(fitting[i].split);
        return trainingStepSeconds(ctx, fitting[i].memory, fitting[i].microBatches, fitting[i].compute);
    };
    std::size_t best = 0;
    double bestSeconds = stepSeconds(0);
    if (std::isnan(bestSeconds))
        return 0;
    std::vector<std::size_t> order;
    order.reserve(fitting.size());
    for (std::size_t i = 1; i < fitting.size(); ++i)
        order.push_back(i);
    const auto lower = [&](std::size_t i) { return fitting[i].compute.computeSeconds; };
    // Splits whose compute time is not a number first (no bound), then by compute time, then in
    // candidate order.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (std::isnan(lower(a)) || std::isnan(lower(b)))
            return std::isnan(lower(a)) ? !std::isnan(lower(b)) || a < b : false;
        return lower(a) != lower(b) ? lower(a) < lower(b) : a < b;
    });
    for (std::size_t i : order) {
        if (lower(i) > bestSeconds)
            break;
        if (lower(i) == bestSeconds && i > best) // at best as fast, and later
            continue;
        const double seconds = stepSeconds(i);
        if (seconds < bestSeconds || (seconds == bestSeconds && i < best)) {
            best = i;
            bestSeconds = seconds;
        }
    }
    return best;
}

// Training: every tensor degree within a node (dividing the heads) x every pipeline depth, the
// rest data parallel with the scenario's ZeRO stage. The fastest step among the splits that fit;
// when none fits, the one that needs the least memory per device. Tensor parallelism saves
// memory but pays two all-reduces per layer each way; data parallelism with ZeRO shards the
// training state and hides its gradient all-reduce under the backward pass.
TrainingSplitChoice trainingSplit(const Scenario& scenario, const Device& device,
                                  const ModelArchitecture& arch)
{
    TrainingSplitChoice best;
    double bestNeed = 0;
    // One context for every candidate (setSplit): the efficiencies, the compute column and the
    // LoRA counts are the same for all.
    EvaluationContext ctx = calibratedContext(scenario, device, arch, Parallelism{});
    std::vector<FittingSplit> fitting;
    fitting.reserve(32);
    const long long tensorLimit =
        std::min({scenario.devices, static_cast<long long>(device.devicesPerNode), arch.heads});
    for (long long t = 1; t <= tensorLimit; ++t) {
        if (scenario.devices % t != 0 || arch.heads % t != 0)
            continue;
        const long long rest = scenario.devices / t;
        forEachDivisorUpTo(rest, arch.layers, [&](long long p) {
            const long long data = rest / p; // exact: p divides rest
            // An explicit grad_accum fixes the data-parallel degree: only splits that keep
            // micro_batch x grad_accum x data = batch are candidates.
            if (!gradAccumFits(scenario, static_cast<double>(data)))
                return;
            ctx.setSplit(Parallelism{t, p, data, 1});
            const long long micro = trainingMicroBatches(ctx, nullptr);
            const MemoryBreakdown memory = trainingMemory(ctx, micro);
            const double need = memory.totalBytes();
            ++best.candidates;
            // Splits that fit compete on step time (fastestSplit), the others on memory alone.
            if (need <= device.usableMemoryBytes()) {
                fitting.push_back(
                    {ctx.split, micro, placeInMemoryTiers(ctx, memory), trainingCompute(ctx, micro)});
            } else if (fitting.empty() && (best.candidates == 1 || need < bestNeed)) {
                best.split = ctx.split;
                bestNeed = need;
            }
        });
    }
    best.fitting = static_cast<int>(fitting.size());
    if (!fitting.empty())
        best.split = fitting[fastestSplit(ctx, fitting)].split;
    return best;
}

// The same step's memory under each training method, the split and every other setting as given:
// the headline's "which methods fit this device" (TrainingEstimate::methodBytes).
void compareMethods(Report& report, const Device& device, const ModelArchitecture& arch,
                    long long microBatches)
{
    Scenario& scenario = report.scenario;
    report.training->methodsCompared = true;
    const TrainingMethod own = scenario.training.method;
    // One context for the other methods: it reads the method through the scenario, and LoRA and
    // QLoRA adapt the same modules (the counts depend on the LoRA settings alone), read once.
    const EvaluationContext ctx{scenario, device, arch, *scenario.parallelism};
    for (TrainingMethod method : {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora}) {
        const auto i = static_cast<std::size_t>(method);
        std::optional<double> bytes = report.memory.perDevice.totalBytes();
        if (method != own) {
            scenario.training.method = method; // restored below; the context reads it by reference
            try {
                bytes = trainingMemory(ctx, microBatches).totalBytes();
            } catch (const InputError&) { // adapter targets this model lacks (full training ignores them)
                bytes.reset();
            }
            scenario.training.method = own;
        }
        report.training->methodBytes[i] = bytes;
        report.training->methodFits[i] = bytes && *bytes <= device.usableMemoryBytes();
    }
}

} // namespace

EvaluationContext calibratedContext(const Scenario& scenario, const Device& device,
                                    const ModelArchitecture& arch, const Parallelism& split,
                                    std::vector<Message>* warnings)
{
    EvaluationContext ctx{scenario, device, arch, split, calibratedEfficiencies(scenario, device)};
    ctx.computePeakKey = resolveComputeKey(device, scenario.compute, warnings);
    ctx.peakFlopsPerSecond = device.peak(ctx.computePeakKey);
    return ctx;
}

Report estimate(const Scenario& input, const Device& device, const ModelArchitecture& arch,
                const EstimateOptions& options)
{
    Report report;
    report.scenario = input;
    Scenario& scenario = report.scenario;
    // A quantized checkpoint is served as stored unless the scenario names a weight format.
    if (!scenario.weightsGiven && arch.checkpointQuantized && scenario.mode == Mode::Inference)
        scenario.weights = Precision::Checkpoint;
    if (scenario.weights == Precision::Checkpoint && scenario.mode == Mode::Training)
        throw InputError(
            "precision.weights",
            message(LHE_TEXT("CoreMessage", "\"checkpoint\" is the stored (quantized) format, for inference; "
                                            "training allows %1"),
                    allowedPrecisionNames(false)));
    // The engine's batching defaults where the scenario gives none (docs/METHOD.md §15.8).
    const EngineProfile* engine = nullptr;
    if (scenario.mode == Mode::Inference) {
        engine = options.engine ? options.engine
                                : &Catalog::builtIn().servingEngine(scenario.serving.engine, device);
        scenario.serving.engine = engine->id;
        if (!scenario.serving.kvBlockTokensGiven)
            scenario.serving.kvBlockTokens = engine->kvBlockTokens;
        if (!scenario.prefillChunkGiven)
            scenario.prefillChunkTokens = engine->maxBatchedTokens;
        // The echo states what was used (and reads back as the same scenario).
        scenario.serving.kvBlockTokensGiven = true;
        scenario.prefillChunkGiven = true;
    }
    std::vector<Message> splitNotes;
    if (scenario.parallelism) {
        validateSplit(*scenario.parallelism, arch);
    } else if (scenario.mode == Mode::Training) {
        const TrainingSplitChoice choice = trainingSplit(scenario, device, arch);
        if (choice.candidates == 0) {
            const auto& tr = scenario.training;
            throw InputError(
                "training.grad_accum",
                message(LHE_TEXT("CoreMessage",
                                 "no split of %1 devices has a data-parallel degree d with "
                                 "micro_batch %2 x grad_accum %3 x d = batch %4; the global batch is "
                                 "micro_batch x grad_accum x data-parallel degree (leave grad_accum "
                                 "out to derive it from the batch)"),
                        scenario.devices, tr.microBatch, tr.gradAccum.value_or(1), scenario.batch));
        }
        scenario.parallelism = choice.split;
        if (choice.candidates > 1)
            splitNotes.push_back(
                choice.fitting > 0
                    ? message(LHE_TEXT("CoreMessage",
                                       "automatic training split: tensor %1 x pipeline %2 x data %3, "
                                       "the fastest of %4 splits that fit"),
                              choice.split.tensor, choice.split.pipeline, choice.split.data, choice.fitting)
                    : message(LHE_TEXT("CoreMessage",
                                       "automatic training split: tensor %1 x pipeline %2 x data %3 "
                                       "needs the least memory; none of %4 splits fits"),
                              choice.split.tensor, choice.split.pipeline, choice.split.data,
                              choice.candidates));
    } else {
        scenario.parallelism = inferenceSplit(scenario, device, arch);
    }

    EvaluationContext ctx =
        calibratedContext(scenario, device, arch, *scenario.parallelism, &report.warnings);
    report.efficiencies = ctx.eff;
    report.deviceName = device.name;

    report.paramsTotal = arch.paramsTotal;
    report.paramsActive = arch.paramsActive;
    report.paramsVision = arch.paramsVision;
    report.paramsMtp = arch.paramsMtp;
    report.kvCacheBytesPerToken = arch.kvBytesPerNewToken(bytesPerElement(scenario.kvCache));
    report.recurrentStateBytesPerSequence =
        arch.stateElementsPerSequence() * bytesPerElement(scenario.activations);
    report.approximations = arch.approximations;
    report.modelSource = arch.source;
    report.checkpointFormat = arch.checkpointSummary;
    report.checkpointBytes = arch.checkpointBytes;
    report.layersByKind = arch.layersByKind;
    if (scenario.mode == Mode::Training) {
        report.paramsTrainable = arch.paramsTotal;
        if (ctx.adapterTraining()) {
            const LoraCounts& lora = ctx.adapterCounts(); // InputError for a target the model lacks
            report.paramsTrainable = lora.trainableParams;
            report.adaptedModules = lora.adaptedNames;
        }
    }

    // Training sequences are prompt_tokens long; inference contexts grow by the output.
    const long long contextTokens =
        scenario.promptTokens + (scenario.mode == Mode::Training ? 0 : scenario.outputTokens);
    if (arch.maxPositions > 0 && contextTokens > arch.maxPositions)
        report.warnings.push_back(message(
            LHE_TEXT("CoreMessage", "context of %1 tokens exceeds the model's max_position_embeddings %2"),
            contextTokens, arch.maxPositions));
    if (static_cast<double>(scenario.batch) < ctx.replicas())
        report.warnings.push_back(
            message(LHE_TEXT("CoreMessage",
                             "batch %1 is smaller than the %2 data-parallel replicas; some replicas idle"),
                    scenario.batch, static_cast<long long>(ctx.replicas())));

    report.warnings.insert(report.warnings.end(), splitNotes.begin(), splitNotes.end());
    if (scenario.mode == Mode::Training && scenario.training.zeroStage > 0 && ctx.replicas() <= 1)
        report.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "ZeRO stage %1 has no effect: data parallel is 1, "
                                            "so there are no replicas to shard the training "
                                            "state across"),
                    scenario.training.zeroStage));
    const long long microBatches =
        scenario.mode == Mode::Training ? trainingMicroBatches(ctx, &report.warnings) : 1;
    if (scenario.mode == Mode::Training)
        scenario.training.gradAccum = microBatches; // echo the derived value
    const MemoryBreakdown needed = scenarioMemory(ctx, microBatches);
    report.memory = placeInMemoryTiers(ctx, needed);
    if (scenario.mode == Mode::Training)
        report.memory.stages = trainingStageMemory(ctx, microBatches);
    if (report.memory.tier == OffloadTier::DoesNotFit)
        report.warnings.push_back(message(LHE_TEXT(
            "CoreMessage", "does not fit even with host RAM and disk offload; times assume it could run")));

    // The datasheet roofline: the same work at every efficiency 1 (memory, and so any offload, is
    // the calibrated estimate's). An inference phase's work is worked out once and timed twice.
    std::optional<EvaluationContext> ideal;
    if (options.ideal) {
        ideal.emplace(scenario, device, arch, *scenario.parallelism, idealEfficiencies(), ctx.computePeakKey,
                      ctx.peakFlopsPerSecond);
    }
    if (scenario.mode == Mode::Inference) {
        {
            const PhaseWork work = prefillWork(ctx, report.memory);
            timePhase(ctx, report.memory, work, report.prefill.emplace(work.phase));
            if (ideal)
                timePhase(*ideal, report.memory, work, report.ideal.prefill.emplace(work.phase));
        }
        if (scenario.outputTokens > 0) { // output_tokens 0 means prefill only (docs/CONTRACT §2 Scenario)
            const PhaseWork work = decodeWork(ctx, report.memory);
            timePhase(ctx, report.memory, work, report.decode.emplace(work.phase));
            if (ideal)
                timePhase(*ideal, report.memory, work, report.ideal.decode.emplace(work.phase));
        }
        if (options.limits) {
            const double capacity = device.usableMemoryBytes();
            const double context = static_cast<double>(scenario.promptTokens + scenario.outputTokens);
            InferenceLimits limits;
            RememberedNeed needForBatch(
                [&](double b) { return inferenceTotalBytes(inferenceMemory(ctx, b, context)); });
            RememberedNeed needForContext([&](double c) {
                return inferenceTotalBytes(inferenceMemory(ctx, static_cast<double>(scenario.batch), c));
            });
            const double r = ctx.replicas();                // batch steps of one sequence per replica
            const double own = inferenceTotalBytes(needed); // at the scenario's batch and context
            const auto [batchGuess, contextGuess] =
                secantGuesses(capacity, SecantSearch{static_cast<double>(scenario.batch), r, own},
                              needForBatch, SecantSearch{context, 1 << 16, own}, needForContext);
            limits.maxBatchFits = largestFitting(1'000'000'000LL, batchGuess, [&](long long b) {
                return needForBatch(static_cast<double>(b)) <= capacity;
            });
            limits.maxContextFits = largestFitting(1'000'000'000LL, contextGuess, [&](long long c) {
                return needForContext(static_cast<double>(c)) <= capacity;
            });
            report.limits = limits;
        }
    } else {
        report.training = trainingStep(ctx, report.memory, microBatches);
        if (options.limits)
            compareMethods(report, device, arch, microBatches);
    }
    if (ideal && report.training) {
        ideal->shareFilled(ctx);
        report.ideal.training = trainingStep(*ideal, report.memory, microBatches);
    }

    if (options.serving && report.decode) {
        const EvaluatedScenario evaluated{scenario, ctx, report.memory, *report.decode};
        ServingInputs inputs;
        inputs.draftModel = options.draftModel;
        inputs.engine = engine;
        servingEstimate(scenario, device, arch, inputs, &evaluated, report.serving);
        const ServingSettings& sv = scenario.serving;
        if (report.serving && options.limits && (sv.ttftTargetSeconds || sv.tpotTargetSeconds)) {
            const DeviceRanking size = sizeOnDevice(scenario, device, arch, inputs, sv.pricePerDeviceHour);
            if (size.split)
                report.serving->devicesNeeded =
                    ServingEstimate::DevicesNeeded{size.devicesNeeded, *size.split, size.meetsTargets};
            // The scenario's own split is a candidate too: where it meets the targets with every
            // request held on fewer devices than the default splits need, it is the answer.
            const ServingEstimate& own = *report.serving;
            const bool ownServes = own.point.meetsTargets && report.memory.tier == OffloadTier::None &&
                                   own.maxConcurrencyKv >= own.point.concurrency;
            if (ownServes && (!size.meetsTargets || scenario.devices < size.devicesNeeded))
                report.serving->devicesNeeded =
                    ServingEstimate::DevicesNeeded{scenario.devices, *scenario.parallelism, true};
        }
        if (report.serving)
            report.warnings.insert(report.warnings.end(), report.serving->warnings.begin(),
                                   report.serving->warnings.end());
    }

    auto& roofline = report.roofline;
    roofline.peakFlopsPerSecond = ctx.peakFlopsPerSecond;
    roofline.peakPrecision = ctx.computePeakKey;
    roofline.memoryBandwidthBytesPerSecond = device.memoryBandwidthBytesPerSecond;
    roofline.ridgeIntensity = ctx.peakFlopsPerSecond / device.memoryBandwidthBytesPerSecond;
    roofline.hostLinkBytesPerSecond = device.hostLinkBytesPerSecond;
    roofline.interconnectBytesPerSecond = interconnectLineBytesPerSecond(device);
    roofline.diskBytesPerSecond = std::min(device.diskBytesPerSecond, device.hostLinkBytesPerSecond);
    roofline.ceilings.reserve(kPeakKeyCount);
    for (std::size_t i = 0; i < kPeakKeyCount; ++i) {
        if (device.peakFlopsPerSecond[i] > 0)
            roofline.ceilings.push_back({static_cast<PeakKey>(i), device.peakFlopsPerSecond[i]});
    }
    return report;
}

Report estimate(const Scenario& scenario, const Catalog& catalog)
{
    const Device* device = catalog.findDevice(scenario.deviceId);
    if (!device)
        throw InputError("device",
                         message(LHE_TEXT("CoreMessage", "unknown id \"%1\"; see --list devices for the "
                                                         "%2 known ids"),
                                 elided(scenario.deviceId), catalog.devices().size()));
    std::vector<Message> configWarnings;
    ModelArchitecture inlineArch;
    const ModelArchitecture* arch = nullptr;
    std::string modelName;
    if (scenario.modelConfig) {
        inlineArch = inlineArchitecture(scenario, configWarnings);
        arch = &inlineArch;
        modelName = importedModelName(*scenario.modelConfig, scenario.modelConfigPath);
    } else {
        const ModelEntry* model = catalog.findModel(scenario.modelId);
        if (!model)
            throw InputError("model",
                             message(LHE_TEXT("CoreMessage", "unknown id \"%1\"; see --list models for "
                                                             "the %2 known ids"),
                                     elided(scenario.modelId), catalog.models().size()));
        arch = &model->architecture;
        modelName = model->name;
        configWarnings = model->loadWarnings;
    }
    EstimateOptions options;
    const auto& speculative = scenario.serving.speculative;
    if (scenario.mode == Mode::Inference && speculative.draft == DraftKind::Model) {
        const ModelEntry* draft = catalog.findModel(speculative.draftModelId);
        if (!draft)
            throw InputError("serving.speculative.draft_model",
                             message(LHE_TEXT("CoreMessage", "unknown id \"%1\"; see --list models for "
                                                             "the %2 known ids"),
                                     elided(speculative.draftModelId), catalog.models().size()));
        options.draftModel = &draft->architecture;
    }
    if (scenario.mode == Mode::Inference)
        options.engine = &catalog.servingEngine(scenario.serving.engine, *device);
    Report report = estimate(scenario, *device, *arch, options);
    report.modelName = modelName;
    report.warnings.insert(report.warnings.begin(), configWarnings.begin(), configWarnings.end());
    return report;
}

} // namespace lhe::core
