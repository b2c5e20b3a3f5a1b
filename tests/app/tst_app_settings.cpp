// AppSettings: every preference survives a round trip through its file, recent files keep the
// ten newest without duplicates, and a damaged file reads as "no preference", never a crash.
#include "app/explorer/app_settings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lhe;

class TestAppSettings : public QObject
{
    Q_OBJECT

private slots:
    void defaultsOnAnEmptyFile();
    void everyValueSurvivesAReopen();
    void recentFilesKeepTheTenNewestWithoutDuplicates();
    void damagedValuesReadAsDefaults();

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
        settings.setExportScale(2.0);
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
    QCOMPARE(reopened.exportScale(), 2.0);
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
    QVERIFY(!settings.lastScenario()); // truncated JSON: no session to resume
    QCOMPARE(settings.exportScale(), 1.0); // only 1x and 2x are offered
}

QTEST_GUILESS_MAIN(TestAppSettings)
#include "tst_app_settings.moc"
