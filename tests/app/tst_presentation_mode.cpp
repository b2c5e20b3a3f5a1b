// Presentation mode: one shortcut, separate from full screen, makes text and chart
// lines 1.5x for a projector and folds the scenario controls away; leaving it restores all.
#include "app/explorer/language.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/figure_table.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>

using namespace lhe;

namespace {

// A slider step's layout requests, replots and paints, each posting the next.
void settle()
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

// The dashboard's scroll area (a FitScrollArea), from the page it holds.
QScrollArea* scrollAreaOf(QWidget* page)
{
    return qobject_cast<QScrollArea*>(page->parentWidget()->parentWidget());
}

} // namespace

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
    void controlsAreReachableOnTheProjector_data();
    void controlsAreReachableOnTheProjector();
    void docksNeverWidenTheWindow_data();
    void docksNeverWidenTheWindow();
    void pickerMarkersAreNeverCut_data();
    void pickerMarkersAreNeverCut();
    void cardFiguresReadWhole_data();
    void cardFiguresReadWhole();
    void aWarningThatWrapsGrowsThePageAroundTheCharts();
    void theScrollBarsRoomStaysThroughASweep();

private:
    QAction* action(const QString& text) const;
    QLabel* headline() const;
    // In `language` (English again after the test: cleanup()).
    void presentWithControls(const QString& language = QStringLiteral("en")) const;
    double normalPointSize() const { return m_normalFont.pointSizeF(); }

    app::MainWindow* m_window = nullptr;
    QFont m_normalFont;
};

void TestPresentationMode::init()
{
    m_normalFont = QApplication::font();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    m_window->files()->setDiscardQuestion([] { return int(QMessageBox::Discard); });
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
    app::installTranslations(QStringLiteral("en"));
}

QAction* TestPresentationMode::action(const QString& text) const
{
    for (QAction* candidate : m_window->findChildren<QAction*>())
        if (candidate->text().remove(QLatin1Char('&')) == text)
            return candidate;
    return nullptr;
}

// F5, then F9: presentation mode folds the controls away and the presenter unfolds them. The
// actions are found by their keys, as the menu texts are in the language under test.
void TestPresentationMode::presentWithControls(const QString& language) const
{
    app::installTranslations(language);
    QCoreApplication::processEvents(); // the window retranslates
    for (const QKeySequence& key : {QKeySequence(Qt::Key_F5), QKeySequence(Qt::Key_F9)}) {
        QAction* byKey = nullptr;
        for (QAction* candidate : m_window->findChildren<QAction*>())
            if (candidate->shortcut() == key)
                byKey = candidate;
        QVERIFY(byKey);
        byKey->trigger();
        QCOMPARE(m_window->controls()->isVisible(), key == QKeySequence(Qt::Key_F9));
    }
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
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

// On a 1024 x 768 projector with the controls unfolded (F5, then F9), the panel once cut every
// spin box and combo arrow off at its right edge, with no scroll bar to reach them. Whatever does
// not fit the panel's width is reachable by scrolling.
void TestPresentationMode::controlsAreReachableOnTheProjector_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TestPresentationMode::controlsAreReachableOnTheProjector()
{
    QFETCH(QString, language);
    presentWithControls(language);
    auto* scroll = m_window->controls()->findChild<QScrollArea*>();
    QVERIFY(scroll);
    QWidget* viewport = scroll->viewport();
    int inputs = 0;
    for (QWidget* input : scroll->widget()->findChildren<QWidget*>()) {
        if (!input->isVisibleTo(scroll->widget()) ||
            !(qobject_cast<QAbstractSpinBox*>(input) || qobject_cast<QComboBox*>(input)))
            continue;
        ++inputs;
        const QRect box(input->mapTo(scroll->widget(), QPoint(0, 0)), input->size());
        // The content's right edge lies within the viewport, or a scroll bar reaches it.
        if (box.right() >= viewport->width()) {
            QVERIFY2(scroll->horizontalScrollBar()->isVisible(), qPrintable(input->objectName()));
            QVERIFY2(box.right() < viewport->width() + scroll->horizontalScrollBar()->maximum(),
                     qPrintable(input->objectName()));
        }
    }
    QVERIFY(inputs > 10);
}

// On the projector the dashboard is taller than the window and scrolls. A batch step whose
// warning wraps onto a second line makes the page a line taller: the charts keep their height
// throughout. Laid out at its old height first, the page squeezed both charts by that line, drew
// them, and gave it back in a second pass.
void TestPresentationMode::aWarningThatWrapsGrowsThePageAroundTheCharts()
{
    m_window->setPresentationMode(true);
    m_window->dashboard()->showChartTab(widgets::Dashboard::DesignSpaceTab);
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    QVERIFY(batch);
    batch->setValue(3); // batch 8: one line of warning
    settle();
    QWidget* page = m_window->dashboard();
    const int pageBefore = page->height();
    QScrollArea* scroll = scrollAreaOf(page);
    QVERIFY(scroll);
    QVERIFY(pageBefore > scroll->viewport()->height()); // the case: the page scrolls

    struct Heights : QObject
    {
        QMap<QObject*, QList<int>> seen;
        bool eventFilter(QObject* watched, QEvent* event) override
        {
            if (event->type() == QEvent::Resize)
                seen[watched].push_back(static_cast<QResizeEvent*>(event)->size().height());
            return false;
        }
    } heights;
    auto* memory = m_window->dashboard()->findChild<widgets::MemoryBarsWidget*>();
    QVERIFY(memory);
    const int memoryBefore = memory->height();
    memory->installEventFilter(&heights);
    batch->setValue(4); // batch 16: the KV pool's warning takes two lines
    settle();
    QVERIFY2(page->height() > pageBefore, "the warning's second line grew the page");
    QCOMPARE(memory->height(), memoryBefore);
    for (const int height : heights.seen.value(memory))
        QVERIFY2(height >= memoryBefore, qPrintable(QStringLiteral("squeezed to %1 px").arg(height)));
}

// A batch sweep on the projector makes the page taller than the window (a second warning line,
// a badge that wraps) and short enough again. The page keeps the room of the scroll bar it needed
// (as CSS's scrollbar-gutter: stable): came and went, the bar moved every chart and card sideways
// and laid the whole page out again at another width.
void TestPresentationMode::theScrollBarsRoomStaysThroughASweep()
{
    m_window->setPresentationMode(true);
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    QVERIFY(batch);
    QWidget* page = m_window->dashboard();
    QScrollArea* scroll = scrollAreaOf(page);
    QVERIFY(scroll);
    QSet<int> widths;
    bool scrolled = false;
    bool fitted = false;
    for (const int position : {2, 3, 4, 3, 4, 8, 7, 8, 3, 2}) {
        batch->setValue(position);
        settle();
        const bool scrolls = page->height() > scroll->viewport()->height();
        scrolled = scrolled || scrolls;
        fitted = fitted || (scrolled && !scrolls);
        if (scrolled)
            widths.insert(page->width());
    }
    QVERIFY(scrolled && fitted); // the case: the page needed the bar, then fitted again
    QCOMPARE(widths.size(), 1);
}

void TestPresentationMode::cardFiguresReadWhole_data()
{
    controlsAreReachableOnTheProjector_data();
}

// Beside the controls on a 1024 x 768 projector the prefill card, narrower than its decode
// neighbour, showed "Time…", "Prom…", "Inten…": the names of its figures were cut. Each card's
// figures read whole: a label wraps onto more lines, or its value moves to the line below.
void TestPresentationMode::cardFiguresReadWhole()
{
    QFETCH(QString, language);
    presentWithControls(language);
    int cards = 0;
    for (const widgets::BottleneckCard* card :
         {m_window->dashboard()->prefillCard(), m_window->dashboard()->decodeCard()}) {
        const auto* table = card->findChild<widgets::FigureTable*>();
        QVERIFY(table && table->isVisible());
        ++cards;
        const QList<QStringList> lines = table->labelLines(table->width());
        QCOMPARE(lines.size(), table->figures().size());
        for (qsizetype row = 0; row < lines.size(); ++row) {
            const QString label = table->figures()[row].first;
            // Whole: the lines put together (breaks fall at spaces, or between Chinese characters).
            const QString shown = lines[row].join(QString()).remove(QLatin1Char(' '));
            QVERIFY2(shown == QString(label).remove(QLatin1Char(' ')),
                     qPrintable(lines[row].join(QLatin1Char('|'))));
            for (const QString& line : lines[row]) // a unit stays whole ("tokens/s")
                QVERIFY2(!line.endsWith(QLatin1Char('/')), qPrintable(lines[row].join(QLatin1Char('|'))));
        }
        // As tall as its lines: none drawn past the card's bottom.
        QVERIFY(table->height() >= table->heightForWidth(table->width()));
    }
    QCOMPARE(cards, 2);
}

void TestPresentationMode::pickerMarkersAreNeverCut_data()
{
    controlsAreReachableOnTheProjector_data();
}

// On the projector the device picker showed "Huawei Ascend 910B · unc…": the marker that warns
// of low-confidence figures was the part cut. The picker shows the name, and the line under it
// leads with the marker.
void TestPresentationMode::pickerMarkersAreNeverCut()
{
    QFETCH(QString, language);
    presentWithControls(language);
    auto* combo = m_window->controls()->findChild<QComboBox*>(QStringLiteral("deviceCombo"));
    auto* summary = m_window->controls()->findChild<QLabel*>(QStringLiteral("deviceSummary"));
    QVERIFY(combo && summary);
    const int row = combo->findData(QStringLiteral("huawei-ascend-910b"), widgets::ScenarioControls::IdRole);
    QVERIFY(row >= 0);
    combo->setCurrentIndex(row);
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();

    const QString name =
        QString::fromStdString(m_window->document()->catalog().findDevice("huawei-ascend-910b")->name);
    const QString popupName = combo->itemText(row).section(QString::fromUtf8(" — "), 0, 0);
    QVERIFY2(popupName.startsWith(name + QString::fromUtf8(" · ")), qPrintable(popupName)); // rated low
    const QString marker = popupName.mid(name.size() + 3);
    QVERIFY(summary->isVisible());
    QVERIFY2(summary->text().startsWith(marker), qPrintable(summary->text()));

    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    const QRect field =
        combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
    const QString shown = combo->itemData(row, widgets::ScenarioControls::NameRole).toString();
    QCOMPARE(shown, name);
    QVERIFY2(combo->fontMetrics().horizontalAdvance(shown) <= field.width(),
             qPrintable(QStringLiteral("%1 px for %2 px")
                            .arg(combo->fontMetrics().horizontalAdvance(shown))
                            .arg(field.width())));
}

void TestPresentationMode::docksNeverWidenTheWindow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presenting");
    QTest::addColumn<QStringList>("docks");
    const QStringList primer{QStringLiteral("Primer")};
    const QStringList explain{QStringLiteral("Explain")};
    const QStringList both{QStringLiteral("Primer"), QStringLiteral("Explain")};
    QTest::newRow("1280x800 primer") << QSize(1280, 800) << false << primer;
    QTest::newRow("1280x800 explain") << QSize(1280, 800) << false << explain;
    QTest::newRow("1280x800 both") << QSize(1280, 800) << false << both;
    QTest::newRow("1024x768 primer") << QSize(1024, 768) << false << primer;
    QTest::newRow("1024x768 explain") << QSize(1024, 768) << false << explain;
    QTest::newRow("1024x768 presenting, controls, primer") << QSize(1024, 768) << true << primer;
}

// Opening the Primer once widened a 1280-wide window to 1326 px (controls, dashboard and dock
// each kept their minimum width), and it stayed that wide: on a 1024 x 768 projector that is
// off the screen. A dock takes its room from the window, whatever the size and mode.
void TestPresentationMode::docksNeverWidenTheWindow()
{
    QFETCH(QSize, size);
    QFETCH(bool, presenting);
    QFETCH(QStringList, docks);
    m_window->resize(size);
    if (presenting) {
        action(QStringLiteral("Presentation Mode"))->trigger();
        action(QStringLiteral("Scenario Controls"))->trigger(); // F9: the controls on the projector
        QVERIFY(m_window->controls()->isVisible());
    }
    QCoreApplication::processEvents();
    QCOMPARE(m_window->size(), size);
    for (const QString& dock : docks) {
        QAction* toggle = action(dock);
        QVERIFY2(toggle, qPrintable(dock));
        toggle->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(m_window->size(), size);
    }
    for (const QString& dock : docks)
        action(dock)->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(m_window->size(), size);
}

QTEST_MAIN(TestPresentationMode)
#include "tst_presentation_mode.moc"
