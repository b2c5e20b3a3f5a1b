// Renders a widget (a chart or the whole dashboard) to the bytes of a PNG at 1x/2x, an SVG or
// a PDF. Writing them to a file is the application's job (app::saveFileAtomically).
#pragma once

#include <QByteArray>
#include <QSize>
#include <QString>

class QWidget;

namespace lhe::widgets {

enum class ImageFormat { Png, Svg, Pdf };

// Light: a dark-themed widget is rendered with lightPalette() (handouts, slides, print) and gets
// its own palette back afterwards; AsShown: in the colours on screen.
enum class ExportTheme { Light, AsShown };

// From the file suffix (.png, .svg, .pdf); false for anything else.
bool imageFormatForPath(const QString& path, ImageFormat* format);

// Renders the widget with a band above for `title` when one is given (a single chart taken out
// of the window says what it shows), in every format alike, and without tab bars. A valid
// `logicalSize` is the whole image's, band included: the widget is laid out at what is left for
// the render, then given its size back. Otherwise the image is the widget's size plus the band.
// PNG pixels are that × scale. Every chart inside is replotted for the render. Returns false with
// a message in `error`.
bool renderWidget(QWidget* widget, ImageFormat format, QSize logicalSize, double scale, QByteArray* bytes,
                  QString* error, ExportTheme theme = ExportTheme::Light, const QString& title = {});
// The logical size renderWidget gives the widget at its own size: its size plus the title band.
QSize renderedSize(const QWidget* widget, const QString& title);

} // namespace lhe::widgets
