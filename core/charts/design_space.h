// Design-space map: the verdict of every (batch, sequence length) cell of a log-spaced grid around
// one scenario — compute, memory bandwidth, communication, offload or does not fit — with the
// out-of-memory boundary and the compute/memory crossover as polylines, the scenario's own point
// and the "what fits" read-outs. Geometry is in log2 coordinates (x = log2 batch, y = log2
// sequence tokens) so a widget draws it on linear axes (chart maths lives in core; widgets only draw).
#pragma once

#include "core/charts/chart_data.h"
#include "core/estimate/report.h"
#include "core/scenario/scenario.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace lhe::core {

class Catalog;
struct Device;
struct ModelArchitecture;

enum class CellVerdict { Compute, MemoryBandwidth, Communication, Offload, DoesNotFit, Latency };
inline constexpr int kCellVerdictCount = 6;

// Memory that spills beyond the device (host RAM or disk) is Offload whatever the phase's time
// says; nowhere to put it is DoesNotFit; otherwise the phase's largest time term.
CellVerdict cellVerdict(OffloadTier tier, Bound bound);

struct DesignSpaceAxes
{
    long long batchMin = 1;                      // sequences
    long long batchMax = 4096;                   // sequences
    long long sequenceMin = 128;                 // tokens (inference: prompt; training: sequence length)
    long long sequenceMax = 1 << 20;             // tokens
    int cellsPerOctave = 2;                      // cells per doubling, both axes
    RooflinePhase phase = RooflinePhase::Decode; // inference phase whose verdict colours the cells
};

struct MapPoint
{
    double x = 0; // log2 batch
    double y = 0; // log2 sequence tokens
};
using MapPolyline = std::vector<MapPoint>;

inline constexpr long long kDevicesNeededSearchLimit = 1LL << 20;
inline constexpr long long kFitSearchLimit = 1'000'000'000; // as the estimator's limits search

struct DesignSpaceMap
{
    // The phase the verdicts are of: Decode or Prefill in inference (Prefill when output_tokens
    // is 0), TrainingStep in training.
    RooflinePhase phase = RooflinePhase::Decode;
    bool decodeAvailable = false;     // inference with output tokens: Decode or Prefill may be chosen
    std::vector<long long> batches;   // column values, sequences, ascending and distinct
    std::vector<long long> sequences; // row values, tokens, ascending and distinct
    // Cell edges in log2 units (size columns + 1, rows + 1): column c spans
    // [batchEdges[c], batchEdges[c + 1]], halfway (in log2) between neighbouring values.
    std::vector<double> batchEdges;
    std::vector<double> sequenceEdges;
    std::vector<CellVerdict> verdicts; // row-major: verdicts[row * columns() + column]
    // Edges between cells that fit the device (tier None) and cells that do not, and between
    // Compute and MemoryBandwidth cells, chained into polylines along the cell edges.
    std::vector<MapPolyline> outOfMemoryBoundary;
    std::vector<MapPolyline> crossover;
    MapPoint current;            // the scenario's (log2 batch, log2 prompt tokens)
    long long batch = 0;         // the scenario's batch, sequences
    long long contextTokens = 0; // its context: prompt + output (training: sequence length)
    bool currentInside = false;  // within the map's edges
    // Read-outs. Inference: Report::limits of the scenario (largest batch at its context, longest
    // prompt + output at its batch). Training: the same two searches over global batch and
    // sequence length. kFitSearchLimit means no limit was found below it.
    long long maxBatchFits = 0;
    long long maxContextFits = 0; // tokens
    // Smallest device count of 1, 2, 4 ... kDevicesNeededSearchLimit whose default split fits
    // the scenario's model, batch and context in device memory; empty when none does.
    std::optional<long long> devicesNeeded;

    std::size_t columns() const { return batches.size(); }
    std::size_t rows() const { return sequences.size(); }
    CellVerdict verdict(std::size_t column, std::size_t row) const
    {
        return verdicts[row * columns() + column];
    }
};

// Distinct integers min · 2^(k / perOctave) for k = 0, 1, ... up to max, each rounded to 1/32 of
// its octave like the prompt slider (so whole octaves stay powers of two); max is always last.
std::vector<long long> logAxisValues(long long min, long long max, int perOctave);

// Evaluates the grid (core::estimate without the limits search per cell), the read-outs and the
// geometry. Every scenario field but batch and prompt tokens stays as given; an explicit parallel
// split the model rejects is replaced by the default one. Never throws for a scenario that
// core::scenarioFromJson accepted.
DesignSpaceMap designSpaceMap(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                              const DesignSpaceAxes& axes = {});
// Resolves the scenario's device and model (or inline config.json) first; InputError for unknown ids.
DesignSpaceMap designSpaceMap(const Scenario& scenario, const Catalog& catalog,
                              const DesignSpaceAxes& axes = {});

// Column (row) whose edges contain the log2 coordinate; -1 outside the map.
int designSpaceColumnAt(const DesignSpaceMap& map, double log2Batch);
int designSpaceRowAt(const DesignSpaceMap& map, double log2SequenceTokens);

} // namespace lhe::core
