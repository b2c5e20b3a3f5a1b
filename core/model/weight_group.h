// WeightGroup: the module groups a model's weights fall into, so that each can be counted and
// stored in its own format.
#pragma once

#include <cstddef>
#include <string_view>

namespace lhe::core {

enum class WeightGroup {
    Embedding,
    LmHead,
    Attention,
    DenseMlp,
    SharedExperts,
    RoutedExperts,
    Router,
    Norms,
    Vision,
    Mtp
};
inline constexpr std::size_t kWeightGroupCount = 10;

std::string_view weightGroupName(WeightGroup group);

} // namespace lhe::core
