#include "widgets/badge_element.h"

#include <QFontMetrics>

namespace lhe::widgets {

BadgeElement::BadgeElement(QCustomPlot* plot) : QCPTextElement(plot)
{
    setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    setMargins(QMargins(10, 6, 10, 4));
}

void BadgeElement::draw(QCPPainter* painter)
{
    if (!mText.isEmpty()) {
        const QFontMetrics metrics(mainFont());
        const QRect text = metrics.boundingRect(mRect, mTextFlags, mText);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_fill);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->drawRoundedRect(QRectF(text).adjusted(-7, -3, 7, 3), 4, 4);
    }
    QCPTextElement::draw(painter);
}

} // namespace lhe::widgets
