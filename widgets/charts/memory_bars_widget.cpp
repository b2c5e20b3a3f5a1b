#include "widgets/charts/memory_bars_widget.h"

#include "widgets/charts/badge_element.h"
#include "widgets/charts/cached_legend_item.h"
#include "widgets/charts/cached_text_item.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/placed_bars.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/spaced_tick_labels.h"
#include "widgets/charts/text_item_placement.h"
#include "widgets/common/theme.h"
#include "widgets/common/value_format.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QStringList>
#include <QVBoxLayout>
#include <QWindow>
#include <algorithm>
#include <cmath>
#include <utility>

namespace lhe::widgets {

using core::MemoryPlacement;
using core::MemorySegmentKind;

namespace {

constexpr double kBytesPerGb = 1e9;
constexpr double kBarWidth = 0.55;       // in key units; bars sit at keys 1..n
constexpr double kLabelSpaceKeys = 0.65; // free key range right of the last bar for the capacity label

bool isHatched(MemorySegmentKind kind)
{
    return segmentBrush(kind).style() != Qt::SolidPattern;
}

constexpr MemoryPlacement kOffloadPlacements[] = {MemoryPlacement::HostRam, MemoryPlacement::Disk,
                                                  MemoryPlacement::Unplaced};

} // namespace

MemoryBarsWidget::MemoryBarsWidget(QWidget* parent) : ChartWidget(parent)
{
    setAccessibleName(tr("Memory per device"));
    setZoomableAxes(Qt::Vertical); // zooming the categories would only cut bars off

    // What a slider step changes: the bars, their figures, the capacity line and the badge, and
    // past the capacity the value axis (its top follows the tallest bar). On a step layer of
    // their own (setStepLayers), the legends and the bars' axis stay drawn between steps. The
    // value axis and its grid go first, under the bars.
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->yAxis->grid()->setLayer(QStringLiteral("labels"));
    m_plot->yAxis->setLayer(QStringLiteral("labels"));

    // Layout: badge on top, the axis rect, and the legend below it in columns, so the
    // bars keep the width on narrow windows and projectors.
    QCPAxisRect* axisRect = m_plot->axisRect();
    m_badge = new BadgeElement(m_plot);
    m_badge->setLayer(QStringLiteral("labels"));
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_badge);
    m_plot->plotLayout()->setRowSpacing(0);
    axisRect->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(2, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(2);
    m_plot->legend->setMargins(QMargins(6, 2, 6, 2));
    m_plot->legend->setVisible(true);
    m_plot->legend->setLayer(QStringLiteral("legend"));
    m_plot->legend->setRowSpacing(2);
    // The patterns get a legend of their own, one entry a row under the components' columns:
    // their names are long ("Hatched: offloaded to host RAM") and would force one column.
    m_patternLegend = new QCPLegend;
    m_plot->plotLayout()->addElement(3, 0, m_patternLegend); // makes it the plot's
    m_patternLegend->setLayer(QStringLiteral("legend"));
    m_patternLegend->setBrush(Qt::NoBrush);
    m_patternLegend->setBorderPen(Qt::NoPen);
    m_patternLegend->setRowSpacing(2);
    showPatternLegend(false); // in the layout only while it has entries

    QCPAxis* keyAxis = m_plot->xAxis;
    QCPAxis* valueAxis = m_plot->yAxis;
    m_keyTicker.reset(new QCPAxisTickerText);
    keyAxis->setTicker(m_keyTicker);
    keyAxis->setTickLength(0, 0);
    keyAxis->setSubTicks(false);
    keyAxis->grid()->setVisible(false);
    valueAxis->setTicker(QSharedPointer<SpacedTicker<QCPAxisTicker>>::create(valueAxis));
    valueAxis->setRangeLower(0);

    for (int i = 0; i < core::kMemorySegmentKindCount; ++i) {
        auto* bars = new PlacedBars(keyAxis, valueAxis);
        bars->setWidth(kBarWidth);
        bars->setStackingGap(1);
        bars->setSelectable(QCP::stNone);
        bars->setLayer(QStringLiteral("labels")); // first, under the labels added to it later
        if (i > 0)
            bars->moveAbove(m_bars[static_cast<std::size_t>(i - 1)]);
        m_bars[static_cast<std::size_t>(i)] = bars;
    }

    m_capacityLine = new QCPItemStraightLine(m_plot);
    m_capacityLine->setLayer(QStringLiteral("labels"));
    m_capacityLine->point1->setCoords(0, 0);
    m_capacityLine->point2->setCoords(1, 0);
    m_capacityLine->setSelectable(false);

    m_capacityLabel = new CachedTextItem(m_plot);
    m_capacityLabel->setLayer(QStringLiteral("labels"));
    m_capacityLabel->position->setType(QCPItemPosition::ptAbsolute); // placed in pixels after layout
    m_capacityLabel->setTextAlignment(Qt::AlignRight);
    m_capacityLabel->setPadding(QMargins(2, 1, 2, 1));
    m_capacityLabel->setSelectable(false);

    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable* plottable, int, QMouseEvent*) { onPlottableClick(plottable); });
    connect(m_plot, &QCustomPlot::itemClick, this, [this](QCPAbstractItem* item, QMouseEvent*) {
        // A value label sits on its segment and is hit first.
        for (const ValueLabel& label : m_valueLabels) {
            if (label.item == item)
                emit segmentClicked(label.kind);
        }
        // The capacity line, its label and the totals above the bars: the capacity verdict.
        const bool total = std::find(m_totalLabels.begin(), m_totalLabels.end(), item) != m_totalLabels.end();
        if (item == m_capacityLine || item == m_capacityLabel || total)
            emit capacityClicked();
    });
    connect(m_badge, &QCPTextElement::clicked, this, [this] { emit capacityClicked(); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryBarsWidget::onMouseMove);

    setStepLayers({m_plot->layer(QStringLiteral("labels"))});
    retranslateUi();
    applyPalette();
    queueReplot();
}

void MemoryBarsWidget::retranslateUi()
{
    // placeLabels() may shorten the title to "GB" after the next layout.
    m_plot->yAxis->setLabel(tr("Memory per device (GB)"));
    for (int i = 0; i < core::kMemorySegmentKindCount; ++i)
        m_bars[static_cast<std::size_t>(i)]->setName(segmentName(static_cast<MemorySegmentKind>(i)));
    if (m_report)
        setReport(m_report, m_requestedAxisMaxBytes);
}

QCPBars* MemoryBarsWidget::barsFor(MemorySegmentKind kind) const
{
    return m_bars[static_cast<std::size_t>(kind)];
}

PlacedBars* MemoryBarsWidget::placedBarsFor(MemorySegmentKind kind) const
{
    return m_bars[static_cast<std::size_t>(kind)];
}

QCPItemStraightLine* MemoryBarsWidget::capacityLine() const
{
    return m_capacityLine;
}

QString MemoryBarsWidget::capacityLabelText() const
{
    return m_capacityText;
}

QString MemoryBarsWidget::badgeText() const
{
    return m_badgeText;
}

QString MemoryBarsWidget::summaryText() const
{
    return m_summary;
}

void MemoryBarsWidget::updateMinimumHeight()
{
    // A new layout pass of the window only when the answer changes what it places: a minimum
    // that neither holds the chart's height now nor did before (the legend gaining its disk entry
    // in a tall window) places nothing differently. The layout's remembered minimum is then out
    // of date until the next resize asks again.
    const int height = minimumSizeHint().height();
    if (height == m_minimumHeight)
        return;
    const bool binds = !isVisible() || height > this->height() || m_minimumHeight >= this->height();
    m_minimumHeight = height;
    m_minimumStale = !binds;
    if (binds)
        updateGeometry();
}

QSize MemoryBarsWidget::minimumSizeHint() const
{
    // Two legend columns below the bars fit from ~300 px. In height, the badge and the legends as
    // they are laid out now, and eight lines of text for the bars and the device names under them:
    // larger text (presentation mode, a two-line badge) takes its room from the window, which
    // scrolls, rather than from the bars.
    int fixedHeight = static_cast<const QCPLayoutElement*>(m_badge)->minimumOuterSizeHint().height() +
                      m_plot->legend->minimumOuterSizeHint().height();
    if (m_patternLegend->layout())
        fixedHeight += m_patternLegend->minimumOuterSizeHint().height();
    return {310, std::max(240, fixedHeight + 8 * fontMetrics().height())};
}

QSize MemoryBarsWidget::sizeHint() const
{
    return {480, 360};
}

void MemoryBarsWidget::setTitle(const QString& title)
{
    m_titleText = title;
    if (!m_title) {
        m_title = new QCPTextElement(m_plot);
        m_title->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
        m_title->setMargins(QMargins(6, 4, 6, 0));
        m_plot->plotLayout()->insertRow(0);
        m_plot->plotLayout()->addElement(0, 0, m_title);
        m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
        applyPalette();
    }
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
    queueReplot();
}

void MemoryBarsWidget::setReport(const core::Report& report, double axisMaxBytes)
{
    setReport(std::make_shared<const core::Report>(report), axisMaxBytes);
}

void MemoryBarsWidget::setReport(std::shared_ptr<const core::Report> shown, double axisMaxBytes)
{
    m_report = std::move(shown);
    const core::Report& report = *m_report;
    m_requestedAxisMaxBytes = axisMaxBytes;
    m_chart = core::memoryChart(report);
    // A shared scale never cuts this chart's own bars off: at least its own fit.
    m_chart.axisMaxBytes = std::max(m_chart.axisMaxBytes, axisMaxBytes);
    m_axisMaxBytes = m_chart.axisMaxBytes;
    m_tier = report.memory.tier;
    m_hasReport = true;
    const core::MemoryEstimate& memory = report.memory;
    const int barCount = static_cast<int>(m_chart.bars.size());

    // Bar data: one entry per bar for every kind, so a bar's stack is complete; the value is the
    // component's full size, its parts say where each share of it sits.
    std::array<QVector<double>, core::kMemorySegmentKindCount> values;
    std::array<std::vector<std::vector<PlacedBars::Part>>, core::kMemorySegmentKindCount> parts;
    QVector<double> keys;
    std::vector<MemorySegmentKind> order; // stacking order, from the first bar that has segments
    std::array<bool, core::kMemoryPlacementCount> placed{}; // placements some bar has bytes in
    for (int b = 0; b < barCount; ++b) {
        const core::MemoryBar& bar = m_chart.bars[static_cast<std::size_t>(b)];
        keys.append(b + 1);
        for (const core::MemorySegment& segment : bar.segments) {
            if (std::find(order.begin(), order.end(), segment.kind) == order.end())
                order.push_back(segment.kind);
            if (segment.bytes > 0)
                placed[static_cast<std::size_t>(segment.placement)] = true;
        }
        for (int i = 0; i < core::kMemorySegmentKindCount; ++i) {
            const auto kind = static_cast<MemorySegmentKind>(i);
            values[static_cast<std::size_t>(i)].append(componentExtent(bar, kind).bytes / kBytesPerGb);
            parts[static_cast<std::size_t>(i)].push_back(componentParts(bar, kind));
        }
    }
    QCPBars* below = nullptr;
    for (MemorySegmentKind kind : order) {
        QCPBars* bars = barsFor(kind);
        bars->moveAbove(below);
        below = bars;
    }
    for (int i = 0; i < core::kMemorySegmentKindCount; ++i) {
        PlacedBars* bars = m_bars[static_cast<std::size_t>(i)];
        const QVector<double>& v = values[static_cast<std::size_t>(i)];
        bars->setData(keys, v, true);
        bars->setParts(std::move(parts[static_cast<std::size_t>(i)]));
        const bool shown = std::any_of(v.begin(), v.end(), [](double gb) { return gb > 0; });
        bars->setVisible(shown);
    }
    // Legend top to bottom as the stack reads, zero-size segments left out; and what the
    // patterns mean, for the tiers this chart has parts in (nothing, no height, when everything
    // is on the device). Rebuilt only when they change: a step that keeps them keeps the legends
    // laid out and drawn (step replots).
    std::vector<QCPAbstractPlottable*> entries;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (barsFor(*it)->visible())
            entries.push_back(barsFor(*it));
    }
    if (entries != m_legendEntries) {
        m_legendEntries = entries;
        m_plot->legend->clearItems();
        for (QCPAbstractPlottable* bars : entries)
            CachedLegendItem::add(m_plot->legend, bars);
    }
    if (placed != m_patternsShown) {
        m_patternsShown = placed;
        m_patternLegend->clearItems();
        for (MemoryPlacement placement : kOffloadPlacements) {
            if (placed[static_cast<std::size_t>(placement)])
                m_patternLegend->addItem(new PlacementLegendItem(m_patternLegend, placement));
        }
        showPatternLegend(m_patternLegend->itemCount() > 0);
    }

    // Key axis: one tick per bar, the device name or the pipeline stage.
    m_keyTicker->clear();
    for (int b = 0; b < barCount; ++b) {
        const long long stage = m_chart.bars[static_cast<std::size_t>(b)].stage;
        const QString name =
            stage > 0 ? tr("Stage %1").arg(stage) : QString::fromStdString(report.deviceName);
        m_keyTicker->addTick(b + 1, name);
    }

    // Capacity line and its label.
    const double capacityGb = m_chart.capacityBytes / kBytesPerGb;
    m_capacityLine->point1->setCoords(0, capacityGb);
    m_capacityLine->point2->setCoords(1, capacityGb);
    m_capacityText = tr("Capacity %1").arg(formatCapacity(m_chart.capacityBytes));
    fitRanges(m_plot->axisRect()->rect().height());

    // Total above each bar, so even a sliver of a bar (a small model on a large device) reads.
    while (m_totalLabels.size() < static_cast<std::size_t>(barCount)) {
        auto* label = new CachedTextItem(m_plot);
        label->setLayer(QStringLiteral("labels"));
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setSelectable(false);
        m_totalLabels.push_back(label);
    }
    while (m_totalLabels.size() > static_cast<std::size_t>(barCount)) {
        m_plot->removeItem(m_totalLabels.back());
        m_totalLabels.pop_back();
    }
    for (int b = 0; b < barCount; ++b) {
        const double totalBytes = m_chart.bars[static_cast<std::size_t>(b)].totalBytes;
        QCPItemText* label = m_totalLabels[static_cast<std::size_t>(b)];
        label->position->setCoords(b + 1, totalBytes / kBytesPerGb);
        label->setText(formatBytes(totalBytes));
    }

    // Value labels: one per non-empty component, its full size in its middle; which ones show is
    // decided after layout.
    std::size_t used = 0;
    for (int b = 0; b < barCount; ++b) {
        const core::MemoryBar& bar = m_chart.bars[static_cast<std::size_t>(b)];
        for (MemorySegmentKind kind : order) {
            const ComponentExtent extent = componentExtent(bar, kind);
            if (extent.bytes <= 0)
                continue;
            if (used == m_valueLabels.size()) {
                ValueLabel label;
                label.item = new CachedTextItem(m_plot);
                label.item->setLayer(QStringLiteral("labels"));
                label.item->setPositionAlignment(Qt::AlignCenter);
                label.item->setPadding(QMargins(3, 1, 3, 1));
                label.item->setSelectable(false);
                m_valueLabels.push_back(label);
            }
            ValueLabel& label = m_valueLabels[used++];
            label.kind = kind;
            label.key = b + 1;
            label.shortText = formatBytes(extent.bytes);
            label.longText = tr("%1 %2").arg(segmentName(kind), label.shortText);
            label.spots.clear();
            const core::MemorySegment* device = nullptr;
            const core::MemorySegment* offloaded = nullptr; // the largest offloaded part
            for (const core::MemorySegment& segment : bar.segments) {
                if (segment.kind != kind || segment.bytes <= 0)
                    continue;
                if (segment.placement == MemoryPlacement::Device)
                    device = &segment;
                else if (!offloaded || segment.bytes > offloaded->bytes)
                    offloaded = &segment;
            }
            if (device && offloaded)
                label.spots.push_back(
                    {device->startBytes / kBytesPerGb, device->bytes / kBytesPerGb, isHatched(kind)});
            if (offloaded)
                label.spots.push_back(
                    {offloaded->startBytes / kBytesPerGb, offloaded->bytes / kBytesPerGb, true});
            const bool middleOffloaded =
                placementAt(bar, kind, extent.startBytes + extent.bytes / 2) != MemoryPlacement::Device;
            label.spots.push_back({extent.startBytes / kBytesPerGb, extent.bytes / kBytesPerGb,
                                   isHatched(kind) || middleOffloaded});
            label.boxed = label.spots.back().boxed;
            label.item->position->setCoords(label.key, (extent.startBytes + extent.bytes / 2) / kBytesPerGb);
        }
    }
    while (m_valueLabels.size() > used) {
        m_plot->removeItem(m_valueLabels.back().item);
        m_valueLabels.pop_back();
    }

    // Badge: the verdict in words.
    const double totalBytes = memory.perDevice.totalBytes();
    switch (memory.tier) {
    case core::OffloadTier::None:
        m_badgeText =
            tr("Fits — %1 of %2").arg(formatBytes(totalBytes), formatBytes(memory.capacityPerDeviceBytes));
        m_badge->setFill(segmentColor(MemorySegmentKind::Activations)); // bluish green
        break;
    case core::OffloadTier::HostRam:
        m_badgeText = tr("Offloads %1 to host RAM").arg(formatBytes(memory.offloadedBytes));
        m_badge->setFill(QColor(0xE6, 0x9F, 0x00)); // Okabe-Ito orange
        break;
    case core::OffloadTier::Disk:
        m_badgeText = memory.hostOffloadBytes > 0
                          ? tr("Offloads %1:\n%2 to host RAM, %3 to disk")
                                .arg(formatBytes(memory.offloadedBytes), formatBytes(memory.hostOffloadBytes),
                                     formatBytes(memory.diskOffloadBytes))
                          : tr("Offloads %1 to disk").arg(formatBytes(memory.diskOffloadBytes));
        m_badge->setFill(QColor(0xD5, 0x5E, 0x00)); // Okabe-Ito vermillion
        break;
    case core::OffloadTier::DoesNotFit:
        m_badgeText = tr("Does not fit: needs %1 more").arg(formatBytes(memory.unplacedBytes));
        break; // filled in applyPalette: the text colour, inverted against the background
    }
    m_badge->setTextWithin(m_badgeText, width());
    updateMinimumHeight();

    // Screen-reader summary: every drawn segment, the total against capacity, the verdict.
    QStringList bars;
    for (int b = 0; b < barCount; ++b) {
        QStringList segments;
        for (MemorySegmentKind kind : order) {
            const core::ComponentPlacement placement =
                core::componentPlacement(m_chart.bars[static_cast<std::size_t>(b)], kind);
            if (placement.totalBytes() <= 0)
                continue;
            const QString whole = tr("%1 %2").arg(segmentName(kind), formatBytes(placement.totalBytes()));
            segments << (placement.offloadedBytes() > 0 ? tr("%1 (%2)").arg(whole, placementText(placement))
                                                        : whole);
        }
        const QString total = formatBytes(m_chart.bars[static_cast<std::size_t>(b)].totalBytes);
        const QString body = tr("%1; total %2 of %3 capacity")
                                 .arg(segments.join(tr(", ")), total, formatCapacity(m_chart.capacityBytes));
        bars << (barCount == 1 ? body : tr("%1: %2").arg(m_keyTicker->ticks().value(b + 1), body));
    }
    m_summary = tr("%1. %2.").arg(bars.join(tr(". ")), m_badgeText);
    finishUpdate(m_summary);
}

void MemoryBarsWidget::fitRanges(int areaHeightPx)
{
    m_fittedTopGb = valueAxisTopGb(areaHeightPx);
    const auto bars = static_cast<double>(m_chart.bars.size());
    fitView(QCPRange(0.4, bars + 0.4 + kLabelSpaceKeys), QCPRange(0, m_fittedTopGb));
}

double MemoryBarsWidget::valueAxisTopGb(int areaHeightPx) const
{
    // The capacity label and the totals sit on a line of their own above the tallest total or
    // the capacity line. The axis's headroom (core::kMemoryAxisHeadroom) is a share of the chart's
    // height, which a short chart with large text fills: the axis then reaches to where that line
    // stays free. On an axis from zero, tallest = top x (1 - room / height).
    const double axisMaxGb = std::max(m_chart.axisMaxBytes / kBytesPerGb, 1e-9);
    const double roomPx = textBoxSize(m_capacityLabel, m_capacityText).height() + capacityLabelGapPx();
    if (areaHeightPx < 2 * roomPx) // not laid out yet, or too short to spare the room
        return axisMaxGb;
    const double tallestGb = axisMaxGb / core::kMemoryAxisHeadroom;
    return std::max(axisMaxGb, tallestGb * areaHeightPx / (areaHeightPx - roomPx));
}

double MemoryBarsWidget::capacityLabelGapPx() const
{
    return 1 + m_capacityLine->pen().widthF() / 2; // clear of the line's half width
}

void MemoryBarsWidget::showPatternLegend(bool shown)
{
    // Out of the layout when empty: an empty QCPLegend's maximum size is its margins, which
    // would cap the width of the whole chart column.
    QCPLayoutGrid* layout = m_plot->plotLayout();
    const bool inLayout = m_patternLegend->layout() != nullptr;
    if (shown && !inLayout) {
        layout->insertRow(layout->rowCount());
        layout->addElement(layout->rowCount() - 1, 0, m_patternLegend);
        layout->setRowStretchFactor(layout->rowCount() - 1, 0.001);
        m_patternLegend->setMargins(QMargins(6, 0, 6, 2));
    } else if (!shown && inLayout) {
        layout->take(m_patternLegend);
        layout->simplify();
    }
    m_patternLegend->setVisible(shown);
}

void MemoryBarsWidget::resizeEvent(QResizeEvent* event)
{
    ChartWidget::resizeEvent(event);
    if (std::exchange(m_minimumStale, false))
        updateGeometry();
    fitLegendColumns();
    if (m_badge->setTextWithin(m_badgeText, width())) {
        updateMinimumHeight();
        queueReplot();
    }
}

void MemoryBarsWidget::fitLegendColumns()
{
    // The legend fills rows first (foColumnsFirst): with n columns item i is in column i mod n,
    // each column as wide as its widest name (each item's own size hint: icon, padding, name and
    // margins). As many columns as the widget's width holds, from one to three: a chart that has
    // a tab of its own on a narrow dashboard keeps the rows for its bars.
    QCPLegend* legend = m_plot->legend;
    int wrap = 1;
    for (int columns = 3; columns > 1 && wrap == 1; --columns) {
        std::array<int, 3> widest{};
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = legend->item(i)) {
                int& column = widest[static_cast<std::size_t>(i % columns)];
                column = std::max(column, item->minimumOuterSizeHint().width());
            }
        int needed =
            legend->margins().left() + legend->margins().right() + (columns - 1) * legend->columnSpacing();
        for (const int column : widest)
            needed += column;
        // The widget's width, not the plot's: the plot's minimum width is the legend's, so with
        // columns too wide it would be laid out wider than the widget and cut off at its edge.
        if (needed <= width())
            wrap = columns;
    }
    if (legend->wrap() != wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the existing items
        queueReplot();
        updateMinimumHeight();
    }
}

void MemoryBarsWidget::applyPalette()
{
    const auto [text, base, grid, dark] = styleFromPalette(110);

    if (text != m_barText) { // the fills follow the text colour's lightness (hatchLineColour)
        m_barText = text;
        for (int i = 0; i < core::kMemorySegmentKindCount; ++i) {
            const auto kind = static_cast<MemorySegmentKind>(i);
            const QColor colour = segmentColor(kind);
            PlacedBars* bars = m_bars[static_cast<std::size_t>(i)];
            const bool hatched = isHatched(kind);
            bars->setFill(hatched ? tintedPattern(segmentBrush(kind).style(), colour, dark)
                                  : LayeredFill{QBrush(colour), QBrush()});
            bars->setPen(hatched ? QPen(hatchLineColour(colour, dark), 1.5) : QPen(Qt::NoPen));
            for (MemoryPlacement placement : kOffloadPlacements)
                bars->setPlacementStyle(placement, placementFill(placement, colour, dark),
                                        placementPen(placement, colour, dark));
        }
    }

    const QFont labelFont = chartFont();
    m_plot->legend->setFont(labelFont);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_patternLegend->setFont(labelFont);
    m_patternLegend->setTextColor(text);

    // Wrapped again for a new font only: setReport() wraps each new text, resizeEvent() each width.
    const QFont badgeFont = chartFont(kMinimumPointSize + 1, true);
    if (m_badge->font() != badgeFont) {
        m_badge->setFont(badgeFont);
        if (m_badge->setTextWithin(m_badgeText, width()))
            updateMinimumHeight();
    }
    if (m_title) {
        m_title->setFont(chartFont(kMinimumPointSize + 1, true));
        m_title->setTextColor(text);
    }
    if (m_tier == core::OffloadTier::DoesNotFit) {
        // Black on white would be the light theme's look; the inverse of the chart's colours keeps
        // the badge standing out on either.
        m_badge->setFill(text);
        m_badge->setTextColor(base);
    } else {
        m_badge->setTextColor(textColourOn(m_badge->fill()));
    }

    fitLegendColumns();
    m_capacityLine->setPen(QPen(text, 2 * presentationScale(), Qt::DashLine));
    m_capacityLabel->setFont(chartFont(kMinimumPointSize, true));
    m_capacityLabel->setColor(text);

    QColor backdrop = base;
    backdrop.setAlpha(210);
    for (QCPItemText* label : m_totalLabels) {
        label->setFont(chartFont(kMinimumPointSize, true));
        label->setColor(text);
        label->setBrush(backdrop); // readable where the capacity line crosses it
    }

    m_background = base;
    const QFont valueFont = chartFont();
    for (ValueLabel& label : m_valueLabels) {
        label.item->setFont(valueFont);
        styleValueLabel(label);
    }
}

void MemoryBarsWidget::styleValueLabel(ValueLabel& label) const
{
    if (label.boxed) { // on a box of the background: a pattern is too busy to print on
        QColor box = m_background;
        box.setAlpha(225);
        label.item->setColor(m_barText);
        label.item->setBrush(box);
    } else {
        label.item->setColor(textColourOn(segmentColor(label.kind)));
        label.item->setBrush(Qt::NoBrush);
    }
}

void MemoryBarsWidget::placeLabels()
{
    if (!m_hasReport)
        return;
    QCPAxis* keyAxis = m_plot->xAxis;
    QCPAxis* valueAxis = m_plot->yAxis;
    const QRect area = m_plot->axisRect()->rect();
    // A new height can need another scale for the labels' room: this pass draws on it, and is
    // drawn once more if its ticks differ (ChartWidget::ticksStale).
    const double top = valueAxisTopGb(area.height());
    if (std::abs(top - m_fittedTopGb) * area.height() > 0.5 * top)
        fitRanges(area.height());

    // The rotated axis title runs along the axis: on a short chart (large text, a low window) the
    // long form would reach past the axis into the badge, so the unit alone stands in.
    fitAxisTitle(valueAxis, tr("Memory per device (GB)"), tr("GB"), area.height());

    // Value labels: in the first of its spots tall enough for a line, the long form when it fits
    // across the bar, else the short one, else none.
    for (ValueLabel& label : m_valueLabels) {
        const QFontMetrics metrics(label.item->font());
        const double left = keyAxis->coordToPixel(label.key - kBarWidth / 2);
        const double right = keyAxis->coordToPixel(label.key + kBarWidth / 2);
        const double widthPx = std::abs(right - left) - 4;
        const double lineHeight = metrics.height() + 2;
        QString text;
        if (metrics.horizontalAdvance(label.longText) + 6 <= widthPx)
            text = label.longText;
        else if (metrics.horizontalAdvance(label.shortText) + 6 <= widthPx)
            text = label.shortText;
        const auto spot = std::find_if(label.spots.begin(), label.spots.end(), [&](const LabelSpot& s) {
            return std::abs(valueAxis->coordToPixel(s.startGb) - valueAxis->coordToPixel(s.startGb + s.gb)) >=
                   lineHeight;
        });
        if (spot == label.spots.end())
            text.clear();
        else
            label.item->position->setCoords(label.key, spot->startGb + spot->gb / 2);
        label.item->setText(text);
        label.item->setVisible(!text.isEmpty());
        const bool boxed = spot != label.spots.end() && spot->boxed;
        if (boxed != label.boxed) {
            label.boxed = boxed;
            styleValueLabel(label);
        }
    }

    // The totals, then the capacity label (LabelPlacer), clear of the segments' figures placed
    // above and, at a cost, of the bars. A total sits above its bar, else beside its top (where
    // the capacity line runs close over it). The capacity label sits at the line's right end above
    // it, else below it, else at its left end or along it; on one line, two, the figure alone, or
    // where even that is crowded its GB without the GiB (the tooltip and Explain keep both).
    LabelPlacer placer(area);
    constexpr int kOwnerCapacity = 1;
    const auto boxOf = [](const QCPItemText* item) {
        return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
    };
    const double half = std::abs(keyAxis->coordToPixel(kBarWidth / 2) - keyAxis->coordToPixel(0));
    std::vector<QPointF> barTops; // the middle of each bar's top edge, in pixels
    for (std::size_t b = 0; b < m_totalLabels.size() && b < m_chart.bars.size(); ++b) {
        barTops.emplace_back(keyAxis->coordToPixel(static_cast<double>(b) + 1),
                             valueAxis->coordToPixel(m_chart.bars[b].totalBytes / kBytesPerGb));
        placer.addRect(QRectF(QPointF(barTops.back().x() - half, barTops.back().y()),
                              QPointF(barTops.back().x() + half, area.bottom())),
                       -1, LabelPlacer::kCostLine);
    }
    for (const ValueLabel& label : m_valueLabels) {
        if (label.item->visible())
            placer.addRect(boxOf(label.item), -1, LabelPlacer::kCostLabel);
    }
    for (std::size_t b = 0; b < barTops.size(); ++b) {
        const double x = barTops[b].x();
        const double top = barTops[b].y();
        const std::vector<LabelPlacer::Candidate> spots{
            {{x, top - 1}, Qt::AlignHCenter | Qt::AlignBottom, 0, 0},
            {{x + half + 3, top}, Qt::AlignLeft | Qt::AlignVCenter, 0, 2},
            {{x - half - 3, top}, Qt::AlignRight | Qt::AlignVCenter, 0, 3},
            {{x, top + 1}, Qt::AlignHCenter | Qt::AlignTop, 0, 4}};
        placeTextItem(placer, m_totalLabels[b], {}, -1, spots, true);
    }
    const double linePx = valueAxis->coordToPixel(m_chart.capacityBytes / kBytesPerGb);
    const QString figure = formatCapacity(m_chart.capacityBytes);
    const double above = linePx - capacityLabelGapPx();
    const double below = linePx + capacityLabelGapPx();
    std::vector<LabelPlacer::Candidate> spots{
        {{area.right() - 4.0, above}, Qt::AlignRight | Qt::AlignBottom, 0, 0},
        {{area.right() - 4.0, below}, Qt::AlignRight | Qt::AlignTop, 0, 1},
        {{area.left() + 4.0, above}, Qt::AlignLeft | Qt::AlignBottom, 0, 2},
        {{area.left() + 4.0, below}, Qt::AlignLeft | Qt::AlignTop, 0, 3}};
    for (const double f : {0.75, 0.5, 0.25}) { // then anywhere along the line
        const double x = area.left() + f * area.width();
        spots.push_back({{x, above}, Qt::AlignHCenter | Qt::AlignBottom, 0, 4});
        spots.push_back({{x, below}, Qt::AlignHCenter | Qt::AlignTop, 0, 5});
    }
    const QPolygonF capacity = placeTextItem(
        placer, m_capacityLabel,
        {m_capacityText, tr("Capacity\n%1").arg(figure), figure, formatBytes(m_chart.capacityBytes)},
        kOwnerCapacity, spots, true);
    // A segment's figure gives way where the totals and the capacity found no other room: the
    // legend and the tooltip still give it.
    for (ValueLabel& label : m_valueLabels) {
        if (!label.item->visible())
            continue;
        const QRectF box = boxOf(label.item).adjusted(1, 1, -1, -1);
        bool covered = capacity.boundingRect().intersects(box);
        for (const QCPItemText* total : m_totalLabels)
            covered = covered || (total->visible() && boxOf(total).intersects(box));
        if (covered)
            label.item->setVisible(false);
    }
}

int MemoryBarsWidget::kindIndexOf(const QCPAbstractPlottable* plottable) const
{
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        if (m_bars[i] == plottable)
            return static_cast<int>(i);
    }
    return -1;
}

void MemoryBarsWidget::onPlottableClick(QCPAbstractPlottable* plottable)
{
    const int index = kindIndexOf(plottable);
    if (index >= 0)
        emit segmentClicked(static_cast<MemorySegmentKind>(index));
}

QString MemoryBarsWidget::segmentToolTip(MemorySegmentKind kind, int barIndex) const
{
    if (barIndex < 0 || barIndex >= static_cast<int>(m_chart.bars.size()))
        return {};
    const core::ComponentPlacement placement =
        core::componentPlacement(m_chart.bars[static_cast<std::size_t>(barIndex)], kind);
    if (placement.offloadedBytes() <= 0)
        return tr("%1: %2").arg(segmentName(kind), formatBytes(placement.totalBytes()));
    return tr("%1 %2: %3")
        .arg(segmentName(kind), formatBytes(placement.totalBytes()), placementText(placement));
}

QString MemoryBarsWidget::placementText(const core::ComponentPlacement& placement)
{
    QStringList parts;
    if (placement.deviceBytes > 0)
        parts << tr("%1 on the device").arg(formatBytes(placement.deviceBytes));
    if (placement.hostRamBytes > 0)
        parts << tr("%1 offloaded to host RAM").arg(formatBytes(placement.hostRamBytes));
    if (placement.diskBytes > 0)
        parts << tr("%1 offloaded to disk").arg(formatBytes(placement.diskBytes));
    if (placement.unplacedBytes > 0)
        parts << tr("%1 does not fit anywhere").arg(formatBytes(placement.unplacedBytes));
    return parts.join(tr(", "));
}

void MemoryBarsWidget::onMouseMove(QMouseEvent* event)
{
    int dataIndex = -1;
    QCPAbstractPlottable* plottable = m_plot->plottableAt(event->position(), false, &dataIndex);
    const int index = kindIndexOf(plottable);
    m_plot->setToolTip(index >= 0 ? segmentToolTip(static_cast<MemorySegmentKind>(index), dataIndex)
                                  : QString());
}

} // namespace lhe::widgets
