// The user catalog writer: devices and imported models saved through app/support/user_catalog
// come back from app::loadCatalog as user-defined entries the estimator can use, one per id,
// overriding shipped ones; failed saves leave the existing file alone.
//
// XDG_DATA_HOME points at a temporary folder for the whole run (set before QStandardPaths is
// first used), so saveUser* and loadCatalog see the same, otherwise empty, user catalog folder.
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/common/units.h"
#include "core/estimate/estimator.h"
#include "core/model/tensor_summary.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <chrono>
#include <fcntl.h>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

using namespace lhe;
using nlohmann::json;

namespace {

constexpr double GiB = core::units::GiB;

// Required fields only: every optional one left at the Device default (0 / empty).
core::Device minimalDevice(const std::string& id, const std::string& name)
{
    core::Device device;
    device.id = id;
    device.name = name;
    device.vendor = "Acme";
    device.deviceClass = core::DeviceClass::Gpu;
    device.memoryBytes = 48 * GiB;
    device.memoryBandwidthBytesPerSecond = 1e12;
    device.peakFlopsPerSecond[static_cast<std::size_t>(core::PeakKey::Bf16)] = 200e12;
    return device;
}

core::Catalog reload()
{
    std::vector<lhe::core::Message> warnings;
    core::Catalog catalog = app::loadCatalog({}, warnings);
    for (const std::string& warning : lhe::core::englishTexts(warnings))
        qWarning("catalog warning: %s", warning.c_str());
    return catalog;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

} // namespace

class TestUserCatalog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void requiredFieldsOnlyDeviceLoadsAndEstimates();
    void sameIdTwiceKeepsOneEntryTheLastOne();
    void userCopyOverridesBuiltIn();
    void importedModelSavesWithComputedParams();
    void aModelOpenedFromItsFilesKeepsItsHeaders();
    void folderThatCannotBeCreatedFails();
    void invalidOrUnreadableInputLeavesFileUnchanged();
    void namesThatAreNoFilesAreReportedNotOpened();
    void catalogIdFromName_data();
    void catalogIdFromName();

private:
    QTemporaryDir m_dataHome;
};

void TestUserCatalog::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestUserCatalog::init()
{
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QDir(app::userCatalogFolder()).removeRecursively();
}

void TestUserCatalog::requiredFieldsOnlyDeviceLoadsAndEstimates()
{
    QString error;
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x1", "Acme X1"), &error), qPrintable(error));
    QVERIFY(QFile::exists(app::userDevicesFile()));
    const json written = app::readJsonFile(app::userDevicesFile());
    QCOMPARE(written["devices"].size(), std::size_t(1));
    // Optional fields stay out of the file, so the reader's documented defaults apply.
    QVERIFY(!written["devices"][0].contains("host_link_bandwidth"));
    QVERIFY(!written["devices"][0].contains("inter_node_bandwidth"));

    const core::Catalog catalog = reload();
    const core::Device* device = catalog.findDevice("acme-x1");
    QVERIFY(device);
    QVERIFY(device->userDefined);
    QCOMPARE(device->memoryBytes, 48 * GiB);
    QCOMPARE(device->hostLinkBytesPerSecond, 31.5e9); // PCIe 4.0 x16 default (core/catalog/device.cpp)
    QCOMPARE(device->hostMemoryBytes, 2 * 48 * GiB);  // default: twice the device memory

    core::Scenario scenario;
    scenario.deviceId = "acme-x1";
    scenario.modelId = "llama-3.1-8b";
    const core::Report report = core::estimate(scenario, catalog);
    QCOMPARE(report.deviceName, std::string("Acme X1"));
    // Ridge = 200e12 FLOP/s / 1e12 B/s = 200 FLOP/B (relative 1e-12).
    QVERIFY(qAbs(report.roofline.ridgeIntensity - 200.0) <= 200.0 * 1e-12);
    QVERIFY(report.decode);
    QCOMPARE(report.decode->bound, core::Bound::Memory);
}

void TestUserCatalog::sameIdTwiceKeepsOneEntryTheLastOne()
{
    QString error;
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x1", "Acme X1"), &error), qPrintable(error));
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x2", "Acme X2"), &error), qPrintable(error));
    core::Device second = minimalDevice("acme-x1", "Acme X1 rev B");
    second.memoryBandwidthBytesPerSecond = 2e12;
    QVERIFY2(app::saveUserDevice(second, &error), qPrintable(error));

    const json written = app::readJsonFile(app::userDevicesFile());
    QCOMPARE(written["devices"].size(), std::size_t(2));
    int x1 = 0;
    for (const json& entry : written["devices"])
        x1 += entry["id"] == "acme-x1" ? 1 : 0;
    QCOMPARE(x1, 1);
    const core::Catalog catalog = reload();
    QCOMPARE(catalog.findDevice("acme-x1")->name, std::string("Acme X1 rev B"));
    QCOMPARE(catalog.findDevice("acme-x1")->memoryBandwidthBytesPerSecond, 2e12);
    QVERIFY(catalog.findDevice("acme-x2"));
}

void TestUserCatalog::userCopyOverridesBuiltIn()
{
    const core::Device* builtIn = core::Catalog::builtIn().findDevice("nvidia-h100-sxm");
    QVERIFY(builtIn);
    core::Device copy = *builtIn;
    copy.name = "H100 at 700 W, measured";
    copy.memoryBandwidthBytesPerSecond = 3.0e12;
    copy.achievedLayerLatencySeconds = 42e-6; // as a user calibration writes it
    QString error;
    QVERIFY2(app::saveUserDevice(copy, &error), qPrintable(error));

    const core::Catalog catalog = reload();
    QCOMPARE(catalog.devices().size(), core::Catalog::builtIn().devices().size()); // replaced, not added
    const core::Device* loaded = catalog.findDevice("nvidia-h100-sxm");
    QVERIFY(loaded->userDefined);
    QCOMPARE(loaded->name, copy.name);
    QCOMPARE(loaded->memoryBandwidthBytesPerSecond, 3.0e12);
    // Everything else survives the round trip through the user file.
    QCOMPARE(loaded->memoryBytes, builtIn->memoryBytes);
    QCOMPARE(loaded->peakFlopsPerSecond, builtIn->peakFlopsPerSecond);
    QCOMPARE(loaded->interconnectBytesPerSecond, builtIn->interconnectBytesPerSecond);
    QCOMPARE(loaded->devicesPerNode, builtIn->devicesPerNode);
    QCOMPARE(loaded->hostLinkBytesPerSecond, builtIn->hostLinkBytesPerSecond);
    QCOMPARE(loaded->runtimeOverheadBytes, builtIn->runtimeOverheadBytes);
    QCOMPARE(loaded->achievedGemmFraction, builtIn->achievedGemmFraction);
    QCOMPARE(loaded->achievedLayerLatencySeconds, 42e-6);
    QCOMPARE(builtIn->achievedLayerLatencySeconds, -1.0); // shipped entries have no measurement
    QCOMPARE(loaded->sources, builtIn->sources);
}

void TestUserCatalog::importedModelSavesWithComputedParams()
{
    const QString path = QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json");
    const json config = app::readJsonFile(path);
    QString error;
    QVERIFY2(app::saveUserModel(QStringLiteral("my-qwen3-8b"), QStringLiteral("My Qwen3 8B"), config, path,
                                &error),
             qPrintable(error));
    const json written = app::readJsonFile(app::userModelsFile());
    QCOMPARE(written["models"].size(), std::size_t(1));
    const json& entry = written["models"][0];
    QCOMPARE(entry["family"].get<std::string>(), std::string("User"));
    QCOMPARE(entry["sources"][0].get<std::string>(), std::string("user import: qwen3-8b.config.json"));
    QVERIFY(entry["params_source"].get<std::string>().find("no published count") != std::string::npos);

    const core::Catalog catalog = reload();
    const core::ModelEntry* model = catalog.findModel("my-qwen3-8b");
    QVERIFY(model);
    QVERIFY(model->userDefined);
    QCOMPARE(model->name, std::string("My Qwen3 8B"));
    core::Scenario scenario;
    scenario.deviceId = "nvidia-h100-sxm";
    scenario.modelId = "my-qwen3-8b";
    const core::Report report = core::estimate(scenario, catalog);
    // Qwen3-8B: 8,190,735,360 parameters (Hugging Face safetensors index); within 0.5 %.
    QVERIFY2(qAbs(report.paramsTotal - 8190735360.0) <= 0.005 * 8190735360.0,
             qPrintable(QString::number(report.paramsTotal, 'f', 0)));
    QVERIFY(qAbs(model->publishedParamsTotal - 8190735360.0) <= 0.005 * 8190735360.0);

    // Saving again under the same id replaces the entry; a config that is not a model fails.
    QVERIFY2(app::saveUserModel(QStringLiteral("my-qwen3-8b"), QStringLiteral("Renamed"), config, &error),
             qPrintable(error));
    QCOMPARE(app::readJsonFile(app::userModelsFile())["models"].size(), std::size_t(1));
    QCOMPARE(reload().findModel("my-qwen3-8b")->name, std::string("Renamed"));
    QVERIFY(!app::saveUserModel(QStringLiteral("broken"), QStringLiteral("Broken"),
                                json{{"model_type", "llama"}}, &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(app::readJsonFile(app::userModelsFile())["models"].size(), std::size_t(1));
}

// A model opened from its files is saved with its tensor-header summary, so the catalog entry
// counts what the checkpoint stores, as the imported model did: nothing is lost by saving it.
void TestUserCatalog::aModelOpenedFromItsFilesKeepsItsHeaders()
{
    const json config =
        app::readJsonFile(QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/qwen3-8b.config.json"));
    std::vector<core::Message> warnings;
    const core::ModelArchitecture fromConfig = core::architectureFromHfConfig(config, "hf_config", warnings);
    // Headers that store every weight in one byte (an fp8 checkpoint without scales): the
    // checkpoint is as many bytes as the model has parameters.
    core::TensorSummary headers;
    headers.format = "safetensors";
    headers.paramsByGroup = fromConfig.paramsByGroup;
    headers.bytesByGroup = fromConfig.paramsByGroup;
    headers.paramsTotal = headers.bytesTotal = fromConfig.paramsTotal;
    const json tensors = core::toJson(headers);
    QString error;
    QVERIFY2(app::saveUserModel(QStringLiteral("qwen3-8b-fp8"), QStringLiteral("Qwen3 8B FP8"), config,
                                tensors, QStringLiteral("Qwen3-8B-FP8"), &error),
             qPrintable(error));
    const json entry = app::readJsonFile(app::userModelsFile())["models"][0];
    QCOMPARE(entry.at("model_tensors"), tensors);
    const core::Catalog catalog = reload();
    const core::ModelEntry* model = catalog.findModel("qwen3-8b-fp8");
    QVERIFY(model);
    QCOMPARE(model->architecture.source, std::string("tensors"));
    QCOMPARE(model->architecture.checkpointBytes, fromConfig.paramsTotal);
    QVERIFY(model->architecture.checkpointQuantized); // 8 bits per weight: served as stored
}

void TestUserCatalog::folderThatCannotBeCreatedFails()
{
    // A file saved earlier in the good location, then XDG_DATA_HOME under a regular FILE: the
    // catalog folder cannot be created even by root.
    QString error;
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x1", "Acme X1"), &error), qPrintable(error));
    const QString goodFile = app::userDevicesFile();
    const QByteArray before = readAll(goodFile);
    QVERIFY(!before.isEmpty());

    QTemporaryDir other;
    const QString blocker = other.filePath(QStringLiteral("not-a-folder"));
    writeAll(blocker, "plain file");
    qputenv("XDG_DATA_HOME", QFile::encodeName(blocker + QStringLiteral("/share")));
    const bool saved = app::saveUserDevice(minimalDevice("acme-x3", "Acme X3"), &error);
    const QString folder = app::userCatalogFolder();
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY(!saved);
    QVERIFY2(error.contains(QStringLiteral("Cannot create")) && error.contains(folder), qPrintable(error));
    QCOMPARE(readAll(blocker), QByteArray("plain file"));
    QCOMPARE(readAll(goodFile), before);
}

void TestUserCatalog::invalidOrUnreadableInputLeavesFileUnchanged()
{
    QString error;
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x1", "Acme X1"), &error), qPrintable(error));
    const QByteArray before = readAll(app::userDevicesFile());

    // Zero bandwidth: rejected by the same check the loader uses, before anything is written.
    core::Device bad = minimalDevice("acme-bad", "Acme Bad");
    bad.memoryBandwidthBytesPerSecond = 0;
    QVERIFY(!app::saveUserDevice(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("memory_bandwidth")), qPrintable(error));
    QCOMPARE(readAll(app::userDevicesFile()), before);

    // No peak at all.
    bad = minimalDevice("acme-bad", "Acme Bad");
    bad.peakFlopsPerSecond = {};
    QVERIFY(!app::saveUserDevice(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("peak")), qPrintable(error));
    QCOMPARE(readAll(app::userDevicesFile()), before);

    // An existing file that is not valid JSON is the user's to fix: never overwritten.
    const QByteArray handWritten = "{\"devices\": [ {\"id\": \"half-typed\", ";
    writeAll(app::userDevicesFile(), handWritten);
    QVERIFY(!app::saveUserDevice(minimalDevice("acme-x2", "Acme X2"), &error));
    QVERIFY2(error.contains(QStringLiteral("malformed JSON")), qPrintable(error));
    QCOMPARE(readAll(app::userDevicesFile()), handWritten);
}

void TestUserCatalog::namesThatAreNoFilesAreReportedNotOpened()
{
    // A FIFO, a folder and a symbolic link loop named *.json in the folder, beside a good file:
    // each is one warning naming it and saying what it is (as a broken file is reported), the
    // good file loads, and the FIFO is never opened (a read of it would wait for a writer).
    QString error;
    QVERIFY2(app::saveUserDevice(minimalDevice("acme-x1", "Acme X1"), &error), qPrintable(error));
    const QDir folder(app::userCatalogFolder());
    const QString fifo = folder.filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString subfolder = folder.filePath(QStringLiteral("folder.json"));
    QVERIFY(folder.mkdir(QStringLiteral("folder.json")));
    const QString loopA = folder.filePath(QStringLiteral("loop-a.json"));
    const QString loopB = folder.filePath(QStringLiteral("loop-b.json"));
    QVERIFY(QFile::link(loopB, loopA));
    QVERIFY(QFile::link(loopA, loopB));

    std::vector<lhe::core::Message> warnings;
    auto loading = std::async(std::launch::async, [&warnings] { return app::loadCatalog({}, warnings); });
    if (loading.wait_for(std::chrono::minutes(2)) != std::future_status::ready) { // hang guard
        // The reader waits in open(2) for a writer: give it one, so that the test can end.
        const int writer = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        if (writer >= 0)
            ::close(writer);
        loading.wait();
        QFAIL("the FIFO in the user catalog folder was opened");
    }
    const core::Catalog catalog = loading.get();
    QVERIFY(catalog.findDevice("acme-x1"));

    QStringList texts;
    for (const std::string& warning : lhe::core::englishTexts(warnings))
        texts << QString::fromStdString(warning);
    QCOMPARE(texts.size(), 4);
    const auto warningFor = [&texts](const QString& path) {
        const QStringList found =
            texts.filter(QStringLiteral("skipped user catalog ") + path + QLatin1Char(':'));
        return found.size() == 1 ? found.front() : QString();
    };
    QVERIFY2(warningFor(fifo).contains(QStringLiteral("is not a regular file (a FIFO)")),
             qPrintable(texts.join(QLatin1Char('\n'))));
    QVERIFY2(warningFor(subfolder).contains(QStringLiteral("is a folder")),
             qPrintable(texts.join(QLatin1Char('\n'))));
    QVERIFY2(warningFor(loopA).contains(QStringLiteral("symbolic link loop")),
             qPrintable(texts.join(QLatin1Char('\n'))));
    QVERIFY2(warningFor(loopB).contains(QStringLiteral("symbolic link loop")),
             qPrintable(texts.join(QLatin1Char('\n'))));
}

void TestUserCatalog::catalogIdFromName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("id");
    QTest::newRow("spaces and brackets") << "Qwen3 8B (mine)"
                                         << "qwen3-8b-mine";
    QTest::newRow("dots kept") << "Llama 3.1 8B"
                               << "llama-3.1-8b";
    QTest::newRow("slashes") << "Qwen/Qwen3-8B"
                             << "qwen-qwen3-8b";
    QTest::newRow("nothing left") << " / "
                                  << "";
}

void TestUserCatalog::catalogIdFromName()
{
    QFETCH(QString, name);
    QFETCH(QString, id);
    QCOMPARE(app::catalogIdFromName(name), id);
}

QTEST_GUILESS_MAIN(TestUserCatalog)
#include "tst_user_catalog.moc"
