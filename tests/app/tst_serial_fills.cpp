// The window's serial fills (app/explorer/serial_fills.cpp): a tall fill painted on the GUI thread
// starts no thread of Qt's global pool and paints what Qt paints; work handed to a pool from
// another thread, or to another pool, still runs on the pool's threads.
#include "app/explorer/serial_fills.h"

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtTest>
#include <memory>

namespace {

// The process's threads, as Linux lists them: one directory per thread under /proc/self/task.
qsizetype threadCount()
{
    return QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
}

// Runs `work` through `pool` from the calling thread and returns the thread it ran on.
QThread* ranOn(QThreadPool& pool)
{
    QThread* thread = nullptr;
    QSemaphore done;
    pool.start([&] {
        thread = QThread::currentThread();
        done.release();
    });
    done.acquire();
    return thread;
}

} // namespace

class TstSerialFills : public QObject
{
    Q_OBJECT

private slots:
    // First in the suite: no pool thread exists yet that a fill could reuse unseen.
    void aTallFillStartsNoPoolThread()
    {
        const qsizetype threadsBefore = threadCount();
        const long long piecesBefore = lhe::app::serialFillPieces();
        QImage image(300, 1000, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            // 900 rows, translucent (a blend): Qt's raster engine hands it out in 64-row pieces.
            painter.fillRect(QRect(10, 20, 200, 900), QColor(200, 30, 60, 128));
        }
        QVERIFY(lhe::app::serialFillPieces() - piecesBefore >= 2);
        QCOMPARE(threadCount(), threadsBefore);
        // Source over white, alpha 128/255: each channel is c * a + 255 * (1 - a), for the first
        // piece's rows and the last one's alike.
        const double alpha = 128.0 / 255.0;
        for (const int y : {20, 500, 919}) {
            const QColor blended = image.pixelColor(100, y);
            QVERIFY(qAbs(blended.red() - (200 * alpha + 255 * (1 - alpha))) <= 1.0);  // 227.4
            QVERIFY(qAbs(blended.green() - (30 * alpha + 255 * (1 - alpha))) <= 1.0); // 142.1
            QVERIFY(qAbs(blended.blue() - (60 * alpha + 255 * (1 - alpha))) <= 1.0);  // 157.1
        }
        QCOMPARE(image.pixelColor(100, 920), QColor(Qt::white)); // below the rectangle
        QCOMPARE(image.pixelColor(250, 500), QColor(Qt::white)); // beside it
    }

    void otherPoolsAndThreadsStillUseTheirThreads()
    {
        // Another pool, from the GUI thread.
        QThreadPool pool;
        QThread* const gui = QThread::currentThread();
        QThread* const pooled = ranOn(pool);
        QVERIFY(pooled && pooled != gui);
        // The global pool, from a thread of its own.
        QThread* fromWorker = nullptr;
        QThread* worker = nullptr;
        std::unique_ptr<QThread> thread(QThread::create([&] {
            worker = QThread::currentThread();
            fromWorker = ranOn(*QThreadPool::globalInstance());
        }));
        thread->start();
        QVERIFY(thread->wait(10000));
        QVERIFY(fromWorker && fromWorker != worker && fromWorker != gui);
    }
};

QTEST_MAIN(TstSerialFills)
#include "tst_serial_fills.moc"
