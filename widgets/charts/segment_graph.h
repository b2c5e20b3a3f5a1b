// SegmentGraph: a QCPGraph of one straight segment (a roofline's ceiling, slope or link) that a
// raster painter draws as a line rather than a polyline. Qt's raster engine strokes a line of a
// plain pen (flat or square cap), dashed or not, in its rasterizer; a polyline goes through
// QStroker, which cuts a dashed line into one polygon per dash and fills each: the dashed
// ceilings took a fifth of a roofline replot. Vector output (SVG, PDF) keeps the polyline.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

namespace lhe::widgets {

class SegmentGraph : public QCPGraph
{
public:
    SegmentGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // Moves the graph to `layer`, under everything already there (QCPLayerable::setLayer puts it
    // on top).
    void setLayerUnder(QCPLayer* layer) { moveToLayer(layer, true); }

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override;
};

} // namespace lhe::widgets
