// The fuzz targets' oracle: every number in a report is finite, or the fuzzer aborts.
#pragma once

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace lhe::fuzz {

inline void requireFinite(const nlohmann::json& value)
{
    if (value.is_number_float() && !std::isfinite(value.get<double>()))
        std::abort();
    if (value.is_structured())
        for (const auto& child : value)
            requireFinite(child);
}

} // namespace lhe::fuzz
