// CompareMode: Compare A/B in the window — the current scenario or a scenario file pinned as A
// (in the document layer's ComparisonPin), and whether the compare view or the dashboard takes
// the window's right-hand side, and so its exports, copies and zoom. Only with a pin can the
// compare view be shown.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <nlohmann/json.hpp>

class QStackedWidget;

namespace lhe::widgets {
class ComparisonPin;
} // namespace lhe::widgets

namespace lhe::app {

class WindowMessages;

class CompareMode : public QObject
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // `views` holds the dashboard's page first and the compare view's second; its currentChanged
    // says when the compare view is shown or hidden.
    CompareMode(widgets::ComparisonPin* pin, QStackedWidget* views, WindowMessages* messages,
                QObject* parent);

    // View → Pin Scenario as A: the current report (the status bar says what was pinned, or why
    // nothing was).
    void pinCurrent();
    // A scenario evaluated and pinned (--compare FILE); false + the core's message.
    bool pinScenario(const nlohmann::json& scenario, QString* error);
    // View → Clear Pinned Scenario: back to the dashboard, A forgotten.
    void clearPin();
    // View → Compare A/B: the compare view in the dashboard's place (only with a pin), or back.
    void show(bool shown);
    bool isShown() const;

    static constexpr int kDashboardPage = 0;
    static constexpr int kComparePage = 1;

private:
    widgets::ComparisonPin* m_pin;
    QStackedWidget* m_views;
    WindowMessages* m_messages;
};

} // namespace lhe::app
