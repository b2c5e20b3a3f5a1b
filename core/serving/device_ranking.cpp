// rankDevices (core/serving/serving.h): the same model and workload on every catalog device.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/scenario/serving_settings.h"
#include "core/serving/serving.h"
#include "core/serving/serving_model.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace lhe::core {

namespace {

EstimateOptions rankingOptions(const ServingInputs& inputs)
{
    EstimateOptions options = phasesOnly();
    options.draftModel = inputs.draftModel;
    options.engine = inputs.engine;
    return options;
}

} // namespace

DeviceRanking sizeOnDevice(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                           const ServingInputs& inputs, std::optional<double> price)
{
    DeviceRanking row;
    row.deviceId = device.id;
    row.deviceName = device.name;
    row.deviceClass = device.deviceClass;
    row.userDefined = device.userDefined;
    row.pricePerDeviceHour = price;
    Scenario s = scenario;
    s.deviceId = device.id;
    s.serving.engine = inputs.engine ? inputs.engine->id : std::string();
    s.parallelism.reset();
    s.serving.pricePerDeviceHour = price;
    const EstimateOptions options = rankingOptions(inputs);
    // The fewest devices whose default split holds the model without spilling and whose KV pool
    // holds every concurrent request (none waits); failing the pool, the fewest that hold the
    // model; failing that, one device spilling to host RAM or disk.
    ServingInputs quick = inputs;
    quick.searchTargets = false; // the table shows the operating point, not the SLO search
    const long long concurrency = scenario.serving.concurrency.value_or(scenario.batch);
    // Each count's estimate and serving point, kept for the count chosen below (the first count
    // tried, the first that holds the model, or the one that holds every request) rather than
    // computed again: the ranking runs on every slider step.
    struct Tried
    {
        long long devices = 0;
        OffloadTier tier = OffloadTier::None;
        std::optional<Parallelism> split;
        std::optional<ServingEstimate> serving;
    };
    std::vector<Tried> tried;
    std::optional<long long> holdsModel;
    std::optional<long long> holdsAll;
    // With latency targets, the fewest that also meet them at the concurrency (METHOD §15.6).
    const bool targets = scenario.serving.ttftTargetSeconds || scenario.serving.tpotTargetSeconds;
    std::optional<long long> meets;
    for (long long n = 1; n <= kRankDevicesLimit && !meets && !(holdsAll && !targets); n *= 2) {
        s.devices = n;
        const Report r = estimate(s, device, arch, options);
        Tried& t = tried.emplace_back(Tried{n, r.memory.tier, r.scenario.parallelism, std::nullopt});
        if (r.memory.tier != OffloadTier::None)
            continue;
        holdsModel = holdsModel.value_or(n);
        t.serving = servingEstimate(r.scenario, device, arch, quick);
        if (t.serving && t.serving->maxConcurrencyKv >= concurrency) {
            holdsAll = holdsAll.value_or(n);
            if (!targets || t.serving->point.meetsTargets)
                meets = n;
        }
    }
    row.fits = holdsModel.has_value();
    row.meetsTargets = meets.has_value();
    const long long chosen = meets.value_or(holdsAll.value_or(holdsModel.value_or(1)));
    row.devicesNeeded = chosen;
    // The loop tried every count it can choose (it starts at one).
    const Tried& same =
        *std::find_if(tried.begin(), tried.end(), [&](const Tried& t) { return t.devices == chosen; });
    row.split = same.split;
    row.tier = same.tier;
    if (same.tier == OffloadTier::None) {
        if (same.split)
            row.serving = same.serving;
    } else if (same.tier != OffloadTier::DoesNotFit && same.split) {
        s.devices = chosen; // spilling: the loop did not need its serving point
        row.serving = servingEstimate(estimate(s, device, arch, options).scenario, device, arch, quick);
    }
    return row;
}

namespace {

// Every price names a catalog device and is in the scenario's own range: a typo in an id would
// otherwise leave that device unpriced without a word.
void checkPrices(const std::map<std::string, double>& prices, const Catalog& catalog)
{
    for (const auto& [id, price] : prices) {
        if (!catalog.findDevice(id))
            throw InputError("prices", message(LHE_TEXT("CoreMessage", "\"%1\" is not the id of a device in "
                                                                       "the catalog"),
                                               elided(id)));
        json_fields::requireInRange(nlohmann::json{{id, price}}, id, "prices", kPricePerDeviceHourRange);
    }
}

double throughputPerDevice(const DeviceRanking& r)
{
    return r.serving ? r.serving->point.outputTokensPerSecondPerDevice : 0.0;
}

} // namespace

std::vector<DeviceRanking> rankDevices(const Scenario& scenario, const Catalog& catalog,
                                       const std::map<std::string, double>& prices)
{
    checkPrices(prices, catalog);
    std::vector<DeviceRanking> rows;
    if (scenario.mode != Mode::Inference || scenario.outputTokens <= 0)
        return rows;
    const ResolvedModel model(scenario, catalog);
    // The scenario's engine where it runs, else each device's default (a ranking across vendors
    // compares each device on a stack it has).
    const EngineProfile* named =
        scenario.serving.engine.empty() ? nullptr : catalog.findEngine(scenario.serving.engine);
    for (const Device& device : catalog.devices()) {
        ServingInputs inputs = model.inputs();
        inputs.engine = named && named->runsOn(device) ? named : &catalog.servingEngine("", device);
        std::optional<double> price;
        if (const auto it = prices.find(device.id); it != prices.end())
            price = it->second;
        else if (device.id == scenario.deviceId)
            price = scenario.serving.pricePerDeviceHour;
        try {
            rows.push_back(sizeOnDevice(scenario, device, model.arch(), inputs, price));
        } catch (const InputError&) {
            // A device that cannot run the scenario's formats at all (no peak for them) is not
            // a candidate; the estimator says why when it is chosen.
        }
    }
    const bool allPriced = std::all_of(rows.begin(), rows.end(), [](const DeviceRanking& r) {
        return !r.fits || (r.serving && r.serving->costPerMillionOutputTokens);
    });
    std::stable_sort(rows.begin(), rows.end(), [&](const DeviceRanking& a, const DeviceRanking& b) {
        if (a.fits != b.fits)
            return a.fits;
        if (a.meetsTargets != b.meetsTargets) // on the devices that meet them, when any count does
            return a.meetsTargets;
        if (a.fits && allPriced && a.serving && b.serving)
            return *a.serving->costPerMillionOutputTokens < *b.serving->costPerMillionOutputTokens;
        return throughputPerDevice(a) > throughputPerDevice(b);
    });
    return rows;
}

nlohmann::json rankingToJson(const std::vector<DeviceRanking>& ranking)
{
    using nlohmann::json;
    json rows = json::array();
    for (const DeviceRanking& r : ranking) {
        json row = {
            {"device", r.deviceId},
            {"name", r.deviceName},
            {"class", deviceClassName(r.deviceClass)},
            {"fits", r.fits},
            {"offload_tier", offloadTierName(r.tier)},
            {"devices_needed", r.devicesNeeded},
            {"meets_targets", r.meetsTargets},
            {"parallelism", r.split ? json{{"tensor", r.split->tensor},
                                           {"pipeline", r.split->pipeline},
                                           {"data", r.split->data},
                                           {"expert", r.split->expert}}
                                    : json(nullptr)},
            {"price_per_device_hour", r.pricePerDeviceHour ? json(*r.pricePerDeviceHour) : json(nullptr)}};
        if (r.serving) {
            row["serving"] = servingToJson(*r.serving);
            row["cost"] = costToJson(*r.serving);
            row["energy"] = energyToJson(*r.serving);
        }
        rows.push_back(row);
    }
    return rows;
}

} // namespace lhe::core
