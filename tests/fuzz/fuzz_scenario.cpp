// Any bytes as a scenario file, evaluated against the shipped catalog: a report whose numbers
// are all finite, or one InputError. Anything else aborts the fuzzer.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "require_finite.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using lhe::fuzz::requireFinite;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace lhe::core;
    try {
        const nlohmann::json input =
            parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
        const Report report = estimate(scenarioFromJson(input), Catalog::builtIn());
        requireFinite(reportToJson(report));
    } catch (const InputError&) {
    }
    return 0;
}
