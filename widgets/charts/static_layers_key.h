// staticLayersKey: a fingerprint of everything a QCustomPlot draws outside a chart's step layers
// (axes, grid, legend, the graphs on the other layers), so that a report step which leaves it
// unchanged can redraw the step layers alone and keep the rest from the last full replot.
#pragma once

#include <QByteArray>
#include <QList>
#include <optional>

class QCPAxis;
class QCPLayer;
class QCustomPlot;
class QDataStream;

namespace lhe::widgets {

// A plottable or legend entry of this project's own that says what it draws (beyond a
// plottable's pen, brush and name), so that staticLayersKey can keep it.
class StaticKeyed
{
public:
    virtual ~StaticKeyed() = default;
    virtual void writeStaticKey(QDataStream& out) const = 0;
};

// Whether `axis` draws its line, ticks, labels and grid on `stepLayers` alone: then a new range
// redraws it with them, and only the room its tick labels take (the axis rectangle, once the
// plot is laid out for the new range) counts for the key.
bool drawnOnStepLayers(const QCPAxis& axis, const QList<QCPLayer*>& stepLayers);

// Equal keys draw equal pixels outside `stepLayers`. nullopt when something drawn there has no
// fingerprint here (an item, or a plottable neither a QCPGraph nor StaticKeyed): such a plot
// always replots whole. Text elements and axes on the step layers count by their place alone.
// Fonts, colours of the axes and the locale are left out: a palette, font, locale or language
// change replots whole (ChartWidget::changeEvent).
std::optional<QByteArray> staticLayersKey(QCustomPlot& plot, const QList<QCPLayer*>& stepLayers);

} // namespace lhe::widgets
