#include "app/explorer/design_space_scheduler.h"

#include "core/charts/design_space.h"
#include "core/common/input_error.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/dashboard.h"

namespace lhe::app {

DesignSpaceScheduler::DesignSpaceScheduler(widgets::Dashboard* dashboard,
                                           const widgets::ScenarioDocument* document, QObject* parent)
    : QObject(parent), m_dashboard(dashboard), m_document(document)
{
    connect(m_document, &widgets::ScenarioDocument::reportChanged, this,
            &DesignSpaceScheduler::reportChanged);
    connect(m_dashboard, &widgets::Dashboard::designSpaceShownChanged, this, [this](bool shown) {
        if (shown && m_stale)
            update();
    });
    connect(m_dashboard->designSpace(), &widgets::DesignSpaceWidget::phaseChanged, this, [this] {
        m_stale = true;
        update();
    });
}

void DesignSpaceScheduler::reportChanged()
{
    if (!m_document->report())
        return; // the dashboard shows the problem on the map
    m_stale = true;
    update();
}

void DesignSpaceScheduler::ensureCurrent()
{
    if (m_stale)
        compute();
}

void DesignSpaceScheduler::update()
{
    if (m_dashboard->designSpaceShown())
        compute();
}

void DesignSpaceScheduler::compute()
{
    if (!m_document->report())
        return;
    m_stale = false;
    core::DesignSpaceAxes axes;
    axes.phase = m_dashboard->designSpace()->requestedPhase();
    try {
        m_dashboard->designSpace()->setMap(
            core::designSpaceMap(m_document->scenario(), m_document->catalog(), axes));
    } catch (const core::InputError& error) {
        m_dashboard->designSpace()->clear(widgets::translatedError(error));
    }
}

} // namespace lhe::app
