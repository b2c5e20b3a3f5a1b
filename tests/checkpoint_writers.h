// Small checkpoint files written by the tests themselves: real GGUF and safetensors headers,
// with the payload left out (a file's size may be set past what is written, so the payload is
// a sparse hole). The layouts are the formats' own: ggml docs/gguf.md (little endian; a string
// is a u64 length then bytes; a tensor info is name, n_dims, ne[], type, offset) and
// huggingface/safetensors "Format" (a u64 header length, the JSON header, the data).
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::test {

// GGUF metadata value types (docs/gguf.md, gguf_metadata_value_type).
enum GgufValueType : std::uint32_t {
    kGgufU8 = 0,
    kGgufI8 = 1,
    kGgufU16 = 2,
    kGgufI16 = 3,
    kGgufU32 = 4,
    kGgufI32 = 5,
    kGgufF32 = 6,
    kGgufBool = 7,
    kGgufString = 8,
    kGgufArray = 9,
    kGgufU64 = 10,
    kGgufI64 = 11,
    kGgufF64 = 12
};

// Writes a GGUF header field by field.
class GgufWriter
{
public:
    std::string bytes;

    GgufWriter& raw(std::string_view text)
    {
        bytes.append(text);
        return *this;
    }
    GgufWriter& u8(std::uint8_t v) { return raw(std::string(1, static_cast<char>(v))); }
    GgufWriter& u32(std::uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
        return *this;
    }
    GgufWriter& u64(std::uint64_t v)
    {
        for (int i = 0; i < 8; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
        return *this;
    }
    GgufWriter& f32(float v)
    {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &v, 4);
        return u32(bits);
    }
    GgufWriter& str(std::string_view s)
    {
        u64(s.size());
        return raw(s);
    }
    GgufWriter& header(std::uint64_t tensors, std::uint64_t pairs, std::uint32_t version = 3)
    {
        return raw("GGUF").u32(version).u64(tensors).u64(pairs);
    }
    GgufWriter& kvU32(std::string_view key, std::uint32_t v) { return str(key).u32(kGgufU32).u32(v); }
    GgufWriter& kvF32(std::string_view key, float v) { return str(key).u32(kGgufF32).f32(v); }
    GgufWriter& kvString(std::string_view key, std::string_view v)
    {
        return str(key).u32(kGgufString).str(v);
    }
    GgufWriter& kvU32Array(std::string_view key, const std::vector<std::uint32_t>& values)
    {
        str(key).u32(kGgufArray).u32(kGgufU32).u64(values.size());
        for (std::uint32_t v : values)
            u32(v);
        return *this;
    }
    // An array of `count` strings "tok0", "tok1", ... (a tokenizer's vocabulary).
    GgufWriter& kvStrings(std::string_view key, std::size_t count)
    {
        str(key).u32(kGgufArray).u32(kGgufString).u64(count);
        for (std::size_t i = 0; i < count; ++i)
            str("tok" + std::to_string(i));
        return *this;
    }
    GgufWriter& tensor(std::string_view name, const std::vector<std::uint64_t>& shape, std::uint32_t type,
                       std::uint64_t offset)
    {
        str(name).u32(static_cast<std::uint32_t>(shape.size()));
        for (std::uint64_t n : shape)
            u64(n);
        return u32(type).u64(offset);
    }
    // Pads to the default alignment of 32 (docs/gguf.md, general.alignment): where data starts.
    GgufWriter& alignTo32()
    {
        while (bytes.size() % 32 != 0)
            u8(0);
        return *this;
    }
};

// One tensor of a safetensors header: name, dtype, shape and its bytes.
struct SafetensorsEntry
{
    std::string name;
    std::string dtype;
    std::vector<std::uint64_t> shape;
    std::uint64_t bytes = 0;
};

// The length prefix and JSON header of a safetensors file holding `entries` back to back; the
// file's full size is the returned string's size plus the sum of their bytes.
inline std::string safetensorsHeader(const std::vector<SafetensorsEntry>& entries)
{
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    for (const SafetensorsEntry& e : entries) {
        header[e.name] = {
            {"dtype", e.dtype}, {"shape", e.shape}, {"data_offsets", {offset, offset + e.bytes}}};
        offset += e.bytes;
    }
    const std::string text = header.dump();
    std::string out;
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>(static_cast<std::uint64_t>(text.size()) >> (8 * i)));
    return out + text;
}

inline std::uint64_t payloadBytes(const std::vector<SafetensorsEntry>& entries)
{
    std::uint64_t total = 0;
    for (const SafetensorsEntry& e : entries)
        total += e.bytes;
    return total;
}

} // namespace lhe::test
