// InputError: the one exception the core throws for bad user input (scenario, catalog,
// HF config). It names the offending field path so the CLI and GUI can print one clear line.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace lhe::core {

// A value quoted in an error message, cut so that the message stays one readable line whatever
// the input held: at most `keep` bytes (cut on a UTF-8 boundary), then "… (N characters)" with
// the full length in code points. A 5-million-digit number or a pasted file stays a short line.
// Every message that quotes a value from the input quotes it through this function.
inline std::string elided(std::string_view text, std::size_t keep = 40)
{
    if (text.size() <= keep + 20) // short enough to show whole; the suffix would be as long
        return std::string(text);
    std::size_t cut = keep;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    std::size_t characters = 0;
    for (const char c : text)
        characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    return std::string(text.substr(0, cut)) + "\u2026 (" + std::to_string(characters) + " characters)";
}

class InputError : public std::runtime_error
{
public:
    InputError(const std::string& fieldPath, const std::string& message)
        : InputError(Text{}, fieldPath.empty() ? message : fieldPath + ": " + message, fieldPath)
    {}
    const std::string& fieldPath() const { return m_fieldPath; }

    // The same error, its message prefixed by where the input came from ("s.json: batch: ...");
    // the field path stays. No prefix is added twice.
    InputError withOrigin(const std::string& origin) const
    {
        const std::string text = what();
        if (origin.empty() || text.rfind(origin + ": ", 0) == 0)
            return *this;
        return InputError(Text{}, origin + ": " + text, m_fieldPath);
    }

    // One line whatever the input held: control characters (a newline inside a JSON string
    // that names an id, say) become escapes such as \n or \u001b.
    static std::string oneLine(const std::string& text)
    {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string out;
        out.reserve(text.size());
        for (const char c : text) {
            const auto byte = static_cast<unsigned char>(c);
            if (c == '\n')
                out += "\\n";
            else if (c == '\r')
                out += "\\r";
            else if (c == '\t')
                out += "\\t";
            else if (byte < 0x20 || byte == 0x7f)
                out += std::string("\\u00") + kHex[byte >> 4] + kHex[byte & 0xf];
            else
                out += c;
        }
        return out;
    }

private:
    struct Text
    {
    };
    InputError(Text, const std::string& text, const std::string& fieldPath)
        : std::runtime_error(oneLine(text)), m_fieldPath(fieldPath)
    {}

    std::string m_fieldPath;
};

} // namespace lhe::core
