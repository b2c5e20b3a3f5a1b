#include "widgets/charts/chart_widget.h"

#include "widgets/charts/buffered_plot.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/static_layers_key.h"
#include "widgets/common/theme.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <QWindow>
#include <algorithm>
#include <cmath>
#include <utility>

namespace lhe::widgets {

namespace {

QCPRange toRange(double lower, double upper)
{
    return QCPRange(lower, upper);
}

// The centre of the axis range as drawn: the arithmetic mean on a linear axis, the geometric
// mean on a log axis (QCPAxis::scaleRange(factor) alone would use the arithmetic one on both).
double drawnCentre(const QCPAxis* axis)
{
    const QCPRange range = axis->range();
    if (axis->scaleType() == QCPAxis::stLinear)
        return range.center();
    const double centre = std::sqrt(range.lower * range.upper); // same sign on a valid log range
    return range.upper < 0 ? -centre : centre;
}

// Equal within 1e-9 of the range's width (linear) or of its decades (log): a zoom in and out
// again lands back on the fit up to rounding.
bool sameRange(const QCPAxis* axis, const QCPRange& a, const QCPRange& b)
{
    if (axis->scaleType() == QCPAxis::stLogarithmic && a.lower * b.lower > 0 && a.upper * b.upper > 0) {
        const double tolerance = 1e-9 * std::abs(std::log(b.upper / b.lower));
        return std::abs(std::log(a.lower / b.lower)) <= tolerance &&
               std::abs(std::log(a.upper / b.upper)) <= tolerance;
    }
    const double tolerance = 1e-9 * std::abs(b.upper - b.lower);
    return std::abs(a.lower - b.lower) <= tolerance && std::abs(a.upper - b.upper) <= tolerance;
}

// What QCustomPlot::updateLayout() does (new ticks, margins for their labels, the elements'
// places), without its afterLayout signal.
void layOut(QCustomPlot& plot)
{
    for (const auto phase :
         {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot.plotLayout()->update(phase);
}

double g_presentationScale = 1.0;

// The locale the plot formats tick labels with. QCustomPlot's "beautiful powers" (10¹⁶ rather
// than 1E+16 on the log axes) look for a lowercase 'e', which Qt 6 writes only in the C locale
// (en_US and zh_CN write 'E'). Locales that write numbers as C does (decimal point '.', group
// ',', ASCII digits) get C with grouping: the same digits and powers of ten; others (a decimal
// comma) keep their own numbers.
QLocale plotLocale(const QLocale& locale)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // C omits group separators by default
    if (locale.decimalPoint() != c.decimalPoint() || locale.groupSeparator() != c.groupSeparator() ||
        locale.zeroDigit() != c.zeroDigit())
        return locale;
    return c;
}

} // namespace

void ChartWidget::setPresentationScale(double scale)
{
    g_presentationScale = scale > 0 ? scale : 1.0;
}

double ChartWidget::presentationScale()
{
    return g_presentationScale;
}

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent), m_plot(new BufferedPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setLocale(plotLocale(locale()));
    // QCustomPlot repaints at once after every replot by default (phImmediateRefresh): each chart
    // then painted and flushed the window on its own, up to four times per slider step. Without
    // it the replots mark the plots dirty and Qt paints the window once, on its next frame.
    m_plot->setPlottingHint(QCP::phImmediateRefresh, false);
    // The plot fills its whole rectangle with the chart background (styleAxes): nothing under it
    // needs painting first.
    m_plot->setAttribute(Qt::WA_OpaquePaintEvent);
    // QCustomPlot keeps its "overlay" layer (where a zoom rectangle is dragged) in a buffer of its
    // own, cleared on every replot and blended over the chart on every paint though it is empty
    // but for the drag. Drawn into the one buffer instead, a drag replots the chart.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    // Zoom and pan are done here rather than by QCP::iRangeZoom | iRangeDrag: QCustomPlot pans on
    // the first pixel of movement (a click jitters the view) and cannot tell a user's range change
    // from a report's.
    connect(m_plot, &QCustomPlot::mousePress, this, &ChartWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ChartWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &ChartWidget::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseWheel, this, &ChartWidget::onWheel);
    // A full replot draws whatever step was queued before it started.
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { m_stepQueued = false; });
    // QCustomPlot makes the ticks before it lays the plot out, that is for the last layout's size,
    // and the labels are spaced for it (SpacedTicker); a chart may also fit its ranges to the
    // size it got (laidOut). Where the ticks no longer match, the plot is laid out once more,
    // before anything is drawn, rather than drawn twice.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        laidOut();
        m_laidOutTwice = ticksStale();
        if (m_laidOutTwice) {
            layOut(*m_plot);
            laidOut();
        }
    });
    // Whatever asked for it, a full replot draws the static layers anew: remember what they show.
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] {
        if (!m_stepLayers.isEmpty())
            m_drawnStaticKey = staticLayersKey(*m_plot, m_stepLayers).value_or(QByteArray());
        // The second layout's labels can in turn take other margins (wider or narrower labels),
        // which space them otherwise again: then the plot is drawn once more, once.
        const bool corrected = std::exchange(m_correctingTicks, false);
        if (std::exchange(m_laidOutTwice, false) && !corrected && ticksStale()) {
            m_correctingTicks = true;
            queueReplot();
        }
    });
}

bool ChartWidget::ticksStale() const
{
    for (QCPAxisRect* rect : m_plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || axis->range().size() <= 0)
                continue;
            QVector<double> ticks;
            QVector<QString> labels;
            const QString format = axis->numberFormat();
            axis->ticker()->generate(axis->range(), m_plot->locale(),
                                     format.isEmpty() ? QChar(u'g') : format.at(0), axis->numberPrecision(),
                                     ticks, nullptr, axis->tickLabels() ? &labels : nullptr);
            if (ticks != axis->tickVector() || (axis->tickLabels() && labels != axis->tickVectorLabels()))
                return true;
        }
    }
    return false;
}

void ChartWidget::setStepLayers(const QList<QCPLayer*>& layers)
{
    // With the cached text and legend items, what these save is GUI-thread CPU per slider step
    // p50 4.44 -> 3.96 ms at 1280x800 (docs/PERFORMANCE.md, 2026-12-07).
    // On top of every other layer, in the order given: all the static layers then share one
    // buffer (QCustomPlot starts a new buffer after each buffered layer), and a paint blends one
    // buffer more per step layer. Axes, legend and overlay drawn under the labels and markers
    // change nothing, for these stay inside the axis rectangle.
    for (QCPLayer* layer : layers) {
        m_plot->moveLayer(layer, m_plot->layer(m_plot->layerCount() - 1), QCustomPlot::limAbove);
        layer->setMode(QCPLayer::lmBuffered); // QCPLayer::replot() redraws only a buffered layer
    }
    m_stepLayers = layers;
    m_drawnStaticKey.clear();
}

bool ChartWidget::stepLayersHoldAnAxis() const
{
    for (QCPAxisRect* rect : m_plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            if (drawnOnStepLayers(*axis, m_stepLayers))
                return true;
        }
    }
    return false;
}

void ChartWidget::queueReplot()
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool ChartWidget::replotPending() const
{
    return m_stepQueued || static_cast<const BufferedPlot*>(m_plot)->replotQueued();
}

void ChartWidget::replotStep()
{
    if (!std::exchange(m_stepQueued, false))
        return; // a full replot ran first
    if (!isVisible())
        return; // showEvent replots whole
    // An axis drawn on the step layers moves with them: the plot is laid out for its new range
    // first (new ticks, and the margin their labels need), so that the key sees whether the axis
    // rectangle moved. QCustomPlot::replot() lays out the same way (updateLayout()).
    if (stepLayersHoldAnAxis())
        layOut(*m_plot);
    const auto unchanged = [this] {
        const std::optional<QByteArray> key = staticLayersKey(*m_plot, m_stepLayers);
        return key && !m_drawnStaticKey.isEmpty() && *key == m_drawnStaticKey;
    };
    if (unchanged()) {
        prepareStepReplot();
        if (unchanged()) {
            for (QCPLayer* layer : m_stepLayers)
                layer->replot(); // falls back to a full replot while buffers are invalidated
            return;
        }
    }
    m_plot->replot(QCustomPlot::rpRefreshHint);
}

void ChartWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // QCustomPlot replots as it is resized (and once more where the new size spaces the tick
    // labels otherwise, ticksStale); the first size is drawn once the chart is laid out.
    if (!event->oldSize().isValid())
        queueReplot();
}

void replotSettled(QCustomPlot* plot)
{
    const QRect before = plot->axisRect()->rect();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    if (plot->axisRect()->rect() != before)
        plot->replot(QCustomPlot::rpImmediateRefresh);
}

void ChartWidget::fitAxisTitle(QCPAxis* axis, const QString& longTitle, const QString& shortTitle,
                               double room)
{
    const bool fits = QFontMetricsF(axis->labelFont()).horizontalAdvance(longTitle) <= room;
    const QString& title = fits ? longTitle : shortTitle;
    if (axis->label() != title)
        axis->setLabel(title);
}

QFont ChartWidget::chartFont(double pointSize, bool bold) const
{
    QFont result = font();
    const double minimum = pointSize * g_presentationScale;
    if (result.pointSizeF() < minimum)
        result.setPointSizeF(minimum);
    result.setBold(bold);
    return result;
}

ChartWidget::Colours ChartWidget::styleFromPalette(int gridAlpha)
{
    const QPalette pal = palette();
    Colours colours{pal.color(QPalette::Text), pal.color(QPalette::Base), pal.color(QPalette::Mid), false};
    colours.dark = colours.base.lightnessF() < colours.text.lightnessF();
    // Dark palettes keep Qt's bevel order, which puts Mid below Button: nearly the base itself.
    if (contrastRatio(colours.grid, colours.base) < 1.5) {
        const double t = 0.45; // share of the text colour
        colours.grid =
            QColor::fromRgbF(static_cast<float>(t * colours.text.redF() + (1 - t) * colours.base.redF()),
                             static_cast<float>(t * colours.text.greenF() + (1 - t) * colours.base.greenF()),
                             static_cast<float>(t * colours.text.blueF() + (1 - t) * colours.base.blueF()));
    }
    colours.grid.setAlpha(gridAlpha);
    styleAxes(colours.base, colours.text, colours.grid, chartFont());
    return colours;
}

void ChartWidget::styleAxes(const QColor& background, const QColor& text, const QColor& grid,
                            const QFont& labelFont)
{
    m_plot->setBackground(background);
    const double width = presentationScale();
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text, width));
        axis->setTickPen(QPen(text, width));
        axis->setSubTickPen(QPen(text, width));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setLabelFont(labelFont);
        axis->setTickLabelFont(labelFont);
        axis->grid()->setPen(QPen(grid, width, Qt::DotLine));
    }
    // The lowest y tick label is centred on the axis rect's bottom edge, half a line below it; an x
    // tick label at the left corner (a range starting on a decade) would touch it. The x labels
    // start below that half line.
    const int halfLine = static_cast<int>(std::ceil(QFontMetricsF(labelFont).height() / 2));
    m_plot->xAxis->setTickLabelPadding(std::max(5, halfLine + 2));
}

void ChartWidget::fitView(const QCPRange& x, const QCPRange& y)
{
    m_fittedX = {x.lower, x.upper};
    m_fittedY = {y.lower, y.upper};
    m_hasFit = true;
    const bool keepX = m_zoomed && m_zoomable.testFlag(Qt::Horizontal);
    const bool keepY = m_zoomed && m_zoomable.testFlag(Qt::Vertical);
    m_plot->xAxis->setRange(keepX ? toRange(m_viewX.lower, m_viewX.upper) : x);
    m_plot->yAxis->setRange(keepY ? toRange(m_viewY.lower, m_viewY.upper) : y);
}

void ChartWidget::zoomIn()
{
    scaleView(1.0 / kZoomStep, nullptr);
}

void ChartWidget::zoomOut()
{
    scaleView(kZoomStep, nullptr);
}

void ChartWidget::resetView()
{
    if (!m_hasFit)
        return;
    m_plot->xAxis->setRange(m_fittedX.lower, m_fittedX.upper);
    m_plot->yAxis->setRange(m_fittedY.lower, m_fittedY.upper);
    queueReplot();
    if (m_zoomed) {
        m_zoomed = false;
        emit viewChanged(false);
    }
}

QList<QCPAxis*> ChartWidget::viewAxes() const
{
    QList<QCPAxis*> axes;
    if (m_zoomable.testFlag(Qt::Horizontal))
        axes << m_plot->xAxis;
    if (m_zoomable.testFlag(Qt::Vertical))
        axes << m_plot->yAxis;
    return axes;
}

void ChartWidget::scaleView(double factor, const QPointF* anchorPixel)
{
    if (!m_hasFit)
        return;
    for (QCPAxis* axis : viewAxes()) {
        const double centre =
            anchorPixel ? axis->pixelToCoord(axis->orientation() == Qt::Horizontal ? anchorPixel->x()
                                                                                   : anchorPixel->y())
                        : drawnCentre(axis);
        axis->scaleRange(factor, centre); // in log space on a log axis
    }
    userChangedView();
    queueReplot();
}

void ChartWidget::userChangedView()
{
    m_viewX = {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper};
    m_viewY = {m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
    const bool zoomed =
        !sameRange(m_plot->xAxis, m_plot->xAxis->range(), toRange(m_fittedX.lower, m_fittedX.upper)) ||
        !sameRange(m_plot->yAxis, m_plot->yAxis->range(), toRange(m_fittedY.lower, m_fittedY.upper));
    if (zoomed != m_zoomed) {
        m_zoomed = zoomed;
        emit viewChanged(zoomed);
    }
}

bool ChartWidget::pressPans(const QMouseEvent* event) const
{
    const bool left = event->button() == Qt::LeftButton;
    return event->button() == Qt::MiddleButton ||
           (left && (m_leftDragPans || (event->modifiers() & Qt::ShiftModifier)));
}

void ChartWidget::onMousePress(QMouseEvent* event)
{
    m_panArmed = m_hasFit && !viewAxes().isEmpty() && pressPans(event) &&
                 m_plot->axisRect()->rect().contains(event->position().toPoint());
    m_panning = false;
    if (!m_panArmed)
        return;
    m_panStartPixel = event->position();
    m_panStartX = {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper};
    m_panStartY = {m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
}

void ChartWidget::onMouseMove(QMouseEvent* event)
{
    if (!m_panArmed || !(event->buttons() & (Qt::LeftButton | Qt::MiddleButton)))
        return;
    const QPointF delta = event->position() - m_panStartPixel;
    if (!m_panning) {
        if (std::abs(delta.x()) + std::abs(delta.y()) <= kClickSlopPixels)
            return;
        m_panning = true;
        m_plot->setCursor(Qt::ClosedHandCursor);
    }
    // The data point under the press moves with the cursor: shift each axis from where the drag
    // began by the coordinate difference of the two pixels (a ratio on log axes).
    for (QCPAxis* axis : viewAxes()) {
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        const AxisRange& start = horizontal ? m_panStartX : m_panStartY;
        axis->setRange(start.lower, start.upper);
        const double from = axis->pixelToCoord(horizontal ? m_panStartPixel.x() : m_panStartPixel.y());
        const double to = axis->pixelToCoord(horizontal ? event->position().x() : event->position().y());
        if (axis->scaleType() == QCPAxis::stLogarithmic)
            axis->setRange(start.lower * from / to, start.upper * from / to);
        else
            axis->setRange(start.lower + from - to, start.upper + from - to);
    }
    userChangedView();
    queueReplot();
}

void ChartWidget::onMouseRelease(QMouseEvent*)
{
    if (m_panning)
        m_plot->unsetCursor();
    m_panArmed = false;
    m_panning = false;
}

void ChartWidget::onWheel(QWheelEvent* event)
{
    const QPointF position = event->position();
    if (!m_hasFit || viewAxes().isEmpty() || !m_plot->axisRect()->rect().contains(position.toPoint()))
        return;
    // One notch (120 eighths of a degree) is one zoom step; touchpads send fractions of it.
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0)
        scaleView(std::pow(kZoomStep, -notches), &position);
}

void ChartWidget::finishUpdate(const QString& summary)
{
    setAccessibleDescription(summary);
    m_plot->setAccessibleDescription(summary);
    // The plot takes focus on click (QCustomPlot's default): a screen reader then names it as the
    // chart it draws.
    m_plot->setAccessibleName(accessibleName());
    applyPalette();
    // A hidden chart (the roofline while the design-space tab is shown) replots when it is shown
    // (showEvent): a replot lays out and draws every layer whether or not anyone sees it.
    if (!isVisible())
        return;
    if (m_stepLayers.isEmpty()) {
        queueReplot();
    } else if (!m_stepQueued) {
        // Queued as QCustomPlot queues its own replot (Qt 6's QTimer::singleShot(0, receiver,
        // SLOT(...)) posts a queued call): several reports, one replot, in the order of the
        // posted events, ahead of the window's update request, which Qt posts at low priority.
        m_stepQueued = true;
        QMetaObject::invokeMethod(this, &ChartWidget::replotStep, Qt::QueuedConnection);
    }
}

void ChartWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::LocaleChange) {
        m_plot->setLocale(plotLocale(locale()));
        applyPalette();
        queueReplot();
    } else if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        applyPalette();
        queueReplot();
    }
    QWidget::changeEvent(event);
}

void ChartWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_plot->setAccessibleName(accessibleName()); // set by the owner after construction
    // Drawn now rather than queued: a chart that was hidden (another tab) skipped its replots, and
    // its first frame must not be a stale one.
    m_plot->setBufferDevicePixelRatio(devicePixelRatioF());
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
    if (QWindow* window = this->window()->windowHandle())
        connect(window, &QWindow::screenChanged, this, &ChartWidget::refreshPixelRatio, Qt::UniqueConnection);
}

void ChartWidget::refreshPixelRatio()
{
    m_plot->setBufferDevicePixelRatio(devicePixelRatioF());
    queueReplot();
}

} // namespace lhe::widgets
