// Human-readable text rendering of a report (llm-hw-estimate --format table).
#pragma once

#include "core/estimate/report.h"
#include "core/serving/serving.h"

#include <string>
#include <vector>

namespace lhe::app {

std::string reportAsTable(const core::Report& report);
// llm-hw-estimate --rank --format table: one line per device, best first.
std::string rankingAsTable(const std::vector<core::DeviceRanking>& ranking);
// llm-hw-estimate --simulate --format table: the simulated latency percentiles.
std::string simulationAsTable(const core::SimulationResult& simulation);

} // namespace lhe::app
