// Any bytes as a Hugging Face config.json: an architecture whose counts are finite and that
// evaluates on a catalog GPU to finite numbers, or one InputError.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace lhe::core;
    try {
        const nlohmann::json config =
            parseJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
        std::vector<lhe::core::Message> warnings;
        const ModelArchitecture arch = architectureFromHfConfig(config, "config", warnings);
        if (!std::isfinite(arch.paramsTotal) || arch.paramsTotal <= 0 || arch.paramsActive > arch.paramsTotal)
            std::abort();
        Scenario s;
        s.deviceId = "nvidia-h100-sxm";
        s.modelConfig = config;
        const Report report = estimate(s, *Catalog::builtIn().findDevice(s.deviceId), arch);
        if (!std::isfinite(report.decode->seconds) || !std::isfinite(report.memory.perDevice.totalBytes()))
            std::abort();
    } catch (const InputError&) {
    }
    return 0;
}
