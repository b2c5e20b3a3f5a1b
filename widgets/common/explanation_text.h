// The core's explanations in the UI language: titles, term labels and notes are message ids in
// core (LHE_TEXT "Explanation", core/common/message.h), translated here through tr(); values are
// formatted by their unit with the UI locale (value_format.h).
#pragma once

#include "core/explain/explanation.h"

#include <QString>
#include <QStringList>

namespace lhe::widgets {

// Translated text of a core title, label or note (the English itself without a translation).
QString explanationText(const std::string& english);
// "10.7 GB", "22.4 ms", "989 TFLOP/s", "80", "2 B", "45 %" ...
QString formatExplanationValue(double value, core::Quantity unit);

} // namespace lhe::widgets
