// File names that are not UTF-8 on the command line of both programs. Qt 6 decodes arguments and
// encodes file names as UTF-8 (QFile::decodeName, QFile::encodeName), and a byte that is not
// UTF-8 becomes U+FFFD: "x\xff.png" was written as "x\xef\xbf\xbd.png" with exit 0, and a
// scenario "s\xff.json" was "file not found". Such a name is refused, saying why.
//
// The names reach the programs through /bin/sh and printf: QProcess takes arguments as text.
#include "cli_process.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <unistd.h>

using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);
const QString kEstimate = QStringLiteral(LHE_ESTIMATE_EXE);

// The names in a folder, as bytes.
QList<QByteArray> namesIn(const QString& folder)
{
    QList<QByteArray> names;
    for (const QString& name : QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System))
        names << QFile::encodeName(name);
    return names;
}

} // namespace

class TestFileNameBytes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void exportNameIsRefusedNotChanged_data();
    void exportNameIsRefusedNotChanged();
    void inputNameIsRefusedNotNotFound_data();
    void inputNameIsRefusedNotNotFound();

private:
    // `program` with `before`, then one argument: `prefix`, the byte 0xFF, `suffix`.
    RunResult runWithByte(const QString& program, const QStringList& before, const QString& prefix,
                          const QString& suffix) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestFileNameBytes::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_env = headlessEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

RunResult TestFileNameBytes::runWithByte(const QString& program, const QStringList& before,
                                         const QString& prefix, const QString& suffix) const
{
    // The prefix and suffix go in through the environment; the shell puts the byte between them.
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("LHE_NAME_PREFIX"), prefix);
    env.insert(QStringLiteral("LHE_NAME_SUFFIX"), suffix);
    const QStringList arguments =
        QStringList{
            QStringLiteral("-c"),
            QStringLiteral("exec \"$0\" \"$@\" \"$LHE_NAME_PREFIX$(printf '\\377')$LHE_NAME_SUFFIX\""),
            program} +
        before;
    return runProgram(QStringLiteral("/bin/sh"), arguments, env);
}

void TestFileNameBytes::exportNameIsRefusedNotChanged_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("suffix");
    QTest::newRow("--export-dashboard") << QStringLiteral("--export-dashboard") << QStringLiteral(".png");
    QTest::newRow("--export-report") << QStringLiteral("--export-report") << QStringLiteral(".json");
}

void TestFileNameBytes::exportNameIsRefusedNotChanged()
{
    QFETCH(QString, option);
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const RunResult result =
        runWithByte(kExplorer, {QStringLiteral("--size"), QStringLiteral("800x600"), option},
                    dir.path() + QStringLiteral("/x"), suffix);
    const QByteArray what = describeRun("llm-hw-explorer", {option}, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("is not valid UTF-8"), what.constData());
    QCOMPARE(namesIn(dir.path()), QList<QByteArray>()); // neither "x\xff" nor "x\xef\xbf\xbd"
}

void TestFileNameBytes::inputNameIsRefusedNotNotFound_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("before");
    const QStringList explorerExport{QStringLiteral("--export-report"), QStringLiteral("REPORT")};
    QTest::newRow("llm-hw-estimate --scenario") << kEstimate << QStringList{QStringLiteral("--scenario")};
    QTest::newRow("llm-hw-estimate --catalog") << kEstimate << QStringList{QStringLiteral("--catalog")};
    QTest::newRow("llm-hw-explorer --scenario")
        << kExplorer << explorerExport + QStringList{QStringLiteral("--scenario")};
    QTest::newRow("llm-hw-explorer FILE") << kExplorer << explorerExport;
}

// The file exists under its real name, a valid scenario (and a valid, empty catalog).
void TestFileNameBytes::inputNameIsRefusedNotNotFound()
{
    QFETCH(QString, program);
    QFETCH(QStringList, before);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray name = QFile::encodeName(dir.path()) + "/s\xff.json";
    const QByteArray text = before.contains(QStringLiteral("--catalog"))
                                ? QByteArray(R"({"devices": [], "models": []})")
                                : QByteArray(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b"})");
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    QVERIFY(fd >= 0);
    QCOMPARE(::write(fd, text.constData(), std::size_t(text.size())), ssize_t(text.size()));
    ::close(fd);
    const QString report = dir.filePath(QStringLiteral("r.json"));
    for (QString& argument : before)
        argument.replace(QStringLiteral("REPORT"), report);
    const RunResult result =
        runWithByte(program, before, dir.path() + QStringLiteral("/s"), QStringLiteral(".json"));
    const QByteArray what = describeRun(qPrintable(QFileInfo(program).fileName()), before, result);
    QVERIFY2(result.finished && result.exitStatus == QProcess::NormalExit, what.constData());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("is not valid UTF-8"), what.constData());
    QVERIFY2(!result.err.contains("file not found"), what.constData());
    QVERIFY(!QFile::exists(report));
}

QTEST_GUILESS_MAIN(TestFileNameBytes)
#include "tst_file_name_bytes.moc"
