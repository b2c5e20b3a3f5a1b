// Validation suite: published measurements (measurements.json, copied verbatim from the project's
// reference set) turned into scenarios (cases.json), evaluated by the core, compared, and written
// to VALIDATION.md in the build folder, which must equal docs/VALIDATION.md. Gates: decode throughput
// within 1.25x for at least 80 % of the cases and none beyond 2x; serving throughput (the core's
// continuous-batching model, Report::serving) the same, and every serving TTFT / TPOT within 1.5x; every
// gated memory figure within 10 %; fine-tuning peak memory within 15 % for at least 80 % of the gated
// cases, and every trainable-parameter count exact. Other categories are reported only.
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/common/precision.h"
#include "core/estimate/efficiency_model.h"
#include "core/estimate/estimator.h"
#include "core/estimate/evaluation_context.h"
#include "core/estimate/memory_model.h"
#include "core/model/model_architecture.h"
#include "core/scenario/scenario.h"
#include "core/serving/serving_estimate.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace lhe::core;
using nlohmann::json;

namespace {

// Tolerances of the gates (ratio = estimate / measurement).
constexpr double kDecodeCloseFactor = 1.25; // "close": within 1.25x either way
constexpr double kDecodeCloseShare = 0.80;  // at least this share of decode cases close
constexpr double kDecodeOuterFactor = 2.0;  // no decode case beyond 2x either way
constexpr double kMemoryRelative = 0.10;    // every gated memory case within 10 %
// Fine-tuning peak memory: a published peak (torch.cuda.max_memory_allocated / _reserved) carries
// the framework's temporaries and allocator slack, so the band is wider than for model states.
constexpr double kFinetuneRelative = 0.15; // "close": within 15 % of the published peak
constexpr double kFinetuneShare = 0.80;    // at least this share of gated peak-memory cases close
constexpr double kParamsRelative = 1e-3;   // trainable parameters: a count, exact up to rounding
// Serving (Report::serving): throughput as decode; time to first token and time per output token
// depend on the engine's scheduler and the arrival pattern, so every one within 1.5x.
constexpr double kServingCloseFactor = 1.25;  // throughput "close": within 1.25x either way
constexpr double kServingCloseShare = 0.80;   // at least this share of serving throughput cases close
constexpr double kServingOuterFactor = 2.0;   // no serving throughput case beyond 2x
constexpr double kServingLatencyFactor = 1.5; // the target: every TTFT / TPOT case within 1.5x
// The TTFT / TPOT cases the serving model does not yet bring within 1.5x, each with its cause
// (docs/VALIDATION.md lists them under the target it misses). The gate fails when a case not
// listed here falls outside, and when a listed one comes inside (so the list never hides a fix).
const std::map<std::string, std::string>& knownServingLatencyMisses()
{
    static const std::map<std::string, std::string> misses{
        {"S1-8b-h100-sharegpt-tpot",
         "vLLM 0.6's per-step CPU scheduling time at 256 sequences, not modelled"},
        {"S3-mi300x-server-ttft",
         "MLPerf Server: the harness batches queries itself (AMD's run scripts pass "
         "--enable-batcher), filling batches up to the p99 latency bounds by a policy "
         "the results do not describe; the steady state at the published rate waits "
         "less"},
        {"S3-mi300x-server-tpot", "as S3 TTFT"},
        {"S4-h100-server-ttft", "as S3 TTFT"},
        {"S4-h100-server-tpot", "as S3 TTFT"},
        {"S8-gpt-oss-120b-ttft-4096",
         "llama.cpp's prefill on GB10 runs at 19-45 TFLOP/s where cuBLAS reaches "
         "~96 TFLOP/s in fp16 on the same chip (the 8192^3 GEMM burn-in in "
         "the GB10 catalog entry): the engine's kernels, not the "
         "hardware; a scenario can set efficiency.compute, the default cannot "
         "know it"},
        {"S8-qwen2.5-coder-7b-ttft-4096", "as S8 gpt-oss-120b TTFT"},
        {"S8-gemma-3-4b-ttft-4096", "as S8 gpt-oss-120b TTFT"},
    };
    return misses;
}

// The serving quantities: figures of a whole deployment (output tokens/s), of a decode instance alone
// (a prefill-decode disaggregated deployment's decode nodes; llama-batched-bench's S_TG), and the mean
// latencies.
bool isServingThroughput(const std::string& quantity)
{
    return quantity == "serving_output_tokens_per_second" || quantity == "serving_decode_tokens_per_second";
}
bool isServingLatency(const std::string& quantity)
{
    return quantity == "serving_ttft_seconds" || quantity == "serving_tpot_seconds";
}

// The category order of the report.
const std::vector<std::string> kCategories{"memory",   "decode",     "prefill",   "serving",   "training",
                                           "finetune", "collective", "host_link", "microbench"};

// ---------------------------------------------------------------- ratio arithmetic (tested below)

double ratioOf(double estimate, double measured)
{
    return measured != 0 ? estimate / measured : std::nan("");
}

// Distance from 1 in log terms: 2x and 0.5x are equally far.
double logDistance(double ratio)
{
    return std::isfinite(ratio) && ratio > 0 ? std::abs(std::log(ratio)) : INFINITY;
}

bool withinFactor(double ratio, double factor)
{
    return logDistance(ratio) <= std::log(factor) + 1e-12;
}

bool withinRelative(double ratio, double relative)
{
    return std::isfinite(ratio) && std::abs(ratio - 1.0) <= relative + 1e-12;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string printf1(const char* format, double value); // formatting, below

// ---------------------------------------------------------------- cases

struct Case
{
    std::string id;
    std::string measurement;
    std::string category;
    std::string quantity;
    std::string unit;
    std::string configuration;
    std::string source;
    std::string assumptions;
    double measured = 0;
    bool gated = true;
    // memory_peak_bytes: what the source logged. "allocated" (torch.cuda.max_memory_allocated:
    // tensors only), "reserved" (max_memory_reserved: the caching allocator's segments too), or
    // "device" (nvidia-smi or an estimate of the whole card: CUDA context and NCCL buffers too).
    std::string measuredAs = "device";
    long long batchCap = 0;         // "batch": "max" is capped at this (0: no cap)
    std::optional<json> scenario;   // scenario-based quantities
    std::optional<json> collective; // device-level quantities
};

struct Result
{
    Case c;
    double estimate = std::nan("");
    std::optional<double> ideal;
    std::string detail; // what the harness chose (batch "max", parallel split, bound)
    std::string error;  // evaluation failed: a broken case, always a test failure
    double ratio() const { return ratioOf(estimate, c.measured); }
    std::optional<double> idealRatio() const
    {
        return ideal ? std::optional<double>(ratioOf(*ideal, c.measured)) : std::nullopt;
    }
};

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string stringOr(const json& object, const char* key, const std::string& fallback = {})
{
    return object.contains(key) && object[key].is_string() ? object[key].get<std::string>() : fallback;
}

std::vector<Case> loadCases(const json& document)
{
    std::vector<Case> cases;
    for (const json& entry : document.at("cases")) {
        Case c;
        c.id = entry.at("id").get<std::string>();
        c.measurement = entry.at("measurement").get<std::string>();
        c.category = entry.at("category").get<std::string>();
        c.quantity = entry.at("quantity").get<std::string>();
        c.measuredAs = stringOr(entry, "measured_as", "device");
        if (c.measuredAs != "device" && c.measuredAs != "allocated" && c.measuredAs != "reserved")
            throw std::runtime_error(c.id + ": measured_as must be device, allocated or reserved");
        c.unit = entry.at("unit").get<std::string>();
        c.measured = entry.at("measured").get<double>();
        c.configuration = stringOr(entry, "configuration");
        c.source = stringOr(entry, "source");
        c.assumptions = stringOr(entry, "assumptions");
        c.gated = entry.value("gated", true);
        c.batchCap = entry.value("batch_cap", 0LL);
        if (entry.contains("scenario"))
            c.scenario = entry["scenario"];
        if (entry.contains("collective"))
            c.collective = entry["collective"];
        cases.push_back(std::move(c));
    }
    return cases;
}

// ---------------------------------------------------------------- evaluation

const Device& deviceOf(const std::string& id)
{
    const Device* device = Catalog::builtIn().findDevice(id);
    if (!device)
        throw std::runtime_error("device \"" + id + "\" not in the catalog");
    return *device;
}

ModelArchitecture architectureOf(const Scenario& scenario)
{
    if (scenario.modelConfig) {
        std::vector<lhe::core::Message> warnings;
        return architectureFromHfConfig(*scenario.modelConfig, "model_config", warnings);
    }
    const ModelEntry* model = Catalog::builtIn().findModel(scenario.modelId);
    if (!model)
        throw std::runtime_error("model \"" + scenario.modelId + "\" not in the catalog");
    return model->architecture;
}

double trainingValue(const std::string& quantity, const TrainingEstimate& t, const Report& r)
{
    const double peak = r.roofline.peakFlopsPerSecond;
    const Scenario& s = r.scenario;
    if (quantity == "training_mfu")
        return t.mfu;
    if (quantity == "training_step_seconds")
        return t.step.seconds;
    if (quantity == "training_flops_per_device") // model FLOP/s per device
        return t.mfu * peak;
    if (quantity == "training_hardware_flops_per_device") // recomputation included
        return t.step.achievedFlopsPerSecond;
    if (quantity == "training_hfu")
        return t.step.achievedFlopsPerSecond / peak;
    if (quantity == "training_tokens_per_second")
        return t.step.tokensPerSecond;
    if (quantity == "training_days")
        return t.trainDays;
    if (quantity == "training_gpu_hours") // device-hours for training.train_tokens tokens
        return static_cast<double>(s.devices) * s.training.trainTokens / t.step.tokensPerSecond / 3600.0;
    throw std::runtime_error("unknown training quantity " + quantity);
}

double activationBytesPerLayer(const Report& r, const Scenario& scenario)
{
    const Device& device = deviceOf(scenario.deviceId);
    const ModelArchitecture arch = architectureOf(scenario);
    const EvaluationContext ctx{r.scenario, device, arch, r.scenario.parallelism.value_or(Parallelism{})};
    return trainingActivationBytesPerLayer(ctx, static_cast<double>(r.scenario.training.microBatch),
                                           static_cast<double>(r.scenario.promptTokens));
}

std::string splitText(const Parallelism& p)
{
    std::ostringstream out;
    out << "t" << p.tensor << " p" << p.pipeline << " d" << p.data << " e" << p.expert;
    return out.str();
}

void evaluateScenarioCase(Result& result)
{
    const Case& c = result.c;
    json input = *c.scenario;
    std::vector<std::string> detail; // joined with "; " for the report
    if (input.contains("batch") && input["batch"].is_string() && input["batch"] == "max") {
        // The serving engine's batch: as many sequences as fit, capped at the engine's limit; the
        // requests in flight (serving.concurrency) of an engine run at its maximum throughput.
        json probe = input;
        probe["batch"] = 1;
        const Report first = estimate(scenarioFromJson(probe), Catalog::builtIn());
        if (!first.limits)
            throw std::runtime_error("no limits for batch \"max\"");
        long long batch = std::max(1LL, first.limits->maxBatchFits);
        if (c.batchCap > 0)
            batch = std::min(batch, c.batchCap);
        input["batch"] = batch;
        if (!input.contains("serving") || !input["serving"].is_object())
            input["serving"] = json::object();
        input["serving"]["concurrency"] = batch;
        detail.push_back("batch " + std::to_string(batch) + " (fits " +
                         std::to_string(first.limits->maxBatchFits) + ", cap " + std::to_string(c.batchCap) +
                         ")");
    }
    const Scenario scenario = scenarioFromJson(input);
    const Report r = estimate(scenario, Catalog::builtIn());
    if (r.scenario.parallelism)
        detail.push_back(splitText(*r.scenario.parallelism));
    if (r.memory.tier != OffloadTier::None)
        detail.push_back("memory tier " + std::string(offloadTierName(r.memory.tier)));

    const std::string& q = c.quantity;
    const MemoryBreakdown& m = r.memory.perDevice;
    if (q == "memory_weights_bytes") {
        result.estimate = m.weightsBytes;
    } else if (q == "memory_weights_with_vision_bytes") {
        // A serving engine's weight memory of a multimodal model: language model + vision tower.
        result.estimate = m.weightsBytes + m.visionWeightsBytes;
    } else if (q == "checkpoint_bytes") {
        // The whole checkpoint as stored (every weight in its checkpoint format).
        result.estimate = r.checkpointBytes;
        if (!r.checkpointFormat.empty())
            detail.push_back("checkpoint " + r.checkpointFormat);
    } else if (q == "memory_model_states_bytes") {
        result.estimate = m.weightsBytes + m.gradientsBytes + m.optimizerStatesBytes;
    } else if (q == "memory_peak_bytes") {
        // Everything the estimate places on the fullest device: weights (the frozen, possibly
        // quantized base), adapters with their gradients and optimizer states, activations and the
        // overheads; compared with a framework's logged peak.
        // PyTorch's counters see only what its caching allocator hands out: not the CUDA context
        // or NCCL's buffers (cudaMalloc'd outside it), and with "allocated" not the allocator's
        // rounding and fragmentation either (the reserve segment).
        result.estimate = m.totalBytes();
        if (c.measuredAs != "device")
            result.estimate -= m.runtimeContextBytes + m.communicationBuffersBytes;
        if (c.measuredAs == "allocated")
            result.estimate -= m.allocatorReserveBytes;
        detail.push_back("as " + c.measuredAs + "; GB: weights " + printf1("%.2f", m.weightsBytes / 1e9) +
                         ", adapters " + printf1("%.3f", m.adaptersBytes / 1e9) + ", gradients " +
                         printf1("%.2f", m.gradientsBytes / 1e9) + ", optimizer " +
                         printf1("%.2f", m.optimizerStatesBytes / 1e9) + ", activations " +
                         printf1("%.2f", m.activationsBytes / 1e9) + ", dequantization " +
                         printf1("%.2f", m.dequantWorkspaceBytes / 1e9) + ", overheads " +
                         printf1("%.2f", m.overheadBytes() / 1e9));
    } else if (q == "trainable_params") {
        // PEFT's print_trainable_parameters(): the adapters' parameters (LoRA, QLoRA) or every
        // parameter (full).
        result.estimate = r.paramsTrainable;
    } else if (q == "memory_activation_bytes") {
        result.estimate = m.activationsBytes;
    } else if (q == "memory_activation_bytes_per_layer") {
        result.estimate = activationBytesPerLayer(r, scenario);
    } else if (q == "activation_selective_saving") {
        json none = input;
        none["training"]["recompute"] = "none";
        const Scenario baseline = scenarioFromJson(none);
        const double with = activationBytesPerLayer(r, scenario);
        const double without = activationBytesPerLayer(estimate(baseline, Catalog::builtIn()), baseline);
        result.estimate = 1.0 - with / without;
    } else if (q == "kv_cache_bytes_per_token") {
        result.estimate = r.kvCacheBytesPerToken;
    } else if (q == "kv_cache_bytes_per_token_per_layer") {
        result.estimate = r.kvCacheBytesPerToken / static_cast<double>(architectureOf(scenario).layers);
    } else if (q == "kv_cache_bytes") {
        result.estimate = m.kvCacheBytes;
    } else if (q == "kv_pool_bytes") {
        result.estimate = m.kvCacheBytes + m.kvPoolReserveBytes;
    } else if (q == "decode_tokens_per_second") {
        if (!r.decode || !r.ideal.decode)
            throw std::runtime_error("no decode phase");
        result.estimate = r.decode->tokensPerSecond;
        result.ideal = r.ideal.decode->tokensPerSecond;
        detail.push_back("decode " + std::string(boundName(r.decode->bound)) + "-bound");
    } else if (q == "prefill_tokens_per_second") {
        if (!r.prefill || !r.ideal.prefill)
            throw std::runtime_error("no prefill phase");
        result.estimate = r.prefill->tokensPerSecond;
        result.ideal = r.ideal.prefill->tokensPerSecond;
        detail.push_back("prefill " + std::string(boundName(r.prefill->bound)) + "-bound");
    } else if (isServingThroughput(q) || isServingLatency(q)) {
        // The core's serving model (docs/METHOD.md §15); no ideal figure (Report::ideal has phases
        // only).
        if (!r.serving)
            throw std::runtime_error("no serving estimate");
        const ServingPoint& p = r.serving->point;
        if (q == "serving_output_tokens_per_second") {
            result.estimate = p.outputTokensPerSecond;
        } else if (q == "serving_decode_tokens_per_second") {
            // A decode instance alone: the running requests' tokens per step, no prompts between
            // the steps.
            // The engine's host time per step is part of every step (docs/METHOD.md §15.8).
            const double step = p.speculativeStepSeconds > 0 ? p.speculativeStepSeconds
                                                             : p.decodeStepSeconds + p.hostStepSeconds;
            if (!(step > 0))
                throw std::runtime_error("no decode step");
            result.estimate = static_cast<double>(p.running) * p.tokensPerStep / step;
        } else if (q == "serving_ttft_seconds") {
            result.estimate = p.ttftSeconds;
        } else {
            result.estimate = p.tpotSeconds;
        }
        detail.push_back("serving: concurrency " + std::to_string(p.concurrency) + ", running " +
                         std::to_string(p.running) + " (KV pool holds " +
                         std::to_string(r.serving->maxConcurrencyKv) + "), replicas " +
                         std::to_string(r.serving->replicas) + ", decode step " +
                         printf1("%.2f", p.decodeStepSeconds * 1e3) + " ms " +
                         std::string(boundName(p.decodeBound)) + "-bound, TTFT " +
                         printf1("%.3f", p.ttftSeconds) + " s, TPOT " + printf1("%.2f", p.tpotSeconds * 1e3) +
                         " ms, " + printf1("%.4g", p.outputTokensPerSecond) + " output tokens/s");
    } else if (q.rfind("training_", 0) == 0) {
        if (!r.training || !r.ideal.training)
            throw std::runtime_error("no training estimate");
        result.estimate = trainingValue(q, *r.training, r);
        result.ideal = trainingValue(q, *r.ideal.training, r);
        detail.push_back("step " + std::string(boundName(r.training->step.bound)) +
                         "-bound, micro-batches per replica " + std::to_string(r.training->microBatches));
    } else {
        throw std::runtime_error("unknown quantity " + q);
    }
    for (const std::string& part : detail)
        result.detail += (result.detail.empty() ? "" : "; ") + part;
}

void evaluateDeviceCase(Result& result)
{
    const Case& c = result.c;
    const json& k = *c.collective;
    const Device& device = deviceOf(k.at("device").get<std::string>());
    Scenario scenario; // defaults: only the device and, for GEMMs, the compute precision matter
    scenario.deviceId = device.id;
    const std::string precision = stringOr(k, "precision", "bf16");
    const auto parsed = parsePrecision(precision);
    if (!parsed)
        throw std::runtime_error("unknown precision " + precision);
    scenario.compute = *parsed;
    const Efficiencies calibrated = calibratedEfficiencies(scenario, device);
    const Efficiencies ideal = idealEfficiencies();
    const std::string& q = c.quantity;
    if (q == "allreduce_bus_bandwidth") {
        const double devices = k.at("devices").get<double>();
        const double bytes = k.at("bytes").get<double>();
        result.estimate = allReduceBusBytesPerSecond(device, calibrated, devices, bytes);
        result.ideal = allReduceBusBytesPerSecond(device, ideal, devices, bytes);
        result.detail = calibrated.networkSource;
    } else if (q == "host_to_device_bandwidth") {
        result.estimate = hostToDeviceBytesPerSecond(device, calibrated);
        result.ideal = hostToDeviceBytesPerSecond(device, ideal);
    } else if (q == "gemm_flops") {
        const auto key = computeKey(scenario.compute);
        if (!key || device.peak(*key) <= 0)
            throw std::runtime_error("device has no " + precision + " peak");
        result.estimate = device.peak(*key) * calibrated.compute;
        result.ideal = device.peak(*key);
        result.detail = calibrated.computeSource;
    } else if (q == "stream_bandwidth") {
        result.estimate = device.memoryBandwidthBytesPerSecond * calibrated.memory;
        result.ideal = device.memoryBandwidthBytesPerSecond;
        result.detail = calibrated.memorySource;
    } else {
        throw std::runtime_error("unknown quantity " + q);
    }
}

Result evaluateCase(const Case& c)
{
    Result result;
    result.c = c;
    try {
        if (c.scenario)
            evaluateScenarioCase(result);
        else if (c.collective)
            evaluateDeviceCase(result);
        else
            throw std::runtime_error("neither \"scenario\" nor \"collective\"");
        if (!std::isfinite(result.estimate))
            throw std::runtime_error("estimate is not finite");
    } catch (const InputError& e) {
        result.error = e.what();
    } catch (const std::exception& e) {
        result.error = e.what();
    }
    return result;
}

// ---------------------------------------------------------------- formatting

std::string printf1(const char* format, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

// Four significant digits.
std::string sig4(double value)
{
    const double a = std::abs(value);
    if (a >= 1000)
        return printf1("%.0f", value);
    if (a >= 100)
        return printf1("%.1f", value);
    if (a >= 10)
        return printf1("%.2f", value);
    return printf1("%.3f", value);
}

std::string grouped(double value)
{
    const std::string digits = printf1("%.0f", std::abs(std::round(value)));
    std::string out = value < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string formatValue(double value, const std::string& unit)
{
    if (!std::isfinite(value))
        return "n/a";
    if (unit == "bytes") {
        if (value >= 1e12)
            return sig4(value / 1e12) + " TB";
        if (value >= 1e9)
            return sig4(value / 1e9) + " GB";
        if (value >= 1e6)
            return sig4(value / 1e6) + " MB";
        if (value >= 1e4)
            return sig4(value / 1e3) + " kB";
        return grouped(value) + " B";
    }
    if (unit == "tokens/s")
        return (value >= 1000 ? grouped(value) : sig4(value)) + " tokens/s";
    if (unit == "FLOP/s")
        return value >= 1e15 ? sig4(value / 1e15) + " PFLOP/s" : sig4(value / 1e12) + " TFLOP/s";
    if (unit == "B/s")
        return value >= 1e12 ? sig4(value / 1e12) + " TB/s" : sig4(value / 1e9) + " GB/s";
    if (unit == "fraction")
        return printf1("%.1f %%", value * 100);
    if (unit == "s")
        return std::abs(value) < 0.1 ? sig4(value * 1e3) + " ms" : sig4(value) + " s";
    if (unit == "days")
        return sig4(value) + " days";
    if (unit == "GPU-hours")
        return grouped(value) + " GPU-h";
    if (unit == "params")
        return grouped(value);
    return sig4(value) + " " + unit;
}

std::string formatRatio(double ratio)
{
    return std::isfinite(ratio) ? printf1("%.2f×", ratio) : "n/a";
}

std::string formatShare(double share)
{
    return printf1("%.0f %%", share * 100);
}

// Markdown table cells: no pipes or line breaks.
std::string cell(std::string text)
{
    for (char& ch : text)
        if (ch == '|' || ch == '\n')
            ch = ch == '|' ? '/' : ' ';
    return text;
}

struct CategorySummary
{
    std::string category;
    int items = 0;
    int errors = 0;
    double medianRatio = std::nan("");
    double worstRatio = std::nan("");
    std::string worstId;
    double within125 = 0;
    double within2 = 0;
    double idealMedianRatio = std::nan("");
    int idealItems = 0;
};

CategorySummary summarise(const std::string& category, const std::vector<Result>& results)
{
    CategorySummary s;
    s.category = category;
    std::vector<double> ratios;
    std::vector<double> idealRatios;
    int close = 0;
    int inside2 = 0;
    for (const Result& r : results) {
        if (r.c.category != category)
            continue;
        ++s.items;
        if (!r.error.empty()) {
            ++s.errors;
            continue;
        }
        const double ratio = r.ratio();
        ratios.push_back(ratio);
        close += withinFactor(ratio, 1.25) ? 1 : 0;
        inside2 += withinFactor(ratio, 2.0) ? 1 : 0;
        if (!std::isfinite(s.worstRatio) || logDistance(ratio) > logDistance(s.worstRatio)) {
            s.worstRatio = ratio;
            s.worstId = r.c.id;
        }
        if (auto ideal = r.idealRatio())
            idealRatios.push_back(*ideal);
    }
    s.medianRatio = median(ratios);
    s.idealMedianRatio = median(idealRatios);
    s.idealItems = static_cast<int>(idealRatios.size());
    if (!ratios.empty()) {
        s.within125 = static_cast<double>(close) / static_cast<double>(ratios.size());
        s.within2 = static_cast<double>(inside2) / static_cast<double>(ratios.size());
    }
    return s;
}

std::string summaryTable(const std::vector<CategorySummary>& summaries)
{
    std::ostringstream out;
    out << "| category | items | median ratio | worst ratio (case) | within 1.25× | within 2× | ideal median "
           "ratio |\n"
        << "|---|---:|---:|---|---:|---:|---:|\n";
    for (const auto& s : summaries) {
        if (s.items == 0)
            continue;
        out << "| " << s.category << " | " << s.items
            << (s.errors ? " (" + std::to_string(s.errors) + " failed)" : "") << " | "
            << formatRatio(s.medianRatio) << " | " << formatRatio(s.worstRatio) << " (" << s.worstId << ") | "
            << formatShare(s.within125) << " | " << formatShare(s.within2) << " | "
            << (s.idealItems ? formatRatio(s.idealMedianRatio) : std::string("—")) << " |\n";
    }
    return out.str();
}

std::string categoryTitle(const std::string& category)
{
    static const std::map<std::string, std::string> titles{
        {"memory", "Memory"},
        {"decode", "Decode (batch-1 generation)"},
        {"prefill", "Prefill (prompt processing)"},
        {"serving", "Serving (continuous batching): throughput, time to first token, time per output token"},
        {"training", "Training"},
        {"finetune", "Fine-tuning (LoRA, QLoRA, full): peak memory, trainable parameters, throughput"},
        {"collective", "Collectives (all-reduce bus bandwidth)"},
        {"host_link", "Host link"},
        {"microbench", "Micro-benchmarks (GEMM, memory streams)"}};
    const auto it = titles.find(category);
    return it == titles.end() ? category : it->second;
}

std::string gateText()
{
    std::ostringstream out;
    out << "- **decode** (`decode_tokens_per_second`): at least " << formatShare(kDecodeCloseShare)
        << " of the cases within " << printf1("%.2f", kDecodeCloseFactor)
        << "× of the measurement, and none beyond " << printf1("%.0f", kDecodeOuterFactor) << "×.\n"
        << "- **serving** throughput (`serving_output_tokens_per_second`, "
           "`serving_decode_tokens_per_second`): at "
           "least "
        << formatShare(kServingCloseShare) << " of the gated cases within "
        << printf1("%.2f", kServingCloseFactor) << "× of the measurement, and none beyond "
        << printf1("%.0f", kServingOuterFactor)
        << "×; time to first token and time per output token (`serving_ttft_seconds`, "
           "`serving_tpot_seconds`): the target is every gated case within "
        << printf1("%.1f", kServingLatencyFactor)
        << "×. **Not met yet**: " << knownServingLatencyMisses().size()
        << " cases miss it for the causes below; the suite fails when any other case misses it or a "
           "listed one meets it.\n";
    for (const auto& [id, cause] : knownServingLatencyMisses())
        out << "  - `" << id << "`: " << cause << "\n";
    out << "  - Cases marked *not gated* (S9-S27: 2025-26 runs of vLLM, SGLang, TensorRT-LLM and MLPerf "
           "v5.1, "
           "added with the engine profiles) are reported only: they measure what the serving model still "
           "misses, chiefly DeepSeek-R1 and Mixtral throughput at full load (up to 6x optimistic) and mean "
           "latencies under MLPerf Server load (the harness batches to its p99 bounds).\n";
    out << "- **memory**: every gated case within " << formatShare(kMemoryRelative)
        << " of the published figure (cases marked *not gated* are reported only).\n"
        << "- **finetune** (`memory_peak_bytes`): at least " << formatShare(kFinetuneShare)
        << " of the gated cases within " << formatShare(kFinetuneRelative)
        << " of the published peak; every `trainable_params` case within "
        << printf1("%.1f", kParamsRelative * 100) << " % of the library's count.\n"
        << "- Every case must evaluate (an input error or a missing phase fails the suite).\n"
        << "- The other categories are reported, not gated.\n";
    return out.str();
}

// The serving section's preamble: which model the figures come from and what each quantity reads.
std::string servingText()
{
    std::ostringstream out;
    out << "Serving model: continuous batching (docs/METHOD.md §15), the core's `Report::serving` for the "
           "scenario's `serving` object. The requests in flight (`serving.concurrency`, or the concurrency "
           "that sustains `serving.request_rate_per_second`) share every decode step; each other request's "
           "prompt is run once per answer inside those steps (chunked prefill) or as a step of its own; "
           "requests beyond the KV pool (gpu_memory_utilization × memory less weights, activations and "
           "buffers) wait. `batch: \"max\"` is the engine's maximum batch: the largest batch that fits "
           "(`limits.max_batch_fits`), capped at the engine's limit (`batch_cap`), used as "
           "`serving.concurrency`.\n\n"
        << "- `serving_output_tokens_per_second`: output tokens/s of the whole deployment "
           "(`point.output_tokens_per_second`).\n"
        << "- `serving_decode_tokens_per_second`: a decode instance alone, running requests × tokens per "
           "step / step seconds (the decode nodes of a prefill-decode disaggregated deployment; "
           "llama-batched-bench's S_TG, its sequences decoding with no prompt in between).\n"
        << "- `serving_ttft_seconds`, `serving_tpot_seconds`: mean time to first token and mean time per "
           "output token after the first (`point.ttft_seconds`, `point.tpot_seconds`).\n"
        << "- Serving figures have no ideal estimate (the ideal roofline has phases only).\n";
    return out.str();
}

std::string writeReport(const std::vector<Result>& results, const std::vector<CategorySummary>& summaries,
                        const json& casesDocument, const json& measurements)
{
    std::ostringstream out;
    out << "# Validation against published measurements\n\n"
        << "<!-- Generated by tst_validation (tests/validation/tst_validation.cpp) from "
           "tests/validation/cases.json and "
           "tests/validation/measurements.json. Do not hand-edit: build and run `ctest -R tst_validation` to "
           "regenerate. -->\n\n"
        << "Generated by `tst_validation` (tests/validation/tst_validation.cpp) — **do not hand-edit**; "
           "build and "
           "run `ctest -R tst_validation` to regenerate. Every published figure in "
           "`tests/validation/measurements.json` that the core can compute is turned into a scenario "
           "(`tests/validation/cases.json`, with what the source does not state written down as "
           "assumptions), "
           "evaluated with the embedded catalogs, and compared.\n\n"
        << "- **ratio** = estimate / measurement (above 1: the estimate is higher; for seconds and days, "
           "slower).\n"
        << "- **calibrated estimate**: the core's report (efficiencies from "
           "`core/estimate/efficiency_model.cpp`).\n"
        << "- **ideal estimate**: the same work at datasheet peaks, every efficiency 1 and no latency "
           "(`Report::ideal`, `idealEfficiencies()`); memory has none.\n"
        << "- **worst** is the case farthest from 1 in log terms (0.5× and 2× are equally far).\n"
        << "- Serving: the core's serving model (`Report::serving`), see the serving section.\n\n"
        << "## Tolerances\n\n"
        << gateText() << "\n"
        << "## Summary\n\n"
        << summaryTable(summaries) << "\n";

    for (const std::string& category : kCategories) {
        bool any = false;
        for (const Result& r : results)
            any = any || r.c.category == category;
        if (!any)
            continue;
        out << "## " << categoryTitle(category) << "\n\n";
        if (category == "serving")
            out << servingText() << "\n";
        out << "| id | configuration | measured | calibrated estimate | ratio | ideal estimate | ideal ratio "
               "| source |\n"
            << "|---|---|---:|---:|---:|---:|---:|---|\n";
        for (const Result& r : results) {
            if (r.c.category != category)
                continue;
            const std::string flag = r.c.gated ? "" : " *(not gated)*";
            if (!r.error.empty()) {
                out << "| " << r.c.id << flag << " | " << cell(r.c.configuration) << " | "
                    << formatValue(r.c.measured, r.c.unit) << " | **error:** " << cell(r.error) << " | | | | "
                    << cell(r.c.source) << " |\n";
                continue;
            }
            out << "| " << r.c.id << flag << " | " << cell(r.c.configuration) << " | "
                << formatValue(r.c.measured, r.c.unit) << " | " << formatValue(r.estimate, r.c.unit) << " | "
                << formatRatio(r.ratio()) << " | " << (r.ideal ? formatValue(*r.ideal, r.c.unit) : "—")
                << " | " << (r.ideal ? formatRatio(*r.idealRatio()) : "—") << " | " << cell(r.c.source)
                << " |\n";
        }
        out << "\nAssumptions and what the harness chose:\n\n";
        for (const Result& r : results) {
            if (r.c.category != category)
                continue;
            out << "- **" << r.c.id
                << "**: " << (r.c.assumptions.empty() ? "as published." : r.c.assumptions);
            if (!r.detail.empty())
                out << " *Evaluated: " << r.detail << ".*";
            out << "\n";
        }
        out << "\n";
    }

    out << "## Items not compared\n\n| measurement | item | reason |\n|---|---|---|\n";
    for (const json& s : casesDocument.value("skipped", json::array()))
        out << "| " << stringOr(s, "measurement") << " | " << cell(stringOr(s, "item")) << " | "
            << cell(stringOr(s, "reason")) << " |\n";

    out << "\n## Sources\n\n| id | kind | trust | source |\n|---|---|---|---|\n";
    for (const json& m : measurements)
        out << "| " << stringOr(m, "id") << " | " << cell(stringOr(m, "kind")) << " | "
            << stringOr(m, "trust") << " | " << cell(stringOr(m, "source")) << " |\n";
    return out.str();
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ratioArithmeticCanFail_data();
    void ratioArithmeticCanFail();
    void everyMeasurementIsComparedOrSkipped();
    void everyCaseEvaluates();
    void decodeWithinTolerance();
    void memoryWithinTolerance();
    void finetuneWithinTolerance();
    void servingWithinTolerance();
    void docsCopyIsCurrent();

private:
    json m_measurements;
    json m_casesDocument;
    std::vector<Result> m_results;
    std::string m_report; // what initTestCase wrote to LHE_VALIDATION_REPORT
};

void TestValidation::initTestCase()
{
    const std::string dir = LHE_VALIDATION_DIR;
    m_measurements = json::parse(readText(dir + "/measurements.json"));
    m_casesDocument = json::parse(readText(dir + "/cases.json"));
    for (const Case& c : loadCases(m_casesDocument))
        m_results.push_back(evaluateCase(c));

    std::vector<CategorySummary> summaries;
    for (const std::string& category : kCategories)
        summaries.push_back(summarise(category, m_results));

    // The report goes to the build folder (a read-only checkout still passes); the copy in docs/
    // must be the same, so a change to the core or the cases shows in the commit that makes it.
    const std::string report = writeReport(m_results, summaries, m_casesDocument, m_measurements);
    std::ofstream out(LHE_VALIDATION_REPORT, std::ios::binary | std::ios::trunc);
    QVERIFY2(out.good(), "cannot write " LHE_VALIDATION_REPORT);
    out << report;
    out.close();
    QVERIFY2(out.good(), "cannot write " LHE_VALIDATION_REPORT);

    qInfo("Validation summary (ratio = estimate / measurement), written to %s:\n%s", LHE_VALIDATION_REPORT,
          summaryTable(summaries).c_str());
    m_report = report;
}

// docs/VALIDATION.md is the report of the code beside it: a change to the core or to the cases
// that moves a figure refreshes it in the same commit.
void TestValidation::docsCopyIsCurrent()
{
    std::ifstream in(LHE_VALIDATION_DOCS, std::ios::binary);
    std::ostringstream docs;
    docs << in.rdbuf();
    QVERIFY2(!m_report.empty(), "no report written");
    QVERIFY2(docs.str() == m_report, LHE_VALIDATION_DOCS
             " differs from " LHE_VALIDATION_REPORT
             "; refresh it with: cmake --build build/dev --target refresh_validation_docs");
}

// The gates are not vacuous: a 2x estimate is outside every tolerance, 0.5x as far as 2x.
void TestValidation::ratioArithmeticCanFail_data()
{
    QTest::addColumn<double>("estimate");
    QTest::addColumn<double>("measured");
    QTest::addColumn<bool>("within125");
    QTest::addColumn<bool>("within2");
    QTest::addColumn<bool>("within10pct");
    QTest::newRow("equal") << 1.0 << 1.0 << true << true << true;
    QTest::newRow("2x over") << 2.0 << 1.0 << false << true << false;
    QTest::newRow("2x under") << 1.0 << 2.0 << false << true << false;
    QTest::newRow("2.5x over") << 2.5 << 1.0 << false << false << false;
    QTest::newRow("1.2x over") << 1.2 << 1.0 << true << true << false;
    QTest::newRow("1.3x under") << 1.0 << 1.3 << false << true << false;
    QTest::newRow("5 % under") << 0.95 << 1.0 << true << true << true;
    QTest::newRow("zero estimate") << 0.0 << 1.0 << false << false << false;
}

void TestValidation::ratioArithmeticCanFail()
{
    QFETCH(double, estimate);
    QFETCH(double, measured);
    QFETCH(bool, within125);
    QFETCH(bool, within2);
    QFETCH(bool, within10pct);
    const double ratio = ratioOf(estimate, measured);
    QCOMPARE(withinFactor(ratio, kDecodeCloseFactor), within125);
    QCOMPARE(withinFactor(ratio, kDecodeOuterFactor), within2);
    QCOMPARE(withinRelative(ratio, kMemoryRelative), within10pct);
    QCOMPARE(withinRelative(1.14, kFinetuneRelative), true);
    QCOMPARE(withinFactor(1.45, kServingLatencyFactor), true);
    QCOMPARE(withinFactor(1.0 / 1.55, kServingLatencyFactor), false);
    QCOMPARE(withinFactor(ratio, kServingCloseFactor), within125);
    QCOMPARE(withinFactor(ratio, kServingOuterFactor), within2);
    QCOMPARE(withinRelative(0.84, kFinetuneRelative), false);
    QCOMPARE(logDistance(2.0), logDistance(0.5));
    QCOMPARE(median({3.0, 1.0, 2.0}), 2.0);
    QCOMPARE(median({4.0, 1.0, 2.0, 3.0}), 2.5);
}

void TestValidation::everyMeasurementIsComparedOrSkipped()
{
    std::set<std::string> ids;
    for (const json& m : m_measurements)
        ids.insert(m.at("id").get<std::string>());
    std::set<std::string> covered;
    for (const Result& r : m_results) {
        QVERIFY2(ids.count(r.c.measurement),
                 ("case " + r.c.id + " names unknown measurement " + r.c.measurement).c_str());
        covered.insert(r.c.measurement);
    }
    for (const json& s : m_casesDocument.value("skipped", json::array()))
        covered.insert(stringOr(s, "measurement"));
    for (const std::string& id : ids)
        QVERIFY2(covered.count(id),
                 ("measurement " + id + " is neither compared nor listed as skipped").c_str());
    QVERIFY(!m_results.empty());
}

void TestValidation::everyCaseEvaluates()
{
    std::string failures;
    for (const Result& r : m_results)
        if (!r.error.empty())
            failures += "\n  " + r.c.id + ": " + r.error;
    QVERIFY2(failures.empty(), ("cases that did not evaluate:" + failures).c_str());
}

void TestValidation::decodeWithinTolerance()
{
    int count = 0;
    int close = 0;
    std::string far;
    std::string notClose;
    for (const Result& r : m_results) {
        if (r.c.quantity != "decode_tokens_per_second" || !r.c.gated || !r.error.empty())
            continue;
        ++count;
        const double ratio = r.ratio();
        if (withinFactor(ratio, kDecodeCloseFactor))
            ++close;
        else
            notClose += " " + r.c.id + " " + formatRatio(ratio);
        if (!withinFactor(ratio, kDecodeOuterFactor))
            far += " " + r.c.id + " " + formatRatio(ratio);
    }
    QVERIFY2(count > 0, "no decode cases");
    const double share = static_cast<double>(close) / static_cast<double>(count);
    qInfo("decode: %d of %d within %.2fx (%s);%s%s", close, count, kDecodeCloseFactor,
          formatShare(share).c_str(), notClose.empty() ? "" : " outside:", notClose.c_str());
    QVERIFY2(far.empty(), ("decode cases beyond 2x:" + far).c_str());
    QVERIFY2(share >= kDecodeCloseShare - 1e-12, ("decode cases within 1.25x: " + formatShare(share) + " < " +
                                                  formatShare(kDecodeCloseShare) + "; outside:" + notClose)
                                                     .c_str());
}

void TestValidation::memoryWithinTolerance()
{
    std::string outside;
    int count = 0;
    for (const Result& r : m_results) {
        if (r.c.category != "memory" || !r.c.gated || !r.error.empty())
            continue;
        ++count;
        if (!withinRelative(r.ratio(), kMemoryRelative))
            outside += " " + r.c.id + " " + formatRatio(r.ratio());
    }
    QVERIFY2(count > 0, "no memory cases");
    QVERIFY2(outside.empty(), ("memory cases outside 10 %:" + outside).c_str());
}

// Fine-tuning: the peak a framework logs for LoRA / QLoRA / full fine-tuning, and PEFT's count of
// trainable parameters. A case leaves the gate only with "gated": false and its reason in
// "assumptions" (an estimated table, an upper bound).
void TestValidation::finetuneWithinTolerance()
{
    int count = 0;
    int close = 0;
    std::string notClose;
    std::string wrongParams;
    int params = 0;
    for (const Result& r : m_results) {
        if (r.c.category != "finetune" || !r.c.gated || !r.error.empty())
            continue;
        if (r.c.quantity == "trainable_params") {
            ++params;
            if (!withinRelative(r.ratio(), kParamsRelative))
                wrongParams += " " + r.c.id + " " + grouped(r.estimate) + " vs " + grouped(r.c.measured);
            continue;
        }
        if (r.c.quantity != "memory_peak_bytes")
            continue;
        ++count;
        if (withinRelative(r.ratio(), kFinetuneRelative))
            ++close;
        else
            notClose += " " + r.c.id + " " + formatRatio(r.ratio());
    }
    QVERIFY2(count > 0, "no gated fine-tuning peak-memory cases");
    QVERIFY2(params > 0, "no trainable-parameter cases");
    const double share = static_cast<double>(close) / static_cast<double>(count);
    qInfo("finetune peak memory: %d of %d within %s (%s);%s%s", close, count,
          formatShare(kFinetuneRelative).c_str(), formatShare(share).c_str(),
          notClose.empty() ? "" : " outside:", notClose.c_str());
    QVERIFY2(wrongParams.empty(), ("trainable parameters off:" + wrongParams).c_str());
    QVERIFY2(share >= kFinetuneShare - 1e-12,
             ("finetune peak-memory cases within " + formatShare(kFinetuneRelative) + ": " +
              formatShare(share) + " < " + formatShare(kFinetuneShare) + "; outside:" + notClose)
                 .c_str());
}

// Serving (the core's continuous-batching model): throughput like decode, at least 80 % of the gated
// cases within 1.25x and none beyond 2x; every gated time to first token and time per output token
// within 1.5x.
void TestValidation::servingWithinTolerance()
{
    int count = 0;
    int close = 0;
    int latencies = 0;
    std::string far;
    std::string notClose;
    std::string latencyOutside;
    std::string latencyFixed;
    for (const Result& r : m_results) {
        if (r.c.category != "serving" || !r.c.gated || !r.error.empty())
            continue;
        const double ratio = r.ratio();
        if (isServingLatency(r.c.quantity)) {
            ++latencies;
            const bool known = knownServingLatencyMisses().count(r.c.id) > 0;
            if (!withinFactor(ratio, kServingLatencyFactor) && !known)
                latencyOutside += " " + r.c.id + " " + formatRatio(ratio);
            if (withinFactor(ratio, kServingLatencyFactor) && known)
                latencyFixed += " " + r.c.id + " " + formatRatio(ratio);
            continue;
        }
        if (!isServingThroughput(r.c.quantity))
            continue;
        ++count;
        if (withinFactor(ratio, kServingCloseFactor))
            ++close;
        else
            notClose += " " + r.c.id + " " + formatRatio(ratio);
        if (!withinFactor(ratio, kServingOuterFactor))
            far += " " + r.c.id + " " + formatRatio(ratio);
    }
    QVERIFY2(count > 0, "no serving throughput cases");
    QVERIFY2(latencies > 0, "no serving TTFT / TPOT cases");
    const double share = static_cast<double>(close) / static_cast<double>(count);
    qInfo("serving throughput: %d of %d within %.2fx (%s);%s%s", close, count, kServingCloseFactor,
          formatShare(share).c_str(), notClose.empty() ? "" : " outside:", notClose.c_str());
    qInfo("serving TTFT / TPOT: %d cases, %zu known misses of the 1.5x target;%s%s", latencies,
          knownServingLatencyMisses().size(),
          latencyOutside.empty() ? " no other" : " other misses:", latencyOutside.c_str());
    QVERIFY2(far.empty(), ("serving throughput cases beyond 2x:" + far).c_str());
    QVERIFY2(share >= kServingCloseShare - 1e-12,
             ("serving throughput cases within 1.25x: " + formatShare(share) + " < " +
              formatShare(kServingCloseShare) + "; outside:" + notClose)
                 .c_str());
    QVERIFY2(latencyOutside.empty(),
             ("serving TTFT / TPOT cases outside 1.5x and not known misses:" + latencyOutside).c_str());
    QVERIFY2(latencyFixed.empty(),
             ("known TTFT / TPOT misses now within 1.5x: remove them from knownServingLatencyMisses:" +
              latencyFixed)
                 .c_str());
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
