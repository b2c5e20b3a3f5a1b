// PrimerDock: Help → Primer (F1) — short lessons on the concepts behind the charts, each with a
// scenario to show: an ordinary, undoable change of the document ("Show me"; Undo returns to the
// user's own), with the roofline brought forward because most lessons point at it. The presets
// are compiled into the program (resources.qrc); without them (tests of the window) the text
// stays and the buttons are off.
#pragma once

#include <QCoreApplication>
#include <QDockWidget>

namespace lhe::widgets {
class Dashboard;
class PrimerPanel;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class WindowMessages;

class PrimerDock : public QDockWidget
{
    // The texts moved here from the window keep its translation context (resources/translations).
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // objectName primerDock; none of the arguments is owned.
    PrimerDock(widgets::ScenarioDocument* document, widgets::Dashboard* dashboard, WindowMessages* messages,
               QWidget* parent);

    widgets::PrimerPanel* panel() const { return m_panel; }

private:
    widgets::PrimerPanel* m_panel;
};

} // namespace lhe::app
