// Compare A/B rows from hand-made reports: differences and ratios worked out below by hand, a
// missing phase or a zero A gives no ratio (never NaN or infinity), and the shared chart scales
// are the larger of the two.
#include "core/charts/comparison.h"
#include "core/estimate/estimator.h"

#include <QtTest>
#include <cmath>

using namespace lhe::core;

namespace {

const ComparisonRow* rowLabelled(const std::vector<ComparisonRow>& rows, const std::string& label)
{
    for (const ComparisonRow& row : rows) {
        if (row.label == label)
            return &row;
    }
    return nullptr;
}

PhaseEstimate phase(double seconds, double tokensPerSecond, Bound bound)
{
    PhaseEstimate p;
    p.seconds = seconds;
    p.tokensPerSecond = tokensPerSecond;
    p.bound = bound;
    return p;
}

// A: 8B bf16 decode on an 80 GB card. Weights 16 GB + KV 2 GB + runtime 0.4 GB = 18.4 GB.
Report reportA()
{
    Report r;
    r.scenario.devices = 1;
    r.memory.perDevice.weightsBytes = 16e9;
    r.memory.perDevice.kvCacheBytes = 2e9;
    r.memory.perDevice.runtimeContextBytes = 0.4e9;
    r.memory.capacityPerDeviceBytes = 80e9;
    r.prefill = phase(0.2, 5000, Bound::Compute);
    r.decode = phase(0.008, 125, Bound::Memory);
    return r;
}

// B: the same at int4 on a 24 GB card, and a training step instead of decode. Weights 4 GB + KV
// 2 GB + runtime 0.4 GB = 6.4 GB; 5 GB offloaded to host RAM (a made-up tier, for the zero-A row).
Report reportB()
{
    Report r;
    r.scenario.devices = 2;
    r.memory.perDevice.weightsBytes = 4e9;
    r.memory.perDevice.kvCacheBytes = 2e9;
    r.memory.perDevice.runtimeContextBytes = 0.4e9;
    r.memory.capacityPerDeviceBytes = 24e9;
    r.memory.offloadedBytes = 5e9;
    r.memory.tier = OffloadTier::HostRam;
    r.prefill = phase(0.5, 2000, Bound::Memory);
    TrainingEstimate t;
    t.step = phase(2.0, 8192, Bound::Compute);
    t.mfu = 0.4;
    t.trainDays = 12;
    r.training = t;
    return r;
}

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private slots:
    void memoryTotalsDifferenceAndRatio();
    void partsZeroInBothAreLeftOut();
    void missingPhaseHasNoRatio();
    void zeroAHasDifferenceButNoRatio();
    void verdictRowsSayWhatChanged();
    void nothingOnScreenIsNanOrInfinite();
    void sharedScalesTakeTheLarger();
    void realReportsSameModelSameWeights();
    void fullAgainstQlora();
    void servingRowsFollowTheMemory();
};

void TestComparison::memoryTotalsDifferenceAndRatio()
{
    const auto rows = compareReports(reportA(), reportB());
    const ComparisonRow* total = rowLabelled(rows, "Memory per device");
    QVERIFY(total);
    QCOMPARE(total->unit, Quantity::Bytes);
    QCOMPARE(*total->a, 18.4e9);
    QCOMPARE(*total->b, 6.4e9);
    QVERIFY(std::abs(*total->difference - -12e9) < 1);     // 6.4 − 18.4 GB
    QVERIFY(std::abs(*total->ratio - 6.4 / 18.4) < 1e-12); // 0.3478…
    QCOMPARE(total->status, ComparisonStatus::Ok);
    QVERIFY(total->changed());

    const ComparisonRow* weights = rowLabelled(rows, "Weights");
    QVERIFY(weights);
    QCOMPARE(*weights->ratio, 0.25); // int4 / bf16 = 4 / 16 GB

    const ComparisonRow* kv = rowLabelled(rows, "KV cache");
    QCOMPARE(*kv->ratio, 1.0);
    QCOMPARE(*kv->difference, 0.0);
    QVERIFY(!kv->changed());

    const ComparisonRow* devices = rowLabelled(rows, "Devices");
    QCOMPARE(*devices->ratio, 2.0);

    const ComparisonRow* ttft = rowLabelled(rows, "Time to first token");
    QCOMPARE(*ttft->ratio, 2.5); // 0.5 s / 0.2 s
    QVERIFY(!ttft->higherIsBetter);
    const ComparisonRow* prompt = rowLabelled(rows, "Prompt tokens/s");
    QCOMPARE(*prompt->ratio, 0.4); // 2000 / 5000
    QVERIFY(prompt->higherIsBetter);
}

void TestComparison::partsZeroInBothAreLeftOut()
{
    const auto rows = compareReports(reportA(), reportB());
    QVERIFY(!rowLabelled(rows, "Gradients"));
    QVERIFY(!rowLabelled(rows, "Optimizer states"));
    QVERIFY(!rowLabelled(rows, "Activations"));
    QVERIFY(!rowLabelled(rows, "Runtime context")); // in "Overheads": 0.4 GB in both
    QCOMPARE(*rowLabelled(rows, "Overheads")->a, 0.4e9);
    QCOMPARE(*rowLabelled(rows, "Overheads")->ratio, 1.0);
    // Always shown, zero or not.
    QVERIFY(rowLabelled(rows, "Capacity per device"));
    QVERIFY(rowLabelled(rows, "Fits"));
}

void TestComparison::missingPhaseHasNoRatio()
{
    const auto rows = compareReports(reportA(), reportB());
    const ComparisonRow* decode = rowLabelled(rows, "Time per output token");
    QVERIFY(decode);
    QCOMPARE(*decode->a, 0.008);
    QVERIFY(!decode->b);
    QCOMPARE(decode->status, ComparisonStatus::MissingB);
    QVERIFY(!decode->difference && !decode->ratio);

    const ComparisonRow* mfu = rowLabelled(rows, "MFU");
    QVERIFY(mfu);
    QCOMPARE(mfu->status, ComparisonStatus::MissingA);
    QCOMPARE(*mfu->b, 0.4);
    QVERIFY(!mfu->ratio);
    const ComparisonRow* days = rowLabelled(rows, "Days to train");
    QCOMPARE(*days->b, 12.0);

    const ComparisonRow* decodeBound = rowLabelled(rows, "Decode bound");
    QCOMPARE(decodeBound->status, ComparisonStatus::MissingB);
    QCOMPARE(*decodeBound->boundA, Bound::Memory);
}

void TestComparison::zeroAHasDifferenceButNoRatio()
{
    const auto rows = compareReports(reportA(), reportB());
    const ComparisonRow* offloaded = rowLabelled(rows, "Offloaded");
    QVERIFY(offloaded);
    QCOMPARE(*offloaded->a, 0.0);
    QCOMPARE(*offloaded->difference, 5e9);
    QVERIFY(!offloaded->ratio);
    QCOMPARE(offloaded->status, ComparisonStatus::ZeroA);
}

void TestComparison::verdictRowsSayWhatChanged()
{
    const auto rows = compareReports(reportA(), reportB());
    const ComparisonRow* fits = rowLabelled(rows, "Fits");
    QCOMPARE(fits->status, ComparisonStatus::Verdict);
    QCOMPARE(*fits->tierA, OffloadTier::None);
    QCOMPARE(*fits->tierB, OffloadTier::HostRam);
    QVERIFY(fits->changed());
    const ComparisonRow* prefillBound = rowLabelled(rows, "Prefill bound");
    QCOMPARE(*prefillBound->boundA, Bound::Compute);
    QCOMPARE(*prefillBound->boundB, Bound::Memory);
    QVERIFY(prefillBound->changed());

    const auto same = compareReports(reportA(), reportA());
    QVERIFY(!rowLabelled(same, "Fits")->changed());
    QVERIFY(!rowLabelled(same, "Decode bound")->changed());
    QVERIFY(!rowLabelled(same, "MFU")); // neither trains
}

void TestComparison::nothingOnScreenIsNanOrInfinite()
{
    Report a = reportA();
    a.decode->tokensPerSecond = std::numeric_limits<double>::infinity(); // a degenerate estimate
    a.prefill->seconds = 0;
    const auto rows = compareReports(a, reportB());
    for (const ComparisonRow& row : rows) {
        for (const auto& value : {row.a, row.b, row.difference, row.ratio}) {
            if (value)
                QVERIFY2(std::isfinite(*value), row.label.c_str());
        }
    }
    QCOMPARE(rowLabelled(rows, "Tokens/s (batch)")->status, ComparisonStatus::MissingA);
    QCOMPARE(rowLabelled(rows, "Time to first token")->status, ComparisonStatus::ZeroA);
}

void TestComparison::sharedScalesTakeTheLarger()
{
    // A: max(18.4 GB total, 80 GB capacity) × 1.15 = 92 GB; B: max(6.4 + 0, 24) × 1.15 = 27.6 GB.
    QCOMPARE(sharedMemoryAxisMaxBytes(reportA(), reportB()), 1.15 * 80e9);
    QCOMPARE(sharedMemoryAxisMaxBytes(reportB(), reportA()), 1.15 * 80e9);

    RooflineChart x;
    x.xMin = 0.1, x.xMax = 1e4, x.yMin = 1e11, x.yMax = 1e16;
    RooflineChart y;
    y.xMin = 0.01, y.xMax = 1e3, y.yMin = 1e12, y.yMax = 1e17;
    const RooflineFrame frame = sharedRooflineFrame(x, y);
    QCOMPARE(frame.xMin, 0.01);
    QCOMPARE(frame.xMax, 1e4);
    QCOMPARE(frame.yMin, 1e11);
    QCOMPARE(frame.yMax, 1e17);
}

void TestComparison::realReportsSameModelSameWeights()
{
    // Llama-3.1-8B bf16 decode on H100 and RTX 4090: the same 8.03e9 parameters × 2 B of weights
    // on both, so the weights row is 1.0; H100's 3.35 TB/s against the 4090's 1.008 TB/s makes
    // memory-bound decode faster on the H100 (ratio of decode times > 1), and the roofs differ.
    Scenario s;
    s.modelId = "llama-3.1-8b";
    s.batch = 1;
    s.promptTokens = 1024;
    s.outputTokens = 128;
    s.deviceId = "nvidia-h100-sxm";
    const Report h100 = estimate(s, Catalog::builtIn());
    s.deviceId = "nvidia-rtx-4090";
    const Report rtx = estimate(s, Catalog::builtIn());
    const auto rows = compareReports(h100, rtx);
    QCOMPARE(*rowLabelled(rows, "Weights")->ratio, 1.0);
    QVERIFY(*rowLabelled(rows, "Time per output token")->ratio > 2.0);
    QCOMPARE(*rowLabelled(rows, "Decode bound")->boundA, Bound::Memory);
    QVERIFY(roofsDiffer(h100, rtx));
    QVERIFY(!roofsDiffer(h100, h100));
}

void TestComparison::fullAgainstQlora()
{
    // Llama-3.1-8B on an RTX 4090, sequence 512, micro-batch 1, full recomputation: A trains every
    // weight, B QLoRA r16 on every linear layer. B alone has adapters and a dequantization
    // workspace; the trainable parameters drop from 8.03e9 to PEFT's r·(in + out) over the
    // adapted modules, 41,943,040 (core/estimate/lora.h; tst_fine_tuning.cpp checks the same count).
    Scenario s;
    s.deviceId = "nvidia-rtx-4090";
    s.modelId = "llama-3.1-8b";
    s.mode = Mode::Training;
    s.batch = 8;
    s.promptTokens = 512;
    s.training.recompute = Recompute::Full;
    const Report full = estimate(s, Catalog::builtIn());
    s.training.method = TrainingMethod::Qlora;
    const Report qlora = estimate(s, Catalog::builtIn());
    const auto rows = compareReports(full, qlora);
    const ComparisonRow* adapters = rowLabelled(rows, "Adapters");
    QVERIFY(adapters);
    QCOMPARE(*adapters->a, 0.0);
    QVERIFY(*adapters->b > 0);
    QCOMPARE(adapters->status, ComparisonStatus::ZeroA);
    const ComparisonRow* workspace = rowLabelled(rows, "Dequantization workspace");
    QVERIFY(workspace);
    QVERIFY(*workspace->b > 0);
    const ComparisonRow* trainable = rowLabelled(rows, "Trainable parameters");
    QVERIFY(trainable);
    QCOMPARE(*trainable->a, full.paramsTotal);
    QCOMPARE(*trainable->b, 41943040.0);
    QVERIFY(*trainable->ratio < 0.01);
    // The frozen base keeps no gradients or optimizer states of its own: B's rows are smaller.
    QVERIFY(*rowLabelled(rows, "Memory per device")->ratio < 0.25);
    QVERIFY(*rowLabelled(rows, "Weights")->ratio < 0.4); // 4.127 bits against 16 for the linear weights
    // Inference reports have no trainable parameters row.
    Scenario inference;
    inference.deviceId = "nvidia-rtx-4090";
    inference.modelId = "llama-3.1-8b";
    const Report served = estimate(inference, Catalog::builtIn());
    QVERIFY(!rowLabelled(compareReports(served, served), "Trainable parameters"));
}

// Two serving reports: the rows read each report's own serving point, B - A and B / A of them; the
// targets row is a verdict (1 meets, 0 misses, 2 no targets), placed before the phases' rows.
void TestComparison::servingRowsFollowTheMemory()
{
    Scenario s;
    s.deviceId = "nvidia-h100-sxm";
    s.modelId = "llama-3.1-8b";
    s.batch = 32;
    const Report a = estimate(s, Catalog::builtIn());
    s.deviceId = "nvidia-h200";
    s.serving.tpotTargetSeconds = 1e-6; // nothing meets a microsecond
    const Report b = estimate(s, Catalog::builtIn());
    const auto rows = compareReports(a, b);
    const ComparisonRow* ttft = rowLabelled(rows, "TTFT users see");
    QVERIFY(ttft);
    QCOMPARE(*ttft->a, a.serving->point.ttftSeconds);
    QCOMPARE(*ttft->b, b.serving->point.ttftSeconds);
    QCOMPARE(*ttft->ratio, b.serving->point.ttftSeconds / a.serving->point.ttftSeconds);
    const ComparisonRow* meets = rowLabelled(rows, "Meets the targets");
    QVERIFY(meets && meets->status == ComparisonStatus::Verdict);
    QCOMPARE(*meets->a, 2.0);
    QCOMPARE(*meets->b, 0.0);
    QVERIFY(!rowLabelled(rows, "Cost per million tokens")); // neither has a price
    const auto index = [&](const char* label) { return rowLabelled(rows, label) - rows.data(); };
    QVERIFY(index("Memory per device") < index("TTFT users see"));
    QVERIFY(index("TTFT users see") < index("Time to first token"));
    // Training reports have no serving rows.
    s.mode = Mode::Training;
    const Report t = estimate(s, Catalog::builtIn());
    QVERIFY(!rowLabelled(compareReports(t, t), "TTFT users see"));
}

QTEST_APPLESS_MAIN(TestComparison)
#include "tst_comparison.moc"
