// llm-hw-explorer's command line (issue 9): --help and --version work on a machine with no
// display, a positional FILE opens a scenario or a config.json exactly as --scenario and
// --model-config do, and bad combinations fail with exit 2 and one line saying why.
#include "cli_process.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);

QString fixture(const char* relative)
{
    return QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/") + QString::fromLatin1(relative);
}

} // namespace

class TestExplorerCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void helpAndVersionNeedNoDisplay_data();
    void helpAndVersionNeedNoDisplay();
    void positionalScenarioRendersAsScenarioOption();
    void positionalConfigRendersAsModelConfigOption();
    void badCombinationsFailWithOneLine_data();
    void badCombinationsFailWithOneLine();

private:
    RunResult run(const QStringList& arguments, bool display = true) const;
    QByteArray exportBytes(const QStringList& arguments, const QString& name) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestExplorerCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_env = isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

RunResult TestExplorerCli::run(const QStringList& arguments, bool display) const
{
    QProcessEnvironment env = m_env;
    // No display at all: what a packager's build machine or an ssh session has.
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    if (display)
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return runProgram(kExplorer, arguments, env);
}

QByteArray TestExplorerCli::exportBytes(const QStringList& arguments, const QString& name) const
{
    const QString path = QDir(m_home.path()).filePath(name);
    const RunResult result = run(arguments + QStringList{QStringLiteral("--export-dashboard"), path,
                                                         QStringLiteral("--size"), QStringLiteral("640x400")},
                                 /*display=*/false);
    if (result.exitCode != 0)
        qWarning("%s", describeRun("llm-hw-explorer", arguments, result).constData());
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestExplorerCli::helpAndVersionNeedNoDisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("expected");
    const QStringList help{QStringLiteral("Usage:"), QStringLiteral("[file]"), QStringLiteral("--no-restore"),
                           QStringLiteral("--export-dashboard"), QStringLiteral("Examples:"),
                           QStringLiteral("Exit status:")};
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << help;
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << help;
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")}
                               << QStringList{QStringLiteral("llm-hw-explorer " LHE_VERSION)};
}

void TestExplorerCli::helpAndVersionNeedNoDisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, expected);
    const RunResult result = run(arguments, /*display=*/false);
    QVERIFY2(result.finished && result.exitCode == 0, describeRun("llm-hw-explorer", arguments, result).constData());
    for (const QString& text : expected)
        QVERIFY2(result.out.contains(text.toUtf8()), qPrintable(text + QStringLiteral(" missing in:\n") +
                                                                QString::fromUtf8(result.out)));
}

void TestExplorerCli::positionalScenarioRendersAsScenarioOption()
{
    const QString scenario = fixture("scenarios/h100-llama-3.1-8b-batch1.json");
    const QByteArray positional = exportBytes({scenario}, QStringLiteral("positional.png"));
    const QByteArray option = exportBytes({QStringLiteral("--scenario"), scenario}, QStringLiteral("option.png"));
    const QByteArray defaultScenario = exportBytes({}, QStringLiteral("default.png"));
    QVERIFY(positional.startsWith("\x89PNG"));
    QCOMPARE(positional, option);
    QVERIFY(positional != defaultScenario); // H100 and batch 1, not the RTX 4090 default
}

void TestExplorerCli::positionalConfigRendersAsModelConfigOption()
{
    const QString config = fixture("hf_configs/qwen3-8b.config.json");
    const QByteArray positional = exportBytes({config}, QStringLiteral("config-positional.png"));
    const QByteArray option = exportBytes({QStringLiteral("--model-config"), config}, QStringLiteral("config-option.png"));
    QVERIFY(positional.startsWith("\x89PNG"));
    QCOMPARE(positional, option);
    QVERIFY(positional != exportBytes({}, QStringLiteral("default2.png")));
}

void TestExplorerCli::badCombinationsFailWithOneLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString scenario = fixture("scenarios/h100-llama-3.1-8b-batch1.json");
    const QString config = fixture("hf_configs/qwen3-8b.config.json");
    const QString out = QStringLiteral("/dev/null.png");
    QTest::newRow("two files") << QStringList{scenario, config, QStringLiteral("--export-dashboard"), out}
                               << QStringLiteral("at most one file");
    QTest::newRow("file and --scenario")
        << QStringList{scenario, QStringLiteral("--scenario"), scenario, QStringLiteral("--export-dashboard"), out}
        << QStringLiteral("give one");
    QTest::newRow("config and --model-config")
        << QStringList{config, QStringLiteral("--model-config"), config, QStringLiteral("--export-dashboard"), out}
        << QStringLiteral("give one");
    QTest::newRow("missing file") << QStringList{QStringLiteral("/no/such/scenario.json"),
                                                 QStringLiteral("--export-dashboard"), out}
                                  << QStringLiteral("/no/such/scenario.json");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")}
                                    << QStringLiteral("frobnicate");
}

void TestExplorerCli::badCombinationsFailWithOneLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const RunResult result = run(arguments, /*display=*/false);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QVERIFY2(result.exitCode != 0, what.constData());
    QVERIFY2(result.err.contains(message.toUtf8()), what.constData());
}

QTEST_GUILESS_MAIN(TestExplorerCli)
#include "tst_explorer_cli.moc"
