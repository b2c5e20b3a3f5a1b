#include "core/formats/safetensors_header.h"

#include "core/catalog/catalog.h" // parseJsonText
#include "core/common/input_error.h"
#include "core/common/json_fields.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <utility>

namespace lhe::core {

using json_fields::shownValue;
using nlohmann::json;

namespace {

struct DtypeBits
{
    std::string_view name;
    int bits;
};

// Every dtype of huggingface/safetensors (safetensors/src/tensor.rs, enum Dtype and
// Dtype::bitsize): F4 is the OCP MX fp4 (e2m1) element, two per byte; F6_* the MX fp6 elements.
constexpr std::array<DtypeBits, 22> kDtypes{
    {{"BOOL", 8},    {"F4", 4},      {"F6_E2M3", 6}, {"F6_E3M2", 6},     {"U8", 8},          {"I8", 8},
     {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"F8_E4M3FNUZ", 8}, {"F8_E5M2FNUZ", 8}, {"I16", 16},
     {"U16", 16},    {"F16", 16},    {"BF16", 16},   {"I32", 32},        {"U32", 32},        {"F32", 32},
     {"C64", 64},    {"F64", 64},    {"I64", 64},    {"U64", 64}}};

std::string dtypeList()
{
    std::string out;
    for (const DtypeBits& d : kDtypes) {
        if (!out.empty())
            out += ", ";
        out += d.name;
    }
    return out;
}

std::string tensorPath(const std::string& name)
{
    // One line whatever the name holds, so that the field path prints as one.
    return "safetensors[\"" + InputError::oneLine(elided(name, 80)) + "\"]";
}

// A JSON integer of 0 or more; nullopt for anything else (a fraction, an exponent form such as
// 1e3 that nlohmann reads as a float, a negative number, a string).
std::optional<std::uint64_t> wholeNumber(const json& value)
{
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>();
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(value.get<std::int64_t>());
    return std::nullopt;
}

std::optional<std::uint64_t> checkedMultiply(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        return std::nullopt;
    return product;
}

std::string shapeText(const std::vector<std::uint64_t>& shape)
{
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        out += (i > 0 ? ", " : "") + std::to_string(shape[i]);
    return elided(out + "]");
}

struct Placed
{
    std::uint64_t begin;
    std::uint64_t end;
    TensorRecord record;
};

} // namespace

int safetensorsDtypeBits(std::string_view dtype)
{
    for (const DtypeBits& d : kDtypes)
        if (d.name == dtype)
            return d.bits;
    return 0;
}

std::uint64_t safetensorsHeaderLength(std::string_view first8Bytes, std::uint64_t fileBytes,
                                      const std::string& origin)
{
    if (fileBytes < 8 || first8Bytes.size() < 8)
        throw InputError("", message(LHE_TEXT("CoreMessage", "the file is %1 bytes long; a safetensors file "
                                                             "starts with an 8-byte header length"),
                                     std::min<std::uint64_t>(fileBytes, first8Bytes.size())))
            .withOrigin(origin);
    std::uint64_t length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | static_cast<unsigned char>(first8Bytes[static_cast<std::size_t>(i)]);
    if (length > kSafetensorsMaxHeaderBytes)
        throw InputError("", message(LHE_TEXT("CoreMessage", "the header length %1 is more than the "
                                                             "safetensors limit of %2 bytes"),
                                     length, kSafetensorsMaxHeaderBytes))
            .withOrigin(origin);
    if (length > fileBytes - 8)
        throw InputError("", message(LHE_TEXT("CoreMessage", "the header length %1 reaches past the end of "
                                                             "the file (%2 bytes after the 8-byte length)"),
                                     length, fileBytes - 8))
            .withOrigin(origin);
    return length;
}

TensorInventory parseSafetensorsHeader(std::string_view headerJson, std::uint64_t fileBytes,
                                       const std::string& origin)
{
    const std::uint64_t headerBytes = headerJson.size();
    if (headerBytes > kSafetensorsMaxHeaderBytes)
        throw InputError("", message(LHE_TEXT("CoreMessage", "the header length %1 is more than the "
                                                             "safetensors limit of %2 bytes"),
                                     headerBytes, kSafetensorsMaxHeaderBytes))
            .withOrigin(origin);
    if (fileBytes < 8 || headerBytes > fileBytes - 8)
        throw InputError("", message(LHE_TEXT("CoreMessage", "the header (%1 bytes) and its 8-byte length "
                                                             "do not fit in a file of %2 bytes"),
                                     headerBytes, fileBytes))
            .withOrigin(origin);
    const std::uint64_t dataBytes = fileBytes - 8 - headerBytes;

    json header;
    try {
        // parseJsonText: nesting depth capped at 64 before parsing, duplicate keys refused (a
        // tensor named twice would otherwise keep its last entry silently).
        header = parseJsonText(headerJson, "safetensors");
    } catch (const InputError& error) {
        throw error.withOrigin(origin);
    }
    if (!header.is_object())
        throw InputError(
            "safetensors",
            message(LHE_TEXT("CoreMessage", "expected a JSON object of tensors, got %1"), shownValue(header)))
            .withOrigin(origin);

    std::vector<Placed> placed;
    placed.reserve(header.size());
    for (const auto& [name, entry] : header.items()) {
        const std::string path = tensorPath(name);
        if (name == "__metadata__") {
            if (!entry.is_object())
                throw InputError(path,
                                 message(LHE_TEXT("CoreMessage", "expected an object of strings, got %1"),
                                         shownValue(entry)))
                    .withOrigin(origin);
            for (const auto& [key, value] : entry.items())
                if (!value.is_string())
                    throw InputError(
                        path + "[\"" + InputError::oneLine(elided(key, 80)) + "\"]",
                        message(LHE_TEXT("CoreMessage", "expected a string, got %1"), shownValue(value)))
                        .withOrigin(origin);
            continue;
        }
        if (!entry.is_object())
            throw InputError(path, message(LHE_TEXT("CoreMessage", "expected an object with dtype, shape and "
                                                                   "data_offsets, got %1"),
                                           shownValue(entry)))
                .withOrigin(origin);
        for (const char* key : {"dtype", "shape", "data_offsets"})
            if (!entry.contains(key))
                throw InputError(path + "." + key,
                                 message(LHE_TEXT("CoreMessage", "required field is missing")))
                    .withOrigin(origin);

        TensorRecord record;
        record.name = name;
        const json& dtype = entry.at("dtype");
        const int bits = dtype.is_string() ? safetensorsDtypeBits(dtype.get_ref<const std::string&>()) : 0;
        if (bits == 0)
            throw InputError(path + ".dtype", message(LHE_TEXT("CoreMessage", "unknown dtype %1; safetensors "
                                                                              "defines %2"),
                                                      shownValue(dtype), dtypeList()))
                .withOrigin(origin);
        record.dtype = dtype.get<std::string>();

        const json& shape = entry.at("shape");
        if (!shape.is_array())
            throw InputError(path + ".shape",
                             message(LHE_TEXT("CoreMessage", "expected an array of whole numbers, got %1"),
                                     shownValue(shape)))
                .withOrigin(origin);
        std::uint64_t elements = 1;
        bool overflow = false;
        for (std::size_t i = 0; i < shape.size(); ++i) {
            const auto extent = wholeNumber(shape[i]);
            if (!extent)
                throw InputError(
                    path + ".shape[" + std::to_string(i) + "]",
                    message(LHE_TEXT("CoreMessage", "expected a whole number of 0 or more, got %1"),
                            shownValue(shape[i])))
                    .withOrigin(origin);
            record.shape.push_back(*extent);
            const auto product = checkedMultiply(elements, *extent);
            overflow = overflow || !product;
            elements = product.value_or(0);
        }
        // A zero extent makes the count 0 whatever the others are, as the reference computes it
        // (its fold stops at the first overflow, so an overflow is refused there too).
        const auto totalBits =
            overflow ? std::nullopt : checkedMultiply(elements, static_cast<std::uint64_t>(bits));
        if (!totalBits)
            throw InputError(
                path + ".shape",
                message(LHE_TEXT("CoreMessage", "shape %1 holds more elements than 64 bits count"),
                        shapeText(record.shape)))
                .withOrigin(origin);
        if (*totalBits % 8 != 0)
            throw InputError(path + ".shape",
                             message(LHE_TEXT("CoreMessage", "%1 elements of %2 (%3 bits each) "
                                                             "do not end on a byte boundary"),
                                     elements, record.dtype, bits))
                .withOrigin(origin);
        const std::uint64_t bytes = *totalBits / 8;

        const json& offsets = entry.at("data_offsets");
        const std::string offsetsPath = path + ".data_offsets";
        std::optional<std::uint64_t> begin;
        std::optional<std::uint64_t> end;
        if (offsets.is_array() && offsets.size() == 2) {
            begin = wholeNumber(offsets[0]);
            end = wholeNumber(offsets[1]);
        }
        if (!begin || !end)
            throw InputError(offsetsPath, message(LHE_TEXT("CoreMessage", "expected [begin, end], two whole "
                                                                          "numbers of 0 or more, got %1"),
                                                  elided(offsets.dump())))
                .withOrigin(origin);
        if (*begin > *end)
            throw InputError(offsetsPath,
                             message(LHE_TEXT("CoreMessage", "begin %1 is after end %2"), *begin, *end))
                .withOrigin(origin);
        if (*end > dataBytes)
            throw InputError(
                offsetsPath,
                message(LHE_TEXT("CoreMessage", "end %1 is past the end of the data section (%2 bytes)"),
                        *end, dataBytes))
                .withOrigin(origin);
        if (*end - *begin != bytes)
            throw InputError(
                offsetsPath,
                message(LHE_TEXT("CoreMessage", "the offsets span %1 bytes, but shape %2 of %3 takes "
                                                "%4 bytes"),
                        *end - *begin, shapeText(record.shape), record.dtype, bytes))
                .withOrigin(origin);
        record.elements = static_cast<double>(elements);
        record.bytes = static_cast<double>(bytes);
        placed.push_back({*begin, *end, std::move(record)});
    }

    std::stable_sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    // Sorted by begin, a tensor overlaps an earlier one exactly when it starts before the
    // furthest end seen so far; empty tensors take no bytes and overlap nothing.
    const Placed* furthest = nullptr;
    for (const Placed& p : placed) {
        if (p.begin == p.end)
            continue;
        if (furthest && p.begin < furthest->end)
            throw InputError(tensorPath(p.record.name) + ".data_offsets",
                             message(LHE_TEXT("CoreMessage", "bytes %1 to %2 overlap those of tensor \"%3\" "
                                                             "(%4 to %5)"),
                                     p.begin, p.end, elided(furthest->record.name, 80), furthest->begin,
                                     furthest->end))
                .withOrigin(origin);
        if (!furthest || p.end > furthest->end)
            furthest = &p;
    }

    TensorInventory inventory;
    inventory.format = "safetensors";
    inventory.fileBytes = static_cast<double>(fileBytes);
    inventory.tensors.reserve(placed.size());
    for (Placed& p : placed)
        inventory.tensors.push_back(std::move(p.record));
    return inventory;
}

std::vector<std::string> shardsOfIndex(const json& index, const std::string& origin)
{
    if (!index.is_object())
        throw InputError("",
                         message(LHE_TEXT("CoreMessage", "expected a JSON object with a weight_map, got %1"),
                                 shownValue(index)))
            .withOrigin(origin);
    const auto map = index.find("weight_map");
    if (map == index.end())
        throw InputError("weight_map", message(LHE_TEXT("CoreMessage", "required field is missing")))
            .withOrigin(origin);
    if (!map->is_object())
        throw InputError("weight_map",
                         message(LHE_TEXT("CoreMessage", "expected an object of tensor names to shard files, "
                                                         "got %1"),
                                 shownValue(*map)))
            .withOrigin(origin);
    constexpr std::string_view kSuffix = ".safetensors";
    std::set<std::string> shards;
    for (const auto& [tensor, file] : map->items()) {
        const std::string path = "weight_map[\"" + InputError::oneLine(elided(tensor, 80)) + "\"]";
        if (!file.is_string())
            throw InputError(path, message(LHE_TEXT("CoreMessage", "expected a shard file name, got %1"),
                                           shownValue(file)))
                .withOrigin(origin);
        const std::string& name = file.get_ref<const std::string&>();
        const bool control = std::any_of(name.begin(), name.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
        });
        const bool plain = name.size() > kSuffix.size() &&
                           name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0 &&
                           name.find('/') == std::string::npos && name.find('\\') == std::string::npos &&
                           name.find("..") == std::string::npos && name.find(':') == std::string::npos &&
                           !control;
        if (!plain)
            throw InputError(path,
                             message(LHE_TEXT("CoreMessage", "\"%1\" is not a plain file name ending "
                                                             "\".safetensors\" (no folder part, no \"..\")"),
                                     elided(name)))
                .withOrigin(origin);
        shards.insert(name);
    }
    return {shards.begin(), shards.end()};
}

} // namespace lhe::core
