#include "core/estimate/communication.h"

#include <algorithm>

namespace lhe::core {

Link linkForGroup(const EvaluationContext& ctx, double groupSpan, double membersPerNode)
{
    return linkFor(ctx.device, ctx.eff, groupSpan, membersPerNode);
}

Link linkFor(const Device& device, const Efficiencies& eff, double groupSpan, double membersPerNode)
{
    Link link;
    const double perNode = static_cast<double>(device.devicesPerNode);
    const double intra = interconnectLineBytesPerSecond(device);
    if (groupSpan <= perNode) {
        link.bytesPerSecond = intra * eff.network;
        link.allReduceBytesPerSecond = intra * eff.allReduce;
        link.latencySeconds = eff.intraNodeStepSeconds;
        link.lineBytesPerSecond = intra;
    } else {
        const double nics = std::clamp(membersPerNode, 1.0, perNode);
        const double across = std::min(intra, device.interNodeBytesPerSecond * nics);
        link.bytesPerSecond = link.allReduceBytesPerSecond = across * eff.interNode;
        link.latencySeconds = eff.interNodeStepSeconds;
        link.lineBytesPerSecond = across;
    }
    return link;
}

ExpertExchange expertExchange(const EvaluationContext& ctx, double hiddenBytesPerReplica)
{
    const Parallelism& split = ctx.split;
    if (!ctx.arch.isMoe() || !split.expertAllToAll())
        return {};
    const bool beside = split.placement == ExpertPlacement::WithAttention;
    ExpertExchange exchange;
    exchange.ranks = static_cast<double>(split.expert);
    exchange.bytes = hiddenBytesPerReplica * static_cast<double>(ctx.arch.expertsPerToken) /
                     (beside ? static_cast<double>(split.tensor) : 1.0);
    exchange.groupSpan =
        beside ? static_cast<double>(split.tensor * split.data) : static_cast<double>(ctx.scenario.devices);
    return exchange;
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

double ringAllReduceWireBytes(double bytes, double devices, const Link& link)
{
    if (devices <= 1 || bytes <= 0)
        return 0;
    const double inSwitch = std::min(1.0, link.lineBytesPerSecond / link.allReduceBytesPerSecond);
    return 2.0 * (devices - 1.0) / devices * bytes * inSwitch;
}

double allToAllWireBytes(double bytes, double devices)
{
    if (devices <= 1 || bytes <= 0)
        return 0;
    return (devices - 1.0) / devices * bytes;
}

double interconnectLineBytesPerSecond(const Device& device)
{
    return device.interconnectBytesPerSecond > 0 ? device.interconnectBytesPerSecond
                                                 : device.hostLinkBytesPerSecond;
}

} // namespace lhe::core
