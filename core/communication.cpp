#include "core/communication.h"

namespace lhe::core {

Link linkForGroup(const EvaluationContext& ctx, double groupSpan)
{
    return linkFor(ctx.device, ctx.eff, groupSpan);
}

Link linkFor(const Device& device, const Efficiencies& eff, double groupSpan)
{
    Link link;
    if (groupSpan <= static_cast<double>(device.devicesPerNode)) {
        const double intra = device.interconnectBytesPerSecond > 0 ? device.interconnectBytesPerSecond
                                                                   : device.hostLinkBytesPerSecond;
        link.bytesPerSecond = intra * eff.network;
        link.allReduceBytesPerSecond = intra * eff.allReduce;
        link.latencySeconds = eff.intraNodeStepSeconds;
    } else {
        link.bytesPerSecond = link.allReduceBytesPerSecond = device.interNodeBytesPerSecond * eff.interNode;
        link.latencySeconds = eff.interNodeStepSeconds;
    }
    return link;
}

double ringAllReduceSeconds(double bytes, double devices, const Link& link)
{
    if (devices <= 1 || bytes <= 0)
        return 0;
    return 2.0 * (devices - 1.0) / devices * bytes / link.allReduceBytesPerSecond +
           2.0 * (devices - 1.0) * link.latencySeconds;
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
