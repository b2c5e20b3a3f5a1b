#include "widgets/charts/static_layers_key.h"

#include "widgets/charts/qcustomplot_include.h"

#include <QDataStream>
#include <QIODevice>

namespace lhe::widgets {

namespace {

void writePen(QDataStream& out, const QPen& pen)
{
    out << pen.color().rgba() << pen.widthF() << static_cast<int>(pen.style()) << pen.dashPattern();
}

// What a legend entry shows of a plottable, and what the plottable's own lines are drawn with.
void writeStyle(QDataStream& out, const QCPAbstractPlottable& plottable)
{
    out << plottable.name();
    writePen(out, plottable.pen());
    out << plottable.brush().color().rgba() << static_cast<int>(plottable.brush().style());
    if (const auto* graph = qobject_cast<const QCPGraph*>(&plottable)) {
        const QCPScatterStyle scatter = graph->scatterStyle();
        out << static_cast<int>(graph->lineStyle()) << static_cast<int>(scatter.shape()) << scatter.size();
        writePen(out, scatter.pen());
        out << scatter.brush().color().rgba();
    }
}

void writeGraph(QDataStream& out, const QCPGraph& graph)
{
    out << graph.realVisibility();
    writeStyle(out, graph);
    const QCPGraphDataContainer& data = *graph.data();
    out << data.size();
    for (auto point = data.constBegin(); point != data.constEnd(); ++point)
        out << point->key << point->value;
}

} // namespace

bool drawnOnStepLayers(const QCPAxis& axis, const QList<QCPLayer*>& stepLayers)
{
    const QCPGrid* grid = axis.grid();
    return stepLayers.contains(axis.layer()) &&
           (!grid || stepLayers.contains(grid->layer()) || (!grid->visible() && !grid->subGridVisible()));
}

std::optional<QByteArray> staticLayersKey(QCustomPlot& plot, const QList<QCPLayer*>& stepLayers)
{
    QByteArray key;
    QDataStream out(&key, QIODevice::WriteOnly);
    out << plot.viewport() << plot.bufferDevicePixelRatio();
    for (QCPAxisRect* rect : plot.axisRects()) {
        out << rect->rect();
        for (QCPAxis* axis : rect->axes()) {
            out << axis->visible() << axis->label() << axis->tickLabels()
                << static_cast<int>(axis->scaleType());
            if (drawnOnStepLayers(*axis, stepLayers))
                continue; // its range is drawn with the step layers; the margin it needs is in rect()
            out << axis->range().lower << axis->range().upper;
            // Other tickers place their ticks from the range alone; a text ticker is told.
            if (const auto text = axis->ticker().dynamicCast<QCPAxisTickerText>())
                out << text->ticks();
        }
    }
    // Where the last layout put each element, what text elements (titles) on the static layers
    // say, and what the legends list.
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (!element)
            continue;
        out << element->outerRect();
        const auto* text = qobject_cast<const QCPTextElement*>(element);
        if (text && !stepLayers.contains(text->layer()))
            out << text->realVisibility() << text->text();
        const auto* legend = qobject_cast<const QCPLegend*>(element);
        if (!legend)
            continue;
        out << legend->realVisibility() << legend->wrap();
        if (!legend->realVisibility())
            continue;
        out << legend->itemCount();
        for (int i = 0; i < legend->itemCount(); ++i) { // cells of its grid, some empty
            QCPAbstractLegendItem* entry = legend->item(i);
            out << (entry != nullptr);
            if (!entry)
                continue;
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(entry))
                writeStyle(out, *item->plottable());
            else if (const auto* keyed = dynamic_cast<const StaticKeyed*>(entry))
                keyed->writeStaticKey(out);
            else // an entry of another kind: nothing here describes it
                return std::nullopt;
        }
    }
    for (int i = 0; i < plot.plottableCount(); ++i) {
        const QCPAbstractPlottable* plottable = plot.plottable(i);
        if (stepLayers.contains(plottable->layer()))
            continue;
        if (const auto* graph = qobject_cast<const QCPGraph*>(plottable)) {
            writeGraph(out, *graph);
        } else if (const auto* keyed = dynamic_cast<const StaticKeyed*>(plottable)) {
            out << plottable->realVisibility();
            writeStyle(out, *plottable);
            keyed->writeStaticKey(out);
        } else {
            return std::nullopt;
        }
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        const QCPAbstractItem* item = plot.item(i);
        if (!stepLayers.contains(item->layer()) && item->realVisibility())
            return std::nullopt;
    }
    return key;
}

} // namespace lhe::widgets
