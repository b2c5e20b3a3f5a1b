// llm-hw-explorer with a DISPLAY that leads to no X server (docs/CONTRACT §6.2 Exit status): Qt's
// xcb platform plugin aborts the process there (SIGABRT, exit 134), so headless runs must not
// need a display at all, and the window must say it cannot reach the display and exit 1.
//
// The display is :987, where no X server listens (the test is skipped when one does).
#include "cli_process.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);
const QString kDisplay = QStringLiteral(":987");

} // namespace

class TestUnreachableDisplay : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void headlessRunsNeedNoDisplay_data();
    void headlessRunsNeedNoDisplay();
    void windowSaysItCannotReachTheDisplay_data();
    void windowSaysItCannotReachTheDisplay();

private:
    RunResult run(const QStringList& arguments, const QString& platform) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestUnreachableDisplay::initTestCase()
{
    if (QFileInfo::exists(QStringLiteral("/tmp/.X11-unix/X987")))
        QSKIP("an X server listens on :987 here");
    QVERIFY(m_home.isValid());
    m_env = isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
    for (const char* name : {"WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"})
        m_env.remove(QString::fromLatin1(name));
    m_env.insert(QStringLiteral("DISPLAY"), kDisplay);
}

// `platform`: QT_QPA_PLATFORM, or empty for unset.
RunResult TestUnreachableDisplay::run(const QStringList& arguments, const QString& platform) const
{
    QProcessEnvironment env = m_env;
    if (!platform.isEmpty())
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
    return runProgram(kExplorer, arguments, env);
}

void TestUnreachableDisplay::headlessRunsNeedNoDisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("output"); // the file the run writes, empty for none
    QTest::newRow("--export-report") << QStringList{QStringLiteral("--export-report"), QStringLiteral("OUT")}
                                     << QStringLiteral("r.json");
    QTest::newRow("--export-dashboard")
        << QStringList{QStringLiteral("--export-dashboard"), QStringLiteral("OUT"), QStringLiteral("--size"),
                       QStringLiteral("800x600")}
        << QStringLiteral("d.png");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << QString();
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << QString();
}

void TestUnreachableDisplay::headlessRunsNeedNoDisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, output);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(output);
    for (QString& argument : arguments)
        argument.replace(QStringLiteral("OUT"), out);
    const RunResult result = run(arguments, QString());
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 0);
    if (!output.isEmpty())
        QVERIFY2(QFile(out).size() > 0, what.constData());
    else
        QVERIFY2(!result.out.isEmpty(), what.constData());
}

void TestUnreachableDisplay::windowSaysItCannotReachTheDisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("platform");
    QTest::newRow("window") << QStringList{QStringLiteral("--no-restore")} << QString();
    QTest::newRow("window, QT_QPA_PLATFORM=xcb")
        << QStringList{QStringLiteral("--no-restore")} << QStringLiteral("xcb");
    // Asked for by name, xcb is what the export gets: it cannot reach the display either.
    QTest::newRow("export, QT_QPA_PLATFORM=xcb")
        << QStringList{QStringLiteral("--export-report"), QStringLiteral("/nonexistent-folder/r.json")}
        << QStringLiteral("xcb");
}

void TestUnreachableDisplay::windowSaysItCannotReachTheDisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, platform);
    const RunResult result = run(arguments, platform);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("llm-hw-explorer: cannot connect to the X display \":987\""),
             what.constData());
}

QTEST_GUILESS_MAIN(TestUnreachableDisplay)
#include "tst_unreachable_display.moc"
