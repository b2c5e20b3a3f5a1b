// The window's Explain dock: hidden until a number is clicked, then the explanation of
// the clicked target, re-explained live when the scenario changes; View → Explain toggles it.
#include "app/explorer/explain_dock.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/catalog/catalog.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/explain_panel.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLocale>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace lhe;
using nlohmann::json;

class TestExplainDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void clickOpensTheDockAndFollowsTheReport();
    void viewMenuTogglesTheDock();

private:
    QTemporaryDir m_dataHome;
};

void TestExplainDock::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestExplainDock::clickOpensTheDockAndFollowsTheReport()
{
    app::MainWindow window(core::Catalog::builtIn());
    json s = app::defaultScenario();
    s["device"] = "nvidia-h100-sxm";
    s["model"] = "llama-3.1-70b";
    s["devices"] = 1;
    s["parallelism"] = {{"tensor", 1}, {"pipeline", 1}, {"data", 1}, {"expert", 1}};
    s["batch"] = 8;
    s["prompt_tokens"] = 3840;
    s["output_tokens"] = 256;
    s["precision"]["kv_cache"] = "bf16";
    QString error;
    QVERIFY2(window.files()->loadScenario(s, &error), qPrintable(error));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QDockWidget* dock = window.findChild<QDockWidget*>(QStringLiteral("explainDock"));
    QVERIFY(dock);
    QCOMPARE(dock, window.explainDock());
    QVERIFY(!dock->isVisible());

    core::ExplainTarget kv;
    kv.kind = core::ExplainKind::MemorySegment;
    kv.segment = core::MemorySegmentKind::KvCache;
    emit window.dashboard()->explainRequested(kv);
    QVERIFY(dock->isVisible());
    QString text = window.explainDock()->panel()->plainText();
    QVERIFY2(text.contains(QStringLiteral("= 2 × 80 × 8 × 128 × 2 B × 8 × 4,096 tokens")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 10.7 GB")), qPrintable(text));

    // Live: twice the batch, twice the cache (21.5 GB), without another click.
    s["batch"] = 16;
    QVERIFY2(window.files()->loadScenario(s, &error), qPrintable(error));
    text = window.explainDock()->panel()->plainText();
    QVERIFY2(text.contains(QStringLiteral("= 2 × 80 × 8 × 128 × 2 B × 16 × 4,096 tokens")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 21.5 GB")), qPrintable(text));

    // A verdict card click.
    QTest::mouseClick(window.dashboard()->prefillCard(), Qt::LeftButton, {}, QPoint(5, 5));
    text = window.explainDock()->panel()->plainText();
    QVERIFY2(text.contains(QStringLiteral("Verdict: Prefill")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Time to first token")), qPrintable(text));
    // The scenario serves 16 users: that time is the whole batch's, and the heading says so.
    QVERIFY(window.document()->report()->serving);
    QVERIFY2(
        text.contains(QStringLiteral("Verdict: Prefill — all 16 prompts prefilled at once; the TTFT each "
                                     "user sees is under Serving")),
        qPrintable(text));
    // For a look (not an assertion): the window with the dock, when asked for.
    if (const QString png = qEnvironmentVariable("LHE_EXPLAIN_WINDOW_PNG"); !png.isEmpty()) {
        window.resize(1500, 900);
        QTest::qWait(50);
        window.grab().save(png);
    }
}

void TestExplainDock::viewMenuTogglesTheDock()
{
    app::MainWindow window(core::Catalog::builtIn());
    QString error;
    QVERIFY2(window.files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction* toggle = window.explainDock()->toggleViewAction();
    QCOMPARE(toggle->text(), QStringLiteral("&Explain"));
    QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->text() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(toggle);
    QVERIFY(inViewMenu);
    toggle->trigger();
    QVERIFY(window.explainDock()->isVisible());
    QVERIFY(
        window.explainDock()->panel()->plainText().contains(QStringLiteral("Click a memory bar segment")));
    toggle->trigger();
    QVERIFY(!window.explainDock()->isVisible());
}

QTEST_MAIN(TestExplainDock)
#include "tst_explain_dock.moc"
