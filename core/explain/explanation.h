// Explanations: every number the dashboard shows, taken apart into the formula it came from,
// the values that went in and the source of the formula (docs/METHOD.md §12). Computed on
// demand (a click), never by estimate(): the report stays cheap. Titles, labels and notes are
// message ids (LHE_TEXT "Explanation", core/common/message.h) the UI translates; sources are citations
// and stay as written; values carry their unit for the UI to format.
#pragma once

#include "core/catalog/catalog.h"
#include "core/charts/chart_data.h"
#include "core/common/units.h"
#include "core/estimate/report.h"

#include <string>
#include <vector>

namespace lhe::core {

struct ExplanationTerm
{
    std::string key;   // the formula's {key}
    std::string label; // what it is, in words ("KV heads")
    double value = 0;
    Quantity unit = Quantity::Number;
};

struct Explanation
{
    std::string title; // the quantity ("KV cache")
    // Symbolic, with {key} placeholders for terms and plain numeric literals; operators
    // + − × ÷ and min(a, b, ...), max(...), parentheses. evaluateFormula() computes it.
    std::string formula;
    std::vector<ExplanationTerm> terms; // in first-use order
    double result = 0;                  // the number the dashboard shows, from the model's own code
    Quantity resultUnit = Quantity::Number;
    std::string source;             // citation: paper §, datasheet or measurement (docs/METHOD.md §14)
    std::vector<std::string> notes; // why this case applies (GQA, ZeRO stage, ...)
};

enum class ExplainKind { MemorySegment, RooflinePoint, Verdict, Capacity, Serving };

// What was clicked: a memory bar segment (stage 0 = every bar), a roofline point or a verdict card.
struct ExplainTarget
{
    ExplainKind kind = ExplainKind::Verdict;
    MemorySegmentKind segment = MemorySegmentKind::Weights;
    long long stage = 0; // 1-based pipeline stage of a training bar; 0: all bars
    RooflinePhase phase = RooflinePhase::Prefill;

    bool operator==(const ExplainTarget&) const = default;

    static ExplainTarget memorySegment(MemorySegmentKind kind)
    {
        return {ExplainKind::MemorySegment, kind, 0, RooflinePhase::Prefill};
    }
    static ExplainTarget rooflinePoint(RooflinePhase phase)
    {
        return {ExplainKind::RooflinePoint, MemorySegmentKind::Weights, 0, phase};
    }
    static ExplainTarget verdict(RooflinePhase phase)
    {
        return {ExplainKind::Verdict, MemorySegmentKind::Weights, 0, phase};
    }
    static ExplainTarget capacity()
    {
        return {ExplainKind::Capacity, MemorySegmentKind::Weights, 0, RooflinePhase::Prefill};
    }
    static ExplainTarget serving()
    {
        return {ExplainKind::Serving, MemorySegmentKind::Weights, 0, RooflinePhase::Decode};
    }
};

// One memory part per bar the report draws: the part's whole size; on a bar over capacity it is
// followed by where the part sits (on the device, offloaded to host RAM or disk, nowhere), as the
// chart splits it at the capacity line (componentPlacement).
std::vector<Explanation> explainMemorySegment(const Report& report, const Device& device,
                                              const ModelArchitecture& arch, MemorySegmentKind kind,
                                              long long stage = 0);
// Arithmetic intensity, FLOPs, bytes, attainable, achieved and ideal FLOP/s of one phase's
// operating point. Empty when the report has no such phase.
std::vector<Explanation> explainRooflinePoint(const Report& report, const Device& device,
                                              const ModelArchitecture& arch, RooflinePhase phase);
// The capacity verdict (the memory chart's badge and capacity line), per bar: what the device's
// work needs (the sum of its parts), the usable memory, the headroom or the overflow, and where
// the overflow went (host RAM; disk and nowhere when it reaches them).
std::vector<Explanation> explainCapacity(const Report& report, const Device& device,
                                         const ModelArchitecture& arch);
// A verdict card: the bound, every time term and how they combine, and the card's figures
// (time to first token, tokens/s, MFU, days to train, ideal roofline). Empty without the phase.
std::vector<Explanation> explainVerdict(const Report& report, const Device& device,
                                        const ModelArchitecture& arch, RooflinePhase phase);

// The serving read-outs (docs/METHOD.md §15): time per output token, time to first token,
// throughput, the KV pool's concurrency, speculative decoding, cost and energy. Empty without
// Report::serving.
std::vector<Explanation> explainServing(const Report& report, const Device& device);

std::vector<Explanation> explain(const Report& report, const Device& device, const ModelArchitecture& arch,
                                 const ExplainTarget& target);
// Resolves the device and model of report.scenario from the catalog as estimate() does (catalog
// id or inline config.json). Throws InputError for ids the catalog does not know.
std::vector<Explanation> explain(const Report& report, const Catalog& catalog, const ExplainTarget& target);

// The formula with every {key} replaced by its term's value. NaN when it does not parse or
// names an unknown key. Evaluation order may differ from the model's, so it matches `result`
// to rounding, not bit for bit.
double evaluateFormula(const std::string& formula, const std::vector<ExplanationTerm>& terms);

} // namespace lhe::core
