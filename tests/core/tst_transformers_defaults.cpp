// The transformers defaults table (core/model/transformers_defaults.cpp) against the lines of the
// configuration files it cites: tests/fixtures/transformers_defaults/<model_type>.txt holds,
// for each entry, the source path, the transformers commit and the declaring `key = value`
// lines copied from that file (dataclass fields `key: type = value` or __init__ parameters
// `key=value,`). Every key of the table must be declared there with the same value.
#include "core/model/transformers_defaults.h"

#include <QtTest>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

using nlohmann::json;
namespace defaults = lhe::core::transformers_defaults;

namespace {

const std::string kFixtureDir = LHE_SOURCE_DIR "/tests/fixtures/transformers_defaults/";

std::string trim(std::string text)
{
    while (!text.empty() && (std::isspace(static_cast<unsigned char>(text.back())) || text.back() == ','))
        text.pop_back();
    std::size_t start = 0;
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start])))
        ++start;
    return text.substr(start);
}

// A Python literal as the configuration files write defaults: None, True, False, a quoted
// string, a number (digit separators allowed) or a product of two whole numbers (4096 * 32).
json pythonValue(std::string text)
{
    text = trim(text);
    if (text == "None")
        return nullptr;
    if (text == "True")
        return true;
    if (text == "False")
        return false;
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        return text.substr(1, text.size() - 2);
    std::string digits;
    for (char c : text)
        if (c != '_' && c != ' ')
            digits += c;
    if (const auto star = digits.find('*'); star != std::string::npos)
        return std::stoll(digits.substr(0, star)) * std::stoll(digits.substr(star + 1));
    if (digits.find_first_of(".eE") != std::string::npos)
        return std::stod(digits);
    return std::stoll(digits);
}

struct Fixture
{
    std::string source;
    std::string className;
    std::string commit;
    std::map<std::string, json> values;
};

Fixture readFixture(const std::string& modelType)
{
    Fixture fixture;
    std::ifstream in(kFixtureDir + modelType + ".txt");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("# source: ", 0) == 0)
            fixture.source = trim(line.substr(10));
        else if (line.rfind("# class: ", 0) == 0)
            fixture.className = trim(line.substr(9));
        else if (line.rfind("# commit: ", 0) == 0)
            fixture.commit = trim(line.substr(10));
        if (line.empty() || line[0] == '#')
            continue;
        const auto equals = line.find('=');
        if (equals == std::string::npos)
            continue;
        std::string key = trim(line.substr(0, equals));
        if (const auto colon = key.find(':'); colon != std::string::npos) // `key: int | None`
            key = trim(key.substr(0, colon));
        fixture.values[key] = pythonValue(line.substr(equals + 1));
    }
    return fixture;
}

} // namespace

class TestTransformersDefaults : public QObject
{
    Q_OBJECT

private slots:
    void tableMatchesCitedSource_data();
    void tableMatchesCitedSource();
    void missingKeysTakeTheDefault();
    void explicitNullIsKept();
    void unknownTypeUnchanged();
};

void TestTransformersDefaults::tableMatchesCitedSource_data()
{
    QTest::addColumn<QString>("modelType");
    QVERIFY(!defaults::table().empty());
    for (const defaults::ClassDefaults& entry : defaults::table())
        QTest::newRow(std::string(entry.modelType).c_str())
            << QString::fromStdString(std::string(entry.modelType));
}

void TestTransformersDefaults::tableMatchesCitedSource()
{
    QFETCH(QString, modelType);
    const defaults::ClassDefaults* entry = defaults::find(modelType.toStdString());
    QVERIFY(entry);
    const Fixture fixture = readFixture(modelType.toStdString());
    QVERIFY2(!fixture.values.empty(), "no fixture lines");
    // The table cites the fixture's file, class and commit.
    QCOMPARE(std::string(entry->source), "transformers " + fixture.source + ", " + fixture.className);
    QCOMPARE(std::string(entry->commit), fixture.commit);
    QCOMPARE(fixture.commit.size(), std::size_t(40));
    const json table = json::parse(entry->defaults);
    QVERIFY(table.is_object() && !table.empty());
    for (const auto& [key, value] : table.items()) {
        const auto it = fixture.values.find(key);
        QVERIFY2(it != fixture.values.end(), ("not declared in the cited source: " + key).c_str());
        const bool same = value.is_number() && it->second.is_number()
                              ? value.get<double>() == it->second.get<double>()
                              : value == it->second;
        QVERIFY2(same, (key + ": table " + value.dump() + ", source " + it->second.dump()).c_str());
    }
}

void TestTransformersDefaults::missingKeysTakeTheDefault()
{
    // Gemma 3's published text_config omits the vocabulary and the head counts.
    const json filled = defaults::withDefaults(json{{"hidden_size", 2560}}, "gemma3_text");
    QCOMPARE(filled["hidden_size"].get<long long>(), 2560LL);
    QCOMPARE(filled["vocab_size"].get<long long>(), 262208LL);
    QCOMPARE(filled["head_dim"].get<long long>(), 256LL);
    QCOMPARE(filled["tie_word_embeddings"].get<bool>(), true);
}

void TestTransformersDefaults::explicitNullIsKept()
{
    // transformers passes an explicit null on as None: Mistral's 4096 window is then off.
    const json filled = defaults::withDefaults(json{{"sliding_window", nullptr}}, "mistral");
    QVERIFY(filled["sliding_window"].is_null());
}

void TestTransformersDefaults::unknownTypeUnchanged()
{
    const json config{{"hidden_size", 8}};
    QCOMPARE(defaults::withDefaults(config, "no_such_family"), config);
    QVERIFY(defaults::find("no_such_family") == nullptr);
}

QTEST_GUILESS_MAIN(TestTransformersDefaults)
#include "tst_transformers_defaults.moc"
