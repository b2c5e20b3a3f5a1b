// Serving: many users on one deployment under continuous batching (docs/METHOD.md §15). From the
// same decode and prefill phases as the rest of the report: time to first token, time per output
// token, throughput, the KV pool's concurrency limit, the concurrency that meets latency targets,
// speculative decoding, cost and energy; the throughput-latency curve and the device ranking.
#pragma once

#include "core/catalog/device.h"
#include "core/catalog/engine_profile.h"
#include "core/common/message.h"
#include "core/estimate/report.h"
#include "core/model/model_architecture.h"
#include "core/scenario/scenario.h"
#include "core/serving/serving_simulation.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lhe::core {

class Catalog;

// Everything a serving figure needs besides the scenario: the draft model for speculative
// decoding with a separate draft (resolved by the caller from the catalog).
struct ServingInputs
{
    const ModelArchitecture* draftModel = nullptr;
    bool searchTargets = true; // ServingEstimate::maxConcurrencySlo (a search of ~2·log2 steps)
    // The engine: the scenario's serving.engine (resolved by estimate()); without one, the built-in
    // catalog's engine of that id, or the device's default.
    const EngineProfile* engine = nullptr;
};

// The device, model and draft a scenario names, resolved from the catalog once (an inline
// config.json read once). InputError for unknown ids.
class ResolvedModel
{
public:
    ResolvedModel(const Scenario& scenario, const Catalog& catalog);
    const Device& device() const { return *m_device; }
    const ModelArchitecture& arch() const { return m_inline ? *m_inline : *m_arch; }
    ServingInputs inputs() const { return {m_draft, true, m_engine}; }

private:
    const Device* m_device = nullptr;
    const ModelArchitecture* m_arch = nullptr;
    std::optional<ModelArchitecture> m_inline;
    const ModelArchitecture* m_draft = nullptr;
    const EngineProfile* m_engine = nullptr;
};

// Serving at the scenario's concurrency (Scenario::serving; batch when it gives none). The
// scenario is an estimate()'s resolved echo (Report::scenario: split filled in). Empty for
// training and for prefill-only scenarios.
std::optional<ServingEstimate> servingEstimate(const Scenario& scenario, const Device& device,
                                               const ModelArchitecture& arch,
                                               const ServingInputs& inputs = {});

// The throughput-latency trade-off: concurrency 1, 2, 4 ... up to the KV pool's limit (and that
// limit), for the scenario's split, or for every split of its devices (sweepSplits).
struct ServingCurvePoint
{
    ServingPoint point;
    Parallelism split;
    bool pareto = false;  // no other point has both more tokens/s per user and per device
    bool current = false; // the scenario's own concurrency and split
};
struct ServingCurve
{
    std::vector<ServingCurvePoint> points; // by split, then concurrency
    std::vector<std::size_t> paretoFront;  // indices into points, by tokens/s per user ascending
    std::optional<double> ttftTargetSeconds;
    std::optional<double> tpotTargetSeconds; // the SLO region: x >= 1 / tpot target
};
ServingCurve servingCurve(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                          bool sweepSplits = false, const ServingInputs& inputs = {});
ServingCurve servingCurve(const Scenario& scenario, const Catalog& catalog, bool sweepSplits = false);

// "Which card": every catalog device for the scenario's model and workload, each on the fewest
// devices (1, 2, 4 ... kRankDevicesLimit) that hold the model without spilling and whose KV pool
// holds every concurrent request (else the fewest that hold the model).
inline constexpr long long kRankDevicesLimit = 1024;
struct DeviceRanking
{
    std::string deviceId;
    std::string deviceName;
    DeviceClass deviceClass = DeviceClass::Gpu;
    bool userDefined = false;
    bool fits = false;                    // on devicesNeeded devices without host or disk offload
    OffloadTier tier = OffloadTier::None; // at devicesNeeded
    long long devicesNeeded = 0;          // 1 when nothing up to kRankDevicesLimit holds the model
    // With latency targets: whether devicesNeeded devices meet them (else it is the fewest that hold
    // every request); true without targets.
    bool meetsTargets = true;
    std::optional<Parallelism> split;       // the default split on devicesNeeded devices
    std::optional<ServingEstimate> serving; // empty when the model cannot be placed at all
    std::optional<double> pricePerDeviceHour;
};
// Sizing on one device kind (the ranking's row, and the report's serving.devices_needed): the
// fewest devices (1, 2, 4 ... kRankDevicesLimit) with their default split that hold the model
// without spilling, hold every concurrent request in the KV pool and, with latency targets, meet
// them; else the fewest that hold every request, or the model.
DeviceRanking sizeOnDevice(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                           const ServingInputs& inputs, std::optional<double> price);

// Ranked: fitting devices first, then those meeting the latency targets, then by cost per million output
// tokens where every fitting device has a price, else by output tokens/s per device, descending. `prices`
// (device id -> currency per device-hour) are the user's; the scenario's own price applies to its device.
std::vector<DeviceRanking> rankDevices(const Scenario& scenario, const Catalog& catalog,
                                       const std::map<std::string, double>& prices = {});

// Latency percentiles under load (docs/METHOD.md §15.7): the discrete-event simulation of one
// replica's engine at the scenario's load (its request rate spread over the replicas, else its
// concurrency), each step priced by the serving model (ServingModel::simulatedStepSeconds), the KV
// pool, token budget, running cap and request overhead the scenario's. Empty without serving.
// Tens of milliseconds: asked for on its own (--simulate, the Serving tab), not in every report.
std::optional<SimulationResult> simulateServingLoad(const Scenario& scenario, const Catalog& catalog,
                                                    std::uint64_t seed = 1);
nlohmann::json simulationToJson(const SimulationResult& result);

// The report's "serving", "cost" and "energy" members (docs/CONTRACT §3 Report).
nlohmann::json servingToJson(const ServingEstimate& serving);
nlohmann::json costToJson(const ServingEstimate& serving);
nlohmann::json energyToJson(const ServingEstimate& serving);
nlohmann::json rankingToJson(const std::vector<DeviceRanking>& ranking);

} // namespace lhe::core
