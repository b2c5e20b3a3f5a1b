#include "widgets/panels/serving_panel.h"

#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/common/value_format.h"
#include "widgets/layout/layout_fence.h"
#include "widgets/layout/wrapped_label.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace lhe::widgets {

ServingPanel::ServingPanel(QWidget* parent)
    : QWidget(parent), m_summary(new WrappedLabel(this)), m_chart(new ThroughputLatencyWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_summary->setObjectName(QStringLiteral("servingSummary"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_summary->setFocusPolicy(Qt::StrongFocus); // Tab reaches the Explain link, Enter follows it
    connect(m_summary, &QLabel::linkActivated, this, [this] { emit explainRequested(); });
    layout->addWidget(new LayoutFence(m_summary, this)); // new figures, same lines: no relayout
    layout->addWidget(m_chart, 1);
    showSummary();
}

QString ServingPanel::summaryText() const
{
    return m_summaryStale ? summaryHtml() : m_summary->text();
}

void ServingPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        showSummary();
    QWidget::changeEvent(event);
}

void ServingPanel::showEvent(QShowEvent* event)
{
    if (m_summaryStale)
        showSummary();
    QWidget::showEvent(event);
}

void ServingPanel::setReport(std::shared_ptr<const core::Report> report)
{
    m_report = std::move(report);
    // While another tab is shown the line waits: setting a word-wrapped rich text asks the window
    // for a new layout on every slider step.
    if (isVisible())
        showSummary();
    else
        m_summaryStale = true;
}

void ServingPanel::setCurve(const core::ServingCurve& curve)
{
    if (curve.points.empty())
        m_chart->clear();
    else
        m_chart->setCurve(curve);
}

void ServingPanel::setSimulation(const std::optional<core::SimulationResult>& simulation)
{
    m_simulation = simulation;
    if (isVisible())
        showSummary();
    else
        m_summaryStale = true;
}

void ServingPanel::showProblem(const QString& message)
{
    m_report.reset();
    m_simulation.reset();
    m_summaryStale = false;
    m_summary->setText(message.toHtmlEscaped());
    m_chart->clear(message);
}

void ServingPanel::showSummary()
{
    m_summaryStale = false;
    m_summary->setText(summaryHtml());
}

QString ServingPanel::summaryHtml() const
{
    if (!m_report || !m_report->serving)
        return tr("Serving figures need inference with output tokens.");
    const core::ServingEstimate& s = *m_report->serving;
    const core::ServingPoint& p = s.point;
    QStringList parts;
    parts << tr("%1 concurrent requests on %2").arg(p.concurrency).arg(QString::fromStdString(s.engine.name));
    parts << tr("TTFT users see %1 (p90 %2)")
                 .arg(formatSeconds(p.ttftSeconds), formatSeconds(p.ttftP90Seconds));
    parts << tr("TPOT users see %1 (p90 %2)")
                 .arg(formatSeconds(p.tpotSeconds), formatSeconds(p.tpotP90Seconds));
    // The simulation's tail under the same load (docs/METHOD.md §15.7): one replica, 2,000 requests.
    if (m_simulation && m_simulation->completedRequests > 0)
        parts << tr("simulated p99: TTFT %1, TPOT %2")
                     .arg(formatSeconds(m_simulation->ttftP99Seconds),
                          formatSeconds(m_simulation->tpotP99Seconds));
    parts << tr("%1 output tokens/s per device").arg(formatNumber(p.outputTokensPerSecondPerDevice));
    parts << tr("KV pool holds %1").arg(s.maxConcurrencyKv);
    if (s.maxConcurrencySlo)
        parts << tr("targets met up to %1").arg(*s.maxConcurrencySlo);
    if (s.devicesNeeded)
        parts << (s.devicesNeeded->meetsTargets
                      ? tr("devices needed for the targets: %1").arg(s.devicesNeeded->devices)
                      : tr("no count up to 1,024 meets the targets"));
    if (s.speculative)
        parts << tr("speculative ×%1").arg(formatNumber(s.speculative->speedup));
    if (s.joulesPerOutputToken > 0)
        parts << tr("%1 J/token").arg(formatNumber(s.joulesPerOutputToken));
    if (s.costPerMillionOutputTokens)
        parts << tr("%1 per million tokens").arg(formatMoney(*s.costPerMillionOutputTokens));
    return parts.join(QStringLiteral(" · ")).toHtmlEscaped() +
           QStringLiteral(" &nbsp;<a href=\"explain\">%1</a>").arg(tr("Explain…").toHtmlEscaped());
}

} // namespace lhe::widgets
