#include "core/formats/gguf_file.h"

#include "core/common/input_error.h"
#include "core/formats/ggml_types.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <numeric>
#include <unordered_set>
#include <vector>

namespace lhe::core {

using nlohmann::json;

namespace {

// The value types of a metadata value (ggml docs/gguf.md, enum gguf_metadata_value_type).
enum ValueType : std::uint32_t {
    kUint8 = 0,
    kInt8 = 1,
    kUint16 = 2,
    kInt16 = 3,
    kUint32 = 4,
    kInt32 = 5,
    kFloat32 = 6,
    kBool = 7,
    kString = 8,
    kArray = 9,
    kUint64 = 10,
    kInt64 = 11,
    kFloat64 = 12,
};
constexpr std::uint32_t kLastValueType = kFloat64;

// A shape whose element count stays exact in a double; far above any tensor (2^53 elements
// of one byte is 8 PiB).
constexpr std::uint64_t kMaxElements = std::uint64_t{1} << 53;
// Arrays of arrays are legal (docs/gguf.md); no writer nests them more than twice. The bound
// keeps the recursion shallow whatever the file says.
constexpr int kMaxArrayDepth = 8;
// docs/gguf.md: a key is at most 65535 bytes, a tensor name at most 64.
constexpr std::uint64_t kMaxKeyBytes = 65535;
constexpr std::uint64_t kMaxTensorNameBytes = 64;
// The smallest a metadata pair (8-byte key length, a key of at least one byte, 4-byte type, a
// 1-byte value) and a tensor info (8-byte name length, n_dims, one 8-byte dimension, type,
// 8-byte offset) can be: a count the remaining bytes cannot hold is refused before any loop.
constexpr std::uint64_t kMinPairBytes = 8 + 1 + 4 + 1;
constexpr std::uint64_t kMinTensorInfoBytes = 8 + 4 + 8 + 4 + 8;
// GgufNeedMoreBytes asks for at least this much, so that small headers need one retry.
constexpr std::uint64_t kMinReadHint = 1 << 20;

const char* valueTypeName(std::uint32_t type)
{
    static constexpr std::array<const char*, kLastValueType + 1> kNames{
        "uint8", "int8",   "uint16", "int16",  "uint32", "int32",  "float32",
        "bool",  "string", "array",  "uint64", "int64",  "float64"};
    return type <= kLastValueType ? kNames[type] : "unknown";
}

// Bytes of one value of a fixed-size type; 0 for strings and arrays.
std::uint64_t fixedSize(std::uint32_t type)
{
    switch (type) {
    case kUint8:
    case kInt8:
    case kBool:
        return 1;
    case kUint16:
    case kInt16:
        return 2;
    case kUint32:
    case kInt32:
    case kFloat32:
        return 4;
    case kUint64:
    case kInt64:
    case kFloat64:
        return 8;
    default:
        return 0;
    }
}

// The fewest bytes one value of the type takes: a string its 8-byte length, an array its type
// and length.
std::uint64_t minimumSize(std::uint32_t type)
{
    return type == kString ? 8 : type == kArray ? 12 : fixedSize(type);
}

std::string decimal(std::uint64_t value)
{
    return std::to_string(value);
}

// The text with every byte that is not part of well-formed UTF-8 (a stray continuation byte,
// an overlong form, a surrogate, a code point past U+10FFFF) replaced by U+FFFD: nlohmann::json
// refuses to dump such a string, and GGUF's strings are meant to be UTF-8 (docs/gguf.md).
std::string validUtf8(std::string_view text)
{
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return std::string(text);
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < 0x80) {
            out += static_cast<char>(lead);
            ++i;
            continue;
        }
        std::size_t length = 0;
        std::uint32_t code = 0;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            code = lead & 0x1Fu;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            code = lead & 0x0Fu;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            code = lead & 0x07u;
        }
        bool ok = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; ok && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            ok = (next & 0xC0u) == 0x80u;
            code = (code << 6) | (next & 0x3Fu);
        }
        if (ok && ((length == 3 && code < 0x800) || (length == 4 && (code < 0x10000 || code > 0x10FFFF)) ||
                   (code >= 0xD800 && code <= 0xDFFF)))
            ok = false;
        if (!ok) {
            out += kReplacement;
            ++i;
            continue;
        }
        out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

std::string quotedPath(const char* list, const std::string& name)
{
    return std::string("gguf.") + list + "[\"" + elided(name) + "\"]";
}

std::string indexPath(const char* list, std::uint64_t index)
{
    return std::string("gguf.") + list + "[" + decimal(index) + "]";
}

// Little-endian reads from the prefix, bounded by the prefix and by the file.
class Reader
{
public:
    Reader(std::string_view data, std::uint64_t fileBytes) : m_data(data), m_fileBytes(fileBytes) {}

    std::uint64_t position() const { return m_position; }
    std::uint64_t leftInFile() const { return m_fileBytes - m_position; }

    // The next n bytes. Past the end of the file: the file is truncated (InputError); past the
    // prefix only: GgufNeedMoreBytes.
    std::string_view take(std::uint64_t n, const std::string& path)
    {
        if (n > leftInFile())
            throw InputError(
                path, message(LHE_TEXT("CoreMessage", "the file ends (at byte %1) before this field does: "
                                                      "it is truncated or not a GGUF file"),
                              decimal(m_fileBytes)));
        if (n > m_data.size() - m_position) {
            const std::uint64_t needed = m_position + n;
            const std::uint64_t doubled = m_data.size() > std::numeric_limits<std::uint64_t>::max() / 2
                                              ? m_fileBytes
                                              : 2 * m_data.size();
            throw GgufNeedMoreBytes(std::max(needed, std::min(m_fileBytes, std::max(doubled, kMinReadHint))));
        }
        const std::string_view bytes =
            m_data.substr(static_cast<std::size_t>(m_position), static_cast<std::size_t>(n));
        m_position += n;
        return bytes;
    }

    std::uint64_t unsignedValue(std::uint64_t bytes, const std::string& path)
    {
        const std::string_view raw = take(bytes, path);
        std::uint64_t value = 0;
        for (std::size_t i = raw.size(); i-- > 0;)
            value = (value << 8) | static_cast<unsigned char>(raw[i]);
        return value;
    }
    std::uint32_t u32(const std::string& path) { return static_cast<std::uint32_t>(unsignedValue(4, path)); }
    std::uint64_t u64(const std::string& path) { return unsignedValue(8, path); }

private:
    std::string_view m_data;
    std::uint64_t m_fileBytes;
    std::uint64_t m_position = 0;
};

[[noreturn]] void unknownValueType(const std::string& path, std::uint32_t type)
{
    throw InputError(path, message(LHE_TEXT("CoreMessage", "unknown value type %1 (GGUF has types 0 to 12)"),
                                   decimal(type)));
}

json readValue(Reader& reader, std::uint32_t type, const std::string& path, int depth, bool keep);

// An array: element type, length, elements. Kept as values when short, else as its type and
// length; elements that are not kept are stepped over without copying.
json readArray(Reader& reader, const std::string& path, int depth, bool keep)
{
    if (depth > kMaxArrayDepth)
        throw InputError(path,
                         message(LHE_TEXT("CoreMessage", "arrays nested more than %1 deep"), kMaxArrayDepth));
    const std::uint32_t type = reader.u32(path);
    if (type > kLastValueType)
        unknownValueType(path, type);
    const std::uint64_t length = reader.u64(path);
    if (length > reader.leftInFile() / minimumSize(type))
        throw InputError(
            path, message(LHE_TEXT("CoreMessage",
                                   "an array of %1 %2 values cannot fit in the %3 bytes left in the file"),
                          decimal(length), valueTypeName(type), decimal(reader.leftInFile())));
    const bool number = fixedSize(type) > 0;
    const bool keepElements = keep && length <= (number ? kGgufKeptNumberArrayLength : kGgufKeptArrayLength);
    json values = json::array();
    if (!keepElements && number) {
        reader.take(length * fixedSize(type), path); // bounded by leftInFile above: no overflow
    } else {
        for (std::uint64_t i = 0; i < length; ++i) {
            json value = readValue(reader, type, keepElements ? path + "[" + decimal(i) + "]" : path, depth,
                                   keepElements);
            if (keepElements)
                values.push_back(std::move(value));
        }
    }
    if (keepElements)
        return values;
    return keep ? json{{"array_of", valueTypeName(type)}, {"length", length}} : json();
}

json readValue(Reader& reader, std::uint32_t type, const std::string& path, int depth, bool keep)
{
    switch (type) {
    case kUint8:
    case kUint16:
    case kUint32:
    case kUint64:
        return reader.unsignedValue(fixedSize(type), path);
    case kInt8:
        return static_cast<std::int8_t>(reader.unsignedValue(1, path));
    case kInt16:
        return static_cast<std::int16_t>(reader.unsignedValue(2, path));
    case kInt32:
        return static_cast<std::int32_t>(reader.unsignedValue(4, path));
    case kInt64:
        return static_cast<std::int64_t>(reader.unsignedValue(8, path));
    case kFloat32:
        return static_cast<double>(std::bit_cast<float>(reader.u32(path)));
    case kFloat64:
        return std::bit_cast<double>(reader.u64(path));
    case kBool: {
        // docs/gguf.md: 1 byte, 0 false, 1 true; anything else is invalid.
        const std::uint64_t byte = reader.unsignedValue(1, path);
        if (byte > 1)
            throw InputError(path,
                             message(LHE_TEXT("CoreMessage", "a boolean is 0 or 1, not %1"), decimal(byte)));
        return byte == 1;
    }
    case kString: {
        const std::uint64_t length = reader.u64(path);
        const std::string_view bytes = reader.take(length, path);
        return keep ? json(validUtf8(bytes)) : json();
    }
    case kArray:
        return readArray(reader, path, depth + 1, keep);
    default:
        unknownValueType(path, type);
    }
}

std::string shapeText(const std::vector<std::uint64_t>& shape)
{
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i > 0 ? ", " : "") + decimal(shape[i]);
    return text + "]";
}

struct TensorPlace
{
    std::uint64_t start = 0; // within the file
    std::uint64_t end = 0;
};

void readMetadata(Reader& reader, std::uint64_t count, GgufFile& file)
{
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::string at = indexPath("metadata", i);
        const std::uint64_t keyBytes = reader.u64(at);
        if (keyBytes == 0)
            throw InputError(at, message(LHE_TEXT("CoreMessage", "the key is empty")));
        if (keyBytes > kMaxKeyBytes)
            throw InputError(at, message(LHE_TEXT("CoreMessage", "a key of %1 bytes; GGUF allows at most %2"),
                                         decimal(keyBytes), decimal(kMaxKeyBytes)));
        const std::string key = validUtf8(reader.take(keyBytes, at));
        const std::string path = quotedPath("metadata", key);
        if (file.metadata.contains(key))
            throw InputError(path, message(LHE_TEXT("CoreMessage", "the key appears twice")));
        const std::uint32_t type = reader.u32(path);
        json value = readValue(reader, type, path, 0, true);
        if (key == "general.alignment") {
            // ggml's reader (src/gguf.cpp) takes the alignment only as a uint32 power of two.
            if (type != kUint32)
                throw InputError(path, message(LHE_TEXT("CoreMessage", "must be a uint32, not a %1"),
                                               valueTypeName(type)));
            const auto alignment = value.get<std::uint32_t>();
            if (alignment == 0 || (alignment & (alignment - 1)) != 0)
                throw InputError(path,
                                 message(LHE_TEXT("CoreMessage", "the alignment %1 is not a power of two"),
                                         decimal(alignment)));
            file.alignment = alignment;
        }
        file.metadata[key] = std::move(value);
    }
}

std::vector<TensorPlace> readTensorInfos(Reader& reader, std::uint64_t count, std::size_t prefixBytes,
                                         GgufFile& file, std::vector<std::string>& paths)
{
    struct Extent
    {
        std::uint64_t offset; // from the data section's start
        std::uint64_t bytes;
    };
    std::vector<Extent> extents;
    std::unordered_set<std::string> names;
    // Reserve only what the bytes at hand can describe, never what the count claims.
    const auto affordable =
        static_cast<std::size_t>(std::min<std::uint64_t>(count, prefixBytes / kMinTensorInfoBytes));
    file.inventory.tensors.reserve(affordable);
    extents.reserve(affordable);
    paths.reserve(affordable);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::string at = indexPath("tensors", i);
        const std::uint64_t nameBytes = reader.u64(at);
        if (nameBytes > kMaxTensorNameBytes)
            throw InputError(
                at, message(LHE_TEXT("CoreMessage", "a tensor name of %1 bytes; GGUF allows at most %2"),
                            decimal(nameBytes), decimal(kMaxTensorNameBytes)));
        TensorRecord tensor;
        tensor.name = validUtf8(reader.take(nameBytes, at));
        const std::string path = quotedPath("tensors", tensor.name);
        if (!names.insert(tensor.name).second)
            throw InputError(path, message(LHE_TEXT("CoreMessage", "a second tensor of this name")));
        const std::uint32_t dims = reader.u32(path);
        if (dims == 0 || dims > 4)
            throw InputError(path, message(LHE_TEXT("CoreMessage", "%1 dimensions; a GGUF tensor has 1 to 4"),
                                           decimal(dims)));
        std::uint64_t elements = 1;
        for (std::uint32_t d = 0; d < dims; ++d) {
            const std::uint64_t size = reader.u64(path);
            tensor.shape.push_back(size);
            if (size == 0)
                throw InputError(path, message(LHE_TEXT("CoreMessage", "dimension %1 is 0"), decimal(d)));
            if (size > kMaxElements / elements)
                throw InputError(path,
                                 message(LHE_TEXT("CoreMessage", "the shape %1 has more than 2^53 elements"),
                                         shapeText(tensor.shape)));
            elements *= size;
        }
        const std::uint32_t typeId = reader.u32(path);
        const std::optional<GgmlType> type = ggmlType(typeId);
        if (!type)
            throw InputError(path, message(LHE_TEXT("CoreMessage",
                                                    "unknown ggml tensor type %1 (removed from ggml or newer "
                                                    "than this program)"),
                                           decimal(typeId)));
        if (tensor.shape[0] % type->blockElements != 0)
            throw InputError(
                path,
                message(LHE_TEXT("CoreMessage", "a row of %1 elements (ne[0]) is not a whole number of %2 "
                                                "blocks of %3"),
                        decimal(tensor.shape[0]), std::string(type->name), decimal(type->blockElements)));
        const std::uint64_t offset = reader.u64(path);
        if (offset % file.alignment != 0)
            throw InputError(
                path,
                message(LHE_TEXT("CoreMessage", "the data offset %1 is not a multiple of the alignment %2"),
                        decimal(offset), decimal(file.alignment)));
        tensor.dtype = std::string(type->name);
        tensor.elements = static_cast<double>(elements);
        // elements < 2^53 and a block is at most 292 bytes: no overflow.
        const std::uint64_t bytes = elements / type->blockElements * type->blockBytes;
        tensor.bytes = static_cast<double>(bytes);
        extents.push_back({offset, bytes});
        paths.push_back(path);
        file.inventory.tensors.push_back(std::move(tensor));
    }
    // Places within the file, once the data section's start is known.
    file.dataOffset = reader.position();
    if (const std::uint64_t rest = file.dataOffset % file.alignment; rest != 0 && count > 0) {
        if (__builtin_add_overflow(file.dataOffset, file.alignment - rest, &file.dataOffset))
            file.dataOffset = std::numeric_limits<std::uint64_t>::max();
    }
    std::vector<TensorPlace> places;
    places.reserve(file.inventory.tensors.size());
    for (std::size_t i = 0; i < file.inventory.tensors.size(); ++i) {
        TensorPlace place;
        const auto [offset, bytes] = extents[i];
        const bool overflow = __builtin_add_overflow(file.dataOffset, offset, &place.start) ||
                              __builtin_add_overflow(place.start, bytes, &place.end);
        if (overflow || place.end > static_cast<std::uint64_t>(file.inventory.fileBytes))
            throw InputError(
                paths[i],
                message(LHE_TEXT("CoreMessage", "its %1 bytes at data offset %2 run past the end of the file "
                                                "(%3 bytes, data from byte %4)"),
                        decimal(bytes), decimal(offset),
                        decimal(static_cast<std::uint64_t>(file.inventory.fileBytes)),
                        decimal(file.dataOffset)));
        places.push_back(place);
    }
    return places;
}

void refuseOverlaps(const std::vector<TensorPlace>& places, const GgufFile& file,
                    const std::vector<std::string>& paths)
{
    std::vector<std::size_t> order(places.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return places[a].start < places[b].start; });
    for (std::size_t k = 1; k < order.size(); ++k) {
        const std::size_t before = order[k - 1];
        const std::size_t after = order[k];
        if (places[before].end > places[after].start)
            throw InputError(paths[after],
                             message(LHE_TEXT("CoreMessage", "its data overlaps that of tensor \"%1\""),
                                     elided(file.inventory.tensors[before].name)));
    }
}

GgufFile parse(std::string_view prefix, std::uint64_t fileBytes)
{
    GgufFile file;
    file.inventory.format = "gguf";
    file.inventory.fileBytes = static_cast<double>(fileBytes);
    Reader reader(prefix, fileBytes);
    const std::string_view magic = reader.take(4, "gguf");
    if (magic != "GGUF") {
        static constexpr char kHex[] = "0123456789ABCDEF";
        std::string bytes;
        for (const char c : magic) {
            const auto byte = static_cast<unsigned char>(c);
            bytes += std::string(bytes.empty() ? "" : " ") + kHex[byte >> 4] + kHex[byte & 0xF];
        }
        throw InputError(
            "gguf",
            message(LHE_TEXT("CoreMessage", "not a GGUF file: it starts with the bytes %1, not \"GGUF\""),
                    bytes));
    }
    file.version = reader.u32("gguf.version");
    if (file.version == 1)
        throw InputError("gguf.version",
                         message(LHE_TEXT("CoreMessage", "GGUF version 1 (32-bit counts, 2023) is not read; "
                                                         "convert the model with a current llama.cpp")));
    if (file.version != 2 && file.version != 3) {
        // docs/gguf.md: a big-endian file stores its version big-endian too.
        const std::uint32_t swapped = (file.version >> 24) | ((file.version >> 8) & 0xFF00u) |
                                      ((file.version << 8) & 0xFF0000u) | (file.version << 24);
        if (swapped == 2 || swapped == 3)
            throw InputError("gguf.version",
                             message(LHE_TEXT("CoreMessage",
                                              "a big-endian GGUF file; only little-endian files are read")));
        throw InputError(
            "gguf.version",
            message(LHE_TEXT("CoreMessage", "unknown GGUF version %1 (versions 2 and 3 are read)"),
                    decimal(file.version)));
    }
    const std::uint64_t tensorCount = reader.u64("gguf.tensor_count");
    const std::uint64_t pairCount = reader.u64("gguf.metadata_kv_count");
    if (pairCount > reader.leftInFile() / kMinPairBytes)
        throw InputError(
            "gguf.metadata_kv_count",
            message(LHE_TEXT("CoreMessage", "%1 metadata pairs cannot fit in the %2 bytes left in the file"),
                    decimal(pairCount), decimal(reader.leftInFile())));
    if (tensorCount > reader.leftInFile() / kMinTensorInfoBytes)
        throw InputError(
            "gguf.tensor_count",
            message(LHE_TEXT("CoreMessage", "%1 tensor infos cannot fit in the %2 bytes left in the file"),
                    decimal(tensorCount), decimal(reader.leftInFile())));
    readMetadata(reader, pairCount, file);
    std::vector<std::string> paths;
    const std::vector<TensorPlace> places = readTensorInfos(reader, tensorCount, prefix.size(), file, paths);
    refuseOverlaps(places, file, paths);
    return file;
}

} // namespace

GgufFile parseGguf(std::string_view prefix, std::uint64_t fileBytes, const std::string& origin)
{
    try {
        return parse(prefix, std::max<std::uint64_t>(fileBytes, prefix.size()));
    } catch (const InputError& error) {
        throw error.withOrigin(origin);
    }
}

} // namespace lhe::core
