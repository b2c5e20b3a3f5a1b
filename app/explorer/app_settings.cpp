#include "app/explorer/app_settings.h"

#include "app/support/input_files.h"
#include "core/common/input_error.h"
#include "widgets/messages/core_message.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <sys/stat.h>

namespace lhe::app {

namespace {

// Keys, grouped as they appear in the file.
constexpr auto kGeometry = "window/geometry";
constexpr auto kState = "window/state";
constexpr auto kChartTab = "window/chartTab";
constexpr auto kLastScenario = "session/scenario";
constexpr auto kLastPath = "session/path";
constexpr auto kLastModified = "session/modified";
constexpr auto kUnrestored = "unrestoredSessions"; // a QSettings array: unrestoredSessions/1/scenario, ...
constexpr auto kUnrestoredScenario = "scenario";
constexpr auto kUnrestoredPath = "path";
constexpr auto kUnrestoredModified = "modified";
constexpr auto kUnrestoredKeptAt = "keptAt";
constexpr auto kUnrestoredReason = "reason";
constexpr auto kLanguage = "ui/language";
constexpr auto kTheme = "ui/theme";
constexpr auto kExportFolder = "export/folder";
constexpr auto kDevicePrices = "serving/devicePrices";
constexpr auto kCurrency = "serving/currency";
constexpr auto kExportScale = "export/scale";
constexpr auto kExportSize = "export/size";
constexpr auto kExportAsShown = "export/asShown";
constexpr auto kRecentFiles = "recentFiles";
constexpr auto kHfToken = "huggingface/token";

// How long a change to a shared list waits for other instances' (each holds the lock for one
// read and one write of a small file), and how often it looks. QLockFile::tryLock(timeout) would
// sleep 100, 200, 400 ... ms between attempts (qlockfile.cpp), long enough that with eight
// instances one can miss a free lock until its time is up; hence the short polls. Past the
// timeout the change is made without the lock: losing another instance's entry is better than
// losing this one's.
constexpr int kLockTimeoutMs = 10000;
constexpr int kLockPollMs = 5;

QString key(const char* name)
{
    return QString::fromLatin1(name);
}

// A path as given by the user or the command line, made absolute against the current folder.
QString absoluteCleanPath(const QString& path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

// A path read back from the file: absolute ones cleaned, relative ones (older versions stored
// the path as given) dropped, since the folder they were relative to is unknown.
QString storedPath(const QString& path)
{
    return path.isEmpty() || QFileInfo(path).isRelative() ? QString() : QDir::cleanPath(path);
}

// A value QSettings read back as text. An unquoted value with commas in a hand-edited file
// reads as a list (QSettings INI format); joined, it is the text as written, give or take spaces.
QString storedText(const QVariant& value)
{
    if (value.typeId() == QMetaType::QStringList || value.typeId() == QMetaType::QVariantList)
        return value.toStringList().join(QStringLiteral(", "));
    return value.toString();
}

} // namespace

AppSettings::AppSettings() : AppSettings(userSettingsPath()) {}

AppSettings::AppSettings(const QString& iniPath)
    : m_fileName(iniPath), m_unusable(checkFile(iniPath)),
      m_unsavedFolder(m_unusable.unusable ? std::make_unique<QTemporaryDir>() : nullptr),
      m_settings(m_unsavedFolder ? m_unsavedFolder->filePath(QStringLiteral("settings.ini")) : iniPath,
                 QSettings::IniFormat)
{}

// The file QSettings(NativeFormat, UserScope, "llm-hw-explorer", "llm-hw-explorer") used on Linux
// (QSettings reference, "Platform-Specific Notes": $HOME/.config, i.e. GenericConfigLocation), named here so
// that it can be checked before QSettings opens it. The application name alone keeps the folder beside the
// user catalog's (AppDataLocation). Unlike that constructor, this file is the only one read: no
// organisation-wide or system-wide fallbacks, which this application never wrote.
QString AppSettings::userSettingsPath()
{
    QString folder = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    if (folder.isEmpty())
        folder = QDir::homePath() + QStringLiteral("/.config");
    return folder + QStringLiteral("/llm-hw-explorer/llm-hw-explorer.conf");
}

// stat(2) follows symbolic links: a link to a FIFO reads as the FIFO (POSIX stat). Absent is
// fine: the first save creates the file and its folder. A link that leads nowhere is absent
// too; saving then creates the regular file it names (QSaveFile writes to a link's target).
AppSettings::Unusable AppSettings::checkFile(const QString& path)
{
    Unusable found;
    struct stat status = {};
    if (::stat(QFile::encodeName(path).constData(), &status) != 0) {
        found.error = errno;
        found.unusable = found.error != ENOENT;
    } else {
        found.unusable = !S_ISREG(status.st_mode);
    }
    if (found.unusable)
        found.linkedTo = QFileInfo(path).symLinkTarget();
    return found;
}

QString AppSettings::notSavedReason() const
{
    if (!m_unusable.unusable)
        return {};
    const QString file = QDir::toNativeSeparators(m_fileName);
    if (m_unusable.error != 0)
        return tr("%1 cannot be reached: %2")
            .arg(file, QString::fromLocal8Bit(std::strerror(m_unusable.error)));
    if (!m_unusable.linkedTo.isEmpty())
        return tr("%1 is a symbolic link to %2, which is not a regular file")
            .arg(file, QDir::toNativeSeparators(m_unusable.linkedTo));
    return tr("%1 is not a regular file").arg(file);
}

// The lock is not QSettings' own "<file>.lock", which QSettings::sync takes itself (the QSettings
// reference: sync() locks the file): holding that one while calling sync would wait for ourselves.
// sync() re-reads the file when another process changed it (size or modification time differ,
// as sync() checks) and writes the changes made since; both happen inside the lock.
template <typename Change> void AppSettings::changeUnderLock(Change&& change)
{
    const QFileInfo file(m_settings.fileName());
    QDir().mkpath(file.absolutePath()); // at the first start the folder does not exist yet
    QLockFile lock(file.absoluteFilePath() + QStringLiteral(".edit-lock"));
    const QDeadlineTimer deadline(kLockTimeoutMs);
    while (!lock.tryLock(0)) {
        if (lock.error() != QLockFile::LockFailedError || deadline.hasExpired()) {
            qWarning("Settings %s: cannot lock %s; changing it unlocked", qPrintable(file.absoluteFilePath()),
                     qPrintable(lock.fileName()));
            break;
        }
        QThread::msleep(kLockPollMs);
    }
    m_settings.sync();
    change();
    m_settings.sync();
}

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

std::optional<nlohmann::json> AppSettings::lastScenario(QString* error) const
{
    if (error)
        error->clear();
    const QString text = storedText(m_settings.value(key(kLastScenario)));
    if (text.isEmpty())
        return std::nullopt;
    // Settings files can be edited by hand and outlive versions: what is stored is held to the
    // limits of a scenario file, and a failure is an error to report, never a crash.
    const std::string origin = m_settings.fileName().toStdString() + ": " + kLastScenario;
    try {
        nlohmann::json scenario = parseJsonBytes(text.toUtf8(), origin);
        if (!scenario.is_object())
            throw core::InputError(
                origin, core::message(LHE_TEXT("CoreMessage", "a scenario must be a JSON object, got %1"),
                                      scenario.type_name()));
        return scenario;
    } catch (const core::InputError& failure) {
        if (error)
            *error = widgets::translatedError(failure);
        return std::nullopt;
    }
}

QString AppSettings::lastScenarioPath() const
{
    return storedPath(m_settings.value(key(kLastPath)).toString());
}

bool AppSettings::lastScenarioModified() const
{
    return m_settings.value(key(kLastModified), false).toBool();
}

void AppSettings::setLastSession(const nlohmann::json& scenario, const QString& path, bool modified)
{
    m_settings.setValue(key(kLastScenario), QString::fromStdString(scenario.dump()));
    m_settings.setValue(key(kLastPath), absoluteCleanPath(path));
    m_settings.setValue(key(kLastModified), modified);
}

bool AppSettings::keepUnrestoredSession(const QString& reason, std::optional<UnrestoredSession>* discarded)
{
    if (discarded)
        discarded->reset();
    bool kept = false;
    changeUnderLock([&] {
        UnrestoredSession session;
        session.scenarioText = storedText(m_settings.value(key(kLastScenario)));
        if (session.scenarioText.isEmpty())
            return; // nothing to lose, or another instance moved it already
        session.path = lastScenarioPath();
        session.modified = lastScenarioModified();
        session.keptAt = QDateTime::currentDateTimeUtc();
        session.reason = reason;
        m_settings.remove(key(kLastScenario));
        m_settings.remove(key(kLastPath));
        m_settings.remove(key(kLastModified));
        QList<UnrestoredSession> sessions = unrestoredSessions();
        for (const UnrestoredSession& earlier : sessions) {
            if (earlier.scenarioText == session.scenarioText && earlier.path == session.path &&
                earlier.modified == session.modified)
                return;
        }
        sessions.prepend(session);
        if (sessions.size() > kMaxUnrestoredSessions && discarded)
            *discarded = sessions.back(); // newest first and one over the bound: the oldest goes
        setUnrestoredSessions(sessions.mid(0, kMaxUnrestoredSessions));
        kept = true;
    });
    return kept;
}

std::optional<AppSettings::UnrestoredSession> AppSettings::unrestoredSession() const
{
    const QList<UnrestoredSession> sessions = unrestoredSessions();
    if (sessions.isEmpty())
        return std::nullopt;
    return sessions.front();
}

QList<AppSettings::UnrestoredSession> AppSettings::unrestoredSessions() const
{
    QList<UnrestoredSession> sessions;
    // Only the first kMaxUnrestoredSessions entries: this version never writes more, and the
    // size a hand-edited file claims (say 100,000,000) would otherwise be looked up key by key,
    // minutes at every start, however few of the entries exist.
    const int size = std::min(m_settings.beginReadArray(key(kUnrestored)), kMaxUnrestoredSessions);
    for (int i = 0; i < size; ++i) {
        m_settings.setArrayIndex(i);
        UnrestoredSession session;
        session.scenarioText = storedText(m_settings.value(key(kUnrestoredScenario)));
        session.path = storedPath(m_settings.value(key(kUnrestoredPath)).toString());
        session.modified = m_settings.value(key(kUnrestoredModified), false).toBool();
        session.keptAt =
            QDateTime::fromString(m_settings.value(key(kUnrestoredKeptAt)).toString(), Qt::ISODateWithMs);
        session.reason = m_settings.value(key(kUnrestoredReason)).toString();
        if (!session.scenarioText.isEmpty())
            sessions.append(session);
    }
    m_settings.endArray();
    return sessions;
}

void AppSettings::clearUnrestoredSession(const UnrestoredSession& session)
{
    changeUnderLock([&] {
        QList<UnrestoredSession> sessions = unrestoredSessions();
        if (sessions.removeOne(session))
            setUnrestoredSessions(sessions);
    });
}

void AppSettings::clearUnrestoredSessions()
{
    changeUnderLock([&] { m_settings.remove(key(kUnrestored)); });
}

void AppSettings::setUnrestoredSessions(const QList<UnrestoredSession>& sessions)
{
    m_settings.remove(key(kUnrestored));
    if (sessions.isEmpty())
        return;
    m_settings.beginWriteArray(key(kUnrestored), static_cast<int>(sessions.size()));
    for (int i = 0; i < sessions.size(); ++i) {
        const UnrestoredSession& session = sessions[i];
        m_settings.setArrayIndex(i);
        m_settings.setValue(key(kUnrestoredScenario), session.scenarioText);
        m_settings.setValue(key(kUnrestoredPath), session.path);
        m_settings.setValue(key(kUnrestoredModified), session.modified);
        m_settings.setValue(key(kUnrestoredKeptAt), session.keptAt.toString(Qt::ISODateWithMs));
        m_settings.setValue(key(kUnrestoredReason), session.reason);
    }
    m_settings.endArray();
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

std::map<std::string, double> AppSettings::devicePrices() const
{
    std::map<std::string, double> prices;
    const QByteArray text = m_settings.value(key(kDevicePrices)).toByteArray();
    const nlohmann::json object =
        nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (!object.is_object())
        return prices; // absent, or edited by hand into something else: no prices
    for (const auto& [id, price] : object.items())
        if (price.is_number() && std::isfinite(price.get<double>()) && price.get<double>() >= 0)
            prices[id] = price.get<double>();
    return prices;
}

std::optional<double> AppSettings::devicePrice(const std::string& deviceId) const
{
    const auto prices = devicePrices();
    const auto it = prices.find(deviceId);
    return it == prices.end() ? std::nullopt : std::optional<double>(it->second);
}

void AppSettings::setDevicePrice(const std::string& deviceId, std::optional<double> pricePerDeviceHour)
{
    std::map<std::string, double> prices = devicePrices();
    if (pricePerDeviceHour)
        prices[deviceId] = *pricePerDeviceHour;
    else
        prices.erase(deviceId);
    const std::string text = nlohmann::json(prices).dump();
    m_settings.setValue(key(kDevicePrices), QByteArray::fromStdString(text));
}

QString AppSettings::currency() const
{
    return m_settings.value(key(kCurrency)).toString().trimmed().left(8);
}

void AppSettings::setCurrency(const QString& currency)
{
    const QString kept = currency.trimmed().left(8);
    if (kept.isEmpty())
        m_settings.remove(key(kCurrency));
    else
        m_settings.setValue(key(kCurrency), kept);
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
    const bool offered = scale >= 1.0 && scale <= 4.0 && scale * 2 == std::round(scale * 2);
    return offered ? scale : 1.0;
}

void AppSettings::setExportScale(double scale)
{
    m_settings.setValue(key(kExportScale), scale);
}

QString AppSettings::exportSize() const
{
    return m_settings.value(key(kExportSize)).toString();
}

void AppSettings::setExportSize(const QString& preset)
{
    m_settings.setValue(key(kExportSize), preset);
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
    QStringList files;
    // Stops at kMaxRecentFiles: a hand-edited list of 400,000 distinct files would otherwise be
    // deduplicated in quadratic time, minutes at every start.
    for (const QString& stored : m_settings.value(key(kRecentFiles)).toStringList()) {
        if (files.size() == kMaxRecentFiles)
            break;
        const QString path = storedPath(stored);
        if (!path.isEmpty() && !files.contains(path))
            files.append(path);
    }
    return files;
}

void AppSettings::addRecentFile(const QString& path)
{
    const QString absolute = absoluteCleanPath(path);
    if (absolute.isEmpty())
        return;
    changeUnderLock([&] {
        QStringList files = recentFiles();
        files.removeAll(absolute);
        files.prepend(absolute);
        setRecentFiles(files);
    });
}

void AppSettings::removeRecentFile(const QString& path)
{
    const QString absolute = absoluteCleanPath(path);
    changeUnderLock([&] {
        QStringList files = recentFiles();
        if (files.removeAll(absolute) > 0)
            setRecentFiles(files);
    });
}

void AppSettings::clearRecentFiles()
{
    changeUnderLock([&] { m_settings.remove(key(kRecentFiles)); });
}

void AppSettings::setRecentFiles(const QStringList& files)
{
    m_settings.setValue(key(kRecentFiles), files.mid(0, kMaxRecentFiles));
}

} // namespace lhe::app
