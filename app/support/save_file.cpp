#include "app/support/save_file.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace lhe::app {

namespace {

struct SaveFile
{
    Q_DECLARE_TR_FUNCTIONS(lhe::app::SaveFile)
};

} // namespace

bool saveFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    // Unbuffered on purpose. Buffered, Qt 6.4's QSaveFile::commit() misses an error raised while
    // its buffer is flushed, and a short write is no error at all: under a 64-byte file-size
    // limit (a full disk, tests/file_size_limit.h) a 1000-byte save "committed" a 64-byte file
    // over the old one. Unbuffered, write() returns what really reached the disk.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        *error = SaveFile::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        const QString reason = file.error() != QFileDevice::NoError && written < 0
                                   ? file.errorString()
                                   : SaveFile::tr("only %1 of %2 bytes could be written (is the disk full?)")
                                         .arg(qMax<qint64>(written, 0))
                                         .arg(bytes.size());
        file.cancelWriting();
        *error = SaveFile::tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    if (!file.commit()) {
        *error = SaveFile::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace lhe::app
