// Serial fills: the window paints every fill on the GUI thread instead of handing it to Qt's
// global thread pool in pieces (see serial_fills.cpp for why and how).
#pragma once

namespace lhe::app {

// How many pieces of work handed to the global thread pool from the GUI thread ran right there.
// Tests read it; nothing else needs it.
long long serialFillPieces();

} // namespace lhe::app
