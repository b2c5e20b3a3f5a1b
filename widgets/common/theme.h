// Theme: the Light / Dark / System choice — two hand-tuned Fusion palettes, detection of a dark
// palette (Qt 6.4 has no colour-scheme API; widgets react to the PaletteChange Qt sends), and the
// WCAG contrast arithmetic the charts use to keep text legible on either background.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

namespace lhe::widgets {

enum class Theme { System, Light, Dark };

// The settings tokens "system", "light", "dark"; anything else reads as `fallback`.
QString themeToString(Theme theme);
Theme themeFromString(const QString& text, Theme fallback);
// For menus: "Follow System", "Light", "Dark" (translated).
QString themeDisplayName(Theme theme);

// Fusion palettes whose text roles reach WCAG 2.x AA (contrast ≥ 4.5:1) on their backgrounds,
// disabled roles included as dimmer but still readable text.
QPalette lightPalette();
QPalette darkPalette();

// True when the window background is darker than its text: the only signal Qt 6.4 offers.
bool paletteIsDark(const QPalette& palette);

// Light and Dark set the application palette and Fusion (which honours it, where native theme
// engines would not), with radio button and check box outlines at 3:1 against the window; System
// hands style and palette back to the platform, so desktop colour-scheme changes reach the
// application again. Widgets have the new palette when this returns.
void applyTheme(Theme theme);

// WCAG 2.x relative luminance (0 black … 1 white) and contrast ratio (1 … 21).
double relativeLuminance(const QColor& colour);
double contrastRatio(const QColor& a, const QColor& b);
// `colour` with its HSL lightness moved away from `background` just far enough to reach
// `minimumRatio` (unchanged when it already does): coloured text that keeps its hue.
QColor readableOn(const QColor& colour, const QColor& background, double minimumRatio = 4.5);
// Black or white, whichever contrasts more with `fill`: text printed on a series colour.
QColor textColourOn(const QColor& fill);

} // namespace lhe::widgets
