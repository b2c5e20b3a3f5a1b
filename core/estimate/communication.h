// Collective and point-to-point transfer times between devices (docs/METHOD.md §5):
// ring all-reduce with per-step latency, pipeline sends, expert all-to-all.
#pragma once

#include "core/estimate/evaluation_context.h"

namespace lhe::core {

struct Link
{
    double bytesPerSecond = 0;          // per direction per device, ring efficiency applied
    double allReduceBytesPerSecond = 0; // the same for all-reduce (NVLink SHARP beats the ring)
    double latencySeconds = 0;          // per ring step / message
    double lineBytesPerSecond = 0;      // per direction, datasheet: the link's roofline roof
};

// Link for a group spanning `groupSpan` consecutive devices: the scale-up interconnect (or PCIe
// peer-to-peer when a device has none) within devices_per_node, the inter-node network beyond.
// A ring crossing nodes with `membersPerNode` of its ranks in each node crosses each node
// boundary once per channel, so NCCL spreads it over that many NICs: 8x A100 nodes with one
// 200 Gb/s NIC per GPU reach 192 GB/s all-reduce busbw across nodes (measurement C8), not 25.
Link linkForGroup(const EvaluationContext& ctx, double groupSpan, double membersPerNode = 1);
Link linkFor(const Device& device, const Efficiencies& efficiencies, double groupSpan,
             double membersPerNode = 1);

// The all-to-all a MoE layer's tokens take to their experts and back (dispatch and combine alike;
// docs/METHOD.md §6.4): `ranks` expert-parallel ranks, each device sending `bytes` (the k expert
// copies of the tokens it holds), over the link of a group spanning `groupSpan` devices. None
// (ranks 1) where the experts see every token already (Parallelism::expertAllToAll). Experts beside
// attention split a replica's tokens over its tensor ranks; a separate expert dimension spans all
// the devices.
struct ExpertExchange
{
    double ranks = 1;
    double bytes = 0;
    double groupSpan = 1;
    bool any() const { return ranks > 1; }
};
ExpertExchange expertExchange(const EvaluationContext& ctx, double hiddenBytesPerReplica);

// Ring all-reduce of `bytes` over n devices (Patarasuk & Yuan 2009; NCCL ring):
// 2(n-1)/n · M / B + 2(n-1)·α.
double ringAllReduceSeconds(double bytes, double devices, const Link& link);
// All-to-all where each device keeps 1/n of `bytes` and sends the rest: (n-1)/n · M / B + (n-1)·α.
double allToAllSeconds(double bytes, double devices, const Link& link);
// One point-to-point message.
double sendSeconds(double bytes, const Link& link);

// Bytes each device puts on the link for the collectives above, at which the link's line rate is
// the roofline roof (every collective's time is at least its wire bytes over the line rate).
// All-reduce: the ring's 2(n-1)/n · M; NVLink SHARP reduces in the switch and moves fewer bytes
// per GPU than a ring, counted at the measured busbw ratio (efficiency_model.cpp).
double ringAllReduceWireBytes(double bytes, double devices, const Link& link);
double allToAllWireBytes(double bytes, double devices);
// Line rate of the fastest link collectives use: the scale-up interconnect, or PCIe peer-to-peer.
double interconnectLineBytesPerSecond(const Device& device);

} // namespace lhe::core
