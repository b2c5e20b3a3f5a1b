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
    : QObject(parent), m_document(document)
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
    connect(controls, &widgets::ScenarioControls::priceEdited, this,
            [this](const QString& deviceId, std::optional<double> price) {
                if (m_settings)
                    m_settings->setDevicePrice(deviceId.toStdString(), price);
            });
    controls->setPriceLookup([this](const std::string& deviceId) -> std::optional<double> {
        return m_settings ? m_settings->devicePrice(deviceId) : std::nullopt;
    });
}

std::map<std::string, double> ServingEdits::prices() const
{
    return m_settings ? m_settings->devicePrices() : std::map<std::string, double>{};
}

} // namespace lhe::app
