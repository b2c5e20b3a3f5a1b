#include "core/calibration/calibration.h"

#include "core/common/input_error.h"
#include "core/estimate/efficiency_model.h"
#include "core/estimate/estimator.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <tuple>
#include <utility>

namespace lhe::core {

namespace {

using Quantity = CalibrationPoint::Quantity;

constexpr std::array<std::pair<Quantity, std::string_view>, 3> kQuantities{{
    {Quantity::DecodeTokensPerSecond, "decode_tokens_per_second"},
    {Quantity::PrefillTokensPerSecond, "prefill_tokens_per_second"},
    {Quantity::TrainingStepSeconds, "training_step_seconds"},
}};

std::string formatNumber(double value)
{
    std::ostringstream out;
    out.precision(3);
    out << value;
    return out.str();
}

// One point made ready for repeated evaluation: mode from the quantity, no scenario efficiency,
// the parallel split pinned so that every candidate fraction is evaluated on the same split.
struct PreparedPoint
{
    Scenario scenario;
    const ModelArchitecture* arch = nullptr;
    Quantity quantity = Quantity::DecodeTokensPerSecond;
    double measured = 0;
};

const PhaseEstimate& phaseOf(const Report& report, Quantity quantity)
{
    switch (quantity) {
    case Quantity::DecodeTokensPerSecond:
        return *report.decode;
    case Quantity::PrefillTokensPerSecond:
        return *report.prefill;
    case Quantity::TrainingStepSeconds:
        break;
    }
    return report.training->step;
}

constexpr int kGridPoints = 40; // the search grid of each fraction, below

// Estimates per point of each stage of the fit, for the progress share: one to pin a point's
// parallel split; the joint grid, (kGridPoints + 1)^2 fits plus the start; the refinement, whose
// round count depends on the data (3 to the cap of 60 rounds of 140 fits in the tests): its share
// approaches its end like 1 - exp(-fits / kRefineFits) and jumps there when it converges; the
// constraint test, at most 6 estimates a point; the refit of a fraction set back to the device's,
// at most two refinements of 44 fits; and the rows before and after.
constexpr double kPrepareEstimates = 1;
constexpr double kGridEstimates = 1 + (kGridPoints + 1.0) * (kGridPoints + 1.0);
constexpr double kRefineFits = 5 * 140;
constexpr double kConstraintEstimates = 6;
constexpr double kRefitEstimates = 2 * 44;
constexpr double kRowEstimates = 2;

// The share of the fit done, counted in estimates against a plan fixed before the search starts,
// so that it never falls, and the cancellation point: CalibrationProgress in core/calibration/calibration.h.
class FitProgress
{
public:
    FitProgress(const CalibrationProgress& hook, std::size_t points)
        : m_hook(hook), m_points(static_cast<double>(points)),
          m_total(m_points * (kPrepareEstimates + kGridEstimates + kRefineFits + kConstraintEstimates +
                              kRefitEstimates + kRowEstimates))
    {}

    // Starts the next stage of `estimatesPerPoint`; `saturating`: the refinement's open-ended share.
    void stage(double estimatesPerPoint, bool saturating = false)
    {
        m_stageStart = m_stageEnd;
        m_stageEnd += estimatesPerPoint * m_points;
        m_inStage = 0;
        m_saturating = saturating;
    }

    // One estimate done.
    void tick()
    {
        if (!m_hook)
            return;
        ++m_inStage;
        const double width = m_stageEnd - m_stageStart;
        const double done =
            m_saturating ? -width * std::expm1(-m_inStage / width) : std::min(m_inStage, width);
        // 1 is finish()'s: the last stage's estimates end just below it.
        report(std::min((m_stageStart + done) / m_total, std::nextafter(1.0, 0.0)));
    }

    void finish() { report(1.0); }

private:
    void report(double share) const
    {
        if (m_hook && !m_hook(share))
            throw CalibrationCancelled();
    }

    const CalibrationProgress& m_hook;
    double m_points;
    double m_total;
    double m_stageStart = 0;
    double m_stageEnd = 0;
    double m_inStage = 0;
    bool m_saturating = false;
};

double predict(const PreparedPoint& point, const Device& device, FitProgress& progress)
{
    const Report report = estimate(point.scenario, device, *point.arch,
                                   EstimateOptions{.limits = false, .ideal = false, .serving = false});
    progress.tick();
    const PhaseEstimate& phase = phaseOf(report, point.quantity);
    return point.quantity == Quantity::TrainingStepSeconds ? phase.seconds : phase.tokensPerSecond;
}

Device withFractions(Device device, double gemm, double memory, double latencySeconds)
{
    device.achievedGemmFraction = gemm;
    device.achievedMemoryFraction = memory;
    device.achievedLayerLatencySeconds = latencySeconds;
    return device;
}

// Sum of squared log(predicted/measured): the least-squares fit of relative errors, symmetric in
// over- and under-prediction. A prediction that is not a positive number counts as a huge miss.
double objective(const std::vector<PreparedPoint>& points, const Device& device, FitProgress& progress)
{
    double sum = 0;
    for (const PreparedPoint& point : points) {
        const double predicted = predict(point, device, progress);
        if (!(predicted > 0) || !std::isfinite(predicted))
            return std::numeric_limits<double>::max();
        const double logRatio = std::log(predicted / point.measured);
        sum += logRatio * logRatio;
    }
    return sum;
}

// The search grid of each fraction: log-spaced over [kCalibrationMinFraction, kCalibrationMaxFraction]
// plus the starting value itself (so that a fraction nothing depends on can stay exactly there).
const double kLogMin = std::log(kCalibrationMinFraction);
const double kLogMax = std::log(kCalibrationMaxFraction);
const double kGridStep = (kLogMax - kLogMin) / (kGridPoints - 1);

std::vector<double> gridWith(double start)
{
    std::vector<double> grid;
    for (int i = 0; i < kGridPoints; ++i)
        grid.push_back(std::exp(kLogMin + kGridStep * i));
    grid.push_back(std::clamp(start, kCalibrationMinFraction, kCalibrationMaxFraction));
    return grid;
}

// Golden-section search for the minimum of f on [a, b] (Press et al., Numerical Recipes §10.2);
// `iterations` steps shrink the bracket to 0.618^iterations of its width.
template <typename F> double goldenSection(F f, double a, double b, int iterations)
{
    const double invPhi = (std::sqrt(5.0) - 1.0) / 2.0;
    double c = b - invPhi * (b - a);
    double d = a + invPhi * (b - a);
    double fc = f(c);
    double fd = f(d);
    for (int i = 0; i < iterations; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - invPhi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + invPhi * (b - a);
            fd = f(d);
        }
    }
    return (a + b) / 2.0;
}

// A fraction refined on its logarithm within one grid step either side of `current`; the result
// replaces `current` only when strictly better.
template <typename F> double refineFraction(F f, double current)
{
    const double refined = std::exp(goldenSection([&](double x) { return f(std::exp(x)); },
                                                  std::max(kLogMin, std::log(current) - kGridStep),
                                                  std::min(kLogMax, std::log(current) + kGridStep), 40));
    return f(refined) < f(current) ? refined : current;
}

// The per-layer latency refined on [0, limit], likewise.
template <typename F> double refineLatency(F f, double current, double limit)
{
    const double refined = goldenSection(f, 0.0, limit, 48);
    return f(refined) < f(current) ? refined : current;
}

// Whether a point's prediction (`base` on the fitted device) moves by more than `relative` when
// one device parameter is set to any of `values`: the point is bound by that parameter at the fit.
bool dependsOn(const PreparedPoint& point, const Device& device, double base, double Device::*parameter,
               std::initializer_list<double> values, double relative, FitProgress& progress)
{
    for (const double value : values) {
        Device moved = device;
        moved.*parameter = value;
        if (std::abs(predict(point, moved, progress) - base) > relative * std::abs(base))
            return true;
    }
    return false;
}

// Median and worst (farthest from 1 in |log|) of predicted/measured; the median of an even count
// is the geometric mean of the middle two.
std::pair<double, double> summarise(const std::vector<double>& ratios)
{
    std::vector<double> logs;
    logs.reserve(ratios.size());
    for (const double ratio : ratios)
        logs.push_back(std::log(ratio));
    std::sort(logs.begin(), logs.end());
    const std::size_t n = logs.size();
    const double medianLog = n % 2 == 1 ? logs[n / 2] : (logs[n / 2 - 1] + logs[n / 2]) / 2.0;
    const double worstLog = std::abs(logs.front()) > std::abs(logs.back()) ? logs.front() : logs.back();
    return {std::exp(medianLog), std::exp(worstLog)};
}

constexpr std::string_view kPointsPrefix = "points[";

std::string pointPath(std::size_t index)
{
    return std::string(kPointsPrefix) + std::to_string(index) + "]";
}

} // namespace

std::string_view calibrationQuantityName(CalibrationPoint::Quantity quantity)
{
    for (const auto& [value, name] : kQuantities) {
        if (value == quantity)
            return name;
    }
    return {};
}

std::optional<CalibrationPointField> calibrationPointField(const InputError& error)
{
    // The reverse of pointPath(): "points[12].output_tokens" -> {12, "output_tokens"}.
    const std::string_view path = error.fieldPath();
    if (path.substr(0, kPointsPrefix.size()) != kPointsPrefix)
        return std::nullopt;
    const std::size_t close = path.find(']', kPointsPrefix.size());
    const std::string_view digits = path.substr(kPointsPrefix.size(), close - kPointsPrefix.size());
    if (close == std::string_view::npos || digits.empty() || digits.size() > 18 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    CalibrationPointField out;
    out.index = std::stoull(std::string(digits));
    std::string_view rest = path.substr(close + 1);
    if (!rest.empty() && rest.front() == '.')
        rest.remove_prefix(1);
    out.field = std::string(rest);
    return out;
}

CalibrationResult calibrate(const Device& device, const Catalog& catalog,
                            const std::vector<CalibrationPoint>& points, const CalibrationProgress& hook)
{
    if (points.empty())
        throw InputError("points", message(LHE_TEXT("CoreMessage", "no measurements to calibrate with")));

    FitProgress progress(hook, points.size());
    progress.stage(kPrepareEstimates);

    std::deque<ModelArchitecture> inlineArchitectures; // stable addresses for PreparedPoint::arch
    std::vector<PreparedPoint> prepared;
    prepared.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        const CalibrationPoint& point = points[i];
        const std::string path = pointPath(i);
        if (!plausibleCalibrationMeasurement(point.measured))
            throw InputError(
                path + ".measured",
                message(LHE_TEXT("CoreMessage", "expected a positive number from 1e-6 to 1e12, got %1"),
                        formatNumber(point.measured)));
        PreparedPoint p;
        p.scenario = point.scenario;
        p.scenario.deviceId = device.id;
        p.scenario.efficiency = {}; // the device's achieved fields are what is being fitted
        p.scenario.mode = point.quantity == Quantity::TrainingStepSeconds ? Mode::Training : Mode::Inference;
        p.quantity = point.quantity;
        p.measured = point.measured;
        if (point.quantity == Quantity::DecodeTokensPerSecond && p.scenario.outputTokens < 1)
            throw InputError(
                path + ".output_tokens",
                message(LHE_TEXT("CoreMessage", "decode tokens/s needs at least one output token")));
        if (p.scenario.mode == Mode::Training && isWeightOnly(p.scenario.weights))
            throw InputError(
                path + ".precision.weights",
                message(LHE_TEXT("CoreMessage", "weight-only format \"%1\" is for inference, not a "
                                                "training step"),
                        precisionName(p.scenario.weights)));
        try {
            if (p.scenario.modelConfig) {
                std::vector<Message> warnings;
                inlineArchitectures.push_back(inlineArchitecture(p.scenario, warnings));
                p.arch = &inlineArchitectures.back();
            } else {
                const ModelEntry* model = catalog.findModel(p.scenario.modelId);
                if (!model)
                    throw InputError("model", message(LHE_TEXT("CoreMessage", "unknown id \"%1\""),
                                                      elided(p.scenario.modelId)));
                p.arch = &model->architecture;
            }
            const Report report =
                estimate(p.scenario, device, *p.arch, EstimateOptions{.limits = false, .serving = false});
            p.scenario.parallelism = report.scenario.parallelism;
            progress.tick();
        } catch (const InputError& error) {
            throw InputError(path + "." + error.fieldPath(), error.message());
        }
        prepared.push_back(std::move(p));
    }

    // Start from what the device uses now (its achieved fields, else the vendor/class defaults of
    // efficiency_model.cpp at bf16, which is what achieved.gemm_fraction means).
    const Efficiencies start = calibratedEfficiencies(Scenario{}, device);
    // The fitted quantity: squared log errors plus a vanishing pull towards the starting fractions.
    // The pull only decides between fits the measurements cannot tell apart — one compute-bound
    // step explained by a lower GEMM fraction or by a far lower memory fraction: the smaller change
    // wins — and holds a fraction no point depends on where it was.
    constexpr double kPull = 1e-9;
    // The per-layer kernel latency is fitted too (batch-1 decode is half latency on a fast GPU):
    // searched on [0, 4 x the starting value], pulled towards the start like the fractions.
    const double startLatency = start.layerLatencySeconds;
    const double latencyLimit = std::max(4.0 * startLatency, 1e-3);
    double latency = startLatency;
    const auto fit3 = [&](double g, double m, double l) {
        const double dg = std::log(g / start.compute);
        const double dm = std::log(m / start.memory);
        const double dl = (l - startLatency) / latencyLimit;
        return objective(prepared, withFractions(device, g, m, l), progress) +
               kPull * (dg * dg + dm * dm + dl * dl);
    };
    const auto fit = [&](double g, double m) { return fit3(g, m, latency); };

    // max(compute, memory) makes the objective flat wherever the other resource bounds every point
    // and gives it kinks, so a joint grid finds the basin before coordinate-wise refinement.
    progress.stage(kGridEstimates);
    double gemm = start.compute;
    double memory = start.memory;
    double best = fit(gemm, memory);
    const std::vector<double> gemmGrid = gridWith(start.compute);
    const std::vector<double> memoryGrid = gridWith(start.memory);
    for (const double g : gemmGrid) {
        for (const double m : memoryGrid) {
            const double value = fit(g, m);
            if (value < best) {
                best = value;
                gemm = g;
                memory = m;
            }
        }
    }
    const auto refineGemm = [&] { gemm = refineFraction([&](double g) { return fit(g, memory); }, gemm); };
    const auto refineMemory = [&] {
        memory = refineFraction([&](double m) { return fit(gemm, m); }, memory);
    };
    const auto refineLatencyNow = [&] {
        latency = refineLatency([&](double l) { return fit3(gemm, memory, l); }, latency, latencyLimit);
    };
    progress.stage(kRefineFits, true);
    for (int round = 0; round < 60; ++round) { // bandwidth and latency trade off: many short steps
        const double before[3] = {gemm, memory, latency};
        refineMemory();
        refineGemm();
        refineLatencyNow();
        if (gemm == before[0] && memory == before[1] && latency == before[2])
            break;
    }

    // A fraction is constrained when at least one point is bound by it at the fit.
    progress.stage(kConstraintEstimates);
    CalibrationResult result;
    const Device fitted = withFractions(device, gemm, memory, latency);
    bool gemmConstrained = false;
    bool memoryConstrained = false;
    bool latencyConstrained = false;
    for (std::size_t i = 0; i < prepared.size(); ++i) {
        // Compute or memory bind a point when a 1 % move of the fraction moves it at all (the
        // larger of the two overlapped terms); latency adds to the time, so a point depends on it
        // when 1 µs more per layer moves it by more than 0.1 % (batch-1 decode of a 7B model:
        // ~1 %; a training step: never).
        const double base = predict(prepared[i], fitted, progress);
        const bool byGemm = dependsOn(prepared[i], fitted, base, &Device::achievedGemmFraction,
                                      {gemm * 1.01, gemm / 1.01}, 1e-9, progress);
        const bool byMemory = dependsOn(prepared[i], fitted, base, &Device::achievedMemoryFraction,
                                        {memory * 1.01, memory / 1.01}, 1e-9, progress);
        latencyConstrained =
            latencyConstrained || dependsOn(prepared[i], fitted, base, &Device::achievedLayerLatencySeconds,
                                            {latency + 1e-6}, 1e-3, progress);
        gemmConstrained = gemmConstrained || byGemm;
        memoryConstrained = memoryConstrained || byMemory;
        if (!byGemm && !byMemory)
            result.notes.push_back(
                message(LHE_TEXT("CoreMessage", "measurement %1 is bound by neither compute nor memory "
                                                "bandwidth (communication, offload or kernel latency): it "
                                                "constrains neither fraction"),
                        i + 1));
    }
    // An unconstrained fraction goes back to the device's own; the other is refitted if it moved.
    progress.stage(kRefitEstimates);
    if (!gemmConstrained && gemm != start.compute) {
        gemm = start.compute;
        if (memoryConstrained)
            refineMemory();
    }
    if (!memoryConstrained && memory != start.memory) {
        memory = start.memory;
        if (gemmConstrained)
            refineGemm();
    }
    if (latencyConstrained) {
        result.layerLatencySeconds = latency;
    } else {
        result.notes.push_back(
            message(LHE_TEXT("CoreMessage", "no latency-bound measurement (small-batch decode): "
                                            "kernel latency kept at %1 µs per layer"),
                    formatNumber(startLatency * 1e6)));
    }
    // `source` is the device's own citation (catalog data), shown as written.
    const auto describeKept = [](MessageId what, double value, const std::string& source) {
        return message(what, formatNumber(value), source);
    };
    if (gemmConstrained) {
        result.gemmFraction = gemm;
    } else {
        result.notes.push_back(describeKept(
            LHE_TEXT("CoreMessage", "no compute-bound measurement: GEMM fraction kept at %1 (%2)"),
            start.compute, start.computeSource));
    }
    if (memoryConstrained) {
        result.memoryFraction = memory;
    } else {
        result.notes.push_back(describeKept(
            LHE_TEXT("CoreMessage", "no memory-bound measurement: memory bandwidth fraction kept at %1 (%2)"),
            start.memory, start.memorySource));
    }
    const auto atLimit = [&result](const Message& what, double value) {
        if (value >= kCalibrationMaxFraction * (1 - 1e-6))
            result.notes.push_back(
                message(LHE_TEXT("CoreMessage", "%1 fraction at the search limit 1: the "
                                                "measurements are faster than the datasheet "
                                                "peak explains"),
                        what));
        else if (value > 0 && value <= kCalibrationMinFraction * (1 + 1e-6))
            result.notes.push_back(
                message(LHE_TEXT("CoreMessage", "%1 fraction at the search limit 0.05: the "
                                                "measurements are slower than the model "
                                                "explains"),
                        what));
    };
    atLimit(message(LHE_TEXT("CoreMessage", "GEMM")), result.gemmFraction);
    if (result.layerLatencySeconds >= 0 && result.memoryFraction >= kCalibrationMaxFraction * (1 - 1e-6))
        result.notes.push_back(message(LHE_TEXT(
            "CoreMessage", "memory bandwidth fraction at the datasheet peak and the kernel latency took up "
                           "the rest: bandwidth and latency are only told apart by decode of a small and "
                           "a large model (e.g. 1B and 8B) at batch 1")));
    else
        atLimit(message(LHE_TEXT("CoreMessage", "memory bandwidth")), result.memoryFraction);

    progress.stage(kRowEstimates);
    const Device after = calibratedDevice(device, result, {});
    std::vector<double> before;
    std::vector<double> afterRatios;
    for (const PreparedPoint& point : prepared) {
        CalibrationRow row;
        row.measured = point.measured;
        row.predictedBefore = predict(point, device, progress);
        row.predictedAfter = predict(point, after, progress);
        before.push_back(row.ratioBefore());
        afterRatios.push_back(row.ratioAfter());
        result.rows.push_back(row);
    }
    std::tie(result.medianRatioBefore, result.worstRatioBefore) = summarise(before);
    std::tie(result.medianRatioAfter, result.worstRatioAfter) = summarise(afterRatios);
    progress.finish();
    return result;
}

Device calibratedDevice(const Device& device, const CalibrationResult& result, const std::string& isoDate)
{
    Device out = device;
    if (result.gemmFraction > 0)
        out.achievedGemmFraction = result.gemmFraction;
    if (result.memoryFraction > 0)
        out.achievedMemoryFraction = result.memoryFraction;
    if (result.layerLatencySeconds >= 0)
        out.achievedLayerLatencySeconds = result.layerLatencySeconds;
    if (result.gemmFraction > 0 || result.memoryFraction > 0 || result.layerLatencySeconds >= 0) {
        const std::size_t n = result.rows.size();
        out.achievedSource = "user calibration: " + std::to_string(n) +
                             (n == 1 ? " measurement" : " measurements") +
                             (isoDate.empty() ? std::string() : ", " + isoDate);
    }
    out.userDefined = true;
    return out;
}

} // namespace lhe::core
