// --benchmark-ui: drags each slider of a shown window through >= 200 positions, as a user's
// drag would, and reports the time from control change to repainted charts.
#pragma once

#include <QSize>

namespace lhe::app {

class MainWindow;

// Shows the window at `size` and prints one line per slider (p50, p99, worst in ms) to stdout for
// each chart tab; returns the process exit code.
int runUiBenchmark(MainWindow& window, const QSize& size);

} // namespace lhe::app
