// The one entry point the CLI and the GUI share: scenario + catalog -> report.
#pragma once

#include "core/catalog/catalog.h"
#include "core/estimate/report.h"
#include "core/scenario/scenario.h"

namespace lhe::core {

// Resolves ids (InputError for unknown ones), validates the parallel split against the model,
// picks a split when none is given, and evaluates memory, prefill/decode or training.
Report estimate(const Scenario& scenario, const Catalog& catalog);

// What to compute beyond memory and phase times. A design-space sweep needs each cell's verdict,
// not each cell's "largest batch / longest context that fits" search (most of a report's cost).
struct EstimateOptions
{
    bool limits = true;  // Report::limits (inference)
    bool ideal = true;   // Report::ideal (the datasheet roofline beside the calibrated estimate)
    bool serving = true; // Report::serving (inference with output tokens)
    // Speculative decoding with a separate draft: its architecture (the catalog overload finds it).
    const ModelArchitecture* draftModel = nullptr;
    // The serving engine (inference): the catalog overload resolves serving.engine in its catalog;
    // without one, the built-in catalog's (Catalog::servingEngine).
    const EngineProfile* engine = nullptr;
};

// The same with an already-resolved device and model (the GUI's sweeps, tests).
Report estimate(const Scenario& scenario, const Device& device, const ModelArchitecture& arch,
                const EstimateOptions& options = {});

} // namespace lhe::core
