// Comparison: a pinned report A beside the current report B (docs/METHOD.md §11 Compare A/B). One row per
// figure the dashboard shows — memory per device and each of its parts, whether it fits, each
// phase's time, throughput and bound, training MFU and days — with the difference B − A and the
// ratio B / A. A row never carries a NaN or an infinity: when a phase is missing on one side or A
// is zero, the ratio is absent and `status` says why. Also the shared chart scales the side-by-side
// view needs (one memory axis for both bars, one roofline frame for both point sets).
#pragma once

#include "core/charts/chart_data.h"
#include "core/common/units.h"
#include "core/estimate/report.h"

#include <optional>
#include <string>
#include <vector>

namespace lhe::core {

// Why a row has no ratio (or no difference).
enum class ComparisonStatus {
    Ok,       // both values, A non-zero: difference and ratio
    MissingA, // the phase is not in A (e.g. A is inference, B training)
    MissingB,
    ZeroA,   // A is 0: the difference stands, a ratio would be infinite
    Verdict, // a tier or bound row: same or changed, no arithmetic
};

struct ComparisonRow
{
    std::string section;              // "Memory", "Prefill", "Decode", "Training"
    std::string label;                // English, e.g. "Memory per device"
    Quantity unit = Quantity::Bytes;  // numeric rows
    std::optional<double> a, b;       // numeric rows; absent when that report lacks the phase
    std::optional<double> difference; // b − a, when both are present
    std::optional<double> ratio;      // b / a, when both are present and a ≠ 0
    std::optional<OffloadTier> tierA, tierB;
    std::optional<Bound> boundA, boundB;
    ComparisonStatus status = ComparisonStatus::Ok;
    bool higherIsBetter = false; // throughput, MFU; false for time, memory, days
    bool changed() const;        // B differs from A (verdict rows: another tier or bound)
    bool isVerdict() const { return tierA || tierB || boundA || boundB; } // a tier or bound row
};

// Rows in dashboard order. Memory parts that are zero in both reports are left out (a training
// run's gradients are noise in an inference comparison); the four overheads are one row,
// "Overheads"; the totals, capacity and fit always show. Training adds the trainable parameters
// (all of them for full fine-tuning, the adapters' for LoRA / QLoRA). When either report serves,
// the serving rows (what the users see, per deployment; "Meets the targets" a verdict, 1 meets,
// 0 misses, 2 no targets) follow the memory rows.
std::vector<ComparisonRow> compareReports(const Report& a, const Report& b);

// One value axis for both memory charts: the taller of the two fitted maxima (memoryChart), so
// equal heights mean equal bytes.
double sharedMemoryAxisMaxBytes(const Report& a, const Report& b);

// The roofline frame holding both charts' lines and points: the union of their decade ranges.
struct RooflineFrame
{
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
};
RooflineFrame sharedRooflineFrame(const RooflineChart& a, const RooflineChart& b);

// Whether the two reports have different roofs (device, precision or bandwidth): only then is A's
// roof drawn as a second one.
bool roofsDiffer(const Report& a, const Report& b);

} // namespace lhe::core
