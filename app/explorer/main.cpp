// llm-hw-explorer: the window, or (with --export-dashboard) a headless render of a scenario's
// dashboard for handouts, CI and the README screenshot.
#include "app/explorer/app_settings.h"
#include "app/explorer/catalog_editor.h"
#include "app/explorer/compare_mode.h"
#include "app/explorer/display_probe.h"
#include "app/explorer/exporter.h"
#include "app/explorer/language.h"
#include "app/explorer/latency_benchmark.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/startup_probe.h"
#include "app/explorer/window_messages.h"
#include "app/explorer/window_session.h"
#include "app/support/argument_bytes.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "app/support/save_file.h"
#include "app/support/standard_output.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/scenario/scenario.h"
#include "widgets/document/scenario_document.h"
#include "widgets/messages/core_message.h"
#include "widgets/panels/dashboard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLocale>
#include <QRegularExpression>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstring>

using namespace lhe;

namespace {

// The value of a Qt option given as "-name value" or "--name value" (QGuiApplication reads both
// and removes them from argv), or null.
QByteArray qtOptionValue(int argc, char* argv[], const char* name)
{
    const QByteArray single = QByteArray("-") + name;
    const QByteArray dashed = QByteArray("--") + name;
    for (int i = 1; i + 1 < argc; ++i) {
        if (single == argv[i] || dashed == argv[i])
            return QByteArray(argv[i + 1]);
    }
    return {};
}

// What the window says when its X display does not answer.
QString unreachableDisplayMessage(const QByteArray& displayName)
{
    return QApplication::translate(
               "main", "cannot connect to the X display \"%1\" (DISPLAY): no X server accepts "
                       "connections there.\nRun it in a desktop session, under xvfb-run, or render "
                       "headless with\n  llm-hw-explorer --export-dashboard out.png")
        .arg(QString::fromLocal8Bit(displayName));
}

// A command-line value quoted in an error line, elided like the core's (core::elided).
QString quoted(const QString& value)
{
    return QString::fromStdString(core::elided(value.toStdString()));
}

// Memory an export's pixels may take: the page laid out at width x height, and the image of
// width x height x scale² pixels, each of 4 bytes (QImage::Format_ARGB32_Premultiplied,
// widgets/charts/image_export.cpp). 1 GiB is a 16384 x 16384 image at scale 1, beyond any screen or
// print; a larger one failed to allocate and crashed, and 32768 x 32768 at scale 0.25 (a small
// image) took 15 GB to lay out.
constexpr double kExportPixelBudgetBytes = 1024.0 * 1024.0 * 1024.0;
// The smallest dashboard export: the size the layout is laid out and checked at (docs/CONTRACT.md
// §6.1). Below it the window's own minimum size would win and the file would not be what was asked.
constexpr int kMinExportWidth = 800;
constexpr int kMinExportHeight = 600;

int fail(const QString& message)
{
    std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(message));
    return 2;
}

// The value of --language, read before the parser exists: the translators must be installed
// before the parser's texts (--help) are made. Null when not given.
QString languageArgument(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--language") == 0 && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (std::strncmp(argv[i], "--language=", 11) == 0)
            return QString::fromLocal8Bit(argv[i] + 11);
    }
    return {};
}

} // namespace

int main(int argc, char* argv[])
{
    // Over a file-size limit (ulimit -f) the kernel sends SIGXFSZ, whose default action kills the
    // process; ignored, the write fails with EFBIG and app::saveFileAtomically reports the short
    // write (POSIX setrlimit, RLIMIT_FSIZE).
    std::signal(SIGXFSZ, SIG_IGN);
    // --help, --help-all and --version are printed by QCommandLineParser, which then calls
    // exit(0), and --benchmark-ui and --startup-probe print their figures: whether that text was
    // written is checked at the exit (docs/CONTRACT §6.2).
    app::checkStandardOutputAtExit("llm-hw-explorer");
    // Rendering without a window must work on machines with no display at all, and so must the
    // command line itself (--help, --version, a wrong option). Headless runs take the offscreen
    // platform unless one is asked for by name (QT_QPA_PLATFORM, -platform). The window, without
    // a display, starts on the minimal platform, which can parse arguments but not show a window,
    // and says so after parsing. Qt's xcb plugin aborts the process (qFatal) when its display
    // does not answer, so that display is tried first with the plugin's own library.
    const app::ArgumentBytes argumentBytes(argc, argv); // before QApplication takes its options out
    bool headless = false;
    for (int i = 1; i < argc; ++i)
        headless = headless || std::strncmp(argv[i], "--export-dashboard", 18) == 0 ||
                   std::strncmp(argv[i], "--export-report", 15) == 0 ||
                   std::strcmp(argv[i], "--benchmark-ui") == 0;
    QByteArray platform = qtOptionValue(argc, argv, "platform");
    if (platform.isNull())
        platform = qgetenv("QT_QPA_PLATFORM");
    QByteArray displayName = qtOptionValue(argc, argv, "display");
    if (displayName.isNull())
        displayName = qgetenv("DISPLAY");
    const bool waylandSession = !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    bool noDisplay = false;
    bool displayUnreachable = false;
    if (platform.isEmpty()) {
        if (headless) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        } else if (displayName.isEmpty() && !waylandSession) {
            noDisplay = true;
        } else if (!waylandSession && !app::xDisplayReachable(displayName)) {
            displayUnreachable = true;
        }
        if (noDisplay || displayUnreachable)
            qputenv("QT_QPA_PLATFORM", "minimal");
    } else if (platform.startsWith("xcb") && !app::xDisplayReachable(displayName)) {
        // Asked for by name: nothing else may stand in for it, not even for --help.
        std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(unreachableDisplayMessage(displayName)));
        return 1;
    }

    QApplication application(argc, argv);
    // QCoreApplication calls setlocale(LC_ALL, "") on Unix; the Qt documentation (QCoreApplication,
    // "Locale Settings") says to reset LC_NUMERIC to "C" so that printf-formatted numbers (the
    // core's messages) read the same in every locale. The window formats with QLocale.
    std::setlocale(LC_NUMERIC, "C");
    QApplication::setApplicationName(QStringLiteral("llm-hw-explorer"));
    QApplication::setApplicationDisplayName(QApplication::translate("main", "LLM Hardware Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(LHE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/llm-hw-explorer.svg")));
    // The .desktop file's name: window managers match windows to it for the icon and the menu entry.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.llmhwexplorer.LlmHardwareExplorer"));
    // Headless runs are scripts: they read no preferences and leave no session behind.
    std::optional<app::AppSettings> settings;
    if (!headless)
        settings.emplace();
    // --language wins over View → Language for this run only ("system": the system's language).
    const QString languageGiven = languageArgument(argc, argv);
    const QString language = app::normalizedLanguage(
        languageGiven.isNull() ? (settings ? settings->language() : QString()) : languageGiven);
    app::installTranslations(language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "What hardware does this LLM need, and what limits it?\n"
                "\n"
                "Opens the explorer window on FILE (a scenario, or a Hugging Face config.json to use as the "
                "model), else where the last session left off, else on the built-in default scenario. With "
                "--export-dashboard it renders a scenario's dashboard to an image instead, with no window.\n"
                "\n"
                "Examples:\n"
                "  llm-hw-explorer scenario.json\n"
                "  llm-hw-explorer ~/models/Qwen3-8B/config.json\n"
                "  llm-hw-explorer --scenario s.json --export-dashboard s.png --size 1600x1000 --scale 2\n"
                "  llm-hw-explorer --compare a.json --scenario b.json --export-dashboard ab.png\n"
                "\n"
                "Files:\n"
                "  ~/.config/llm-hw-explorer/llm-hw-explorer.conf   preferences and last session\n"
                "  ~/.local/share/llm-hw-explorer/catalogs/         your devices and models (JSON)\n"
                "\n"
                "Exit status: 0 on success, 1 when no display is available, 2 for a bad argument or input "
                "file (headless runs only; the window reports bad files in its Messages panel)."));
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
    const QCommandLineOption modelFileOption(
        QStringLiteral("model-file"),
        QApplication::translate("main",
                                "Model to use from its own files: a .gguf file, a .safetensors file or "
                                "a checkpoint folder (only headers are read)."),
        QStringLiteral("path"));
    const QCommandLineOption exportOption(
        QStringLiteral("export-dashboard"),
        QApplication::translate(
            "main", "Render the dashboard to FILE (.png, .svg or .pdf) without showing a window."),
        QStringLiteral("file"));
    const QCommandLineOption reportOption(
        QStringLiteral("export-report"),
        QApplication::translate("main", "Write the report the window shows to FILE (.json, or .csv) without "
                                        "showing a window; with --export-dashboard, both."),
        QStringLiteral("file"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QApplication::translate("main", "Dashboard size for --export-dashboard (the window's size for "
                                        "--benchmark-ui), at least 800x600."),
        QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption scaleOption(
        QStringLiteral("scale"),
        QApplication::translate("main", "Pixel scale for PNG export, from 0.25 to 8 (the dashboard "
                                        "is laid out at --size, then drawn at this scale)."),
        QStringLiteral("factor"), QStringLiteral("1"));
    const QCommandLineOption benchmarkOption(
        QStringLiteral("benchmark-ui"),
        QApplication::translate("main",
                                "Drag every slider through 200 positions with each chart tab shown and "
                                "print the latency from control change to repainted window (p50, "
                                "p99, worst)."));
    const QCommandLineOption tabOption(
        QStringLiteral("tab"),
        QApplication::translate("main", "Chart beside the memory bars: roofline, design-space (the batch x "
                                        "sequence-length map), serving (throughput-latency) or devices (the "
                                        "ranking), in the window and in --export-dashboard."),
        QStringLiteral("name"), QStringLiteral("roofline"));
    const QCommandLineOption startupOption(
        QStringLiteral("startup-probe"),
        QApplication::translate("main",
                                "Show the window, print how long after process start it first painted, "
                                "and quit (bench/startup.sh)."));
    const QCommandLineOption presentationOption(
        QStringLiteral("presentation"),
        QApplication::translate("main", "Start in presentation mode (larger text and chart lines, controls "
                                        "folded away), in the window and in --export-dashboard."));
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QApplication::translate("main", "User interface language for this run: en, zh_CN or system "
                                        "(default: as chosen in View → Language)."),
        QStringLiteral("lang"));
    const QCommandLineOption noRestoreOption(
        QStringLiteral("no-restore"),
        QApplication::translate("main", "Start on the default scenario instead of the last session's."));
    const QCommandLineOption compareOption(
        QStringLiteral("compare"),
        QApplication::translate("main",
                                "Pin the scenario FILE as A and show Compare A/B; the scenario opened "
                                "(FILE, --scenario or the default) is B. With --export-dashboard, "
                                "renders the comparison."),
        QStringLiteral("file"));
    parser.addOptions({scenarioOption, catalogOption, configOption, modelFileOption, exportOption,
                       reportOption, sizeOption, scaleOption, tabOption, compareOption, presentationOption,
                       languageOption, noRestoreOption, benchmarkOption, startupOption});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QApplication::translate("main", "A scenario JSON file, or a Hugging Face config.json, to open."),
        QStringLiteral("[file]"));
    parser.process(application);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QApplication::translate("main", "expected at most one file to open, got %n", nullptr,
                                            static_cast<int>(positional.size())));
    const QString fileArgument = positional.value(0);
    // A name Qt cannot spell would be read or written as another file (app/support/argument_bytes.h).
    QStringList fileNames = positional;
    for (const QCommandLineOption* option : {&scenarioOption, &catalogOption, &configOption, &modelFileOption,
                                             &compareOption, &exportOption, &reportOption})
        fileNames += parser.values(*option);
    for (const QString& name : std::as_const(fileNames)) {
        if (argumentBytes.decodedLossily(name))
            return fail(QApplication::translate("main",
                                                "%1: the file name is not valid UTF-8, the only file "
                                                "names this program can open or write: rename the file")
                            .arg(name));
    }
    if (!languageGiven.isNull() && !language.isEmpty() && language != QLatin1String("en") &&
        !app::translatedLanguages().contains(language))
        return fail(QApplication::translate("main", "--language: expected en, zh_CN or system, got \"%1\"")
                        .arg(quoted(languageGiven)));
    if (displayUnreachable) {
        std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(unreachableDisplayMessage(displayName)));
        return 1;
    }
    if (noDisplay) {
        std::fprintf(stderr, "llm-hw-explorer: no display found (DISPLAY/WAYLAND_DISPLAY unset).\n"
                             "Run it in a desktop session, under xvfb-run, or render headless with\n"
                             "  llm-hw-explorer --export-dashboard out.png\n");
        return 1;
    }

    // Headless runs (export, benchmark) are scripts: a bad input fails them with exit 2. The
    // window always opens: a bad --catalog or --scenario becomes an error in its Messages panel
    // and the built-in catalog or the default scenario stands in.
    const bool strict = headless;
    std::vector<core::Message> warnings;
    QStringList startupErrors;
    core::Catalog catalog;
    QStringList catalogFiles = parser.values(catalogOption);
    try {
        catalog = app::loadCatalog(catalogFiles, warnings);
    } catch (const core::InputError& error) {
        if (strict)
            return fail(widgets::translatedError(error));
        startupErrors << widgets::translatedError(error);
        catalogFiles.clear();
        catalog = app::loadCatalog({}, warnings);
    }
    // FILE is a scenario when it names a device (as a dropped file is), else a config.json.
    QString scenarioPath = parser.value(scenarioOption);
    QString configPath = parser.value(configOption);
    if (parser.isSet(modelFileOption)) {
        if (!configPath.isEmpty())
            return fail(QApplication::translate(
                "main", "--model-config and --model-file both give the model: give one"));
        configPath = parser.value(modelFileOption); // read by app::attachModelConfig, as a model file
    }
    nlohmann::json scenario = app::defaultScenario();
    bool scenarioFromFile = false;
    std::string positionalGuess; // why FILE was taken for a config.json, when it looks like a scenario
    try {
        if (!fileArgument.isEmpty()) {
            // A GGUF file, a .safetensors file or a checkpoint folder is a model; a JSON file is
            // a scenario when it names a device.
            const bool modelFile = app::isModelFilePath(fileArgument);
            const nlohmann::json file = modelFile ? nlohmann::json() : app::readConfigJsonFile(fileArgument);
            QString& slot = file.is_object() && file.contains("device") ? scenarioPath : configPath;
            if (!modelFile)
                positionalGuess = app::positionalConfigGuess(file);
            if (!slot.isEmpty())
                return fail(QApplication::translate("main", "%1 and --%2 both give the %3: give one")
                                .arg(fileArgument,
                                     &slot == &scenarioPath ? QStringLiteral("scenario")
                                                            : QStringLiteral("model-config"),
                                     &slot == &scenarioPath ? QApplication::translate("main", "scenario")
                                                            : QApplication::translate("main", "model")));
            slot = fileArgument;
        }
        // With --model-config the scenario needs no model of its own, as in llm-hw-estimate: it
        // is checked once the config is in it.
        if (!scenarioPath.isEmpty())
            scenario = configPath.isEmpty() ? app::readScenarioFile(scenarioPath, &catalog)
                                            : app::readScenarioFileUnchecked(scenarioPath);
        if (!configPath.isEmpty()) {
            // On the embedded default scenario, a quantized checkpoint is served as stored (the
            // core's default without a weights precision), as the model picker does; a
            // scenario file's own precision is kept.
            if (scenarioPath.isEmpty() && scenario.contains("precision"))
                scenario["precision"].erase("weights");
            try {
                app::attachModelConfig(scenario, configPath);
            } catch (const core::InputError& error) {
                if (configPath != fileArgument || positionalGuess.empty())
                    throw;
                throw core::InputError(
                    configPath.toStdString(),
                    core::message(LHE_TEXT("CoreMessage", "%1 (as a config.json: %2)"), positionalGuess,
                                  core::InputError(error.fieldPath(), error.message()).located()));
            }
            if (!scenarioPath.isEmpty()) {
                try {
                    (void)core::estimate(core::scenarioFromJson(scenario), catalog);
                } catch (const core::InputError& error) {
                    throw app::scenarioFileError(scenarioPath, error);
                }
            }
        }
        scenarioFromFile = !scenarioPath.isEmpty() && configPath.isEmpty();
    } catch (const core::InputError& error) {
        if (strict)
            return fail(widgets::translatedError(error));
        startupErrors << widgets::translatedError(error);
        scenario = app::defaultScenario();
    }
    const bool scenarioGiven = !scenarioPath.isEmpty() || !configPath.isEmpty();
    for (const auto& warning : warnings)
        std::fprintf(stderr, "llm-hw-explorer: warning: %s\n", core::englishText(warning).c_str());

    const QString tab = parser.value(tabOption);
    const std::optional<widgets::Dashboard::ChartTab> chartTab = widgets::Dashboard::chartTabFromName(tab);
    if (!chartTab)
        return fail(QApplication::translate("main",
                                            "--tab: expected roofline, design-space, serving or devices, "
                                            "got \"%1\"")
                        .arg(quoted(tab)));

    app::MainWindow window(std::move(catalog));
    window.catalogEditor()->setExtraCatalogFiles(catalogFiles); // kept when the catalog reloads
    QString error;
    if (!window.files()->loadScenario(scenario, &error)) {
        if (strict)
            return fail(error);
        startupErrors << error;
        scenarioFromFile = false;
        window.files()->loadScenario(app::defaultScenario(), &error);
    }
    if (settings) {
        window.setSettings(&*settings);
        // A file on the command line wins over the last session; so does --no-restore.
        window.session()->restore(!scenarioGiven && !parser.isSet(noRestoreOption));
    }
    if (scenarioFromFile)
        window.files()->setScenarioPath(scenarioPath); // File → Save writes back to it
    if (parser.isSet(tabOption) || !settings)
        window.dashboard()->showChartTab(*chartTab);
    if (parser.isSet(presentationOption))
        window.setPresentationMode(true);
    if (parser.isSet(compareOption)) {
        // A is read like --scenario: a bad file fails a headless run, the window logs it.
        QString compareError;
        try {
            const nlohmann::json pinned =
                app::readScenarioFile(parser.value(compareOption), &window.document()->catalog());
            if (window.compare()->pinScenario(pinned, &compareError))
                window.compare()->show(true);
        } catch (const core::InputError& e) {
            compareError = widgets::translatedError(e);
        }
        if (!compareError.isEmpty()) {
            if (strict)
                return fail(compareError);
            startupErrors << compareError;
        }
    }
    window.messages()->showWarnings(warnings);
    for (const QString& message : std::as_const(startupErrors)) {
        std::fprintf(stderr, "llm-hw-explorer: %s\n", qPrintable(message));
        window.messages()->logError(message);
    }

    // Every export target is checked before anything is written, and the dashboard (whose
    // render may fail) is written before the report: a failed run leaves no half of its output
    // behind (docs/CONTRACT §6.1 Export targets).
    const bool reportWanted = parser.isSet(reportOption);
    const bool dashboardWanted = parser.isSet(exportOption);
    for (const QCommandLineOption* target : {&reportOption, &exportOption}) {
        if (parser.isSet(*target) && !app::checkSaveTarget(parser.value(*target), &error))
            return fail(error);
    }
    // The report the window holds, as llm-hw-estimate prints it (tests compare the two).
    if (reportWanted && !dashboardWanted)
        return window.exporter()->exportReport(parser.value(reportOption), &error) ? 0 : fail(error);
    // --size: the exported dashboard, or the window the benchmark drags its sliders in.
    static const QRegularExpression sizePattern(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
    const auto sizeMatch = sizePattern.match(parser.value(sizeOption));
    if (!sizeMatch.hasMatch())
        return fail(QApplication::translate("main", "--size: expected WxH such as 1280x800"));
    const QSize size(sizeMatch.captured(1).toInt(), sizeMatch.captured(2).toInt());
    if (size.width() < kMinExportWidth || size.height() < kMinExportHeight)
        return fail(QApplication::translate("main", "--size %1 is below the smallest dashboard, %2x%3")
                        .arg(parser.value(sizeOption))
                        .arg(kMinExportWidth)
                        .arg(kMinExportHeight));
    if (dashboardWanted) {
        bool scaleOk = false;
        const double scale = parser.value(scaleOption).toDouble(&scaleOk);
        if (!scaleOk || scale < 0.25 || scale > 8)
            return fail(QApplication::translate("main", "--scale: expected a number from 0.25 to 8"));
        // The page is laid out at --size (its charts' paint buffers at that size) before it is
        // drawn at the scale: below 1 the layout, not the image, is what takes the memory (from 1
        // up the image is at least as large and the check after this one holds it).
        const double layoutBytes = double(size.width()) * double(size.height()) * 4.0;
        if (scale < 1 && layoutBytes > kExportPixelBudgetBytes)
            return fail(QApplication::translate("main",
                                                "--size %1 is laid out at %2 GiB of pixels before it is "
                                                "scaled (width x height x 4 bytes); the budget is %3 GiB")
                            .arg(parser.value(sizeOption))
                            .arg(layoutBytes / kExportPixelBudgetBytes, 0, 'f', 1)
                            .arg(1));
        const double needBytes = layoutBytes * scale * scale;
        if (needBytes > kExportPixelBudgetBytes)
            return fail(QApplication::translate("main",
                                                "--size %1 at --scale %2 needs %3 GiB of pixels (width x "
                                                "height x scale² x 4 bytes); the budget is %4 GiB")
                            .arg(parser.value(sizeOption), parser.value(scaleOption))
                            .arg(needBytes / kExportPixelBudgetBytes, 0, 'f', 1)
                            .arg(1));
        window.exporter()->layoutForExport(size);
        if (!window.exporter()->exportDashboard(parser.value(exportOption), scale, &error))
            return fail(error);
        if (reportWanted && !window.exporter()->exportReport(parser.value(reportOption), &error))
            return fail(error);
        return 0;
    }

    if (parser.isSet(benchmarkOption))
        return app::runUiBenchmark(window, size);

    if (parser.isSet(startupOption))
        return app::runStartupProbe(window);

    // View → Language: the translators change and the window retranslates itself in place.
    QObject::connect(
        &window, &app::MainWindow::languageChangeRequested, &window,
        [&settings](const QString& chosen) { app::switchLanguage(chosen, settings ? &*settings : nullptr); });
    window.show();
    return application.exec();
}
