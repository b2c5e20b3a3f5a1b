#include "widgets/wrapped_label.h"

#include <algorithm>

namespace lhe::widgets {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
}

int WrappedLabel::heightForWidth(int width) const
{
    if (width < 0)
        return QLabel::heightForWidth(width);
    Key key{text(), font(), contentsMargins(), margin(), indent(), textFormat()};
    if (!(key == m_key)) {
        m_key = std::move(key);
        m_heights.fill(Height{});
    }
    auto entry = std::find_if(m_heights.begin(), m_heights.end(),
                              [width](const Height& known) { return known.width == width; });
    if (entry == m_heights.end()) {
        entry = m_heights.end() - 1; // the least recently asked width makes room
        *entry = Height{width, QLabel::heightForWidth(width)};
    }
    std::rotate(m_heights.begin(), entry, entry + 1); // most recent first
    return m_heights.front().height;
}

} // namespace lhe::widgets
