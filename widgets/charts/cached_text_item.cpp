#include "widgets/charts/cached_text_item.h"

#include "widgets/charts/cached_drawing.h"

#include <QFontMetrics>
#include <QTextOption>
#include <cmath>

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
    m_staticText = shapedLine(mText, font);
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
    const double clipPad = mainPen().widthF();
    const QRectF bounds = QRectF(boxRect).adjusted(-clipPad, -clipPad, clipPad, clipPad);
    if (!transform.mapRect(bounds).intersects(painter->transform().mapRect(QRectF(clipRect()))))
        return;

    if (rotated && paintsUprightRaster(painter)) {
        drawFromImage(painter, pos, bounds, boxRect, textRect);
        return;
    }
    painter->setTransform(transform);
    const bool antialiased = painter->antialiasing();
    if (!rotated)
        painter->setAntialiasing(false);
    paintBox(painter, boxRect);
    painter->setAntialiasing(antialiased);
    paintText(painter, textRect);
}

void CachedTextItem::paintBox(QPainter* painter, const QRect& boxRect) const
{
    const QPen pen = mainPen();
    const QBrush brush = mainBrush();
    if ((brush.style() == Qt::NoBrush || brush.color().alpha() == 0) &&
        (pen.style() == Qt::NoPen || pen.color().alpha() == 0))
        return;
    painter->setPen(pen);
    painter->setBrush(brush);
    painter->drawRect(boxRect);
}

void CachedTextItem::paintText(QPainter* painter, const QRect& textRect) const
{
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(mainColor()));
    if (mText.contains(QLatin1Char('\n'))) {
        painter->drawText(textRect, Qt::TextDontClip | mTextAlignment, mText);
    } else {
        // One line fills its rectangle's width: alignment within it changes nothing.
        painter->drawStaticText(textRect.topLeft(), m_staticText);
    }
}

void CachedTextItem::drawFromImage(QCPPainter* painter, const QPointF& pos, const QRectF& bounds,
                                   const QRect& boxRect, const QRect& textRect)
{
    const qreal deviceScale = painter->device()->devicePixelRatioF();
    const ImageKey key{mText,    mainFont(), mainColor(),        mainPen(),      mainBrush(),
                       mPadding, mRotation,  mPositionAlignment, mTextAlignment, deviceScale};
    if (!(key == m_imageKey)) {
        m_imageKey = key;
        // The rotated box in device pixels around the label's anchor, a pixel to spare each side
        // for antialiasing.
        QTransform rotation;
        rotation.scale(deviceScale, deviceScale);
        rotation.rotate(mRotation);
        const QRect pixels = rotation.mapRect(bounds).toAlignedRect().adjusted(-1, -1, 1, 1);
        QImage image(pixels.size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter imagePainter(&image);
        imagePainter.setRenderHints(painter->renderHints());
        imagePainter.setFont(mainFont());
        imagePainter.translate(-pixels.topLeft());
        imagePainter.setTransform(rotation, true);
        paintBox(&imagePainter, boxRect);
        paintText(&imagePainter, textRect);
        imagePainter.end();
        m_image = image;
        m_imageOffset = pixels.topLeft();
    }
    // At the nearest whole device pixel, as QCustomPlot draws its cached tick labels.
    const QPointF anchor = painter->deviceTransform().map(pos);
    const QPoint topLeft(qRound(anchor.x()) + m_imageOffset.x(), qRound(anchor.y()) + m_imageOffset.y());
    painter->save();
    painter->resetTransform();
    if (deviceScale != 1)
        painter->scale(1 / deviceScale, 1 / deviceScale);
    painter->drawImage(topLeft, m_image);
    painter->restore();
}

} // namespace lhe::widgets
