// Presentation mode (issue 8): one shortcut, separate from full screen, makes text and chart
// lines 1.5x for a projector and folds the scenario controls away; leaving it restores all.
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "widgets/bottleneck_card.h"
#include "widgets/dashboard.h"
#include "widgets/memory_bars_widget.h"
#include "widgets/qcustomplot_include.h"
#include "widgets/roofline_widget.h"
#include "widgets/scenario_controls.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QTest>

using namespace lhe;

class TestPresentationMode : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void shortcutsAreItsOwn();
    void scalesTextAndLinesAndFoldsTheControls();
    void leavingRestoresEverything();
    void controlsFoldAndUnfoldByThemselves();

private:
    QAction* action(const QString& text) const;
    QLabel* headline() const;
    double normalPointSize() const { return m_normalFont.pointSizeF(); }

    app::MainWindow* m_window = nullptr;
    QFont m_normalFont;
};

void TestPresentationMode::init()
{
    m_normalFont = QApplication::font();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    m_window->setDiscardQuestion([] { return int(QMessageBox::Discard); });
    m_window->resize(1024, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestPresentationMode::cleanup()
{
    m_window->setPresentationMode(false);
    delete m_window;
    m_window = nullptr;
    QApplication::setFont(m_normalFont);
}

QAction* TestPresentationMode::action(const QString& text) const
{
    for (QAction* candidate : m_window->findChildren<QAction*>())
        if (candidate->text().remove(QLatin1Char('&')) == text)
            return candidate;
    return nullptr;
}

QLabel* TestPresentationMode::headline() const
{
    for (QLabel* label : m_window->dashboard()->findChildren<QLabel*>())
        if (label->text() == m_window->dashboard()->headline())
            return label;
    return nullptr;
}

void TestPresentationMode::shortcutsAreItsOwn()
{
    QAction* presentation = action(QStringLiteral("Presentation Mode"));
    QAction* controls = action(QStringLiteral("Scenario Controls"));
    QAction* fullScreen = action(QStringLiteral("Full Screen"));
    QVERIFY(presentation && controls && fullScreen);
    QCOMPARE(presentation->shortcut(), QKeySequence(Qt::Key_F5));
    QCOMPARE(controls->shortcut(), QKeySequence(Qt::Key_F9));
    QVERIFY(!fullScreen->shortcuts().contains(presentation->shortcut()));
    // Presentation mode is not full screen: a teacher may want the window beside the slides.
    presentation->trigger();
    QVERIFY(m_window->presentationMode());
    QVERIFY(!(m_window->windowState() & Qt::WindowFullScreen));
}

void TestPresentationMode::scalesTextAndLinesAndFoldsTheControls()
{
    QVERIFY(m_window->controls()->isVisible());
    QLabel* title = headline();
    QVERIFY(title);
    const double headlineBefore = title->font().pointSizeF();
    QCPAxis* axis = m_window->dashboard()->memoryBars()->plot()->xAxis;
    QCOMPARE(axis->basePen().widthF(), 1.0);

    action(QStringLiteral("Presentation Mode"))->trigger();
    QCoreApplication::processEvents();

    // 1.5 x: a 9 pt default becomes 13.5 pt, a 10 pt one 15 pt.
    QCOMPARE(QApplication::font().pointSizeF(), 1.5 * normalPointSize());
    QCOMPARE(title->font().pointSizeF(), 1.5 * headlineBefore);
    // The verdict ("Bound: Compute") is 1.25 x the card's text, on the projector too.
    const QString verdict = m_window->dashboard()->decodeCard()->boundText();
    for (QLabel* label : m_window->dashboard()->decodeCard()->findChildren<QLabel*>())
        if (label->text() == verdict)
            QCOMPARE(label->font().pointSizeF(), 1.25 * 1.5 * normalPointSize());
    QCOMPARE(axis->basePen().widthF(), 1.5);
    // Chart text never goes below 10 pt normally; on the projector it is at least 1.5 x that.
    QVERIFY(axis->tickLabelFont().pointSizeF() >= 1.5 * std::max(10.0, normalPointSize()) - 1e-9);
    QCPAxis* roofAxis = m_window->dashboard()->roofline()->plot()->yAxis;
    QCOMPARE(roofAxis->basePen().widthF(), 1.5);
    QVERIFY(!m_window->controls()->isVisible());
}

void TestPresentationMode::leavingRestoresEverything()
{
    QAction* presentation = action(QStringLiteral("Presentation Mode"));
    presentation->trigger();
    presentation->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!m_window->presentationMode());
    QCOMPARE(QApplication::font().pointSizeF(), normalPointSize());
    QCOMPARE(m_window->dashboard()->memoryBars()->plot()->xAxis->basePen().widthF(), 1.0);
    QVERIFY(m_window->controls()->isVisible());
}

void TestPresentationMode::controlsFoldAndUnfoldByThemselves()
{
    QAction* controls = action(QStringLiteral("Scenario Controls"));
    controls->trigger();
    QVERIFY(!m_window->controls()->isVisible());
    // Presentation mode remembers the folded state and leaves it folded.
    action(QStringLiteral("Presentation Mode"))->trigger();
    controls->trigger(); // unfolded on the projector
    QVERIFY(m_window->controls()->isVisible());
    action(QStringLiteral("Presentation Mode"))->trigger();
    QVERIFY(!m_window->controls()->isVisible());
}

QTEST_MAIN(TestPresentationMode)
#include "tst_presentation_mode.moc"
