#include "app/explorer/primer_dock.h"

#include "app/explorer/window_messages.h"
#include "core/common/input_error.h"
#include "core/scenario/scenario.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/primer_panel.h"

namespace lhe::app {

PrimerDock::PrimerDock(widgets::ScenarioDocument* document, widgets::Dashboard* dashboard,
                       WindowMessages* messages, QWidget* parent)
    : QDockWidget(parent)
{
    QString presetsError;
    m_panel = new widgets::PrimerPanel(
        widgets::PrimerPanel::readPresets(QStringLiteral(":/primer/presets.json"), &presetsError));
    setObjectName(QStringLiteral("primerDock"));
    setWidget(m_panel);
    setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    connect(m_panel, &widgets::PrimerPanel::presetRequested, this,
            [document, dashboard, messages](const QString& id, const nlohmann::json& preset) {
                try {
                    document->change(core::scenarioFromJson(preset));
                } catch (const core::InputError& error) {
                    messages->logError(tr("The primer's scenario %1 cannot be loaded: %2")
                                           .arg(id, widgets::translatedError(error)));
                    return;
                }
                dashboard->showDesignSpace(false);
            });
}

} // namespace lhe::app
