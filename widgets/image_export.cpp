#include "widgets/image_export.h"

#include "widgets/qcustomplot_include.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

namespace lhe::widgets {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("lhe::widgets::ImageExport", text);
}

// QCustomPlot paints a cached pixmap in paintEvent, so render() alone would embed raster
// images in SVG/PDF. Vector outputs paint the widget, then redraw every plot with toPainter()
// at its place so lines and text stay vectors.
bool renderVector(QWidget* widget, QPaintDevice* device)
{
    QCPPainter painter(device);
    widget->render(&painter);
    QList<QCustomPlot*> plots = widget->findChildren<QCustomPlot*>();
    if (auto* self = qobject_cast<QCustomPlot*>(widget))
        plots.prepend(self);
    for (QCustomPlot* plot : std::as_const(plots)) {
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

bool renderWidget(QWidget* widget, ImageFormat format, QSize logicalSize, double scale, QByteArray* bytes,
                  QString* error)
{
    if (!(scale >= 0.25 && scale <= 8.0)) {
        *error = tr("Scale must be between 0.25 and 8");
        return false;
    }
    const QSize original = widget->size();
    if (logicalSize.isValid() && logicalSize != original) {
        widget->resize(logicalSize);
        if (widget->layout())
            widget->layout()->activate();
    }
    const QSize size = widget->size();

    bytes->clear();
    QBuffer buffer(bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = true;
    switch (format) {
    case ImageFormat::Png: {
        QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(widget->palette().color(QPalette::Window));
        widget->render(&image);
        ok = image.save(&buffer, "PNG");
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(QStringLiteral("LLM Hardware Explorer"));
        ok = renderVector(widget, &generator);
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("LLM Hardware Explorer"));
        writer.setResolution(96);
        writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        ok = renderVector(widget, &writer);
        break;
    }
    }
    widget->resize(original);
    if (!ok || bytes->isEmpty()) {
        *error = tr("Rendering the image failed");
        return false;
    }
    return true;
}

} // namespace lhe::widgets
