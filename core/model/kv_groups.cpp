// The per-layer cache of a ModelArchitecture merged into KV groups, and the sums over those
// groups the estimator asks for each token: KV bytes, recurrent state, mixer FLOPs
// (docs/METHOD.md §1.4 KV groups). Shared by the config reader and the tensor-header reader.
#include "core/model/model_architecture.h"

#include <algorithm>
#include <cmath>

namespace lhe::core {

void mergeKvGroup(std::vector<KvGroup>& groups, KvGroup layer)
{
    auto same = [&](const KvGroup& g) {
        return g.kind == layer.kind && g.windowTokens == layer.windowTokens &&
               g.elementsPerToken == layer.elementsPerToken && g.stateElements == layer.stateElements &&
               g.flopsPerAttendedToken == layer.flopsPerAttendedToken &&
               g.fixedBytesPerToken == layer.fixedBytesPerToken;
    };
    const auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it != groups.end()) {
        it->layers += 1;
    } else {
        layer.layers = 1;
        groups.push_back(layer);
    }
}

void summariseKvGroups(ModelArchitecture& a)
{
    a.stateElementsTotal = 0;
    for (const KvGroup& g : a.kvGroups)
        a.stateElementsTotal += g.layers * g.stateElements;
    a.layersByKind.fill(0);
    for (const LayerSpec& layer : a.layerSpecs)
        ++a.layersByKind[static_cast<std::size_t>(layer.attention)];
    a.uniformFullAttention = a.kvGroups.size() == 1 && a.kvGroups.front().kind == AttentionKind::Full &&
                             a.kvGroups.front().fixedBytesPerToken == 0 &&
                             a.kvGroups.front().elementsPerToken == a.kvElementsPerTokenPerLayer;
}

std::string_view attentionKindName(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Full:
        return "full";
    case AttentionKind::Sliding:
        return "sliding";
    case AttentionKind::Chunked:
        return "chunked";
    case AttentionKind::Linear:
        return "linear";
    case AttentionKind::None:
        return "none";
    }
    return "full";
}

bool ModelArchitecture::hasRecurrentState() const
{
    return std::any_of(kvGroups.begin(), kvGroups.end(),
                       [](const KvGroup& g) { return g.stateElements > 0; });
}

double ModelArchitecture::matmulParamsActive() const
{
    // Untied: the input embedding is a lookup, the separate head a product. Tied: the single
    // table is used as the head, so it counts once.
    return paramsActive - (tiedEmbeddings ? 0.0 : paramsEmbedding) - paramsPositions -
           paramsPerLayerEmbedding;
}

double ModelArchitecture::kvBytesPerNewToken(double bytesPerElement) const
{
    double bytes = 0;
    for (const KvGroup& g : kvGroups)
        if (g.kind != AttentionKind::Linear && g.kind != AttentionKind::None)
            bytes += g.layers * groupKvBytesPerToken(g, bytesPerElement);
    return bytes;
}

double ModelArchitecture::mixerFlopsPerToken(double context) const
{
    double flops = 0;
    for (const KvGroup& g : kvGroups) {
        const double cached = g.cachedTokens(context, false);
        const double attended = g.attendedCapTokens > 0 ? std::min(cached, g.attendedCapTokens) : cached;
        flops += g.layers * (g.flopsPerAttendedToken * attended + g.flopsPerCachedToken * cached +
                             g.recurrentFlopsPerToken);
    }
    return flops;
}

double ModelArchitecture::causalMixerFlops(double s) const
{
    // Σ over positions i = 1..s of the tokens position i attends: i for full layers,
    // min(i, W) for a window W, and ((i - 1) mod C) + 1 within chunks of C.
    auto capped = [&](double cap) {
        return s <= cap ? s * (s + 1.0) / 2.0 : cap * (cap + 1.0) / 2.0 + (s - cap) * cap;
    };
    double flops = 0;
    for (const KvGroup& g : kvGroups) {
        double attended = 0;
        double cached = 0;
        switch (g.kind) {
        case AttentionKind::Full:
            cached = s * (s + 1.0) / 2.0;
            break;
        case AttentionKind::Sliding:
            cached = capped(g.windowTokens);
            break;
        case AttentionKind::Chunked: {
            const double chunks = std::floor(s / g.windowTokens);
            const double rest = s - chunks * g.windowTokens;
            cached = chunks * g.windowTokens * (g.windowTokens + 1.0) / 2.0 + rest * (rest + 1.0) / 2.0;
            break;
        }
        case AttentionKind::Linear:
        case AttentionKind::None:
            break;
        }
        attended =
            g.attendedCapTokens > 0 && g.kind == AttentionKind::Full ? capped(g.attendedCapTokens) : cached;
        flops += g.layers * (g.flopsPerAttendedToken * attended + g.flopsPerCachedToken * cached +
                             g.recurrentFlopsPerToken * s);
    }
    return flops;
}

} // namespace lhe::core
