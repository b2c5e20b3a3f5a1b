#include "app/explorer/window_messages.h"

#include "widgets/messages/core_message.h"
#include "widgets/panels/message_log.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

namespace lhe::app {

WindowMessages::WindowMessages(QMainWindow* window)
    : QObject(window), m_window(window), m_log(new widgets::MessageLog), m_dock(new QDockWidget(window)),
      m_button(new QToolButton(window))
{
    m_dock->setObjectName(QStringLiteral("messageDock"));
    m_dock->setWidget(m_log);
    m_dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    // A permanent status bar button: how many messages there are, one click to read them.
    m_button->setObjectName(QStringLiteral("messageButton"));
    m_button->setAutoRaise(true);
    m_button->setIcon(window->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_button->hide();
    window->statusBar()->addPermanentWidget(m_button);
    connect(m_button, &QToolButton::clicked, this, [this] { m_dock->setVisible(!m_dock->isVisible()); });
    connect(m_log, &widgets::MessageLog::countChanged, this, [this](int count) {
        m_button->setText(tr("%n message(s)", nullptr, count));
        m_button->setToolTip(tr("Show or hide the Messages panel"));
        m_button->setVisible(count > 0);
    });
}

void WindowMessages::showWarnings(const std::vector<core::Message>& warnings)
{
    if (warnings.empty())
        return;
    const QStringList texts = widgets::translatedMessages(warnings);
    for (const QString& warning : texts)
        m_log->addMessage(widgets::MessageLog::Severity::Warning, warning);
    m_dock->show();
    showStatus(tr("%n warning(s): %1", nullptr, static_cast<int>(texts.size())).arg(texts.front()));
}

void WindowMessages::logError(const QString& message)
{
    m_log->addMessage(widgets::MessageLog::Severity::Error, message);
    m_dock->show();
    showStatus(message);
}

void WindowMessages::reportError(const QString& title, const QString& message)
{
    m_log->addMessage(widgets::MessageLog::Severity::Error, message);
    showStatus(message);
    QMessageBox::warning(m_window, title, message);
}

void WindowMessages::showStatus(const QString& message, int timeoutMs)
{
    m_window->statusBar()->showMessage(message, timeoutMs);
}

void WindowMessages::retranslate()
{
    m_button->setText(tr("%n message(s)", nullptr, m_log->count()));
    m_button->setToolTip(tr("Show or hide the Messages panel"));
}

} // namespace lhe::app
