// The one conversion of the core's UTF-8 text (catalog names, ids, messages) to QString in the
// widgets layer.
#pragma once

#include <QString>
#include <string_view>

namespace lhe::widgets {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace lhe::widgets
