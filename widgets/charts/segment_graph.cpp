#include "widgets/charts/segment_graph.h"

#include <cmath>

namespace lhe::widgets {

SegmentGraph::SegmentGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis)
{
    setLineStyle(lsLine);
}

void SegmentGraph::drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const
{
    const auto finite = [](const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); };
    if (lines.size() != 2 || !finite(lines[0]) || !finite(lines[1]) ||
        painter->modes().testFlag(QCPPainter::pmVectorized)) {
        QCPGraph::drawLinePlot(painter, lines);
        return;
    }
    if (painter->pen().style() == Qt::NoPen || painter->pen().color().alpha() == 0)
        return;
    applyDefaultAntialiasingHint(painter);
    // As QCustomPlot's polyline: a pen of exactly one pixel is drawn cosmetic.
    if (qFuzzyCompare(painter->pen().widthF(), 1.0)) {
        QPen cosmetic = painter->pen();
        cosmetic.setWidth(0);
        painter->setPen(cosmetic);
    }
    painter->drawLine(QLineF(lines[0], lines[1]));
}

} // namespace lhe::widgets
