// Any bytes as a scenario file, evaluated against the shipped catalog: a report whose numbers
// are all finite, or one InputError. Anything else aborts the fuzzer.
#include "core/catalog.h"
#include "core/estimator.h"
#include "core/input_error.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void requireFinite(const nlohmann::json& value)
{
    if (value.is_number_float() && !std::isfinite(value.get<double>()))
        std::abort();
    if (value.is_structured())
        for (const auto& child : value)
            requireFinite(child);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace lhe::core;
    try {
        const nlohmann::json input = parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
        const Report report = estimate(scenarioFromJson(input), Catalog::builtIn());
        requireFinite(reportToJson(report));
    } catch (const InputError&) {
    }
    return 0;
}
