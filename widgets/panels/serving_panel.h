// ServingPanel: the dashboard's Serving tab — one line of the report's serving figures (TTFT,
// TPOT, throughput, the KV pool's and the targets' concurrency, energy, cost; a link explains
// them) over the throughput-latency chart of the window's core::ServingCurve.
#pragma once

#include "core/estimate/report.h"
#include "core/serving/serving.h"

#include <QWidget>
#include <memory>
#include <optional>

class QLabel;

namespace lhe::widgets {

class ThroughputLatencyWidget;

class ServingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ServingPanel(QWidget* parent = nullptr);

    ThroughputLatencyWidget* chart() const { return m_chart; }
    // The figures line (objectName servingSummary), as shown.
    QString summaryText() const;
    // The report whose figures the line shows, kept (the window's document's own object).
    void setReport(std::shared_ptr<const core::Report> report);
    const std::shared_ptr<const core::Report>& report() const { return m_report; }
    void setCurve(const core::ServingCurve& curve);
    // The latency percentiles of the discrete-event simulation at the scenario's load
    // (core::simulateServingLoad), or none.
    void setSimulation(const std::optional<core::SimulationResult>& simulation);
    // The scenario cannot be evaluated: the message instead of figures and curve.
    void showProblem(const QString& message);

signals:
    void explainRequested();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void showSummary();
    QString summaryHtml() const;

    QLabel* m_summary;
    ThroughputLatencyWidget* m_chart;
    std::shared_ptr<const core::Report> m_report;
    std::optional<core::SimulationResult> m_simulation;
    bool m_summaryStale = false; // a report came while the panel was hidden
};

} // namespace lhe::widgets
