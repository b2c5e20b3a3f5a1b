#include "app/explorer/window_session.h"

#include "app/explorer/app_settings.h"
#include "app/explorer/catalog_editor.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "core/common/input_error.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>

namespace lhe::app {

using nlohmann::json;

WindowSession::WindowSession(Parts parts, QMenu* recentMenu, QAction* retryAction)
    : QObject(parts.window), m_parts(parts), m_recentMenu(recentMenu), m_retryAction(retryAction)
{
    m_recentMenu->setEnabled(false); // until setSettings()
    connect(m_recentMenu, &QMenu::aboutToShow, this, &WindowSession::fillRecentMenu);
    m_retryAction->setEnabled(false);
}

void WindowSession::setSettings(AppSettings* settings)
{
    m_settings = settings;
    m_recentMenu->setEnabled(m_settings != nullptr);
    updateRetryAction();
    // Said in the window, where it is seen: a line on stderr is not (docs/CONTRACT.md §6.3).
    if (m_settings && !m_settings->notSavedReason().isEmpty())
        m_parts.messages->logError(
            tr("Preferences, recent files and the session are not saved in this run: %1.")
                .arg(m_settings->notSavedReason()));
}

bool WindowSession::confirmSettingsNotSaved()
{
    // AccessError: a save failed since the settings were opened (QSettings::status), say in a
    // read-only folder. The error stays, so every later close asks too (docs/CONTRACT.md §6.3).
    if (!m_settings || m_settings->status() != QSettings::AccessError)
        return true;
    const QString file = QDir::toNativeSeparators(m_settings->fileName());
    m_parts.messages->logError(tr("Cannot save the settings to %1").arg(file));
    const QString question =
        tr("The preferences, recent files and session could not be saved to %1: the file or its "
           "folder cannot be written. The next start will not resume where you are now.\n\n"
           "Close all the same?")
            .arg(file);
    const int answer =
        m_unsavedSettingsQuestion
            ? m_unsavedSettingsQuestion()
            : QMessageBox::warning(m_parts.window, tr("Settings not saved"), question,
                                   QMessageBox::Close | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Close;
}

void WindowSession::restore(bool resumeScenario)
{
    if (!m_settings)
        return;
    m_parts.window->restoreGeometry(m_settings->windowGeometry());
    m_parts.window->restoreState(m_settings->windowState());
    m_parts.dashboard->showChartTab(widgets::Dashboard::chartTabFromName(m_settings->chartTab())
                                        .value_or(widgets::Dashboard::RooflineTab));
    if (!resumeScenario)
        return;
    QString error;
    const std::optional<json> scenario = m_settings->lastScenario(&error);
    if (!scenario && error.isEmpty())
        return; // no session: the scenario already shown stays
    if (!scenario || !m_parts.files->loadScenario(*scenario, &error)) {
        // Kept aside before anything can be saved over it; File → Retry Kept-Aside Session
        // tries again once the catalog is fixed.
        std::optional<AppSettings::UnrestoredSession> discarded;
        m_settings->keepUnrestoredSession(error, &discarded);
        updateRetryAction();
        m_parts.messages->logError(
            tr("The last session's scenario could not be restored: %1. It is kept aside: fix the "
               "catalog, then use File → Retry Kept-Aside Session.")
                .arg(error));
        // The kept-aside list is bounded (docs/CONTRACT.md §6.3): the oldest made room, and the
        // user is told which rather than finding it gone.
        if (discarded)
            m_parts.messages->logError(
                tr("At most %1 sessions are kept aside: the oldest, kept %2 (%3), is discarded.")
                    .arg(AppSettings::kMaxUnrestoredSessions)
                    .arg(QLocale().toString(discarded->keptAt.toLocalTime(), QLocale::ShortFormat),
                         discarded->path.isEmpty() ? tr("untitled")
                                                   : QDir::toNativeSeparators(discarded->path)));
        return;
    }
    m_parts.document->setFilePath(m_settings->lastScenarioPath());
    if (m_settings->lastScenarioModified())
        m_parts.document->setModifiedWithoutHistory(); // unsaved then, unsaved now
}

bool WindowSession::retryUnrestored(QString* error)
{
    const std::optional<AppSettings::UnrestoredSession> kept =
        m_settings ? m_settings->unrestoredSession() : std::nullopt;
    if (!kept) {
        *error = tr("No session is kept aside");
        return false;
    }
    // The catalog as it is on disk now: the fix is usually there (a device added back, a user
    // catalog file repaired).
    if (!m_parts.catalog->reloadCatalog(error))
        return false;
    try {
        const json scenario = parseJsonBytes(kept->scenarioText.toUtf8(), "kept-aside session");
        if (!m_parts.files->loadScenario(scenario, error))
            return false;
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    m_parts.document->setFilePath(kept->path);
    if (kept->modified)
        m_parts.document->setModifiedWithoutHistory();
    m_settings->clearUnrestoredSession(*kept);
    updateRetryAction();
    return true;
}

void WindowSession::updateRetryAction()
{
    m_retryAction->setEnabled(m_settings && m_settings->unrestoredSession().has_value());
}

void WindowSession::save()
{
    if (!m_settings)
        return;
    m_settings->setWindowGeometry(m_parts.window->saveGeometry());
    m_settings->setWindowState(m_parts.window->saveState());
    m_settings->setChartTab(widgets::Dashboard::chartTabName(m_parts.dashboard->chartTab()));
    m_settings->setLastSession(m_parts.document->toFileJson(), m_parts.document->filePath(),
                               m_parts.document->isModified());
    m_settings->sync();
}

void WindowSession::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings ? m_settings->recentFiles() : QStringList();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files.at(i);
        // "&1 name.json" … "1&0": the first ten get a digit mnemonic.
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QAction* action = m_recentMenu->addAction(number + QLatin1Char(' ') + QFileInfo(path).fileName(),
                                                  this, [this, path] { openRecentFile(path); });
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setToolTip(QDir::toNativeSeparators(path));
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear Recent Files"), this, [this] { m_settings->clearRecentFiles(); });
}

void WindowSession::openRecentFile(const QString& path)
{
    if (!m_parts.files->confirmDiscardChanges())
        return;
    QString error;
    if (!m_parts.files->openScenarioFile(path, &error)) {
        if (m_settings && !QFileInfo::exists(path))
            m_settings->removeRecentFile(path); // gone for good; a broken file stays listed
        m_parts.messages->reportError(tr("Cannot open scenario"), error);
    }
}

} // namespace lhe::app
