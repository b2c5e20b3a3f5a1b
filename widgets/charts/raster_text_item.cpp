#include "widgets/charts/raster_text_item.h"

#include "widgets/charts/upright_raster.h"

#include <QFontMetrics>
#include <QPainter>
#include <QTransform>

namespace lhe::widgets {

RasterTextItem::Layout RasterTextItem::layout(const QPaintDevice* device) const
{
    Layout result;
    result.text =
        QFontMetrics(mainFont(), device).boundingRect(0, 0, 0, 0, Qt::TextDontClip | mTextAlignment, mText);
    result.box = result.text.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    const QPoint topLeft = getTextDrawPoint(QPointF(0, 0), result.box, mPositionAlignment).toPoint();
    result.text.moveTopLeft(topLeft + QPoint(mPadding.left(), mPadding.top()));
    result.box.moveTopLeft(topLeft);
    const double clipPad = mainPen().widthF();
    result.bounds = QRectF(result.box).adjusted(-clipPad, -clipPad, clipPad, clipPad);
    return result;
}

void RasterTextItem::draw(QCPPainter* painter)
{
    if (!paintsUprightRaster(painter)) {
        QCPItemText::draw(painter);
        return;
    }
    const QPointF pos = position->pixelPosition();
    if (!qFuzzyIsNull(mRotation)) {
        drawFromImage(painter, pos);
        return;
    }
    painter->setFont(mainFont());
    const Layout parts = layout(painter->device());
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    if (!transform.mapRect(parts.bounds).intersects(painter->transform().mapRect(QRectF(clipRect()))))
        return;
    painter->setTransform(transform);
    const bool antialiased = painter->antialiasing();
    painter->setAntialiasing(false);
    paintBox(painter, parts.box);
    painter->setAntialiasing(antialiased);
    paintText(painter, parts.text);
}

void RasterTextItem::paintBox(QPainter* painter, const QRect& box) const
{
    const QPen pen = mainPen();
    const QBrush brush = mainBrush();
    if ((brush.style() == Qt::NoBrush || brush.color().alpha() == 0) &&
        (pen.style() == Qt::NoPen || pen.color().alpha() == 0))
        return;
    painter->setPen(pen);
    painter->setBrush(brush);
    painter->drawRect(box);
}

void RasterTextItem::paintText(QPainter* painter, const QRect& text) const
{
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(mainColor()));
    painter->drawText(text, Qt::TextDontClip | mTextAlignment, mText);
}

void RasterTextItem::drawFromImage(QCPPainter* painter, const QPointF& pos)
{
    const qreal deviceScale = painter->device()->devicePixelRatioF();
    const ImageKey key{mText,    mainFont(), mainColor(),        mainPen(),      mainBrush(),
                       mPadding, mRotation,  mPositionAlignment, mTextAlignment, deviceScale};
    if (!(key == m_imageKey)) {
        m_imageKey = key;
        const Layout parts = layout(painter->device());
        m_imageBounds = parts.bounds;
        // The rotated box in device pixels, a pixel to spare each side for antialiasing.
        QTransform rotation;
        rotation.scale(deviceScale, deviceScale);
        rotation.rotate(mRotation);
        const QRect pixels = rotation.mapRect(parts.bounds).toAlignedRect().adjusted(-1, -1, 1, 1);
        QImage image(pixels.size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter imagePainter(&image);
        imagePainter.setRenderHints(painter->renderHints());
        imagePainter.setFont(mainFont());
        imagePainter.translate(-pixels.topLeft());
        imagePainter.setTransform(rotation, true);
        paintBox(&imagePainter, parts.box);
        paintText(&imagePainter, parts.text);
        imagePainter.end();
        m_image = image;
        m_imageOffset = pixels.topLeft();
    }
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    transform.rotate(mRotation);
    if (!transform.mapRect(m_imageBounds).intersects(painter->transform().mapRect(QRectF(clipRect()))))
        return;
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
