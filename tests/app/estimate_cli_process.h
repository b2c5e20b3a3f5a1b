// Runs llm-hw-estimate (LHE_ESTIMATE_EXE, set by tests/app/CMakeLists.txt) as a child
// process and describes the outcome for failure messages. Shared by the CLI test suites.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace lhe::test {

struct RunResult
{
    bool finished = false;
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline RunResult runTool(const QStringList& arguments, const QProcessEnvironment& environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(QStringLiteral(LHE_ESTIMATE_EXE), arguments);
    RunResult result;
    result.finished = process.waitForFinished(30000);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    result.exitStatus = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

inline QByteArray describe(const QStringList& arguments, const RunResult& r)
{
    return "llm-hw-estimate " + arguments.join(QLatin1Char(' ')).toUtf8() + " -> finished " +
           QByteArray(r.finished ? "yes" : "no") + ", exit status " +
           QByteArray(r.exitStatus == QProcess::NormalExit ? "normal" : "crash") + ", code " +
           QByteArray::number(r.exitCode) + "; stderr: " + r.err.left(600) + "; stdout: " + r.out.left(200);
}

} // namespace lhe::test
