// llm-hw-estimate: prints the core's report for a scenario (docs/CONTRACT §5 llm-hw-estimate).
// Exit 0 on success, 2 with one line on stderr for bad input.
#include "app/support/argument_bytes.h"
#include "app/support/checkpoint_check.h"
#include "app/support/hf_hub_client.h"
#include "app/support/input_files.h"
#include "app/support/model_files.h"
#include "app/support/report_table.h"
#include "app/support/standard_output.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"
#include "core/serving/serving.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cerrno>
#include <clocale>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>

using namespace lhe;
using nlohmann::json;

namespace {

constexpr int kExitBadInput = 2;

enum class FlagKind { Text, Number, Boolean, ModuleList };

struct FlagField
{
    const char* flag;
    const char* field; // dotted scenario path
    const char* valueName;
    const char* help;
    FlagKind kind;
};

// Per-field flags; each writes one scenario field and is validated by the core like the file.
constexpr FlagField kFieldFlags[] = {
    {"device", "device", "id", "Device id from the catalog (--list devices).", FlagKind::Text},
    {"model", "model", "id", "Model id from the catalog (--list models).", FlagKind::Text},
    {"mode", "mode", "mode", "inference or training.", FlagKind::Text},
    {"batch", "batch", "n", "Sequences per batch (training: global batch).", FlagKind::Number},
    {"prompt-tokens", "prompt_tokens", "n", "Prompt length (training: sequence length).", FlagKind::Number},
    {"output-tokens", "output_tokens", "n", "Generated tokens per sequence (0: prefill only).",
     FlagKind::Number},
    {"devices", "devices", "n", "Number of devices.", FlagKind::Number},
    {"tensor", "parallelism.tensor", "n", "Tensor-parallel degree.", FlagKind::Number},
    {"pipeline", "parallelism.pipeline", "n", "Pipeline-parallel degree.", FlagKind::Number},
    {"data", "parallelism.data", "n", "Data-parallel degree.", FlagKind::Number},
    {"expert", "parallelism.expert", "n",
     "Expert-parallel degree: over attention's devices when tensor x pipeline x data = devices.",
     FlagKind::Number},
    {"expert-placement", "parallelism.expert_placement", "where",
     "with_attention or separate (default: from the counts).", FlagKind::Text},
    {"expert-imbalance", "efficiency.expert_imbalance", "ratio",
     "Busiest expert rank's tokens over the mean (default by expert degree; ~1.1 with EPLB).",
     FlagKind::Number},
    {"weights", "precision.weights", "precision", "Weight precision (bf16, fp8, q4_k_m, awq-int4, ...).",
     FlagKind::Text},
    {"kv-cache", "precision.kv_cache", "precision", "KV-cache precision.", FlagKind::Text},
    {"activations", "precision.activations", "precision", "Activation precision.", FlagKind::Text},
    {"compute", "precision.compute", "precision", "Compute precision (peak column used).", FlagKind::Text},
    {"optimizer", "training.optimizer", "name", "adamw, sgd or adamw-8bit.", FlagKind::Text},
    {"zero-stage", "training.zero_stage", "0-3", "ZeRO stage.", FlagKind::Number},
    {"recompute", "training.recompute", "mode", "none, selective or full activation recomputation.",
     FlagKind::Text},
    {"micro-batch", "training.micro_batch", "n", "Sequences per micro-batch.", FlagKind::Number},
    {"grad-accum", "training.grad_accum", "n", "Micro-batches per step (default: from batch).",
     FlagKind::Number},
    {"method", "training.method", "method",
     "full, lora or qlora: train every weight, or low-rank adapters beside a frozen (QLoRA: 4-bit) base.",
     FlagKind::Text},
    {"lora-rank", "training.lora.rank", "r", "LoRA rank (default 16).", FlagKind::Number},
    {"lora-targets", "training.lora.targets", "modules",
     "all-linear (default), attention, or module names separated by commas (q_proj,v_proj).",
     FlagKind::ModuleList},
    {"qlora-base", "training.lora.quantization", "format", "QLoRA base format: nf4 (default) or int8.",
     FlagKind::Text},
    {"flash-attention", "flash_attention", "true|false", "Flash attention (no s² score tensors).",
     FlagKind::Boolean},
    {"full-length-kv", "overheads.full_length_kv_on_windowed_layers", "true|false",
     "Allocate windowed (sliding, chunked) layers' KV cache at full context, as engines without a "
     "windowed cache do.",
     FlagKind::Boolean},
    {"efficiency-compute", "efficiency.compute", "fraction", "Achieved fraction of peak FLOP/s.",
     FlagKind::Number},
    {"efficiency-memory", "efficiency.memory", "fraction", "Achieved fraction of memory bandwidth.",
     FlagKind::Number},
    {"efficiency-network", "efficiency.network", "fraction", "Achieved fraction of link bandwidth.",
     FlagKind::Number},
    {"engine", "serving.engine", "id",
     "Serving: engine (vllm, sglang, tensorrt-llm, llama.cpp, ...; default: the device's).", FlagKind::Text},
    {"max-running", "serving.max_running_requests", "n",
     "Serving: sequences an engine runs at once (default: the engine's).", FlagKind::Number},
    {"concurrency", "serving.concurrency", "n", "Serving: requests in flight (default: batch).",
     FlagKind::Number},
    {"request-rate", "serving.request_rate_per_second", "per second",
     "Serving: requests per second instead of a concurrency.", FlagKind::Number},
    {"prefix-cache-hit", "serving.prefix_cache_hit_ratio", "fraction",
     "Serving: share of each prompt found in the prefix cache.", FlagKind::Number},
    {"chunked-prefill", "serving.chunked_prefill", "true|false",
     "Serving: prompts share steps with decode (default true).", FlagKind::Boolean},
    {"ttft-target", "serving.ttft_target_seconds", "seconds", "Serving: p90 time-to-first-token target.",
     FlagKind::Number},
    {"tpot-target", "serving.tpot_target_seconds", "seconds", "Serving: p90 time-per-output-token target.",
     FlagKind::Number},
    {"price-per-hour", "serving.price_per_device_hour", "amount",
     "Serving: price per device-hour of the scenario's device.", FlagKind::Number},
    {"speculative", "serving.speculative.draft", "kind", "Serving: speculative decoding: none, model or mtp.",
     FlagKind::Text},
    {"draft-model", "serving.speculative.draft_model", "id",
     "Serving: draft model id (with --speculative model).", FlagKind::Text},
    {"draft-tokens", "serving.speculative.draft_tokens", "k", "Serving: tokens drafted per step.",
     FlagKind::Number},
    {"acceptance-rate", "serving.speculative.acceptance_rate", "fraction",
     "Serving: chance a drafted token is accepted.", FlagKind::Number},
};

// A flag's text as JSON of the field's type (ids such as "4090" stay strings); text that is
// not of that type is passed on as a string so the core reports it like a bad scenario file.
json flagValue(const QString& text, FlagKind kind)
{
    if (kind == FlagKind::Text)
        return text.toStdString();
    if (kind == FlagKind::ModuleList) { // a keyword, or names separated by commas
        if (text == QLatin1String("all-linear") || text == QLatin1String("attention"))
            return text.toStdString();
        json names = json::array();
        // An empty item ("q_proj,,v_proj") is kept, so the core refuses it as it refuses "" in
        // the scenario file's list.
        for (const QString& name : text.split(QLatin1Char(',')))
            names.push_back(name.trimmed().toStdString());
        return names;
    }
    bool ok = false;
    const double number = text.toDouble(&ok);
    if (ok && std::isfinite(number))
        return number == std::floor(number) && std::fabs(number) < 9e15 ? json(static_cast<long long>(number))
                                                                        : json(number);
    if (text == QLatin1String("true") || text == QLatin1String("false"))
        return text == QLatin1String("true");
    return text.toStdString();
}

void setPath(json& object, const std::string& dotted, json value)
{
    const auto dot = dotted.find('.');
    if (dot == std::string::npos) {
        object[dotted] = std::move(value);
        return;
    }
    json& child = object[dotted.substr(0, dot)];
    if (!child.is_object())
        child = json::object();
    setPath(child, dotted.substr(dot + 1), std::move(value));
}

std::string listText(const core::Catalog& catalog, const QString& what)
{
    std::string out;
    if (what == QLatin1String("devices")) {
        for (const auto& d : catalog.devices())
            out += d.id + '\t' + d.name + '\t' + std::string(core::deviceClassName(d.deviceClass)) + '\n';
    } else {
        for (const auto& m : catalog.models())
            out += m.id + '\t' + m.name + '\t' + m.family + '\n';
    }
    return out;
}

[[noreturn]] void failInput(const std::string& message)
{
    std::fprintf(stderr, "llm-hw-estimate: %s\n", message.c_str());
    std::exit(kExitBadInput);
}

// A command-line value quoted in an error line, elided like the core's (core::elided).
std::string quoted(const QString& value)
{
    return "\"" + core::InputError::oneLine(core::elided(value.toStdString())) + "\"";
}

// --price id=amount: a device's price per device-hour for the ranking.
std::map<std::string, double> parsePrices(const QStringList& values)
{
    std::map<std::string, double> prices;
    for (const QString& value : values) {
        const qsizetype eq = value.lastIndexOf(QLatin1Char('='));
        bool ok = false;
        const double price = eq > 0 ? value.mid(eq + 1).toDouble(&ok) : 0.0;
        if (eq <= 0 || !ok || !std::isfinite(price) || price < 0)
            failInput("--price: expected id=amount (a number of at least 0), got " + quoted(value));
        prices[value.left(eq).toStdString()] = price;
    }
    return prices;
}

// Writes `text` to standard output, or one line saying why it could not (a full disk, a
// file-size limit: SIGXFSZ is ignored, so the write fails with EFBIG instead of killing us).
int writeOutput(const std::string& text)
{
    errno = 0;
    const std::size_t written = std::fwrite(text.data(), 1, text.size(), stdout);
    int error = errno;
    if (written == text.size() && std::fflush(stdout) == 0)
        return 0;
    if (errno != 0)
        error = errno;
    std::fprintf(stderr, "llm-hw-estimate: cannot write to standard output: %s (%zu of %zu bytes written)\n",
                 error != 0 ? std::strerror(error) : "write error", written, text.size());
    app::noteStandardOutputFailureReported();
    return app::kExitOutputFailed;
}

bool allFinite(const json& value)
{
    if (value.is_number_float())
        return std::isfinite(value.get<double>());
    if (value.is_structured()) {
        for (const auto& child : value)
            if (!allFinite(child))
                return false;
    }
    return true;
}

// Prints the table or the JSON of a result; a non-finite number in it is an internal error
// (nlohmann would write it as null), never output. `what` names the result in that message.
int writeResult(const json& out, bool table, const std::function<std::string()>& asTable, const char* what)
{
    if (!allFinite(out)) {
        std::fprintf(stderr, "llm-hw-estimate: internal error: a non-finite number in the %s\n", what);
        return 1;
    }
    return writeOutput(table ? asTable() : out.dump(2) + '\n');
}

// --model-id: the Hub's config.json becomes the scenario's inline model_config, named after the
// repository (model_config_path: the report's model name), as --model-config does with a file.
// Notes (a cached copy) and the checkpoint size cross-check go to stderr.
void attachHubModel(json& scenario, const QString& idOrUrl)
{
    QString error;
    const std::optional<app::HfModelFiles> files = app::HfHubClient::fetch(idOrUrl, QString(), &error);
    if (!files)
        failInput("--model-id: " + error.toStdString());
    for (const QString& note : files->notes)
        std::fprintf(stderr, "llm-hw-estimate: note: %s\n", note.toStdString().c_str());
    const std::string repoId = files->repoId.toStdString();
    std::vector<core::Message> configWarnings; // the estimator reports them with the others
    // The shards' safetensors headers, when the Hub gave them: the counts come from them.
    std::optional<core::InputError> headerFailure;
    const json tensors = app::tensorsOfShardHeaders(files->config, *files, headerFailure);
    if (headerFailure)
        std::fprintf(stderr, "llm-hw-estimate: note: tensor headers not used: %s\n", headerFailure->what());
    core::ModelArchitecture architecture;
    try {
        architecture = core::architectureFromModelSources(
            files->config, tensors.is_null() ? nullptr : &tensors, std::string(), configWarnings);
    } catch (const core::InputError& error) {
        throw error.withOrigin(repoId + "/config.json");
    }
    if (files->indexTotalBytes) {
        if (const auto check = app::checkCheckpointSize(*files->indexTotalBytes, architecture))
            std::fprintf(stderr, "llm-hw-estimate: %s: %s: %s\n", check->agrees ? "note" : "warning",
                         repoId.c_str(), check->message.c_str());
    }
    scenario["model_config"] = files->config;
    scenario["model_config_path"] = repoId;
    if (tensors.is_null())
        scenario.erase("model_tensors");
    else
        scenario["model_tensors"] = tensors;
    scenario.erase("model");
}

} // namespace

int main(int argc, char* argv[])
{
    // Over a file-size limit (ulimit -f) the kernel sends SIGXFSZ, whose default action kills the
    // process; ignored, the write fails with EFBIG and writeOutput says so (POSIX setrlimit,
    // RLIMIT_FSIZE).
    std::signal(SIGXFSZ, SIG_IGN);
    // --help, --help-all and --version are printed by QCommandLineParser, which then calls
    // exit(0): whether their text was written is checked at the exit (docs/CONTRACT §5.4).
    app::checkStandardOutputAtExit("llm-hw-estimate");
    const app::ArgumentBytes argumentBytes(argc, argv);
    QCoreApplication application(argc, argv);
    // QCoreApplication calls setlocale(LC_ALL, "") on Unix, after which printf writes "0,50" in
    // a German locale; the Qt documentation (QCoreApplication, "Locale Settings") says to reset
    // LC_NUMERIC to "C". The table lists numbers separated by commas, so decimals must be points.
    std::setlocale(LC_NUMERIC, "C");
    QCoreApplication::setApplicationName(QStringLiteral("llm-hw-explorer")); // shares the user catalog folder
    QCoreApplication::setApplicationVersion(QStringLiteral(LHE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Estimates the memory, time and bottleneck of running or training an LLM on given hardware.\n"
        "Prints the report as JSON (default) or a table. Without a scenario or device/model flags it\n"
        "evaluates the embedded default scenario. Exit status: 0 ok, 2 bad input or output that could\n"
        "not be written."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"), QStringLiteral("Scenario JSON file."),
                                            QStringLiteral("file"));
    const QCommandLineOption catalogOption(
        QStringLiteral("catalog"),
        QStringLiteral("Extra catalog JSON file (repeatable); entries override by id."),
        QStringLiteral("file"));
    const QCommandLineOption configOption(QStringLiteral("model-config"),
                                          QStringLiteral("Hugging Face config.json to use as the model."),
                                          QStringLiteral("file"));
    const QCommandLineOption modelFileOption(
        QStringLiteral("model-file"),
        QStringLiteral("Model to use from its own files: a .gguf file, a .safetensors file or a\n"
                       "checkpoint folder (config.json and its safetensors shards); only headers are read."),
        QStringLiteral("path"));
    const QCommandLineOption modelIdOption(
        QStringLiteral("model-id"),
        QStringLiteral("Hugging Face model to use: org/name or its huggingface.co URL (downloads its\n"
                       "config.json; HF_TOKEN for gated models, HF_ENDPOINT for a mirror)."),
        QStringLiteral("org/name"));
    const QCommandLineOption listOption(QStringLiteral("list"),
                                        QStringLiteral("List catalog entries: devices or models."),
                                        QStringLiteral("devices|models"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          QStringLiteral("Output: json (default) or table."),
                                          QStringLiteral("json|table"), QStringLiteral("json"));
    const QCommandLineOption rankOption(
        QStringLiteral("rank"),
        QStringLiteral(
            "Rank every catalog device for the scenario's model and serving workload (table or JSON)."));
    const QCommandLineOption priceOption(
        QStringLiteral("price"), QStringLiteral("Price per device-hour of a device for --rank (repeatable)."),
        QStringLiteral("id=amount"));
    const QCommandLineOption simulateOption(
        QStringLiteral("simulate"),
        QStringLiteral(
            "Also simulate the serving load event by event for latency percentiles (p50, p90, p99;\n"
            "the report's \"serving_simulation\")."));
    parser.addOptions({scenarioOption, catalogOption, configOption, modelFileOption, modelIdOption,
                       listOption, formatOption, rankOption, priceOption, simulateOption});
    std::vector<QCommandLineOption> fieldOptions;
    for (const auto& flag : kFieldFlags) {
        // The help texts are UTF-8 source literals ("s²"): fromLatin1 would print "sÂ²".
        fieldOptions.emplace_back(QString::fromUtf8(flag.flag), QString::fromUtf8(flag.help),
                                  QString::fromUtf8(flag.valueName));
        parser.addOption(fieldOptions.back());
    }
    if (!parser.parse(QCoreApplication::arguments()))
        failInput(core::elided(parser.errorText().toStdString(), 120));
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    // Help with Qt's own options has no public text: process() prints it (and exits) for --help-all.
    if (parser.isSet(QStringLiteral("help-all")))
        parser.process(QCoreApplication::arguments());
    if (!parser.positionalArguments().isEmpty())
        failInput("unexpected argument " + quoted(parser.positionalArguments().constFirst()) +
                  "; see --help");
    // A name Qt cannot spell would be read as another file (app/support/argument_bytes.h).
    for (const QCommandLineOption* option :
         {&scenarioOption, &catalogOption, &configOption, &modelFileOption}) {
        for (const QString& name : parser.values(*option)) {
            if (argumentBytes.decodedLossily(name))
                failInput(name.toStdString() + ": the file name is not valid UTF-8, the only file names this "
                                               "program can open: rename the file");
        }
    }
    const QString format = parser.value(formatOption);
    if (format != QLatin1String("json") && format != QLatin1String("table"))
        failInput("--format: unknown value " + quoted(format) + "; allowed: json, table");

    try {
        std::vector<core::Message> warnings;
        const core::Catalog catalog = app::loadCatalog(parser.values(catalogOption), warnings);
        for (const auto& warning : warnings)
            std::fprintf(stderr, "llm-hw-estimate: warning: %s\n", core::englishText(warning).c_str());

        if (parser.isSet(listOption)) {
            const QString what = parser.value(listOption);
            if (what != QLatin1String("devices") && what != QLatin1String("models"))
                failInput("--list: unknown value " + quoted(what) + "; allowed: devices, models");
            return writeOutput(listText(catalog, what));
        }

        if (int(parser.isSet(configOption)) + int(parser.isSet(modelIdOption)) +
                int(parser.isSet(modelFileOption)) >
            1)
            failInput("--model-config, --model-file and --model-id each name the model; give one");
        bool anyField =
            parser.isSet(configOption) || parser.isSet(modelIdOption) || parser.isSet(modelFileOption);
        for (const auto& option : fieldOptions)
            anyField = anyField || parser.isSet(option);
        // Read unchecked: the flags override the file's fields before the core checks them.
        const QString scenarioFile = parser.value(scenarioOption);
        json scenario = parser.isSet(scenarioOption) ? app::readScenarioFileUnchecked(scenarioFile)
                        : anyField                   ? json::object()
                                                     : app::defaultScenario();
        // Top-level scenario fields a flag wrote: an error there is the flag's, not the file's.
        std::set<std::string> flagFields;
        for (std::size_t i = 0; i < fieldOptions.size(); ++i) {
            if (!parser.isSet(fieldOptions[i]))
                continue;
            setPath(scenario, kFieldFlags[i].field,
                    flagValue(parser.value(fieldOptions[i]), kFieldFlags[i].kind));
            const std::string field = kFieldFlags[i].field;
            flagFields.insert(field.substr(0, field.find('.')));
        }
        if (flagFields.count("devices"))
            flagFields.insert("parallelism"); // the split is checked against the device count
        if (parser.isSet(configOption)) {
            app::attachModelConfig(scenario, parser.value(configOption));
            flagFields.insert({"model", "model_config", "model_config_path", "model_tensors"});
        } else if (parser.isSet(modelFileOption)) {
            app::attachModelFiles(scenario, parser.value(modelFileOption));
            flagFields.insert({"model", "model_config", "model_config_path", "model_tensors"});
        } else if (parser.isSet(modelIdOption)) {
            attachHubModel(scenario, parser.value(modelIdOption));
            flagFields.insert({"model", "model_config", "model_config_path", "model_tensors"});
        } else if (parser.isSet(QStringLiteral("model"))) {
            scenario.erase("model_config");
            scenario.erase("model_config_path");
            scenario.erase("model_tensors");
            flagFields.insert({"model_config", "model_config_path", "model_tensors"});
        }
        // Per-degree flags on a file without a full split: missing degrees are 1, and the core
        // checks the product against devices.
        if (parser.isSet(rankOption)) {
            const std::map<std::string, double> prices = parsePrices(parser.values(priceOption));
            const std::vector<core::DeviceRanking> ranking =
                core::rankDevices(core::scenarioFromJson(scenario), catalog, prices);
            if (ranking.empty())
                failInput("--rank: the ranking is of serving: give an inference scenario with output_tokens "
                          "above 0");
            return writeResult(
                core::rankingToJson(ranking), format == QLatin1String("table"),
                [&] { return app::rankingAsTable(ranking); }, "ranking");
        }
        if (parser.isSet(priceOption))
            failInput("--price is for --rank; the scenario's own price is --price-per-hour");
        const core::Report report = [&] {
            try {
                return core::estimate(core::scenarioFromJson(scenario), catalog);
            } catch (const core::InputError& error) {
                const std::string field = error.fieldPath().substr(0, error.fieldPath().find_first_of(".["));
                if (!parser.isSet(scenarioOption) || flagFields.count(field))
                    throw;
                throw app::scenarioFileError(scenarioFile, error); // as the GUI reads the file
            }
        }();
        std::optional<core::SimulationResult> simulation;
        if (parser.isSet(simulateOption)) {
            simulation = core::simulateServingLoad(report.scenario, catalog);
            if (!simulation)
                failInput(
                    "--simulate: the simulation is of serving: give an inference scenario with output_tokens "
                    "above 0");
        }
        json out = core::reportToJson(report);
        if (simulation)
            out["serving_simulation"] = core::simulationToJson(*simulation);
        return writeResult(
            out, format == QLatin1String("table"),
            [&] {
                return app::reportAsTable(report) +
                       (simulation ? app::simulationAsTable(*simulation) : std::string());
            },
            "report");
    } catch (const core::InputError& error) {
        failInput(error.what());
    } catch (const std::exception& error) {
        std::fprintf(stderr, "llm-hw-estimate: internal error: %s\n", error.what());
        return 1;
    }
}
