// --benchmark-ui: drags each slider of a shown window as a user's drag would, one position per
// display frame, and reports for every step the time from the slider's move to the end of the
// window's paint that shows it (the core's report, every view's update, the charts' queued
// replots and the paint, and any wait for the frame pacing of the drag).
#pragma once

#include <QSize>

namespace lhe::app {

class MainWindow;

// Shows the window at `size`, runs the event loop until the sweeps are done and prints one line per
// slider and chart tab (p50, p99 and worst in ms, the GUI thread's CPU time per shown step, and the
// reports, chart replots, window paints and dashboard layout passes of the sweep), the p50 and p99
// of all steps, and a faster drag's figures; returns the process exit code.
int runUiBenchmark(MainWindow& window, const QSize& size);

} // namespace lhe::app
