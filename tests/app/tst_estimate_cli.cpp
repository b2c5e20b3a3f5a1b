// Process-level tests of llm-hw-estimate (CONTRACT.md "Command line", "Report", "Scenario").
//
// Every test runs the real executable (LHE_ESTIMATE_EXE) with QProcess in an isolated
// environment (HOME, XDG_* pointing into a QTemporaryDir), so a user catalog folder on the
// machine never leaks into the results. Expected numbers are published figures or hand
// arithmetic written next to the assertion, never the tool's own output pasted back.
// Tolerances are relative unless stated and are given at each assertion.
//
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

using lhe::test::describe;
using lhe::test::RunResult;
using lhe::test::runTool;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QString sourcePath(const QString& relative)
{
    return QDir(QStringLiteral(LHE_SOURCE_DIR)).filePath(relative);
}

QString badInput(const QString& name)
{
    return sourcePath(QStringLiteral("tests/fixtures/bad_inputs/") + name);
}

QString scenarioFixture(const QString& name)
{
    return sourcePath(QStringLiteral("tests/fixtures/scenarios/") + name);
}

// The number at a JSON pointer, or NaN when absent or not a number (so that every comparison
// against it fails visibly).
double num(const json& report, const char* pointer)
{
    const json::json_pointer ptr(pointer);
    if (!report.contains(ptr) || !report.at(ptr).is_number())
        return std::numeric_limits<double>::quiet_NaN();
    return report.at(ptr).get<double>();
}

std::string str(const json& report, const char* pointer)
{
    const json::json_pointer ptr(pointer);
    if (!report.contains(ptr) || !report.at(ptr).is_string())
        return "<missing>";
    return report.at(ptr).get<std::string>();
}

// |actual - expected| <= tolerance * |expected| (exact match when expected is 0); NaN fails.
bool relClose(double actual, double expected, double tolerance)
{
    if (!std::isfinite(actual))
        return false;
    if (expected == 0)
        return actual == 0;
    return std::fabs(actual - expected) <= tolerance * std::fabs(expected);
}

QByteArray relMessage(const char* what, double actual, double expected, double tolerance)
{
    return QByteArray(what) + ": got " + QByteArray::number(actual, 'g', 17) + ", expected " +
           QByteArray::number(expected, 'g', 17) + " within " +
           QByteArray::number(tolerance * 100.0, 'g', 6) + " % (relative error " +
           QByteArray::number(expected != 0 ? (actual - expected) / expected * 100.0 : actual, 'g', 6) +
           " %)";
}

#define VERIFY_REL(what, actual, expected, tolerance)                                                        \
    QVERIFY2(relClose((actual), (expected), (tolerance)),                                                    \
             relMessage((what), (actual), (expected), (tolerance)).constData())

// The report members docs/CONTRACT.md §3.11 declares null when unknown (no SLO targets, no price,
// no TDP; devices_needed without targets).
bool nullAllowed(const std::string& path)
{
    static const std::set<std::string> documented{
        "/serving/max_concurrency_slo", "/serving/devices_needed", "/cost/per_million_output_tokens",
        "/energy/joules_per_output_token", "/energy/joules_per_request"};
    return documented.count(path) != 0 || path.rfind("/scenario/model_config/", 0) == 0;
}

// Every leaf that is null (nlohmann writes NaN and inf as null) or a non-finite number. The
// echoed user config.json (/scenario/model_config) may hold nulls of its own ("rope_scaling":
// null as published); only non-finite numbers count there.
void collectNonFinite(const json& value, const std::string& path, std::vector<std::string>& bad)
{
    if (value.is_null()) {
        if (!nullAllowed(path))
            bad.push_back(path + " = null");
    } else if (value.is_number_float()) {
        if (!std::isfinite(value.get<double>()))
            bad.push_back(path + " = " + value.dump());
    } else if (value.is_object()) {
        for (const auto& [key, child] : value.items())
            collectNonFinite(child, path + "/" + key, bad);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            collectNonFinite(value[i], path + "/" + std::to_string(i), bad);
    }
}

QByteArray nonFiniteMessage(const json& report)
{
    std::vector<std::string> bad;
    collectNonFinite(report, "", bad);
    QByteArray message;
    for (const auto& entry : bad)
        message += QByteArray::fromStdString(entry) + "; ";
    return message;
}

json readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return json();
    return json::parse(file.readAll().toStdString(), nullptr, false);
}

QStringList inferenceArgs(const char* device, const char* model, int batch, int prompt, int output)
{
    return {QStringLiteral("--device"),        QString::fromLatin1(device),
            QStringLiteral("--model"),         QString::fromLatin1(model),
            QStringLiteral("--batch"),         QString::number(batch),
            QStringLiteral("--prompt-tokens"), QString::number(prompt),
            QStringLiteral("--output-tokens"), QString::number(output)};
}

// Published parameter counts (Hugging Face safetensors counts, as on the model cards) and KV
// bytes per token at bf16, 2 (K and V) * layers * kv heads * head_dim * 2 B, from each config.json.
constexpr double kLlama31_8B = 8'030'261'248.0;             // docs/METHOD.md §1.13, meta-llama/Llama-3.1-8B
constexpr double kLlama31_70B = 70'553'706'496.0;           // meta-llama/Llama-3.1-70B
constexpr double kLlama31_405B = 405'853'388'800.0;         // meta-llama/Llama-3.1-405B
constexpr double kKvLlama31_8B = 2.0 * 32 * 8 * 128 * 2;    // 131,072 B
constexpr double kKvLlama31_70B = 2.0 * 80 * 8 * 128 * 2;   // 327,680 B
constexpr double kKvLlama31_405B = 2.0 * 126 * 8 * 128 * 2; // 516,096 B

// GPT-2-style model for the ZeRO figures (tests/fixtures/scenarios/gpt2-style-7.5b.config.json):
// d = 4096, L = 36, V = 50257, 2048 learned positions, tied head. Per layer (GPT-2: biases,
// two LayerNorms with bias, FFN 4d): attention 4d² + 4d, FFN 8d² + 5d, norms 4d = 12d² + 13d.
// Ψ = 36·(12·4096² + 13·4096) + 50257·4096 + 2048·4096 + 2·4096 (final LayerNorm)
//   = 36·201,379,840 + 205,852,672 + 8,388,608 + 8,192 = 7,463,923,712.
constexpr double kPsiGpt2Style =
    36.0 * (12.0 * 4096 * 4096 + 13.0 * 4096) + 50257.0 * 4096 + 2048.0 * 4096 + 2.0 * 4096;
static_assert(kPsiGpt2Style == 7'463'923'712.0);

// RTX 4090 memory tiers (catalogs/devices.json "nvidia-rtx-4090" and core/catalog/device.cpp defaults):
// capacity 24 GiB = 25,769,803,776 B; host_memory_bytes 64 GiB = 68,719,476,736 B (catalog:
// "assumes a 64 GiB desktop"); disk 4000 GB (device.cpp default, no disk_bytes in the entry);
// runtime overhead 1 GiB (device.cpp default for accelerators, no runtime_overhead_bytes).
constexpr double kRtx4090Capacity = 24.0 * kGiB;
constexpr double kRtx4090Host = 64.0 * kGiB;
constexpr double kDefaultDisk = 4000e9;
// CUDA context with lazy loading (pytorch/pytorch#109888): the runtime_context segment.
constexpr double kAcceleratorOverhead = 400e6;

QString tierFor(double total, double capacity, double host, double disk)
{
    const double excess = total - capacity;
    if (excess <= 0)
        return QStringLiteral("none");
    if (excess <= host)
        return QStringLiteral("host_ram");
    if (excess <= host + disk)
        return QStringLiteral("disk");
    return QStringLiteral("does_not_fit");
}

} // namespace

class TestEstimateCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;

    RunResult run(const QStringList& arguments) const { return runTool(arguments, m_env); }

    // Runs, requires exit 0 and a JSON object on stdout with no NaN/inf/null anywhere.
    bool runReport(const QStringList& arguments, json& report, QByteArray& why) const
    {
        const RunResult r = run(arguments);
        if (!r.finished || r.exitStatus != QProcess::NormalExit || r.exitCode != 0) {
            why = "expected exit 0: " + describe(arguments, r);
            return false;
        }
        report = json::parse(r.out.toStdString(), nullptr, false);
        if (report.is_discarded() || !report.is_object()) {
            why = "stdout is not a JSON object: " + describe(arguments, r);
            return false;
        }
        const QByteArray bad = nonFiniteMessage(report);
        if (!bad.isEmpty()) {
            why = "non-finite or null numbers: " + bad + " from " + describe(arguments, r);
            return false;
        }
        return true;
    }

private slots:
    void initTestCase();

    // 1. Success paths
    void defaultRunHasEveryContractField();
    void currentModelsEndToEnd();
    void trainingRunHasTrainingFields();
    void tableFormatIsReadableText_data();
    void tableFormatIsReadableText();
    void listMatchesShippedCatalog_data();
    void listMatchesShippedCatalog();
    void helpDocumentsTheContractFlags();
    void scenarioFileIsRead();
    void flagsOverrideScenarioFields();
    void fineTuningFlags();
    void servingFlagsAndContractNames();
    void rankPrintsEveryDevice();
    void rankRefusesAPriceItCannotApply_data();
    void rankRefusesAPriceItCannotApply();
    void emptyLoraTargetIsRefusedAsInAFile();
    void scenarioModelConfigPathIsResolvedRelativeToFile();
    void modelFlagOverridesModelConfigPathOfFile();
    void numericLookingIdFromFlagIsStillAnId();
    void userCatalogFolderFollowsTheEnvironment();

    // 2. Contract figures through the CLI
    void kvCacheBytesPerTokenOpt13b();
    void rooflineRidgeH100();
    void zeroModelStates_data();
    void zeroModelStates();
    void trainingSequenceLengthIsTheContext();
    void boundVerdicts_data();
    void boundVerdicts();
    void decodeIntensityIsAboutOneFlopPerByte();
    void tensorParallelAddsCommunication();
    void offloadTiers_data();
    void offloadTiers();
    void largerBatchNeverLowersMemory_data();
    void largerBatchNeverLowersMemory();
    void fp8HalvesWeightBytes();
    void hfConfigParameterCounts_data();
    void hfConfigParameterCounts();

    // 3. Bad input
    void badInputExitsTwoWithOneLine_data();
    void badInputExitsTwoWithOneLine();

    // 4. Never NaN
    void extremeScenariosStayFinite_data();
    void extremeScenariosStayFinite();
    void tinyEfficiencyIsRejectedOrFinite();
    void trainTokensAtTheirMaximumStayFinite();

    // 5. Hostile environments and inputs
    void helpIsUtf8();
    void tableHasNoDecimalCommaInAGermanLocale();
    void tableNeverPrintsNegativeZero();
    void trainingBatchIsMicroBatchTimesAccumulationTimesData_data();
    void trainingBatchIsMicroBatchTimesAccumulationTimesData();
    void fileSizeLimitIsAnErrorLineNotASignal();
};

void TestEstimateCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(LHE_ESTIMATE_EXE)), LHE_ESTIMATE_EXE);
    QVERIFY(m_home.isValid());
    m_env = lhe::test::isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

// ---------------------------------------------------------------------------------------------
// 1. Success paths

void TestEstimateCli::defaultRunHasEveryContractField()
{
    json r;
    QByteArray why;
    QVERIFY2(runReport({}, r, why), why.constData());

    // CONTRACT.md "Report": every field, with its type.
    const char* numbers[] = {
        "/model/params_total", "/model/params_active", "/model/kv_cache_bytes_per_token",
        "/memory/per_device/weights", "/memory/per_device/kv_cache", "/memory/per_device/activations",
        "/memory/per_device/gradients", "/memory/per_device/optimizer_states", "/memory/per_device/overhead",
        "/memory/per_device/total", "/memory/capacity_per_device", "/memory/offloaded_bytes",
        "/prefill/flops", "/prefill/bytes", "/prefill/arithmetic_intensity", "/prefill/seconds",
        "/prefill/time_breakdown/compute", "/prefill/time_breakdown/memory",
        "/prefill/time_breakdown/communication", "/prefill/time_breakdown/offload", "/decode/flops",
        "/decode/bytes", "/decode/arithmetic_intensity", "/decode/seconds", "/decode/time_breakdown/compute",
        "/decode/time_breakdown/memory", "/decode/time_breakdown/communication",
        "/decode/time_breakdown/offload", "/decode/tokens_per_second", "/roofline/peak_flops",
        "/roofline/memory_bandwidth", "/roofline/ridge_intensity",
        // the scenario "with every default filled in"
        "/scenario/batch", "/scenario/prompt_tokens", "/scenario/output_tokens", "/scenario/devices",
        "/scenario/parallelism/tensor", "/scenario/parallelism/pipeline", "/scenario/parallelism/data",
        "/scenario/parallelism/expert", "/scenario/training/zero_stage", "/scenario/training/micro_batch",
        "/scenario/efficiency/compute", "/scenario/efficiency/memory", "/scenario/efficiency/network"};
    for (const char* pointer : numbers) {
        const double value = num(r, pointer);
        QVERIFY2(std::isfinite(value), (std::string(pointer) + " is missing or not a finite number").c_str());
        QVERIFY2(value >= 0, (std::string(pointer) + " is negative").c_str());
    }
    const char* strings[] = {"/scenario/device",
                             "/scenario/model",
                             "/scenario/mode",
                             "/scenario/precision/weights",
                             "/scenario/precision/kv_cache",
                             "/scenario/precision/activations",
                             "/scenario/precision/compute",
                             "/scenario/training/optimizer",
                             "/scenario/training/recompute"};
    for (const char* pointer : strings)
        QVERIFY2(str(r, pointer) != "<missing>",
                 (std::string(pointer) + " is missing or not a string").c_str());
    QVERIFY(r.contains(json::json_pointer("/memory/fits")) &&
            r.at(json::json_pointer("/memory/fits")).is_boolean());
    QVERIFY(r.contains(json::json_pointer("/scenario/flash_attention")) &&
            r.at(json::json_pointer("/scenario/flash_attention")).is_boolean());
    QVERIFY(r.contains("warnings") && r["warnings"].is_array());
    for (const auto& warning : r["warnings"])
        QVERIFY(warning.is_string());

    const QSet<QString> tiers{u"none"_s, u"host_ram"_s, u"disk"_s, u"does_not_fit"_s};
    const QSet<QString> bounds{u"compute"_s, u"memory"_s, u"communication"_s, u"offload"_s};
    QVERIFY2(tiers.contains(QString::fromStdString(str(r, "/memory/offload_tier"))),
             str(r, "/memory/offload_tier").c_str());
    QVERIFY2(bounds.contains(QString::fromStdString(str(r, "/prefill/bound"))),
             str(r, "/prefill/bound").c_str());
    QVERIFY2(bounds.contains(QString::fromStdString(str(r, "/decode/bound"))),
             str(r, "/decode/bound").c_str());
    QCOMPARE(str(r, "/scenario/mode"), std::string("inference"));

    // Invariants the contract states, checked with the report's own parts (tolerance 1e-12:
    // sums and quotients of doubles).
    VERIFY_REL("parallelism product = devices",
               num(r, "/scenario/parallelism/tensor") * num(r, "/scenario/parallelism/pipeline") *
                   num(r, "/scenario/parallelism/data") * num(r, "/scenario/parallelism/expert"),
               num(r, "/scenario/devices"), 0.0);
    VERIFY_REL("total = sum of the parts", num(r, "/memory/per_device/total"),
               num(r, "/memory/per_device/weights") + num(r, "/memory/per_device/kv_cache") +
                   num(r, "/memory/per_device/activations") + num(r, "/memory/per_device/gradients") +
                   num(r, "/memory/per_device/optimizer_states") + num(r, "/memory/per_device/overhead"),
               1e-12);
    VERIFY_REL("ridge = peak / bandwidth", num(r, "/roofline/ridge_intensity"),
               num(r, "/roofline/peak_flops") / num(r, "/roofline/memory_bandwidth"), 1e-12);
    for (const char* phase : {"/prefill", "/decode"}) {
        const std::string p(phase);
        VERIFY_REL((p + " intensity = flops / bytes").c_str(), num(r, (p + "/arithmetic_intensity").c_str()),
                   num(r, (p + "/flops").c_str()) / num(r, (p + "/bytes").c_str()), 1e-12);
        // ESTIMATION §5: step time = max(compute, memory) + non-overlapped comm + offload >= max.
        const double seconds = num(r, (p + "/seconds").c_str());
        QVERIFY(seconds > 0);
        QVERIFY(seconds >= std::max(num(r, (p + "/time_breakdown/compute").c_str()),
                                    num(r, (p + "/time_breakdown/memory").c_str())));
    }
    // "tokens_per_second is the batch's aggregate generation rate": batch / step seconds.
    VERIFY_REL("decode tokens/s = batch / step", num(r, "/decode/tokens_per_second"),
               num(r, "/scenario/batch") / num(r, "/decode/seconds"), 1e-12);
    // capacity is positive and the fits flag agrees with the totals.
    QVERIFY(num(r, "/memory/capacity_per_device") > 0);
    QCOMPARE(r["memory"]["fits"].get<bool>(),
             num(r, "/memory/per_device/total") <= num(r, "/memory/capacity_per_device"));
}

void TestEstimateCli::trainingRunHasTrainingFields()
{
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--mode"_s,
                        u"training"_s, u"--devices"_s, u"8"_s, u"--batch"_s, u"64"_s, u"--prompt-tokens"_s,
                        u"4096"_s},
                       r, why),
             why.constData());
    for (const char* pointer :
         {"/training/step_seconds", "/training/tokens_per_second", "/training/mfu",
          "/training/time_breakdown/compute", "/training/time_breakdown/memory",
          "/training/time_breakdown/communication", "/training/time_breakdown/offload"}) {
        QVERIFY2(std::isfinite(num(r, pointer)), pointer);
        QVERIFY2(num(r, pointer) >= 0, pointer);
    }
    const QSet<QString> bounds{u"compute"_s, u"memory"_s, u"communication"_s, u"offload"_s};
    QVERIFY(bounds.contains(QString::fromStdString(str(r, "/training/bound"))));
    QCOMPARE(str(r, "/scenario/mode"), std::string("training"));
    // MFU is a fraction of peak: (0, 1].
    QVERIFY(num(r, "/training/mfu") > 0 && num(r, "/training/mfu") <= 1.0);
    // Training tokens/s: global batch 64 × 4096 tokens per step over the step time (1e-12).
    VERIFY_REL("training tokens/s", num(r, "/training/tokens_per_second"),
               64.0 * 4096.0 / num(r, "/training/step_seconds"), 1e-12);
    // Mixed-precision AdamW, no ZeRO: 2 + 2 + 12 bytes per parameter (ESTIMATION §3), the 8
    // devices chosen by the tool's own split divide them by t·p.
    const double tp = num(r, "/scenario/parallelism/tensor") * num(r, "/scenario/parallelism/pipeline");
    VERIFY_REL("optimizer states 12Ψ/(t·p)", num(r, "/memory/per_device/optimizer_states"),
               12.0 * kLlama31_8B / tp, 1e-9);
}

void TestEstimateCli::tableFormatIsReadableText_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("mustContain");
    // Names from catalogs/devices.json and catalogs/models.json ("name").
    QTest::newRow("default scenario") << QStringList{u"--format"_s, u"table"_s}
                                      << QStringList{u"Memory"_s, u"Prefill"_s, u"Decode"_s, u"Roofline"_s};
    QTest::newRow("H100 llama-3.1-8b batch 1")
        << QStringList{u"--format"_s,     u"table"_s,   u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s,
                       u"llama-3.1-8b"_s, u"--batch"_s, u"1"_s,        u"--prompt-tokens"_s, u"4096"_s}
        << QStringList{u"NVIDIA H100 SXM5 80GB"_s, u"Llama 3.1 8B"_s, u"bound: compute"_s,
                       u"bound: memory"_s};
}

void TestEstimateCli::tableFormatIsReadableText()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, mustContain);
    const RunResult r = run(args);
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == 0,
             describe(args, r).constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(!text.trimmed().startsWith(QLatin1Char('{'))); // not the JSON report
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 5, r.out.constData());
    for (const QString& line : lines) {
        QVERIFY2(line.size() <= 200, qPrintable(line));
        for (const QChar c : line)
            QVERIFY2(c.isPrint() || c == QLatin1Char('\t'), qPrintable(line));
    }
    for (const QString& needle : mustContain)
        QVERIFY2(text.contains(needle), qPrintable(needle + QStringLiteral(" not in:\n") + text));
    static const QRegularExpression nonFinite(QStringLiteral("\\b(nan|inf|infinity)\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    QVERIFY2(!nonFinite.match(text).hasMatch(), qPrintable(text));
}

void TestEstimateCli::listMatchesShippedCatalog_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("catalogKey");
    QTest::addColumn<QString>("thirdField");
    // Source of truth: the shipped catalogs (catalogs/*.json), which the binary embeds.
    QTest::newRow("devices: id, name, class") << u"devices"_s << u"devices"_s << u"class"_s;
    QTest::newRow("models: id, name, family") << u"models"_s << u"models"_s << u"family"_s;
}

void TestEstimateCli::listMatchesShippedCatalog()
{
    QFETCH(QString, what);
    QFETCH(QString, catalogKey);
    QFETCH(QString, thirdField);
    const json catalog = readJson(sourcePath(QStringLiteral("catalogs/%1.json").arg(catalogKey)));
    QVERIFY(catalog.is_object() && catalog.contains(catalogKey.toStdString()));
    QHash<QString, QPair<QString, QString>> expected;
    for (const auto& entry : catalog[catalogKey.toStdString()])
        expected.insert(QString::fromStdString(entry["id"].get<std::string>()),
                        {QString::fromStdString(entry["name"].get<std::string>()),
                         QString::fromStdString(entry[thirdField.toStdString()].get<std::string>())});
    QVERIFY(expected.size() >= 10);

    const QStringList args{u"--list"_s, what};
    const RunResult r = run(args);
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == 0,
             describe(args, r).constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), expected.size());
    const QSet<QString> classes{u"cpu"_s, u"gpu"_s, u"npu"_s, u"tpu"_s};
    QSet<QString> seen;
    for (const QString& line : lines) {
        const QStringList fields = line.split(QLatin1Char('\t'));
        QVERIFY2(fields.size() == 3, qPrintable(line));
        for (const QString& field : fields)
            QVERIFY2(!field.trimmed().isEmpty(), qPrintable(line));
        QVERIFY2(!seen.contains(fields[0]), qPrintable(QStringLiteral("duplicate id ") + fields[0]));
        seen.insert(fields[0]);
        QVERIFY2(expected.contains(fields[0]), qPrintable(QStringLiteral("unknown id ") + fields[0]));
        QCOMPARE(fields[1], expected[fields[0]].first);
        QCOMPARE(fields[2], expected[fields[0]].second);
        if (what == QLatin1String("devices"))
            QVERIFY2(classes.contains(fields[2]), qPrintable(line));
    }
}

void TestEstimateCli::helpDocumentsTheContractFlags()
{
    const RunResult r = run({u"--help"_s});
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == 0,
             describe({u"--help"_s}, r).constData());
    const QString text = QString::fromUtf8(r.out);
    // CONTRACT.md "Command line" names these.
    for (const char* flag : {"--scenario", "--catalog", "--model-config", "--list", "--device", "--model",
                             "--batch", "--prompt-tokens", "--output-tokens", "--devices", "--mode",
                             "--format", "--method", "--lora-rank", "--lora-targets"})
        QVERIFY2(text.contains(QString::fromLatin1(flag)), flag);
}

void TestEstimateCli::scenarioFileIsRead()
{
    // Fixture: H100, llama-3.1-8b, batch 1, prompt 1024, output 128, bf16.
    const QStringList args{u"--scenario"_s, scenarioFixture(QStringLiteral("h100-llama-3.1-8b-batch1.json"))};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    QCOMPARE(str(r, "/scenario/device"), std::string("nvidia-h100-sxm"));
    QCOMPARE(str(r, "/scenario/model"), std::string("llama-3.1-8b"));
    QCOMPARE(num(r, "/scenario/batch"), 1.0);
    QCOMPARE(num(r, "/scenario/prompt_tokens"), 1024.0);
    QCOMPARE(num(r, "/scenario/output_tokens"), 128.0);
    // Weights 2 B × 8,030,261,248; KV 131,072 B/token × (1024 + 128) tokens. Exact (integers).
    VERIFY_REL("weights", num(r, "/memory/per_device/weights"), 2.0 * kLlama31_8B, 0.0);
    VERIFY_REL("kv cache", num(r, "/memory/per_device/kv_cache"), kKvLlama31_8B * 1152.0, 0.0);
}

void TestEstimateCli::flagsOverrideScenarioFields()
{
    // The file says batch 1; --batch 8 wins, every other field stays the file's.
    const QStringList args{u"--scenario"_s, scenarioFixture(QStringLiteral("h100-llama-3.1-8b-batch1.json")),
                           u"--batch"_s, u"8"_s};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    QCOMPARE(num(r, "/scenario/batch"), 8.0);
    QCOMPARE(num(r, "/scenario/prompt_tokens"), 1024.0);
    QCOMPARE(num(r, "/scenario/output_tokens"), 128.0);
    QCOMPARE(str(r, "/scenario/device"), std::string("nvidia-h100-sxm"));
    // 8 sequences of 1152 tokens at 131,072 B each (exact).
    VERIFY_REL("kv cache", num(r, "/memory/per_device/kv_cache"), kKvLlama31_8B * 1152.0 * 8.0, 0.0);

    // A string field too: --device replaces the file's device.
    const QStringList args2{u"--scenario"_s, scenarioFixture(QStringLiteral("h100-llama-3.1-8b-batch1.json")),
                            u"--device"_s, u"nvidia-rtx-4090"_s};
    QVERIFY2(runReport(args2, r, why), why.constData());
    QCOMPARE(str(r, "/scenario/device"), std::string("nvidia-rtx-4090"));
    QCOMPARE(num(r, "/scenario/batch"), 1.0);
    VERIFY_REL("RTX 4090 capacity 24 GiB", num(r, "/memory/capacity_per_device"), kRtx4090Capacity, 0.0);
}

void TestEstimateCli::fineTuningFlags()
{
    // Llama-2-7B, r = 8 on q_proj and v_proj: 32 layers x 2 modules x (4096 + 4096) x 8 = 4,194,304
    // trainable parameters, PEFT's printout for its default Llama targets.
    const QStringList args{
        u"--device"_s,       u"nvidia-rtx-4090"_s, u"--model"_s,      u"llama-2-7b"_s,  u"--mode"_s,
        u"training"_s,       u"--method"_s,        u"qlora"_s,        u"--lora-rank"_s, u"8"_s,
        u"--lora-targets"_s, u"q_proj,v_proj"_s,   u"--qlora-base"_s, u"int8"_s};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    QCOMPARE(num(r, "/model/params_trainable"), 4194304.0);
    QCOMPARE(str(r, "/scenario/training/method"), std::string("qlora"));
    QCOMPARE(str(r, "/scenario/training/lora/quantization"), std::string("int8"));
    QVERIFY(r.at(json::json_pointer("/training/methods/full/fits")).is_boolean());
    // A module the model lacks: exit 2, one line naming the field.
    const QStringList bad{u"--device"_s,       u"nvidia-rtx-4090"_s, u"--model"_s,  u"llama-2-7b"_s,
                          u"--mode"_s,         u"training"_s,        u"--method"_s, u"lora"_s,
                          u"--lora-targets"_s, u"query_key_value"_s};
    const RunResult result = run(bad);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("training.lora.targets"), result.err.constData());
}

void TestEstimateCli::servingFlagsAndContractNames()
{
    // Two H100s at 2.50 per device-hour, 700 W TDP at 0.7: cost and energy by arithmetic from the
    // report's own throughput.
    const QStringList args{u"--device"_s,         u"nvidia-h100-sxm"_s,
                           u"--model"_s,          u"llama-3.1-8b"_s,
                           u"--devices"_s,        u"2"_s,
                           u"--concurrency"_s,    u"32"_s,
                           u"--prompt-tokens"_s,  u"1000"_s,
                           u"--output-tokens"_s,  u"200"_s,
                           u"--ttft-target"_s,    u"0.5"_s,
                           u"--tpot-target"_s,    u"0.05"_s,
                           u"--price-per-hour"_s, u"2.5"_s};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    for (const char* name :
         {"/serving/output_tokens_per_second", "/serving/output_tokens_per_second_per_device",
          "/serving/ttft_seconds", "/serving/tpot_seconds", "/serving/requests_per_second",
          "/serving/max_concurrency_kv", "/serving/max_concurrency_slo", "/cost/per_million_output_tokens",
          "/energy/joules_per_output_token"})
        QVERIFY2(std::isfinite(num(r, name)), name);
    QCOMPARE(num(r, "/serving/concurrency"), 32.0);
    const double tokensPerSecond = num(r, "/serving/output_tokens_per_second");
    QVERIFY(qAbs(num(r, "/serving/output_tokens_per_second_per_device") - tokensPerSecond / 2.0) <=
            1e-9 * tokensPerSecond);
    QVERIFY(qAbs(num(r, "/energy/joules_per_output_token") - 2.0 * 490.0 / tokensPerSecond) <= 1e-9);
    QVERIFY(qAbs(num(r, "/cost/per_million_output_tokens") - 2.0 * 2.5 / 3600.0 / tokensPerSecond * 1e6) <=
            1e-9);
    QCOMPARE(num(r, "/scenario/serving/price_per_device_hour"), 2.5);
    // Training has no serving member.
    json t;
    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--mode"_s,
                        u"training"_s},
                       t, why),
             why.constData());
    QVERIFY(!t.contains("serving") && !t.contains("cost") && !t.contains("energy"));
    // Both a concurrency and a rate: exit 2 naming the field.
    const RunResult both = run({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s,
                                u"--concurrency"_s, u"4"_s, u"--request-rate"_s, u"2"_s});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("serving.request_rate_per_second"), both.err.constData());
}

// A price the ranking cannot apply is an error, not a device left unpriced without a word: an id
// that is no device (a typo, spaces kept, "id=2=3" read as id "id=2"), or a price beyond the
// scenario's own bound of a million per device-hour.
void TestEstimateCli::rankRefusesAPriceItCannotApply_data()
{
    QTest::addColumn<QString>("price");
    QTest::addColumn<QString>("needle");
    QTest::newRow("typo") << u"nvidia-h100-sxn=2.5"_s << u"\"nvidia-h100-sxn\" is not the id of a device"_s;
    QTest::newRow("spaces") << u" nvidia-h100-sxm =2.5"_s << u"\" nvidia-h100-sxm \" is not the id"_s;
    QTest::newRow("two equals signs") << u"nvidia-h100-sxm=2=3"_s << u"\"nvidia-h100-sxm=2\" is not the id"_s;
    QTest::newRow("beyond a million") << u"nvidia-h100-sxm=1e307"_s << u"expected a number from 0 to 1e+06"_s;
}

void TestEstimateCli::rankRefusesAPriceItCannotApply()
{
    QFETCH(QString, price);
    QFETCH(QString, needle);
    const RunResult r = run({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s,
                             u"--output-tokens"_s, u"200"_s, u"--rank"_s, u"--price"_s, price});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

// "q_proj,,v_proj" has an empty module name, as ["q_proj", "", "v_proj"] in a scenario file does:
// both are refused with the same message.
void TestEstimateCli::emptyLoraTargetIsRefusedAsInAFile()
{
    const QStringList base{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s,  u"llama-3.1-8b"_s,
                           u"--mode"_s,   u"training"_s,        u"--method"_s, u"lora"_s};
    const RunResult flag = run(base + QStringList{u"--lora-targets"_s, u"q_proj,,v_proj"_s});
    QTemporaryDir dir;
    const QString path = dir.filePath(u"s.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "mode": "training",
                   "training": {"method": "lora", "lora": {"targets": ["q_proj", "", "v_proj"]}}})");
    file.close();
    const RunResult fromFile = run({u"--scenario"_s, path});
    QCOMPARE(fromFile.exitCode, 2);
    QCOMPARE(flag.exitCode, 2);
    QVERIFY2(flag.err.contains("each entry must be a module name such as \"q_proj\", got \"\""),
             flag.err.constData());
    QVERIFY2(fromFile.err.contains("each entry must be a module name such as \"q_proj\", got \"\""),
             fromFile.err.constData());
}

void TestEstimateCli::rankPrintsEveryDevice()
{
    const QStringList base{
        u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--prompt-tokens"_s,
        u"1000"_s,     u"--output-tokens"_s, u"200"_s,     u"--rank"_s};
    RunResult result = run(base + QStringList{u"--price"_s, u"nvidia-h100-sxm=2.5"_s});
    QCOMPARE(result.exitCode, 0);
    const json ranking = json::parse(result.out.constData());
    QVERIFY(ranking.is_array());
    const auto devices = run({u"--list"_s, u"devices"_s}).out.trimmed().split('\n');
    QCOMPARE(static_cast<qsizetype>(ranking.size()), devices.size());
    bool priced = false;
    for (const json& row : ranking) {
        if (row["device"] == "nvidia-h100-sxm")
            priced = row["cost"]["per_million_output_tokens"].is_number();
        else if (row.contains("cost"))
            QVERIFY(row["cost"]["per_million_output_tokens"].is_null());
    }
    QVERIFY(priced);
    // Fitting devices first.
    bool spillSeen = false;
    for (const json& row : ranking) {
        if (!row["fits"].get<bool>())
            spillSeen = true;
        else
            QVERIFY2(!spillSeen, row["device"].get<std::string>().c_str());
    }
    result = run(base + QStringList{u"--format"_s, u"table"_s});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.out.startsWith("rank "));
    QVERIFY(result.out.contains("NVIDIA H100 SXM5 80GB"));
    QCOMPARE(run(base + QStringList{u"--price"_s, u"h100"_s}).exitCode, 2);
    QCOMPARE(run(base + QStringList{u"--mode"_s, u"training"_s}).exitCode, 2);
    const RunResult priceAlone =
        run({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--price"_s, u"a=1"_s});
    QCOMPARE(priceAlone.exitCode, 2);
}

void TestEstimateCli::scenarioModelConfigPathIsResolvedRelativeToFile()
{
    // "model_config_path": "../hf_configs/qwen3-8b.config.json", relative to the scenario file;
    // the tool runs from another working directory.
    const QStringList args{u"--scenario"_s,
                           scenarioFixture(QStringLiteral("h100-qwen3-8b-via-config-path.json"))};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    // Qwen3-8B: 8,190,735,360 parameters (HF safetensors count; tests/fixtures/hf_configs/expected.json),
    // KV 2·36·8·128·2 = 147,456 B/token.
    VERIFY_REL("params_total", num(r, "/model/params_total"), 8'190'735'360.0, 0.005);
    VERIFY_REL("kv bytes/token", num(r, "/model/kv_cache_bytes_per_token"), 2.0 * 36 * 8 * 128 * 2, 0.0);
}

void TestEstimateCli::modelFlagOverridesModelConfigPathOfFile()
{
    // "Flags override the scenario file's fields": --model on a file that names its model by
    // model_config_path must evaluate the catalog model.
    const QStringList args{u"--scenario"_s,
                           scenarioFixture(QStringLiteral("h100-qwen3-8b-via-config-path.json")),
                           u"--model"_s, u"llama-3.1-8b"_s};
    const RunResult r = run(args);
    QVERIFY2(r.finished && r.exitCode == 0, describe(args, r).constData());
    const json report = json::parse(r.out.toStdString(), nullptr, false);
    VERIFY_REL("params_total (Llama 3.1 8B)", num(report, "/model/params_total"), kLlama31_8B, 0.0);
}

void TestEstimateCli::numericLookingIdFromFlagIsStillAnId()
{
    // A user catalog may use any string id, e.g. "4090". --device 4090 must find it, exactly
    // as {"device": "4090"} in a scenario file does.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString catalogPath = dir.filePath(QStringLiteral("numeric-id.json"));
    {
        QFile file(catalogPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"devices": [{"id": "4090", "name": "Numeric id GPU", "vendor": "Test", "class": "gpu",
                       "memory_bytes": 25769803776, "memory_bandwidth": 1008000000000,
                       "peak_flops": {"bf16": 165200000000000}}]})");
    }
    const QString scenarioPath = dir.filePath(QStringLiteral("numeric-id-scenario.json"));
    {
        QFile file(scenarioPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"device": "4090", "model": "llama-3.1-8b"})");
    }
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--catalog"_s, catalogPath, u"--scenario"_s, scenarioPath}, r, why),
             why.constData());
    QCOMPARE(str(r, "/scenario/device"), std::string("4090"));

    const QStringList args{u"--catalog"_s, catalogPath,  u"--device"_s,
                           u"4090"_s,      u"--model"_s, u"llama-3.1-8b"_s};
    const RunResult flag = run(args);
    QVERIFY2(flag.finished && flag.exitCode == 0, describe(args, flag).constData());
}

void TestEstimateCli::userCatalogFolderFollowsTheEnvironment()
{
    // The isolation this suite relies on: the user catalog folder is
    // $XDG_DATA_HOME/llm-hw-explorer/catalogs (QStandardPaths AppDataLocation, CONTRACT "Catalogs").
    // A device placed there by a second environment shows up; in the suite's environment it does not.
    QTemporaryDir other;
    QVERIFY(other.isValid());
    const QString folder = other.filePath(QStringLiteral("data/llm-hw-explorer/catalogs"));
    QVERIFY(QDir().mkpath(folder));
    QFile file(QDir(folder).filePath(QStringLiteral("extra.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"devices": [{"id": "isolation-probe-gpu", "name": "Isolation probe", "vendor": "Test",
                   "class": "gpu", "memory_bytes": 1e10, "memory_bandwidth": 1e12, "peak_flops": {"bf16": 1e14}}]})");
    file.close();

    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("XDG_DATA_HOME"), other.filePath(QStringLiteral("data")));
    const RunResult withUser = runTool({u"--list"_s, u"devices"_s}, env);
    QVERIFY2(withUser.exitCode == 0, describe({u"--list"_s, u"devices"_s}, withUser).constData());
    QVERIFY2(withUser.out.contains("isolation-probe-gpu\tIsolation probe\tgpu"), withUser.out.constData());

    const RunResult isolated = run({u"--list"_s, u"devices"_s});
    QVERIFY2(isolated.exitCode == 0, describe({u"--list"_s, u"devices"_s}, isolated).constData());
    QVERIFY(!isolated.out.contains("isolation-probe-gpu"));
}

// ---------------------------------------------------------------------------------------------
// 2. Contract figures

void TestEstimateCli::kvCacheBytesPerTokenOpt13b()
{
    // vLLM paper (Kwon et al. 2023, §3): OPT-13B holds 2 (K, V) × 5120 hidden × 40 layers × 2 B
    // = 819,200 B ("800 KB") per token. Exact.
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"opt-13b"_s}, r, why),
             why.constData());
    VERIFY_REL("OPT-13B kv bytes/token", num(r, "/model/kv_cache_bytes_per_token"), 2.0 * 5120 * 40 * 2, 0.0);
    QCOMPARE(num(r, "/model/kv_cache_bytes_per_token"), 819200.0);
}

void TestEstimateCli::rooflineRidgeH100()
{
    // NVIDIA H100 SXM datasheet: 989.4 TFLOP/s dense BF16 (1,979 with sparsity), 3.35 TB/s HBM3.
    // Ridge = 989.4e12 / 3.35e12 = 295.34 FLOP/B. Tolerance 0.5 %.
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s, u"--compute"_s,
                        u"bf16"_s},
                       r, why),
             why.constData());
    VERIFY_REL("peak_flops", num(r, "/roofline/peak_flops"), 989.4e12, 0.005);
    VERIFY_REL("memory_bandwidth", num(r, "/roofline/memory_bandwidth"), 3.35e12, 0.005);
    VERIFY_REL("ridge_intensity", num(r, "/roofline/ridge_intensity"), 989.4e12 / 3.35e12, 0.005);
    VERIFY_REL("ridge_intensity 295.3", num(r, "/roofline/ridge_intensity"), 295.3, 0.005);
}

void TestEstimateCli::zeroModelStates_data()
{
    // ZeRO (Rajbhandari et al. 2020, §3.1 and Fig. 1): mixed-precision Adam keeps 2Ψ weights +
    // 2Ψ gradients + 12Ψ optimizer states (K = 12); with N_d = 64 data-parallel GPUs
    //   stage 0: 16Ψ, stage 1 (P_os): 4Ψ + 12Ψ/64, stage 2 (P_os+g): 2Ψ + 14Ψ/64,
    //   stage 3 (P_os+g+p): 16Ψ/64;  for Ψ = 7.5 B: 120, 31.4, 16.6, 1.9 GB.
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("weightsPerParam");
    QTest::addColumn<double>("gradientsPerParam");
    QTest::addColumn<double>("optimizerPerParam");
    QTest::addColumn<double>("paperGB");
    QTest::addColumn<double>("paperRounding"); // half a unit of the figure's last printed digit, GB
    QTest::newRow("stage 0 baseline: 16Ψ, paper 120 GB") << 0 << 2.0 << 2.0 << 12.0 << 120.0 << 0.5;
    QTest::newRow("stage 1 P_os: 4Ψ+12Ψ/64, paper 31.4 GB") << 1 << 2.0 << 2.0 << 12.0 / 64 << 31.4 << 0.05;
    QTest::newRow("stage 2 P_os+g: 2Ψ+14Ψ/64, paper 16.6 GB")
        << 2 << 2.0 << 2.0 / 64 << 12.0 / 64 << 16.6 << 0.05;
    QTest::newRow("stage 3 P_os+g+p: 16Ψ/64, paper 1.9 GB")
        << 3 << 2.0 / 64 << 2.0 / 64 << 12.0 / 64 << 1.9 << 0.05;
}

void TestEstimateCli::zeroModelStates()
{
    QFETCH(int, stage);
    QFETCH(double, weightsPerParam);
    QFETCH(double, gradientsPerParam);
    QFETCH(double, optimizerPerParam);
    QFETCH(double, paperGB);
    QFETCH(double, paperRounding);
    const QStringList args{
        u"--model-config"_s,  scenarioFixture(QStringLiteral("gpt2-style-7.5b.config.json")),
        u"--device"_s,        u"nvidia-h100-sxm"_s,
        u"--mode"_s,          u"training"_s,
        u"--devices"_s,       u"64"_s,
        u"--data"_s,          u"64"_s,
        u"--tensor"_s,        u"1"_s,
        u"--pipeline"_s,      u"1"_s,
        u"--zero-stage"_s,    QString::number(stage),
        u"--batch"_s,         u"64"_s,
        u"--prompt-tokens"_s, u"1024"_s,
        u"--output-tokens"_s, u"0"_s};
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    // Ψ from the architecture arithmetic above (exact integer arithmetic in double).
    VERIFY_REL("Ψ (params_total)", num(r, "/model/params_total"), kPsiGpt2Style, 0.0);
    QCOMPARE(num(r, "/scenario/training/zero_stage"), static_cast<double>(stage));

    // Each state within 1 % of the ZeRO formula with this Ψ.
    const double weights = num(r, "/memory/per_device/weights");
    const double gradients = num(r, "/memory/per_device/gradients");
    const double optimizer = num(r, "/memory/per_device/optimizer_states");
    VERIFY_REL("weights", weights, weightsPerParam * kPsiGpt2Style, 0.01);
    VERIFY_REL("gradients", gradients, gradientsPerParam * kPsiGpt2Style, 0.01);
    VERIFY_REL("optimizer_states", optimizer, optimizerPerParam * kPsiGpt2Style, 0.01);
    const double states = weights + gradients + optimizer;
    VERIFY_REL("model states", states,
               (weightsPerParam + gradientsPerParam + optimizerPerParam) * kPsiGpt2Style, 0.01);

    // Against the paper's printed figure, scaled to its Ψ = 7.5e9. The paper rounds to one
    // decimal (16Ψ/64 = 1.875 GB is printed 1.9, 1.3 % away), so the tolerance is half a unit
    // of the printed digit: ±0.5 GB on 120 (0.4 %), ±0.05 GB on 31.4, 16.6 (<0.3 %) and 1.9.
    const double scaledGB = states * (7.5e9 / kPsiGpt2Style) / 1e9;
    QVERIFY2(std::fabs(scaledGB - paperGB) <= paperRounding,
             qPrintable(QStringLiteral("model states scaled to Ψ = 7.5e9: %1 GB, paper %2 ± %3 GB")
                            .arg(scaledGB, 0, 'g', 8)
                            .arg(paperGB)
                            .arg(paperRounding)));
}

void TestEstimateCli::trainingSequenceLengthIsTheContext()
{
    // CONTRACT: "In training, prompt_tokens is the sequence length". A 2048-token sequence on a
    // model with n_positions 2048 fits its context; inference with 2048 + 256 output does not.
    const QString config = scenarioFixture(QStringLiteral("gpt2-style-7.5b.config.json"));
    auto mentionsPositions = [](const json& report) {
        for (const auto& warning : report["warnings"])
            if (warning.get<std::string>().find("max_position_embeddings") != std::string::npos)
                return true;
        return false;
    };
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--model-config"_s, config, u"--device"_s, u"nvidia-h100-sxm"_s,
                        u"--prompt-tokens"_s, u"2048"_s, u"--output-tokens"_s, u"256"_s},
                       r, why),
             why.constData());
    QVERIFY2(mentionsPositions(r), r["warnings"].dump().c_str()); // 2304 > 2048: warned

    QVERIFY2(runReport({u"--model-config"_s, config, u"--device"_s, u"nvidia-h100-sxm"_s, u"--mode"_s,
                        u"training"_s, u"--devices"_s, u"8"_s, u"--prompt-tokens"_s, u"2048"_s, u"--batch"_s,
                        u"8"_s},
                       r, why),
             why.constData());
    QVERIFY2(!mentionsPositions(r), r["warnings"].dump().c_str());
}

void TestEstimateCli::boundVerdicts_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("phase");
    QTest::addColumn<QString>("bound");
    // H100 ridge 295 FLOP/B. Decode at batch 1 does 2 FLOP per 2-byte weight read: ~1 FLOP/B
    // ≪ 295 -> memory. Prefill of 4096 tokens reuses each weight 4096 times: ~4096 FLOP/B ≫ 295
    // -> compute.
    QTest::newRow("H100 llama-3.1-8b decode batch 1 -> memory")
        << inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 4096, 256) << u"decode"_s << u"memory"_s;
    QTest::newRow("H100 llama-3.1-8b prefill 4096 tokens -> compute")
        << inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 4096, 256) << u"prefill"_s << u"compute"_s;
    // RTX 4090 with llama-3.1-70b bf16: 141 GB of weights, 24 GiB on the card, ~117 GB beyond it:
    // 64 GiB in host RAM over PCIe 4 (31.5 GB/s) is ~2.2 s, the rest on disk at 7 GB/s ~7 s per
    // step, against ~0.03 s to read 24 GB of GDDR6X at 1 TB/s -> offload.
    QTest::newRow("RTX 4090 llama-3.1-70b bf16 decode -> offload")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-70b", 1, 2048, 256) << u"decode"_s << u"offload"_s;
    // Tensor parallel 16 on 8-GPU nodes spans two nodes: 2 all-reduces per layer × 32 layers,
    // each 2(n-1) = 30 latency-bound steps; at any per-hop latency ≥ 1 µs that is ≥ 1.9 ms,
    // while reading 16 GB / 16 GPUs at 3.35 TB/s takes ~0.3 ms -> communication.
    QTest::newRow("H100 llama-3.1-8b decode, tensor 16 across two nodes -> communication")
        << (inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 2048, 256)
            << QStringList{u"--devices"_s, u"16"_s, u"--tensor"_s, u"16"_s, u"--pipeline"_s, u"1"_s,
                           u"--data"_s, u"1"_s})
        << u"decode"_s << u"communication"_s;
}

void TestEstimateCli::boundVerdicts()
{
    QFETCH(QStringList, args);
    QFETCH(QString, phase);
    QFETCH(QString, bound);
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    const std::string p = "/" + phase.toStdString();
    QCOMPARE(QString::fromStdString(str(r, (p + "/bound").c_str())), bound);
    // The verdict is the largest term of the breakdown.
    const double term = num(r, (p + "/time_breakdown/" + bound.toStdString()).c_str());
    for (const char* other : {"compute", "memory", "communication", "offload"})
        QVERIFY2(term >= num(r, (p + "/time_breakdown/" + other).c_str()), other);
    // Roofline consistency for the compute/memory verdicts.
    if (bound == QLatin1String("memory"))
        QVERIFY(num(r, (p + "/arithmetic_intensity").c_str()) < num(r, "/roofline/ridge_intensity"));
    if (bound == QLatin1String("compute"))
        QVERIFY(num(r, (p + "/arithmetic_intensity").c_str()) > num(r, "/roofline/ridge_intensity"));
}

void TestEstimateCli::decodeIntensityIsAboutOneFlopPerByte()
{
    // Decode at batch 1, bf16: 2 FLOP per weight, 2 bytes per weight -> 1 FLOP/B (Kaplan et al.
    // 2020, 2N FLOP per token). ±10 % covers attention FLOPs and the KV read at 2k context.
    json r;
    QByteArray why;
    QVERIFY2(runReport(inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 2048, 1), r, why),
             why.constData());
    VERIFY_REL("decode intensity", num(r, "/decode/arithmetic_intensity"), 1.0, 0.10);
    QVERIFY2(runReport(inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 4096, 256), r, why),
             why.constData());
    // Prefill FLOPs (ESTIMATION §4): 2·P_matmul·s + 2·L·s²·h·d_h with P_matmul = P − V·d (the
    // input embedding is a lookup) = 8,030,261,248 − 128,256·4096 = 7,504,924,672:
    // 2·7,504,924,672·4096 + 2·32·4096²·4096 = 6.588e13 FLOP. Bytes are at least the bf16
    // weights read once, 16.06e9 B, so intensity ≤ 4102 FLOP/B; it must exceed the ridge (295).
    const double prefillFlops =
        2.0 * (kLlama31_8B - 128256.0 * 4096) * 4096 + 2.0 * 32 * 4096.0 * 4096 * 4096;
    VERIFY_REL("prefill flops", num(r, "/prefill/flops"), prefillFlops, 0.01);
    const double prefill = num(r, "/prefill/arithmetic_intensity");
    QVERIFY2(prefill > 989.4e12 / 3.35e12 && prefill <= prefillFlops / (2.0 * kLlama31_8B),
             QByteArray::number(prefill).constData());
}

void TestEstimateCli::tensorParallelAddsCommunication()
{
    json single;
    json tp8;
    QByteArray why;
    QVERIFY2(
        runReport(inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 2048, 256) << u"--devices"_s << u"1"_s,
                  single, why),
        why.constData());
    QVERIFY2(runReport(inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 2048, 256)
                           << QStringList{u"--devices"_s, u"8"_s, u"--tensor"_s, u"8"_s, u"--pipeline"_s,
                                          u"1"_s, u"--data"_s, u"1"_s},
                       tp8, why),
             why.constData());
    // One device: nothing to communicate (exact 0).
    QCOMPARE(num(single, "/decode/time_breakdown/communication"), 0.0);
    QCOMPARE(num(single, "/prefill/time_breakdown/communication"), 0.0);
    // Tensor 8 (Megatron-LM, Shoeybi et al. 2019 §3): 2 ring all-reduces per layer of b·d·2 B.
    // Bandwidth term alone, at the full NVLink 4 rate of 450 GB/s per direction:
    // 2 × 32 × 2·(8-1)/8 × 8192 B / 450e9 B/s = 2.04 µs; latency and efficiency only add.
    const double lowerBound = 2.0 * 32 * (2.0 * 7.0 / 8.0) * (4096.0 * 2.0) / 450e9;
    const double decodeComm = num(tp8, "/decode/time_breakdown/communication");
    QVERIFY2(decodeComm >= lowerBound, QByteArray::number(decodeComm).constData());
    QVERIFY(num(tp8, "/prefill/time_breakdown/communication") > 0);
    // Weights split 8 ways (ESTIMATION §2: P·B/(t·p)), exact.
    VERIFY_REL("weights per device at tensor 8", num(tp8, "/memory/per_device/weights"),
               2.0 * kLlama31_8B / 8.0, 1e-12);
    VERIFY_REL("weights per device at 1 device", num(single, "/memory/per_device/weights"), 2.0 * kLlama31_8B,
               0.0);
}

void TestEstimateCli::offloadTiers_data()
{
    // RTX 4090 tiers (constants above): none if total ≤ C = 25.77e9; host_ram if the excess
    // ≤ H = 68.72e9 (total ≤ 94.49e9); disk if the excess ≤ H + 4000e9 (total ≤ 4094.49e9);
    // otherwise does_not_fit. Weights = params × bytes; KV = bytes/token × batch × (prompt+output).
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("kvCache");
    QTest::addColumn<double>("activationAllowance"); // transient activations stay below this
    QTest::addColumn<QString>("tier");
    // 16.06e9 + 2.42e9 + 1.07e9 overhead ≈ 19.6e9 (+ < 1e9 activations) ≤ 25.77e9.
    QTest::newRow("llama-3.1-8b b4 4096+512 -> none")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-8b", 4, 4096, 512) << 2.0 * kLlama31_8B
        << kKvLlama31_8B * 4 * 4608 << 1e9 << u"none"_s;
    // 16.06e9 + 38.65e9 + 1.07e9 ≈ 55.8e9 (+ < 2e9): in (25.77e9, 94.49e9].
    QTest::newRow("llama-3.1-8b b64 4096+512 -> host_ram")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-8b", 64, 4096, 512) << 2.0 * kLlama31_8B
        << kKvLlama31_8B * 64 * 4608 << 2e9 << u"host_ram"_s;
    // 16.06e9 + 154.6e9 + 1.07e9 ≈ 171.7e9 (+ < 2e9): in (94.49e9, 4094.49e9].
    QTest::newRow("llama-3.1-8b b256 4096+512 -> disk")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-8b", 256, 4096, 512) << 2.0 * kLlama31_8B
        << kKvLlama31_8B * 256 * 4608 << 2e9 << u"disk"_s;
    // KV alone 131,072 × 8192 × 4608 = 4947.8e9 > 4094.49e9.
    QTest::newRow("llama-3.1-8b b8192 4096+512 -> does_not_fit")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-8b", 8192, 4096, 512) << 2.0 * kLlama31_8B
        << kKvLlama31_8B * 8192 * 4608 << 6e9 << u"does_not_fit"_s;
    // Q4_K_M at 4.85 bits per weight (ESTIMATION §2): 70.55e9 × 4.85 / 8 = 42.77e9, + 0.75e9 KV
    // + 1.07e9 ≈ 44.6e9: in (25.77e9, 94.49e9].
    QTest::newRow("llama-3.1-70b q4_k_m b1 2048+256 -> host_ram")
        << (inferenceArgs("nvidia-rtx-4090", "llama-3.1-70b", 1, 2048, 256) << u"--weights"_s << u"q4_k_m"_s)
        << kLlama31_70B * 4.85 / 8.0 << kKvLlama31_70B * 2304 << 1e9 << u"host_ram"_s;
    // bf16: 141.1e9 + 0.75e9 + 1.07e9 ≈ 142.9e9: beyond host RAM, in (94.49e9, 4094.49e9].
    QTest::newRow("llama-3.1-70b bf16 b1 2048+256 -> disk")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-70b", 1, 2048, 256) << 2.0 * kLlama31_70B
        << kKvLlama31_70B * 2304 << 1e9 << u"disk"_s;
    // 811.7e9 weights + 516,096 × 64 × 131,072 = 4329.3e9 KV ≈ 5141e9 > 4094.49e9.
    QTest::newRow("llama-3.1-405b bf16 b64 131072+0 -> does_not_fit")
        << inferenceArgs("nvidia-rtx-4090", "llama-3.1-405b", 64, 131072, 0) << 2.0 * kLlama31_405B
        << kKvLlama31_405B * 64 * 131072 << 4e9 << u"does_not_fit"_s;
}

void TestEstimateCli::offloadTiers()
{
    QFETCH(QStringList, args);
    QFETCH(double, weights);
    QFETCH(double, kvCache);
    QFETCH(double, activationAllowance);
    QFETCH(QString, tier);
    // The row's arithmetic really puts it in that tier, whatever the activations within the allowance.
    const double lower = weights + kvCache + kAcceleratorOverhead;
    QCOMPARE(tierFor(lower, kRtx4090Capacity, kRtx4090Host, kDefaultDisk), tier);
    QCOMPARE(tierFor(lower + activationAllowance, kRtx4090Capacity, kRtx4090Host, kDefaultDisk), tier);

    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    VERIFY_REL("weights", num(r, "/memory/per_device/weights"), weights, 1e-9);
    VERIFY_REL("kv_cache", num(r, "/memory/per_device/kv_cache"), kvCache, 1e-9);
    VERIFY_REL("runtime_context", num(r, "/memory/per_device/runtime_context"), kAcceleratorOverhead, 1e-9);
    // One device: no NCCL buffers; the allocator keeps 5 % of the activations in reserve.
    VERIFY_REL("communication_buffers", num(r, "/memory/per_device/communication_buffers") + 1, 1.0, 0.0);
    VERIFY_REL("allocator_reserve", num(r, "/memory/per_device/allocator_reserve"),
               0.05 * num(r, "/memory/per_device/activations"), 1e-9);
    VERIFY_REL("overhead", num(r, "/memory/per_device/overhead"),
               kAcceleratorOverhead + 0.05 * num(r, "/memory/per_device/activations"), 1e-9);
    VERIFY_REL("capacity", num(r, "/memory/capacity_per_device"), kRtx4090Capacity, 0.0);
    const double activations = num(r, "/memory/per_device/activations");
    QVERIFY2(activations > 0 && activations <= activationAllowance,
             QByteArray::number(activations).constData());
    QCOMPARE(QString::fromStdString(str(r, "/memory/offload_tier")), tier);
    const double total = num(r, "/memory/per_device/total");
    if (tier == QLatin1String("none")) {
        QCOMPARE(r["memory"]["fits"].get<bool>(), true);
        QCOMPARE(num(r, "/memory/offloaded_bytes"), 0.0);
    } else {
        QCOMPARE(r["memory"]["fits"].get<bool>(), false);
        VERIFY_REL("offloaded = total - capacity", num(r, "/memory/offloaded_bytes"),
                   total - kRtx4090Capacity, 1e-12);
    }
}

void TestEstimateCli::largerBatchNeverLowersMemory_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QList<int>>("batches");
    const QList<int> batches{1, 2, 3, 8, 16, 64, 256, 1024, 100000};
    QTest::newRow("RTX 4090 llama-3.1-8b, 1 device")
        << QStringList{u"--device"_s,     u"nvidia-rtx-4090"_s, u"--model"_s,
                       u"llama-3.1-8b"_s, u"--prompt-tokens"_s, u"4096"_s}
        << batches;
    QTest::newRow("H100 llama-3.1-70b, tensor 8") << QStringList{u"--device"_s,   u"nvidia-h100-sxm"_s,
                                                                 u"--model"_s,    u"llama-3.1-70b"_s,
                                                                 u"--devices"_s,  u"8"_s,
                                                                 u"--tensor"_s,   u"8"_s,
                                                                 u"--pipeline"_s, u"1"_s,
                                                                 u"--data"_s,     u"1"_s}
                                                  << batches;
    QTest::newRow("H100 mixtral-8x7b, data 2 x expert 4")
        << QStringList{u"--device"_s,   u"nvidia-h100-sxm"_s,
                       u"--model"_s,    u"mixtral-8x7b"_s,
                       u"--devices"_s,  u"8"_s,
                       u"--tensor"_s,   u"1"_s,
                       u"--pipeline"_s, u"1"_s,
                       u"--data"_s,     u"2"_s,
                       u"--expert"_s,   u"4"_s}
        << batches;
    QTest::newRow("H100 llama-3.1-70b, 16 devices, tool's own split")
        << QStringList{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-70b"_s, u"--devices"_s,
                       u"16"_s,       u"--prompt-tokens"_s, u"8192"_s}
        << batches;
    QTest::newRow("H100 llama-3.1-8b training, data 8, ZeRO 1")
        << QStringList{u"--device"_s,     u"nvidia-h100-sxm"_s,
                       u"--model"_s,      u"llama-3.1-8b"_s,
                       u"--mode"_s,       u"training"_s,
                       u"--devices"_s,    u"8"_s,
                       u"--tensor"_s,     u"1"_s,
                       u"--pipeline"_s,   u"1"_s,
                       u"--data"_s,       u"8"_s,
                       u"--zero-stage"_s, u"1"_s}
        << QList<int>{1, 8, 16, 64, 512, 4096};
}

void TestEstimateCli::largerBatchNeverLowersMemory()
{
    QFETCH(QStringList, args);
    QFETCH(QList<int>, batches);
    double previous = 0;
    for (const int batch : batches) {
        json r;
        QByteArray why;
        QVERIFY2(runReport(QStringList(args) << u"--batch"_s << QString::number(batch), r, why),
                 why.constData());
        const double total = num(r, "/memory/per_device/total");
        QVERIFY2(total >= previous, qPrintable(QStringLiteral("batch %1: total %2 < %3 at the smaller batch")
                                                   .arg(batch)
                                                   .arg(total, 0, 'g', 17)
                                                   .arg(previous, 0, 'g', 17)));
        previous = total;
    }
}

void TestEstimateCli::fp8HalvesWeightBytes()
{
    json bf16;
    json fp8;
    QByteArray why;
    const QStringList base = inferenceArgs("nvidia-h100-sxm", "llama-3.1-8b", 1, 2048, 256);
    QVERIFY2(runReport(QStringList(base) << u"--weights"_s << u"bf16"_s, bf16, why), why.constData());
    QVERIFY2(runReport(QStringList(base) << u"--weights"_s << u"fp8"_s, fp8, why), why.constData());
    // 2 B vs 1 B per weight: 16,060,522,496 B vs 8,030,261,248 B (exact), ratio 0.5.
    VERIFY_REL("bf16 weights", num(bf16, "/memory/per_device/weights"), 2.0 * kLlama31_8B, 0.0);
    VERIFY_REL("fp8 weights", num(fp8, "/memory/per_device/weights"), kLlama31_8B, 0.0);
    VERIFY_REL("fp8 / bf16", num(fp8, "/memory/per_device/weights") / num(bf16, "/memory/per_device/weights"),
               0.5, 1e-12);
    // Decode reads every weight: fewer bytes per step with fp8.
    QVERIFY(num(fp8, "/decode/bytes") < num(bf16, "/decode/bytes"));
}

void TestEstimateCli::hfConfigParameterCounts_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<double>("paramsTotal");
    QTest::addColumn<double>("kvBytesPerToken");
    // tests/fixtures/hf_configs/expected.json: published counts (HF safetensors / model cards)
    // and KV arithmetic, one row per config.json fixture.
    const json expected = readJson(sourcePath(QStringLiteral("tests/fixtures/hf_configs/expected.json")));
    QVERIFY(expected.is_object() && expected.size() >= 5);
    QVERIFY(expected.contains("qwen3-8b.config.json"));
    for (const auto& [file, entry] : expected.items()) {
        if (entry.contains("tested_in") || !entry.contains("params_total"))
            continue; // refused or checked layer by layer in tst_current_models
        const QByteArray name =
            QByteArray::fromStdString(file + " (" + entry.value("source", std::string()).substr(0, 60) + ")");
        QTest::newRow(name.constData()) << QString::fromStdString(file) << entry["params_total"].get<double>()
                                        << entry["kv_cache_bytes_per_token_bf16"].get<double>();
    }
}

void TestEstimateCli::hfConfigParameterCounts()
{
    QFETCH(QString, config);
    QFETCH(double, paramsTotal);
    QFETCH(double, kvBytesPerToken);
    json r;
    QByteArray why;
    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model-config"_s,
                        sourcePath(QStringLiteral("tests/fixtures/hf_configs/") + config), u"--kv-cache"_s,
                        u"bf16"_s},
                       r, why),
             why.constData());
    VERIFY_REL("params_total (0.5 %)", num(r, "/model/params_total"), paramsTotal, 0.005);
    VERIFY_REL("kv_cache_bytes_per_token (exact)", num(r, "/model/kv_cache_bytes_per_token"), kvBytesPerToken,
               0.0);
    QVERIFY(num(r, "/model/params_active") <= num(r, "/model/params_total"));
}

// The per-layer reading through the console tool: gpt-oss-120b served as its MXFP4 checkpoint
// fits one H100 (OpenAI model card: 60.8 GiB checkpoint, "fits into a single 80GB GPU"); its KV
// cache at 32,768 + 1,024 tokens is (18 full layers x 33,792 + 18 sliding layers x 128 tokens)
// x 2 x 8 KV heads x 64 x 2 B = (608,256 + 2,304) x 2,048 = 1,250,426,880 B; full-length KV on the windowed
// layers doubles the full part: 36 x 33,792 x 2,048 = 2,491,416,576 B. An unknown family is marked
// approximate in the report; an encoder is refused with exit 2.
void TestEstimateCli::currentModelsEndToEnd()
{
    json r;
    QByteArray why;
    const QStringList gptOss{
        u"--device"_s,        u"nvidia-h100-sxm"_s, u"--model"_s,         u"gpt-oss-120b"_s,
        u"--prompt-tokens"_s, u"32768"_s,           u"--output-tokens"_s, u"1024"_s};
    QVERIFY2(runReport(gptOss, r, why), why.constData());
    QCOMPARE(r["scenario"]["precision"]["weights"].get<std::string>(), std::string("checkpoint"));
    QVERIFY(r["memory"]["fits"].get<bool>());
    VERIFY_REL("kv_cache", num(r, "/memory/per_device/kv_cache"), 1'250'426'880.0, 1e-12);
    VERIFY_REL("checkpoint (60.8 GiB)", num(r, "/model/checkpoint/bytes"), 60.8 * 1073741824.0, 0.03);
    QCOMPARE(r["model"]["layers"]["sliding_window"].get<int>(), 18);
    QVERIFY(!r["model"]["approximate"].get<bool>());

    QVERIFY2(runReport(gptOss + QStringList{u"--full-length-kv"_s, u"true"_s}, r, why), why.constData());
    VERIFY_REL("kv_cache full length", num(r, "/memory/per_device/kv_cache"), 2'491'416'576.0, 1e-12);

    QVERIFY2(runReport({u"--device"_s, u"nvidia-h100-sxm"_s, u"--model-config"_s,
                        sourcePath(QStringLiteral("tests/fixtures/hf_configs/unknown-family.config.json"))},
                       r, why),
             why.constData());
    QVERIFY(r["model"]["approximate"].get<bool>());
    QVERIFY(r["model"]["approximations"][0].get<std::string>().find("unknown_family") != std::string::npos);
    QCOMPARE(r["model_name"].get<std::string>(), std::string("unknown-family"));

    QProcess process;
    process.setProcessEnvironment(m_env);
    process.start(QStringLiteral(LHE_ESTIMATE_EXE),
                  {u"--device"_s, u"nvidia-h100-sxm"_s, u"--model-config"_s,
                   sourcePath(QStringLiteral("tests/fixtures/hf_configs/bert-base-uncased.config.json"))});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(process.readAllStandardError().contains("encoder-only"));
}

// ---------------------------------------------------------------------------------------------
// 3. Bad input: exit 2, exactly one line on stderr naming the field, nothing on stdout.

void TestEstimateCli::badInputExitsTwoWithOneLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("mustContain"); // the field, then allowed values or details

    const QStringList h100{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s};
    auto flags = [&](std::initializer_list<QString> more) {
        QStringList args = h100;
        for (const QString& arg : more)
            args << arg;
        return args;
    };
    auto file = [](const char* name) {
        return QStringList{u"--scenario"_s, badInput(QString::fromLatin1(name))};
    };

    // Malformed JSON: the second comma of ",," is the unexpected byte; nlohmann counts bytes
    // from 1, so the position is index(",,") + 2 (0-based index of the second comma, plus one).
    QFile malformed(badInput(QStringLiteral("malformed-json-double-comma.json")));
    QVERIFY(malformed.open(QIODevice::ReadOnly));
    const qsizetype doubleComma = malformed.readAll().indexOf(",,");
    QVERIFY(doubleComma > 0);
    const QString bytePosition = QStringLiteral("byte %1").arg(doubleComma + 2);

    QTest::newRow("unknown device id")
        << QStringList{u"--device"_s, u"nvidia-h900"_s, u"--model"_s, u"llama-3.1-8b"_s}
        << QStringList{u"device"_s, u"nvidia-h900"_s, u"--list devices"_s};
    QTest::newRow("unknown model id")
        << QStringList{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-9-1t"_s}
        << QStringList{u"model"_s, u"llama-9-1t"_s, u"--list models"_s};
    QTest::newRow("malformed JSON scenario (file)")
        << file("malformed-json-double-comma.json")
        << QStringList{u"malformed-json-double-comma.json"_s, bytePosition};
    // Found by tests/fuzz/fuzz_catalog: 4e4444 overflows a double; nlohmann reports it as
    // out_of_range, not parse_error, and it escaped as an internal error before.
    QTest::newRow("number overflow 4e4444 (file)")
        << file("number-overflow.json") << QStringList{u"number-overflow.json"_s, u"JSON"_s};
    QTest::newRow("scenario is a JSON array (file)")
        << file("scenario-is-array.json")
        << QStringList{u"scenario-is-array.json"_s, u"scenario"_s, u"object"_s};
    QTest::newRow("missing device (file)")
        << file("missing-device.json") << QStringList{u"device"_s, u"missing"_s};
    QTest::newRow("batch as string \"8\" (file)")
        << file("batch-is-string.json") << QStringList{u"batch"_s, u"string"_s};
    QTest::newRow("batch 0") << flags({u"--batch"_s, u"0"_s}) << QStringList{u"batch"_s, u"1"_s};
    QTest::newRow("batch -4") << flags({u"--batch"_s, u"-4"_s}) << QStringList{u"batch"_s, u"-4"_s};
    QTest::newRow("batch 2.5") << flags({u"--batch"_s, u"2.5"_s}) << QStringList{u"batch"_s, u"integer"_s};
    QTest::newRow("devices 0") << flags({u"--devices"_s, u"0"_s}) << QStringList{u"devices"_s};
    QTest::newRow("output_tokens -1")
        << flags({u"--output-tokens"_s, u"-1"_s}) << QStringList{u"output_tokens"_s};
    QTest::newRow("prompt_tokens 0") << flags({u"--prompt-tokens"_s, u"0"_s})
                                     << QStringList{u"prompt_tokens"_s};
    QTest::newRow("tensor 4 x pipeline 1 x data 1 != devices 8 (flags)")
        << flags(
               {u"--devices"_s, u"8"_s, u"--tensor"_s, u"4"_s, u"--pipeline"_s, u"1"_s, u"--data"_s, u"1"_s})
        << QStringList{u"parallelism"_s, u"8"_s};
    QTest::newRow("tensor 4 x pipeline 1 x data 1 != devices 8 (file)")
        << file("parallelism-product-not-devices.json") << QStringList{u"parallelism"_s, u"8"_s};
    QTest::newRow("tensor 3 does not divide 32 heads")
        << flags({u"--devices"_s, u"3"_s, u"--tensor"_s, u"3"_s})
        << QStringList{u"parallelism.tensor"_s, u"32"_s};
    QTest::newRow("unknown precision bf17")
        << flags({u"--weights"_s, u"bf17"_s})
        << QStringList{u"precision.weights"_s, u"bf17"_s, u"bf16"_s, u"q4_k_m"_s};
    QTest::newRow("weight-only q4_k_m for kv_cache (flag)")
        << flags({u"--kv-cache"_s, u"q4_k_m"_s}) << QStringList{u"precision.kv_cache"_s, u"bf16"_s, u"fp8"_s};
    QTest::newRow("weight-only q4_k_m for kv_cache (file)")
        << file("kv-cache-weight-only-precision.json") << QStringList{u"precision.kv_cache"_s, u"bf16"_s};
    QTest::newRow("zero_stage 4 (flag)") << flags({u"--mode"_s, u"training"_s, u"--zero-stage"_s, u"4"_s})
                                         << QStringList{u"training.zero_stage"_s, u"3"_s};
    QTest::newRow("zero_stage 4 (file)")
        << file("zero-stage-4.json") << QStringList{u"training.zero_stage"_s, u"3"_s};
    QTest::newRow("unknown mode serving")
        << flags({u"--mode"_s, u"serving"_s})
        << QStringList{u"mode"_s, u"serving"_s, u"inference"_s, u"training"_s};
    QTest::newRow("--list something")
        << QStringList{u"--list"_s, u"something"_s} << QStringList{u"--list"_s, u"devices"_s, u"models"_s};
    QTest::newRow("--format xml") << (QStringList(h100) << u"--format"_s << u"xml"_s)
                                  << QStringList{u"--format"_s, u"json"_s, u"table"_s};
    const QString missing = badInput(QStringLiteral("this-file-does-not-exist.json"));
    QTest::newRow("nonexistent --scenario file")
        << QStringList{u"--scenario"_s, missing}
        << QStringList{u"this-file-does-not-exist.json"_s, u"not found"_s};
    QTest::newRow("--model-config malformed JSON (file)")
        << QStringList{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model-config"_s,
                       badInput(QStringLiteral("model-config-malformed.config.json"))}
        << QStringList{u"model-config-malformed.config.json"_s, u"byte"_s};
    QTest::newRow("--model-config missing hidden_size (file)")
        << QStringList{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model-config"_s,
                       badInput(QStringLiteral("model-config-missing-hidden-size.config.json"))}
        << QStringList{u"hidden_size"_s};
    QTest::newRow("efficiency.compute 1.5")
        << flags({u"--efficiency-compute"_s, u"1.5"_s}) << QStringList{u"efficiency.compute"_s, u"1.5"_s};
    QTest::newRow("unknown --recompute value")
        << flags({u"--mode"_s, u"training"_s, u"--recompute"_s, u"partial"_s})
        << QStringList{u"training.recompute"_s, u"none"_s, u"selective"_s, u"full"_s};
    QTest::newRow("unknown option --bogus") << flags({u"--bogus"_s}) << QStringList{u"bogus"_s};
    QTest::newRow("flag without value --batch") << flags({u"--batch"_s}) << QStringList{u"batch"_s};
    QTest::newRow("stray positional argument")
        << flags({u"scenario.json"_s}) << QStringList{u"scenario.json"_s};
}

void TestEstimateCli::badInputExitsTwoWithOneLine()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, mustContain);
    const RunResult r = run(args);
    const QByteArray context = describe(args, r);
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit, context.constData());
    QVERIFY2(r.exitCode == 2, context.constData());
    QVERIFY2(r.out.isEmpty(), context.constData());
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, context.constData());
    const QString line = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(line.size() > 15, context.constData());
    for (const QString& needle : mustContain)
        QVERIFY2(line.contains(needle), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(needle, line)));
}

// ---------------------------------------------------------------------------------------------
// 4. Never NaN

void TestEstimateCli::extremeScenariosStayFinite_data()
{
    QTest::addColumn<QStringList>("args");
    const QStringList h100{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s};
    QTest::newRow("batch 1e6") << (QStringList(h100) << u"--batch"_s << u"1000000"_s);
    QTest::newRow("prompt_tokens 1e7") << (QStringList(h100) << u"--prompt-tokens"_s << u"10000000"_s);
    QTest::newRow("prompt_tokens 1e7 without flash attention")
        << (QStringList(h100) << u"--prompt-tokens"_s << u"10000000"_s << u"--flash-attention"_s
                              << u"false"_s);
    QTest::newRow("devices 4096, tool's own split") << (QStringList(h100) << u"--devices"_s << u"4096"_s);
    QTest::newRow("output_tokens 0 (prefill only)") << (QStringList(h100) << u"--output-tokens"_s << u"0"_s);
    QTest::newRow("prompt 1, output 0")
        << (QStringList(h100) << u"--prompt-tokens"_s << u"1"_s << u"--output-tokens"_s << u"0"_s);
    QTest::newRow("every count at its maximum 1e9")
        << (QStringList(h100) << u"--batch"_s << u"1000000000"_s << u"--prompt-tokens"_s << u"1000000000"_s
                              << u"--output-tokens"_s << u"1000000000"_s);
    QTest::newRow("llama-3.1-405b on 1e7 devices")
        << QStringList{u"--device"_s,       u"nvidia-h100-sxm"_s, u"--model"_s,
                       u"llama-3.1-405b"_s, u"--devices"_s,       u"10000000"_s};
    QTest::newRow("deepseek-v3 MoE, 4096 devices, batch 1e6")
        << QStringList{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"deepseek-v3"_s, u"--devices"_s,
                       u"4096"_s,     u"--batch"_s,         u"1000000"_s};
    QTest::newRow("mixtral expert 8, batch 1") << QStringList{u"--device"_s,   u"nvidia-h100-sxm"_s,
                                                              u"--model"_s,    u"mixtral-8x7b"_s,
                                                              u"--devices"_s,  u"8"_s,
                                                              u"--tensor"_s,   u"1"_s,
                                                              u"--pipeline"_s, u"1"_s,
                                                              u"--data"_s,     u"1"_s,
                                                              u"--expert"_s,   u"8"_s,
                                                              u"--batch"_s,    u"1"_s};
    QTest::newRow("training, 4096 devices, batch 1e6, sequence 1e6")
        << (QStringList(h100) << u"--mode"_s << u"training"_s << u"--devices"_s << u"4096"_s << u"--batch"_s
                              << u"1000000"_s << u"--prompt-tokens"_s << u"1000000"_s);
    QTest::newRow("training, full recompute, ZeRO 3, fp32")
        << (QStringList(h100) << u"--mode"_s << u"training"_s << u"--devices"_s << u"64"_s
                              << u"--zero-stage"_s << u"3"_s << u"--recompute"_s << u"full"_s
                              << u"--weights"_s << u"fp32"_s << u"--compute"_s << u"fp32"_s << u"--batch"_s
                              << u"1"_s);
    QTest::newRow("training, pipeline 32 with batch 1")
        << (QStringList(h100) << u"--mode"_s << u"training"_s << u"--devices"_s << u"32"_s << u"--tensor"_s
                              << u"1"_s << u"--pipeline"_s << u"32"_s << u"--data"_s << u"1"_s << u"--batch"_s
                              << u"1"_s);
    QTest::newRow("CPU, 70b, batch 1e6 (no host tier)") << QStringList{
        u"--device"_s, u"amd-epyc-9654"_s, u"--model"_s, u"llama-3.1-70b"_s, u"--batch"_s, u"1000000"_s};
    QTest::newRow("Apple unified memory, 405b") << QStringList{
        u"--device"_s, u"apple-m4-max"_s, u"--model"_s, u"llama-3.1-405b"_s, u"--batch"_s, u"64"_s};
    QTest::newRow("fp4 compute on a device without fp4 (fallback)")
        << (QStringList(h100) << u"--compute"_s << u"fp4"_s << u"--weights"_s << u"fp4"_s);
    QTest::newRow("efficiencies at the 0.01 floor")
        << (QStringList(h100) << u"--efficiency-compute"_s << u"0.01"_s << u"--efficiency-memory"_s
                              << u"0.01"_s << u"--efficiency-network"_s << u"0.01"_s << u"--devices"_s
                              << u"8"_s);
}

void TestEstimateCli::extremeScenariosStayFinite()
{
    QFETCH(QStringList, args);
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData()); // exit 0, JSON, every number finite, no null
    const bool training = str(r, "/scenario/mode") == "training";
    const bool prefillOnly = !training && num(r, "/scenario/output_tokens") == 0;
    // CONTRACT.md: output_tokens 0 means prefill only, so there is no decode phase then.
    QCOMPARE(r.contains("decode"), !training && !prefillOnly);
    for (const char* pointer :
         training      ? std::vector<const char*>{"/training/step_seconds", "/training/tokens_per_second"}
         : prefillOnly ? std::vector<const char*>{"/prefill/seconds"}
                       : std::vector<const char*>{"/prefill/seconds", "/decode/seconds"}) {
        QVERIFY2(num(r, pointer) > 0, pointer);
    }
    QVERIFY(num(r, "/memory/per_device/total") > 0);
}

void TestEstimateCli::tinyEfficiencyIsRejectedOrFinite()
{
    // efficiency.compute 5e-324 lies in the documented range (0, 1]. The contract allows two
    // outcomes: a finite report (exit 0), or a rejection naming the field (exit 2). Never NaN/inf.
    for (const char* flag : {"--efficiency-compute", "--efficiency-memory"}) {
        const QStringList args{u"--device"_s,     u"nvidia-h100-sxm"_s,      u"--model"_s,
                               u"llama-3.1-8b"_s, QString::fromLatin1(flag), u"5e-324"_s};
        const RunResult r = run(args);
        QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit, describe(args, r).constData());
        const bool finiteReport =
            r.exitCode == 0 && nonFiniteMessage(json::parse(r.out.toStdString(), nullptr, false)).isEmpty();
        // "--efficiency-compute" names the field "efficiency.compute".
        const bool rejected = r.exitCode == 2 && r.err.contains(QByteArray(flag + 2).replace('-', '.'));
        QVERIFY2(finiteReport || rejected, describe(args, r).constData());
    }
}

// train_tokens at its maximum (1e16) on the smallest step (one sequence of one token) still gives
// a finite number of days; 1.7e308 overflowed it (tests/fixtures/bad_inputs).
void TestEstimateCli::trainTokensAtTheirMaximumStayFinite()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char* text :
         {R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "mode": "training", "batch": 1,
              "prompt_tokens": 1, "training": {"train_tokens": 1e16}})",
          R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-405b", "mode": "training", "batch": 1000000000,
              "prompt_tokens": 1000000000, "devices": 10000000, "training": {"train_tokens": 1e16}})"}) {
        const QString path = dir.filePath(u"train-tokens.json"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        json r;
        QByteArray why;
        QVERIFY2(runReport({u"--scenario"_s, path}, r, why), why.constData());
        QVERIFY(num(r, "/training/train_days") > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Hostile environments and inputs

// The flag help holds UTF-8 ("s²"); read as Latin-1 it printed "sÂ²".
void TestEstimateCli::helpIsUtf8()
{
    const RunResult r = run({u"--help"_s});
    QVERIFY2(r.finished && r.exitCode == 0, describe({u"--help"_s}, r).constData());
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(u"no s\u00b2 score tensors"_s), r.out.constData());
    QVERIFY2(!text.contains(QChar(0x00C2)), r.out.constData());
}

// QCoreApplication sets the C library's locale from the environment; in a German locale printf
// writes "16,06", and the table, which separates numbers by commas, became ambiguous
// ("weights 16,06, kv cache 2,42"). The locale is compiled for the test (localedef into LOCPATH)
// since build machines often have only C.UTF-8.
void TestEstimateCli::tableHasNoDecimalCommaInAGermanLocale()
{
    const QString localedef = QStandardPaths::findExecutable(u"localedef"_s);
    if (localedef.isEmpty())
        QSKIP("localedef is not installed");
    QTemporaryDir locales;
    QVERIFY(locales.isValid());
    QProcess compile;
    compile.start(localedef, {u"-i"_s, u"de_DE"_s, u"-f"_s, u"UTF-8"_s, locales.filePath(u"de_DE.UTF-8"_s)});
    if (!compile.waitForFinished(60000) || !QFileInfo::exists(locales.filePath(u"de_DE.UTF-8/LC_NUMERIC"_s)))
        QSKIP("localedef could not compile de_DE.UTF-8 (no locale sources)");
    QProcessEnvironment env = m_env;
    env.insert(u"LOCPATH"_s, locales.path());
    env.insert(u"LC_ALL"_s, u"de_DE.UTF-8"_s);
    env.insert(u"LANG"_s, u"de_DE.UTF-8"_s);
    const QStringList args{u"--format"_s,        u"table"_s,   u"--device"_s,
                           u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s};
    const RunResult r = lhe::test::runTool(args, env);
    QVERIFY2(r.finished && r.exitCode == 0, describe(args, r).constData());
    static const QRegularExpression decimalComma(u"\\d,\\d"_s);
    const QRegularExpressionMatch match = decimalComma.match(QString::fromUtf8(r.out));
    QVERIFY2(!match.hasMatch(),
             qPrintable(u"decimal comma \""_s + match.captured() + u"\" in:\n"_s + QString::fromUtf8(r.out)));
    QVERIFY(r.out.contains("16.06")); // Llama 3.1 8B bf16 weights: 8.03e9 x 2 B = 16.06 GB
}

// A -0.0 in the scenario (inside a range that starts at 0) once printed "-0.00" and "-0 µs".
void TestEstimateCli::tableNeverPrintsNegativeZero()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"negative-zero.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b",
        "overheads": {"runtime_context_bytes": -0.0, "allocator_reserve_fraction": -0.0},
        "efficiency": {"layer_latency_seconds": -0.0}})");
    file.close();
    static const QRegularExpression negativeZero(u"(?<![\\w.])-0(\\.0+)?(?![0-9.])"_s);
    for (const QString& format : {u"table"_s, u"json"_s}) {
        const QStringList args{u"--scenario"_s, path, u"--format"_s, format};
        const RunResult r = run(args);
        QVERIFY2(r.finished && r.exitCode == 0, describe(args, r).constData());
        const QRegularExpressionMatch match = negativeZero.match(QString::fromUtf8(r.out));
        QVERIFY2(!match.hasMatch(), qPrintable(u"negative zero \""_s + match.captured() + u"\" in:\n"_s +
                                               QString::fromUtf8(r.out)));
    }
}

// Global batch = micro_batch x grad_accum x data-parallel degree (Narayanan et al. 2021,
// Megatron-LM, section 2.2). A grad_accum that disagrees is an error naming the three factors;
// without grad_accum it is derived from the batch (rounded up, with a warning).
void TestEstimateCli::trainingBatchIsMicroBatchTimesAccumulationTimesData_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error"); // empty: exit 0
    QTest::addColumn<int>("microBatches");
    const QStringList h100{u"--device"_s,     u"nvidia-h100-sxm"_s, u"--model"_s,
                           u"llama-3.1-8b"_s, u"--mode"_s,          u"training"_s};
    QTest::newRow("batch 1024, grad_accum 1, 1 device: 1 sequence per step")
        << (QStringList(h100) << u"--batch"_s << u"1024"_s << u"--grad-accum"_s << u"1"_s)
        << u"training.grad_accum: no split of 1 devices has a data-parallel degree d with micro_batch 1 x "
           u"grad_accum 1 x d = batch 1024"_s
        << 0;
    QTest::newRow("batch 8, grad_accum 3: 3 sequences")
        << (QStringList(h100) << u"--batch"_s << u"8"_s << u"--grad-accum"_s << u"3"_s << u"--devices"_s
                              << u"1"_s << u"--tensor"_s << u"1"_s << u"--pipeline"_s << u"1"_s << u"--data"_s
                              << u"1"_s)
        << u"training.grad_accum: micro_batch 1 x grad_accum 3 x data-parallel degree 1 = 3 sequences, but "
           u"batch is 8"_s
        << 0;
    // 8 devices data-parallel 8, micro-batch 2, accumulation 4: 2 x 4 x 8 = 64.
    QTest::newRow("8 x data, micro 2, accum 4, batch 64")
        << (QStringList(h100) << u"--devices"_s << u"8"_s << u"--tensor"_s << u"1"_s << u"--pipeline"_s
                              << u"1"_s << u"--data"_s << u"8"_s << u"--micro-batch"_s << u"2"_s
                              << u"--grad-accum"_s << u"4"_s << u"--batch"_s << u"64"_s)
        << QString() << 4;
    QTest::newRow("same, batch 32")
        << (QStringList(h100) << u"--devices"_s << u"8"_s << u"--tensor"_s << u"1"_s << u"--pipeline"_s
                              << u"1"_s << u"--data"_s << u"8"_s << u"--micro-batch"_s << u"2"_s
                              << u"--grad-accum"_s << u"4"_s << u"--batch"_s << u"32"_s)
        << u"micro_batch 2 x grad_accum 4 x data-parallel degree 8 = 64 sequences, but batch is 32"_s << 0;
    // The automatic split may only pick data 8 (2 x 4 x 8 = 64) among 8 devices' splits.
    QTest::newRow("automatic split, micro 2, accum 4, batch 64: data 8")
        << (QStringList(h100) << u"--devices"_s << u"8"_s << u"--micro-batch"_s << u"2"_s << u"--grad-accum"_s
                              << u"4"_s << u"--batch"_s << u"64"_s)
        << QString() << 4;
    // ... and data 2 with tensor x pipeline 4 for batch 16 (2 x 4 x 2 = 16).
    QTest::newRow("automatic split, micro 2, accum 4, batch 16: data 2")
        << (QStringList(h100) << u"--devices"_s << u"8"_s << u"--micro-batch"_s << u"2"_s << u"--grad-accum"_s
                              << u"4"_s << u"--batch"_s << u"16"_s)
        << QString() << 4;
    // Without grad_accum: ceil(100 / (8 x 2)) = 7 micro-batches, a stated round-up to 112.
    QTest::newRow("derived accumulation rounds up")
        << (QStringList(h100) << u"--devices"_s << u"8"_s << u"--tensor"_s << u"1"_s << u"--pipeline"_s
                              << u"1"_s << u"--data"_s << u"8"_s << u"--micro-batch"_s << u"2"_s
                              << u"--batch"_s << u"100"_s)
        << QString() << 7;
}

void TestEstimateCli::trainingBatchIsMicroBatchTimesAccumulationTimesData()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    QFETCH(int, microBatches);
    if (!error.isEmpty()) {
        const RunResult r = run(args);
        QVERIFY2(r.finished && r.exitCode == 2 && r.out.isEmpty() && r.err.count('\n') == 1,
                 describe(args, r).constData());
        QVERIFY2(r.err.contains(error.toUtf8()), describe(args, r).constData());
        return;
    }
    json r;
    QByteArray why;
    QVERIFY2(runReport(args, r, why), why.constData());
    QCOMPARE(num(r, "/training/micro_batches"), double(microBatches));
    const double data = num(r, "/scenario/parallelism/data") * num(r, "/scenario/parallelism/expert");
    const double batch = num(r, "/scenario/batch");
    const double micro = num(r, "/scenario/training/micro_batch");
    if (args.contains(u"--grad-accum"_s))
        QCOMPARE(micro * microBatches * data, batch);
    else
        QVERIFY(micro * microBatches * data >= batch);
    QVERIFY2(num(r, "/training/mfu") > 0 && num(r, "/training/mfu") <= 1.0, why.constData());
}

// Under a file-size limit (ulimit -f) the kernel's SIGXFSZ killed the tool mid-write; ignored,
// the short write is one error line and exit 2.
void TestEstimateCli::fileSizeLimitIsAnErrorLineNotASignal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(u"report.json"_s);
    // The report is several kB; the limit is one 512-byte block.
    const QStringList args{u"-c"_s,
                           u"ulimit -f 1; exec \"$0\" \"$@\" > \"$OUT\""_s,
                           QStringLiteral(LHE_ESTIMATE_EXE),
                           u"--device"_s,
                           u"nvidia-h100-sxm"_s,
                           u"--model"_s,
                           u"llama-3.1-8b"_s};
    QProcessEnvironment env = m_env;
    env.insert(u"OUT"_s, out);
    const RunResult r = lhe::test::runProgram(u"/bin/sh"_s, args, env);
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit, describe(args, r).constData());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.count('\n') == 1 &&
                 r.err.contains("cannot write to standard output: File too large (512 of "),
             describe(args, r).constData());
}

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "tst_estimate_cli.moc"
