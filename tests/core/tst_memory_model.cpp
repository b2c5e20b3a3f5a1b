// Memory model against published figures and written-out arithmetic (docs/METHOD.md §2).
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/estimate/memory_model.h"

#include <QtTest>

using namespace lhe::core;

namespace {

// A device whose tiers are easy to reason about: 24 GiB device, 64 GiB host, 1 TB disk.
Device testDevice()
{
    Device d;
    d.id = "test";
    d.name = "Test GPU";
    d.memoryBytes = 24.0 * 1024 * 1024 * 1024;
    d.memoryBandwidthBytesPerSecond = 1e12;
    d.peakFlopsPerSecond[static_cast<std::size_t>(PeakKey::Bf16)] = 100e12;
    d.hostMemoryBytes = 64.0 * 1024 * 1024 * 1024;
    d.hostLinkBytesPerSecond = 32e9;
    d.diskBytes = 1e12;
    d.diskBytesPerSecond = 7e9;
    d.devicesPerNode = 8;
    d.interconnectBytesPerSecond = 300e9;
    d.interNodeBytesPerSecond = 25e9;
    return d;
}

const ModelArchitecture& catalogArch(const char* id)
{
    const ModelEntry* model = Catalog::builtIn().findModel(id);
    if (!model)
        qFatal("catalog model %s missing", id);
    return model->architecture;
}

} // namespace

class TestMemoryModel : public QObject
{
    Q_OBJECT

private slots:
    void zeroModelStates_data();
    void zeroModelStates();
    void korthikantiActivations_data();
    void korthikantiActivations();
    void kvCachePerDevice_data();
    void kvCachePerDevice();
    void weightOnlyFormats_data();
    void weightOnlyFormats();
    void spillTiers_data();
    void spillTiers();
    void moreBatchNeverLessMemory();
    void overheadSegments();
};

void TestMemoryModel::zeroModelStates_data()
{
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expectedBytes");
    QTest::addColumn<double>("paperGB");
    // Rajbhandari et al. 2020 (ZeRO) Fig. 1: Ψ = 7.5 B, N_d = 64, K = 12 (mixed-precision Adam).
    const double psi = 7.5e9;
    QTest::newRow("ZeRO-0: (2+2+12)Ψ = 120 GB") << 0 << 16 * psi << 120.0;
    QTest::newRow("ZeRO-1: 2Ψ+2Ψ+12Ψ/64 = 31.4 GB") << 1 << 4 * psi + 12 * psi / 64 << 31.4;
    QTest::newRow("ZeRO-2: 2Ψ+(2+12)Ψ/64 = 16.6 GB") << 2 << 2 * psi + 14 * psi / 64 << 16.6;
    QTest::newRow("ZeRO-3: 16Ψ/64 = 1.9 GB") << 3 << 16 * psi / 64 << 1.9;
}

void TestMemoryModel::zeroModelStates()
{
    QFETCH(int, stage);
    QFETCH(double, expectedBytes);
    QFETCH(double, paperGB);
    ModelArchitecture arch = catalogArch("llama-2-7b");
    arch.paramsTotal = arch.paramsActive = 7.5e9; // the paper's Ψ
    arch.paramsRoutedExperts = 0;
    Scenario s;
    s.mode = Mode::Training;
    s.devices = 64;
    s.batch = 64;
    s.training.zeroStage = stage;
    const Device device = testDevice();
    const EvaluationContext ctx{s, device, arch, Parallelism{1, 1, 64, 1}};
    const MemoryBreakdown m = trainingMemory(ctx, 1);
    const double states = m.weightsBytes + m.gradientsBytes + m.optimizerStatesBytes;
    QVERIFY(qAbs(states - expectedBytes) <= 1e-9 * expectedBytes);
    // The paper prints one decimal: within 3 % of its rounded figure (1.875 -> 1.9).
    QVERIFY2(qAbs(states / 1e9 - paperGB) <= 0.03 * paperGB, qPrintable(QString::number(states / 1e9)));
}

void TestMemoryModel::korthikantiActivations_data()
{
    QTest::addColumn<int>("tensor");
    QTest::addColumn<bool>("sequenceParallel");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<double>("expectedBytes");
    // Korthikanti et al. 2022, GPT-3 175B: s = 2048, b = 1, h = 12288, a = 96.
    // sbh = 2048 * 12288 = 25,165,824; 5as/h = 5 * 96 * 2048 / 12288 = 80.
    const double sbh = 2048.0 * 12288.0;
    QTest::newRow("eq.1 no parallelism: sbh(34 + 80)") << 1 << false << int(Recompute::None) << sbh * 114;
    QTest::newRow("eq.2 t=8 no SP: sbh(10 + 24/8 + 80/8)") << 8 << false << int(Recompute::None) << sbh * 23;
    QTest::newRow("eq.4 t=8 with SP: sbh(34 + 80)/8") << 8 << true << int(Recompute::None) << sbh * 114 / 8;
    QTest::newRow("eq.5 selective, t=8 SP: 34 sbh/8")
        << 8 << true << int(Recompute::Selective) << sbh * 34 / 8;
    QTest::newRow("full recompute, t=8 SP: 2 sbh/8") << 8 << true << int(Recompute::Full) << sbh * 2 / 8;
}

void TestMemoryModel::korthikantiActivations()
{
    QFETCH(int, tensor);
    QFETCH(bool, sequenceParallel);
    QFETCH(int, recompute);
    QFETCH(double, expectedBytes);
    const ModelArchitecture& arch = catalogArch("gpt-3-175b");
    QCOMPARE(arch.heads, 96LL);
    QCOMPARE(arch.hidden, 12288LL);
    Scenario s;
    s.mode = Mode::Training;
    s.flashAttention = false; // the paper's baseline stores the s² scores
    s.training.sequenceParallel = sequenceParallel;
    s.training.recompute = static_cast<Recompute>(recompute);
    s.devices = tensor;
    const Device device = testDevice();
    const EvaluationContext ctx{s, device, arch, Parallelism{tensor, 1, 1, 1}};
    const double perLayer = trainingActivationBytesPerLayer(ctx, 1, 2048);
    QVERIFY2(qAbs(perLayer - expectedBytes) <= 1e-9 * expectedBytes,
             qPrintable(QStringLiteral("%1 vs %2").arg(perLayer).arg(expectedBytes)));
}

void TestMemoryModel::kvCachePerDevice_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tensor");
    QTest::addColumn<double>("sequences");
    QTest::addColumn<double>("context");
    QTest::addColumn<double>("expectedBytes");
    // Llama-3.1-70B: 80 layers, 8 KV heads, d_h 128, bf16.
    QTest::newRow("llama-3.1-70b b8 c4096: 2*80*8*128*2*8*4096 = 10.7 GB")
        << "llama-3.1-70b" << 1 << 8.0 << 4096.0 << 2.0 * 80 * 8 * 128 * 2 * 8 * 4096;
    QTest::newRow("llama-3.1-70b t=8: one KV head per rank, /8")
        << "llama-3.1-70b" << 8 << 8.0 << 4096.0 << 2.0 * 80 * 8 * 128 * 2 * 8 * 4096 / 8;
    QTest::newRow("llama-3.1-70b t=16 > 8 KV heads: replicated, still /8")
        << "llama-3.1-70b" << 16 << 8.0 << 4096.0 << 2.0 * 80 * 8 * 128 * 2 * 8 * 4096 / 8;
    QTest::newRow("opt-13b vLLM §3: 800 KB/token x 2048")
        << "opt-13b" << 1 << 1.0 << 2048.0 << 819200.0 * 2048;
    QTest::newRow("deepseek-v3 MLA latent 61*(512+64)*2, t=8 replicated")
        << "deepseek-v3" << 8 << 1.0 << 1000.0 << 61.0 * (512 + 64) * 2 * 1000;
    QTest::newRow("mistral-7b window 4096: 8192 ctx keeps 4096")
        << "mistral-7b-v0.1" << 1 << 1.0 << 8192.0 << 2.0 * 32 * 8 * 128 * 2 * 4096;
}

void TestMemoryModel::kvCachePerDevice()
{
    QFETCH(QString, model);
    QFETCH(int, tensor);
    QFETCH(double, sequences);
    QFETCH(double, context);
    QFETCH(double, expectedBytes);
    const ModelArchitecture& arch = catalogArch(model.toLatin1().constData());
    Scenario s;
    s.devices = tensor;
    const Device device = testDevice();
    const EvaluationContext ctx{s, device, arch, Parallelism{tensor, 1, 1, 1}};
    QCOMPARE(kvCacheBytesPerDevice(ctx, sequences, context), expectedBytes);
}

void TestMemoryModel::weightOnlyFormats_data()
{
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("bitsPerWeight");
    // llama.cpp ggml-common.h block layouts; AWQ/GPTQ group 128 with fp16 scale + zero.
    QTest::newRow("q8_0: 34 B per 32 weights") << "q8_0" << 34.0 * 8 / 32;
    QTest::newRow("q4_0: 18 B per 32 weights") << "q4_0" << 18.0 * 8 / 32;
    QTest::newRow("q6_k: 210 B per 256 weights") << "q6_k" << 210.0 * 8 / 256;
    QTest::newRow("awq-int4: 4 + 32/128") << "awq-int4" << 4.0 + 32.0 / 128;
    QTest::newRow("bf16") << "bf16" << 16.0;
    // Block-scaled (OCP Microscaling Formats v1.0: 32 elements share one 8-bit E8M0 scale; NVIDIA's
    // NVFP4: 16 E2M1 elements share one 8-bit E4M3 scale).
    QTest::newRow("mxfp8: 32 x 8 + 8 bits per 32") << "mxfp8" << (32.0 * 8 + 8) / 32;
    QTest::newRow("mxfp4: 32 x 4 + 8 bits per 32") << "mxfp4" << (32.0 * 4 + 8) / 32;
    QTest::newRow("nvfp4: 16 x 4 + 8 bits per 16") << "nvfp4" << (16.0 * 4 + 8) / 16;
}

void TestMemoryModel::weightOnlyFormats()
{
    QFETCH(QString, precision);
    QFETCH(double, bitsPerWeight);
    const ModelArchitecture& arch = catalogArch("llama-3.1-8b");
    Scenario s;
    s.weights = *parsePrecision(precision.toStdString());
    const Device device = testDevice();
    const EvaluationContext ctx{s, device, arch, Parallelism{}};
    const MemoryBreakdown m = inferenceMemory(ctx, 1, 1024);
    // 8,030,261,248 parameters (Llama-3.1-8B model card / safetensors).
    QCOMPARE(m.weightsBytes, 8030261248.0 * bitsPerWeight / 8);
}

void TestMemoryModel::spillTiers_data()
{
    QTest::addColumn<double>("totalGiB");
    QTest::addColumn<QString>("tier");
    QTest::addColumn<double>("offloadedGiB");
    // testDevice(): 24 GiB device, 64 GiB host RAM, 1 TB disk.
    QTest::newRow("20 GiB fits") << 20.0 << "none" << 0.0;
    QTest::newRow("80 GiB: 56 to host RAM") << 80.0 << "host_ram" << 56.0;
    QTest::newRow("200 GiB: 64 host + 112 disk") << 200.0 << "disk" << 176.0;
    QTest::newRow("2000 GiB: beyond 64 GiB + 1 TB") << 2000.0 << "does_not_fit" << 1976.0;
}

void TestMemoryModel::spillTiers()
{
    QFETCH(double, totalGiB);
    QFETCH(QString, tier);
    QFETCH(double, offloadedGiB);
    const double GiB = 1024.0 * 1024 * 1024;
    const Device device = testDevice();
    Scenario s;
    const EvaluationContext ctx{s, device, catalogArch("llama-3.1-8b"), Parallelism{}};
    MemoryBreakdown m;
    m.weightsBytes = totalGiB * GiB;
    const MemoryEstimate e = placeInMemoryTiers(ctx, m);
    QCOMPARE(QString::fromStdString(std::string(offloadTierName(e.tier))), tier);
    QCOMPARE(e.fits, tier == QLatin1String("none"));
    QCOMPARE(e.offloadedBytes, offloadedGiB * GiB);
    QCOMPARE(e.hostOffloadBytes + e.diskOffloadBytes + e.unplacedBytes, offloadedGiB * GiB);
}

void TestMemoryModel::moreBatchNeverLessMemory()
{
    const Device device = testDevice();
    for (const char* id : {"llama-3.1-8b", "mixtral-8x7b", "deepseek-v3", "gemma-2-9b"}) {
        Scenario s;
        const EvaluationContext ctx{s, device, catalogArch(id), Parallelism{}};
        double previous = 0;
        for (double batch = 1; batch <= 1 << 20; batch *= 4) {
            const double total = inferenceMemory(ctx, batch, 8192).totalBytes();
            QVERIFY2(total >= previous, id);
            previous = total;
        }
    }
}

QTEST_GUILESS_MAIN(TestMemoryModel)
void TestMemoryModel::overheadSegments()
{
    // The test device: 24 GiB = 25,769,803,776 B; tensor parallel 2 x pipeline 2 x data 2 on 8.
    Scenario s;
    s.deviceId = "test";
    s.batch = 8;
    s.promptTokens = 1024;
    s.outputTokens = 0;
    s.devices = 8;
    const Device device = testDevice(); // runtime_overhead_bytes left at 0 (a hand-made Device)
    const ModelArchitecture& arch = catalogArch("llama-3.1-8b");

    {
        const EvaluationContext ctx{s, device, arch, Parallelism{2, 2, 2, 1}};
        const MemoryBreakdown m = inferenceMemory(ctx, 8, 1024);
        QCOMPARE(m.runtimeContextBytes, 0.0);
        // Three parallel groups of more than one device (tensor, pipeline, data): 3 x 1.06 GB
        // of NCCL buffers (NVIDIA/nccl#1685).
        QCOMPARE(m.communicationBuffersBytes, 3 * 1.06e9);
        QCOMPARE(m.allocatorReserveBytes, 0.05 * m.activationsBytes);
        QCOMPARE(m.kvPoolReserveBytes, 0.0);
    }
    {
        Scenario serving = s;
        serving.overheads.runtimeContextBytes = 2e9;
        serving.overheads.allocatorReserveFraction = 0;
        serving.overheads.servingPreallocation = true; // gpu_memory_utilization 0.9 (vLLM default)
        const EvaluationContext ctx{serving, device, arch, Parallelism{8, 1, 1, 1}};
        const MemoryBreakdown m = inferenceMemory(ctx, 8, 1024);
        QCOMPARE(m.runtimeContextBytes, 2e9);
        QCOMPARE(m.allocatorReserveBytes, 0.0);
        QCOMPARE(m.communicationBuffersBytes, 1.06e9); // tensor group only
        // The pool fills the device to 90 %: 0.9 x 25,769,803,776 = 23,192,823,398.4 B.
        QVERIFY(qAbs(m.totalBytes() - 23'192'823'398.4) < 1.0);
        QVERIFY(m.kvPoolReserveBytes > 0);
        // Training has no serving pool.
        serving.mode = Mode::Training;
        const EvaluationContext training{serving, device, arch, Parallelism{8, 1, 1, 1}};
        QCOMPARE(trainingMemory(training, 1).kvPoolReserveBytes, 0.0);
    }
}

#include "tst_memory_model.moc"
