// ThroughputLatencyWidget: draws a core::ServingCurve — output tokens/s per user (x) against output
// tokens/s per device (y), one marker per concurrency (by split when several are swept; hollow and
// grey where latency targets are missed), the Pareto front as a line, the scenario's own point
// ringed and labelled, and the TPOT target's region (x ≥ 1 / TPOT target) shaded. Hover names a
// point; a click, or the arrow keys and Enter, picks its concurrency and split. It computes
// nothing: the window hands it the curve core computed.
#pragma once

#include "core/serving/serving.h"
#include "widgets/charts/chart_widget.h"

#include <QHash>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <vector>

class QCPGraph;
class QCPItemLine;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QKeyEvent;
class QMouseEvent;

namespace lhe::widgets {

class ThroughputLatencyWidget : public ChartWidget
{
    Q_OBJECT

public:
    explicit ThroughputLatencyWidget(QWidget* parent = nullptr);

    const core::ServingCurve& curve() const { return m_curve; }
    bool hasCurve() const { return !m_drawn.empty(); }
    // Empties the chart and shows `message` in its middle (the scenario cannot be evaluated);
    // an empty message shows the default one.
    void clear(const QString& message = QString());
    // The centred message shown instead of a curve; empty while a curve is drawn.
    QString messageText() const;

    // A point of curve().points in widget-relative pixels of plot() as last laid out; a null
    // point when it is not drawn (tests, automation).
    QPointF pointPixel(std::size_t index) const;
    // What the tooltip over a point says: concurrency, split, TTFT, TPOT and both rates.
    QString pointDescription(std::size_t index) const;
    QString summaryText() const { return m_summary; }
    // The point the arrow keys moved to (an index into curve().points), or -1.
    int selectedIndex() const { return m_selected; }
    void setSelectedIndex(int index);

    QCPGraph* paretoGraph() const { return m_pareto; }
    QCPGraph* currentPointGraph() const { return m_current; }
    QCPItemRect* sloRegion() const { return m_sloRegion; } // hidden without a TPOT target
    QCPItemText* currentLabel() const { return m_currentLabel; }
    QCPItemText* sloLabel() const { return m_sloLabel; }
    // A label's box as drawn (text and padding, pixels of plot()); empty when it is hidden.
    static QRectF labelRect(const QCPItemText* label);

    // In lines of text: the curve (seven), its axis (two) and a legend of up to six rows.
    QSize minimumSizeHint() const override { return {320, std::max(260, 15 * fontMetrics().height())}; }
    QSize sizeHint() const override { return {640, 480}; }

public slots:
    void setCurve(const core::ServingCurve& curve);

signals:
    // The user clicked a point, or chose it with the arrow keys and pressed Enter.
    void concurrencyPicked(long long concurrency, core::Parallelism split);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The markers of one split: filled where the targets are met, hollow grey where missed.
    struct SplitSeries
    {
        core::Parallelism split;
        QCPGraph* meets = nullptr;
        QCPGraph* misses = nullptr;
    };

    void applyPalette() override;
    // Axis titles, legend names, and the current curve's labels and summary again.
    void retranslateUi() override;
    void rebuildSeries();
    void fitAxes();
    void updateLabelTexts();
    void updateLegend();
    // After each layout pass: the current point's and the SLO region's labels clear of the
    // markers, the front and each other (LabelPlacer).
    void placeLabels();
    void laidOut() override { placeLabels(); }
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    bool handleKey(QKeyEvent* event);
    int pointAt(const QPointF& pixel) const; // nearest drawn point within reach, or -1
    void pick(int index);
    double sloBoundary() const; // 1 / TPOT target, or 0 without one

    core::ServingCurve m_curve;
    std::vector<std::size_t> m_drawn; // points with finite, drawable rates, by x then y
    std::vector<SplitSeries> m_series;
    QCPGraph* m_pareto = nullptr;
    QCPGraph* m_missesKey = nullptr; // legend entry only
    QCPGraph* m_currentHalo = nullptr;
    QCPGraph* m_current = nullptr;
    QCPGraph* m_selection = nullptr;
    QCPItemRect* m_sloRegion = nullptr;
    QCPItemStraightLine* m_sloLine = nullptr;
    QCPItemText* m_sloLabel = nullptr;
    QCPItemText* m_currentLabel = nullptr;
    QCPItemLine* m_currentLeader = nullptr;
    QCPItemText* m_message = nullptr;
    QHash<const QCPItemText*, QStringList> m_variants; // text variants, longest first
    QString m_summary;
    int m_selected = -1;
    bool m_clickArmed = false;
    QPointF m_pressPixel;
};

} // namespace lhe::widgets
