#include "core/catalog/catalog.h"

#include "core/catalog/embedded_catalogs.h"
#include "core/common/input_error.h"
#include "core/common/json_fields.h"
#include "core/model/tensor_architecture.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace lhe::core {

using namespace json_fields;

namespace {

// Nesting deeper than any catalog or config needs; guards every recursive walk over a parsed
// document (docs/CONTRACT §1.2 JSON text).
constexpr std::size_t kMaxJsonDepth = 64;

// A later entry with a known id replaces the earlier one in place (its position in the list
// stays); a new id goes to the end.
template <typename Entry>
void upsert(std::vector<Entry>& entries, std::unordered_map<std::string, std::size_t>& index, Entry entry)
{
    const auto [it, inserted] = index.emplace(entry.id, entries.size());
    if (inserted)
        entries.push_back(std::move(entry));
    else
        entries[it->second] = std::move(entry);
}

template <typename Entry>
const Entry* findById(const std::vector<Entry>& entries,
                      const std::unordered_map<std::string, std::size_t>& index, std::string_view id)
{
    const auto it = index.find(std::string(id));
    return it == index.end() ? nullptr : &entries[it->second];
}

// Ids are unique within one file: a second "h100" there is a copy-paste slip, not an override
// (across files a later entry overrides an earlier one by design).
void claimId(std::unordered_map<std::string, std::size_t>& seen, const std::string& id, const char* key,
             std::size_t index)
{
    const auto [it, inserted] = seen.emplace(id, index);
    if (!inserted)
        throw InputError(
            joinIndex(key, index) + ".id",
            message(LHE_TEXT("CoreMessage", "\"%1\" is already the id of %2 in this file; ids must be "
                                            "unique within a file"),
                    elided(id), joinIndex(key, it->second)));
}

// The entries of one array of a catalog document: each read by `fromJson`, its id claimed once per
// file, and kept (a later id replaces an earlier one); a bad entry goes to `badEntry`.
template <typename Entry, typename FromJson, typename BadEntry>
void addEntries(const json& document, const char* key, bool userDefined, FromJson fromJson,
                std::vector<Entry>& entries, std::unordered_map<std::string, std::size_t>& index,
                const BadEntry& badEntry)
{
    if (!document.contains(key))
        return;
    const json& list = document[key];
    std::unordered_map<std::string, std::size_t> seen;
    seen.reserve(list.size());
    index.reserve(entries.size() + list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        try {
            Entry entry = fromJson(list[i], joinIndex(key, i));
            claimId(seen, entry.id, key, i);
            entry.userDefined = userDefined;
            upsert(entries, index, std::move(entry));
        } catch (const InputError& error) {
            badEntry(error);
        }
    }
}

// "byte 13 (line 2, column 5)" for a 1-based byte position as nlohmann counts it (the end of
// the input is one past the last byte); lines and columns count bytes from 1.
Message position(std::string_view text, std::size_t byte)
{
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return message(LHE_TEXT("CoreMessage", "byte %1 (line %2, column %3)"), byte, line, end - lineStart + 1);
}

// nlohmann quotes the bytes it read last, which may be invalid UTF-8: show those as \xNN.
std::string printable(std::string_view text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x80)
            out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xf];
        else
            out += c;
    }
    return out;
}

// nlohmann quotes the token it read last ("... last read: '<token>'"); a 5 MB token stays short.
std::string elidedQuote(const std::string& what)
{
    const auto open = what.find('\'');
    const auto close = what.rfind('\'');
    if (open == std::string::npos || close <= open)
        return what;
    return what.substr(0, open + 1) + elided(std::string_view(what).substr(open + 1, close - open - 1)) +
           what.substr(close);
}

// Index just past the closing quote of the string that opens at text[open], or text.size().
std::size_t skipString(std::string_view text, std::size_t open)
{
    std::size_t i = open + 1;
    while (i < text.size() && text[i] != '"')
        i += text[i] == '\\' ? 2 : 1;
    return std::min(i + 1, text.size());
}

struct StructureProblem
{
    std::size_t byte = 0; // 1-based
    bool tooDeep = false; // else a duplicate key
    std::string key;      // decoded
    std::string written;  // as first written, when that differs from the second spelling or the key
    std::string writtenAgain;
};

void appendUtf8(std::string& out, unsigned long code)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// The string a JSON string literal's body (between its quotes) stands for, escapes decoded as
// RFC 8259 section 7 defines them ("b\u0061tch" is "batch"); only called on text that parsed.
std::string decodedString(std::string_view body)
{
    std::string out;
    out.reserve(body.size());
    const auto hex4 = [&](std::size_t at) -> unsigned long {
        return at + 4 <= body.size() ? std::stoul(std::string(body.substr(at, 4)), nullptr, 16) : 0xFFFD;
    };
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '\\' || i + 1 >= body.size()) {
            out += body[i];
            continue;
        }
        const char e = body[++i];
        switch (e) {
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u': {
            unsigned long code = hex4(i + 1);
            i += 4;
            // A surrogate pair (RFC 8259 section 7: "\uD834\uDD1E") is one code point.
            if (code >= 0xD800 && code < 0xDC00 && i + 6 < body.size() && body[i + 1] == '\\' &&
                body[i + 2] == 'u') {
                const unsigned long low = hex4(i + 3);
                if (low >= 0xDC00 && low < 0xE000) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            appendUtf8(out, code);
            break;
        }
        default:
            out += e; // \" \\ \/
        }
    }
    return out;
}

// One pass over the text outside strings: the first bracket opened deeper than kMaxJsonDepth
// (checked before parsing, so a 16 MiB run of "[" costs nothing) and, with `checkKeys` on text
// that parsed, the first key repeated within one object (nlohmann would keep the last value
// silently: {"batch": 1, "batch": 0}). Keys compare decoded, as the parser stores them, so an
// escaped spelling is the same key: {"b\u0061tch": 8, "batch": 4}.
std::optional<StructureProblem> scanStructure(std::string_view text, bool checkKeys)
{
    struct Frame
    {
        bool object = false;
        std::unordered_map<std::string, std::string_view> keys; // decoded -> as first written
    };
    std::vector<Frame> stack;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t end = skipString(text, i);
            if (checkKeys && !stack.empty() && stack.back().object) {
                const std::size_t colon = text.find_first_not_of(" \t\r\n", end);
                const std::string_view raw = text.substr(i + 1, end - i - 2);
                if (colon != std::string_view::npos && text[colon] == ':') {
                    std::string key =
                        raw.find('\\') == std::string_view::npos ? std::string(raw) : decodedString(raw);
                    const auto [first, inserted] = stack.back().keys.emplace(std::move(key), raw);
                    if (!inserted) {
                        StructureProblem problem{i + 1, false, first->first, {}, {}};
                        if (first->second != raw || raw != first->first) {
                            problem.written = first->second;
                            problem.writtenAgain = raw;
                        }
                        return problem;
                    }
                }
            }
            i = end - 1;
        } else if (c == '{' || c == '[') {
            if (stack.size() >= kMaxJsonDepth)
                return StructureProblem{i + 1, true, {}, {}, {}};
            stack.push_back({c == '{', {}});
        } else if ((c == '}' || c == ']') && !stack.empty()) {
            stack.pop_back();
        }
    }
    return std::nullopt;
}

// What scanStructure found, as the message says it.
Message structureMessage(const StructureProblem& problem, std::string_view text)
{
    if (problem.tooDeep)
        return message(LHE_TEXT("CoreMessage", "JSON nested deeper than %1 levels at %2"), kMaxJsonDepth,
                       position(text, problem.byte));
    if (problem.written.empty())
        return message(
            LHE_TEXT("CoreMessage", "duplicate key \"%1\" at %2; a key may appear once per object"),
            elided(problem.key), position(text, problem.byte));
    return message(LHE_TEXT("CoreMessage",
                            "duplicate key \"%1\" (written \"%2\" and \"%3\": the same key once "
                            "escapes are decoded) at %4; a key may appear once per object"),
                   elided(problem.key), elided(problem.written), elided(problem.writtenAgain),
                   position(text, problem.byte));
}

// One line whatever the input held, as InputError::what() is: each verbatim argument with its
// control characters escaped (the ids never hold any), so that englishText of the result is
// InputError::oneLine of englishText of `text`.
Message oneLine(const Message& text)
{
    Message out{text.id, {}};
    for (const MessageArgument& argument : text.args) {
        if (argument.kind == MessageArgument::Kind::Verbatim)
            out.args.emplace_back(InputError::oneLine(argument.text));
        else if (argument.kind == MessageArgument::Kind::Phrase)
            out.args.emplace_back(oneLine(*argument.phrase));
        else
            out.args.push_back(argument);
    }
    return out;
}

// 1-based position of the first number (outside strings) spelled `token`, or 0.
std::size_t findNumber(std::string_view text, std::string_view token)
{
    constexpr std::string_view kNumberChars = "0123456789+-.eE";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = skipString(text, i) - 1;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = i;
            while (end < text.size() && kNumberChars.find(text[end]) != std::string_view::npos)
                ++end;
            if (text.substr(i, end - i) == token)
                return i + 1;
            i = end - 1;
        }
    }
    return 0;
}

} // namespace

namespace {

// Python's json.dumps writes float('inf') and float('nan') as the bare tokens Infinity,
// -Infinity and NaN (Python json module documentation, "Infinite and NaN number values"), and
// transformers' PretrainedConfig.to_json_string uses it, so config.json files carry them (e.g.
// Falcon-H1's "time_step_limit": [0.0, Infinity]). Each is replaced by null outside strings,
// padded with spaces so that byte positions in later messages stay those of the file (NaN,
// three bytes, becomes "null" one byte longer: positions after it shift by one).
std::string replaceNonFiniteLiterals(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 8);
    bool inString = false;
    auto isWordByte = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        const bool boundary = i == 0 || !isWordByte(text[i - 1]);
        bool replaced = false;
        for (std::string_view token :
             {std::string_view("-Infinity"), std::string_view("Infinity"), std::string_view("NaN")}) {
            const std::size_t end = i + token.size();
            if (boundary && text.substr(i, token.size()) == token &&
                (end == text.size() || !isWordByte(text[end]))) {
                out += "null";
                out.append(token.size() > 4 ? token.size() - 4 : 0, ' ');
                i = end - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            out += c;
    }
    return out;
}

} // namespace

json parseJsonText(std::string_view text, const std::string& origin)
{
    // Cases the parser would only call "unexpected end of input" or "invalid literal".
    std::string_view body = text;
    const bool bom = body.substr(0, 3) == "\xEF\xBB\xBF"; // a UTF-8 BOM is skipped (as nlohmann does)
    if (bom)
        body.remove_prefix(3);
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InputError(
            origin,
            bom ? message(LHE_TEXT("CoreMessage", "no JSON value: nothing but a UTF-8 byte-order mark"))
            : text.empty()
                ? message(LHE_TEXT("CoreMessage", "no JSON value: the input is empty"))
                : message(LHE_TEXT("CoreMessage", "no JSON value: the input is only white space")));
    if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF")
        throw InputError(origin,
                         message(LHE_TEXT("CoreMessage", "malformed JSON at byte 1: the text is UTF-16 "
                                                         "(byte-order mark %1); save it as UTF-8"),
                                 text[0] == '\xFF' ? "FF FE" : "FE FF"));
    if (const auto tooDeep = scanStructure(text, false))
        throw InputError(origin, structureMessage(*tooDeep, text));
    json parsed;
    try {
        parsed = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& error) {
        const std::string what = error.what();
        throw InputError(origin, message(LHE_TEXT("CoreMessage", "malformed JSON at %1: %2"),
                                         position(text, error.byte),
                                         elidedQuote(printable(what.substr(what.find(':') + 2)))));
    } catch (const json::exception& error) {
        // out_of_range 406: a number beyond a double such as 4e4444 (found by tests/fuzz/fuzz_catalog);
        // nlohmann gives no position, so find the number it quotes.
        const std::string what = error.what();
        const auto open = what.find('\'');
        const auto close = what.rfind('\'');
        if (error.id == 406 && open != std::string::npos && close > open) {
            const std::string token = what.substr(open + 1, close - open - 1);
            const std::size_t byte = findNumber(text, token);
            throw InputError(
                origin,
                message(LHE_TEXT("CoreMessage", "malformed JSON at %1: number %2 is out of "
                                                "range (a double reaches about 1.8e308)"),
                        byte > 0 ? position(text, byte) : message(LHE_TEXT("CoreMessage", "a number")),
                        elided(printable(token))));
        }
        throw InputError(
            origin, message(LHE_TEXT("CoreMessage", "unreadable JSON: %1"), elidedQuote(printable(what))));
    }
    // nlohmann's lexer takes a NUL byte for the end of the input (its string-literal
    // convention), so "{...}\0garbage" parses; JSON text holds no NUL (RFC 8259 section 2: only
    // white space may follow the value) and a NUL inside a string fails the parse, so any NUL
    // left here comes after the value.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw InputError(origin,
                         message(LHE_TEXT("CoreMessage", "unexpected bytes after the JSON value at %1 (a "
                                                         "NUL byte); only white space may follow the value"),
                                 position(text, nul + 1)));
    if (const auto duplicate = scanStructure(text, true))
        throw InputError(origin, structureMessage(*duplicate, text));
    return parsed;
}

json parseConfigJsonText(std::string_view text, const std::string& origin)
{
    const std::string finite = replaceNonFiniteLiterals(text);
    return parseJsonText(finite, origin);
}

ModelEntry modelFromJson(const json& entry, const std::string& path)
{
    requireObject(entry, path);
    ModelEntry model;
    model.id = requireOneLine(entry, "id", path, idsAreIdentifiers());
    model.name = requireOneLine(entry, "name", path, namesAreOneLine());
    model.family = checkOneLine(optionalString(entry, "family", path, "Custom"), join(path, "family"),
                                namesAreOneLine());
    model.release = optionalString(entry, "release", path, {});
    model.hfConfig = requireObject(requireMember(entry, "hf_config", path), join(path, "hf_config"));
    model.architecture =
        architectureFromHfConfig(model.hfConfig, join(path, "hf_config"), model.loadWarnings);
    if (entry.contains("model_tensors") && !entry["model_tensors"].is_null()) {
        const std::string tensorsPath = join(path, "model_tensors");
        model.modelTensors = requireObject(entry["model_tensors"], tensorsPath);
        applyTensorSummary(model.architecture, tensorSummaryFromJson(model.modelTensors, tensorsPath),
                           tensorsPath, model.loadWarnings);
    }
    model.publishedParamsTotal = optionalPositive(entry, "params_total", path).value_or(0.0);
    model.publishedParamsActive =
        optionalPositive(entry, "params_active", path).value_or(model.publishedParamsTotal);
    if (model.publishedParamsTotal > 0 && model.publishedParamsActive > model.publishedParamsTotal)
        throw InputError(join(path, "params_active"),
                         message(LHE_TEXT("CoreMessage", "%1 exceeds params_total %2"),
                                 model.publishedParamsActive, model.publishedParamsTotal));
    model.paramsSource = optionalString(entry, "params_source", path, {});
    model.configProvenance = optionalString(entry, "config_provenance", path, {});
    model.sources = optionalStringList(entry, "sources", path);
    model.notes = optionalString(entry, "notes", path, {});
    return model;
}

const Catalog& Catalog::builtIn()
{
    static const Catalog catalog = [] {
        Catalog c;
        std::vector<Message> warnings;
        c.addText(reinterpret_cast<const char*>(embedded::devicesJson), "catalogs/devices.json", false,
                  warnings);
        c.addText(reinterpret_cast<const char*>(embedded::modelsJson), "catalogs/models.json", false,
                  warnings);
        c.addText(reinterpret_cast<const char*>(embedded::enginesJson), "catalogs/engines.json", false,
                  warnings);
        return c;
    }();
    return catalog;
}

void Catalog::add(const json& document, const std::string& origin, bool userDefined,
                  std::vector<Message>& warnings, BadEntries badEntries)
{
    if (!document.is_object())
        throw InputError(origin,
                         message(LHE_TEXT("CoreMessage", "a catalog is a JSON object with a \"devices\", "
                                                         "\"models\" or \"engines\" array; got %1"),
                                 document.type_name()));
    if (!document.contains("devices") && !document.contains("models") && !document.contains("engines"))
        throw InputError(origin,
                         message(LHE_TEXT("CoreMessage", "a catalog is a JSON object with a \"devices\", "
                                                         "\"models\" or \"engines\" array; found "
                                                         "none of them")));
    for (const char* key : {"devices", "models", "engines"}) {
        if (document.contains(key) && !document[key].is_array())
            throw InputError(key, message(LHE_TEXT("CoreMessage", "expected an array of entries, got %1"),
                                          document[key].type_name()))
                .withOrigin(origin);
    }
    auto badEntry = [&](const InputError& error) {
        if (badEntries == BadEntries::Throw)
            throw error.withOrigin(origin);
        // "<origin>: skipped <error.what()>", the entry's error still translatable.
        warnings.push_back(
            message(LHE_TEXT("CoreMessage", "%1: skipped %2"), origin, oneLine(error.located())));
    };
    addEntries(document, "devices", userDefined, deviceFromJson, m_devices, m_deviceIndex, badEntry);
    addEntries(document, "models", userDefined, modelFromJson, m_models, m_modelIndex, badEntry);
    addEntries(document, "engines", userDefined, engineFromJson, m_engines, m_engineIndex, badEntry);
}

void Catalog::addText(std::string_view text, const std::string& origin, bool userDefined,
                      std::vector<Message>& warnings, BadEntries badEntries)
{
    add(parseJsonText(text, origin), origin, userDefined, warnings, badEntries);
}

const Device* Catalog::findDevice(std::string_view id) const
{
    return findById(m_devices, m_deviceIndex, id);
}

const ModelEntry* Catalog::findModel(std::string_view id) const
{
    return findById(m_models, m_modelIndex, id);
}

const EngineProfile* Catalog::findEngine(std::string_view id) const
{
    return findById(m_engines, m_engineIndex, id);
}

const EngineProfile* Catalog::defaultEngine(const Device& device) const
{
    // Every report asks (the design-space grid thousands of times for one device): the last
    // answer per thread is kept, keyed by the catalog, the device and the engine list's state.
    struct Last
    {
        const Catalog* catalog = nullptr;
        const Device* device = nullptr;
        DeviceClass deviceClass = DeviceClass::Gpu;
        std::string vendor;
        const EngineProfile* engines = nullptr;
        std::size_t count = 0;
        const EngineProfile* engine = nullptr;
    };
    thread_local Last last;
    if (last.catalog == this && last.device == &device && last.deviceClass == device.deviceClass &&
        last.vendor == device.vendor && last.engines == m_engines.data() && last.count == m_engines.size())
        return last.engine;
    const EngineProfile* found = nullptr;
    for (const EngineProfile& engine : m_engines) {
        if (engine.runsOn(device)) {
            found = &engine;
            break;
        }
    }
    last = {this, &device, device.deviceClass, device.vendor, m_engines.data(), m_engines.size(), found};
    return found;
}

const EngineProfile& Catalog::servingEngine(std::string_view id, const Device& device) const
{
    static const EngineProfile none = [] {
        EngineProfile e;
        e.id = "none";
        e.name = "none";
        e.notes = "no engine in the catalog runs on this device: no engine overheads";
        return e;
    }();
    if (id.empty()) {
        const EngineProfile* engine = defaultEngine(device);
        return engine ? *engine : none;
    }
    const EngineProfile* engine = findEngine(id);
    if (!engine) {
        std::string known;
        for (const EngineProfile& e : m_engines)
            known += (known.empty() ? "" : ", ") + e.id;
        throw InputError(
            "serving.engine",
            message(LHE_TEXT("CoreMessage", "unknown engine \"%1\"; known: %2"), elided(id), known));
    }
    if (!engine->runsOn(device))
        throw InputError("serving.engine",
                         message(LHE_TEXT("CoreMessage", "%1 does not run on %2 (a %3 %4 device)"),
                                 engine->name, device.name, device.vendor,
                                 deviceClassName(device.deviceClass)));
    return *engine;
}

} // namespace lhe::core
