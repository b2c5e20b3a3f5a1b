// The one way this product writes a file (scenario, report, image, user catalog): all or
// nothing through QSaveFile, so a failed save never truncates or replaces what was there.
#pragma once

#include <QByteArray>
#include <QString>

namespace lhe::app {

// Whether saveFileAtomically may write `path`, checked without writing: it is a regular file
// (symbolic links followed) or nothing yet, in a folder this process may write in. False with
// "Cannot write <path>: <reason>" in `error` otherwise. A FIFO, a device, a socket or a folder
// is refused: QSaveFile would rename a regular file over it (docs/CONTRACT §6.2 Exit status).
// Callers with several files to write check them all first, so a refusal writes none.
bool checkSaveTarget(const QString& path, QString* error);

// Writes `bytes` to `path` atomically, after checkSaveTarget. False with "Cannot write <path>:
// <reason>" in `error` when anything stops the write (no folder, no permission, disk full, not a
// regular file); what was at `path` is intact.
bool saveFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace lhe::app
