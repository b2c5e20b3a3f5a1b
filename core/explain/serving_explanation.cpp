// explainServing (core/explain/explanation.h): the serving read-outs taken apart (docs/METHOD.md §15).
#include "core/explain/explanation_builder.h"
#include "core/serving/serving.h"

namespace lhe::core {

using namespace explain_detail;

namespace {

constexpr const char* kBatchingSource =
    "Continuous batching: Yu et al. 2022 (Orca) §3; Kwon et al. 2023 (vLLM, PagedAttention) §4; "
    "chunked prefill: Agrawal et al. 2024 (Sarathi-Serve) §4; docs/METHOD.md §15.2";
constexpr const char* kPoolSource = "vLLM gpu_memory_utilization and block_size (Kwon et al. 2023 §4.1); "
                                    "docs/METHOD.md §15.3";
constexpr const char* kSpeculativeSource =
    "Leviathan et al. 2023, Fast Inference from Transformers via Speculative Decoding, Eq. 1; "
    "DeepSeek-V3 technical report §2.2 (multi-token prediction); docs/METHOD.md §15.5";
constexpr const char* kEnergySource = "Board power = TDP × utilisation (docs/METHOD.md §15.4)";

double perReplica(const ServingEstimate& s)
{
    return std::ceil(ll(s.point.running) / ll(s.replicas));
}

Explanation tpot(const ServingEstimate& s)
{
    const ServingPoint& p = s.point;
    Builder b(LHE_TEXT("Explanation", "Time per output token"), U::Seconds, kBatchingSource);
    b.term("step", LHE_TEXT("Explanation", "One step of the running sequences"),
           s.speculative ? p.speculativeStepSeconds : p.decodeStepSeconds, U::Seconds);
    b.term("tokens_per_step", LHE_TEXT("Explanation", "Tokens kept per sequence per step"), p.tokensPerStep,
           U::Number);
    b.term("per_replica", LHE_TEXT("Explanation", "Requests in flight per replica"), perReplica(s), U::Count);
    b.term("marginal", LHE_TEXT("Explanation", "What one prompt adds to the steps it shares"),
           p.prefillMarginalSeconds, U::Seconds);
    b.term("output", LHE_TEXT("Explanation", "Output tokens per request"), s.outputTokens, U::Tokens);
    b.formula("{step} ÷ {tokens_per_step} + ({per_replica} − 1) × {marginal} ÷ {output}");
    b.note(LHE_TEXT("Explanation", "Each decode step serves every running sequence at once; while a request "
                                   "decodes, each other request of its replica runs its prompt once per "
                                   "answer, and those prompts slow the shared steps."));
    b.note(LHE_TEXT("Explanation",
                    "With chunked prefill a prompt rides in the decode steps and adds only its "
                    "compute; without it the prompt runs as a step of its own and stalls every "
                    "running sequence for all of it."));
    return b.done(p.tpotSeconds);
}

Explanation ttft(const ServingEstimate& s)
{
    const ServingPoint& p = s.point;
    Builder b(LHE_TEXT("Explanation", "Time to first token"), U::Seconds, kBatchingSource);
    const double wait =
        perReplica(s) > 1 ? (s.speculative ? p.speculativeStepSeconds : p.decodeStepSeconds) : 0.0;
    b.term("own", LHE_TEXT("Explanation", "The prompt's own time (mean over the request shapes)"),
           p.ttftSeconds - wait / 2.0 - p.promptQueueSeconds - p.queueSeconds, U::Seconds);
    b.term("wait", LHE_TEXT("Explanation", "The running step a new request waits out"), wait, U::Seconds);
    b.term("prompts", LHE_TEXT("Explanation", "Wait for the prompts ahead of it"), p.promptQueueSeconds,
           U::Seconds);
    b.term("queue", LHE_TEXT("Explanation", "Wait for room in the KV pool"), p.queueSeconds, U::Seconds);
    b.formula("{own} + {wait} ÷ 2 + {prompts} + {queue}");
    b.note(LHE_TEXT("Explanation",
                    "Alone, the prompt's prefill (only its uncached tokens). Beside running "
                    "requests a chunked prompt takes one chunk per step, the chunk budget less "
                    "one token per running sequence."));
    b.note(LHE_TEXT("Explanation",
                    "Prompts that run one at a time queue behind each other: with utilisation ρ of "
                    "the prefill, the mean wait is ρ × the prompt's time ÷ (2 (1 − ρ)) (M/D/1)."));
    b.note(LHE_TEXT("Explanation", "Requests beyond the KV pool's limit wait until running ones finish "
                                   "(Little's law: waiting requests ÷ requests per second)."));
    return b.done(p.ttftSeconds);
}

Explanation throughput(const ServingEstimate& s, const Scenario& scenario)
{
    const ServingPoint& p = s.point;
    Builder b(LHE_TEXT("Explanation", "Output tokens/s per device"), U::TokensPerSecond, kBatchingSource);
    b.term("running", LHE_TEXT("Explanation", "Requests running"), ll(p.running), U::Count);
    b.term("lifetime",
           LHE_TEXT("Explanation", "One request's life: first token, then the rest one TPOT apart"),
           ll(p.running) / p.requestsPerSecond, U::Seconds);
    b.term("output", LHE_TEXT("Explanation", "Output tokens per request"), s.outputTokens, U::Tokens);
    b.term("devices", LHE_TEXT("Explanation", "Devices"), ll(scenario.devices), U::Count);
    b.formula("{running} ÷ {lifetime} × {output} ÷ {devices}");
    b.note(LHE_TEXT("Explanation", "Little's law: requests finish at the running count over a request's "
                                   "lifetime."));
    return b.done(p.outputTokensPerSecondPerDevice);
}

Explanation kvConcurrency(const ServingEstimate& s)
{
    Builder b(LHE_TEXT("Explanation", "Most concurrent requests the KV pool holds"), U::Count, kPoolSource);
    b.term("pool", LHE_TEXT("Explanation", "KV pool per device"), s.kvPoolBytesPerDevice, U::Bytes);
    b.term("shared", LHE_TEXT("Explanation", "Cached prefix, stored once"), s.sharedPrefixBytesPerDevice,
           U::Bytes);
    b.term("per_sequence", LHE_TEXT("Explanation", "KV of one request's own tokens, in whole blocks"),
           s.kvBytesPerSequencePerDevice, U::Bytes);
    b.term("replicas", LHE_TEXT("Explanation", "Data-parallel replicas"), ll(s.replicas), U::Count);
    b.formula("max(0, floor(({pool} − {shared}) ÷ {per_sequence})) × {replicas}");
    b.note(LHE_TEXT("Explanation", "The engine reserves gpu_memory_utilization of the device and gives the "
                                   "KV cache whatever the weights, activations, runtime and buffers leave."));
    return b.done(ll(s.maxConcurrencyKv));
}

Explanation speculative(const ServingEstimate& s, const Scenario& scenario)
{
    const SpeculativeSettings& spec = scenario.serving.speculative;
    Builder b(LHE_TEXT("Explanation", "Tokens kept per speculative step"), U::Number, kSpeculativeSource);
    b.term("alpha", LHE_TEXT("Explanation", "Acceptance rate of a drafted token"), spec.acceptanceRate,
           U::Fraction);
    b.term("k", LHE_TEXT("Explanation", "Tokens drafted per step"), ll(spec.draftTokens), U::Count);
    b.formula("(1 − {alpha} ^ ({k} + 1)) ÷ (1 − {alpha})");
    b.note(LHE_TEXT("Explanation",
                    "One step drafts k tokens and the model checks all of them, plus one of its "
                    "own, in a single pass that reads the weights once; the accepted run is "
                    "kept."));
    return b.done(s.speculative->tokensPerStep);
}

Explanation speculativeStep(const ServingEstimate& s)
{
    const SpeculativeEstimate& sp = *s.speculative;
    Builder b(LHE_TEXT("Explanation", "Speculative speed-up of TPOT"), U::Number, kSpeculativeSource);
    b.term("plain", LHE_TEXT("Explanation", "TPOT without speculation"), sp.plainTpotSeconds, U::Seconds);
    b.term("verify", LHE_TEXT("Explanation", "Verify pass over k + 1 tokens"), sp.verifySeconds, U::Seconds);
    b.term("draft", LHE_TEXT("Explanation", "k draft steps"), sp.draftSeconds, U::Seconds);
    b.term("tokens_per_step", LHE_TEXT("Explanation", "Tokens kept per sequence per step"), sp.tokensPerStep,
           U::Number);
    b.term("interruption", LHE_TEXT("Explanation", "Other requests' prompts, per token"),
           s.point.tpotSeconds - (sp.verifySeconds + sp.draftSeconds) / sp.tokensPerStep, U::Seconds);
    b.formula("{plain} ÷ (({verify} + {draft}) ÷ {tokens_per_step} + {interruption})");
    b.note(LHE_TEXT("Explanation", "The verify pass is a decode step of k + 1 tokens per sequence that reads "
                                   "each sequence's KV cache once; with a multi-token-prediction module a "
                                   "draft step is one decoder layer of the model."));
    return b.done(sp.speedup);
}

Explanation energy(const ServingEstimate& s, const Scenario& scenario, const Device& device)
{
    Builder b(LHE_TEXT("Explanation", "Energy per output token"), U::Joules, kEnergySource);
    b.term("devices", LHE_TEXT("Explanation", "Devices"), ll(scenario.devices), U::Count);
    b.term("tdp", LHE_TEXT("Explanation", "Board power (TDP)"), device.tdpWatts, U::Watts);
    b.term("utilization", LHE_TEXT("Explanation", "Average share of TDP drawn while serving"),
           scenario.serving.powerUtilization, U::Fraction);
    b.term("throughput", LHE_TEXT("Explanation", "Output tokens/s"), s.point.outputTokensPerSecond,
           U::TokensPerSecond);
    b.formula("{devices} × {tdp} × {utilization} ÷ {throughput}");
    b.note(LHE_TEXT("Explanation", "Accelerator boards only: host CPUs, networking and cooling are not "
                                   "counted."));
    return b.done(s.joulesPerOutputToken);
}

Explanation cost(const ServingEstimate& s, const Scenario& scenario)
{
    Builder b(LHE_TEXT("Explanation", "Cost per million output tokens"), U::Money, kEnergySource);
    b.term("devices", LHE_TEXT("Explanation", "Devices"), ll(scenario.devices), U::Count);
    b.term("price", LHE_TEXT("Explanation", "Price per device-hour"), *scenario.serving.pricePerDeviceHour,
           U::Money);
    b.term("throughput", LHE_TEXT("Explanation", "Output tokens/s"), s.point.outputTokensPerSecond,
           U::TokensPerSecond);
    b.formula("{devices} × {price} ÷ 3600 ÷ {throughput} × 1000000");
    return b.done(*s.costPerMillionOutputTokens);
}

} // namespace

std::vector<Explanation> explainServing(const Report& report, const Device& device)
{
    std::vector<Explanation> out;
    if (!report.serving)
        return out;
    const ServingEstimate& s = *report.serving;
    out.push_back(tpot(s));
    out.push_back(ttft(s));
    out.push_back(throughput(s, report.scenario));
    out.push_back(kvConcurrency(s));
    if (s.speculative) {
        out.push_back(speculative(s, report.scenario));
        out.push_back(speculativeStep(s));
    }
    if (s.joulesPerOutputToken > 0)
        out.push_back(energy(s, report.scenario, device));
    if (s.costPerMillionOutputTokens)
        out.push_back(cost(s, report.scenario));
    return out;
}

} // namespace lhe::core
