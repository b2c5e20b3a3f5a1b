#include "widgets/panels/dashboard.h"

#include "core/common/precision.h"
#include "widgets/charts/chart_widget.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/charts/throughput_latency_widget.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"
#include "widgets/document/scenario_document.h"
#include "widgets/layout/fit_scroll_area.h"
#include "widgets/layout/layout_fence.h"
#include "widgets/layout/page_layout.h"
#include "widgets/layout/wrapped_label.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/fine_tuning_summary.h"
#include "widgets/panels/serving_panel.h"
#include "widgets/panels/warning_strip.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <algorithm>
#include <array>
#include <utility>

namespace lhe::widgets {

void Dashboard::styleHeadline()
{
    QFont headlineFont = font();
    headlineFont.setPointSizeF(headlineFont.pointSizeF() * 1.2);
    headlineFont.setBold(true);
    m_headline->setFont(headlineFont);
    m_methodsFit->setFont(headlineFont);
}

void Dashboard::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        styleHeadline();
        arrangeCharts();
    } else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void Dashboard::titleTabs()
{
    const std::pair<ChartTab, std::pair<QString, QString>> tabs[] = {
        {RooflineTab, {tr("Roofline"), tr("Roofline with the operating point of each phase")}},
        {DesignSpaceTab,
         {tr("Design space"), tr("Verdict over batch and sequence length: what limits, what fits")}},
        {ServingTab, {tr("Serving"), tr("Many users: throughput per device against speed per user")}},
        {RankingTab, {tr("Devices"), tr("Every device ranked for this model and workload")}},
        {MemoryTab, {tr("Memory"), tr("Memory per device: what the scenario holds, against the capacity")}}};
    for (const auto& [tab, texts] : tabs) {
        const int index = m_chartTabs->indexOf(page(tab));
        m_chartTabs->setTabText(index, texts.first); // a tab not there (index -1) is ignored
        m_chartTabs->setTabToolTip(index, texts.second);
    }
}

void Dashboard::retranslateUi()
{
    titleTabs();
    m_chartTabs->setAccessibleName(tr("Roofline, design-space, serving or device-ranking view"));
    m_chartTabs->setAccessibleDescription(
        tr("Tabs: the roofline with each phase's operating point, the design-space map of verdicts "
           "over batch and sequence length, the throughput-latency chart of serving, or every device "
           "ranked"));
    m_memoryBars->setAccessibleName(tr("Memory per device chart"));
    m_roofline->setAccessibleName(tr("Roofline chart"));
    m_designSpace->setAccessibleName(tr("Design-space map"));
    if (m_report) {
        showHeadline(*m_report);
        fillPhaseCards(*m_report, m_prefill, m_decode, m_training);
    }
    if (m_problem)
        showProblemCards(*m_problem); // the message itself stays in the language it was given in
}

Dashboard::Dashboard(QWidget* parent)
    : QWidget(parent), m_headline(new WrappedLabel(this)), m_methodsFit(new WrappedLabel(this)),
      m_warningStrip(new WarningStrip(this)), m_memoryBars(new MemoryBarsWidget(this)),
      m_roofline(new RooflineWidget), m_designSpace(new DesignSpaceWidget), m_serving(new ServingPanel),
      m_ranking(new DeviceRankingView), m_chartTabs(new QTabWidget(this)),
      m_prefill(new BottleneckCard(this)), m_decode(new BottleneckCard(this)),
      m_training(new BottleneckCard(this))
{
    auto* layout = new PageLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    styleHeadline();
    // Headline, warnings and cards change their text on every slider step: fenced, they lay the
    // window out again only when they need another size (LayoutFence): 0-19 dashboard layout
    // passes per 200-step drag instead of 47-600 (docs/PERFORMANCE.md, 2026-12-07).
    layout->addWidget(new LayoutFence(m_headline, this));
    // The question a fine-tuning student brings ("does an 8B model train on my 24 GB card?") is
    // answered per method right under the headline, before any chart.
    m_methodsFit->setObjectName(QStringLiteral("methodsFitLabel"));
    m_methodsFit->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_methodsFit->hide();
    layout->addWidget(new LayoutFence(m_methodsFit, this));
    layout->addWidget(new LayoutFence(m_warningStrip, this));

    // The roofline and the design-space map share the place beside the memory chart: both want
    // its full height and width, and at 1024 x 768 three charts side by side would be too narrow.
    m_chartTabs->setObjectName(QStringLiteral("chartTabs"));
    m_chartTabs->setDocumentMode(true);
    m_chartTabs->addTab(m_roofline, QString());
    m_chartTabs->addTab(m_designSpace, QString());
    m_chartTabs->addTab(m_serving, QString());
    m_chartTabs->addTab(m_ranking, QString());
    connect(m_chartTabs, &QTabWidget::currentChanged, this, [this] {
        sizeToShownTab();
        emit designSpaceShownChanged(designSpaceShown());
        emit chartTabChanged(chartTab());
    });

    for (QWidget* page : chartPages())
        m_pagePolicies.insert(page, page->sizePolicy());
    sizeToShownTab();

    m_chartRow = new QHBoxLayout;
    m_chartRow->addWidget(m_memoryBars, 2);
    m_chartRow->addWidget(m_chartTabs, 3);
    layout->addLayout(m_chartRow, 1);

    auto* cards = new QHBoxLayout;
    for (BottleneckCard* card : {m_prefill, m_decode, m_training})
        cards->addWidget(new LayoutFence(card, this));
    layout->addLayout(cards);
    retranslateUi();

    // Every clicked number explains itself (docs/METHOD.md §12): one signal for the window's Explain panel.
    connect(m_memoryBars, &MemoryBarsWidget::segmentClicked, this, [this](core::MemorySegmentKind kind) {
        emit explainRequested(core::ExplainTarget::memorySegment(kind));
    });
    connect(m_roofline, &RooflineWidget::pointClicked, this, [this](core::RooflinePhase phase) {
        emit explainRequested(core::ExplainTarget::rooflinePoint(phase));
    });
    connect(m_memoryBars, &MemoryBarsWidget::capacityClicked, this,
            [this] { emit explainRequested(core::ExplainTarget::capacity()); });
    connect(m_serving, &ServingPanel::explainRequested, this,
            [this] { emit explainRequested(core::ExplainTarget::serving()); });
    const std::pair<BottleneckCard*, core::RooflinePhase> phaseCards[] = {
        {m_prefill, core::RooflinePhase::Prefill},
        {m_decode, core::RooflinePhase::Decode},
        {m_training, core::RooflinePhase::TrainingStep}};
    for (const auto& [card, cardPhase] : phaseCards)
        connect(card, &BottleneckCard::clicked, this,
                [this, phase = cardPhase] { emit explainRequested(core::ExplainTarget::verdict(phase)); });
}

std::array<QWidget*, 5> Dashboard::chartPages() const
{
    return {m_memoryBars, m_roofline, m_designSpace, m_serving, m_ranking};
}

QWidget* Dashboard::page(ChartTab tab) const
{
    switch (tab) {
    case RooflineTab:
        return m_roofline;
    case DesignSpaceTab:
        return m_designSpace;
    case ServingTab:
        return m_serving;
    case RankingTab:
        return m_ranking;
    case MemoryTab:
        return m_memoryBars;
    }
    return m_roofline;
}

void Dashboard::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeCharts();
}

void Dashboard::arrangeCharts()
{
    // Side by side, the roofline gets 3/5 of the width: below 44 lines of text (about 750 px at
    // the normal font, 920 px in presentation mode) its ceiling, slope and phase labels no longer
    // find room clear of each other, nor does the memory chart's capacity line beside its totals
    // (at 38 lines, Chinese presentation text beside the controls at 1,280 px still collided).
    if (!m_chartRow)
        return;
    const bool wasTabbed = memoryChartTabbed();
    const bool tabbed = m_narrow.wanted(this, wasTabbed);
    if (tabbed == wasTabbed)
        return;
    if (tabbed) {
        m_chartRow->removeWidget(m_memoryBars);
        m_chartTabs->insertTab(0, m_memoryBars, QString());
        if (m_memoryTabWasCurrent)
            m_chartTabs->setCurrentWidget(m_memoryBars);
    } else {
        m_memoryTabWasCurrent = m_chartTabs->currentWidget() == m_memoryBars;
        m_chartTabs->removeTab(m_chartTabs->indexOf(m_memoryBars));
        m_chartRow->insertWidget(0, m_memoryBars, 2);
        m_memoryBars->show();
    }
    sizeToShownTab();
    titleTabs();
}

void Dashboard::sizeToShownTab()
{
    // A stacked widget is as large as its largest page; with the pages not shown ignored, the
    // dashboard asks only for what the tab on screen needs (the map more height than the roofline).
    for (QWidget* page : chartPages()) {
        const bool ignored = m_chartTabs->indexOf(page) >= 0 && page != m_chartTabs->currentWidget();
        page->setSizePolicy(ignored ? QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored)
                                    : m_pagePolicies.value(page));
    }
}

bool Dashboard::memoryChartTabbed() const
{
    return m_chartTabs->indexOf(m_memoryBars) >= 0;
}

void Dashboard::layOutHiddenTab(ChartTab tab)
{
    QWidget* hidden = page(tab);
    const QWidget* shown = m_chartTabs->currentWidget();
    if (m_chartTabs->indexOf(hidden) < 0 || hidden == shown)
        return;
    hidden->resize(shown->size());
    if (hidden->layout())
        hidden->layout()->activate();
}

bool Dashboard::designSpaceShown() const
{
    return m_chartTabs->currentWidget() == m_designSpace;
}

void Dashboard::showDesignSpace(bool shown)
{
    m_chartTabs->setCurrentWidget(shown ? static_cast<QWidget*>(m_designSpace) : m_roofline);
}

Dashboard::ChartTab Dashboard::chartTab() const
{
    for (const ChartTab tab : {RooflineTab, DesignSpaceTab, ServingTab, RankingTab, MemoryTab})
        if (page(tab) == m_chartTabs->currentWidget())
            return tab;
    return RooflineTab;
}

void Dashboard::showChartTab(ChartTab tab)
{
    // The memory chart beside the tabs is always shown: the tab shown stays.
    if (m_chartTabs->indexOf(page(tab)) >= 0)
        m_chartTabs->setCurrentWidget(page(tab));
}

namespace {
const QStringList& chartTabNames() // in the order of Dashboard::ChartTab
{
    static const QStringList names = {QStringLiteral("roofline"), QStringLiteral("design-space"),
                                      QStringLiteral("serving"), QStringLiteral("devices")};
    return names;
}
} // namespace

QString Dashboard::chartTabName(ChartTab tab)
{
    return chartTabNames().value(tab);
}

std::optional<Dashboard::ChartTab> Dashboard::chartTabFromName(const QString& name)
{
    const qsizetype index = chartTabNames().indexOf(name);
    return index < 0 ? std::nullopt : std::optional<ChartTab>(static_cast<ChartTab>(index));
}

QString Dashboard::headline() const
{
    return m_headline->text();
}

QString Dashboard::methodsFit() const
{
    return m_methodsFit->text();
}

void Dashboard::setDocument(const ScenarioDocument* document)
{
    const auto show = [this, document] {
        if (document->report()) {
            setReport(document->report());
            return;
        }
        const QString problem = document->problem();
        if (!problem.isEmpty()) // empty: no scenario yet
            showProblem(problem);
    };
    connect(document, &ScenarioDocument::reportChanged, this, show);
    show();
}

void Dashboard::setReport(std::shared_ptr<const core::Report> shown)
{
    m_report = std::move(shown);
    m_problem.reset();
    const core::Report& report = *m_report;
    showHeadline(report);
    m_memoryBars->setReport(m_report);
    m_roofline->setReport(m_report);
    m_serving->setReport(m_report);
    m_warningStrip->setWarnings(report.warnings);
    fillPhaseCards(report, m_prefill, m_decode, m_training);
}

QString Dashboard::headlineText(const core::Report& report)
{
    const auto& s = report.scenario;
    const auto& split = *s.parallelism;
    // The exported dashboard has no controls beside it: the headline names the training method.
    const QString mode =
        s.mode == core::Mode::Training
            ? tr("training · %1").arg(FineTuningSummary::methodName(static_cast<int>(s.training.method)))
            : tr("inference");
    if (split.expert > 1) // where the experts live (docs/METHOD.md §6.4)
        return tr("%1 on %2 × %3 — %4 (tensor %5 · pipeline %6 · data %7 · %8)")
            .arg(QString::fromStdString(report.modelName), QString::number(s.devices),
                 QString::fromStdString(report.deviceName), mode, QString::number(split.tensor),
                 QString::number(split.pipeline), QString::number(split.data),
                 split.placement == core::ExpertPlacement::WithAttention
                     ? tr("experts over %1 of them").arg(split.expert)
                     : tr("expert %1").arg(split.expert));
    return tr("%1 on %2 × %3 — %4 (tensor %5 · pipeline %6 · data %7)")
        .arg(QString::fromStdString(report.modelName), QString::number(s.devices),
             QString::fromStdString(report.deviceName), mode, QString::number(split.tensor),
             QString::number(split.pipeline), QString::number(split.data));
}

QString Dashboard::chartTitle() const
{
    if (!m_report)
        return {};
    const auto& s = m_report->scenario;
    const QLocale locale;
    const QString weights = qs(core::precisionName(s.weights));
    QString title = headlineText(*m_report) + QStringLiteral(" · ");
    title += s.mode == core::Mode::Training
                 ? tr("batch %1 · sequence %2 tokens · weights %3")
                       .arg(locale.toString(s.batch), locale.toString(s.promptTokens), weights)
                 : tr("batch %1 · prompt %2 · output %3 tokens · weights %4")
                       .arg(locale.toString(s.batch), locale.toString(s.promptTokens),
                            locale.toString(s.outputTokens), weights);
    if (!m_report->approximations.empty())
        title += QStringLiteral("  ⚠ ") + tr("approximate: the model's config is not fully understood");
    return title;
}

void Dashboard::showHeadline(const core::Report& report)
{
    m_headline->setText(headlineText(report));
    // Serving: the figures the users see, first thing under the scenario's name.
    const QString serving = servingHeadline(report);
    if (!serving.isEmpty())
        m_headline->setText(m_headline->text() + QLatin1Char('\n') + serving);
    // A model read with generic keys can be off by any factor: say so where the figures are.
    if (!report.approximations.empty()) {
        m_headline->setText(m_headline->text() + QStringLiteral("  ⚠ ") +
                            tr("approximate: the model's config is not fully understood (hover for why)"));
        m_headline->setToolTip(translatedMessages(report.approximations).join(QLatin1Char('\n')));
    } else {
        m_headline->setToolTip(QString());
    }
    const QString fit = FineTuningSummary::methodsFitText(report);
    m_methodsFit->setText(fit);
    m_methodsFit->setVisible(!fit.isEmpty());
    m_methodsFit->setAccessibleName(fit);
}

QString Dashboard::meanAndP90(double meanSeconds, double p90Seconds)
{
    return tr("%1, p90 %2").arg(formatSeconds(meanSeconds), formatSeconds(p90Seconds));
}

QString Dashboard::servingHeadline(const core::Report& report)
{
    if (!report.serving)
        return {};
    const core::ServingEstimate& serving = *report.serving;
    const core::ServingPoint& p = serving.point;
    // The means; their 90th percentiles are on the cards right below (and decide the targets).
    QString line = tr("%1 users each see TTFT %2 · TPOT %3")
                       .arg(QLocale().toString(p.concurrency), formatSeconds(p.ttftSeconds),
                            formatSeconds(p.tpotSeconds));
    const auto& targets = report.scenario.serving;
    if (targets.ttftTargetSeconds || targets.tpotTargetSeconds)
        line +=
            QStringLiteral(" · ") + (p.meetsTargets ? tr("targets met (p90)") : tr("targets missed (p90)"));
    return line;
}

QString Dashboard::batchPrefillLabel(const core::Report& report)
{
    const long long batch = report.scenario.batch;
    // In a serving scenario the users' TTFT is the headline figure; this is the other question:
    // the whole batch's prompts in one prefill, as the roofline's prefill point draws it.
    if (report.serving)
        return batch == 1 ? tr("The one prompt prefilled alone")
                          : tr("All %1 prompts prefilled at once").arg(QLocale().toString(batch));
    return batch == 1 ? tr("Time to first token (one prompt)")
                      : tr("Time to first token (all %1 prompts at once)").arg(QLocale().toString(batch));
}

void Dashboard::fillPhaseCards(const core::Report& report, BottleneckCard* prefillCard,
                               BottleneckCard* decodeCard, BottleneckCard* trainingCard)
{
    const auto& s = report.scenario;
    // Serving (inference with output tokens): the TTFT and TPOT every user sees under continuous
    // batching come first (report.serving); the phase's own time of the whole batch is a labelled
    // detail. Both come from the report: the card computes nothing.
    const core::ServingPoint* served = report.serving ? &report.serving->point : nullptr;
    if (report.prefill) {
        const auto& p = *report.prefill;
        QList<QPair<QString, QString>> figures;
        // Serving: the users' TTFT first, the whole batch's prefill under it; the batch's prompt
        // throughput stays on the Explain panel, so the card is no taller than without serving
        // (on a projector the page must fit, and the Compare A/B cards are narrow).
        if (served)
            figures.append({tr("TTFT users see"), meanAndP90(served->ttftSeconds, served->ttftP90Seconds)});
        figures.append({batchPrefillLabel(report), formatSeconds(p.seconds)});
        if (!served)
            figures.append({tr("Prompt tokens/s"), formatNumber(p.tokensPerSecond)});
        figures.append({tr("Intensity"), formatNumber(p.arithmeticIntensity) + tr(" FLOP/B")});
        if (report.ideal.prefill) // the datasheet roofline of the same work, for comparison
            figures.append({tr("Ideal roofline"), formatSeconds(report.ideal.prefill->seconds)});
        prefillCard->setContent(tr("Prefill"), p.bound, p.breakdown, figures);
        prefillCard->show();
    } else {
        prefillCard->hide();
    }
    if (report.decode) {
        const auto& d = *report.decode;
        QList<QPair<QString, QString>> figures;
        if (served) {
            figures.append({tr("TPOT users see"), meanAndP90(served->tpotSeconds, served->tpotP90Seconds)});
            figures.append({s.batch == 1 ? tr("One decode step alone")
                                         : tr("One decode step of all %1").arg(QLocale().toString(s.batch)),
                            formatSeconds(d.seconds)});
            // Tokens/s per user is 1 / TPOT: the Serving tab has it.
            figures.append({tr("Output tokens/s, all users"), formatNumber(served->outputTokensPerSecond)});
        } else {
            figures.append({tr("Time per output token"), formatSeconds(d.seconds)});
            figures.append({tr("Tokens/s (batch)"), formatNumber(d.tokensPerSecond)});
            figures.append(
                {tr("Tokens/s per sequence"), formatNumber(d.seconds > 0 ? 1.0 / d.seconds : 0.0)});
        }
        if (report.ideal.decode)
            figures.append({tr("Ideal roofline"), formatSeconds(report.ideal.decode->seconds)});
        decodeCard->setContent(tr("Decode"), d.bound, d.breakdown, figures);
        decodeCard->show();
    } else {
        decodeCard->hide();
    }
    if (report.training) {
        const auto& t = *report.training;
        QList<QPair<QString, QString>> figures{
            {tr("Step time"), formatSeconds(t.step.seconds)},
            {tr("Tokens/s"), formatNumber(t.step.tokensPerSecond)},
            {tr("MFU"), formatNumber(t.mfu * 100.0) + QStringLiteral(" %")},
            {tr("Days for %1 tokens").arg(formatNumber(s.training.trainTokens)), formatNumber(t.trainDays)}};
        if (report.ideal.training)
            figures.append(
                {tr("Ideal roofline"), tr("%1, MFU %2 %")
                                           .arg(formatSeconds(report.ideal.training->step.seconds),
                                                formatNumber(report.ideal.training->mfu * 100.0))});
        trainingCard->setContent(tr("Training step"), t.step.bound, t.step.breakdown, figures);
        trainingCard->show();
    } else {
        trainingCard->hide();
    }
}

void Dashboard::showProblem(const QString& message)
{
    m_problem = message;
    m_methodsFit->clear(); // the last report's methods belong to a scenario no longer shown
    m_methodsFit->hide();
    m_warningStrip->clear(); // the problem is on the cards; the last report's warnings are gone
    showProblemCards(message);
    m_designSpace->clear(message);
    m_serving->showProblem(message);
}

void Dashboard::showProblemCards(const QString& message)
{
    m_prefill->clear(tr("Prefill"), message);
    m_decode->clear(tr("Decode"), message);
    m_training->hide();
}

void Dashboard::replotNow()
{
    for (QCustomPlot* plot :
         {m_memoryBars->plot(), m_roofline->plot(), m_designSpace->plot(), m_serving->chart()->plot()})
        replotSettled(plot);
}

} // namespace lhe::widgets
