// AppSettings: every preference survives a round trip through its file, recent files keep the
// ten newest without duplicates, and a damaged file reads as "no preference", never a crash.
#include "app/explorer/app_settings.h"
#include "app/support/input_files.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

using namespace lhe;

class TestAppSettings : public QObject
{
    Q_OBJECT

private slots:
    void defaultsOnAnEmptyFile();
    void everyValueSurvivesAReopen();
    void recentFilesKeepTheTenNewestWithoutDuplicates();
    void damagedValuesReadAsDefaults();
    void relativePathsAreStoredAbsolute();
    void relativePathsFromOldSettingsAreDropped();
    void deeplyNestedSessionIsRefusedNotACrash();
    void unusableSessionsSayWhy();
    void unrestoredSessionIsKeptAside();
    void unreadableSessionIsKeptAsText();
    void severalUnrestoredSessionsAreKept();
    void concurrentInstancesKeepEveryRecentFile();
    void hugeListsAreReadOnlyToTheirBound_data();
    void hugeListsAreReadOnlyToTheirBound();
    void aSettingsPathThatIsNoRegularFileIsNeitherReadNorWritten_data();
    void aSettingsPathThatIsNoRegularFileIsNeitherReadNorWritten();
    void theUsersSettingsAreWhereTheHelpSays();

private:
    QString iniPath() const { return m_dir.filePath(QStringLiteral("settings.ini")); }
    QTemporaryDir m_dir;
};

void TestAppSettings::defaultsOnAnEmptyFile()
{
    QFile::remove(iniPath());
    const app::AppSettings settings(iniPath());
    QVERIFY(settings.windowGeometry().isEmpty());
    QVERIFY(!settings.lastScenario());
    QVERIFY(settings.lastScenarioPath().isEmpty());
    QVERIFY(!settings.lastScenarioModified());
    QCOMPARE(settings.chartTab(), QStringLiteral("roofline"));
    QCOMPARE(settings.theme(), QStringLiteral("system"));
    QVERIFY(settings.language().isEmpty());
    QCOMPARE(settings.exportScale(), 1.0);
    QVERIFY(!settings.exportAsShown());
    QVERIFY(settings.recentFiles().isEmpty());
}

void TestAppSettings::everyValueSurvivesAReopen()
{
    QFile::remove(iniPath());
    const nlohmann::json scenario = {{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-70b"}, {"batch", 8}};
    {
        app::AppSettings settings(iniPath());
        settings.setWindowGeometry(QByteArray("geometry\x01\x02", 10));
        settings.setWindowState(QByteArray("state"));
        settings.setLastSession(scenario, QStringLiteral("/tmp/a.json"), true);
        settings.setChartTab(QStringLiteral("design-space"));
        settings.setLanguage(QStringLiteral("zh_CN"));
        settings.setTheme(QStringLiteral("dark"));
        settings.setExportFolder(QStringLiteral("/tmp/exports"));
        settings.setExportScale(2.5);
        settings.setExportSize(QStringLiteral("slide-16x9"));
        settings.setExportAsShown(true);
        settings.addRecentFile(QStringLiteral("/tmp/a.json"));
        settings.sync();
        QCOMPARE(settings.status(), QSettings::NoError);
    }
    const app::AppSettings reopened(iniPath());
    QCOMPARE(reopened.windowGeometry(), QByteArray("geometry\x01\x02", 10));
    QCOMPARE(reopened.windowState(), QByteArray("state"));
    QVERIFY(reopened.lastScenario());
    QVERIFY(*reopened.lastScenario() == scenario);
    QCOMPARE(reopened.lastScenarioPath(), QStringLiteral("/tmp/a.json"));
    QVERIFY(reopened.lastScenarioModified());
    QCOMPARE(reopened.chartTab(), QStringLiteral("design-space"));
    QCOMPARE(reopened.language(), QStringLiteral("zh_CN"));
    QCOMPARE(reopened.theme(), QStringLiteral("dark"));
    QCOMPARE(reopened.exportFolder(), QStringLiteral("/tmp/exports"));
    QCOMPARE(reopened.exportScale(), 2.5);
    QCOMPARE(reopened.exportSize(), QStringLiteral("slide-16x9"));
    QVERIFY(reopened.exportAsShown());
    QCOMPARE(reopened.recentFiles(), QStringList{QStringLiteral("/tmp/a.json")});
}

void TestAppSettings::recentFilesKeepTheTenNewestWithoutDuplicates()
{
    QFile::remove(iniPath());
    app::AppSettings settings(iniPath());
    QStringList added;
    for (int i = 1; i <= 12; ++i) {
        added.prepend(QStringLiteral("/tmp/s%1.json").arg(i));
        settings.addRecentFile(added.front());
    }
    // Twelve opened, newest first: s12 … s3.
    QCOMPARE(settings.recentFiles(), added.mid(0, 10));
    QCOMPARE(settings.recentFiles().size(), app::AppSettings::kMaxRecentFiles);
    // Opening one again moves it to the top instead of listing it twice.
    settings.addRecentFile(QStringLiteral("/tmp/s5.json"));
    QStringList expected = added.mid(0, 10);
    expected.removeAll(QStringLiteral("/tmp/s5.json"));
    expected.prepend(QStringLiteral("/tmp/s5.json"));
    QCOMPARE(settings.recentFiles(), expected);
    // Relative paths are stored absolute: the list still works from another folder.
    settings.addRecentFile(QStringLiteral("relative.json"));
    QVERIFY(settings.recentFiles().front().startsWith(QLatin1Char('/')));
    QVERIFY(settings.recentFiles().front().endsWith(QStringLiteral("/relative.json")));
    settings.removeRecentFile(QStringLiteral("/tmp/s5.json"));
    QVERIFY(!settings.recentFiles().contains(QStringLiteral("/tmp/s5.json")));
    settings.clearRecentFiles();
    QVERIFY(settings.recentFiles().isEmpty());
}

void TestAppSettings::damagedValuesReadAsDefaults()
{
    QFile file(iniPath());
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[session]\nscenario=\"{\\\"device\\\": \"\n[export]\nscale=7\n");
    file.close();
    const app::AppSettings settings(iniPath());
    QVERIFY(!settings.lastScenario());     // truncated JSON: no session to resume
    QCOMPARE(settings.exportScale(), 1.0); // the dialog offers 1x to 4x
}

// Fault: the session stored "s.json" as given, so after a start from another folder Ctrl+S
// wrote a different s.json. Both the session path and recent files are stored absolute and clean.
void TestAppSettings::relativePathsAreStoredAbsolute()
{
    QFile::remove(iniPath());
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("a/sub")));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("b")));
    const QString startFolder = QDir::currentPath();
    const auto back = qScopeGuard([&] { QDir::setCurrent(startFolder); });

    QVERIFY(QDir::setCurrent(m_dir.filePath(QStringLiteral("a"))));
    const QString folderA = QDir::currentPath(); // as the process sees it (symbolic links resolved)
    {
        app::AppSettings settings(iniPath());
        settings.setLastSession(nlohmann::json{{"batch", 1}}, QStringLiteral("s.json"), true);
        settings.addRecentFile(QStringLiteral("sub/../t.json"));
        settings.sync();
    }
    QVERIFY(QDir::setCurrent(m_dir.filePath(QStringLiteral("b"))));
    const app::AppSettings reopened(iniPath());
    QCOMPARE(reopened.lastScenarioPath(), folderA + QStringLiteral("/s.json"));
    QCOMPARE(reopened.recentFiles(), QStringList{folderA + QStringLiteral("/t.json")});
}

// A relative path written by an older version cannot be resolved (its folder is unknown): the
// session reads as untitled and the recent-files entry is dropped, so nothing overwrites the
// wrong file. Absolute ones come back cleaned.
void TestAppSettings::relativePathsFromOldSettingsAreDropped()
{
    QFile file(iniPath());
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[General]\nrecentFiles=old.json, /tmp/x/../kept.json, sub/older.json\n"
               "[session]\npath=s.json\nmodified=true\n");
    file.close();
    const app::AppSettings settings(iniPath());
    QVERIFY(settings.lastScenarioPath().isEmpty());
    QCOMPARE(settings.recentFiles(), QStringList{QStringLiteral("/tmp/kept.json")});

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[session]\npath=/tmp/x/./../s.json\n");
    file.close();
    const app::AppSettings cleaned(iniPath());
    QCOMPARE(cleaned.lastScenarioPath(), QStringLiteral("/tmp/s.json"));
}

// Fault: a scenario nested 150,000 deep in the settings file overflowed the stack at every
// start (scenarioFromJson, recursive, called on what lastScenario returned). The stored text
// now passes the limits a scenario file passes (app/support/input_files.h parseJsonBytes).
void TestAppSettings::deeplyNestedSessionIsRefusedNotACrash()
{
    constexpr std::size_t kDepth = 150000;
    const std::string deepArray = std::string(kDepth, '[') + std::string(kDepth, ']');
    for (const std::string& text :
         {deepArray, "{\"device\": \"nvidia-h100-sxm\", \"model_config\": " + deepArray + "}"}) {
        QFile::remove(iniPath());
        {
            QSettings raw(iniPath(), QSettings::IniFormat);
            raw.setValue(QStringLiteral("session/scenario"), QString::fromStdString(text));
        }
        const app::AppSettings settings(iniPath());
        QString error;
        QVERIFY(!settings.lastScenario(&error));
        QVERIFY2(
            error.contains(QStringLiteral("session/scenario: JSON nested deeper than 64 levels at byte")),
            qPrintable(error));
    }
}

// The size limit of files too (16 MiB), and a stored value that is JSON but not a scenario.
void TestAppSettings::unusableSessionsSayWhy()
{
    QFile::remove(iniPath());
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        raw.setValue(
            QStringLiteral("session/scenario"),
            QStringLiteral("{\"notes\": \"%1\"}").arg(QString(app::kMaxInputFileBytes, QLatin1Char('x'))));
    }
    QString error;
    QVERIFY(!app::AppSettings(iniPath()).lastScenario(&error));
    QVERIFY2(error.contains(QStringLiteral("larger than 16 MiB")), qPrintable(error));

    for (const auto& [text, reason] : {std::pair{"[1, 2]", "a scenario must be a JSON object, got array"},
                                       std::pair{"{\"batch\": 1, \"batch\": 2}", "duplicate key \"batch\""},
                                       std::pair{"{\"device\": ", "malformed JSON at byte"}}) {
        QFile::remove(iniPath());
        {
            QSettings raw(iniPath(), QSettings::IniFormat);
            raw.setValue(QStringLiteral("session/scenario"), QString::fromUtf8(text));
        }
        QVERIFY(!app::AppSettings(iniPath()).lastScenario(&error));
        QVERIFY2(error.startsWith(iniPath() + QStringLiteral(": session/scenario: ")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String(reason)), qPrintable(error));
    }
    // No session at all is no error; a good one clears an earlier error.
    QFile::remove(iniPath());
    error = QStringLiteral("stale");
    QVERIFY(!app::AppSettings(iniPath()).lastScenario(&error));
    QVERIFY(error.isEmpty());
    {
        app::AppSettings settings(iniPath());
        settings.setLastSession(nlohmann::json{{"batch", 2}}, QString(), false);
        error = QStringLiteral("stale");
        QVERIFY(settings.lastScenario(&error));
        QVERIFY(error.isEmpty());
    }
}

// Fault: a session that failed to restore was replaced by the fallback scenario at the next
// close. keepUnrestoredSession moves it aside, exactly as stored, where setLastSession does not
// reach it.
void TestAppSettings::unrestoredSessionIsKeptAside()
{
    QFile::remove(iniPath());
    // As stored, spacing and all; "nvidia-z999" stands for a device no longer in the catalog.
    const QString text = QStringLiteral("{ \"device\" : \"nvidia-z999\",  \"batch\": 3 }");
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        raw.setValue(QStringLiteral("session/scenario"), text);
        raw.setValue(QStringLiteral("session/path"), QStringLiteral("/tmp/work/s.json"));
        raw.setValue(QStringLiteral("session/modified"), true);
    }
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    {
        app::AppSettings settings(iniPath());
        QVERIFY(settings.lastScenario()); // good JSON; the window's loadScenario refuses the device
        QVERIFY(!settings.unrestoredSession());
        QVERIFY(settings.keepUnrestoredSession(QStringLiteral("unknown device \"nvidia-z999\"")));
        QString error = QStringLiteral("stale");
        QVERIFY(!settings.lastScenario(&error));
        QVERIFY(error.isEmpty()); // moved, not broken
        QVERIFY(settings.lastScenarioPath().isEmpty());
        QVERIFY(!settings.lastScenarioModified());
        // The fallback scenario is saved at close; the kept session stays.
        settings.setLastSession(nlohmann::json{{"device", "nvidia-rtx-4090"}}, QString(), false);
        settings.sync();
    }
    const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);
    const app::AppSettings reopened(iniPath());
    const std::optional<app::AppSettings::UnrestoredSession> kept = reopened.unrestoredSession();
    QVERIFY(kept);
    QCOMPARE(kept->scenarioText, text);
    QCOMPARE(kept->path, QStringLiteral("/tmp/work/s.json"));
    QVERIFY(kept->modified);
    QCOMPARE(kept->reason, QStringLiteral("unknown device \"nvidia-z999\""));
    QVERIFY2(kept->keptAt >= before && kept->keptAt <= after,
             qPrintable(kept->keptAt.toString(Qt::ISODateWithMs)));
    QCOMPARE(kept->keptAt.timeSpec(), Qt::UTC);
    QCOMPARE(reopened.unrestoredSessions().size(), 1);
    QVERIFY(*reopened.lastScenario() == (nlohmann::json{{"device", "nvidia-rtx-4090"}}));
}

// Broken text is kept too, and with nothing stored there is nothing to keep.
void TestAppSettings::unreadableSessionIsKeptAsText()
{
    QFile file(iniPath());
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[session]\nscenario=\"{\\\"device\\\": \"\npath=relative.json\n");
    file.close();
    app::AppSettings settings(iniPath());
    QString error;
    QVERIFY(!settings.lastScenario(&error));
    QVERIFY(!error.isEmpty());
    QVERIFY(settings.keepUnrestoredSession(error));
    QCOMPARE(settings.unrestoredSession()->scenarioText, QStringLiteral("{\"device\": "));
    QVERIFY(settings.unrestoredSession()->path.isEmpty()); // relative: its folder is unknown
    QCOMPARE(settings.unrestoredSession()->reason, error);
    QVERIFY(!settings.keepUnrestoredSession()); // moved already: nothing left to keep
    QCOMPARE(settings.unrestoredSessions().size(), 1);
}

// A second failure keeps both (newest first), the same session twice is kept once, and beyond
// three the oldest goes, handed back so the window can say which (it was dropped silently).
// Clearing removes the one named, or all.
void TestAppSettings::severalUnrestoredSessionsAreKept()
{
    QFile::remove(iniPath());
    app::AppSettings settings(iniPath());
    std::optional<app::AppSettings::UnrestoredSession> discarded;
    const auto fail = [&](int batch) {
        settings.setLastSession(nlohmann::json{{"batch", batch}}, QStringLiteral("/tmp/s%1.json").arg(batch),
                                true);
        discarded = app::AppSettings::UnrestoredSession{}; // stale: the call must reset it
        return settings.keepUnrestoredSession(QStringLiteral("failure %1").arg(batch), &discarded);
    };
    QVERIFY(fail(1));
    QVERIFY(!discarded);
    QVERIFY(fail(2));
    QVERIFY(!fail(2)); // equal to one kept: not twice (moved out of the session all the same)
    QVERIFY(settings.lastScenarioPath().isEmpty());
    QList<app::AppSettings::UnrestoredSession> kept = settings.unrestoredSessions();
    QCOMPARE(kept.size(), 2);
    QCOMPARE(kept[0].path, QStringLiteral("/tmp/s2.json"));
    QCOMPARE(kept[1].path, QStringLiteral("/tmp/s1.json"));
    QVERIFY(fail(3));
    QVERIFY(!discarded); // three fit
    const app::AppSettings::UnrestoredSession oldest = settings.unrestoredSessions().back();
    QCOMPARE(oldest.path, QStringLiteral("/tmp/s1.json"));
    QVERIFY(fail(4));
    QVERIFY(discarded);
    QCOMPARE(*discarded, oldest);
    kept = settings.unrestoredSessions();
    QCOMPARE(kept.size(), app::AppSettings::kMaxUnrestoredSessions);
    QCOMPARE(kept[0].path, QStringLiteral("/tmp/s4.json"));
    QCOMPARE(kept[2].path, QStringLiteral("/tmp/s2.json"));
    QCOMPARE(*settings.unrestoredSession(), kept[0]);

    settings.clearUnrestoredSession(kept[1]);
    settings.sync();
    const app::AppSettings reopened(iniPath());
    QCOMPARE(reopened.unrestoredSessions(), (QList{kept[0], kept[2]}));
    settings.clearUnrestoredSession(kept[1]); // gone already: no change
    QCOMPARE(settings.unrestoredSessions().size(), 2);
    settings.clearUnrestoredSessions();
    QVERIFY(!settings.unrestoredSession());
    QVERIFY(settings.unrestoredSessions().isEmpty());
}

// Fault: eight instances each added a file to the list they had read at start and wrote it
// back, so only one of the eight survived. Each change now re-reads the list under a lock.
void TestAppSettings::concurrentInstancesKeepEveryRecentFile()
{
    QFile::remove(iniPath());
    constexpr int kInstances = 8;
    static_assert(kInstances <= app::AppSettings::kMaxRecentFiles);
    const QString go = m_dir.filePath(QStringLiteral("go"));
    QFile::remove(go);
    std::vector<std::unique_ptr<QProcess>> children;
    QStringList expected;
    for (int i = 0; i < kInstances; ++i) {
        const QString file = m_dir.filePath(QStringLiteral("scenario-%1.json").arg(i));
        expected << file;
        auto child = std::make_unique<QProcess>();
        child->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child->start(QCoreApplication::applicationFilePath(),
                     {QStringLiteral("--add-recent-file"), iniPath(), file, go});
        QVERIFY2(child->waitForStarted(10000), qPrintable(child->errorString()));
        children.push_back(std::move(child));
    }
    // Every instance has read the settings before any writes: then all add at once.
    for (auto& child : children) {
        while (!child->canReadLine())
            QVERIFY2(child->waitForReadyRead(20000), "an instance did not start");
        QCOMPARE(child->readLine().trimmed(), QByteArray("ready"));
    }
    QFile goFile(go);
    QVERIFY(goFile.open(QIODevice::WriteOnly));
    goFile.close();
    for (auto& child : children) {
        QVERIFY(child->waitForFinished(30000));
        QCOMPARE(child->exitStatus(), QProcess::NormalExit);
        QCOMPARE(child->exitCode(), 0);
    }
    const app::AppSettings settings(iniPath());
    QStringList found = settings.recentFiles();
    found.sort();
    expected.sort();
    QCOMPARE(found, expected);
}

namespace {

// What a helper run of this program (main() below) did. The faults these tests catch are hangs:
// the child is killed past `hangGuardMs`, a deadline far above the expected time.
struct HelperRun
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
};

HelperRun runHelper(const QStringList& arguments, int hangGuardMs)
{
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), arguments);
    HelperRun run;
    if (!child.waitForStarted(10000))
        return run;
    run.finished = child.waitForFinished(hangGuardMs);
    if (!run.finished) {
        child.kill();
        child.waitForFinished(10000);
    }
    run.exitCode = child.exitCode();
    run.out = child.readAllStandardOutput();
    return run;
}

} // namespace

// Fault: "unrestoredSessions/size=100000000" in a hand-edited file made every start look up 1e8
// keys, about 4.5 minutes; 400,000 distinct recent files took minutes to deduplicate. Only the
// first kMaxUnrestoredSessions entries and the first kMaxRecentFiles distinct files are read.
void TestAppSettings::hugeListsAreReadOnlyToTheirBound_data()
{
    QTest::addColumn<QString>("list");
    QTest::newRow("unrestored sessions") << QStringLiteral("sessions");
    QTest::newRow("recent files") << QStringLiteral("recent");
}

void TestAppSettings::hugeListsAreReadOnlyToTheirBound()
{
    QFETCH(QString, list);
    QFile::remove(iniPath());
    QStringList expected;
    {
        QSettings raw(iniPath(), QSettings::IniFormat);
        if (list == QLatin1String("sessions")) {
            // Entry 1 holds a session, 2 and 3 are missing, 4 holds one again: past the bound, so
            // not read.
            raw.beginWriteArray(QStringLiteral("unrestoredSessions"), 100'000'000);
            for (const int index : {0, 3}) {
                raw.setArrayIndex(index);
                raw.setValue(QStringLiteral("scenario"), QStringLiteral("{\"batch\": %1}").arg(index + 1));
            }
            raw.endArray();
            expected << QStringLiteral("{\"batch\": 1}");
        }
        raw.sync();
        QCOMPARE(raw.status(), QSettings::NoError);
    }
    if (list == QLatin1String("recent")) {
        // Written as QSettings writes a string list ("a, b, c" under [General]), but directly:
        // QSettings' own writer takes minutes for 400,000 items under AddressSanitizer.
        constexpr int kFiles = 400'000;
        QByteArray text = "[General]\nrecentFiles=";
        for (int i = 0; i < kFiles; ++i) {
            const QByteArray file = "/tmp/s" + QByteArray::number(i) + ".json";
            text += (i > 0 ? ", " : "") + file;
            if (expected.size() < app::AppSettings::kMaxRecentFiles)
                expected << QString::fromLatin1(file);
        }
        QFile file(iniPath());
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(text + "\n"), text.size() + 1);
    }
    if (list == QLatin1String("sessions")) {
        QSettings raw(iniPath(), QSettings::IniFormat);
        QCOMPARE(raw.value(QStringLiteral("unrestoredSessions/size")).toInt(), 100'000'000);
    }
    constexpr int kHangGuardMs = 90'000; // the bounded reads take well under a second
    const HelperRun run = runHelper({QStringLiteral("--read-lists"), iniPath(), list}, kHangGuardMs);
    QVERIFY2(run.finished, "reading the lists did not finish");
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QString::fromUtf8(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts), expected);
}

// Faults: a settings file that is a FIFO blocked the window before it ever showed (QSettings
// opened it to read); one that is a symbolic link to a device node was replaced by a regular
// file when the window quit (QSaveFile renames over the link's target). A FIFO, a symbolic link
// to one, and a folder stand in for every file that is not a regular one: none is opened, none
// is replaced, nothing is written beside it, and the run still has settings (for itself only).
void TestAppSettings::aSettingsPathThatIsNoRegularFileIsNeitherReadNorWritten_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("FIFO") << QStringLiteral("fifo");
    QTest::newRow("symbolic link to a FIFO") << QStringLiteral("link");
    QTest::newRow("folder") << QStringLiteral("folder");
}

void TestAppSettings::aSettingsPathThatIsNoRegularFileIsNeitherReadNorWritten()
{
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    QStringList made;
    if (kind == QLatin1String("folder")) {
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("settings.ini")));
        made << QStringLiteral("settings.ini");
    } else {
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        made << QStringLiteral("fifo");
        if (kind == QLatin1String("link")) {
            QVERIFY(QFile::link(fifo, ini));
            made << QStringLiteral("settings.ini");
        }
    }
    const QString settingsPath = kind == QLatin1String("fifo") ? fifo : ini;
    const QString recent = dir.filePath(QStringLiteral("s.json"));

    constexpr int kHangGuardMs = 60'000; // a run takes well under a second
    const HelperRun run = runHelper({QStringLiteral("--use-settings"), settingsPath, recent}, kHangGuardMs);
    QVERIFY2(run.finished, "the settings blocked");
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QString::fromUtf8(run.out).trimmed(), recent); // this run's settings work

    // Everything as it was, and nothing added beside it (no lock file, no temporary file).
    QDir::Filters all = QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot;
    QStringList found = QDir(dir.path()).entryList(all);
    found.sort();
    made.sort();
    QCOMPARE(found, made);
    struct stat status = {};
    if (kind == QLatin1String("folder")) {
        QCOMPARE(::lstat(QFile::encodeName(ini).constData(), &status), 0);
        QVERIFY(S_ISDIR(status.st_mode));
        QVERIFY(QDir(ini).entryList(all).isEmpty());
        return;
    }
    QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &status), 0);
    QVERIFY2(S_ISFIFO(status.st_mode), "the FIFO was replaced");
    if (kind == QLatin1String("link")) {
        QCOMPARE(::lstat(QFile::encodeName(ini).constData(), &status), 0);
        QVERIFY2(S_ISLNK(status.st_mode), "the symbolic link was replaced");
        QCOMPARE(QFileInfo(ini).symLinkTarget(), fifo);
    }
}

// The file is named before QSettings opens it (so it can be checked): the name must stay the
// one --help, the README and docs/CONTRACT.md §6.3 give, under $XDG_CONFIG_HOME.
void TestAppSettings::theUsersSettingsAreWhereTheHelpSays()
{
    const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
    const auto restore = qScopeGuard([&] { qputenv("XDG_CONFIG_HOME", saved); });
    const QString config = m_dir.filePath(QStringLiteral("config"));
    QVERIFY(QDir().mkpath(config));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(config));
    const QString expected = config + QStringLiteral("/llm-hw-explorer/llm-hw-explorer.conf");
    QCOMPARE(app::AppSettings::userSettingsPath(), expected);
    {
        app::AppSettings settings;
        QCOMPARE(settings.fileName(), expected);
        QVERIFY(settings.notSavedReason().isEmpty());
        settings.setTheme(QStringLiteral("dark"));
        settings.sync();
        QCOMPARE(settings.status(), QSettings::NoError);
    }
    QCOMPARE(QSettings(expected, QSettings::IniFormat).value(QStringLiteral("ui/theme")).toString(),
             QStringLiteral("dark"));
}

namespace {

// One run of aSettingsPathThatIsNoRegularFileIsNeitherReadNorWritten: uses the settings as the
// window does in a session (a file opened, the session kept at close) and prints the recent
// files it then lists.
int useSettingsInstance(const QString& ini, const QString& recent)
{
    app::AppSettings settings(ini);
    settings.addRecentFile(recent);
    settings.setWindowGeometry(QByteArray("geometry"));
    settings.setLastSession(nlohmann::json{{"batch", 7}}, recent, true);
    settings.sync();
    for (const QString& file : settings.recentFiles())
        std::printf("%s\n", qPrintable(file));
    return 0;
}

// One run of hugeListsAreReadOnlyToTheirBound: prints the kept-aside sessions' texts or the
// recent files, one a line.
int readListsInstance(const QString& ini, const QString& list)
{
    const app::AppSettings settings(ini);
    QStringList lines;
    if (list == QLatin1String("sessions")) {
        for (const app::AppSettings::UnrestoredSession& session : settings.unrestoredSessions())
            lines << session.scenarioText;
    } else {
        lines = settings.recentFiles();
    }
    for (const QString& line : lines)
        std::printf("%s\n", qPrintable(line));
    return 0;
}

// One instance of concurrentInstancesKeepEveryRecentFile: opens the settings as the window does
// at start (it reads the list for File → Open Recent), says "ready", waits for the go file,
// then adds its file and exits.
int addRecentFileInstance(const QString& ini, const QString& file, const QString& go)
{
    app::AppSettings settings(ini);
    (void)settings.recentFiles();
    std::fputs("ready\n", stdout);
    std::fflush(stdout);
    for (int waited = 0; !QFile::exists(go); ++waited) {
        if (waited > 30000)
            return 2;
        QThread::msleep(1);
    }
    settings.addRecentFile(file);
    settings.sync();
    return settings.status() == QSettings::NoError ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication application(argc, argv);
    if (argc == 5 && std::strcmp(argv[1], "--add-recent-file") == 0)
        return addRecentFileInstance(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]),
                                     QString::fromLocal8Bit(argv[4]));
    if (argc == 4 && std::strcmp(argv[1], "--use-settings") == 0)
        return useSettingsInstance(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    if (argc == 4 && std::strcmp(argv[1], "--read-lists") == 0)
        return readListsInstance(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    TestAppSettings test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_app_settings.moc"
