// DurationSpinBox: a time typed with its unit, held in seconds. Typed texts and what they mean
// are written out here by hand (800 ms = 0.8 s), so a wrong factor or a unit read as another
// fails; a number without a unit, a text that is not a time and a time out of range are refused
// with their reason, and the field keeps its last value; Up and Down step 1, 2, 5 × 10^k.
#include "widgets/controls/duration_spin_box.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using lhe::widgets::DurationSpinBox;

class TestDurationSpinBox : public QObject
{
    Q_OBJECT

private slots:
    void parsesTimesWithTheirUnit_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("seconds");
        QTest::newRow("1 s") << QStringLiteral("1 s") << 1.0;
        QTest::newRow("800 ms") << QStringLiteral("800 ms") << 0.8;
        QTest::newRow("0.5s") << QStringLiteral("0.5s") << 0.5;
        QTest::newRow(".25 s") << QStringLiteral(".25 s") << 0.25;
        QTest::newRow("40ms") << QStringLiteral("40ms") << 0.04;
        QTest::newRow("1.5 seconds") << QStringLiteral("1.5 seconds") << 1.5;
        QTest::newRow("250 µs") << QStringLiteral("250 µs") << 0.00025;
        QTest::newRow("250 us") << QStringLiteral("250 us") << 0.00025;
        QTest::newRow("2 MS (case)") << QStringLiteral("2 MS") << 0.002;
        QTest::newRow("300 毫秒") << QStringLiteral("300 毫秒") << 0.3;
        QTest::newRow("2 秒") << QStringLiteral("2 秒") << 2.0;
        QTest::newRow("1 min") << QStringLiteral("1 min") << 60.0;
        QTest::newRow("  1 s  (spaces)") << QStringLiteral("  1 s  ") << 1.0;
        QTest::newRow("1e3 ms") << QStringLiteral("1e3 ms") << 1.0;
        QTest::newRow("1 µs, the least") << QStringLiteral("1 µs") << 1e-6;
        QTest::newRow("1000000 s, the most") << QStringLiteral("1000000 s") << 1e6;
    }
    void parsesTimesWithTheirUnit()
    {
        QFETCH(QString, typed);
        QFETCH(double, seconds);
        QString error;
        const std::optional<double> parsed = DurationSpinBox::parse(typed, &error);
        QVERIFY2(parsed, qPrintable(error));
        QVERIFY2(qFuzzyCompare(*parsed, seconds), qPrintable(QString::number(*parsed, 'g', 17)));
    }

    void refusesWhatIsNotATime_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("reason");
        QTest::newRow("bare number") << QStringLiteral("1")
                                     << QStringLiteral("“1” has no unit: type 1 ms or 1 s.");
        QTest::newRow("bare decimal")
            << QStringLiteral("0.5") << QStringLiteral("“0.5” has no unit: type 0.5 ms or 0.5 s.");
        QTest::newRow("letters")
            << QStringLiteral("abc")
            << QStringLiteral("“abc” is not a time: type a number and a unit, such as 800 ms or 1.5 s.");
        QTest::newRow("unknown unit")
            << QStringLiteral("5 kg")
            << QStringLiteral("“kg” is not a unit of time: use ms or s, such as 800 ms or 1.5 s.");
        QTest::newRow("zero") << QStringLiteral("0 ms")
                              << QStringLiteral("0 ms is out of range: a time from 1 µs to 1,000,000 s.");
        QTest::newRow("negative") << QStringLiteral("-1 s")
                                  << QStringLiteral("-1 s is out of range: a time from 1 µs to 1,000,000 s.");
        QTest::newRow("too long") << QStringLiteral("2000000 s")
                                  << QStringLiteral(
                                         "2000000 s is out of range: a time from 1 µs to 1,000,000 s.");
    }
    void refusesWhatIsNotATime()
    {
        QFETCH(QString, typed);
        QFETCH(QString, reason);
        QString error;
        QVERIFY(!DurationSpinBox::parse(typed, &error));
        QCOMPARE(error, reason);
    }

    void noneIsEmptyOrNone()
    {
        bool none = false;
        QVERIFY(!DurationSpinBox::parse(QString(), nullptr, &none));
        QVERIFY(none);
        none = false;
        QVERIFY(!DurationSpinBox::parse(QStringLiteral("none"), nullptr, &none));
        QVERIFY(none);
        none = false;
        QVERIFY(!DurationSpinBox::parse(QStringLiteral("无"), nullptr, &none, QStringLiteral("无")));
        QVERIFY(none);
    }

    // The value is shown with the unit that reads best, and reads back to itself.
    void showsItsUnit_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("shown");
        QTest::newRow("1 s") << 1.0 << QStringLiteral("1 s");
        QTest::newRow("800 ms") << 0.8 << QStringLiteral("800 ms");
        QTest::newRow("12.5 ms") << 0.0125 << QStringLiteral("12.5 ms");
        QTest::newRow("250 µs") << 0.00025 << QStringLiteral("250 µs");
        QTest::newRow("90 s") << 90.0 << QStringLiteral("90 s");
        QTest::newRow("1000000 s") << 1e6 << QStringLiteral("1000000 s");
    }
    void showsItsUnit()
    {
        QFETCH(double, seconds);
        QFETCH(QString, shown);
        QCOMPARE(DurationSpinBox::format(seconds), shown);
        QVERIFY(qFuzzyCompare(*DurationSpinBox::parse(shown, nullptr), seconds));
    }

    // Typed into the field: Enter takes a time and refuses the rest, with the reason.
    void typingAndEnter()
    {
        DurationSpinBox box;
        box.setSpecialValueText(QStringLiteral("none"));
        box.show();
        box.setFocus();
        QSignalSpy rejected(&box, &DurationSpinBox::rejected);
        auto type = [&box](const QString& text) {
            box.findChild<QLineEdit*>()->selectAll();
            QTest::keyClicks(&box, text);
            QTest::keyClick(&box, Qt::Key_Return);
        };
        QCOMPARE(box.text(), QStringLiteral("none"));
        QVERIFY(!box.seconds());
        type(QStringLiteral("1 s"));
        QCOMPARE(box.seconds().value_or(-1), 1.0);
        QCOMPARE(box.text(), QStringLiteral("1 s"));
        type(QStringLiteral("800 ms"));
        QCOMPARE(box.seconds().value_or(-1), 0.8);
        QCOMPARE(box.text(), QStringLiteral("800 ms"));
        QCOMPARE(rejected.count(), 0);
        type(QStringLiteral("1")); // one what? refused, the 800 ms stays
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.last().value(0).toString(), QStringLiteral("“1” has no unit: type 1 ms or 1 s."));
        QCOMPARE(box.seconds().value_or(-1), 0.8);
        QCOMPARE(box.text(), QStringLiteral("800 ms"));
        type(QStringLiteral("soon"));
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(box.seconds().value_or(-1), 0.8);
        box.findChild<QLineEdit*>()->clear(); // empty: no target
        QTest::keyClick(&box, Qt::Key_Return);
        QVERIFY(!box.seconds());
        QCOMPARE(rejected.count(), 2);
    }

    // Up and Down: 1, 2, 5 × 10^k; Up from none is the first step, Down from 1 µs is none.
    void steps()
    {
        DurationSpinBox box;
        box.setFirstStep(0.05);
        box.stepBy(1);
        QCOMPARE(box.seconds().value_or(-1), 0.05);
        box.stepBy(1);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 0.1));
        box.stepBy(2);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 0.5));
        box.stepBy(-1);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 0.2));
        box.setSeconds(0.04); // between steps: to the neighbours
        box.stepBy(1);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 0.05));
        box.setSeconds(0.04);
        box.stepBy(-1);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 0.02));
        box.setSeconds(1e-6);
        box.stepBy(-1);
        QVERIFY(!box.seconds());
        box.setSeconds(1e6);
        box.stepBy(1);
        QCOMPARE(box.seconds().value_or(-1), 1e6);
        // Up and Down keys step too (keyboard access).
        box.setSeconds(1.0);
        box.show();
        box.setFocus();
        QTest::keyClick(&box, Qt::Key_Up);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 2.0));
        QTest::keyClick(&box, Qt::Key_Down);
        QVERIFY(qFuzzyCompare(box.seconds().value_or(-1), 1.0));
    }
};

QTEST_MAIN(TestDurationSpinBox)
#include "tst_duration_spin_box.moc"
