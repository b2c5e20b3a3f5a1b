// DesignSpaceScheduler: computes the dashboard's design-space map of the document's scenario only
// where it is seen. A map costs about as much as the roofline's repaint, so while its tab is hidden
// a new report just marks it stale, and showing the tab computes it.
#pragma once

#include <QObject>

namespace lhe::widgets {
class Dashboard;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class DesignSpaceScheduler : public QObject
{
public:
    // Follows the document's reports, the map's tab and its phase choice (the document and the
    // dashboard outlive this).
    DesignSpaceScheduler(widgets::Dashboard* dashboard, const widgets::ScenarioDocument* document,
                         QObject* parent);

    // Computes the map now if it is stale, shown or not: an export of the map from another tab.
    void ensureCurrent();

private:
    // The document has a new report: the map is stale, and computed again now if it is shown.
    void reportChanged();
    // Computes the map of the last evaluated scenario when the map is shown.
    void update();
    void compute();

    widgets::Dashboard* m_dashboard;
    const widgets::ScenarioDocument* m_document;
    bool m_stale = true;
};

} // namespace lhe::app
