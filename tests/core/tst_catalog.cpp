// Tests for Catalog and Device loading: the shipped catalogs load cleanly and hold datasheet
// figures (dense peaks, capacities, bandwidths), user catalogs override by id, and bad entries
// are skipped with a warning naming the field while the rest still load.
#include "core/catalog/catalog.h"
#include "core/catalog/device.h"
#include "core/common/input_error.h"
#include "core/common/precision.h"
#include "core/estimate/estimator.h"
#include "core/estimate/report.h"
#include "core/scenario/scenario.h"
#include "relative_compare.h"

#include <QtTest>
#include <cmath>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

using lhe::core::Catalog;
using lhe::core::Device;
using lhe::core::DeviceClass;
using lhe::core::InputError;
using lhe::core::ModelEntry;
using lhe::core::PeakKey;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

constexpr double GB = 1e9; // decimal, as datasheets quote bandwidth
constexpr double TB = 1e12;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
constexpr double TFLOPS = 1e12;

const std::string kDevicesFile = LHE_SOURCE_DIR "/catalogs/devices.json";
const std::string kModelsFile = LHE_SOURCE_DIR "/catalogs/models.json";

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

QByteArray toBytes(const std::string& text)
{
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

bool startsWith(const std::string& text, const char* prefix)
{
    return text.rfind(prefix, 0) == 0;
}

// A device with the required fields alone (CONTRACT.md "Catalogs").
json minimalDevice(const char* id, const char* deviceClass)
{
    return {{"id", id},
            {"name", std::string("Minimal ") + id},
            {"vendor", "Test"},
            {"class", deviceClass},
            {"memory_bytes", 16.0 * GiB},
            {"memory_bandwidth", 500e9},
            {"peak_flops", {{"bf16", 100e12}}}};
}

} // namespace

#define LHE_VERIFY_RANGE(value, low, high, what)                                                             \
    do {                                                                                                     \
        const double lheValue = (value);                                                                     \
        QVERIFY2(lheValue >= (low) && lheValue <= (high),                                                    \
                 qPrintable(QStringLiteral("%1 = %2 outside [%3, %4]")                                       \
                                .arg(QLatin1StringView(what))                                                \
                                .arg(lheValue, 0, 'g', 6)                                                    \
                                .arg(static_cast<double>(low), 0, 'g', 6)                                    \
                                .arg(static_cast<double>(high), 0, 'g', 6)));                                \
    } while (false)

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void shippedFilesLoadWithoutWarnings();
    void builtInMatchesShippedFiles();
    void idsUnique();
    void mandatoryDevices_data();
    void mandatoryDevices();
    void mandatoryModels_data();
    void mandatoryModels();
    void everyDeviceClassPresent();
    void confidenceRatings_data();
    void confidenceRatings();
    void everyEntryHasASource_data();
    void everyEntryHasASource();

    void densePeaksNotSparse_data();
    void densePeaksNotSparse();
    void ridgePointPlausible_data();
    void ridgePointPlausible();
    void blockScaledPeaksOnlyWhereNative_data();
    void blockScaledPeaksOnlyWhereNative();
    void memoryInRangeForType_data();
    void memoryInRangeForType();
    void datasheetMemory_data();
    void datasheetMemory();

    void userCatalogOverridesById();
    void largeCatalogLoadsWithoutAHang();
    void minimalDeviceGetsDefaults_data();
    void minimalDeviceGetsDefaults();
    void badEntriesSkippedWithWarning();
    void malformedJsonThrowsWithBytePosition();
    void documentWithoutArraysThrows_data();
    void documentWithoutArraysThrows();

    void badDeviceFieldsAreNamed_data();
    void badDeviceFieldsAreNamed();
    void rangeLimitsAreAccepted();
    void rangeLimitsKeepReportsFinite_data();
    void rangeLimitsKeepReportsFinite();
    void unknownFieldsAreIgnored();
    void duplicateIdInOneFile();
    void explicitCatalogThrowsOnBadEntry();
    void paramsActiveAboveTotalIsRefused();
    void jsonTextErrorsNamePosition_data();
    void jsonTextErrorsNamePosition();
    void utf8BomBeforeJsonIsSkipped();
    void inputErrorIsOneLine();

    void appleUnifiedMemory();
    void unifiedMemorySoCs_data();
    void unifiedMemorySoCs();
    void graceHopperHostTier();
    void sharedMemoryPackageImpliesUnified();
};

// 1. The shipped files, read from the source tree, load without a single warning.
void TestCatalog::shippedFilesLoadWithoutWarnings()
{
    const std::string devices = readText(kDevicesFile);
    const std::string models = readText(kModelsFile);
    QVERIFY2(!devices.empty(), kDevicesFile.c_str());
    QVERIFY2(!models.empty(), kModelsFile.c_str());

    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.addText(devices, "catalogs/devices.json", false, warnings);
    catalog.addText(models, "catalogs/models.json", false, warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : lhe::core::englishText(warnings.front()).c_str());

    // Every entry of the files survived (a skipped entry would also have warned).
    QCOMPARE(catalog.devices().size(), json::parse(devices)["devices"].size());
    QCOMPARE(catalog.models().size(), json::parse(models)["models"].size());
    QVERIFY2(catalog.devices().size() >= 35, qPrintable(QString::number(catalog.devices().size())));
    QVERIFY2(catalog.models().size() >= 30, qPrintable(QString::number(catalog.models().size())));
    for (const ModelEntry& model : catalog.models())
        QVERIFY2(model.loadWarnings.empty(), model.id.c_str()); // every hf_config of a known family
}

// The embedded copy compiled into the core is the same as the files in the tree.
void TestCatalog::builtInMatchesShippedFiles()
{
    Catalog fromFiles;
    std::vector<lhe::core::Message> warnings;
    fromFiles.addText(readText(kDevicesFile), "catalogs/devices.json", false, warnings);
    fromFiles.addText(readText(kModelsFile), "catalogs/models.json", false, warnings);
    const Catalog& builtIn = Catalog::builtIn();
    QCOMPARE(builtIn.devices().size(), fromFiles.devices().size());
    QCOMPARE(builtIn.models().size(), fromFiles.models().size());
    for (std::size_t i = 0; i < builtIn.devices().size(); ++i) {
        QCOMPARE(builtIn.devices()[i].id, fromFiles.devices()[i].id);
        QCOMPARE(builtIn.devices()[i].memoryBytes, fromFiles.devices()[i].memoryBytes);
        QVERIFY(!builtIn.devices()[i].userDefined);
    }
    for (std::size_t i = 0; i < builtIn.models().size(); ++i) {
        QCOMPARE(builtIn.models()[i].id, fromFiles.models()[i].id);
        QVERIFY(!builtIn.models()[i].userDefined);
    }
}

void TestCatalog::idsUnique()
{
    // Checked on the raw files: the loader's upsert would silently merge duplicates.
    const json devices = json::parse(readText(kDevicesFile));
    const json models = json::parse(readText(kModelsFile));
    std::set<std::string> ids;
    for (const json& entry : devices.at("devices"))
        QVERIFY2(ids.insert(entry.at("id").get<std::string>()).second,
                 entry.at("id").get<std::string>().c_str());
    QCOMPARE(ids.size(), devices.at("devices").size());
    ids.clear();
    for (const json& entry : models.at("models"))
        QVERIFY2(ids.insert(entry.at("id").get<std::string>()).second,
                 entry.at("id").get<std::string>().c_str());
    QCOMPARE(ids.size(), models.at("models").size());
    QVERIFY(ids.size() >= 30);
}

void TestCatalog::mandatoryDevices_data()
{
    QTest::addColumn<QByteArray>("id");
    for (const char* id :
         {"nvidia-h100-sxm", "nvidia-h800", "nvidia-h200", "nvidia-a100-80gb-sxm", "nvidia-a800",
          "nvidia-v100-sxm2-32gb", "nvidia-rtx-4090", "nvidia-rtx-3090", "intel-xeon-platinum-8480plus",
          "huawei-ascend-910b", "intel-gaudi-3", "google-tpu-v5p"})
        QTest::newRow(id) << QByteArray(id);
}

void TestCatalog::mandatoryDevices()
{
    QFETCH(QByteArray, id);
    QVERIFY(Catalog::builtIn().findDevice(id.constData()) != nullptr);
}

void TestCatalog::mandatoryModels_data()
{
    QTest::addColumn<QByteArray>("id");
    for (const char* id : {"llama-2-7b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "mixtral-8x7b",
                           "qwen2.5-7b", "deepseek-v3", "gpt-3-175b", "opt-13b"})
        QTest::newRow(id) << QByteArray(id);
}

void TestCatalog::mandatoryModels()
{
    QFETCH(QByteArray, id);
    QVERIFY(Catalog::builtIn().findModel(id.constData()) != nullptr);
}

void TestCatalog::everyDeviceClassPresent()
{
    std::set<DeviceClass> classes;
    for (const Device& device : Catalog::builtIn().devices())
        classes.insert(device.deviceClass);
    for (DeviceClass wanted : {DeviceClass::Cpu, DeviceClass::Gpu, DeviceClass::Npu, DeviceClass::Tpu})
        QVERIFY2(classes.count(wanted) == 1, std::string(lhe::core::deviceClassName(wanted)).c_str());
}

// The rating is the confidence text's first word, whatever its case and whatever follows.
void TestCatalog::confidenceRatings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rating");
    using lhe::core::ConfidenceRating;
    QTest::newRow("low") << u"low"_s << static_cast<int>(ConfidenceRating::Low);
    QTest::newRow("Low, reason") << u"Low (no datasheet)"_s << static_cast<int>(ConfidenceRating::Low);
    QTest::newRow("MEDIUM:") << u"MEDIUM: estimated"_s << static_cast<int>(ConfidenceRating::Medium);
    QTest::newRow("high") << u"high"_s << static_cast<int>(ConfidenceRating::High);
    QTest::newRow("lower is not low") << u"lower bound"_s << static_cast<int>(ConfidenceRating::Unrated);
    QTest::newRow("empty") << QString() << static_cast<int>(ConfidenceRating::Unrated);
    QTest::newRow("leading space") << u" low"_s << static_cast<int>(ConfidenceRating::Unrated);
}

void TestCatalog::confidenceRatings()
{
    QFETCH(QString, text);
    QFETCH(int, rating);
    QCOMPARE(static_cast<int>(lhe::core::confidenceRating(text.toStdString())), rating);
    // The shipped devices: 9 rated "low" (counted in catalogs/devices.json: 23 high, 49 medium, 9 low).
    int low = 0;
    for (const Device& device : Catalog::builtIn().devices())
        low += lhe::core::confidenceRating(device.confidence) == lhe::core::ConfidenceRating::Low ? 1 : 0;
    QCOMPARE(low, 9);
}

// 2. Every entry cites at least one source.
void TestCatalog::everyEntryHasASource_data()
{
    QTest::addColumn<int>("sources");
    for (const Device& device : Catalog::builtIn().devices())
        QTest::addRow("device %s", device.id.c_str()) << static_cast<int>(device.sources.size());
    for (const ModelEntry& model : Catalog::builtIn().models())
        QTest::addRow("model %s", model.id.c_str()) << static_cast<int>(model.sources.size());
}

void TestCatalog::everyEntryHasASource()
{
    QFETCH(int, sources);
    QVERIFY(sources >= 1);
}

// 3. Dense peaks, not the 2:4-sparse figures NVIDIA datasheets print first.
void TestCatalog::densePeaksNotSparse_data()
{
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<QByteArray>("precision");
    QTest::addColumn<double>("dense");
    QTest::addColumn<double>("sparse"); // 0: the datasheet lists no sparse figure

    // NVIDIA H100 datasheet (SXM): BF16 1,979* / FP8 3,958* / TF32 989* TFLOPS, "* with sparsity".
    QTest::newRow("H100 SXM bf16 (H100 datasheet: 1979 sparse)")
        << QByteArray("nvidia-h100-sxm") << QByteArray("bf16") << 989.4 * TFLOPS << 1979.0 * TFLOPS;
    QTest::newRow("H100 SXM fp8 (H100 datasheet: 3958 sparse)")
        << QByteArray("nvidia-h100-sxm") << QByteArray("fp8") << 1978.9 * TFLOPS << 3958.0 * TFLOPS;
    QTest::newRow("H100 SXM tf32 (H100 datasheet: 989 sparse)")
        << QByteArray("nvidia-h100-sxm") << QByteArray("tf32") << 494.7 * TFLOPS << 989.0 * TFLOPS;
    // H800: the China variant keeps H100 SXM's tensor throughput.
    QTest::newRow("H800 bf16 (as H100 SXM: 1979 sparse)")
        << QByteArray("nvidia-h800") << QByteArray("bf16") << 989.4 * TFLOPS << 1979.0 * TFLOPS;
    // NVIDIA A100 datasheet: BF16 312 | 624*, INT8 624 | 1248*.
    QTest::newRow("A100 80GB bf16 (A100 datasheet: 312 | 624 sparse)")
        << QByteArray("nvidia-a100-80gb-sxm") << QByteArray("bf16") << 312.0 * TFLOPS << 624.0 * TFLOPS;
    QTest::newRow("A100 80GB int8 (A100 datasheet: 624 | 1248 sparse)")
        << QByteArray("nvidia-a100-80gb-sxm") << QByteArray("int8") << 624.0 * TFLOPS << 1248.0 * TFLOPS;
    QTest::newRow("A800 bf16 (as A100: 312 | 624 sparse)")
        << QByteArray("nvidia-a800") << QByteArray("bf16") << 312.0 * TFLOPS << 624.0 * TFLOPS;
    // NVIDIA H200 datasheet: BF16 1,979* TFLOPS with sparsity.
    QTest::newRow("H200 bf16 (H200 datasheet: 1979 sparse)")
        << QByteArray("nvidia-h200") << QByteArray("bf16") << 989.4 * TFLOPS << 1979.0 * TFLOPS;
    // NVIDIA V100 datasheet (SXM2): Tensor Performance 125 TFLOPS; Volta has no sparsity.
    QTest::newRow("V100 SXM2 fp16 (V100 datasheet: 125, no sparsity)")
        << QByteArray("nvidia-v100-sxm2-32gb") << QByteArray("fp16") << 125.0 * TFLOPS << 0.0;
    // Ada whitepaper Appendix A, RTX 4090: BF16 tensor with FP32 accumulate 165.2 | 330.4 sparse
    // (with FP16 accumulate 330.3 dense, 660.6 sparse); FP8 with FP32 accumulate 330.3 | 660.6.
    QTest::newRow("RTX 4090 bf16 FP32-acc (Ada whitepaper: 165.2 | 330.4 sparse)")
        << QByteArray("nvidia-rtx-4090") << QByteArray("bf16") << 165.2 * TFLOPS << 330.4 * TFLOPS;
    QTest::newRow("RTX 4090 fp8 FP32-acc (Ada whitepaper: 330.3 | 660.6 sparse)")
        << QByteArray("nvidia-rtx-4090") << QByteArray("fp8") << 330.3 * TFLOPS << 660.6 * TFLOPS;
    // GA102 (Ampere) whitepaper, RTX 3090: BF16 tensor with FP32 accumulate 71 | 142 sparse
    // (142 dense with FP16 accumulate).
    QTest::newRow("RTX 3090 bf16 FP32-acc (GA102 whitepaper: 71 | 142 sparse)")
        << QByteArray("nvidia-rtx-3090") << QByteArray("bf16") << 71.0 * TFLOPS << 142.0 * TFLOPS;
    // NVIDIA H100 page, H100 NVL column (per GPU): BF16 1,671* / FP8 3,341* TFLOPS, "* with sparsity".
    QTest::newRow("H100 NVL bf16 (H100 page: 1671 sparse)")
        << QByteArray("nvidia-h100-nvl") << QByteArray("bf16") << 835.5 * TFLOPS << 1671.0 * TFLOPS;
    QTest::newRow("H100 NVL fp8 (H100 page: 3341 sparse)")
        << QByteArray("nvidia-h100-nvl") << QByteArray("fp8") << 1670.5 * TFLOPS << 3341.0 * TFLOPS;
    // GH200 datasheet: the Hopper GPU's BF16 1,979* / FP8 3,958* TFLOPS, as H100 SXM.
    QTest::newRow("GH200 bf16 (GH200 datasheet: 1979 sparse)")
        << QByteArray("nvidia-gh200") << QByteArray("bf16") << 989.4 * TFLOPS << 1979.0 * TFLOPS;
    // H20 partner spec sheet (Tom's Hardware table): BF16 148, FP8 296 - dense (H100 SXM 989 / 148 =
    // the reported 6.68x); no sparse figure listed.
    QTest::newRow("H20 bf16 (partner spec sheet: 148 dense, no sparse listed)")
        << QByteArray("nvidia-h20") << QByteArray("bf16") << 148.0 * TFLOPS << 0.0;
    // NVIDIA L4 datasheet: FP16/BF16 242* / FP8 485* TFLOPS, TF32 120*, "* with sparsity".
    QTest::newRow("L4 bf16 (L4 datasheet: 242 sparse)")
        << QByteArray("nvidia-l4") << QByteArray("bf16") << 121.0 * TFLOPS << 242.0 * TFLOPS;
    QTest::newRow("L4 fp8 (L4 datasheet: 485 sparse)")
        << QByteArray("nvidia-l4") << QByteArray("fp8") << 242.5 * TFLOPS << 485.0 * TFLOPS;
    // NVIDIA A10 datasheet: BF16 125 | 250*, INT8 250 | 500*.
    QTest::newRow("A10 bf16 (A10 datasheet: 125 | 250 sparse)")
        << QByteArray("nvidia-a10") << QByteArray("bf16") << 125.0 * TFLOPS << 250.0 * TFLOPS;
    // Workstation cards publish one sparse "Tensor performance" figure: RTX A6000 309.7 (FP16),
    // RTX 6000 Ada 1,457 (FP8); professional GA102/AD102 accumulate FP32 at full rate.
    QTest::newRow("RTX A6000 bf16 (datasheet: Tensor performance 309.7 sparse)")
        << QByteArray("nvidia-rtx-a6000") << QByteArray("bf16") << 154.8 * TFLOPS << 309.7 * TFLOPS;
    QTest::newRow("RTX 6000 Ada fp8 (datasheet: Tensor performance 1457 sparse)")
        << QByteArray("nvidia-rtx-6000-ada") << QByteArray("fp8") << 728.5 * TFLOPS << 1457.0 * TFLOPS;
    // Block-scaled formats. NVIDIA, "Introducing NVFP4 for Efficient and Accurate Low-Precision
    // Inference": Figure 1, B200 smallest float format 9 / 18 PFLOPS dense / sparse; Table 1,
    // MXFP4 and NVFP4 are the FP4 formats with hardware scaling, so both run at the FP4 rate.
    QTest::newRow("B200 nvfp4 (NVFP4 blog Figure 1: 9 | 18 PF sparse)")
        << QByteArray("nvidia-b200") << QByteArray("nvfp4") << 9000.0 * TFLOPS << 18000.0 * TFLOPS;
    QTest::newRow("B200 mxfp4 (NVFP4 blog Figure 1: 9 | 18 PF sparse)")
        << QByteArray("nvidia-b200") << QByteArray("mxfp4") << 9000.0 * TFLOPS << 18000.0 * TFLOPS;
    // DGX B200 datasheet: FP8 Tensor Core 72 PFLOPS for 8 GPUs, with sparsity; MXFP8 runs at the
    // FP8 rate (one FP8 figure published for Blackwell).
    QTest::newRow("B200 mxfp8 (DGX B200 datasheet: 72 PF / 8 sparse)")
        << QByteArray("nvidia-b200") << QByteArray("mxfp8") << 4500.0 * TFLOPS << 9000.0 * TFLOPS;
    // GeForce RTX 5090 product page: 3352 AI TOPS, the FP4 figure with sparsity.
    QTest::newRow("RTX 5090 nvfp4 (product page: 3352 AI TOPS sparse)")
        << QByteArray("nvidia-rtx-5090") << QByteArray("nvfp4") << 1676.0 * TFLOPS << 3352.0 * TFLOPS;
    QTest::newRow("RTX 5090 mxfp4 (product page: 3352 AI TOPS sparse)")
        << QByteArray("nvidia-rtx-5090") << QByteArray("mxfp4") << 1676.0 * TFLOPS << 3352.0 * TFLOPS;
}

void TestCatalog::densePeaksNotSparse()
{
    QFETCH(QByteArray, id);
    QFETCH(QByteArray, precision);
    QFETCH(double, dense);
    QFETCH(double, sparse);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    const auto key = lhe::core::parsePeakKey(precision.constData());
    QVERIFY(key);
    const double peak = device->peak(*key);
    LHE_COMPARE_REL(peak, dense, 0.01); // 1 %: datasheets round to 3-4 digits
    if (sparse > 0)
        QVERIFY2(peak < sparse,
                 qPrintable(QStringLiteral("peak %1 is not below the sparse %2").arg(peak).arg(sparse)));
}

// 3. Ridge point = bf16 (else fp16, else fp32, else the fastest column: an int8-only laptop NPU)
// peak / memory bandwidth, in FLOP/B. Published devices span ~30 (desktop CPUs) to ~600 (Gaudi 3);
// [5, 2000] catches a peak or a bandwidth off by 1000x (TFLOP/s typed as GFLOP/s, GB/s as TB/s).
// Weights held in on-chip SRAM (Groq, Cerebras) stream at tens of TB/s, so their ridge sits
// near 1-10 FLOP/B: [1, 2000] there. Every other precision column must sit within [0.1, 5000]
// FLOP/B (FP64 on consumer GPUs ~0.5, FP4 on B300 ~1900).
void TestCatalog::ridgePointPlausible_data()
{
    QTest::addColumn<QByteArray>("id");
    for (const Device& device : Catalog::builtIn().devices())
        QTest::newRow(device.id.c_str()) << toBytes(device.id);
}

void TestCatalog::ridgePointPlausible()
{
    QFETCH(QByteArray, id);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    const double bandwidth = device->memoryBandwidthBytesPerSecond;
    QVERIFY(bandwidth > 0);
    double half = device->peak(PeakKey::Bf16);
    if (half <= 0)
        half = device->peak(PeakKey::Fp16);
    if (half <= 0)
        half = device->peak(PeakKey::Fp32); // e.g. a desktop CPU without BF16 instructions
    for (std::size_t i = 0; half <= 0 && i < lhe::core::kPeakKeyCount; ++i)
        half = std::max(half, device->peakFlopsPerSecond[i]); // no float column at all
    QVERIFY2(half > 0, "no peak");
    LHE_VERIFY_RANGE(half / bandwidth, device->memoryType == "SRAM" ? 1.0 : 5.0, 2000.0,
                     "ridge point, FLOP/B");
    for (std::size_t i = 0; i < lhe::core::kPeakKeyCount; ++i) {
        const double peak = device->peakFlopsPerSecond[i];
        if (peak > 0)
            LHE_VERIFY_RANGE(peak / bandwidth, 0.1, 5000.0,
                             std::string(lhe::core::peakKeyName(static_cast<PeakKey>(i))).c_str());
    }
}

// 3. The block-scaled columns (mxfp8, mxfp4, nvfp4) only where the tensor cores compute them
// natively: in this catalog, NVIDIA Blackwell (fifth-generation Tensor Cores); Hopper and older
// have no block-scaled MMA, so the column stays absent. On Blackwell each runs at the rate of its
// element type (NVIDIA publishes one FP8 and one FP4 Tensor Core figure).
void TestCatalog::blockScaledPeaksOnlyWhereNative_data()
{
    QTest::addColumn<QByteArray>("id");
    for (const Device& device : Catalog::builtIn().devices())
        QTest::newRow(device.id.c_str()) << toBytes(device.id);
}

void TestCatalog::blockScaledPeaksOnlyWhereNative()
{
    QFETCH(QByteArray, id);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    const double mxfp8 = device->peak(PeakKey::MxFp8);
    const double mxfp4 = device->peak(PeakKey::MxFp4);
    const double nvfp4 = device->peak(PeakKey::NvFp4);
    if (device->vendor == "NVIDIA" && device->architecture.find("Blackwell") == std::string::npos) {
        QCOMPARE(mxfp8, 0.0);
        QCOMPARE(mxfp4, 0.0);
        QCOMPARE(nvfp4, 0.0);
    }
    if (device->vendor == "NVIDIA" && mxfp8 > 0)
        QCOMPARE(mxfp8, device->peak(PeakKey::Fp8));
    if (device->vendor == "NVIDIA" && mxfp4 > 0)
        QCOMPARE(mxfp4, device->peak(PeakKey::Fp4));
    if (nvfp4 > 0)
        QCOMPARE(nvfp4, device->peak(PeakKey::Fp4));
}

// 4. Capacity and bandwidth within what each memory technology delivers per device.
void TestCatalog::memoryInRangeForType_data()
{
    QTest::addColumn<QByteArray>("id");
    for (const Device& device : Catalog::builtIn().devices())
        QTest::addRow("%s (%s)", device.id.c_str(),
                      device.memoryType.empty() ? "no memory_type" : device.memoryType.c_str())
            << toBytes(device.id);
}

void TestCatalog::memoryInRangeForType()
{
    QFETCH(QByteArray, id);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    const std::string& type = device->memoryType;
    const double bandwidth = device->memoryBandwidthBytesPerSecond;
    const double capacity = device->memoryBytes;
    if (startsWith(type, "HBM")) {
        // V100 HBM2 0.9 TB/s .. B200 HBM3e 8 TB/s; 16 GB (TPU v5e) .. 288 GB (MI355X, B300).
        LHE_VERIFY_RANGE(bandwidth, 0.8 * TB, 10 * TB, "HBM bandwidth, B/s");
        LHE_VERIFY_RANGE(capacity, 16 * GiB, 300 * GiB, "HBM capacity, B");
    } else if (startsWith(type, "GDDR")) {
        // GDDR6 0.288 TB/s (RTX 4060 Ti, 128-bit) .. GDDR7 1.8 TB/s (RTX 5090); 8 .. 96 GB (RTX PRO 6000).
        LHE_VERIFY_RANGE(bandwidth, 0.25 * TB, 2 * TB, "GDDR bandwidth, B/s");
        LHE_VERIFY_RANGE(capacity, 8 * GiB, 96 * GiB, "GDDR capacity, B");
    } else if (startsWith(type, "DDR5")) {
        QCOMPARE(device->deviceClass, DeviceClass::Cpu);
        // Dual-channel desktop 2 x 5600 MT/s x 8 B = 89.6 GB/s .. 12-channel server with MRDIMMs
        // 12 x 8800 x 8 = 844.8 GB/s (Xeon 6).
        LHE_VERIFY_RANGE(bandwidth, 50 * GB, 900 * GB, "DDR5 bandwidth, B/s");
    } else if (startsWith(type, "LPDDR")) {
        // Unified-memory SoCs: laptop 128-bit LPDDR5X-7500 = 120 GB/s (Ryzen AI 300) .. 819 GB/s
        // (M3 Ultra); Grace's 512 GB/s. Capacity 8 GB .. 512 GB (M3 Ultra).
        LHE_VERIFY_RANGE(bandwidth, 100 * GB, 1000 * GB, "LPDDR bandwidth, B/s");
        LHE_VERIFY_RANGE(capacity, 8 * GiB, 512 * GiB, "LPDDR capacity, B");
    } else if (type == "SRAM") {
        // Weights in on-chip SRAM: Groq LPU 230 MB at 80 TB/s .. Cerebras WSE-3 44 GB at 21 PB/s.
        LHE_VERIFY_RANGE(bandwidth, 10 * TB, 30000 * TB, "SRAM bandwidth, B/s");
        LHE_VERIFY_RANGE(capacity, 100e6, 50 * GB, "SRAM capacity, B");
    } else if (type.empty()) {
        // memory_type is optional (CONTRACT.md): only the envelope of all types applies.
        LHE_VERIFY_RANGE(bandwidth, 50 * GB, 10 * TB, "bandwidth (no memory_type), B/s");
        LHE_VERIFY_RANGE(capacity, 8 * GiB, 6144 * GiB, "capacity (no memory_type), B");
    } else {
        QFAIL(("no plausibility range for memory_type " + type + "; add one to this test").c_str());
    }
}

// 4. The users' seven devices against their datasheets. Capacities are binary: an "80GB" HBM
// part holds 80 GiB (5 stacks x 16 GiB); "24GB" GDDR6X is 12 x 2 GiB chips.
void TestCatalog::datasheetMemory_data()
{
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<double>("capacity");
    QTest::addColumn<double>("bandwidth"); // 0: not checked

    QTest::newRow("H100 SXM: 80GB HBM3, 3.35 TB/s (H100 datasheet)")
        << QByteArray("nvidia-h100-sxm") << 80 * GiB << 3.35 * TB;
    QTest::newRow("H800 SXM: 80GB HBM3, 3.35 TB/s (H800 product page)")
        << QByteArray("nvidia-h800") << 80 * GiB << 3.35 * TB;
    QTest::newRow("A100 80GB SXM: 80GB HBM2e, 2,039 GB/s (A100 datasheet)")
        << QByteArray("nvidia-a100-80gb-sxm") << 80 * GiB << 2039 * GB;
    QTest::newRow("A800 SXM 80GB: 80GB HBM2e (A800 product page)")
        << QByteArray("nvidia-a800") << 80 * GiB << 0.0;
    QTest::newRow("V100 SXM2 32GB: 32GB HBM2, 900 GB/s (V100 datasheet)")
        << QByteArray("nvidia-v100-sxm2-32gb") << 32 * GiB << 900 * GB;
    QTest::newRow("RTX 4090: 24GB GDDR6X, 1008 GB/s (Ada whitepaper)")
        << QByteArray("nvidia-rtx-4090") << 24 * GiB << 1008 * GB;
    QTest::newRow("RTX 3090: 24GB GDDR6X, 936 GB/s (GA102 whitepaper)")
        << QByteArray("nvidia-rtx-3090") << 24 * GiB << 936 * GB;
    QTest::newRow("H100 NVL: 94GB HBM3, 3.9 TB/s (H100 page)")
        << QByteArray("nvidia-h100-nvl") << 94 * GiB << 3.9 * TB;
    QTest::newRow("GH200: 96GB HBM3, 4 TB/s (GH200 datasheet)")
        << QByteArray("nvidia-gh200") << 96 * GiB << 4.0 * TB;
    QTest::newRow("H20: 96GB HBM3, 4.0 TB/s (partner spec sheet)")
        << QByteArray("nvidia-h20") << 96 * GiB << 4.0 * TB;
    QTest::newRow("L4: 24GB GDDR6, 300 GB/s (L4 datasheet)")
        << QByteArray("nvidia-l4") << 24 * GiB << 300 * GB;
    QTest::newRow("A10: 24GB GDDR6, 600 GB/s (A10 datasheet)")
        << QByteArray("nvidia-a10") << 24 * GiB << 600 * GB;
    QTest::newRow("RTX A6000: 48GB GDDR6, 768 GB/s (datasheet)")
        << QByteArray("nvidia-rtx-a6000") << 48 * GiB << 768 * GB;
    QTest::newRow("RTX 6000 Ada: 48GB GDDR6, 960 GB/s (datasheet)")
        << QByteArray("nvidia-rtx-6000-ada") << 48 * GiB << 960 * GB;
    // AMD: 128GB HBM2e, "3.2 TB/s" = 8192-bit x 3.2 Gb/s = 3276.8 GB/s.
    QTest::newRow("MI250X: 128GB HBM2e, 3.2768 TB/s (AMD)")
        << QByteArray("amd-mi250x") << 128 * GiB << 3276.8 * GB;
    QTest::newRow("M3 Ultra: 512GB unified, 819.2 GB/s (Apple)")
        << QByteArray("apple-m3-ultra") << 512 * GiB << 819.2 * GB;
    // 256-bit LPDDR5X-8000 = 32 B x 8000 MT/s = 256 GB/s.
    QTest::newRow("Ryzen AI Max+ 395: 128GB LPDDR5X, 256 GB/s (AMD)")
        << QByteArray("amd-ryzen-ai-max-plus-395") << 128 * GiB << 256 * GB;
}

void TestCatalog::datasheetMemory()
{
    QFETCH(QByteArray, id);
    QFETCH(double, capacity);
    QFETCH(double, bandwidth);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    LHE_COMPARE_REL(device->memoryBytes, capacity, 0.001); // 0.1 %
    if (bandwidth > 0)
        LHE_COMPARE_REL(device->memoryBandwidthBytesPerSecond, bandwidth, 0.001); // 0.1 %
}

// 5. A user catalog entry with an existing id replaces the shipped one and is marked.
void TestCatalog::userCatalogOverridesById()
{
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.addText(readText(kDevicesFile), "catalogs/devices.json", false, warnings);
    catalog.addText(readText(kModelsFile), "catalogs/models.json", false, warnings);
    QVERIFY(warnings.empty());
    const std::size_t deviceCount = catalog.devices().size();
    const std::size_t modelCount = catalog.models().size();
    QVERIFY(!catalog.findDevice("nvidia-h100-sxm")->userDefined);

    json h100 = minimalDevice("nvidia-h100-sxm", "gpu");
    h100["memory_bytes"] = 96 * GiB; // e.g. a user's H100 NVL-like part
    json model = {{"id", "llama-2-7b"},
                  {"name", "My Llama"},
                  {"family", "Llama"},
                  {"hf_config",
                   {{"model_type", "llama"},
                    {"hidden_size", 512},
                    {"num_hidden_layers", 2},
                    {"num_attention_heads", 8},
                    {"vocab_size", 1000},
                    {"intermediate_size", 1024}}}};
    json fresh = minimalDevice("my-new-npu", "npu");
    const json user = {{"devices", {h100, fresh}}, {"models", {model}}};
    catalog.addText(user.dump(), "user.json", true, warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : lhe::core::englishText(warnings.front()).c_str());

    QCOMPARE(catalog.devices().size(), deviceCount + 1); // replaced in place, one added
    QCOMPARE(catalog.models().size(), modelCount);
    const Device* replaced = catalog.findDevice("nvidia-h100-sxm");
    QVERIFY(replaced);
    QVERIFY(replaced->userDefined);
    QCOMPARE(replaced->memoryBytes, 96 * GiB);
    QCOMPARE(replaced->name, std::string("Minimal nvidia-h100-sxm"));
    const Device* added = catalog.findDevice("my-new-npu");
    QVERIFY(added && added->userDefined);
    const Device* untouched = catalog.findDevice("nvidia-a100-80gb-sxm");
    QVERIFY(untouched && !untouched->userDefined);

    const ModelEntry* llama = catalog.findModel("llama-2-7b");
    QVERIFY(llama);
    QVERIFY(llama->userDefined);
    QCOMPARE(llama->name, std::string("My Llama"));
    QCOMPARE(llama->architecture.hidden, 512LL);
    QVERIFY(!catalog.findModel("llama-3.1-8b")->userDefined);
}

// 5. Required fields alone: the documented defaults of device.cpp apply.
// 129,000 devices, as many as fit a user catalog file under the 16 MiB limit: each entry's id is
// looked up once, so loading them costs a small multiple of parsing their text; a list searched
// once per entry took about a minute, over a hundred times the parse. The yardstick is the parse
// of the same text on the same machine and build (a sanitizer slows both alike), so this checks
// the growth, not a speed (bench_core's largeCatalog times it).
void TestCatalog::largeCatalogLoadsWithoutAHang()
{
    constexpr int kDevices = 129'000;
    json devices = json::array();
    for (int i = 0; i < kDevices; ++i)
        devices.push_back(minimalDevice(("d" + std::to_string(i)).c_str(), "gpu"));
    devices.push_back(minimalDevice("d7", "npu")); // a repeated id within one file: skipped
    const std::string text = json{{"devices", devices}}.dump();
    QElapsedTimer timer;
    timer.start();
    const json parsed = json::parse(text);
    const qint64 parseMs = std::max<qint64>(timer.elapsed(), 1);
    QCOMPARE(parsed["devices"].size(), std::size_t{kDevices + 1});

    Catalog catalog = Catalog::builtIn();
    const std::size_t shipped = catalog.devices().size();
    std::vector<lhe::core::Message> warnings;
    timer.restart();
    catalog.addText(text, "user.json", true, warnings);
    catalog.addText(json{{"devices", {minimalDevice("d128999", "tpu")}}}.dump(), "later.json", true,
                    warnings);
    const qint64 loadMs = timer.elapsed();
    qInfo("loaded in %lld ms, parsed in %lld ms", loadMs, parseMs);
    QVERIFY2(loadMs < 20 * parseMs, QByteArray("loaded in " + QByteArray::number(loadMs) + " ms, parsed in " +
                                               QByteArray::number(parseMs) + " ms")
                                        .constData());
    QCOMPARE(catalog.devices().size(), shipped + kDevices);
    QCOMPARE(warnings.size(), std::size_t{1});
    QCOMPARE(catalog.findDevice("d7")->deviceClass, DeviceClass::Gpu);
    QCOMPARE(catalog.findDevice("d128999")->deviceClass, DeviceClass::Tpu); // replaced in place
    QCOMPARE(catalog.devices().back().id, std::string("d128999"));
    QVERIFY(catalog.findDevice("nvidia-h100-sxm") && !catalog.findDevice("d129000"));
}

void TestCatalog::minimalDeviceGetsDefaults_data()
{
    QTest::addColumn<QByteArray>("deviceClass");
    QTest::addColumn<bool>("unified");
    QTest::newRow("gpu") << QByteArray("gpu") << false;
    QTest::newRow("cpu") << QByteArray("cpu") << false;
    QTest::newRow("gpu with unified_memory") << QByteArray("gpu") << true;
}

void TestCatalog::minimalDeviceGetsDefaults()
{
    QFETCH(QByteArray, deviceClass);
    QFETCH(bool, unified);
    json entry = minimalDevice("minimal", deviceClass.constData());
    if (unified)
        entry["unified_memory"] = true;
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.addText(json{{"devices", {entry}}}.dump(), "user.json", true, warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : lhe::core::englishText(warnings.front()).c_str());
    const Device* found = catalog.findDevice("minimal");
    QVERIFY(found);
    const Device& device = *found;

    const bool cpu = deviceClass == "cpu";
    const bool hostTier = !cpu && !unified;
    QCOMPARE(device.memoryBytes, 16 * GiB);
    QCOMPARE(device.memoryBandwidthBytesPerSecond, 500e9);
    QCOMPARE(device.peak(PeakKey::Bf16), 100e12);
    QCOMPARE(device.peak(PeakKey::Fp16), 0.0); // unsupported columns stay 0
    QCOMPARE(device.devicesPerNode, 1);
    QCOMPARE(device.interconnectBytesPerSecond, 0.0); // no peer link: host link used
    QCOMPARE(device.unifiedMemory, unified);
    // Apple: Metal's recommendedMaxWorkingSetSize ~ 75 % of unified memory; else all of it.
    QCOMPARE(device.gpuMemoryFraction, unified ? 0.75 : 1.0);
    // Host RAM for offload: twice the device memory for a discrete accelerator; none for a CPU
    // or unified-memory SoC (the model already lives there).
    QCOMPARE(device.hostMemoryBytes, hostTier ? 2 * 16 * GiB : 0.0);
    // Host link: PCIe 4.0 x16 = 16 GT/s * 16 lanes * 128/130 / 8 bit = 31.5 GB/s per direction;
    // a CPU or SoC reads "host" memory at its own bandwidth.
    LHE_COMPARE_REL(device.hostLinkBytesPerSecond, hostTier ? 16e9 * 16 * 128 / 130 / 8 : 500e9, 0.001);
    // NVMe: 4 TB at ~7 GB/s (PCIe 4.0 x4 SSD, Samsung 990 PRO 7,450 MB/s).
    QCOMPARE(device.diskBytes, 4000 * GB);
    QCOMPARE(device.diskBytesPerSecond, 7 * GB);
    // Inter-node: one 200 Gb/s NIC per device = 200 / 8 = 25 GB/s.
    QCOMPARE(device.interNodeBytesPerSecond, 200e9 / 8);
    // Runtime context: ~400 MB for a CUDA context with lazy loading (pytorch/pytorch#109888),
    // none for a CPU.
    QCOMPARE(device.runtimeOverheadBytes, cpu ? 0.0 : 400e6);
    QCOMPARE(device.tdpWatts, 0.0);
    QVERIFY(device.sources.empty());
    QVERIFY(device.userDefined);
    QCOMPARE(device.usableMemoryBytes(), (unified ? 0.75 : 1.0) * 16 * GiB);
}

// 5. One bad entry is skipped with a warning naming its field; the others still load.
void TestCatalog::badEntriesSkippedWithWarning()
{
    json negative = minimalDevice("negative-memory", "gpu");
    negative["memory_bytes"] = -1;
    json fpga = minimalDevice("an-fpga", "fpga");
    json typo = minimalDevice("typo-peak", "gpu");
    typo["peak_flops"] = {{"bf17", 1}};
    json badModel = {{"id", "broken"}, {"name", "Broken"}, {"hf_config", {{"model_type", "llama"}}}};
    json goodModel = {{"id", "tiny"},
                      {"name", "Tiny"},
                      {"hf_config",
                       {{"model_type", "llama"},
                        {"hidden_size", 64},
                        {"num_hidden_layers", 1},
                        {"num_attention_heads", 4},
                        {"vocab_size", 100}}}};
    const json document = {
        {"devices",
         {minimalDevice("good-first", "gpu"), negative, fpga, typo, minimalDevice("good-last", "tpu")}},
        {"models", {badModel, goodModel}}};

    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.addText(document.dump(), "user.json", true, warnings);

    QCOMPARE(catalog.devices().size(), std::size_t(2));
    QVERIFY(catalog.findDevice("good-first"));
    QVERIFY(catalog.findDevice("good-last"));
    QCOMPARE(catalog.models().size(), std::size_t(1));
    QVERIFY(catalog.findModel("tiny"));

    QCOMPARE(warnings.size(), std::size_t(4));
    const char* fields[] = {"devices[1].memory_bytes", "devices[2].class", "devices[3].peak_flops.bf17",
                            "models[0].hf_config.hidden_size"};
    for (std::size_t i = 0; i < warnings.size(); ++i) {
        QVERIFY2(lhe::core::englishText(warnings[i]).find(fields[i]) != std::string::npos,
                 lhe::core::englishText(warnings[i]).c_str());
        QVERIFY2(lhe::core::englishText(warnings[i]).find("user.json") != std::string::npos,
                 lhe::core::englishText(warnings[i]).c_str()); // origin prefix
    }
}

// 5. Malformed JSON: InputError with the byte position (nlohmann's 1-based index of the last
// character read).
void TestCatalog::malformedJsonThrowsWithBytePosition()
{
    // 1-based: '{' 1, '"devices"' 2-10, ':' 11, ' ' 12, 'x' 13 -> the lexer fails on byte 13.
    const std::string text = R"({"devices": x})";
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    try {
        catalog.addText(text, "broken.json", true, warnings);
        QFAIL("no InputError for malformed JSON");
    } catch (const InputError& error) {
        const std::string what = error.what();
        QCOMPARE(error.fieldPath(), std::string("broken.json"));
        QVERIFY2(what.find("byte 13") != std::string::npos, what.c_str());
    }
    QVERIFY(catalog.devices().empty());
}

void TestCatalog::documentWithoutArraysThrows_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("empty object") << QByteArray("{}");
    QTest::newRow("neither devices nor models") << QByteArray(R"({"gpus": [], "llms": []})");
    QTest::newRow("top-level array") << QByteArray(R"([{"id": "x"}])");
    QTest::newRow("devices not an array") << QByteArray(R"({"devices": {"id": "x"}})");
}

void TestCatalog::documentWithoutArraysThrows()
{
    QFETCH(QByteArray, text);
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    QVERIFY_THROWS_EXCEPTION(InputError, catalog.addText(text.toStdString(), "user.json", true, warnings));
}

// 5. Hostile device figures: each bad field is named with its path and what is allowed.
// The ranges keep every time finite: a bandwidth of 1e-300 B/s or a peak of 5e-324 FLOP/s once
// made the report non-finite (the CLI's "internal error", exit 1).
void TestCatalog::badDeviceFieldsAreNamed_data()
{
    QTest::addColumn<QByteArray>("patch"); // JSON merged over minimalDevice (null removes a key)
    QTest::addColumn<QByteArray>("fieldPath");
    QTest::addColumn<QByteArray>("needle");
    auto row = [](const char* name, const char* patch, const char* field, const char* needle) {
        QTest::newRow(name) << QByteArray(patch) << QByteArray(field) << QByteArray(needle);
    };
    row("memory_bytes -1", R"({"memory_bytes": -1})", "devices[0].memory_bytes",
        "from 1e+06 to 1e+18 B, got -1");
    row("memory_bytes 1e308", R"({"memory_bytes": 1e308})", "devices[0].memory_bytes", "to 1e+18 B");
    row("memory_bandwidth 0", R"({"memory_bandwidth": 0})", "devices[0].memory_bandwidth",
        "from 1e+06 to 1e+17 B/s, got 0");
    row("memory_bandwidth 1e-300", R"({"memory_bandwidth": 1e-300})", "devices[0].memory_bandwidth",
        "1e-300");
    row("memory_bandwidth missing", R"({"memory_bandwidth": null})", "devices[0].memory_bandwidth",
        "required field is missing");
    row("peak 5e-324", R"({"peak_flops": {"bf16": 5e-324}})", "devices[0].peak_flops.bf16",
        "from 1e+06 to 1e+19 FLOP/s");
    row("peak 0", R"({"peak_flops": {"bf16": 0}})", "devices[0].peak_flops.bf16", "leave out a precision");
    row("peak as a string", R"({"peak_flops": {"bf16": "100e12"}})", "devices[0].peak_flops.bf16",
        "the string \"100e12\"");
    row("peak key bf61", R"({"peak_flops": {"bf61": 1e14}})", "devices[0].peak_flops.bf61",
        "allowed: fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4, mxfp8, mxfp4, nvfp4");
    row("peak_flops without a peak", R"({"peak_flops": {"bf16": null}})", "devices[0].peak_flops",
        "at least one dense peak");
    row("peak_flops an array", R"({"peak_flops": [1e14]})", "devices[0].peak_flops", "got array");
    row("id empty", R"({"id": ""})", "devices[0].id", "must not be empty");
    row("class fpga", R"({"class": "fpga"})", "devices[0].class", "allowed: cpu, gpu, npu, tpu");
    row("interconnect bandwidth 0", R"({"interconnect": {"name": "NVLink", "bandwidth": 0}})",
        "devices[0].interconnect.bandwidth", "B/s");
    row("interconnect name a number", R"({"interconnect": {"name": 4, "bandwidth": 450e9}})",
        "devices[0].interconnect.name", "expected a string, got number");
    row("host_link_bandwidth 1 B/s", R"({"host_link_bandwidth": 1})", "devices[0].host_link_bandwidth",
        "from 1e+06");
    row("disk_bandwidth 1e-300", R"({"disk_bandwidth": 1e-300})", "devices[0].disk_bandwidth", "from 1e+06");
    row("inter_node_bandwidth -5", R"({"inter_node_bandwidth": -5})", "devices[0].inter_node_bandwidth",
        "got -5");
    row("host_memory_bytes -1", R"({"host_memory_bytes": -1})", "devices[0].host_memory_bytes",
        "from 0 to 1e+18 B");
    row("gpu_memory_fraction 0.001", R"({"gpu_memory_fraction": 0.001})", "devices[0].gpu_memory_fraction",
        "from 0.01 to 1");
    row("gpu_memory_fraction 1.5", R"({"gpu_memory_fraction": 1.5})", "devices[0].gpu_memory_fraction",
        "got 1.5");
    row("achieved a number", R"({"achieved": 0.7})", "devices[0].achieved",
        "expected a JSON object, got number");
    row("achieved gemm_fraction 1e-300", R"({"achieved": {"gemm_fraction": 1e-300}})",
        "devices[0].achieved.gemm_fraction", "from 0.01 to 1");
    row("release a number", R"({"release": 2023})", "devices[0].release", "expected a string, got number");
    row("tdp_watts 0", R"({"tdp_watts": 0})", "devices[0].tdp_watts", "W, got 0");
    row("sources a number", R"({"sources": 7})", "devices[0].sources", "array of strings");
    row("shared memory but not unified",
        R"({"shared_memory_package": "Apple M4 Pro", "unified_memory": false})", "devices[0].unified_memory",
        "shared_memory_package says the memory is shared");
    row("shared_memory_package a number", R"({"shared_memory_package": 4})",
        "devices[0].shared_memory_package", "expected a string, got number");
}

void TestCatalog::badDeviceFieldsAreNamed()
{
    QFETCH(QByteArray, patch);
    QFETCH(QByteArray, fieldPath);
    QFETCH(QByteArray, needle);
    json entry = minimalDevice("patched", "gpu");
    entry.merge_patch(json::parse(patch.toStdString()));
    if (patch.contains("\"peak_flops\": {\"bf16\": null}"))
        entry["peak_flops"] = {{"bf16", nullptr}}; // merge_patch would drop the key
    try {
        (void)lhe::core::deviceFromJson(entry, "devices[0]");
        QFAIL("no InputError");
    } catch (const InputError& error) {
        const std::string what = error.what();
        QCOMPARE(QByteArray::fromStdString(error.fieldPath()), fieldPath);
        QVERIFY2(startsWith(what, QByteArray(fieldPath + ": ").constData()), what.c_str());
        QVERIFY2(what.find(needle.toStdString()) != std::string::npos, what.c_str());
    }
}

// Both ends of every range load.
void TestCatalog::rangeLimitsAreAccepted()
{
    for (const bool low : {true, false}) {
        json entry = minimalDevice("limits", "gpu");
        entry["memory_bytes"] = low ? 1e6 : 1e18;
        entry["memory_bandwidth"] = low ? 1e6 : 1e17;
        entry["peak_flops"] = {{"bf16", low ? 1e6 : 1e19}, {"fp8", nullptr}};
        for (const char* key : {"inter_node_bandwidth", "host_link_bandwidth", "disk_bandwidth"})
            entry[key] = low ? 1e6 : 1e17;
        for (const char* key : {"host_memory_bytes", "disk_bytes", "runtime_overhead_bytes"})
            entry[key] = low ? 0.0 : 1e18;
        entry["interconnect"] = {{"name", "link"}, {"bandwidth", low ? 1e6 : 1e17}};
        entry["gpu_memory_fraction"] = low ? 0.01 : 1.0;
        entry["achieved"] = {{"gemm_fraction", low ? 0.01 : 1.0},
                             {"memory_bandwidth_fraction", low ? 0.01 : 1.0}};
        try {
            const Device device = lhe::core::deviceFromJson(entry, "devices[0]");
            QCOMPARE(device.peak(PeakKey::Bf16), low ? 1e6 : 1e19);
        } catch (const InputError& error) {
            QFAIL(error.what());
        }
    }
}

namespace {

bool allFinite(const json& value, std::string& where, const std::string& path = {})
{
    if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        where = path;
        return false;
    }
    if (value.is_structured()) {
        for (const auto& [key, child] : value.items()) {
            if (!allFinite(child, where, path + "/" + key))
                return false;
        }
    }
    return true;
}

} // namespace

// The corners of the accepted ranges, with the scenario's own extremes, still give a finite report.
void TestCatalog::rangeLimitsKeepReportsFinite_data()
{
    QTest::addColumn<bool>("low");
    QTest::addColumn<QByteArray>("scenario");
    const QByteArray inference =
        R"({"device": "limits", "model": "llama-3.1-405b", "batch": 1e9, "prompt_tokens": 1e9, "output_tokens": 1e9})";
    const QByteArray training =
        R"({"device": "limits", "model": "deepseek-v3", "mode": "training", "devices": 4096,
        "batch": 1e9, "prompt_tokens": 1e9, "training": {"zero_stage": 3, "recompute": "full"}})";
    const QByteArray tiny = R"({"device": "limits", "model": "llama-3.1-8b", "batch": 1, "prompt_tokens": 1,
        "output_tokens": 1, "devices": 10000000, "efficiency": {"compute": 0.01, "memory": 0.01, "network": 0.01}})";
    for (const bool low : {true, false}) {
        const char* corner = low ? "lowest device" : "highest device";
        QTest::newRow(qPrintable(QString::fromLatin1(corner) + u", 405b inference at 1e9"_s))
            << low << inference;
        QTest::newRow(qPrintable(QString::fromLatin1(corner) + u", DeepSeek-V3 training"_s))
            << low << training;
        QTest::newRow(qPrintable(QString::fromLatin1(corner) + u", 1 token on 1e7 devices"_s)) << low << tiny;
    }
}

void TestCatalog::rangeLimitsKeepReportsFinite()
{
    QFETCH(bool, low);
    QFETCH(QByteArray, scenario);
    json entry = minimalDevice("limits", "gpu");
    entry["memory_bytes"] = low ? 1e6 : 1e18;
    entry["memory_bandwidth"] = low ? 1e6 : 1e17;
    entry["peak_flops"] = {{"bf16", low ? 1e6 : 1e19}};
    for (const char* key : {"inter_node_bandwidth", "host_link_bandwidth", "disk_bandwidth"})
        entry[key] = low ? 1e6 : 1e17;
    entry["interconnect"] = {{"name", "link"}, {"bandwidth", low ? 1e6 : 1e17}};
    entry["achieved"] = {{"gemm_fraction", low ? 0.01 : 1.0},
                         {"memory_bandwidth_fraction", low ? 0.01 : 1.0}};
    Catalog catalog = Catalog::builtIn();
    std::vector<lhe::core::Message> warnings;
    catalog.add(json{{"devices", {entry}}}, "limits.json", true, warnings);
    QVERIFY(warnings.empty());
    const lhe::core::Report report =
        lhe::core::estimate(lhe::core::scenarioFromJson(json::parse(scenario.toStdString())), catalog);
    std::string where;
    QVERIFY2(allFinite(lhe::core::reportToJson(report), where), where.c_str());
}

// Fields the loader does not know are ignored (at most the user's notes), never an error.
void TestCatalog::unknownFieldsAreIgnored()
{
    json device = minimalDevice("annotated", "npu");
    device["price_usd"] = 12000;
    device["datasheet"] = {{"page", 4}};
    json model = {{"id", "tiny"},
                  {"name", "Tiny"},
                  {"license", "apache-2.0"},
                  {"hf_config",
                   {{"model_type", "llama"},
                    {"hidden_size", 64},
                    {"num_hidden_layers", 1},
                    {"num_attention_heads", 4},
                    {"vocab_size", 100},
                    {"quantization_config", {{"bits", 4}}}}}};
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.addText(
        json{{"version", 2}, {"devices", {device}}, {"models", {model}}, {"comments", {"x"}}}.dump(),
        "user.json", true, warnings, Catalog::BadEntries::Throw);
    QVERIFY(warnings.empty());
    QVERIFY(catalog.findDevice("annotated"));
    QVERIFY(catalog.findModel("tiny"));
}

// One id twice in one file is a slip: the second is refused (the first stays); across files a
// later entry overrides an earlier one by design.
void TestCatalog::duplicateIdInOneFile()
{
    json second = minimalDevice("twice", "gpu");
    second["name"] = "Second copy";
    const json document = {
        {"devices", {minimalDevice("twice", "gpu"), minimalDevice("other", "gpu"), second}}};
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    catalog.add(document, "user.json", true, warnings);
    QCOMPARE(catalog.devices().size(), std::size_t(2));
    QCOMPARE(catalog.findDevice("twice")->name, std::string("Minimal twice"));
    QCOMPARE(warnings.size(), std::size_t(1));
    QVERIFY2(startsWith(lhe::core::englishText(warnings.front()),
                        "user.json: skipped devices[2].id: \"twice\" is already the id of devices[0]"),
             lhe::core::englishText(warnings.front()).c_str());

    Catalog strict;
    try {
        strict.add(document, "mine.json", true, warnings, Catalog::BadEntries::Throw);
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(error.fieldPath(), std::string("devices[2].id"));
        QVERIFY2(startsWith(error.what(), "mine.json: devices[2].id: "), error.what());
    }

    // Two files: the later overrides, no warning.
    Catalog layered;
    std::vector<lhe::core::Message> none;
    layered.add(json{{"devices", {minimalDevice("twice", "gpu")}}}, "a.json", true, none);
    layered.add(json{{"devices", {second}}}, "b.json", true, none);
    QVERIFY(none.empty());
    QCOMPARE(layered.findDevice("twice")->name, std::string("Second copy"));
}

// A catalog named explicitly (--catalog) is held to the letter: the first bad entry throws,
// prefixed by the file.
void TestCatalog::explicitCatalogThrowsOnBadEntry()
{
    json bad = minimalDevice("bad", "gpu");
    bad["memory_bytes"] = -1;
    const json document = {{"devices", {minimalDevice("good", "gpu"), bad}}};
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    try {
        catalog.add(document, "x.json", true, warnings, Catalog::BadEntries::Throw);
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(error.fieldPath(), std::string("devices[1].memory_bytes"));
        QVERIFY2(startsWith(error.what(), "x.json: devices[1].memory_bytes: expected a number"),
                 error.what());
    }
    QVERIFY(warnings.empty());
    // Document-level faults name the key and the type found.
    try {
        catalog.add(json{{"models", json::object()}}, "x.json", true, warnings);
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(std::string(error.what()),
                 std::string("x.json: models: expected an array of entries, got object"));
    }
}

void TestCatalog::paramsActiveAboveTotalIsRefused()
{
    const json model = {{"id", "upside-down"},
                        {"name", "Upside down"},
                        {"params_total", 1e9},
                        {"params_active", 2e9},
                        {"hf_config",
                         {{"model_type", "llama"},
                          {"hidden_size", 64},
                          {"num_hidden_layers", 1},
                          {"num_attention_heads", 4},
                          {"vocab_size", 100}}}};
    try {
        (void)lhe::core::modelFromJson(model, "models[0]");
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(error.fieldPath(), std::string("models[0].params_active"));
        QVERIFY2(std::string(error.what()).find("exceeds params_total 1e+09") != std::string::npos,
                 error.what());
    }
}

// Every JSON text failure names the position; the positions are derived here from the text
// (1-based, as nlohmann counts), not copied from the output.
void TestCatalog::jsonTextErrorsNamePosition_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("needles");
    auto at = [](const QByteArray& text, const QByteArray& find, int occurrence, int offset) {
        qsizetype index = -1;
        for (int i = 0; i < occurrence; ++i)
            index = text.indexOf(find, index + 1);
        return QStringLiteral("byte %1").arg(index + offset);
    };
    QTest::newRow("empty") << QByteArray() << QStringList{u"no JSON value: the input is empty"_s};
    QTest::newRow("white space") << QByteArray(" \n\t ") << QStringList{u"only white space"_s};
    QTest::newRow("lone BOM") << QByteArray("\xEF\xBB\xBF")
                              << QStringList{u"nothing but a UTF-8 byte-order mark"_s};
    QTest::newRow("UTF-16 BE") << QByteArray("\xFE\xFF\0{\0}", 6) << QStringList{u"UTF-16"_s, u"FE FF"_s};

    // The object is level 1: the 64th '[' opens level 65, at 1-based byte 1 + 64.
    const QByteArray deep = "{\"a\": " + QByteArray(64, '[') + QByteArray(64, ']') + "}";
    QTest::newRow("65 levels") << deep
                               << QStringList{u"nested deeper than 64 levels"_s, at(deep, "[", 64, 1)};
    const QByteArray dup = R"({"a": {"k": 1}, "b": {"k": 2}, "a": 3})";
    QTest::newRow("duplicate key") << dup << QStringList{u"duplicate key \"a\""_s, at(dup, "\"a\"", 2, 1)};
    // The string "1e999" is no number; the overflow is the second one, -1e999.
    const QByteArray overflow = R"({"s": "1e999", "n": [1, -1e999]})";
    QTest::newRow("number overflow") << overflow
                                     << QStringList{u"number -1e999 is out of range"_s,
                                                    at(overflow, "-1e999", 1, 1)};
    const QByteArray utf8 = "{\"a\": \"x\xFFy\"}";
    QTest::newRow("invalid UTF-8") << utf8
                                   << QStringList{u"ill-formed UTF-8"_s, u"\\xFF"_s, at(utf8, "\xFF", 1, 1)};
    // Line 3 is `  "b": x`: two spaces, "b" in columns 3-5, ':' 6, ' ' 7, x 8.
    const QByteArray lines = "{\n  \"a\": 1,\n  \"b\": x\n}";
    QTest::newRow("line and column") << lines << QStringList{at(lines, "x", 1, 1) + u" (line 3, column 8)"_s};
    const QByteArray trailing = R"({"a": 1} {"b": 2})";
    QTest::newRow("two documents") << trailing
                                   << QStringList{u"expected end of input"_s, at(trailing, "{", 2, 1)};
}

void TestCatalog::jsonTextErrorsNamePosition()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, needles);
    try {
        (void)lhe::core::parseJsonText(
            std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "t.json");
        QFAIL("no InputError");
    } catch (const InputError& error) {
        const QString what = QString::fromStdString(error.what());
        QVERIFY2(what.startsWith(u"t.json: "_s), qPrintable(what));
        QVERIFY2(!what.contains(u'\n'), qPrintable(what));
        for (const QString& needle : needles)
            QVERIFY2(what.contains(needle), qPrintable(u"\""_s + needle + u"\" not in: "_s + what));
    }
}

// What looks odd but is fine: a UTF-8 BOM before the JSON, exactly 64 levels, brackets and
// escaped quotes inside strings, the same key in different objects, the largest doubles.
void TestCatalog::utf8BomBeforeJsonIsSkipped()
{
    const QByteArray texts[] = {
        QByteArray("\xEF\xBB\xBF{\"devices\": []}"),
        "{\"a\": " + QByteArray(63, '[') + QByteArray(63, ']') + "}",
        R"({"a": "[[[[{{{{\"", "b": ["]]]}}}"]})",
        R"({"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 3}, {"k": 4}]})",
        R"({"a": 1.7976931348623157e308, "b": -1.7976931348623157e308, "c": 1e-400})",
    };
    for (const QByteArray& text : texts) {
        try {
            (void)lhe::core::parseJsonText(
                std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "t.json");
        } catch (const InputError& error) {
            QFAIL(error.what());
        }
    }
}

// Messages stay on one line whatever the input held, and name their file once.
void TestCatalog::inputErrorIsOneLine()
{
    const InputError error("device",
                           lhe::core::message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), "a\nb\x1b"));
    QCOMPARE(std::string(error.what()), std::string("device: unknown id \"a\\nb\\u001b\""));
    const InputError named = error.withOrigin("s.json").withOrigin("s.json");
    QCOMPARE(std::string(named.what()), std::string("s.json: device: unknown id \"a\\nb\\u001b\""));
    QCOMPARE(named.fieldPath(), std::string("device"));
}

// 6. Apple unified memory: the GPU may wire 75 % of it, and there is no separate host tier.
void TestCatalog::appleUnifiedMemory()
{
    const Device* m2 = Catalog::builtIn().findDevice("apple-m2-ultra");
    QVERIFY(m2);
    QVERIFY(m2->unifiedMemory);
    QCOMPARE(m2->memoryBytes, 192 * GiB); // Apple: up to 192 GB unified memory
    LHE_COMPARE_REL(m2->usableMemoryBytes(), 0.75 * m2->memoryBytes, 1e-12);
    QCOMPARE(m2->hostMemoryBytes, 0.0);
    LHE_COMPARE_REL(m2->memoryBandwidthBytesPerSecond, 800 * GB, 0.001); // Apple newsroom: 800 GB/s
}

// 6. Every unified-memory SoC (Apple, AMD Ryzen AI Max) is a gpu-class device whose GPU may use
// a documented fraction of system memory, with no separate host tier: "host" reads run at the
// memory's own bandwidth.
void TestCatalog::unifiedMemorySoCs_data()
{
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<double>("fraction");
    // Apple: Metal's recommendedMaxWorkingSetSize ~75 %; AMD: 96 GB Variable Graphics Memory of 128 GB.
    QTest::newRow("apple-m3-ultra") << QByteArray("apple-m3-ultra") << 0.75;
    QTest::newRow("amd-ryzen-ai-max-plus-395") << QByteArray("amd-ryzen-ai-max-plus-395") << 0.75;
}

void TestCatalog::unifiedMemorySoCs()
{
    QFETCH(QByteArray, id);
    QFETCH(double, fraction);
    const Device* device = Catalog::builtIn().findDevice(id.constData());
    QVERIFY(device);
    QCOMPARE(device->deviceClass, DeviceClass::Gpu);
    QVERIFY(device->unifiedMemory);
    LHE_COMPARE_REL(device->gpuMemoryFraction, fraction, 1e-12);
    LHE_COMPARE_REL(device->usableMemoryBytes(), fraction * device->memoryBytes, 1e-12);
    QCOMPARE(device->hostMemoryBytes, 0.0);
    LHE_COMPARE_REL(device->hostLinkBytesPerSecond, device->memoryBandwidthBytesPerSecond, 1e-12);
}

// GH200: the Grace LPDDR5X is the host tier, reached over NVLink-C2C (900 GB/s bidirectional =
// 450 GB/s per direction), not PCIe.
void TestCatalog::graceHopperHostTier()
{
    const Device* gh200 = Catalog::builtIn().findDevice("nvidia-gh200");
    QVERIFY(gh200);
    QVERIFY(!gh200->unifiedMemory);
    QCOMPARE(gh200->hostMemoryBytes, 480 * GiB); // NVIDIA: up to 480 GB LPDDR5X
    LHE_COMPARE_REL(gh200->hostLinkBytesPerSecond, 450 * GB, 0.001);
}

// An engine that shares its package's memory (a laptop NPU beside the CPU and iGPU) names the
// package: that makes it unified memory without saying so twice, and the name survives a save.
void TestCatalog::sharedMemoryPackageImpliesUnified()
{
    json entry = minimalDevice("laptop-npu", "npu");
    entry["shared_memory_package"] = "Test SoC";
    const Device device = lhe::core::deviceFromJson(entry, "devices[0]");
    QVERIFY(device.unifiedMemory);
    QCOMPARE(device.sharedMemoryPackage, std::string("Test SoC"));
    QCOMPARE(lhe::core::deviceToJson(device).value("shared_memory_package", std::string()),
             std::string("Test SoC"));
    const Device own = lhe::core::deviceFromJson(minimalDevice("discrete", "gpu"), "devices[0]");
    QVERIFY(own.sharedMemoryPackage.empty());
    QVERIFY(!lhe::core::deviceToJson(own).contains("shared_memory_package"));
}

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
