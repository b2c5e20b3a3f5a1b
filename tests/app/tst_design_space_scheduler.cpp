// The DesignSpaceScheduler in the window: the map is computed only where it is seen, follows
// the document while shown, recomputes for another phase, a clicked cell moves the batch and
// prompt sliders, and the tab is reachable from the keyboard.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/document/scenario_document.h"
#include "window_suite.h"

#include <QLocale>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestDesignSpaceScheduler : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void designSpaceTabShowsTheCurrentScenariosMap();
    void clickingAMapCellMovesBatchAndPromptSliders();
    void designSpacePhaseSelectorRecomputesTheMap();
    void designSpaceTabIsKeyboardReachable();

private:
    // Shows the window at the benchmark's size; false if it was never exposed.
    bool showAt1280x800();

    QTemporaryDir m_dataHome;
    app::MainWindow* m_window = nullptr;
};

void TestDesignSpaceScheduler::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestDesignSpaceScheduler::init()
{
    QDir(app::userCatalogFolder()).removeRecursively();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
}

bool TestDesignSpaceScheduler::showAt1280x800()
{
    m_window->resize(1280, 800);
    m_window->show();
    return QTest::qWaitForWindowExposed(m_window);
}

void TestDesignSpaceScheduler::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestDesignSpaceScheduler::designSpaceTabShowsTheCurrentScenariosMap()
{
    QVERIFY(showAt1280x800());
    widgets::DesignSpaceWidget* map = m_window->dashboard()->designSpace();
    QTabWidget* tabs = m_window->dashboard()->chartTabs();
    QCOMPARE(tabs->count(), 4);
    QCOMPARE(tabs->tabText(0), QStringLiteral("Roofline"));
    QCOMPARE(tabs->tabText(1), QStringLiteral("Design space"));
    QCOMPARE(tabs->tabText(2), QStringLiteral("Serving"));
    QCOMPARE(tabs->tabText(3), QStringLiteral("Devices"));
    QVERIFY(!m_window->dashboard()->designSpaceShown());
    QVERIFY(!map->hasMap()); // computed only where it is seen

    tabs->setCurrentIndex(1);
    QVERIFY(map->isVisible());
    QVERIFY(map->hasMap());
    const core::DesignSpaceMap expected = expectedMap(*m_window);
    QVERIFY(map->map().verdicts == expected.verdicts);
    QCOMPARE(map->map().phase, core::RooflinePhase::Decode);
    // Default scenario: batch 4, prompt 4096; the read-outs are the report's limits.
    QCOMPARE(map->map().current.x, 2.0);
    QCOMPARE(map->map().current.y, 12.0);
    QCOMPARE(map->map().maxBatchFits, m_window->document()->report()->limits->maxBatchFits);
    QCOMPARE(map->map().maxContextFits, m_window->document()->report()->limits->maxContextFits);
    QCOMPARE(map->map().devicesNeeded, std::optional<long long>(1));
    QVERIFY(map->maxBatchLabel()->text().contains(
        QLocale().toString(static_cast<qlonglong>(m_window->document()->report()->limits->maxBatchFits))));

    // It follows every other control while shown: another device and model.
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-70b", 8, 2048));
    QCOMPARE(map->map().current.x, 3.0);
    QCOMPARE(map->map().current.y, 11.0);
    QVERIFY(map->map().verdicts == expectedMap(*m_window).verdicts);
    QCOMPARE(map->map().devicesNeeded, std::optional<long long>(2)); // 141 GB of bf16 weights over 2 H100s
    // Back on the roofline, the map is not recomputed; showing it again brings it up to date.
    tabs->setCurrentIndex(0);
    m_window->controls()->setScenario(scenario("nvidia-rtx-4090", "llama-3.1-8b", 16, 1024));
    QCOMPARE(map->map().current.x, 3.0);
    tabs->setCurrentIndex(1);
    QCOMPARE(map->map().current.x, 4.0);
    QCOMPARE(map->map().current.y, 10.0);
}

void TestDesignSpaceScheduler::clickingAMapCellMovesBatchAndPromptSliders()
{
    QVERIFY(showAt1280x800());
    m_window->dashboard()->showDesignSpace(true);
    widgets::DesignSpaceWidget* map = m_window->dashboard()->designSpace();
    QCoreApplication::processEvents();
    map->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const auto& batches = map->map().batches;
    const auto& sequences = map->map().sequences;
    const auto column =
        static_cast<std::size_t>(std::find(batches.begin(), batches.end(), 16) - batches.begin());
    const auto row =
        static_cast<std::size_t>(std::find(sequences.begin(), sequences.end(), 8192) - sequences.begin());
    QVERIFY(column < batches.size() && row < sequences.size());
    QSignalSpy reports(m_window->document(), &widgets::ScenarioDocument::reportChanged);
    QTest::mouseClick(map->plot(), Qt::LeftButton, {}, map->cellCentre(column, row).toPoint());
    QCOMPARE(reports.count(), 1);
    // The sliders and spin boxes moved there, and the report followed.
    auto* batchSpin = m_window->controls()->findChild<QSpinBox*>(QStringLiteral("batchSpin"));
    auto* promptSpin = m_window->controls()->findChild<QSpinBox*>(QStringLiteral("promptSpin"));
    auto* batchSlider = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    auto* promptSlider = m_window->controls()->findChild<QSlider*>(QStringLiteral("promptSlider"));
    QCOMPARE(batchSpin->value(), 16);
    QCOMPARE(promptSpin->value(), 8192);
    QCOMPARE(batchSlider->value(), 4);       // 2^4
    QCOMPARE(promptSlider->value(), 6 * 16); // 128 * 2^6, 16 positions per octave
    QCOMPARE(m_window->document()->report()->scenario.batch, 16LL);
    QCOMPARE(m_window->document()->report()->scenario.promptTokens, 8192LL);
    QVERIFY(m_window->document()->isModified());
    // KV cache 16 x (8192 + 512) x 131,072 B = 18.3 GB + 16.1 GB of weights > 25.8 GB: host RAM,
    // as the clicked cell said.
    QCOMPARE(m_window->document()->report()->memory.tier, core::OffloadTier::HostRam);
    QCOMPARE(map->map().verdict(column, row), core::CellVerdict::Offload);
    // The map moved its marker to the clicked cell.
    QCOMPARE(map->map().current.x, 4.0);
    QCOMPARE(map->map().current.y, 13.0);
    QCOMPARE(map->currentPointGraph()->data()->at(0)->key, 4.0);
    // A half-octave cell (batch 23, 180 tokens) sets the spin boxes to exactly those values.
    const auto odd =
        static_cast<std::size_t>(std::find(batches.begin(), batches.end(), 23) - batches.begin());
    QTest::mouseClick(map->plot(), Qt::LeftButton, {}, map->cellCentre(odd, 1).toPoint());
    QCOMPARE(batchSpin->value(), 23);
    QCOMPARE(promptSpin->value(), 180);
    QCOMPARE(m_window->document()->report()->scenario.batch, 23LL);
    QCOMPARE(m_window->document()->report()->scenario.promptTokens, 180LL);
}

void TestDesignSpaceScheduler::designSpacePhaseSelectorRecomputesTheMap()
{
    QVERIFY(showAt1280x800());
    m_window->dashboard()->showDesignSpace(true);
    widgets::DesignSpaceWidget* map = m_window->dashboard()->designSpace();
    auto* prefill = map->findChild<QRadioButton*>(QStringLiteral("designSpacePrefillRadio"));
    QVERIFY(prefill && prefill->isVisible());
    QCOMPARE(map->map().phase, core::RooflinePhase::Decode);
    prefill->click();
    QCOMPARE(map->map().phase, core::RooflinePhase::Prefill);
    QVERIFY(map->map().verdicts == expectedMap(*m_window).verdicts);
    // Default scenario: prefill of 4096 tokens on the RTX 4090 is compute bound, decode memory bound.
    const auto column = static_cast<std::size_t>(core::designSpaceColumnAt(map->map(), 2.0));
    const auto row = static_cast<std::size_t>(core::designSpaceRowAt(map->map(), 12.0));
    QCOMPARE(map->map().verdict(column, row), core::CellVerdict::Compute);
    // Training has no phase to choose: the selector hides and the map shows the training step.
    json s = scenario("nvidia-h100-sxm", "llama-2-7b", 64, 4096);
    s["mode"] = "training";
    s["devices"] = 8;
    QString error;
    QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
    QCOMPARE(map->map().phase, core::RooflinePhase::TrainingStep);
    QVERIFY(!prefill->isVisible());
    QVERIFY(map->map().verdicts == expectedMap(*m_window).verdicts);
}

void TestDesignSpaceScheduler::designSpaceTabIsKeyboardReachable()
{
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTabWidget* tabs = m_window->dashboard()->chartTabs();
    QVERIFY(tabs->tabBar()->focusPolicy() & Qt::TabFocus);
    QTest::keyClick(m_window, Qt::Key_2, Qt::ControlModifier); // View > Design Space
    QVERIFY(m_window->dashboard()->designSpaceShown());
    QVERIFY(m_window->dashboard()->designSpace()->hasMap());
    QTest::keyClick(m_window, Qt::Key_1, Qt::ControlModifier); // View > Roofline
    QVERIFY(!m_window->dashboard()->designSpaceShown());
    // The tab bar itself: arrow keys switch tabs once it has focus.
    tabs->tabBar()->setFocus();
    QTest::keyClick(tabs->tabBar(), Qt::Key_Right);
    QVERIFY(m_window->dashboard()->designSpaceShown());
}

QTEST_MAIN(TestDesignSpaceScheduler)
#include "tst_design_space_scheduler.moc"
