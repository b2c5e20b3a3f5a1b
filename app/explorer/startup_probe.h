// --startup-probe: shows the window, waits for its first paint, prints how long after process
// start that was, and quits. bench/startup.sh runs it under GNU time for the wall clock and
// the peak RSS (docs/PERFORMANCE.md: cold start <= 500 ms, peak RSS <= 150 MB).
#pragma once

namespace lhe::app {

class MainWindow;

int runStartupProbe(MainWindow& window);

} // namespace lhe::app
