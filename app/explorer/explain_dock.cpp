#include "app/explorer/explain_dock.h"

#include "core/common/input_error.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/explain_panel.h"

#include <QLocale>

namespace lhe::app {

ExplainDock::ExplainDock(const widgets::ScenarioDocument* document, const widgets::ComparisonPin* pin,
                         QWidget* parent)
    : QDockWidget(parent), m_document(document), m_pin(pin), m_panel(new widgets::ExplainPanel)
{
    setObjectName(QStringLiteral("explainDock"));
    setWidget(m_panel);
    setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    // Live: the same target again for each new report while the dock is shown; a scenario that
    // cannot be evaluated says why in its place.
    connect(m_document, &widgets::ScenarioDocument::reportChanged, this, [this] {
        if (m_document->report()) {
            if (isVisible())
                refresh();
            return;
        }
        const QString problem = m_document->problem();
        if (!problem.isEmpty() && m_target)
            m_panel->showMessage(problem);
    });
    // A's number, from the new A (or "nothing pinned").
    connect(m_pin, &widgets::ComparisonPin::pinnedChanged, this, [this] {
        if (m_pinned && isVisible())
            refresh();
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            refresh();
    });
}

void ExplainDock::explain(const core::ExplainTarget& target, bool pinned)
{
    m_target = target;
    m_pinned = pinned;
    show();
    raise();
    refresh();
}

void ExplainDock::retranslate()
{
    if (m_target && isVisible())
        refresh();
}

void ExplainDock::refresh()
{
    if (!m_target)
        return;
    const std::shared_ptr<const core::Report>& report = m_pinned ? m_pin->pinned() : m_document->report();
    if (!report) {
        m_panel->showMessage(m_pinned ? tr("Nothing is pinned as A any more.")
                                      : tr("No report to explain: choose a device and a model first."));
        return;
    }
    // In Compare A/B the heading says whose number it is.
    QString heading = widgets::ExplainPanel::targetHeading(*m_target);
    // Serving: the phases' own times are the whole batch's, not what a user waits for. The
    // heading says which question the "Time to first token" below answers.
    const bool phase =
        m_target->kind == core::ExplainKind::Verdict || m_target->kind == core::ExplainKind::RooflinePoint;
    const QString batch = QLocale().toString(report->scenario.batch);
    if (report->serving && phase && m_target->phase == core::RooflinePhase::Prefill)
        heading +=
            QStringLiteral(" — ") +
            tr("all %1 prompts prefilled at once; the TTFT each user sees is under Serving").arg(batch);
    else if (report->serving && phase && m_target->phase == core::RooflinePhase::Decode)
        heading += QStringLiteral(" — ") +
                   tr("one decode step of all %1; the TPOT each user sees is under Serving").arg(batch);
    else if (m_target->kind == core::ExplainKind::Serving)
        heading += QStringLiteral(" — ") + tr("what each user sees");
    if (m_pinned || m_compareShown)
        heading = (m_pinned ? tr("A · %1") : tr("B · %1")).arg(heading);
    try {
        m_panel->setExplanations(heading, core::explain(*report, m_document->catalog(), *m_target));
    } catch (const core::InputError& error) {
        m_panel->showMessage(widgets::translatedError(error));
    }
}

} // namespace lhe::app
