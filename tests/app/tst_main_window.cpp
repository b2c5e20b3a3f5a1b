// The explorer window end to end: controls -> document -> report -> charts and cards, the charts
// kept in place as warnings come and go, the warnings on their strip, no non-finite number
// anywhere, and every save written whole or not at all.
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
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <unistd.h>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void startsOnDefaultScenario();
    void controlChangeUpdatesReportAndCharts();
    void theChartsStayPutAsTheFirstWarningComesAndGoes();
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
