// DesignSpaceScheduler: computes the dashboard's design-space map of the document's scenario only
// where it is seen. A map costs about as much as the roofline's repaint, so while its tab is hidden
// a new report just marks it stale, and showing the tab computes it.
#pragma once

#include <QObject>

namespace lhe::core {
class Catalog;
} // namespace lhe::core

namespace lhe::widgets {
class Dashboard;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class DesignSpaceScheduler : public QObject
{
public:
    // Follows the map's tab and its phase choice. `catalog` is the window's, kept in place (a
    // reload assigns it) for as long as this lives.
    DesignSpaceScheduler(widgets::Dashboard* dashboard, const widgets::ScenarioDocument* document,
                         const core::Catalog& catalog, QObject* parent);

    // The document has a new report: the map is stale, and computed again now if it is shown.
    void reportChanged();
    // Computes the map now if it is stale, shown or not: an export of the map from another tab.
    void ensureCurrent();

private:
    // Computes the map of the last evaluated scenario when the map is shown.
    void update();
    void compute();

    widgets::Dashboard* m_dashboard;
    const widgets::ScenarioDocument* m_document;
    const core::Catalog& m_catalog;
    bool m_stale = true;
};

} // namespace lhe::app
