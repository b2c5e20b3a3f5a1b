// Tests for summariseTensors: hand-built inventories whose group totals are written out by hand,
// one per naming scheme and storage format, and eleven published checkpoints rebuilt from their
// tensor lists (tests/fixtures/tensor_lists: the weight_map names, config.json shapes), whose
// headers, written and read back, must give the published total_size and parameter count exactly.
#include "core/common/input_error.h"
#include "core/formats/safetensors_header.h"
#include "core/model/tensor_summary.h"

#include <QtTest>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using lhe::core::InputError;
using lhe::core::LayerTensors;
using lhe::core::TensorInventory;
using lhe::core::TensorRecord;
using lhe::core::TensorSummary;
using lhe::core::TensorSummaryHints;
using lhe::core::WeightGroup;
using G = lhe::core::WeightGroup;
using nlohmann::json;

namespace {

// A safetensors record: bytes from the dtype's bit width.
TensorRecord st(const std::string& name, const std::string& dtype, std::vector<std::uint64_t> shape)
{
    TensorRecord r;
    r.name = name;
    r.dtype = dtype;
    double elements = 1;
    for (const auto d : shape)
        elements *= static_cast<double>(d);
    r.shape = std::move(shape);
    r.elements = elements;
    r.bytes = elements * lhe::core::safetensorsDtypeBits(dtype) / 8;
    return r;
}

// A GGUF record: shape ne[0] first, bytes as the record gives them.
TensorRecord gg(const std::string& name, const std::string& type, std::vector<std::uint64_t> shape,
                double bytes)
{
    TensorRecord r = st(name, "U8", std::move(shape));
    r.dtype = type;
    r.bytes = bytes;
    return r;
}

TensorInventory inventory(std::vector<TensorRecord> tensors, const std::string& format = "safetensors")
{
    TensorInventory inv;
    inv.format = format;
    inv.tensors = std::move(tensors);
    return inv;
}

TensorSummary summarise(const TensorInventory& inv, long long layers = 0, int bits = 4)
{
    TensorSummaryHints hints;
    hints.layers = layers;
    hints.quantizationBits = bits;
    return lhe::core::summariseTensors(inv, hints);
}

// Every group's params and bytes, in WeightGroup order.
using Totals = std::array<double, lhe::core::kWeightGroupCount>;

const std::string kFixtures = LHE_SOURCE_DIR "/tests/fixtures/tensor_lists/";

json readJson(const std::string& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

std::string expand(std::string pattern, const char* key, long long value)
{
    const auto at = pattern.find(key);
    if (at != std::string::npos)
        pattern.replace(at, std::strlen(key), std::to_string(value));
    return pattern;
}

// The header JSON a fixture describes: its tensors laid end to end in the data section.
std::string headerOf(const json& fixture, std::uint64_t& dataBytes)
{
    json header = json::object();
    header["__metadata__"] = {{"format", "pt"}};
    std::uint64_t offset = 0;
    const auto add = [&](const std::string& name, const json& tensor) {
        const std::string dtype = tensor[1];
        std::uint64_t elements = 1;
        for (const auto& d : tensor[2])
            elements *= d.get<std::uint64_t>();
        const std::uint64_t bytes =
            elements * static_cast<std::uint64_t>(lhe::core::safetensorsDtypeBits(dtype)) / 8;
        header[name] = {{"dtype", dtype}, {"shape", tensor[2]}, {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    };
    const std::string prefix = fixture["layer_prefix"];
    for (long long i = 0; i < fixture["layers"].get<long long>(); ++i) {
        const std::string layer = expand(prefix, "{i}", i);
        for (const auto& t : fixture["per_layer"])
            add(layer + t[0].get<std::string>(), t);
        if (fixture.contains("experts")) {
            const json& experts = fixture["experts"];
            for (long long e = 0; e < experts["count"].get<long long>(); ++e)
                for (const auto& t : experts["tensors"])
                    add(layer + expand(experts["prefix"], "{e}", e) + t[0].get<std::string>(), t);
        }
    }
    // Further numbered blocks outside the decoder (a vision tower's encoder layers, ...).
    if (fixture.contains("blocks"))
        for (const auto& block : fixture["blocks"])
            for (long long i = 0; i < block["count"].get<long long>(); ++i)
                for (const auto& t : block["tensors"])
                    add(expand(block["prefix"], "{i}", i) + t[0].get<std::string>(), t);
    for (const auto& t : fixture["other"])
        add(t[0], t);
    dataBytes = offset;
    return header.dump();
}

} // namespace

class TestTensorSummary : public QObject
{
    Q_OBJECT

private slots:
    // Hidden 8, vocabulary 16, 2 layers, 8 query and 4 key/value features, FFN 12, bf16.
    void tinyLlama()
    {
        std::vector<TensorRecord> t{st("model.embed_tokens.weight", "BF16", {16, 8}),
                                    st("lm_head.weight", "BF16", {16, 8}),
                                    st("model.norm.weight", "BF16", {8})};
        for (int i = 0; i < 2; ++i) {
            const std::string p = "model.layers." + std::to_string(i) + ".";
            for (const auto& [n, shape] : std::vector<std::pair<std::string, std::vector<std::uint64_t>>>{
                     {"self_attn.q_proj.weight", {8, 8}},
                     {"self_attn.k_proj.weight", {4, 8}},
                     {"self_attn.v_proj.weight", {4, 8}},
                     {"self_attn.o_proj.weight", {8, 8}},
                     {"mlp.gate_proj.weight", {12, 8}},
                     {"mlp.up_proj.weight", {12, 8}},
                     {"mlp.down_proj.weight", {8, 12}},
                     {"input_layernorm.weight", {8}},
                     {"post_attention_layernorm.weight", {8}}})
                t.push_back(st(p + n, "BF16", shape));
        }
        const TensorSummary s = summarise(inventory(t), 2);
        QCOMPARE(s.params(G::Embedding), 128.0);      // 16 x 8
        QCOMPARE(s.params(G::LmHead), 128.0);         // 16 x 8
        QCOMPARE(s.params(G::Attention), 2 * 192.0);  // 64 + 32 + 32 + 64 per layer
        QCOMPARE(s.params(G::DenseMlp), 2 * 288.0);   // 3 x 96 per layer
        QCOMPARE(s.params(G::Norms), 2 * 16.0 + 8.0); // two per layer and the final one
        QCOMPARE(s.paramsTotal, 1256.0);
        QCOMPARE(s.bytesTotal, 2512.0);
        QCOMPARE(s.bytes(G::Attention), 768.0);
        QCOMPARE(s.paramsUnclassified, 0.0);
        QCOMPARE(s.routedExperts, 0LL);
        QCOMPARE(s.layers.size(), std::size_t(2));
        QCOMPARE(s.layers[1].index, 1LL);
        QCOMPARE(s.layers[1].kWidth, 4LL);
        QCOMPARE(s.layers[1].vWidth, 4LL);
        QVERIFY(s.layers[1].hasAttention && !s.layers[1].hasLinearMixer && !s.layers[1].mla);
        QCOMPARE(s.tensors, 21.0);
    }

    // Qwen2-MoE naming: 4 routed experts, one shared expert with its sigmoid gate, a router.
    void moeWithSharedExpert()
    {
        std::vector<TensorRecord> t{st("model.layers.0.mlp.gate.weight", "BF16", {4, 8}),
                                    st("model.layers.0.mlp.shared_expert_gate.weight", "BF16", {1, 8}),
                                    st("model.layers.0.mlp.shared_expert.gate_proj.weight", "BF16", {12, 8}),
                                    st("model.layers.0.mlp.shared_expert.up_proj.weight", "BF16", {12, 8}),
                                    st("model.layers.0.mlp.shared_expert.down_proj.weight", "BF16", {8, 12})};
        for (int e = 0; e < 4; ++e) {
            const std::string p = "model.layers.0.mlp.experts." + std::to_string(e) + ".";
            t.push_back(st(p + "gate_proj.weight", "BF16", {6, 8}));
            t.push_back(st(p + "up_proj.weight", "BF16", {6, 8}));
            t.push_back(st(p + "down_proj.weight", "BF16", {8, 6}));
        }
        const TensorSummary s = summarise(inventory(t), 1);
        QCOMPARE(s.params(G::Router), 40.0);         // 4 x 8 + 1 x 8
        QCOMPARE(s.params(G::SharedExperts), 288.0); // 3 x 96
        QCOMPARE(s.params(G::RoutedExperts), 576.0); // 4 experts x 3 x 48
        QCOMPARE(s.params(G::DenseMlp), 0.0);
        QCOMPARE(s.paramsTotal, 904.0);
        QCOMPARE(s.bytesTotal, 1808.0);
        QCOMPARE(s.routedExperts, 4LL);
        QCOMPARE(s.layers[0].routedExperts, 4LL);
        QVERIFY(!s.layers[0].hasAttention);
    }

    // gpt-oss layout: hidden 64, expert width 32, 4 experts; MXFP4 blocks of 32 values in 16
    // bytes (U8 [experts, out, blocks, 16]) with one U8 scale per block, bf16 biases and router.
    void mxfp4Experts()
    {
        const TensorInventory inv = inventory({
            st("model.layers.0.mlp.router.weight", "BF16", {4, 64}),
            st("model.layers.0.mlp.router.bias", "BF16", {4}),
            st("model.layers.0.mlp.experts.gate_up_proj_blocks", "U8", {4, 64, 2, 16}),
            st("model.layers.0.mlp.experts.gate_up_proj_scales", "U8", {4, 64, 2}),
            st("model.layers.0.mlp.experts.gate_up_proj_bias", "BF16", {4, 64}),
            st("model.layers.0.mlp.experts.down_proj_blocks", "U8", {4, 64, 1, 16}),
            st("model.layers.0.mlp.experts.down_proj_scales", "U8", {4, 64, 1}),
            st("model.layers.0.mlp.experts.down_proj_bias", "BF16", {4, 64}),
        });
        const TensorSummary s = summarise(inv, 1);
        // gate_up: 4 x 64 x 64 = 16384 weights in 8192 bytes; down: 4 x 64 x 32 = 8192 in 4096;
        // biases 256 + 256; scales no weights.
        QCOMPARE(s.params(G::RoutedExperts), 16384.0 + 8192.0 + 256.0 + 256.0);
        QCOMPARE(s.bytes(G::RoutedExperts), 8192.0 + 512.0 + 512.0 + 4096.0 + 256.0 + 512.0);
        QCOMPARE(s.params(G::Router), 260.0);
        QCOMPARE(s.bytes(G::Router), 520.0);
        QCOMPARE(s.routedExperts, 4LL);
    }

    // GPTQ int4, group 32: q_proj 64 -> 32 and k_proj 64 -> 16; qweight I32 [in / 8, out],
    // qzeros I32 [groups, out / 8], scales F16 [groups, out], g_idx I32 [in].
    void gptqLayer()
    {
        const TensorInventory inv = inventory({
            st("model.layers.0.self_attn.q_proj.qweight", "I32", {8, 32}),
            st("model.layers.0.self_attn.q_proj.qzeros", "I32", {2, 4}),
            st("model.layers.0.self_attn.q_proj.scales", "F16", {2, 32}),
            st("model.layers.0.self_attn.q_proj.g_idx", "I32", {64}),
            st("model.layers.0.self_attn.k_proj.qweight", "I32", {8, 16}),
            st("model.layers.0.self_attn.k_proj.qzeros", "I32", {2, 2}),
            st("model.layers.0.self_attn.k_proj.scales", "F16", {2, 16}),
            st("model.layers.0.self_attn.k_proj.g_idx", "I32", {64}),
        });
        const TensorSummary s = summarise(inv, 1);
        QCOMPARE(s.params(G::Attention), 2048.0 + 1024.0); // 64 x 32 + 64 x 16
        QCOMPARE(s.bytes(G::Attention), 1024.0 + 32.0 + 128.0 + 256.0 + 512.0 + 16.0 + 64.0 + 256.0);
        QCOMPARE(s.layers[0].kWidth, 16LL); // from the scales: [groups, out]
        // The same words read as int8 hold 4 weights each.
        QCOMPARE(summarise(inv, 1, 8).params(G::Attention), (256.0 + 128.0) * 4);
    }

    // DeepSeek-V3 layout, shrunk: fp8 e4m3 weights with fp32 128x128 block scales
    // (weight_scale_inv), MLA's kv_a_proj_with_mqa, a dense first layer, a MoE layer with a biased
    // router and a shared expert, and the MTP module stored as layer 2 of a 2-layer model.
    void fp8BlockScaledDeepSeek()
    {
        const TensorInventory inv = inventory({
            st("model.embed_tokens.weight", "BF16", {32, 16}),
            st("model.layers.0.self_attn.kv_a_proj_with_mqa.weight", "F8_E4M3", {40, 128}),
            st("model.layers.0.self_attn.kv_a_proj_with_mqa.weight_scale_inv", "F32", {1, 1}),
            st("model.layers.0.self_attn.kv_a_layernorm.weight", "BF16", {32}),
            st("model.layers.0.mlp.gate_proj.weight", "F8_E4M3", {256, 128}),
            st("model.layers.0.mlp.gate_proj.weight_scale_inv", "F32", {2, 1}),
            st("model.layers.1.self_attn.kv_a_proj_with_mqa.weight", "F8_E4M3", {40, 128}),
            st("model.layers.1.mlp.gate.weight", "BF16", {8, 128}),
            st("model.layers.1.mlp.gate.e_score_correction_bias", "F32", {8}),
            st("model.layers.1.mlp.shared_experts.up_proj.weight", "F8_E4M3", {128, 128}),
            st("model.layers.1.mlp.shared_experts.up_proj.weight_scale_inv", "F32", {1, 1}),
            st("model.layers.1.mlp.experts.7.up_proj.weight", "F8_E4M3", {128, 128}),
            st("model.layers.1.mlp.experts.7.up_proj.weight_scale_inv", "F32", {1, 1}),
            st("model.layers.2.eh_proj.weight", "BF16", {16, 32}),
            st("model.layers.2.self_attn.kv_a_proj_with_mqa.weight", "F8_E4M3", {40, 128}),
        });
        const TensorSummary s = summarise(inv, 2);
        QCOMPARE(s.params(G::Attention), 2 * 5120.0);
        QCOMPARE(s.bytes(G::Attention), 2 * 5120.0 + 4.0);
        QCOMPARE(s.params(G::Norms), 32.0);
        QCOMPARE(s.params(G::DenseMlp), 32768.0);
        QCOMPARE(s.bytes(G::DenseMlp), 32768.0 + 8.0);
        QCOMPARE(s.params(G::Router), 1024.0 + 8.0);
        QCOMPARE(s.bytes(G::Router), 2048.0 + 32.0);
        QCOMPARE(s.params(G::SharedExperts), 16384.0);
        QCOMPARE(s.bytes(G::RoutedExperts), 16384.0 + 4.0);
        QCOMPARE(s.params(G::Mtp), 512.0 + 5120.0);
        QCOMPARE(s.bytes(G::Mtp), 1024.0 + 5120.0);
        QCOMPARE(s.layers.size(), std::size_t(2)); // the MTP layer is not a decoder layer
        QCOMPARE(s.layers[0].kWidth, 40LL);
        QCOMPARE(s.layers[0].vWidth, 0LL);
        QVERIFY(s.layers[0].mla && s.layers[1].mla);
        QCOMPARE(s.layers[0].routedExperts, 0LL);
        QCOMPARE(s.layers[1].routedExperts, 8LL); // expert 7 seen: at least 8
        QCOMPARE(s.paramsTotal, 512.0 + 2 * 5120.0 + 32.0 + 32768.0 + 1032.0 + 2 * 16384.0 + 5632.0);
    }

    // llama.cpp names; a Q4_K super-block holds 256 values in 144 bytes, so bytes are given.
    void ggufNames()
    {
        const TensorInventory inv = inventory(
            {
                gg("token_embd.weight", "Q4_K", {256, 100}, 14400),
                gg("output_norm.weight", "F32", {256}, 1024),
                gg("output.weight", "Q6_K", {256, 100}, 21000),
                gg("blk.0.attn_norm.weight", "F32", {256}, 1024),
                gg("blk.0.attn_q.weight", "F16", {256, 256}, 131072),
                gg("blk.0.attn_k.weight", "F16", {256, 64}, 32768),
                gg("blk.0.attn_v.weight", "F16", {256, 64}, 32768),
                gg("blk.0.attn_q_norm.weight", "F32", {64}, 256),
                gg("blk.0.ffn_norm.weight", "F32", {256}, 1024),
                gg("blk.0.ffn_gate_inp.weight", "F32", {256, 8}, 8192),
                gg("blk.0.exp_probs_b.bias", "F32", {8}, 32),
                gg("blk.0.ffn_gate_exps.weight", "Q4_K", {256, 128, 8}, 147456),
                gg("blk.0.ffn_up_exps.weight", "Q4_K", {256, 128, 8}, 147456),
                gg("blk.0.ffn_down_exps.weight", "Q4_K", {128, 256, 8}, 147456),
                gg("blk.0.ffn_up_shexp.weight", "Q8_0", {256, 128}, 34816),
                gg("blk.1.ffn_up.weight", "Q8_0", {256, 128}, 34816),
                gg("blk.1.ssm_in.weight", "F16", {256, 64}, 32768),
                gg("blk.2.nextn.eh_proj.weight", "F16", {512, 256}, 262144),
                gg("blk.2.attn_q.weight", "F16", {256, 256}, 131072),
                gg("mystery.weight", "F32", {10}, 40),
            },
            "gguf");
        const TensorSummary s = summarise(inv, 2);
        QCOMPARE(s.params(G::Embedding), 25600.0);
        QCOMPARE(s.bytes(G::Embedding), 14400.0);
        QCOMPARE(s.params(G::LmHead), 25600.0);
        QCOMPARE(s.params(G::Norms), 256.0 * 3 + 64.0);
        QCOMPARE(s.params(G::Attention), 65536.0 + 16384.0 + 16384.0 + 16384.0);
        QCOMPARE(s.params(G::Router), 2048.0 + 8.0);
        QCOMPARE(s.params(G::RoutedExperts), 3 * 262144.0);
        QCOMPARE(s.bytes(G::RoutedExperts), 3 * 147456.0);
        QCOMPARE(s.params(G::SharedExperts), 32768.0);
        QCOMPARE(s.params(G::DenseMlp), 32768.0);
        QCOMPARE(s.params(G::Mtp), 131072.0 + 65536.0);
        QCOMPARE(s.paramsUnclassified, 10.0);
        QCOMPARE(s.unclassified, (std::vector<std::string>{"mystery.weight"}));
        QCOMPARE(s.paramsTotal,
                 25600.0 * 2 + 832.0 + 114688.0 + 2056.0 + 786432.0 + 32768.0 * 2 + 196608.0 + 10.0);
        QCOMPARE(s.routedExperts, 8LL);
        QCOMPARE(s.layers.size(), std::size_t(2));
        QCOMPARE(s.layers[0].kWidth, 64LL);
        QCOMPARE(s.layers[0].vWidth, 64LL);
        QVERIFY(s.layers[0].hasAttention && !s.layers[0].hasLinearMixer);
        QVERIFY(!s.layers[1].hasAttention && s.layers[1].hasLinearMixer);
    }

    // Multimodal wrappers, vision towers, linear mixers, bitsandbytes nf4 and NVFP4 packing.
    void wrappersAndPacking()
    {
        const TensorInventory inv = inventory({
            st("model.language_model.layers.0.self_attn.k_proj.weight", "BF16", {4, 8}),
            st("language_model.model.layers.1.linear_attn.in_proj_qkvz.weight", "BF16", {4, 8}),
            st("language_model.lm_head.weight", "BF16", {16, 8}),
            st("model.vision_tower.encoder.layers.0.mlp.fc1.weight", "BF16", {4, 4}),
            st("model.multi_modal_projector.linear_1.weight", "BF16", {4, 4}),
            st("visual.blocks.0.attn.qkv.weight", "BF16", {4, 4}),
            st("model.layers.2.mlp.down_proj.weight", "U8", {4, 4}), // nf4: 2 per byte
            st("model.layers.2.mlp.down_proj.weight.absmax", "F32", {1}),
            st("model.layers.2.mlp.down_proj.weight.quant_map", "F32", {16}),
            st("model.layers.2.mlp.down_proj.weight.quant_state.bitsandbytes__nf4", "U8", {80}),
            st("model.layers.2.mlp.up_proj.weight", "U8", {4, 8}), // NVFP4: 2 per byte
            st("model.layers.2.mlp.up_proj.weight_scale", "F8_E4M3", {4, 1}),
            st("model.layers.2.mlp.up_proj.weight_scale_2", "F32", {}),
            st("model.layers.2.mlp.up_proj.input_scale", "F32", {}),
            st("backbone.layers.3.mixer.up_proj.weight", "BF16", {4, 4}), // Nemotron-H MLP block
            st("backbone.layers.3.mixer.A_log", "F32", {4}),              // ... and a Mamba-2 one
            st("model.layers.4.self_attn.q_proj.weight", "F4", {8, 8}),
            st("model.decoder.layers.4.fc1.weight", "BF16", {2, 4}), // OPT: the FFN directly in the layer
        });
        const TensorSummary s = summarise(inv, 5);
        QCOMPARE(s.params(G::Attention), 32.0 + 32.0 + 4.0 + 64.0);
        QCOMPARE(s.bytes(G::Attention), 64.0 + 64.0 + 16.0 + 32.0);
        QCOMPARE(s.params(G::LmHead), 128.0);
        QCOMPARE(s.params(G::Vision), 48.0);
        QCOMPARE(s.params(G::DenseMlp), 32.0 + 64.0 + 16.0 + 8.0);
        QCOMPARE(s.bytes(G::DenseMlp), 16.0 + 4.0 + 64.0 + 80.0 + 32.0 + 4.0 + 4.0 + 4.0 + 32.0 + 16.0);
        QCOMPARE(s.paramsUnclassified, 0.0);
        QCOMPARE(s.layers.size(), std::size_t(5));
        QVERIFY(s.layers[0].hasAttention);
        QCOMPARE(s.layers[0].kWidth, 4LL);
        QVERIFY(s.layers[1].hasLinearMixer && !s.layers[1].hasAttention);
        QVERIFY(s.layers[3].hasLinearMixer);
    }

    void unclassifiedNamesAreCapped()
    {
        std::vector<TensorRecord> t;
        for (int i = 0; i < 25; ++i)
            t.push_back(st("thing" + std::to_string(i), "F32", {2}));
        const TensorSummary s = summarise(inventory(t));
        QCOMPARE(s.unclassified.size(), lhe::core::kMaxUnclassifiedNames);
        QCOMPARE(s.paramsUnclassified, 50.0);
        QCOMPARE(s.bytesUnclassified, 200.0);
        QCOMPARE(s.paramsTotal, 50.0);
    }

    void jsonRoundTrip()
    {
        TensorSummary s =
            summarise(inventory({st("model.layers.0.self_attn.kv_a_proj_with_mqa.weight", "BF16", {40, 8}),
                                 st("model.layers.0.mlp.experts.3.up_proj.weight", "BF16", {4, 8}),
                                 st("strange", "F32", {3})}),
                      1);
        const json j = lhe::core::toJson(s);
        const TensorSummary back = lhe::core::tensorSummaryFromJson(j, "scenario.tensor_summary");
        QCOMPARE(back.format, s.format);
        QCOMPARE(back.tensors, 3.0);
        QCOMPARE(back.paramsTotal, s.paramsTotal);
        QCOMPARE(back.bytesTotal, s.bytesTotal);
        QCOMPARE(back.paramsByGroup, s.paramsByGroup);
        QCOMPARE(back.bytesByGroup, s.bytesByGroup);
        QCOMPARE(back.paramsUnclassified, 3.0);
        QCOMPARE(back.unclassified, s.unclassified);
        QCOMPARE(back.routedExperts, 4LL);
        QVERIFY(back.layers == s.layers);
        QCOMPARE(lhe::core::toJson(back), j);
    }

    void refusesBadJson_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("fieldPath");
        QTest::newRow("unknown key") << R"({"params":1})"
                                     << "t.params";
        QTest::newRow("negative bytes") << R"({"bytes_total":-1})"
                                        << "t.bytes_total";
        QTest::newRow("format") << R"({"format":"onnx"})"
                                << "t.format";
        QTest::newRow("group name") << R"({"params_by_group":{"mlp":1}})"
                                    << "t.params_by_group.mlp";
        QTest::newRow("group value") << R"({"bytes_by_group":{"norms":"8"}})"
                                     << "t.bytes_by_group.norms";
        QTest::newRow("experts fraction") << R"({"routed_experts":2.5})"
                                          << "t.routed_experts";
        QTest::newRow("layers not a list") << R"({"layers":{}})"
                                           << "t.layers";
        QTest::newRow("layer flag")
            << R"({"layers":[{"index":0,"k_width":1,"v_width":1,"mla":1,"attention":true,"linear_mixer":false,"routed_experts":0}]})"
            << "t.layers[0].mla";
        QTest::newRow("layer order")
            << R"({"layers":[{"index":1,"k_width":1,"v_width":1,"mla":false,"attention":true,"linear_mixer":false,"routed_experts":0},{"index":1,"k_width":1,"v_width":1,"mla":false,"attention":true,"linear_mixer":false,"routed_experts":0}]})"
            << "t.layers[1].index";
        QTest::newRow("missing key") << R"({"tensors":null})"
                                     << "t.tensors";
        QTest::newRow("names") << R"({"unclassified":[1]})"
                               << "t.unclassified[0]";
    }

    void refusesBadJson()
    {
        QFETCH(QString, change);
        QFETCH(QString, fieldPath);
        json j = lhe::core::toJson(summarise(inventory({st("lm_head.weight", "BF16", {4, 4})})));
        const json patch = json::parse(change.toStdString());
        for (const auto& [key, value] : patch.items()) {
            if (value.is_null())
                j.erase(key);
            else if (key == "params_by_group" || key == "bytes_by_group")
                j[key].update(value);
            else
                j[key] = value;
        }
        try {
            lhe::core::tensorSummaryFromJson(j, "t");
            QFAIL("no error thrown");
        } catch (const InputError& error) {
            QCOMPARE(QString::fromStdString(error.fieldPath()), fieldPath);
        }
    }

    // Published checkpoints: the header their tensor list makes, read back and summarised, gives
    // the index's metadata.total_size and the published parameter count exactly.
    void publishedCheckpoints_data()
    {
        QTest::addColumn<QString>("file");
        std::vector<std::string> files;
        for (const auto& entry : std::filesystem::directory_iterator(kFixtures))
            if (entry.path().extension() == ".json")
                files.push_back(entry.path().filename().string());
        std::sort(files.begin(), files.end());
        QVERIFY(files.size() >= 10);
        for (const std::string& f : files)
            QTest::newRow(f.c_str()) << QString::fromStdString(f);
    }

    void publishedCheckpoints()
    {
        QFETCH(QString, file);
        const json fixture = readJson(kFixtures + file.toStdString());
        QVERIFY(fixture.contains("source"));
        std::uint64_t dataBytes = 0;
        const std::string header = headerOf(fixture, dataBytes);
        const std::uint64_t fileBytes = 8 + header.size() + dataBytes;
        const TensorInventory inv = lhe::core::parseSafetensorsHeader(header, fileBytes, file.toStdString());
        const TensorSummary s = summarise(inv, fixture["layers"].get<long long>());
        QCOMPARE(s.bytesTotal, fixture["published_total_size"].get<double>());
        QCOMPARE(s.paramsTotal, fixture["published_params"].get<double>());
        if (fixture.contains("published_tensors"))
            QCOMPARE(s.tensors, fixture["published_tensors"].get<double>());
        QCOMPARE(s.paramsUnclassified, 0.0);
        QCOMPARE(s.params(G::Mtp), 0.0);
        QCOMPARE(static_cast<long long>(s.layers.size()), fixture["layers"].get<long long>());
        const json& expect = fixture["expect"];
        QCOMPARE(s.routedExperts, expect["routed_experts"].get<long long>());
        if (expect.contains("vision_params"))
            QCOMPARE(s.params(G::Vision), expect["vision_params"].get<double>());
        for (const LayerTensors& layer : s.layers) {
            QCOMPARE(layer.kWidth, expect["k_width"].get<long long>());
            QCOMPARE(layer.vWidth, expect["v_width"].get<long long>());
            QVERIFY(layer.hasAttention);
        }
        double groups = 0;
        for (const double p : s.paramsByGroup)
            groups += p;
        QCOMPARE(groups, s.paramsTotal);
        // Norms, embeddings and attention are found in every one of them.
        QVERIFY(s.params(G::Norms) > 0 && s.params(G::Embedding) > 0 && s.params(G::Attention) > 0);
    }
};

QTEST_APPLESS_MAIN(TestTensorSummary)
#include "tst_tensor_summary.moc"
