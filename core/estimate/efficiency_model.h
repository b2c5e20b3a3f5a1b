// Efficiency model: which fraction of a datasheet peak real kernels reach on a device, per
// resource (large GEMMs, memory streams, weight-only quantized decode, collectives, host link),
// and the fixed per-layer latency small kernels cannot hide. "Calibrated" estimates use these;
// "ideal" estimates use 1 and 0 everywhere (the datasheet roofline).
#pragma once

#include "core/catalog/device.h"
#include "core/scenario/scenario.h"

#include <string>

namespace lhe::core {

struct Efficiencies
{
    // Large-GEMM fraction of the dense peak of the compute column in use (maximum achievable
    // matmul FLOPS; low-precision columns included).
    double compute = 1;
    // STREAM-like fraction of peak memory bandwidth.
    double memory = 1;
    // Fraction of memory bandwidth the element-wise and optimizer passes reach (the STREAM
    // figure, efficiency_model.cpp). Apart from `memory`, which calibration fits to measured
    // decode: a compute-bound step's non-GEMM time is then not a second way to explain it.
    double elementwise = 1;
    // Attention kernels' rate over the large-GEMM rate at long sequences (FlashAttention-class
    // kernels; kernel_costs.cpp ramps it with sequence length and head dimension). Ideal: 1, no ramp.
    double attention = 1;
    // Extra factor on memory efficiency while streaming weight-only block-quantized weights
    // (llama.cpp q4_0/q8_0/k-quants): dequantisation keeps kernels below f16's rate.
    double quantizedWeights = 1;
    // Launch-to-completion latency of one transformer layer's kernels that no bandwidth hides
    // (small-batch decode), seconds per layer per forward pass.
    double layerLatencySeconds = 0;
    // Large-message collective bus bandwidth over the link's per-direction line rate: ring
    // collectives within a node, all-reduce within a node (NVLink SHARP beats the ring), and
    // collectives across nodes.
    double network = 1;
    double allReduce = 1;
    double interNode = 1;
    // Per ring step latency of a collective within a node and across nodes, seconds.
    double intraNodeStepSeconds = 0;
    double interNodeStepSeconds = 0;
    // Measured host-to-device copy rate over the host link's line rate.
    double hostLink = 1;
    // A fused MoE kernel (routing, grouped GEMMs, finalize; docs/METHOD.md §4.13): the GEMM rate it
    // reaches over the large-GEMM rate, its fixed time per call, and whether expert-parallel ranks
    // wait for the busiest one (kernel_costs.h expertImbalance). Ideal: the GEMM rate, no fixed
    // time, balanced.
    double fusedMoe = 1;
    double moeCallSeconds = 0;
    bool expertImbalance = false;

    // Where compute / memory / network came from, for the report and the explain texts: static
    // texts (no allocation in a report; a device's own measurement is named, its citation is in
    // the catalog entry's achieved.source).
    const char* computeSource = "datasheet peak (ideal roofline)";
    const char* memorySource = "datasheet peak (ideal roofline)";
    const char* networkSource = "datasheet peak (ideal roofline)";
};

// Datasheet roofline: every fraction 1, no latency.
Efficiencies idealEfficiencies();

// Calibrated efficiencies for a device running a scenario's precisions (the per-layer latency
// likewise: scenario, device's achieved.layer_latency_seconds, class default). Precedence per field:
// the scenario's explicit "efficiency" > the device's measured "achieved" fields (catalog or user
// calibration) > vendor/architecture defaults > device-class defaults (efficiency_model.cpp).
Efficiencies calibratedEfficiencies(const Scenario& scenario, const Device& device);

// All-reduce bus bandwidth (nccl-tests "busbw") of `devices` devices in one node (or across
// nodes when `devices` exceeds devices_per_node) reducing a `messageBytes` buffer, B/s:
// busbw = 2(n-1)/n · M / t, t = 2(n-1)/n · M / (B_link · ε) + 2(n-1) · α (NCCL PERFORMANCE.md).
double allReduceBusBytesPerSecond(const Device& device, const Efficiencies& efficiencies, double devices,
                                  double messageBytes);

// Host RAM -> device copy rate, B/s.
double hostToDeviceBytesPerSecond(const Device& device, const Efficiencies& efficiencies);

} // namespace lhe::core
