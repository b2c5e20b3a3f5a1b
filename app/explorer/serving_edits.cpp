#include "app/explorer/serving_edits.h"

#include "app/explorer/app_settings.h"
#include "app/support/save_file.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/serving_panel.h"

namespace lhe::app {

ServingEdits::ServingEdits(widgets::ScenarioDocument* document, widgets::Dashboard* dashboard,
                           widgets::ScenarioControls* controls, QObject* parent)
    : QObject(parent), m_document(document), m_dashboard(dashboard), m_controls(controls)
{
    // A point of the curve is a concurrency (and a split): an ordinary, undoable change.
    connect(dashboard->serving()->chart(), &widgets::ThroughputLatencyWidget::concurrencyPicked, this,
            [this](long long concurrency, core::Parallelism split) {
                core::Scenario next = m_document->scenario();
                next.batch = concurrency;
                if (next.serving.concurrency)
                    next.serving.concurrency = concurrency;
                const auto& report = m_document->report();
                if (report && report->scenario.parallelism != split)
                    next.parallelism = split;
                m_document->change(next);
            });
    // "Which card": a double-click makes the device current, with its remembered price.
    dashboard->ranking()->setFileWriter(&saveFileAtomically);
    connect(dashboard->ranking(), &widgets::DeviceRankingView::deviceActivated, this,
            [this](const QString& id) {
                core::Scenario next = m_document->scenario();
                next.deviceId = id.toStdString();
                if (m_settings) // a price is per device: the new one's, or none
                    next.serving.pricePerDeviceHour = m_settings->devicePrice(next.deviceId);
                m_document->change(next);
            });
    // A price typed in the ranking: kept for that device; the current device's is the scenario's
    // own (one undoable change, after which the ranking is made again), another's asks for the
    // ranking again.
    connect(dashboard->ranking(), &widgets::DeviceRankingView::priceEdited, this,
            [this](const QString& id, std::optional<double> price) {
                if (m_settings)
                    m_settings->setDevicePrice(id.toStdString(), price);
                if (id.toStdString() == m_document->scenario().deviceId) {
                    core::Scenario next = m_document->scenario();
                    next.serving.pricePerDeviceHour = price;
                    m_document->change(next);
                } else if (m_pricesChanged) {
                    m_pricesChanged();
                }
            });
    connect(dashboard->ranking(), &widgets::DeviceRankingView::currencyChanged, this,
            [this](const QString& currency) {
                if (m_settings)
                    m_settings->setCurrency(currency);
                m_controls->showCurrency();
                if (m_dashboard->report()) // the serving line shows the cost in it
                    m_dashboard->serving()->setReport(m_dashboard->report());
            });
    connect(controls, &widgets::ScenarioControls::priceEdited, this,
            [this](const QString& deviceId, std::optional<double> price) {
                if (m_settings)
                    m_settings->setDevicePrice(deviceId.toStdString(), price);
            });
    controls->setPriceLookup([this](const std::string& deviceId) -> std::optional<double> {
        return m_settings ? m_settings->devicePrice(deviceId) : std::nullopt;
    });
}

void ServingEdits::setSettings(AppSettings* settings)
{
    m_settings = settings;
    m_dashboard->ranking()->setCurrency(settings ? settings->currency() : QString());
    m_controls->showCurrency();
}

std::map<std::string, double> ServingEdits::prices() const
{
    return m_settings ? m_settings->devicePrices() : std::map<std::string, double>{};
}

} // namespace lhe::app
