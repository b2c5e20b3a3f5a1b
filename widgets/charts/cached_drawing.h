// Two helpers of the charts' and tables' cached drawing: a line of text shaped once for a font
// (drawn again and again with QPainter::drawStaticText), and whether a painter paints a raster
// image upright, where drawing can be snapped to whole pixels (not a vector export, not rotated).
#pragma once

#include <QFont>
#include <QPaintEngine>
#include <QPainter>
#include <QStaticText>
#include <QString>
#include <QTransform>

namespace lhe::widgets {

// Plain text: a label's "<" is text, never markup.
inline QStaticText shapedLine(const QString& text, const QFont& font)
{
    QStaticText shaped(text);
    shaped.setTextFormat(Qt::PlainText);
    shaped.setPerformanceHint(QStaticText::AggressiveCaching);
    shaped.prepare(QTransform(), font);
    return shaped;
}

inline bool paintsUprightRaster(const QPainter* painter)
{
    const QPaintEngine* engine = painter->paintEngine();
    return engine && engine->type() == QPaintEngine::Raster &&
           painter->deviceTransform().type() <= QTransform::TxScale;
}

} // namespace lhe::widgets
