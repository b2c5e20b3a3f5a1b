#include "app/support/checkpoint_check.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace lhe::app {

namespace {

// Fixed-point with `decimals` digits, independent of the C locale (QCoreApplication sets it
// from the environment, and a German one would print "2,47"). From 1e15 on, an absurd figure
// from a hostile index, it is written in scientific notation ("1.00e+61"): in fixed notation
// a double can take 309 digits, and a buffer too short for them left the text undefined.
std::string fixed(double value, int decimals)
{
    char text[64];
    const auto format = std::fabs(value) < 1e15 ? std::chars_format::fixed : std::chars_format::scientific;
    const auto result = std::to_chars(text, text + sizeof text, value, format, decimals);
    return result.ec == std::errc() ? std::string(text, result.ptr) : std::string("?");
}

} // namespace

std::optional<CheckpointSizeCheck> checkCheckpointSize(double indexBytes, double configBytes)
{
    if (!(std::isfinite(indexBytes) && std::isfinite(configBytes) && indexBytes > 0 && configBytes > 0))
        return std::nullopt;
    CheckpointSizeCheck check;
    check.indexBytes = indexBytes;
    check.configBytes = configBytes;
    check.ratio = indexBytes / configBytes;
    check.deviationPercent = std::fabs(check.ratio - 1.0) * 100.0;
    // The epsilon keeps a ratio of exactly 1.05 (2.1e9 / 2e9 = 1.0500000000000000444) inside.
    check.agrees = std::fabs(check.ratio - 1.0) <= kCheckpointSizeTolerance + 1e-12;
    // Rounded up so that "within" stays true of the printed figure.
    check.withinPercent = std::fmax(0.1, std::ceil(check.deviationPercent * 10.0 - 1e-9) / 10.0);
    const double indexGB = indexBytes / 1e9;
    if (check.agrees) {
        check.message = "safetensors index " + fixed(indexGB, 2) +
                        " GB agrees with the parameter count (within " + fixed(check.withinPercent, 1) +
                        " %)";
    } else {
        check.message = "checkpoint index says " + fixed(indexGB, 2) +
                        " GB, the config's parameter count in its stored formats gives " +
                        fixed(configBytes / 1e9, 2) + " GB (ratio " + fixed(check.ratio, 2) +
                        "): the config may not describe this checkpoint";
    }
    return check;
}

std::optional<CheckpointSizeCheck> checkCheckpointSize(double indexBytes,
                                                       const core::ModelArchitecture& architecture)
{
    return checkCheckpointSize(indexBytes, architecture.checkpointBytes);
}

} // namespace lhe::app
