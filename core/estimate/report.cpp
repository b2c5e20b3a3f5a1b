#include "core/estimate/report.h"

#include "core/serving/serving.h"

#include <nlohmann/json.hpp>

namespace lhe::core {

using nlohmann::json;

std::string_view boundName(Bound bound)
{
    switch (bound) {
    case Bound::Compute:
        return "compute";
    case Bound::Memory:
        return "memory";
    case Bound::Communication:
        return "communication";
    case Bound::Offload:
        return "offload";
    case Bound::Latency:
        return "latency";
    }
    return "compute";
}

std::string_view rooflineResourceName(RooflineResource resource)
{
    switch (resource) {
    case RooflineResource::DeviceMemory:
        return "device_memory";
    case RooflineResource::Interconnect:
        return "interconnect";
    case RooflineResource::HostLink:
        return "host_link";
    case RooflineResource::Disk:
        return "disk";
    }
    return "device_memory";
}

std::string_view offloadTierName(OffloadTier tier)
{
    switch (tier) {
    case OffloadTier::None:
        return "none";
    case OffloadTier::HostRam:
        return "host_ram";
    case OffloadTier::Disk:
        return "disk";
    case OffloadTier::DoesNotFit:
        return "does_not_fit";
    }
    return "none";
}

double TimeBreakdown::secondsOf(Bound bound) const
{
    switch (bound) {
    case Bound::Compute:
        return computeSeconds + expertComputeSeconds;
    case Bound::Memory:
        return memorySeconds + nonGemmSeconds + expertMemorySeconds;
    case Bound::Communication:
        return communicationSeconds;
    case Bound::Offload:
        return offloadSeconds;
    case Bound::Latency:
        return latencySeconds + expertLatencySeconds;
    }
    return computeSeconds + expertComputeSeconds;
}

namespace {

json breakdownToJson(const TimeBreakdown& b)
{
    return {{"compute", b.computeSeconds},
            {"memory", b.memorySeconds},
            {"communication", b.communicationSeconds},
            {"offload", b.offloadSeconds},
            {"latency", b.latencySeconds},
            {"non_gemm", b.nonGemmSeconds},
            {"parts",
             {{"attention", b.attentionSeconds},
              {"elementwise", b.elementwiseSeconds},
              {"kv_stream", b.kvStreamSeconds},
              {"optimizer", b.optimizerSeconds},
              {"data_parallel_overlapped", b.dataParallelOverlappedSeconds}}},
            {"experts",
             {{"compute", b.expertComputeSeconds},
              {"memory", b.expertMemorySeconds},
              {"latency", b.expertLatencySeconds}}}};
}

json phaseToJson(const PhaseEstimate& phase)
{
    return {{"flops", phase.flops},
            {"bytes", phase.bytes},
            {"arithmetic_intensity", phase.arithmeticIntensity},
            {"seconds", phase.seconds},
            {"attainable_flops_per_second", phase.attainableFlopsPerSecond},
            {"achieved_flops_per_second", phase.achievedFlopsPerSecond},
            {"interconnect_bytes", phase.interconnectBytes},
            {"host_link_bytes", phase.hostLinkBytes},
            {"disk_bytes", phase.diskBytes},
            {"time_breakdown", breakdownToJson(phase.breakdown)},
            {"bound", boundName(phase.bound)},
            {"tokens_per_second", phase.tokensPerSecond}};
}

} // namespace

json reportToJson(const Report& r)
{
    json out;
    out["scenario"] = scenarioToJson(r.scenario);
    const Efficiencies& e = r.efficiencies;
    out["scenario"]["efficiency"] = {{"compute", e.compute}, {"memory", e.memory}, {"network", e.network}};
    // Every calibrated fraction with its source (efficiency_model.h); "ideal" below is the same
    // work with all of them 1.
    out["efficiency"] = {
        {"compute", e.compute},
        {"memory", e.memory},
        {"quantized_weights", e.quantizedWeights},
        {"elementwise", e.elementwise},
        {"attention", e.attention},
        {"layer_latency_seconds", e.layerLatencySeconds},
        {"network", e.network},
        {"all_reduce", e.allReduce},
        {"inter_node", e.interNode},
        {"intra_node_step_seconds", e.intraNodeStepSeconds},
        {"inter_node_step_seconds", e.interNodeStepSeconds},
        {"host_link", e.hostLink},
        {"sources",
         {{"compute", e.computeSource}, {"memory", e.memorySource}, {"network", e.networkSource}}}};
    out["device_name"] = r.deviceName;
    out["model_name"] = r.modelName;
    out["model"] = {{"params_total", r.paramsTotal},
                    {"params_active", r.paramsActive},
                    {"params_vision", r.paramsVision},
                    {"params_mtp", r.paramsMtp},
                    {"params_trainable", r.paramsTrainable},
                    {"adapted_modules", r.adaptedModules},
                    {"kv_cache_bytes_per_token", r.kvCacheBytesPerToken},
                    {"recurrent_state_bytes_per_sequence", r.recurrentStateBytesPerSequence},
                    {"layers",
                     {{"full_attention", r.layersByKind[0]},
                      {"sliding_window", r.layersByKind[1]},
                      {"chunked", r.layersByKind[2]},
                      {"linear", r.layersByKind[3]},
                      {"no_mixer", r.layersByKind[4]}}},
                    {"checkpoint", {{"format", r.checkpointFormat}, {"bytes", r.checkpointBytes}}},
                    {"source", r.modelSource},
                    {"approximate", !r.approximations.empty()},
                    {"approximations", englishTexts(r.approximations)}};
    const auto& m = r.memory.perDevice;
    out["memory"] = {{"per_device",
                      {{"weights", m.weightsBytes},
                       {"vision_weights", m.visionWeightsBytes},
                       {"kv_cache", m.kvCacheBytes},
                       {"recurrent_state", m.recurrentStateBytes},
                       {"activations", m.activationsBytes},
                       {"gradients", m.gradientsBytes},
                       {"optimizer_states", m.optimizerStatesBytes},
                       {"adapters", m.adaptersBytes},
                       {"dequant_workspace", m.dequantWorkspaceBytes},
                       {"overhead", m.overheadBytes()},
                       {"runtime_context", m.runtimeContextBytes},
                       {"allocator_reserve", m.allocatorReserveBytes},
                       {"communication_buffers", m.communicationBuffersBytes},
                       {"kv_pool_reserve", m.kvPoolReserveBytes},
                       {"total", m.totalBytes()}}},
                     {"capacity_per_device", r.memory.capacityPerDeviceBytes},
                     {"fits", r.memory.fits},
                     {"offloaded_bytes", r.memory.offloadedBytes},
                     {"offloaded_to_host_ram", r.memory.hostOffloadBytes},
                     {"offloaded_to_disk", r.memory.diskOffloadBytes},
                     {"unplaced_bytes", r.memory.unplacedBytes},
                     {"offload_tier", offloadTierName(r.memory.tier)}};
    if (!r.memory.stages.empty()) {
        json stages = json::array();
        for (const auto& stage : r.memory.stages) {
            const auto& b = stage.perDevice;
            stages.push_back({{"stage", stage.stage},
                              {"weights", b.weightsBytes},
                              {"activations", b.activationsBytes},
                              {"gradients", b.gradientsBytes},
                              {"optimizer_states", b.optimizerStatesBytes},
                              {"adapters", b.adaptersBytes},
                              {"dequant_workspace", b.dequantWorkspaceBytes},
                              {"overhead", b.overheadBytes()},
                              {"total", b.totalBytes()},
                              {"offloaded_bytes", stage.offloadedBytes}});
        }
        out["memory"]["stages"] = stages;
    }
    if (r.prefill) {
        out["prefill"] = phaseToJson(*r.prefill);
        out["prefill"]["time_to_first_token_seconds"] = r.prefill->seconds;
    }
    if (r.decode) {
        out["decode"] = phaseToJson(*r.decode);
        out["decode"]["time_per_output_token_seconds"] = r.decode->seconds;
    }
    if (r.limits)
        out["limits"] = {{"max_batch_fits", r.limits->maxBatchFits},
                         {"max_context_fits", r.limits->maxContextFits}};
    if (r.training) {
        const auto& t = *r.training;
        out["training"] = phaseToJson(t.step);
        out["training"]["step_seconds"] = t.step.seconds;
        out["training"]["mfu"] = t.mfu;
        out["training"]["micro_batches"] = t.microBatches;
        out["training"]["pipeline_bubble_fraction"] = t.pipelineBubbleFraction;
        out["training"]["train_days"] = t.trainDays;
        // Per-device memory of the same step under each method (null: adapters the model lacks),
        // as the headline's "which methods fit".
        if (t.methodsCompared) {
            json methods = json::object();
            for (TrainingMethod method :
                 {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora}) {
                const auto i = static_cast<std::size_t>(method);
                methods[std::string(trainingMethodName(method))] = {
                    {"memory_per_device", t.methodBytes[i] ? json(*t.methodBytes[i]) : json(nullptr)},
                    {"fits", t.methodFits[i]}};
            }
            out["training"]["methods"] = methods;
        }
    }
    json ideal = json::object();
    if (r.ideal.prefill)
        ideal["prefill"] = phaseToJson(*r.ideal.prefill);
    if (r.ideal.decode)
        ideal["decode"] = phaseToJson(*r.ideal.decode);
    if (r.ideal.training) {
        ideal["training"] = phaseToJson(r.ideal.training->step);
        ideal["training"]["step_seconds"] = r.ideal.training->step.seconds;
        ideal["training"]["mfu"] = r.ideal.training->mfu;
    }
    out["ideal"] = ideal;
    json ceilings = json::object();
    for (const auto& c : r.roofline.ceilings)
        ceilings[std::string(peakKeyName(c.precision))] = c.flopsPerSecond;
    out["roofline"] = {{"peak_flops", r.roofline.peakFlopsPerSecond},
                       {"peak_precision", peakKeyName(r.roofline.peakPrecision)},
                       {"memory_bandwidth", r.roofline.memoryBandwidthBytesPerSecond},
                       {"ridge_intensity", r.roofline.ridgeIntensity},
                       {"host_link_bandwidth", r.roofline.hostLinkBytesPerSecond},
                       {"interconnect_bandwidth", r.roofline.interconnectBytesPerSecond},
                       {"disk_bandwidth", r.roofline.diskBytesPerSecond},
                       {"ceilings", ceilings}};
    // One entry per plotted point: intensity in FLOP per byte of the resource that bounds it, so
    // achieved <= roof holds for every point (tests/core/tst_report_properties.cpp).
    json points = json::array();
    auto addPoint = [&](const char* phase, const PhaseEstimate& e) {
        points.push_back({{"phase", phase},
                          {"bound", boundName(e.bound)},
                          {"resource", rooflineResourceName(e.pointResource)},
                          {"intensity", e.pointIntensity},
                          {"achieved_flops_per_second", e.achievedFlopsPerSecond},
                          {"roof_flops_per_second", e.roofFlopsPerSecond}});
    };
    if (r.prefill)
        addPoint("prefill", *r.prefill);
    if (r.decode)
        addPoint("decode", *r.decode);
    if (r.training)
        addPoint("training", r.training->step);
    out["roofline"]["points"] = points;
    if (r.serving) {
        out["serving"] = servingToJson(*r.serving);
        out["cost"] = costToJson(*r.serving);
        out["energy"] = energyToJson(*r.serving);
    }
    out["warnings"] = englishTexts(r.warnings);
    return out;
}

} // namespace lhe::core
