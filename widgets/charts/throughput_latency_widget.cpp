#include "widgets/charts/throughput_latency_widget.h"

#include "widgets/charts/cached_text_item.h"
#include "widgets/charts/label_placer.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/spaced_tick_labels.h"
#include "widgets/charts/text_item_placement.h"
#include "widgets/common/theme.h"
#include "widgets/common/value_format.h"

#include <QFontMetricsF>
#include <QKeyEvent>
#include <QLineF>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace lhe::widgets {

namespace {

constexpr double kMarkerSize = 9;     // px, before presentationScale()
constexpr double kRingSize = 19;      // the current point's ring
constexpr double kSelectionSize = 23; // the keyboard selection's square
constexpr double kPickReach = 6;      // px beyond a marker's edge that still hit it
constexpr int kOwnerCurrent = 1;      // LabelPlacer owners: a label may touch what it names
constexpr int kOwnerSlo = 2;

// Okabe-Ito (chart_palette.h), without the bluish green the SLO region uses.
constexpr std::array<QRgb, 5> kSplitColours{0xff0072b2, 0xffd55e00, 0xffcc79a7, 0xffe69f00, 0xff56b4e9};
constexpr std::array<QCPScatterStyle::ScatterShape, 6> kSplitShapes{
    QCPScatterStyle::ssCircle,   QCPScatterStyle::ssSquare,           QCPScatterStyle::ssDiamond,
    QCPScatterStyle::ssTriangle, QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssStar};
constexpr QRgb kSloColour = 0xff009e73;

QString count(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

// "TP 2 · PP 1 · DP 4" for the legend, "tensor 2 × pipeline 1 × data 4" for the tooltip.
QString splitText(const core::Parallelism& p, bool brief)
{
    QString text = (brief ? ThroughputLatencyWidget::tr("TP %1 · PP %2 · DP %3")
                          : ThroughputLatencyWidget::tr("tensor %1 × pipeline %2 × data %3"))
                       .arg(p.tensor)
                       .arg(p.pipeline)
                       .arg(p.data);
    if (p.expert > 1 && p.placement == core::ExpertPlacement::WithAttention)
        text = (brief ? ThroughputLatencyWidget::tr("%1 · EP %2 shared")
                      : ThroughputLatencyWidget::tr("%1, experts over %2 of them"))
                   .arg(text)
                   .arg(p.expert);
    else if (p.expert > 1)
        text = (brief ? ThroughputLatencyWidget::tr("%1 · EP %2")
                      : ThroughputLatencyWidget::tr("%1 × expert %2"))
                   .arg(text)
                   .arg(p.expert);
    return text;
}

double userRate(const core::ServingCurvePoint& p)
{
    return p.point.outputTokensPerSecondPerUser;
}

double deviceRate(const core::ServingCurvePoint& p)
{
    return p.point.outputTokensPerSecondPerDevice;
}

bool drawable(const core::ServingCurvePoint& p)
{
    return std::isfinite(userRate(p) + deviceRate(p)) && userRate(p) >= 0 && deviceRate(p) >= 0;
}

// Ticks on a log axis that say the values: 1, 2, 5 per decade over a few decades, whole decades
// (every n-th when crowded) over more. No sub-ticks; labels as on any axis.
class RateLogTicker : public QCPAxisTicker
{
protected:
    int getSubTickCount(double) override { return 0; }
    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
        if (!(range.lower > 0) || !(range.upper > range.lower))
            return ticks;
        const double decades = std::log10(range.upper / range.lower);
        const int first = static_cast<int>(std::floor(std::log10(range.lower)));
        const int last = static_cast<int>(std::ceil(std::log10(range.upper)));
        const bool fine = decades <= 2.5;
        const int step = fine ? 1 : static_cast<int>(std::ceil(decades / 6));
        for (int e = first; e <= last; e += step) {
            for (const double mantissa : {1.0, 2.0, 5.0})
                if (fine || mantissa == 1.0)
                    ticks << mantissa * std::pow(10.0, e);
        }
        return ticks;
    }
};

} // namespace

ThroughputLatencyWidget::ThroughputLatencyWidget(QWidget* parent) : ChartWidget(parent)
{
    setAccessibleName(tr("Throughput-latency curve"));
    m_plot->setAutoAddPlottableToLegend(false);
    // Layers, bottom to top: the SLO region (under the grid), lines and markers ("main"), label
    // boxes, then the current point's ring and the selection (never hidden by a label).
    m_plot->addLayer(QStringLiteral("region"), m_plot->layer(QStringLiteral("grid")), QCustomPlot::limBelow);
    m_plot->addLayer(QStringLiteral("labels"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->addLayer(QStringLiteral("markers"), m_plot->layer(QStringLiteral("labels")),
                     QCustomPlot::limAbove);

    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    for (QCPAxis* axis : {x, y}) {
        axis->setNumberFormat(QStringLiteral("gb"));
        axis->setNumberPrecision(6);
        axis->grid()->setSubGridVisible(false);
    }

    m_sloRegion = new QCPItemRect(m_plot);
    m_sloLine = new QCPItemStraightLine(m_plot);
    for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{m_sloRegion, m_sloLine}) {
        item->setLayer(QStringLiteral("region"));
        item->setSelectable(false);
        item->setVisible(false);
        for (QCPItemPosition* position : item->positions()) {
            position->setAxes(x, y);
            position->setAxisRect(m_plot->axisRect());
        }
    }
    // From the boundary (plot coordinates) to the right edge, top to bottom (axis-rect ratios),
    // so the region reaches the edges at every zoom.
    m_sloRegion->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
    m_sloRegion->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_sloRegion->bottomRight->setType(QCPItemPosition::ptAxisRectRatio);
    m_sloRegion->bottomRight->setCoords(1, 1);
    for (QCPItemPosition* end : {m_sloLine->point1, m_sloLine->point2}) {
        end->setTypeX(QCPItemPosition::ptPlotCoords);
        end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }

    m_pareto = m_plot->addGraph(x, y);
    m_pareto->setLineStyle(QCPGraph::lsLine);
    m_missesKey = m_plot->addGraph(x, y);
    m_missesKey->setLineStyle(QCPGraph::lsNone);
    m_currentHalo = m_plot->addGraph(x, y);
    m_current = m_plot->addGraph(x, y);
    m_selection = m_plot->addGraph(x, y);
    for (QCPGraph* graph : {m_pareto, m_missesKey, m_currentHalo, m_current, m_selection}) {
        graph->setSelectable(QCP::stNone);
        if (graph != m_pareto)
            graph->setLineStyle(QCPGraph::lsNone);
    }
    for (QCPGraph* graph : {m_currentHalo, m_current, m_selection})
        graph->setLayer(QStringLiteral("markers"));

    auto newLabel = [this] {
        auto* label = new CachedTextItem(m_plot);
        label->setLayer(QStringLiteral("labels"));
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setSelectable(false);
        label->setVisible(false);
        return label;
    };
    m_currentLabel = newLabel();
    m_currentLabel->setTextAlignment(Qt::AlignLeft);
    m_sloLabel = newLabel();
    m_currentLeader = new QCPItemLine(m_plot);
    m_currentLeader->setLayer(QStringLiteral("labels"));
    m_currentLeader->setSelectable(false);
    m_currentLeader->setVisible(false);
    m_message = newLabel();
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setAxisRect(m_plot->axisRect());
    m_message->position->setCoords(0.5, 0.5);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->setTextAlignment(Qt::AlignCenter);

    // The legend under the plot, in as many columns as fit (updateLegend).
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setMargins(QMargins(6, 2, 6, 2));
    m_plot->legend->setRowSpacing(1);
    m_plot->legend->setColumnSpacing(12);
    m_plot->legend->setSelectableParts(QCPLegend::spNone);

    // A left drag pans (ChartWidget); a press and release in place is a click on a point.
    m_plot->setInteractions({});
    m_plot->setMouseTracking(true);
    m_plot->setFocusPolicy(Qt::StrongFocus); // the arrow keys walk the points
    m_plot->installEventFilter(this);
    setFocusPolicy(Qt::StrongFocus);
    setFocusProxy(m_plot);
    connect(m_plot, &QCustomPlot::mousePress, this, &ThroughputLatencyWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ThroughputLatencyWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &ThroughputLatencyWidget::onMouseRelease);

    retranslateUi();
}

void ThroughputLatencyWidget::retranslateUi()
{
    m_pareto->setName(tr("Pareto front"));
    m_missesKey->setName(tr("Misses latency targets"));
    m_current->setName(tr("Current scenario"));
    if (hasCurve()) {
        const core::ServingCurve curve = m_curve;
        setCurve(curve);
    } else {
        // A caller's message stays; the default one is said again in the new language.
        const bool custom =
            m_variants.contains(m_message) && m_message->text() != m_variants.value(m_message).value(0);
        clear(custom ? m_message->text() : QString());
    }
}

QString ThroughputLatencyWidget::messageText() const
{
    return m_message->visible() ? m_message->text() : QString();
}

void ThroughputLatencyWidget::clear(const QString& message)
{
    m_curve = {};
    m_drawn.clear();
    rebuildSeries();
    for (QCPGraph* graph : {m_pareto, m_currentHalo, m_current, m_selection})
        graph->data()->clear();
    m_selected = -1;
    for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{m_sloRegion, m_sloLine, m_sloLabel,
                                                                         m_currentLabel, m_currentLeader})
        item->setVisible(false);
    // Serving is undefined for training and for prefill-only scenarios: the curve is empty then.
    const QString defaultText = tr("Serving needs inference with output tokens");
    m_variants.insert(m_message, {defaultText});
    m_message->setText(message.isEmpty() ? defaultText : message);
    m_message->setVisible(true);
    // Hidden, but never empty: an empty legend's maximum width would narrow the plot to its own.
    m_plot->legend->setVisible(false);
    m_pareto->addToLegend();
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        axis->setTickLabels(false);
    }
    fitView(QCPRange(0, 1), QCPRange(0, 1));
    m_plot->setToolTip(QString());
    m_summary = m_message->text();
    finishUpdate(m_summary);
}

void ThroughputLatencyWidget::setCurve(const core::ServingCurve& curve)
{
    m_curve = curve;
    m_drawn.clear();
    for (std::size_t i = 0; i < m_curve.points.size(); ++i) {
        if (drawable(m_curve.points[i]))
            m_drawn.push_back(i);
    }
    if (m_drawn.empty()) {
        clear();
        return;
    }
    std::stable_sort(m_drawn.begin(), m_drawn.end(), [this](std::size_t a, std::size_t b) {
        const auto& pa = m_curve.points[a];
        const auto& pb = m_curve.points[b];
        return userRate(pa) != userRate(pb) ? userRate(pa) < userRate(pb) : deviceRate(pa) < deviceRate(pb);
    });
    m_message->setVisible(false);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis})
        axis->setTickLabels(true);

    rebuildSeries();
    m_pareto->data()->clear();
    for (const std::size_t index : m_curve.paretoFront) {
        if (index < m_curve.points.size() && drawable(m_curve.points[index]))
            m_pareto->addData(userRate(m_curve.points[index]), deviceRate(m_curve.points[index]));
    }
    const auto current = std::find_if(m_drawn.begin(), m_drawn.end(),
                                      [this](std::size_t i) { return m_curve.points[i].current; });
    for (QCPGraph* graph : {m_current, m_currentHalo}) {
        graph->data()->clear();
        if (current != m_drawn.end())
            graph->addData(userRate(m_curve.points[*current]), deviceRate(m_curve.points[*current]));
    }
    const double boundary = sloBoundary();
    for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{m_sloRegion, m_sloLine})
        item->setVisible(boundary > 0);
    m_sloRegion->topLeft->setCoords(boundary, 0);
    m_sloLine->point1->setCoords(boundary, 0);
    m_sloLine->point2->setCoords(boundary, 1);
    setSelectedIndex(-1);
    fitAxes();
    updateLabelTexts();
    m_plot->legend->setVisible(true);
    updateLegend();

    // Screen readers: how many points, the current one, the front and the targets.
    const auto meeting = std::count_if(m_drawn.begin(), m_drawn.end(), [this](std::size_t i) {
        return m_curve.points[i].point.meetsTargets;
    });
    m_summary = tr("Throughput-latency curve: %1 operating points in %2 splits, %3 on the Pareto front.")
                    .arg(count(static_cast<long long>(m_drawn.size())),
                         count(static_cast<long long>(m_series.size())), count(m_pareto->data()->size()));
    if (!m_currentLabel->text().isEmpty())
        m_summary +=
            QLatin1Char(' ') + QString(m_currentLabel->text()).replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (m_curve.ttftTargetSeconds || m_curve.tpotTargetSeconds)
        m_summary +=
            QLatin1Char(' ') + tr("%1 of %2 points meet the latency targets.")
                                   .arg(count(meeting), count(static_cast<long long>(m_drawn.size())));
    finishUpdate(m_summary);
}

double ThroughputLatencyWidget::sloBoundary() const
{
    const std::optional<double> tpot = m_curve.tpotTargetSeconds;
    return tpot && std::isfinite(*tpot) && *tpot > 0 ? 1.0 / *tpot : 0.0;
}

void ThroughputLatencyWidget::rebuildSeries()
{
    for (const SplitSeries& series : m_series) {
        m_plot->removeGraph(series.meets);
        m_plot->removeGraph(series.misses);
    }
    m_series.clear();
    for (const std::size_t index : m_drawn) {
        const core::ServingCurvePoint& p = m_curve.points[index];
        auto it = std::find_if(m_series.begin(), m_series.end(),
                               [&](const SplitSeries& s) { return s.split == p.split; });
        if (it == m_series.end()) {
            SplitSeries series{p.split, m_plot->addGraph(), m_plot->addGraph()};
            for (QCPGraph* graph : {series.meets, series.misses}) {
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setSelectable(QCP::stNone);
            }
            m_series.push_back(series);
            it = m_series.end() - 1;
        }
        (p.point.meetsTargets ? it->meets : it->misses)->addData(userRate(p), deviceRate(p));
    }
    for (const SplitSeries& series : m_series)
        series.meets->setName(m_series.size() > 1
                                  ? splitText(series.split, true)
                                  : tr("Concurrency 1, 2, 4 … (%1)").arg(splitText(series.split, true)));
}

void ThroughputLatencyWidget::fitAxes()
{
    // Log where the values span a decade or more, else linear from zero. The x range holds the
    // SLO boundary too, with room right of it for the region to show.
    constexpr double kNone = std::numeric_limits<double>::infinity();
    double xLow = kNone, xHigh = 0, yLow = kNone, yHigh = 0;
    for (const std::size_t index : m_drawn) {
        const core::ServingCurvePoint& p = m_curve.points[index];
        xLow = std::min(xLow, userRate(p));
        xHigh = std::max(xHigh, userRate(p));
        yLow = std::min(yLow, deviceRate(p));
        yHigh = std::max(yHigh, deviceRate(p));
    }
    const double boundary = sloBoundary();
    if (boundary > 0)
        xLow = std::min(xLow, boundary);
    const bool xLog = xLow > 0 && xHigh / xLow >= 10;
    if (boundary >= xHigh)
        xHigh = boundary * (xLog ? 1.8 : 1.25);
    const bool yLog = yLow > 0 && yHigh / yLow >= 10;
    auto range = [](bool log, double low, double high) {
        if (log) {
            const double pad = std::max(1.25, std::pow(high / low, 0.06));
            return QCPRange(low / pad, high * pad);
        }
        return QCPRange(0, high > 0 ? high * 1.08 : 1);
    };
    for (auto [axis, log] : {std::pair{m_plot->xAxis, xLog}, std::pair{m_plot->yAxis, yLog}}) {
        axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        axis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new SpacedTicker<RateLogTicker>(axis))
                            : QSharedPointer<QCPAxisTicker>(new SpacedTicker<QCPAxisTicker>(axis)));
        axis->setSubTicks(!log);
    }
    fitView(range(xLog, xLow, xHigh), range(yLog, yLow, yHigh));
}

void ThroughputLatencyWidget::updateLabelTexts()
{
    m_variants.remove(m_currentLabel);
    m_currentLabel->setText(QString());
    const auto current = std::find_if(m_drawn.begin(), m_drawn.end(),
                                      [this](std::size_t i) { return m_curve.points[i].current; });
    if (current != m_drawn.end()) {
        const core::ServingCurvePoint& p = m_curve.points[*current];
        const QString first = tr("Current: concurrency %1").arg(count(p.point.concurrency));
        m_variants.insert(m_currentLabel,
                          {first + QLatin1Char('\n') +
                               tr("%1 tokens/s per user · %2 per device")
                                   .arg(formatNumber(userRate(p)), formatNumber(deviceRate(p))),
                           first, tr("Current")});
        m_currentLabel->setText(m_variants.value(m_currentLabel).value(0));
    }
    const double boundary = sloBoundary();
    if (boundary > 0) {
        const QString full = tr("meets TPOT target (%1: ≥ %2 tokens/s per user)")
                                 .arg(formatSeconds(*m_curve.tpotTargetSeconds), formatNumber(boundary));
        m_variants.insert(m_sloLabel, {full, tr("meets TPOT target")});
        m_sloLabel->setText(full);
    }
}

void ThroughputLatencyWidget::updateLegend()
{
    QCPLegend* legend = m_plot->legend;
    legend->clearItems();
    bool anyMisses = false;
    for (const SplitSeries& series : m_series) {
        if (!series.meets->data()->isEmpty() || m_series.size() > 1)
            series.meets->addToLegend();
        anyMisses = anyMisses || !series.misses->data()->isEmpty();
    }
    if (anyMisses)
        m_missesKey->addToLegend();
    if (!m_pareto->data()->isEmpty())
        m_pareto->addToLegend();
    // As many columns as fit the width, each as wide as its widest entry.
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        widths.push_back(legend->item(i) ? legend->item(i)->minimumOuterSizeHint().width() : 0);
    const int available = m_plot->width() - legend->margins().left() - legend->margins().right() - 12;
    int columns = std::max(1, static_cast<int>(widths.size()));
    for (; columns > 1; --columns) {
        std::vector<int> widest(static_cast<std::size_t>(columns), 0);
        for (std::size_t i = 0; i < widths.size(); ++i)
            widest[i % widest.size()] = std::max(widest[i % widest.size()], widths[i]);
        if (std::accumulate(widest.begin(), widest.end(), (columns - 1) * legend->columnSpacing()) <=
            available)
            break;
    }
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    queueReplot();
}

void ThroughputLatencyWidget::resizeEvent(QResizeEvent* event)
{
    ChartWidget::resizeEvent(event);
    if (hasCurve())
        updateLegend();
}

void ThroughputLatencyWidget::applyPalette()
{
    const auto [text, base, grid, dark] = styleFromPalette(90);
    const double w = presentationScale();
    const QColor grey = QColor::fromRgbF(0.45f * text.redF() + 0.55f * base.redF(),
                                         0.45f * text.greenF() + 0.55f * base.greenF(),
                                         0.45f * text.blueF() + 0.55f * base.blueF());
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const QColor colour = QColor::fromRgb(kSplitColours[i % kSplitColours.size()]);
        const QCPScatterStyle::ScatterShape shape = kSplitShapes[i % kSplitShapes.size()];
        m_series[i].meets->setScatterStyle(
            QCPScatterStyle(shape, QPen(dark ? colour.lighter(120) : colour.darker(130), 1.5 * w),
                            QBrush(colour), kMarkerSize * w));
        // Missed targets: the split's outline, hollow and grey (never colour alone).
        m_series[i].misses->setScatterStyle(
            QCPScatterStyle(shape, QPen(grey, 1.5 * w), QBrush(base), kMarkerSize * w));
    }
    m_missesKey->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(grey, 1.5 * w), QBrush(base), kMarkerSize * w));
    m_pareto->setPen(QPen(text, 2 * w));
    m_currentHalo->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(base, 5 * w), Qt::NoBrush, kRingSize * w));
    m_current->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(text, 2.5 * w), Qt::NoBrush, kRingSize * w));
    m_selection->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare,
                                                 QPen(palette().color(QPalette::Highlight), 2 * w),
                                                 Qt::NoBrush, kSelectionSize * w));

    const QColor slo = QColor::fromRgb(kSloColour);
    QColor fill = slo;
    fill.setAlpha(dark ? 60 : 40);
    m_sloRegion->setPen(Qt::NoPen);
    m_sloRegion->setBrush(fill);
    m_sloLine->setPen(QPen(slo, 1.5 * w, Qt::DashLine));

    QColor labelBackground = base;
    labelBackground.setAlpha(210);
    auto styleLabel = [&](QCPItemText* label, const QColor& colour, bool bold, double pointSize) {
        label->setFont(chartFont(pointSize, bold));
        label->setColor(colour);
        label->setBrush(labelBackground);
        label->setPen(Qt::NoPen);
    };
    styleLabel(m_currentLabel, text, false, kMinimumPointSize);
    styleLabel(m_sloLabel, readableOn(dark ? slo.lighter(130) : slo.darker(130), base), true,
               kMinimumPointSize);
    styleLabel(m_message, text, false, kMinimumPointSize + 2);
    m_message->setBrush(Qt::NoBrush);
    m_currentLeader->setPen(QPen(text, 1));

    m_plot->legend->setFont(chartFont());
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(22, 14);
}

QPointF ThroughputLatencyWidget::pointPixel(std::size_t index) const
{
    if (index >= m_curve.points.size() || !drawable(m_curve.points[index]) || !hasCurve())
        return {};
    const core::ServingCurvePoint& p = m_curve.points[index];
    return {m_plot->xAxis->coordToPixel(userRate(p)), m_plot->yAxis->coordToPixel(deviceRate(p))};
}

QRectF ThroughputLatencyWidget::labelRect(const QCPItemText* label)
{
    if (!label || !label->visible())
        return {};
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

void ThroughputLatencyWidget::placeLabels()
{
    // Axis titles longer than the plot area's side take their short form (axes are drawn next).
    const QRectF area = m_plot->axisRect()->rect();
    const QFontMetricsF metrics(m_plot->xAxis->labelFont());
    const QString xTitle = tr("Output tokens/s per user"), yTitle = tr("Output tokens/s per device");
    m_plot->xAxis->setLabel(metrics.horizontalAdvance(xTitle) <= area.width() ? xTitle
                                                                              : tr("Tokens/s per user"));
    m_plot->yAxis->setLabel(metrics.horizontalAdvance(yTitle) <= area.height() ? yTitle
                                                                               : tr("Tokens/s per device"));
    m_currentLeader->setVisible(false);
    if (!hasCurve()) {
        m_currentLabel->setVisible(false);
        m_sloLabel->setVisible(false);
        return;
    }
    const double w = presentationScale();
    LabelPlacer placer(area);
    // Markers, the front and the boundary are obstacles; a label may touch what it names.
    int currentIndex = -1;
    for (const std::size_t index : m_drawn) {
        const bool current = m_curve.points[index].current && currentIndex < 0;
        if (current)
            currentIndex = static_cast<int>(index);
        const double half = (current ? kRingSize : kMarkerSize) * w / 2 + 2;
        const QPointF p = pointPixel(index);
        placer.addRect(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half), current ? kOwnerCurrent : -1,
                       LabelPlacer::kCostMarker);
    }
    const QCPGraphDataContainer& front = *m_pareto->data();
    auto frontPixel = [&](int i) {
        return QPointF(m_plot->xAxis->coordToPixel(front.at(i)->key),
                       m_plot->yAxis->coordToPixel(front.at(i)->value));
    };
    for (int i = 0; i + 1 < front.size(); ++i)
        placer.addSegment(frontPixel(i), frontPixel(i + 1), -1, LabelPlacer::kCostLine);
    const double boundary = sloBoundary();
    const double lineX = boundary > 0 ? m_plot->xAxis->coordToPixel(boundary) : 0;
    if (boundary > 0 && lineX >= area.left() && lineX <= area.right())
        placer.addSegment({lineX, area.top()}, {lineX, area.bottom()}, kOwnerSlo, LabelPlacer::kCostLine);

    // The current point's label first, then the region's.
    if (currentIndex >= 0) {
        const QPointF p = pointPixel(static_cast<std::size_t>(currentIndex));
        const double distance = kRingSize * w / 2 + 4;
        const QRectF box = placeTextItem(placer, m_currentLabel, m_variants.value(m_currentLabel),
                                         kOwnerCurrent, LabelPlacer::aroundPoint(p, distance, 5), true)
                               .boundingRect();
        const QPointF nearest(std::clamp(p.x(), box.left(), box.right()),
                              std::clamp(p.y(), box.top(), box.bottom()));
        const QLineF leader(p, nearest);
        if (!box.isEmpty() && leader.length() > distance + 10) {
            m_currentLeader->start->setType(QCPItemPosition::ptAbsolute);
            m_currentLeader->end->setType(QCPItemPosition::ptAbsolute);
            m_currentLeader->start->setCoords(leader.pointAt((kRingSize * w / 2 + 1) / leader.length()));
            m_currentLeader->end->setCoords(nearest);
            m_currentLeader->setVisible(true);
        }
    } else {
        m_currentLabel->setVisible(false);
    }
    if (boundary <= 0) {
        m_sloLabel->setVisible(false);
        return;
    }
    // Inside the region, along its top or bottom; where the region is narrower than the short
    // text (or right of the view), left of its boundary with an arrow pointing into it.
    QStringList variants = m_variants.value(m_sloLabel);
    const double left = std::max(lineX, area.left()) + 4;
    const double right = area.right() - 4;
    std::vector<LabelPlacer::Candidate> candidates;
    if (right - left >= textBoxSize(m_sloLabel, variants.value(variants.size() - 1)).width()) {
        // Only the texts that fit between the boundary and the edge (the shortest does).
        const QString shortest = variants.takeLast();
        variants.removeIf(
            [&](const QString& v) { return textBoxSize(m_sloLabel, v).width() > right - left; });
        variants.append(shortest);
        int penalty = 0;
        for (const double y : {area.top() + 4, area.bottom() - 4}) {
            const Qt::Alignment vertical = y < area.center().y() ? Qt::AlignTop : Qt::AlignBottom;
            candidates.push_back({{left, y}, Qt::AlignLeft | vertical, 0, penalty});
            candidates.push_back({{right, y}, Qt::AlignRight | vertical, 0, penalty + 1});
            penalty += 2;
        }
        for (const double f : {0.25, 0.5, 0.75})
            candidates.push_back(
                {{left, area.top() + f * area.height()}, Qt::AlignLeft | Qt::AlignVCenter, 0, 5});
    } else {
        for (QString& variant : variants)
            variant = tr("%1 →").arg(variant);
        const double x = std::min(lineX, area.right()) - 4;
        candidates = {{{x, area.top() + 4}, Qt::AlignRight | Qt::AlignTop, 0, 0},
                      {{x, area.bottom() - 4}, Qt::AlignRight | Qt::AlignBottom, 0, 1},
                      {{x, area.center().y()}, Qt::AlignRight | Qt::AlignVCenter, 0, 2}};
    }
    placeTextItem(placer, m_sloLabel, variants, kOwnerSlo, candidates, true);
}

QString ThroughputLatencyWidget::pointDescription(std::size_t index) const
{
    if (index >= m_curve.points.size() || !hasCurve())
        return {};
    const core::ServingCurvePoint& c = m_curve.points[index];
    const core::ServingPoint& p = c.point;
    QStringList lines;
    lines << tr("Concurrency %1").arg(count(p.concurrency));
    if (p.running < p.concurrency)
        lines.back() += QLatin1Char(' ') +
                        tr("(%1 running, %2 queued)").arg(count(p.running), count(p.concurrency - p.running));
    lines << tr("Split: %1").arg(splitText(c.split, false));
    lines << tr("TTFT users see %1 (p90 %2)")
                 .arg(formatSeconds(p.ttftSeconds), formatSeconds(p.ttftP90Seconds));
    lines << tr("TPOT users see %1 (p90 %2)")
                 .arg(formatSeconds(p.tpotSeconds), formatSeconds(p.tpotP90Seconds));
    lines << tr("%1 output tokens/s per user").arg(formatNumber(p.outputTokensPerSecondPerUser));
    lines << tr("%1 output tokens/s per device").arg(formatNumber(p.outputTokensPerSecondPerDevice));
    if (m_curve.ttftTargetSeconds || m_curve.tpotTargetSeconds)
        lines << (p.meetsTargets ? tr("Meets the latency targets (p90)")
                                 : tr("Misses the latency targets (p90)"));
    if (c.pareto)
        lines << tr("On the Pareto front");
    if (c.current)
        lines << tr("The scenario's own concurrency and split");
    lines << tr("Click to use this concurrency and split");
    return lines.join(QLatin1Char('\n'));
}

int ThroughputLatencyWidget::pointAt(const QPointF& pixel) const
{
    if (!hasCurve() || !m_plot->axisRect()->rect().contains(pixel.toPoint()))
        return -1;
    const double reach = kMarkerSize * presentationScale() / 2 + kPickReach;
    int best = -1;
    double bestDistance = reach * reach;
    for (const std::size_t index : m_drawn) {
        const QPointF d = pointPixel(index) - pixel;
        if (QPointF::dotProduct(d, d) <= bestDistance)
            std::tie(bestDistance, best) = std::pair(QPointF::dotProduct(d, d), static_cast<int>(index));
    }
    return best;
}

void ThroughputLatencyWidget::onMousePress(QMouseEvent* event)
{
    m_clickArmed = event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ShiftModifier);
    m_pressPixel = event->position();
}

void ThroughputLatencyWidget::onMouseRelease(QMouseEvent* event)
{
    // A press and release in place (the slop a pan allows) is a click; a drag panned.
    const QPointF moved = event->position() - m_pressPixel;
    const bool click = m_clickArmed && event->button() == Qt::LeftButton &&
                       std::abs(moved.x()) + std::abs(moved.y()) <= kClickSlopPixels;
    m_clickArmed = false;
    if (click)
        pick(pointAt(event->position()));
}

void ThroughputLatencyWidget::onMouseMove(QMouseEvent* event)
{
    const int index = pointAt(event->position());
    m_plot->setToolTip(index >= 0 ? pointDescription(static_cast<std::size_t>(index)) : QString());
}

void ThroughputLatencyWidget::pick(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_curve.points.size())
        return;
    setSelectedIndex(index);
    const core::ServingCurvePoint& p = m_curve.points[static_cast<std::size_t>(index)];
    emit concurrencyPicked(p.point.concurrency, p.split);
}

void ThroughputLatencyWidget::setSelectedIndex(int index)
{
    const bool valid = index >= 0 && std::find(m_drawn.begin(), m_drawn.end(),
                                               static_cast<std::size_t>(index)) != m_drawn.end();
    m_selected = valid ? index : -1;
    m_selection->data()->clear();
    if (m_selected >= 0) {
        const core::ServingCurvePoint& p = m_curve.points[static_cast<std::size_t>(m_selected)];
        m_selection->addData(userRate(p), deviceRate(p));
    }
    queueReplot();
}

bool ThroughputLatencyWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::KeyPress && handleKey(static_cast<QKeyEvent*>(event)))
        return true;
    return ChartWidget::eventFilter(watched, event);
}

bool ThroughputLatencyWidget::handleKey(QKeyEvent* event)
{
    if (!hasCurve() || (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier)))
        return false;
    const int key = event->key();
    if (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Space) {
        pick(m_selected);
        return m_selected >= 0;
    }
    if (key == Qt::Key_Escape && m_selected >= 0) {
        setSelectedIndex(-1);
        return true;
    }
    // Left/Right walk the points by tokens/s per user, Up/Down by tokens/s per device; the walk
    // starts at the current point.
    std::vector<std::size_t> order = m_drawn;
    if (key == Qt::Key_Up || key == Qt::Key_Down)
        std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
            return deviceRate(m_curve.points[a]) < deviceRate(m_curve.points[b]);
        });
    int position = -1;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::size_t index = order[i];
        if (m_selected >= 0 ? static_cast<int>(index) == m_selected : m_curve.points[index].current)
            position = static_cast<int>(i);
    }
    const int last = static_cast<int>(order.size()) - 1;
    int next = -1;
    if (key == Qt::Key_Right || key == Qt::Key_Up)
        next = position < 0 ? 0 : std::min(position + (m_selected >= 0 ? 1 : 0), last);
    else if (key == Qt::Key_Left || key == Qt::Key_Down)
        next = position < 0 ? last : std::max(position - (m_selected >= 0 ? 1 : 0), 0);
    else if (key == Qt::Key_Home)
        next = 0;
    else if (key == Qt::Key_End)
        next = last;
    else
        return false;
    setSelectedIndex(static_cast<int>(order[static_cast<std::size_t>(next)]));
    const QString description = pointDescription(static_cast<std::size_t>(m_selected));
    m_plot->setToolTip(description);
    QToolTip::showText(m_plot->mapToGlobal(pointPixel(static_cast<std::size_t>(m_selected)).toPoint()),
                       description, m_plot);
    return true;
}

} // namespace lhe::widgets
