// The explorer window end to end: controls -> core -> report -> charts and cards, scenario
// files round-trip, every export format is a real, non-blank file, and user catalog entries
// (a new device, an imported model) are saved, selectable and evaluated.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/chart_data.h"
#include "core/design_space.h"
#include "core/units.h"
#include "file_size_limit.h"
#include "widgets/bottleneck_card.h"
#include "widgets/chart_palette.h"
#include "widgets/dashboard.h"
#include "widgets/design_space_widget.h"
#include "widgets/device_editor_dialog.h"
#include "widgets/memory_bars_widget.h"
#include "widgets/message_log.h"
#include "widgets/qcustomplot_include.h"
#include "widgets/roofline_widget.h"
#include "widgets/scenario_controls.h"
#include "widgets/warning_strip.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMessageBox>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QXmlStreamReader>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace lhe;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

// A few passes of the event loop: the step's queued replots and the window's paint.
void settle()
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

int distinctColours(const QImage& image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

json scenario(const char* device, const char* model, int batch, int prompt)
{
    json s = app::defaultScenario();
    s["device"] = device;
    s["model"] = model;
    s["batch"] = batch;
    s["prompt_tokens"] = prompt;
    return s;
}

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
    void theChartsStayPutAsTheFirstWarningComesAndGoes();
    void cardsShowTheReportsBound();
    void autoSplitStaysNamedAfterASliderStep();
    void trainingShowsTrainingCard();
    void scenarioSaveOpenRoundTrip();
    void badScenarioIsRejectedWithoutChangingControls();
    void everyBrokenInputIsRefusedWithItsMessage();
    void importedConfigBecomesTheModel();
    void exportFormats_data();
    void exportFormats();
    void exportReportJsonAndCsv();
    void failedSaveLeavesExistingFile_data();
    void failedSaveLeavesExistingFile();
    void asksBeforeDiscardingChanges();
    void brokenUserCatalogEntryIsSkippedWithAVisibleWarning();
    void extremeSlidersNeverShowNanOrInfinity();
    void userDeviceIsSavedSelectedAndEvaluated();
    void importedModelIsSavedToCatalog();
    void editMenuSavesAnEditedDeviceCopy();
    void designSpaceTabShowsTheCurrentScenariosMap();
    void clickingAMapCellMovesBatchAndPromptSliders();
    void designSpacePhaseSelectorRecomputesTheMap();
    void designSpaceTabIsKeyboardReachable();
    void everyWarningIsOnTheStrip();
    void singleChartExportsCarryATitle();
    void dashboardExportsCarryNoTabBar();
    void copyingAHiddenChartLeavesTheScreenAlone();

private:
    // Shows the window at the benchmark's size; false if it was never exposed.
    bool showAt1280x800();
    // The map core computes for the window's current scenario with the widget's chosen phase.
    core::DesignSpaceMap expectedMap() const;
    QAction* saveModelAction() const;

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
    QVERIFY2(m_window->loadScenario(app::defaultScenario(), &error), qPrintable(error));
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
    QVERIFY(m_window->report());
    QCOMPARE(m_window->report()->scenario.deviceId, std::string("nvidia-rtx-4090"));
    QVERIFY(m_window->dashboard()->headline().contains(QStringLiteral("RTX 4090")));
}

void TestMainWindow::controlChangeUpdatesReportAndCharts()
{
    QSignalSpy spy(m_window, &app::MainWindow::reportChanged);
    const double before = m_window->report()->decode->arithmeticIntensity;
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 64, 1024));
    QVERIFY(spy.count() >= 1);
    const core::Report& r = *m_window->report();
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
        const bool warnedBefore = !m_window->report()->warnings.empty();
        const QRect before = chart->geometry();
        batch->setValue(position);
        settle();
        if (warnedBefore == m_window->report()->warnings.empty()) {
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
    QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
    auto* batch = m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    auto* label = m_window->controls()->findChild<QLabel*>(QStringLiteral("splitLabel"));
    QVERIFY(batch && label);
    batch->setValue(batch->value() + 1);
    QVERIFY(m_window->report());
    const std::optional<core::Parallelism>& split = m_window->report()->scenario.parallelism;
    QVERIFY(split);
    QCOMPARE(split->product(), 4);
    const QString expected = QStringLiteral("Auto: tensor %1").arg(split->tensor);
    QVERIFY2(label->text().startsWith(expected), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("pipeline %1").arg(split->pipeline)),
             qPrintable(label->text()));
}

void TestMainWindow::cardsShowTheReportsBound()
{
    const core::Report& r = *m_window->report();
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
    QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
    QVERIFY(m_window->report()->training);
    QVERIFY(m_window->dashboard()->trainingCard()->boundText().contains(
        widgets::boundName(m_window->report()->training->step.bound)));
    QVERIFY(m_window->dashboard()->trainingCard()->summaryText().contains(QStringLiteral("MFU")));
}

void TestMainWindow::scenarioSaveOpenRoundTrip()
{
    QTemporaryDir dir;
    json s = scenario("nvidia-a100-80gb-sxm", "qwen2.5-7b", 16, 8192);
    s["precision"]["weights"] = "fp8";
    s["devices"] = 2;
    s["parallelism"] = {{"tensor", 2}, {"pipeline", 1}, {"data", 1}, {"expert", 1}};
    QString error;
    QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
    const json saved = m_window->controls()->scenario();
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(m_window->saveScenarioFile(path, &error), qPrintable(error));

    QVERIFY(m_window->loadScenario(app::defaultScenario(), &error));
    QVERIFY(m_window->controls()->scenario() != saved);
    QVERIFY2(m_window->openScenarioFile(path, &error), qPrintable(error));
    QCOMPARE(m_window->controls()->scenario(), saved);
    QCOMPARE(m_window->report()->scenario.weights, core::Precision::Fp8);
    QCOMPARE(m_window->report()->scenario.parallelism->tensor, 2LL);
}

void TestMainWindow::badScenarioIsRejectedWithoutChangingControls()
{
    const json before = m_window->controls()->scenario();
    QString error;
    QVERIFY(!m_window->loadScenario(scenario("no-such-gpu", "llama-3.1-8b", 1, 128), &error));
    QVERIFY(error.contains(QStringLiteral("device")));
    QCOMPARE(m_window->controls()->scenario(), before);
}

// The folder of broken inputs (tests/fixtures/bad_inputs, its manifest expected.json) through
// the window's own paths: File > Open refuses every broken scenario and Import refuses every
// broken config.json with the message the manifest names (the same one the CLI prints), and
// neither touches the controls or the report on screen.
void TestMainWindow::everyBrokenInputIsRefusedWithItsMessage()
{
    const QString folder = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/bad_inputs");
    const json manifest = app::readJsonFile(folder + u"/expected.json"_s);
    const json before = m_window->controls()->scenario();
    const QString title = m_window->windowTitle();
    int tried = 0;
    for (const auto& [name, entry] : manifest["files"].items()) {
        const std::string kind = entry["kind"].get<std::string>();
        if (kind == "catalog")
            continue; // catalogs: brokenUserCatalogEntryIsSkippedWithAVisibleWarning, tst_bad_inputs
        const QString path = folder + u'/' + QString::fromStdString(name);
        QString error;
        const bool accepted = kind == "scenario" ? m_window->openScenarioFile(path, &error)
                                                 : m_window->importModelConfig(path, &error);
        QVERIFY2(!accepted, qPrintable(QString::fromStdString(name)));
        for (const auto& needle : entry["needles"]) {
            const QString text = QString::fromStdString(needle.get<std::string>());
            QVERIFY2(error.contains(text), qPrintable(u"\""_s + text + u"\" not in: "_s + error));
        }
        QVERIFY2(!error.contains(u'\n'), qPrintable(error));
        QCOMPARE(m_window->controls()->scenario(), before);
        QCOMPARE(m_window->windowTitle(), title);
        ++tried;
    }
    QVERIFY2(tried >= 30, qPrintable(QString::number(tried)));
}

void TestMainWindow::importedConfigBecomesTheModel()
{
    // Qwen3-8B's published config.json: 8,190,735,360 parameters (Hugging Face safetensors).
    QString error;
    const QString path = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json");
    QVERIFY2(m_window->importModelConfig(path, &error), qPrintable(error));
    const json s = m_window->controls()->scenario();
    QVERIFY(s.contains("model_config"));
    QVERIFY(m_window->report());
    QVERIFY(qAbs(m_window->report()->paramsTotal - 8190735360.0) <= 0.005 * 8190735360.0);
    QVERIFY(
        !m_window->importModelConfig(QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/no-such.json"), &error));
    QVERIFY(error.contains(QStringLiteral("not found")));

    // A family the reader does not know loads with the generic keys and says so, once, in the
    // Messages panel, naming the file.
    QCOMPARE(m_window->messageLog()->count(), 0);
    const QString unknown =
        QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/unknown-family.config.json");
    QVERIFY2(m_window->importModelConfig(unknown, &error), qPrintable(error));
    QCOMPARE(m_window->messageLog()->count(), 1);
    QVERIFY2(m_window->messageLog()->message(0).startsWith(u"unknown-family.config.json: "_s) &&
                 m_window->messageLog()->message(0).contains(u"unknown_family"_s),
             qPrintable(m_window->messageLog()->message(0)));
    // ... and the headline says the figures are approximate, not only the Messages panel.
    QVERIFY2(m_window->dashboard()->headline().contains(u"approximate"_s),
             qPrintable(m_window->dashboard()->headline()));
    QVERIFY(m_window->dashboard()->headline().startsWith(u"unknown-family on"_s));
    QVERIFY2(m_window->importModelConfig(path, &error), qPrintable(error));
    QVERIFY(!m_window->dashboard()->headline().contains(u"approximate"_s));
}

void TestMainWindow::exportFormats_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("scale");
    QTest::newRow("png 1x") << "d.png" << 1.0;
    QTest::newRow("png 2x") << "d2.png" << 2.0;
    QTest::newRow("svg") << "d.svg" << 1.0;
    QTest::newRow("pdf") << "d.pdf" << 1.0;
}

void TestMainWindow::exportFormats()
{
    QFETCH(QString, name);
    QFETCH(double, scale);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QString error;
    m_window->layoutForExport(QSize(1024, 768));
    QCOMPARE(m_window->dashboard()->size(), QSize(1024, 768));
    QVERIFY2(m_window->exportDashboard(path, scale, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 1000);
    if (name.endsWith(QLatin1String(".png"))) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.size(), QSize(1024, 768) * scale);
        QVERIFY(distinctColours(image) > 8);
    } else if (name.endsWith(QLatin1String(".svg"))) {
        QXmlStreamReader xml(bytes);
        bool sawSvg = false;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("svg"))
                sawSvg = true;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        // Millimetres at 96 px per inch (CSS): a browser shows it at the PNG's 1024 px.
        QXmlStreamReader root(bytes);
        while (!root.atEnd() &&
               !(root.readNext() == QXmlStreamReader::StartElement && root.name() == u"svg"_s)) {
        }
        const QString width = root.attributes().value(u"width"_s).toString();
        QVERIFY2(width.endsWith(u"mm"_s), qPrintable(width));
        QVERIFY2(std::abs(width.chopped(2).toDouble() * 96 / 25.4 - 1024) < 1, qPrintable(width));
        QVERIFY(bytes.count("<path") + bytes.count("<rect") + bytes.count("<polyline") > 20);
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
    }
}

void TestMainWindow::exportReportJsonAndCsv()
{
    QTemporaryDir dir;
    QString error;
    const QString jsonPath = dir.filePath(QStringLiteral("r.json"));
    QVERIFY2(m_window->exportReport(jsonPath, &error), qPrintable(error));
    const json report = app::readJsonFile(jsonPath);
    QCOMPARE(report["memory"]["per_device"]["weights"].get<double>(),
             m_window->report()->memory.perDevice.weightsBytes);
    const QString csvPath = dir.filePath(QStringLiteral("r.csv"));
    QVERIFY2(m_window->exportReport(csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    QVERIFY(text.startsWith(QStringLiteral("field,value\n")));
    QVERIFY(text.contains(QStringLiteral("\nmemory.per_device.weights,")));
    QVERIFY(text.contains(QStringLiteral("\ndecode.bound,memory\n")));
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
            return m_window->saveScenarioFile(target, error);
        if (what.startsWith(u"report"_s))
            return m_window->exportReport(target, error);
        if (what.startsWith(u"dashboard"_s))
            return m_window->exportDashboard(target, 1.0, error);
        core::Device device = *m_window->catalog().findDevice("nvidia-h100-sxm");
        device.id = "my-h100";
        return m_window->addUserDevice(device, error);
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

// A hand-edited user catalog with one bad entry: that entry is skipped, the good one beside it
// and the whole shipped catalog still load, the window starts, and the warning (file and field
// path) stays readable in the Messages panel, which opens by itself.
void TestMainWindow::brokenUserCatalogEntryIsSkippedWithAVisibleWarning()
{
    QVERIFY(QDir().mkpath(app::userCatalogFolder()));
    const json good = {{"id", "lab-gpu"},
                       {"name", "Lab GPU"},
                       {"vendor", "Lab"},
                       {"class", "gpu"},
                       {"memory_bytes", 48e9},
                       {"memory_bandwidth", 1e12},
                       {"peak_flops", {{"bf16", 2e14}}}};
    json broken = good;
    broken["id"] = "lab-broken";
    broken["memory_bandwidth"] = 0; // devices[1].memory_bandwidth must be positive
    const std::string text = json{{"devices", {good, broken}}}.dump(2);
    {
        QFile file(QDir(app::userCatalogFolder()).filePath(u"lab.json"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.data(), static_cast<qint64>(text.size()));
    }

    std::vector<lhe::core::Message> warnings;
    core::Catalog catalog = app::loadCatalog({}, warnings);
    QVERIFY(catalog.findDevice("lab-gpu"));
    QVERIFY(!catalog.findDevice("lab-broken"));
    QVERIFY(catalog.findDevice("nvidia-h100-sxm"));
    QVERIFY(catalog.findModel("llama-3.1-8b"));

    app::MainWindow window(std::move(catalog));
    QString error;
    QVERIFY2(window.loadScenario(app::defaultScenario(), &error), qPrintable(error));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.messageDock()->isHidden());
    window.showWarnings(warnings);
    QCOMPARE(window.messageLog()->count(), static_cast<int>(warnings.size()));
    QVERIFY(window.messageLog()->count() >= 1);
    const QString message = window.messageLog()->message(0);
    QVERIFY2(message.contains(u"lab.json"_s) && message.contains(u"devices[1].memory_bandwidth"_s),
             qPrintable(message));
    QVERIFY(window.messageDock()->isVisible());
    auto* button = window.findChild<QToolButton*>(u"messageButton"_s);
    QVERIFY(button && button->isVisible());
    QVERIFY2(button->text().contains(QString::number(warnings.size())), qPrintable(button->text()));

    // Clearing empties the panel and hides the count.
    window.messageLog()->clear();
    QCOMPARE(window.messageLog()->count(), 0);
    QVERIFY(!button->isVisible());
}

QAction* TestMainWindow::saveModelAction() const
{
    const QList<QAction*> actions = m_window->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (action->text().contains(QStringLiteral("Save Imported Model")))
            return action;
    }
    return nullptr;
}

void TestMainWindow::userDeviceIsSavedSelectedAndEvaluated()
{
    // What Hardware > New Device… does after its dialog: required fields only.
    core::Device device;
    device.id = "test-accelerator-96gb";
    device.name = "Test Accelerator 96GB";
    device.vendor = "Test";
    device.deviceClass = core::DeviceClass::Gpu;
    device.memoryBytes = 96 * core::units::GiB;
    device.memoryBandwidthBytesPerSecond = 2e12;
    device.peakFlopsPerSecond[static_cast<std::size_t>(core::PeakKey::Bf16)] = 500e12;
    QString error;
    QVERIFY2(m_window->addUserDevice(device, &error), qPrintable(error));
    QVERIFY(QFile::exists(app::userDevicesFile()));

    QVERIFY(m_window->report());
    QCOMPARE(m_window->report()->deviceName, device.name);
    QCOMPARE(m_window->report()->scenario.deviceId, device.id);
    // Ridge = 500e12 FLOP/s / 2e12 B/s = 250 FLOP/B (relative 1e-12).
    QVERIFY(qAbs(m_window->report()->roofline.ridgeIntensity - 250.0) <= 250.0 * 1e-12);
    QVERIFY(m_window->dashboard()->headline().contains(QStringLiteral("Test Accelerator 96GB")));
    QVERIFY(m_window->catalog().findDevice(device.id)->userDefined);

    // Selected in the picker, marked as the user's.
    auto* combo = m_window->controls()->findChild<QComboBox*>(QStringLiteral("deviceCombo"));
    QVERIFY(combo);
    const int row = combo->findData(QString::fromStdString(device.id), widgets::ScenarioControls::IdRole);
    QVERIFY(row >= 0);
    QCOMPARE(combo->currentIndex(), row);
    QCOMPARE(combo->itemData(row, widgets::ScenarioControls::NameRole).toString(),
             QStringLiteral("Test Accelerator 96GB"));
    QVERIFY(combo->itemText(row).startsWith(QString::fromUtf8("Test Accelerator 96GB · user — ")));

    // A second save under the same id replaces it and is re-evaluated.
    device.name = "Test Accelerator 96GB rev B";
    device.memoryBandwidthBytesPerSecond = 4e12;
    QVERIFY2(m_window->addUserDevice(device, &error), qPrintable(error));
    QCOMPARE(m_window->report()->deviceName, device.name);
    QVERIFY(qAbs(m_window->report()->roofline.ridgeIntensity - 125.0) <= 125.0 * 1e-12);
    QCOMPARE(app::readJsonFile(app::userDevicesFile())["devices"].size(), std::size_t(1));

    // An invalid device is refused with a message and changes nothing.
    const json before = m_window->controls()->scenario();
    device.id = "broken";
    device.memoryBandwidthBytesPerSecond = 0;
    QVERIFY(!m_window->addUserDevice(device, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(m_window->controls()->scenario(), before);
}

void TestMainWindow::importedModelIsSavedToCatalog()
{
    QString error;
    QVERIFY(saveModelAction());
    QVERIFY(!saveModelAction()->isEnabled());
    QVERIFY(!m_window->saveImportedModel(QStringLiteral("x"), QStringLiteral("X"), &error));
    QVERIFY(error.contains(QStringLiteral("imported")));

    const QString path = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json");
    QVERIFY2(m_window->importModelConfig(path, &error), qPrintable(error));
    QVERIFY(saveModelAction()->isEnabled());
    QVERIFY2(
        m_window->saveImportedModel(QStringLiteral("my-qwen3-8b"), QStringLiteral("My Qwen3 8B"), &error),
        qPrintable(error));
    const json s = m_window->controls()->scenario();
    QCOMPARE(s["model"].get<std::string>(), std::string("my-qwen3-8b"));
    QVERIFY(!s.contains("model_config"));
    QCOMPARE(m_window->report()->modelName, std::string("My Qwen3 8B"));
    // Qwen3-8B: 8,190,735,360 parameters (Hugging Face safetensors); within 0.5 %.
    QVERIFY(qAbs(m_window->report()->paramsTotal - 8190735360.0) <= 0.005 * 8190735360.0);
    QVERIFY(m_window->catalog().findModel("my-qwen3-8b")->userDefined);
    QVERIFY(!saveModelAction()->isEnabled());
}

void TestMainWindow::editMenuSavesAnEditedDeviceCopy()
{
    // The menu path end to end: Edit > Edit a Copy of Current Device… opens the editor
    // prefilled from the selected RTX 4090; a new bandwidth is saved, selected and evaluated.
    QAction* editCopy = nullptr;
    const QList<QAction*> actions = m_window->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (action->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Edit a Copy")))
            editCopy = action;
    }
    QVERIFY(editCopy);
    bool sawDialog = false;
    QTimer::singleShot(0, this, [&sawDialog] {
        const QWidgetList windows = QApplication::topLevelWidgets();
        for (QWidget* window : windows) {
            auto* dialog = qobject_cast<widgets::DeviceEditorDialog*>(window);
            if (!dialog || !dialog->isVisible())
                continue;
            sawDialog = dialog->device().id == "nvidia-rtx-4090-custom";
            dialog->findChild<QDoubleSpinBox*>(QStringLiteral("bandwidthSpin"))->setValue(1200);
            dialog->accept();
        }
    });
    editCopy->trigger();
    QVERIFY(sawDialog);
    const core::Device* original = core::Catalog::builtIn().findDevice("nvidia-rtx-4090");
    QCOMPARE(m_window->report()->scenario.deviceId, std::string("nvidia-rtx-4090-custom"));
    QCOMPARE(m_window->report()->deviceName, original->name + " (custom)");
    QCOMPARE(m_window->report()->roofline.memoryBandwidthBytesPerSecond, 1.2e12); // 1200 GB/s
    QCOMPARE(m_window->catalog().findDevice("nvidia-rtx-4090-custom")->memoryBytes, original->memoryBytes);
}

void TestMainWindow::asksBeforeDiscardingChanges()
{
    QVERIFY(!m_window->isModified()); // a loaded scenario has nothing to lose
    int asked = 0;
    int answer = QMessageBox::Cancel;
    m_window->setDiscardQuestion([&] {
        ++asked;
        return answer;
    });
    m_window->show();
    QVERIFY(m_window->close()); // unmodified: closes without asking
    QCOMPARE(asked, 0);

    m_window->show();
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 16, 2048));
    QVERIFY(m_window->isModified());
    QVERIFY(!m_window->close()); // Cancel keeps the window and the changes
    QCOMPARE(asked, 1);
    QVERIFY(m_window->isVisible());
    QVERIFY(m_window->isModified());

    QTemporaryDir dir;
    QString error;
    QVERIFY(m_window->saveScenarioFile(dir.filePath(QStringLiteral("s.json")), &error));
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 32, 2048));
    answer = QMessageBox::Save; // saves to the known path, then closes
    QVERIFY(m_window->close());
    QCOMPARE(asked, 2);
    QVERIFY(!m_window->isModified());
    QCOMPARE(app::readScenarioFile(dir.filePath(QStringLiteral("s.json")))["batch"].get<int>(), 32);

    m_window->show();
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 64, 2048));
    answer = QMessageBox::Discard;
    QVERIFY(m_window->close());
    QCOMPARE(asked, 3);
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
        QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
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

core::DesignSpaceMap TestMainWindow::expectedMap() const
{
    core::DesignSpaceAxes axes;
    axes.phase = m_window->dashboard()->designSpace()->requestedPhase();
    return core::designSpaceMap(core::scenarioFromJson(m_window->controls()->scenario()),
                                core::Catalog::builtIn(), axes);
}

void TestMainWindow::designSpaceTabShowsTheCurrentScenariosMap()
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
    const core::DesignSpaceMap expected = expectedMap();
    QVERIFY(map->map().verdicts == expected.verdicts);
    QCOMPARE(map->map().phase, core::RooflinePhase::Decode);
    // Default scenario: batch 4, prompt 4096; the read-outs are the report's limits.
    QCOMPARE(map->map().current.x, 2.0);
    QCOMPARE(map->map().current.y, 12.0);
    QCOMPARE(map->map().maxBatchFits, m_window->report()->limits->maxBatchFits);
    QCOMPARE(map->map().maxContextFits, m_window->report()->limits->maxContextFits);
    QCOMPARE(map->map().devicesNeeded, std::optional<long long>(1));
    QVERIFY(map->maxBatchLabel()->text().contains(
        QLocale().toString(static_cast<qlonglong>(m_window->report()->limits->maxBatchFits))));

    // It follows every other control while shown: another device and model.
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-70b", 8, 2048));
    QCOMPARE(map->map().current.x, 3.0);
    QCOMPARE(map->map().current.y, 11.0);
    QVERIFY(map->map().verdicts == expectedMap().verdicts);
    QCOMPARE(map->map().devicesNeeded, std::optional<long long>(2)); // 141 GB of bf16 weights over 2 H100s
    // Back on the roofline, the map is not recomputed; showing it again brings it up to date.
    tabs->setCurrentIndex(0);
    m_window->controls()->setScenario(scenario("nvidia-rtx-4090", "llama-3.1-8b", 16, 1024));
    QCOMPARE(map->map().current.x, 3.0);
    tabs->setCurrentIndex(1);
    QCOMPARE(map->map().current.x, 4.0);
    QCOMPARE(map->map().current.y, 10.0);
}

void TestMainWindow::clickingAMapCellMovesBatchAndPromptSliders()
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
    QSignalSpy reports(m_window, &app::MainWindow::reportChanged);
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
    QCOMPARE(m_window->report()->scenario.batch, 16LL);
    QCOMPARE(m_window->report()->scenario.promptTokens, 8192LL);
    QVERIFY(m_window->isModified());
    // KV cache 16 x (8192 + 512) x 131,072 B = 18.3 GB + 16.1 GB of weights > 25.8 GB: host RAM,
    // as the clicked cell said.
    QCOMPARE(m_window->report()->memory.tier, core::OffloadTier::HostRam);
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
    QCOMPARE(m_window->report()->scenario.batch, 23LL);
    QCOMPARE(m_window->report()->scenario.promptTokens, 180LL);
}

void TestMainWindow::designSpacePhaseSelectorRecomputesTheMap()
{
    QVERIFY(showAt1280x800());
    m_window->dashboard()->showDesignSpace(true);
    widgets::DesignSpaceWidget* map = m_window->dashboard()->designSpace();
    auto* prefill = map->findChild<QRadioButton*>(QStringLiteral("designSpacePrefillRadio"));
    QVERIFY(prefill && prefill->isVisible());
    QCOMPARE(map->map().phase, core::RooflinePhase::Decode);
    prefill->click();
    QCOMPARE(map->map().phase, core::RooflinePhase::Prefill);
    QVERIFY(map->map().verdicts == expectedMap().verdicts);
    // Default scenario: prefill of 4096 tokens on the RTX 4090 is compute bound, decode memory bound.
    const auto column = static_cast<std::size_t>(core::designSpaceColumnAt(map->map(), 2.0));
    const auto row = static_cast<std::size_t>(core::designSpaceRowAt(map->map(), 12.0));
    QCOMPARE(map->map().verdict(column, row), core::CellVerdict::Compute);
    // Training has no phase to choose: the selector hides and the map shows the training step.
    json s = scenario("nvidia-h100-sxm", "llama-2-7b", 64, 4096);
    s["mode"] = "training";
    s["devices"] = 8;
    QString error;
    QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
    QCOMPARE(map->map().phase, core::RooflinePhase::TrainingStep);
    QVERIFY(!prefill->isVisible());
    QVERIFY(map->map().verdicts == expectedMap().verdicts);
}

void TestMainWindow::designSpaceTabIsKeyboardReachable()
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
    QVERIFY2(m_window->loadScenario(s, &error), qPrintable(error));
    const widgets::WarningStrip* strip = m_window->dashboard()->warningStrip();
    QVERIFY(!strip->isHidden());
    const QStringList texts = strip->texts();
    QVERIFY2(texts.size() >= 2, qPrintable(texts.join(u'\n')));
    QCOMPARE(strip->count(), static_cast<int>(m_window->report()->warnings.size()));
    const auto has = [&texts](const char* needle) {
        return std::any_of(texts.begin(), texts.end(),
                           [needle](const QString& t) { return t.contains(QLatin1String(needle)); });
    };
    QVERIFY2(has("is not a known family"), qPrintable(texts.join(u'\n')));
    QVERIFY2(has("exceeds the model's max_position_embeddings"), qPrintable(texts.join(u'\n')));
    // Back to a scenario without warnings: the strip says so.
    QVERIFY(m_window->loadScenario(app::defaultScenario(), &error));
    QVERIFY(m_window->report()->warnings.empty());
    QVERIFY(!strip->isHidden());
    QCOMPARE(strip->count(), 0);
}

// A chart taken out of the window says what it shows: a title band above it naming the model,
// device x count, mode and the workload, in PNG and SVG alike. The dashboard export has its own
// headline and gets none.
void TestMainWindow::singleChartExportsCarryATitle()
{
    m_window->layoutForExport(QSize(1280, 800));
    QWidget* roofline = m_window->dashboard()->roofline();
    const QString title = m_window->dashboard()->chartTitle();
    QVERIFY2(title.startsWith(QStringLiteral("Llama 3.1 8B on 1 × NVIDIA GeForce RTX 4090 — inference")),
             qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("batch 4 · prompt 4,096 · output 512 tokens · weights bf16")),
             qPrintable(title));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("roofline.png"));
    QVERIFY2(m_window->exportImage(roofline, png, 1.0, &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.width(), roofline->width());
    const int band = image.height() - roofline->height();
    QVERIFY2(band >= 15 && band <= 80, qPrintable(QString::number(band)));
    // The band holds dark text on the light background.
    int dark = 0;
    for (int y = 0; y < band; ++y)
        for (int x = 0; x < image.width() / 2; ++x)
            dark += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));

    const QString svg = dir.filePath(QStringLiteral("roofline.svg"));
    QVERIFY2(m_window->exportImage(roofline, svg, 1.0, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = svgFile.readAll();
    QVERIFY(bytes.contains("Llama 3.1 8B"));
    QVERIFY(bytes.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"")
                               .arg(roofline->width())
                               .arg(roofline->height() + band)
                               .toUtf8()));

    const QString whole = dir.filePath(QStringLiteral("dashboard.png"));
    QVERIFY2(m_window->exportImage(m_window->exportTarget(), whole, 1.0, &error), qPrintable(error));
    QCOMPARE(QImage(whole).size(), m_window->exportTarget()->size());
}

// A slide needs the charts, not the window's navigation: the tab bar over the roofline is left
// out of every dashboard export (an SVG of it once also drew the tab header as a white box), and
// is back on screen afterwards with the chart page where it was.
void TestMainWindow::dashboardExportsCarryNoTabBar()
{
    m_window->layoutForExport(QSize(1280, 800));
    QTabWidget* tabs = m_window->dashboard()->chartTabs();
    QVERIFY(tabs->tabBar()->isVisible());
    const QRect page = tabs->currentWidget()->geometry();
    QTemporaryDir dir;
    QString error;
    const QString svg = dir.filePath(QStringLiteral("dashboard.svg"));
    QVERIFY2(m_window->exportImage(m_window->exportTarget(), svg, 1.0, &error), qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.contains(">Attainable FLOP/s</text>")); // the roofline is there
    for (int i = 0; i < tabs->count(); ++i) {
        const QByteArray text =
            QByteArray(">").append(tabs->tabText(i).remove(QLatin1Char('&')).toUtf8()).append("</text>");
        QVERIFY2(!bytes.contains(text), text.constData());
    }
    QCoreApplication::processEvents();
    QVERIFY(tabs->tabBar()->isVisible());
    QCOMPARE(tabs->currentWidget()->geometry(), page);
}

// Copying the map or the throughput-latency chart from the roofline's tab once brought their tab
// forward. Now the tab shown stays, and the copy is the hidden chart, computed for the current
// scenario and laid out at the shown tab's size.
void TestMainWindow::copyingAHiddenChartLeavesTheScreenAlone()
{
    QVERIFY(showAt1280x800());
    widgets::Dashboard* dashboard = m_window->dashboard();
    dashboard->showChartTab(widgets::Dashboard::RooflineTab);
    // A new scenario while the map is hidden: the map is stale until something needs it.
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 16, 2048));
    QVERIFY(m_window->report());
    const QSize shown = dashboard->chartTabs()->currentWidget()->size();
    const auto action = [this](const QString& text) -> QAction* {
        for (QAction* a : m_window->findChildren<QAction*>())
            if (a->text() == text)
                return a;
        return nullptr;
    };
    for (const QString& text :
         {QStringLiteral("Copy &Design-Space Map"), QStringLiteral("Copy &Throughput-Latency Chart")}) {
        QAction* copy = action(text);
        QVERIFY2(copy, qPrintable(text));
        QApplication::clipboard()->clear();
        copy->trigger();
        QCOMPARE(dashboard->chartTab(), widgets::Dashboard::RooflineTab);
        const QImage image = QApplication::clipboard()->image();
        QVERIFY2(!image.isNull(), qPrintable(text));
        // The chart at the shown tab's width, a title band above it.
        QVERIFY2(
            image.width() >= shown.width() - 20 && image.width() <= shown.width(),
            qPrintable(QStringLiteral("%1: %2 against %3").arg(text).arg(image.width()).arg(shown.width())));
        QVERIFY2(distinctColours(image) > 8, qPrintable(text));
    }
    // The map copied is the current scenario's.
    QVERIFY(dashboard->designSpace()->hasMap());
    QVERIFY(dashboard->designSpace()->map().verdicts == expectedMap().verdicts);
    QCOMPARE(dashboard->designSpace()->map().maxBatchFits, m_window->report()->limits->maxBatchFits);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
