// The one way this product writes a file (scenario, report, image, user catalog): all or
// nothing through QSaveFile, so a failed save never truncates or replaces what was there.
#pragma once

#include <QByteArray>
#include <QString>

namespace lhe::app {

// Writes `bytes` to `path` atomically. False with "Cannot write <path>: <reason>" in `error`
// when anything stops the write (no folder, no permission, disk full); the old file is intact.
bool saveFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace lhe::app
