// FramePacer: the first request in a frame runs at once, the requests after it in the same frame
// run once when the next frame begins, a flush runs a waiting request now, and none is lost. The
// frames here are long (10 s) so that nothing depends on how fast the test runs; the one test that
// waits for a frame to end waits for the run, not for a time.
#include "widgets/controls/frame_pacer.h"

#include <QtTest>
#include <limits>

using lhe::widgets::FramePacer;

class TestFramePacer : public QObject
{
    Q_OBJECT

private slots:
    void firstRequestRunsAtOnce()
    {
        int runs = 0;
        FramePacer pacer([&runs] { ++runs; }, nullptr);
        pacer.setIntervalNs(10'000'000'000);
        pacer.request();
        QCOMPARE(runs, 1);
        QVERIFY(!pacer.pending());
    }

    void requestsWithinTheFrameWaitAndRunOnce()
    {
        int runs = 0;
        FramePacer pacer([&runs] { ++runs; }, nullptr);
        pacer.setIntervalNs(10'000'000'000);
        pacer.request();
        for (int i = 0; i < 5; ++i)
            pacer.request();
        QCOMPARE(runs, 1);
        QVERIFY(pacer.pending());
        pacer.flush();
        QCOMPARE(runs, 2);
        QVERIFY(!pacer.pending());
        pacer.flush(); // nothing waits: nothing runs
        QCOMPARE(runs, 2);
    }

    void aWaitingRequestRunsWhenTheFrameEnds()
    {
        int runs = 0;
        FramePacer pacer([&runs] { ++runs; }, nullptr);
        pacer.setIntervalNs(20'000'000);
        pacer.request();
        pacer.request();
        pacer.request();
        // The second and third ran together at the frame's end, or (on a machine slower than the
        // frame) the second ran at once and the third at the end of its own frame.
        QTRY_VERIFY(!pacer.pending());
        QVERIFY2(runs == 2 || runs == 3, qPrintable(QString::number(runs)));
    }

    void aRunSeesTheNewestState()
    {
        int value = 0;
        QList<int> seen;
        FramePacer pacer([&] { seen << value; }, nullptr);
        pacer.setIntervalNs(10'000'000'000);
        for (value = 1; value <= 4; ++value)
            pacer.request();
        value = 4;
        pacer.flush();
        QCOMPARE(seen, (QList<int>{1, 4}));
    }

    void frameIntervalFollowsTheRefreshRate()
    {
        QCOMPARE(FramePacer::frameIntervalNs(60), qint64{16'666'667});
        QCOMPARE(FramePacer::frameIntervalNs(120), qint64{8'333'333});
        QCOMPARE(FramePacer::frameIntervalNs(144), qint64{6'944'444});
        // No rate reported (0, NaN): 60 Hz.
        QCOMPARE(FramePacer::frameIntervalNs(0), qint64{16'666'667});
        QCOMPARE(FramePacer::frameIntervalNs(std::numeric_limits<double>::quiet_NaN()), qint64{16'666'667});
    }
};

QTEST_MAIN(TestFramePacer)
#include "tst_frame_pacer.moc"
