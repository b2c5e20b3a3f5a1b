// Dashboard: the linked views of one report — stacked memory bars, the roofline or (second tab in
// its place) the design-space map, and one bottleneck card per phase — plus rendering of the whole
// or one chart to PNG/SVG/PDF.
#pragma once

#include "core/estimate/report.h"
#include "core/explain/explanation.h"
#include "widgets/layout/fit_scroll_area.h"

#include <QHash>
#include <QSizePolicy>
#include <QString>
#include <QWidget>
#include <array>
#include <memory>
#include <optional>

class QHBoxLayout;
class QLabel;
class QResizeEvent;
class QTabWidget;

namespace lhe::widgets {

class BottleneckCard;
class DesignSpaceWidget;
class DeviceRankingView;
class ServingPanel;
class MemoryBarsWidget;
class RooflineWidget;
class ScenarioDocument;
class WarningStrip;

class Dashboard : public QWidget
{
    Q_OBJECT

public:
    explicit Dashboard(QWidget* parent = nullptr);

    // Shows the document's report, or its problem, now and after each change of it (the
    // document is not owned and outlives the dashboard).
    void setDocument(const ScenarioDocument* document);
    // The report shown, kept as it is shared (with the document, the charts and the compare view).
    void setReport(std::shared_ptr<const core::Report> report);
    const std::shared_ptr<const core::Report>& report() const { return m_report; }
    // The verdict cards of a report's phases (a card without its phase is hidden): what the
    // dashboard shows, shared with the Compare A/B view.
    static void fillPhaseCards(const core::Report& report, BottleneckCard* prefill, BottleneckCard* decode,
                               BottleneckCard* training);
    // A serving scenario's answer to "what do the users see" (report.serving): "50 users each
    // see TTFT 110 ms · TPOT 30.5 ms" (means) and whether the p90s meet the targets;
    // empty without serving. The headline's second line.
    static QString servingHeadline(const core::Report& report);
    // The label of the prefill card's time of the whole batch, saying which question it answers:
    // "All 50 prompts prefilled at once" beside the users' TTFT, or "Time to first token (all 8
    // prompts at once)" when the scenario only prefills.
    static QString batchPrefillLabel(const core::Report& report);
    // Shown instead of the verdicts when the scenario cannot be evaluated.
    void showProblem(const QString& message);

    MemoryBarsWidget* memoryBars() const { return m_memoryBars; }
    RooflineWidget* roofline() const { return m_roofline; }
    DesignSpaceWidget* designSpace() const { return m_designSpace; }
    // The Serving tab: the serving figures over the throughput-latency chart.
    ServingPanel* serving() const { return m_serving; }
    // The Devices tab: every catalog device ranked for the scenario's model and workload.
    DeviceRankingView* ranking() const { return m_ranking; }
    // "Roofline", "Design space", "Serving" and "Devices" tabs beside the memory chart
    // (objectName chartTabs). On a narrow dashboard (the controls unfolded beside a projector's
    // 1,024 px) the memory chart is the first tab instead: side by side, both charts would be too
    // narrow for their labels. The enum names pages, not tab indexes.
    enum ChartTab { RooflineTab, DesignSpaceTab, ServingTab, RankingTab, MemoryTab };
    QTabWidget* chartTabs() const { return m_chartTabs; }
    ChartTab chartTab() const;
    void showChartTab(ChartTab tab);
    // Lays a tab the user is not looking at out at the shown tab's size, without showing it: a
    // chart exported from it is drawn as it would be seen.
    void layOutHiddenTab(ChartTab tab);
    bool memoryChartTabbed() const;
    // The tabs' names on the command line (--tab) and in the settings: roofline, design-space,
    // serving, devices (the memory tab has none); an unknown name is none.
    static QString chartTabName(ChartTab tab);
    static std::optional<ChartTab> chartTabFromName(const QString& name);
    bool designSpaceShown() const;
    void showDesignSpace(bool shown);
    BottleneckCard* prefillCard() const { return m_prefill; }
    BottleneckCard* decodeCard() const { return m_decode; }
    BottleneckCard* trainingCard() const { return m_training; }
    QString headline() const;
    // The title line of a single chart taken out of the window: the headline (model, device ×
    // count, mode, split) and the workload's key settings; empty without a report.
    QString chartTitle() const;
    // Every warning of the report, with their count (hidden without any).
    WarningStrip* warningStrip() const { return m_warningStrip; }
    // Training: which of full fine-tuning, LoRA and QLoRA fit the device, with each one's memory
    // (objectName methodsFitLabel, under the headline); empty and hidden otherwise.
    QString methodsFit() const;

    // Replots synchronously (QCustomPlot normally replots on the next frame), for rendering
    // while hidden or headless.
    void replotNow();

signals:
    // The tab beside the memory chart changed: the window computes the map when it is shown.
    void designSpaceShownChanged(bool shown);
    // Any tab beside the memory chart was chosen (a ChartTab): the window computes what it shows.
    void chartTabChanged(int tab);
    // A memory bar segment, a roofline point or a verdict card was clicked: explain its numbers.
    void explainRequested(const lhe::core::ExplainTarget& target);

protected:
    // The headline is 1.2x the dashboard's font: re-derived when the font changes (presentation
    // mode). A language change sets every text again (retranslateUi).
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void styleHeadline();
    QWidget* page(ChartTab tab) const;
    std::array<QWidget*, 5> chartPages() const; // the memory chart and the four tab pages
    void titleTabs();                           // the tabs' titles and tool tips, in the current language
    void sizeToShownTab();
    // The memory chart beside the tabs, or as their first tab when the dashboard is narrower
    // than two charts need (a width in lines of text, so presentation mode's 1.5x counts).
    void arrangeCharts();
    // The tabs' titles and descriptions, and the current report's headline and cards (or the
    // problem shown instead) in the current language; the charts retranslate themselves.
    void retranslateUi();
    static QString headlineText(const core::Report& report);
    static QString meanAndP90(double meanSeconds, double p90Seconds); // "110 ms, p90 180 ms"
    void showHeadline(const core::Report& report);
    void showProblemCards(const QString& message);

    QLabel* m_headline;
    QLabel* m_methodsFit;
    WarningStrip* m_warningStrip;
    MemoryBarsWidget* m_memoryBars;
    RooflineWidget* m_roofline;
    DesignSpaceWidget* m_designSpace;
    ServingPanel* m_serving;
    DeviceRankingView* m_ranking;
    QTabWidget* m_chartTabs;
    QHBoxLayout* m_chartRow = nullptr;
    bool m_memoryTabWasCurrent = false; // shown again when the dashboard narrows once more
    NarrowArrangement m_narrow{44};     // the roofline beside the memory chart needs 44 lines of width
    QHash<QWidget*, QSizePolicy> m_pagePolicies; // each chart page's own, while it is shown
    BottleneckCard* m_prefill;
    BottleneckCard* m_decode;
    BottleneckCard* m_training;
    std::shared_ptr<const core::Report> m_report; // the last setReport()
    std::optional<QString> m_problem;             // the last showProblem() since then
};

} // namespace lhe::widgets
