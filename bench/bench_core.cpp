// Core speed: one full report (the GUI evaluates one per slider step) and a 128 x 128 batch x
// sequence grid of full reports, the window's design-space map (24 x 27 verdict cells), and the
// serving views: the throughput-latency curve and the ranking of every catalog device; and the
// load of a 129,000-device user catalog; the serving simulation of 2,000 requests.
// Targets (README "Performance"), in CPU time: <= 1 µs per inference report (report/inference_*),
// <= 3 µs per training report whose parallel split the estimator chooses
// (report/training_auto_split_*), <= 16 ms per grid, <= 50 ms per serving simulation of 2,000
// requests (servingSimulation/*).
#include "core/catalog/catalog.h"
#include "core/charts/design_space.h"
#include "core/estimate/estimator.h"
#include "core/serving/serving.h"
#include "core/serving/serving_simulation.h"

#include <benchmark/benchmark.h>

using namespace lhe::core;

namespace {

// No parallel split given: the estimator picks one (inference: the fewest pipeline stages that
// fit; training: the fastest of every split that fits, estimator.cpp trainingSplit).
Scenario scenario(const char* device, const char* model, Mode mode, long long devices)
{
    Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.mode = mode;
    s.batch = 8;
    s.promptTokens = 4096;
    s.outputTokens = 512;
    s.devices = devices;
    return s;
}

void report(benchmark::State& state, Scenario s)
{
    const Catalog& catalog = Catalog::builtIn();
    const Device& device = *catalog.findDevice(s.deviceId);
    const ModelArchitecture& arch = catalog.findModel(s.modelId)->architecture;
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(s, device, arch));
}

void grid(benchmark::State& state)
{
    const Catalog& catalog = Catalog::builtIn();
    Scenario s = scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8);
    const Device& device = *catalog.findDevice(s.deviceId);
    const ModelArchitecture& arch = catalog.findModel(s.modelId)->architecture;
    for (auto _ : state) {
        for (int b = 0; b < 128; ++b) {
            for (int q = 0; q < 128; ++q) {
                s.batch = 1LL << (b * 12 / 128);          // 1 .. 4096, log steps
                s.promptTokens = 128LL << (q * 13 / 128); // 128 .. 1M, log steps
                benchmark::DoNotOptimize(estimate(s, device, arch));
            }
        }
    }
}

// The design-space map the window recomputes on every control change while its tab is shown.
void designSpace(benchmark::State& state)
{
    const Catalog& catalog = Catalog::builtIn();
    const Scenario s = scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8);
    const Device& device = *catalog.findDevice(s.deviceId);
    const ModelArchitecture& arch = catalog.findModel(s.modelId)->architecture;
    for (auto _ : state)
        benchmark::DoNotOptimize(designSpaceMap(s, device, arch));
}

// The Serving tab: concurrency 1 ... the KV pool's limit over every split of 8 devices.
void servingCurveSweep(benchmark::State& state)
{
    const Scenario s = scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8);
    for (auto _ : state)
        benchmark::DoNotOptimize(servingCurve(s, Catalog::builtIn(), true));
}

// The Devices tab: every catalog device on the fewest devices that hold the model.
void ranking(benchmark::State& state)
{
    const Scenario s = scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8);
    for (auto _ : state)
        benchmark::DoNotOptimize(rankDevices(s, Catalog::builtIn()));
}

// A user catalog of 129,000 devices, as many as fit the 16 MiB file limit with short entries.
void largeCatalog(benchmark::State& state)
{
    nlohmann::json devices = nlohmann::json::array();
    for (int i = 0; i < 129'000; ++i)
        devices.push_back({{"id", "d" + std::to_string(i)},
                           {"name", "D"},
                           {"vendor", "T"},
                           {"class", "gpu"},
                           {"memory_bytes", 17179869184.0},
                           {"memory_bandwidth", 5e11},
                           {"peak_flops", {{"bf16", 1e14}}}});
    const std::string text = nlohmann::json{{"devices", devices}}.dump();
    for (auto _ : state) {
        Catalog catalog;
        std::vector<Message> warnings;
        catalog.addText(text, "user.json", true, warnings);
        benchmark::DoNotOptimize(catalog.devices().size());
    }
}

// The discrete-event serving simulation (docs/METHOD.md §15.7): 2,000 measured requests after 200
// of warm-up, 1,000-token prompts and 500-token answers, up to 256 running, an 8,192-token step
// budget. The step cost is a line (an 8B model on one H100, roughly: 6 ms of weight reads, 0.1 ms
// per prompt-token thousand, 30 µs per decoding sequence at 1,000 tokens of context), so the figure
// is the simulation's own time.
struct LineCost
{
    double operator()(long long decodeSequences, long long prefillTokens, double contextTokens) const
    {
        return 6e-3 + 1e-7 * static_cast<double>(prefillTokens) +
               3e-8 * static_cast<double>(decodeSequences) * contextTokens;
    }
};

SimulationSettings simulation(SimulationSettings::Arrivals arrivals, long long kvCapacityTokens)
{
    SimulationSettings s;
    s.arrivals = arrivals;
    s.users = 256;            // closed loop: 256 always in flight
    s.requestsPerSecond = 30; // Poisson: about the closed loop's throughput, a busy engine
    s.shapes = {{1000, 500}};
    s.kvCapacityTokens = kvCapacityTokens;
    return s;
}

// The same load priced by the core's own steps: Llama 3.1 70B on 8 H100 (tensor 8), 256 users of
// 1,000-token prompts and 500-token answers, 2,000 requests after the warm-up (docs/METHOD.md
// §15.7; target <= 50 ms).
void servingLoad(benchmark::State& state)
{
    Scenario s = scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8);
    s.promptTokens = 1000;
    s.outputTokens = 500;
    s.serving.concurrency = 256;
    for (auto _ : state)
        benchmark::DoNotOptimize(simulateServingLoad(s, Catalog::builtIn()));
}

void servingSimulation(benchmark::State& state, SimulationSettings s)
{
    long long steps = 0;
    for (auto _ : state) {
        const SimulationResult r = simulateServing(s, LineCost{});
        steps = r.steps;
        benchmark::DoNotOptimize(r);
    }
    state.counters["steps"] = static_cast<double>(steps);
}

} // namespace

BENCHMARK_CAPTURE(report, inference_dense_1gpu,
                  scenario("nvidia-rtx-4090", "llama-3.1-8b", Mode::Inference, 1));
BENCHMARK_CAPTURE(report, inference_dense_8gpu,
                  scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Inference, 8));
BENCHMARK_CAPTURE(report, inference_moe_16gpu,
                  scenario("nvidia-h100-sxm", "deepseek-v3", Mode::Inference, 16));
BENCHMARK_CAPTURE(report, training_auto_split_dense_64gpu,
                  scenario("nvidia-h100-sxm", "llama-3.1-70b", Mode::Training, 64));
BENCHMARK(grid)->Unit(benchmark::kMillisecond);
BENCHMARK(designSpace)->Unit(benchmark::kMillisecond);
BENCHMARK(servingCurveSweep)->Unit(benchmark::kMillisecond);
BENCHMARK(ranking)->Unit(benchmark::kMillisecond);
BENCHMARK(largeCatalog)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(servingLoad)->Unit(benchmark::kMillisecond);
// Every request's KV fits (256 · 1,500 tokens); then a pool of 150,000 tokens, about 100 requests'
// worth, where the engine admits on prompt blocks and preempts as answers grow.
BENCHMARK_CAPTURE(servingSimulation, closed_256_users,
                  simulation(SimulationSettings::Arrivals::Closed, 400'000))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(servingSimulation, closed_256_users_preempting,
                  simulation(SimulationSettings::Arrivals::Closed, 150'000))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(servingSimulation, poisson_30_per_second,
                  simulation(SimulationSettings::Arrivals::Poisson, 400'000))
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
