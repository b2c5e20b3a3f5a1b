#include "app/explorer/app_settings.h"

#include <QFileInfo>
#include <QStandardPaths>

namespace lhe::app {

namespace {

// Keys, grouped as they appear in the file.
constexpr auto kGeometry = "window/geometry";
constexpr auto kState = "window/state";
constexpr auto kChartTab = "window/chartTab";
constexpr auto kLastScenario = "session/scenario";
constexpr auto kLastPath = "session/path";
constexpr auto kLastModified = "session/modified";
constexpr auto kLanguage = "ui/language";
constexpr auto kTheme = "ui/theme";
constexpr auto kExportFolder = "export/folder";
constexpr auto kExportScale = "export/scale";
constexpr auto kExportAsShown = "export/asShown";
constexpr auto kRecentFiles = "recentFiles";
constexpr auto kHfToken = "huggingface/token";

QString key(const char* name)
{
    return QString::fromLatin1(name);
}

} // namespace

// Not QSettings(): without an organisation name that would be "Unknown Organization"; the
// application name alone keeps the folder beside the user catalog's (AppDataLocation).
AppSettings::AppSettings()
    : m_settings(QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("llm-hw-explorer"),
                 QStringLiteral("llm-hw-explorer"))
{
}

AppSettings::AppSettings(const QString& iniPath) : m_settings(iniPath, QSettings::IniFormat) {}

QByteArray AppSettings::windowGeometry() const
{
    return m_settings.value(key(kGeometry)).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings.setValue(key(kGeometry), geometry);
}

QByteArray AppSettings::windowState() const
{
    return m_settings.value(key(kState)).toByteArray();
}

void AppSettings::setWindowState(const QByteArray& state)
{
    m_settings.setValue(key(kState), state);
}

std::optional<nlohmann::json> AppSettings::lastScenario() const
{
    const QByteArray text = m_settings.value(key(kLastScenario)).toString().toUtf8();
    if (text.isEmpty())
        return std::nullopt;
    // Settings files can be edited by hand: a broken one means "no session", never a crash.
    nlohmann::json scenario = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr,
                                                    /*allow_exceptions=*/false);
    if (!scenario.is_object())
        return std::nullopt;
    return scenario;
}

QString AppSettings::lastScenarioPath() const
{
    return m_settings.value(key(kLastPath)).toString();
}

bool AppSettings::lastScenarioModified() const
{
    return m_settings.value(key(kLastModified), false).toBool();
}

void AppSettings::setLastSession(const nlohmann::json& scenario, const QString& path, bool modified)
{
    m_settings.setValue(key(kLastScenario), QString::fromStdString(scenario.dump()));
    m_settings.setValue(key(kLastPath), path);
    m_settings.setValue(key(kLastModified), modified);
}

QString AppSettings::chartTab() const
{
    return m_settings.value(key(kChartTab), QStringLiteral("roofline")).toString();
}

void AppSettings::setChartTab(const QString& tab)
{
    m_settings.setValue(key(kChartTab), tab);
}

QString AppSettings::language() const
{
    return m_settings.value(key(kLanguage)).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    m_settings.setValue(key(kLanguage), language);
}

QString AppSettings::theme() const
{
    return m_settings.value(key(kTheme), QStringLiteral("system")).toString();
}

void AppSettings::setTheme(const QString& theme)
{
    m_settings.setValue(key(kTheme), theme);
}

QString AppSettings::exportFolder() const
{
    return m_settings
        .value(key(kExportFolder), QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
        .toString();
}

void AppSettings::setExportFolder(const QString& folder)
{
    m_settings.setValue(key(kExportFolder), folder);
}

double AppSettings::exportScale() const
{
    const double scale = m_settings.value(key(kExportScale), 1.0).toDouble();
    return scale == 2.0 ? 2.0 : 1.0; // the two scales the export dialog offers
}

void AppSettings::setExportScale(double scale)
{
    m_settings.setValue(key(kExportScale), scale);
}

bool AppSettings::exportAsShown() const
{
    return m_settings.value(key(kExportAsShown), false).toBool();
}

void AppSettings::setExportAsShown(bool asShown)
{
    m_settings.setValue(key(kExportAsShown), asShown);
}

QString AppSettings::hfToken() const
{
    return m_settings.value(key(kHfToken)).toString();
}

void AppSettings::setHfToken(const QString& token)
{
    if (token.isEmpty())
        m_settings.remove(key(kHfToken));
    else
        m_settings.setValue(key(kHfToken), token);
}

QStringList AppSettings::recentFiles() const
{
    QStringList files = m_settings.value(key(kRecentFiles)).toStringList();
    files.removeAll(QString());
    files.removeDuplicates();
    return files.mid(0, kMaxRecentFiles);
}

void AppSettings::addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    setRecentFiles(files);
}

void AppSettings::removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    setRecentFiles(files);
}

void AppSettings::clearRecentFiles()
{
    m_settings.remove(key(kRecentFiles));
}

void AppSettings::setRecentFiles(const QStringList& files)
{
    m_settings.setValue(key(kRecentFiles), files.mid(0, kMaxRecentFiles));
}

} // namespace lhe::app
