#include "widgets/charts/cached_legend_item.h"

#include "widgets/charts/cached_drawing.h"

#include <QFontMetrics>
#include <algorithm>

namespace lhe::widgets {

QRect LegendText::rect(const QString& text, const QFont& font, int iconHeight) const
{
    if (m_iconHeight == iconHeight && m_text == text && m_font == font)
        return m_rect;
    m_text = text;
    m_font = font;
    m_iconHeight = iconHeight;
    m_rect = QFontMetrics(font).boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, text);
    m_shaped = shapedLine(text, font);
    return m_rect;
}

void LegendText::draw(QPainter* painter, int left, int top) const
{
    if (m_text.contains(QLatin1Char('\n'))) {
        painter->drawText(left, top, m_rect.width(), std::max(m_rect.height(), m_iconHeight),
                          Qt::TextDontClip, m_text);
        return;
    }
    painter->drawStaticText(QPoint(left, top), m_shaped);
}

void CachedLegendItem::add(QCPLegend* legend, QCPAbstractPlottable* plottable)
{
    if (!legend->hasItemWithPlottable(plottable))
        legend->addItem(new CachedLegendItem(legend, plottable));
}

QSize CachedLegendItem::minimumOuterSizeHint() const
{
    if (!mPlottable)
        return {};
    const QSize icon = mParentLegend->iconSize();
    const QRect text = m_name.rect(mPlottable->name(), getFont(), icon.height());
    return {icon.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() +
                mMargins.right(),
            std::max(text.height(), icon.height()) + mMargins.top() + mMargins.bottom()};
}

} // namespace lhe::widgets
