// The core's messages (core/common/message.h: a message id and typed arguments) in the user's language:
// the id is translated through tr() in the "CoreMessage" context, then each %n is filled with
// its argument (names and input values as written, numbers as numbers, phrases translated too).
#pragma once

#include "core/common/input_error.h"
#include "core/common/message.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace lhe::widgets {

QString translatedMessage(const core::Message& message);
QStringList translatedMessages(const std::vector<core::Message>& messages);
// "origin: field.path: message", the message translated, origin and field path as written.
QString translatedError(const core::InputError& error);

} // namespace lhe::widgets
