// AppSettings: the explorer's preferences and last session, typed over QSettings so each key and
// its default is written once. Stored in $XDG_CONFIG_HOME/llm-hw-explorer/llm-hw-explorer.conf
// (an INI file, QSettings' native format on Linux); tests pass their own file.
//
// The file is used only when it is absent or, followed through symbolic links, a regular file
// (docs/CONTRACT.md §6.3): QSettings would open a FIFO and block for ever, and saving renames a
// new file over the old one (QSaveFile), which would replace a device node a symbolic link leads
// to. Otherwise the settings start from their defaults in a temporary file of their own, deleted
// with them, and notSavedReason() says why.
//
// Several instances may run at once, each with its own AppSettings on the same file. Plain
// preferences and the last session are "last writer wins" per key (QSettings merges the keys an
// instance changed into the file as it is on disk when it syncs). The lists several instances add
// to (recent files, kept-aside sessions) are changed as one read-modify-write of the file under a
// lock file beside it (<settings file>.edit-lock), so no instance's entry is lost. QSettings
// notices another process's write by the file's size and modification time (measured on Qt 6.4:
// its sync() compares them), so two writes of the same size within one tick of the file system's clock can
// still go unnoticed: rare for lists a person changes by hand, and it costs one list entry.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace lhe::app {

class AppSettings
{
    Q_DECLARE_TR_FUNCTIONS(lhe::app::AppSettings)

public:
    static constexpr int kMaxRecentFiles = 10;

    AppSettings();                                // the user's settings: userSettingsPath()
    explicit AppSettings(const QString& iniPath); // a file of its own (tests)

    // $XDG_CONFIG_HOME/llm-hw-explorer/llm-hw-explorer.conf, where QSettings keeps an application's
    // settings on Linux (QStandardPaths::GenericConfigLocation).
    static QString userSettingsPath();
    // The file the settings belong in, as given.
    const QString& fileName() const { return m_fileName; }
    // Empty while the settings are read from and saved to fileName(). Otherwise why they are not,
    // one line naming the file: it is not a regular file (a FIFO, a device, a folder, or a
    // symbolic link to one), or cannot be reached. The settings of this run then start from their
    // defaults and are kept in a temporary file; fileName() is never opened, read or written.
    // In the language current when called.
    QString notSavedReason() const;

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const; // QMainWindow::saveState: docks and their sizes
    void setWindowState(const QByteArray& state);

    // The scenario on screen when the window last closed, with its file and whether it had
    // unsaved changes, so the next start resumes there.
    //
    // lastScenario: nullopt when no session is stored (`error` set empty) or when the stored text
    // is not a usable scenario (`error` says why, one line naming the settings file and key, e.g.
    // "<file>: session/scenario: JSON nested deeper than 64 levels at byte 65 (line 1, column 65)").
    // The text passes the same limits as a scenario file (parseJsonBytes, app/support/input_files.h:
    // 16 MiB, 64 levels of nesting, no repeated keys) and must be a JSON object; a scenario
    // returned here is therefore safe to hand to core::scenarioFromJson, which still checks fields.
    // A caller that gets nullopt with an error, or fails to load the returned scenario, should call
    // keepUnrestoredSession() so the work is not overwritten at the next close.
    std::optional<nlohmann::json> lastScenario(QString* error = nullptr) const;
    // Absolute and clean (QDir::cleanPath), or empty: untitled. A relative path left by an older
    // version reads as empty, since the folder it was relative to is unknown; saving then asks
    // for a name instead of overwriting a same-named file in the current folder.
    QString lastScenarioPath() const;
    bool lastScenarioModified() const;
    // `path` is stored absolute and clean (relative to the current folder now); empty: untitled.
    // Last writer wins: of several instances, the one closed last is what the next start resumes.
    void setLastSession(const nlohmann::json& scenario, const QString& path, bool modified);

    // A last session that could not be restored (unreadable text, a device or model no longer in
    // the catalog, a broken user catalog), kept aside so that the window's fallback scenario does
    // not overwrite it at the next close. Fields are as stored, so nothing is lost in the move.
    // Stored as the QSettings array "unrestoredSessions" (keys scenario, path, modified, keptAt as
    // ISO 8601 UTC with milliseconds, reason), newest first.
    //
    // The intended start-up sequence:
    //   QString error;
    //   const std::optional<json> scenario = settings.lastScenario(&error);
    //   if (!scenario && error.isEmpty())          -> no session: the default scenario
    //   else if (!scenario || !load(*scenario, &error)) {
    //       settings.keepUnrestoredSession(error);  // before the fallback can be saved over it
    //       report error; show the default scenario, untitled
    //   } else                                     -> lastScenarioPath(), lastScenarioModified()
    //   if (const auto kept = settings.unrestoredSession())
    //       offer to save kept->scenarioText to a file (or open it), then
    //       settings.clearUnrestoredSession(*kept) once saved or discarded.
    // lastScenarioPath()/lastScenarioModified() read the moved keys: empty/false after the move.
    struct UnrestoredSession
    {
        QString scenarioText; // session/scenario exactly as stored (JSON text, possibly broken)
        QString path;         // as lastScenarioPath() read it: absolute and clean, or empty
        bool modified = false;
        QDateTime keptAt; // when keepUnrestoredSession ran, UTC, to the millisecond
        QString reason;   // the reason given to keepUnrestoredSession, may be empty

        bool operator==(const UnrestoredSession&) const = default;
    };
    static constexpr int kMaxUnrestoredSessions = 3;

    // Moves the stored last session (scenario text, path, modified flag; re-read from the file
    // under the lock) to the kept-aside list, newest first, with the time and `reason` (say,
    // lastScenario's error). Afterwards lastScenario() is nullopt with no error and
    // lastScenarioPath() is empty. A session equal in text, path and flag to one already kept
    // (another instance failed on the same session) is not kept twice. At most
    // kMaxUnrestoredSessions are kept (and read: a larger size in a hand-edited file is not
    // trusted): a fourth failure before the user dealt with the earlier ones drops the oldest and
    // hands it to `discarded` (when given; reset otherwise) so the caller can say which; no other
    // call discards one. Returns false when there was no session text to keep (nothing changes
    // then).
    bool keepUnrestoredSession(const QString& reason = QString(),
                               std::optional<UnrestoredSession>* discarded = nullptr);
    // The newest kept-aside session, or nullopt; all of them, newest first.
    std::optional<UnrestoredSession> unrestoredSession() const;
    QList<UnrestoredSession> unrestoredSessions() const;
    // Removes the one kept-aside session equal to `session` (as unrestoredSession() returned it,
    // e.g. once the user saved or discarded it), leaving any another instance kept meanwhile.
    void clearUnrestoredSession(const UnrestoredSession& session);
    void clearUnrestoredSessions();

    // The chart beside the memory bars: "roofline" or "design-space".
    QString chartTab() const;
    void setChartTab(const QString& tab);

    // A UI language such as "zh_CN"; empty follows the system locale.
    QString language() const;
    void setLanguage(const QString& language);

    // "system", "light" or "dark" (widgets::themeFromString).
    QString theme() const;
    void setTheme(const QString& theme);

    // Where the last image export went, its pixel scale (1 to 4 in steps of 0.5, as the export
    // dialog offers) and its size preset (ExportDialog::sizePresetName; empty: as shown).
    QString exportFolder() const; // defaults to the Pictures folder
    void setExportFolder(const QString& folder);
    double exportScale() const;
    void setExportScale(double scale);
    QString exportSize() const;
    void setExportSize(const QString& preset);
    // Exported images are light even in dark mode unless this is set.
    bool exportAsShown() const;
    void setExportAsShown(bool asShown);

    // The Hugging Face access token File → Import from Hugging Face sends for gated and private
    // models ($HF_TOKEN wins over it). Stored as plain text, as huggingface_hub stores its own
    // (~/.cache/huggingface/token); empty removes it.
    QString hfToken() const;
    void setHfToken(const QString& token);

    // Prices per device-hour the user typed (Serving → Price), by device id: the catalog carries
    // none. Stored as one JSON object under serving/devicePrices (ids may hold any character).
    std::map<std::string, double> devicePrices() const;
    std::optional<double> devicePrice(const std::string& deviceId) const;
    // Empty forgets the device's price.
    void setDevicePrice(const std::string& deviceId, std::optional<double> pricePerDeviceHour);

    // The currency shown with prices and costs (a symbol or code: "$", "€", "USD"), under
    // serving/currency; empty (the default) shows none. At most 8 characters, trimmed.
    QString currency() const;
    void setCurrency(const QString& currency);

    // Most recent first, no duplicates, at most kMaxRecentFiles, absolute and clean paths (a
    // relative one left by an older version is left out: its folder is unknown). The stored list
    // is read only until kMaxRecentFiles are found, however long a hand-edited file makes it.
    QStringList recentFiles() const;
    // Each applies its one change to the list as it is in the file now (re-read under the lock,
    // then written and synced), so instances running at once do not drop each other's entries.
    // Paths are made absolute (relative to the current folder) and clean.
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    void clearRecentFiles();

    void sync() { m_settings.sync(); }
    // The first error met since the settings were opened (QSettings::status): AccessError once a
    // save failed, say in a read-only folder; it stays for the rest of the run.
    QSettings::Status status() const { return m_settings.status(); }

private:
    // Why fileName() cannot hold the settings: nothing (it can), a stat(2) error, or not a
    // regular file; kept as found when the settings were opened, told in words when asked.
    struct Unusable
    {
        bool unusable = false;
        int error = 0;    // errno from stat(2); 0: reached, but not a regular file
        QString linkedTo; // the symbolic link's target, when fileName() is one
    };
    static Unusable checkFile(const QString& path);

    void setRecentFiles(const QStringList& files);
    void setUnrestoredSessions(const QList<UnrestoredSession>& sessions);
    // Runs `change` between a re-read of the file and a write of it, holding <file>.edit-lock.
    template <typename Change> void changeUnderLock(Change&& change);

    QString m_fileName;
    Unusable m_unusable;
    std::unique_ptr<QTemporaryDir> m_unsavedFolder; // holds this run's settings when not saved
    mutable QSettings m_settings;                   // declared last: constructed from the above
};

} // namespace lhe::app
