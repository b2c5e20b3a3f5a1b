#include "app/support/report_table.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

namespace lhe::app {

using namespace lhe::core;

namespace {

// printf keeps the sign of a value that rounds to zero ("%.2f" of -0.0 or -1e-9 is "-0.00");
// a table never shows a negative zero, so a printed number with no non-zero digit loses its sign.
std::string format(const char* pattern, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    std::string text = buffer;
    const auto minus = text.find('-');
    if (minus != std::string::npos) {
        std::size_t end = minus + 1;
        while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.'))
            ++end;
        const std::string digits = text.substr(minus + 1, end - minus - 1);
        if (!digits.empty() && digits.find_first_not_of("0.") == std::string::npos)
            text.erase(minus, 1);
    }
    return text;
}

// Decimal prefixes, as the contract says (1 GB = 1e9 B).
std::string scaled(double value, const char* unit)
{
    static const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int index = 0;
    double v = value;
    while (std::fabs(v) >= 1000.0 && index < 6) {
        v /= 1000.0;
        ++index;
    }
    return format("%.3g ", v) + prefixes[index] + unit;
}

std::string seconds(double s)
{
    if (s < 1e-3)
        return format("%.3g µs", s * 1e6);
    if (s < 1.0)
        return format("%.3g ms", s * 1e3);
    return format("%.3g s", s);
}

// `ideal`: the same phase at datasheet peaks (Report::ideal), printed beside the calibrated one.
std::string phaseLines(const char* title, const PhaseEstimate& p, const PhaseEstimate* ideal)
{
    const auto& b = p.breakdown;
    std::string out = std::string(title) + "\n";
    out += "  time              " + seconds(p.seconds) + "   bound: " + std::string(boundName(p.bound));
    if (ideal)
        out += "   (ideal roofline " + seconds(ideal->seconds) + ")";
    out += "\n";
    out += "  breakdown         compute " + seconds(b.computeSeconds) + ", memory " +
           seconds(b.memorySeconds) + ", communication " + seconds(b.communicationSeconds) + ", latency " +
           seconds(b.latencySeconds) + ", offload " + seconds(b.offloadSeconds) + ", non-GEMM " +
           seconds(b.nonGemmSeconds) +
           (b.expertSeconds() > 0 ? ", routed experts " + seconds(b.expertSeconds()) : std::string()) + "\n";
    out += "  roofline point    " + format("%.3g", p.pointIntensity) + " FLOP per " +
           std::string(rooflineResourceName(p.pointResource)) + " byte, achieved " +
           scaled(p.achievedFlopsPerSecond, "FLOP/s") + " of roof " + scaled(p.roofFlopsPerSecond, "FLOP/s") +
           "\n";
    out += "  work per device   " + scaled(p.flops, "FLOP") + ", " + scaled(p.bytes, "B") + ", intensity " +
           format("%.3g", p.arithmeticIntensity) + " FLOP/B\n";
    out += "  tokens/s          " + format("%.4g", p.tokensPerSecond);
    if (ideal)
        out += "   (ideal roofline " + format("%.4g", ideal->tokensPerSecond) + ")";
    out += "\n";
    return out;
}

template <typename T> const T* optionalPointer(const std::optional<T>& value)
{
    return value ? &*value : nullptr;
}

std::string servingLines(const ServingEstimate& v, const Scenario& s)
{
    const ServingPoint& p = v.point;
    std::string out = "Serving (continuous batching, " + std::to_string(p.concurrency) + " concurrent, " +
                      format("%.0f", v.inputTokens) + " in / " + format("%.0f", v.outputTokens) + " out)\n";
    const ServingEngineUse& e = v.engine;
    out += "  engine            " + e.name + (e.version.empty() ? "" : " " + e.version) +
           (e.deviceDefault ? " (the device's default)" : "") + ": " + seconds(e.stepOverheadSeconds) +
           " host time per step, " + seconds(e.requestOverheadSeconds) + " per request\n";
    out += "  TTFT              " + seconds(p.ttftSeconds) + " mean, " + seconds(p.ttftP90Seconds) + " p90\n";
    out += "  TPOT              " + seconds(p.tpotSeconds) + " mean, " + seconds(p.tpotP90Seconds) + " p90\n";
    out += "  throughput        " + format("%.4g", p.outputTokensPerSecond) + " output tokens/s, " +
           format("%.4g", p.outputTokensPerSecondPerDevice) + " per device, " +
           format("%.3g", p.outputTokensPerSecondPerUser) + " per user, " +
           format("%.3g", p.requestsPerSecond) + " requests/s\n";
    out += "  KV pool           " + format("%.2f", v.kvPoolBytesPerDevice / 1e9) + " GB per device, " +
           std::to_string(v.maxConcurrencyKv) + " requests at most";
    if (v.maxConcurrencySlo)
        out += ", " + std::to_string(*v.maxConcurrencySlo) + " within the latency targets";
    out += "\n";
    if (v.devicesNeeded) {
        const auto& n = *v.devicesNeeded;
        out += "  sizing            " + std::to_string(n.devices) + " devices (tensor " +
               std::to_string(n.split.tensor) + ", pipeline " + std::to_string(n.split.pipeline) + ", data " +
               std::to_string(n.split.data) + ") " +
               (n.meetsTargets ? "serve the concurrency within the targets\n"
                               : "hold every request; no count up to 1,024 meets the targets\n");
    }
    if (v.speculative)
        out += "  speculative       " + format("%.3g", v.speculative->tokensPerStep) + " tokens per step, " +
               format("%.2f", v.speculative->speedup) + "x TPOT speed-up\n";
    out += "  energy            " + (v.joulesPerOutputToken > 0
                                         ? format("%.3g", v.joulesPerOutputToken) + " J per output token (" +
                                               format("%.0f", v.powerWattsPerDevice) + " W per device)"
                                         : std::string("unknown (no tdp_watts)"));
    if (v.costPerMillionOutputTokens)
        out += "; cost " + format("%.4g", *v.costPerMillionOutputTokens) + " per million output tokens at " +
               format("%.4g", *s.serving.pricePerDeviceHour) + " per device-hour";
    return out + "\n";
}

} // namespace

std::string rankingAsTable(const std::vector<DeviceRanking>& ranking)
{
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "%-4s %-34s %-5s %-28s %7s %10s %10s %14s %12s %10s\n", "rank", "device",
                  "class", "fits", "devices", "TTFT", "TPOT", "tok/s/device", "cost/Mtok", "J/token");
    out += line;
    int rank = 0;
    for (const DeviceRanking& r : ranking) {
        // A row missing the latency targets says so: its cost is that of a configuration that misses them.
        const std::string fits =
            (r.fits ? std::string("fits") : "spills (" + std::string(offloadTierName(r.tier)) + ")") +
            (r.meetsTargets ? "" : ", misses targets");
        const std::string name = r.deviceName.size() > 34 ? r.deviceName.substr(0, 33) + "~" : r.deviceName;
        const ServingPoint* p = r.serving ? &r.serving->point : nullptr;
        const std::string cost = r.serving && r.serving->costPerMillionOutputTokens
                                     ? format("%.4g", *r.serving->costPerMillionOutputTokens)
                                     : std::string("-");
        std::snprintf(line, sizeof line, "%-4d %-34s %-5s %-28s %7lld %10s %10s %14s %12s %10s\n", ++rank,
                      name.c_str(), std::string(deviceClassName(r.deviceClass)).c_str(), fits.c_str(),
                      r.devicesNeeded, p ? seconds(p->ttftSeconds).c_str() : "-",
                      p ? seconds(p->tpotSeconds).c_str() : "-",
                      p ? format("%.4g", p->outputTokensPerSecondPerDevice).c_str() : "-", cost.c_str(),
                      r.serving && r.serving->joulesPerOutputToken > 0
                          ? format("%.3g", r.serving->joulesPerOutputToken).c_str()
                          : "-");
        out += line;
    }
    return out;
}

std::string reportAsTable(const Report& r)
{
    const auto& s = r.scenario;
    const auto& split = *s.parallelism;
    std::string out;
    out += "Device   " + r.deviceName + " x " + std::to_string(s.devices) + "  (tensor " +
           std::to_string(split.tensor) + ", pipeline " + std::to_string(split.pipeline) + ", data " +
           std::to_string(split.data) + ", expert " + std::to_string(split.expert) +
           (split.expert > 1 ? std::string(", ") + std::string(expertPlacementName(split.placement))
                             : std::string()) +
           ")\n";
    out += "Model    " + r.modelName + "  " + scaled(r.paramsTotal, "params") + " total, " +
           scaled(r.paramsActive, "params") + " active, KV " + scaled(r.kvCacheBytesPerToken, "B") +
           "/token\n";
    if (r.paramsVision > 0 || r.paramsMtp > 0 || r.recurrentStateBytesPerSequence > 0)
        out += "         vision tower " + scaled(r.paramsVision, "params") + ", MTP modules " +
               scaled(r.paramsMtp, "params") + " (not loaded), recurrent state " +
               scaled(r.recurrentStateBytesPerSequence, "B") + "/sequence\n";
    if (!r.checkpointFormat.empty())
        out += "         checkpoint " + r.checkpointFormat + ", " + format("%.2f", r.checkpointBytes / 1e9) +
               " GB\n";
    for (const core::Message& reason : r.approximations)
        out += "         APPROXIMATE: " + core::englishText(reason) + "\n";
    out += "Workload " + std::string(modeName(s.mode)) + ", batch " + std::to_string(s.batch) + ", " +
           (s.mode == Mode::Training ? "sequence " : "prompt ") + std::to_string(s.promptTokens) +
           (s.mode == Mode::Training ? "" : ", output " + std::to_string(s.outputTokens)) + ", weights " +
           std::string(precisionName(s.weights)) + ", compute " + std::string(precisionName(s.compute)) +
           "\n";
    if (s.mode == Mode::Training) {
        const auto& tr = s.training;
        out += "Method   " + std::string(trainingMethodName(tr.method));
        if (tr.method != TrainingMethod::Full) {
            std::string modules;
            for (const std::string& name : r.adaptedModules)
                modules += (modules.empty() ? "" : ",") + name;
            out += ", rank " + std::to_string(tr.lora.rank) + " on " + modules;
            if (tr.method == TrainingMethod::Qlora)
                out += ", base " + std::string(quantizedBaseName(tr.lora.quantization)) +
                       (tr.lora.quantization == QuantizedBase::Nf4 && tr.lora.doubleQuant ? " (double quant)"
                                                                                          : "");
        }
        out += ", trainable " + scaled(r.paramsTrainable, "params") + "\n";
    }
    out += "\n";

    const auto& m = r.memory.perDevice;
    out += "Memory per device (GB = 1e9 B)\n";
    out +=
        "  weights " + format("%.2f", m.weightsBytes / 1e9) +
        (m.visionWeightsBytes > 0 ? ", vision tower " + format("%.2f", m.visionWeightsBytes / 1e9) : "") +
        ", kv cache " + format("%.2f", m.kvCacheBytes / 1e9) +
        (m.recurrentStateBytes > 0 ? ", recurrent state " + format("%.2f", m.recurrentStateBytes / 1e9)
                                   : "") +
        ", activations " + format("%.2f", m.activationsBytes / 1e9) + ", gradients " +
        format("%.2f", m.gradientsBytes / 1e9) + ", optimizer " +
        format("%.2f", m.optimizerStatesBytes / 1e9) +
        (m.adaptersBytes > 0 ? ", adapters " + format("%.2f", m.adaptersBytes / 1e9) : "") +
        (m.dequantWorkspaceBytes > 0 ? ", dequant workspace " + format("%.2f", m.dequantWorkspaceBytes / 1e9)
                                     : "") +
        ", overhead " + format("%.2f", m.overheadBytes() / 1e9) + "\n";
    out += "  overhead: runtime context " + format("%.2f", m.runtimeContextBytes / 1e9) +
           ", allocator reserve " + format("%.2f", m.allocatorReserveBytes / 1e9) +
           ", communication buffers " + format("%.2f", m.communicationBuffersBytes / 1e9) +
           ", unused KV pool " + format("%.2f", m.kvPoolReserveBytes / 1e9) + "\n";
    out += "  total " + format("%.2f", m.totalBytes() / 1e9) + " GB of " +
           format("%.2f", r.memory.capacityPerDeviceBytes / 1e9) + " GB: ";
    out += r.memory.fits ? std::string("fits")
                         : "offloads " + format("%.2f", r.memory.offloadedBytes / 1e9) + " GB (" +
                               std::string(offloadTierName(r.memory.tier)) + ")";
    out += "\n\n";
    if (r.prefill)
        out +=
            phaseLines("Prefill (time to first token)", *r.prefill, optionalPointer(r.ideal.prefill)) + "\n";
    if (r.decode)
        out += phaseLines("Decode (one step at mean context)", *r.decode, optionalPointer(r.ideal.decode)) +
               "\n";
    if (r.limits)
        out += "Limits   largest batch that fits " + std::to_string(r.limits->maxBatchFits) +
               ", longest context that fits " + std::to_string(r.limits->maxContextFits) + " tokens\n\n";
    if (r.serving)
        out += servingLines(*r.serving, s) + "\n";
    if (r.training) {
        out += phaseLines("Training step", r.training->step,
                          r.ideal.training ? &r.ideal.training->step : nullptr);
        out += "  MFU               " + format("%.1f %%", r.training->mfu * 100.0) + ", micro-batches " +
               std::to_string(r.training->microBatches) + ", days for " +
               scaled(s.training.trainTokens, "tokens") + ": " + format("%.3g", r.training->trainDays) + "\n";
        if (r.training->methodsCompared) {
            out += "  methods           ";
            for (TrainingMethod method :
                 {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora}) {
                const auto i = static_cast<std::size_t>(method);
                const auto& bytes = r.training->methodBytes[i];
                out += std::string(method == TrainingMethod::Full ? "" : ", ") +
                       std::string(trainingMethodName(method)) + " " +
                       (bytes ? format("%.2f GB", *bytes / 1e9) +
                                    (r.training->methodFits[i] ? " fits" : " does not fit")
                              : std::string("n/a (targets)"));
            }
            out += "\n";
        }
        out += "\n";
    }
    const Efficiencies& e = r.efficiencies;
    out += "Calibration  compute " + format("%.3f", e.compute) + ", memory " + format("%.3f", e.memory) +
           ", quantized weights " + format("%.2f", e.quantizedWeights) + ", layer latency " +
           seconds(e.layerLatencySeconds) + ", network " + format("%.2f", e.network) + " (all-reduce " +
           format("%.2f", e.allReduce) + ")\n";
    out += "Roofline " + scaled(r.roofline.peakFlopsPerSecond, "FLOP/s") + " (" +
           std::string(peakKeyName(r.roofline.peakPrecision)) + "), " +
           scaled(r.roofline.memoryBandwidthBytesPerSecond, "B/s") + ", ridge " +
           format("%.1f", r.roofline.ridgeIntensity) + " FLOP/B\n";
    for (const auto& warning : r.warnings)
        out += "warning: " + core::englishText(warning) + "\n";
    return out;
}

std::string simulationAsTable(const SimulationResult& r)
{
    std::string out = "Simulated load (one replica, " + std::to_string(r.completedRequests) + " requests, " +
                      std::string(simulationStatusName(r.status)) + ")\n";
    out += "  TTFT              " + seconds(r.ttftP50Seconds) + " p50, " + seconds(r.ttftP90Seconds) +
           " p90, " + seconds(r.ttftP99Seconds) + " p99\n";
    out += "  TPOT              " + seconds(r.tpotP50Seconds) + " p50, " + seconds(r.tpotP90Seconds) +
           " p90, " + seconds(r.tpotP99Seconds) + " p99\n";
    out += "  throughput        " + format("%.4g", r.outputTokensPerSecond) +
           " output tokens/s per replica, " + std::to_string(r.preemptions) + " preemptions\n";
    return out;
}

} // namespace lhe::app
