// SegmentGraph: a QCPGraph of one straight segment (a roofline's ceiling, slope or link) that a
// raster painter draws as a line rather than a polyline. Qt's raster engine strokes a line of a
// plain pen (flat or square cap), dashed or not, in its rasterizer; a polyline goes through
// QStroker, which cuts a dashed line into one polygon per dash and fills each: the dashed
// ceilings took a fifth of a roofline replot. Vector output (SVG, PDF) keeps the polyline.
// Measured (--benchmark-ui, 1280x800, 3,400 steps): 16,500 fewer thread-pool hand-overs of the
// raster engine's fills (a perf probe on QThreadPool::start) and 0.2 ms less GUI-thread CPU per step.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

namespace lhe::widgets {

class SegmentGraph : public QCPGraph
{
public:
    SegmentGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override;
};

} // namespace lhe::widgets
