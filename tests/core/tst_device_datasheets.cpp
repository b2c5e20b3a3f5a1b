// The device catalog against its datasheets: capacity, bandwidth and one dense peak per device,
// typed here from the vendor's page (the row names the figure as printed), the columns a device
// deliberately lacks, the catalog's size per class, and the engines that share one chip's memory.
#include "core/catalog/catalog.h"
#include "core/catalog/device.h"
#include "core/common/precision.h"
#include "relative_compare.h"

#include <QtTest>
#include <map>
#include <string>
#include <vector>

using lhe::core::Catalog;
using lhe::core::Device;
using lhe::core::DeviceClass;
using lhe::core::PeakKey;

namespace {

constexpr double GB = 1e9; // bandwidth: decimal
constexpr double TB = 1e12;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // capacity: a datasheet's "GB" of DRAM is GiB
constexpr double TFLOPS = 1e12;
constexpr double PFLOPS = 1e15;

} // namespace

class TestDeviceDatasheets : public QObject
{
    Q_OBJECT

private slots:
    void datasheetFigures_data();
    void datasheetFigures();
    void catalogCoversEveryClass();
    void sharedPackagesAgree();
};

void TestDeviceDatasheets::datasheetFigures_data()
{
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<double>("capacity");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<QByteArray>("peakKey");
    QTest::addColumn<double>("peak");
    QTest::addColumn<QByteArrayList>("absent"); // columns the device does not run natively

    const auto row = [](const char* name, const char* id, double capacity, double bandwidth, const char* key,
                        double peak, QByteArrayList absent = {}) {
        QTest::newRow(name) << QByteArray(id) << capacity << bandwidth << QByteArray(key) << peak << absent;
    };
    // NVIDIA data centre. Blackwell Ultra datasheet (per GPU, dense): HGX B300 270 GB, 7.7 TB/s,
    // FP4 14 PF; GB300 279 GB, 8 TB/s, FP4 15 PF. GB200 NVL72: 13.4 TB, 576 TB/s, 720 PF FP4 per 72 GPUs.
    row("B300: 270 GB HBM3e, 7.7 TB/s, FP4 14 PF", "nvidia-b300", 270 * GiB, 7.7 * TB, "fp4", 14 * PFLOPS);
    row("GB300: 279 GB HBM3e, 8 TB/s, FP4 15 PF", "nvidia-gb300", 279 * GiB, 8 * TB, "fp4", 15 * PFLOPS);
    row("GB200: 13.4 TB / 72 = 186 GB, 576 TB/s / 72, NVFP4 720 PF / 72", "nvidia-gb200", 186 * GiB,
        576 * TB / 72, "nvfp4", 720 * PFLOPS / 72);
    row("A100 PCIe 80GB: 1,935 GB/s, BF16 312 TF, no FP8", "nvidia-a100-80gb-pcie", 80 * GiB, 1935 * GB,
        "bf16", 312 * TFLOPS, {"fp8", "fp4"});
    row("H200 NVL: 141 GB, 4.8 TB/s, BF16 1,671 TF sparse / 2", "nvidia-h200-nvl", 141 * GiB, 4.8 * TB,
        "bf16", 1671 * TFLOPS / 2, {"fp4"});
    row("L40: 48 GB GDDR6, 864 GB/s, BF16 362.1 TF sparse / 2", "nvidia-l40", 48 * GiB, 864 * GB, "bf16",
        362.1 * TFLOPS / 2, {"fp64", "fp4"});
    row("T4: 16 GB GDDR6, 320 GB/s, FP16 65 TF, no BF16 (Turing)", "nvidia-t4", 16 * GiB, 320 * GB, "fp16",
        65 * TFLOPS, {"bf16", "tf32", "fp8", "fp64"});
    // Workstation and GeForce: NVIDIA's "AI TOPS" are FP4 (Blackwell) or INT8 (Ada) with sparsity.
    row("RTX PRO 6000 Blackwell: 96 GB GDDR7, 1,792 GB/s, 4,000 AI TOPS / 2", "nvidia-rtx-pro-6000-blackwell",
        96 * GiB, 1792 * GB, "fp4", 4000 * TFLOPS / 2, {"int8", "tf32", "fp64"});
    row("RTX 5080: 16 GB GDDR7, 960 GB/s, 1,801 AI TOPS / 2", "nvidia-rtx-5080", 16 * GiB, 960 * GB, "fp4",
        1801 * TFLOPS / 2, {"int8", "tf32", "fp64"});
    row("RTX 5070 Ti: 16 GB GDDR7, 896 GB/s, 1,406 AI TOPS / 2", "nvidia-rtx-5070-ti", 16 * GiB, 896 * GB,
        "fp4", 1406 * TFLOPS / 2, {"int8", "tf32", "fp64"});
    row("RTX 5060 Ti 16GB: 448 GB/s, 759 AI TOPS / 2", "nvidia-rtx-5060-ti-16gb", 16 * GiB, 448 * GB, "fp4",
        759 * TFLOPS / 2, {"int8", "tf32", "fp64"});
    row("RTX 4080 Super: 16 GB GDDR6X, 736 GB/s, 836 AI TOPS / 2", "nvidia-rtx-4080-super", 16 * GiB,
        736 * GB, "int8", 836 * TFLOPS / 2, {"fp4", "fp64"});
    row("RTX 4060 Ti 16GB: 288 GB/s, 353 AI TOPS / 2", "nvidia-rtx-4060-ti-16gb", 16 * GiB, 288 * GB, "int8",
        353 * TFLOPS / 2, {"fp4", "fp64"});
    row("RTX 3060 12GB: 360 GB/s, FP32 3,584 lanes x 2 x 1.777 GHz", "nvidia-rtx-3060-12gb", 12 * GiB,
        360 * GB, "fp32", 3584 * 2 * 1.777e9, {"fp8", "fp4", "fp64"});
    // Small systems: one LPDDR5X pool shared by CPU and GPU; NVIDIA quotes FP4 with sparsity.
    row("DGX Spark GB10: 128 GB LPDDR5X, 273 GB/s, 1 PF FP4 sparse / 2", "nvidia-dgx-spark-gb10", 128 * GiB,
        273 * GB, "nvfp4", 1000 * TFLOPS / 2, {"fp64", "int8", "tf32"});
    row("Jetson AGX Thor: 128 GB LPDDR5X, 273 GB/s, 2,070 FP4 TF sparse / 2", "nvidia-jetson-agx-thor",
        128 * GiB, 273 * GB, "nvfp4", 2070 * TFLOPS / 2, {"fp64", "int8", "tf32"});
    row("Jetson AGX Orin 64GB: 204.8 GB/s, GPU 170 INT8 TOPS sparse / 2", "nvidia-jetson-agx-orin-64gb",
        64 * GiB, 204.8 * GB, "int8", 170 * TFLOPS / 2, {"fp8", "fp4", "tf32", "fp64"});
    // AMD: MI355X 2,516.6 / MI350X 2,306.9 TFLOP/s BF16 dense ("2.5 PF" / "2.3 PF").
    row("MI355X: 288 GB HBM3e, 8 TB/s, BF16 2,516.6 TF", "amd-mi355x", 288 * GiB, 8 * TB, "bf16",
        2516.6 * TFLOPS, {"tf32", "nvfp4"});
    row("MI350X: 288 GB HBM3e, 8 TB/s, BF16 2,306.9 TF", "amd-mi350x", 288 * GiB, 8 * TB, "bf16",
        2306.9 * TFLOPS, {"tf32", "nvfp4"});
    row("RX 7900 XTX: 24 GB GDDR6, 960 GB/s, FP16 122.8 TF", "amd-radeon-rx-7900-xtx", 24 * GiB, 960 * GB,
        "fp16", 122.8 * TFLOPS, {"fp8", "fp4", "tf32", "int4"});
    row("Radeon AI PRO R9700: 32 GB GDDR6, 640 GB/s, FP16 191 TF", "amd-radeon-ai-pro-r9700", 32 * GiB,
        640 * GB, "fp16", 191 * TFLOPS, {"fp4", "tf32", "fp64"});
    // Intel Arc: XMX INT8 TOPS.
    row("Arc B580: 12 GB GDDR6, 456 GB/s, 233 INT8 TOPS", "intel-arc-b580", 12 * GiB, 456 * GB, "int8",
        233 * TFLOPS, {"fp8", "fp4", "tf32"});
    row("Arc Pro B60: 24 GB GDDR6, 456 GB/s, 197 INT8 TOPS", "intel-arc-pro-b60", 24 * GiB, 456 * GB, "int8",
        197 * TFLOPS, {"fp8", "fp4", "tf32"});
    // Apple publishes no GPU FLOP/s: cores x 128 lanes x 2 x clock, or the M5's matrix units.
    row("M1 Max: 64 GB, 400 GB/s, FP32 32 x 128 x 2 x 1.296 GHz, no BF16", "apple-m1-max", 64 * GiB, 400 * GB,
        "fp32", 32 * 128 * 2 * 1.296e9, {"bf16", "int8", "fp8"});
    row("M4 Pro: 64 GB, 273 GB/s, FP32 20 x 128 x 2 x 1.47 GHz", "apple-m4-pro", 64 * GiB, 273 * GB, "fp32",
        20 * 128 * 2 * 1.47e9, {"int8", "fp8"});
    row("M5: 32 GB, 153 GB/s, FP16 10 x 1024 x 1.75 GHz", "apple-m5", 32 * GiB, 153 * GB, "fp16",
        10 * 1024 * 1.75e9, {"int8", "fp8"});
    row("M5 Pro: 64 GB, 307 GB/s, FP16 20 x 1024 x 1.75 GHz", "apple-m5-pro", 64 * GiB, 307 * GB, "fp16",
        20 * 1024 * 1.75e9, {"int8", "fp8"});
    row("M5 Max: 128 GB, 614 GB/s, FP16 40 x 1024 x 1.75 GHz", "apple-m5-max", 128 * GiB, 614 * GB, "fp16",
        40 * 1024 * 1.75e9, {"int8", "fp8"});
    // Laptop NPUs: the vendors' TOPS, INT8, on the package's memory (a typical 32 GB laptop).
    row("Snapdragon X Elite NPU: 45 TOPS, 135 GB/s", "qualcomm-snapdragon-x-elite-npu", 32 * GiB, 135 * GB,
        "int8", 45 * TFLOPS, {"fp16", "bf16"});
    row("Snapdragon X2 Elite Extreme NPU: 80 TOPS, 192-bit LPDDR5X-9523 = 228 GB/s",
        "qualcomm-snapdragon-x2-elite-extreme-npu", 48 * GiB, 228 * GB, "int8", 80 * TFLOPS,
        {"fp16", "bf16"});
    row("Core Ultra 9 288V NPU: 48 TOPS, 128-bit LPDDR5X-8533 = 136.5 GB/s", "intel-core-ultra-9-288v-npu",
        32 * GiB, 16 * 8533e6, "int8", 48 * TFLOPS, {"bf16"});
    row("Ryzen AI 9 HX 370 NPU: 50 TOPS, 128-bit LPDDR5X-7500 = 120 GB/s", "amd-ryzen-ai-9-hx-370-npu",
        32 * GiB, 16 * 7500e6, "int8", 50 * TFLOPS, {"fp16", "bf16"});
    row("M4 Pro Neural Engine: 38 TOPS, the M4 Pro's 64 GB at 273 GB/s", "apple-m4-pro-ane", 64 * GiB,
        273 * GB, "int8", 38 * TFLOPS, {"fp16", "bf16"});
    // Data-centre NPUs and TPU (AWS Neuron and Google Cloud documentation).
    row("Trainium2: 96 GiB HBM, 2.9 TB/s, BF16 667 TF", "aws-trainium2", 96 * GiB, 2.9 * TB, "bf16",
        667 * TFLOPS, {"int8", "fp4", "mxfp4", "mxfp8"});
    row("Inferentia2: 32 GiB HBM, 820 GB/s, BF16 190 TF", "aws-inferentia2", 32 * GiB, 820 * GB, "bf16",
        190 * TFLOPS, {"fp4", "mxfp4", "mxfp8"});
    row("Trainium3: 144 GiB HBM, 4.9 TB/s, MXFP8 2,517 TF", "aws-trainium3", 144 * GiB, 4.9 * TB, "mxfp8",
        2517 * TFLOPS, {"int8", "fp4", "nvfp4"});
    row("Ascend 310P: Atlas 300I Duo 96 GB, 408 GB/s, 280 TOPS per 2 chips", "huawei-ascend-310p",
        96 * GiB / 2, 408 * GB / 2, "int8", 280 * TFLOPS / 2, {"fp16", "bf16"});
    row("TPU v3: 32 GiB HBM2, 900 GB/s, BF16 123 TF", "google-tpu-v3", 32 * GiB, 900 * GB, "bf16",
        123 * TFLOPS, {"int8", "fp16", "fp32"});
    // Server CPUs: 12 channels x 64 GB; peaks derived as cores x base clock x FLOP/cycle.
    row("Xeon 6980P: 12 x MRDIMM-8800 x 8 B, AMX BF16 128 x 2.0 GHz x 1,024", "intel-xeon-6980p",
        12 * 64 * GiB, 12 * 8800e6 * 8, "bf16", 128 * 2.0e9 * 1024, {"fp8", "tf32"});
    row("EPYC 9965: 12 x DDR5-6400 x 8 B, BF16 192 x 2.25 GHz x 128", "amd-epyc-9965", 12 * 64 * GiB,
        12 * 6400e6 * 8, "bf16", 192 * 2.25e9 * 128);
}

void TestDeviceDatasheets::datasheetFigures()
{
    QFETCH(QByteArray, id);
    QFETCH(double, capacity);
    QFETCH(double, bandwidth);
    QFETCH(QByteArray, peakKey);
    QFETCH(double, peak);
    QFETCH(QByteArrayList, absent);
    const Device* device = Catalog::builtIn().findDevice(id.toStdString());
    QVERIFY2(device, id.constData());
    LHE_COMPARE_REL(device->memoryBytes, capacity, 0.001);
    LHE_COMPARE_REL(device->memoryBandwidthBytesPerSecond, bandwidth, 0.001);
    const auto key = lhe::core::parsePeakKey(peakKey.toStdString());
    QVERIFY(key);
    LHE_COMPARE_REL(device->peak(*key), peak, 0.001);
    for (const QByteArray& column : absent) {
        const auto missing = lhe::core::parsePeakKey(column.toStdString());
        QVERIFY(missing);
        QVERIFY2(device->peak(*missing) == 0, column.constData());
    }
}

// The catalog spans what people choose between: at least 65 devices, with 8 NPUs, 5 TPUs,
// 6 CPUs and 4 unified-memory systems among them.
void TestDeviceDatasheets::catalogCoversEveryClass()
{
    std::map<DeviceClass, int> perClass;
    int unified = 0;
    for (const Device& device : Catalog::builtIn().devices()) {
        ++perClass[device.deviceClass];
        unified += device.unifiedMemory ? 1 : 0;
    }
    QVERIFY2(Catalog::builtIn().devices().size() >= 65,
             qPrintable(QString::number(Catalog::builtIn().devices().size())));
    QVERIFY2(perClass[DeviceClass::Npu] >= 8, qPrintable(QString::number(perClass[DeviceClass::Npu])));
    QVERIFY2(perClass[DeviceClass::Tpu] >= 5, qPrintable(QString::number(perClass[DeviceClass::Tpu])));
    QVERIFY2(perClass[DeviceClass::Cpu] >= 6, qPrintable(QString::number(perClass[DeviceClass::Cpu])));
    QVERIFY2(unified >= 4, qPrintable(QString::number(unified)));
}

// Engines of one chip (README, "Devices": shared memory) list the chip's one memory: the same
// capacity, bandwidth and type, never a second pool to add up.
void TestDeviceDatasheets::sharedPackagesAgree()
{
    std::map<std::string, std::vector<const Device*>> packages;
    for (const Device& device : Catalog::builtIn().devices()) {
        if (!device.sharedMemoryPackage.empty()) {
            QVERIFY2(device.unifiedMemory, device.id.c_str());
            packages[device.sharedMemoryPackage].push_back(&device);
        }
    }
    QVERIFY(!packages.empty());
    for (const auto& [package, engines] : packages) {
        for (const Device* engine : engines) {
            QCOMPARE(engine->memoryBytes, engines.front()->memoryBytes);
            QCOMPARE(engine->memoryBandwidthBytesPerSecond, engines.front()->memoryBandwidthBytesPerSecond);
            QCOMPARE(engine->memoryType, engines.front()->memoryType);
        }
    }
}

QTEST_GUILESS_MAIN(TestDeviceDatasheets)
#include "tst_device_datasheets.moc"
