// CachedTextItem: a QCPItemText that measures and shapes its text once per text and font rather
// than on every replot. QCPItemText::draw lays its text out twice per draw (fontMetrics()
// .boundingRect, then drawText); a chart's labels keep their texts across most slider steps.
// A rotated label on a raster image is drawn from an image of it, made once per text and style.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QImage>
#include <QMargins>
#include <QPen>
#include <QRect>
#include <QStaticText>
#include <QString>

namespace lhe::widgets {

class CachedTextItem : public QCPItemText
{
public:
    explicit CachedTextItem(QCustomPlot* plot) : QCPItemText(plot) {}

protected:
    // QCPItemText::draw, with the text's rectangle and glyphs cached. An unrotated box is filled
    // without antialiasing: its edges then fall on whole pixels, which the raster engine fills
    // directly instead of through its antialiasing path.
    void draw(QCPPainter* painter) override;

private:
    void refresh(const QFont& font, const QPaintDevice* device);
    void paintBox(QPainter* painter, const QRect& boxRect) const;
    void paintText(QPainter* painter, const QRect& textRect) const;
    // Qt's raster engine fills an antialiased rotated box through its span rasterizer, which hands
    // a box this size to its GUI thread pool and waits for it, two or three times a label. On a
    // 2-core machine that pool has one thread: nothing runs in parallel and each hand-over costs
    // more than the fill. The label is drawn once into an image and the image at the nearest
    // whole pixel, as QCustomPlot draws its cached tick labels.
    void drawFromImage(QCPPainter* painter, const QPointF& pos, const QRectF& bounds, const QRect& boxRect,
                       const QRect& textRect);

    // Everything the image of a rotated label depends on.
    struct ImageKey
    {
        QString text;
        QFont font;
        QColor colour;
        QPen pen;
        QBrush brush;
        QMargins padding;
        double rotation = 0;
        Qt::Alignment positionAlignment;
        Qt::Alignment textAlignment;
        qreal deviceScale = 0;
        bool operator==(const ImageKey&) const = default;
    };

    QString m_text; // what the cache below was made for
    QFont m_font;
    Qt::Alignment m_alignment;
    bool m_valid = false;
    QRect m_textRect;         // as QFontMetrics::boundingRect(0, 0, 0, 0, ...) gives it
    QStaticText m_staticText; // one line; text with line breaks is drawn by QPainter::drawText
    ImageKey m_imageKey;
    QImage m_image;       // the rotated label, in device pixels
    QPoint m_imageOffset; // from the label's anchor to the image's top left, in device pixels
};

} // namespace lhe::widgets
