// What serving many users comes to (core/serving/serving.h computes it; docs/METHOD.md §15): one
// operating point, the KV pool's limits, speculative decoding, cost and energy.
#pragma once

#include "core/common/bound.h"
#include "core/common/message.h"
#include "core/scenario/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace lhe::core {

// One point of the engine's steady state at a concurrency: every figure per deployment unless
// the name says per device or per user.
struct ServingPoint
{
    long long concurrency = 0; // requests in flight (asked for)
    long long running = 0;     // of them holding KV-pool space; the rest wait in the queue
    double ttftSeconds = 0;    // mean time to first token (prefill, chunk waits, queueing)
    double ttftP90Seconds = 0;
    double tpotSeconds = 0; // mean time per output token after the first
    double tpotP90Seconds = 0;
    double outputTokensPerSecond = 0; // whole deployment
    double outputTokensPerSecondPerDevice = 0;
    double outputTokensPerSecondPerUser = 0; // 1 / TPOT
    double requestsPerSecond = 0;
    bool meetsTargets = true; // p90 TTFT and TPOT within the scenario's targets (true without targets)
    // The parts TPOT and TTFT are made of (docs/METHOD.md §15.2).
    double decodeStepSeconds = 0;      // one decode step of the running sequences
    double hostStepSeconds = 0;        // the engine's host time per step beside it (docs/METHOD.md §15.8)
    double prefillSeconds = 0;         // one request's uncached prompt alone
    double prefillMarginalSeconds = 0; // what a prompt adds to the steps it shares
    long long promptsPerStep = 1;      // prompts that join one step together
    double speculativeStepSeconds = 0; // draft + verify of one step (0 without speculation)
    double tokensPerStep = 1;          // accepted tokens per sequence per step
    double queueSeconds = 0;           // wait for KV-pool space
    double promptQueueSeconds = 0;     // wait for the prompts ahead in the prefill (M/D/1)
    Bound decodeBound = Bound::Memory; // the decode step's largest term
};

struct SpeculativeEstimate
{
    double tokensPerStep = 1;    // (1 - α^(k+1)) / (1 - α), Leviathan et al. 2023 Eq. 1
    double draftSeconds = 0;     // k draft steps
    double verifySeconds = 0;    // the target's pass over k + 1 tokens per sequence
    double plainTpotSeconds = 0; // the same concurrency without speculation
    double speedup = 1;          // plain TPOT / speculative TPOT
};

// The engine a serving estimate ran on and what it took from it (catalogs/engines.json).
struct ServingEngineUse
{
    std::string id;
    std::string name;
    std::string version;
    std::string confidence;
    bool deviceDefault = false; // the device's default engine (Catalog::defaultEngine)
    double stepOverheadSeconds = 0;
    double eagerStepOverheadSeconds = 0;
    double requestOverheadSeconds = 0;
    long long graphBatchCap = 0;
    long long maxRunningRequests = 0;
};

struct ServingEstimate
{
    ServingEngineUse engine;
    ServingPoint point;     // at the scenario's concurrency
    double inputTokens = 0; // mean over the request shapes
    double outputTokens = 0;
    long long replicas = 1;                 // data-parallel engines the requests spread over
    double kvPoolBytesPerDevice = 0;        // gpu_memory_utilization x capacity - everything else
    double kvBytesPerSequencePerDevice = 0; // the uncached tokens, padded to whole KV blocks
    double sharedPrefixBytesPerDevice = 0;  // the cached prefix, stored once per replica
    long long maxConcurrencyKv = 0;         // largest concurrency whose KV fits the pool
    // Largest concurrency meeting the targets (up to maxConcurrencyKv); empty without targets,
    // 0 when not even one request does.
    std::optional<long long> maxConcurrencySlo;
    std::optional<SpeculativeEstimate> speculative;
    // With latency targets: the fewest devices of the scenario's kind, with their default split,
    // that serve its concurrency at the targets (sizeOnDevice, serving.h), or the scenario's own
    // devices and split where they do with fewer; meetsTargets false when none up to 1,024 does
    // (then the fewest that hold every request).
    struct DevicesNeeded
    {
        long long devices = 0;
        Parallelism split;
        bool meetsTargets = false;
    };
    std::optional<DevicesNeeded> devicesNeeded;
    // Cost and energy (docs/METHOD.md §15.4).
    std::optional<double> costPerMillionOutputTokens; // needs price_per_device_hour
    double powerWattsPerDevice = 0;                   // tdp_watts x power_utilization
    double joulesPerOutputToken = 0;                  // 0: unknown (the device has no tdp_watts); JSON null
    double joulesPerRequest = 0;
    std::vector<Message> warnings;
};

} // namespace lhe::core
