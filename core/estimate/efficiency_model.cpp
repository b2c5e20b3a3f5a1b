#include "core/estimate/efficiency_model.h"

#include "core/estimate/communication.h"

#include <algorithm>
#include <span>
#include <string_view>

namespace lhe::core {

namespace {

// Sources, cited once and named in the texts below:
// [MAMF]  stas00/ml-engineering, compute/accelerator/README.md, "Maximum Achievable Matmul
//         FLOPS" tables (BF16 and FP8, mean of 100 iterations, best shape).
// [STREAM] Azure/AI-benchmarking-guide, Azure_Results/ND_{A100_v4,H100_v5,H200_v5}_results.md,
//         HBM STREAM triad.
// [NCCL]  the same Azure results, nccl-tests all_reduce_perf busbw vs message size, and the
//         NCCL maintainers' guidance (NVIDIA/nccl issues) on ring vs NVLS.
// [NVBW]  the same Azure results, nvbandwidth host_to_device_memcpy_ce.
// [LCPP]  XiongjieDai/GPU-Benchmarks-on-LLM-Inference, llama.cpp LLaMA-2-7B TG, batch 1.
// Every figure is listed in tests/validation/measurements.json with its id (T15, T17, C1 ...).

struct ComputeRule
{
    std::string_view vendor;
    std::string_view architecture; // substring of Device::architecture; "" matches any
    double bf16;                   // large-GEMM fraction of the dense BF16 peak
    double lowPrecision;           // FP8/INT8/FP4 fraction over the BF16 fraction
    const char* source;
};

// First match wins; the vendor-wide rows come after the architecture rows.
constexpr ComputeRule kComputeRules[] = {
    {"NVIDIA", "GA100", 0.869, 0.90, "MAMF A100 SXM BF16 271.2 of 312 TFLOP/s (T17)"},
    {"NVIDIA", "Hopper", 0.803, 0.883,
     "MAMF H100 SXM BF16 794.5 of 989.4, FP8 1402.6 of 1978.9 TFLOP/s (T17, T18)"},
    {"NVIDIA", "Blackwell", 0.776, 0.983,
     "MAMF B200 BF16 1745 of 2250, FP8 3432.5 of 4500 TFLOP/s (T17, T18)"},
    {"NVIDIA", "", 0.803, 0.90, "NVIDIA default: MAMF median of A100 0.869, H100 0.803, B200 0.776 (T17)"},
    {"AMD", "CDNA", 0.556, 0.90, "MAMF MI300X 0.511, MI325X 0.604 of BF16 peak, mean (T17)"},
    {"Intel", "Gaudi", 0.741, 0.986, "MAMF Gaudi 3 1243 of 1677 TFLOP/s; FP8/BF16 of Gaudi 2 (T17, T18)"},
};

// No published maximum-achievable-matmul figure: class defaults, stated as assumptions.
double classComputeDefault(DeviceClass deviceClass)
{
    switch (deviceClass) {
    case DeviceClass::Cpu:
        return 0.5;
    case DeviceClass::Gpu:
    case DeviceClass::Npu:
    case DeviceClass::Tpu:
        return 0.7;
    }
    return 0.7;
}

// A plain search, inlined: the names are a few dozen characters, and std::string::find's calls
// into memchr and memcmp cost more than the comparisons (about 3% of a report, which checks its
// device's interconnect every time).
bool contains(std::string_view text, std::string_view part)
{
    return std::search(text.begin(), text.end(), part.begin(), part.end()) != text.end();
}

bool lowPrecisionCompute(Precision compute)
{
    return compute == Precision::Fp8 || compute == Precision::Int8 || compute == Precision::Int4 ||
           compute == Precision::Fp4 || compute == Precision::MxFp8 || compute == Precision::MxFp4 ||
           compute == Precision::NvFp4;
}

// llama.cpp's block formats (q8_0, q6_k, q5_k_m, q4_k_m, q4_0). AWQ/GPTQ run in Marlin-style
// kernels the reference set has no decode measurement for; they keep f16's rate.
bool blockQuantized(Precision weights)
{
    return weights == Precision::Q8_0 || weights == Precision::Q6_K || weights == Precision::Q5_K_M ||
           weights == Precision::Q4_K_M || weights == Precision::Q4_0;
}

// [STREAM] triad / datasheet: H100 SXM 2.97/3.35 = 0.887, H200 4.15/4.8 = 0.865, A100 80GB
// 1.70/2.039 = 0.834 (T15); the median, 0.865, for any device without its own figure. The
// reference set has no STREAM figure for GDDR, LPDDR or DDR memory; the HBM median stands in.
constexpr double kStreamFraction = 0.865;

// Weight-only block formats stream at 0.8 of f16's rate. Fitted, together with the per-layer
// latency below, to llama.cpp TG of LLaMA-2-7B q4_0 vs f16 on seven GPUs ([LCPP], T2/T3):
// q4_0 reaches 3.82 GB x 149.4 t/s = 571 GB/s on an RTX 4090 where f16 reaches 819 GB/s.
constexpr double kBlockQuantizedFactor = 0.8;

// Per-layer latency of a forward pass's kernels: ~20 kernels a layer (norms, QKV, RoPE,
// attention, output, gate/up, activation, down, residuals) at ~5 µs launch-to-completion
// each. With it, batch-1 decode of a 7B model on an A100/H100 (~7.4 ms/token for 3.8 GB,
// [LCPP] T2) is explained without pretending HBM runs at 27 % of its bandwidth.
constexpr double kAcceleratorLayerLatencySeconds = 100e-6;
// CPUs run each op on a thread pool (barrier per op, ~1-2 µs) and TPUs run one compiled XLA
// program per step; both are far below a GPU's launch chain.
constexpr double kCpuLayerLatencySeconds = 20e-6;
constexpr double kTpuLayerLatencySeconds = 10e-6;

// FlashAttention-2 forward reaches up to 73 % of the A100's dense peak where a large GEMM reaches
// 87 % (Dao 2023, arXiv:2307.08691, §4.1; [MAMF] 271 of 312 TFLOP/s): 0.84 of the GEMM rate.
// FlashAttention-3 reaches 740 of 989 TFLOP/s on H100 in bf16 (Shah et al. 2024, arXiv:2407.08608)
// where a GEMM reaches 795 ([MAMF]): 0.93. Their mean:
constexpr double kAttentionOverGemm = 0.88;
// Fused MoE kernels measured per GPU and format (ai-dynamo/aiconfigurator @095f58a, moe_perf tables
// of TensorRT-LLM 1.3, SGLang 0.5.14 and vLLM 0.24, balanced routing, EP 1-8): time per rank fits
// t0 + W/B + F/(e·peak) to a median 5-17 %, with t0 22-45 µs (median ~30) and e over the dense
// GEMM rate of the same GPU and format 0.3 (B200 w4a16 MXFP4) to 1.0 (H100 bf16); the median of the
// fourteen GPU-format pairs is 0.67 (docs/VALIDATION.md, micro-benchmarks; docs/METHOD.md §4.13).
constexpr double kFusedMoeOverGemm = 0.67;
constexpr double kMoeCallSeconds = 30e-6;

// [NCCL] ring collectives: C4 maintainers' ~370 of 450 GB/s on H100 NVLink 4 (0.82), C3
// A100 231.6 of 300 (0.77), C10 GB200 679.6 of 900 (0.755): 0.78.
constexpr double kRingFraction = 0.78;
// NVLink SHARP all-reduce on NVSwitch Hopper/Blackwell nodes: busbw 478.9 (C1 H100), 480.0
// (C2 H200), 475 (C7) of 450 GB/s line rate (the switch reduces in-network): 1.06.
constexpr double kNvlsAllReduceFraction = 1.06;
// Inter-node all-reduce over 8x HDR InfiniBand: 192 of 200 GB/s (C8): 0.96.
constexpr double kInterNodeFraction = 0.96;
// Per ring step: fitted to C1's small messages (43.7 GB/s busbw at 1 MB, 234 at 16 MB on 8x
// H100 -> ~3 µs a step); across nodes the InfiniBand hop adds ~2 µs.
constexpr double kIntraNodeStepSeconds = 3e-6;
constexpr double kInterNodeStepSeconds = 5e-6;
// [NVBW] host-to-device copies: H100 PCIe Gen5 51 of 63 GB/s (0.81), A100 Gen4 26.3 of 31.5
// (0.83) (C9).
constexpr double kHostLinkFraction = 0.81;

bool nvlinkSharp(const Device& device)
{
    using namespace std::string_view_literals;
    return device.vendor == "NVIDIA"sv && contains(device.interconnectName, "NVSwitch"sv) &&
           (contains(device.architecture, "Hopper"sv) || contains(device.architecture, "Blackwell"sv));
}

} // namespace

Efficiencies idealEfficiencies()
{
    return Efficiencies{};
}

Efficiencies calibratedEfficiencies(const Scenario& scenario, const Device& device)
{
    Efficiencies e;
    e.attention = kAttentionOverGemm;
    e.fusedMoe = kFusedMoeOverGemm;
    e.moeCallSeconds = kMoeCallSeconds;
    e.expertImbalance = true;
    e.elementwise = kStreamFraction;
    const bool lowPrecision = lowPrecisionCompute(scenario.compute);

    // Compute: scenario > device measurement > vendor/architecture rule > class default.
    // The rule table needs substring searches: only when a rule can decide something.
    const bool needRule =
        lowPrecision || (!scenario.efficiency.compute && !(device.achievedGemmFraction > 0));
    const ComputeRule* rule = nullptr;
    for (const auto& candidate : needRule ? std::span(kComputeRules) : std::span<const ComputeRule>()) {
        if (device.vendor == candidate.vendor && contains(device.architecture, candidate.architecture)) {
            rule = &candidate;
            break;
        }
    }
    const double lowFactor = lowPrecision ? (rule ? rule->lowPrecision : 0.9) : 1.0;
    if (scenario.efficiency.compute) {
        e.compute = *scenario.efficiency.compute;
        e.computeSource = "scenario setting";
    } else if (device.achievedGemmFraction > 0) {
        e.compute = device.achievedGemmFraction * lowFactor;
        e.computeSource = "measured fraction in the device's catalog entry (achieved.source)";
    } else if (rule) {
        e.compute = rule->bf16 * lowFactor;
        e.computeSource = rule->source;
    } else {
        e.compute = classComputeDefault(device.deviceClass) * lowFactor;
        e.computeSource = "assumed class default (no published matmul figure for this device)";
    }

    if (scenario.efficiency.memory) {
        e.memory = e.elementwise = *scenario.efficiency.memory; // the user's figure for every stream
        e.memorySource = "scenario setting";
    } else if (device.achievedMemoryFraction > 0) {
        e.memory = device.achievedMemoryFraction;
        e.memorySource = "measured fraction in the device's catalog entry (achieved.source)";
    } else {
        e.memory = kStreamFraction;
        e.memorySource = "STREAM triad median of H100/H200/A100 (T15)";
    }
    e.quantizedWeights = blockQuantized(scenario.weights) ? kBlockQuantizedFactor : 1.0;
    switch (device.deviceClass) {
    case DeviceClass::Cpu:
        e.layerLatencySeconds = kCpuLayerLatencySeconds;
        break;
    case DeviceClass::Tpu:
        e.layerLatencySeconds = kTpuLayerLatencySeconds;
        break;
    case DeviceClass::Gpu:
    case DeviceClass::Npu:
        e.layerLatencySeconds = kAcceleratorLayerLatencySeconds;
        break;
    }
    if (scenario.efficiency.layerLatencySeconds)
        e.layerLatencySeconds = *scenario.efficiency.layerLatencySeconds;
    else if (device.achievedLayerLatencySeconds >= 0) // a measurement (user calibration)
        e.layerLatencySeconds = device.achievedLayerLatencySeconds;

    if (scenario.efficiency.network) {
        e.network = e.allReduce = e.interNode = *scenario.efficiency.network;
        e.networkSource = "scenario setting";
    } else {
        const bool sharp = nvlinkSharp(device);
        e.network = kRingFraction;
        e.allReduce = sharp ? kNvlsAllReduceFraction : kRingFraction;
        e.interNode = kInterNodeFraction;
        e.networkSource = sharp ? "nccl-tests NVLS all-reduce busbw 479 of 450 GB/s (C1)"
                                : "nccl-tests ring busbw ~0.78 of line rate (C3, C4, C10)";
    }
    e.intraNodeStepSeconds = kIntraNodeStepSeconds;
    e.interNodeStepSeconds = kInterNodeStepSeconds;
    // Unified memory (Apple, Strix Halo): the "host link" is the same LPDDR the GPU streams.
    e.hostLink = device.unifiedMemory ? e.memory : kHostLinkFraction;
    return e;
}

double allReduceBusBytesPerSecond(const Device& device, const Efficiencies& efficiencies, double devices,
                                  double messageBytes)
{
    if (devices <= 1 || messageBytes <= 0)
        return 0;
    const double membersPerNode = std::min(devices, static_cast<double>(device.devicesPerNode));
    const double seconds =
        ringAllReduceSeconds(messageBytes, devices, linkFor(device, efficiencies, devices, membersPerNode));
    return 2.0 * (devices - 1.0) / devices * messageBytes / seconds;
}

double hostToDeviceBytesPerSecond(const Device& device, const Efficiencies& efficiencies)
{
    return device.hostLinkBytesPerSecond * efficiencies.hostLink;
}

} // namespace lhe::core
