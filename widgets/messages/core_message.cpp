#include "widgets/messages/core_message.h"

#include <QCoreApplication>

namespace lhe::widgets {

namespace {

QString oneLine(const std::string& text)
{
    return QString::fromStdString(core::InputError::oneLine(text));
}

QString argumentText(const core::MessageArgument& argument)
{
    switch (argument.kind) {
    case core::MessageArgument::Kind::Verbatim:
        return oneLine(argument.text);
    case core::MessageArgument::Kind::Integer:
        return QString::number(argument.integer);
    case core::MessageArgument::Kind::Number:
        return QString::number(argument.number, 'g', 6); // as core's English %g
    case core::MessageArgument::Kind::Phrase:
        return translatedMessage(*argument.phrase);
    }
    return {};
}

} // namespace

QString translatedMessage(const core::Message& message)
{
    const QString text = QCoreApplication::translate(core::kMessageContext, message.id);
    // One pass, as core::englishText: an argument holding "%2" (a quoted input) stays as it is.
    QString out;
    out.reserve(text.size() + 16 * static_cast<qsizetype>(message.args.size()));
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar next = i + 1 < text.size() ? text.at(i + 1) : QChar();
        if (text.at(i) == QLatin1Char('%') && next >= QLatin1Char('1') && next <= QLatin1Char('9')) {
            const auto index = static_cast<std::size_t>(next.unicode() - u'1');
            if (index < message.args.size())
                out += argumentText(message.args[index]);
            ++i;
        } else {
            out += text.at(i);
        }
    }
    return out;
}

QStringList translatedMessages(const std::vector<core::Message>& messages)
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(messages.size()));
    for (const core::Message& message : messages)
        out << translatedMessage(message);
    return out;
}

QString translatedError(const core::InputError& error)
{
    QString out;
    for (const std::string& part : {error.origin(), error.fieldPath()})
        if (!part.empty())
            out += oneLine(part) + QStringLiteral(": ");
    return out + translatedMessage(error.message());
}

} // namespace lhe::widgets
