#include "widgets/common/theme.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleOption>
#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace lhe::widgets {

namespace {

// Translation context of the theme names (free functions: lupdate needs a class to name it).
struct ThemeText
{
    Q_DECLARE_TR_FUNCTIONS(lhe::widgets::Theme)
};

// Roles set for every colour group; the disabled group then overrides its text and fills.
struct PaletteColours
{
    QColor window, windowText, base, alternateBase, text, button, buttonText, brightText;
    QColor light, midlight, mid, dark, shadow;
    QColor highlight, highlightedText, link, linkVisited, toolTipBase, toolTipText, placeholderText;
    QColor disabledText, disabledBase, disabledButton, disabledHighlight, disabledHighlightedText;
};

QPalette makePalette(const PaletteColours& c)
{
    QPalette palette;
    const std::pair<QPalette::ColorRole, QColor> roles[] = {
        {QPalette::Window, c.window},
        {QPalette::WindowText, c.windowText},
        {QPalette::Base, c.base},
        {QPalette::AlternateBase, c.alternateBase},
        {QPalette::Text, c.text},
        {QPalette::Button, c.button},
        {QPalette::ButtonText, c.buttonText},
        {QPalette::BrightText, c.brightText},
        {QPalette::Light, c.light},
        {QPalette::Midlight, c.midlight},
        {QPalette::Mid, c.mid},
        {QPalette::Dark, c.dark},
        {QPalette::Shadow, c.shadow},
        {QPalette::Highlight, c.highlight},
        {QPalette::HighlightedText, c.highlightedText},
        {QPalette::Link, c.link},
        {QPalette::LinkVisited, c.linkVisited},
        {QPalette::ToolTipBase, c.toolTipBase},
        {QPalette::ToolTipText, c.toolTipText},
        {QPalette::PlaceholderText, c.placeholderText},
    };
    for (const auto& [role, colour] : roles)
        palette.setColor(QPalette::All, role, colour);
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
        palette.setColor(QPalette::Disabled, role, c.disabledText);
    palette.setColor(QPalette::Disabled, QPalette::Base, c.disabledBase);
    palette.setColor(QPalette::Disabled, QPalette::Button, c.disabledButton);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, c.disabledHighlight);
    palette.setColor(QPalette::Disabled, QPalette::HighlightedText, c.disabledHighlightedText);
    return palette;
}

// Fusion outlines an unchecked radio button or check box in Window.darker(140) over a Base fill:
// 2.1:1 against the light window, 1.2:1 against the dark one, where the box all but vanishes. The
// two themes redraw that outline in the nearest colour at 4.5:1, so that even its anti-aliased
// edge reaches 3:1 (WCAG 2.1 SC 1.4.11, non-text contrast), on the circle and box Qt's Fusion style draws for
// PE_IndicatorRadioButton and PE_IndicatorCheckBox.
class IndicatorOutlineStyle : public QProxyStyle
{
public:
    IndicatorOutlineStyle() : QProxyStyle(QStringLiteral("Fusion")) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorRadioButton && element != PE_IndicatorCheckBox)
            return;
        if ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange))
            return; // Fusion's focus outline, in the highlight colour, says more
        const QColor window = option->palette.color(QPalette::Window);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(readableOn(window.darker(140), window, 4.5), 1.0));
        const QRect rect = option->rect;
        if (element == PE_IndicatorRadioButton) {
            const qreal radius = (rect.width() + (rect.width() + 1) % 2) / 2.0 - 1.0;
            painter->drawEllipse(QPointF(rect.center()) + QPointF(1.0, 1.0), radius, radius);
        } else {
            painter->translate(0.5, 0.5);
            painter->drawRect(rect.adjusted(0, 0, -1, -1));
        }
        painter->restore();
    }
};

// The style the platform chose, remembered the first time a theme replaces it, so System gets it back.
QString& platformStyleName()
{
    static QString name;
    return name;
}

// readableOn() without its memory: the colour itself, or the nearest lightness that reads.
QColor findReadable(const QColor& colour, const QColor& background, double minimumRatio)
{
    if (contrastRatio(colour, background) >= minimumRatio)
        return colour;
    // Below luminance 0.18 white contrasts more than black: move towards white, else towards black.
    const bool lighten = relativeLuminance(background) < 0.18;
    float hue = 0;
    float saturation = 0;
    float lightness = 0;
    float alpha = 1;
    colour.toHsl().getHslF(&hue, &saturation, &lightness, &alpha);
    hue = std::max(hue, 0.0f);               // -1 for greys
    for (int step = 1; step <= 50; ++step) { // 2 % of lightness per step
        const float next =
            std::clamp(lightness + (lighten ? 0.02f : -0.02f) * static_cast<float>(step), 0.0f, 1.0f);
        const QColor candidate = QColor::fromHslF(hue, saturation, next, alpha).toRgb();
        if (contrastRatio(candidate, background) >= minimumRatio || next <= 0.0f || next >= 1.0f)
            return candidate;
    }
    return lighten ? QColor(Qt::white) : QColor(Qt::black);
}

} // namespace

QString themeToString(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return QStringLiteral("system");
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

Theme themeFromString(const QString& text, Theme fallback)
{
    for (const Theme theme : {Theme::System, Theme::Light, Theme::Dark}) {
        if (text.trimmed().compare(themeToString(theme), Qt::CaseInsensitive) == 0)
            return theme;
    }
    return fallback;
}

QString themeDisplayName(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return ThemeText::tr("Follow System");
    case Theme::Light:
        return ThemeText::tr("Light");
    case Theme::Dark:
        return ThemeText::tr("Dark");
    }
    return {};
}

// Contrast ratios quoted against the group's own background (Window for window text, Base for
// text and placeholders, Highlight for highlighted text); tst_theme recomputes every one.
QPalette lightPalette()
{
    PaletteColours c;
    c.window = QColor(0xef, 0xef, 0xef); // Fusion's light grey
    c.windowText = QColor(0x00, 0x00, 0x00);
    c.base = QColor(0xff, 0xff, 0xff);
    c.alternateBase = QColor(0xf7, 0xf7, 0xf7);
    c.text = QColor(0x00, 0x00, 0x00);
    c.button = QColor(0xef, 0xef, 0xef);
    c.buttonText = QColor(0x00, 0x00, 0x00);
    c.brightText = QColor(0xff, 0xff, 0xff);
    c.light = QColor(0xff, 0xff, 0xff);
    c.midlight = QColor(0xca, 0xca, 0xca);
    c.mid = QColor(0xb8, 0xb8, 0xb8);
    c.dark = QColor(0x9f, 0x9f, 0x9f);
    c.shadow = QColor(0x76, 0x76, 0x76);
    c.highlight = QColor(0x1d, 0x6b, 0xb5); // white on it 5.5:1 (Fusion's #308cc6 gives 3.7:1)
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x0b, 0x57, 0xd0);        // 6.4:1 on white
    c.linkVisited = QColor(0x7b, 0x1f, 0xa2); // 8.2:1
    c.toolTipBase = QColor(0xff, 0xff, 0xdc);
    c.toolTipText = QColor(0x00, 0x00, 0x00);
    c.placeholderText = QColor(0x6b, 0x6b, 0x6b); // 5.3:1 (Qt's half-transparent text: about 4:1)
    c.disabledText = QColor(0x8a, 0x8a, 0x8a);    // 3:1 on the window: dimmer, still legible
    c.disabledBase = QColor(0xef, 0xef, 0xef);
    c.disabledButton = QColor(0xef, 0xef, 0xef);
    c.disabledHighlight = QColor(0x91, 0x91, 0x91);
    c.disabledHighlightedText = QColor(0xff, 0xff, 0xff);
    return makePalette(c);
}

QPalette darkPalette()
{
    PaletteColours c;
    // Dark greys rather than black: pure black behind light text smears on OLED and reads harsh.
    c.window = QColor(0x2b, 0x2b, 0x2b);
    c.windowText = QColor(0xe8, 0xe8, 0xe8); // 11.6:1
    c.base = QColor(0x1f, 0x1f, 0x1f);
    c.alternateBase = QColor(0x27, 0x27, 0x27);
    c.text = QColor(0xe8, 0xe8, 0xe8); // 13.4:1
    c.button = QColor(0x35, 0x35, 0x35);
    c.buttonText = QColor(0xe8, 0xe8, 0xe8); // 10.0:1
    c.brightText = QColor(0xff, 0x6b, 0x6b);
    // Bevels keep Qt's order (Light > Midlight > Button > Mid > Dark > Shadow).
    c.light = QColor(0x4a, 0x4a, 0x4a);
    c.midlight = QColor(0x40, 0x40, 0x40);
    c.mid = QColor(0x28, 0x28, 0x28);
    c.dark = QColor(0x1e, 0x1e, 0x1e);
    c.shadow = QColor(0x0f, 0x0f, 0x0f);
    c.highlight = QColor(0x2d, 0x73, 0xc4); // white on it 4.8:1
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x6c, 0xb4, 0xff);        // 7.5:1 on the base
    c.linkVisited = QColor(0xc4, 0x9c, 0xff); // 7.5:1
    c.toolTipBase = QColor(0x3c, 0x3c, 0x3c);
    c.toolTipText = QColor(0xf0, 0xf0, 0xf0);     // 9.7:1
    c.placeholderText = QColor(0x9e, 0x9e, 0x9e); // 6.2:1
    c.disabledText = QColor(0x80, 0x80, 0x80);    // 3.6:1 on the window
    c.disabledBase = QColor(0x26, 0x26, 0x26);
    c.disabledButton = QColor(0x30, 0x30, 0x30);
    c.disabledHighlight = QColor(0x4a, 0x4a, 0x4a);
    c.disabledHighlightedText = QColor(0xa0, 0xa0, 0xa0);
    return makePalette(c);
}

bool paletteIsDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightnessF() < palette.color(QPalette::WindowText).lightnessF();
}

void applyTheme(Theme theme)
{
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return;
    QString& platformStyle = platformStyleName();
    if (theme == Theme::System) {
        // The platform's style back, if a theme took its place (and nobody has replaced ours since).
        if (!platformStyle.isEmpty() && dynamic_cast<const IndicatorOutlineStyle*>(QApplication::style()))
            QApplication::setStyle(platformStyle);
        // A palette with no role set (resolve mask 0) is not an application palette: Qt clears
        // AA_SetPalette and resolves every role from the platform theme and style again, now and on
        // each later theme change (QGuiApplicationPrivate::updatePalette).
        QApplication::setPalette(QPalette());
    } else {
        // Fusion either way: the palettes are made for it, and native theme engines ignore them.
        if (!dynamic_cast<const IndicatorOutlineStyle*>(QApplication::style())) {
            if (platformStyle.isEmpty())
                platformStyle = QApplication::style()->name();
            QApplication::setStyle(new IndicatorOutlineStyle);
        }
        QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
    }
}

double relativeLuminance(const QColor& colour)
{
    // WCAG 2.x relative luminance: sRGB channels linearised (IEC 61966-2-1), weighted by Rec. 709.
    auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    // WCAG 2.x contrast ratio: (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance on top.
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& colour, const QColor& background, double minimumRatio)
{
    // Charts and cards ask again for the same few colours on every report; finding one can take
    // fifty contrast ratios. Remembered per pair and ratio (GUI thread only).
    struct Key
    {
        QRgba64 colour;
        QRgba64 background;
        double ratio;
        bool operator==(const Key& other) const
        {
            return colour == other.colour && background == other.background && ratio == other.ratio;
        }
    };
    struct KeyHash
    {
        std::size_t operator()(const Key& key) const
        {
            return qHashMulti(0, quint64(key.colour), quint64(key.background), key.ratio);
        }
    };
    static std::unordered_map<Key, QColor, KeyHash> known;
    const Key key{colour.rgba64(), background.rgba64(), minimumRatio};
    if (const auto found = known.find(key); found != known.end())
        return found->second;
    if (known.size() > 256)
        known.clear();
    const QColor readable = findReadable(colour, background, minimumRatio);
    known.emplace(key, readable);
    return readable;
}

QColor textColourOn(const QColor& fill)
{
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return contrastRatio(black, fill) >= contrastRatio(white, fill) ? black : white;
}

} // namespace lhe::widgets
