// --help, --help-all and --version of both programs exit 0 only when their text was written
// (docs/CONTRACT §5.4, §6.2): with standard output on a full device they said nothing and
// exited 0. The full device is /dev/full, opened by the shell as the program's standard output
// only (written to, never replaced); without it the test is skipped.
#include "cli_process.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace lhe::test;

class TestStandardOutput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fullStandardOutputIsAnError_data();
    void fullStandardOutputIsAnError();
    void estimateHelpAllIsHelp();

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestStandardOutput::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_env = isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        m_env.remove(QString::fromLatin1(name));
}

void TestStandardOutput::fullStandardOutputIsAnError_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("option");
    for (const char* program : {LHE_EXPLORER_EXE, LHE_ESTIMATE_EXE}) {
        for (const char* option : {"--help", "--help-all", "--version", "-h", "-v"}) {
            const QString name = QFileInfo(QString::fromUtf8(program)).fileName() + QLatin1Char(' ') +
                                 QString::fromLatin1(option);
            QTest::newRow(qPrintable(name)) << QString::fromUtf8(program) << QString::fromLatin1(option);
        }
    }
}

void TestStandardOutput::fullStandardOutputIsAnError()
{
    QFETCH(QString, program);
    QFETCH(QString, option);
    if (!QFileInfo(QStringLiteral("/dev/full")).exists())
        QSKIP("no /dev/full on this machine");
    const QStringList arguments{QStringLiteral("-c"), QStringLiteral("exec \"$0\" \"$1\" > /dev/full"),
                                program, option};
    const RunResult result = runProgram(QStringLiteral("/bin/sh"), arguments, m_env);
    const QByteArray what = describeRun("sh", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("cannot write to standard output"), what.constData());
}

// llm-hw-estimate --help-all printed the default scenario's report: the option was never asked.
void TestStandardOutput::estimateHelpAllIsHelp()
{
    const RunResult result =
        runProgram(QStringLiteral(LHE_ESTIMATE_EXE), {QStringLiteral("--help-all")}, m_env);
    QVERIFY2(result.finished && result.exitCode == 0, result.err.constData());
    QVERIFY2(result.out.startsWith("Usage: "), result.out.left(200).constData());
    QVERIFY2(result.out.contains("--scenario <file>") && !result.out.contains("\"device\""),
             result.out.left(200).constData());
}

QTEST_GUILESS_MAIN(TestStandardOutput)
#include "tst_standard_output.moc"
