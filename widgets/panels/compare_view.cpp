#include "widgets/panels/compare_view.h"

#include "core/charts/comparison.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/chart_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/common/explanation_text.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"
#include "widgets/document/comparison_pin.h"
#include "widgets/document/scenario_document.h"
#include "widgets/layout/fit_scroll_area.h"
#include "widgets/layout/page_layout.h"
#include "widgets/layout/wrapped_label.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/fine_tuning_summary.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

constexpr const char* kContext = "lhe::widgets::CompareView";

// core::compareReports labels its rows in English; these are the same texts for the translator.
[[maybe_unused]] constexpr const char* kRowLabels[] = {
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Memory"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Prefill"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Decode"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Training"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Devices"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Memory per device"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Capacity per device"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Fits"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Weights"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "KV cache"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Activations"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Gradients"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Optimizer states"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Adapters"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Dequantization workspace"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Trainable parameters"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Overheads"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Offloaded"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Time to first token"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Prompt tokens/s"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Prefill bound"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Time per output token"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Tokens/s (batch)"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Decode bound"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Step time"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Training tokens/s"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "MFU"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Days to train"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Training step bound"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Serving"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "TTFT users see"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "TTFT users see, p90"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "TPOT users see"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "TPOT users see, p90"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Output tokens/s per device"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Cost per million tokens"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Meets the targets"),
    // Texts of this file given to QCoreApplication::translate(kContext, …), which lupdate cannot
    // place by itself.
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "All prompts prefilled at once"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "Time to first token (all prompts at once)"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "One decode step of the whole batch"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "no targets"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "meets"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "misses"),
    QT_TRANSLATE_NOOP("lhe::widgets::CompareView", "%1 points"),
};

QString translated(const std::string& english);

constexpr const char* kMeetsTargets = "Meets the targets";
constexpr const char* kCost = "Cost per million tokens";

QString meetsText(std::optional<double> value)
{
    if (!value)
        return QCoreApplication::translate(kContext, "—");
    if (*value == 2.0)
        return QCoreApplication::translate(kContext, "no targets");
    return *value == 1.0 ? QCoreApplication::translate(kContext, "meets")
                         : QCoreApplication::translate(kContext, "misses");
}

// What a row is called here. The core's phase rows time the whole batch at once; beside the
// serving rows (what each user sees) they say so.
QString rowLabel(const core::ComparisonRow& row, bool serving)
{
    if (row.section == "Prefill" && row.label == "Time to first token")
        return serving ? QCoreApplication::translate(kContext, "All prompts prefilled at once")
                       : QCoreApplication::translate(kContext, "Time to first token (all prompts at once)");
    if (row.section == "Decode" && row.label == "Time per output token" && serving)
        return QCoreApplication::translate(kContext, "One decode step of the whole batch");
    if (row.label == kCost)
        return withCurrency(translated(row.label));
    return translated(row.label);
}

QString translated(const std::string& english)
{
    return QCoreApplication::translate(kContext, english.c_str());
}

// A value in the row's unit, as the Explain panel writes it; throughput without its unit (the
// row's label says tokens/s) to keep the table's columns narrow.
QString formatValue(core::Quantity unit, double value)
{
    return unit == core::Quantity::TokensPerSecond ? formatNumber(value)
                                                   : formatExplanationValue(value, unit);
}

// B − A with its sign; a fraction's difference is in percentage points.
QString formatDifference(core::Quantity unit, double difference)
{
    if (difference == 0)
        return QStringLiteral("0");
    const QString sign = difference > 0 ? QStringLiteral("+") : QStringLiteral("−");
    if (unit == core::Quantity::Fraction)
        return sign + QCoreApplication::translate(kContext, "%1 points")
                          .arg(formatNumber(std::abs(difference) * 100.0));
    return sign + formatValue(unit, std::abs(difference));
}

QString verdictText(const core::ComparisonRow& row, bool a)
{
    if (row.tierA || row.tierB) {
        const auto& tier = a ? row.tierA : row.tierB;
        return tier ? tierName(*tier) : QString();
    }
    const auto& bound = a ? row.boundA : row.boundB;
    return bound ? widgets::boundName(*bound) : QString();
}

} // namespace

CompareView::CompareView(QWidget* parent)
    : QWidget(parent), m_headline(new WrappedLabel(this)), m_labelA(new QLabel(this)),
      m_labelB(new QLabel(this)), m_barsA(new MemoryBarsWidget(this)), m_barsB(new MemoryBarsWidget(this)),
      m_roofline(new RooflineWidget(this)), m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("compareView"));
    auto* layout = new PageLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    QFont headlineFont = m_headline->font();
    headlineFont.setPointSizeF(headlineFont.pointSizeF() * 1.1);
    headlineFont.setBold(true);
    m_headline->setFont(headlineFont);
    m_headline->setTextFormat(Qt::PlainText);
    layout->addWidget(m_headline);

    // Charts: A's and B's memory on one scale, then the roofline holding both.
    auto* charts = m_charts = new QHBoxLayout;
    auto* memory = new QHBoxLayout;
    memory->addWidget(m_barsA, 1);
    memory->addWidget(m_barsB, 1);
    charts->addLayout(memory, 4);
    charts->addWidget(m_roofline, 5);
    layout->addLayout(charts, 1);
    // Two memory charts share the width one has on the dashboard: smaller legend swatches keep
    // both legend columns whole.
    for (MemoryBarsWidget* bars : {m_barsA, m_barsB}) {
        bars->plot()->legend->setIconSize(18, 12);
        bars->plot()->legend->setIconTextPadding(4);
        bars->plot()->legend->setColumnSpacing(6);
    }

    // Verdicts: one row of cards per side, the difference table beside them.
    auto* bottom = m_bottom = new QHBoxLayout;
    auto* cards = new QGridLayout;
    cards->setHorizontalSpacing(4);
    cards->setVerticalSpacing(4);
    QFont sideFont = headlineFont;
    sideFont.setPointSizeF(headlineFont.pointSizeF() * 1.3);
    for (QLabel* side : {m_labelA, m_labelB}) {
        side->setFont(sideFont);
        side->setAlignment(Qt::AlignCenter);
    }
    cards->addWidget(m_labelA, 0, 0);
    cards->addWidget(m_labelB, 1, 0);
    for (int i = 0; i < 3; ++i) {
        const auto index = static_cast<std::size_t>(i);
        m_cardsA[index] = new BottleneckCard(this);
        m_cardsB[index] = new BottleneckCard(this);
        cards->addWidget(m_cardsA[index], 0, i + 1);
        cards->addWidget(m_cardsB[index], 1, i + 1);
        cards->setColumnStretch(i + 1, 1);
        const auto phase = static_cast<core::RooflinePhase>(i);
        connect(m_cardsA[index], &BottleneckCard::clicked, this,
                [this, phase] { emit explainRequested(true, core::ExplainTarget::verdict(phase)); });
        connect(m_cardsB[index], &BottleneckCard::clicked, this,
                [this, phase] { emit explainRequested(false, core::ExplainTarget::verdict(phase)); });
    }
    m_cards = cards;
    // Every number explains itself here too: A's from the pinned report, B's from the current one
    // (the roofline's clickable points are B's).
    connect(m_barsA, &MemoryBarsWidget::segmentClicked, this, [this](core::MemorySegmentKind kind) {
        emit explainRequested(true, core::ExplainTarget::memorySegment(kind));
    });
    connect(m_barsB, &MemoryBarsWidget::segmentClicked, this, [this](core::MemorySegmentKind kind) {
        emit explainRequested(false, core::ExplainTarget::memorySegment(kind));
    });
    connect(m_roofline, &RooflineWidget::pointClicked, this, [this](core::RooflinePhase phase) {
        emit explainRequested(false, core::ExplainTarget::rooflinePoint(phase));
    });
    connect(m_barsA, &MemoryBarsWidget::capacityClicked, this,
            [this] { emit explainRequested(true, core::ExplainTarget::capacity()); });
    connect(m_barsB, &MemoryBarsWidget::capacityClicked, this,
            [this] { emit explainRequested(false, core::ExplainTarget::capacity()); });
    bottom->addLayout(cards, 1);

    m_table->setObjectName(QStringLiteral("differenceTable"));
    m_table->setColumnCount(5);
    m_table->verticalHeader()->setVisible(false);
    QFont tableFont = m_table->font();
    tableFont.setPointSizeF(tableFont.pointSizeF() * 0.92);
    m_table->setFont(tableFont);
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(tableFont).height() + 3);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setMinimumWidth(320); // figure, A, B, difference and ratio readable side by side
    // The figure's name, the difference and the ratio as wide as their widest text; A and B share
    // what is left and wrap a long verdict ("Memory bandwidth") onto a second line rather than
    // cut a name (a stretched Figure column was the one cut in a narrow window).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    bottom->addWidget(m_table, 1);
    layout->addLayout(bottom, 0); // the cards' height; the charts take the rest

    retranslateUi();
}

void CompareView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        arrangeRows();
    QWidget::changeEvent(event);
}

void CompareView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeRows();
}

void CompareView::arrangeRows()
{
    // Three charts side by side, cards beside the table, need about 64 lines of text of width
    // (1,100 px at the normal font, 1,600 in presentation mode). Narrower, the roofline goes on a
    // row of its own under the memory pair, then the cards, then the table; every chart is tall
    // enough for its labels and the comparison scrolls down rather than squeezing the charts to
    // slivers.
    if (!m_charts)
        return;
    const bool wasStacked = m_charts->direction() == QBoxLayout::TopToBottom;
    const bool stacked = m_narrow.wanted(this, wasStacked);
    if (stacked == wasStacked)
        return;
    const int line = fontMetrics().height();
    const QBoxLayout::Direction direction = stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight;
    m_charts->setDirection(direction);
    m_bottom->setDirection(direction);
    const int chartHeight = stacked ? 16 * line : 0;
    for (QWidget* chart : std::initializer_list<QWidget*>{m_barsA, m_barsB, m_roofline})
        chart->setMinimumHeight(chartHeight);
    m_table->setMinimumHeight(stacked ? 12 * line : 0);
}

void CompareView::retranslateUi()
{
    m_barsA->setAccessibleName(tr("Memory per device chart, A (pinned)"));
    m_barsB->setAccessibleName(tr("Memory per device chart, B (current)"));
    m_roofline->setAccessibleName(tr("Roofline chart, A and B"));
    m_labelA->setText(tr("A"));
    m_labelA->setToolTip(tr("A: the pinned scenario"));
    m_labelB->setText(tr("B"));
    m_labelB->setToolTip(tr("B: the current scenario"));
    m_table->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B − A"), tr("B / A")});
    m_table->setAccessibleName(tr("Differences between A and B"));
    m_table->setAccessibleDescription(
        tr("One row per figure: A's value, B's value, the difference B − A and the ratio B / A"));
    if (!m_a) {
        m_headline->setText(
            tr("Pin a scenario as A (View → Pin Scenario as A) to compare it with the current one."));
    } else if (m_b) {
        if (isVisible())
            refresh(); // titles, cards and the table are built from both reports
        else
            m_stale = true;
    } else {
        Dashboard::fillPhaseCards(*m_a, m_cardsA[0], m_cardsA[1], m_cardsA[2]); // B shows a problem
    }
}

QString CompareView::scenarioTitle(const core::Report& report)
{
    const core::Scenario& s = report.scenario;
    QString precision = qs(core::precisionName(s.weights));
    if (s.compute != s.weights)
        precision = tr("%1 weights, %2 compute").arg(precision, qs(core::precisionName(s.compute)));
    // In training the method is what an A/B of full fine-tuning against QLoRA differs in.
    const QString mode =
        s.mode == core::Mode::Training
            ? tr("training (%1)").arg(FineTuningSummary::methodName(static_cast<int>(s.training.method)))
            : tr("inference");
    return tr("%1 on %2 × %3 · %4 · %5")
        .arg(QString::fromStdString(report.modelName), QString::number(s.devices),
             QString::fromStdString(report.deviceName), precision, mode);
}

QString CompareView::headline() const
{
    return m_headline->text();
}

void CompareView::setDocument(const ScenarioDocument* document, const ComparisonPin* pin)
{
    connect(document, &ScenarioDocument::reportChanged, this, [this, document] {
        if (document->report()) {
            if (hasPinned())
                setCurrent(document->report());
            return;
        }
        const QString problem = document->problem();
        if (!problem.isEmpty()) // empty: no scenario yet
            showProblem(problem);
    });
    const auto followPin = [this, document, pin] {
        if (!pin->hasPinned()) {
            clearPinned();
            return;
        }
        setPinned(pin->pinned());
        if (document->report())
            setCurrent(document->report());
    };
    connect(pin, &ComparisonPin::pinnedChanged, this, followPin);
    if (pin->hasPinned())
        followPin();
}

void CompareView::setPinned(std::shared_ptr<const core::Report> a)
{
    m_a = std::move(a);
    refresh();
}

void CompareView::clearPinned()
{
    m_a.reset();
    m_headline->show();
    m_headline->setText(
        tr("Pin a scenario as A (View → Pin Scenario as A) to compare it with the current one."));
}

void CompareView::setCurrent(std::shared_ptr<const core::Report> b)
{
    m_b = std::move(b);
    if (!isVisible()) { // drawn when shown: dragging a slider costs nothing here meanwhile
        m_stale = true;
        return;
    }
    refresh();
}

void CompareView::showProblem(const QString& message)
{
    m_b.reset();
    for (BottleneckCard* card : m_cardsB) {
        card->clear(tr("B"), message);
        card->hide();
    }
    m_cardsB[0]->show();
    m_table->setRowCount(0);
}

void CompareView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void CompareView::replotNow()
{
    if (m_stale)
        refresh();
    for (QCustomPlot* plot : {m_barsA->plot(), m_barsB->plot(), m_roofline->plot()})
        replotSettled(plot);
}

void CompareView::refresh()
{
    m_stale = false;
    if (!m_a || !m_b)
        return;
    const core::Report& a = *m_a;
    const core::Report& b = *m_b;
    // The titles above the bars name both sides; the headline, only a hint without a pin, would
    // take the charts' height.
    m_headline->setText(tr("A (pinned): %1\nB (current): %2").arg(scenarioTitle(a), scenarioTitle(b)));
    m_headline->hide();
    const double axisMaxBytes = core::sharedMemoryAxisMaxBytes(a, b);
    // Two short lines: a chart a quarter of the window wide has no room for the whole title.
    m_barsA->setTitle(tr("A: %1\n%2 · %3")
                          .arg(QString::fromStdString(a.deviceName), QString::fromStdString(a.modelName),
                               FineTuningSummary::weightsAndMethod(a)));
    m_barsB->setTitle(tr("B: %1\n%2 · %3")
                          .arg(QString::fromStdString(b.deviceName), QString::fromStdString(b.modelName),
                               FineTuningSummary::weightsAndMethod(b)));
    m_barsA->setReport(m_a, axisMaxBytes);
    m_barsB->setReport(m_b, axisMaxBytes);
    m_roofline->setReport(m_b, m_a);
    Dashboard::fillPhaseCards(a, m_cardsA[0], m_cardsA[1], m_cardsA[2]);
    Dashboard::fillPhaseCards(b, m_cardsB[0], m_cardsB[1], m_cardsB[2]);
    // Each side's cards packed from the left (each names its phase): training A against serving B
    // takes two columns, not three, and leaves the table its width.
    int columns = 0;
    for (const auto* row : {&m_cardsA, &m_cardsB}) {
        int column = 1;
        for (BottleneckCard* card : *row) {
            m_cards->removeWidget(card);
            if (!card->isHidden())
                m_cards->addWidget(card, row == &m_cardsA ? 0 : 1, column++);
        }
        columns = std::max(columns, column - 1);
    }
    for (int i = 0; i < 3; ++i)
        m_cards->setColumnStretch(i + 1, i < columns ? 1 : 0);
    fillTable(a, b);
}

void CompareView::fillTable(const core::Report& a, const core::Report& b)
{
    const std::vector<core::ComparisonRow> rows = core::compareReports(a, b);
    const bool serving = std::any_of(rows.begin(), rows.end(),
                                     [](const core::ComparisonRow& row) { return row.section == "Serving"; });
    m_table->clearSpans();
    m_table->setRowCount(0);
    QString section;
    QFont bold = m_table->font();
    bold.setBold(true);
    auto item = [](const QString& text, Qt::Alignment alignment = Qt::AlignRight | Qt::AlignVCenter) {
        auto* cell = new QTableWidgetItem(text);
        cell->setTextAlignment(alignment);
        return cell;
    };
    for (const core::ComparisonRow& row : rows) {
        if (QString::fromStdString(row.section) != section) { // a heading row per section
            section = QString::fromStdString(row.section);
            const int at = m_table->rowCount();
            m_table->insertRow(at);
            QTableWidgetItem* heading = item(translated(row.section), Qt::AlignLeft | Qt::AlignVCenter);
            heading->setFont(bold);
            m_table->setItem(at, 0, heading);
            m_table->setSpan(at, 0, 1, m_table->columnCount());
        }
        const int at = m_table->rowCount();
        m_table->insertRow(at);
        m_table->setItem(
            at, 0, item(QStringLiteral("  ") + rowLabel(row, serving), Qt::AlignLeft | Qt::AlignVCenter));
        QString textA, textB, difference, ratio;
        const bool verdict = row.isVerdict();
        textA = verdict ? verdictText(row, true) : row.a ? formatValue(row.unit, *row.a) : QString();
        textB = verdict ? verdictText(row, false) : row.b ? formatValue(row.unit, *row.b) : QString();
        const bool meetsRow = row.section == "Serving" && row.label == kMeetsTargets;
        if (meetsRow) {
            textA = meetsText(row.a);
            textB = meetsText(row.b);
        }
        switch (row.status) {
        case core::ComparisonStatus::Ok:
            difference = formatDifference(row.unit, *row.difference);
            ratio = tr("×%1").arg(formatNumber(*row.ratio));
            break;
        case core::ComparisonStatus::ZeroA:
            difference = formatDifference(row.unit, *row.difference);
            ratio = tr("A is 0");
            break;
        case core::ComparisonStatus::MissingA:
            textA = tr("—");
            ratio = tr("not in A");
            break;
        case core::ComparisonStatus::MissingB:
            textB = tr("—");
            ratio = tr("not in B");
            break;
        case core::ComparisonStatus::Verdict:
            ratio = (meetsRow ? row.a != row.b : row.changed()) ? tr("changed") : tr("same");
            break;
        }
        m_table->setItem(at, 1, item(textA));
        m_table->setItem(at, 2, item(textB));
        m_table->setItem(at, 3, item(difference));
        QTableWidgetItem* ratioItem = item(ratio);
        if (meetsRow ? row.a != row.b : row.changed()) // what differs reads first; the numbers say which way
            ratioItem->setFont(bold);
        m_table->setItem(at, 4, ratioItem);
    }
}

} // namespace lhe::widgets
