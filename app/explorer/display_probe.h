// Whether the window's platform can reach its display, asked before QApplication exists: Qt's
// xcb platform plugin ends the process with qFatal (SIGABRT) when it cannot connect, so the
// question must be answered without it (docs/CONTRACT §6.2 Exit status).
#pragma once

#include <QByteArray>

namespace lhe::app {

// True when an X server accepts a connection at `displayName` (an X display name such as ":0"
// or "host:10.0"; DISPLAY when empty), with the same library call the xcb plugin makes
// (libxcb's xcb_connect) and so the same answer, authorization included.
bool xDisplayReachable(const QByteArray& displayName);

} // namespace lhe::app
