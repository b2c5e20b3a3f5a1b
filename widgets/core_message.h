// The core (no Qt) writes its report warnings and input errors in English; the window shows them
// in the user's language. Each warning core::estimate() can write, and each parallel-split error
// a manual split in the controls can cause, has a template here, matched by pattern. (Errors in
// files — a scenario, catalog or config.json — name JSON fields and stay as written.)
#pragma once

#include <QString>
#include <string>

namespace lhe::widgets {

// `text` in the application's language; an unknown text is shown as it is.
QString translatedCoreMessage(const std::string& text);
// Whether translatedCoreMessage() knows `text` (tests).
bool isKnownCoreMessage(const std::string& text);

} // namespace lhe::widgets
