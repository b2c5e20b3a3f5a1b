#include "widgets/charts/image_export.h"

#include "widgets/charts/buffered_plot.h"
#include "widgets/charts/chart_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/common/theme.h"
#include "widgets/layout/fit_scroll_area.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTabBar>
#include <QTabWidget>
#include <QWidget>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

// Translation context of the messages of this file (free functions: lupdate needs a class to name it).
struct ImageExport
{
    Q_DECLARE_TR_FUNCTIONS(lhe::widgets::ImageExport)
};

// The widget itself when it is a plot, and every plot inside it.
QList<QCustomPlot*> plotsIn(QWidget* widget)
{
    QList<QCustomPlot*> plots = widget->findChildren<QCustomPlot*>();
    if (auto* self = qobject_cast<QCustomPlot*>(widget))
        plots.prepend(self);
    return plots;
}

// The title band above an exported chart: the widget's font, bold and 1.1x, wrapped to its width.
struct TitleBand
{
    QString text;
    QFont font;
    QRect textRect;
    int height = 0;
};

TitleBand titleBand(const QWidget* widget, const QString& title, int width)
{
    TitleBand band;
    band.text = title;
    if (title.isEmpty())
        return band;
    band.font = widget->font();
    band.font.setBold(true);
    band.font.setPointSizeF(band.font.pointSizeF() * 1.1);
    constexpr int kMargin = 6;
    const QRect bounds = QFontMetrics(band.font).boundingRect(QRect(0, 0, width - 2 * kMargin, 100000),
                                                              Qt::TextWordWrap, title);
    band.textRect = QRect(kMargin, kMargin, width - 2 * kMargin, bounds.height());
    band.height = bounds.height() + 2 * kMargin;
    return band;
}

void paintTitle(QPainter* painter, const QWidget* widget, const TitleBand& band)
{
    if (band.height == 0)
        return;
    painter->save();
    painter->fillRect(QRect(0, 0, widget->width(), band.height), widget->palette().color(QPalette::Window));
    painter->setFont(band.font);
    painter->setPen(widget->palette().color(QPalette::WindowText));
    painter->drawText(band.textRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, band.text);
    painter->restore();
}

// Swallows the plots' paint events while the widget around them renders: QCustomPlot paints a
// cached pixmap there, which would go into the vector file as a raster copy under the vectors.
class PaintBlocker : public QObject
{
public:
    bool eventFilter(QObject* /*watched*/, QEvent* event) override { return event->type() == QEvent::Paint; }
};

// Vector outputs paint the widget without its plots, then draw every plot with toPainter() at
// its place so lines, patterns and text stay vectors.
bool renderVector(QWidget* widget, QPaintDevice* device, const TitleBand& band, double fit)
{
    QCPPainter painter(device);
    paintTitle(&painter, widget, band);
    painter.translate(0, band.height);
    painter.scale(fit, fit);
    const QList<QCustomPlot*> plots = plotsIn(widget);
    {
        PaintBlocker blocker;
        for (QCustomPlot* plot : plots)
            plot->installEventFilter(&blocker);
        widget->render(&painter);
        for (QCustomPlot* plot : plots)
            plot->removeEventFilter(&blocker);
    }
    for (QCustomPlot* plot : plots) {
        if (!plot->isVisibleTo(widget) && plot != widget)
            continue;
        painter.save();
        painter.translate(plot->mapTo(widget, QPoint(0, 0)));
        painter.setClipRect(QRect(QPoint(0, 0), plot->size()));
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
    }
    return painter.end();
}

// Whether every plot the widget shows got the memory of its paint buffers at its last replot
// (BufferedPlot); a raster render paints those buffers.
bool plotBuffersValid(QWidget* widget)
{
    for (QCustomPlot* plot : plotsIn(widget)) {
        const auto* buffered = dynamic_cast<const BufferedPlot*>(plot);
        if (buffered && (plot == widget || plot->isVisibleTo(widget)) && !buffered->paintBuffersValid())
            return false;
    }
    return true;
}

// QCustomPlot paints from buffers drawn at its last replot: bring them up to date with the size
// and palette of the render.
void replotAll(QWidget* widget, QCustomPlot::RefreshPriority priority)
{
    for (QCustomPlot* plot : plotsIn(widget)) {
        if (priority == QCustomPlot::rpImmediateRefresh)
            replotSettled(plot); // the export draws the tick labels of its own size
        else
            plot->replot(priority);
    }
}

// Gives a dark-themed widget the light palette for the lifetime of the object, then its own back.
// Widgets inside re-style on the PaletteChange this sends (charts through applyPalette).
class LightPaletteScope
{
public:
    LightPaletteScope(QWidget* widget, bool active) : m_widget(widget), m_active(active)
    {
        if (!m_active)
            return;
        m_hadOwnPalette = widget->testAttribute(Qt::WA_SetPalette);
        m_ownPalette = widget->palette();
        widget->setPalette(lightPalette());
    }
    ~LightPaletteScope()
    {
        if (!m_active)
            return;
        // An empty palette (no role set) hands the widget back to its parent's palette.
        m_widget->setPalette(m_hadOwnPalette ? m_ownPalette : QPalette());
        replotAll(m_widget, QCustomPlot::rpQueuedReplot);
    }
    LightPaletteScope(const LightPaletteScope&) = delete;
    LightPaletteScope& operator=(const LightPaletteScope&) = delete;

private:
    QWidget* m_widget;
    bool m_active;
    bool m_hadOwnPalette = false;
    QPalette m_ownPalette;
};

// Hides the tab bars inside the widget for the lifetime of the object: an export shows the charts,
// not the window's navigation. Each tab widget lays its page out again at once, and again after.
class TabBarsHidden
{
public:
    explicit TabBarsHidden(QWidget* widget)
    {
        QList<QTabWidget*> tabWidgets = widget->findChildren<QTabWidget*>();
        if (auto* self = qobject_cast<QTabWidget*>(widget))
            tabWidgets.prepend(self);
        for (QTabWidget* tabs : tabWidgets) {
            if (!tabs->tabBar()->isVisibleTo(tabs))
                continue;
            tabs->tabBar()->hide();
            layOut(tabs);
            m_hidden << tabs;
        }
    }
    ~TabBarsHidden()
    {
        for (QTabWidget* tabs : std::as_const(m_hidden)) {
            tabs->tabBar()->show();
            layOut(tabs);
        }
    }
    TabBarsHidden(const TabBarsHidden&) = delete;
    TabBarsHidden& operator=(const TabBarsHidden&) = delete;

private:
    static void layOut(QTabWidget* tabs)
    {
        QEvent request(QEvent::LayoutRequest); // QTabWidget places its page on this, synchronously
        QCoreApplication::sendEvent(tabs, &request);
    }
    QList<QTabWidget*> m_hidden;
};

} // namespace

bool imageFormatForPath(const QString& path, ImageFormat* format)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        *format = ImageFormat::Png;
    else if (suffix == QLatin1String("svg"))
        *format = ImageFormat::Svg;
    else if (suffix == QLatin1String("pdf"))
        *format = ImageFormat::Pdf;
    else
        return false;
    return true;
}

QSize renderedSize(const QWidget* widget, const QString& title)
{
    return widget->size() + QSize(0, titleBand(widget, title, widget->width()).height);
}

bool renderWidget(QWidget* widget, ImageFormat format, QSize logicalSize, double scale, QByteArray* bytes,
                  QString* error, ExportTheme theme, const QString& title)
{
    if (!(scale >= 0.25 && scale <= 8.0)) {
        *error = ImageExport::tr("Scale must be between 0.25 and 8");
        return false;
    }
    const QSize original = widget->size();
    const TitleBand band =
        titleBand(widget, title, logicalSize.isValid() ? logicalSize.width() : original.width());
    const QSize widgetSize = logicalSize.isValid() ? logicalSize - QSize(0, band.height) : original;
    if (widgetSize.height() < 1) {
        *error = ImageExport::tr("The image is too small for its title");
        return false;
    }
    // A page whose layout needs more room than the image (presentation mode's text, a comparison
    // stacked a chart a row) is laid out at what it needs and drawn smaller to fit, never with its
    // parts over each other. Both sides grow by the same factor, so the smaller drawing fills the
    // image instead of leaving an empty band beside it (wider, the page needs no more height).
    QSize laidOut = widgetSize.expandedTo(minimumSizeAtWidth(widget, widgetSize.width()));
    if (laidOut != widgetSize) {
        const double grow = std::max(static_cast<double>(laidOut.width()) / widgetSize.width(),
                                     static_cast<double>(laidOut.height()) / widgetSize.height());
        const QSize grown(static_cast<int>(std::ceil(widgetSize.width() * grow)),
                          static_cast<int>(std::ceil(widgetSize.height() * grow)));
        laidOut = grown.expandedTo(minimumSizeAtWidth(widget, grown.width()));
    }
    const double fit = std::min(static_cast<double>(widgetSize.width()) / laidOut.width(),
                                static_cast<double>(widgetSize.height()) / laidOut.height());
    if (laidOut != original) {
        widget->resize(laidOut);
        if (widget->layout())
            widget->layout()->activate();
    }
    const TabBarsHidden noTabs(widget);
    const LightPaletteScope light(widget, theme == ExportTheme::Light && paletteIsDark(widget->palette()));
    replotAll(widget, QCustomPlot::rpImmediateRefresh);
    const QSize size = widgetSize + QSize(0, band.height);

    bytes->clear();
    QBuffer buffer(bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = true;
    switch (format) {
    case ImageFormat::Png: {
        // Memory that cannot be had makes a null image, a painter that does not begin and chart
        // buffers that paint as nothing, all without an error of their own: each is checked, or
        // the file would lack what it should show.
        if (!plotBuffersValid(widget)) {
            *error = ImageExport::tr("Not enough memory to draw the charts at %1 x %2 pixels")
                         .arg(laidOut.width())
                         .arg(laidOut.height());
            widget->resize(original);
            return false;
        }
        QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            *error = ImageExport::tr("Not enough memory for an image of %1 x %2 pixels")
                         .arg(qRound(size.width() * scale))
                         .arg(qRound(size.height() * scale));
            widget->resize(original);
            return false;
        }
        image.setDevicePixelRatio(scale);
        image.fill(widget->palette().color(QPalette::Window));
        {
            QPainter painter;
            if (!painter.begin(&image)) {
                *error = ImageExport::tr("Rendering the image failed");
                widget->resize(original);
                return false;
            }
            paintTitle(&painter, widget, band);
            painter.translate(0, band.height);
            painter.scale(fit, fit);
            widget->render(&painter);
        }
        ok = image.save(&buffer, "PNG");
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        // Its size in millimetres at CSS's 96 px per inch: a browser shows it at the PNG's size.
        generator.setResolution(96);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(QStringLiteral("LLM Hardware Explorer"));
        ok = renderVector(widget, &generator, band, fit);
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("LLM Hardware Explorer"));
        writer.setResolution(96);
        writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        ok = renderVector(widget, &writer, band, fit);
        break;
    }
    }
    widget->resize(original);
    if (!ok || bytes->isEmpty()) {
        *error = ImageExport::tr("Rendering the image failed");
        return false;
    }
    return true;
}

} // namespace lhe::widgets
