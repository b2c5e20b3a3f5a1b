// --benchmark-ui: drags each slider of a shown window through >= 200 positions, as a user's
// drag would, and reports the time from control change to repainted charts.
#pragma once

namespace lhe::app {

class MainWindow;

// Prints one line per slider (p50, p99, worst in ms) to stdout, once with the roofline tab shown
// and once with the design-space tab; returns the process exit code.
int runUiBenchmark(MainWindow& window);

} // namespace lhe::app
