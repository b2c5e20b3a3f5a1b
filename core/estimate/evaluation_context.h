// EvaluationContext: one scenario resolved against its device and model, with the derived
// quantities every sub-model (memory, work, communication) shares. Built once per report.
#pragma once

#include "core/catalog/device.h"
#include "core/common/message.h"
#include "core/estimate/efficiency_model.h"
#include "core/estimate/lora.h"
#include "core/model/model_architecture.h"
#include "core/scenario/scenario.h"

#include <optional>
#include <vector>

namespace lhe::core {

// Bytes of the weights one device holds (memory_model.h weightBytesPerDevice).
struct WeightBytes
{
    double shared = 0;  // every language-model weight but the routed experts
    double experts = 0; // routed experts
    double vision = 0;
    double language() const { return shared + experts; }
};

// What inferenceMemory (memory_model.cpp) works out the same way for every batch and context of
// one context: each term the value its formula gives, read by the "what fits" searches' probes
// instead of computed again. Filled on first use (memory_model.cpp inferenceMemoryTerms).
struct InferenceMemoryTerms
{
    WeightBytes weights;
    double replicas = 1;
    bool uniformKv = false;             // every layer full attention: layers x context x bytes per token
    double layers = 0;                  // as a double, for the uniform sum
    double kvBytesPerTokenPerLayer = 0; // at the KV precision (uniform models)
    double kvBytesPerElement = 0;
    double kvShardFraction = 1;
    double stateElements = 0;   // recurrent state per sequence, every layer
    double activationBytes = 0; // per element
    double tensorTimesPipeline = 1;
    double liveTensorBytesPerToken = 0;
    double runtimeContextBytes = 0;
    double communicationBuffersBytes = 0;
};

struct EvaluationContext
{
    // A constructor, not aggregate initialisation: the context is built several times per report,
    // and members left out are then default-initialised in place (an optional's payload is not
    // written) instead of the whole object being zeroed first.
    EvaluationContext(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                      const Parallelism& split, const Efficiencies& eff = {},
                      PeakKey computePeakKey = PeakKey::Bf16, double peakFlopsPerSecond = 0)
        : scenario(scenario), device(device), arch(arch), split(split), eff(eff),
          computePeakKey(computePeakKey), peakFlopsPerSecond(peakFlopsPerSecond)
    {}

    const Scenario& scenario;
    const Device& device;
    const ModelArchitecture& arch;
    Parallelism split;

    Efficiencies eff{};                     // calibrated, or ideal for the datasheet roofline
    PeakKey computePeakKey = PeakKey::Bf16; // the column actually used (after fallback)
    double peakFlopsPerSecond = 0;
    // Filled on first use by weightBytesPerDevice: the split and precisions are fixed per context.
    mutable std::optional<WeightBytes> weightBytes{};
    // Filled on first use by adapterCounts (LoRA / QLoRA): the modules the adapters sit on.
    mutable std::optional<LoraCounts> lora{};
    // Filled on first use by elementwiseBytesPerToken(ctx, false) (kernel_costs.h): per token and
    // layer, the same for every phase of the context (it depends on the split and precisions only).
    mutable std::optional<double> elementwiseBytes{};
    // Filled on first use by inferenceMemory: its terms that depend on the split and precisions only.
    mutable std::optional<InferenceMemoryTerms> inferenceTerms{};

    // Another split in the same context (the automatic split's candidates): drops what was filled
    // on first use for the previous one. The weight and element-wise bytes and the inference memory
    // terms depend on the split; the LoRA counts do not, and are kept.
    void setSplit(const Parallelism& next)
    {
        split = next;
        weightBytes.reset();
        elementwiseBytes.reset();
        inferenceTerms.reset();
    }
    // What `other` (the same scenario and split, other efficiencies) filled on first use that does
    // not depend on the efficiencies: the datasheet roofline's context takes the calibrated one's.
    void shareFilled(const EvaluationContext& other)
    {
        weightBytes = other.weightBytes;
        lora = other.lora;
        elementwiseBytes = other.elementwiseBytes;
        inferenceTerms = other.inferenceTerms;
    }

    bool adapterTraining() const
    {
        return scenario.mode == Mode::Training && scenario.training.method != TrainingMethod::Full;
    }
    const LoraCounts& adapterCounts() const
    {
        if (!lora)
            lora = loraCounts(arch, scenario.training.lora);
        return *lora;
    }

    // Attention's data-parallel replicas (Parallelism::replicas): data, times a separate expert
    // dimension's ranks (they replicate attention and split the batch, as in DeepSeek-V3's serving
    // layout).
    double replicas() const { return static_cast<double>(split.replicas()); }
    // Sequences one replica holds: ceil(batch / replicas).
    double batchPerReplica() const;
    double layersPerStage() const;
    // Share of the KV heads one tensor-parallel rank stores: ceil(h_kv / t) / h_kv (heads are
    // replicated, not split, when h_kv < t; MLA's latent is replicated on every rank).
    double kvShardFraction() const;
};

// The context estimate() evaluates a resolved scenario in (estimator.cpp): the calibrated
// efficiencies and the compute column the device runs the scenario's precision in, with a warning
// in `warnings`, when given, for a column the device lacks. The serving model evaluates its
// request shapes and decode steps in one such context (serving_model.cpp).
EvaluationContext calibratedContext(const Scenario& scenario, const Device& device,
                                    const ModelArchitecture& arch, const Parallelism& split,
                                    std::vector<Message>* warnings = nullptr);

// a / b without the division when b is 1 (exactly a): the memory probes divide by stage and
// tensor-parallel counts, most often 1, on the critical path of the "what fits" searches.
inline double divided(double a, double b)
{
    return b == 1.0 ? a : a / b;
}

// Rounds up a/b for positive doubles holding whole numbers. Inline, like the members below:
// the memory probes of the "what fits" searches call them dozens of times per report.
inline double ceilDiv(double a, double b)
{
    // std::ceil is a libm call on baseline x86-64 (no SSE4.1 roundsd): truncate instead. A divisor
    // of 1 (one replica, one stage) gives a exactly: no division on the probes' critical path.
    const double q = b == 1.0 ? a : a / b;
    if (!(q < 4.5e15) || !(q > -4.5e15)) // beyond 2^52 every double is whole (and NaN passes)
        return q;
    const double whole = static_cast<double>(static_cast<long long>(q));
    return whole < q ? whole + 1.0 : whole;
}

inline double EvaluationContext::batchPerReplica() const
{
    return ceilDiv(static_cast<double>(scenario.batch), replicas());
}

inline double EvaluationContext::layersPerStage() const
{
    return ceilDiv(static_cast<double>(arch.layers), static_cast<double>(split.pipeline));
}

inline double EvaluationContext::kvShardFraction() const
{
    if (arch.mla)
        return 1.0;
    const double kv = static_cast<double>(arch.kvHeads);
    return ceilDiv(kv, static_cast<double>(split.tensor)) / kv;
}

} // namespace lhe::core
