// MemoryBarsWidget: the per-device memory of a report as stacked bars (one component per
// core::MemorySegmentKind, each at its full size) against the capacity line, with a fits/offloads
// badge. What lies above the line is offloaded: drawn in the component's colour with a pattern per
// tier (PlacedBars), explained in the legend. Zoom and pan move the value axis only: the
// categories (devices, pipeline stages) always all show.
#pragma once

#include "core/charts/chart_data.h"
#include "core/estimate/report.h"
#include "widgets/charts/chart_widget.h"

#include <QColor>
#include <QSharedPointer>
#include <QString>
#include <array>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCPAbstractPlottable;
class QCPAxisTickerText;
class QCPLegend;
class QMouseEvent;
class QResizeEvent;

namespace lhe::widgets {

class BadgeElement;
class PlacedBars;

class MemoryBarsWidget : public ChartWidget
{
    Q_OBJECT

public:
    explicit MemoryBarsWidget(QWidget* parent = nullptr);

    // Draws core::memoryChart(report); plottables and items are reused between calls.
    // axisMaxBytes > 0: the value axis runs to at least that many bytes instead of the report's
    // own fit, so two charts side by side share one scale (Compare A/B:
    // core::sharedMemoryAxisMaxBytes); 0 fits the report alone. The chart keeps `report` (the
    // window's document's own object) to draw it again in another language.
    void setReport(std::shared_ptr<const core::Report> report, double axisMaxBytes = 0);
    // A report no one else keeps (a test, a one-off rendering): drawn from a copy of its own.
    void setReport(const core::Report& report, double axisMaxBytes = 0);
    const std::shared_ptr<const core::Report>& report() const { return m_report; }
    // The top of the fitted value axis, in bytes (the chart's own, or the shared one).
    double axisMaxBytes() const { return m_axisMaxBytes; }
    // A line above the badge naming what the bars show ("A: Llama-3.1-8B on H100 SXM · bf16");
    // empty (the default) shows none.
    void setTitle(const QString& title);
    QString title() const { return m_titleText; }

    // One QCPBars per kind, stacked in the chart's order; its data has one entry per bar, the
    // component's full size in GB (bytes / 1e9). Never null.
    QCPBars* barsFor(core::MemorySegmentKind kind) const;
    // The same plottable, with the parts of each bar and how each placement is painted.
    PlacedBars* placedBarsFor(core::MemorySegmentKind kind) const;
    // "Optimizer states 96.4 GB: 48.2 GB on the device, 48.2 GB offloaded to host RAM"; a
    // component wholly on the device: "Weights: 16.1 GB". Empty for no such bar.
    QString segmentToolTip(core::MemorySegmentKind kind, int barIndex) const;
    QCPItemStraightLine* capacityLine() const; // horizontal, at capacity / 1e9 GB
    QString capacityLabelText() const;         // "Capacity 25.8 GB"
    // The capacity line's label and the totals above the bars, as placed by the last replot.
    const QCPItemText* capacityLabel() const { return m_capacityLabel; }
    const std::vector<QCPItemText*>& totalLabels() const { return m_totalLabels; }
    QString badgeText() const;   // "Fits — 20.2 GB of 25.8 GB", "Offloads ... to host RAM", ...
    QString summaryText() const; // plain text for screen readers

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    void segmentClicked(core::MemorySegmentKind kind);
    // The badge ("Fits — 19.5 GB of 25.8 GB"), the capacity line or a bar's total was clicked.
    void capacityClicked();

private:
    // A stretch of a bar a value label may sit in the middle of.
    struct LabelSpot
    {
        double startGb = 0;
        double gb = 0;
        bool boxed = false; // patterned: the label goes on a box of the background
    };

    struct ValueLabel
    {
        QCPItemText* item = nullptr;
        core::MemorySegmentKind kind = core::MemorySegmentKind::Weights;
        double key = 0;
        // Preferred first: an offloaded component's device part, then its largest offloaded part
        // (either keeps the label off the capacity line), then the whole component.
        std::vector<LabelSpot> spots;
        QString longText;   // "Weights 16.1 GB": the component's full size
        QString shortText;  // "16.1 GB"
        bool boxed = false; // where placeLabels put it
    };

    void applyPalette() override;
    // The axis title and component names, and the current report's labels, badge and summary
    // drawn again in the current language.
    void retranslateUi() override;
    void resizeEvent(QResizeEvent* event) override;
    // Two legend columns when the longest name fits twice across the chart, else one (a narrow
    // window, presentation mode's large text, a long translation): names are never cut off.
    void fitLegendColumns();
    void updateMinimumHeight(); // updateGeometry() where the badge or the legends changed it
    void showPatternLegend(bool shown);
    void placeLabels(); // after each layout pass: what fits depends on the pixel size
    void prepareStepReplot() override { placeLabels(); }
    void laidOut() override { placeLabels(); }
    // The value axis's top for an axis rectangle this tall: the report's fit, or higher where the
    // labels above the tallest total or the capacity line need the room.
    double valueAxisTopGb(int areaHeightPx) const;
    void fitRanges(int areaHeightPx);  // fitView() for the bars and valueAxisTopGb()
    double capacityLabelGapPx() const; // between the capacity line and its label
    void styleValueLabel(ValueLabel& label) const;
    void onPlottableClick(QCPAbstractPlottable* plottable);
    void onMouseMove(QMouseEvent* event);
    int kindIndexOf(const QCPAbstractPlottable* plottable) const;
    // "48.2 GB on the device, 48.2 GB offloaded to host RAM": the tooltip's and summary's split.
    static QString placementText(const core::ComponentPlacement& placement);

    std::array<PlacedBars*, core::kMemorySegmentKindCount> m_bars{};
    QCPItemStraightLine* m_capacityLine = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    BadgeElement* m_badge = nullptr;
    int m_minimumHeight = 0;
    bool m_minimumStale = false;          // the window's layout holds an older minimum (it did not bind)
    QCPTextElement* m_title = nullptr;    // inserted above the badge on the first setTitle()
    QCPLegend* m_patternLegend = nullptr; // below the components' legend: what the patterns mean
    std::vector<QCPAbstractPlottable*> m_legendEntries;              // what the legends show, to keep them
    std::array<bool, core::kMemoryPlacementCount> m_patternsShown{}; // ... when a report keeps it
    QString m_titleText;
    double m_axisMaxBytes = 0;
    double m_fittedTopGb = 0; // the value axis's top as last fitted (valueAxisTopGb)
    QSharedPointer<QCPAxisTickerText> m_keyTicker;
    std::vector<ValueLabel> m_valueLabels;   // one per non-empty segment, reused
    std::vector<QCPItemText*> m_totalLabels; // one per bar, above it
    core::MemoryChart m_chart;
    core::OffloadTier m_tier = core::OffloadTier::None;
    QString m_capacityText;
    QString m_badgeText;
    QString m_summary;
    QColor m_barText;    // the text colour the bar brushes were made for
    QColor m_background; // the chart's background, for the boxes under labels
    bool m_hasReport = false;
    std::shared_ptr<const core::Report> m_report; // what setReport() drew, to draw again in another language
    double m_requestedAxisMaxBytes = 0;           // ... and the axisMaxBytes it was given
};

} // namespace lhe::widgets
