// RasterTextItem: a QCPItemText whose box a raster image gets without the raster engine's thread
// hand-overs. Qt 6.4's raster engine hands a tall fill (about 96 spans or more: an antialiased box
// two lines high, any rotated box) to its global thread pool in pieces and waits for them; on two
// busy cores each hand-over waits for a thread to be scheduled.
// An unrotated box is filled on whole pixels without antialiasing (its edges are whole pixels
// anyway); a rotated label is drawn from an image of it, made once per text and style and placed
// at the nearest whole pixel as QCustomPlot draws its cached tick labels. Vector output (SVG, PDF)
// draws as QCPItemText. Measured (--benchmark-ui, 1280x800, 3,400 steps): 13,100 fewer hand-overs
// than QCPItemText (a perf probe on QThreadPool::start), about 4 per step.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QImage>
#include <QMargins>
#include <QPen>
#include <QPoint>
#include <QRect>
#include <QRectF>
#include <QString>

namespace lhe::widgets {

class RasterTextItem : public QCPItemText
{
public:
    explicit RasterTextItem(QCustomPlot* plot) : QCPItemText(plot) {}

protected:
    void draw(QCPPainter* painter) override;

private:
    // The label's box and text around its anchor at (0, 0), as QCPItemText::draw lays them out,
    // and the box with the pen's width around it (for the clip test).
    struct Layout
    {
        QRect box;
        QRect text;
        QRectF bounds;
    };
    Layout layout(const QPaintDevice* device) const;
    void paintBox(QPainter* painter, const QRect& box) const;
    void paintText(QPainter* painter, const QRect& text) const;
    void drawFromImage(QCPPainter* painter, const QPointF& pos);

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
    ImageKey m_imageKey;
    QImage m_image;       // the rotated label, in device pixels
    QPoint m_imageOffset; // from the label's anchor to the image's top left, in device pixels
    QRectF m_imageBounds; // Layout::bounds of the label in the image
};

} // namespace lhe::widgets
