#include "core/charts/design_space.h"

#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/common/monotone_search.h"
#include "core/estimate/estimator.h"
#include "core/model/tensor_architecture.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace lhe::core {

namespace {

// The same rounding as the prompt slider (widgets/controls/scenario_controls.cpp): 1/32 of the octave,
// at least 1, so intermediate positions land on round numbers.
long long roundToOctaveFraction(double exact)
{
    const double octave = std::floor(std::log2(exact) + 1e-9);
    const double quantum = std::max(1.0, std::exp2(octave - 5.0));
    return std::llround(std::round(exact / quantum) * quantum);
}

// Edges halfway (in log2) between neighbouring values; the outer cells get half a nominal
// cell (1 / perOctave) beyond their value.
std::vector<double> cellEdges(const std::vector<long long>& values, int perOctave)
{
    std::vector<double> edges;
    if (values.empty())
        return edges;
    const double half = 0.5 / perOctave;
    edges.push_back(std::log2(static_cast<double>(values.front())) - half);
    for (std::size_t i = 1; i < values.size(); ++i)
        edges.push_back(0.5 * (std::log2(static_cast<double>(values[i - 1])) +
                               std::log2(static_cast<double>(values[i]))));
    edges.push_back(std::log2(static_cast<double>(values.back())) + half);
    return edges;
}

int indexAt(const std::vector<double>& edges, double coordinate)
{
    if (edges.size() < 2 || !(coordinate >= edges.front()) || !(coordinate <= edges.back()))
        return -1;
    const auto it = std::upper_bound(edges.begin(), edges.end(), coordinate);
    const auto index = static_cast<int>(it - edges.begin()) - 1;
    return std::clamp(index, 0, static_cast<int>(edges.size()) - 2);
}

const PhaseEstimate& phaseOf(const Report& report, RooflinePhase phase)
{
    if (report.training)
        return report.training->step;
    if (phase == RooflinePhase::Decode && report.decode)
        return *report.decode;
    return *report.prefill;
}

// Cell edges (vertex grid (column edge i, row edge j)) chained into polylines: each segment
// joins two vertices; walks start at vertices with an odd number of segments (the ends of open
// lines, on the map's border), then close the remaining loops.
class PolylineBuilder
{
public:
    PolylineBuilder(const std::vector<double>& xEdges, const std::vector<double>& yEdges)
        : m_x(xEdges), m_y(yEdges)
    {}

    // Vertical edge between column c - 1 and c, along row r.
    void addVertical(std::size_t c, std::size_t r) { add({c, r}, {c, r + 1}); }
    // Horizontal edge between row r - 1 and r, along column c.
    void addHorizontal(std::size_t c, std::size_t r) { add({c, r}, {c + 1, r}); }

    std::vector<MapPolyline> build()
    {
        std::vector<MapPolyline> lines;
        std::vector<bool> used(m_segments.size(), false);
        auto walk = [&](Vertex start) {
            MapPolyline line{point(start)};
            Vertex at = start;
            for (;;) {
                std::size_t next = m_segments.size();
                for (std::size_t s : m_adjacent[at]) {
                    if (!used[s]) {
                        next = s;
                        break;
                    }
                }
                if (next == m_segments.size())
                    break;
                used[next] = true;
                at = m_segments[next].first == at ? m_segments[next].second : m_segments[next].first;
                line.push_back(point(at));
            }
            if (line.size() > 1)
                lines.push_back(std::move(line));
        };
        for (const auto& [vertex, segments] : m_adjacent) {
            if (segments.size() % 2 == 1)
                walk(vertex);
        }
        for (std::size_t s = 0; s < m_segments.size(); ++s) {
            if (!used[s])
                walk(m_segments[s].first);
        }
        return lines;
    }

private:
    using Vertex = std::pair<std::size_t, std::size_t>;

    void add(Vertex a, Vertex b)
    {
        m_adjacent[a].push_back(m_segments.size());
        m_adjacent[b].push_back(m_segments.size());
        m_segments.emplace_back(a, b);
    }
    MapPoint point(Vertex v) const { return {m_x[v.first], m_y[v.second]}; }

    const std::vector<double>& m_x;
    const std::vector<double>& m_y;
    std::vector<std::pair<Vertex, Vertex>> m_segments;
    std::map<Vertex, std::vector<std::size_t>> m_adjacent; // ordered: the same polylines every time
};

// Edges between neighbouring cells where `side` differs and both sides are "interesting"
// (e.g. fits vs does not fit; compute vs memory bandwidth).
template <typename Side> std::vector<MapPolyline> boundary(const DesignSpaceMap& map, Side side)
{
    PolylineBuilder builder(map.batchEdges, map.sequenceEdges);
    for (std::size_t r = 0; r < map.rows(); ++r) {
        for (std::size_t c = 0; c < map.columns(); ++c) {
            const int here = side(map.verdict(c, r));
            if (here < 0)
                continue;
            if (c + 1 < map.columns()) {
                const int right = side(map.verdict(c + 1, r));
                if (right >= 0 && right != here)
                    builder.addVertical(c + 1, r);
            }
            if (r + 1 < map.rows()) {
                const int above = side(map.verdict(c, r + 1));
                if (above >= 0 && above != here)
                    builder.addHorizontal(c, r + 1);
            }
        }
    }
    return builder.build();
}

bool fitsOnDevice(CellVerdict verdict)
{
    return verdict != CellVerdict::Offload && verdict != CellVerdict::DoesNotFit;
}

} // namespace

CellVerdict cellVerdict(OffloadTier tier, Bound bound)
{
    switch (tier) {
    case OffloadTier::HostRam:
    case OffloadTier::Disk:
        return CellVerdict::Offload;
    case OffloadTier::DoesNotFit:
        return CellVerdict::DoesNotFit;
    case OffloadTier::None:
        break;
    }
    switch (bound) {
    case Bound::Compute:
        return CellVerdict::Compute;
    case Bound::Memory:
        return CellVerdict::MemoryBandwidth;
    case Bound::Communication:
        return CellVerdict::Communication;
    case Bound::Offload:
        return CellVerdict::Offload;
    case Bound::Latency:
        return CellVerdict::Latency;
    }
    return CellVerdict::DoesNotFit;
}

std::vector<long long> logAxisValues(long long min, long long max, int perOctave)
{
    std::vector<long long> values;
    min = std::max(1LL, min);
    max = std::max(min, max);
    perOctave = std::clamp(perOctave, 1, 64);
    for (int k = 0;; ++k) {
        const double exact = static_cast<double>(min) * std::exp2(static_cast<double>(k) / perOctave);
        if (exact > static_cast<double>(max) * (1 + 1e-12))
            break;
        const long long value = std::min(max, roundToOctaveFraction(exact));
        if (values.empty() || value > values.back())
            values.push_back(value);
    }
    if (values.back() != max)
        values.push_back(max);
    return values;
}

DesignSpaceMap designSpaceMap(const Scenario& input, const Device& device, const ModelArchitecture& arch,
                              const DesignSpaceAxes& axes)
{
    // A working copy without the inline config.json (the architecture is resolved already; the
    // estimator copies the scenario into every report).
    Scenario scenario = input;
    scenario.modelConfig.reset();
    scenario.modelConfigPath.clear();
    scenario.modelTensors.reset();

    Report full;
    try {
        full = estimate(scenario, device, arch);
    } catch (const InputError&) { // an explicit split this model rejects: the default split
        scenario.parallelism.reset();
        full = estimate(scenario, device, arch);
    }

    DesignSpaceMap map;
    if (scenario.mode == Mode::Training)
        map.phase = RooflinePhase::TrainingStep;
    else if (axes.phase == RooflinePhase::Prefill || scenario.outputTokens == 0)
        map.phase = RooflinePhase::Prefill;
    else
        map.phase = RooflinePhase::Decode;
    map.decodeAvailable = scenario.mode == Mode::Inference && scenario.outputTokens > 0;

    map.batches = logAxisValues(axes.batchMin, axes.batchMax, axes.cellsPerOctave);
    map.sequences = logAxisValues(axes.sequenceMin, axes.sequenceMax, axes.cellsPerOctave);
    map.batchEdges = cellEdges(map.batches, std::clamp(axes.cellsPerOctave, 1, 64));
    map.sequenceEdges = cellEdges(map.sequences, std::clamp(axes.cellsPerOctave, 1, 64));

    const EstimateOptions cheap{.limits = false, .ideal = false, .serving = false};
    Scenario cell = scenario;
    // Each cell is another batch: an explicit grad_accum fits only the scenario's own batch
    // (batch = micro_batch x grad_accum x data), so the cells derive it from their batch.
    cell.training.gradAccum.reset();
    map.verdicts.reserve(map.rows() * map.columns());
    for (long long sequence : map.sequences) {
        cell.promptTokens = sequence;
        for (long long batch : map.batches) {
            cell.batch = batch;
            const Report report = estimate(cell, device, arch, cheap);
            map.verdicts.push_back(cellVerdict(report.memory.tier, phaseOf(report, map.phase).bound));
        }
    }

    map.outOfMemoryBoundary = boundary(map, [](CellVerdict v) { return fitsOnDevice(v) ? 1 : 0; });
    map.crossover = boundary(map, [](CellVerdict v) {
        return v == CellVerdict::Compute ? 1 : (v == CellVerdict::MemoryBandwidth ? 0 : -1);
    });

    map.current = {std::log2(static_cast<double>(std::max(1LL, scenario.batch))),
                   std::log2(static_cast<double>(std::max(1LL, scenario.promptTokens)))};
    map.batch = scenario.batch;
    map.contextTokens = scenario.promptTokens + (scenario.mode == Mode::Training ? 0 : scenario.outputTokens);
    map.currentInside =
        designSpaceColumnAt(map, map.current.x) >= 0 && designSpaceRowAt(map, map.current.y) >= 0;

    // Read-outs.
    auto fits = [&](const Scenario& s) {
        return estimate(s, device, arch, cheap).memory.tier == OffloadTier::None;
    };
    if (full.limits) {
        map.maxBatchFits = full.limits->maxBatchFits;
        map.maxContextFits = full.limits->maxContextFits;
    } else { // training: memory grows with sequence length, and with batch up to the pipeline depth
        Scenario probe = scenario;
        probe.training.gradAccum.reset(); // derived from each probed batch, as in the cells
        map.maxBatchFits = largestFitting(kFitSearchLimit, [&](long long b) {
            probe.batch = b;
            return fits(probe);
        });
        probe = scenario;
        map.maxContextFits = largestFitting(kFitSearchLimit, [&](long long tokens) {
            probe.promptTokens = tokens;
            return fits(probe);
        });
    }
    Scenario spread = scenario;
    spread.parallelism.reset();
    for (long long devices = 1; devices <= kDevicesNeededSearchLimit; devices *= 2) {
        spread.devices = devices;
        if (fits(spread)) {
            map.devicesNeeded = devices;
            break;
        }
    }
    return map;
}

DesignSpaceMap designSpaceMap(const Scenario& scenario, const Catalog& catalog, const DesignSpaceAxes& axes)
{
    const Device* device = catalog.findDevice(scenario.deviceId);
    if (!device)
        throw InputError("device",
                         message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(scenario.deviceId)));
    if (scenario.modelConfig) {
        std::vector<Message> warnings;
        const ModelArchitecture arch = inlineArchitecture(scenario, warnings);
        return designSpaceMap(scenario, *device, arch, axes);
    }
    const ModelEntry* model = catalog.findModel(scenario.modelId);
    if (!model)
        throw InputError("model",
                         message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(scenario.modelId)));
    return designSpaceMap(scenario, *device, model->architecture, axes);
}

int designSpaceColumnAt(const DesignSpaceMap& map, double log2Batch)
{
    return indexAt(map.batchEdges, log2Batch);
}

int designSpaceRowAt(const DesignSpaceMap& map, double log2SequenceTokens)
{
    return indexAt(map.sequenceEdges, log2SequenceTokens);
}

} // namespace lhe::core
