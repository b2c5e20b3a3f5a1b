// PresentationMode: the application font and the charts' lines enlarged for a projector, with the
// scenario controls folded away; leaving it puts the font and the controls back as they were.
#pragma once

#include <QFont>

class QAction;

namespace lhe::app {

class PresentationMode
{
public:
    explicit PresentationMode(double scale) : m_scale(scale) {}

    // Enters or leaves presentation mode; false, changing nothing, when it already is in that
    // state. `controls`: the checkable action that shows the scenario controls.
    bool set(bool on, QAction* controls);

private:
    double m_scale;
    QFont m_normalFont; // the application font outside presentation mode
    bool m_controlsBefore = true;
};

} // namespace lhe::app
