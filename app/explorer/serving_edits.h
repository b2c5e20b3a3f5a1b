// ServingEdits: the serving views' clicks as typed changes of the document — a point of the
// throughput-latency curve becomes the batch (and the split), a device double-clicked in the
// ranking the current one — and the price per device-hour remembered for each device (in
// AppSettings): a device the user picks comes with its own price, or none.
#pragma once

#include <QObject>
#include <map>
#include <string>

namespace lhe::widgets {
class Dashboard;
class ScenarioControls;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;

class ServingEdits : public QObject
{
public:
    // Follows the dashboard's serving chart and ranking, and the controls' price box (none owned).
    ServingEdits(widgets::ScenarioDocument* document, widgets::Dashboard* dashboard,
                 widgets::ScenarioControls* controls, QObject* parent);

    // Where the prices are remembered (not owned; null remembers none).
    void setSettings(AppSettings* settings) { m_settings = settings; }
    // The remembered prices by device id (the ranking's cost column).
    std::map<std::string, double> prices() const;

private:
    widgets::ScenarioDocument* m_document;
    AppSettings* m_settings = nullptr;
};

} // namespace lhe::app
