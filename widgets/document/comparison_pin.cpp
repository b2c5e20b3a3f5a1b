#include "widgets/document/comparison_pin.h"

#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"

namespace lhe::widgets {

ComparisonPin::ComparisonPin(const ScenarioDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{}

bool ComparisonPin::pinCurrent()
{
    if (!m_document->report())
        return false;
    m_pinned = m_document->report(); // the same object the views show as B until B changes
    emit pinnedChanged();
    return true;
}

bool ComparisonPin::pin(const core::Scenario& scenario, QString* error)
{
    try {
        m_pinned = std::make_shared<const core::Report>(core::estimate(scenario, m_document->catalog()));
    } catch (const core::InputError& e) {
        if (error)
            *error = translatedError(e);
        return false;
    }
    emit pinnedChanged();
    return true;
}

void ComparisonPin::clear()
{
    m_pinned.reset();
    emit pinnedChanged();
}

} // namespace lhe::widgets
