#include "widgets/layout/wrapped_label.h"

#include <QFontMetricsF>
#include <algorithm>

namespace lhe::widgets {

namespace {

bool digitsAllAsWide(const QFont& font)
{
    const QFontMetricsF metrics(font);
    const qreal zero = metrics.horizontalAdvance(QLatin1Char('0'));
    for (char digit = '1'; digit <= '9'; ++digit) {
        if (metrics.horizontalAdvance(QLatin1Char(digit)) != zero)
            return false;
    }
    return true;
}

} // namespace

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
}

WrappedLabel::Key WrappedLabel::currentKey() const
{
    return {text(), font(), contentsMargins(), margin(), indent(), textFormat()};
}

int WrappedLabel::heightForWidth(int width) const
{
    if (width < 0)
        return QLabel::heightForWidth(width);
    Key key = currentKey();
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

QString WrappedLabel::shape(const QString& text) const
{
    if (!m_digitFont || !(font() == *m_digitFont)) {
        m_digitFont = font();
        QFont bold = font();
        bold.setBold(true); // rich text sets its figures in bold
        m_evenDigits = digitsAllAsWide(font()) && digitsAllAsWide(bold);
    }
    if (!m_evenDigits)
        return text;
    QString shaped = text;
    for (QChar& c : shaped) {
        if (c >= QLatin1Char('1') && c <= QLatin1Char('9'))
            c = QLatin1Char('0');
    }
    return shaped;
}

const WrappedLabel::Hints& WrappedLabel::hints() const
{
    Key key = currentKey();
    key.text = shape(key.text);
    const QSizePolicy policy = sizePolicy();
    auto entry = std::find_if(m_hints.begin(), m_hints.end(), [&](const Hints& known) {
        return known.size.isValid() && known.key == key && known.policy == policy;
    });
    if (entry == m_hints.end()) {
        entry = m_hints.end() - 1;
        ++m_measurements;
        // QLabel::minimumSizeHint() measures both hints; sizeHint() then hands out the other.
        const QSize minimum = QLabel::minimumSizeHint();
        *entry = Hints{std::move(key), policy, QLabel::sizeHint(), minimum};
    }
    std::rotate(m_hints.begin(), entry, entry + 1);
    return m_hints.front();
}

QSize WrappedLabel::sizeHint() const
{
    return hints().size;
}

QSize WrappedLabel::minimumSizeHint() const
{
    return hints().minimum;
}

} // namespace lhe::widgets
