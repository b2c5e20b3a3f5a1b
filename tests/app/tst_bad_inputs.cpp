// Hostile input: every file in tests/fixtures/bad_inputs fails with one precise line,
// the same wherever it enters the product.
//
// tests/fixtures/bad_inputs/expected.json lists each file's kind and the substrings its error must
// contain (the file name, the field path, the allowed values); byte positions are derived here from
// the file's bytes by the manifest's rule, never pasted from the program's output. For each file:
// - the console tool (LHE_ESTIMATE_EXE, run with QProcess in an isolated HOME/XDG environment)
//   exits 2, prints nothing on stdout and exactly one line on stderr holding every needle;
// - the library path the GUI takes gives the very same message: app::readScenarioFile then
//   core::scenarioFromJson + core::estimate for scenarios, app::loadCatalog({file}) for a catalog
//   named explicitly, app::attachModelConfig / app::readModelConfigFile (core::architectureFromHfConfig)
//   for a config.json;
// - a catalog file dropped into the user catalog folder (QStandardPaths test mode under a temporary
//   HOME) is skipped with one warning holding the needles, while the built-in catalog and the
//   file's good entries still load.
// Inputs that must not be committed (over 16 MiB, a folder named like a file) are made at test
// time in a QTemporaryDir, as are the inputs that look odd but must load (UTF-8 BOM before valid
// JSON, unknown extra fields).

#include "app/support/input_files.h"
#include "cli_process.h"
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/scenario/scenario.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

using namespace lhe;
using lhe::test::describe;
using lhe::test::RunResult;
using lhe::test::runTool;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

QString badInputsFolder()
{
    return QDir(QStringLiteral(LHE_SOURCE_DIR)).filePath(QStringLiteral("tests/fixtures/bad_inputs"));
}

const QString kManifestName = QStringLiteral("expected.json");

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// A valid catalog device and model the CLI is pointed at while it reads the broken file.
const QStringList kH100Llama{u"--device"_s, u"nvidia-h100-sxm"_s, u"--model"_s, u"llama-3.1-8b"_s};

// How each kind of file is handed to llm-hw-estimate.
QStringList cliArguments(const QString& kind, const QString& path)
{
    if (kind == QLatin1String("scenario"))
        return {u"--scenario"_s, path};
    if (kind == QLatin1String("catalog"))
        return QStringList{u"--catalog"_s, path} + kH100Llama;
    return {u"--model-config"_s, path, u"--device"_s, u"nvidia-h100-sxm"_s};
}

// The message of the core::InputError `action` throws; any other outcome is described so that
// the needle checks fail visibly.
QString errorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const core::InputError& error) {
        return QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        return QStringLiteral("<not an InputError: %1>").arg(QString::fromStdString(error.what()));
    }
    return QStringLiteral("<no error>");
}

// Every needle of `needles` not in `text`, for the failure message.
QStringList missingNeedles(const QString& text, const QStringList& needles)
{
    QStringList missing;
    for (const QString& needle : needles) {
        if (!text.contains(needle))
            missing << needle;
    }
    return missing;
}

#define VERIFY_NEEDLES(text, needles)                                                                        \
    do {                                                                                                     \
        const QString text_ = (text);                                                                        \
        const QStringList missing_ = missingNeedles(text_, (needles));                                       \
        QVERIFY2(missing_.isEmpty(),                                                                         \
                 qPrintable(QStringLiteral("missing [%1] in: %2").arg(missing_.join(u" | "_s), text_)));     \
    } while (false)

// The manifest's byte rule applied to the file's bytes: the 0-based index of the given occurrence
// of `find` (or of the bytes `find_hex`) plus `offset`, or the file size + 1 for {"end": true}.
// Returns 0 when the rule does not match the file.
qsizetype derivedBytePosition(const json& rule, const QByteArray& bytes)
{
    if (rule.value("end", false))
        return bytes.size() + 1;
    QByteArray find;
    if (rule.contains("find"))
        find = QByteArray::fromStdString(rule["find"].get<std::string>());
    else if (rule.contains("find_hex"))
        find = QByteArray::fromHex(QByteArray::fromStdString(rule["find_hex"].get<std::string>()));
    if (find.isEmpty())
        return 0;
    const int occurrence = rule.value("occurrence", 1);
    qsizetype index = -1;
    for (int i = 0; i < occurrence; ++i) {
        index = bytes.indexOf(find, index + 1);
        if (index < 0)
            return 0;
    }
    return index + rule.value("offset", 0);
}

struct Case
{
    QString name;
    QString path;
    QString kind;
    QString stage;
    QStringList needles; // the manifest's, plus "byte N" when it gives a byte rule
    QStringList loadsDevices;
    QStringList loadsModels;
};

QStringList stringList(const json& array)
{
    QStringList list;
    if (array.is_array()) {
        for (const json& item : array)
            list << QString::fromStdString(item.get<std::string>());
    }
    return list;
}

// A scenario, catalog and config.json that load, for the inputs generated at test time.
QByteArray validScenario()
{
    return QByteArrayLiteral(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "batch": 2})");
}

QByteArray validCatalog()
{
    return QByteArrayLiteral(
        R"({"devices": [{"id": "lab-npu", "name": "Lab NPU", "vendor": "Lab", "class": "npu",
        "memory_bytes": 64e9, "memory_bandwidth": 1.6e12, "peak_flops": {"bf16": 400e12}}]})");
}

QByteArray validConfig()
{
    return QByteArrayLiteral(R"({"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192,
        "num_attention_heads": 32, "num_key_value_heads": 8, "num_hidden_layers": 16, "vocab_size": 128256})");
}

// One row per kind of input file, each with a small valid file of that kind.
void addValidInputRows()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("valid");
    QTest::newRow("scenario") << u"scenario"_s << validScenario();
    QTest::newRow("catalog") << u"catalog"_s << validCatalog();
    QTest::newRow("model-config") << u"model-config"_s << validConfig();
}

} // namespace

class TestBadInputs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;
    json m_manifest;
    std::vector<Case> m_cases;

    RunResult run(const QStringList& arguments) const { return runTool(arguments, m_env); }

    // Exit 2, nothing on stdout, one line on stderr holding every needle; returns that line
    // without the program's "llm-hw-estimate: " prefix.
    QString expectOneLineFailure(const QStringList& arguments, const QStringList& needles, bool& ok) const
    {
        ok = false;
        const RunResult r = run(arguments);
        const QByteArray context = describe(arguments, r);
        [&] {
            QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit, context.constData());
            QVERIFY2(r.exitCode == 2, context.constData());
            QVERIFY2(r.out.isEmpty(), context.constData());
            QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, context.constData());
            ok = true;
        }();
        if (!ok)
            return QString();
        QString line = QString::fromUtf8(r.err).trimmed();
        const QString prefix = QStringLiteral("llm-hw-estimate: ");
        if (line.startsWith(prefix))
            line.remove(0, prefix.size());
        const QStringList missing = missingNeedles(line, needles);
        if (!missing.isEmpty()) {
            ok = false;
            QTest::qFail(qPrintable(QStringLiteral("missing [%1] in: %2").arg(missing.join(u" | "_s), line)),
                         __FILE__, __LINE__);
        }
        return line;
    }

    void addCaseRows(const QString& onlyKind = QString())
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_cases.size(); ++i) {
            if (onlyKind.isEmpty() || m_cases[i].kind == onlyKind)
                QTest::newRow(qPrintable(m_cases[i].name)) << static_cast<int>(i);
        }
    }

    static void clearUserCatalogFolder()
    {
        QDir folder(app::userCatalogFolder());
        folder.removeRecursively();
        QVERIFY(QDir().mkpath(app::userCatalogFolder()));
    }

private slots:
    void initTestCase();
    void cleanup() { QDir(app::userCatalogFolder()).removeRecursively(); }

    void manifestMatchesTheFolder();
    void cliExitsTwoWithOneLine_data() { addCaseRows(); }
    void cliExitsTwoWithOneLine();
    void libraryGivesTheSameMessage_data() { addCaseRows(); }
    void libraryGivesTheSameMessage();
    void userCatalogFolderSkipsWithOneWarning_data() { addCaseRows(QStringLiteral("catalog")); }
    void userCatalogFolderSkipsWithOneWarning();

    // Generated at test time.
    void oversizedFileIsRefusedBeforeReading_data();
    void oversizedFileIsRefusedBeforeReading();
    void folderNamedLikeAFileIsRefused_data();
    void folderNamedLikeAFileIsRefused();
    void utf8BomBeforeValidJsonLoads_data();
    void utf8BomBeforeValidJsonLoads();
    void unknownExtraFieldsAreIgnored_data();
    void unknownExtraFieldsAreIgnored();

    void flagsOverrideABadFieldOfTheFile();

    // Files that are no regular readable files, made at test time.
    void notARegularFileIsNamed_data();
    void notARegularFileIsNamed();
    void folderThatCannotBeEnteredIsNamed();
    void aNulInAPathIsRefused();
    void hugeValuesAreElidedInTheMessage_data();
    void hugeValuesAreElidedInTheMessage();
};

void TestBadInputs::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(LHE_ESTIMATE_EXE)), LHE_ESTIMATE_EXE);
    QVERIFY(m_home.isValid());

    // Child processes: their own HOME and XDG folders, so no user catalog on the machine leaks in.
    m_env = lhe::test::isolatedEnvironment(m_home.path());
    QVERIFY(!m_env.isEmpty());

    // This process: QStandardPaths test mode (~/.qttest/...) under the temporary HOME, so the
    // user catalog folder app::loadCatalog reads is ours alone.
    qputenv("HOME", m_home.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY2(app::userCatalogFolder().startsWith(m_home.path()), qPrintable(app::userCatalogFolder()));
    QDir(app::userCatalogFolder()).removeRecursively();

    const QByteArray manifestText = readBytes(QDir(badInputsFolder()).filePath(kManifestName));
    QVERIFY2(!manifestText.isEmpty(), "tests/fixtures/bad_inputs/expected.json is missing or empty");
    m_manifest = json::parse(manifestText.toStdString(), nullptr, false);
    QVERIFY2(m_manifest.is_object() && m_manifest.contains("files") && m_manifest["files"].is_object(),
             "expected.json: an object with a \"files\" object");

    for (const auto& [name, entry] : m_manifest["files"].items()) {
        Case c;
        c.name = QString::fromStdString(name);
        c.path = QDir(badInputsFolder()).filePath(c.name);
        c.kind = QString::fromStdString(entry.value("kind", std::string()));
        c.stage = QString::fromStdString(entry.value("stage", std::string()));
        c.needles = stringList(entry.value("needles", json::array()));
        if (entry.contains("byte")) {
            const qsizetype byte = derivedBytePosition(entry["byte"], readBytes(c.path));
            QVERIFY2(byte > 0, qPrintable(c.name + u": the byte rule matches nothing in the file"_s));
            c.needles << QStringLiteral("byte %1").arg(byte);
        }
        if (entry.contains("loads")) {
            c.loadsDevices = stringList(entry["loads"].value("devices", json::array()));
            c.loadsModels = stringList(entry["loads"].value("models", json::array()));
        }
        m_cases.push_back(c);
    }
    QVERIFY(m_cases.size() >= 35);
}

// Every file has an entry and every entry a file; each entry is well formed.
void TestBadInputs::manifestMatchesTheFolder()
{
    const QStringList files = QDir(badInputsFolder()).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    QStringList listed;
    for (const Case& c : m_cases)
        listed << c.name;
    for (const QString& file : files) {
        if (file != kManifestName)
            QVERIFY2(listed.contains(file),
                     qPrintable(file + u" is in the folder but not in expected.json"_s));
    }
    for (const Case& c : m_cases) {
        QVERIFY2(files.contains(c.name),
                 qPrintable(c.name + u" is in expected.json but not in the folder"_s));
        QVERIFY2(c.kind == u"scenario"_s || c.kind == u"catalog"_s || c.kind == u"model-config"_s,
                 qPrintable(c.name + u": kind must be scenario, catalog or model-config, not "_s + c.kind));
        QVERIFY2(c.stage.isEmpty() || (c.stage == u"estimate"_s && c.kind == u"scenario"_s),
                 qPrintable(c.name + u": stage \"estimate\" is for scenarios only"_s));
        // The file name, and at least one needle that says what is wrong with it.
        QVERIFY2(c.needles.size() >= 2 && c.needles.front() == c.name,
                 qPrintable(c.name + u": needles must start with the file name and say more"_s));
        QVERIFY2((c.loadsDevices.isEmpty() && c.loadsModels.isEmpty()) || c.kind == u"catalog"_s,
                 qPrintable(c.name + u": \"loads\" is for catalogs only"_s));
    }
    int catalogsWithGoodEntries = 0;
    for (const Case& c : m_cases)
        catalogsWithGoodEntries += c.loadsDevices.isEmpty() && c.loadsModels.isEmpty() ? 0 : 1;
    QVERIFY2(catalogsWithGoodEntries >= 1, "at least one catalog must hold one bad entry among good ones");
}

void TestBadInputs::cliExitsTwoWithOneLine()
{
    QFETCH(int, index);
    const Case& c = m_cases[static_cast<std::size_t>(index)];
    bool ok = false;
    expectOneLineFailure(cliArguments(c.kind, c.path), c.needles, ok);
    QVERIFY(ok);
}

// The GUI's library path gives the line the console tool prints, word for word.
void TestBadInputs::libraryGivesTheSameMessage()
{
    QFETCH(int, index);
    const Case& c = m_cases[static_cast<std::size_t>(index)];
    std::vector<lhe::core::Message> warnings;
    const core::Catalog catalog = app::loadCatalog({}, warnings); // built-in only: the folder is empty
    QVERIFY(warnings.empty());

    QString message;
    if (c.kind == u"scenario"_s) {
        const auto guiPath = [&] {
            const json scenario = app::readScenarioFile(c.path);             // MainWindow::openScenarioFile
            (void)core::estimate(core::scenarioFromJson(scenario), catalog); // MainWindow::loadScenario
        };
        if (c.stage == u"estimate"_s) {
            // Only the catalog knows the ids: the file reads, the core names the field but not
            // the file, and readScenarioFile given the catalog names both.
            QCOMPARE(errorOf([&] { (void)app::readScenarioFile(c.path); }), u"<no error>"_s);
            VERIFY_NEEDLES(errorOf(guiPath), c.needles.mid(1));
            message = errorOf([&] { (void)app::readScenarioFile(c.path, &catalog); });
        } else {
            message = errorOf(guiPath);
        }
    } else if (c.kind == u"catalog"_s) {
        message = errorOf([&] {
            std::vector<lhe::core::Message> ignored;
            (void)app::loadCatalog({c.path}, ignored);
        });
    } else {
        message = errorOf([&] {
            json scenario = json::object();
            app::attachModelConfig(scenario, c.path); // what --model-config does
        });
        // The reader under it, through core::architectureFromHfConfig, says the same.
        QCOMPARE(errorOf([&] { (void)app::readModelConfigFile(c.path); }), message);
    }
    VERIFY_NEEDLES(message, c.needles);

    bool ok = false;
    const QString line = expectOneLineFailure(cliArguments(c.kind, c.path), c.needles, ok);
    QVERIFY(ok);
    QCOMPARE(line, message);
}

// In the user catalog folder a broken file never stops the product: one warning with the
// needles, the built-in catalog intact, the file's good entries loaded as user entries.
void TestBadInputs::userCatalogFolderSkipsWithOneWarning()
{
    QFETCH(int, index);
    const Case& c = m_cases[static_cast<std::size_t>(index)];
    clearUserCatalogFolder();
    const QString copy = QDir(app::userCatalogFolder()).filePath(c.name);
    QVERIFY(QFile::copy(c.path, copy));

    std::vector<lhe::core::Message> warnings;
    core::Catalog catalog;
    QCOMPARE(errorOf([&] { catalog = app::loadCatalog({}, warnings); }), u"<no error>"_s);
    QVERIFY(catalog.findDevice("nvidia-h100-sxm") && !catalog.findDevice("nvidia-h100-sxm")->userDefined);
    QVERIFY(catalog.findModel("llama-3.1-8b") && !catalog.findModel("llama-3.1-8b")->userDefined);
    QCOMPARE(catalog.devices().size(),
             core::Catalog::builtIn().devices().size() + static_cast<std::size_t>(c.loadsDevices.size()));
    QCOMPARE(catalog.models().size(),
             core::Catalog::builtIn().models().size() + static_cast<std::size_t>(c.loadsModels.size()));

    QString all;
    for (const std::string& warning : lhe::core::englishTexts(warnings))
        all += QString::fromStdString(warning) + u"\n"_s;
    QVERIFY2(warnings.size() == 1, qPrintable(u"expected one warning, got: "_s + all));
    const QString warning = QString::fromStdString(lhe::core::englishText(warnings.front()));
    VERIFY_NEEDLES(warning, c.needles);
    QVERIFY2(warning.contains(copy), qPrintable(warning)); // names the file in the user folder

    for (const QString& id : c.loadsDevices) {
        const core::Device* device = catalog.findDevice(id.toStdString());
        QVERIFY2(device && device->userDefined, qPrintable(id + u" did not load"_s));
    }
    for (const QString& id : c.loadsModels) {
        const core::ModelEntry* model = catalog.findModel(id.toStdString());
        QVERIFY2(model && model->userDefined, qPrintable(id + u" did not load"_s));
    }
    if (c.name == u"catalog-duplicate-device-id.json"_s) // the first of the two copies stays
        QCOMPARE(catalog.findDevice("lab-gpu-a")->name, std::string("Lab GPU A"));
}

// Inputs over 16 MiB (app/support/input_files.h) are refused by size, for every kind; one of
// exactly 16 MiB is read. The files are sparse or padded, made here, never committed.
void TestBadInputs::oversizedFileIsRefusedBeforeReading_data()
{
    addValidInputRows();
}

void TestBadInputs::oversizedFileIsRefusedBeforeReading()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, valid);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    // Valid JSON padded with trailing spaces to exactly the limit: accepted.
    const QString atLimit = dir.filePath(u"at-limit.json"_s);
    QByteArray bytes = valid;
    bytes.append(QByteArray(app::kMaxInputFileBytes - bytes.size(), ' '));
    QVERIFY(writeBytes(atLimit, bytes));
    QCOMPARE(QFileInfo(atLimit).size(), app::kMaxInputFileBytes);
    const RunResult accepted = run(cliArguments(kind, atLimit));
    QVERIFY2(accepted.exitCode == 0 && accepted.err.isEmpty(),
             describe(cliArguments(kind, atLimit), accepted));

    // One byte more: refused by its size. A sparse file of zeros - it is never read.
    const QString tooLarge = dir.filePath(u"too-large.json"_s);
    QFile file(tooLarge);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(app::kMaxInputFileBytes + 1));
    file.close();
    const QStringList needles{u"too-large.json"_s, u"larger than 16 MiB"_s};
    bool ok = false;
    const QString line = expectOneLineFailure(cliArguments(kind, tooLarge), needles, ok);
    QVERIFY(ok);
    QString message;
    if (kind == u"scenario"_s)
        message = errorOf([&] { (void)app::readScenarioFile(tooLarge); });
    else if (kind == u"catalog"_s)
        message = errorOf([&] {
            std::vector<lhe::core::Message> warnings;
            (void)app::loadCatalog({tooLarge}, warnings);
        });
    else
        message = errorOf([&] { (void)app::readModelConfigFile(tooLarge); });
    QCOMPARE(line, message);

    if (kind == u"catalog"_s) { // in the user folder: skipped with a warning
        clearUserCatalogFolder();
        QVERIFY(QFile::copy(tooLarge, QDir(app::userCatalogFolder()).filePath(u"too-large.json"_s)));
        std::vector<lhe::core::Message> warnings;
        const core::Catalog catalog = app::loadCatalog({}, warnings);
        QCOMPARE(catalog.devices().size(), core::Catalog::builtIn().devices().size());
        QCOMPARE(warnings.size(), std::size_t(1));
        VERIFY_NEEDLES(QString::fromStdString(lhe::core::englishText(warnings.front())), needles);
    }
}

// A folder where a file is expected: a clear refusal, never a read error or a crash. In the user
// catalog folder a sub-folder named *.json is skipped with one warning saying so (docs/CONTRACT.md
// §4.4), as a broken file is.
void TestBadInputs::folderNamedLikeAFileIsRefused_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("scenario") << u"scenario"_s;
    QTest::newRow("catalog") << u"catalog"_s;
    QTest::newRow("model-config") << u"model-config"_s;
}

void TestBadInputs::folderNamedLikeAFileIsRefused()
{
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = dir.filePath(u"looks-like-a-file.json"_s);
    QVERIFY(QDir().mkpath(folder));
    bool ok = false;
    expectOneLineFailure(cliArguments(kind, folder), {u"looks-like-a-file.json"_s, u"is a folder"_s}, ok);
    QVERIFY(ok);

    if (kind == u"catalog"_s) {
        clearUserCatalogFolder();
        QVERIFY(QDir().mkpath(QDir(app::userCatalogFolder()).filePath(u"sub-folder.json"_s)));
        std::vector<lhe::core::Message> warnings;
        (void)app::loadCatalog({}, warnings);
        QCOMPARE(warnings.size(), std::size_t(1));
        const QString warning = QString::fromStdString(lhe::core::englishText(warnings.front()));
        QVERIFY2(warning.startsWith(u"skipped user catalog "_s) && warning.contains(u"sub-folder.json"_s) &&
                     warning.contains(u"is a folder"_s),
                 qPrintable(warning));
    }
}

// A UTF-8 byte-order mark (Windows editors write one) before valid JSON is not an error: the file
// loads for every kind. (A lone BOM is: tests/fixtures/bad_inputs/scenario-bom-only.json.)
void TestBadInputs::utf8BomBeforeValidJsonLoads_data()
{
    addValidInputRows();
}

void TestBadInputs::utf8BomBeforeValidJsonLoads()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, valid);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"with-bom.json"_s);
    QVERIFY(writeBytes(path, QByteArrayLiteral("\xEF\xBB\xBF") + valid));

    QStringList arguments = cliArguments(kind, path);
    if (kind == u"catalog"_s)
        arguments =
            QStringList{u"--catalog"_s, path, u"--device"_s, u"lab-npu"_s, u"--model"_s, u"llama-3.1-8b"_s};
    const RunResult r = run(arguments);
    QVERIFY2(r.finished && r.exitCode == 0 && r.err.isEmpty(), describe(arguments, r));
    const json report = json::parse(r.out.toStdString(), nullptr, false);
    QVERIFY2(report.is_object() && report.contains("memory"), describe(arguments, r));

    if (kind == u"scenario"_s) {
        QCOMPARE(errorOf([&] { QCOMPARE(app::readScenarioFile(path).value("batch", 0), 2); }),
                 u"<no error>"_s);
    } else if (kind == u"catalog"_s) {
        std::vector<lhe::core::Message> warnings;
        QVERIFY(app::loadCatalog({path}, warnings).findDevice("lab-npu"));
        QVERIFY(warnings.empty());
    }
}

// Fields the loaders do not know are ignored, silently: no error, no warning line on stderr
// (catalog entries carry provenance notes, configs carry training settings).
void TestBadInputs::unknownExtraFieldsAreIgnored_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("scenario") << u"scenario"_s
                              << QByteArrayLiteral(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b",
        "comment": "capacity plan", "serving": {"engine": "vllm"}, "precision": {"weights": "bf16", "lora": "fp16"}})");
    QTest::newRow("catalog") << u"catalog"_s
                             << QByteArrayLiteral(
                                    R"({"version": 3, "devices": [{"id": "lab-npu", "name": "Lab NPU",
        "vendor": "Lab", "class": "npu", "memory_bytes": 64e9, "memory_bandwidth": 1.6e12,
        "peak_flops": {"bf16": 400e12}, "price_usd": 12000, "datasheet": {"page": 4}}], "comments": ["x"]})");
    QTest::newRow("model-config") << u"model-config"_s
                                  << QByteArrayLiteral(R"({"model_type": "llama", "hidden_size": 2048,
        "num_attention_heads": 32, "num_hidden_layers": 16, "vocab_size": 128256, "quantization_config":
        {"bits": 4}, "my_training_note": "run 7"})");
}

void TestBadInputs::unknownExtraFieldsAreIgnored()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, text);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"extra-fields.json"_s);
    QVERIFY(writeBytes(path, text));
    QStringList arguments = cliArguments(kind, path);
    if (kind == u"catalog"_s)
        arguments =
            QStringList{u"--catalog"_s, path, u"--device"_s, u"lab-npu"_s, u"--model"_s, u"llama-3.1-8b"_s};
    const RunResult r = run(arguments);
    QVERIFY2(r.finished && r.exitCode == 0 && r.err.isEmpty(), describe(arguments, r));
}

// Flags override the scenario file's fields before the core checks them: a flag mends a bad field
// of the file, and an error in a flag's value is the flag's, so the line does not blame the file.
void TestBadInputs::flagsOverrideABadFieldOfTheFile()
{
    const QString badBatch = QDir(badInputsFolder()).filePath(u"batch-is-string.json"_s);
    const QStringList mended{u"--scenario"_s, badBatch, u"--batch"_s, u"4"_s};
    const RunResult r = run(mended);
    QVERIFY2(r.finished && r.exitCode == 0 && r.err.isEmpty(), describe(mended, r));

    const QString good = QDir(QStringLiteral(LHE_SOURCE_DIR))
                             .filePath(u"tests/fixtures/scenarios/h100-llama-3.1-8b-batch1.json"_s);
    bool ok = false;
    const QString line =
        expectOneLineFailure({u"--scenario"_s, good, u"--batch"_s, u"0"_s},
                             {u"batch: expected an integer from 1 to 1000000000, got 0"_s}, ok);
    QVERIFY(ok);
    QVERIFY2(line.startsWith(u"batch: "_s), qPrintable(line));

    // A bad field the flags leave alone is still the file's.
    const QString zeroDevices = QDir(badInputsFolder()).filePath(u"scenario-devices-zero.json"_s);
    expectOneLineFailure({u"--scenario"_s, zeroDevices, u"--batch"_s, u"2"_s},
                         {u"scenario-devices-zero.json: devices: "_s}, ok);
    QVERIFY(ok);
}

// A symbolic link loop, a FIFO and a device are refused by what they are, for every kind of
// input, before any read: a FIFO would block both programs forever, /dev/zero never ends, and a
// loop is no missing file. The library path gives the console tool's line.
void TestBadInputs::notARegularFileIsNamed_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("made");
    for (const char* kind : {"scenario", "catalog", "model-config"}) {
        for (const char* made : {"symlink-loop", "fifo", "dev-zero"})
            QTest::addRow("%s, %s", kind, made) << QString::fromLatin1(kind) << QString::fromLatin1(made);
    }
}

void TestBadInputs::notARegularFileIsNamed()
{
    QFETCH(QString, kind);
    QFETCH(QString, made);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path;
    QString needle;
    if (made == u"symlink-loop"_s) {
        path = dir.filePath(u"loop-a.json"_s);
        QVERIFY(QFile::link(dir.filePath(u"loop-b.json"_s), path));
        QVERIFY(QFile::link(path, dir.filePath(u"loop-b.json"_s)));
        needle = u"symbolic link loop"_s;
    } else if (made == u"fifo"_s) {
        path = dir.filePath(u"pipe.json"_s);
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        needle = u"is not a regular file (a FIFO)"_s;
    } else {
        path = u"/dev/zero"_s;
        needle = u"is not a regular file (a character device)"_s;
    }
    QElapsedTimer clock;
    clock.start();
    bool ok = false;
    const QString line = expectOneLineFailure(cliArguments(kind, path), {path, needle}, ok);
    QVERIFY(ok);
    QVERIFY2(clock.elapsed() < 10000, "a FIFO must be refused, not read");
    QString message;
    if (kind == u"scenario"_s)
        message = errorOf([&] { (void)app::readScenarioFile(path); });
    else if (kind == u"catalog"_s)
        message = errorOf([&] {
            std::vector<lhe::core::Message> warnings;
            (void)app::loadCatalog({path}, warnings);
        });
    else
        message = errorOf([&] { (void)app::readModelConfigFile(path); });
    QCOMPARE(line, message);
}

// A file inside a folder this user may not enter is no missing file: the line names the folder.
// Root enters every folder, so as root the tool runs as "nobody" (setpriv, util-linux).
// "cfg.json\u0000.txt" in a scenario opened cfg.json: the system reads a path up to its first NUL.
void TestBadInputs::aNulInAPathIsRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A config that reads well: before the check, the scenario loaded it.
    QVERIFY(QFile::copy(QStringLiteral(LHE_SOURCE_DIR "/tests/fixtures/hf_configs/llama-3.2-1b.config.json"),
                        dir.filePath(u"cfg.json"_s)));
    const QString scenario = dir.filePath(u"s.json"_s);
    QVERIFY(
        writeBytes(scenario, R"({"device": "nvidia-rtx-4090", "model_config_path": "cfg.json\u0000.txt"})"));
    try {
        (void)app::readScenarioFile(scenario);
        QFAIL("a path with a NUL was read");
    } catch (const core::InputError& error) {
        const std::string text = error.what();
        QVERIFY2(text.find("cannot contain a NUL character") != std::string::npos, error.what());
        QVERIFY2(text.find('\0') == std::string::npos, "the NUL itself reached the message");
    }
}

void TestBadInputs::folderThatCannotBeEnteredIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::setPermissions(dir.path(), QFile::permissions(dir.path()) | QFileDevice::ExeOther |
                                                  QFileDevice::ReadOther | QFileDevice::ExeGroup));
    const QString locked = dir.filePath(u"locked"_s);
    QVERIFY(QDir().mkpath(locked));
    const QString path = QDir(locked).filePath(u"scenario.json"_s);
    QVERIFY(writeBytes(path, validScenario()));
    QVERIFY(::chmod(QFile::encodeName(locked).constData(), 0) == 0);
    const auto unlock = qScopeGuard([&] { ::chmod(QFile::encodeName(locked).constData(), 0700); });

    QStringList arguments{u"--scenario"_s, path};
    QString program = QStringLiteral(LHE_ESTIMATE_EXE);
    if (::geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
        if (setpriv.isEmpty())
            QSKIP("running as root without setpriv: every folder can be entered");
        arguments =
            QStringList{u"--reuid=65534"_s, u"--regid=65534"_s, u"--clear-groups"_s, program} + arguments;
        program = setpriv;
    }
    QProcessEnvironment env = m_env;
    env.insert(u"HOME"_s, dir.path()); // readable by the unprivileged user
    const RunResult r = lhe::test::runProgram(program, arguments, env);
    const QByteArray context = describe(arguments, r);
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == 2, context.constData());
    QVERIFY2(r.err.count('\n') == 1, context.constData());
    const QByteArray needle = "permission denied: cannot enter folder " + QFile::encodeName(locked);
    QVERIFY2(r.err.contains(needle), context.constData());
    QVERIFY2(!r.err.contains("file not found"), context.constData());
}

// Values quoted in an error line are elided: a 5-million-digit number, a megabyte-long id or
// mode name give a short line that says how long the value was.
void TestBadInputs::hugeValuesAreElidedInTheMessage_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("needle");
    const QByteArray digits(5'000'000, '7');
    const QByteArray letters(1'000'000, 'x');
    QTest::newRow("5-million-digit batch")
        << QByteArray(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "batch": )" + digits + "}")
        << u"(5000000 characters)"_s;
    QTest::newRow("megabyte device id")
        << QByteArray(R"({"device": ")" + letters + R"(", "model": "llama-3.1-8b"})")
        << u"(1000000 characters)"_s;
    QTest::newRow("megabyte mode name")
        << QByteArray(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "mode": ")" + letters +
                      R"("})")
        << u"(1000000 characters)"_s;
    QTest::newRow("megabyte string where a number belongs")
        << QByteArray(R"({"device": "nvidia-h100-sxm", "model": "llama-3.1-8b", "batch": ")" + letters +
                      R"("})")
        << u"(1000000 characters)"_s;
}

void TestBadInputs::hugeValuesAreElidedInTheMessage()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, needle);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"huge.json"_s);
    QVERIFY(writeBytes(path, text));
    const RunResult r = run({u"--scenario"_s, path});
    QVERIFY2(r.finished && r.exitCode == 2 && r.err.count('\n') == 1, describe({path}, r).constData());
    QVERIFY2(r.err.size() < 400, r.err.left(400).constData());
    QVERIFY2(r.err.contains(needle.toUtf8()), r.err.left(400).constData());
    QVERIFY2(r.err.contains("\u2026 ("), r.err.left(400).constData()); // an ellipsis, not "\xE2\x80\xA6"
}

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_bad_inputs.moc"
