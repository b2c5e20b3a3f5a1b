// The memory an llm-hw-explorer dashboard export may take (docs/CONTRACT §6.1 --size, --scale):
// the dashboard is laid out at --size before it is scaled, so the 1 GiB budget holds for the
// laid-out page as much as for the scaled image; and a render that could not get its memory is
// an error, never an image with its charts missing.
#include "cli_process.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);

// AddressSanitizer reserves terabytes of address space at start: under ulimit -v the program
// would not start at all (the asan preset builds this test with the same flags).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSpaceLimitWorks = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSpaceLimitWorks = false;
#else
constexpr bool kAddressSpaceLimitWorks = true;
#endif
#else
constexpr bool kAddressSpaceLimitWorks = true;
#endif

} // namespace

class TestExportBudget : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void layoutSizeCountsAgainstTheBudget();
    void helpGivesTheScaleRange();
    void renderWithoutMemoryIsAnError();

private:
    // The explorer under an address-space limit of `limitKiB` (ulimit -v), so a run that does
    // more than it should fails fast instead of taking the machine's memory (no limit under
    // AddressSanitizer).
    RunResult runLimited(const QStringList& arguments, int limitKiB) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestExportBudget::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_env = headlessEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

RunResult TestExportBudget::runLimited(const QStringList& arguments, int limitKiB) const
{
    const QString limit =
        kAddressSpaceLimitWorks ? QStringLiteral("ulimit -v %1; ").arg(limitKiB) : QString();
    const QStringList shell =
        QStringList{QStringLiteral("-c"), limit + QStringLiteral("exec \"$0\" \"$@\""), kExplorer} +
        arguments;
    return runProgram(QStringLiteral("/bin/sh"), shell, m_env);
}

// --size 32768x32768 --scale 0.25 passed the budget (a 256 MiB image) and was laid out at
// 32768 x 32768: 15 GB and most of a minute. The page laid out at --size takes width x height
// x 4 bytes before any scale: 16385 x 16384 x 4 B is 1.00006 GiB, one row over the budget.
void TestExportBudget::layoutSizeCountsAgainstTheBudget()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("small-scale.png"));
    const QStringList arguments{QStringLiteral("--export-dashboard"),
                                out,
                                QStringLiteral("--size"),
                                QStringLiteral("16385x16384"),
                                QStringLiteral("--scale"),
                                QStringLiteral("0.25")};
    const RunResult result = runLimited(arguments, 4 * 1024 * 1024);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("--size 16385x16384 is laid out at 1.0 GiB of pixels"), what.constData());
    QVERIFY2(result.err.contains("the budget is 1 GiB"), what.constData());
    QVERIFY(!QFile::exists(out));
}

// --help said "1 or 2" while 0.25 ... 8 is accepted.
void TestExportBudget::helpGivesTheScaleRange()
{
    const RunResult result = runProgram(kExplorer, {QStringLiteral("--help")}, m_env);
    QVERIFY2(result.finished && result.exitCode == 0, result.err.constData());
    const QString help = QString::fromUtf8(result.out).simplified();
    QVERIFY2(help.contains(QStringLiteral("Pixel scale for PNG export, from 0.25 to 8")), qPrintable(help));
}

// Under a memory limit, a 16384 x 16384 page (in the budget) at scale 0.25 was written as a
// 4096 x 4096 PNG without its charts, exit 0: their paint buffers (pixmaps of each chart's size)
// could not be allocated and painted as nothing. About 1 GB of address space starts the program
// and holds the small image, not the charts' buffers: exit 2, saying so, and no file.
void TestExportBudget::renderWithoutMemoryIsAnError()
{
    if (!kAddressSpaceLimitWorks)
        QSKIP("an address-space limit stops AddressSanitizer itself");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("no-memory.png"));
    const QStringList arguments{QStringLiteral("--export-dashboard"),
                                out,
                                QStringLiteral("--size"),
                                QStringLiteral("16384x16384"),
                                QStringLiteral("--scale"),
                                QStringLiteral("0.25")};
    const RunResult result = runLimited(arguments, 1000 * 1000);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("llm-hw-explorer: Not enough memory"), what.constData());
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestExportBudget)
#include "tst_export_budget.moc"
