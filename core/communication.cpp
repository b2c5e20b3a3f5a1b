#include "core/communication.h"

namespace lhe::core {

namespace {

// Per-step latencies. NCCL all-reduce of small messages on 8 NVLink GPUs takes ~10-20 µs over
// 14 ring steps (nccl-tests small-message rows), ~1-2 µs a step; InfiniBand adds ~2-5 µs
// per hop. We take 2 µs within a node and 5 µs across nodes.
constexpr double kIntraNodeLatencySeconds = 2e-6;
constexpr double kInterNodeLatencySeconds = 5e-6;

} // namespace

Link linkForGroup(const EvaluationContext& ctx, double groupSpan)
{
    const Device& device = ctx.device;
    Link link;
    if (groupSpan <= static_cast<double>(device.devicesPerNode)) {
        const double intra = device.interconnectBytesPerSecond > 0 ? device.interconnectBytesPerSecond
                                                                   : device.hostLinkBytesPerSecond;
        link.bytesPerSecond = intra * ctx.efficiencyNetwork;
        link.latencySeconds = kIntraNodeLatencySeconds;
    } else {
        link.bytesPerSecond = device.interNodeBytesPerSecond * ctx.efficiencyNetwork;
        link.latencySeconds = kInterNodeLatencySeconds;
    }
    return link;
}

double ringAllReduceSeconds(double bytes, double devices, const Link& link)
{
    if (devices <= 1 || bytes <= 0)
        return 0;
    return 2.0 * (devices - 1.0) / devices * bytes / link.bytesPerSecond + 2.0 * (devices - 1.0) * link.latencySeconds;
}

double allToAllSeconds(double bytes, double devices, const Link& link)
{
    if (devices <= 1 || bytes <= 0)
        return 0;
    return (devices - 1.0) / devices * bytes / link.bytesPerSecond + (devices - 1.0) * link.latencySeconds;
}

double sendSeconds(double bytes, const Link& link)
{
    if (bytes <= 0)
        return 0;
    return bytes / link.bytesPerSecond + link.latencySeconds;
}

} // namespace lhe::core
