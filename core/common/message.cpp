#include "core/common/message.h"

#include <cstdio>
#include <cstring>

namespace lhe::core {

MessageArgument::MessageArgument(Message phrase)
    : kind(Kind::Phrase), phrase(std::make_shared<const Message>(std::move(phrase)))
{}

bool MessageArgument::operator==(const MessageArgument& other) const
{
    if (kind != other.kind)
        return false;
    switch (kind) {
    case Kind::Verbatim:
        return text == other.text;
    case Kind::Integer:
        return integer == other.integer;
    case Kind::Number:
        return number == other.number;
    case Kind::Phrase:
        return *phrase == *other.phrase;
    }
    return false;
}

bool Message::operator==(const Message& other) const
{
    return std::strcmp(id, other.id) == 0 && args == other.args;
}

namespace {

std::string englishArgument(const MessageArgument& argument)
{
    switch (argument.kind) {
    case MessageArgument::Kind::Verbatim:
        return argument.text;
    case MessageArgument::Kind::Integer:
        return std::to_string(argument.integer);
    case MessageArgument::Kind::Number: {
        char text[32];
        std::snprintf(text, sizeof text, "%g", argument.number);
        return text;
    }
    case MessageArgument::Kind::Phrase:
        return englishText(*argument.phrase);
    }
    return {};
}

} // namespace

std::string englishText(const Message& message)
{
    const std::string_view id = message.id;
    std::string out;
    out.reserve(id.size() + 16 * message.args.size());
    for (std::size_t i = 0; i < id.size(); ++i) {
        const char next = i + 1 < id.size() ? id[i + 1] : '\0';
        if (id[i] == '%' && next >= '1' && next <= '9') {
            const auto index = static_cast<std::size_t>(next - '1');
            if (index < message.args.size())
                out += englishArgument(message.args[index]);
            ++i;
        } else {
            out += id[i];
        }
    }
    return out;
}

std::vector<std::string> englishTexts(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message& m : messages)
        out.push_back(englishText(m));
    return out;
}

std::vector<int> placeholders(std::string_view id)
{
    std::vector<int> found;
    for (std::size_t i = 0; i + 1 < id.size(); ++i)
        if (id[i] == '%' && id[i + 1] >= '1' && id[i + 1] <= '9') {
            const int n = id[i + 1] - '0';
            bool seen = false;
            for (const int f : found)
                seen = seen || f == n;
            if (!seen)
                found.push_back(n);
            ++i;
        }
    return found;
}

} // namespace lhe::core
