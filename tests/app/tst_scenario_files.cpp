// ScenarioFiles in the window: a scenario saved and opened again is the same, a broken scenario
// or config.json is refused with its message and changes nothing, an imported config.json
// becomes the model, and unsaved changes are asked about before they are replaced.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/message_log.h"
#include "window_suite.h"

#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestScenarioFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void scenarioSaveOpenRoundTrip();
    void badScenarioIsRejectedWithoutChangingControls();
    void everyBrokenInputIsRefusedWithItsMessage();
    void importedConfigBecomesTheModel();
    void asksBeforeDiscardingChanges();

private:
    QTemporaryDir m_dataHome;
    app::MainWindow* m_window = nullptr;
};

void TestScenarioFiles::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestScenarioFiles::init()
{
    QDir(app::userCatalogFolder()).removeRecursively();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
}

void TestScenarioFiles::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestScenarioFiles::scenarioSaveOpenRoundTrip()
{
    QTemporaryDir dir;
    json s = scenario("nvidia-a100-80gb-sxm", "qwen2.5-7b", 16, 8192);
    s["precision"]["weights"] = "fp8";
    s["devices"] = 2;
    s["parallelism"] = {{"tensor", 2}, {"pipeline", 1}, {"data", 1}, {"expert", 1}};
    QString error;
    QVERIFY2(m_window->files()->loadScenario(s, &error), qPrintable(error));
    const json saved = m_window->controls()->scenario();
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(m_window->files()->saveScenarioFile(path, &error), qPrintable(error));

    QVERIFY(m_window->files()->loadScenario(app::defaultScenario(), &error));
    QVERIFY(m_window->controls()->scenario() != saved);
    QVERIFY2(m_window->files()->openScenarioFile(path, &error), qPrintable(error));
    QCOMPARE(m_window->controls()->scenario(), saved);
    QCOMPARE(m_window->document()->report()->scenario.weights, core::Precision::Fp8);
    QCOMPARE(m_window->document()->report()->scenario.parallelism->tensor, 2LL);
}

void TestScenarioFiles::badScenarioIsRejectedWithoutChangingControls()
{
    const json before = m_window->controls()->scenario();
    QString error;
    QVERIFY(!m_window->files()->loadScenario(scenario("no-such-gpu", "llama-3.1-8b", 1, 128), &error));
    QVERIFY(error.contains(QStringLiteral("device")));
    QCOMPARE(m_window->controls()->scenario(), before);
}

// The folder of broken inputs (tests/fixtures/bad_inputs, its manifest expected.json) through
// the window's own paths: File > Open refuses every broken scenario and Import refuses every
// broken config.json with the message the manifest names (the same one the CLI prints), and
// neither touches the controls or the report on screen.
void TestScenarioFiles::everyBrokenInputIsRefusedWithItsMessage()
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
        const bool accepted = kind == "scenario" ? m_window->files()->openScenarioFile(path, &error)
                                                 : m_window->files()->importModelConfig(path, &error);
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

void TestScenarioFiles::importedConfigBecomesTheModel()
{
    // Qwen3-8B's published config.json: 8,190,735,360 parameters (Hugging Face safetensors).
    QString error;
    const QString path = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json");
    QVERIFY2(m_window->files()->importModelConfig(path, &error), qPrintable(error));
    const json s = m_window->controls()->scenario();
    QVERIFY(s.contains("model_config"));
    QVERIFY(m_window->document()->report());
    QVERIFY(qAbs(m_window->document()->report()->paramsTotal - 8190735360.0) <= 0.005 * 8190735360.0);
    QVERIFY(!m_window->files()->importModelConfig(
        QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/no-such.json"), &error));
    QVERIFY(error.contains(QStringLiteral("not found")));

    // A family the reader does not know loads with the generic keys and says so, once, in the
    // Messages panel, naming the file.
    QCOMPARE(m_window->messages()->log()->count(), 0);
    const QString unknown =
        QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/unknown-family.config.json");
    QVERIFY2(m_window->files()->importModelConfig(unknown, &error), qPrintable(error));
    QCOMPARE(m_window->messages()->log()->count(), 1);
    QVERIFY2(m_window->messages()->log()->message(0).startsWith(u"unknown-family.config.json: "_s) &&
                 m_window->messages()->log()->message(0).contains(u"unknown_family"_s),
             qPrintable(m_window->messages()->log()->message(0)));
    // ... and the headline says the figures are approximate, not only the Messages panel.
    QVERIFY2(m_window->dashboard()->headline().contains(u"approximate"_s),
             qPrintable(m_window->dashboard()->headline()));
    QVERIFY(m_window->dashboard()->headline().startsWith(u"unknown-family on"_s));
    QVERIFY2(m_window->files()->importModelConfig(path, &error), qPrintable(error));
    QVERIFY(!m_window->dashboard()->headline().contains(u"approximate"_s));
}

void TestScenarioFiles::asksBeforeDiscardingChanges()
{
    QVERIFY(!m_window->document()->isModified()); // a loaded scenario has nothing to lose
    int asked = 0;
    int answer = QMessageBox::Cancel;
    m_window->files()->setDiscardQuestion([&] {
        ++asked;
        return answer;
    });
    m_window->show();
    QVERIFY(m_window->close()); // unmodified: closes without asking
    QCOMPARE(asked, 0);

    m_window->show();
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 16, 2048));
    QVERIFY(m_window->document()->isModified());
    QVERIFY(!m_window->close()); // Cancel keeps the window and the changes
    QCOMPARE(asked, 1);
    QVERIFY(m_window->isVisible());
    QVERIFY(m_window->document()->isModified());

    QTemporaryDir dir;
    QString error;
    QVERIFY(m_window->files()->saveScenarioFile(dir.filePath(QStringLiteral("s.json")), &error));
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 32, 2048));
    answer = QMessageBox::Save; // saves to the known path, then closes
    QVERIFY(m_window->close());
    QCOMPARE(asked, 2);
    QVERIFY(!m_window->document()->isModified());
    QCOMPARE(app::readScenarioFile(dir.filePath(QStringLiteral("s.json")))["batch"].get<int>(), 32);

    m_window->show();
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 64, 2048));
    answer = QMessageBox::Discard;
    QVERIFY(m_window->close());
    QCOMPARE(asked, 3);
}

QTEST_MAIN(TestScenarioFiles)
#include "tst_scenario_files.moc"
