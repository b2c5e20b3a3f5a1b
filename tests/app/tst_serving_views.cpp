// The window's serving views end to end: the Serving tab's figures are the report's, its curve
// is computed when the tab is shown and a picked point becomes the batch (undoable); the Devices
// tab ranks the catalog, a double-click makes a device current with its remembered price; the
// Serving controls edit the scenario's "serving" object and nothing else.
#include "app/explorer/app_settings.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/serving/serving.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_model.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/serving_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <memory>
#include <set>

using namespace lhe;
using nlohmann::json;

namespace {

json servingScenario()
{
    json s = app::defaultScenario();
    s["device"] = "nvidia-h100-sxm";
    s["model"] = "llama-3.1-8b";
    s["batch"] = 16;
    s["prompt_tokens"] = 1000;
    s["output_tokens"] = 200;
    s["devices"] = 2;
    return s;
}

template <typename T> T* child(QObject* parent, const char* name)
{
    T* found = parent->findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

} // namespace

class TestServingViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dataHome.isValid());
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    }

    void init()
    {
        QDir(app::userCatalogFolder()).removeRecursively();
        m_settings = std::make_unique<app::AppSettings>(m_dataHome.filePath(QStringLiteral("settings.conf")));
        m_window = std::make_unique<app::MainWindow>(core::Catalog::builtIn());
        m_window->setSettings(m_settings.get());
        QString error;
        QVERIFY2(m_window->files()->loadScenario(servingScenario(), &error), qPrintable(error));
    }

    void cleanup()
    {
        m_window.reset();
        m_settings.reset();
        QFile::remove(m_dataHome.filePath(QStringLiteral("settings.conf")));
    }

    // The summary shows the report's own serving figures.
    void summaryIsTheReports()
    {
        const auto& report = m_window->document()->report();
        QVERIFY(report && report->serving);
        const QString summary = m_window->dashboard()->serving()->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("16 concurrent requests")), qPrintable(summary));
        QVERIFY(summary.contains(QString::number(report->serving->maxConcurrencyKv)));
        QVERIFY(summary.contains(QStringLiteral("href")));
    }

    // The curve waits for its tab, then holds the scenario's own point (concurrency 16 on the
    // core's split) among the splits of two devices.
    void curveComputedWhenShown()
    {
        auto* chart = m_window->dashboard()->serving()->chart();
        QVERIFY(!chart->hasCurve());
        m_window->dashboard()->showChartTab(widgets::Dashboard::ServingTab);
        QVERIFY(chart->hasCurve());
        int current = 0;
        std::set<std::pair<long long, long long>> splits;
        for (const core::ServingCurvePoint& p : chart->curve().points) {
            splits.insert({p.split.tensor, p.split.data});
            if (p.current) {
                ++current;
                QCOMPARE(p.point.concurrency, 16LL);
                QCOMPARE(p.split, *m_window->document()->report()->scenario.parallelism);
            }
        }
        QCOMPARE(current, 1);
        QVERIFY(splits.count({1, 2}) && splits.count({2, 1})); // both splits of two devices
        // A new report while shown: computed again, at the new batch.
        m_window->controls()->setBatchAndPrompt(32, 1000);
        bool found = false;
        for (const core::ServingCurvePoint& p : chart->curve().points)
            found |= p.current && p.point.concurrency == 32;
        QVERIFY(found);
    }

    // A picked point sets batch (and the split) as one undoable change.
    void pickedPointBecomesTheBatch()
    {
        m_window->dashboard()->showChartTab(widgets::Dashboard::ServingTab);
        auto* chart = m_window->dashboard()->serving()->chart();
        const core::Parallelism other{1, 1, 2, 1};
        emit chart->concurrencyPicked(64, other);
        QCOMPARE(m_window->document()->report()->scenario.batch, 64LL);
        QCOMPARE(*m_window->document()->report()->scenario.parallelism, other);
        m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->report()->scenario.batch, 16LL);
    }

    // The Devices tab ranks the catalog; a double-click makes that device current, with the price
    // typed for it earlier.
    void rankingAndDeviceActivation()
    {
        auto* ranking = m_window->dashboard()->ranking();
        m_window->dashboard()->showChartTab(widgets::Dashboard::RankingTab);
        const auto shown = ranking->shownRanking();
        QCOMPARE(static_cast<std::size_t>(shown.size()), core::Catalog::builtIn().devices().size());
        QVERIFY(shown.front().fits);
        // The window gives the table its atomic file writer: the CSV holds a header and every row.
        const QString csvPath = QDir(m_dataHome.path()).filePath(QStringLiteral("ranking.csv"));
        QString error;
        QVERIFY2(ranking->exportCsv(csvPath, &error), qPrintable(error));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(static_cast<std::size_t>(csv.readAll().count('\n')), shown.size() + 1);
        m_settings->setDevicePrice("nvidia-a100-80gb-sxm", 1.25);
        emit ranking->deviceActivated(QStringLiteral("nvidia-a100-80gb-sxm"));
        const auto& s = m_window->document()->report()->scenario;
        QCOMPARE(s.deviceId, std::string("nvidia-a100-80gb-sxm"));
        QCOMPARE(*s.serving.pricePerDeviceHour, 1.25);
        QVERIFY(m_window->document()->report()->serving->costPerMillionOutputTokens);
    }

    // The price box remembers per device; picking the device again brings its price back, and a
    // device without one keeps the scenario's.
    void priceRememberedPerDevice()
    {
        auto* price = child<QDoubleSpinBox>(m_window->controls(), "priceSpin");
        price->setValue(2.5);
        QCOMPARE(*m_window->document()->report()->scenario.serving.pricePerDeviceHour, 2.5);
        QCOMPARE(*m_settings->devicePrice("nvidia-h100-sxm"), 2.5);
        price->setValue(price->minimum()); // "none"
        QVERIFY(!m_window->document()->report()->scenario.serving.pricePerDeviceHour);
        QVERIFY(!m_settings->devicePrice("nvidia-h100-sxm"));
        m_settings->setDevicePrice("nvidia-h100-sxm", 3.0);
        auto* devices = child<QComboBox>(m_window->controls(), "deviceCombo");
        const int a100 = devices->findData(QStringLiteral("nvidia-a100-80gb-sxm"));
        const int h100 = devices->findData(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(a100 >= 0 && h100 >= 0);
        devices->setCurrentIndex(a100);
        emit devices->activated(a100);
        QVERIFY(!m_window->document()->report()->scenario.serving.pricePerDeviceHour);
        devices->setCurrentIndex(h100);
        emit devices->activated(h100);
        QCOMPARE(*m_window->document()->report()->scenario.serving.pricePerDeviceHour, 3.0);
        // Another device takes its own price, or none: never the previous device's.
        devices->setCurrentIndex(a100);
        emit devices->activated(a100);
        QVERIFY(!m_window->document()->report()->scenario.serving.pricePerDeviceHour);
    }

    // Each serving control writes its one field; the rest of "serving" stays as loaded.
    void controlsEditOnlyTheirField()
    {
        json s = servingScenario();
        s["serving"] = {
            {"requests", {{100, 20}, {300, 40}}}, {"kv_block_tokens", 32}, {"prefix_cache_hit_ratio", 0.125}};
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        child<QDoubleSpinBox>(m_window->controls(), "tpotTargetSpin")->setValue(0.05); // seconds
        const core::ServingSettings& sv = m_window->document()->report()->scenario.serving;
        QCOMPARE(*sv.tpotTargetSeconds, 0.05);
        QCOMPARE(sv.requests.size(), std::size_t(2));
        QCOMPARE(sv.kvBlockTokens, 32LL);
        QCOMPARE(sv.prefixCacheHitRatio, 0.125); // the box shows 13 %, the file's value stays
        QVERIFY(m_window->document()->report()->serving->maxConcurrencySlo);
        auto* speculative = child<QComboBox>(m_window->controls(), "speculativeCombo");
        auto* draftModel = child<QComboBox>(m_window->controls(), "draftModelCombo");
        QVERIFY(!draftModel->isEnabled());
        const int model = speculative->findData(static_cast<int>(core::DraftKind::Model));
        speculative->setCurrentIndex(model);
        emit speculative->activated(model);
        QVERIFY(draftModel->isEnabled());
        QCOMPARE(m_window->document()->report()->scenario.serving.speculative.draft, core::DraftKind::Model);
        QVERIFY(m_window->document()->report()->serving->speculative);
    }

    // Training has no serving: the group is disabled, the tab says why.
    void trainingHasNoServing()
    {
        json s = servingScenario();
        s["mode"] = "training";
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        QVERIFY(!child<QWidget>(m_window->controls(), "servingGroup")->isEnabled());
        QVERIFY(!m_window->document()->report()->serving);
        m_window->dashboard()->showChartTab(widgets::Dashboard::ServingTab);
        QVERIFY(!m_window->dashboard()->serving()->chart()->hasCurve());
        m_window->dashboard()->showChartTab(widgets::Dashboard::RankingTab);
        QVERIFY(m_window->dashboard()->ranking()->shownRanking().empty());
        QVERIFY(!m_window->dashboard()->ranking()->visiblePlaceholderText().isEmpty());
    }

private:
    QTemporaryDir m_dataHome;
    std::unique_ptr<app::AppSettings> m_settings;
    std::unique_ptr<app::MainWindow> m_window;
};

QTEST_MAIN(TestServingViews)
#include "tst_serving_views.moc"
