#include "core/charts/comparison.h"

#include <algorithm>
#include <cmath>

namespace lhe::core {

bool ComparisonRow::changed() const
{
    switch (status) {
    case ComparisonStatus::Verdict:
        return tierA != tierB || boundA != boundB;
    case ComparisonStatus::MissingA:
    case ComparisonStatus::MissingB:
        return true;
    case ComparisonStatus::Ok:
    case ComparisonStatus::ZeroA:
        break;
    }
    return difference && *difference != 0;
}

namespace {

// A value the estimate printed as finite is kept; anything else (a division by a zero time in a
// degenerate device) counts as missing, so no NaN or infinity reaches the table.
std::optional<double> finite(double value)
{
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

ComparisonRow numeric(std::string section, std::string label, Quantity unit, std::optional<double> a,
                      std::optional<double> b, bool higherIsBetter = false)
{
    ComparisonRow row;
    row.section = std::move(section);
    row.label = std::move(label);
    row.unit = unit;
    row.a = a ? finite(*a) : std::nullopt;
    row.b = b ? finite(*b) : std::nullopt;
    row.higherIsBetter = higherIsBetter;
    if (!row.a) {
        row.status = ComparisonStatus::MissingA;
    } else if (!row.b) {
        row.status = ComparisonStatus::MissingB;
    } else {
        row.difference = *row.b - *row.a;
        if (*row.a == 0) {
            row.status = ComparisonStatus::ZeroA;
        } else {
            row.ratio = finite(*row.b / *row.a);
            row.status = row.ratio ? ComparisonStatus::Ok : ComparisonStatus::ZeroA;
        }
    }
    return row;
}

ComparisonRow boundRow(std::string section, std::string label, std::optional<Bound> a, std::optional<Bound> b)
{
    ComparisonRow row;
    row.section = std::move(section);
    row.label = std::move(label);
    row.boundA = a;
    row.boundB = b;
    row.status = !a   ? ComparisonStatus::MissingA
                 : !b ? ComparisonStatus::MissingB
                      : ComparisonStatus::Verdict;
    return row;
}

// What the users see (docs/METHOD.md §15), per deployment, from each report's serving figures.
// Meets the targets is a verdict: 1 meets, 0 misses, 2 no targets.
void addServingRows(const Report& a, const Report& b, std::vector<ComparisonRow>& rows)
{
    if (!a.serving && !b.serving)
        return;
    const std::string serving = "Serving";
    using P = ServingPoint;
    auto point = [](const Report& r, double P::*member) {
        return r.serving ? std::optional<double>(r.serving->point.*member) : std::nullopt;
    };
    rows.push_back(numeric(serving, "TTFT users see", Quantity::Seconds, point(a, &P::ttftSeconds),
                           point(b, &P::ttftSeconds)));
    rows.push_back(numeric(serving, "TTFT users see, p90", Quantity::Seconds, point(a, &P::ttftP90Seconds),
                           point(b, &P::ttftP90Seconds)));
    rows.push_back(numeric(serving, "TPOT users see", Quantity::Seconds, point(a, &P::tpotSeconds),
                           point(b, &P::tpotSeconds)));
    rows.push_back(numeric(serving, "TPOT users see, p90", Quantity::Seconds, point(a, &P::tpotP90Seconds),
                           point(b, &P::tpotP90Seconds)));
    rows.push_back(numeric(serving, "Output tokens/s per device", Quantity::TokensPerSecond,
                           point(a, &P::outputTokensPerSecondPerDevice),
                           point(b, &P::outputTokensPerSecondPerDevice), true));
    auto cost = [](const Report& r) {
        return r.serving ? r.serving->costPerMillionOutputTokens : std::nullopt;
    };
    if (cost(a) || cost(b))
        rows.push_back(numeric(serving, "Cost per million tokens", Quantity::Money, cost(a), cost(b)));
    auto meets = [](const Report& r) -> std::optional<double> {
        if (!r.serving)
            return std::nullopt;
        const ServingSettings& sv = r.scenario.serving;
        if (!sv.ttftTargetSeconds && !sv.tpotTargetSeconds)
            return 2.0;
        return r.serving->point.meetsTargets ? 1.0 : 0.0;
    };
    ComparisonRow targets = numeric(serving, "Meets the targets", Quantity::Count, meets(a), meets(b));
    if (targets.a && targets.b) {
        targets.status = ComparisonStatus::Verdict;
        targets.difference.reset();
        targets.ratio.reset();
    }
    rows.push_back(targets);
}

template <typename T, typename F> std::optional<double> field(const std::optional<T>& phase, F get)
{
    return phase ? std::optional<double>(get(*phase)) : std::nullopt;
}

} // namespace

std::vector<ComparisonRow> compareReports(const Report& a, const Report& b)
{
    std::vector<ComparisonRow> rows;
    const MemoryBreakdown& ma = a.memory.perDevice;
    const MemoryBreakdown& mb = b.memory.perDevice;

    // Memory: the bar totals and what they are made of (MemoryBreakdown, per device).
    const std::string memory = "Memory";
    rows.push_back(numeric(memory, "Devices", Quantity::Count, static_cast<double>(a.scenario.devices),
                           static_cast<double>(b.scenario.devices)));
    rows.push_back(numeric(memory, "Memory per device", Quantity::Bytes, ma.totalBytes(), mb.totalBytes()));
    rows.push_back(numeric(memory, "Capacity per device", Quantity::Bytes, a.memory.capacityPerDeviceBytes,
                           b.memory.capacityPerDeviceBytes));
    {
        ComparisonRow fit;
        fit.section = memory;
        fit.label = "Fits";
        fit.tierA = a.memory.tier;
        fit.tierB = b.memory.tier;
        fit.status = ComparisonStatus::Verdict;
        rows.push_back(fit);
    }
    const std::pair<const char*, double MemoryBreakdown::*> parts[] = {
        {"Weights", &MemoryBreakdown::weightsBytes},
        {"KV cache", &MemoryBreakdown::kvCacheBytes},
        {"Activations", &MemoryBreakdown::activationsBytes},
        {"Gradients", &MemoryBreakdown::gradientsBytes},
        {"Optimizer states", &MemoryBreakdown::optimizerStatesBytes},
        // LoRA / QLoRA (README "Scenario (input)", training.method): what a full-vs-adapter
        // comparison is about, so they sit beside the gradients and states they replace.
        {"Adapters", &MemoryBreakdown::adaptersBytes},
        {"Dequantization workspace", &MemoryBreakdown::dequantWorkspaceBytes},
    };
    for (const auto& [label, member] : parts) {
        if (ma.*member != 0 || mb.*member != 0)
            rows.push_back(numeric(memory, label, Quantity::Bytes, ma.*member, mb.*member));
    }
    // The four overheads as one row (MemoryBreakdown::overheadBytes): the bars show each; the
    // table stays short enough to read whole beside the cards.
    if (ma.overheadBytes() != 0 || mb.overheadBytes() != 0)
        rows.push_back(numeric(memory, "Overheads", Quantity::Bytes, ma.overheadBytes(), mb.overheadBytes()));
    if (a.memory.offloadedBytes != 0 || b.memory.offloadedBytes != 0)
        rows.push_back(
            numeric(memory, "Offloaded", Quantity::Bytes, a.memory.offloadedBytes, b.memory.offloadedBytes));

    // What the users see reads first after the memory: the phases' rows below are the whole
    // batch's, and a table taller than its place would hide serving rows at its end.
    addServingRows(a, b, rows);

    // Phases: the figures of each bottleneck card, when either report has the phase.
    auto seconds = [](const PhaseEstimate& p) { return p.seconds; };
    auto tokens = [](const PhaseEstimate& p) { return p.tokensPerSecond; };
    auto bound = [](const std::optional<PhaseEstimate>& p) {
        return p ? std::optional<Bound>(p->bound) : std::nullopt;
    };
    if (a.prefill || b.prefill) {
        rows.push_back(numeric("Prefill", "Time to first token", Quantity::Seconds, field(a.prefill, seconds),
                               field(b.prefill, seconds)));
        rows.push_back(numeric("Prefill", "Prompt tokens/s", Quantity::TokensPerSecond,
                               field(a.prefill, tokens), field(b.prefill, tokens), true));
        rows.push_back(boundRow("Prefill", "Prefill bound", bound(a.prefill), bound(b.prefill)));
    }
    if (a.decode || b.decode) {
        rows.push_back(numeric("Decode", "Time per output token", Quantity::Seconds, field(a.decode, seconds),
                               field(b.decode, seconds)));
        rows.push_back(numeric("Decode", "Tokens/s (batch)", Quantity::TokensPerSecond,
                               field(a.decode, tokens), field(b.decode, tokens), true));
        rows.push_back(boundRow("Decode", "Decode bound", bound(a.decode), bound(b.decode)));
    }
    if (a.training || b.training) {
        auto step = [](const TrainingEstimate& t) { return t.step.seconds; };
        auto stepTokens = [](const TrainingEstimate& t) { return t.step.tokensPerSecond; };
        auto mfu = [](const TrainingEstimate& t) { return t.mfu; };
        auto days = [](const TrainingEstimate& t) { return t.trainDays; };
        auto stepBound = [](const Report& r) {
            return r.training ? std::optional<Bound>(r.training->step.bound) : std::nullopt;
        };
        // Every parameter under full fine-tuning, the adapters' under LoRA and QLoRA.
        auto trainable = [](const Report& r) {
            return r.training ? std::optional<double>(r.paramsTrainable) : std::nullopt;
        };
        rows.push_back(
            numeric("Training", "Trainable parameters", Quantity::Count, trainable(a), trainable(b)));
        rows.push_back(numeric("Training", "Step time", Quantity::Seconds, field(a.training, step),
                               field(b.training, step)));
        rows.push_back(numeric("Training", "Training tokens/s", Quantity::TokensPerSecond,
                               field(a.training, stepTokens), field(b.training, stepTokens), true));
        rows.push_back(numeric("Training", "MFU", Quantity::Fraction, field(a.training, mfu),
                               field(b.training, mfu), true));
        rows.push_back(numeric("Training", "Days to train", Quantity::Days, field(a.training, days),
                               field(b.training, days)));
        rows.push_back(boundRow("Training", "Training step bound", stepBound(a), stepBound(b)));
    }
    return rows;
}

double sharedMemoryAxisMaxBytes(const Report& a, const Report& b)
{
    return std::max(memoryChart(a).axisMaxBytes, memoryChart(b).axisMaxBytes);
}

RooflineFrame sharedRooflineFrame(const RooflineChart& a, const RooflineChart& b)
{
    // Both charts' ranges are whole decades already: their union is too.
    return {std::min(a.xMin, b.xMin), std::max(a.xMax, b.xMax), std::min(a.yMin, b.yMin),
            std::max(a.yMax, b.yMax)};
}

bool roofsDiffer(const Report& a, const Report& b)
{
    const RooflineInfo& ra = a.roofline;
    const RooflineInfo& rb = b.roofline;
    return ra.peakFlopsPerSecond != rb.peakFlopsPerSecond ||
           ra.memoryBandwidthBytesPerSecond != rb.memoryBandwidthBytesPerSecond ||
           ra.peakPrecision != rb.peakPrecision;
}

} // namespace lhe::core
