// Whether a painter paints a raster image upright (not a vector export, not rotated or sheared):
// drawing can then snap to whole pixels.
#pragma once

#include <QPaintEngine>
#include <QPainter>
#include <QTransform>

namespace lhe::widgets {

inline bool paintsUprightRaster(const QPainter* painter)
{
    const QPaintEngine* engine = painter->paintEngine();
    return engine && engine->type() == QPaintEngine::Raster &&
           painter->deviceTransform().type() <= QTransform::TxScale;
}

} // namespace lhe::widgets
