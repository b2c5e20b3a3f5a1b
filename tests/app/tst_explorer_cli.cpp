// llm-hw-explorer's command line: --help and --version work on a machine with no
// display, a positional FILE opens a scenario or a config.json exactly as --scenario and
// --model-config do, and bad combinations fail with exit 2 and one line saying why.
#include "cli_process.h"

#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

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

    // Hostile inputs and environments
    void helpIsUtf8();
    void fifoIsRefusedNotRead_data();
    void fifoIsRefusedNotRead();
    void modelConfigSuppliesTheModelOfAScenario();
    void positionalFileWithAMisspelledDeviceKeySaysWhy();
    void exportSizeBeyondTheMemoryBudgetIsRefused();
    void exportSizeBelowTheMinimumIsRefused();
    void exportHasTheSizeAskedFor();
    void fileSizeLimitIsAnErrorLineNotASignal();

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
                                                         QStringLiteral("--size"), QStringLiteral("800x600")},
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
    const QStringList help{QStringLiteral("Usage:"),       QStringLiteral("[file]"),
                           QStringLiteral("--no-restore"), QStringLiteral("--export-dashboard"),
                           QStringLiteral("Examples:"),    QStringLiteral("Exit status:")};
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
    QVERIFY2(result.finished && result.exitCode == 0,
             describeRun("llm-hw-explorer", arguments, result).constData());
    for (const QString& text : expected)
        QVERIFY2(result.out.contains(text.toUtf8()),
                 qPrintable(text + QStringLiteral(" missing in:\n") + QString::fromUtf8(result.out)));
}

void TestExplorerCli::positionalScenarioRendersAsScenarioOption()
{
    const QString scenario = fixture("scenarios/h100-llama-3.1-8b-batch1.json");
    const QByteArray positional = exportBytes({scenario}, QStringLiteral("positional.png"));
    const QByteArray option =
        exportBytes({QStringLiteral("--scenario"), scenario}, QStringLiteral("option.png"));
    const QByteArray defaultScenario = exportBytes({}, QStringLiteral("default.png"));
    QVERIFY(positional.startsWith("\x89PNG"));
    QCOMPARE(positional, option);
    QVERIFY(positional != defaultScenario); // H100 and batch 1, not the RTX 4090 default
}

void TestExplorerCli::positionalConfigRendersAsModelConfigOption()
{
    const QString config = fixture("hf_configs/qwen3-8b.config.json");
    const QByteArray positional = exportBytes({config}, QStringLiteral("config-positional.png"));
    const QByteArray option =
        exportBytes({QStringLiteral("--model-config"), config}, QStringLiteral("config-option.png"));
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
    // Never written (each row fails first); a temporary folder's file, so that even a regression
    // that wrote it would touch nothing of the system's.
    const QString out = QDir::temp().filePath(QStringLiteral("lhe-never-written.png"));
    QTest::newRow("two files") << QStringList{scenario, config, QStringLiteral("--export-dashboard"), out}
                               << QStringLiteral("at most one file");
    QTest::newRow("file and --scenario") << QStringList{scenario, QStringLiteral("--scenario"), scenario,
                                                        QStringLiteral("--export-dashboard"), out}
                                         << QStringLiteral("give one");
    QTest::newRow("config and --model-config")
        << QStringList{config, QStringLiteral("--model-config"), config, QStringLiteral("--export-dashboard"),
                       out}
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

// Help texts are UTF-8 ("View → Language"), never read as Latin-1 ("â\u0086\u0092", "Â").
void TestExplorerCli::helpIsUtf8()
{
    const RunResult result = run({QStringLiteral("--help")}, /*display=*/false);
    QVERIFY2(result.finished && result.exitCode == 0, result.err.constData());
    const QString text = QString::fromUtf8(result.out);
    QVERIFY2(text.contains(QStringLiteral("View \u2192 Language")), result.out.constData());
    QVERIFY2(!text.contains(QChar(0x00C2)) && !text.contains(QChar(0x00E2)), result.out.constData());
}

// A FIFO named as the file to open blocked the program forever in read(); it is refused by kind.
void TestExplorerCli::fifoIsRefusedNotRead_data()
{
    QTest::addColumn<QString>("option"); // empty: the positional FILE
    QTest::newRow("FILE") << QString();
    QTest::newRow("--scenario") << QStringLiteral("--scenario");
    QTest::newRow("--model-config") << QStringLiteral("--model-config");
    QTest::newRow("--catalog") << QStringLiteral("--catalog");
}

void TestExplorerCli::fifoIsRefusedNotRead()
{
    QFETCH(QString, option);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QStringList arguments{QStringLiteral("--export-dashboard"), dir.filePath(QStringLiteral("out.png"))};
    arguments << (option.isEmpty() ? QStringList{fifo} : QStringList{option, fifo});
    QElapsedTimer clock;
    clock.start();
    const RunResult result = run(arguments, /*display=*/false);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit && result.exitCode == 2,
             what.constData());
    QVERIFY2(clock.elapsed() < 20000, what.constData());
    QVERIFY2(result.err.contains("pipe.json: is not a regular file (a FIFO)"), what.constData());
}

// A scenario without a model plus --model-config: llm-hw-estimate accepts it, and so must the
// explorer (the two programs take the same inputs).
void TestExplorerCli::modelConfigSuppliesTheModelOfAScenario()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = dir.filePath(QStringLiteral("no-model.json"));
    QFile file(scenario);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"device": "nvidia-h100-sxm", "batch": 2})");
    file.close();
    const QString config = fixture("hf_configs/qwen3-8b.config.json");
    const QStringList estimate{QStringLiteral("--model-config"), config, QStringLiteral("--scenario"),
                               scenario};
    const RunResult estimated = runProgram(QStringLiteral(LHE_ESTIMATE_EXE), estimate, m_env);
    QVERIFY2(estimated.exitCode == 0, describeRun("llm-hw-estimate", estimate, estimated).constData());
    const QByteArray png = exportBytes(estimate, QStringLiteral("no-model.png"));
    QVERIFY(png.startsWith("\x89PNG"));
}

// A scenario whose "device" key is misspelled was read as a config.json and reported as
// "hidden_size missing"; the line says why it was read so and what was probably meant.
void TestExplorerCli::positionalFileWithAMisspelledDeviceKeySaysWhy()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("typo.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"devcie": "nvidia-h100-sxm", "model": "llama-3.1-8b", "batch": 2})");
    file.close();
    const QStringList arguments{path, QStringLiteral("--export-dashboard"),
                                dir.filePath(QStringLiteral("o.png"))};
    const RunResult result = run(arguments, /*display=*/false);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitCode == 2 && result.err.count('\n') == 1, what.constData());
    for (const char* needle :
         {"typo.json: read as a Hugging Face config.json because it has no \"device\" key",
          "it has \"model\", \"batch\", which are scenario fields",
          "did you mean \"device\" (it has \"devcie\")?"})
        QVERIFY2(result.err.contains(needle), what.constData());
}

// --size 99999x99999 --scale 8 once allocated 15 GB and crashed: refused before rendering, with
// what it would need (99999² x 8² x 4 B = 2.56e12 B = 2384.1 GiB) and the budget.
void TestExplorerCli::exportSizeBeyondTheMemoryBudgetIsRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList arguments{QStringLiteral("--export-dashboard"),
                                dir.filePath(QStringLiteral("x.png")),
                                QStringLiteral("--size"),
                                QStringLiteral("99999x99999"),
                                QStringLiteral("--scale"),
                                QStringLiteral("8")};
    const RunResult result = run(arguments, /*display=*/false);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit && result.exitCode == 2,
             what.constData());
    QVERIFY2(result.err.count('\n') == 1, what.constData());
    QVERIFY2(result.err.contains("needs 2384.1 GiB of pixels") && result.err.contains("the budget is 1 GiB"),
             what.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    // 16384 x 16384 at scale 1 is exactly the budget; one row more is not. Only the refusal is run.
    const QStringList over{QStringLiteral("--export-dashboard"), dir.filePath(QStringLiteral("y.png")),
                           QStringLiteral("--size"), QStringLiteral("16384x16385")};
    const RunResult refused = run(over, /*display=*/false);
    QVERIFY2(refused.exitCode == 2 && refused.err.contains("budget"),
             describeRun("llm-hw-explorer", over, refused).constData());
}

// Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian; PNG spec §11.2.2), without
// linking Qt GUI into a test of the command line.
namespace {
QSize pngSize(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = file.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG"))
        return {};
    const auto at = [&head](int i) {
        return (quint32(quint8(head[i])) << 24) | (quint32(quint8(head[i + 1])) << 16) |
               (quint32(quint8(head[i + 2])) << 8) | quint32(quint8(head[i + 3]));
    };
    return {int(at(16)), int(at(20))};
}
} // namespace

// Below 800x600 the window's own minimum used to win silently (10x10 came out 652x539, exit 0).
void TestExplorerCli::exportSizeBelowTheMinimumIsRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString& size :
         {QStringLiteral("10x10"), QStringLiteral("799x600"), QStringLiteral("800x599")}) {
        const QString out = dir.filePath(size + QStringLiteral(".png"));
        const QStringList arguments{QStringLiteral("--export-dashboard"), out, QStringLiteral("--size"),
                                    size};
        const RunResult result = run(arguments, /*display=*/false);
        const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
        QVERIFY2(result.finished && result.exitCode == 2, what.constData());
        const QByteArray expected = "--size " + size.toUtf8() + " is below the smallest dashboard, 800x600";
        QVERIFY2(result.err.contains(expected), what.constData());
        QVERIFY(!QFile::exists(out));
    }
}

// What is asked is what is written, at scale 1 and 2, at the smallest size and a slide's; also
// where the page needs more room than that (the map in presentation mode, the comparison
// stacked a chart a row), which is then drawn smaller.
void TestExplorerCli::exportHasTheSizeAskedFor()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pinned = fixture("scenarios/h100-llama-3.1-8b-batch1.json");
    const struct
    {
        const char* size;
        const char* scale;
        QSize pixels;
        QStringList extra;
    } cases[] = {
        {"800x600", "1", {800, 600}, {}},
        {"1920x1080", "1", {1920, 1080}, {}},
        {"1024x768", "2", {2048, 1536}, {}},
        {"1024x768",
         "1",
         {1024, 768},
         {QStringLiteral("--presentation"), QStringLiteral("--tab"), QStringLiteral("design-space")}},
        {"1024x768",
         "1",
         {1024, 768},
         {QStringLiteral("--presentation"), QStringLiteral("--compare"), pinned}}};
    int index = 0;
    for (const auto& c : cases) {
        const QString out = dir.filePath(QString::number(index++) + QStringLiteral(".png"));
        const QStringList arguments = QStringList{QStringLiteral("--export-dashboard"),
                                                  out,
                                                  QStringLiteral("--size"),
                                                  QString::fromLatin1(c.size),
                                                  QStringLiteral("--scale"),
                                                  QString::fromLatin1(c.scale)} +
                                      c.extra;
        const RunResult result = run(arguments, /*display=*/false);
        QVERIFY2(result.exitCode == 0, describeRun("llm-hw-explorer", arguments, result).constData());
        QCOMPARE(pngSize(out), c.pixels);
        // The drawing fills the image: a page drawn smaller keeps the image's proportions rather
        // than leaving an empty band beside it (a quarter of a 4:3 slide, before).
        const QImage image(out);
        QSet<QRgb> rightColours;
        for (int x = image.width() * 92 / 100; x < image.width(); ++x)
            for (int y = 0; y < image.height(); y += 2)
                rightColours.insert(image.pixel(x, y));
        QVERIFY2(rightColours.size() > 8, qPrintable(QStringLiteral("%1: %2 colours in the right 8%")
                                                         .arg(QString::fromLatin1(c.size))
                                                         .arg(rightColours.size())));
    }
}

// Under a file-size limit (ulimit -f) SIGXFSZ killed the export; ignored, the short write is
// the save's error line and exit 2.
void TestExplorerCli::fileSizeLimitIsAnErrorLineNotASignal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("limited.png"));
    QProcessEnvironment env = m_env;
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    // An 800x600 dashboard PNG is tens of kB; the limit is one 512-byte block.
    const QStringList arguments{QStringLiteral("-c"),
                                QStringLiteral("ulimit -f 1; exec \"$0\" \"$@\""),
                                kExplorer,
                                QStringLiteral("--export-dashboard"),
                                out,
                                QStringLiteral("--size"),
                                QStringLiteral("800x600")};
    const RunResult result = runProgram(QStringLiteral("/bin/sh"), arguments, env);
    const QByteArray what = describeRun("sh", arguments, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    const QByteArray needle = "Cannot write " + QFile::encodeName(out);
    QVERIFY2(result.err.contains(needle), what.constData());
    // One line of the program's own (the offscreen platform adds notes of its own).
    QCOMPARE(result.err.count("llm-hw-explorer: "), 1);
    QVERIFY(!QFile::exists(out)); // all or nothing
}

QTEST_GUILESS_MAIN(TestExplorerCli)
#include "tst_explorer_cli.moc"
