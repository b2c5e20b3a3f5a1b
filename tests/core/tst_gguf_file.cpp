// Tests for the GGUF reader (parseGguf), the ggml type table and hfConfigFromGguf. The files are
// written here byte by byte after the layout of ggml's docs/gguf.md (header, metadata pairs,
// tensor infos, padding to the alignment, data); payloads are zeros or left out (a file can be
// declared larger than the bytes given). Every expected number is worked out by hand in the
// comments from the block structs of ggml/src/ggml-common.h or the parameter formulas, never
// taken from the code's output.
#include "checkpoint_writers.h"
#include "core/common/input_error.h"
#include "core/formats/ggml_types.h"
#include "core/formats/gguf_config.h"
#include "core/formats/gguf_file.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_summary.h"

#include <QtTest>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

using lhe::core::GgufFile;
using lhe::core::GgufNeedMoreBytes;
using lhe::core::InputError;
using lhe::core::Message;
using nlohmann::json;

namespace {

// GGUF value types (docs/gguf.md, gguf_metadata_value_type) and ggml type ids (ggml.h).
enum : std::uint32_t { U8 = 0, I32 = 5, F32 = 6, BOOL = 7, STRING = 8, ARRAY = 9, U64 = 10 };
enum : std::uint32_t {
    T_F32 = 0,
    T_F16 = 1,
    T_Q8_0 = 8,
    T_Q4_K = 12,
    T_Q6_K = 14,
    T_IQ2_XXS = 16,
    T_BF16 = 30,
    T_MXFP4 = 39
};

// Writes a GGUF header little-endian, field by field (tests/checkpoint_writers.h).
using Writer = lhe::test::GgufWriter;

// The header end rounded up to 32, the default alignment (docs/gguf.md align_offset).
std::uint64_t aligned32(std::uint64_t offset)
{
    return (offset + 31) / 32 * 32;
}

// A llama-like model: 2 blocks, d 256, 4 heads of 64, 2 KV heads, FFN 512, 100 tokens.
// Tensor bytes, by hand from the block structs (ggml-common.h; a half is 2 bytes):
//   token_embd  F16   256 x 100 = 25 600 elements x 2 B                        = 51 200
//   attn_q      Q4_K  256 x 256 = 65 536 = 256 blocks x (2+2+12+128 = 144 B)  = 36 864
//   attn_k      Q6_K  256 x 128 = 32 768 = 128 blocks x (128+64+16+2 = 210 B) = 26 880
//   attn_norm   F32   256 x 4 B                                                 =  1 024
//   output      Q8_0  256 x 100 = 25 600 = 800 blocks x (2+32 = 34 B)          = 27 200
//   ffn_up      MXFP4 256 x 512 = 131 072 = 4096 blocks x (1+16 = 17 B)        = 69 632
//   ffn_down    IQ2_XXS 512 x 256 = 131 072 = 512 blocks x (2+64 = 66 B)       = 33 792
// All are multiples of 32, so each tensor starts where the previous one ends.
struct Expected
{
    const char* name;
    std::vector<std::uint64_t> shape;
    std::uint32_t type;
    const char* dtype;
    double elements;
    double bytes;
};
const std::vector<Expected>& llamaTensors()
{
    static const std::vector<Expected> tensors{
        {"token_embd.weight", {256, 100}, T_F16, "F16", 25600, 51200},
        {"blk.0.attn_q.weight", {256, 256}, T_Q4_K, "Q4_K", 65536, 36864},
        {"blk.0.attn_k.weight", {256, 128}, T_Q6_K, "Q6_K", 32768, 26880},
        {"blk.0.attn_norm.weight", {256}, T_F32, "F32", 256, 1024},
        {"output.weight", {256, 100}, T_Q8_0, "Q8_0", 25600, 27200},
        {"blk.0.ffn_up.weight", {256, 512}, T_MXFP4, "MXFP4", 131072, 69632},
        {"blk.0.ffn_down.weight", {512, 256}, T_IQ2_XXS, "IQ2_XXS", 131072, 33792},
    };
    return tensors;
}
constexpr double kLlamaDataBytes = 51200 + 36864 + 26880 + 1024 + 27200 + 69632 + 33792; // 246 592

Writer llamaHeader()
{
    Writer w;
    w.header(llamaTensors().size(), 12)
        .kvString("general.architecture", "llama")
        .kvString("general.name", "Tiny Llama")
        .kvU32("general.alignment", 32)
        .kvU32("llama.block_count", 2)
        .kvU32("llama.context_length", 2048)
        .kvU32("llama.embedding_length", 256)
        .kvU32("llama.feed_forward_length", 512)
        .kvU32("llama.attention.head_count", 4)
        .kvU32("llama.attention.head_count_kv", 2)
        .kvU32("llama.attention.key_length", 64)
        .kvF32("llama.attention.layer_norm_rms_epsilon", 1e-5f)
        .kvStrings("tokenizer.ggml.tokens", 100);
    std::uint64_t offset = 0;
    for (const Expected& t : llamaTensors()) {
        w.tensor(t.name, t.shape, t.type, offset);
        offset += static_cast<std::uint64_t>(t.bytes);
    }
    return w;
}

// A whole small file: header, padding, and zero data for one F32 tensor of 8 and one Q8_0 row.
std::string smallFile()
{
    Writer w;
    w.header(2, 3)
        .kvString("general.architecture", "llama")
        .kvU32Array("llama.attention.head_count", {4, 4})
        .kvStrings("tokenizer.ggml.tokens", 3)
        .tensor("a", {8}, T_F32, 0)     // 8 x 4 B = 32
        .tensor("b", {32}, T_Q8_0, 32); // one block of 34 B
    w.bytes.resize(aligned32(w.bytes.size()) + 32 + 34, '\0');
    return w.bytes;
}

GgufFile parse(const std::string& prefix, std::uint64_t fileBytes)
{
    return lhe::core::parseGguf(prefix, fileBytes, "model.gguf");
}

// The InputError a header throws (fails the test when none is thrown).
std::optional<InputError> errorOf(const std::string& prefix, std::uint64_t fileBytes)
{
    try {
        parse(prefix, fileBytes);
    } catch (const InputError& error) {
        return error;
    } catch (const GgufNeedMoreBytes&) {
    }
    return std::nullopt;
}

std::string joined(const std::vector<Message>& lines)
{
    std::string text;
    for (const auto& line : lines)
        text += lhe::core::englishText(line) + "\n";
    return text;
}

// One tensor info after a minimal header, for the tensor checks.
std::string oneTensor(std::string_view name, const std::vector<std::uint64_t>& shape, std::uint32_t type,
                      std::uint64_t offset = 0)
{
    return Writer().header(1, 0).tensor(name, shape, type, offset).bytes;
}

} // namespace

#define LHE_COMPARE_JSON(actual, expected)                                                                   \
    do {                                                                                                     \
        const json lheActual = (actual);                                                                     \
        const json lheExpected = (expected);                                                                 \
        QVERIFY2(lheActual == lheExpected, (lheActual.dump() + " != " + lheExpected.dump()).c_str());        \
    } while (false)

#define LHE_EXPECT_ERROR(prefix, fileBytes, fragment)                                                        \
    do {                                                                                                     \
        const auto lheError = errorOf((prefix), (fileBytes));                                                \
        QVERIFY2(lheError.has_value(), "no InputError");                                                     \
        const std::string lheWhat = lheError->what();                                                        \
        QVERIFY2(lheWhat.find('\n') == std::string::npos, lheWhat.c_str());                                  \
        QVERIFY2(lheWhat.rfind("model.gguf: ", 0) == 0, lheWhat.c_str());                                    \
        QVERIFY2(lheWhat.find(fragment) != std::string::npos, lheWhat.c_str());                              \
    } while (false)

// A tensor of a header planned by the published-file tests below.
struct PlannedTensor
{
    std::string name;
    std::vector<std::uint64_t> shape; // ne[0] first
    std::uint32_t type;
};

// The header of a GGUF file holding `tensors` back to back (each padded to 32 bytes), after the
// metadata `w` already holds (header() called with tensors.size()); `fileBytes` is set to the
// whole file's size. Bytes per element of each type, as block bytes / block elements
// (ggml-common.h): Q8_0 34/32, Q4_K 144/256, Q6_K 210/256, MXFP4 17/32.
std::string withTensors(Writer w, const std::vector<PlannedTensor>& tensors, std::uint64_t& fileBytes)
{
    auto bytesOf = [](std::uint32_t type, std::uint64_t elements) -> std::uint64_t {
        switch (type) {
        case T_F32:
            return elements * 4;
        case T_Q8_0:
            return elements / 32 * 34;
        case T_Q4_K:
            return elements / 256 * 144;
        case T_Q6_K:
            return elements / 256 * 210;
        case T_MXFP4:
            return elements / 32 * 17;
        default:
            return 0;
        }
    };
    std::uint64_t offset = 0;
    for (const PlannedTensor& t : tensors) {
        w.tensor(t.name, t.shape, t.type, offset);
        std::uint64_t elements = 1;
        for (std::uint64_t n : t.shape)
            elements *= n;
        offset = aligned32(offset + bytesOf(t.type, elements));
    }
    w.alignTo32();
    fileBytes = w.bytes.size() + offset;
    return w.bytes;
}

// Llama 3.1 8B as llama.cpp writes it (convert_hf_to_gguf.py names; ne[0] first): 32 layers,
// d 4096, 8 KV heads of 128 (k and v 1024 wide), f 14336, V 128256, untied, plus the 64-entry
// rope_freqs table of Llama 3.1's RoPE scaling. `typeOf(name, layer)` gives each matrix's type.
template <typename TypeOf> std::string llama31Gguf(TypeOf typeOf, std::uint64_t& fileBytes)
{
    std::vector<PlannedTensor> tensors{{"token_embd.weight", {4096, 128256}, typeOf("token_embd", -1)},
                                       {"output.weight", {4096, 128256}, typeOf("output", -1)},
                                       {"output_norm.weight", {4096}, T_F32},
                                       {"rope_freqs.weight", {64}, T_F32}};
    for (int i = 0; i < 32; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        tensors.push_back({p + "attn_norm.weight", {4096}, T_F32});
        tensors.push_back({p + "attn_q.weight", {4096, 4096}, typeOf("attn_q", i)});
        tensors.push_back({p + "attn_k.weight", {4096, 1024}, typeOf("attn_k", i)});
        tensors.push_back({p + "attn_v.weight", {4096, 1024}, typeOf("attn_v", i)});
        tensors.push_back({p + "attn_output.weight", {4096, 4096}, typeOf("attn_output", i)});
        tensors.push_back({p + "ffn_norm.weight", {4096}, T_F32});
        tensors.push_back({p + "ffn_gate.weight", {4096, 14336}, typeOf("ffn_gate", i)});
        tensors.push_back({p + "ffn_up.weight", {4096, 14336}, typeOf("ffn_up", i)});
        tensors.push_back({p + "ffn_down.weight", {14336, 4096}, typeOf("ffn_down", i)});
    }
    Writer w;
    w.header(tensors.size(), 7)
        .kvString("general.architecture", "llama")
        .kvString("general.name", "Meta Llama 3.1 8B Instruct")
        .kvU32("llama.block_count", 32)
        .kvU32("llama.embedding_length", 4096)
        .kvU32("llama.feed_forward_length", 14336)
        .kvU32("llama.attention.head_count", 32)
        .kvU32("llama.attention.head_count_kv", 8);
    return withTensors(w, tensors, fileBytes);
}

// gpt-oss-120b as ggml-org's GGUF stores it: MXFP4 experts; Q8_0 attention, embedding and
// output; f32 router, biases, sinks and norms (the tensor types a community.frame.work thread
// lists from the file, as docs/METHOD.md §1.15 cites). 36 layers, d 2880, 64 query heads and 8
// KV heads of 64, 128 experts of width 2880, V 201088, untied.
std::string gptOss120bGguf(std::uint64_t& fileBytes)
{
    std::vector<PlannedTensor> tensors{{"token_embd.weight", {2880, 201088}, T_Q8_0},
                                       {"output.weight", {2880, 201088}, T_Q8_0},
                                       {"output_norm.weight", {2880}, T_F32}};
    for (int i = 0; i < 36; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        for (const char* norm : {"attn_norm.weight", "post_attention_norm.weight"})
            tensors.push_back({p + norm, {2880}, T_F32});
        tensors.push_back({p + "attn_q.weight", {2880, 4096}, T_Q8_0});
        tensors.push_back({p + "attn_q.bias", {4096}, T_F32});
        tensors.push_back({p + "attn_k.weight", {2880, 512}, T_Q8_0});
        tensors.push_back({p + "attn_k.bias", {512}, T_F32});
        tensors.push_back({p + "attn_v.weight", {2880, 512}, T_Q8_0});
        tensors.push_back({p + "attn_v.bias", {512}, T_F32});
        tensors.push_back({p + "attn_output.weight", {4096, 2880}, T_Q8_0});
        tensors.push_back({p + "attn_output.bias", {2880}, T_F32});
        tensors.push_back({p + "attn_sinks.weight", {64}, T_F32});
        tensors.push_back({p + "ffn_gate_inp.weight", {2880, 128}, T_F32});
        tensors.push_back({p + "ffn_gate_inp.bias", {128}, T_F32});
        for (const char* expert : {"ffn_gate_exps", "ffn_up_exps", "ffn_down_exps"}) {
            tensors.push_back({p + expert + ".weight", {2880, 2880, 128}, T_MXFP4});
            tensors.push_back({p + expert + ".bias", {2880, 128}, T_F32});
        }
    }
    Writer w;
    w.header(tensors.size(), 9)
        .kvString("general.architecture", "gpt-oss")
        .kvString("general.name", "Gpt Oss 120b")
        .kvU32("gpt-oss.block_count", 36)
        .kvU32("gpt-oss.embedding_length", 2880)
        .kvU32("gpt-oss.feed_forward_length", 2880)
        .kvU32("gpt-oss.attention.head_count", 64)
        .kvU32("gpt-oss.attention.head_count_kv", 8)
        .kvU32("gpt-oss.expert_count", 128)
        .kvU32("gpt-oss.expert_used_count", 4);
    return withTensors(w, tensors, fileBytes);
}

class TestGgufFile : public QObject
{
    Q_OBJECT

private slots:

    // llama-bench prints a model's size as the sum of its tensors' bytes and its parameters as
    // the sum of their elements: "llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B" and "llama 8B
    // Q8_0 | 7.95 GiB" for Llama 3.1 8B (llama.cpp llama-bench tables, e.g. SYCL and CUDA runs
    // published in llama.cpp discussions). Rebuilt here from the tensor list with the type
    // each quantization gives each tensor, the sums come out to those figures.
    void publishedGgufSizes()
    {
        // Q4_K_M (llama.cpp llama-quant.cpp, llama_tensor_get_type): Q6_K for output, and for
        // attn_v and ffn_down of the layers use_more_bits picks (i < n/8, i >= 7n/8, or
        // (i - n/8) % 3 == 2: layers 0-3, 28-31 and 6, 9, ..., 27, 16 of 32); Q4_K elsewhere.
        auto q4km = [](const std::string& name, int layer) -> std::uint32_t {
            const bool moreBits = layer >= 0 && (layer < 4 || layer >= 28 || (layer - 4) % 3 == 2);
            if (name == "output" || ((name == "attn_v" || name == "ffn_down") && moreBits))
                return T_Q6_K;
            return T_Q4_K;
        };
        // By hand (elements / 256 × 144 for Q4_K, × 210 for Q6_K):
        //   token_embd Q4_K 525,336,576 elements                          =   295,501,824 B
        //   output     Q6_K 525,336,576                                    =   430,940,160
        //   a layer, all Q4_K: q, o 16,777,216 → 9,437,184 each; k, v 4,194,304 → 2,359,296
        //     each; gate, up, down 58,720,256 → 33,030,144 each; 2 norms 32,768  = 122,716,160
        //   16 layers with Q6_K v (+1,081,344) and down (+15,138,816)   +16,220,160 each
        //   32 × 122,716,160 + 16 × 16,220,160                              = 4,186,439,680
        //   output_norm 16,384 + rope_freqs 256
        //   total 4,912,898,304 B = 4.5755 GiB ("4.58 GiB")
        // Parameters: 2 × 525,336,576 + 32 × 218,112,000 + 4,096 + 64 = 8,030,261,312 ("8.03 B").
        std::uint64_t fileBytes = 0;
        const std::string header = llama31Gguf(q4km, fileBytes);
        const GgufFile file = parse(header, fileBytes);
        std::vector<Message> warnings;
        const json config = lhe::core::hfConfigFromGguf(file, "gguf", warnings);
        lhe::core::TensorSummaryHints hints;
        hints.layers = 32;
        const lhe::core::TensorSummary summary = lhe::core::summariseTensors(file.inventory, hints);
        QCOMPARE(summary.bytesTotal, 4912898304.0);
        QCOMPARE(summary.paramsTotal, 8030261312.0);
        QCOMPARE(std::round(summary.bytesTotal / std::pow(2.0, 30) * 100) / 100, 4.58);
        QCOMPARE(std::round(summary.paramsTotal / 1e7) / 100, 8.03);
        QCOMPARE(config.value("num_hidden_layers", 0), 32);

        // Q8_0: every matrix 34 bytes per 32 weights; norms and rope_freqs F32.
        //   matrices 8,030,261,312 − 65 × 4,096 − 64 = 8,029,995,008 elements → 8,531,869,696 B
        //   F32 266,304 elements → 1,065,216 B; total 8,532,934,912 B = 7.947 GiB ("7.95 GiB").
        const std::string q8 =
            llama31Gguf([](const std::string&, int) { return std::uint32_t(T_Q8_0); }, fileBytes);
        const lhe::core::TensorSummary q8Summary =
            lhe::core::summariseTensors(parse(q8, fileBytes).inventory, hints);
        QCOMPARE(q8Summary.bytesTotal, 8532934912.0);
        QCOMPARE(std::round(q8Summary.bytesTotal / std::pow(2.0, 30) * 100) / 100, 7.95);

        // gpt-oss-120b, MXFP4 experts in GGUF: llama-bench prints "gpt-oss 120B MXFP4 MoE |
        // 59.02 GiB | 116.83 B" (ggml-org's DGX Spark benchmark, llama.cpp build 2f68ce7cf).
        // By hand, per layer:
        //   experts: 3 × 2880 · 2880 · 128 = 3 × 1,061,683,200 weights, MXFP4 17 B per 32
        //            = 3 × 564,019,200                                   = 1,692,057,600 B
        //   attention Q8_0: q, o 11,796,480 → 12,533,760 B each; k, v 1,474,560 → 1,566,720 each
        //                                                                 =    28,200,960 B
        //   f32: q/k/v/o biases 8,000; sinks 64; 2 norms 5,760; router 368,640 + 128;
        //        expert biases 3 × 368,640 = 1,105,920: 1,488,512 values  =     5,954,048 B
        //   one layer 1,726,212,608 B; 36 layers 62,143,653,888 B
        //   embedding and output Q8_0 579,133,440 → 615,329,280 B each; output_norm 11,520 B
        //   total 63,374,323,968 B = 59.022 GiB ("59.02 GiB")
        // Parameters: 36 × (3,185,049,600 + 26,542,080 + 1,488,512) + 2 × 579,133,440 + 2,880
        //   = 116,829,156,672 ("116.83 B").
        const std::string oss = gptOss120bGguf(fileBytes);
        lhe::core::TensorSummaryHints ossHints;
        ossHints.layers = 36;
        const lhe::core::TensorSummary ossSummary =
            lhe::core::summariseTensors(parse(oss, fileBytes).inventory, ossHints);
        QCOMPARE(ossSummary.bytesTotal, 63374323968.0);
        QCOMPARE(ossSummary.paramsTotal, 116829156672.0);
        QCOMPARE(std::round(ossSummary.bytesTotal / std::pow(2.0, 30) * 100) / 100, 59.02);
        QCOMPARE(std::round(ossSummary.paramsTotal / 1e7) / 100, 116.83);
        QCOMPARE(ossSummary.routedExperts, 128LL);
    }
    void ggmlTypeTable_data()
    {
        QTest::addColumn<uint>("id");
        QTest::addColumn<QString>("name");
        QTest::addColumn<qulonglong>("blockElements");
        QTest::addColumn<qulonglong>("blockBytes");
        // Plain types: one element per block, its size.
        QTest::newRow("F32") << 0u << QStringLiteral("F32") << 1ull << 4ull;
        QTest::newRow("F16") << 1u << QStringLiteral("F16") << 1ull << 2ull;
        QTest::newRow("BF16") << 30u << QStringLiteral("BF16") << 1ull << 2ull;
        QTest::newRow("F64") << 28u << QStringLiteral("F64") << 1ull << 8ull;
        QTest::newRow("I8") << 24u << QStringLiteral("I8") << 1ull << 1ull;
        QTest::newRow("I16") << 25u << QStringLiteral("I16") << 1ull << 2ull;
        QTest::newRow("I32") << 26u << QStringLiteral("I32") << 1ull << 4ull;
        QTest::newRow("I64") << 27u << QStringLiteral("I64") << 1ull << 8ull;
        // 32-element blocks: scale halves + packed values (ggml-common.h block_q*_0/_1).
        QTest::newRow("Q4_0") << 2u << QStringLiteral("Q4_0") << 32ull << 18ull;      // 2 + 16
        QTest::newRow("Q4_1") << 3u << QStringLiteral("Q4_1") << 32ull << 20ull;      // 4 + 16
        QTest::newRow("Q5_0") << 6u << QStringLiteral("Q5_0") << 32ull << 22ull;      // 2 + 4 + 16
        QTest::newRow("Q5_1") << 7u << QStringLiteral("Q5_1") << 32ull << 24ull;      // 4 + 4 + 16
        QTest::newRow("Q8_0") << 8u << QStringLiteral("Q8_0") << 32ull << 34ull;      // 2 + 32
        QTest::newRow("Q8_1") << 9u << QStringLiteral("Q8_1") << 32ull << 36ull;      // 4 + 32
        QTest::newRow("IQ4_NL") << 20u << QStringLiteral("IQ4_NL") << 32ull << 18ull; // 2 + 16
        QTest::newRow("MXFP4") << 39u << QStringLiteral("MXFP4") << 32ull << 17ull;   // 1 + 16
        // 256-element super-blocks (QK_K).
        QTest::newRow("Q2_K") << 10u << QStringLiteral("Q2_K") << 256ull << 84ull;       // 16 + 64 + 4
        QTest::newRow("Q3_K") << 11u << QStringLiteral("Q3_K") << 256ull << 110ull;      // 32 + 64 + 12 + 2
        QTest::newRow("Q4_K") << 12u << QStringLiteral("Q4_K") << 256ull << 144ull;      // 4 + 12 + 128
        QTest::newRow("Q5_K") << 13u << QStringLiteral("Q5_K") << 256ull << 176ull;      // 4 + 12 + 32 + 128
        QTest::newRow("Q6_K") << 14u << QStringLiteral("Q6_K") << 256ull << 210ull;      // 128 + 64 + 16 + 2
        QTest::newRow("Q8_K") << 15u << QStringLiteral("Q8_K") << 256ull << 292ull;      // 4 + 256 + 32
        QTest::newRow("IQ2_XXS") << 16u << QStringLiteral("IQ2_XXS") << 256ull << 66ull; // 2 + 64
        QTest::newRow("IQ2_XS") << 17u << QStringLiteral("IQ2_XS") << 256ull << 74ull;   // 2 + 64 + 8
        QTest::newRow("IQ3_XXS") << 18u << QStringLiteral("IQ3_XXS") << 256ull << 98ull; // 2 + 96
        QTest::newRow("IQ1_S") << 19u << QStringLiteral("IQ1_S") << 256ull << 50ull;     // 2 + 32 + 16
        QTest::newRow("IQ3_S") << 21u << QStringLiteral("IQ3_S") << 256ull << 110ull;   // 2 + 64 + 8 + 32 + 4
        QTest::newRow("IQ2_S") << 22u << QStringLiteral("IQ2_S") << 256ull << 82ull;    // 2 + 64 + 8 + 8
        QTest::newRow("IQ4_XS") << 23u << QStringLiteral("IQ4_XS") << 256ull << 136ull; // 2 + 2 + 4 + 128
        QTest::newRow("IQ1_M") << 29u << QStringLiteral("IQ1_M") << 256ull << 56ull;    // 32 + 16 + 8
        QTest::newRow("TQ1_0") << 34u << QStringLiteral("TQ1_0") << 256ull << 54ull;    // (256-16)/5 + 4 + 2
        QTest::newRow("TQ2_0") << 35u << QStringLiteral("TQ2_0") << 256ull << 66ull;    // 64 + 2
    }
    void ggmlTypeTable()
    {
        QFETCH(uint, id);
        QFETCH(QString, name);
        QFETCH(qulonglong, blockElements);
        QFETCH(qulonglong, blockBytes);
        const auto type = lhe::core::ggmlType(id);
        QVERIFY(type.has_value());
        QCOMPARE(QString::fromStdString(std::string(type->name)), name);
        QCOMPARE(type->id, id);
        QCOMPARE(static_cast<qulonglong>(type->blockElements), blockElements);
        QCOMPARE(static_cast<qulonglong>(type->blockBytes), blockBytes);
    }

    void removedAndUnknownTypes()
    {
        // Q4_2, Q4_3 and the repacked layouts were removed from ggml (ggml.h keeps their ids
        // as comments); 1000 never existed.
        for (std::uint32_t id : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 1000u})
            QVERIFY2(!lhe::core::ggmlType(id).has_value(), std::to_string(id).c_str());
    }

    void tensorBytesFromBlocks()
    {
        using lhe::core::ggmlTensorBytes;
        using lhe::core::ggmlType;
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_Q4_K), 256), 144.0);
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_Q6_K), 256), 210.0);
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_Q8_0), 32), 34.0);
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_MXFP4), 32), 17.0);
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_IQ2_XXS), 512), 132.0); // 2 blocks x 66
        QCOMPARE(ggmlTensorBytes(*ggmlType(T_F16), 4096.0 * 4096.0), 33554432.0);
    }

    void tinyLlamaReadsBack()
    {
        const Writer w = llamaHeader();
        const std::uint64_t dataStart = aligned32(w.bytes.size());
        const auto fileBytes = static_cast<std::uint64_t>(static_cast<double>(dataStart) + kLlamaDataBytes);
        const GgufFile file = parse(w.bytes, fileBytes);
        QCOMPARE(file.version, 3u);
        QCOMPARE(file.dataOffset, dataStart);
        QCOMPARE(file.metadata.at("general.architecture").get<std::string>(), std::string("llama"));
        QCOMPARE(file.metadata.at("llama.attention.head_count_kv").get<int>(), 2);
        QCOMPARE(file.metadata.at("llama.attention.layer_norm_rms_epsilon").get<double>(),
                 static_cast<double>(1e-5f));
        // 100 token strings: more than 64, kept as their type and count.
        LHE_COMPARE_JSON(file.metadata.at("tokenizer.ggml.tokens"),
                         json({{"array_of", "string"}, {"length", 100}}));
        QCOMPARE(file.inventory.format, std::string("gguf"));
        QCOMPARE(file.inventory.fileBytes, static_cast<double>(fileBytes));
        QCOMPARE(file.inventory.tensors.size(), llamaTensors().size());
        for (std::size_t i = 0; i < llamaTensors().size(); ++i) {
            const Expected& e = llamaTensors()[i];
            const auto& t = file.inventory.tensors[i];
            QCOMPARE(t.name, std::string(e.name));
            QCOMPARE(t.dtype, std::string(e.dtype));
            QVERIFY(t.shape == e.shape);
            QCOMPARE(t.elements, e.elements);
            QCOMPARE(t.bytes, e.bytes);
        }
        // A byte short of the last tensor's end: it runs past the end of the file.
        LHE_EXPECT_ERROR(w.bytes, fileBytes - 1, "run past the end of the file");
        QVERIFY(!file.metadata.dump().empty());
    }

    void shortArraysKeptWhole()
    {
        const GgufFile file = parse(smallFile(), smallFile().size());
        LHE_COMPARE_JSON(file.metadata.at("llama.attention.head_count"), json::array({4, 4}));
        LHE_COMPARE_JSON(file.metadata.at("tokenizer.ggml.tokens"), json::array({"tok0", "tok1", "tok2"}));
    }

    void truncationAtEveryByte()
    {
        const std::string whole = smallFile();
        const std::uint64_t total = whole.size();
        for (std::uint64_t n = 0; n < total; ++n) {
            const std::string prefix = whole.substr(0, n);
            // The file is only n bytes long: an error, never a request for more.
            try {
                parse(prefix, n);
                QFAIL(qPrintable(QStringLiteral("a file cut at %1 bytes was accepted").arg(n)));
            } catch (const InputError& error) {
                QVERIFY2(std::string(error.what()).find('\n') == std::string::npos, error.what());
            } catch (const GgufNeedMoreBytes&) {
                QFAIL(qPrintable(QStringLiteral("a whole file of %1 bytes asked for more").arg(n)));
            }
            // The same bytes as the start of the whole file: more is asked for (never more than
            // the file, always more than given) until the header is complete, then it reads.
            try {
                const GgufFile file = parse(prefix, total);
                QCOMPARE(file.inventory.tensors.size(), std::size_t{2});
            } catch (const GgufNeedMoreBytes& more) {
                QVERIFY(more.bytes > n);
                QVERIFY(more.bytes <= total);
            }
        }
        QCOMPARE(parse(whole, total).dataOffset, aligned32(whole.size() - 66));
    }

    void needMoreBytesConverges()
    {
        // A header of 2 000 token strings (about 30 kB) read from a 16-byte start.
        Writer w;
        w.header(0, 1).kvStrings("tokenizer.ggml.tokens", 2000);
        std::uint64_t have = 16;
        int rounds = 0;
        for (;;) {
            try {
                const GgufFile file = parse(w.bytes.substr(0, have), w.bytes.size());
                QCOMPARE(file.metadata.at("tokenizer.ggml.tokens").at("length").get<int>(), 2000);
                break;
            } catch (const GgufNeedMoreBytes& more) {
                QVERIFY(more.bytes > have);
                have = more.bytes;
                QVERIFY(++rounds < 5);
            }
        }
    }

    void hostileHeaders()
    {
        const std::uint64_t huge = std::uint64_t{1} << 40; // a file size far above the bytes given
        LHE_EXPECT_ERROR(std::string("GGML") + std::string(20, '\0'), 24, "not a GGUF file");
        LHE_EXPECT_ERROR(Writer().header(0, 0, 1).bytes, 24, "version 1");
        LHE_EXPECT_ERROR(Writer().header(0, 0, 4).bytes, 24, "unknown GGUF version 4");
        LHE_EXPECT_ERROR(Writer().header(0, 0, 0x03000000).bytes, 24, "big-endian");
        // Counts no file of this size can hold: refused before any loop or allocation.
        LHE_EXPECT_ERROR(Writer().header(std::uint64_t{1} << 60, 0).bytes, huge, "tensor infos cannot fit");
        LHE_EXPECT_ERROR(Writer().header(0, std::uint64_t{1} << 60).bytes, huge, "metadata pairs cannot fit");
        // A key of 2^63 bytes; a string value of 2^63 bytes; an array of 2^62 elements.
        LHE_EXPECT_ERROR(Writer().header(0, 1).u64(std::uint64_t{1} << 63).bytes, huge, "a key of");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("k").u32(STRING).u64(std::uint64_t{1} << 63).bytes, huge,
                         "file ends");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("k").u32(ARRAY).u32(U8).u64(std::uint64_t{1} << 62).bytes,
                         huge, "cannot fit");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("k").u32(13).u32(0).bytes, huge, "unknown value type 13");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("k").u32(ARRAY).u32(99).u64(1).bytes, huge,
                         "unknown value type 99");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("k").u32(BOOL).u8(2).bytes, huge, "boolean");
        LHE_EXPECT_ERROR(Writer().header(0, 2).kvU32("k", 1).kvU32("k", 2).bytes, huge, "twice");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("").bytes, huge, "empty");
        // Arrays nested ten deep.
        Writer nested;
        nested.header(0, 1).str("k").u32(ARRAY);
        for (int i = 0; i < 10; ++i)
            nested.u32(ARRAY).u64(1);
        LHE_EXPECT_ERROR(nested.bytes, huge, "nested");
        // general.alignment: a uint32 power of two (ggml src/gguf.cpp).
        LHE_EXPECT_ERROR(Writer().header(0, 1).kvU32("general.alignment", 0).bytes, huge,
                         "not a power of two");
        LHE_EXPECT_ERROR(Writer().header(0, 1).kvU32("general.alignment", 48).bytes, huge,
                         "not a power of two");
        LHE_EXPECT_ERROR(Writer().header(0, 1).str("general.alignment").u32(U64).u64(32).bytes, huge,
                         "must be a uint32");
    }

    void hostileTensorInfos()
    {
        const std::uint64_t huge = std::uint64_t{1} << 40;
        LHE_EXPECT_ERROR(oneTensor("t", {32}, 4), huge, "unknown ggml tensor type 4");
        LHE_EXPECT_ERROR(oneTensor("t", {32}, 99), huge, "unknown ggml tensor type 99");
        LHE_EXPECT_ERROR(oneTensor("t", {}, T_F32), huge, "0 dimensions");
        LHE_EXPECT_ERROR(oneTensor("t", {1, 1, 1, 1, 1}, T_F32), huge, "5 dimensions");
        LHE_EXPECT_ERROR(oneTensor("t", {4, 0}, T_F32), huge, "dimension 1 is 0");
        LHE_EXPECT_ERROR(oneTensor("t", {std::uint64_t{1} << 40, std::uint64_t{1} << 40}, T_F32), huge,
                         "2^53");
        // A Q4_K row must be whole 256-element super-blocks.
        LHE_EXPECT_ERROR(oneTensor("t", {100, 2}, T_Q4_K), huge, "blocks of 256");
        LHE_EXPECT_ERROR(oneTensor("t", {8}, T_F32, 16), huge, "not a multiple of the alignment 32");
        LHE_EXPECT_ERROR(oneTensor(std::string(65, 'n'), {8}, T_F32), huge, "tensor name of 65 bytes");
        LHE_EXPECT_ERROR(Writer().header(2, 0).tensor("t", {8}, T_F32, 0).tensor("t", {8}, T_F32, 32).bytes,
                         huge, "a second tensor");
        // 64 floats (256 B) at 0 and 8 floats at 32: the second starts inside the first.
        const std::string overlap =
            Writer().header(2, 0).tensor("big", {64}, T_F32, 0).tensor("small", {8}, T_F32, 32).bytes;
        LHE_EXPECT_ERROR(overlap, huge, "overlaps that of tensor \"big\"");
        const auto error = errorOf(overlap, huge);
        QVERIFY(error.has_value());
        QCOMPARE(error->fieldPath(), std::string("gguf.tensors[\"small\"]"));
        QCOMPARE(error->origin(), std::string("model.gguf"));
        // Past the end: the header is 24 bytes, the tensor info 8 + 1 + 4 + 8 + 4 + 8 = 33, so
        // the data starts at 64 (57 rounded up to 32) and 8 floats end at 96.
        const std::string past = oneTensor("t", {8}, T_F32, 0);
        QCOMPARE(past.size(), std::size_t{24 + 8 + 1 + 4 + 8 + 4 + 8});
        LHE_EXPECT_ERROR(past, 64 + 31, "run past the end of the file");
        QCOMPARE(parse(past, 64 + 32).dataOffset, std::uint64_t{64});
        // An offset near 2^64: the sum would wrap.
        LHE_EXPECT_ERROR(oneTensor("t", {8}, T_F32, ~std::uint64_t{31}), huge, "run past the end");
    }

    void invalidUtf8IsReplaced()
    {
        Writer w;
        w.header(1, 1).kvString("general.name", "ab\xff\xc3(\xed\xa0\x80z").tensor("\xf0\x9f", {8}, T_F32, 0);
        const GgufFile file = parse(w.bytes, 1 << 20);
        const std::string name = file.metadata.at("general.name").get<std::string>();
        QCOMPARE(name, std::string("ab\xEF\xBF\xBD\xEF\xBF\xBD(\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz"));
        QCOMPARE(file.inventory.tensors[0].name, std::string("\xEF\xBF\xBD\xEF\xBF\xBD"));
        QVERIFY(!file.metadata.dump().empty()); // nlohmann throws on invalid UTF-8
        // A valid multi-byte string stays as it is.
        Writer ok;
        ok.header(0, 1).kvString("general.name", "Qwen3 \xE4\xB8\x87 \xF0\x9F\x98\x80");
        QCOMPARE(parse(ok.bytes, 1 << 20).metadata.at("general.name").get<std::string>(),
                 std::string("Qwen3 \xE4\xB8\x87 \xF0\x9F\x98\x80"));
    }

    void llamaConfigFromGguf()
    {
        const Writer w = llamaHeader();
        const GgufFile file = parse(w.bytes, 1 << 20);
        std::vector<Message> warnings;
        const json config = lhe::core::hfConfigFromGguf(file, "tiny.gguf", warnings);
        QCOMPARE(config.at("model_type").get<std::string>(), std::string("llama"));
        QCOMPARE(config.at("_name_or_path").get<std::string>(), std::string("Tiny Llama"));
        QCOMPARE(config.at("num_key_value_heads").get<int>(), 2);
        QCOMPARE(config.at("head_dim").get<int>(), 64);
        QCOMPARE(config.at("vocab_size").get<int>(), 100);
        QCOMPARE(config.at("max_position_embeddings").get<int>(), 2048);
        QCOMPARE(config.at("tie_word_embeddings").get<bool>(), false); // output.weight is there
        // Float tensors: token_embd F16 25 600 elements against attn_norm F32 256.
        QCOMPARE(config.at("torch_dtype").get<std::string>(), std::string("float16"));
        const auto arch = lhe::core::architectureFromHfConfig(config, "tiny.gguf", warnings);
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        // Per layer: attention d·h·dh + 2·d·kv·dh + h·dh·d = 65 536 + 65 536 + 65 536 = 196 608;
        // SwiGLU 3·d·f = 3·256·512 = 393 216; two RMSNorms 2·256 = 512: 590 336, x 2 layers =
        // 1 180 672. Embedding and separate head 2·100·256 = 51 200; final norm 256.
        QCOMPARE(arch.paramsTotal, 1180672.0 + 51200.0 + 256.0);
    }

    void qwen3MoeConfigFromGguf()
    {
        Writer w;
        w.header(1, 10)
            .kvString("general.architecture", "qwen3moe")
            .kvU32("qwen3moe.block_count", 3)
            .kvU32("qwen3moe.context_length", 4096)
            .kvU32("qwen3moe.embedding_length", 128)
            .kvU32("qwen3moe.attention.head_count", 4)
            .kvU32("qwen3moe.attention.head_count_kv", 2)
            .kvU32("qwen3moe.attention.key_length", 48)
            .kvU32("qwen3moe.expert_count", 8)
            .kvU32("qwen3moe.expert_used_count", 2)
            .kvU32("qwen3moe.expert_feed_forward_length", 64)
            .tensor("token_embd.weight", {128, 70}, T_BF16, 0);
        // Vocabulary from the embedding table (ne[1] = 70) when no token list or vocab_size.
        std::vector<Message> warnings;
        const json config = lhe::core::hfConfigFromGguf(parse(w.bytes, 1 << 20), "moe.gguf", warnings);
        QCOMPARE(config.at("model_type").get<std::string>(), std::string("qwen3_moe"));
        QCOMPARE(config.at("num_experts").get<int>(), 8);
        QCOMPARE(config.at("num_experts_per_tok").get<int>(), 2);
        QCOMPARE(config.at("moe_intermediate_size").get<int>(), 64);
        QCOMPARE(config.at("vocab_size").get<int>(), 70);
        QCOMPARE(config.at("tie_word_embeddings").get<bool>(), true); // no output.weight
        QCOMPARE(config.at("torch_dtype").get<std::string>(), std::string("bfloat16"));
        const auto arch = lhe::core::architectureFromHfConfig(config, "moe.gguf", warnings);
        QVERIFY2(warnings.empty(), joined(warnings).c_str());
        // Per layer: attention 128·4·48 + 2·128·2·48 + 4·48·128 = 24 576 x 3 = 73 728, plus
        // Qwen3's q and k RMSNorms 2·48 = 96: 73 824. Router d·E = 128·8 = 1 024; experts
        // E·3·d·fe = 8·3·128·64 = 196 608; two norms 256: 271 712, x 3 layers = 815 136.
        // Tied embedding 70·128 = 8 960; final norm 128.
        QCOMPARE(arch.paramsTotal, 815136.0 + 8960.0 + 128.0);
        // Active: 6 idle experts of 3·128·64 = 24 576 per layer, x 3 = 442 368 fewer.
        QCOMPARE(arch.paramsActive, 815136.0 + 8960.0 + 128.0 - 442368.0);
    }

    void deepseekMlaAndMtpKeys()
    {
        // DeepSeek-V3-like metadata as convert_hf_to_gguf.py writes it for MLA served as MQA:
        // key_length = kv_lora_rank + rope, value_length = kv_lora_rank; per-head sizes in the
        // _mla keys. block_count counts the MTP block too.
        Writer w;
        w.header(0, 19)
            .kvString("general.architecture", "deepseek2")
            .kvU32("deepseek2.block_count", 4)
            .kvU32("deepseek2.nextn_predict_layers", 1)
            .kvU32("deepseek2.embedding_length", 256)
            .kvU32("deepseek2.feed_forward_length", 512)
            .kvU32("deepseek2.attention.head_count", 4)
            .kvU32("deepseek2.attention.head_count_kv", 1)
            .kvU32("deepseek2.attention.kv_lora_rank", 64)
            .kvU32("deepseek2.attention.q_lora_rank", 96)
            .kvU32("deepseek2.attention.key_length", 64 + 16)
            .kvU32("deepseek2.attention.value_length", 64)
            .kvU32("deepseek2.attention.key_length_mla", 48)
            .kvU32("deepseek2.attention.value_length_mla", 32)
            .kvU32("deepseek2.rope.dimension_count", 16)
            .kvU32("deepseek2.expert_count", 8)
            .kvU32("deepseek2.expert_used_count", 2)
            .kvU32("deepseek2.expert_shared_count", 1)
            .kvU32("deepseek2.leading_dense_block_count", 1)
            .kvU32("deepseek2.vocab_size", 1000);
        std::vector<Message> warnings;
        const json config = lhe::core::hfConfigFromGguf(parse(w.bytes, 1 << 20), "ds.gguf", warnings);
        QCOMPARE(config.at("model_type").get<std::string>(), std::string("deepseek_v3"));
        QCOMPARE(config.at("num_hidden_layers").get<int>(), 3);
        QCOMPARE(config.at("num_nextn_predict_layers").get<int>(), 1);
        QCOMPARE(config.at("qk_nope_head_dim").get<int>(), 48 - 16);
        QCOMPARE(config.at("qk_rope_head_dim").get<int>(), 16);
        QCOMPARE(config.at("v_head_dim").get<int>(), 32);
        QCOMPARE(config.at("q_lora_rank").get<int>(), 96);
        QCOMPARE(config.at("n_routed_experts").get<int>(), 8);
        QCOMPARE(config.at("n_shared_experts").get<int>(), 1);
        QCOMPARE(config.at("first_k_dense_replace").get<int>(), 1);
        QVERIFY(!config.contains("num_key_value_heads"));
        const auto arch = lhe::core::architectureFromHfConfig(config, "ds.gguf", warnings);
        QVERIFY(arch.mla);
        QCOMPARE(arch.layers, 3LL);
        QCOMPARE(arch.mtpLayers, 1LL);
        QCOMPARE(arch.denseLayers, 1LL);
        QCOMPARE(arch.moeLayers, 2LL);
    }

    void perLayerListsAndSlidingLayers()
    {
        Writer w;
        w.header(0, 8)
            .kvString("general.architecture", "gpt-oss")
            .kvU32("gpt-oss.block_count", 4)
            .kvU32("gpt-oss.embedding_length", 64)
            .kvU32Array("gpt-oss.feed_forward_length", {128, 256, 128, 64})
            .kvU32("gpt-oss.attention.head_count", 4)
            .kvU32("gpt-oss.attention.sliding_window", 128)
            .kvU32("gpt-oss.vocab_size", 500)
            .kvU32Array("gpt-oss.attention.head_count_kv", {2, 2, 1, 2});
        std::vector<Message> warnings;
        const json config = lhe::core::hfConfigFromGguf(parse(w.bytes, 1 << 20), "oss.gguf", warnings);
        QCOMPARE(config.at("model_type").get<std::string>(), std::string("gpt_oss"));
        QCOMPARE(config.at("intermediate_size").get<int>(), 256);
        LHE_COMPARE_JSON(config.at("intermediate_size_per_layer"), json::array({128, 256, 128, 64}));
        LHE_COMPARE_JSON(config.at("num_key_value_heads_per_layer"), json::array({2, 2, 1, 2}));
        // gpt-oss alternates sliding and full layers, sliding first.
        LHE_COMPARE_JSON(config.at("layer_types"), json::array({"sliding_attention", "full_attention",
                                                                "sliding_attention", "full_attention"}));
        // A per-layer list of the wrong length names its key.
        Writer bad;
        bad.header(0, 4)
            .kvString("general.architecture", "llama")
            .kvU32("llama.block_count", 3)
            .kvU32("llama.embedding_length", 64)
            .kvU32Array("llama.attention.head_count", {4, 4});
        try {
            lhe::core::hfConfigFromGguf(parse(bad.bytes, 1 << 20), "bad.gguf", warnings);
            QFAIL("no error");
        } catch (const InputError& error) {
            QCOMPARE(error.fieldPath(), std::string("gguf.metadata[\"llama.attention.head_count\"]"));
            QVERIFY2(std::string(error.what()).find("expected one per layer (3)") != std::string::npos,
                     error.what());
        }
    }

    void missingRequiredKeysAreNamed_data()
    {
        QTest::addColumn<QString>("missing");
        QTest::newRow("block_count") << QStringLiteral("llama.block_count");
        QTest::newRow("embedding_length") << QStringLiteral("llama.embedding_length");
        QTest::newRow("head_count") << QStringLiteral("llama.attention.head_count");
        QTest::newRow("architecture") << QStringLiteral("general.architecture");
    }
    void missingRequiredKeysAreNamed()
    {
        QFETCH(QString, missing);
        std::vector<std::pair<std::string, std::uint32_t>> keys{
            {"llama.block_count", 2}, {"llama.embedding_length", 64}, {"llama.attention.head_count", 4}};
        Writer w;
        const bool withArch = missing != QStringLiteral("general.architecture");
        std::uint64_t pairs = withArch ? std::uint64_t{1} : std::uint64_t{0};
        for (const auto& [key, value] : keys)
            pairs += key != missing.toStdString() ? std::uint64_t{1} : std::uint64_t{0};
        w.header(0, pairs);
        if (withArch)
            w.kvString("general.architecture", "llama");
        for (const auto& [key, value] : keys)
            if (key != missing.toStdString())
                w.kvU32(key, value);
        std::vector<Message> warnings;
        try {
            lhe::core::hfConfigFromGguf(parse(w.bytes, 1 << 20), "m.gguf", warnings);
            QFAIL("no error");
        } catch (const InputError& error) {
            const std::string what = error.what();
            QVERIFY2(what.rfind("m.gguf: ", 0) == 0, what.c_str());
            QVERIFY2(what.find(missing.toStdString()) != std::string::npos, what.c_str());
        }
    }

    // Writes the fuzzer's seed corpus (tests/fuzz/corpus/gguf) when LHE_WRITE_GGUF_CORPUS names
    // a folder; otherwise does nothing.
    void writeFuzzCorpus()
    {
        const char* folder = std::getenv("LHE_WRITE_GGUF_CORPUS");
        if (!folder)
            QSKIP("LHE_WRITE_GGUF_CORPUS not set");
        const std::vector<std::pair<std::string, std::string>> seeds{
            {"small.gguf", smallFile()},
            {"llama_header.gguf", llamaHeader().bytes},
            {"tensor_overlap.gguf",
             Writer().header(2, 0).tensor("big", {64}, T_F32, 0).tensor("small", {8}, T_F32, 32).bytes},
            {"nested_array.gguf",
             Writer().header(0, 1).str("k").u32(ARRAY).u32(ARRAY).u64(1).u32(I32).u64(2).u32(7).u32(9).bytes},
        };
        for (const auto& [name, bytes] : seeds) {
            std::ofstream out(std::string(folder) + "/" + name, std::ios::binary);
            out << bytes;
            QVERIFY(out.good());
        }
    }
};

QTEST_GUILESS_MAIN(TestGgufFile)
#include "tst_gguf_file.moc"
