#include "widgets/charts/placed_bars.h"

#include "widgets/charts/cached_drawing.h"
#include "widgets/charts/chart_palette.h"

#include <QDataStream>
#include <QFontMetrics>
#include <QPainter>

namespace lhe::widgets {

using core::MemoryPlacement;

namespace {

std::size_t indexOf(MemoryPlacement placement)
{
    return static_cast<std::size_t>(placement);
}

// The pixels `rect` covers, each edge rounded to the nearest pixel boundary: two rectangles that
// share an edge share no pixel and leave none between them, as stacked segments must.
QRect wholePixels(const QRectF& rect)
{
    const QRectF r = rect.normalized();
    return QRect(QPoint(qRound(r.left()), qRound(r.top())),
                 QPoint(qRound(r.right()) - 1, qRound(r.bottom()) - 1));
}

} // namespace

ComponentExtent componentExtent(const core::MemoryBar& bar, core::MemorySegmentKind kind)
{
    ComponentExtent extent;
    bool first = true;
    for (const core::MemorySegment& segment : bar.segments) {
        if (segment.kind != kind)
            continue;
        if (first)
            extent.startBytes = segment.startBytes;
        first = false;
        extent.bytes += segment.bytes;
    }
    return extent;
}

std::vector<PlacedBars::Part> componentParts(const core::MemoryBar& bar, core::MemorySegmentKind kind)
{
    const ComponentExtent extent = componentExtent(bar, kind);
    std::vector<PlacedBars::Part> parts;
    bool offloaded = false;
    for (const core::MemorySegment& segment : bar.segments) {
        if (segment.kind != kind || segment.bytes <= 0 || extent.bytes <= 0)
            continue;
        offloaded = offloaded || segment.placement != core::MemoryPlacement::Device;
        parts.push_back({segment.placement, (segment.startBytes - extent.startBytes) / extent.bytes,
                         (segment.startBytes + segment.bytes - extent.startBytes) / extent.bytes});
    }
    if (!offloaded)
        parts.clear();
    return parts;
}

core::MemoryPlacement placementAt(const core::MemoryBar& bar, core::MemorySegmentKind kind, double bytes)
{
    for (const core::MemorySegment& segment : bar.segments) {
        if (segment.kind == kind && bytes >= segment.startBytes &&
            bytes <= segment.startBytes + segment.bytes)
            return segment.placement;
    }
    return core::MemoryPlacement::Device;
}

void drawLayeredRect(QPainter* painter, const QRectF& rect, const LayeredFill& fill, const QPen& pen)
{
    painter->save();
    // Qt's patterns are in device pixels unless told otherwise: a 2x export would halve them.
    painter->setRenderHint(QPainter::NonCosmeticBrushPatterns);
    painter->setPen(Qt::NoPen);
    if (fill.tint.style() == Qt::SolidPattern && paintsUprightRaster(painter)) {
        // On whole pixels, without antialiasing: Qt's raster engine then fills an opaque
        // colour straight into memory. An antialiased rectangle with fractional edges goes through
        // its span rasterizer, which hands a bar taller than about 30 pixels to its GUI thread
        // pool and waits for it; on a 2-core machine that pool has one thread, so each bar cost
        // a thread hand-over and nothing ran in parallel.
        const QRect pixels = wholePixels(painter->transform().mapRect(rect));
        painter->save();
        painter->resetTransform();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(pixels, fill.tint.color());
        painter->restore();
    } else if (fill.tint.style() != Qt::NoBrush) {
        painter->setBrush(fill.tint);
        painter->drawRect(rect);
    }
    if (fill.lines.style() != Qt::NoBrush) {
        painter->setBrush(fill.lines);
        painter->drawRect(rect);
    }
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(rect);
    painter->restore();
}

PlacedBars::PlacedBars(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPBars(keyAxis, valueAxis) {}

void PlacedBars::setParts(std::vector<std::vector<Part>> parts)
{
    m_parts = std::move(parts);
}

const std::vector<PlacedBars::Part>& PlacedBars::partsAt(int dataIndex) const
{
    static const std::vector<Part> none;
    return dataIndex >= 0 && static_cast<std::size_t>(dataIndex) < m_parts.size()
               ? m_parts[static_cast<std::size_t>(dataIndex)]
               : none;
}

void PlacedBars::setFill(const LayeredFill& fill)
{
    m_fill = fill;
    setBrush(fill.tint);
}

void PlacedBars::setPlacementStyle(MemoryPlacement placement, const LayeredFill& fill, const QPen& pen)
{
    m_fills[indexOf(placement)] = fill;
    m_pens[indexOf(placement)] = pen;
}

LayeredFill PlacedBars::placementFill(MemoryPlacement placement) const
{
    return placement == MemoryPlacement::Device ? m_fill : m_fills[indexOf(placement)];
}

QPen PlacedBars::placementPen(MemoryPlacement placement) const
{
    return placement == MemoryPlacement::Device ? pen() : m_pens[indexOf(placement)];
}

void PlacedBars::draw(QCPPainter* painter)
{
    // QCPBars::draw without selection (the memory chart selects nothing), one rectangle per part.
    if (!mKeyAxis || !mValueAxis || mDataContainer->isEmpty())
        return;
    QCPBarsDataContainer::const_iterator begin;
    QCPBarsDataContainer::const_iterator end;
    getVisibleDataBounds(begin, end);
    applyDefaultAntialiasingHint(painter);
    for (auto it = begin; it != end; ++it) {
        if (QCP::isInvalidData(it->key, it->value) || it->value == 0)
            continue;
        const QRectF bar = getBarRect(it->key, it->value);
        const std::vector<Part>& parts = partsAt(static_cast<int>(it - mDataContainer->constBegin()));
        if (parts.empty()) {
            drawLayeredRect(painter, bar, m_fill, mPen);
            continue;
        }
        for (const Part& part : parts) {
            const QRectF rect(QPointF(bar.left(), bar.bottom() - part.toFraction * bar.height()),
                              QPointF(bar.right(), bar.bottom() - part.fromFraction * bar.height()));
            drawLayeredRect(painter, rect, placementFill(part.placement), placementPen(part.placement));
        }
    }
}

void PlacedBars::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    // Where QCPBars draws it: two thirds of the icon, centred.
    applyDefaultAntialiasingHint(painter);
    QRectF swatch(0, 0, rect.width() * 0.67, rect.height() * 0.67);
    swatch.moveCenter(rect.center());
    drawLayeredRect(painter, swatch, m_fill, mPen);
}

PlacementLegendItem::PlacementLegendItem(QCPLegend* legend, MemoryPlacement placement)
    : QCPAbstractLegendItem(legend), m_placement(placement)
{}

void PlacementLegendItem::writeStaticKey(QDataStream& out) const
{
    out << static_cast<int>(m_placement) << text(); // the swatch follows from the placement
}

QString PlacementLegendItem::text() const
{
    return placementLegendName(m_placement);
}

QSize PlacementLegendItem::minimumOuterSizeHint() const
{
    // As QCPPlottableLegendItem: icon, padding, text; margins around.
    const QSize icon = mParentLegend->iconSize();
    const QRect textRect = m_text.rect(text(), mFont, icon.height());
    return {icon.width() + mParentLegend->iconTextPadding() + textRect.width() + mMargins.left() +
                mMargins.right(),
            std::max(textRect.height(), icon.height()) + mMargins.top() + mMargins.bottom()};
}

void PlacementLegendItem::draw(QCPPainter* painter)
{
    const QSize icon = mParentLegend->iconSize();
    painter->setFont(mFont);
    painter->setPen(QPen(mTextColor));
    m_text.rect(text(), mFont, icon.height());
    m_text.draw(painter, mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y());
    // The swatch where and as QCPBars draws its legend icon (two thirds of the icon, centred), in
    // the text colour.
    const bool dark = mTextColor.lightnessF() > 0.5; // light text: a dark background
    QRectF swatch(0, 0, icon.width() * 0.67, icon.height() * 0.67);
    swatch.moveCenter(QRectF(QRect(mRect.topLeft(), icon)).center());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    drawLayeredRect(painter, swatch, placementFill(m_placement, mTextColor, dark),
                    placementPen(m_placement, mTextColor, dark));
    painter->restore();
}

QColor hatchLineColour(const QColor& colour, bool dark)
{
    // Lines sit on a tint of their own colour: they need to differ from it in lightness, and on a
    // dark base the darker Okabe-Ito colours (blue: 3.2:1 on #1f1f1f) need lifting to stand out.
    return dark ? colour.lighter(125) : colour.darker(140);
}

LayeredFill tintedPattern(Qt::BrushStyle pattern, const QColor& colour, bool dark, int tintAlpha)
{
    QColor tint = colour;
    tint.setAlpha(tintAlpha >= 0 ? tintAlpha : dark ? 100 : 80);
    return {QBrush(tint), pattern == Qt::NoBrush ? QBrush() : QBrush(hatchLineColour(colour, dark), pattern)};
}

LayeredFill placementFill(MemoryPlacement placement, const QColor& colour, bool dark)
{
    switch (placement) {
    case MemoryPlacement::Device:
        return {QBrush(colour), QBrush()};
    case MemoryPlacement::Unplaced:
        return tintedPattern(Qt::NoBrush, colour, dark, dark ? 45 : 35);
    default:
        return tintedPattern(placementPattern(placement), colour, dark);
    }
}

QPen placementPen(MemoryPlacement placement, const QColor& colour, bool dark)
{
    switch (placement) {
    case MemoryPlacement::Device:
        return QPen(Qt::NoPen);
    case MemoryPlacement::Unplaced:
        return QPen(hatchLineColour(colour, dark), 1.5, Qt::DashLine);
    default:
        return QPen(hatchLineColour(colour, dark), 1.5);
    }
}

} // namespace lhe::widgets
