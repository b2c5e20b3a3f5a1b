// Any bytes as a catalog file: either entries load (bad ones skipped with a warning) or one
// InputError names the problem; nothing else may escape, crash or trip a sanitizer. Every device
// that loads evaluates a small and a huge scenario to finite numbers (a bandwidth of
// 1e-300 B/s once loaded and made every time infinite).
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
    Catalog catalog;
    std::vector<lhe::core::Message> warnings;
    try {
        catalog.addText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz", true, warnings);
    } catch (const InputError&) {
        return 0;
    }
    const ModelArchitecture& llama = Catalog::builtIn().findModel("llama-3.1-8b")->architecture;
    for (const Device& device : catalog.devices()) {
        for (const long long count : {1LL, 1'000'000'000LL}) {
            Scenario s;
            s.deviceId = device.id;
            s.modelId = "llama-3.1-8b";
            s.batch = s.promptTokens = s.outputTokens = count;
            try {
                requireFinite(reportToJson(estimate(s, device, llama)));
            } catch (const InputError&) {
            }
        }
    }
    return 0;
}
