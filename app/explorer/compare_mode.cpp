#include "app/explorer/compare_mode.h"

#include "app/explorer/window_messages.h"
#include "core/common/input_error.h"
#include "core/scenario/scenario.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/compare_view.h"

#include <QStackedWidget>

namespace lhe::app {

CompareMode::CompareMode(widgets::ComparisonPin* pin, QStackedWidget* views, WindowMessages* messages,
                         QObject* parent)
    : QObject(parent), m_pin(pin), m_views(views), m_messages(messages)
{}

void CompareMode::pinCurrent()
{
    if (!m_pin->pinCurrent()) {
        m_messages->showStatus(tr("Nothing to pin: the current scenario has no estimate"), 5000);
        return;
    }
    m_messages->showStatus(tr("Pinned %1 as A: change the controls to compare (View → Compare A/B)")
                               .arg(widgets::CompareView::scenarioTitle(*m_pin->pinned())),
                           6000);
}

bool CompareMode::pinScenario(const nlohmann::json& scenario, QString* error)
{
    core::Scenario parsed;
    try {
        parsed = core::scenarioFromJson(scenario);
    } catch (const core::InputError& e) {
        *error = widgets::translatedError(e);
        return false;
    }
    return m_pin->pin(parsed, error);
}

void CompareMode::clearPin()
{
    show(false);
    m_pin->clear();
}

void CompareMode::show(bool shown)
{
    m_views->setCurrentIndex(shown && m_pin->hasPinned() ? kComparePage : kDashboardPage);
}

bool CompareMode::isShown() const
{
    return m_views->currentIndex() == kComparePage;
}

} // namespace lhe::app
