// Renders a widget (a chart or the whole dashboard) to PNG at 1x/2x, SVG or PDF, written
// through QSaveFile so a failed export never leaves a truncated file behind.
#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace lhe::widgets {

enum class ImageFormat { Png, Svg, Pdf };

// From the file suffix (.png, .svg, .pdf); false for anything else.
bool imageFormatForPath(const QString& path, ImageFormat* format);

// Lays the widget out at `logicalSize` (when valid), renders it, restores its size. PNG
// pixel size is logicalSize × scale. Returns false with a message in `error`.
bool exportWidget(QWidget* widget, const QString& path, QSize logicalSize, double scale, QString* error);

} // namespace lhe::widgets
