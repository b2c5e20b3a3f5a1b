// PlacedBars: one memory component's bars (one data point per bar of the memory chart), drawn at
// the component's full size and painted part by part where core::memoryChart placed it: on the
// device in the plain component style, offloaded parts in the same colour with a pattern per
// tier. Stacking, hit tests and the legend icon stay QCPBars' own, so a click or a tooltip on any
// part names the whole component. PlacementLegendItem is the legend entry that explains a pattern;
// componentExtent() and componentParts() read a component's place on a bar of the chart.
#pragma once

#include "core/charts/chart_data.h"
#include "widgets/charts/cached_legend_item.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/static_layers_key.h"

#include <QBrush>
#include <QColor>
#include <QPen>
#include <array>
#include <vector>

namespace lhe::widgets {

// How a memory component, or a part of it, is filled: a tint, then a Qt line pattern over it (a
// plain component has its colour as the tint and no lines). Two vector coats rather than one
// pixmap tile: SVG drops pixmap brushes, and the pattern scales with the export as the lines do.
struct LayeredFill
{
    QBrush tint;
    QBrush lines; // Qt::NoBrush: none
};
// Fills `rect` with both coats, then outlines it with `pen`. On a raster image a solid tint is
// filled on whole pixels, edges rounded to the nearest pixel boundary.
void drawLayeredRect(QPainter* painter, const QRectF& rect, const LayeredFill& fill, const QPen& pen);

class PlacedBars : public QCPBars
{
public:
    // A share of the component's height, bottom up (0 = its bottom, 1 = its top).
    struct Part
    {
        core::MemoryPlacement placement = core::MemoryPlacement::Device;
        double fromFraction = 0;
        double toFraction = 1;
    };

    PlacedBars(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // The parts of each data point, in data order; a point without parts is drawn whole in the
    // main fill and pen (setFill / setPen), as Device parts are.
    void setParts(std::vector<std::vector<Part>> parts);
    const std::vector<Part>& partsAt(int dataIndex) const;

    // The component's own fill (QCPBars' brush becomes its tint).
    void setFill(const LayeredFill& fill);
    const LayeredFill& fill() const { return m_fill; }
    // The style of the offloaded placements (Device parts use the main fill and pen).
    void setPlacementStyle(core::MemoryPlacement placement, const LayeredFill& fill, const QPen& pen);
    LayeredFill placementFill(core::MemoryPlacement placement) const;
    QPen placementPen(core::MemoryPlacement placement) const;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::vector<std::vector<Part>> m_parts;
    LayeredFill m_fill;
    std::array<LayeredFill, core::kMemoryPlacementCount> m_fills;
    std::array<QPen, core::kMemoryPlacementCount> m_pens;
};

// Where a memory component starts on its bar and how big it is, all its parts together.
struct ComponentExtent
{
    double startBytes = 0;
    double bytes = 0;
};
ComponentExtent componentExtent(const core::MemoryBar& bar, core::MemorySegmentKind kind);
// The parts of a component as shares of its height; none when it is wholly on the device, so
// it is drawn whole (as every component is when the bar fits).
std::vector<PlacedBars::Part> componentParts(const core::MemoryBar& bar, core::MemorySegmentKind kind);
// Where a component is `bytes` up its bar (its value label goes to its middle).
core::MemoryPlacement placementAt(const core::MemoryBar& bar, core::MemorySegmentKind kind, double bytes);

// A legend entry for a placement pattern ("Hatched: offloaded to host RAM"): its swatch is the
// pattern in the legend's text colour, so it reads as "this pattern", not as a component.
class PlacementLegendItem : public QCPAbstractLegendItem, public StaticKeyed
{
public:
    PlacementLegendItem(QCPLegend* legend, core::MemoryPlacement placement);
    void writeStaticKey(QDataStream& out) const override;

    core::MemoryPlacement placement() const { return m_placement; }
    QString text() const; // placementLegendName(), in the current language
    QSize minimumOuterSizeHint() const override;

protected:
    void draw(QCPPainter* painter) override;

private:
    core::MemoryPlacement m_placement;
    LegendText m_text; // text(), measured and shaped once per language and font
};

// How a part in `placement` of a component drawn in `colour` is painted. HostRam and Disk: a
// light tint of the colour under hatch lines (diagonal, crossed), outlined;
// Unplaced: a faint tint with a dashed outline, as a part that has no place to be. `dark`: for a
// dark background (lines lighter than the colour there, darker on a light one).
LayeredFill placementFill(core::MemoryPlacement placement, const QColor& colour, bool dark);
QPen placementPen(core::MemoryPlacement placement, const QColor& colour, bool dark);
// A Qt pattern drawn over a light tint of the colour: the pattern alone vanishes on white for
// light colours (Okabe-Ito yellow). For the patterned overheads as well.
LayeredFill tintedPattern(Qt::BrushStyle pattern, const QColor& colour, bool dark, int tintAlpha = -1);
// Hatch lines: darker than the colour on a light background, lighter on a dark one.
QColor hatchLineColour(const QColor& colour, bool dark);

} // namespace lhe::widgets
