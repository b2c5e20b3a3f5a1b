// Held-out models: real config.json files of 2025–26 models from families the reader was not
// written against (tests/fixtures/unseen_configs/, each file's origin and the published figures
// it is compared with in SOURCES.md). The acceptance rule: at least 85 % read right (parameter
// total, and active parameters where a precise figure is published, within 3 %), none silently
// wrong (a reading outside 3 % must carry ModelArchitecture::approximations), at most one
// refused. KV cache + recurrent state at 128k tokens is checked against hand computations from
// the architecture each model card describes.
//
// Conventions as tst_current_models: paramsTotal is the language model + vision tower without
// multi-token-prediction modules; paramsActive includes the embedding and the output head.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/model/model_architecture.h"

#include <QtTest>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using lhe::core::InputError;
using lhe::core::ModelArchitecture;

namespace {

const std::string kConfigDir = LHE_SOURCE_DIR "/tests/fixtures/unseen_configs/";
constexpr double kTolerance = 0.03;
constexpr double kContext = 131072; // 128k tokens
constexpr double kBf16 = 2.0;

struct Published
{
    const char* id;     // tests/fixtures/unseen_configs/<id>.config.json
    double total;       // published total parameters
    double active;      // published active parameters (0: none precise enough to compare)
    const char* source; // where the figure is published (SOURCES.md has the address)
};

// Every figure as published (SOURCES.md); none derived from the reader.
const Published kModels[] = {
    {"qwen3-vl-8b-instruct", 8.8e9, 0, "hub safetensors count, 8.8B"},
    {"qwen3-vl-30b-a3b-instruct", 31.1e9, 0, "hub safetensors count, 31.1B"},
    {"qwen3-vl-235b-a22b-instruct", 235e9, 22e9, "model card: 235B total, 22B activated"},
    {"qwen3.5-27b", 27e9, 0, "model card: 27B"},
    {"qwen3.5-35b-a3b", 35e9, 0, "model card: 35B total"},
    {"qwen3.5-397b-a17b", 397e9, 17e9, "model card: 397B total, 17B activated"},
    {"mimo-v2-flash", 309e9, 0,
     "model card: 309B total (15B active, rounded, embedding convention unstated)"},
    {"llama-3.3-nemotron-super-49b-v1", 49e9, 0, "model card: 49B"},
    {"kimi-k2.5", 1.0e12, 32.86e9, "model card: 1T total; NVIDIA: 32.86B active"},
    {"glm-5", 744e9, 0, "GLM-5 report: 744B total (40B activated, rounded, embedding convention unstated)"},
    {"deepseek-v4-flash", 284e9, 13e9, "model card: 284B total, 13B activated"},
    {"gemma-4-26b-a4b", 25.2e9, 3.8e9, "model card: 25.2B total, 3.8B active"},
    {"step-3.7-flash", 198e9, 0, "StepFun: 198B total (196B language + 1.8B vision; ~11B active)"},
    {"minimax-m3", 428e9, 0, "model card: ~428B total (~23B activated)"},
};

struct Reading
{
    bool refused = false;
    std::string refusal;
    ModelArchitecture arch;
};

Reading read(const std::string& id)
{
    Reading r;
    std::ifstream in(kConfigDir + id + ".config.json");
    std::stringstream text;
    text << in.rdbuf();
    try {
        const nlohmann::json config = lhe::core::parseConfigJsonText(text.str(), id);
        std::vector<lhe::core::Message> warnings;
        r.arch = lhe::core::architectureFromHfConfig(config, id, warnings);
    } catch (const InputError& error) {
        r.refused = true;
        r.refusal = lhe::core::englishText(error.located());
    }
    return r;
}

bool within(double value, double published)
{
    return published <= 0 || std::abs(value / published - 1.0) <= kTolerance;
}

double kvPlusStateBytes(const ModelArchitecture& a)
{
    return a.kvBytesPerSequence(kContext, kBf16, false) + a.stateElementsPerSequence() * kBf16;
}

} // namespace

class TestUnseenModels : public QObject
{
    Q_OBJECT

private slots:
    void acceptance();
    void kvCacheAtLongContext_data();
    void kvCacheAtLongContext();
    void gemma4HandCount();
};

void TestUnseenModels::acceptance()
{
    int right = 0;
    int refused = 0;
    int silentlyWrong = 0;
    qDebug().noquote() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                              .arg(QStringLiteral("model"), -32)
                              .arg(QStringLiteral("published"), 10)
                              .arg(QStringLiteral("reader"), 10)
                              .arg(QStringLiteral("ratio"), 7)
                              .arg(QStringLiteral("active"), 9)
                              .arg(QStringLiteral("ratio"), 7)
                              .arg(QStringLiteral("approx"), 7)
                              .arg(QStringLiteral("refused"), 8);
    for (const Published& model : kModels) {
        const Reading r = read(model.id);
        const ModelArchitecture& a = r.arch;
        const bool ok =
            !r.refused && within(a.paramsTotal, model.total) && within(a.paramsActive, model.active);
        const bool approximate = !a.approximations.empty();
        right += ok ? 1 : 0;
        refused += r.refused ? 1 : 0;
        if (!ok && !r.refused && !approximate) {
            ++silentlyWrong;
            qWarning().noquote() << model.id << "is off and not flagged approximate";
        }
        qDebug().noquote() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                                  .arg(QString::fromLatin1(model.id), -32)
                                  .arg(model.total / 1e9, 9, 'f', 1)
                                  .arg(a.paramsTotal / 1e9, 9, 'f', 1)
                                  .arg(r.refused ? 0.0 : a.paramsTotal / model.total, 7, 'f', 3)
                                  .arg(a.paramsActive / 1e9, 8, 'f', 2)
                                  .arg(model.active > 0 ? a.paramsActive / model.active : 0.0, 7, 'f', 3)
                                  .arg(QString::fromLatin1(approximate ? "yes" : "no"), 7)
                                  .arg(QString::fromLatin1(r.refused ? "yes" : "no"), 8)
                           << (ok ? "right" : "OFF") << model.source;
        for (const auto& why : a.approximations)
            qDebug().noquote() << "    approximate:" << QString::fromStdString(lhe::core::englishText(why));
        if (r.refused)
            qDebug().noquote() << "    refused:" << QString::fromStdString(r.refusal);
    }
    const int n = static_cast<int>(std::size(kModels));
    qDebug().noquote() << QStringLiteral("right %1 / %2 (%3 %), refused %4, silently wrong %5")
                              .arg(right)
                              .arg(n)
                              .arg(100.0 * right / n, 0, 'f', 1)
                              .arg(refused)
                              .arg(silentlyWrong);
    QVERIFY(n >= 13);
    QCOMPARE(silentlyWrong, 0);
    QVERIFY(refused <= 1);
    QVERIFY2(right * 100 >= 85 * n, "fewer than 85 % of the held-out models read right");
}

void TestUnseenModels::kvCacheAtLongContext_data()
{
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<double>("expectedBytes");

    // Qwen3-VL-8B (config text_config): 36 full-attention layers, 8 KV heads of 128; K and V in
    // bf16: 36 · 2 · 8 · 128 · 2 B = 147,456 B per token; × 131,072 tokens.
    QTest::newRow("qwen3-vl-8b") << QByteArray("qwen3-vl-8b-instruct") << 147456.0 * kContext;
    // Qwen3.5-397B-A17B (model card: 60 layers = 15 × (3 Gated DeltaNet + 1 full attention);
    // attention 32 Q / 2 KV heads of 256; DeltaNet 16 QK / 64 V heads of 128, conv kernel 4):
    //   15 full layers · 2 · 2 · 256 · 2 B = 30,720 B per token;
    //   45 DeltaNet layers keep 64 · 128 · 128 = 1,048,576 state elements plus the last 3 inputs
    //   of the q, k, v convolution, (2 · 16 · 128 + 64 · 128) · 3 = 36,864; 2 B each:
    //   45 · 1,085,440 · 2 B = 97,689,600 B.
    QTest::newRow("qwen3.5-397b-a17b") << QByteArray("qwen3.5-397b-a17b") << 30720.0 * kContext + 97689600.0;
    // GLM-5 (report: MLA with a 512 latent and a 64-wide RoPE key on all 78 layers, DeepSeek
    // sparse attention's indexer with 128-wide keys): per layer and token (512 + 64) · 2 B of
    // latent plus the indexer key in fp8 with one fp32 scale, 128 + 4 B: 78 · 1,284 B.
    QTest::newRow("glm-5") << QByteArray("glm-5") << 78.0 * 1284.0 * kContext;
    // Kimi K2.5 (Kimi K2 backbone, DeepSeek-V3 MLA: 61 layers, 512 latent + 64 RoPE key):
    // 61 · 576 · 2 B = 70,272 B per token.
    QTest::newRow("kimi-k2.5") << QByteArray("kimi-k2.5") << 70272.0 * kContext;
    // Gemma 4 26B-A4B (config: 25 sliding layers of 1024 tokens with 8 KV heads of 256; 5 global
    // layers with 2 KV heads of 512, K and V both cached though V comes from the K projection,
    // transformers Gemma4TextAttention): 25 · 1,024 · 2 · 8 · 256 · 2 B + 5 · 131,072 · 2 · 2 · 512 · 2 B.
    QTest::newRow("gemma-4-26b-a4b") << QByteArray("gemma-4-26b-a4b") << 2894069760.0;
}

void TestUnseenModels::kvCacheAtLongContext()
{
    QFETCH(QByteArray, id);
    QFETCH(double, expectedBytes);
    const Reading r = read(id.toStdString());
    QVERIFY(!r.refused);
    const double bytes = kvPlusStateBytes(r.arch);
    qDebug().noquote() << id << "KV + state at 128k:" << bytes / 1e9 << "GB, hand" << expectedBytes / 1e9;
    QVERIFY2(std::abs(bytes / expectedBytes - 1.0) <= 0.01, qPrintable(QString::number(bytes)));
}

void TestUnseenModels::gemma4HandCount()
{
    // Gemma 4 26B-A4B by hand from transformers modeling_gemma4 (d 2816, 30 layers, 16 query
    // heads): sliding layers q/k/v/o of 16·256 / 8·256 plus q and k norms of 256; global layers
    // q/o of 16·512, k of 2·512 and no v_proj, norms of 512; every layer a GeGLU MLP of 2112 and
    // 128 experts of 704 (8 active), the router d·128 + 128 + d, seven RMSNorms; the tied
    // embedding 262,144 · d and the final norm. Vision: 27 blocks of 1152 (16 heads of 72, MLP
    // 4304), patch 3·16² -> 1152, two position tables of 10,240, standardize's bias and scale,
    // and the projector 1152 -> d.
    const Reading r = read("gemma-4-26b-a4b");
    QVERIFY(!r.refused);
    QVERIFY(r.arch.approximations.empty());
    QCOMPARE(r.arch.paramsTotal, 25233141760.0 + 572794416.0);
    QCOMPARE(r.arch.paramsActive, 3822530560.0);
    QCOMPARE(r.arch.paramsVision, 572794416.0);
}

QTEST_GUILESS_MAIN(TestUnseenModels)
#include "tst_unseen_models.moc"
