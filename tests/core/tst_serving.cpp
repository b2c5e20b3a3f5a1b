// The serving model (docs/METHOD.md §15) against hand-worked cases: its reduction to one request,
// the KV pool's limit from the byte counts, speculative decoding's expected tokens, cost and
// energy by arithmetic, and the ranking of a hand-made trio of devices.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/explain/explanation.h"
#include "core/serving/serving.h"

#include <QtTest>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

using namespace lhe::core;
using nlohmann::json;

namespace {

// Llama-3.1-8B in bf16 on one H100 SXM (80 GiB), 1,000-token prompts and 24-token answers: every
// request holds 1,024 tokens, 64 whole blocks of 16.
Scenario llama8b(long long batch = 1)
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.batch = batch;
    s.promptTokens = 1000;
    s.outputTokens = 24;
    s.overheads.runtimeContextBytes = 0.5e9;
    s.serving.engine = "quiet";
    return s;
}

// The built-in catalog and an engine that adds no host time: the hand calculations below are the
// serving model's own (tst_serving_engines checks what each engine profile adds).
const Catalog& testCatalog()
{
    static const Catalog catalog = [] {
        Catalog c = Catalog::builtIn();
        std::vector<Message> warnings;
        c.add(json{{"engines",
                    {{{"id", "quiet"},
                      {"name", "Quiet"},
                      {"max_running_requests", 1000000},
                      {"graph_batch_cap", 1000000},
                      {"max_batched_tokens", 8192},
                      {"kv_block_tokens", 16}}}}},
              "test", true, warnings, Catalog::BadEntries::Throw);
        return c;
    }();
    return catalog;
}

Report run(Scenario s)
{
    if (s.serving.engine.empty())
        s.serving.engine = "quiet";
    return estimate(s, testCatalog());
}

bool near(double actual, double expected, double relative = 1e-9)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

// Llama-3.1-8B (config.json): 32 layers, 8 KV heads of 128; 8,030,261,248 parameters.
constexpr double kKvBytesPerToken = 2.0 * 32 * 8 * 128 * 2; // K and V, bf16: 131,072 B
constexpr double kWeightsBytes = 8030261248.0 * 2.0;
constexpr double kH100Bytes = 85899345920.0;

// Devices that differ only in memory bandwidth and capacity, each a copy of the H100 SXM entry.
json trioCatalog()
{
    const Device* h100 = Catalog::builtIn().findDevice("nvidia-h100-sxm");
    json devices = json::array();
    const struct
    {
        const char* id;
        double bandwidth;
        double memory;
    } trio[] = {{"slow", 1e12, kH100Bytes},
                {"medium", 2e12, kH100Bytes},
                {"fast", 4e12, 20e9},
                {"small", 4e12, 12e9}};
    for (const auto& d : trio) {
        json entry = deviceToJson(*h100);
        entry["id"] = d.id;
        entry["name"] = d.id;
        entry["memory_bandwidth"] = d.bandwidth;
        entry["memory_bytes"] = d.memory;
        entry.erase("achieved"); // the same efficiencies for all three
        devices.push_back(entry);
    }
    return {{"devices", devices}};
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT

private slots:
    // At one request in flight there is nothing to share: TPOT is today's decode step, TTFT the
    // prompt's prefill, and the throughput one answer per lifetime.
    void concurrencyOneIsTodaysDecode()
    {
        const Report r = run(llama8b(1));
        QVERIFY(r.serving && r.decode && r.prefill);
        const ServingPoint& p = r.serving->point;
        QCOMPARE(p.concurrency, 1LL);
        QVERIFY(near(p.tpotSeconds, r.decode->seconds));
        QVERIFY(near(p.ttftSeconds, r.prefill->seconds));
        QVERIFY(near(p.ttftP90Seconds, r.prefill->seconds));
        // 24 tokens: the first at TTFT, 23 more one step apart.
        const double lifetime = r.prefill->seconds + 23.0 * r.decode->seconds;
        QVERIFY(near(p.outputTokensPerSecond, 24.0 / lifetime));
        QVERIFY(near(p.requestsPerSecond, 1.0 / lifetime));
        QVERIFY(near(p.outputTokensPerSecondPerUser, 1.0 / r.decode->seconds));
    }

    // More users share each decode step: throughput grows (the weights are read once for all 64),
    // each user's rate falls.
    void concurrencyTradesLatencyForThroughput()
    {
        Scenario s = llama8b(1);
        s.outputTokens = 200;
        const Report one = run(s);
        s.batch = 64;
        const Report many = run(s);
        QVERIFY(many.serving->point.outputTokensPerSecond > 10.0 * one.serving->point.outputTokensPerSecond);
        QVERIFY(many.serving->point.tpotSeconds > one.serving->point.tpotSeconds);
        QVERIFY(many.serving->point.ttftSeconds >= one.serving->point.ttftSeconds);
    }

    // The pool is 0.9 x 80 GiB less the weights, the transient activations and the runtime
    // context; each request needs 1,024 tokens x 131,072 B. The activations are the memory
    // model's own (tested in tst_memory_model); the rest is the arithmetic below.
    void kvPoolOverflowsWhereComputedByHand()
    {
        const Report r = run(llama8b(1));
        const double activations = r.memory.perDevice.activationsBytes;
        const double pool = 0.9 * kH100Bytes - kWeightsBytes - activations - 0.5e9;
        const double perRequest = 1024.0 * kKvBytesPerToken;
        const auto expected = static_cast<long long>(std::floor(pool / perRequest));
        QVERIFY(expected > 400 && expected < 500); // (77.31 - 16.06 - 0.5 - act.) GB / 134 MB
        QCOMPARE(r.serving->maxConcurrencyKv, expected);
        QVERIFY(near(r.serving->kvBytesPerSequencePerDevice, perRequest));

        const Report atLimit = run(llama8b(expected));
        QCOMPARE(atLimit.serving->point.running, expected);
        QCOMPARE(atLimit.serving->point.queueSeconds, 0.0);
        const Report over = run(llama8b(expected + 10));
        QCOMPARE(over.serving->point.running, expected);
        // Ten wait; they leave at the completion rate: 10 / requests per second.
        QVERIFY(near(over.serving->point.queueSeconds, 10.0 / over.serving->point.requestsPerSecond));
        QVERIFY(over.serving->point.ttftSeconds > atLimit.serving->point.ttftSeconds);
        bool warned = false;
        for (const Message& w : over.warnings)
            warned |= englishText(w).find("exceed the KV pool") != std::string::npos;
        QVERIFY(warned);
    }

    // The wait a warning names reads as the cards' figures do, to three significant digits
    // ("adding 490 s", not "adding 489.892 s").
    void aWarningsWaitHasThreeSignificantDigits()
    {
        const Report r = run(llama8b(1));
        const Report over = run(llama8b(r.serving->maxConcurrencyKv + 7));
        const double wait = over.serving->point.queueSeconds;
        // By hand: three significant digits of the wait, as %g prints them.
        const double scale = std::pow(10.0, std::floor(std::log10(wait)) - 2);
        char expected[64];
        std::snprintf(expected, sizeof expected, "adding %g s to time to first token",
                      std::round(wait / scale) * scale);
        char unrounded[64];
        std::snprintf(unrounded, sizeof unrounded, "adding %g s", wait);
        QVERIFY(std::string(expected).rfind(unrounded, 0) != 0); // the raw wait has more digits
        bool found = false;
        for (const Message& w : over.warnings)
            found |= englishText(w).find(expected) != std::string::npos;
        QVERIFY2(found, expected);
    }

    // Llama 3.1 70B in bf16 (141 GB) on one 80 GB H100 spills to host RAM: no room for a KV pool.
    // One user is the static report (no serving warning); 32 users run one at a time, and the
    // other 31 wait 31 / (requests per second), which a warning must say.
    void spilledModelWithManyUsersWarns()
    {
        Scenario s = llama8b(1);
        s.modelId = "llama-3.1-70b";
        const Report one = run(s);
        QVERIFY(one.memory.tier != OffloadTier::None);
        QCOMPARE(one.serving->maxConcurrencyKv, 0LL);
        QVERIFY(one.warnings.empty());
        s.batch = 32;
        const Report many = run(s);
        QCOMPARE(many.serving->point.running, 1LL);
        QVERIFY(near(many.serving->point.queueSeconds, 31.0 / many.serving->point.requestsPerSecond));
        bool warned = false;
        for (const Message& w : many.warnings)
            warned |= englishText(w).find("one at a time") != std::string::npos;
        QVERIFY(warned);
    }

    // A 1,024-token request in blocks of 1,000 tokens takes two blocks: 2,000 tokens of KV.
    // Long prompts run one at a time and queue for the prefill. The closed loop settles where
    // λ = n / lifetime; the wait is Pollaczek-Khinchine's M/D/1 mean ρ S / (2 (1 - ρ)) with
    // ρ = λ S (n - 1) / n, and the lifetime includes it.
    void promptsQueueForThePrefill()
    {
        Scenario s = llama8b(8);
        s.promptTokens = 6000;
        s.serving.concurrency = 8;
        const Report r = run(s);
        QVERIFY(r.serving);
        const ServingPoint& p = r.serving->point;
        QCOMPARE(p.promptsPerStep, 1LL);
        const double service = p.prefillMarginalSeconds;
        const double rho = p.requestsPerSecond * service * 7.0 / 8.0;
        QVERIFY2(rho > 0.3 && rho < 1.0, qPrintable(QString::number(rho)));
        QVERIFY(near(p.promptQueueSeconds, rho * service / (2.0 * (1.0 - rho)), 1e-9));
        QVERIFY(near(8.0 / p.requestsPerSecond, p.ttftSeconds + 23.0 * p.tpotSeconds));
        QVERIFY(p.ttftP90Seconds > p.ttftSeconds);
        // One request has nobody ahead of it.
        Scenario alone = s;
        alone.serving.concurrency = 1;
        QCOMPARE(run(alone).serving->point.promptQueueSeconds, 0.0);
    }

    // The discrete-event simulation at one request in flight (docs/METHOD.md §15.7) is the analytic
    // model's reduction: the prompt's prefill, then one decode step per token, one answer per
    // lifetime, on an engine that adds nothing.
    void simulationAgreesAtLightLoad()
    {
        Scenario s = llama8b(1);
        s.serving.engine = "quiet";
        const Report r = run(s);
        const std::optional<SimulationResult> sim = simulateServingLoad(s, testCatalog());
        QVERIFY(sim && sim->status == SimulationStatus::Complete);
        QVERIFY(near(sim->ttftMeanSeconds, r.serving->point.ttftSeconds, 1e-6));
        QVERIFY(near(sim->tpotMeanSeconds, r.serving->point.tpotSeconds, 1e-6));
        QVERIFY(near(sim->ttftP99Seconds, r.serving->point.ttftSeconds, 1e-6));
        // 24 tokens per lifetime of prefill + 23 steps, over a window that ends with a request.
        QVERIFY(near(sim->outputTokensPerSecond, r.serving->point.outputTokensPerSecond, 1e-3));
        // Training has no serving to simulate.
        Scenario training = s;
        training.mode = Mode::Training;
        QVERIFY(!simulateServingLoad(training, testCatalog()));
    }

    void kvBlocksArePaddedWhole()
    {
        Scenario s = llama8b(1);
        s.serving.kvBlockTokens = 1000;
        s.serving.kvBlockTokensGiven = true; // else the engine's block
        const Report r = run(s);
        QVERIFY(near(r.serving->kvBytesPerSequencePerDevice, 2000.0 * kKvBytesPerToken));
    }

    // Half of every prompt cached: the prefill is that of 500 tokens, and each request keeps
    // 524 tokens of its own (the shared 500 once).
    void prefixCacheHalvesThePrompt()
    {
        Scenario s = llama8b(1);
        s.serving.prefixCacheHitRatio = 0.5;
        const Report r = run(s);
        Scenario half = llama8b(1);
        half.promptTokens = 500;
        const Report alone = run(half);
        QVERIFY(near(r.serving->point.ttftSeconds, alone.prefill->seconds));
        QVERIFY(near(r.serving->sharedPrefixBytesPerDevice, 500.0 * kKvBytesPerToken));
        // 524 tokens round up to 33 blocks of 16 = 528 tokens.
        QVERIFY(near(r.serving->kvBytesPerSequencePerDevice, 528.0 * kKvBytesPerToken));
        QVERIFY(r.serving->maxConcurrencyKv > run(llama8b(1)).serving->maxConcurrencyKv);
    }

    // k = 3 drafts accepted with α = 0.8: (1 - 0.8^4) / (1 - 0.8) = 2.952 tokens per step
    // (Leviathan et al. 2023, Eq. 1). DeepSeek-V3's MTP module drafts at 1/61 of a decode step.
    void speculativeDecodingWithMtp()
    {
        Scenario s;
        s.deviceId = "nvidia-h200";
        s.modelId = "deepseek-v3";
        s.devices = 8;
        s.batch = 1;
        s.promptTokens = 1000;
        s.outputTokens = 200;
        s.serving.speculative = {DraftKind::Mtp, "", 3, 0.8};
        const Report r = run(s);
        QVERIFY(r.serving && r.serving->speculative);
        const SpeculativeEstimate& sp = *r.serving->speculative;
        QVERIFY(near(sp.tokensPerStep, 2.952, 1e-12));
        QVERIFY(near(sp.draftSeconds, 3.0 * r.decode->seconds / 61.0));
        // At one request: TPOT = (verify + drafts) / tokens per step, and plain TPOT = decode.
        QVERIFY(near(r.serving->point.tpotSeconds, (sp.verifySeconds + sp.draftSeconds) / 2.952));
        QVERIFY(near(sp.plainTpotSeconds, r.decode->seconds));
        // Memory-bound at batch 1: verifying 4 tokens costs little more than one step.
        QVERIFY(sp.verifySeconds < 1.5 * r.decode->seconds);
        QVERIFY(sp.speedup > 1.5 && sp.speedup < 2.952);
    }

    // A mixed request list has a mean prompt that is not a whole number (11,000 / 3 tokens here);
    // with no prefix caching nothing is cached, so no byte is stored once per replica.
    void noPrefixCacheStoresNoSharedBytes()
    {
        Scenario s = llama8b(1);
        s.serving.requests = {{1000, 100}, {3000, 300}, {7000, 50}};
        const Report r = run(s);
        QCOMPARE(r.serving->sharedPrefixBytesPerDevice, 0.0);
        // Half cached: a mean prompt of 11,000 / 3 tokens keeps 11,000 / 6 of them once, over
        // a mean request of 11,000 / 3 + 150 tokens.
        s.serving.prefixCacheHitRatio = 0.5;
        const Report half = run(s);
        QVERIFY(half.serving->sharedPrefixBytesPerDevice > 0);
        QVERIFY(near(half.serving->sharedPrefixBytesPerDevice, 11000.0 / 6.0 * kKvBytesPerToken, 1e-3));
    }

    // Verifying k + 1 tokens is never quicker than decoding one: where the KV pool holds no
    // request (the model spills), the speculative figures stay positive.
    void speculativeFiguresStayPositiveWhenThePoolIsEmpty_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("devices");
        QTest::addColumn<long long>("prompt");
        QTest::addColumn<QString>("draft");
        QTest::newRow("DeepSeek-V3 MTP, 128k fp32 KV on 16 TPU v7") << "google-tpu-v7"
                                                                    << "deepseek-v3" << 16 << 131072LL << "";
        QTest::newRow("Qwen3-0.6B with a Kimi K2 draft on 4 Jetson AGX Orin")
            << "nvidia-jetson-agx-orin-64gb"
            << "qwen3-0.6b" << 4 << 1000LL << "kimi-k2";
    }
    void speculativeFiguresStayPositiveWhenThePoolIsEmpty()
    {
        QFETCH(QString, device);
        QFETCH(QString, model);
        QFETCH(int, devices);
        QFETCH(long long, prompt);
        QFETCH(QString, draft);
        Scenario s;
        s.deviceId = device.toStdString();
        s.modelId = model.toStdString();
        s.devices = devices;
        s.batch = 1;
        s.promptTokens = prompt;
        s.outputTokens = 200;
        s.kvCache = Precision::Fp32;
        s.serving.speculative = draft.isEmpty()
                                    ? SpeculativeSettings{DraftKind::Mtp, "", 3, 0.8}
                                    : SpeculativeSettings{DraftKind::Model, draft.toStdString(), 3, 0.8};
        const Report r = run(s);
        QVERIFY(r.serving && r.serving->speculative);
        const SpeculativeEstimate& sp = *r.serving->speculative;
        QVERIFY2(sp.verifySeconds >= r.serving->point.decodeStepSeconds,
                 QByteArray(QByteArray::number(sp.verifySeconds) + " s to verify").constData());
        QVERIFY(r.serving->point.tpotSeconds > 0);
        QVERIFY(r.serving->point.outputTokensPerSecondPerUser > 0);
        QVERIFY(sp.speedup > 0);
    }

    void speculativeWithoutMtpLayersWarns()
    {
        Scenario s = llama8b(1);
        s.serving.speculative = {DraftKind::Mtp, "", 3, 0.8};
        const Report r = run(s);
        QVERIFY(!r.serving->speculative);
        QVERIFY(near(r.serving->point.tpotSeconds, r.decode->seconds));
        bool warned = false;
        for (const Message& w : r.warnings)
            warned |= englishText(w).find("no multi-token-prediction") != std::string::npos;
        QVERIFY(warned);
    }

    void speculativeWithDraftModel()
    {
        Scenario s = llama8b(1);
        s.modelId = "llama-3.1-70b";
        s.devices = 4;
        s.serving.speculative = {DraftKind::Model, "llama-3.2-1b", 4, 0.7};
        const Report r = run(s);
        QVERIFY(r.serving->speculative);
        QVERIFY(r.serving->speculative->draftSeconds > 0);
        QVERIFY(r.serving->point.tpotSeconds < r.decode->seconds);
        s.serving.speculative.draftModelId = "no-such-model";
        QVERIFY_THROWS_EXCEPTION(InputError, run(s));
    }

    // Two devices at 2.50 an hour each, 700 W TDP at the default 0.7 utilisation.
    void costAndEnergyByArithmetic()
    {
        Scenario s = llama8b(32);
        s.devices = 2;
        s.serving.pricePerDeviceHour = 2.5;
        const Report r = run(s);
        const double tokensPerSecond = r.serving->point.outputTokensPerSecond;
        QVERIFY(near(r.serving->powerWattsPerDevice, 490.0));
        QVERIFY(near(r.serving->joulesPerOutputToken, 2.0 * 490.0 / tokensPerSecond));
        QVERIFY(near(r.serving->joulesPerRequest, 24.0 * 2.0 * 490.0 / tokensPerSecond));
        QVERIFY(near(*r.serving->costPerMillionOutputTokens, 2.0 * 2.5 / 3600.0 / tokensPerSecond * 1e6));
        QVERIFY(near(r.serving->point.outputTokensPerSecondPerDevice, tokensPerSecond / 2.0));
        const json out = reportToJson(r);
        QVERIFY(near(out["cost"]["per_million_output_tokens"].get<double>(),
                     *r.serving->costPerMillionOutputTokens));
        QVERIFY(
            near(out["energy"]["joules_per_output_token"].get<double>(), r.serving->joulesPerOutputToken));
        s.serving.pricePerDeviceHour.reset();
        QVERIFY(reportToJson(run(s))["cost"]["per_million_output_tokens"].is_null());
    }

    // A device the catalog gives no TDP: no energy figure (JSON null) rather than 0 J, and a
    // warning saying why.
    void noTdpMeansNoEnergy()
    {
        Scenario s = llama8b(8);
        s.deviceId = "google-tpu-v5p";
        const Report r = run(s);
        QCOMPARE(r.serving->joulesPerOutputToken, 0.0);
        const json out = reportToJson(r);
        QVERIFY(out["energy"]["joules_per_output_token"].is_null());
        bool warned = false;
        for (const Message& w : r.warnings)
            warned |= englishText(w).find("no tdp_watts") != std::string::npos;
        QVERIFY(warned);
        QCOMPARE(explain(r, testCatalog(), ExplainTarget::serving()).size(), std::size_t(4));
    }

    // The targets' concurrency meets both targets, one more does not.
    void sloConcurrencyIsTheLargestMeetingTargets()
    {
        Scenario s = llama8b(1);
        const Report free = run(s);
        QVERIFY(!free.serving->maxConcurrencySlo);
        // TPOT target 1.5x the single-request step: met at 1, not at the KV limit.
        s.serving.tpotTargetSeconds = 1.5 * free.decode->seconds;
        const Report r = run(s);
        QVERIFY(r.serving->maxConcurrencySlo);
        const long long c = *r.serving->maxConcurrencySlo;
        QVERIFY(c >= 1 && c < r.serving->maxConcurrencyKv);
        Scenario at = s;
        at.batch = c;
        QVERIFY(run(at).serving->point.meetsTargets);
        at.batch = c + 1;
        QVERIFY(!run(at).serving->point.meetsTargets);
        s.serving.tpotTargetSeconds = 0.1 * free.decode->seconds; // nothing meets it
        QCOMPARE(*run(s).serving->maxConcurrencySlo, 0LL);
    }

    // A request rate picks the smallest concurrency that sustains it.
    void requestRateFindsConcurrency()
    {
        Scenario s = llama8b(1);
        s.serving.requestRatePerSecond = 20.0;
        const Report r = run(s);
        const long long c = r.serving->point.concurrency;
        QVERIFY(c > 1);
        QVERIFY(r.serving->point.requestsPerSecond >= 20.0);
        Scenario below = llama8b(c - 1);
        QVERIFY(run(below).serving->point.requestsPerSecond < 20.0);
    }

    // A list of request shapes: the means drive the steps, TTFT's 90th percentile is the long
    // prompt's.
    void requestShapesGiveMeansAndPercentiles()
    {
        Scenario s = llama8b(1);
        s.serving.requests = {{100, 10}, {100, 30}, {4000, 20}};
        const Report r = run(s);
        QVERIFY(near(r.serving->inputTokens, 1400.0));
        QVERIFY(near(r.serving->outputTokens, 20.0));
        Scenario longPrompt = llama8b(1);
        longPrompt.promptTokens = 4000;
        QVERIFY(near(r.serving->point.ttftP90Seconds, run(longPrompt).prefill->seconds));
        QVERIFY(r.serving->point.ttftSeconds < r.serving->point.ttftP90Seconds);
    }

    // Every serving read-out explains itself: its formula, evaluated on its terms, gives the
    // number shown.
    void explanationsAddUp_data()
    {
        QTest::addColumn<bool>("speculative");
        QTest::newRow("plain") << false;
        QTest::newRow("mtp, priced, queued") << true;
    }
    void explanationsAddUp()
    {
        QFETCH(bool, speculative);
        Scenario s = speculative ? Scenario{} : llama8b(64);
        if (speculative) {
            s.deviceId = "nvidia-h200";
            s.modelId = "deepseek-v3";
            s.devices = 8;
            s.batch = 100000; // beyond the pool: some wait
            s.serving.speculative = {DraftKind::Mtp, "", 2, 0.7};
            s.serving.pricePerDeviceHour = 3.0;
        }
        const Report r = run(s);
        const std::vector<Explanation> list = explain(r, testCatalog(), ExplainTarget::serving());
        QCOMPARE(list.size(), std::size_t(speculative ? 8 : 5));
        for (const Explanation& e : list) {
            const double value = evaluateFormula(e.formula, e.terms);
            QVERIFY2(near(value, e.result, 1e-9), (e.title + ": " + e.formula).c_str());
        }
        if (speculative)
            QVERIFY(r.serving->point.queueSeconds > 0);
    }

    void scenarioJsonRoundTrip()
    {
        const json input = {
            {"device", "nvidia-h100-sxm"},
            {"model", "llama-3.1-8b"},
            {"serving",
             {{"concurrency", 16},
              {"requests", {{100, 20}, {{"input_tokens", 300}, {"output_tokens", 40}}}},
              {"prefix_cache_hit_ratio", 0.25},
              {"ttft_target_seconds", 0.5},
              {"tpot_target_seconds", 0.05},
              {"price_per_device_hour", 3.0},
              {"speculative", {{"draft", "mtp"}, {"draft_tokens", 2}, {"acceptance_rate", 0.6}}}}}};
        const Scenario s = scenarioFromJson(input);
        QCOMPARE(*s.serving.concurrency, 16LL);
        QCOMPARE(s.serving.requests.size(), std::size_t(2));
        QCOMPARE(s.serving.requests[1].inputTokens, 300LL);
        const Scenario again = scenarioFromJson(scenarioToJson(s));
        QCOMPARE(scenarioToJson(again), scenarioToJson(s));
        QVERIFY(unknownScenarioFields(input).empty());
    }

    void badServingInputsAreNamed_data()
    {
        QTest::addColumn<QString>("serving");
        QTest::addColumn<QString>("field");
        QTest::newRow("both") << R"({"concurrency": 4, "request_rate_per_second": 2})"
                              << "serving.request_rate_per_second";
        QTest::newRow("hit") << R"({"prefix_cache_hit_ratio": 1.5})"
                             << "serving.prefix_cache_hit_ratio";
        QTest::newRow("shape") << R"({"requests": [[10]]})"
                               << "serving.requests[0]";
        QTest::newRow("zero out") << R"({"requests": [[10, 0]]})"
                                  << "serving.requests[0].output_tokens";
        QTest::newRow("draft") << R"({"speculative": {"draft": "eagle"}})"
                               << "serving.speculative.draft";
        QTest::newRow("no model") << R"({"speculative": {"draft": "model"}})"
                                  << "serving.speculative.draft_model";
        QTest::newRow("alpha") << R"({"speculative": {"draft": "mtp", "acceptance_rate": 1}})"
                               << "serving.speculative.acceptance_rate";
        QTest::newRow("price") << R"({"price_per_device_hour": -1})"
                               << "serving.price_per_device_hour";
    }
    void badServingInputsAreNamed()
    {
        QFETCH(QString, serving);
        QFETCH(QString, field);
        json input = {{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-8b"}};
        input["serving"] = json::parse(serving.toStdString());
        try {
            scenarioFromJson(input);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.fieldPath()), field);
        }
    }

    // Concurrency 1, 2, 4 ... up to the pool; no Pareto point has another point beating it on
    // both axes, and every other point has one.
    void curveParetoFront()
    {
        Scenario s = llama8b(8);
        s.devices = 4;
        const ServingCurve curve = servingCurve(s, testCatalog(), true);
        QVERIFY(curve.points.size() > 20);
        int current = 0;
        for (const ServingCurvePoint& p : curve.points) {
            current += p.current ? 1 : 0;
            bool dominated = false;
            for (const ServingCurvePoint& q : curve.points)
                dominated |= q.point.outputTokensPerSecondPerUser > p.point.outputTokensPerSecondPerUser &&
                             q.point.outputTokensPerSecondPerDevice > p.point.outputTokensPerSecondPerDevice;
            QVERIFY(p.pareto ? !dominated : true);
        }
        QCOMPARE(current, 1);
        for (std::size_t i = 1; i < curve.paretoFront.size(); ++i)
            QVERIFY(curve.points[curve.paretoFront[i]].point.outputTokensPerSecondPerUser >=
                    curve.points[curve.paretoFront[i - 1]].point.outputTokensPerSecondPerUser);
        Scenario training = s;
        training.mode = Mode::Training;
        QVERIFY(servingCurve(training, testCatalog()).points.empty());
    }

    // Decode at batch 1 is memory-bound, so the trio's throughput follows bandwidth (4 > 2 > 1
    // TB/s). With prices 1, 4 and 2 per hour the cost per token follows price / bandwidth:
    // fast 0.5 < slow 1 < medium 2. "small" holds 12 GB: 16 GB of bf16 weights need two.
    void rankingOfAHandCheckedTrio()
    {
        std::vector<Message> warnings;
        Catalog catalog = testCatalog();
        catalog.add(trioCatalog(), "trio", true, warnings, Catalog::BadEntries::Throw);
        const Scenario s = llama8b(1);
        const auto trioOf = [](const std::vector<DeviceRanking>& ranking) {
            QStringList ids;
            for (const DeviceRanking& r : ranking)
                if (r.userDefined && r.deviceId != "small")
                    ids << QString::fromStdString(r.deviceId);
            return ids;
        };
        std::vector<DeviceRanking> ranking = rankDevices(s, catalog);
        QCOMPARE(trioOf(ranking),
                 QStringList({QStringLiteral("fast"), QStringLiteral("medium"), QStringLiteral("slow")}));
        for (const DeviceRanking& r : ranking) {
            if (r.deviceId == "small") {
                QVERIFY(r.fits);
                QCOMPARE(r.devicesNeeded, 2LL);
            } else if (r.userDefined) {
                QVERIFY(r.fits);
                QCOMPARE(r.devicesNeeded, 1LL);
                QVERIFY(!r.serving->costPerMillionOutputTokens);
            }
        }
        // Every device priced (the catalog's own at 1,000 an hour): the order is by cost.
        std::map<std::string, double> prices;
        for (const Device& d : catalog.devices())
            prices[d.id] = 1000.0;
        prices["slow"] = 1.0;
        prices["medium"] = 4.0;
        prices["fast"] = 2.0;
        ranking = rankDevices(s, catalog, prices);
        QCOMPARE(trioOf(ranking),
                 QStringList({QStringLiteral("fast"), QStringLiteral("slow"), QStringLiteral("medium")}));
        QCOMPARE(QString::fromStdString(ranking.front().deviceId), QStringLiteral("fast"));
        const json out = rankingToJson(ranking);
        QCOMPARE(out.size(), ranking.size());
        QCOMPARE(out[0]["device"].get<std::string>(), std::string("fast"));
        QVERIFY(out[0]["cost"]["per_million_output_tokens"].is_number());
    }
};

QTEST_GUILESS_MAIN(TestServing)
#include "tst_serving.moc"
