// Human-readable text rendering of a report (llm-hw-estimate --format table).
#pragma once

#include "core/report.h"

#include <string>

namespace lhe::app {

std::string reportAsTable(const core::Report& report);

} // namespace lhe::app
