// RooflineWidget: the report's roofline on log-log axes (compute ceilings per precision, memory
// and host-link slopes, ridge) with each phase's operating point, attainable and achieved. Zoom
// and pan move both axes, in decades (a left drag pans; a click on a point still emits).
#pragma once

#include "core/charts/chart_data.h"
#include "core/charts/comparison.h"
#include "core/estimate/report.h"
#include "widgets/charts/chart_widget.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <array>
#include <memory>
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
    // ceiling as a dash-dotted line; the axes hold both (core::sharedRooflineFrame). The chart
    // keeps both reports (the window's own objects) to draw them again in another language.
    void setReport(std::shared_ptr<const core::Report> report,
                   std::shared_ptr<const core::Report> pinned = {});
    // Reports no one else keeps (a test, a one-off rendering): drawn from copies of their own.
    void setReport(const core::Report& report, const core::Report* pinned = nullptr);
    const std::shared_ptr<const core::Report>& report() const { return m_report; }
    const std::shared_ptr<const core::Report>& pinnedReport() const { return m_pinnedReport; }
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
    static constexpr int kPhaseCount = 3;     // prefill, decode, training step
    static constexpr int kLinkCount = 3;      // host link, disk, interconnect
    static constexpr double kMarkerSize = 11; // px, before presentationScale()

    // What the chart draws for one phase (core::RooflinePhase is the index).
    struct PhaseItems
    {
        QCPGraph* point = nullptr;         // the calibrated estimate, filled
        QCPGraph* ideal = nullptr;         // the ideal (datasheet) estimate, hollow
        QCPItemLine* gapLine = nullptr;    // dotted, ideal to calibrated, when they differ
        QCPItemText* label = nullptr;      // "Decode — Memory bandwidth"
        QCPItemText* idealLabel = nullptr; // "ideal 2.86 TFLOP/s", when there is room
        QCPItemLine* leader = nullptr;     // marker to label, when the label had to move away
        // Compare A/B: the pinned report's point, its label and leader.
        QCPGraph* pinnedPoint = nullptr;
        QCPItemText* pinnedLabel = nullptr;
        QCPItemLine* pinnedLeader = nullptr;
    };
    struct CeilingLabel
    {
        QCPItemText* item = nullptr;
        double flopsPerSecond = 0;
        double startIntensity = 0;
        bool active = false; // the scenario's precision is among them
    };
    // Compute ceilings of one value ("bf16, fp16 989 TFLOP/s"): one label, so that equal ceilings
    // do not print on top of each other.
    struct CeilingGroup
    {
        double flopsPerSecond = 0;
        QStringList names; // the active precision first
        bool active = false;
        double startIntensity = 0;
    };

    void applyPalette() override;
    // Axis titles, the names of the lines and points, the key, and the current report's labels
    // and summary drawn again in the current language.
    void retranslateUi() override;

    // The steps of setReport(), in order.
    core::RooflineFrame fitAxes();            // the chart's whole decades, or the frame holding A and B
    std::array<bool, kLinkCount> showLines(); // ceilings, memory and link slopes; which links show
    std::vector<CeilingGroup> showCeilingLabels();
    void showLineLabels(const core::RooflineInfo& roof, const std::array<bool, kLinkCount>& hasLink);
    void showRidge();
    void showPoints(bool pinned);
    void showPinnedPoints();
    void showPinnedRoof(const core::Report& report, const core::Report* pinned, double xMax);
    void showKey(bool pinned);
    // The screen-reader summary.
    QString describe(const core::Report& report, const std::vector<CeilingGroup>& groups,
                     const std::array<bool, kLinkCount>& hasLink) const;

    // After each layout pass: label positions avoid lines, markers and each other
    // (roofline_label_layout.cpp).
    void placeLabels();
    void prepareStepReplot() override { placeLabels(); }
    void laidOut() override { placeLabels(); }
    void onPlottableClick(QCPAbstractPlottable* plottable);
    void onMouseMove(QMouseEvent* event);
    int phaseIndexOf(const QCPAbstractPlottable* plottable) const;
    QString describePlottable(const QCPAbstractPlottable* plottable) const;
    QCPItemText* newLabel();
    QCPItemLine* newLeader();
    void setVariants(QCPItemText* label, const QStringList& variants); // longest text first

    QCPGraph* m_memorySlope = nullptr;
    std::array<QCPGraph*, kLinkCount> m_links{};
    std::vector<QCPGraph*> m_ceilings;
    std::vector<core::RooflineLine> m_ceilingLines;
    std::vector<CeilingLabel> m_ceilingLabels; // one per distinct ceiling value
    std::array<PhaseItems, kPhaseCount> m_phases{};
    QCPItemTracer* m_ridgeMarker = nullptr;
    QCPItemText* m_ridgeLabel = nullptr;
    QCPItemLine* m_ridgeLeader = nullptr;
    QCPItemText* m_memoryLabel = nullptr;
    std::array<QCPItemText*, kLinkCount> m_linkLabels{};
    QCPItemText* m_keyLabel = nullptr; // "● calibrated  ○ ideal roofline", top left (above the slope: empty)
    // Compare A/B: the pinned report's roof.
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
    std::shared_ptr<const core::Report> m_report;
    std::shared_ptr<const core::Report> m_pinnedReport;
};

} // namespace lhe::widgets
