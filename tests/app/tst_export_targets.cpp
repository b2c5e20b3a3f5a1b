// Where llm-hw-explorer's headless exports may write (docs/CONTRACT §6.2 Exit status): a target
// that is not a regular file is refused and left as it was, and every target is checked before
// any is written, so a failed run leaves no half of its output behind.
//
// The non-regular targets are FIFOs made in a temporary folder (and symbolic links to them),
// never a real device node: the tests run as a normal user and as root alike.
#include "app/support/save_file.h"
#include "cli_process.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);

// lstat(2): what is at `path` itself, a symbolic link not followed.
mode_t linkMode(const QString& path)
{
    struct stat status = {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 ? status.st_mode : 0;
}

// stat(2): what `path` leads to, symbolic links followed.
mode_t targetMode(const QString& path)
{
    struct stat status = {};
    return ::stat(QFile::encodeName(path).constData(), &status) == 0 ? status.st_mode : 0;
}

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

} // namespace

class TestExportTargets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void nonRegularTargetIsRefusedAndKept_data();
    void nonRegularTargetIsRefusedAndKept();
    void saveOverAFifoIsRefused();
    void everyTargetIsCheckedBeforeAnyIsWritten_data();
    void everyTargetIsCheckedBeforeAnyIsWritten();

private:
    RunResult run(const QStringList& arguments) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestExportTargets::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_env = headlessEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

RunResult TestExportTargets::run(const QStringList& arguments) const
{
    return runProgram(kExplorer, arguments, m_env);
}

// A FIFO named as the export was replaced by a regular file (QSaveFile renames its temporary file
// over the name), exit 0; as root a device node (/dev/null) went the same way. Written to
// directly instead, a FIFO without a reader would block: refused, exit 2, left a FIFO.
void TestExportTargets::nonRegularTargetIsRefusedAndKept_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("throughLink");
    QTest::newRow("report, FIFO") << QStringLiteral("--export-report") << QStringLiteral("r.json") << false;
    QTest::newRow("report, link to a FIFO")
        << QStringLiteral("--export-report") << QStringLiteral("r.csv") << true;
    QTest::newRow("dashboard, FIFO") << QStringLiteral("--export-dashboard") << QStringLiteral("d.png")
                                     << false;
    QTest::newRow("dashboard, link to a FIFO")
        << QStringLiteral("--export-dashboard") << QStringLiteral("d.svg") << true;
}

void TestExportTargets::nonRegularTargetIsRefusedAndKept()
{
    QFETCH(QString, option);
    QFETCH(QString, name);
    QFETCH(bool, throughLink);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("pipe-") + name);
    QVERIFY(makeFifo(fifo));
    const QString target = throughLink ? dir.filePath(name) : fifo;
    if (throughLink)
        QVERIFY(QFile::link(fifo, target));
    const QStringList arguments{option, target};
    const RunResult result = run(arguments);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    const QByteArray expected =
        "Cannot write " + QFile::encodeName(target) + ": it is not a regular file (a FIFO)";
    QVERIFY2(result.err.contains(expected), what.constData());
    QVERIFY(S_ISFIFO(linkMode(fifo)));
    if (throughLink) {
        QVERIFY(S_ISLNK(linkMode(target)));
        QVERIFY(S_ISFIFO(targetMode(target)));
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size(),
             throughLink ? 2 : 1); // no temporary file left behind either
}

// The window's saves (scenario, report, image, user catalog) go through the same function.
void TestExportTargets::saveOverAFifoIsRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("scenario.json"));
    QVERIFY(makeFifo(fifo));
    QString error;
    QVERIFY(!lhe::app::saveFileAtomically(fifo, QByteArrayLiteral("{}\n"), &error));
    QCOMPARE(error, QStringLiteral("Cannot write %1: it is not a regular file (a FIFO)").arg(fifo));
    QVERIFY(S_ISFIFO(linkMode(fifo)));
}

// --export-report was written before the dashboard's target, size or scale was looked at: a run
// that failed with exit 2 left r.json behind as if it had half succeeded.
void TestExportTargets::everyTargetIsCheckedBeforeAnyIsWritten_data()
{
    QTest::addColumn<QStringList>("dashboard"); // the --export-dashboard part, FOLDER for the temporary one
    QTest::addColumn<QString>("message");
    QTest::newRow("no such folder") << QStringList{QStringLiteral("FOLDER/nodir/d.png")}
                                    << QStringLiteral("Cannot write ");
    QTest::newRow("a FIFO") << QStringList{QStringLiteral("FOLDER/fifo.png")}
                            << QStringLiteral("not a regular file (a FIFO)");
    QTest::newRow("unknown image type")
        << QStringList{QStringLiteral("FOLDER/d.txt")} << QStringLiteral("Unknown image type");
    QTest::newRow("size too small") << QStringList{QStringLiteral("FOLDER/d.png"), QStringLiteral("--size"),
                                                   QStringLiteral("10x10")}
                                    << QStringLiteral("below the smallest dashboard");
    QTest::newRow("bad scale") << QStringList{QStringLiteral("FOLDER/d.png"), QStringLiteral("--scale"),
                                              QStringLiteral("9")}
                               << QStringLiteral("--scale: expected a number from 0.25 to 8");
}

void TestExportTargets::everyTargetIsCheckedBeforeAnyIsWritten()
{
    QFETCH(QStringList, dashboard);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(makeFifo(dir.filePath(QStringLiteral("fifo.png"))));
    const QString report = dir.filePath(QStringLiteral("r.json"));
    QStringList arguments{QStringLiteral("--export-report"), report, QStringLiteral("--export-dashboard")};
    for (const QString& part : std::as_const(dashboard))
        arguments << QString(part).replace(QStringLiteral("FOLDER"), dir.path());
    const RunResult result = run(arguments);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message.toUtf8()), what.constData());
    QVERIFY2(!QFile::exists(report), what.constData());
}

QTEST_GUILESS_MAIN(TestExportTargets)
#include "tst_export_targets.moc"
