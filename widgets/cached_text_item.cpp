#include "widgets/cached_text_item.h"

#include <QFontMetrics>
#include <QTextOption>

namespace lhe::widgets {

void CachedTextItem::refresh(const QFont& font, const QPaintDevice* device)
{
    if (m_valid && m_text == mText && m_font == font && m_alignment == mTextAlignment)
        return;
    m_text = mText;
    m_font = font;
    m_alignment = mTextAlignment;
    m_valid = true;
    m_textRect =
        QFontMetrics(font, device).boundingRect(0, 0, 0, 0, Qt::TextDontClip | mTextAlignment, mText);
    m_staticText = QStaticText(mText);
    m_staticText.setTextFormat(Qt::PlainText); // a label's "<" is text, never markup
    m_staticText.setPerformanceHint(QStaticText::AggressiveCaching);
    m_staticText.prepare(QTransform(), font);
}

void CachedTextItem::draw(QCPPainter* painter)
{
    const QFont font = mainFont();
    painter->setFont(font);
    refresh(font, painter->device());

    // As QCPItemText::draw: the box is the text's rectangle plus padding, aligned to the position.
    const QPointF pos = position->pixelPosition();
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    const bool rotated = !qFuzzyIsNull(mRotation);
    if (rotated)
        transform.rotate(mRotation);
    QRect textRect = m_textRect;
    QRect boxRect = textRect.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    const QPoint topLeft = getTextDrawPoint(QPointF(0, 0), boxRect, mPositionAlignment).toPoint();
    textRect.moveTopLeft(topLeft + QPoint(mPadding.left(), mPadding.top()));
    boxRect.moveTopLeft(topLeft);
    const QPen pen = mainPen();
    const double clipPad = pen.widthF();
    const QRectF bounds = QRectF(boxRect).adjusted(-clipPad, -clipPad, clipPad, clipPad);
    if (!transform.mapRect(bounds).intersects(painter->transform().mapRect(QRectF(clipRect()))))
        return;

    painter->setTransform(transform);
    const QBrush brush = mainBrush();
    if ((brush.style() != Qt::NoBrush && brush.color().alpha() != 0) ||
        (pen.style() != Qt::NoPen && pen.color().alpha() != 0)) {
        const bool antialiased = painter->antialiasing();
        if (!rotated)
            painter->setAntialiasing(false);
        painter->setPen(pen);
        painter->setBrush(brush);
        painter->drawRect(boxRect);
        painter->setAntialiasing(antialiased);
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(mainColor()));
    if (mText.contains(QLatin1Char('\n'))) {
        painter->drawText(textRect, Qt::TextDontClip | mTextAlignment, mText);
    } else {
        // One line fills its rectangle's width: alignment within it changes nothing.
        painter->drawStaticText(textRect.topLeft(), m_staticText);
    }
}

} // namespace lhe::widgets
