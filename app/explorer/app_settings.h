// AppSettings: the explorer's preferences and last session, typed over QSettings so each key and
// its default is written once. Stored in $XDG_CONFIG_HOME/llm-hw-explorer/llm-hw-explorer.conf
// (QSettings NativeFormat on Linux); tests pass their own file.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace lhe::app {

class AppSettings
{
public:
    static constexpr int kMaxRecentFiles = 10;

    AppSettings();                                 // the user's settings
    explicit AppSettings(const QString& iniPath); // a file of its own (tests)

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const; // QMainWindow::saveState: docks and their sizes
    void setWindowState(const QByteArray& state);

    // The scenario on screen when the window last closed, with its file and whether it had
    // unsaved changes, so the next start resumes there. nullopt when none or unreadable.
    std::optional<nlohmann::json> lastScenario() const;
    QString lastScenarioPath() const;
    bool lastScenarioModified() const;
    void setLastSession(const nlohmann::json& scenario, const QString& path, bool modified);

    // The chart beside the memory bars: "roofline" or "design-space".
    QString chartTab() const;
    void setChartTab(const QString& tab);

    // A UI language such as "zh_CN"; empty follows the system locale.
    QString language() const;
    void setLanguage(const QString& language);

    // "system", "light" or "dark" (widgets::themeFromString).
    QString theme() const;
    void setTheme(const QString& theme);

    // Where the last image export went, and its pixel scale (1 or 2).
    QString exportFolder() const; // defaults to the Pictures folder
    void setExportFolder(const QString& folder);
    double exportScale() const;
    void setExportScale(double scale);
    // Exported images are light even in dark mode unless this is set.
    bool exportAsShown() const;
    void setExportAsShown(bool asShown);

    // The Hugging Face access token File → Import from Hugging Face sends for gated and private
    // models ($HF_TOKEN wins over it). Stored as plain text, as huggingface_hub stores its own
    // (~/.cache/huggingface/token); empty removes it.
    QString hfToken() const;
    void setHfToken(const QString& token);

    // Most recent first, no duplicates, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    void clearRecentFiles();

    void sync() { m_settings.sync(); }
    QSettings::Status status() const { return m_settings.status(); }

private:
    void setRecentFiles(const QStringList& files);

    mutable QSettings m_settings;
};

} // namespace lhe::app
