// ExplainDock: View → Explain — how a clicked number is calculated (widgets::ExplainPanel: the
// formula, its values and their source), from the document's current report or from Compare
// A/B's pinned A. Hidden until the first click; explained again whenever the report (or A)
// changes while it is shown.
#pragma once

#include "core/explain/explanation.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <optional>

namespace lhe::widgets {
class ComparisonPin;
class ExplainPanel;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class ExplainDock : public QDockWidget
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // Follows the document's reports and the pin (both outlive the dock). objectName explainDock.
    ExplainDock(const widgets::ScenarioDocument* document, const widgets::ComparisonPin* pin,
                QWidget* parent);

    widgets::ExplainPanel* panel() const { return m_panel; }

    // Shows the dock and explains `target` with the current report; `pinned`: the number belongs
    // to the pinned report A of Compare A/B.
    void explain(const core::ExplainTarget& target, bool pinned = false);
    // While the compare view is shown, an explanation of the current report is headed "B · …".
    void setCompareShown(bool shown) { m_compareShown = shown; }
    // The explanation shown built again in the current language (its heading names the target).
    void retranslate();

private:
    // The panel for the target and the current report (or A); the panel's hint stays until
    // something is clicked.
    void refresh();

    const widgets::ScenarioDocument* m_document;
    const widgets::ComparisonPin* m_pin;
    widgets::ExplainPanel* m_panel;
    std::optional<core::ExplainTarget> m_target; // what the panel explains
    bool m_pinned = false;                       // ... of report A rather than the current one
    bool m_compareShown = false;
};

} // namespace lhe::app
