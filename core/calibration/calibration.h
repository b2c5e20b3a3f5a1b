// User calibration: fits a device's achieved GEMM and memory-bandwidth fractions (the catalog's
// "achieved" fields) to the user's own measurements — decode or prefill tokens/s, training step
// times — so that estimate() reproduces them, and reports predicted vs measured before and after.
#pragma once

#include "core/calibration/calibration_csv.h" // calibrationPointsFromCsv: the measurements from a CSV file
#include "core/catalog/catalog.h"
#include "core/catalog/device.h"
#include "core/common/input_error.h"
#include "core/scenario/scenario.h"

#include <cstddef>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lhe::core {

struct CalibrationPoint
{
    // Model, precisions, batch, prompt/output tokens, devices; deviceId = the device. The mode
    // follows the quantity; the scenario's own efficiency fields are ignored.
    Scenario scenario;
    enum class Quantity {
        DecodeTokensPerSecond,
        PrefillTokensPerSecond,
        TrainingStepSeconds
    } quantity = Quantity::DecodeTokensPerSecond;
    double measured = 0; // tokens/s (whole batch) or s per optimizer step; 1e-6 to 1e12
};

std::string_view
calibrationQuantityName(CalibrationPoint::Quantity quantity); // "decode_tokens_per_second", ...

struct CalibrationRow
{
    double measured = 0;        // as the point gives it: tokens/s or s
    double predictedBefore = 0; // the same quantity from the device as given
    double predictedAfter = 0;  // ... from the calibrated device
    double ratioBefore() const { return predictedBefore / measured; }
    double ratioAfter() const { return predictedAfter / measured; }
};

struct CalibrationResult
{
    double gemmFraction = 0;   // fitted achieved.gemm_fraction; 0 = no compute-bound point, keep the device's
    double memoryFraction = 0; // fitted achieved.memory_bandwidth_fraction; 0 = no memory-bound point, keep
    // Fitted achieved.layer_latency_seconds (kernel latency per layer per forward pass); < 0 = no
    // measurement depends on it (large-batch or training points), keep the device's.
    double layerLatencySeconds = -1;
    std::vector<CalibrationRow> rows; // one per point, in order
    // Of predicted/measured over the rows; "worst" is the ratio farthest from 1 in |log ratio|.
    double medianRatioBefore = 1;
    double worstRatioBefore = 1;
    double medianRatioAfter = 1;
    double worstRatioAfter = 1;
    std::vector<Message> notes; // what was kept and why, points that constrain nothing
};

// Search interval of both fractions (achieved fractions below 5 % describe a broken setup, not
// a kernel's efficiency).
inline constexpr double kCalibrationMinFraction = 0.05;
inline constexpr double kCalibrationMaxFraction = 1.0;

// Measurements beyond any real run (a step of a microsecond, 10^12 tokens/s) are typing errors;
// the bounds also keep predicted/measured a finite number.
inline constexpr double kCalibrationMinMeasured = 1e-6;
inline constexpr double kCalibrationMaxMeasured = 1e12;
inline bool plausibleCalibrationMeasurement(double value)
{
    return value >= kCalibrationMinMeasured && value <= kCalibrationMaxMeasured; // false for NaN
}

// Watches calibrate(): called after every estimate with the share of the fit done, 0 to 1, never
// falling, and with exactly 1 once, when the fit is complete. Returning false cancels the fit:
// calibrate() throws CalibrationCancelled without calling it again. Called on calibrate()'s thread.
using CalibrationProgress = std::function<bool(double shareDone)>;

struct CalibrationCancelled : std::exception
{
    const char* what() const noexcept override { return "calibration cancelled"; }
};

// Fits achievedGemmFraction and achievedMemoryFraction of `device` so that estimate(point.scenario,
// device, model) matches the measurements: least squares of log(predicted/measured) over the points,
// both fractions searched in [0.05, 1] on a joint log-spaced grid, then refined by golden-section
// search on each in turn (up to three rounds). Where the measurements cannot tell two fits apart,
// the one nearer the device's current fractions wins. A fraction that no point is bound by at the
// fit (every point memory-bound leaves the GEMM fraction unconstrained, and vice versa) keeps the
// device's value. The scenarios' parallel split is fixed at the estimator's choice for `device`.
// Models are resolved in `catalog` (or the point's inline model_config). Throws InputError naming
// "points[i]..." for an unknown model, a measurement outside 1e-6..1e12 or a quantity the scenario does
// not produce (decode with output_tokens 0); an empty `points` too. About 2,000 estimates a point:
// seconds for 10,000 points, so a caller with a window runs it on a worker thread with `progress`.
CalibrationResult calibrate(const Device& device, const Catalog& catalog,
                            const std::vector<CalibrationPoint>& points,
                            const CalibrationProgress& progress = {});

// The measurement an error of calibrate() is about: its index in `points` and the field inside it
// ("output_tokens", "precision.weights"; empty for the point as a whole). nullopt when the error
// names no point. The window says "Row 3 (output_tokens): ..." from this, not from the path's text.
struct CalibrationPointField
{
    std::size_t index = 0;
    std::string field;
};
std::optional<CalibrationPointField> calibrationPointField(const InputError& error);

// `device` with the fitted fractions in its achieved fields (unconstrained ones as they were) and
// achievedSource "user calibration: <n> measurements, <isoDate>"; marked userDefined.
Device calibratedDevice(const Device& device, const CalibrationResult& result, const std::string& isoDate);

} // namespace lhe::core
