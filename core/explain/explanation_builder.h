// Shared by the explanation files (core/*_explanation.cpp): the builder that collects one
// explanation, the scenario resolved again as estimate() resolved it, and the helpers one
// explanation file borrows from another. Internal to the core; the API is core/explain/explanation.h.
#pragma once

#include "core/common/input_error.h"
#include "core/common/message.h"
#include "core/estimate/communication.h"
#include "core/estimate/kernel_costs.h"
#include "core/estimate/memory_model.h"
#include "core/estimate/phase_model.h"
#include "core/explain/explanation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <tuple>

namespace lhe::core::explain_detail {

using U = Quantity;

// Collects one explanation: terms are added as the formula names them (a key once), the result
// is set last from the model's own code.
class Builder
{
public:
    // Titles, labels and notes are message ids (LHE_TEXT "Explanation"): the window translates them.
    Builder(MessageId title, U unit, std::string source)
    {
        m_e.title = title.text;
        m_e.resultUnit = unit;
        m_e.source = std::move(source);
    }
    double term(const std::string& key, MessageId label, double value, U unit)
    {
        for (const auto& t : m_e.terms)
            if (t.key == key)
                return t.value;
        m_e.terms.push_back({key, label.text, value, unit});
        return value;
    }
    Builder& formula(std::string f)
    {
        m_e.formula = std::move(f);
        return *this;
    }
    Builder& note(MessageId n)
    {
        m_e.notes.emplace_back(n.text);
        return *this;
    }
    Explanation done(double result)
    {
        m_e.result = result;
        // Keep only the terms the formula names (helpers may add shared ones).
        std::erase_if(m_e.terms, [&](const ExplanationTerm& t) {
            return m_e.formula.find('{' + t.key + '}') == std::string::npos;
        });
        return std::move(m_e);
    }

private:
    Explanation m_e;
};

inline double ll(long long v)
{
    return static_cast<double>(v);
}

// One scenario resolved again exactly as estimate() resolved it: the report's scenario (split and
// micro-batches filled in), its efficiencies and compute column.
struct Setup
{
    const Report& report;
    const Device& device;
    const ModelArchitecture& arch;
    EvaluationContext ctx;
    EvaluationContext ideal;
    long long microBatches = 1;

    Setup(const Report& r, const Device& d, const ModelArchitecture& a)
        : report(r), device(d),
          arch(a), ctx{r.scenario, d, a, r.scenario.parallelism.value_or(Parallelism{})},
          ideal{r.scenario, d, a, r.scenario.parallelism.value_or(Parallelism{}), idealEfficiencies()}
    {
        ctx.eff = r.efficiencies;
        ctx.computePeakKey = r.roofline.peakPrecision;
        ctx.peakFlopsPerSecond = r.roofline.peakFlopsPerSecond;
        ideal.computePeakKey = r.roofline.peakPrecision;
        ideal.peakFlopsPerSecond = r.roofline.peakFlopsPerSecond;
        if (r.training)
            microBatches = r.training->microBatches;
    }
    const Scenario& s() const { return report.scenario; }
    bool training() const { return report.scenario.mode == Mode::Training; }
};

// ---- common terms ------------------------------------------------------------------------

inline void tensorTerm(Builder& b, const Setup& su)
{
    b.term("tensor", LHE_TEXT("Explanation", "Tensor-parallel degree"), ll(su.ctx.split.tensor), U::Count);
}
inline void pipelineTerm(Builder& b, const Setup& su)
{
    b.term("pipeline", LHE_TEXT("Explanation", "Pipeline stages"), ll(su.ctx.split.pipeline), U::Count);
}
inline void expertTerm(Builder& b, const Setup& su)
{
    b.term("expert_shards", LHE_TEXT("Explanation", "Devices of a stage holding the experts"),
           ll(su.ctx.split.expertShards()), U::Count);
}

// The per-phase quantities phase_model.cpp derives, named.
struct PhaseShape
{
    double sequences = 0;         // per replica
    double passes = 1;            // prefill chunks; 1 otherwise
    double stageCount = 1;        // finishPhase's stageCount: p for prefill/decode, 1 for training
    double context = 0;           // decode: mean context
    double streamedWeights = 0;   // bytes of phase.bytes that are weights (quantised rate applies)
    double hiddenBytes = 0;       // per message before splitting into passes
    double attentionFlops = 0;    // of phase.flops, run in attention kernels (prefill, training)
    double attendedTokens = 0;    // the sequence those kernels attend over
    double tokens = 0;            // tokens whose element-wise passes run per device per phase
    double elementwisePasses = 1; // forward-pass equivalents of element-wise traffic
    double elementwiseBytes = 0;  // non-GEMM element-wise traffic of phase.bytes
    double optimizerBytes = 0;    // training: the optimizer step's traffic
    double dequantBytes = 0;      // training, QLoRA: the dequantization part of elementwiseBytes
    double backwardShare = 0;     // training: backward ÷ (forward + backward) FLOPs
    double kvStreamBytes = 0;     // decode: the attention kernels' KV cache and state traffic
    double bubbleStretch = 1;     // training: (m + p − 1) ÷ m
    // Inference with a MoE: the routed experts' fused kernels (phase_model.h PhaseParts).
    double expertFlops = 0;
    double expertWeightBytes = 0;
    double moeCalls = 0;
};

// Communication parts, each the communication.cpp helper the phase model calls.
struct CommPart
{
    std::string key;
    Explanation explanation;
};

// Sources the memory explanations cite.
inline constexpr const char* kMemorySource =
    "Parameters × bytes per parameter; block formats at their real bits per "
    "weight (llama.cpp quantization table)";
inline constexpr const char* kZeroSource = "Rajbhandari et al. 2020 (ZeRO) §3.1, §5";
inline constexpr const char* kLoraSource = "Hu et al. 2021, LoRA, §4.1; Dettmers et al. 2023, QLoRA, §3";

// memory_explanation.cpp, training_memory_explanation.cpp
MemoryBreakdown recomputedBreakdown(const Setup& su, long long stage);
double partOf(const MemoryBreakdown& m, MemorySegmentKind kind);
void zeroSharded(Builder& b, const Setup& su, int fromStage, const std::string& bytesKey,
                 MessageId bytesLabel, double bytesPerParam);
Explanation checkpointWeights(Builder& b, const Setup& su, double result);
Explanation frozenBaseExplanation(const Setup& su, double result);
Explanation weightsExplanation(const Setup& su, double result);
Explanation kvExplanation(const Setup& su, double result);
Explanation visionWeightsExplanation(const Setup& su, double result);
Explanation recurrentStateExplanation(const Setup& su, double result);
void storedActivationNotes(Builder& b, const Setup& su);
Explanation activationsExplanation(const Setup& su, long long stage, double result);
Explanation trainingStateExplanation(const Setup& su, MemorySegmentKind kind, double result);
Explanation adaptersExplanation(const Setup& su, double result);
Explanation dequantWorkspaceExplanation(const Setup& su, double result);
Explanation overheadExplanation(const Setup& su, MemorySegmentKind kind, const MemoryBreakdown& m,
                                double result);

// capacity_explanation.cpp
Explanation offloadTierExplanation(const Setup& su, MemoryPlacement placement, const MemoryBar& bar);
Explanation placementExplanation(const ComponentPlacement& placed);

// phase_explanation.cpp, verdict_explanation.cpp
PhaseEstimate phaseOf(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase);
bool hasPhase(const Report& r, RooflinePhase phase);
PhaseShape shapeOf(const Setup& su, RooflinePhase phase);
MessageId phaseTimeTitle(RooflinePhase phase);
Explanation flopsExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
Explanation bytesExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
Explanation computeTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
Explanation memoryTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
Explanation elementwiseBytesExplanation(const Setup& su, RooflinePhase phase);
Explanation nonGemmExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
// The routed experts' fused MoE kernels (METHOD §4.13); empty title without experts.
Explanation expertTimeExplanation(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);
Explanation totalTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                 const PhaseEstimate& pe, MessageId title);
Explanation boundExplanation(const PhaseEstimate& pe);
Explanation intensityExplanation(const PhaseEstimate& pe);
const PhaseEstimate* reportPhase(const Report& r, RooflinePhase phase, bool ideal);
Explanation mfuExplanation(const Setup& su, const PhaseEstimate& step, double result, MessageId title);
std::vector<Explanation> verdictFigures(const Setup& su, RooflinePhase phase, const PhaseEstimate& pe);

// communication_explanation.cpp
std::string ringFormula(const std::string& n, const std::string& msg, const std::string& bw,
                        const std::string& lat);
std::string allToAllFormula(const std::string& n, const std::string& msg, const std::string& bw,
                            const std::string& lat);
std::vector<CommPart> communicationParts(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                         const PhaseEstimate& pe);
MessageId partLabel(const std::string& key);
void backwardShareTerm(Builder& b, const Setup& su);
Explanation communicationTotal(const Setup& su, const std::vector<CommPart>& parts, const PhaseEstimate& pe);
Explanation offloadTimeExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                                   const PhaseEstimate& pe);
Explanation latencyExplanation(const Setup& su, const EvaluationContext& ctx, RooflinePhase phase,
                               const PhaseEstimate& pe);

} // namespace lhe::core::explain_detail
