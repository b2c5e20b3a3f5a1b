// The efficiency model: precedence of its sources, the figures it cites, and the ideal roofline
// it is compared with. Expected values are the published measurements, written out.
#include "core/catalog/catalog.h"
#include "core/estimate/efficiency_model.h"
#include "core/estimate/estimator.h"

#include <QtTest>

using namespace lhe::core;

namespace {

const Device& catalogDevice(const char* id)
{
    const Device* device = Catalog::builtIn().findDevice(id);
    if (!device)
        qFatal("catalog device %s missing", id);
    return *device;
}

Scenario decodeScenario(const char* device, const char* model, Precision weights)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.batch = 1;
    s.promptTokens = 1;
    s.outputTokens = 128;
    s.weights = weights;
    s.kvCache = Precision::Fp16;
    s.activations = Precision::Fp16;
    s.compute = Precision::Fp16;
    return s;
}

bool near(double a, double b, double relative)
{
    return std::abs(a - b) <= relative * std::abs(b);
}

} // namespace

class TestEfficiencyModel : public QObject
{
    Q_OBJECT

private slots:
    void precedence();
    void vendorDefaultsCiteMatmulFigures_data();
    void vendorDefaultsCiteMatmulFigures();
    void nvlinkSharpOnlyOnNvSwitchHopper();
    void busBandwidthFollowsNcclTests_data();
    void busBandwidthFollowsNcclTests();
    void batchOneDecodeByHand();
    void idealIsTheDatasheetRoofline();
};

void TestEfficiencyModel::precedence()
{
    Scenario s;
    Device d = catalogDevice("nvidia-h100-sxm");
    // Catalog measurement: MAMF BF16 794.5 of 989.4 TFLOP/s = 0.803; STREAM triad 2.97/3.35 = 0.887.
    Efficiencies e = calibratedEfficiencies(s, d);
    QCOMPARE(e.compute, 0.803);
    QCOMPARE(e.memory, 0.887);
    // FP8 compute: MAMF FP8 1402.6/1978.9 = 0.709 = 0.803 x 0.883.
    s.compute = Precision::Fp8;
    QVERIFY(near(calibratedEfficiencies(s, d).compute, 1402.6 / 1978.9, 0.002));
    // The scenario wins over the device.
    s.efficiency.compute = 0.5;
    s.efficiency.memory = 0.6;
    e = calibratedEfficiencies(s, d);
    QCOMPARE(e.compute, 0.5);
    QCOMPARE(e.memory, 0.6);
    QCOMPARE(QString::fromUtf8(e.computeSource), QStringLiteral("scenario setting"));
    // No measurement: the STREAM triad median of H100 0.887, H200 0.865, A100 0.834.
    d.achievedMemoryFraction = 0;
    s.efficiency = {};
    QCOMPARE(calibratedEfficiencies(s, d).memory, 0.865);
}

void TestEfficiencyModel::vendorDefaultsCiteMatmulFigures_data()
{
    QTest::addColumn<QString>("vendor");
    QTest::addColumn<QString>("architecture");
    QTest::addColumn<double>("expected");
    // stas00/ml-engineering MAMF BF16 table (measurement T17).
    QTest::newRow("A100") << "NVIDIA"
                          << "Ampere (GA100)" << 271.2 / 312.0;
    QTest::newRow("H100") << "NVIDIA"
                          << "Hopper (GH100)" << 794.5 / 989.4;
    QTest::newRow("B200") << "NVIDIA"
                          << "Blackwell (2 dies)" << 1745.0 / 2250.0;
    QTest::newRow("MI300X/MI325X mean") << "AMD"
                                        << "CDNA 3" << (668.4 / 1307.4 + 784.9 / 1307.4) / 2;
    // No published figure for a TPU: the stated class default.
    QTest::newRow("TPU") << "Google"
                         << "TPU v5e" << 0.7;
}

void TestEfficiencyModel::vendorDefaultsCiteMatmulFigures()
{
    QFETCH(QString, vendor);
    QFETCH(QString, architecture);
    QFETCH(double, expected);
    Device d;
    d.vendor = vendor.toStdString();
    d.architecture = architecture.toStdString();
    d.deviceClass = vendor == QLatin1String("Google") ? DeviceClass::Tpu : DeviceClass::Gpu;
    QVERIFY2(near(calibratedEfficiencies(Scenario{}, d).compute, expected, 0.005),
             qPrintable(QString::number(calibratedEfficiencies(Scenario{}, d).compute)));
}

void TestEfficiencyModel::nvlinkSharpOnlyOnNvSwitchHopper()
{
    // nccl-tests busbw 478.9 GB/s on 8x H100 (NVLS) against a 450 GB/s line rate; rings reach
    // ~0.78 of it (A100 231.6 of 300).
    const Efficiencies h100 = calibratedEfficiencies(Scenario{}, catalogDevice("nvidia-h100-sxm"));
    QCOMPARE(h100.allReduce, 1.06);
    QCOMPARE(h100.network, 0.78);
    const Efficiencies a100 = calibratedEfficiencies(Scenario{}, catalogDevice("nvidia-a100-80gb-sxm"));
    QCOMPARE(a100.allReduce, 0.78);
}

void TestEfficiencyModel::busBandwidthFollowsNcclTests_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<double>("devices");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("measured"); // busbw, B/s
    QTest::addColumn<double>("tolerance");
    // Azure ND H100 v5, NCCL 2.18.5 all_reduce_perf (measurement C1).
    QTest::newRow("8x H100, 8 GB") << "nvidia-h100-sxm" << 8.0 << 8e9 << 478.87e9 << 0.02;
    QTest::newRow("8x H100, 134 MB") << "nvidia-h100-sxm" << 8.0 << 134e6 << 400.61e9 << 0.15;
    QTest::newRow("8x H100, 1 MB") << "nvidia-h100-sxm" << 8.0 << 1e6 << 43.70e9 << 0.2;
    // DGX A100 across nodes, 8x 200 Gb/s HDR per node (C8): 192 GB/s.
    QTest::newRow("16x A100, two nodes") << "nvidia-a100-80gb-sxm" << 16.0 << 8e9 << 192e9 << 0.05;
}

void TestEfficiencyModel::busBandwidthFollowsNcclTests()
{
    QFETCH(QString, device);
    QFETCH(double, devices);
    QFETCH(double, bytes);
    QFETCH(double, measured);
    QFETCH(double, tolerance);
    const Device& d = catalogDevice(device.toLatin1().constData());
    const double busbw = allReduceBusBytesPerSecond(d, calibratedEfficiencies(Scenario{}, d), devices, bytes);
    QVERIFY2(near(busbw, measured, tolerance), qPrintable(QString::number(busbw / 1e9)));
    // The ideal view is the line rate itself: 450 GB/s for 8x H100.
    if (device == QLatin1String("nvidia-h100-sxm") && bytes == 8e9)
        QVERIFY(near(allReduceBusBytesPerSecond(d, idealEfficiencies(), devices, bytes), 450e9, 1e-12));
}

void TestEfficiencyModel::batchOneDecodeByHand()
{
    // LLaMA-2-7B f16 on an RTX 4090, batch 1, written out: weights 6,738,415,616 x 2 B streamed
    // at 1008 GB/s x 0.865 (STREAM median), plus 32 layers x 100 µs of kernel latency:
    // 13,476,831,232 / 871.92e9 + 3.2e-3 = 18.657 ms -> 53.6 tokens/s (llama.cpp measured 60.8).
    const Report f16 =
        estimate(decodeScenario("nvidia-rtx-4090", "llama-2-7b", Precision::Fp16), Catalog::builtIn());
    const double kv = 2.0 * 32 * 32 * 128 * 2 * (1 + 64)      // K+V read at the mean context, 1 + 128/2
                      + 2.0 * 32 * (2 * 4096 + 2 * 11008) * 2 // live tensors out and back, 32 layers
                      // element-wise passes, 32 x (10 x 4096 + 2 x (32 + 32) x 128 + 3 x 11008) x 2 B,
                      // at the same STREAM fraction
                      + 32.0 * (10 * 4096 + 2 * 64 * 128 + 3 * 11008) * 2;
    const double expectedSeconds =
        (13'476'831'232.0 + kv + 2.0 * 32 * 32 * 128 * 2) / (1008e9 * 0.865) + 32 * 100e-6;
    QVERIFY2(near(f16.decode->seconds, expectedSeconds, 1e-6),
             qPrintable(QString::number(f16.decode->seconds)));
    // q4_0 (4.5 bits) streams at 0.8 of f16's rate: 3,790,358,784 B / (871.92e9 x 0.8) + 3.2 ms.
    const Report q4 =
        estimate(decodeScenario("nvidia-rtx-4090", "llama-2-7b", Precision::Q4_0), Catalog::builtIn());
    QCOMPARE(q4.efficiencies.quantizedWeights, 0.8);
    const double weightsQ4 = 6'738'415'616.0 * 4.5 / 8;
    const double expectedQ4 =
        (weightsQ4 / 0.8 + kv + 2.0 * 32 * 32 * 128 * 2) / (1008e9 * 0.865) + 32 * 100e-6;
    QVERIFY2(near(q4.decode->seconds, expectedQ4, 1e-6), qPrintable(QString::number(q4.decode->seconds)));
    QCOMPARE(q4.decode->breakdown.latencySeconds, 32 * 100e-6);
}

void TestEfficiencyModel::idealIsTheDatasheetRoofline()
{
    // The ideal decode step of the same work: bytes / 1008 GB/s, no latency.
    const Report r =
        estimate(decodeScenario("nvidia-rtx-4090", "llama-2-7b", Precision::Fp16), Catalog::builtIn());
    QVERIFY(r.ideal.decode && r.ideal.prefill && !r.ideal.training);
    QVERIFY(near(r.ideal.decode->seconds, r.decode->bytes / 1008e9, 1e-9));
    QCOMPARE(r.ideal.decode->breakdown.latencySeconds, 0.0);
    QVERIFY(r.ideal.decode->tokensPerSecond > r.decode->tokensPerSecond);
    // Training carries an ideal step and MFU too.
    Scenario t;
    t.deviceId = "nvidia-h100-sxm";
    t.modelId = "llama-3.1-8b";
    t.mode = Mode::Training;
    t.batch = 8;
    t.devices = 8;
    const Report tr = estimate(t, Catalog::builtIn());
    QVERIFY(tr.ideal.training && tr.training);
    QVERIFY(tr.ideal.training->mfu > tr.training->mfu);
    QVERIFY(tr.ideal.training->step.seconds < tr.training->step.seconds);
}

QTEST_GUILESS_MAIN(TestEfficiencyModel)
#include "tst_efficiency_model.moc"
