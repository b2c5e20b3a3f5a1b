#include "app/explorer/serving_scheduler.h"

#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/serving/serving.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/serving_panel.h"

#include <QCoreApplication>
#include <map>

namespace lhe::app {

ServingScheduler::ServingScheduler(widgets::Dashboard* dashboard, const widgets::ScenarioDocument* document,
                                   PriceSource prices, QObject* parent)
    : QObject(parent), m_dashboard(dashboard), m_document(document), m_prices(std::move(prices))
{
    connect(m_document, &widgets::ScenarioDocument::reportChanged, this, &ServingScheduler::reportChanged);
    connect(m_dashboard, &widgets::Dashboard::chartTabChanged, this, [this] { update(); });
}

void ServingScheduler::reportChanged()
{
    if (!m_document->report())
        return; // the dashboard shows the problem on both views
    m_curveStale = true;
    m_rankingStale = true;
    update();
}

void ServingScheduler::pricesChanged()
{
    m_rankingStale = true;
    update();
}

void ServingScheduler::ensureCurveCurrent()
{
    if (m_curveStale && m_document->report())
        computeCurve();
}

void ServingScheduler::computeCurve()
{
    const core::Scenario& scenario = m_document->scenario();
    m_curveStale = false;
    try {
        m_dashboard->serving()->setCurve(
            core::servingCurve(scenario, m_document->catalog(), scenario.devices <= kSweepSplitsUpTo));
        // The tail under load (docs/METHOD.md §15.7), with the curve: only while the tab shows.
        m_dashboard->serving()->setSimulation(core::simulateServingLoad(scenario, m_document->catalog()));
    } catch (const core::InputError& error) {
        m_dashboard->serving()->chart()->clear(widgets::translatedError(error));
    }
}

void ServingScheduler::update()
{
    const auto tab = m_dashboard->chartTab();
    if (!m_document->report())
        return;
    const core::Scenario& scenario = m_document->scenario();
    if (tab == widgets::Dashboard::ServingTab && m_curveStale) {
        computeCurve();
    } else if (tab == widgets::Dashboard::RankingTab && m_rankingStale) {
        m_rankingStale = false;
        m_dashboard->ranking()->setHasTargets(scenario.serving.ttftTargetSeconds.has_value() ||
                                              scenario.serving.tpotTargetSeconds.has_value());
        try {
            // Prices kept for devices the catalog no longer has (a user device removed) are left
            // out: the core refuses an unknown id, and the whole table would give way to it.
            std::map<std::string, double> prices = m_prices ? m_prices() : std::map<std::string, double>{};
            std::erase_if(prices, [this](const auto& entry) {
                return m_document->catalog().findDevice(entry.first) == nullptr;
            });
            m_dashboard->ranking()->setRanking(core::rankDevices(scenario, m_document->catalog(), prices));
        } catch (const core::InputError& error) {
            m_dashboard->ranking()->setRanking({});
            m_dashboard->ranking()->setPlaceholderText(widgets::translatedError(error));
        }
    }
}

} // namespace lhe::app
