// MemoryBarsWidget: the per-device memory of a report as stacked bars (one segment per
// core::MemorySegmentKind) against the capacity line, with a fits/offloads badge. Zoom and pan
// move the value axis only: the categories (devices, pipeline stages) always all show.
#pragma once

#include "core/chart_data.h"
#include "core/report.h"
#include "widgets/chart_widget.h"

#include <QColor>
#include <QSharedPointer>
#include <QString>
#include <array>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCPAbstractPlottable;
class QCPAxisTickerText;
class QMouseEvent;
class QResizeEvent;

namespace lhe::widgets {

class MemoryBarsWidget : public ChartWidget
{
    Q_OBJECT

public:
    explicit MemoryBarsWidget(QWidget* parent = nullptr);

    // Draws core::memoryChart(report); plottables and items are reused between calls.
    // axisMaxBytes > 0: the value axis runs to at least that many bytes instead of the report's
    // own fit, so two charts side by side share one scale (Compare A/B:
    // core::sharedMemoryAxisMaxBytes); 0 fits the report alone.
    void setReport(const core::Report& report, double axisMaxBytes = 0);
    // The top of the fitted value axis, in bytes (the chart's own, or the shared one).
    double axisMaxBytes() const { return m_axisMaxBytes; }
    // A line above the badge naming what the bars show ("A: Llama-3.1-8B on H100 SXM · bf16");
    // empty (the default) shows none.
    void setTitle(const QString& title);
    QString title() const { return m_titleText; }

    // One QCPBars per kind, stacked in the chart's order; its data has one entry per bar,
    // value in GB (bytes / 1e9). Never null.
    QCPBars* barsFor(core::MemorySegmentKind kind) const;
    QCPItemStraightLine* capacityLine() const; // horizontal, at capacity / 1e9 GB
    QString capacityLabelText() const;         // "Capacity 25.8 GB"
    QString badgeText() const;   // "Fits — 20.2 GB of 25.8 GB", "Offloads ... to host RAM", ...
    QString summaryText() const; // plain text for screen readers

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    void segmentClicked(core::MemorySegmentKind kind);
    // The badge ("Fits — 19.5 GB of 25.8 GB"), the capacity line or a bar's total was clicked.
    void capacityClicked();


private:
    struct ValueLabel
    {
        QCPItemText* item = nullptr;
        core::MemorySegmentKind kind = core::MemorySegmentKind::Weights;
        double key = 0;
        double startGb = 0;
        double gb = 0;
        QString longText;  // "Weights 16.1 GB"
        QString shortText; // "16.1 GB"
    };

    void applyPalette() override;
    void resizeEvent(QResizeEvent* event) override;
    // Two legend columns when the longest name fits twice across the chart, else one (a narrow
    // window, presentation mode's large text, a long translation): names are never cut off.
    void fitLegendColumns();
    void placeLabels(); // after each layout pass: what fits depends on the pixel size
    void onPlottableClick(QCPAbstractPlottable* plottable);
    void onMouseMove(QMouseEvent* event);
    QString describeSegment(core::MemorySegmentKind kind, int barIndex) const;
    int kindIndexOf(const QCPAbstractPlottable* plottable) const;

    std::array<QCPBars*, core::kMemorySegmentKindCount> m_bars{};
    QCPItemStraightLine* m_capacityLine = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    QCPTextElement* m_badge = nullptr;
    QCPTextElement* m_title = nullptr; // inserted above the badge on the first setTitle()
    QString m_titleText;
    double m_axisMaxBytes = 0;
    QSharedPointer<QCPAxisTickerText> m_keyTicker;
    std::vector<ValueLabel> m_valueLabels;   // one per non-empty segment, reused
    std::vector<QCPItemText*> m_totalLabels; // one per bar, above it
    core::MemoryChart m_chart;
    core::OffloadTier m_tier = core::OffloadTier::None;
    QString m_capacityText;
    QString m_badgeText;
    QString m_summary;
    QColor m_barText; // the text colour the bar brushes were made for
    bool m_hasReport = false;
};

} // namespace lhe::widgets
