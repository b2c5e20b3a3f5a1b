// MainWindow's serving views (main_window.h): the throughput-latency chart and the device
// ranking computed where seen, their clicks as scenario changes, the prices remembered per device.
#include "app/explorer/app_settings.h"
#include "app/explorer/main_window.h"
#include "app/explorer/serving_scheduler.h"
#include "app/support/save_file.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/serving_panel.h"

#include <QAction>
#include <QMenu>

namespace lhe::app {

void MainWindow::setUpServing()
{
    m_servingScheduler = new ServingScheduler(
        m_dashboard, m_document, m_catalog,
        [this] { return m_settings ? m_settings->devicePrices() : std::map<std::string, double>{}; }, this);
    // A point of the curve is a concurrency (and a split): an ordinary, undoable change.
    connect(m_dashboard->serving()->chart(), &widgets::ThroughputLatencyWidget::concurrencyPicked, this,
            [this](long long concurrency, core::Parallelism split) {
                nlohmann::json scenario = m_controls->scenario();
                scenario["batch"] = concurrency;
                if (scenario["serving"].contains("concurrency"))
                    scenario["serving"]["concurrency"] = concurrency;
                const auto& report = m_document->report();
                if (report && report->scenario.parallelism != split)
                    scenario["parallelism"] = {{"tensor", split.tensor},
                                               {"pipeline", split.pipeline},
                                               {"data", split.data},
                                               {"expert", split.expert}};
                QString error;
                if (!changeScenario(scenario, &error))
                    logError(error);
            });
    // "Which card": a double-click makes the device current, with its remembered price.
    m_dashboard->ranking()->setFileWriter(&saveFileAtomically);
    connect(m_dashboard->ranking(), &widgets::DeviceRankingView::deviceActivated, this,
            [this](const QString& id) {
                nlohmann::json scenario = m_controls->scenario();
                scenario["device"] = id.toStdString();
                if (m_settings) { // a price is per device: the new one's, or none
                    if (const auto price = m_settings->devicePrice(id.toStdString()))
                        scenario["serving"]["price_per_device_hour"] = *price;
                    else
                        scenario["serving"].erase("price_per_device_hour");
                }
                QString error;
                if (!changeScenario(scenario, &error))
                    logError(error);
            });
    connect(m_controls, &widgets::ScenarioControls::priceEdited, this,
            [this](const QString& deviceId, std::optional<double> price) {
                if (m_settings)
                    m_settings->setDevicePrice(deviceId.toStdString(), price);
            });
    m_controls->setPriceLookup([this](const std::string& deviceId) -> std::optional<double> {
        return m_settings ? m_settings->devicePrice(deviceId) : std::nullopt;
    });
}

void MainWindow::createServingActions(QMenu* file, QMenu* edit, QMenu* view)
{
    // As the roofline and the map: exported or copied from another tab, unseen.
    m_actions.exportServing = file->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::ServingTab);
        exportChartDialog(m_dashboard->serving()->chart(), QStringLiteral("throughput-latency"));
    });
    m_actions.copyServing = edit->addAction(QString(), this, [this] {
        prepareHiddenChart(widgets::Dashboard::ServingTab);
        copyImage(m_dashboard->serving()->chart(), tr("Throughput-latency chart"));
    });
    m_actions.serving = view->addAction(
        QString(), this, [this] { m_dashboard->showChartTab(widgets::Dashboard::ServingTab); });
    m_actions.serving->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    m_actions.ranking = view->addAction(
        QString(), this, [this] { m_dashboard->showChartTab(widgets::Dashboard::RankingTab); });
    m_actions.ranking->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_5));
}

void MainWindow::retranslateServingActions()
{
    m_actions.exportServing->setText(tr("Export &Throughput-Latency Chart…"));
    m_actions.copyServing->setText(tr("Copy &Throughput-Latency Chart"));
    m_actions.serving->setText(tr("Servin&g"));
    m_actions.serving->setStatusTip(
        tr("Show throughput per device against speed per user, over the number of concurrent requests"));
    m_actions.ranking->setText(tr("Devices Ran&ked"));
    m_actions.ranking->setStatusTip(tr("Show every device ranked for this model and workload"));
}

} // namespace lhe::app
