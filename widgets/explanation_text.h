// The core's explanations in the UI language: titles, term labels and notes are English in core
// (core/explanation.h) and translated here through one table of QT_TRANSLATE_NOOP entries in the
// "Explanation" context; values are formatted by their unit with the UI locale (value_format.h).
#pragma once

#include "core/explanation.h"

#include <QString>
#include <QStringList>

namespace lhe::widgets {

// Translated text of a core title, label or note (the English itself when the table lacks it).
QString explanationText(const std::string& english);
// Every English string of the table, for the test that core produces nothing untranslated.
const QStringList& explanationSourceTexts();
// "10.7 GB", "22.4 ms", "989 TFLOP/s", "80", "2 B", "45 %" ...
QString formatExplanationValue(double value, core::Quantity unit);

} // namespace lhe::widgets
