// Any bytes as a user-calibration CSV: measurement points that calibrate to finite fractions in
// [0.05, 1] and finite predictions, or one InputError.
#include "core/calibration/calibration.h"
#include "core/common/input_error.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace lhe::core;
    const Catalog& catalog = Catalog::builtIn();
    try {
        const std::vector<CalibrationPoint> points = calibrationPointsFromCsv(
            std::string(reinterpret_cast<const char*>(data), size), "nvidia-rtx-4090", &catalog);
        if (points.empty() || points.size() > 2) // a fit costs ~2,000 reports a point: keep runs fast
            return 0;
        const CalibrationResult result = calibrate(*catalog.findDevice("nvidia-rtx-4090"), catalog, points);
        for (const double fraction : {result.gemmFraction, result.memoryFraction}) {
            if (fraction != 0 &&
                !(fraction >= kCalibrationMinFraction && fraction <= kCalibrationMaxFraction))
                std::abort();
        }
        for (const CalibrationRow& row : result.rows) {
            if (!std::isfinite(row.predictedBefore) || !std::isfinite(row.predictedAfter))
                std::abort();
        }
    } catch (const InputError&) {
    }
    return 0;
}
