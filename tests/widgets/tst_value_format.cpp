// Memory as the datasheet prints it and as every computed figure reads it (README, "Units"):
// a datasheet's "80 GB" of HBM is 80 GiB = 80 x 2^30 B = 85.9 GB.
#include "widgets/common/value_format.h"

#include <QtTest>

using namespace lhe::widgets;

namespace {
constexpr double GiB = 1073741824.0;
}

class TestValueFormat : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void datasheetMemory_data();
    void datasheetMemory();
    void capacity_data();
    void capacity();
};

void TestValueFormat::datasheetMemory_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("expected");
    // 80 x 2^30 = 85,899,345,920 B; 96 x 2^30 = 103,079,215,104 B; 128 x 2^30 = 137,438,953,472 B.
    QTest::newRow("H100: 80 GB HBM3") << 80 * GiB << "HBM3"
                                      << "80 GB HBM3 (85.9 GB = 80 GiB)";
    QTest::newRow("RTX PRO 6000: 96 GB GDDR7") << 96 * GiB << "GDDR7"
                                               << "96 GB GDDR7 (103 GB = 96 GiB)";
    QTest::newRow("DGX Spark: 128 GB LPDDR5X") << 128 * GiB << "LPDDR5X"
                                               << "128 GB LPDDR5X (137 GB = 128 GiB)";
    QTest::newRow("no memory type") << 24 * GiB << ""
                                    << "24 GB (25.8 GB = 24 GiB)";
    // Not a whole number of GiB: a decimal figure already (on-chip SRAM, a user's entry in GB).
    QTest::newRow("230 MB SRAM") << 230e6 << "SRAM"
                                 << "230 MB SRAM";
    QTest::newRow("44 GB, no type") << 44e9 << ""
                                    << "44 GB";
    QTest::newRow("not finite") << qQNaN() << "HBM3" << QStringLiteral("– HBM3");
}

void TestValueFormat::datasheetMemory()
{
    QFETCH(double, bytes);
    QFETCH(QString, type);
    QFETCH(QString, expected);
    QCOMPARE(formatDatasheetMemory(bytes, type), expected);
}

void TestValueFormat::capacity_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("80 GiB") << 80 * GiB << "85.9 GB = 80 GiB";
    QTest::newRow("512 GiB") << 512 * GiB << "550 GB = 512 GiB";
    QTest::newRow("80 GiB less 1 MiB") << 80 * GiB - 1048576 << "85.9 GB";
    QTest::newRow("80 GB decimal") << 80e9 << "80 GB";
}

void TestValueFormat::capacity()
{
    QFETCH(double, bytes);
    QFETCH(QString, expected);
    QCOMPARE(formatCapacity(bytes), expected);
}

QTEST_GUILESS_MAIN(TestValueFormat)
#include "tst_value_format.moc"
