// RooflineWidget: the report's roofline on log-log axes (compute ceilings per precision, memory
// and host-link slopes, ridge) with each phase's operating point, attainable and achieved. Zoom
// and pan move both axes, in decades (a left drag pans; a click on a point still emits).
#pragma once

#include "core/chart_data.h"
#include "core/report.h"
#include "widgets/chart_widget.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QCPItemTracer;
class QCPAbstractPlottable;
class QMouseEvent;

namespace lhe::widgets {

class RooflineWidget : public ChartWidget
{
    Q_OBJECT

public:
    explicit RooflineWidget(QWidget* parent = nullptr);

    // Draws core::rooflineChart(report); graphs and items are reused between calls (ceilings are
    // rebuilt only when the device's number of precisions changes).
    // Compare A/B: with `pinned`, its calibrated points are drawn too as a second set — crossed
    // or inverted markers (never colour alone), labels "A · Decode …" while the report's own read
    // "B · …" — and, when its roof differs (core::roofsDiffer), its memory slope and active
    // ceiling as a dash-dotted line; the axes hold both (core::sharedRooflineFrame).
    void setReport(const core::Report& report, const core::Report* pinned = nullptr);
    bool hasPinned() const { return m_hasPinned; }
    // The pinned report's point of a phase (empty and hidden without one). Never null.
    QCPGraph* pinnedPointGraph(core::RooflinePhase phase) const;
    // The pinned report's roof (slope then active ceiling); visible only when the roofs differ.
    QCPGraph* pinnedRoofGraph() const { return m_pinnedRoof; }
    // The text of the label next to a point: the report's own or the pinned one's.
    QString pointLabelText(core::RooflinePhase phase, bool pinned = false) const;
    QString keyText() const; // the key's full text

    // The calibrated estimate: one filled point at (intensity, achieved FLOP/s); empty data and
    // hidden when the report has no such phase. Never null.
    QCPGraph* pointGraph(core::RooflinePhase phase) const;
    // The ideal (datasheet) roofline estimate of the same phase: one hollow point at (intensity,
    // ideal achieved FLOP/s), shown with every calibrated point. Never null.
    QCPGraph* idealGraph(core::RooflinePhase phase) const;
    std::vector<QCPGraph*> ceilingGraphs() const; // in the order of report.roofline.ceilings
    QCPGraph* memorySlopeGraph() const;
    QCPGraph* hostLinkGraph() const; // visible only when the chart shows the host link
    // The slope of a link (HostLinkSlope, DiskSlope, InterconnectSlope): visible when the chart
    // has it. A point the link bounds sits under it.
    QCPGraph* linkGraph(core::RooflineLineKind kind) const;
    QString linkLabelText(core::RooflineLineKind kind) const;
    QCPItemTracer* ridgeMarker() const;
    QString summaryText() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    void pointClicked(core::RooflinePhase phase);


private:
    struct CeilingLabel
    {
        QCPItemText* item = nullptr;
        double flopsPerSecond = 0;
        double startIntensity = 0;
        bool active = false; // the scenario's precision is among them
    };

    void applyPalette() override;
    // Axis titles, the names of the lines and points, the key, and the current report's labels
    // and summary drawn again in the current language.
    void retranslateUi() override;
    void placeLabels(); // after each layout pass: label positions avoid lines, markers and each other
    void onPlottableClick(QCPAbstractPlottable* plottable);
    void onMouseMove(QMouseEvent* event);
    int phaseIndexOf(const QCPAbstractPlottable* plottable) const;
    QString describePlottable(const QCPAbstractPlottable* plottable) const;
    QCPItemText* newLabel();
    void setVariants(QCPItemText* label, const QStringList& variants); // longest text first

    QCPGraph* m_memorySlope = nullptr;
    static constexpr int kLinkCount = 3; // host link, disk, interconnect
    std::array<QCPGraph*, kLinkCount> m_links{};
    std::vector<QCPGraph*> m_ceilings;
    std::vector<core::RooflineLine> m_ceilingLines;
    std::vector<CeilingLabel> m_ceilingLabels; // one per distinct ceiling value
    std::array<QCPGraph*, 3> m_points{};
    std::array<QCPGraph*, 3> m_ideal{};
    std::array<QCPItemLine*, 3> m_gapLines{};
    std::array<QCPItemText*, 3> m_pointLabels{};    // "Decode — Memory bandwidth"
    std::array<QCPItemText*, 3> m_idealLabels{}; // "ideal 2.86 TFLOP/s", when there is room
    std::array<QCPItemLine*, 4> m_leaders{};        // marker to label, per phase and for the ridge
    QCPItemTracer* m_ridgeMarker = nullptr;
    QCPItemText* m_ridgeLabel = nullptr;
    QCPItemText* m_memoryLabel = nullptr;
    std::array<QCPItemText*, kLinkCount> m_linkLabels{};
    QCPItemText* m_keyLabel = nullptr; // "● calibrated  ○ ideal roofline", top left (above the slope: empty)
    // Compare A/B: the pinned report's points, their labels and leaders, and its roof.
    std::array<QCPGraph*, 3> m_pinnedPoints{};
    std::array<QCPItemText*, 3> m_pinnedLabels{};
    std::array<QCPItemLine*, 3> m_pinnedLeaders{};
    QCPGraph* m_pinnedRoof = nullptr;
    QCPItemText* m_pinnedRoofLabel = nullptr;
    core::RooflineChart m_pinnedChart;
    core::RooflineLine m_pinnedCeiling{}; // its active ceiling, for the roof label
    bool m_hasPinned = false;
    bool m_showsPinnedRoof = false;
    QHash<const QCPItemText*, QStringList> m_variants; // the texts a label may shorten to
    core::RooflineChart m_chart;
    core::RooflineLine m_memoryLine{};
    std::array<core::RooflineLine, kLinkCount> m_linkLines{};
    QString m_summary;
    bool m_hasReport = false;
    // What setReport() drew, to draw again in another language.
    std::optional<core::Report> m_report;
    std::optional<core::Report> m_pinnedReport;
};

} // namespace lhe::widgets
