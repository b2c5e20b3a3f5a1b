// ChartWidget: the QCustomPlot host the chart views share — it re-styles on palette, font and
// locale changes and re-reads the device pixel ratio on show and screen change (QCustomPlot
// 2.1 reads it once).
#pragma once

#include <QWidget>

class QCustomPlot;
class QColor;
class QFont;

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

    // Background, both axes (pens, tick labels, labels, dotted grid) in the given colours.
    void styleAxes(const QColor& background, const QColor& text, const QColor& grid, const QFont& labelFont);
    // Ends a setReport(): the plain-text summary for screen readers, colours, a queued replot.
    void finishUpdate(const QString& summary);

    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

    QCustomPlot* const m_plot;

private:
    void refreshPixelRatio();
};

} // namespace lhe::widgets
