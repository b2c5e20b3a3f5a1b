// ServingScheduler: computes the dashboard's throughput-latency curve and device ranking of the
// document's scenario only where they are seen. The ranking evaluates every catalog device, so
// while its tab is hidden a new report just marks it stale, and showing the tab computes it.
#pragma once

#include <QObject>
#include <functional>
#include <map>
#include <string>

namespace lhe::widgets {
class Dashboard;
class ScenarioDocument;
} // namespace lhe::widgets

namespace lhe::app {

class ServingScheduler : public QObject
{
public:
    // Prices per device-hour the user entered, by device id (the ranking's cost column).
    using PriceSource = std::function<std::map<std::string, double>()>;
    // Follows the document's reports and the dashboard's tab (both outlive this).
    ServingScheduler(widgets::Dashboard* dashboard, const widgets::ScenarioDocument* document,
                     PriceSource prices, QObject* parent);

    // The prices changed (one typed in the ranking): the ranking is made again, now if shown.
    void pricesChanged();

    // Computes the curve now if it is stale, shown or not: an export of the chart from another tab.
    void ensureCurveCurrent();

    // Splits swept for the curve up to this many devices (every tensor x pipeline x data split
    // of more devices is too many points to read).
    static constexpr long long kSweepSplitsUpTo = 64;

private:
    // The document has a new report: both views are stale, and the one shown is computed again now.
    void reportChanged();
    void update();
    void computeCurve();

    widgets::Dashboard* m_dashboard;
    const widgets::ScenarioDocument* m_document;
    PriceSource m_prices;
    bool m_curveStale = true;
    bool m_rankingStale = true;
};

} // namespace lhe::app
