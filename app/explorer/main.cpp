// llm-hw-explorer: the window, or (with --export-dashboard) a headless render of a scenario's
// dashboard for handouts, CI and the README screenshot.
#include "app/explorer/latency_benchmark.h"
#include "app/explorer/main_window.h"
#include "app/explorer/startup_probe.h"
#include "app/support/input_files.h"
#include "core/input_error.h"
#include "widgets/dashboard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QRegularExpression>
#include <cstdio>
#include <cstring>

using namespace lhe;

namespace {

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int fail(const QString& message)
{
    std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int main(int argc, char* argv[])
{
    // Rendering without a window must work on machines with no display at all.
    bool headless = false;
    for (int i = 1; i < argc; ++i)
        headless = headless || std::strncmp(argv[i], "--export-dashboard", 18) == 0 ||
                   std::strcmp(argv[i], "--benchmark-ui") == 0;
    if (headless && !hasDisplay())
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!headless && !hasDisplay()) {
        std::fprintf(stderr, "llm-hw-explorer: no display found (DISPLAY/WAYLAND_DISPLAY unset).\n"
                             "Run it in a desktop session, under xvfb-run, or render headless with\n"
                             "  llm-hw-explorer --export-dashboard out.png\n");
        return 1;
    }

    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("llm-hw-explorer"));
    QApplication::setApplicationDisplayName(QApplication::translate("main", "LLM Hardware Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(LHE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/llm-hw-explorer.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "What hardware does this LLM need, and what limits it? Opens the explorer window, or renders "
                "a scenario's dashboard to an image with --export-dashboard."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
                                            QApplication::translate("main", "Scenario JSON file to open."),
                                            QStringLiteral("file"));
    const QCommandLineOption catalogOption(
        QStringLiteral("catalog"), QApplication::translate("main", "Extra catalog JSON file (repeatable)."),
        QStringLiteral("file"));
    const QCommandLineOption configOption(
        QStringLiteral("model-config"),
        QApplication::translate("main", "Hugging Face config.json to use as the model."),
        QStringLiteral("file"));
    const QCommandLineOption exportOption(
        QStringLiteral("export-dashboard"),
        QApplication::translate(
            "main", "Render the dashboard to FILE (.png, .svg or .pdf) without showing a window."),
        QStringLiteral("file"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"), QApplication::translate("main", "Dashboard size for --export-dashboard."),
        QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption scaleOption(
        QStringLiteral("scale"), QApplication::translate("main", "Pixel scale for PNG export (1 or 2)."),
        QStringLiteral("factor"), QStringLiteral("1"));
    const QCommandLineOption benchmarkOption(
        QStringLiteral("benchmark-ui"),
        QApplication::translate("main", "Drag every slider through 200 positions and print the latency from "
                                        "control change to repainted charts (p50, p99, worst)."));
    const QCommandLineOption tabOption(
        QStringLiteral("tab"),
        QApplication::translate("main", "Chart beside the memory bars: roofline or design-space (the batch x "
                                        "sequence-length map), in the window and in --export-dashboard."),
        QStringLiteral("name"), QStringLiteral("roofline"));
    const QCommandLineOption startupOption(
        QStringLiteral("startup-probe"),
        QApplication::translate("main",
                                "Show the window, print how long after process start it first painted, "
                                "and quit (bench/startup.sh)."));
    parser.addOptions({scenarioOption, catalogOption, configOption, exportOption, sizeOption, scaleOption,
                       tabOption, benchmarkOption, startupOption});
    parser.process(application);

    // Headless runs (export, benchmark) are scripts: a bad input fails them with exit 2. The
    // window always opens: a bad --catalog or --scenario becomes an error in its Messages panel
    // and the built-in catalog or the default scenario stands in.
    const bool strict = headless;
    std::vector<std::string> warnings;
    QStringList startupErrors;
    core::Catalog catalog;
    QStringList catalogFiles = parser.values(catalogOption);
    try {
        catalog = app::loadCatalog(catalogFiles, warnings);
    } catch (const core::InputError& error) {
        if (strict)
            return fail(QString::fromStdString(error.what()));
        startupErrors << QString::fromStdString(error.what());
        catalogFiles.clear();
        catalog = app::loadCatalog({}, warnings);
    }
    nlohmann::json scenario = app::defaultScenario();
    try {
        if (parser.isSet(scenarioOption))
            scenario = app::readScenarioFile(parser.value(scenarioOption), &catalog);
        if (parser.isSet(configOption))
            app::attachModelConfig(scenario, parser.value(configOption));
    } catch (const core::InputError& error) {
        if (strict)
            return fail(QString::fromStdString(error.what()));
        startupErrors << QString::fromStdString(error.what());
        scenario = app::defaultScenario();
    }
    for (const auto& warning : warnings)
        std::fprintf(stderr, "llm-hw-explorer: warning: %s\n", warning.c_str());

    const QString tab = parser.value(tabOption);
    if (tab != QLatin1String("roofline") && tab != QLatin1String("design-space"))
        return fail(
            QApplication::translate("main", "--tab: expected roofline or design-space, got \"%1\"").arg(tab));

    app::MainWindow window(std::move(catalog));
    window.dashboard()->showDesignSpace(tab == QLatin1String("design-space"));
    window.setExtraCatalogFiles(catalogFiles); // kept when the catalog reloads
    QString error;
    if (!window.loadScenario(scenario, &error)) {
        if (strict)
            return fail(error);
        startupErrors << error;
        window.loadScenario(app::defaultScenario(), &error);
    }
    window.showWarnings(warnings);
    for (const QString& message : std::as_const(startupErrors)) {
        std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(message));
        window.logError(message);
    }

    if (parser.isSet(exportOption)) {
        const QRegularExpression sizePattern(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const auto match = sizePattern.match(parser.value(sizeOption));
        if (!match.hasMatch())
            return fail(QApplication::translate("main", "--size: expected WxH such as 1280x800"));
        bool scaleOk = false;
        const double scale = parser.value(scaleOption).toDouble(&scaleOk);
        if (!scaleOk || scale < 0.25 || scale > 8)
            return fail(QApplication::translate("main", "--scale: expected a number from 0.25 to 8"));
        const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
        window.layoutForExport(size);
        if (!window.exportDashboard(parser.value(exportOption), scale, &error))
            return fail(error);
        return 0;
    }

    if (parser.isSet(benchmarkOption)) {
        window.resize(1280, 800);
        return app::runUiBenchmark(window);
    }

    if (parser.isSet(startupOption))
        return app::runStartupProbe(window);

    window.show();
    return application.exec();
}
