// Message: a sentence the core says to a person (a report warning, an input error, the words of
// an explanation) as a message id and typed arguments, never as finished text. The console tool
// writes it in English (englishText); the window translates it (widgets/messages/core_message.h). The
// convention is part of the contract: docs/CONTRACT §8 Messages.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// Marks a string literal as a message id: the English text, with %1 … %9 where the arguments go.
// lupdate reads it as QT_TRANSLATE_NOOP (the build passes -tr-function-alias
// QT_TRANSLATE_NOOP+=LHE_TEXT), so every id lands in the window's .ts files without a hand-made
// copy. It expands to a MessageId, which a plain literal does not convert to: a sentence that
// is not marked does not compile. Contexts: "CoreMessage" (warnings, errors), "Explanation".
#define LHE_TEXT(context, text) ::lhe::core::MessageId(text)

namespace lhe::core {

inline constexpr const char* kMessageContext = "CoreMessage";
inline constexpr const char* kExplanationContext = "Explanation";

struct MessageId
{
    constexpr explicit MessageId(const char* english) : text(english) {}
    const char* text; // a literal: static storage
};

struct MessageArgument;

struct Message
{
    // A literal marked LHE_TEXT: static storage, compared by content.
    const char* id = "";
    std::vector<MessageArgument> args;

    bool operator==(const Message& other) const;
};

// What fills one %n. Verbatim: a name, a field path or a value from the input, shown as it is;
// Integer: a count; Number: a measured or computed value (%g in English); Phrase: a translatable
// part of the sentence ("a whole number from 1 to 8").
struct MessageArgument
{
    enum class Kind { Verbatim, Integer, Number, Phrase };

    MessageArgument(std::string text) : kind(Kind::Verbatim), text(std::move(text)) {}
    MessageArgument(const char* text) : kind(Kind::Verbatim), text(text) {}
    MessageArgument(std::string_view text) : kind(Kind::Verbatim), text(text) {}
    MessageArgument(int value) : kind(Kind::Integer), integer(value) {}
    MessageArgument(long value) : kind(Kind::Integer), integer(value) {}
    MessageArgument(long long value) : kind(Kind::Integer), integer(value) {}
    MessageArgument(unsigned long value) : kind(Kind::Integer), integer(static_cast<long long>(value)) {}
    MessageArgument(unsigned long long value) : kind(Kind::Integer), integer(static_cast<long long>(value)) {}
    MessageArgument(double value) : kind(Kind::Number), number(value) {}
    MessageArgument(Message phrase);

    Kind kind;
    std::string text;
    long long integer = 0;
    double number = 0;
    std::shared_ptr<const Message> phrase;

    bool operator==(const MessageArgument& other) const;
};

// `id` with its arguments: message(LHE_TEXT("CoreMessage", "%1 of %2"), 3, name).
template <typename... Arguments> Message message(MessageId id, Arguments&&... arguments)
{
    return Message{id.text, {MessageArgument(std::forward<Arguments>(arguments))...}};
}

// The English sentence: each %n replaced by its argument in one pass (an argument that itself
// holds "%2" stays as it is). Numbers as %g; phrases rendered recursively.
std::string englishText(const Message& message);

// The same for a list (report warnings in the JSON report and the console table).
std::vector<std::string> englishTexts(const std::vector<Message>& messages);

// The %n the id uses, in order of first use (tests check that every argument is used).
std::vector<int> placeholders(std::string_view id);

} // namespace lhe::core
