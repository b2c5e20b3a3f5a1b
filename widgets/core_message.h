// The core (no Qt) writes its report warnings in English; the window shows them in the user's
// language. Each warning core::estimate() can write has a template here, matched by pattern.
#pragma once

#include <QString>
#include <string>

namespace lhe::widgets {

// `text` in the application's language; an unknown text is shown as it is.
QString translatedWarning(const std::string& text);
// Whether `text` is one of the warnings translatedWarning() knows (tests).
bool isKnownWarning(const std::string& text);

} // namespace lhe::widgets
