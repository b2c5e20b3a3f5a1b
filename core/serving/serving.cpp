#include "core/serving/serving.h"

#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/common/monotone_search.h"
#include "core/estimate/estimator.h"
#include "core/model/model_architecture.h"
#include "core/serving/serving_model.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace lhe::core {

namespace {

// A wait a warning names, to three significant digits: the precision of every figure the cards
// and charts show ("490 s"); the report keeps the exact value.
double threeSignificant(double value)
{
    if (!(value > 0) || !std::isfinite(value))
        return value;
    const double scale = std::pow(10.0, std::floor(std::log10(value)) - 2);
    return std::round(value / scale) * scale;
}

// Concurrency the scenario asks for: given, or the smallest that sustains the request rate.
long long askedConcurrency(const Scenario& scenario, const ServingModel& model,
                           std::vector<Message>& warnings)
{
    const ServingSettings& sv = scenario.serving;
    if (sv.concurrency)
        return *sv.concurrency;
    if (!sv.requestRatePerSecond)
        return scenario.batch;
    const double rate = *sv.requestRatePerSecond;
    const long long upper = std::max(1LL, model.maxConcurrencyKv());
    const long long below =
        largestFitting(upper, [&](long long c) { return model.at(c).requestsPerSecond < rate; });
    if (below >= upper) {
        warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 requests/s is beyond this deployment: it sustains "
                                            "%2 requests/s at the KV pool's %3 concurrent requests"),
                    rate, model.at(upper).requestsPerSecond, upper));
        return upper;
    }
    return below + 1;
}

void addCostAndEnergy(ServingEstimate& out, const Scenario& scenario, const Device& device)
{
    const ServingPoint& p = out.point;
    const double devices = static_cast<double>(scenario.devices);
    // Board power while serving: TDP times the average share of it drawn (docs/METHOD.md §15.4).
    out.powerWattsPerDevice = device.tdpWatts * scenario.serving.powerUtilization;
    if (p.outputTokensPerSecond > 0) {
        out.joulesPerOutputToken = devices * out.powerWattsPerDevice / p.outputTokensPerSecond;
        out.joulesPerRequest = out.joulesPerOutputToken * out.outputTokens;
        if (scenario.serving.pricePerDeviceHour)
            out.costPerMillionOutputTokens =
                devices * *scenario.serving.pricePerDeviceHour / 3600.0 / p.outputTokensPerSecond * 1e6;
    }
    if (device.tdpWatts <= 0)
        out.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 has no tdp_watts in the catalog: no energy "
                                            "figures"),
                    device.name));
}

} // namespace

std::optional<ServingEstimate> servingEstimate(const Scenario& scenario, const Device& device,
                                               const ModelArchitecture& arch, const ServingInputs& inputs)
{
    std::optional<ServingEstimate> out;
    servingEstimate(scenario, device, arch, inputs, nullptr, out);
    return out;
}

void servingEstimate(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                     const ServingInputs& inputs, const EvaluatedScenario* evaluated,
                     std::optional<ServingEstimate>& result)
{
    result.reset();
    if (scenario.mode != Mode::Inference || scenario.outputTokens <= 0 || !scenario.parallelism)
        return;
    const ServingModel model(scenario, device, arch, inputs, evaluated);
    ServingEstimate& out = result.emplace(); // filled in place: the estimate is a few hundred bytes
    out.warnings = model.warnings();
    out.inputTokens = model.meanInput();
    out.outputTokens = model.meanOutput();
    out.replicas = model.replicas();
    out.kvPoolBytesPerDevice = std::max(0.0, model.poolBytes());
    out.kvBytesPerSequencePerDevice = model.sequenceBytes();
    out.sharedPrefixBytesPerDevice = model.sharedPrefixBytes();
    out.maxConcurrencyKv = model.maxConcurrencyKv();
    const EngineProfile& engine = model.engine();
    const EngineProfile* deviceDefault = Catalog::builtIn().defaultEngine(device);
    out.engine = {engine.id,
                  engine.name,
                  engine.version,
                  engine.confidence,
                  deviceDefault && deviceDefault->id == engine.id,
                  engine.stepOverheadSeconds,
                  engine.eagerStepOverheadSeconds,
                  engine.requestOverheadSeconds,
                  engine.graphBatchCap,
                  engine.maxRunningRequests};
    const long long concurrency = askedConcurrency(scenario, model, out.warnings);
    std::optional<SpeculativeEstimate> speculative;
    out.point = model.at(concurrency, &speculative);
    if (speculative) {
        speculative->speedup = speculative->plainTpotSeconds / out.point.tpotSeconds;
        out.speculative = speculative;
    }
    if (out.maxConcurrencyKv > 0 && concurrency > out.maxConcurrencyKv)
        out.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 concurrent requests exceed the KV pool's %2: "
                                            "the rest wait, adding %3 s to time to first token"),
                    concurrency, out.maxConcurrencyKv, threeSignificant(out.point.queueSeconds)));
    else if (out.maxConcurrencyKv == 0 && concurrency > 1)
        out.warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1 concurrent requests and no room for a KV pool on the "
                                            "device: they run one at a time, the rest waiting %2 s "
                                            "on average before their first token"),
                    concurrency, threeSignificant(out.point.queueSeconds)));
    const ServingSettings& sv = scenario.serving;
    if (inputs.searchTargets && (sv.ttftTargetSeconds || sv.tpotTargetSeconds))
        out.maxConcurrencySlo =
            largestFitting(out.maxConcurrencyKv, [&](long long c) { return model.at(c).meetsTargets; });
    addCostAndEnergy(out, scenario, device);
}

namespace {

// Every split of the scenario's devices into tensor x pipeline x data the model accepts (tensor
// dividing the heads, no more stages than layers); for a MoE also each split without pipeline stages
// with its experts spread over attention's tensor x data devices (docs/METHOD.md §6.4), where they
// divide the experts: the layouts engines serve MoE with (TP8 EP8, DEP8), and few enough that the
// chart's legend still leaves room for the chart.
std::vector<Parallelism> splitsOf(const Scenario& scenario, const ModelArchitecture& arch)
{
    std::vector<Parallelism> splits;
    const long long devices = scenario.devices;
    for (long long t = 1; t <= devices; ++t) {
        if (devices % t != 0 || arch.heads % t != 0)
            continue;
        for (long long p = 1; p <= devices / t; ++p) {
            if ((devices / t) % p != 0 || p > arch.layers)
                continue;
            const long long d = devices / t / p;
            splits.push_back({t, p, d, 1});
            if (arch.isMoe() && p == 1 && t * d > 1 && arch.experts % (t * d) == 0)
                splits.push_back({t, p, d, t * d, ExpertPlacement::WithAttention});
        }
    }
    return splits;
}

// Concurrency 1, 2, 4 ... below the KV pool's limit, the limit itself, and `also` (the
// scenario's own) when it fits.
std::vector<long long> curveConcurrencies(long long maxKv, long long also)
{
    std::vector<long long> values;
    const long long top = std::max(1LL, maxKv);
    for (long long c = 1; c < top; c *= 2)
        values.push_back(c);
    values.push_back(top);
    if (also >= 1 && also <= top)
        values.push_back(also);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

void markParetoFront(ServingCurve& curve)
{
    std::vector<std::size_t> order(curve.points.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto x = [&](std::size_t i) { return curve.points[i].point.outputTokensPerSecondPerUser; };
    const auto y = [&](std::size_t i) { return curve.points[i].point.outputTokensPerSecondPerDevice; };
    // From the fastest per user down: a point is on the front when it beats every faster one per
    // device.
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return x(a) != x(b) ? x(a) > x(b) : y(a) > y(b); });
    double best = -1;
    for (std::size_t i : order) {
        if (y(i) > best) {
            curve.points[i].pareto = true;
            curve.paretoFront.push_back(i);
            best = y(i);
        }
    }
    std::reverse(curve.paretoFront.begin(), curve.paretoFront.end());
}

} // namespace

ResolvedModel::ResolvedModel(const Scenario& scenario, const Catalog& catalog)
{
    m_device = catalog.findDevice(scenario.deviceId);
    if (!m_device)
        throw InputError("device",
                         message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(scenario.deviceId)));
    if (scenario.modelConfig) {
        std::vector<Message> warnings;
        m_inline = architectureFromHfConfig(*scenario.modelConfig, "model_config", warnings);
    } else {
        const ModelEntry* model = catalog.findModel(scenario.modelId);
        if (!model)
            throw InputError("model",
                             message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(scenario.modelId)));
        m_arch = &model->architecture;
    }
    if (scenario.mode == Mode::Inference)
        m_engine = &catalog.servingEngine(scenario.serving.engine, *m_device);
    const SpeculativeSettings& spec = scenario.serving.speculative;
    if (spec.draft == DraftKind::Model) {
        const ModelEntry* draft = catalog.findModel(spec.draftModelId);
        if (!draft)
            throw InputError(
                "serving.speculative.draft_model",
                message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(spec.draftModelId)));
        m_draft = &draft->architecture;
    }
}

ServingCurve servingCurve(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                          bool sweepSplits, const ServingInputs& inputs)
{
    ServingCurve curve;
    EstimateOptions options = phasesOnly();
    options.draftModel = inputs.draftModel;
    options.engine = inputs.engine;
    const Report base = estimate(scenario, device, arch, options);
    if (base.scenario.mode != Mode::Inference || !base.decode)
        return curve;
    const Scenario& resolved = base.scenario;
    curve.ttftTargetSeconds = resolved.serving.ttftTargetSeconds;
    curve.tpotTargetSeconds = resolved.serving.tpotTargetSeconds;
    const Parallelism current = *resolved.parallelism;
    std::vector<Parallelism> splits = sweepSplits ? splitsOf(resolved, arch) : std::vector<Parallelism>{};
    if (std::find(splits.begin(), splits.end(), current) == splits.end())
        splits.insert(splits.begin(), current);
    for (const Parallelism& split : splits) {
        Scenario s = resolved;
        s.parallelism = split;
        try {
            // The split must be one the estimator accepts (experts, pipeline stages).
            EstimateOptions check = phasesOnly();
            check.engine = inputs.engine;
            estimate(s, device, arch, check);
        } catch (const InputError&) {
            continue;
        }
        const ServingModel model(s, device, arch, inputs);
        const bool isCurrent = split == current;
        const long long own = isCurrent ? resolved.serving.concurrency.value_or(resolved.batch) : 0;
        for (long long c : curveConcurrencies(model.maxConcurrencyKv(), own)) {
            ServingCurvePoint point;
            point.point = model.at(c);
            point.split = split;
            point.current = isCurrent && c == own;
            curve.points.push_back(point);
        }
    }
    markParetoFront(curve);
    return curve;
}

ServingCurve servingCurve(const Scenario& scenario, const Catalog& catalog, bool sweepSplits)
{
    const ResolvedModel model(scenario, catalog);
    return servingCurve(scenario, model.device(), model.arch(), sweepSplits, model.inputs());
}

nlohmann::json servingToJson(const ServingEstimate& s)
{
    using nlohmann::json;
    const ServingPoint& p = s.point;
    json out = {{"concurrency", p.concurrency},
                {"running", p.running},
                {"input_tokens", s.inputTokens},
                {"output_tokens", s.outputTokens},
                {"output_tokens_per_second", p.outputTokensPerSecond},
                {"output_tokens_per_second_per_device", p.outputTokensPerSecondPerDevice},
                {"output_tokens_per_second_per_user", p.outputTokensPerSecondPerUser},
                {"ttft_seconds", p.ttftSeconds},
                {"ttft_p90_seconds", p.ttftP90Seconds},
                {"tpot_seconds", p.tpotSeconds},
                {"tpot_p90_seconds", p.tpotP90Seconds},
                {"requests_per_second", p.requestsPerSecond},
                {"queue_seconds", p.queueSeconds},
                {"prompt_queue_seconds", p.promptQueueSeconds},
                {"decode_step_seconds", p.decodeStepSeconds},
                {"host_step_seconds", p.hostStepSeconds},
                {"decode_bound", boundName(p.decodeBound)},
                {"prefill_seconds", p.prefillSeconds},
                {"prefill_marginal_seconds", p.prefillMarginalSeconds},
                {"prompts_per_step", p.promptsPerStep},
                {"meets_targets", p.meetsTargets},
                {"replicas", s.replicas},
                {"kv_pool_bytes_per_device", s.kvPoolBytesPerDevice},
                {"kv_bytes_per_sequence_per_device", s.kvBytesPerSequencePerDevice},
                {"shared_prefix_bytes_per_device", s.sharedPrefixBytesPerDevice},
                {"max_concurrency_kv", s.maxConcurrencyKv},
                {"max_concurrency_slo", s.maxConcurrencySlo ? json(*s.maxConcurrencySlo) : json(nullptr)}};
    if (s.devicesNeeded) {
        const Parallelism& split = s.devicesNeeded->split;
        out["devices_needed"] = {{"devices", s.devicesNeeded->devices},
                                 {"parallelism",
                                  {{"tensor", split.tensor},
                                   {"pipeline", split.pipeline},
                                   {"data", split.data},
                                   {"expert", split.expert}}},
                                 {"meets_targets", s.devicesNeeded->meetsTargets}};
        if (split.expert > 1)
            out["devices_needed"]["parallelism"]["expert_placement"] = expertPlacementName(split.placement);
    } else {
        out["devices_needed"] = nullptr;
    }
    const ServingEngineUse& e = s.engine;
    out["engine"] = {{"id", e.id},
                     {"name", e.name},
                     {"version", e.version},
                     {"confidence", e.confidence},
                     {"device_default", e.deviceDefault},
                     {"step_overhead_seconds", e.stepOverheadSeconds},
                     {"eager_step_overhead_seconds", e.eagerStepOverheadSeconds},
                     {"request_overhead_seconds", e.requestOverheadSeconds},
                     {"graph_batch_cap", e.graphBatchCap},
                     {"max_running_requests", e.maxRunningRequests}};
    if (s.speculative) {
        const SpeculativeEstimate& sp = *s.speculative;
        out["speculative"] = {{"tokens_per_step", sp.tokensPerStep},
                              {"draft_seconds", sp.draftSeconds},
                              {"verify_seconds", sp.verifySeconds},
                              {"plain_tpot_seconds", sp.plainTpotSeconds},
                              {"speedup", sp.speedup}};
    }
    return out;
}

nlohmann::json costToJson(const ServingEstimate& s)
{
    using nlohmann::json;
    return {{"per_million_output_tokens",
             s.costPerMillionOutputTokens ? json(*s.costPerMillionOutputTokens) : json(nullptr)}};
}

nlohmann::json energyToJson(const ServingEstimate& s)
{
    using nlohmann::json;
    const bool known = s.joulesPerOutputToken > 0;
    return {{"joules_per_output_token", known ? json(s.joulesPerOutputToken) : json(nullptr)},
            {"joules_per_request", known ? json(s.joulesPerRequest) : json(nullptr)},
            {"watts_per_device", s.powerWattsPerDevice}};
}

std::optional<SimulationResult> simulateServingLoad(const Scenario& scenario, const Catalog& catalog,
                                                    std::uint64_t seed)
{
    const ResolvedModel resolved(scenario, catalog);
    EstimateOptions options = phasesOnly();
    options.draftModel = resolved.inputs().draftModel;
    options.engine = resolved.inputs().engine;
    const Report base = estimate(scenario, resolved.device(), resolved.arch(), options);
    if (base.scenario.mode != Mode::Inference || !base.decode || !base.scenario.parallelism)
        return std::nullopt;
    const Scenario& s = base.scenario;
    const ServingModel model(s, resolved.device(), resolved.arch(), resolved.inputs());
    const ServingSettings& sv = s.serving;
    const double replicas = static_cast<double>(model.replicas());
    SimulationSettings settings;
    if (sv.requestRatePerSecond) {
        settings.arrivals = SimulationSettings::Arrivals::Poisson;
        settings.requestsPerSecond = *sv.requestRatePerSecond / replicas;
    } else {
        settings.users = static_cast<long long>(
            std::ceil(static_cast<double>(sv.concurrency.value_or(s.batch)) / replicas));
    }
    const double hit = sv.prefixCacheHitRatio;
    const auto uncached = [&](long long input) {
        return std::max(1LL, std::llround(static_cast<double>(input) * (1.0 - hit)));
    };
    if (sv.requests.empty())
        settings.shapes.push_back(
            {uncached(sv.inputTokens.value_or(s.promptTokens)), sv.outputTokens.value_or(s.outputTokens)});
    else
        for (const RequestShape& shape : sv.requests)
            settings.shapes.push_back({uncached(shape.inputTokens), shape.outputTokens});
    settings.tokenBudget = s.prefillChunkTokens;
    settings.chunkedPrefill = sv.chunkedPrefill;
    settings.maxRunning = sv.maxRunningRequests.value_or(model.engine().maxRunningRequests);
    settings.kvBlockTokens = sv.kvBlockTokens;
    // The pool's requests per replica, each holding its uncached prompt and answer.
    const double perReplica = static_cast<double>(std::max(1LL, model.maxConcurrencyKv())) / replicas;
    settings.kvCapacityTokens =
        std::max(1LL, std::llround(perReplica * (model.meanUncachedInput() + model.meanOutput())));
    settings.requestOverheadSeconds = model.engine().requestOverheadSeconds;
    settings.seed = seed;
    const auto step = [&model](long long decoding, long long promptTokens, double) {
        return model.simulatedStepSeconds(decoding, promptTokens);
    };
    return simulateServing(settings, step);
}

nlohmann::json simulationToJson(const SimulationResult& r)
{
    return {{"status", simulationStatusName(r.status)},
            {"completed_requests", r.completedRequests},
            {"ttft_p50_seconds", r.ttftP50Seconds},
            {"ttft_p90_seconds", r.ttftP90Seconds},
            {"ttft_p99_seconds", r.ttftP99Seconds},
            {"ttft_mean_seconds", r.ttftMeanSeconds},
            {"tpot_p50_seconds", r.tpotP50Seconds},
            {"tpot_p90_seconds", r.tpotP90Seconds},
            {"tpot_p99_seconds", r.tpotP99Seconds},
            {"tpot_mean_seconds", r.tpotMeanSeconds},
            {"output_tokens_per_second_per_replica", r.outputTokensPerSecond},
            {"requests_per_second_per_replica", r.requestsPerSecond},
            {"preemptions", r.preemptions},
            {"steps", r.steps}};
}

} // namespace lhe::core
