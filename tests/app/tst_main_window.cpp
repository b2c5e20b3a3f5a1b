// The explorer window end to end: controls -> document -> report -> charts and cards, each
// slider step drawn once and laid out only when something changes size, the warnings on their
// strip, no non-finite number anywhere, and every save written whole or not at all.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/catalog_editor.h"
#include "app/explorer/exporter.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/common/units.h"
#include "event_counter.h"
#include "file_size_limit.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/warning_strip.h"
#include "window_suite.h"

#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <memory>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

// An item that draws nothing and notes the plot's size each time its layer is drawn, whether by
// a full replot or by a replot of that layer alone.
class DrawProbe : public QCPAbstractItem
{
public:
    explicit DrawProbe(QCustomPlot* plot) : QCPAbstractItem(plot) {}
    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QList<QSize> sizes;

protected:
    void draw(QCPPainter*) override { sizes << parentPlot()->size(); }
};

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void startsOnDefaultScenario();
    void controlChangeUpdatesReportAndCharts();
    void aSliderStepPaintsTheWindowOnce();
    void sliderStepsLayTheWindowOutOnlyForNewSizes();
    void aSliderStepRepaintsOnlyTheControlsItChanges();
    void theChartsStayPutAsTheFirstWarningComesAndGoes();
    void newFiguresInWarningsAndCardsLeaveTheDashboardsLayout();
    void aStepThatMovesTheLayoutReplotsOnlyAtTheNewSize();
    void autoSplitStaysNamedAfterASliderStep();
    void cardsShowTheReportsBound();
    void trainingShowsTrainingCard();
    void failedSaveLeavesExistingFile_data();
    void failedSaveLeavesExistingFile();
    void extremeSlidersNeverShowNanOrInfinity();
    void everyWarningIsOnTheStrip();

private:
    // Shows the window at the benchmark's size; false if it was never exposed.
    bool showAt1280x800();

    QTemporaryDir m_dataHome;
    app::MainWindow* m_window = nullptr;
};

void TestMainWindow::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestMainWindow::init()
{
    QDir(app::userCatalogFolder()).removeRecursively();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
}

bool TestMainWindow::showAt1280x800()
{
    m_window->resize(1280, 800);
    m_window->show();
    return QTest::qWaitForWindowExposed(m_window);
}

void TestMainWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestMainWindow::startsOnDefaultScenario()
{
    QVERIFY(m_window->document()->report());
    QCOMPARE(m_window->document()->report()->scenario.deviceId, std::string("nvidia-rtx-4090"));
    QVERIFY(m_window->dashboard()->headline().contains(QStringLiteral("RTX 4090")));
}

void TestMainWindow::controlChangeUpdatesReportAndCharts()
{
    QSignalSpy spy(m_window->document(), &widgets::ScenarioDocument::reportChanged);
    const double before = m_window->document()->report()->decode->arithmeticIntensity;
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 64, 1024));
    QVERIFY(spy.count() >= 1);
    const core::Report& r = *m_window->document()->report();
    QCOMPARE(r.scenario.batch, 64LL);
    QVERIFY(r.decode->arithmeticIntensity != before);
    // The roofline's decode points sit at the report's intensity: calibrated and ideal throughput.
    QCPGraph* decode = m_window->dashboard()->roofline()->pointGraph(core::RooflinePhase::Decode);
    QVERIFY(decode && decode->data()->size() >= 1);
    QCOMPARE(decode->data()->at(0)->key, r.decode->arithmeticIntensity);
    QCOMPARE(decode->data()->at(0)->value, r.decode->achievedFlopsPerSecond);
    QCOMPARE(m_window->dashboard()->roofline()->idealGraph(core::RooflinePhase::Decode)->data()->at(0)->value,
             r.ideal.decode->achievedFlopsPerSecond);
    // The weights bar equals the report's weights bytes in GB.
    QCPBars* weights = m_window->dashboard()->memoryBars()->barsFor(core::MemorySegmentKind::Weights);
    QVERIFY(weights && weights->data()->size() >= 1);
    QCOMPARE(weights->data()->at(0)->value, r.memory.perDevice.weightsBytes / 1e9);
}

// One slider step replots the memory chart and the roofline and changes the cards; all of it is
// painted in one frame. QCustomPlot's default repaints each chart at once after its replot: two or
// three paints and flushes of the window per step.
void TestMainWindow::aSliderStepPaintsTheWindowOnce()
{
    QVERIFY(showAt1280x800());
    auto* output = m_window->controls()->findChild<QSlider*>(QStringLiteral("outputSlider"));
    QVERIFY(output && output->value() < output->maximum());
    settle();
    EventCounter counter(QEvent::UpdateRequest); // one paint and flush of the window each
    m_window->installEventFilter(&counter);
    const double before = m_window->document()->report()->decode->seconds;
    output->setValue(output->value() + 1);
    settle();
    QVERIFY(m_window->document()->report()->decode->seconds != before); // the step changed what is drawn
    QCOMPARE(counter.count, 1);
}

// A slider step changes the figures of the headline, the cards, the warnings and the captions,
// not their sizes: the window is not laid out again (each pass measured every chart, card and tab
// page). Before, nearly every step of every slider laid it out.
void TestMainWindow::sliderStepsLayTheWindowOutOnlyForNewSizes()
{
    QVERIFY(showAt1280x800());
    auto* output = m_window->controls()->findChild<QSlider*>(QStringLiteral("outputSlider"));
    QVERIFY(output && output->value() + 10 <= output->maximum());
    settle();
    const double before = m_window->document()->report()->decode->seconds;
    const QString cardBefore = m_window->dashboard()->decodeCard()->summaryText();
    // The scenario panel's content is laid out apart from the window (it scrolls): a step that
    // changes no control's size lays out neither.
    auto* controlsContent =
        m_window->controls()->findChild<QWidget*>(QStringLiteral("scenarioControlsContent"));
    QVERIFY(controlsContent);
    int laidOut = 0;
    int controlsLaidOut = 0;
    for (int step = 0; step < 10; ++step) {
        EventCounter counter(QEvent::LayoutRequest); // one layout pass of the window each
        EventCounter controlsCounter(QEvent::LayoutRequest);
        m_window->installEventFilter(&counter);
        controlsContent->installEventFilter(&controlsCounter);
        output->setValue(output->value() + 1);
        settle();
        m_window->removeEventFilter(&counter);
        controlsContent->removeEventFilter(&controlsCounter);
        laidOut += counter.count > 0 ? 1 : 0;
        controlsLaidOut += controlsCounter.count > 0 ? 1 : 0;
    }
    QVERIFY2(controlsLaidOut <= 1,
             qPrintable(QStringLiteral("%1 of 10 steps laid the scenario panel out").arg(controlsLaidOut)));
    QVERIFY(m_window->document()->report()->decode->seconds != before);
    QVERIFY(m_window->dashboard()->decodeCard()->summaryText() != cardBefore); // the figures changed
    QVERIFY2(laidOut <= 1, qPrintable(QStringLiteral("%1 of 10 steps laid the window out").arg(laidOut)));
}

// The scenario panel shows the document's scenario again after every change. A spin box repaints
// itself on every setValue(), even one that changes nothing: each output step repainted every
// spin box of the panel (and the panel behind them), not just the output's.
void TestMainWindow::aSliderStepRepaintsOnlyTheControlsItChanges()
{
    QVERIFY(showAt1280x800());
    auto* output = m_window->controls()->findChild<QSlider*>(QStringLiteral("outputSlider"));
    auto* outputSpin = m_window->controls()->findChild<QSpinBox*>(QStringLiteral("outputSpin"));
    QVERIFY(output && outputSpin && output->value() < output->maximum());
    settle();
    std::vector<std::pair<QSpinBox*, std::unique_ptr<EventCounter>>> spins;
    for (QSpinBox* spin : m_window->controls()->findChildren<QSpinBox*>()) {
        if (!spin->isVisible())
            continue;
        spins.emplace_back(spin, std::make_unique<EventCounter>(QEvent::Paint));
        spin->installEventFilter(spins.back().second.get());
    }
    QVERIFY(spins.size() >= 4); // batch, prompt, output, devices and the split
    output->setValue(output->value() + 1);
    settle();
    for (const auto& [spin, counter] : spins) {
        if (spin == outputSpin)
            QVERIFY(counter->count > 0); // it shows the new value
        else
            QVERIFY2(counter->count == 0, qPrintable(spin->objectName() + QStringLiteral(" repainted")));
    }
}

// The warning strip sits above the charts. When it came with the first warning and went with the
// last, the charts moved by its height on that slider step: a layout pass of the window and a full
// replot of every chart, the slowest steps of a batch sweep.
void TestMainWindow::theChartsStayPutAsTheFirstWarningComesAndGoes()
{
    QVERIFY(showAt1280x800());
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    QVERIFY(batch);
    const QWidget* chart = m_window->dashboard()->memoryBars();
    int crossings = 0;
    batch->setValue(batch->minimum());
    settle();
    for (int position = batch->minimum() + 1; position <= batch->maximum(); ++position) {
        const bool warnedBefore = !m_window->document()->report()->warnings.empty();
        const QRect before = chart->geometry();
        batch->setValue(position);
        settle();
        if (warnedBefore == m_window->document()->report()->warnings.empty()) {
            ++crossings;
            QCOMPARE(chart->geometry(), before);
        }
    }
    QVERIFY(crossings > 0); // the default scenario warns from some batch on
}

// A batch sweep changes the figures of the warnings ("… adding 12.3 s to time to first token")
// and of the cards on every step. A wrapped label's preferred width follows its text's length,
// which the dashboard's full-width rows and the cards' row (while it has room) do not use: a
// step that keeps every line of text lays the dashboard out no more. Before, each such step
// measured every chart, card and tab page again.
void TestMainWindow::newFiguresInWarningsAndCardsLeaveTheDashboardsLayout()
{
    QVERIFY(showAt1280x800());
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    QVERIFY(batch);
    widgets::Dashboard* dashboard = m_window->dashboard();
    batch->setValue(batch->minimum());
    settle();
    // The geometry of every widget the dashboard's layout places: a pass that moves none of them
    // was not needed.
    const auto placed = [dashboard] {
        QList<QRect> rects;
        for (const QWidget* child : dashboard->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            rects << child->geometry();
        return rects;
    };
    int steps = 0;
    int needless = 0;
    QString texts;
    for (int sweep = 0; sweep < 2; ++sweep) {
        for (int position = batch->minimum() + 1; position <= batch->maximum(); ++position) {
            const QList<QRect> before = placed();
            EventCounter counter(QEvent::LayoutRequest);
            dashboard->installEventFilter(&counter);
            batch->setValue(sweep == 0 ? position : batch->maximum() + batch->minimum() + 1 - position);
            settle();
            dashboard->removeEventFilter(&counter);
            ++steps;
            if (counter.count > 0 && placed() == before) {
                ++needless;
                texts += QLatin1Char(' ') + QString::number(batch->value());
            }
        }
    }
    QVERIFY(steps >= 16);
    QVERIFY2(
        needless == 0,
        qPrintable(QStringLiteral("%1 of %2 steps laid the dashboard out for nothing at batch positions:%3")
                       .arg(needless)
                       .arg(steps)
                       .arg(texts)));
}

// A step that changes the dashboard's layout (a warning line more or less) resizes the charts:
// the roofline is then drawn at its new size only. The window delivers the views' layout requests
// before the charts' queued replots run; left queued, they ran after them, and the step drew the
// roofline at its old size first, then whole again at the new one.
void TestMainWindow::aStepThatMovesTheLayoutReplotsOnlyAtTheNewSize()
{
    QVERIFY(showAt1280x800());
    // Longer prompts bring warnings (the KV pool's concurrency) and take them away again.
    auto* prompt = m_window->controls()->findChild<QSlider*>(QStringLiteral("promptSlider"));
    QVERIFY(prompt);
    auto* plot = m_window->dashboard()->roofline()->findChild<QCustomPlot*>();
    QVERIFY(plot);
    m_window->dashboard()->showChartTab(widgets::Dashboard::RooflineTab);
    prompt->setValue(prompt->minimum());
    settle();
    auto* probe = new DrawProbe(plot);
    probe->setLayer(QStringLiteral("labels")); // a step layer: a step replot draws it too
    int resizingSteps = 0;
    QString wrong;
    for (int position = prompt->minimum() + 1; position <= prompt->maximum(); ++position) {
        const QSize before = plot->size();
        probe->sizes.clear();
        prompt->setValue(position);
        settle();
        if (plot->size() == before)
            continue;
        ++resizingSteps;
        for (const QSize& size : std::as_const(probe->sizes)) {
            if (size != plot->size())
                wrong += QStringLiteral(" prompt position %1: drawn at %2 px high, then %3")
                             .arg(position)
                             .arg(size.height())
                             .arg(plot->height());
        }
    }
    QVERIFY(resizingSteps > 0); // the test can fail: some steps do move the layout
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
}

// The scenario panel names the split the estimator chose, after a slider step as before it (the
// panel used to fall back to "the estimator chooses the split" once the scenario changed).
void TestMainWindow::autoSplitStaysNamedAfterASliderStep()
{
    json s = scenario("nvidia-h100-sxm", "llama-3.1-70b", 4, 4096);
    s["devices"] = 4;
    QString error;
    QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    auto* label = m_window->controls()->findChild<QLabel*>(QStringLiteral("splitLabel"));
    QVERIFY(batch && label);
    batch->setValue(batch->value() + 1);
    QVERIFY(m_window->document()->report());
    const std::optional<core::Parallelism>& split = m_window->document()->report()->scenario.parallelism;
    QVERIFY(split);
    QCOMPARE(split->product(), 4);
    const QString expected = QStringLiteral("Auto: tensor %1").arg(split->tensor);
    QVERIFY2(label->text().startsWith(expected), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("pipeline %1").arg(split->pipeline)),
             qPrintable(label->text()));
}

void TestMainWindow::cardsShowTheReportsBound()
{
    const core::Report& r = *m_window->document()->report();
    QVERIFY(m_window->dashboard()->prefillCard()->boundText().contains(widgets::boundName(r.prefill->bound)));
    QVERIFY(m_window->dashboard()->decodeCard()->boundText().contains(widgets::boundName(r.decode->bound)));
    // Default: Llama-3.1-8B on one RTX 4090 — prefill compute-bound, decode memory-bound.
    QCOMPARE(r.prefill->bound, core::Bound::Compute);
    QCOMPARE(r.decode->bound, core::Bound::Memory);
}

void TestMainWindow::trainingShowsTrainingCard()
{
    json s = scenario("nvidia-h100-sxm", "llama-2-7b", 64, 4096);
    s["mode"] = "training";
    s["devices"] = 8;
    QString error;
    QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
    QVERIFY(m_window->document()->report()->training);
    QVERIFY(m_window->dashboard()->trainingCard()->boundText().contains(
        widgets::boundName(m_window->document()->report()->training->step.bound)));
    QVERIFY(m_window->dashboard()->trainingCard()->summaryText().contains(QStringLiteral("MFU")));
}

void TestMainWindow::failedSaveLeavesExistingFile_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("fault");
    const QStringList saves{u"scenario"_s,      u"report.json"_s,   u"report.csv"_s, u"dashboard.png"_s,
                            u"dashboard.svg"_s, u"dashboard.pdf"_s, u"user device"_s};
    for (const QString& what : saves) {
        for (const QString& fault : {u"full disk"_s, u"read-only folder"_s, u"folder is a file"_s}) {
            if (what == u"user device"_s && fault == u"folder is a file"_s)
                continue; // the user catalog's folder is fixed; tst_user_catalog covers it
            QTest::newRow(qPrintable(what + u", "_s + fault)) << what << fault;
        }
    }
}

// Every save goes through QSaveFile: whatever stops the write (a disk that fills up half-way,
// a folder the user may not write, a "folder" that is a file), the save reports an error that
// names the file, and the file that was there before is byte for byte what it was, with no
// temporary file left beside it.
void TestMainWindow::failedSaveLeavesExistingFile()
{
    QFETCH(QString, what);
    QFETCH(QString, fault);
    const QByteArray original =
        what == u"user device"_s ? QByteArray(R"({"devices": []})") : QByteArray(R"({"device": "original"})");
    QTemporaryDir dir;
    QString folder = dir.path();
    if (what == u"user device"_s) {
        folder = app::userCatalogFolder();
        QVERIFY(QDir().mkpath(folder));
    }
    const QString name = what == u"user device"_s ? QFileInfo(app::userDevicesFile()).fileName()
                         : what == u"scenario"_s  ? u"keep.json"_s
                                                  : what;
    QString path = QDir(folder).filePath(name);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(original), original.size());
    }

    auto save = [&](const QString& target, QString* error) {
        if (what == u"scenario"_s)
            return m_window->files()->saveScenarioFile(target, error);
        if (what.startsWith(u"report"_s))
            return m_window->exporter()->exportReport(target, error);
        if (what.startsWith(u"dashboard"_s))
            return m_window->exporter()->exportDashboard(target, 1.0, error);
        core::Device device = *m_window->document()->catalog().findDevice("nvidia-h100-sxm");
        device.id = "my-h100";
        return m_window->catalogEditor()->addUserDevice(device, error);
    };

    QString error;
    bool saved = false;
    if (fault == u"full disk"_s) {
        const test::FileSizeLimit fullDisk(64); // the original fits, no new content does
        QVERIFY(fullDisk.isActive());
        saved = save(path, &error);
    } else if (fault == u"read-only folder"_s) {
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        saved = save(path, &error);
        QFile::setPermissions(folder,
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (saved && ::geteuid() == 0)
            QSKIP("running as root: a read-only folder does not stop root (the full-disk rows do)");
    } else {
        path = QDir(folder).filePath(name + u"/inside.json"_s); // the existing file as a folder
        saved = save(path, &error);
        path = QDir(folder).filePath(name);
    }

    QVERIFY2(!saved, "the save claimed success");
    QVERIFY2(!error.isEmpty(), "no error message");
    QVERIFY2(error.contains(QFileInfo(path).fileName()), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList{name});
}

void TestMainWindow::extremeSlidersNeverShowNanOrInfinity()
{
    m_window->resize(1280, 800);
    m_window->show();
    const QList<QSlider*> sliders = m_window->controls()->findChildren<QSlider*>();
    QVERIFY(sliders.size() >= 4);
    // "nan", "inf", "infinity" as words ("inference" is fine).
    const QRegularExpression nonFinite(QStringLiteral("\\b(nan|inf|infinity)\\b"),
                                       QRegularExpression::CaseInsensitiveOption);
    auto checkVisibleText = [&](const QString& context) {
        QCoreApplication::processEvents();
        m_window->dashboard()->replotNow();
        for (const QLabel* label : m_window->findChildren<QLabel*>()) {
            QVERIFY2(!nonFinite.match(label->text()).hasMatch(),
                     qPrintable(context + QStringLiteral(": ") + label->text()));
        }
        for (QCustomPlot* plot : m_window->dashboard()->findChildren<QCustomPlot*>()) {
            for (QCPAxis* axis : plot->axisRect()->axes()) {
                QVERIFY2(std::isfinite(axis->range().lower) && std::isfinite(axis->range().upper),
                         qPrintable(context));
            }
            for (int i = 0; i < plot->itemCount(); ++i) {
                if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
                    QVERIFY2(!nonFinite.match(text->text()).hasMatch(),
                             qPrintable(context + QStringLiteral(": ") + text->text()));
                }
            }
        }
    };
    // Every slider alone at both ends, then all at their minimum and all at their maximum,
    // in inference and training.
    for (const char* mode : {"inference", "training"}) {
        json s = scenario("nvidia-h100-sxm", "deepseek-v3", 8, 4096);
        s["mode"] = mode;
        QString error;
        QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
        for (QSlider* slider : sliders) {
            if (!slider->isEnabled())
                continue;
            const int original = slider->value();
            for (int value : {slider->minimum(), slider->maximum()}) {
                slider->setValue(value);
                checkVisibleText(
                    QStringLiteral("%1 %2=%3").arg(QLatin1String(mode), slider->objectName()).arg(value));
            }
            slider->setValue(original);
        }
        for (bool maximum : {false, true}) {
            for (QSlider* slider : sliders)
                if (slider->isEnabled())
                    slider->setValue(maximum ? slider->maximum() : slider->minimum());
            checkVisibleText(
                QStringLiteral("%1 all %2")
                    .arg(QLatin1String(mode), maximum ? QLatin1String("max") : QLatin1String("min")));
        }
    }
}

// A model of no known family asked past its context limit: both warnings are on the dashboard's
// strip with their count; the status bar once showed only the first (the family one).
void TestMainWindow::everyWarningIsOnTheStrip()
{
    json s = app::defaultScenario();
    s.erase("model");
    s["model_config"] = {{"model_type", "brand_new_family"},
                         {"hidden_size", 2048},
                         {"intermediate_size", 8192},
                         {"num_attention_heads", 32},
                         {"num_key_value_heads", 8},
                         {"num_hidden_layers", 16},
                         {"vocab_size", 32000},
                         {"max_position_embeddings", 4096}};
    s["prompt_tokens"] = 8000;
    QString error;
    QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
    const widgets::WarningStrip* strip = m_window->dashboard()->warningStrip();
    QVERIFY(!strip->isHidden());
    const QStringList texts = strip->texts();
    QVERIFY2(texts.size() >= 2, qPrintable(texts.join(u'\n')));
    QCOMPARE(strip->count(), static_cast<int>(m_window->document()->report()->warnings.size()));
    const auto has = [&texts](const char* needle) {
        return std::any_of(texts.begin(), texts.end(),
                           [needle](const QString& t) { return t.contains(QLatin1String(needle)); });
    };
    QVERIFY2(has("is not a known family"), qPrintable(texts.join(u'\n')));
    QVERIFY2(has("exceeds the model's max_position_embeddings"), qPrintable(texts.join(u'\n')));
    // Back to a scenario without warnings: the strip says so.
    QVERIFY(m_window->files()->loadScenario(app::defaultScenario(), &error));
    QVERIFY(m_window->document()->report()->warnings.empty());
    QVERIFY(!strip->isHidden());
    QCOMPARE(strip->count(), 0);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
