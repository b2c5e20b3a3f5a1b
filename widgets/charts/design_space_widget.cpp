#include "widgets/charts/design_space_widget.h"

#include "widgets/charts/chart_palette.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/static_layers_key.h"
#include "widgets/common/value_format.h"
#include "widgets/layout/layout_fence.h"
#include "widgets/layout/wrapped_label.h"

#include <QButtonGroup>
#include <QDataStream>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

using core::CellVerdict;
using core::RooflinePhase;

namespace {

constexpr double kMarkerSize = 15; // px, the current-scenario ring

// Hatch lines a little lighter than the fill on dark fills, darker on light ones.
QColor hatchColour(const QColor& fill)
{
    return fill.lightnessF() < 0.5 ? fill.lighter(160) : fill.darker(135);
}

// Tick labels: batch as plain integers (1 ... 4096); tokens with binary k/M (1k = 1,024 tokens,
// as context lengths are quoted: "128k").
QString batchTick(double octave)
{
    return QString::number(static_cast<qlonglong>(std::llround(std::exp2(octave))));
}

QString tokenTick(double octave)
{
    const long long value = std::llround(std::exp2(octave));
    if (value >= (1LL << 20) && value % (1LL << 20) == 0)
        return DesignSpaceWidget::tr("%1M").arg(value >> 20);
    if (value >= 1024 && value % 1024 == 0)
        return DesignSpaceWidget::tr("%1k").arg(value >> 10);
    return QString::number(value);
}

QString count(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

} // namespace

// The cells of one verdict, as filled (and for offload, hatched) rectangles: one plottable per
// verdict gives each its legend entry. Horizontal runs of equal cells are filled at once.
class VerdictCells : public QCPAbstractPlottable, public StaticKeyed
{
public:
    VerdictCells(QCPAxis* keyAxis, QCPAxis* valueAxis, CellVerdict verdict)
        : QCPAbstractPlottable(keyAxis, valueAxis), m_verdict(verdict)
    {
        setAntialiased(false);
        setAntialiasedFill(false);
        setSelectable(QCP::stNone);
        setPen(Qt::NoPen);
    }

    void setMap(const core::DesignSpaceMap* map) { m_map = map; }
    void setHatch(const QBrush& hatch) { m_hatch = hatch; }

    void writeStaticKey(QDataStream& out) const override
    {
        out << static_cast<int>(m_hatch.style()) << m_hatch.color().rgba() << (m_map != nullptr);
        if (!m_map)
            return;
        out << static_cast<quint64>(m_map->columns());
        for (const double edge : m_map->batchEdges)
            out << edge;
        for (const double edge : m_map->sequenceEdges)
            out << edge;
        for (const CellVerdict verdict : m_map->verdicts)
            out << (verdict == m_verdict); // only its own cells are drawn
    }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override
    {
        foundRange = m_map && !m_map->batchEdges.empty();
        return foundRange ? QCPRange(m_map->batchEdges.front(), m_map->batchEdges.back()) : QCPRange();
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override
    {
        foundRange = m_map && !m_map->sequenceEdges.empty();
        return foundRange ? QCPRange(m_map->sequenceEdges.front(), m_map->sequenceEdges.back()) : QCPRange();
    }

protected:
    void draw(QCPPainter* painter) override
    {
        if (!m_map || m_map->verdicts.empty())
            return;
        // Whole-pixel edges: neighbouring cells share an edge exactly, with no seam or overlap.
        std::vector<double> xs;
        for (double e : m_map->batchEdges)
            xs.push_back(std::round(keyAxis()->coordToPixel(e)));
        std::vector<double> ys;
        for (double e : m_map->sequenceEdges)
            ys.push_back(std::round(valueAxis()->coordToPixel(e)));
        applyDefaultAntialiasingHint(painter);
        painter->setPen(Qt::NoPen);
        const std::size_t columns = m_map->columns();
        for (std::size_t r = 0; r < m_map->rows(); ++r) {
            for (std::size_t c = 0; c < columns;) {
                if (m_map->verdict(c, r) != m_verdict) {
                    ++c;
                    continue;
                }
                std::size_t end = c + 1;
                while (end < columns && m_map->verdict(end, r) == m_verdict)
                    ++end;
                const QRectF rect = QRectF(QPointF(xs[c], ys[r + 1]), QPointF(xs[end], ys[r])).normalized();
                painter->fillRect(rect, brush());
                if (m_hatch.style() != Qt::NoBrush)
                    painter->fillRect(rect, m_hatch);
                c = end;
            }
        }
    }

    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override
    {
        painter->setPen(Qt::NoPen);
        painter->fillRect(rect, brush());
        if (m_hatch.style() != Qt::NoBrush)
            painter->fillRect(rect, m_hatch);
    }

private:
    const core::DesignSpaceMap* m_map = nullptr;
    CellVerdict m_verdict;
    QBrush m_hatch;
};

// Polylines along cell edges (the out-of-memory boundary, the crossover), drawn over a halo in
// the background colour so they stay visible on every cell colour.
class MapLines : public QCPAbstractPlottable, public StaticKeyed
{
public:
    MapLines(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(keyAxis, valueAxis)
    {
        setAntialiased(false);
        setSelectable(QCP::stNone);
    }

    void setLines(const std::vector<core::MapPolyline>* lines) { m_lines = lines; }
    const std::vector<core::MapPolyline>* lines() const { return m_lines; }
    void setHalo(const QPen& halo) { m_halo = halo; }

    void writeStaticKey(QDataStream& out) const override
    {
        out << m_halo.color().rgba() << m_halo.widthF() << static_cast<int>(m_halo.style())
            << static_cast<int>(m_halo.capStyle()) << m_halo.dashPattern() << (m_lines != nullptr);
        if (!m_lines)
            return;
        for (const core::MapPolyline& line : *m_lines) {
            out << static_cast<quint64>(line.size());
            for (const core::MapPoint& p : line)
                out << p.x << p.y;
        }
    }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override
    {
        foundRange = false;
        return {};
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override
    {
        foundRange = false;
        return {};
    }

protected:
    void draw(QCPPainter* painter) override
    {
        if (!m_lines)
            return;
        applyDefaultAntialiasingHint(painter);
        painter->setBrush(Qt::NoBrush);
        for (const QPen& pen : {m_halo, this->pen()}) {
            painter->setPen(pen);
            for (const core::MapPolyline& line : *m_lines) {
                QPolygonF polygon;
                for (const core::MapPoint& p : line)
                    polygon << QPointF(std::round(keyAxis()->coordToPixel(p.x)),
                                       std::round(valueAxis()->coordToPixel(p.y)));
                painter->drawPolyline(polygon);
            }
        }
    }

    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override
    {
        const double y = std::round(rect.center().y());
        for (const QPen& pen : {m_halo, this->pen()}) {
            painter->setPen(pen);
            painter->drawLine(QLineF(rect.left(), y, rect.right(), y));
        }
    }

private:
    const std::vector<core::MapPolyline>* m_lines = nullptr;
    QPen m_halo;
};

DesignSpaceWidget::DesignSpaceWidget(QWidget* parent) : ChartWidget(parent)
{
    setAccessibleName(tr("Design-space map"));

    // Phase selector above the map.
    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 2, 6, 0);
    m_phaseCaption = new QLabel(this);
    m_decodeRadio = new QRadioButton(this);
    m_prefillRadio = new QRadioButton(this);
    m_decodeRadio->setObjectName(QStringLiteral("designSpaceDecodeRadio"));
    m_prefillRadio->setObjectName(QStringLiteral("designSpacePrefillRadio"));
    m_decodeRadio->setChecked(true);
    auto* group = new QButtonGroup(this);
    group->addButton(m_decodeRadio);
    group->addButton(m_prefillRadio);
    header->addWidget(m_phaseCaption);
    header->addWidget(m_decodeRadio);
    header->addWidget(m_prefillRadio);
    header->addStretch(1);
    connect(m_decodeRadio, &QRadioButton::toggled, this, [this](bool checked) {
        if (checked)
            setRequestedPhase(RooflinePhase::Decode);
    });
    connect(m_prefillRadio, &QRadioButton::toggled, this, [this](bool checked) {
        if (checked)
            setRequestedPhase(RooflinePhase::Prefill);
    });

    // Read-outs below the map.
    auto* readouts = new QVBoxLayout;
    readouts->setContentsMargins(6, 0, 6, 4);
    readouts->setSpacing(1);
    const char* names[] = {"maxBatchLabel", "maxContextLabel", "devicesNeededLabel"};
    for (std::size_t i = 0; i < m_readouts.size(); ++i) {
        auto* label = new WrappedLabel(this);
        label->setObjectName(QString::fromLatin1(names[i]));
        label->setTextFormat(Qt::RichText);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
        readouts->addWidget(new LayoutFence(label, this)); // new figures, same lines: no relayout
        m_readouts[i] = label;
    }

    auto* column = static_cast<QVBoxLayout*>(layout());
    column->insertLayout(0, header);
    column->addLayout(readouts);
    column->setStretchFactor(m_plot, 1); // the map takes the height the header and read-outs leave

    // Cells, then the two boundaries, then the current point (drawing order = creation order).
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    for (int v = 0; v < core::kCellVerdictCount; ++v) {
        const auto verdict = static_cast<CellVerdict>(v);
        auto* cells = new VerdictCells(x, y, verdict);
        cells->setMap(&m_map);
        m_cells[static_cast<std::size_t>(v)] = cells;
    }
    m_outOfMemory = new MapLines(x, y);
    m_crossover = new MapLines(x, y); // both named by updateLegendWrap()
    // The current scenario's point is all a batch or prompt-length step moves (a step layer:
    // ChartWidget::setStepLayers); the cells change with the other settings.
    m_plot->addLayer(QStringLiteral("current"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    setStepLayers({m_plot->layer(QStringLiteral("current"))});
    m_currentHalo = m_plot->addGraph(x, y);
    m_currentHalo->setLayer(QStringLiteral("current"));
    m_currentHalo->setLineStyle(QCPGraph::lsNone);
    m_currentHalo->removeFromLegend();
    m_current = m_plot->addGraph(x, y);
    m_current->setLayer(QStringLiteral("current"));
    m_current->setLineStyle(QCPGraph::lsNone);

    for (QCPAxis* axis : {x, y}) {
        axis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        axis->setSubTicks(false);
        axis->grid()->setVisible(false); // the cells are the grid
    }

    // The legend under the map, in as many columns as fit (updateLegendWrap).
    QCPAxisRect* axisRect = m_plot->axisRect();
    axisRect->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setMargins(QMargins(6, 2, 6, 2));
    m_plot->legend->setRowSpacing(1);
    m_plot->legend->setColumnSpacing(10);
    m_plot->legend->setIconSize(18, 12);
    m_plot->legend->setVisible(true);
    m_plot->legend->setSelectableParts(QCPLegend::spNone);

    m_plot->setInteractions({});
    m_plot->setMouseTracking(true);
    setLeftDragPans(false); // a left drag scrubs through the cells; middle or Shift+left drag pans
    connect(m_plot, &QCustomPlot::mousePress, this, &DesignSpaceWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &DesignSpaceWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this] { m_dragging = false; });

    clear(QString());
    retranslateUi();
}

void DesignSpaceWidget::retranslateUi()
{
    m_decodeRadio->setText(tr("Decode"));
    m_prefillRadio->setText(tr("Prefill"));
    m_prefillRadio->setToolTip(
        tr("Colour each cell by what limits the prefill of the whole batch's prompts at once."));
    for (int v = 0; v < core::kCellVerdictCount; ++v)
        m_cells[static_cast<std::size_t>(v)]->setName(verdictName(static_cast<CellVerdict>(v)));
    m_current->setName(tr("Current scenario"));
    m_plot->xAxis->setLabel(tr("Batch (sequences)"));
    m_plot->yAxis->setLabel(tr("Sequence length (tokens)"));
    if (m_hasMap) {
        const core::DesignSpaceMap map = m_map; // setMap() assigns m_map
        setMap(map); // the caption, the decode tooltip, read-outs, tick labels and summary
    } else {
        m_phaseCaption->setText(tr("Colour cells by the verdict of"));
        m_decodeRadio->setToolTip(tr("Colour each cell by what limits one decode step of the whole batch."));
    }
    updateLegendWrap(); // names the boundaries, short or long as the width allows
}

QSize DesignSpaceWidget::minimumSizeHint() const
{
    // In lines of text: the phase selector, the map itself (seven), the batch axis (two), the
    // legend (three rows) and the read-outs (three), so that larger text takes its room from the
    // window rather than from the map.
    return {320, std::max(300, 18 * fontMetrics().height())};
}

QSize DesignSpaceWidget::sizeHint() const
{
    return {560, 480};
}

void DesignSpaceWidget::setMap(const core::DesignSpaceMap& map)
{
    m_map = map;
    m_hasMap = !m_map.verdicts.empty() && m_map.verdicts.size() == m_map.columns() * m_map.rows() &&
               m_map.batchEdges.size() == m_map.columns() + 1 &&
               m_map.sequenceEdges.size() == m_map.rows() + 1;
    if (!m_hasMap) {
        clear(tr("No design-space map for this scenario"));
        return;
    }
    for (VerdictCells* cells : m_cells)
        cells->setMap(&m_map);
    m_outOfMemory->setLines(&m_map.outOfMemoryBoundary);
    m_crossover->setLines(&m_map.crossover);
    m_currentHalo->data()->clear();
    m_current->data()->clear();
    if (m_map.currentInside) {
        m_currentHalo->addData(m_map.current.x, m_map.current.y);
        m_current->addData(m_map.current.x, m_map.current.y);
    }
    fitView(QCPRange(m_map.batchEdges.front(), m_map.batchEdges.back()),
            QCPRange(m_map.sequenceEdges.front(), m_map.sequenceEdges.back()));
    // Ticks for the new edges every step the last layout chose; the next layout (updateTicks)
    // chooses again and replots only if its choice differs. (Starting from every octave each time
    // replotted the map twice per report.)
    setTicks(m_xTickStep, m_yTickStep);
    syncPhaseSelector();
    updateReadouts();

    // Screen readers: the phase and how many cells of each verdict.
    std::array<int, core::kCellVerdictCount> counts{};
    for (CellVerdict verdict : m_map.verdicts)
        ++counts[static_cast<std::size_t>(verdict)];
    QStringList parts;
    for (int v = 0; v < core::kCellVerdictCount; ++v) {
        const int n = counts[static_cast<std::size_t>(v)];
        const QString name = verdictName(static_cast<CellVerdict>(v));
        if (n == 1)
            parts << tr("%1: 1 cell").arg(name);
        else if (n > 1)
            parts << tr("%1: %2 cells").arg(name, count(n));
    }
    m_summary = tr("Design-space map of %1, batch %2 to %3, sequence length %4 to %5 tokens. ")
                    .arg(phaseName(m_map.phase), count(m_map.batches.front()), count(m_map.batches.back()),
                         count(m_map.sequences.front()), count(m_map.sequences.back())) +
                parts.join(QStringLiteral(", ")) + QLatin1Char('.');
    finishUpdate(m_summary);
}

void DesignSpaceWidget::clear(const QString& message)
{
    m_map = {};
    m_hasMap = false;
    m_outOfMemory->setLines(nullptr);
    m_crossover->setLines(nullptr);
    m_currentHalo->data()->clear();
    m_current->data()->clear();
    m_readouts[0]->setText(message.toHtmlEscaped());
    m_readouts[0]->setToolTip(QString());
    for (std::size_t i = 1; i < m_readouts.size(); ++i) {
        m_readouts[i]->clear();
        m_readouts[i]->setToolTip(QString());
    }
    m_summary = message;
    finishUpdate(m_summary);
}

core::RooflinePhase DesignSpaceWidget::requestedPhase() const
{
    return m_requestedPhase;
}

void DesignSpaceWidget::setRequestedPhase(core::RooflinePhase phase)
{
    if (phase == m_requestedPhase)
        return;
    m_requestedPhase = phase;
    {
        const QSignalBlocker decodeBlocker(m_decodeRadio);
        const QSignalBlocker prefillBlocker(m_prefillRadio);
        (phase == RooflinePhase::Prefill ? m_prefillRadio : m_decodeRadio)->setChecked(true);
    }
    emit phaseChanged(phase);
}

void DesignSpaceWidget::syncPhaseSelector()
{
    // Training has one phase: the caption names it and the radio buttons go.
    const bool inference = m_map.phase != RooflinePhase::TrainingStep;
    m_decodeRadio->setVisible(inference);
    m_prefillRadio->setVisible(inference);
    m_phaseCaption->setText(inference ? tr("Colour cells by the verdict of")
                                      : tr("Cells coloured by the verdict of the training step"));
    if (!inference)
        return;
    const QSignalBlocker decodeBlocker(m_decodeRadio);
    const QSignalBlocker prefillBlocker(m_prefillRadio);
    m_decodeRadio->setEnabled(m_map.decodeAvailable);
    m_decodeRadio->setToolTip(m_map.decodeAvailable
                                  ? tr("Colour each cell by what limits one decode step of the whole batch.")
                                  : tr("No output tokens: there is no decode phase to colour by."));
    (m_map.phase == RooflinePhase::Prefill ? m_prefillRadio : m_decodeRadio)->setChecked(true);
}

void DesignSpaceWidget::updateReadouts()
{
    // Zero: nothing fits; the search limit: no limit found (the read-out says "any").
    auto figure = [](long long value, const QString& unit) {
        if (value <= 0)
            return tr("none");
        if (value >= core::kFitSearchLimit)
            return tr("any");
        return unit.isEmpty() ? count(value) : unit.arg(count(value));
    };
    const bool training = m_map.phase == RooflinePhase::TrainingStep;
    m_readouts[0]->setText((training ? tr("Largest global batch that fits at %1-token sequences: <b>%2</b>")
                                     : tr("Largest batch that fits at %1 tokens: <b>%2</b>"))
                               .arg(count(m_map.contextTokens), figure(m_map.maxBatchFits, QString())));
    m_readouts[0]->setToolTip(
        tr("The most sequences whose weights, KV cache and activations fit in device memory "
           "at this context length, with no offload."));
    m_readouts[1]->setText((training ? tr("Longest sequence that fits at global batch %1: <b>%2</b>")
                                     : tr("Longest context that fits at batch %1: <b>%2</b>"))
                               .arg(count(m_map.batch), figure(m_map.maxContextFits, tr("%1 tokens"))));
    m_readouts[1]->setToolTip(
        tr("Prompt plus output tokens per sequence that fit in device memory at this batch, "
           "with no offload."));
    m_readouts[2]->setText(tr("Devices needed for this model and context: <b>%1</b>")
                               .arg(m_map.devicesNeeded
                                        ? count(*m_map.devicesNeeded)
                                        : tr("none up to %1").arg(count(core::kDevicesNeededSearchLimit))));
    m_readouts[2]->setToolTip(
        tr("The smallest device count of 1, 2, 4, … whose automatic parallel split fits "
           "the model, batch and context in device memory."));
}

void DesignSpaceWidget::applyPalette()
{
    // No grid (the cells are the grid); cells and lines read on either background, as the lines
    // carry a halo of the base colour.
    const auto [text, base, grid, dark] = styleFromPalette(90);
    const QFont labelFont = chartFont();

    for (int v = 0; v < core::kCellVerdictCount; ++v) {
        const auto verdict = static_cast<CellVerdict>(v);
        const QColor fill = verdictColor(verdict);
        VerdictCells* cells = m_cells[static_cast<std::size_t>(v)];
        cells->setBrush(fill);
        const Qt::BrushStyle hatch = verdictHatch(verdict);
        cells->setHatch(hatch == Qt::NoBrush ? QBrush() : QBrush(hatchColour(fill), hatch));
    }
    // Both lines in the text colour over a halo of the background, so they show on every cell.
    const double w = presentationScale();
    QPen boundary(text, 3 * w);
    boundary.setCapStyle(Qt::FlatCap);
    QPen halo(base, 6 * w);
    halo.setCapStyle(Qt::FlatCap);
    m_outOfMemory->setPen(boundary);
    m_outOfMemory->setHalo(halo);
    QPen dashed(text, 2 * w, Qt::DashLine);
    dashed.setCapStyle(Qt::FlatCap);
    QPen dashedHalo(base, 4.5 * w);
    dashedHalo.setCapStyle(Qt::FlatCap);
    m_crossover->setPen(dashed);
    m_crossover->setHalo(dashedHalo);
    m_currentHalo->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(base, 5 * w), Qt::NoBrush, kMarkerSize * w));
    m_current->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QPen(text, 2.5 * w), Qt::NoBrush, kMarkerSize * w));

    m_plot->legend->setFont(labelFont);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setBorderPen(Qt::NoPen);
    updateLegendWrap();
}

void DesignSpaceWidget::setTicks(int xStep, int yStep)
{
    // Labels at whole octaves inside the map (1, 2, 4 ... and 128, 256 ... 1M), every xStep-th /
    // yStep-th one when they would collide.
    auto fill = [](QCPAxis* axis, const std::vector<double>& edges, int step, QString (*label)(double)) {
        auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
        ticker->clear();
        if (edges.empty())
            return;
        const int first = static_cast<int>(std::ceil(edges.front()));
        const int last = static_cast<int>(std::floor(edges.back()));
        for (int octave = first; octave <= last; octave += step)
            ticker->addTick(octave, label(octave));
    };
    fill(m_plot->xAxis, m_map.batchEdges, std::max(1, xStep), &batchTick);
    fill(m_plot->yAxis, m_map.sequenceEdges, std::max(1, yStep), &tokenTick);
    m_xTickStep = xStep;
    m_yTickStep = yStep;
}

void DesignSpaceWidget::updateTicks()
{
    if (!m_hasMap)
        return;
    // Pixels per octave against the widest label plus a gap: 1, 2, 4 … octaves per label.
    const QFontMetrics metrics(m_plot->xAxis->tickLabelFont());
    const QRect rect = m_plot->axisRect()->rect();
    const double xPerOctave = rect.width() / std::max(1e-9, m_plot->xAxis->range().size());
    const double yPerOctave = rect.height() / std::max(1e-9, m_plot->yAxis->range().size());
    const double xLabel = metrics.horizontalAdvance(QStringLiteral("4096")) + 8.0;
    const double yLabel = metrics.height() + 2.0;
    auto stepFor = [](double perOctave, double needed) {
        int step = 1;
        while (perOctave * step < needed && step < 64)
            step *= 2;
        return step;
    };
    const int xStep = stepFor(xPerOctave, xLabel);
    const int yStep = stepFor(yPerOctave, yLabel);
    if (xStep != m_xTickStep || yStep != m_yTickStep) {
        setTicks(xStep, yStep);
        queueReplot();
    }
}

void DesignSpaceWidget::updateLegendWrap()
{
    // Four columns when they fit the width (each as wide as its widest entry), else two; when even
    // two do not fit, the two lines take their short names.
    QCPLegend* legend = m_plot->legend;
    const int available = m_plot->width() - legend->margins().left() - legend->margins().right() - 12;
    auto columnsThatFit = [&] {
        // Each entry's own size hint (icon, padding, text in its font, margins), so what is
        // measured is what QCustomPlot lays out.
        std::vector<int> widths;
        for (int i = 0; i < legend->itemCount(); ++i) {
            if (QCPAbstractLegendItem* item = legend->item(i))
                widths.push_back(item->minimumOuterSizeHint().width());
        }
        for (const int candidate : {4, 2}) { // eight entries: full rows, no holes
            int total = (candidate - 1) * legend->columnSpacing();
            for (int c = 0; c < candidate; ++c) {
                int widest = 0;
                for (auto i = static_cast<std::size_t>(c); i < widths.size();
                     i += static_cast<std::size_t>(candidate))
                    widest = std::max(widest, widths[i]);
                total += widest;
            }
            if (total <= available)
                return candidate;
        }
        return 0;
    };
    const QString previousName = m_outOfMemory->name();
    m_outOfMemory->setName(tr("Out-of-memory boundary"));
    m_crossover->setName(tr("Compute/memory crossover"));
    int columns = columnsThatFit();
    if (columns == 0) {
        m_outOfMemory->setName(tr("Memory limit"));
        m_crossover->setName(tr("Crossover"));
        columns = 2;
    }
    // Replot when the wrap or the names change: a new name alone changes what is drawn too.
    if (legend->wrap() != columns || m_outOfMemory->name() != previousName) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the items
        queueReplot();
    }
}

void DesignSpaceWidget::resizeEvent(QResizeEvent* event)
{
    ChartWidget::resizeEvent(event);
    updateLegendWrap();
}

bool DesignSpaceWidget::cellAt(const QPointF& pixel, std::size_t* column, std::size_t* row) const
{
    if (!m_hasMap || !m_plot->axisRect()->rect().contains(pixel.toPoint()))
        return false;
    const int c = core::designSpaceColumnAt(m_map, m_plot->xAxis->pixelToCoord(pixel.x()));
    const int r = core::designSpaceRowAt(m_map, m_plot->yAxis->pixelToCoord(pixel.y()));
    if (c < 0 || r < 0)
        return false;
    *column = static_cast<std::size_t>(c);
    *row = static_cast<std::size_t>(r);
    return true;
}

QPointF DesignSpaceWidget::cellCentre(std::size_t column, std::size_t row) const
{
    if (!m_hasMap || column >= m_map.columns() || row >= m_map.rows())
        return {};
    const double x = 0.5 * (m_map.batchEdges[column] + m_map.batchEdges[column + 1]);
    const double y = 0.5 * (m_map.sequenceEdges[row] + m_map.sequenceEdges[row + 1]);
    return {m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y)};
}

QString DesignSpaceWidget::cellDescription(std::size_t column, std::size_t row) const
{
    if (!m_hasMap || column >= m_map.columns() || row >= m_map.rows())
        return {};
    const CellVerdict verdict = m_map.verdict(column, row);
    const QString where = m_map.phase == RooflinePhase::TrainingStep
                              ? tr("Global batch %1 × %2-token sequences")
                              : tr("Batch %1 × %2 prompt tokens");
    QString text = where.arg(count(m_map.batches[column]), count(m_map.sequences[row])) + QLatin1Char('\n') +
                   tr("%1: %2").arg(phaseName(m_map.phase), verdictName(verdict));
    if (verdict == CellVerdict::Offload)
        text += QLatin1Char('\n') + tr("Spills beyond device memory to host RAM or disk");
    else if (verdict == CellVerdict::DoesNotFit)
        text += QLatin1Char('\n') + tr("Does not fit even with host RAM and disk");
    else
        text += QLatin1Char('\n') + tr("Fits in device memory");
    return text + QLatin1Char('\n') + tr("Click to move the sliders here");
}

void DesignSpaceWidget::onMousePress(QMouseEvent* event)
{
    std::size_t column = 0;
    std::size_t row = 0;
    if (event->button() != Qt::LeftButton || pressPans(event) || !cellAt(event->position(), &column, &row))
        return;
    m_dragging = true;
    m_lastEmittedBatch = m_map.batches[column];
    m_lastEmittedSequence = m_map.sequences[row];
    emit cellClicked(m_lastEmittedBatch, m_lastEmittedSequence);
}

void DesignSpaceWidget::onMouseMove(QMouseEvent* event)
{
    std::size_t column = 0;
    std::size_t row = 0;
    const bool onCell = cellAt(event->position(), &column, &row);
    m_plot->setToolTip(onCell ? cellDescription(column, row) : QString());
    // Dragging with the button held scrubs through the cells: the sliders follow.
    if (m_dragging && (event->buttons() & Qt::LeftButton) && onCell &&
        (m_map.batches[column] != m_lastEmittedBatch || m_map.sequences[row] != m_lastEmittedSequence)) {
        m_lastEmittedBatch = m_map.batches[column];
        m_lastEmittedSequence = m_map.sequences[row];
        emit cellClicked(m_lastEmittedBatch, m_lastEmittedSequence);
    }
}

} // namespace lhe::widgets
