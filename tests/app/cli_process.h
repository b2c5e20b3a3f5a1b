// Runs one of the project's executables (llm-hw-estimate: LHE_ESTIMATE_EXE, set by
// tests/app/CMakeLists.txt) as a child process and describes the outcome for failure messages.
// Shared by the CLI test suites.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
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

// An environment for the child process with HOME and the XDG folders inside `homePath` (made
// here) and the C locale, so no user catalog or locale on the machine leaks into the results.
// Empty when the folders cannot be made.
inline QProcessEnvironment isolatedEnvironment(const QString& homePath)
{
    const QDir home(homePath);
    for (const char* sub : {"data", "config", "cache", "runtime"}) {
        if (!home.mkpath(QString::fromLatin1(sub)))
            return {};
    }
    if (!QFile::setPermissions(home.filePath(QStringLiteral("runtime")),
                               QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
        return {};
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), homePath);
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.filePath(QStringLiteral("runtime")));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    return env;
}

// isolatedEnvironment with no display at all (as on a build machine or over ssh) and Qt's
// offscreen platform named: a headless run of the explorer that reads no display variable.
inline QProcessEnvironment headlessEnvironment(const QString& homePath)
{
    QProcessEnvironment env = isolatedEnvironment(homePath);
    if (env.isEmpty())
        return env;
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return env;
}

inline RunResult runProgram(const QString& program, const QStringList& arguments,
                            const QProcessEnvironment& environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(program, arguments);
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

inline QByteArray describeRun(const char* program, const QStringList& arguments, const RunResult& r)
{
    return program + QByteArray(" ") + arguments.join(QLatin1Char(' ')).toUtf8() + " -> finished " +
           QByteArray(r.finished ? "yes" : "no") + ", exit status " +
           QByteArray(r.exitStatus == QProcess::NormalExit ? "normal" : "crash") + ", code " +
           QByteArray::number(r.exitCode) + "; stderr: " + r.err.left(600) + "; stdout: " + r.out.left(200);
}

#ifdef LHE_ESTIMATE_EXE
inline RunResult runTool(const QStringList& arguments, const QProcessEnvironment& environment)
{
    return runProgram(QStringLiteral(LHE_ESTIMATE_EXE), arguments, environment);
}

inline QByteArray describe(const QStringList& arguments, const RunResult& r)
{
    return describeRun("llm-hw-estimate", arguments, r);
}
#endif

} // namespace lhe::test
