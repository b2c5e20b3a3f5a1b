#include "widgets/chart_widget.h"

#include "widgets/qcustomplot_include.h"

#include <QVBoxLayout>
#include <QWindow>

namespace lhe::widgets {

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setLocale(locale());
}

QFont ChartWidget::chartFont(double pointSize, bool bold) const
{
    QFont result = font();
    if (result.pointSizeF() < pointSize)
        result.setPointSizeF(pointSize);
    result.setBold(bold);
    return result;
}

ChartWidget::Colours ChartWidget::styleFromPalette(int gridAlpha)
{
    const QPalette pal = palette();
    Colours colours{pal.color(QPalette::Text), pal.color(QPalette::Base), pal.color(QPalette::Mid)};
    colours.grid.setAlpha(gridAlpha);
    styleAxes(colours.base, colours.text, colours.grid, chartFont());
    return colours;
}

void ChartWidget::styleAxes(const QColor& background, const QColor& text, const QColor& grid,
                            const QFont& labelFont)
{
    m_plot->setBackground(background);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setLabelFont(labelFont);
        axis->setTickLabelFont(labelFont);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
}

void ChartWidget::finishUpdate(const QString& summary)
{
    setAccessibleDescription(summary);
    m_plot->setAccessibleDescription(summary);
    applyPalette();
    // A hidden chart (the roofline while the design-space tab is shown) replots when it is shown
    // (showEvent): a replot lays out and draws every layer whether or not anyone sees it.
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::LocaleChange) {
        m_plot->setLocale(locale());
        applyPalette();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    QWidget::changeEvent(event);
}

void ChartWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
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
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace lhe::widgets
