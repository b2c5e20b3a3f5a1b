#include "widgets/badge_element.h"

#include <QFontMetrics>
#include <QStringList>
#include <QTextLayout>
#include <QTextOption>
#include <algorithm>

namespace lhe::widgets {

BadgeElement::BadgeElement(QCustomPlot* plot) : QCPTextElement(plot)
{
    setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    setMargins(QMargins(10, 6, 10, 4));
}

bool BadgeElement::setTextWithin(const QString& text, int widthPx)
{
    const int room = widthPx - mMargins.left() - mMargins.right() - 2 * kRimPx;
    QStringList lines;
    for (const QString& paragraph : text.split(u'\n')) {
        QTextLayout layout(paragraph, mFont);
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(room, 1));
            lines << paragraph.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
    }
    const QString shown = lines.join(u'\n');
    if (shown == mText)
        return false;
    setText(shown);
    return true;
}

void BadgeElement::draw(QCPPainter* painter)
{
    if (!mText.isEmpty()) {
        const QFontMetrics metrics(mainFont());
        const QRect text = metrics.boundingRect(mRect, mTextFlags, mText);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_fill);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->drawRoundedRect(QRectF(text).adjusted(-kRimPx, -3, kRimPx, 3), 4, 4);
    }
    QCPTextElement::draw(painter);
}

} // namespace lhe::widgets
