// simulateServing: a discrete-event simulation of continuous batching (docs/METHOD.md §15.7), step by
// step as vLLM V1's scheduler runs it: running requests first, then waiting ones FCFS while the token
// budget and the KV blocks allow, prompts cut into chunks, the most recently admitted request
// preempted (and recomputed) when the KV pool is full. It gives the latency percentiles under load
// that the analytic model of §15.2 (ServingModel) gives only as means and p90 approximations.
// Independent of ServingModel: the cost of one engine step is a callable the caller provides.
#pragma once

#include "core/scenario/scenario.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lhe::core {

// One engine step's duration, seconds: `decodeSequences` sequences each producing one token, plus
// `prefillTokens` prompt tokens (chunks of prompts, or of a preempted request's recompute) in the
// same step, at a mean context of `contextTokens`: the tokens in the KV cache after the step, averaged
// over the step's sequences (decoding and prefilling).
//
// A non-owning reference to a callable (a lambda, a functor), like C++26's std::function_ref: one
// indirect call per step, no allocation. The callable must outlive the StepSeconds (pass it straight
// to simulateServing).
class StepSeconds
{
public:
    using Function = double (*)(long long decodeSequences, long long prefillTokens, double contextTokens);

    template <typename F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, StepSeconds> &&
             std::is_object_v<std::remove_reference_t<F>> &&
             std::is_invocable_r_v<double, std::remove_reference_t<F>&, long long, long long, double>)
        StepSeconds(F&& callable)
    noexcept // NOLINT(google-explicit-constructor): a parameter type
        : m_callable(const_cast<void*>(static_cast<const void*>(std::addressof(callable)))),
          m_call([](const StepSeconds& self, long long decodeSequences, long long prefillTokens,
                    double contextTokens) {
              return static_cast<double>(
                  std::invoke(*static_cast<std::remove_reference_t<F>*>(self.m_callable), decodeSequences,
                              prefillTokens, contextTokens));
          })
    {}

    // A plain function.
    StepSeconds(Function function) noexcept // NOLINT(google-explicit-constructor)
        : m_function(function), m_call([](const StepSeconds& self, long long decodeSequences,
                                          long long prefillTokens, double contextTokens) {
              return self.m_function(decodeSequences, prefillTokens, contextTokens);
          })
    {}

    double operator()(long long decodeSequences, long long prefillTokens, double contextTokens) const
    {
        return m_call(*this, decodeSequences, prefillTokens, contextTokens);
    }

private:
    void* m_callable = nullptr;
    Function m_function = nullptr;
    double (*m_call)(const StepSeconds&, long long, long long, double);
};

struct SimulationSettings
{
    // Poisson: an open loop, requests at `requestsPerSecond` with exponential gaps. Closed: `users`
    // users, each sending its next request when its previous answer ends.
    enum class Arrivals { Poisson, Closed };
    Arrivals arrivals = Arrivals::Closed;
    double requestsPerSecond = 0; // Poisson
    long long users = 1;          // Closed
    // The request shapes, each request one of them drawn uniformly at random. An empty prompt is
    // served as one token (the engine needs one to sample from); a zero-token answer ends with its
    // prompt (its first-token time is the prompt's end).
    std::vector<RequestShape> shapes;
    long long requests = 2000;      // requests measured, after the warm-up
    long long warmupRequests = 200; // the first requests sent, left out of the figures; at most 10^8
    // Tokens per step (vLLM's max_num_batched_tokens): each decoding sequence takes one, prompt
    // chunks the rest.
    long long tokenBudget = 8192;
    // Prompts longer than what the budget leaves are cut into chunks over several steps, beside the
    // decoding sequences (vLLM V1; Sarathi-Serve). Off: a step runs either whole prompts (first, as
    // vLLM V0) or the decode of every running sequence; a prompt longer than the budget runs alone.
    bool chunkedPrefill = true;
    long long maxRunning = 256;           // sequences running at once (vLLM's max_num_seqs)
    long long kvCapacityTokens = 1 << 20; // the KV pool, tokens (whole blocks of kvBlockTokens count)
    long long kvBlockTokens = 16;         // a request holds ceil(tokens in its KV cache / block) blocks
    // A fixed delay between a request's sending and its arrival at the engine (tokenizing, HTTP):
    // part of its time to first token and its latency; a closed-loop user's next request reaches the
    // engine this long after the previous answer ends.
    double requestOverheadSeconds = 0;
    std::uint64_t seed = 1;
    // Guards: the simulation stops after this many engine steps (SimulationStatus::StepLimit).
    long long maxSteps = 10'000'000;
};

enum class SimulationStatus {
    Complete,        // every measured request finished
    NoArrivals,      // Poisson at zero requests per second, or nothing to measure: no figures
    RequestTooLarge, // a shape needs more KV blocks than the pool holds: it could never run; no figures
    StepLimit,       // maxSteps reached first: the figures are those of the measured requests that ended
    NonFiniteTime,   // a step cost was negative, NaN or infinite, or the clock overflowed; as StepLimit
    InvalidSettings, // a count below its minimum, an empty or negative shape, a negative rate; no figures
};
std::string_view simulationStatusName(SimulationStatus status);

// Figures over the measured requests (those sent after the warm-up) that ended; 0 when none did.
// Percentiles interpolate linearly between order statistics (NumPy's default).
struct SimulationResult
{
    SimulationStatus status = SimulationStatus::Complete;
    long long completedRequests = 0; // measured requests that ended
    // Time to first token: first token − sending (the overhead included).
    double ttftP50Seconds = 0;
    double ttftP90Seconds = 0;
    double ttftP99Seconds = 0;
    double ttftMeanSeconds = 0;
    // Time per output token of a request: (end − first token) / (output − 1); requests of fewer than
    // two output tokens have none.
    long long tpotRequests = 0;
    double tpotP50Seconds = 0;
    double tpotP90Seconds = 0;
    double tpotP99Seconds = 0;
    double tpotMeanSeconds = 0;
    // Latency: end − sending.
    double latencyP50Seconds = 0;
    double latencyP90Seconds = 0;
    double latencyP99Seconds = 0;
    double latencyMeanSeconds = 0;
    // Over the measurement window, from the first measured request's sending to the last one's end:
    // tokens generated and requests ended (by any request) in it, per second.
    double outputTokensPerSecond = 0;
    double requestsPerSecond = 0;
    double windowSeconds = 0;
    // Over the whole run, warm-up included.
    long long preemptions = 0;
    long long steps = 0;
    double simulatedSeconds = 0;
    bool operator==(const SimulationResult&) const = default;
};

SimulationResult simulateServing(const SimulationSettings& settings, StepSeconds stepSeconds);

} // namespace lhe::core
