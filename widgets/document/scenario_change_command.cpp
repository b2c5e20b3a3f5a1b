#include "widgets/document/scenario_change_command.h"

#include "widgets/document/scenario_document.h"

#include <QCoreApplication>
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace lhe::widgets {

namespace {

// What the contract file writes for a model and an adapter set (core::scenarioToJson): a catalog
// id only without an imported config; the adapter settings only while they matter or differ from
// the defaults; speculative decoding only when set.
std::optional<std::string> catalogModel(const core::Scenario& s)
{
    return s.modelConfig ? std::nullopt : std::optional<std::string>(s.modelId);
}

bool writesLora(const core::TrainingSettings& t)
{
    return t.method != core::TrainingMethod::Full || !(t.lora == core::LoraSettings{});
}

bool sameLoraTargets(const core::LoraSettings& a, const core::LoraSettings& b)
{
    return a.targets == b.targets &&
           (a.targets != core::LoraTargets::Named || a.targetNames == b.targetNames);
}

// The fields that differ, as the contract's "precision/kv_cache" paths in the order of its sorted
// member names; an imported model's config, its path and its tensors are one field, the model.
std::vector<std::string> changedFields(const core::Scenario& a, const core::Scenario& b)
{
    std::vector<std::string> fields;
    const auto field = [&fields](bool differs, std::string path) {
        if (differs)
            fields.push_back(std::move(path));
    };
    field(a.deviceId != b.deviceId, "device");
    const auto importedPath = [](const core::Scenario& s) { return s.modelConfig ? s.modelConfigPath : ""; };
    const auto importedTensors = [](const core::Scenario& s) {
        return s.modelConfig ? s.modelTensors : std::nullopt;
    };
    field(catalogModel(a) != catalogModel(b) || a.modelConfig != b.modelConfig ||
              importedPath(a) != importedPath(b) || importedTensors(a) != importedTensors(b),
          "model");
    field(a.mode != b.mode, "mode");
    field(a.batch != b.batch, "batch");
    field(a.promptTokens != b.promptTokens, "prompt_tokens");
    field(a.outputTokens != b.outputTokens, "output_tokens");
    field(a.devices != b.devices, "devices");
    field(a.parallelism != b.parallelism, "parallelism");
    field(a.weights != b.weights, "precision/weights");
    field(a.kvCache != b.kvCache, "precision/kv_cache");
    field(a.activations != b.activations, "precision/activations");
    field(a.compute != b.compute, "precision/compute");

    const core::TrainingSettings& t = a.training;
    const core::TrainingSettings& u = b.training;
    field(t.optimizer != u.optimizer, "training/optimizer");
    field(t.zeroStage != u.zeroStage, "training/zero_stage");
    field(t.recompute != u.recompute, "training/recompute");
    field(t.microBatch != u.microBatch, "training/micro_batch");
    field(t.gradAccum != u.gradAccum, "training/grad_accum");
    field(t.sequenceParallel != u.sequenceParallel, "training/sequence_parallel");
    field(t.trainTokens != u.trainTokens, "training/train_tokens");
    field(t.method != u.method, "training/method");
    field(t.pagedOptimizer != u.pagedOptimizer, "training/paged_optimizer");
    field(t.masterWeights != u.masterWeights, "training/master_weights");
    field(t.lossChunks != u.lossChunks, "training/loss_chunks");
    if (writesLora(t) != writesLora(u)) {
        fields.emplace_back("training/lora");
    } else if (writesLora(t)) {
        field(t.lora.rank != u.lora.rank, "training/lora/rank");
        field(!sameLoraTargets(t.lora, u.lora), "training/lora/targets");
        field(t.lora.dropout != u.lora.dropout, "training/lora/dropout");
        field(t.lora.adapterPrecision != u.lora.adapterPrecision, "training/lora/adapter_precision");
        field(t.lora.quantization != u.lora.quantization, "training/lora/quantization");
        field(t.lora.doubleQuant != u.lora.doubleQuant, "training/lora/double_quant");
    }
    field(a.flashAttention != b.flashAttention, "flash_attention");
    field(a.prefillChunkTokens != b.prefillChunkTokens, "prefill_chunk_tokens");

    field(a.efficiency.compute != b.efficiency.compute, "efficiency/compute");
    field(a.efficiency.memory != b.efficiency.memory, "efficiency/memory");
    field(a.efficiency.network != b.efficiency.network, "efficiency/network");
    field(a.efficiency.layerLatencySeconds != b.efficiency.layerLatencySeconds,
          "efficiency/layer_latency_seconds");

    const core::Overheads& o = a.overheads;
    const core::Overheads& p = b.overheads;
    field(o.runtimeContextBytes != p.runtimeContextBytes, "overheads/runtime_context_bytes");
    field(o.allocatorReserveFraction != p.allocatorReserveFraction, "overheads/allocator_reserve_fraction");
    field(o.communicationBufferBytes != p.communicationBufferBytes, "overheads/communication_buffer_bytes");
    field(o.servingPreallocation != p.servingPreallocation, "overheads/serving_preallocation");
    field(o.gpuMemoryUtilization != p.gpuMemoryUtilization, "overheads/gpu_memory_utilization");
    field(o.fullLengthKvOnWindowedLayers != p.fullLengthKvOnWindowedLayers,
          "overheads/full_length_kv_on_windowed_layers");

    const core::ServingSettings& v = a.serving;
    const core::ServingSettings& w = b.serving;
    field(v.concurrency != w.concurrency, "serving/concurrency");
    field(v.requestRatePerSecond != w.requestRatePerSecond, "serving/request_rate_per_second");
    field(v.inputTokens != w.inputTokens, "serving/input_tokens");
    field(v.outputTokens != w.outputTokens, "serving/output_tokens");
    field(v.requests != w.requests, "serving/requests");
    field(v.prefixCacheHitRatio != w.prefixCacheHitRatio, "serving/prefix_cache_hit_ratio");
    field(v.chunkedPrefill != w.chunkedPrefill, "serving/chunked_prefill");
    field(v.kvBlockTokens != w.kvBlockTokens, "serving/kv_block_tokens");
    field(v.ttftTargetSeconds != w.ttftTargetSeconds, "serving/ttft_target_seconds");
    field(v.tpotTargetSeconds != w.tpotTargetSeconds, "serving/tpot_target_seconds");
    field(v.pricePerDeviceHour != w.pricePerDeviceHour, "serving/price_per_device_hour");
    field(v.powerUtilization != w.powerUtilization, "serving/power_utilization");
    const bool speculative = !(v.speculative == core::SpeculativeSettings{});
    if (speculative != !(w.speculative == core::SpeculativeSettings{})) {
        fields.emplace_back("serving/speculative");
    } else if (speculative) {
        field(v.speculative.draft != w.speculative.draft, "serving/speculative/draft");
        field(v.speculative.draftModelId != w.speculative.draftModelId, "serving/speculative/draft_model");
        field(v.speculative.draftTokens != w.speculative.draftTokens, "serving/speculative/draft_tokens");
        field(v.speculative.acceptanceRate != w.speculative.acceptanceRate,
              "serving/speculative/acceptance_rate");
    }
    // The contract's member names sorted, as a JSON diff of the saved files lists them ('/'
    // sorts before every letter, digit and '_' of a name, so a path sorts as its names do).
    std::sort(fields.begin(), fields.end());
    return fields;
}

QString fieldLabel(const std::string& field)
{
    // The names the controls carry; fields without a control keep their contract path.
    static const std::vector<std::pair<std::string, const char*>> labels = {
        {"device", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "device")},
        {"model", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "model")},
        {"mode", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "training / inference")},
        {"batch", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "batch")},
        {"prompt_tokens", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "prompt length")},
        {"output_tokens", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "output length")},
        {"devices", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "device count")},
        {"parallelism", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "parallel split")},
        {"precision/weights", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "weight precision")},
        {"precision/kv_cache", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "KV-cache precision")},
        {"precision/compute", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "compute precision")},
        {"precision/activations", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "activation precision")},
        {"flash_attention", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "FlashAttention")},
        {"training/zero_stage", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "ZeRO stage")},
        {"training/recompute", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "recomputation")},
        {"training/micro_batch", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "micro-batch")},
        {"training/optimizer", QT_TRANSLATE_NOOP("ScenarioChangeCommand", "optimizer")},
    };
    for (const auto& [path, label] : labels)
        if (field == path || field.rfind(path + "/", 0) == 0)
            return QCoreApplication::translate("ScenarioChangeCommand", label);
    return QString::fromStdString(field);
}

} // namespace

QString describeScenarioChange(const core::Scenario& before, const core::Scenario& after)
{
    std::vector<std::string> fields = changedFields(before, after);
    // A change of mode also moves the fields that follow it (weights, the split): name the mode.
    if (std::find(fields.begin(), fields.end(), "mode") != fields.end())
        fields = {"mode"};
    std::vector<QString> labels;
    for (const std::string& field : fields) {
        const QString label = fieldLabel(field);
        if (std::find(labels.begin(), labels.end(), label) == labels.end())
            labels.push_back(label);
    }
    if (labels.empty())
        return QCoreApplication::translate("ScenarioChangeCommand", "Change scenario");
    if (labels.size() == 1)
        return QCoreApplication::translate("ScenarioChangeCommand", "Change %1").arg(labels.front());
    if (labels.size() == 2)
        return QCoreApplication::translate("ScenarioChangeCommand", "Change %1 and %2")
            .arg(labels[0], labels[1]);
    return QCoreApplication::translate("ScenarioChangeCommand", "Change %n settings", nullptr,
                                       static_cast<int>(labels.size()));
}

ScenarioChangeCommand::ScenarioChangeCommand(ScenarioDocument* document, core::Scenario before,
                                             core::Scenario after, int dragId)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)), m_dragId(dragId)
{
    updateText();
}

void ScenarioChangeCommand::undo()
{
    m_document->apply(m_before);
}

void ScenarioChangeCommand::redo()
{
    if (m_firstRedo) {
        m_firstRedo = false;
        return;
    }
    m_document->apply(m_after);
}

bool ScenarioChangeCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const ScenarioChangeCommand*>(other); // same id()
    if (m_dragId == 0 || next->m_dragId != m_dragId)
        return false;
    m_after = next->m_after;
    // Dragged back to where it started: nothing to undo.
    setObsolete(m_after == m_before);
    updateText();
    return true;
}

void ScenarioChangeCommand::updateText()
{
    setText(describeScenarioChange(m_before, m_after));
}

} // namespace lhe::widgets
