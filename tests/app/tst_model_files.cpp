// A model opened from its own files (app::readModelFiles): a GGUF file, a checkpoint folder of
// safetensors shards, one .safetensors file; the same through File → Open Model File… (a drop on
// the window) and `--model-file` in both programs, which must agree byte for byte.
//
// The files are written here with real headers and a sparse payload (tests/checkpoint_writers.h).
// Every expected count is the hand count written beside it.
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "checkpoint_writers.h"
#include "cli_process.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/model/tensor_architecture.h"
#include "core/scenario/scenario.h"
#include "widgets/document/scenario_document.h"

#include <QApplication>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <nlohmann/json.hpp>

using lhe::test::GgufWriter;
using lhe::test::SafetensorsEntry;
using nlohmann::json;

namespace lhe {

namespace {

// The tiny Llama of these tests: d 64, 2 layers, h 4, h_kv 2 (d_h 16), f 128, V 1000, untied.
//   embedding 64,000 + head 64,000 + 2 × (attention 12,288 + MLP 24,576 + norms 128) + 64
//   = 202,048 parameters.
constexpr double kTinyParams = 202048.0;

// ggml types (ggml.h enum ggml_type): F32 0, F16 1, Q8_0 8.
constexpr std::uint32_t kF32 = 0;
constexpr std::uint32_t kF16 = 1;
constexpr std::uint32_t kQ8_0 = 8;

// Bytes by hand: Q8_0 stores 32 weights in 34 bytes (an fp16 scale + 32 int8, ggml-common.h
// block_q8_0); F16 2 bytes; F32 4 bytes.
//   token_embd  Q8_0 64 × 1000:  64,000 / 32 × 34 =  68,000
//   output      F16  64 × 1000:  64,000 × 2       = 128,000
//   output_norm F32  64:                          =     256
//   per layer: attn_q, attn_output Q8_0 64 × 64: 128 blocks × 34 = 4,352 each
//              attn_k, attn_v      Q8_0 64 × 32:  64 blocks × 34 = 2,176 each
//              ffn_gate, ffn_up, ffn_down Q8_0 8,192: 256 × 34    = 8,704 each
//              attn_norm, ffn_norm F32 64:                          256 each
//              4,352 × 2 + 2,176 × 2 + 8,704 × 3 + 256 × 2         = 39,680
//   2 layers × 39,680 = 79,360; total 68,000 + 128,000 + 256 + 79,360 = 275,616 bytes.
constexpr double kTinyGgufBytes = 275616.0;

struct GgufTensor
{
    std::string name;
    std::vector<std::uint64_t> shape; // ne[0] first
    std::uint32_t type;
    std::uint64_t bytes;
};

std::vector<GgufTensor> tinyGgufTensors()
{
    std::vector<GgufTensor> t{{"token_embd.weight", {64, 1000}, kQ8_0, 68000},
                              {"output.weight", {64, 1000}, kF16, 128000},
                              {"output_norm.weight", {64}, kF32, 256}};
    for (int layer = 0; layer < 2; ++layer) {
        const std::string p = "blk." + std::to_string(layer) + ".";
        t.push_back({p + "attn_q.weight", {64, 64}, kQ8_0, 4352});
        t.push_back({p + "attn_k.weight", {64, 32}, kQ8_0, 2176});
        t.push_back({p + "attn_v.weight", {64, 32}, kQ8_0, 2176});
        t.push_back({p + "attn_output.weight", {64, 64}, kQ8_0, 4352});
        t.push_back({p + "ffn_gate.weight", {64, 128}, kQ8_0, 8704});
        t.push_back({p + "ffn_up.weight", {64, 128}, kQ8_0, 8704});
        t.push_back({p + "ffn_down.weight", {128, 64}, kQ8_0, 8704});
        t.push_back({p + "attn_norm.weight", {64}, kF32, 256});
        t.push_back({p + "ffn_norm.weight", {64}, kF32, 256});
    }
    return t;
}

bool writeSparse(const QString& path, const std::string& head, std::uint64_t fullBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    if (file.write(head.data(), static_cast<qint64>(head.size())) != static_cast<qint64>(head.size()))
        return false;
    return file.resize(static_cast<qint64>(fullBytes)); // the payload: a hole
}

// A GGUF file of the tiny Llama (llama.cpp's metadata keys for arch "llama").
bool writeTinyGguf(const QString& path)
{
    const std::vector<GgufTensor> tensors = tinyGgufTensors();
    GgufWriter w;
    w.header(tensors.size(), 10)
        .kvString("general.architecture", "llama")
        .kvString("general.name", "Tiny Llama")
        .kvU32("llama.block_count", 2)
        .kvU32("llama.context_length", 4096)
        .kvU32("llama.embedding_length", 64)
        .kvU32("llama.feed_forward_length", 128)
        .kvU32("llama.attention.head_count", 4)
        .kvU32("llama.attention.head_count_kv", 2)
        .kvF32("llama.attention.layer_norm_rms_epsilon", 1e-5F)
        .kvStrings("tokenizer.ggml.tokens", 1000);
    std::uint64_t offset = 0;
    for (const GgufTensor& t : tensors) {
        w.tensor(t.name, t.shape, t.type, offset);
        offset += t.bytes; // every size here is a multiple of 32: each offset stays aligned
    }
    w.alignTo32();
    return writeSparse(path, w.bytes, w.bytes.size() + offset);
}

// The same model as a Hugging Face checkpoint folder: config.json, an index and two bf16 shards
// (embedding and layer 0 in the first; layer 1, norm and head in the second).
json tinyConfig()
{
    return {{"model_type", "llama"},
            {"hidden_size", 64},
            {"num_hidden_layers", 2},
            {"num_attention_heads", 4},
            {"num_key_value_heads", 2},
            {"intermediate_size", 128},
            {"vocab_size", 1000},
            {"tie_word_embeddings", false},
            {"max_position_embeddings", 4096},
            {"torch_dtype", "bfloat16"},
            {"_name_or_path", "tiny/llama"}};
}

std::vector<SafetensorsEntry> layerEntries(int layer)
{
    const std::string p = "model.layers." + std::to_string(layer) + ".";
    return {{p + "self_attn.q_proj.weight", "BF16", {64, 64}, 8192},
            {p + "self_attn.k_proj.weight", "BF16", {32, 64}, 4096},
            {p + "self_attn.v_proj.weight", "BF16", {32, 64}, 4096},
            {p + "self_attn.o_proj.weight", "BF16", {64, 64}, 8192},
            {p + "mlp.gate_proj.weight", "BF16", {128, 64}, 16384},
            {p + "mlp.up_proj.weight", "BF16", {128, 64}, 16384},
            {p + "mlp.down_proj.weight", "BF16", {64, 128}, 16384},
            {p + "input_layernorm.weight", "BF16", {64}, 128},
            {p + "post_attention_layernorm.weight", "BF16", {64}, 128}};
}

bool writeShard(const QString& path, const std::vector<SafetensorsEntry>& entries)
{
    const std::string head = lhe::test::safetensorsHeader(entries);
    return writeSparse(path, head, head.size() + lhe::test::payloadBytes(entries));
}

bool writeTinyCheckpoint(const QDir& folder)
{
    std::vector<SafetensorsEntry> first{{"model.embed_tokens.weight", "BF16", {1000, 64}, 128000}};
    for (const auto& e : layerEntries(0))
        first.push_back(e);
    std::vector<SafetensorsEntry> second = layerEntries(1);
    second.push_back({"model.norm.weight", "BF16", {64}, 128});
    second.push_back({"lm_head.weight", "BF16", {1000, 64}, 128000});
    json weightMap = json::object();
    for (const auto& e : first)
        weightMap[e.name] = "model-00001-of-00002.safetensors";
    for (const auto& e : second)
        weightMap[e.name] = "model-00002-of-00002.safetensors";
    const json index = {{"metadata", {{"total_size", 2.0 * kTinyParams}}}, {"weight_map", weightMap}};
    QFile config(folder.filePath(QStringLiteral("config.json")));
    QFile indexFile(folder.filePath(QStringLiteral("model.safetensors.index.json")));
    return config.open(QIODevice::WriteOnly) && config.write(tinyConfig().dump().c_str()) > 0 &&
           indexFile.open(QIODevice::WriteOnly) && indexFile.write(index.dump().c_str()) > 0 &&
           writeShard(folder.filePath(QStringLiteral("model-00001-of-00002.safetensors")), first) &&
           writeShard(folder.filePath(QStringLiteral("model-00002-of-00002.safetensors")), second);
}

core::Report estimateOf(const app::ModelFiles& files)
{
    core::Scenario s;
    s.deviceId = "nvidia-rtx-4090";
    s.modelConfig = files.config;
    s.modelTensors = files.tensors;
    return core::estimate(s, core::Catalog::builtIn());
}

QString errorOf(const QString& path)
{
    try {
        (void)app::readModelFiles(path);
    } catch (const core::InputError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class TestModelFiles : public QObject
{
    Q_OBJECT

private slots:
    void aGgufFileGivesItsArchitectureAndStoredBytes()
    {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("tiny-Q8_0.gguf"));
        QVERIFY(writeTinyGguf(path));
        const app::ModelFiles files = app::readModelFiles(path);
        QCOMPARE(files.config.value("model_type", ""), std::string("llama"));
        const core::Report report = estimateOf(files);
        QCOMPARE(report.modelSource, std::string("tensors"));
        QCOMPARE(report.paramsTotal, kTinyParams);
        QCOMPARE(report.checkpointBytes, kTinyGgufBytes);
        // KV per token: 2 layers × (k 32 + v 32) × 2 B (bf16 cache, the scenario's choice) = 256 B.
        QCOMPARE(report.kvCacheBytesPerToken, 256.0);
        QCOMPARE(report.modelName, std::string("Tiny Llama"));
        // 275,616 × 8 / 202,048 = 10.9 bits per weight: served as stored.
        QCOMPARE(report.scenario.weights, core::Precision::Checkpoint);
    }

    void aCheckpointFolderGivesEveryShardsHeader()
    {
        QTemporaryDir folder;
        QVERIFY(writeTinyCheckpoint(QDir(folder.path())));
        for (const QString& path :
             {folder.path(), folder.filePath(QStringLiteral("model-00002-of-00002.safetensors"))}) {
            const app::ModelFiles files = app::readModelFiles(path);
            const core::Report report = estimateOf(files);
            QCOMPARE(report.modelSource, std::string("tensors"));
            QCOMPARE(report.paramsTotal, kTinyParams);
            QCOMPARE(report.checkpointBytes, 2.0 * kTinyParams); // all bf16
            QCOMPARE(report.modelName, std::string("tiny/llama"));
        }
    }

    void whatIsMissingOrBrokenIsSaidPlainly()
    {
        QTemporaryDir folder;
        const QDir dir(folder.path());
        // A shard without its config.
        QVERIFY(writeShard(dir.filePath(QStringLiteral("lone.safetensors")), layerEntries(0)));
        QVERIFY(errorOf(dir.filePath(QStringLiteral("lone.safetensors")))
                    .contains(QStringLiteral("no config.json")));
        // A .gguf that is not one: the reader's own one-line error, naming the file.
        QFile fake(dir.filePath(QStringLiteral("fake.gguf")));
        QVERIFY(fake.open(QIODevice::WriteOnly) && fake.write("not a gguf file at all") > 0);
        fake.close();
        const QString error = errorOf(fake.fileName());
        QVERIFY2(error.startsWith(fake.fileName()) && !error.contains(QLatin1Char('\n')), qPrintable(error));
        // A header length past the end of the file.
        QFile cut(dir.filePath(QStringLiteral("cut/model.safetensors")));
        QVERIFY(dir.mkpath(QStringLiteral("cut")));
        QFile config(dir.filePath(QStringLiteral("cut/config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly) && config.write(tinyConfig().dump().c_str()) > 0);
        config.close();
        QVERIFY(cut.open(QIODevice::WriteOnly) &&
                cut.write(std::string("\xff\xff\0\0\0\0\0\0{}", 10).c_str(), 10) == 10);
        cut.close();
        QVERIFY(!errorOf(dir.filePath(QStringLiteral("cut"))).isEmpty());
        QVERIFY(!errorOf(dir.filePath(QStringLiteral("nothing-here.gguf"))).isEmpty());
    }

    void bothProgramsAgreeByteForByte()
    {
        QTemporaryDir folder;
        const QProcessEnvironment environment =
            test::isolatedEnvironment(folder.filePath(QStringLiteral("home")));
        QVERIFY(!environment.isEmpty());
        const QString gguf = folder.filePath(QStringLiteral("tiny-Q8_0.gguf"));
        QVERIFY(writeTinyGguf(gguf));
        const QString checkpoint = folder.filePath(QStringLiteral("tiny-llama"));
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("tiny-llama")));
        QVERIFY(writeTinyCheckpoint(QDir(checkpoint)));
        // The device from a scenario file; the model from --model-file, in both programs.
        const QString scenario = folder.filePath(QStringLiteral("device.json"));
        QFile scenarioFile(scenario);
        QVERIFY(scenarioFile.open(QIODevice::WriteOnly) &&
                scenarioFile.write(R"({"device": "nvidia-rtx-4090", "model": "llama-3.1-8b", "batch": 4})") >
                    0);
        scenarioFile.close();
        const QString reportPath = folder.filePath(QStringLiteral("window-report.json"));
        // The report llm-hw-explorer exports with `arguments` (and --export-report), or empty.
        auto windowReport = [&](QStringList arguments) {
            QFile::remove(reportPath);
            arguments << QStringLiteral("--export-report") << reportPath;
            const test::RunResult run =
                test::runProgram(QStringLiteral(LHE_EXPLORER_EXE), arguments, environment);
            if (!run.finished || run.exitCode != 0)
                qWarning("%s", test::describeRun("llm-hw-explorer", arguments, run).constData());
            QFile written(reportPath);
            return written.open(QIODevice::ReadOnly) ? written.readAll() : QByteArray();
        };
        for (const QString& model : {gguf, checkpoint}) {
            const QStringList consoleArguments{QStringLiteral("--scenario"), scenario,
                                               QStringLiteral("--model-file"), model};
            const test::RunResult console =
                test::runProgram(QStringLiteral(LHE_ESTIMATE_EXE), consoleArguments, environment);
            QVERIFY2(console.finished && console.exitCode == 0,
                     test::describeRun("llm-hw-estimate", consoleArguments, console).constData());
            const json report = json::parse(console.out.toStdString());
            QCOMPARE(report["model"]["source"], json("tensors"));
            QCOMPARE(report["model"]["params_total"].get<double>(), kTinyParams);
            QCOMPARE(
                windowReport({QStringLiteral("--scenario"), scenario, QStringLiteral("--model-file"), model}),
                console.out);
            // The positional FILE of the window is the same as --model-file.
            QCOMPARE(windowReport({QStringLiteral("--scenario"), scenario, model}), console.out);
        }
    }

    void aScenarioFileNamingTheModelFileReadsIt()
    {
        // model_config_path may name a model file; it is read relative to the scenario.
        QTemporaryDir folder;
        QVERIFY(writeTinyGguf(folder.filePath(QStringLiteral("tiny.gguf"))));
        QFile scenario(folder.filePath(QStringLiteral("s.json")));
        QVERIFY(scenario.open(QIODevice::WriteOnly) &&
                scenario.write(R"({"device": "nvidia-rtx-4090", "model_config_path": "tiny.gguf"})") > 0);
        scenario.close();
        const json read = app::readScenarioFile(scenario.fileName(), &core::Catalog::builtIn());
        QVERIFY(read.contains("model_tensors"));
        const core::Report report = core::estimate(core::scenarioFromJson(read), core::Catalog::builtIn());
        QCOMPARE(report.checkpointBytes, kTinyGgufBytes);
    }

    void aDroppedModelFileBecomesTheModel()
    {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("tiny.gguf"));
        QVERIFY(writeTinyGguf(path));
        app::MainWindow window(core::Catalog::builtIn());
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(path)});
        // As a drag from a file manager arrives: entered, then dropped.
        QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QTRY_VERIFY2(window.document()->report() && window.document()->report()->modelSource == "tensors",
                     window.document()->report() ? window.document()->report()->modelName.c_str()
                                                 : "no report");
        QCOMPARE(window.document()->report()->checkpointBytes, kTinyGgufBytes);
        QCOMPARE(window.document()->report()->modelName, std::string("Tiny Llama"));
        // Served as stored: 10.9 bits per weight, where the default scenario says bf16.
        QCOMPARE(window.document()->report()->scenario.weights, core::Precision::Checkpoint);
        QCOMPARE(window.document()->report()->memory.perDevice.weightsBytes, kTinyGgufBytes);
    }
};

} // namespace lhe

QTEST_MAIN(lhe::TestModelFiles)
#include "tst_model_files.moc"
