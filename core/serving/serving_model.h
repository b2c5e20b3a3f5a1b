// ServingModel: one scenario's serving steady state as a function of the concurrency (docs/METHOD.md
// §15.2-15.3). What does not depend on the concurrency (each request shape's prefill, the KV pool) is
// evaluated once; each point is then one decode step. Used by servingEstimate, the curve and the ranking.
// The inner evaluations are the memory and phase models of estimate() run in one calibrated context
// (the split, efficiencies, compute column and weight bytes are the scenario's throughout): no report,
// scenario copy or efficiency lookup per evaluation.
#pragma once

#include "core/catalog/device.h"
#include "core/estimate/estimator.h"
#include "core/estimate/evaluation_context.h"
#include "core/model/model_architecture.h"
#include "core/serving/serving.h"

#include <map>
#include <optional>
#include <span>
#include <vector>

namespace lhe::core {

// The inner evaluations: memory and phase times only (no limits search, no ideal roofline, no
// serving of their own).
EstimateOptions phasesOnly();

// What estimate() has evaluated already for the scenario it hands the serving model: the scenario
// itself and its calibrated context, in which the inner evaluations run (each sets the scenario's
// batch and lengths and puts them back after it: no copy of either), and its decode step at the
// scenario's batch and lengths (the step the serving point runs when its concurrency is the batch).
struct EvaluatedScenario
{
    Scenario& scenario; // ctx.scenario
    const EvaluationContext& ctx;
    const MemoryEstimate& memory;
    const PhaseEstimate& decode;
};

// servingEstimate (serving.h) for estimate(): the same figures in `result`, without evaluating again
// what `evaluated` holds.
void servingEstimate(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                     const ServingInputs& inputs, const EvaluatedScenario* evaluated,
                     std::optional<ServingEstimate>& result);

class ServingModel
{
public:
    // `scenario` is resolved (its parallel split set) and outlives the model.
    ServingModel(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                 const ServingInputs& inputs, const EvaluatedScenario* evaluated = nullptr);
    ServingModel(const ServingModel&) = delete; // m_ctx refers to m_work
    ServingModel& operator=(const ServingModel&) = delete;

    long long replicas() const { return m_replicas; }
    double meanInput() const { return m_meanInput; }
    double meanOutput() const { return m_meanOutput; }
    long long maxConcurrencyKv() const { return m_maxKv; }
    double poolBytes() const { return m_poolBytes; }
    double sequenceBytes() const { return m_sequenceBytes; }
    double sharedPrefixBytes() const { return m_sharedBytes; }
    const std::vector<Message>& warnings() const { return m_warnings; }
    const EngineProfile& engine() const { return *m_engine; }

    // The steady state with `concurrency` requests in flight; the speculative parts when the
    // scenario drafts.
    ServingPoint at(long long concurrency, std::optional<SpeculativeEstimate>* speculative = nullptr) const;

    // One engine step of a replica for the discrete-event simulation (docs/METHOD.md §15.7): the
    // host's time, plus `decoding` sequences' decode step and `promptTokens` uncached prompt
    // tokens at the marginal cost per token of the scenario's prompts (what a prompt adds to the
    // steps it shares), or without decoding sequences the prompts' own prefill per token. Decode
    // steps are remembered per count.
    double simulatedStepSeconds(long long decoding, long long promptTokens) const;
    double meanUncachedInput() const;

private:
    // One request shape with its prefill.
    struct ShapeCost
    {
        double input = 0;
        double output = 0;
        double uncachedInput = 0;
        double prefillSeconds = 0;  // the uncached prompt alone, batch 1
        double marginalSeconds = 0; // what it adds to the decode steps it shares
    };

    // The prompts that join one decode step together: how many, what each adds to the step
    // (the batch's marginal cost shared), and how much longer their batched prefill takes than
    // one prompt alone.
    struct PromptBatch
    {
        long long batch = 1;
        double marginalSeconds = 0;
        double sharingSeconds = 0;
    };

    // The wait of a prompt for the prompts ahead of it: mean and 90th percentile.
    struct PromptQueue
    {
        double meanSeconds = 0;
        double p90Seconds = 0;
    };

    // One inner evaluation: the working scenario at `batch` sequences of `prompt` + `output`
    // tokens while it lasts, its own batch and lengths again after it.
    class Lengths
    {
    public:
        Lengths(const ServingModel& model, long long batch, long long prompt, long long output);
        ~Lengths();
        Lengths(const Lengths&) = delete;
        Lengths& operator=(const Lengths&) = delete;

    private:
        Scenario& m_work;
        long long m_batch;
        long long m_prompt;
        long long m_output;
    };

    // One decode step: its phase and the memory tier its batch lands in.
    struct DecodeStep
    {
        OffloadTier tier = OffloadTier::None;
        PhaseEstimate decode;
    };

    double hostSecondsPerStep(double runningPerReplica) const;
    static PromptQueue promptQueue(double lifetimeSeconds, double serviceSeconds, double othersInFlight);
    // The scenario at `batch` sequences of `prompt` + `output` tokens (what estimate() would
    // evaluate for that copy of the scenario), in the shared context.
    MemoryEstimate memoryAt(long long batch, long long prompt, long long output) const;
    PhaseEstimate prefillAt(long long batch, long long prompt) const;
    double marginalOf(const PhaseEstimate& prefill) const;
    PromptBatch promptBatch(long long perReplica) const;
    DecodeStep decodeAt(long long concurrency) const;
    Scenario draftScenario(long long batch) const;
    double verifySeconds(long long running, const DecodeStep& step, long long draftTokens) const;
    ShapeCost shapeCost(const RequestShape& shape) const;
    double draftStepSeconds(long long running, double decodeSeconds) const;
    void kvPool();

    const Scenario& m_base;
    const Device& m_device;
    const ModelArchitecture& m_arch;
    ServingInputs m_inputs;
    const EngineProfile* m_engine = nullptr;
    const EvaluatedScenario* m_evaluated = nullptr;
    // Without estimate()'s own: a copy of the scenario (without speculation) and its context.
    std::optional<Scenario> m_ownWork;
    std::optional<EvaluationContext> m_ownCtx;
    Scenario* m_work = nullptr;               // batch and lengths set per evaluation (Lengths)
    const EvaluationContext* m_ctx = nullptr; // *m_work in its calibrated context
    long long m_replicas = 1;
    // The request shapes: one (most scenarios, kept without an allocation) or a distribution.
    ShapeCost m_oneShape;
    std::vector<ShapeCost> m_manyShapes;
    std::span<const ShapeCost> shapes() const
    {
        return m_manyShapes.empty() ? std::span<const ShapeCost>(&m_oneShape, 1)
                                    : std::span<const ShapeCost>(m_manyShapes);
    }
    double m_meanInput = 0;
    double m_meanOutput = 0;
    double m_meanMarginal = 0;
    double m_poolBytes = 0;
    double m_sequenceBytes = 0;
    double m_sharedBytes = 0;
    long long m_maxKv = 0;
    std::vector<Message> m_warnings;
    mutable PromptBatch m_lastPromptBatch;                    // the first worked out (batch > 1)
    mutable std::map<long long, PromptBatch> m_promptBatches; // the others, by batch
    mutable std::vector<double> m_ttfts; // at()'s per-shape times to first token, beyond 16 shapes
    mutable std::vector<double>
        m_simulatedSteps; // simulatedStepSeconds's decode steps, by count (0: not yet)
};

} // namespace lhe::core
