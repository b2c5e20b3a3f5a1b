// ChartWidget: the QCustomPlot host the chart views share — it re-styles on palette, font and
// locale changes and re-reads the device pixel ratio on show and screen change (QCustomPlot
// 2.1 reads it once).
#pragma once

#include <QColor>
#include <QFont>
#include <QWidget>

class QCustomPlot;

namespace lhe::widgets {

class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    QCustomPlot* plot() const { return m_plot; }

protected:
    explicit ChartWidget(QWidget* parent);
    // Re-applies colours and fonts from the widget's palette and font.
    virtual void applyPalette() = 0;

    // Chart text is never smaller than this: legible on a projector.
    static constexpr double kMinimumPointSize = 10;
    // The widget's font, at least `pointSize` points, bold if asked.
    QFont chartFont(double pointSize = kMinimumPointSize, bool bold = false) const;

    struct Colours
    {
        QColor text;
        QColor base; // the chart background
        QColor grid; // Mid at the alpha asked for
    };
    // What every applyPalette() starts with: the colours from the palette, and both axes styled
    // with them and chartFont() (styleAxes).
    Colours styleFromPalette(int gridAlpha);
    // Background, both axes (pens, tick labels, labels, dotted grid) in the given colours.
    void styleAxes(const QColor& background, const QColor& text, const QColor& grid, const QFont& labelFont);
    // Ends a setReport(): the plain-text summary for screen readers, colours, a queued replot
    // (deferred to showEvent while the chart is hidden).
    void finishUpdate(const QString& summary);

    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

    QCustomPlot* const m_plot;

private:
    void refreshPixelRatio();
};

} // namespace lhe::widgets
