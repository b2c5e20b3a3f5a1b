#include "app/support/save_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace lhe::app {

namespace {

struct SaveFile
{
    Q_DECLARE_TR_FUNCTIONS(lhe::app::SaveFile)
};

// What a file that is not a regular file is, for the refusal.
QString fileKind(mode_t mode)
{
    if (S_ISDIR(mode))
        return SaveFile::tr("a folder");
    if (S_ISFIFO(mode))
        return SaveFile::tr("a FIFO");
    if (S_ISCHR(mode))
        return SaveFile::tr("a character device");
    if (S_ISBLK(mode))
        return SaveFile::tr("a block device");
    if (S_ISSOCK(mode))
        return SaveFile::tr("a socket");
    return SaveFile::tr("not a file");
}

QString systemReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

bool checkSaveTarget(const QString& path, QString* error)
{
    const QByteArray native = QFile::encodeName(path);
    const QString folder = QFileInfo(path).absolutePath();
    struct stat status = {};
    // stat(2) follows symbolic links: a link to a FIFO is a FIFO here, as it is to QSaveFile.
    if (::stat(native.constData(), &status) == 0) {
        if (!S_ISREG(status.st_mode)) {
            *error = SaveFile::tr("Cannot write %1: it is not a regular file (%2)")
                         .arg(path, fileKind(status.st_mode));
            return false;
        }
        if (::access(native.constData(), W_OK) != 0) {
            *error = SaveFile::tr("Cannot write %1: %2").arg(path, systemReason(errno));
            return false;
        }
    } else if (errno != ENOENT) {
        *error = SaveFile::tr("Cannot write %1: %2").arg(path, systemReason(errno));
        return false;
    }
    // QSaveFile writes a temporary file beside the target and renames it: the folder must exist
    // and take new files (POSIX access, W_OK | X_OK).
    if (::access(QFile::encodeName(folder).constData(), W_OK | X_OK) != 0) {
        const int reason = errno;
        *error = reason == ENOENT
                     ? SaveFile::tr("Cannot write %1: the folder %2 does not exist").arg(path, folder)
                     : SaveFile::tr("Cannot write %1: %2").arg(path, systemReason(reason));
        return false;
    }
    return true;
}

bool saveFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    if (!checkSaveTarget(path, error))
        return false;
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
