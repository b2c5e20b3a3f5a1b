// Theme: the two palettes reach WCAG AA contrast, applyTheme re-colours the charts both ways,
// System follows a platform palette change (and the watcher says so), and exports stay light
// unless asked to be as shown.
#include "chart_scenarios.h"
#include "core/charts/design_space.h"
#include "widgets/charts/chart_palette.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/image_export.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/placed_bars.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/common/theme.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/dashboard.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QProxyStyle>
#include <QRadioButton>
#include <QStyleFactory>
#include <QStyleOptionButton>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace lhe;
using namespace lhe::test;
using widgets::Theme;

namespace {

// WCAG 2.1 §1.4.3, "relative luminance" and "contrast ratio" in its glossary:
//   channel c (0..1) -> c / 12.92 when c <= 0.04045, else ((c + 0.055) / 1.055)^2.4
//   L = 0.2126 R + 0.7152 G + 0.0722 B;  ratio = (L_lighter + 0.05) / (L_darker + 0.05)
double luminance(const QColor& colour)
{
    auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The offscreen platform has no colour scheme to switch. Its stand-in: a style that polishes the
// base palette dark on request. Both the platform theme's palette and the style's polish feed the
// palette Qt resolves when the application has none of its own (QApplicationPrivate::basePalette),
// and setStyle re-resolves it as a theme change does.
bool g_platformDark = false;

class PlatformStandInStyle : public QProxyStyle
{
public:
    PlatformStandInStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}
    using QProxyStyle::polish;
    void polish(QPalette& palette) override
    {
        QProxyStyle::polish(palette);
        if (!g_platformDark)
            return;
        const QPalette dark = widgets::darkPalette();
        for (int group = 0; group < QPalette::NColorGroups; ++group) {
            for (int role = 0; role < QPalette::NColorRoles; ++role) {
                const auto g = static_cast<QPalette::ColorGroup>(group);
                const auto r = static_cast<QPalette::ColorRole>(role);
                palette.setColor(g, r, dark.color(g, r));
            }
        }
    }
};

void simulatePlatformScheme(bool dark)
{
    g_platformDark = dark;
    QApplication::setStyle(new PlatformStandInStyle);
    QCoreApplication::processEvents(); // Qt posts the palette change to widgets
}

QColor backgroundPixel(QCustomPlot* plot)
{
    return plot->toPixmap(300, 200).toImage().pixelColor(1, 1);
}

QImage exportPng(QWidget* widget, widgets::ExportTheme theme)
{
    QByteArray bytes;
    QString error;
    if (!widgets::renderWidget(widget, widgets::ImageFormat::Png, QSize(640, 420), 1.0, &bytes, &error,
                               theme))
        qWarning() << error;
    return QImage::fromData(bytes, "PNG");
}

} // namespace

class TestTheme : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void settingsTokens();
    void paletteIsDark();
    void textContrast_data();
    void textContrast();
    void readableOnReachesTheRatio_data();
    void readableOnReachesTheRatio();
    void applyThemeRecoloursCharts();
    void systemFollowsThePlatform();
    void explicitThemeIgnoresThePlatform();
    void exportStaysLightUnlessAsShown();
    void darkDashboardIsLegible();
    void uncheckedIndicatorsAreVisible_data();
    void uncheckedIndicatorsAreVisible();

private:
    QPalette m_platformPalette;
};

void TestTheme::initTestCase()
{
    m_platformPalette = QApplication::palette();
    QVERIFY(!widgets::paletteIsDark(m_platformPalette)); // offscreen: Fusion's light palette
}

void TestTheme::cleanup()
{
    g_platformDark = false;
    QApplication::setStyle(QStringLiteral("Fusion"));
    widgets::applyTheme(Theme::System);
    QCoreApplication::processEvents();
}

void TestTheme::settingsTokens()
{
    for (const Theme theme : {Theme::System, Theme::Light, Theme::Dark})
        QCOMPARE(widgets::themeFromString(widgets::themeToString(theme), Theme::Light), theme);
    QCOMPARE(widgets::themeToString(Theme::Dark), QStringLiteral("dark"));
    QCOMPARE(widgets::themeFromString(QStringLiteral(" Dark "), Theme::System), Theme::Dark);
    QCOMPARE(widgets::themeFromString(QStringLiteral("solarized"), Theme::System), Theme::System);
    QCOMPARE(widgets::themeFromString(QString(), Theme::Light), Theme::Light);
    QVERIFY(!widgets::themeDisplayName(Theme::System).isEmpty());
}

void TestTheme::paletteIsDark()
{
    QVERIFY(!widgets::paletteIsDark(widgets::lightPalette()));
    QVERIFY(widgets::paletteIsDark(widgets::darkPalette()));
    QVERIFY(!widgets::paletteIsDark(m_platformPalette));
}

void TestTheme::textContrast_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<int>("group");
    QTest::addColumn<int>("foreground");
    QTest::addColumn<int>("background");
    QTest::addColumn<double>("minimum");
    struct Pair
    {
        const char* name;
        QPalette::ColorGroup group;
        QPalette::ColorRole foreground;
        QPalette::ColorRole background;
        double minimum; // WCAG AA: 4.5 for text; disabled controls are exempt, we keep 3
    };
    const Pair pairs[] = {
        {"text on base", QPalette::Active, QPalette::Text, QPalette::Base, 4.5},
        {"window text on window", QPalette::Active, QPalette::WindowText, QPalette::Window, 4.5},
        {"button text on button", QPalette::Active, QPalette::ButtonText, QPalette::Button, 4.5},
        {"placeholder on base", QPalette::Active, QPalette::PlaceholderText, QPalette::Base, 4.5},
        {"tooltip", QPalette::Active, QPalette::ToolTipText, QPalette::ToolTipBase, 4.5},
        {"highlighted text", QPalette::Active, QPalette::HighlightedText, QPalette::Highlight, 4.5},
        {"inactive highlighted text", QPalette::Inactive, QPalette::HighlightedText, QPalette::Highlight,
         4.5},
        {"link on base", QPalette::Active, QPalette::Link, QPalette::Base, 4.5},
        {"visited link on base", QPalette::Active, QPalette::LinkVisited, QPalette::Base, 4.5},
        {"disabled window text", QPalette::Disabled, QPalette::WindowText, QPalette::Window, 3.0},
        {"disabled text on base", QPalette::Disabled, QPalette::Text, QPalette::Base, 3.0},
        {"disabled button text", QPalette::Disabled, QPalette::ButtonText, QPalette::Button, 3.0},
    };
    for (const bool dark : {false, true}) {
        for (const Pair& pair : pairs) {
            QTest::addRow("%s: %s", dark ? "dark" : "light", pair.name)
                << dark << int(pair.group) << int(pair.foreground) << int(pair.background) << pair.minimum;
        }
    }
}

void TestTheme::textContrast()
{
    QFETCH(bool, dark);
    QFETCH(int, group);
    QFETCH(int, foreground);
    QFETCH(int, background);
    QFETCH(double, minimum);
    const QPalette palette = dark ? widgets::darkPalette() : widgets::lightPalette();
    const auto g = static_cast<QPalette::ColorGroup>(group);
    const QColor fg = palette.color(g, static_cast<QPalette::ColorRole>(foreground));
    const QColor bg = palette.color(g, static_cast<QPalette::ColorRole>(background));
    const double ratio = contrast(fg, bg);
    QVERIFY2(ratio >= minimum,
             qPrintable(QStringLiteral("%1 on %2: %3:1").arg(fg.name(), bg.name()).arg(ratio)));
    // The library's arithmetic is the same formula (1e-12 relative).
    QVERIFY(near(widgets::contrastRatio(fg, bg), ratio, 1e-12));
    // Disabled text is dimmer than enabled text, so the state still shows.
    if (g == QPalette::Disabled) {
        const QColor enabled = palette.color(QPalette::Active, static_cast<QPalette::ColorRole>(foreground));
        QVERIFY(contrast(enabled, bg) > ratio);
    }
}

void TestTheme::readableOnReachesTheRatio_data()
{
    QTest::addColumn<QColor>("colour");
    QTest::addColumn<QColor>("background");
    const QColor darkBase = widgets::darkPalette().color(QPalette::Base);
    const QColor lightWindow = widgets::lightPalette().color(QPalette::Window);
    for (const core::Bound bound :
         {core::Bound::Compute, core::Bound::Memory, core::Bound::Communication, core::Bound::Offload}) {
        const QColor colour = widgets::boundColor(bound);
        QTest::addRow("%s on dark", qPrintable(colour.name())) << colour << darkBase;
        QTest::addRow("%s on light", qPrintable(colour.name())) << colour << lightWindow;
    }
    QTest::newRow("grey on mid grey") << QColor(0x80, 0x80, 0x80) << QColor(0x77, 0x77, 0x77);
}

void TestTheme::readableOnReachesTheRatio()
{
    QFETCH(QColor, colour);
    QFETCH(QColor, background);
    const QColor readable = widgets::readableOn(colour, background);
    QVERIFY2(contrast(readable, background) >= 4.5, qPrintable(readable.name()));
    if (contrast(colour, background) >= 4.5)
        QCOMPARE(readable, colour); // already legible: unchanged
    else if (colour.hslSaturationF() > 0.2)
        QVERIFY(std::abs(readable.hslHueF() - colour.hslHueF()) < 0.03); // the hue stays
    // Black or white on a fill: the one with more contrast.
    const QColor onFill = widgets::textColourOn(colour);
    QVERIFY(contrast(onFill, colour) >=
            contrast(onFill == QColor(Qt::black) ? QColor(Qt::white) : QColor(Qt::black), colour));
}

void TestTheme::applyThemeRecoloursCharts()
{
    widgets::RooflineWidget roofline;
    roofline.setReport(reportNamed(QStringLiteral("h100-batch1")));
    widgets::MemoryBarsWidget memory;
    memory.setReport(reportNamed(QStringLiteral("does-not-fit")));
    const QPalette dark = widgets::darkPalette();
    const QPalette light = widgets::lightPalette();

    widgets::applyTheme(Theme::Dark);
    QVERIFY(QCoreApplication::testAttribute(Qt::AA_SetPalette));
    // QApplication::setPalette posts the change to the widgets; the event loop delivers it, as it
    // does between the menu action and whatever the user does next.
    QCoreApplication::processEvents();
    QVERIFY(widgets::paletteIsDark(roofline.palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), dark.color(QPalette::Base));
    QCOMPARE(roofline.plot()->xAxis->tickLabelColor(), dark.color(QPalette::Text));
    QVERIFY(roofline.plot()->yAxis->tickLabelColor().lightnessF() > 0.8);
    QCOMPARE(roofline.memorySlopeGraph()->pen().color(), dark.color(QPalette::Text));
    // Grid lines show on the dark base (Mid sits below Button there: it would not).
    const QColor grid = roofline.plot()->xAxis->grid()->pen().color();
    QVERIFY2(contrast(QColor(grid.red(), grid.green(), grid.blue()), dark.color(QPalette::Base)) > 2,
             qPrintable(grid.name()));
    QCOMPARE(backgroundPixel(memory.plot()), dark.color(QPalette::Base));
    QCOMPARE(memory.plot()->legend->textColor(), dark.color(QPalette::Text));
    // The weights that fit nowhere keep their colour, outlined: on the dark base the outline
    // stands out as WCAG 2.1 asks of graphics (1.4.11, 3:1), darker shades would not.
    const widgets::PlacedBars* weights = memory.placedBarsFor(core::MemorySegmentKind::Weights);
    const QColor unplaced = weights->placementPen(core::MemoryPlacement::Unplaced).color();
    QVERIFY2(contrast(unplaced, dark.color(QPalette::Base)) >= 3, qPrintable(unplaced.name()));

    widgets::applyTheme(Theme::Light);
    QCoreApplication::processEvents();
    QVERIFY(!widgets::paletteIsDark(roofline.palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), light.color(QPalette::Base));
    QCOMPARE(roofline.plot()->xAxis->tickLabelColor(), light.color(QPalette::Text));
    QCOMPARE(backgroundPixel(memory.plot()), light.color(QPalette::Base));
    QCOMPARE(weights->placementPen(core::MemoryPlacement::Unplaced).color(),
             widgets::segmentColor(core::MemorySegmentKind::Weights).darker(140));
}

void TestTheme::systemFollowsThePlatform()
{
    widgets::RooflineWidget roofline;
    roofline.setReport(reportNamed(QStringLiteral("h100-batch1")));
    widgets::applyTheme(Theme::Dark);
    widgets::applyTheme(Theme::System);
    // System is "no application palette": the platform's, exactly, with nothing pinned.
    QVERIFY(!QCoreApplication::testAttribute(Qt::AA_SetPalette));
    QCOMPARE(QApplication::palette().resolveMask(), QPalette::ResolveMask(0));
    QCOMPARE(QApplication::palette(), m_platformPalette);
    QCOMPARE(backgroundPixel(roofline.plot()), m_platformPalette.color(QPalette::Base));

    simulatePlatformScheme(true);
    QVERIFY(widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), widgets::darkPalette().color(QPalette::Base));
    QCOMPARE(roofline.plot()->xAxis->tickLabelColor(), widgets::darkPalette().color(QPalette::Text));

    simulatePlatformScheme(false);
    QVERIFY(!widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), m_platformPalette.color(QPalette::Base));
}

void TestTheme::explicitThemeIgnoresThePlatform()
{
    widgets::RooflineWidget roofline;
    roofline.setReport(reportNamed(QStringLiteral("h100-batch1")));
    widgets::applyTheme(Theme::Light);
    simulatePlatformScheme(true);
    QVERIFY(!widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), widgets::lightPalette().color(QPalette::Base));
    // Back to System: the platform's (now dark) scheme shows.
    widgets::applyTheme(Theme::System);
    QCoreApplication::processEvents();
    QVERIFY(widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(backgroundPixel(roofline.plot()), widgets::darkPalette().color(QPalette::Base));
}

void TestTheme::exportStaysLightUnlessAsShown()
{
    widgets::RooflineWidget roofline;
    roofline.resize(640, 420);
    roofline.setReport(reportNamed(QStringLiteral("h100-batch1")));
    widgets::applyTheme(Theme::Dark);
    QCoreApplication::processEvents(); // the posted palette change reaches the chart
    const QColor darkBase = widgets::darkPalette().color(QPalette::Base);
    const QColor lightBase = widgets::lightPalette().color(QPalette::Base);

    const QImage light = exportPng(&roofline, widgets::ExportTheme::Light);
    QCOMPARE(light.size(), QSize(640, 420));
    QCOMPARE(light.pixelColor(2, 2), lightBase);
    // Tick labels drawn dark on it: somewhere left of the plot area there is near-black text.
    bool darkText = false;
    for (int y = 0; y < light.height() && !darkText; ++y) {
        for (int x = 0; x < 60 && !darkText; ++x)
            darkText = light.pixelColor(x, y).lightnessF() < 0.2;
    }
    QVERIFY(darkText);
    // The chart is dark again afterwards, without a palette of its own.
    QVERIFY(!roofline.testAttribute(Qt::WA_SetPalette));
    QCOMPARE(backgroundPixel(roofline.plot()), darkBase);
    QCOMPARE(roofline.plot()->xAxis->tickLabelColor(), widgets::darkPalette().color(QPalette::Text));

    QCOMPARE(exportPng(&roofline, widgets::ExportTheme::AsShown).pixelColor(2, 2), darkBase);

    // Vector output too: the SVG never names the dark base unless asked to.
    for (const auto theme : {widgets::ExportTheme::Light, widgets::ExportTheme::AsShown}) {
        QByteArray svg;
        QString error;
        QVERIFY2(
            widgets::renderWidget(&roofline, widgets::ImageFormat::Svg, QSize(), 1.0, &svg, &error, theme),
            qPrintable(error));
        QCOMPARE(svg.contains(darkBase.name().toLatin1()), theme == widgets::ExportTheme::AsShown);
    }

    // A widget with a palette of its own gets that palette back.
    QPalette own = widgets::darkPalette();
    own.setColor(QPalette::Base, QColor(0x10, 0x20, 0x30));
    roofline.setPalette(own);
    QCOMPARE(exportPng(&roofline, widgets::ExportTheme::Light).pixelColor(2, 2), lightBase);
    QVERIFY(roofline.testAttribute(Qt::WA_SetPalette));
    QCOMPARE(roofline.palette().color(QPalette::Base), QColor(0x10, 0x20, 0x30));
}

void TestTheme::darkDashboardIsLegible()
{
    widgets::applyTheme(Theme::Dark);
    widgets::Dashboard dashboard;
    dashboard.resize(1280, 800);
    dashboard.setAttribute(Qt::WA_DontShowOnScreen); // laid out as the window's headless export does
    dashboard.show();
    const core::Scenario scenario = scenarioNamed(QStringLiteral("host-ram"));
    dashboard.setReport(
        std::make_shared<const core::Report>(core::estimate(scenario, core::Catalog::builtIn())));
    dashboard.designSpace()->setMap(core::designSpaceMap(scenario, core::Catalog::builtIn()));
    QCoreApplication::processEvents();
    const QColor window = widgets::darkPalette().color(QPalette::Window);

    // The verdict in each card reads at 4.5:1 on the card, in its bound's hue.
    for (widgets::BottleneckCard* card : {dashboard.prefillCard(), dashboard.decodeCard()}) {
        for (const QLabel* label : card->findChildren<QLabel*>()) {
            if (label->text() == card->boundText()) {
                const QColor colour = label->palette().color(QPalette::WindowText);
                QVERIFY2(contrast(colour, window) >= 4.5, qPrintable(colour.name()));
            }
        }
    }

    for (const bool designSpace : {false, true}) {
        dashboard.showDesignSpace(designSpace);
        QByteArray bytes;
        QString error;
        QVERIFY2(widgets::renderWidget(&dashboard, widgets::ImageFormat::Png, QSize(), 1.0, &bytes, &error,
                                       widgets::ExportTheme::AsShown),
                 qPrintable(error));
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.pixelColor(1, 1), window);
        QVERIFY(distinctColours(image) > 20);
        const QString shots = qEnvironmentVariable("LHE_SHOT_DIR"); // a look at the result
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            QVERIFY(image.save(
                QStringLiteral("%1/dashboard-dark-%2.png")
                    .arg(shots, designSpace ? QStringLiteral("design-space") : QStringLiteral("roofline"))));
        }
    }
}

void TestTheme::uncheckedIndicatorsAreVisible_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<bool>("radio");
    QTest::newRow("dark radio button") << true << true;
    QTest::newRow("dark check box") << true << false;
    QTest::newRow("light radio button") << false << true;
    QTest::newRow("light check box") << false << false;
}

// An unchecked radio button or check box must stand out from the window behind it: some pixel of
// its indicator at 3:1 or more (WCAG 2.1 SC 1.4.11, non-text contrast). Fusion outlines it in
// Window.darker(140) on a Base fill, both within 1.3:1 of the dark theme's window.
void TestTheme::uncheckedIndicatorsAreVisible()
{
    QFETCH(bool, dark);
    QFETCH(bool, radio);
    widgets::applyTheme(dark ? Theme::Dark : Theme::Light);
    QWidget window;
    QAbstractButton* button =
        radio ? static_cast<QAbstractButton*>(new QRadioButton(QStringLiteral("Inference"), &window))
              : new QCheckBox(QStringLiteral("Flash attention"), &window);
    button->move(10, 10);
    window.resize(200, 60);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStyleOptionButton option;
    option.initFrom(button);
    const QRect indicator = button->style()->subElementRect(
        radio ? QStyle::SE_RadioButtonIndicator : QStyle::SE_CheckBoxIndicator, &option, button);
    QVERIFY(indicator.isValid());
    const QImage image = button->grab().toImage();
    const QColor background = QApplication::palette().color(QPalette::Window);
    double best = 1.0;
    for (int y = indicator.top(); y <= indicator.bottom(); ++y)
        for (int x = indicator.left(); x <= indicator.right(); ++x)
            best = std::max(best, contrast(image.pixelColor(x, y), background));
    QVERIFY2(best >= 3.0, qPrintable(QStringLiteral("best contrast %1:1").arg(best, 0, 'f', 2)));
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
