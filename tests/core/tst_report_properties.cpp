// Property test over the whole input space: thousands of random valid scenarios must
// give finite, non-negative numbers, a known verdict, memory parts that add up, and never less
// memory for a larger batch. Seeded, so a failure reproduces.
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/estimate/report.h"

#include <QtTest>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

using namespace lhe::core;

namespace {

constexpr int kScenarios = 4000;

bool finiteNonNegative(double value)
{
    return std::isfinite(value) && value >= 0;
}

bool checkNumbers(const nlohmann::json& value, std::string& where, const std::string& path = {})
{
    if (value.is_number()) {
        if (!finiteNonNegative(value.get<double>())) {
            where = path + " = " + value.dump();
            return false;
        }
        return true;
    }
    if (value.is_object()) {
        for (const auto& [key, child] : value.items()) {
            if (key == "model_config" || key == "scenario")
                continue;
            if (!checkNumbers(child, where, path + "/" + key))
                return false;
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (!checkNumbers(value[i], where, path + "/" + std::to_string(i)))
                return false;
    }
    return true;
}

// Random draws the property tests share: log-uniform sizes and uniform picks.
struct RandomScenarioParts
{
    explicit RandomScenarioParts(std::uint64_t seed) : random(seed) {}
    long long logUniform(double lo, double hi)
    {
        std::uniform_real_distribution<double> u(std::log(lo), std::log(hi));
        return static_cast<long long>(std::exp(u(random)));
    }
    std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); }
    std::mt19937_64 random;
};

} // namespace

class TestReportProperties : public QObject
{
    Q_OBJECT

private slots:
    void randomScenariosStayFiniteAndConsistent();
    void boundsRoofsAndPipelineOffload();
    void layerKindsKeepMemoryMonotoneAndWindowsFlat();
};

// Three rules over thousands of random scenarios (1,000 devices/models/splits at a time):
// 1. the bound a phase names is its largest time term (memory + non-GEMM for memory bandwidth);
// 2. every roofline point's achieved FLOP/s is at most the roof of the resource that bounds it;
// 3. at batch 1, a pipeline's decode step takes at least every stage's offloaded bytes over the
//    host link's datasheet rate (the stages run one after another).
void TestReportProperties::boundsRoofsAndPipelineOffload()
{
    const Catalog& catalog = Catalog::builtIn();
    RandomScenarioParts parts(20261203);
    std::mt19937_64& random = parts.random;
    auto logUniform = [&](double lo, double hi) { return parts.logUniform(lo, hi); };
    auto pick = [&](std::size_t n) { return parts.pick(n); };
    int phases = 0;
    int pipelineOffloads = 0;
    int latencyBound = 0;
    for (int i = 0; i < 3000; ++i) {
        Scenario s;
        const Device& device = catalog.devices()[pick(catalog.devices().size())];
        const ModelEntry& model = catalog.models()[pick(catalog.models().size())];
        s.deviceId = device.id;
        s.modelId = model.id;
        s.mode = random() % 3 == 0 ? Mode::Training : Mode::Inference;
        s.batch = random() % 3 == 0 ? 1 : logUniform(1, 4096);
        s.promptTokens = logUniform(16, 65536);
        s.outputTokens = logUniform(1, 4096);
        s.devices = 1LL << (random() % 5);
        if (random() % 2) // a manual pipeline split: one device per stage
            s.parallelism = Parallelism{1, s.devices, 1, 1};
        s.flashAttention = random() % 4 != 0;
        s.training.zeroStage = static_cast<int>(random() % 4);
        s.training.recompute = static_cast<Recompute>(random() % 3);
        s.training.microBatch = 1;
        Report r;
        try {
            r = estimate(s, catalog);
        } catch (const InputError&) {
            continue; // a manual split the model cannot take
        }
        const std::string label = s.deviceId + " " + s.modelId + " b" + std::to_string(s.batch) + " s" +
                                  std::to_string(s.promptTokens) + " n" + std::to_string(s.devices);
        const nlohmann::json points = reportToJson(r)["roofline"]["points"];
        std::size_t point = 0;
        for (const PhaseEstimate* pe : {r.prefill ? &*r.prefill : nullptr, r.decode ? &*r.decode : nullptr,
                                        r.training ? &r.training->step : nullptr}) {
            if (!pe)
                continue;
            ++phases;
            const auto& b = pe->breakdown;
            // Memory bandwidth's term: the streams beside the GEMMs plus the passes between them; the
            // routed experts' fused kernels count with the resource each of their parts uses.
            const std::pair<Bound, double> terms[] = {
                {Bound::Compute, b.computeSeconds + b.expertComputeSeconds},
                {Bound::Memory, b.memorySeconds + b.nonGemmSeconds + b.expertMemorySeconds},
                {Bound::Communication, b.communicationSeconds},
                {Bound::Offload, b.offloadSeconds},
                {Bound::Latency, b.latencySeconds + b.expertLatencySeconds}};
            const auto largest =
                std::max_element(std::begin(terms), std::end(terms),
                                 [](const auto& x, const auto& y) { return x.second < y.second; });
            QVERIFY2(largest->first == pe->bound, qPrintable(QString::fromStdString(label)));
            latencyBound += pe->bound == Bound::Latency;
            QVERIFY(point < points.size());
            const double achieved = points[point]["achieved_flops_per_second"].get<double>();
            const double roof = points[point]["roof_flops_per_second"].get<double>();
            QVERIFY2(achieved <= roof * (1 + 1e-9),
                     qPrintable(QString::fromStdString(label + " " + points[point].dump())));
            ++point;
        }
        if (r.decode && s.batch == 1 && r.scenario.parallelism->pipeline > 1 && r.memory.offloadedBytes > 0) {
            ++pipelineOffloads;
            const double stages = static_cast<double>(r.scenario.parallelism->pipeline);
            const double offloaded =
                stages * (r.memory.hostOffloadBytes + r.memory.diskOffloadBytes + r.memory.unplacedBytes);
            QVERIFY2(r.decode->seconds >= offloaded / device.hostLinkBytesPerSecond,
                     qPrintable(QString::fromStdString(label)));
        }
    }
    qInfo("%d phases, %d batch-1 pipeline decodes that offload, %d latency-bound", phases, pipelineOffloads,
          latencyBound);
    QVERIFY(phases > 3000);
    QVERIFY(pipelineOffloads > 20); // the rule was exercised
    QVERIFY(latencyBound > 0);
}

void TestReportProperties::randomScenariosStayFiniteAndConsistent()
{
    const Catalog& catalog = Catalog::builtIn();
    RandomScenarioParts parts(20261202);
    std::mt19937_64& random = parts.random;
    auto logUniform = [&](double lo, double hi) { return parts.logUniform(lo, hi); };
    auto pick = [&](std::size_t n) { return parts.pick(n); };
    const Precision weights[] = {Precision::Fp32, Precision::Bf16,   Precision::Fp16, Precision::Fp8,
                                 Precision::Int8, Precision::Int4,   Precision::Fp4,  Precision::Q4_K_M,
                                 Precision::Q8_0, Precision::AwqInt4};
    const Precision kv[] = {Precision::Fp32, Precision::Bf16, Precision::Fp8, Precision::Int8,
                            Precision::Int4};
    const Precision compute[] = {Precision::Fp32, Precision::Tf32, Precision::Bf16, Precision::Fp8,
                                 Precision::Int8, Precision::Int4, Precision::Fp4};
    // Scenarios per memory tier: the sample must reach every tier, or the checks below test less
    // than they claim (a generator change that made every scenario fit would pass silently).
    std::array<int, 4> perTier{};
    for (int i = 0; i < kScenarios; ++i) {
        Scenario s;
        const Device& device = catalog.devices()[pick(catalog.devices().size())];
        const ModelEntry& model = catalog.models()[pick(catalog.models().size())];
        s.deviceId = device.id;
        s.modelId = model.id;
        s.mode = random() % 2 ? Mode::Training : Mode::Inference;
        s.batch = logUniform(1, 1e7);
        s.promptTokens = logUniform(1, 1e8);
        s.outputTokens = random() % 5 == 0 ? 0 : logUniform(1, 1e6);
        s.devices = logUniform(1, 1e6);
        s.weights = s.mode == Mode::Training ? Precision::Bf16 : weights[pick(std::size(weights))];
        s.kvCache = kv[pick(std::size(kv))];
        s.compute = compute[pick(std::size(compute))];
        s.flashAttention = random() % 2;
        s.training.zeroStage = static_cast<int>(random() % 4);
        s.training.recompute = static_cast<Recompute>(random() % 3);
        s.training.microBatch = logUniform(1, 64);
        const std::string label = s.deviceId + " " + s.modelId + " b" + std::to_string(s.batch) + " s" +
                                  std::to_string(s.promptTokens) + " n" + std::to_string(s.devices);
        Report r;
        try {
            r = estimate(s, catalog);
        } catch (const InputError&) {
            // Only a chosen split may be rejected; the default split never is.
            QFAIL(qPrintable(QString::fromStdString("default split rejected: " + label)));
        }
        ++perTier[static_cast<std::size_t>(r.memory.tier)];
        std::string where;
        QVERIFY2(checkNumbers(reportToJson(r), where),
                 qPrintable(QString::fromStdString(label + ": " + where)));
        const auto& m = r.memory.perDevice;
        const double parts = m.weightsBytes + m.visionWeightsBytes + m.kvCacheBytes + m.recurrentStateBytes +
                             m.activationsBytes + m.gradientsBytes + m.optimizerStatesBytes +
                             m.runtimeContextBytes + m.allocatorReserveBytes + m.communicationBuffersBytes +
                             m.kvPoolReserveBytes;
        QCOMPARE(parts, m.totalBytes());
        QVERIFY(r.memory.hostOffloadBytes + r.memory.diskOffloadBytes + r.memory.unplacedBytes <=
                r.memory.offloadedBytes * (1 + 1e-12) + 1);
        const auto validBound = [](Bound b) {
            return b == Bound::Compute || b == Bound::Memory || b == Bound::Communication ||
                   b == Bound::Offload || b == Bound::Latency;
        };
        if (r.prefill)
            QVERIFY(validBound(r.prefill->bound));
        if (r.training)
            QVERIFY(validBound(r.training->step.bound));
        // Model FLOPs utilization is a fraction of peak: the step computes every sequence of the
        // batch (micro_batch x grad_accum x data >= batch), so it can never pass 100 %.
        if (r.training) {
            QVERIFY2(r.training->mfu > 0 && r.training->mfu <= 1.0,
                     qPrintable(QString::fromStdString(label + " MFU " + std::to_string(r.training->mfu))));
            if (r.ideal.training)
                QVERIFY2(r.ideal.training->mfu <= 1.0 + 1e-12, qPrintable(QString::fromStdString(label)));
        }
        QVERIFY2(s.mode == Mode::Training ? bool(r.training) : bool(r.prefill),
                 qPrintable(QString::fromStdString(label)));

        // More batch never needs less memory (same split).
        Scenario bigger = s;
        bigger.batch = std::min<long long>(s.batch * 2, 1'000'000'000LL);
        bigger.parallelism = r.scenario.parallelism;
        const Report more = estimate(bigger, catalog);
        QVERIFY2(more.memory.perDevice.totalBytes() >= m.totalBytes(),
                 qPrintable(QString::fromStdString(label)));

        // The "largest that fits" searches (secant guess + gallop) against their definition:
        // the limit fits on the device and one more does not (or nothing fits: 0).
        if (r.limits) {
            auto fits = [&](long long batch, long long context) {
                Scenario t = s;
                t.batch = batch;
                t.promptTokens = std::max(1LL, context - s.outputTokens);
                t.parallelism = r.scenario.parallelism;
                const auto& a = estimate(t, catalog).memory;
                return a.perDevice.totalBytes() <= a.capacityPerDeviceBytes;
            };
            const long long context = s.promptTokens + s.outputTokens;
            const long long b = r.limits->maxBatchFits;
            QVERIFY2(b == 0 ? !fits(1, context)
                            : fits(b, context) && (b == 1'000'000'000LL || !fits(b + 1, context)),
                     qPrintable(QString::fromStdString(label + " max batch " + std::to_string(b))));
        }
    }
    qInfo("memory tiers: %d on the device, %d host RAM, %d disk, %d nowhere", perTier[0], perTier[1],
          perTier[2], perTier[3]);
    for (const int count : perTier)
        QVERIFY(count >= 20);
}

// Every catalog model with windowed, chunked or linear-attention layers (and the dense ones):
// over random contexts, the KV cache and the whole memory never fall as the context grows,
// every figure stays finite, and beyond the longest window only the full-attention layers
// grow: KV(c2) - KV(c1) = full layers x (c2 - c1) x their bytes per token, exactly as if the
// windowed layers were flat. Linear-attention state does not depend on the context at all.
void TestReportProperties::layerKindsKeepMemoryMonotoneAndWindowsFlat()
{
    const Catalog& catalog = Catalog::builtIn();
    std::mt19937_64 random(20261203);
    int windowedModels = 0;
    int checks = 0;
    for (const ModelEntry& model : catalog.models()) {
        const ModelArchitecture& a = model.architecture;
        double longestWindow = 0;
        double fullLayers = 0;
        bool windowed = false;
        for (const KvGroup& g : a.kvGroups) {
            if (g.kind == AttentionKind::Sliding || g.kind == AttentionKind::Chunked) {
                longestWindow = std::max(longestWindow, g.windowTokens);
                windowed = true;
            }
            if (g.kind == AttentionKind::Full)
                fullLayers += g.layers;
        }
        windowedModels += windowed || a.hasRecurrentState() ? 1 : 0;
        const double bytesPerToken = a.kvBytesPerTokenPerLayer(2.0) + (a.indexHeads > 0 ? 132.0 : 0.0);

        std::uniform_real_distribution<double> logContext(0.0, std::log2(4e6));
        double previousContext = 0;
        double previousKv = 0;
        double previousTotal = 0;
        std::vector<double> contexts;
        for (int i = 0; i < 40; ++i)
            contexts.push_back(std::floor(std::exp2(logContext(random))) + 1);
        std::sort(contexts.begin(), contexts.end());
        for (const double context : contexts) {
            const double kv = a.kvBytesPerSequence(context, 2.0, false);
            QVERIFY2(std::isfinite(kv) && kv >= previousKv, model.id.c_str());
            if (previousContext >= longestWindow && windowed && previousContext > 0) {
                // Beyond every window only the full layers grow.
                const double expected = fullLayers * (context - previousContext) * bytesPerToken;
                QVERIFY2(
                    std::abs((kv - previousKv) - expected) <= 1e-9 * kv,
                    qPrintable(QString::fromStdString(model.id) + QStringLiteral(" at %1").arg(context)));
            }
            // The same through the whole report (inference on one device of the default kind).
            Scenario s;
            s.deviceId = "nvidia-h100-sxm";
            s.modelId = model.id;
            s.promptTokens = static_cast<long long>(context);
            s.outputTokens = 1;
            s.batch = 1;
            const Report r = estimate(s, catalog);
            const double total = r.memory.perDevice.totalBytes();
            std::string where;
            QVERIFY2(checkNumbers(reportToJson(r), where),
                     qPrintable(QString::fromStdString(model.id + where)));
            QVERIFY2(total >= previousTotal, model.id.c_str());
            if (!a.hasRecurrentState())
                QVERIFY2(r.memory.perDevice.recurrentStateBytes == 0.0, model.id.c_str());
            previousContext = context;
            previousKv = kv;
            previousTotal = total;
            ++checks;
        }
        // Recurrent state per sequence: independent of the context.
        if (a.hasRecurrentState()) {
            Scenario s;
            s.deviceId = "nvidia-h100-sxm";
            s.modelId = model.id;
            s.promptTokens = 1000;
            const double shortState = estimate(s, catalog).memory.perDevice.recurrentStateBytes;
            s.promptTokens = 1'000'000;
            const double longState = estimate(s, catalog).memory.perDevice.recurrentStateBytes;
            QVERIFY2(shortState > 0 && shortState == longState, model.id.c_str());
        }
    }
    QVERIFY2(windowedModels >= 12,
             qPrintable(QString::number(windowedModels))); // gpt-oss, Gemma 2/3, Llama 4, Qwen3-Next...
    QVERIFY(checks >= 40 * 50);
}

QTEST_GUILESS_MAIN(TestReportProperties)
#include "tst_report_properties.moc"
