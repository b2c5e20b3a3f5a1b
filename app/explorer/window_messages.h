// WindowMessages: what the window says besides its charts — the Messages dock (a log of warnings
// and errors the user did not just cause by a click), the status bar button counting them, and
// the status bar's passing messages. The window's other parts report through it.
#pragma once

#include "core/common/message.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <vector>

class QDockWidget;
class QMainWindow;
class QToolButton;

namespace lhe::widgets {
class MessageLog;
} // namespace lhe::widgets

namespace lhe::app {

class WindowMessages : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // Adds the dock (hidden) and the button (hidden while the log is empty) to `window`.
    explicit WindowMessages(QMainWindow* window);

    widgets::MessageLog* log() const { return m_log; }
    QDockWidget* dock() const { return m_dock; }

    // Load-time warnings (skipped catalog entries, config.json guesses): each goes to the log,
    // whose dock opens, and the first to the status bar.
    void showWarnings(const std::vector<core::Message>& warnings);
    // A problem the user did not cause in this window (a bad --scenario at start-up): logged as
    // an error, the dock opened, without a modal box.
    void logError(const QString& message);
    // A failed action the user asked for: logged, on the status bar and in a modal box.
    void reportError(const QString& title, const QString& message);
    // A passing status bar message (0: until the next one).
    void showStatus(const QString& message, int timeoutMs = 0);

    // The button's count and tool tip in the current language (the dock's title is the window's).
    void retranslate();

private:
    QMainWindow* m_window;
    widgets::MessageLog* m_log;
    QDockWidget* m_dock;
    QToolButton* m_button;
};

} // namespace lhe::app
