// ChartWidget: the QCustomPlot host the chart views share — it re-styles on palette, font and
// locale and language changes, re-reads the device pixel ratio on show and screen change (QCustomPlot 2.1
// reads it once), and owns the view: zoom in/out, pan, reset, and whether a new report refits.
//
// View semantics: each report fits its ranges (fitView); once the user zooms or pans, later
// reports keep the user's view until resetView(). Zoom is about the centre of the plot area
// (buttons, keys) or the cursor (wheel), by kZoomStep per step, in log space on log axes. A drag
// pans once it moves more than kClickSlopPixels, so a click stays a click; which axes move and
// which drags pan is per chart (setZoomableAxes, setLeftDragPans).
#pragma once

#include <QByteArray>
#include <QColor>
#include <QFont>
#include <QList>
#include <QPointF>
#include <QWidget>

class QCPAxis;
class QCPLayer;
class QCPRange;
class QCustomPlot;
class QMouseEvent;
class QWheelEvent;

namespace lhe::widgets {

// Replots now, and once more where that replot's layout moved the axis rect: QCustomPlot makes
// the tick labels before it lays the plot out, and which labels have room depends on the axis'
// length (exports and other synchronous renders).
void replotSettled(QCustomPlot* plot);

class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    QCustomPlot* plot() const { return m_plot; }
    // A queued full or step replot has not run yet: the chart does not show its last state.
    bool replotPending() const;

    // One zoom step: ranges shrink (zoomIn) or grow (zoomOut) by this factor.
    static constexpr double kZoomStep = 1.25;
    // A press that moves no further than this (Manhattan, px) before release is a click, as
    // QCustomPlot counts it for plottableClick.
    static constexpr int kClickSlopPixels = 3;

    // Presentation mode (View → Presentation Mode): chart lines and markers are drawn this many times wider,
    // and chart text is at least this many times kMinimumPointSize (1 normally, 1.5 for a projector).
    // Process-wide, like the application font it goes with; charts re-style when the font
    // changes, so set it before the font.
    static void setPresentationScale(double scale);
    static double presentationScale();

    void zoomIn();
    void zoomOut();
    // Back to the ranges fitted for the current report; later reports fit again.
    void resetView();
    // The user zoomed or panned away from the fitted ranges.
    bool isZoomed() const { return m_zoomed; }
    Qt::Orientations zoomableAxes() const { return m_zoomable; }

signals:
    // isZoomed() flipped (to enable "Reset View").
    void viewChanged(bool zoomed);

protected:
    explicit ChartWidget(QWidget* parent);
    // Re-applies colours and fonts from the widget's palette and font.
    virtual void applyPalette() = 0;
    // Sets every user-visible text again in the current language: called on QEvent::LanguageChange
    // (a translator was installed or removed, see QCoreApplication::installTranslator), before the
    // chart is re-styled and replotted. Charts whose labels are built from a report draw that report
    // again here. The default has no texts.
    virtual void retranslateUi() {}
    void resizeEvent(QResizeEvent* event) override;

    // Chart text is never smaller than this: legible on a projector.
    static constexpr double kMinimumPointSize = 10;
    // The widget's font, at least `pointSize` points, bold if asked.
    QFont chartFont(double pointSize = kMinimumPointSize, bool bold = false) const;
    // After a layout pass: the axis title in its long form where that fits `room` px along the
    // axis, else the short one. The margin a title takes is its font's height either way, so the
    // layout just done stays valid.
    static void fitAxisTitle(QCPAxis* axis, const QString& longTitle, const QString& shortTitle, double room);

    struct Colours
    {
        QColor text;
        QColor base; // the chart background
        QColor grid; // Mid (or, where Mid hardly shows on the base, a text/base mix) at the alpha asked for
        bool dark = false; // the background is darker than the text (a dark theme)
    };
    // What every applyPalette() starts with: the colours from the palette, and both axes styled
    // with them and chartFont() (styleAxes).
    Colours styleFromPalette(int gridAlpha);
    // Background, both axes (pens, tick labels, labels, dotted grid) in the given colours.
    void styleAxes(const QColor& background, const QColor& text, const QColor& grid, const QFont& labelFont);
    // The ranges this report fits (x, y). They are applied unless the user zoomed or panned, in
    // which case the zoomable axes keep the user's view (the others still fit).
    void fitView(const QCPRange& x, const QCPRange& y);
    // The axes zoom and pan move: both by default.
    void setZoomableAxes(Qt::Orientations axes) { m_zoomable = axes; }
    // Whether a plain left-button drag pans (default); a middle-button or Shift+left drag always does.
    void setLeftDragPans(bool pans) { m_leftDragPans = pans; }
    // True when this press starts a pan rather than a click (charts with their own press handling
    // leave such presses alone).
    bool pressPans(const QMouseEvent* event) const;

    // Ends a setReport(): the plain-text summary for screen readers, colours, a queued replot
    // (deferred to showEvent while the chart is hidden) — a step replot where the chart has
    // step layers and nothing outside them changed.
    void finishUpdate(const QString& summary);

    // QCustomPlot's queued replot (QCustomPlot::rpQueuedReplot): the chart replots once control
    // returns to the event loop, once for every change made before then (several reports of one
    // frame, a title and a report).
    void queueReplot();

    // Step replots. A slider step moves a chart's points and labels but rarely its axes, grid or
    // lines, and QCustomPlot's replot() lays out and draws every layer (the dashed ceilings
    // alone took a tenth of a roofline step). The layers given here get buffers of their own;
    // a report that changes nothing drawn outside them (staticLayersKey) redraws only these,
    // after prepareStepReplot(), and keeps the other buffers from the last full replot.
    void setStepLayers(const QList<QCPLayer*>& layers);
    // What a full replot does between its layout and its drawing that the step layers need
    // (placing labels). A step replot runs it before comparing the key, since it may hide lines.
    virtual void prepareStepReplot() {}
    // What a chart does once a full replot has laid its plot out, before anything is drawn
    // (placing labels, fitting a range to the size it got). Run again if the plot is laid out
    // a second time for its ticks.
    virtual void laidOut() {}

    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

    QCustomPlot* const m_plot;

private:
    struct AxisRange
    {
        double lower = 0;
        double upper = 0;
    };
    void refreshPixelRatio();
    void replotStep();
    QList<QCPAxis*> viewAxes() const; // the zoomable ones
    void scaleView(double factor, const QPointF* anchorPixel);
    void userChangedView();
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void onWheel(QWheelEvent* event);

    bool stepLayersHoldAnAxis() const;

    QList<QCPLayer*> m_stepLayers;
    QByteArray m_drawnStaticKey;    // staticLayersKey() of the last full replot, empty if none
    bool m_stepQueued = false;      // cleared when a full replot starts: it draws the step too
    bool m_laidOutTwice = false;    // this replot's ticks were stale after its first layout
    bool m_correctingTicks = false; // the queued replot is the one ticksStale() asked for
    // Whether the ticks drawn differ from those the axes' current size and range make.
    bool ticksStale() const;
    Qt::Orientations m_zoomable = Qt::Horizontal | Qt::Vertical;
    bool m_leftDragPans = true;
    bool m_hasFit = false;
    bool m_zoomed = false;
    AxisRange m_fittedX, m_fittedY; // the current report's fit
    AxisRange m_viewX, m_viewY;     // the user's view while zoomed
    bool m_panArmed = false;        // a pan button is down; panning starts past the click slop
    bool m_panning = false;
    QPointF m_panStartPixel;
    AxisRange m_panStartX, m_panStartY;
};

} // namespace lhe::widgets
