// Compare A/B in the window and on the command line: Pin Scenario as A, Compare A/B and
// Clear Pin; B follows the controls while A stays; the export and copy take the compare view as
// one image; and `--compare a.json --scenario b.json --export-dashboard out.png` renders it headless.
#include "app/explorer/compare_mode.h"
#include "app/explorer/explain_dock.h"
#include "app/explorer/exporter.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "cli_process.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/explain_panel.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace lhe;
using namespace lhe::test;

namespace {

const QString kExplorer = QStringLiteral(LHE_EXPLORER_EXE);

QString fixture(const char* relative)
{
    return QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/") + QString::fromLatin1(relative);
}

QAction* actionNamed(const QWidget& window, const QString& text)
{
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

QString tableCell(const QTableWidget* table, const QString& label, int column)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        const QTableWidgetItem* first = table->item(row, 0);
        if (first && first->text().trimmed() == label && table->item(row, column))
            return table->item(row, column)->text();
    }
    return {};
}

} // namespace

class TestCompareAb : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pinCompareAndClear();
    void exportTakesTheCompareView();
    void cliRendersTheComparison();
    void cliBadCompareFileFails();
    void explainsEitherSide();

private:
    RunResult run(const QStringList& arguments) const;

    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void TestCompareAb::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("data"))));
    m_env = isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());
}

RunResult TestCompareAb::run(const QStringList& arguments) const
{
    QProcessEnvironment env = m_env;
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return runProgram(kExplorer, arguments, env);
}

void TestCompareAb::pinCompareAndClear()
{
    app::MainWindow window(core::Catalog::builtIn());
    QString error;
    nlohmann::json scenario = app::defaultScenario();
    scenario["device"] = "nvidia-h100-sxm";
    QVERIFY2(window.files()->loadScenario(scenario, &error), qPrintable(error));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QAction* pin = actionNamed(window, QStringLiteral("Pin Scenario as &A"));
    QAction* compare = actionNamed(window, QStringLiteral("&Compare A/B"));
    QAction* clear = actionNamed(window, QStringLiteral("Clear Pinned &Scenario"));
    QVERIFY(pin && compare && clear);
    QCOMPARE(pin->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    QCOMPARE(compare->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_3));
    QVERIFY(compare->isCheckable());
    QVERIFY(!compare->isEnabled()); // nothing pinned yet
    QVERIFY(!clear->isEnabled());

    pin->trigger();
    QVERIFY(compare->isEnabled() && clear->isEnabled());
    QVERIFY(!window.compare()->isShown());
    compare->trigger();
    QVERIFY(window.compare()->isShown());
    QCOMPARE(window.exporter()->exportTarget(), static_cast<QWidget*>(window.compareView()));
    QVERIFY(window.compareView()->isVisible());
    QVERIFY(!window.dashboard()->isVisible());

    // B follows the controls, A stays: the H100 (80 GiB = 85.9 GB) against an RTX 4090 (24 GiB
    // = 25.8 GB).
    const QTableWidget* table = window.compareView()->differenceTable();
    QCOMPARE(tableCell(table, QStringLiteral("Capacity per device"), 1), QStringLiteral("85.9 GB"));
    QCOMPARE(tableCell(table, QStringLiteral("Capacity per device"), 2), QStringLiteral("85.9 GB"));
    nlohmann::json other = window.controls()->scenario();
    other["device"] = "nvidia-rtx-4090";
    window.controls()->setScenario(other);
    QCOMPARE(tableCell(table, QStringLiteral("Capacity per device"), 1), QStringLiteral("85.9 GB"));
    QCOMPARE(tableCell(table, QStringLiteral("Capacity per device"), 2), QStringLiteral("25.8 GB"));
    QVERIFY(window.compareView()->memoryBarsB()->title().contains(QStringLiteral("4090")));
    QVERIFY(window.compareView()->memoryBarsA()->title().contains(QStringLiteral("H100")));

    compare->trigger(); // back to the dashboard, the pin kept
    QVERIFY(!window.compare()->isShown());
    QCOMPARE(window.exporter()->exportTarget(), static_cast<QWidget*>(window.dashboard()));
    QVERIFY(window.compareView()->hasPinned());
    compare->trigger();
    QVERIFY(window.compare()->isShown());
    clear->trigger();
    QVERIFY(!window.compare()->isShown());
    QVERIFY(!compare->isEnabled() && !compare->isChecked());
    QVERIFY(!window.compareView()->hasPinned());
}

void TestCompareAb::exportTakesTheCompareView()
{
    app::MainWindow window(core::Catalog::builtIn());
    QString error;
    QVERIFY2(window.files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    window.exporter()->layoutForExport(QSize(1024, 768));
    window.compare()->pinCurrent();
    window.compare()->show(true);
    QCOMPARE(window.compareView()->size(), QSize(1024, 768));
    const QString png = m_home.filePath(QStringLiteral("compare.png"));
    QVERIFY2(window.exporter()->exportDashboard(png, 1.0, &error), qPrintable(error));
    QImage image(png);
    QCOMPARE(image.size(), QSize(1024, 768));
    const QString svg = m_home.filePath(QStringLiteral("compare.svg"));
    QVERIFY2(window.exporter()->exportDashboard(svg, 1.0, &error), qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
}

void TestCompareAb::cliRendersTheComparison()
{
    const QString a = fixture("scenarios/h100-llama-3.1-8b-batch1.json");
    nlohmann::json b = app::readJsonFile(a);
    b["device"] = "nvidia-rtx-4090";
    const QString bPath = m_home.filePath(QStringLiteral("b.json"));
    QFile bFile(bPath);
    QVERIFY(bFile.open(QIODevice::WriteOnly));
    bFile.write(QByteArray::fromStdString(b.dump(2)));
    bFile.close();

    const QString out = m_home.filePath(QStringLiteral("ab.png"));
    const QStringList arguments{
        QStringLiteral("--compare"),          a,   QStringLiteral("--scenario"), bPath,
        QStringLiteral("--export-dashboard"), out, QStringLiteral("--size"),     QStringLiteral("1280x800")};
    const RunResult result = run(arguments);
    QVERIFY2(result.finished && result.exitCode == 0,
             describeRun("llm-hw-explorer", arguments, result).constData());
    const QImage image(out);
    QCOMPARE(image.size(), QSize(1280, 800));

    // Not the dashboard of B alone.
    const QString alone = m_home.filePath(QStringLiteral("b.png"));
    const QStringList plain{QStringLiteral("--scenario"),
                            bPath,
                            QStringLiteral("--export-dashboard"),
                            alone,
                            QStringLiteral("--size"),
                            QStringLiteral("1280x800")};
    QCOMPARE(run(plain).exitCode, 0);
    QVERIFY(QImage(alone) != image);
}

void TestCompareAb::cliBadCompareFileFails()
{
    const QStringList arguments{QStringLiteral("--compare"), QStringLiteral("/no/such/a.json"),
                                QStringLiteral("--export-dashboard"),
                                m_home.filePath(QStringLiteral("x.png"))};
    const RunResult result = run(arguments);
    const QByteArray what = describeRun("llm-hw-explorer", arguments, result);
    QVERIFY2(result.finished && result.exitCode == 2, what.constData());
    QVERIFY2(result.err.contains("/no/such/a.json"), what.constData());
}

// Every number of the comparison explains itself, from the side it belongs to: A's weights are
// bf16 (2 B per parameter), B's int8 (1 B); Llama-3.1-8B has 8.03 B parameters, so A's Weights
// segment is 16.1 GB and B's 8.03 GB.
void TestCompareAb::explainsEitherSide()
{
    app::MainWindow window(core::Catalog::builtIn());
    QString error;
    QVERIFY2(window.files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.compare()->pinCurrent();
    nlohmann::json b = window.controls()->scenario();
    b["precision"]["weights"] = "int8";
    window.controls()->setScenario(b);
    window.compare()->show(true);

    emit window.compareView()->memoryBarsA()->segmentClicked(core::MemorySegmentKind::Weights);
    QVERIFY(window.explainDock()->isVisible());
    QString text = window.explainDock()->panel()->plainText();
    QVERIFY2(text.startsWith(QStringLiteral("A · ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 16.1 GB")), qPrintable(text));

    emit window.compareView()->memoryBarsB()->segmentClicked(core::MemorySegmentKind::Weights);
    text = window.explainDock()->panel()->plainText();
    QVERIFY2(text.startsWith(QStringLiteral("B · ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 8.03 GB")), qPrintable(text));

    // A's decode verdict card; clearing the pin says there is no A any more.
    window.compareView()->cardsA()[1]->setFocus();
    QTest::keyClick(window.compareView()->cardsA()[1], Qt::Key_Return);
    QVERIFY2(window.explainDock()->panel()->plainText().startsWith(QStringLiteral("A · ")),
             qPrintable(window.explainDock()->panel()->plainText()));
    window.compare()->clearPin();
    QVERIFY2(window.explainDock()->panel()->plainText().contains(QStringLiteral("Nothing is pinned")),
             qPrintable(window.explainDock()->panel()->plainText()));
}

QTEST_MAIN(TestCompareAb)
#include "tst_compare_ab.moc"
