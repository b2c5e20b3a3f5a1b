// ServingEdits: the serving views' clicks as typed changes of the document — a point of the
// throughput-latency curve becomes the batch (and the split), a device double-clicked in the
// ranking the current one — and the price per device-hour remembered for each device (in
// AppSettings), typed in the Serving group or in the ranking's price column: a device the user
// picks comes with its own price, or none. Also the currency shown with costs (AppSettings).
#pragma once

#include <QObject>
#include <functional>
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

    // Where the prices and the currency are remembered (not owned; null remembers none); the
    // currency kept there is shown at once.
    void setSettings(AppSettings* settings);
    // Called when a price typed in the ranking leaves the scenario as it is (another device's):
    // the ranking is to be made again with it.
    void setPricesChanged(std::function<void()> changed) { m_pricesChanged = std::move(changed); }
    // The remembered prices by device id (the ranking's cost column).
    std::map<std::string, double> prices() const;

private:
    widgets::ScenarioDocument* m_document;
    widgets::Dashboard* m_dashboard;
    widgets::ScenarioControls* m_controls;
    AppSettings* m_settings = nullptr;
    std::function<void()> m_pricesChanged;
};

} // namespace lhe::app
