// Tests for the safetensors header reader: little files written here byte by byte (8-byte
// little-endian length, JSON header, data) read back, and hostile headers each refused with one
// InputError line naming the field, never a crash or a read outside the given bytes.
#include "core/common/input_error.h"
#include "core/formats/safetensors_header.h"

#include <QtTest>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

using lhe::core::InputError;
using lhe::core::TensorInventory;
using nlohmann::json;

namespace {

const std::string kOrigin = "m.safetensors";

std::string lengthPrefix(std::uint64_t length)
{
    std::string bytes(8, '\0');
    for (std::size_t i = 0; i < 8; ++i)
        bytes[i] = static_cast<char>((length >> (8 * i)) & 0xff);
    return bytes;
}

// A whole file: length, header, `dataBytes` zero bytes.
std::string fileOf(const std::string& header, std::size_t dataBytes)
{
    return lengthPrefix(header.size()) + header + std::string(dataBytes, '\0');
}

// Reads a file as a caller would: the length from its first 8 bytes, then the header.
TensorInventory readFile(std::string_view file)
{
    const std::uint64_t length = lhe::core::safetensorsHeaderLength(file.substr(0, 8), file.size(), kOrigin);
    return lhe::core::parseSafetensorsHeader(file.substr(8, length), file.size(), kOrigin);
}

// A small, well-formed header with no padding, so that every shorter prefix is invalid JSON.
const std::string kSmallHeader =
    R"({"__metadata__":{"format":"pt"},"b":{"dtype":"BF16","shape":[2,3],"data_offsets":[0,12]},)"
    R"("a":{"dtype":"F32","shape":[4],"data_offsets":[12,28]},)"
    R"("f":{"dtype":"F4","shape":[2,3],"data_offsets":[28,31]},)"
    R"("e":{"dtype":"U8","shape":[0,5],"data_offsets":[31,31]},)"
    R"("z":{"dtype":"I64","shape":[],"data_offsets":[31,39]}})";
constexpr std::size_t kSmallData = 39;

} // namespace

class TestSafetensorsHeader : public QObject
{
    Q_OBJECT

private slots:
    void readsAGoodFile()
    {
        const TensorInventory inventory = readFile(fileOf(kSmallHeader, kSmallData));
        QCOMPARE(inventory.format, std::string("safetensors"));
        QCOMPARE(inventory.fileBytes, double(8 + kSmallHeader.size() + kSmallData));
        QCOMPARE(inventory.tensors.size(), std::size_t(5));
        // In the order of their data: b, a, f, then the empty e and the scalar z (both at 31).
        QCOMPARE(inventory.tensors[0].name, std::string("b"));
        QCOMPARE(inventory.tensors[0].dtype, std::string("BF16"));
        QCOMPARE(inventory.tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
        QCOMPARE(inventory.tensors[0].elements, 6.0);
        QCOMPARE(inventory.tensors[0].bytes, 12.0);
        QCOMPARE(inventory.tensors[1].name, std::string("a"));
        QCOMPARE(inventory.tensors[1].bytes, 16.0);
        QCOMPARE(inventory.tensors[2].name, std::string("f"));
        QCOMPARE(inventory.tensors[2].elements, 6.0); // 6 fp4 values: 24 bits, 3 bytes
        QCOMPARE(inventory.tensors[2].bytes, 3.0);
        QCOMPARE(inventory.tensors[3].name, std::string("e"));
        QCOMPARE(inventory.tensors[3].elements, 0.0);
        QCOMPARE(inventory.tensors[4].name, std::string("z"));
        QCOMPARE(inventory.tensors[4].elements, 1.0); // a scalar: empty shape, one element
        QCOMPARE(inventory.tensors[4].bytes, 8.0);
    }

    void readsPaddedHeadersAndGaps()
    {
        // The reference writer pads the header with spaces to 8 bytes; a gap before the data of
        // a tensor and unused bytes after the last are allowed here.
        const std::string header =
            R"({"w":{"dtype":"F8_E4M3","shape":[4,4],"data_offsets":[8,24]}})" + std::string(5, ' ');
        const TensorInventory inventory = readFile(fileOf(header, 40));
        QCOMPARE(inventory.tensors.size(), std::size_t(1));
        QCOMPARE(inventory.tensors[0].bytes, 16.0);
        QCOMPARE(lhe::core::safetensorsDtypeBits("F8_E8M0"), 8);
        QCOMPARE(lhe::core::safetensorsDtypeBits("F6_E2M3"), 6);
        QCOMPARE(lhe::core::safetensorsDtypeBits("C64"), 64);
        QCOMPARE(lhe::core::safetensorsDtypeBits("bf16"), 0);
    }

    void refusesBadLengths()
    {
        const auto errorOf = [](std::string_view first8, std::uint64_t fileBytes) -> std::string {
            try {
                lhe::core::safetensorsHeaderLength(first8, fileBytes, kOrigin);
            } catch (const InputError& error) {
                return error.what();
            }
            return "no error";
        };
        QVERIFY(errorOf("abc", 3).find("3 bytes long") != std::string::npos);
        QVERIFY(errorOf(lengthPrefix(100), 50).find("reaches past the end of the file (42 bytes") !=
                std::string::npos);
        QVERIFY(errorOf(lengthPrefix(100'000'001), 1ULL << 40).find("limit of 100000000") !=
                std::string::npos);
        QVERIFY(errorOf(lengthPrefix(~0ULL), ~0ULL).find("limit") != std::string::npos);
        QCOMPARE(lhe::core::safetensorsHeaderLength(lengthPrefix(100'000'000), 1ULL << 40, kOrigin),
                 std::uint64_t(100'000'000));
        QVERIFY(errorOf(lengthPrefix(0), 8).find("no error") != std::string::npos);
        QVERIFY(std::string(errorOf("abc", 3)).rfind(kOrigin + ": ", 0) == 0);
    }

    void refusesHostileHeaders_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<int>("dataBytes");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("words");
        const auto row = [](const char* tag, const std::string& header, int data, const char* path,
                            const char* words) {
            QTest::newRow(tag) << QString::fromStdString(header) << data << path << words;
        };
        row("not JSON", R"({"a":{"dtype":)", 0, "safetensors", "malformed JSON");
        row("not an object", "[1,2]", 0, "safetensors", "expected a JSON object of tensors, got an array");
        row("entry not an object", R"({"a":[1]})", 0, R"(safetensors["a"])", "expected an object");
        row("missing dtype", R"({"a":{"shape":[1],"data_offsets":[0,1]}})", 1, R"(safetensors["a"].dtype)",
            "required field is missing");
        row("unknown dtype", R"({"a":{"dtype":"F12","shape":[1],"data_offsets":[0,2]}})", 2,
            R"(safetensors["a"].dtype)", "unknown dtype \"F12\"");
        row("lower-case dtype", R"({"a":{"dtype":"bf16","shape":[1],"data_offsets":[0,2]}})", 2,
            R"(safetensors["a"].dtype)", "unknown dtype");
        row("dtype not a string", R"({"a":{"dtype":16,"shape":[1],"data_offsets":[0,2]}})", 2,
            R"(safetensors["a"].dtype)", "unknown dtype 16");
        row("negative shape", R"({"a":{"dtype":"U8","shape":[2,-1],"data_offsets":[0,0]}})", 0,
            R"(safetensors["a"].shape[1])", "expected a whole number of 0 or more, got -1");
        row("fractional shape", R"({"a":{"dtype":"U8","shape":[2.5],"data_offsets":[0,2]}})", 2,
            R"(safetensors["a"].shape[0])", "got 2.5");
        row("exponent shape", R"({"a":{"dtype":"U8","shape":[1e3],"data_offsets":[0,1000]}})", 1000,
            R"(safetensors["a"].shape[0])", "whole number");
        row("shape not an array", R"({"a":{"dtype":"U8","shape":4,"data_offsets":[0,4]}})", 4,
            R"(safetensors["a"].shape)", "expected an array");
        row("element overflow",
            R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,16],"data_offsets":[0,0]}})", 0,
            R"(safetensors["a"].shape)", "more elements than 64 bits");
        row("bit overflow", R"({"a":{"dtype":"F64","shape":[4611686018427387904],"data_offsets":[0,0]}})", 0,
            R"(safetensors["a"].shape)", "more elements than 64 bits");
        row("fp4 not on a byte", R"({"a":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})", 2,
            R"(safetensors["a"].shape)", "do not end on a byte boundary");
        row("size mismatch named",
            R"({"model.layers.0.mlp.up_proj.weight":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8,
            R"(safetensors["model.layers.0.mlp.up_proj.weight"].data_offsets)",
            "the offsets span 8 bytes, but shape [3] of F32 takes 12 bytes");
        row("offsets beyond data", R"({"a":{"dtype":"U8","shape":[8],"data_offsets":[92,100]}})", 16,
            R"(safetensors["a"].data_offsets)", "end 100 is past the end of the data section (16 bytes)");
        row("begin after end", R"({"a":{"dtype":"U8","shape":[0],"data_offsets":[9,4]}})", 16,
            R"(safetensors["a"].data_offsets)", "begin 9 is after end 4");
        row("three offsets", R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1,2]}})", 2,
            R"(safetensors["a"].data_offsets)", "expected [begin, end]");
        row("negative offset", R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[-1,0]}})", 2,
            R"(safetensors["a"].data_offsets)", "expected [begin, end]");
        row("overlap",
            R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
            12, R"(safetensors["b"].data_offsets)", "bytes 4 to 12 overlap those of tensor \"a\" (0 to 8)");
        row("contained overlap",
            R"({"big":{"dtype":"U8","shape":[32],"data_offsets":[0,32]},"c":{"dtype":"U8","shape":[2],"data_offsets":[8,10]},"d":{"dtype":"U8","shape":[2],"data_offsets":[20,22]}})",
            32, R"(safetensors["c"].data_offsets)", "overlap those of tensor \"big\"");
        row("metadata not strings", R"({"__metadata__":{"format":1}})", 0,
            R"(safetensors["__metadata__"]["format"])", "expected a string, got 1");
        row("metadata not an object", R"({"__metadata__":"pt"})", 0, R"(safetensors["__metadata__"])",
            "expected an object of strings");
        row("duplicate tensor",
            R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]},"a":{"dtype":"U8","shape":[1],"data_offsets":[1,2]}})",
            2, "safetensors", "duplicate key \"a\"");
        row("deep nesting", R"({"__metadata__":)" + std::string(100, '[') + std::string(100, ']') + "}", 0,
            "safetensors", "nested deeper than 64");
        row("control characters in a name",
            "{\"a\\nb\":{\"dtype\":\"X\",\"shape\":[],\"data_offsets\":[0,0]}}", 0,
            R"(safetensors["a\nb"].dtype)", "unknown dtype");
    }

    void refusesHostileHeaders()
    {
        QFETCH(QString, header);
        QFETCH(int, dataBytes);
        QFETCH(QString, fieldPath);
        QFETCH(QString, words);
        const std::string file = fileOf(header.toStdString(), static_cast<std::size_t>(dataBytes));
        try {
            readFile(file);
            QFAIL("no error thrown");
        } catch (const InputError& error) {
            const std::string what = error.what();
            QVERIFY2(what.find('\n') == std::string::npos, what.c_str());
            QVERIFY2(what.rfind(kOrigin + ": ", 0) == 0, what.c_str());
            QCOMPARE(QString::fromStdString(error.fieldPath()), fieldPath);
            QVERIFY2(what.find(words.toStdString()) != std::string::npos, what.c_str());
        }
    }

    void refusesAHeaderLargerThanItsFile()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, lhe::core::parseSafetensorsHeader(kSmallHeader, 8, kOrigin));
        QVERIFY_THROWS_EXCEPTION(InputError, lhe::core::parseSafetensorsHeader(kSmallHeader, 0, kOrigin));
        // A header that fits but leaves too little data for its tensors.
        QVERIFY_THROWS_EXCEPTION(InputError, lhe::core::parseSafetensorsHeader(
                                                 kSmallHeader, 8 + kSmallHeader.size() + 38, kOrigin));
    }

    // A file cut at any byte of its length or header is one InputError: for a cut in the first
    // 8 + N bytes the length check refuses it; a cut header with enough room for its data is
    // invalid JSON (no padding: every proper prefix of the object is unfinished).
    void refusesEveryTruncation()
    {
        const std::string file = fileOf(kSmallHeader, kSmallData);
        const std::size_t headerEnd = 8 + kSmallHeader.size();
        for (std::size_t n = 0; n < headerEnd; ++n) {
            // The first n bytes are all the reader gets; a copy so that ASan sees any read past them.
            const std::string cut = file.substr(0, n);
            QVERIFY_THROWS_EXCEPTION(InputError, readFile(cut));
        }
        for (std::size_t n = 0; n < kSmallHeader.size(); ++n) {
            const std::string cut = kSmallHeader.substr(0, n);
            try {
                lhe::core::parseSafetensorsHeader(cut, 8 + n + kSmallData, kOrigin);
                QFAIL(qPrintable(QStringLiteral("a header cut at byte %1 was read").arg(n)));
            } catch (const InputError& error) {
                QVERIFY(std::string(error.what()).find('\n') == std::string::npos);
            }
        }
        // The data cut short: the last tensor's end is past the data section.
        for (std::size_t n = headerEnd; n < file.size(); ++n)
            QVERIFY_THROWS_EXCEPTION(InputError, readFile(file.substr(0, n)));
        QCOMPARE(readFile(file).tensors.size(), std::size_t(5));
    }

    void listsShardsOfAnIndex()
    {
        const json index = json::parse(R"({"metadata":{"total_size":16060522496},"weight_map":{
            "lm_head.weight":"model-00004-of-00004.safetensors",
            "model.embed_tokens.weight":"model-00001-of-00004.safetensors",
            "model.layers.0.mlp.up_proj.weight":"model-00001-of-00004.safetensors",
            "model.layers.31.mlp.up_proj.weight":"model-00003-of-00004.safetensors",
            "model.layers.20.mlp.up_proj.weight":"model-00002-of-00004.safetensors"}})");
        QCOMPARE(lhe::core::shardsOfIndex(index, "index.json"),
                 (std::vector<std::string>{
                     "model-00001-of-00004.safetensors", "model-00002-of-00004.safetensors",
                     "model-00003-of-00004.safetensors", "model-00004-of-00004.safetensors"}));
    }

    void refusesHostileIndexes_data()
    {
        QTest::addColumn<QString>("index");
        QTest::addColumn<QString>("fieldPath");
        QTest::newRow("parent folder") << R"({"weight_map":{"w":"../x.safetensors"}})"
                                       << R"(weight_map["w"])";
        QTest::newRow("sub folder") << R"({"weight_map":{"w":"a/x.safetensors"}})"
                                    << R"(weight_map["w"])";
        QTest::newRow("absolute") << R"({"weight_map":{"w":"/etc/x.safetensors"}})"
                                  << R"(weight_map["w"])";
        QTest::newRow("backslash") << R"({"weight_map":{"w":"..\\x.safetensors"}})"
                                   << R"(weight_map["w"])";
        QTest::newRow("not safetensors") << R"({"weight_map":{"w":"x.bin"}})"
                                         << R"(weight_map["w"])";
        QTest::newRow("bare suffix") << R"({"weight_map":{"w":".safetensors"}})"
                                     << R"(weight_map["w"])";
        QTest::newRow("non-string") << R"({"weight_map":{"w":5}})"
                                    << R"(weight_map["w"])";
        QTest::newRow("newline") << R"({"weight_map":{"w":"a\nb.safetensors"}})"
                                 << R"(weight_map["w"])";
        QTest::newRow("no weight_map") << R"({"metadata":{}})"
                                       << "weight_map";
        QTest::newRow("weight_map array") << R"({"weight_map":["x.safetensors"]})"
                                          << "weight_map";
        QTest::newRow("not an object") << R"([])"
                                       << "";
    }

    void refusesHostileIndexes()
    {
        QFETCH(QString, index);
        QFETCH(QString, fieldPath);
        try {
            lhe::core::shardsOfIndex(json::parse(index.toStdString()), "index.json");
            QFAIL("no error thrown");
        } catch (const InputError& error) {
            QCOMPARE(QString::fromStdString(error.fieldPath()), fieldPath);
            QCOMPARE(QString::fromStdString(error.origin()), QStringLiteral("index.json"));
            QVERIFY(std::string(error.what()).find('\n') == std::string::npos);
        }
    }
};

QTEST_APPLESS_MAIN(TestSafetensorsHeader)
#include "tst_safetensors_header.moc"
