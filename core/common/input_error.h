// InputError: the one exception the core throws for bad user input (scenario, catalog,
// HF config). It names the offending field path so the CLI and GUI can print one clear line.
#pragma once

#include "core/common/message.h"

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

// The message is a core::Message (a message id and typed arguments, core/common/message.h), so the
// window shows it translated; what() is the English line "origin: field.path: message".
class InputError : public std::runtime_error
{
public:
    InputError(const std::string& fieldPath, Message what)
        : std::runtime_error(oneLine(compose({}, fieldPath, englishText(what)))), m_fieldPath(fieldPath),
          m_message(std::move(what))
    {}
    const std::string& fieldPath() const { return m_fieldPath; }
    // Where the input came from ("s.json", "gpt-oss/config.json"), empty when not known.
    const std::string& origin() const { return m_origin; }
    // What is wrong, without origin or field path.
    const Message& message() const { return m_message; }
    // The whole error as one message: "origin: field.path: message", origin and path verbatim,
    // for a sentence that quotes this error inside another.
    Message located() const
    {
        const std::string where = compose(m_origin, m_fieldPath, {});
        return where.empty() ? m_message : core::message(MessageId("%1: %2"), where, m_message);
    }

    // The same error, said of the input named `origin` ("s.json: batch: ..."); the field path
    // stays. No origin is added twice.
    InputError withOrigin(const std::string& origin) const
    {
        if (origin.empty() || m_origin == origin || m_origin.rfind(origin + ": ", 0) == 0)
            return *this;
        InputError copy(m_fieldPath, m_message);
        copy.m_origin = m_origin.empty() ? origin : origin + ": " + m_origin;
        copy.setWhat(oneLine(compose(copy.m_origin, m_fieldPath, englishText(m_message))));
        return copy;
    }

    // "origin: path: text", leaving out what is empty.
    static std::string compose(const std::string& origin, const std::string& fieldPath,
                               const std::string& text)
    {
        std::string out = origin;
        for (const std::string* part : {&fieldPath, &text}) {
            if (part->empty())
                continue;
            if (!out.empty())
                out += ": ";
            out += *part;
        }
        return out;
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
    void setWhat(const std::string& text)
    {
        static_cast<std::runtime_error&>(*this) = std::runtime_error(text);
    }

    std::string m_fieldPath;
    std::string m_origin;
    Message m_message;
};

// A sentence written elsewhere (already in the user's language, or quoted from a library) as
// a message with no translatable words.
inline Message verbatimMessage(std::string text)
{
    return message(MessageId("%1"), std::move(text));
}

} // namespace lhe::core
