// WindowSession: the window's preferences and last session in AppSettings — the window's
// geometry, docks and chart tab, and the scenario with its file and unsaved state, restored at
// start and saved on closing; a last session that could not be restored, kept aside and retried;
// and File → Open Recent.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QMainWindow;
class QMenu;

namespace lhe::widgets {
class Dashboard;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;
class CatalogEditor;
class ScenarioFiles;
class WindowMessages;

class WindowSession : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    struct Parts
    {
        QMainWindow* window;
        widgets::Dashboard* dashboard;
        widgets::ScenarioDocument* document;
        ScenarioFiles* files;
        CatalogEditor* catalog;
        WindowMessages* messages;
    };
    // `recentMenu` (File → Open Recent) is filled each time it opens; `retryAction` (File → Retry
    // Kept-Aside Session) is enabled while a session is kept aside. Neither is owned.
    WindowSession(Parts parts, QMenu* recentMenu, QAction* retryAction);

    // Not owned; null, the default, keeps nothing (tests and headless export).
    void setSettings(AppSettings* settings);
    AppSettings* settings() const { return m_settings; }

    // Window geometry, docks and chart tab from the settings; with `resumeScenario`, also the
    // scenario, file and unsaved state of the last session (an unreadable one is logged, kept
    // aside, and the current scenario stays). Call before the window is shown.
    void restore(bool resumeScenario);
    // Reloads the catalog and loads the newest kept-aside session (File → Retry Kept-Aside
    // Session). False + why.
    bool retryUnrestored(QString* error);
    // What restore() reads; the window calls it once its close is accepted.
    void save();
    // On closing, once saving the settings failed (a read-only folder): says so and asks Close /
    // Cancel. True when it is safe to go on, or nothing failed.
    bool confirmSettingsNotSaved();
    // Tests answer that question instead of a modal box (a QMessageBox::StandardButton).
    void setUnsavedSettingsQuestion(std::function<int()> question)
    {
        m_unsavedSettingsQuestion = std::move(question);
    }

private:
    void updateRetryAction();
    void fillRecentMenu();
    void openRecentFile(const QString& path);

    Parts m_parts;
    QMenu* m_recentMenu;
    QAction* m_retryAction;
    AppSettings* m_settings = nullptr;
    std::function<int()> m_unsavedSettingsQuestion;
};

} // namespace lhe::app
