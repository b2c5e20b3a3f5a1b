// MainWindow's Compare A/B: which report is pinned as A, and whether the compare view or the
// dashboard takes the window's right-hand side (and so its exports and copies).
#include "app/explorer/main_window.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QDockWidget>
#include <QStackedWidget>
#include <QStatusBar>

namespace lhe::app {

using nlohmann::json;

void MainWindow::pinCurrent()
{
    const std::optional<core::Report>& report = m_document->report();
    if (!report) {
        statusBar()->showMessage(tr("Nothing to pin: the current scenario has no estimate"), 5000);
        return;
    }
    m_compareView->setPinned(*report);
    m_compareView->setCurrent(*report);
    pinChanged();
    statusBar()->showMessage(tr("Pinned %1 as A: change the controls to compare (View → Compare A/B)")
                                 .arg(widgets::CompareView::scenarioTitle(*report)),
                             6000);
}

bool MainWindow::pinScenario(const json& scenario, QString* error)
{
    try {
        const core::Report pinned = core::estimate(core::scenarioFromJson(scenario), m_catalog);
        m_compareView->setPinned(pinned);
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    if (m_document->report())
        m_compareView->setCurrent(*m_document->report());
    pinChanged();
    return true;
}

void MainWindow::clearPin()
{
    showCompare(false);
    m_compareView->clearPinned();
    pinChanged();
}

void MainWindow::pinChanged()
{
    const bool pinned = m_compareView->hasPinned();
    m_compareAction->setEnabled(pinned);
    m_clearPinAction->setEnabled(pinned);
    if (m_explainPinned && m_explainDock->isVisible())
        refreshExplanation(); // A's number, from the new A (or "nothing pinned")
}

void MainWindow::showCompare(bool shown)
{
    shown = shown && m_compareView->hasPinned();
    m_views->setCurrentIndex(shown ? 1 : 0); // the compare view's scroll area, or the dashboard
    if (m_compareAction->isChecked() != shown)
        m_compareAction->setChecked(shown); // re-enters with the same value: no loop
    updateResetView();
}

bool MainWindow::compareShown() const
{
    return m_views->currentIndex() == 1;
}

QWidget* MainWindow::exportTarget() const
{
    return compareShown() ? static_cast<QWidget*>(m_compareView) : m_dashboard;
}

} // namespace lhe::app
