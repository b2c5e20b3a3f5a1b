// The window's serving views end to end: the Serving tab's figures are the report's, its curve
// is computed when the tab is shown and a picked point becomes the batch (undoable); the Devices
// tab ranks the catalog, a double-click makes a device current with its remembered price; the
// Serving controls edit the scenario's "serving" object and nothing else.
#include "app/explorer/app_settings.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "core/serving/serving.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/common/value_format.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_model.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/serving_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
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

    // One answer per question: the cards and the headline give the TTFT and TPOT the users see
    // (report.serving, computed here by the core on its own), and the whole batch's prefill and
    // decode step only as labelled details.
    void cardsAnswerWhatUsersSee()
    {
        const core::Report own = core::estimate(m_window->document()->scenario(), core::Catalog::builtIn());
        QVERIFY(own.serving && own.prefill && own.decode);
        const core::ServingPoint& p = own.serving->point;
        // The two TTFTs differ (16 prompts of 1,000 tokens at once against one prompt joining
        // the running steps): exactly why each must say which it is.
        QVERIFY(std::abs(own.prefill->seconds - p.ttftSeconds) > 0.1 * p.ttftSeconds);
        using widgets::formatSeconds;
        const QString prefill = m_window->dashboard()->prefillCard()->summaryText();
        QVERIFY2(prefill.contains(QStringLiteral("TTFT users see: %1, p90 %2")
                                      .arg(formatSeconds(p.ttftSeconds), formatSeconds(p.ttftP90Seconds))),
                 qPrintable(prefill));
        QVERIFY2(prefill.contains(QStringLiteral("All 16 prompts prefilled at once: %1")
                                      .arg(formatSeconds(own.prefill->seconds))),
                 qPrintable(prefill));
        QVERIFY2(!prefill.contains(QStringLiteral("Time to first token")), qPrintable(prefill));
        QVERIFY(own.ideal.prefill);
        QVERIFY2(prefill.contains(
                     QStringLiteral("Ideal roofline: %1").arg(formatSeconds(own.ideal.prefill->seconds))),
                 qPrintable(prefill));
        const QString decode = m_window->dashboard()->decodeCard()->summaryText();
        QVERIFY2(decode.contains(QStringLiteral("TPOT users see: %1, p90 %2")
                                     .arg(formatSeconds(p.tpotSeconds), formatSeconds(p.tpotP90Seconds))),
                 qPrintable(decode));
        QVERIFY2(decode.contains(
                     QStringLiteral("One decode step of all 16: %1").arg(formatSeconds(own.decode->seconds))),
                 qPrintable(decode));
        QVERIFY2(!decode.contains(QStringLiteral("Time per output token")), qPrintable(decode));
        // The headline: the users' figures, under the scenario's name.
        const QString headline = m_window->dashboard()->headline();
        QVERIFY2(headline.contains(QStringLiteral("16 users each see TTFT %1 · TPOT %2")
                                       .arg(formatSeconds(p.ttftSeconds), formatSeconds(p.tpotSeconds))),
                 qPrintable(headline));
        QVERIFY(!headline.contains(QStringLiteral("targets"))); // none set
        // The Serving tab's line says the same, as the users' figures.
        m_window->dashboard()->showChartTab(widgets::Dashboard::ServingTab);
        const QString summary = m_window->dashboard()->serving()->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("TTFT users see %1 (p90 %2)")
                                      .arg(formatSeconds(p.ttftSeconds), formatSeconds(p.ttftP90Seconds))),
                 qPrintable(summary));
        // A target the users' p90 TTFT misses by a factor of 10: the headline says so.
        json s = servingScenario();
        s["serving"] = {{"ttft_target_seconds", p.ttftP90Seconds / 10}};
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        QVERIFY2(m_window->dashboard()->headline().endsWith(QStringLiteral(" · targets missed (p90)")),
                 qPrintable(m_window->dashboard()->headline()));
        // Prefill only: the one TTFT there is, the whole batch's, says so.
        s = servingScenario();
        s["output_tokens"] = 0;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        const core::Report prefillOnly =
            core::estimate(m_window->document()->scenario(), core::Catalog::builtIn());
        QVERIFY(!prefillOnly.serving);
        QVERIFY2(m_window->dashboard()->prefillCard()->summaryText().contains(
                     QStringLiteral("Time to first token (all 16 prompts at once): %1")
                         .arg(formatSeconds(prefillOnly.prefill->seconds))),
                 qPrintable(m_window->dashboard()->prefillCard()->summaryText()));
        QVERIFY(!m_window->dashboard()->headline().contains(QStringLiteral("users")));
    }

    // The targets take a unit: typed "1 s" is a second, "800 ms" 0.8 s; a bare number is refused
    // with its reason and the scenario keeps its target (the console's --ttft-target is seconds).
    void targetsAreTypedWithTheirUnit()
    {
        auto* ttft = child<QDoubleSpinBox>(m_window->controls(), "ttftTargetSpin");
        auto* tpot = child<QDoubleSpinBox>(m_window->controls(), "tpotTargetSpin");
        auto* reason = child<QLabel>(m_window->controls(), "servingTargetError");
        m_window->controls()->show();
        auto type = [](QDoubleSpinBox* box, const QString& text) {
            box->setFocus();
            box->findChild<QLineEdit*>()->selectAll();
            QTest::keyClick(box, Qt::Key_Backspace); // the old text goes, as a user clears it
            QTest::keyClicks(box, text);
            QTest::keyClick(box, Qt::Key_Return);
        };
        const auto& serving = [this]() -> const core::ServingSettings& {
            return m_window->document()->report()->scenario.serving;
        };
        type(ttft, QStringLiteral("1 s"));
        QCOMPARE(serving().ttftTargetSeconds.value_or(-1), 1.0);
        QCOMPARE(ttft->text(), QStringLiteral("1 s"));
        type(ttft, QStringLiteral("800 ms"));
        QCOMPARE(serving().ttftTargetSeconds.value_or(-1), 0.8);
        type(tpot, QStringLiteral("0.05s"));
        QCOMPARE(serving().tpotTargetSeconds.value_or(-1), 0.05);
        QCOMPARE(tpot->text(), QStringLiteral("50 ms"));
        QVERIFY(reason->isHidden());
        type(ttft, QStringLiteral("1"));
        QCOMPARE(serving().ttftTargetSeconds.value_or(-1), 0.8);
        QCOMPARE(ttft->text(), QStringLiteral("800 ms"));
        QVERIFY(!reason->isHidden());
        QCOMPARE(reason->text(),
                 QStringLiteral("TTFT target not changed: “1” has no unit: type 1 ms or 1 s."));
        // For a look (not an assertion): the Serving group with the reason, when asked for.
        if (const QString png = qEnvironmentVariable("LHE_SERVING_GROUP_PNG"); !png.isEmpty())
            child<QWidget>(m_window->controls(), "servingGroup")->grab().save(png);
        type(tpot, QStringLiteral("fast"));
        QCOMPARE(serving().tpotTargetSeconds.value_or(-1), 0.05);
        QVERIFY(reason->text().startsWith(QStringLiteral("TPOT target not changed: “fast” is not a time")));
        type(tpot, QString()); // empty: no target
        QVERIFY(!serving().tpotTargetSeconds);
        QVERIFY(reason->isHidden());
        // Loaded from a file in seconds, shown with its unit.
        json s = servingScenario();
        s["serving"] = {{"ttft_target_seconds", 2.5}, {"tpot_target_seconds", 0.0125}};
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        QCOMPARE(ttft->text(), QStringLiteral("2.5 s"));
        QCOMPARE(tpot->text(), QStringLiteral("12.5 ms"));
    }

    // A price typed in the ranking is kept for its device and used at once: another device's
    // ranking cost follows (hand formula below); the current device's is the scenario's own.
    void pricesTypedInTheRanking()
    {
        auto* ranking = m_window->dashboard()->ranking();
        m_window->dashboard()->showChartTab(widgets::Dashboard::RankingTab);
        auto rowOf = [ranking](const char* id) {
            for (int row = 0; row < ranking->proxy()->rowCount(); ++row)
                if (ranking->proxy()
                        ->index(row, 0)
                        .data(widgets::DeviceRankingModel::DeviceIdRole)
                        .toString() == QLatin1String(id))
                    return row;
            return -1;
        };
        const int a100 = rowOf("nvidia-a100-80gb-sxm");
        QVERIFY(a100 >= 0);
        const int undoSteps = m_window->document()->undoStack()->count();
        QVERIFY(ranking->proxy()->setData(
            ranking->proxy()->index(a100, widgets::DeviceRankingModel::PriceColumn), QStringLiteral("1.5")));
        QCOMPARE(m_settings->devicePrice("nvidia-a100-80gb-sxm").value_or(-1), 1.5);
        QCOMPARE(m_window->document()->undoStack()->count(), undoSteps); // not the scenario's device
        const core::DeviceRanking* row = nullptr;
        for (const core::DeviceRanking& r : ranking->model()->ranking())
            if (r.deviceId == "nvidia-a100-80gb-sxm")
                row = &r;
        QVERIFY(row && row->serving && row->serving->costPerMillionOutputTokens);
        // METHOD §15.4: devices × price ÷ 3600 ÷ (tokens/s per device × devices) × 10^6.
        const double perDevice = row->serving->point.outputTokensPerSecondPerDevice;
        QVERIFY(std::abs(*row->serving->costPerMillionOutputTokens - 1.5 / 3600.0 / perDevice * 1e6) <=
                1e-9 * *row->serving->costPerMillionOutputTokens);
        // The current device: the scenario's price, one undoable step, the price box follows.
        const int h100 = rowOf("nvidia-h100-sxm");
        QVERIFY(ranking->proxy()->setData(
            ranking->proxy()->index(h100, widgets::DeviceRankingModel::PriceColumn), QStringLiteral("2.25")));
        QCOMPARE(m_window->document()->report()->scenario.serving.pricePerDeviceHour.value_or(-1), 2.25);
        QCOMPARE(m_window->document()->undoStack()->count(), undoSteps + 1);
        QCOMPARE(child<QDoubleSpinBox>(m_window->controls(), "priceSpin")->value(), 2.25);
        QCOMPARE(m_settings->devicePrice("nvidia-h100-sxm").value_or(-1), 2.25);
        // The currency: kept in the settings, shown with the cost on the Serving tab.
        ranking->currencyBox()->setCurrentIndex(ranking->currencyBox()->findText(QStringLiteral("€")));
        QCOMPARE(m_settings->currency(), QStringLiteral("€"));
        QCOMPARE(child<QDoubleSpinBox>(m_window->controls(), "priceSpin")->prefix(), QStringLiteral("€"));
        m_window->dashboard()->showChartTab(widgets::Dashboard::ServingTab);
        const double cost = *m_window->document()->report()->serving->costPerMillionOutputTokens;
        QVERIFY2(m_window->dashboard()->serving()->summaryText().contains(
                     QStringLiteral("€%1 per million tokens").arg(widgets::formatNumber(cost))),
                 qPrintable(m_window->dashboard()->serving()->summaryText()));
        ranking->setCurrency(QString());
        m_settings->setCurrency(QString());
        // A price kept for a device the catalog no longer has (a user device removed since) does
        // not take the table down: the rest is ranked as before.
        m_settings->setDevicePrice("removed-user-device", 4.0);
        ranking->setRanking({});
        m_window->controls()->setBatchAndPrompt(8, 1000); // a new report: the ranking again
        m_window->dashboard()->showChartTab(widgets::Dashboard::RankingTab);
        QVERIFY2(ranking->visiblePlaceholderText().isEmpty(), qPrintable(ranking->visiblePlaceholderText()));
        QVERIFY(rowOf("nvidia-a100-80gb-sxm") >= 0);
    }

    // The ranking knows the scenario's targets: a target no device meets empties the filtered
    // table; the Targets column is each row's own meets_targets.
    void rankingFiltersByTargets()
    {
        json s = servingScenario();
        s["serving"] = {{"tpot_target_seconds", 0.03}};
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        auto* ranking = m_window->dashboard()->ranking();
        m_window->dashboard()->showChartTab(widgets::Dashboard::RankingTab);
        QVERIFY(ranking->meetsTargetsFilter()->isEnabled());
        // Each row's Targets cell is its own estimate's verdict.
        int meeting = 0;
        for (int row = 0; row < ranking->proxy()->rowCount(); ++row) {
            const QModelIndex source = ranking->proxy()->mapToSource(ranking->proxy()->index(row, 0));
            const core::DeviceRanking& r =
                ranking->model()->ranking()[static_cast<std::size_t>(source.row())];
            const QString cell =
                ranking->proxy()->index(row, widgets::DeviceRankingModel::TargetsColumn).data().toString();
            if (!r.serving) {
                QCOMPARE(cell, QStringLiteral("—"));
                continue;
            }
            // p90 TPOT within 30 ms: the definition of meeting a TPOT target alone.
            QCOMPARE(r.serving->point.meetsTargets, r.serving->point.tpotP90Seconds <= 0.03);
            QCOMPARE(cell,
                     r.serving->point.meetsTargets ? QStringLiteral("meets") : QStringLiteral("✗ misses"));
            meeting += r.serving->point.meetsTargets ? 1 : 0;
        }
        QVERIFY(meeting > 0 && meeting < ranking->proxy()->rowCount());
        ranking->meetsTargetsFilter()->setChecked(true);
        QCOMPARE(ranking->proxy()->rowCount(), meeting);
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
