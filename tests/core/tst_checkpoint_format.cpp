// Tests for checkpointFormatFromHfConfig: the storage format of each weight group read from the
// quantization_config blocks checkpoints publish, checked against the formats' own arithmetic
// written out here (block element bits + scale bits / block size), never against the code.
#include "core/common/input_error.h"
#include "core/model/checkpoint_format.h"

#include <QtTest>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using lhe::core::CheckpointFormat;
using lhe::core::InputError;
using lhe::core::WeightGroup;
using nlohmann::json;

namespace {

constexpr std::array kAllGroups{WeightGroup::Embedding,     WeightGroup::LmHead,
                                WeightGroup::Attention,     WeightGroup::DenseMlp,
                                WeightGroup::SharedExperts, WeightGroup::RoutedExperts,
                                WeightGroup::Router,        WeightGroup::Norms,
                                WeightGroup::Vision,        WeightGroup::Mtp};

CheckpointFormat read(const json& config, std::vector<lhe::core::Message>& warnings)
{
    return lhe::core::checkpointFormatFromHfConfig(config, "config", warnings);
}

// Warnings from read(config), which expects none; cleanup() fails the test on any.
std::vector<lhe::core::Message> unexpectedWarnings;

CheckpointFormat read(const json& config)
{
    return read(config, unexpectedWarnings);
}

double bits(const CheckpointFormat& format, WeightGroup group)
{
    return format.group(group).bitsPerParam;
}

// The InputError a config throws (fails the test when none is thrown).
InputError errorOf(const json& config)
{
    std::vector<lhe::core::Message> warnings;
    try {
        read(config, warnings);
    } catch (const InputError& error) {
        return error;
    }
    return InputError("", lhe::core::verbatimMessage("no error thrown"));
}

std::string joined(const std::vector<lhe::core::Message>& lines)
{
    std::string text;
    for (const auto& line : lines)
        text += lhe::core::englishText(line) + "\n";
    return text;
}

} // namespace

#define LHE_COMPARE_BITS(actual, expected)                                                                   \
    do {                                                                                                     \
        const double lheActual = (actual);                                                                   \
        const double lheExpected = (expected);                                                               \
        QVERIFY2(std::abs(lheActual - lheExpected) < 1e-12,                                                  \
                 qPrintable(QStringLiteral("actual %1, expected %2")                                         \
                                .arg(lheActual, 0, 'g', 17)                                                  \
                                .arg(lheExpected, 0, 'g', 17)));                                             \
    } while (false)

class TestCheckpointFormat : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        const std::string text = joined(unexpectedWarnings);
        unexpectedWarnings.clear();
        QVERIFY2(text.empty(), text.c_str());
    }

    void unquantizedCheckpointsUseTorchDtype_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<double>("expectedBits");
        QTest::addColumn<QString>("expectedFormat");
        QTest::newRow("bfloat16") << QByteArray(R"({"torch_dtype": "bfloat16"})") << 16.0
                                  << QStringLiteral("bf16");
        QTest::newRow("float16") << QByteArray(R"({"torch_dtype": "float16"})") << 16.0
                                 << QStringLiteral("fp16");
        QTest::newRow("float32") << QByteArray(R"({"torch_dtype": "float32"})") << 32.0
                                 << QStringLiteral("fp32");
        // transformers v5 writes "dtype".
        QTest::newRow("dtype key") << QByteArray(R"({"dtype": "float32"})") << 32.0 << QStringLiteral("fp32");
        QTest::newRow("absent: bf16")
            << QByteArray(R"({"model_type": "llama"})") << 16.0 << QStringLiteral("bf16");
        // Multimodal configs (Gemma 3, Qwen2.5-VL) keep it in text_config.
        QTest::newRow("text_config") << QByteArray(R"({"text_config": {"torch_dtype": "float16"}})") << 16.0
                                     << QStringLiteral("fp16");
    }
    void unquantizedCheckpointsUseTorchDtype()
    {
        QFETCH(QByteArray, config);
        QFETCH(double, expectedBits);
        QFETCH(QString, expectedFormat);
        const CheckpointFormat format = read(json::parse(config.toStdString()));
        QVERIFY(!format.quantized());
        QCOMPARE(format.method, std::string());
        for (WeightGroup group : kAllGroups) {
            LHE_COMPARE_BITS(bits(format, group), expectedBits);
            QCOMPARE(QString::fromStdString(format.group(group).format), expectedFormat);
        }
        QCOMPARE(QString::fromStdString(format.summary), expectedFormat + QStringLiteral(" throughout"));
    }

    void gptOss120bMxfp4OnRoutedExpertsOnly()
    {
        // https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json (the block as
        // published; gpt-oss-20b's is identical).
        const json config = json::parse(R"({
            "architectures": ["GptOssForCausalLM"],
            "model_type": "gpt_oss",
            "num_hidden_layers": 36,
            "num_local_experts": 128,
            "quantization_config": {
                "modules_to_not_convert": [
                    "model.layers.*.self_attn",
                    "model.layers.*.mlp.router",
                    "model.embed_tokens",
                    "lm_head"
                ],
                "quant_method": "mxfp4"
            },
            "tie_word_embeddings": false
        })");
        const CheckpointFormat format = read(config);
        QVERIFY(format.quantized());
        QCOMPARE(format.method, std::string("mxfp4"));
        // OCP MX v1.0: 32 E2M1 (4-bit) elements share one 8-bit E8M0 scale.
        LHE_COMPARE_BITS(bits(format, WeightGroup::RoutedExperts), 4.0 + 8.0 / 32.0);
        QCOMPARE(format.group(WeightGroup::RoutedExperts).format, std::string("mxfp4"));
        for (WeightGroup group : {WeightGroup::Attention, WeightGroup::Router, WeightGroup::Embedding,
                                  WeightGroup::LmHead, WeightGroup::Norms}) {
            LHE_COMPARE_BITS(bits(format, group), 16.0);
            QCOMPARE(format.group(group).format, std::string("bf16"));
        }
        QCOMPARE(format.summary, std::string("MXFP4 (4.25 bit) on routed experts; bf16 elsewhere"));
    }

    void ggufGroupFormats()
    {
        // A GGUF file has no config.json: the project's form lists each group's ggml type, as the
        // ggml-org gpt-oss-120b GGUF's tensor list gives them (Q8_0 attention, embeddings and
        // output; MXFP4 experts; f32 router and norms).
        const json config = json::parse(R"({
            "model_type": "gpt_oss",
            "quantization_config": {"quant_method": "gguf", "group_formats": {
                "attention": "q8_0", "embedding": "q8_0", "lm_head": "q8_0",
                "routed_experts": "mxfp4", "router": "fp32", "norms": "fp32"}}
        })");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("gguf"));
        // ggml's block_q8_0: 32 int8 quants and one fp16 scale, (32 x 8 + 16) / 32 bits.
        for (WeightGroup group : {WeightGroup::Attention, WeightGroup::Embedding, WeightGroup::LmHead})
            LHE_COMPARE_BITS(bits(format, group), (32.0 * 8.0 + 16.0) / 32.0);
        // ggml's block_mxfp4: 16 bytes of E2M1 pairs and one E8M0 byte per 32 weights.
        LHE_COMPARE_BITS(bits(format, WeightGroup::RoutedExperts), (16.0 + 1.0) * 8.0 / 32.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Router), 32.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Norms), 32.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::DenseMlp), 16.0); // not listed: torch_dtype
        QCOMPARE(format.group(WeightGroup::Attention).format, std::string("q8_0"));
        QVERIFY2(format.summary.find("Q8_0 (8.5 bit) on embedding, lm head and attention") == 0,
                 format.summary.c_str());
    }

    void deepSeekV3Fp8Blocks()
    {
        // https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json, the block
        // README_WEIGHTS.md documents (deepseek-ai/DeepSeek-V3 on GitHub); DeepSeek-R1's is the same.
        const json config = json::parse(R"({
            "architectures": ["DeepseekV3ForCausalLM"],
            "model_type": "deepseek_v3",
            "num_hidden_layers": 61,
            "num_nextn_predict_layers": 1,
            "quantization_config": {
                "activation_scheme": "dynamic",
                "fmt": "e4m3",
                "quant_method": "fp8",
                "weight_block_size": [128, 128]
            },
            "torch_dtype": "bfloat16"
        })");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("fp8"));
        // e4m3 weights + one float32 weight_scale_inv per 128x128 block.
        const double fp8Block = 8.0 + 32.0 / (128.0 * 128.0);
        for (WeightGroup group : {WeightGroup::Attention, WeightGroup::DenseMlp, WeightGroup::SharedExperts,
                                  WeightGroup::RoutedExperts, WeightGroup::Mtp}) {
            LHE_COMPARE_BITS(bits(format, group), fp8Block);
            QCOMPARE(format.group(group).format, std::string("fp8_e4m3_block128x128"));
        }
        // The embedding, lm_head and norms are bf16 in the checkpoint; the gate is a bare
        // Parameter (not a Linear) in DeepSeek's inference/model.py, bf16 too.
        for (WeightGroup group :
             {WeightGroup::Embedding, WeightGroup::LmHead, WeightGroup::Router, WeightGroup::Norms})
            LHE_COMPARE_BITS(bits(format, group), 16.0);
        QCOMPARE(format.summary,
                 std::string("FP8 e4m3 block128x128 (8.002 bit) on attention, dense mlp, shared "
                             "experts, routed experts and mtp; bf16 elsewhere"));
    }

    void kimiK2InstructAndMiniMaxM2Fp8Blocks()
    {
        // https://huggingface.co/moonshotai/Kimi-K2-Instruct/blob/main/config.json: DeepSeek-V3's block.
        const json kimi = json::parse(R"({"model_type": "kimi_k2", "num_nextn_predict_layers": 0,
            "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
                "weight_block_size": [128, 128]}, "torch_dtype": "bfloat16"})");
        const CheckpointFormat kimiFormat = read(kimi);
        LHE_COMPARE_BITS(bits(kimiFormat, WeightGroup::RoutedExperts), 8.0 + 32.0 / (128.0 * 128.0));
        LHE_COMPARE_BITS(bits(kimiFormat, WeightGroup::LmHead), 16.0);
        // No MTP layer in this checkpoint, so the summary does not name one.
        QCOMPARE(kimiFormat.summary, std::string("FP8 e4m3 block128x128 (8.002 bit) on attention, dense mlp, "
                                                 "shared experts and routed experts; bf16 elsewhere"));
        // https://huggingface.co/MiniMaxAI/MiniMax-M2/blob/main/config.json (no torch_dtype).
        const json minimax = json::parse(R"({"model_type": "minimax_m2", "quantization_config": {
            "activation_scheme": "dynamic", "fmt": "float8_e4m3fn", "quant_method": "fp8",
            "weight_block_size": [128, 128],
            "modules_to_not_convert": ["gate", "e_score_correction_bias", "lm_head"]}})");
        const CheckpointFormat minimaxFormat = read(minimax);
        LHE_COMPARE_BITS(bits(minimaxFormat, WeightGroup::RoutedExperts), 8.0 + 32.0 / (128.0 * 128.0));
        LHE_COMPARE_BITS(bits(minimaxFormat, WeightGroup::Attention), 8.0 + 32.0 / (128.0 * 128.0));
        QCOMPARE(minimaxFormat.group(WeightGroup::Attention).format, std::string("fp8_e4m3_block128x128"));
        for (WeightGroup group : {WeightGroup::Router, WeightGroup::LmHead, WeightGroup::Embedding})
            LHE_COMPARE_BITS(bits(minimaxFormat, group), 16.0);
    }

    void fp8WithoutBlockSizeHasOneScalePerTensor()
    {
        // The form vLLM's Fp8Config reads for per-tensor checkpoints (no weight_block_size).
        const json config = json::parse(R"({"quantization_config": {"quant_method": "fp8",
                                             "activation_scheme": "static"}})");
        const CheckpointFormat format = read(config);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 8.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
    }

    void fp8HonoursModulesToNotConvert()
    {
        // Constructed: a block-FP8 checkpoint keeping attention and the gates in bf16.
        const json config = json::parse(R"({"quantization_config": {"quant_method": "fp8", "fmt": "e4m3",
            "weight_block_size": [128, 128],
            "modules_to_not_convert": ["model.layers.*.self_attn", "gate", "lm_head"]}})");
        const CheckpointFormat format = read(config);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Router), 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::RoutedExperts), 8.0 + 32.0 / (128.0 * 128.0));
    }

    void kimiK2ThinkingInt4RoutedExperts()
    {
        // https://huggingface.co/moonshotai/Kimi-K2-Thinking/blob/main/config.json: int4 routed
        // experts (compressed-tensors pack-quantized, symmetric, groups of 32); attention, shared
        // experts and the dense first layer's MLP stay bf16.
        const json config = json::parse(R"({
            "architectures": ["DeepseekV3ForCausalLM"],
            "model_type": "kimi_k2",
            "quantization_config": {
                "config_groups": {
                    "group_0": {
                        "input_activations": null,
                        "output_activations": null,
                        "targets": ["Linear"],
                        "weights": {
                            "actorder": null,
                            "block_structure": null,
                            "dynamic": false,
                            "group_size": 32,
                            "num_bits": 4,
                            "observer": "minmax",
                            "observer_kwargs": {},
                            "strategy": "group",
                            "symmetric": true,
                            "type": "int"
                        }
                    }
                },
                "format": "pack-quantized",
                "ignore": [
                    "lm_head",
                    "re:.*self_attn.*",
                    "re:.*shared_experts.*",
                    "re:.*mlp\\.(gate|up|gate_up|down)_proj.*"
                ],
                "kv_cache_scheme": null,
                "quant_method": "compressed-tensors",
                "quantization_status": "compressed"
            },
            "torch_dtype": "bfloat16"
        })");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("compressed-tensors"));
        // 4-bit values + one bf16 scale per 32.
        LHE_COMPARE_BITS(bits(format, WeightGroup::RoutedExperts), 4.0 + 16.0 / 32.0);
        QCOMPARE(format.group(WeightGroup::RoutedExperts).format, std::string("int4_g32"));
        for (WeightGroup group :
             {WeightGroup::Attention, WeightGroup::SharedExperts, WeightGroup::DenseMlp, WeightGroup::LmHead,
              WeightGroup::Embedding, WeightGroup::Router, WeightGroup::Norms})
            LHE_COMPARE_BITS(bits(format, group), 16.0);
        QCOMPARE(format.summary, std::string("INT4 g32 (4.5 bit) on routed experts; bf16 elsewhere"));
    }

    void compressedTensorsNvfp4()
    {
        // The NVFP4 scheme as llm-compressor writes it (format nvfp4-pack-quantized, strategy
        // tensor_group, groups of 16; compressed-tensors' QuantizationArgs fields), copied from a
        // public GitHub copy of a Qwen3-VL-MoE NVFP4 config; the ignore list is llm-compressor's
        // MoE example's (examples/quantization_w4a4_fp4).
        const json config = json::parse(R"({
            "quantization_config": {
                "config_groups": {
                    "group_0": {
                        "format": "nvfp4-pack-quantized",
                        "input_activations": {"actorder": null, "block_structure": null, "dynamic": "local",
                            "group_size": 16, "num_bits": 4, "observer": "static_minmax", "observer_kwargs": {},
                            "strategy": "tensor_group", "symmetric": true, "type": "float"},
                        "output_activations": null,
                        "targets": ["Linear"],
                        "weights": {"actorder": null, "block_structure": null, "dynamic": false,
                            "group_size": 16, "num_bits": 4, "observer": "static_minmax", "observer_kwargs": {},
                            "strategy": "tensor_group", "symmetric": true, "type": "float"}
                    }
                },
                "format": "nvfp4-pack-quantized",
                "ignore": ["lm_head", "re:.*mlp.gate$"],
                "kv_cache_scheme": null,
                "quant_method": "compressed-tensors",
                "quantization_status": "compressed"
            },
            "torch_dtype": "bfloat16"
        })");
        const CheckpointFormat format = read(config);
        // 16 fp4 (E2M1) values + one fp8 E4M3 scale (the fp32 global scale per tensor is negligible).
        for (WeightGroup group : {WeightGroup::Attention, WeightGroup::DenseMlp, WeightGroup::RoutedExperts})
            LHE_COMPARE_BITS(bits(format, group), 4.0 + 8.0 / 16.0);
        QCOMPARE(format.group(WeightGroup::Attention).format, std::string("nvfp4"));
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Router), 16.0);
    }

    void compressedTensorsAsymmetricInt4AddsZeroPoints()
    {
        // Constructed from the w4a16 scheme with symmetric false (llm-compressor's W4A16_ASYM):
        // zero points are packed at num_bits beside the bf16 scales.
        const json config = json::parse(R"({"quantization_config": {"quant_method": "compressed-tensors",
            "format": "pack-quantized", "quantization_status": "compressed", "ignore": ["lm_head"],
            "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "int",
                "strategy": "group", "group_size": 128, "symmetric": false, "dynamic": false}}}},
            "torch_dtype": "bfloat16"})");
        const CheckpointFormat format = read(config);
        LHE_COMPARE_BITS(bits(format, WeightGroup::DenseMlp), 4.0 + 16.0 / 128.0 + 4.0 / 128.0);
        QCOMPARE(format.group(WeightGroup::DenseMlp).format, std::string("int4_g128_asym"));
    }

    void compressedTensorsFp8Channel()
    {
        // The FP8_DYNAMIC scheme (RedHatAI/*-FP8-dynamic): fp8 weights, one scale per output channel.
        const json config = json::parse(R"({"quantization_config": {"quant_method": "compressed-tensors",
            "format": "float-quantized", "quantization_status": "compressed", "ignore": ["lm_head"],
            "config_groups": {"group_0": {"targets": ["Linear"],
                "input_activations": {"dynamic": true, "num_bits": 8, "strategy": "token", "symmetric": true, "type": "float"},
                "weights": {"dynamic": false, "num_bits": 8, "strategy": "channel", "symmetric": true, "type": "float"}}}}})");
        const CheckpointFormat format = read(config);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 8.0);
        QCOMPARE(format.group(WeightGroup::Attention).format, std::string("fp8_e4m3_channel"));
    }

    void modeloptNvfp4()
    {
        // The config.json form of a TensorRT Model Optimizer NVFP4 export (producer modelopt
        // 0.34), as FastDeploy's ModelOptNvFp4Config tests hold it.
        const json config = json::parse(R"({"quantization_config": {
            "config_groups": {"group_0": {
                "input_activations": {"dynamic": false, "num_bits": 4, "type": "float", "group_size": 16},
                "weights": {"dynamic": false, "num_bits": 4, "type": "float", "group_size": 16},
                "targets": ["Linear"]}},
            "quant_algo": "NVFP4",
            "producer": {"name": "modelopt", "version": "0.34.1.dev85+g7a72957d"},
            "quant_method": "modelopt"}, "torch_dtype": "bfloat16"})");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("modelopt"));
        // 16 E2M1 values share one fp8 E4M3 scale.
        LHE_COMPARE_BITS(bits(format, WeightGroup::RoutedExperts), 4.0 + 8.0 / 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 4.0 + 8.0 / 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
    }

    void modeloptLegacyNestedBlock()
    {
        // The hf_quant_config.json shape ({"quantization": {...}}) some exports copy into
        // quantization_config, as vLLM's test_legacy_modelopt_config_without_producer holds it.
        const json config = json::parse(R"({"quantization_config": {"quantization": {
            "quant_algo": "NVFP4", "group_size": 16, "kv_cache_quant_algo": null,
            "exclude_modules": ["lm_head", "model.layers.*.self_attn*"]}}})");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("modelopt"));
        LHE_COMPARE_BITS(bits(format, WeightGroup::DenseMlp), 4.0 + 8.0 / 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 16.0);
    }

    void bitsAndBytesNf4DoubleQuant()
    {
        // The block transformers 4.46.1 writes for BitsAndBytesConfig(load_in_4bit=True,
        // bnb_4bit_quant_type="nf4", bnb_4bit_use_double_quant=True) on Meta-Llama-3-8B-Instruct
        // (BitsAndBytesConfig.to_dict in transformers' utils/quantization_config.py), as printed
        // in a public notebook.
        const json config = json::parse(R"({
            "model_type": "llama",
            "quantization_config": {
                "_load_in_4bit": true,
                "_load_in_8bit": false,
                "bnb_4bit_compute_dtype": "float32",
                "bnb_4bit_quant_storage": "uint8",
                "bnb_4bit_quant_type": "nf4",
                "bnb_4bit_use_double_quant": true,
                "llm_int8_enable_fp32_cpu_offload": false,
                "llm_int8_has_fp16_weight": false,
                "llm_int8_skip_modules": null,
                "llm_int8_threshold": 6.0,
                "load_in_4bit": true,
                "load_in_8bit": false,
                "quant_method": "bitsandbytes"
            },
            "torch_dtype": "bfloat16"
        })");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("bitsandbytes"));
        // QLoRA §3: absmax in 8 bits per 64 weights, plus an fp32 constant per 256 blocks.
        const double nf4DoubleQuant = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), nf4DoubleQuant);
        LHE_COMPARE_BITS(bits(format, WeightGroup::DenseMlp), nf4DoubleQuant);
        QVERIFY(std::abs(nf4DoubleQuant - 4.127) < 0.001); // the paper's 0.127 bits of overhead
        LHE_COMPARE_BITS(bits(format, WeightGroup::Embedding), 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
    }

    void bitsAndBytesNf4AndInt8()
    {
        // Without double quantization: an fp32 absmax per block of 64.
        const json nf4 = json::parse(R"({"quantization_config": {"quant_method": "bitsandbytes",
            "load_in_4bit": true, "bnb_4bit_quant_type": "nf4", "bnb_4bit_use_double_quant": false,
            "llm_int8_skip_modules": ["mlp"]}})");
        const CheckpointFormat format4 = read(nf4);
        LHE_COMPARE_BITS(bits(format4, WeightGroup::Attention), 4.0 + 32.0 / 64.0);
        LHE_COMPARE_BITS(bits(format4, WeightGroup::DenseMlp), 16.0); // llm_int8_skip_modules
        // LLM.int8(), as diffusers' test_mixed_int8.py expects transformers to print it.
        const json int8 = json::parse(R"({"quantization_config": {
            "_load_in_4bit": false, "_load_in_8bit": true, "bnb_4bit_compute_dtype": "float32",
            "bnb_4bit_quant_storage": "uint8", "bnb_4bit_quant_type": "fp4", "bnb_4bit_use_double_quant": false,
            "llm_int8_enable_fp32_cpu_offload": false, "llm_int8_has_fp16_weight": false,
            "llm_int8_skip_modules": null, "llm_int8_threshold": 6.0, "load_in_4bit": false,
            "load_in_8bit": true, "quant_method": "bitsandbytes"}})");
        const CheckpointFormat format8 = read(int8);
        LHE_COMPARE_BITS(bits(format8, WeightGroup::Attention), 8.0);
        LHE_COMPARE_BITS(bits(format8, WeightGroup::LmHead), 16.0);
    }

    void theBlokeGptq()
    {
        // https://huggingface.co/TheBloke/Llama-2-7B-Chat-GPTQ/blob/main/config.json (the block
        // intel/neural-compressor reproduces as its default GPTQ quantization_config).
        const json config = json::parse(R"({
            "model_type": "llama",
            "quantization_config": {
                "bits": 4,
                "group_size": 128,
                "damp_percent": 0.01,
                "desc_act": true,
                "sym": true,
                "true_sequential": true,
                "model_name_or_path": null,
                "model_file_base_name": "model",
                "quant_method": "gptq"
            },
            "torch_dtype": "float16"
        })");
        const CheckpointFormat format = read(config);
        QCOMPARE(format.method, std::string("gptq"));
        // 4-bit values + per group of 128: one fp16 scale and one 4-bit zero.
        const double gptq = 4.0 + (16.0 + 4.0) / 128.0;
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), gptq);
        LHE_COMPARE_BITS(bits(format, WeightGroup::DenseMlp), gptq);
        QCOMPARE(format.group(WeightGroup::DenseMlp).format, std::string("int4_g128"));
        LHE_COMPARE_BITS(bits(format, WeightGroup::Embedding), 16.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
        QCOMPARE(format.group(WeightGroup::LmHead).format, std::string("fp16"));
    }

    void gptqPerChannel()
    {
        const json config = json::parse(R"({"quantization_config": {"quant_method": "gptq", "bits": 8,
                                             "group_size": -1, "sym": true}})");
        LHE_COMPARE_BITS(bits(read(config), WeightGroup::Attention), 8.0);
    }

    void awqGemm()
    {
        // The block transformers' AwqConfig writes, the shape of TheBloke's *-AWQ uploads
        // (e.g. https://huggingface.co/TheBloke/Mistral-7B-Instruct-v0.2-AWQ/blob/main/config.json).
        const json config = json::parse(R"({"quantization_config": {"quant_method": "awq", "zero_point": true,
            "group_size": 128, "bits": 4, "version": "gemm"}, "torch_dtype": "float16"})");
        const CheckpointFormat format = read(config);
        // 4-bit values + per group of 128: one fp16 scale and one packed 4-bit zero.
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 4.0 + (16.0 + 4.0) / 128.0);
        LHE_COMPARE_BITS(bits(format, WeightGroup::LmHead), 16.0);
        const json noZero =
            json::parse(R"({"quantization_config": {"quant_method": "awq", "zero_point": false,
            "group_size": 128, "bits": 4, "version": "marlin"}})");
        LHE_COMPARE_BITS(bits(read(noZero), WeightGroup::DenseMlp), 4.0 + 16.0 / 128.0);
    }

    void unknownMethodWarnsAndKeepsTorchDtype()
    {
        const json config = json::parse(R"({"quantization_config": {"quant_method": "hqq", "nbits": 4},
                                             "torch_dtype": "float16"})");
        std::vector<lhe::core::Message> warnings;
        const CheckpointFormat format = read(config, warnings);
        QCOMPARE(format.method, std::string("hqq"));
        for (WeightGroup group : kAllGroups) {
            LHE_COMPARE_BITS(bits(format, group), 16.0);
            QCOMPARE(format.group(group).format, std::string("fp16"));
        }
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(lhe::core::englishText(warnings[0])
                         .find("quantization_config.quant_method \"hqq\" is not understood") !=
                     std::string::npos,
                 lhe::core::englishText(warnings[0]).c_str());
        QVERIFY2(lhe::core::englishText(warnings[0]).find("torch_dtype") != std::string::npos,
                 lhe::core::englishText(warnings[0]).c_str());
    }

    void malformedFieldsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QString>("field");
        QTest::newRow("bits as a string")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "gptq", "bits": "4", "group_size": 128}})")
            << QStringLiteral("config.quantization_config.bits");
        QTest::newRow("bits 0") << QByteArray(
                                       R"({"quantization_config": {"quant_method": "gptq", "bits": 0}})")
                                << QStringLiteral("config.quantization_config.bits");
        QTest::newRow("bits 99") << QByteArray(
                                        R"({"quantization_config": {"quant_method": "awq", "bits": 99}})")
                                 << QStringLiteral("config.quantization_config.bits");
        QTest::newRow("group_size 0")
            << QByteArray(R"({"quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 0}})")
            << QStringLiteral("config.quantization_config.group_size");
        QTest::newRow("weight_block_size [128]")
            << QByteArray(R"({"quantization_config": {"quant_method": "fp8", "weight_block_size": [128]}})")
            << QStringLiteral("config.quantization_config.weight_block_size");
        QTest::newRow("weight_block_size strings")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "fp8", "weight_block_size": ["128", "128"]}})")
            << QStringLiteral("config.quantization_config.weight_block_size");
        QTest::newRow("compressed-tensors num_bits 99")
            << QByteArray(R"({"quantization_config": {"quant_method": "compressed-tensors", "config_groups":
                 {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 99, "type": "int"}}}}})")
            << QStringLiteral("config.quantization_config.config_groups.group_0.weights.num_bits");
        QTest::newRow("compressed-tensors group_size 0")
            << QByteArray(R"({"quantization_config": {"quant_method": "compressed-tensors", "config_groups":
                 {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "int",
                 "strategy": "group", "group_size": 0}}}}})")
            << QStringLiteral("config.quantization_config.config_groups.group_0.weights.group_size");
        QTest::newRow("compressed-tensors strategy")
            << QByteArray(R"({"quantization_config": {"quant_method": "compressed-tensors", "config_groups":
                 {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "strategy": "rows"}}}}})")
            << QStringLiteral("config.quantization_config.config_groups.group_0.weights.strategy");
        QTest::newRow("compressed-tensors type")
            << QByteArray(R"({"quantization_config": {"quant_method": "compressed-tensors", "config_groups":
                 {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "posit"}}}}})")
            << QStringLiteral("config.quantization_config.config_groups.group_0.weights.type");
        QTest::newRow("ignore not a list")
            << QByteArray(R"({"quantization_config": {"quant_method": "compressed-tensors", "ignore": 3,
                 "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 4}}}}})")
            << QStringLiteral("config.quantization_config.ignore");
        QTest::newRow("bnb quant type")
            << QByteArray(R"({"quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": true,
                 "bnb_4bit_quant_type": "nf3"}})")
            << QStringLiteral("config.quantization_config.bnb_4bit_quant_type");
        QTest::newRow("bnb both")
            << QByteArray(R"({"quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": true,
                 "load_in_8bit": true}})")
            << QStringLiteral("config.quantization_config.load_in_8bit");
        QTest::newRow("load_in_4bit a string")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": "yes"}})")
            << QStringLiteral("config.quantization_config.load_in_4bit");
        QTest::newRow("gguf without group_formats")
            << QByteArray(R"({"quantization_config": {"quant_method": "gguf"}})")
            << QStringLiteral("config.quantization_config.group_formats");
        QTest::newRow("gguf unknown group")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "gguf", "group_formats": {"ffn": "q4_0"}}})")
            << QStringLiteral("config.quantization_config.group_formats.ffn");
        QTest::newRow("gguf unknown format")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "gguf", "group_formats": {"attention": "q3_x"}}})")
            << QStringLiteral("config.quantization_config.group_formats.attention");
        QTest::newRow("gguf format a number")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "gguf", "group_formats": {"attention": 8}}})")
            << QStringLiteral("config.quantization_config.group_formats.attention");
        QTest::newRow("gguf format checkpoint")
            << QByteArray(
                   R"({"quantization_config": {"quant_method": "gguf", "group_formats": {"norms": "checkpoint"}}})")
            << QStringLiteral("config.quantization_config.group_formats.norms");
        QTest::newRow("quantization_config not an object")
            << QByteArray(R"({"quantization_config": 4})") << QStringLiteral("config.quantization_config");
        QTest::newRow("torch_dtype a number")
            << QByteArray(R"({"torch_dtype": 16})") << QStringLiteral("config.torch_dtype");
    }
    void malformedFieldsNameTheField()
    {
        QFETCH(QByteArray, config);
        QFETCH(QString, field);
        const InputError error = errorOf(json::parse(config.toStdString()));
        QCOMPARE(QString::fromStdString(error.fieldPath()), field);
        const std::string message = error.what();
        QVERIFY2(message.rfind(field.toStdString() + ": ", 0) == 0, message.c_str());
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
    }

    void invalidRegexNamesTheListEntry()
    {
        // Built in code: moc loses its place in a raw string holding an unbalanced bracket.
        json config = {
            {"quantization_config",
             {{"quant_method", "compressed-tensors"},
              {"ignore", {"lm_head", "re:[a-"}},
              {"config_groups", {{"group_0", {{"targets", {"Linear"}}, {"weights", {{"num_bits", 4}}}}}}}}}};
        const InputError error = errorOf(config);
        QCOMPARE(error.fieldPath(), std::string("config.quantization_config.ignore[1]"));
        QVERIFY2(std::string(error.what()).find("re:[a-") != std::string::npos, error.what());
    }

    void groupsMatchedByPatterns_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QStringList>("groups");
        QTest::newRow("lm_head") << QStringLiteral("lm_head") << QStringList{QStringLiteral("lm_head")};
        QTest::newRow("embed_tokens")
            << QStringLiteral("model.embed_tokens") << QStringList{QStringLiteral("embedding")};
        QTest::newRow("gpt-oss attention")
            << QStringLiteral("model.layers.*.self_attn") << QStringList{QStringLiteral("attention")};
        QTest::newRow("gpt-oss router")
            << QStringLiteral("model.layers.*.mlp.router") << QStringList{QStringLiteral("router")};
        QTest::newRow("MiniMax gate") << QStringLiteral("gate") << QStringList{QStringLiteral("router")};
        QTest::newRow("qwen gate regex")
            << QStringLiteral("re:.*mlp.gate$") << QStringList{QStringLiteral("router")};
        QTest::newRow("mixtral gate regex")
            << QStringLiteral("re:.*block_sparse_moe.gate") << QStringList{QStringLiteral("router")};
        QTest::newRow("kimi attention")
            << QStringLiteral("re:.*self_attn.*") << QStringList{QStringLiteral("attention")};
        QTest::newRow("kimi shared experts")
            << QStringLiteral("re:.*shared_experts.*") << QStringList{QStringLiteral("shared_experts")};
        QTest::newRow("kimi dense mlp") << QStringLiteral("re:.*mlp\\.(gate|up|gate_up|down)_proj.*")
                                        << QStringList{QStringLiteral("dense_mlp")};
        QTest::newRow("experts") << QStringLiteral("mlp.experts")
                                 << QStringList{QStringLiteral("routed_experts")};
        QTest::newRow("all mlp") << QStringLiteral("re:.*mlp.*")
                                 << QStringList{QStringLiteral("dense_mlp"), QStringLiteral("shared_experts"),
                                                QStringLiteral("routed_experts"), QStringLiteral("router")};
        QTest::newRow("qwen-vl visual")
            << QStringLiteral("re:model.visual.*") << QStringList{QStringLiteral("vision")};
        QTest::newRow("mtp") << QStringLiteral("re:mtp.*") << QStringList{QStringLiteral("mtp")};
        QTest::newRow("norms") << QStringLiteral("re:.*norm.*") << QStringList{QStringLiteral("norms")};
        QTest::newRow("one expert only") << QStringLiteral("model.layers.*.mlp.experts.0") << QStringList{};
        QTest::newRow("one MLA projection") << QStringLiteral("re:.*kv_a_proj_with_mqa$") << QStringList{};
        QTest::newRow("gate_proj is not the gate") << QStringLiteral("gate_proj") << QStringList{};
    }
    void groupsMatchedByPatterns()
    {
        QFETCH(QString, pattern);
        QFETCH(QStringList, groups);
        QStringList actual;
        for (WeightGroup group : lhe::core::groupsMatchedBy(pattern.toStdString()))
            actual << QString::fromUtf8(lhe::core::weightGroupName(group).data(),
                                        static_cast<qsizetype>(lhe::core::weightGroupName(group).size()));
        QCOMPARE(actual, groups);
    }

    void groupsMatchedByRejectsInvalidRegex()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, lhe::core::groupsMatchedBy("re:[a-"));
    }

    void partialIgnoreIsAWarning()
    {
        // Constructed: an ignore list naming one of DeepSeek's five MLA projections.
        const json config = json::parse(R"({"quantization_config": {"quant_method": "compressed-tensors",
            "format": "float-quantized", "ignore": ["lm_head", "re:.*kv_a_proj_with_mqa$"],
            "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 8, "type": "float",
                "strategy": "block", "block_structure": [128, 128]}}}}})");
        std::vector<lhe::core::Message> warnings;
        const CheckpointFormat format = read(config, warnings);
        // fp8 + one bf16 scale (the weight's dtype) per 128x128 block.
        LHE_COMPARE_BITS(bits(format, WeightGroup::Attention), 8.0 + 16.0 / (128.0 * 128.0));
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(lhe::core::englishText(warnings[0]).find("quantization_config.ignore") !=
                         std::string::npos &&
                     lhe::core::englishText(warnings[0]).find("attention") != std::string::npos,
                 joined(warnings).c_str());
    }

    void weightGroupNames()
    {
        QStringList names;
        for (WeightGroup group : kAllGroups)
            names << QString::fromUtf8(lhe::core::weightGroupName(group).data(),
                                       static_cast<qsizetype>(lhe::core::weightGroupName(group).size()));
        QCOMPARE(names, (QStringList{QStringLiteral("embedding"), QStringLiteral("lm_head"),
                                     QStringLiteral("attention"), QStringLiteral("dense_mlp"),
                                     QStringLiteral("shared_experts"), QStringLiteral("routed_experts"),
                                     QStringLiteral("router"), QStringLiteral("norms"),
                                     QStringLiteral("vision"), QStringLiteral("mtp")}));
        QCOMPARE(kAllGroups.size(), lhe::core::kWeightGroupCount);
    }
};

QTEST_GUILESS_MAIN(TestCheckpointFormat)
#include "tst_checkpoint_format.moc"
