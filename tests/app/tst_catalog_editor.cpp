// The window's CatalogEditor and its messages: a broken user catalog entry is skipped with a
// visible warning, a new device and an imported model are saved to the user catalog, selected
// and evaluated, and Edit → Edit a Copy of Current Device… saves an edited copy.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/catalog_editor.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/common/units.h"
#include "widgets/dialogs/device_editor_dialog.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/message_log.h"
#include "window_suite.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestCatalogEditor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void brokenUserCatalogEntryIsSkippedWithAVisibleWarning();
    void userDeviceIsSavedSelectedAndEvaluated();
    void importedModelIsSavedToCatalog();
    void editMenuSavesAnEditedDeviceCopy();

private:
    QAction* saveModelAction() const;

    QTemporaryDir m_dataHome;
    app::MainWindow* m_window = nullptr;
};

void TestCatalogEditor::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestCatalogEditor::init()
{
    QDir(app::userCatalogFolder()).removeRecursively();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
}

void TestCatalogEditor::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

// A hand-edited user catalog with one bad entry: that entry is skipped, the good one beside it
// and the whole shipped catalog still load, the window starts, and the warning (file and field
// path) stays readable in the Messages panel, which opens by itself.
void TestCatalogEditor::brokenUserCatalogEntryIsSkippedWithAVisibleWarning()
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
    QVERIFY2(window.files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.messages()->dock()->isHidden());
    window.messages()->showWarnings(warnings);
    QCOMPARE(window.messages()->log()->count(), static_cast<int>(warnings.size()));
    QVERIFY(window.messages()->log()->count() >= 1);
    const QString message = window.messages()->log()->message(0);
    QVERIFY2(message.contains(u"lab.json"_s) && message.contains(u"devices[1].memory_bandwidth"_s),
             qPrintable(message));
    QVERIFY(window.messages()->dock()->isVisible());
    auto* button = window.findChild<QToolButton*>(u"messageButton"_s);
    QVERIFY(button && button->isVisible());
    QVERIFY2(button->text().contains(QString::number(warnings.size())), qPrintable(button->text()));

    // Clearing empties the panel and hides the count.
    window.messages()->log()->clear();
    QCOMPARE(window.messages()->log()->count(), 0);
    QVERIFY(!button->isVisible());
}

QAction* TestCatalogEditor::saveModelAction() const
{
    const QList<QAction*> actions = m_window->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (action->text().contains(QStringLiteral("Save Imported Model")))
            return action;
    }
    return nullptr;
}

void TestCatalogEditor::userDeviceIsSavedSelectedAndEvaluated()
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
    QVERIFY2(m_window->catalogEditor()->addUserDevice(device, &error), qPrintable(error));
    QVERIFY(QFile::exists(app::userDevicesFile()));

    QVERIFY(m_window->document()->report());
    QCOMPARE(m_window->document()->report()->deviceName, device.name);
    QCOMPARE(m_window->document()->report()->scenario.deviceId, device.id);
    // Ridge = 500e12 FLOP/s / 2e12 B/s = 250 FLOP/B (relative 1e-12).
    QVERIFY(qAbs(m_window->document()->report()->roofline.ridgeIntensity - 250.0) <= 250.0 * 1e-12);
    QVERIFY(m_window->dashboard()->headline().contains(QStringLiteral("Test Accelerator 96GB")));
    QVERIFY(m_window->document()->catalog().findDevice(device.id)->userDefined);

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
    QVERIFY2(m_window->catalogEditor()->addUserDevice(device, &error), qPrintable(error));
    QCOMPARE(m_window->document()->report()->deviceName, device.name);
    QVERIFY(qAbs(m_window->document()->report()->roofline.ridgeIntensity - 125.0) <= 125.0 * 1e-12);
    QCOMPARE(app::readJsonFile(app::userDevicesFile())["devices"].size(), std::size_t(1));

    // An invalid device is refused with a message and changes nothing.
    const json before = m_window->controls()->scenario();
    device.id = "broken";
    device.memoryBandwidthBytesPerSecond = 0;
    QVERIFY(!m_window->catalogEditor()->addUserDevice(device, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(m_window->controls()->scenario(), before);
}

void TestCatalogEditor::importedModelIsSavedToCatalog()
{
    QString error;
    QVERIFY(saveModelAction());
    QVERIFY(!saveModelAction()->isEnabled());
    QVERIFY(!m_window->catalogEditor()->saveImportedModel(QStringLiteral("x"), QStringLiteral("X"), &error));
    QVERIFY(error.contains(QStringLiteral("imported")));

    const QString path = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json");
    QVERIFY2(m_window->files()->importModelConfig(path, &error), qPrintable(error));
    QVERIFY(saveModelAction()->isEnabled());
    QVERIFY2(m_window->catalogEditor()->saveImportedModel(QStringLiteral("my-qwen3-8b"),
                                                          QStringLiteral("My Qwen3 8B"), &error),
             qPrintable(error));
    const json s = m_window->controls()->scenario();
    QCOMPARE(s["model"].get<std::string>(), std::string("my-qwen3-8b"));
    QVERIFY(!s.contains("model_config"));
    QCOMPARE(m_window->document()->report()->modelName, std::string("My Qwen3 8B"));
    // Qwen3-8B: 8,190,735,360 parameters (Hugging Face safetensors); within 0.5 %.
    QVERIFY(qAbs(m_window->document()->report()->paramsTotal - 8190735360.0) <= 0.005 * 8190735360.0);
    QVERIFY(m_window->document()->catalog().findModel("my-qwen3-8b")->userDefined);
    QVERIFY(!saveModelAction()->isEnabled());
}

void TestCatalogEditor::editMenuSavesAnEditedDeviceCopy()
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
    QCOMPARE(m_window->document()->report()->scenario.deviceId, std::string("nvidia-rtx-4090-custom"));
    QCOMPARE(m_window->document()->report()->deviceName, original->name + " (custom)");
    QCOMPARE(m_window->document()->report()->roofline.memoryBandwidthBytesPerSecond, 1.2e12); // 1200 GB/s
    QCOMPARE(m_window->document()->catalog().findDevice("nvidia-rtx-4090-custom")->memoryBytes,
             original->memoryBytes);
}

QTEST_MAIN(TestCatalogEditor)
#include "tst_catalog_editor.moc"
