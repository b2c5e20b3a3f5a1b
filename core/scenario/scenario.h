// Scenario: what the user asks about (device, model, workload, parallel split, precisions),
// parsed and range-checked from the contract's scenario JSON. Defaults are documented here.
#pragma once

#include "core/common/precision.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

enum class Mode { Inference, Training };
enum class Recompute { None, Selective, Full };
enum class Optimizer { AdamW, Sgd, AdamW8bit };
// What a training step updates: every weight (Full), or low-rank adapters beside frozen weights
// (Hu et al. 2021, "LoRA"), the frozen base quantized to 4 or 8 bits (Dettmers et al. 2023,
// "QLoRA").
enum class TrainingMethod { Full, Lora, Qlora };
// Which linear modules carry adapters: PEFT's "all-linear" (every linear layer but the output
// head), the token mixer's projections, or the modules named in LoraSettings::targetNames.
enum class LoraTargets { AllLinear, Attention, Named };
// The frozen base's format under QLoRA: 4-bit NormalFloat (QLoRA §3) or bitsandbytes' 8-bit
// (LLM.int8(), Dettmers et al. 2022).
enum class QuantizedBase { Nf4, Int8 };

std::string_view modeName(Mode mode);
std::string_view recomputeName(Recompute recompute);
std::string_view optimizerName(Optimizer optimizer);
std::string_view trainingMethodName(TrainingMethod method);
std::string_view quantizedBaseName(QuantizedBase base);
// The enumerator a name above stands for; nullopt for any other text.
std::optional<Recompute> recomputeFromName(std::string_view name);
std::optional<Optimizer> optimizerFromName(std::string_view name);
std::string_view loraTargetsName(LoraTargets targets); // "all-linear", "attention", "named"
std::optional<LoraTargets> loraTargetsFromName(std::string_view name);

// Where a MoE model's routed experts live (docs/METHOD.md §6.4). WithAttention: expert parallelism
// runs over the same tensor x data devices of a stage as attention (vLLM --enable-expert-parallel,
// SGLang --ep-size, TensorRT-LLM moe_expert_parallel_size): the `expert` ranks split the experts,
// the rest of the stage's devices slice each expert. Separate: `expert` more devices per stage, each
// holding attention as a replica and 1/expert of the experts (DeepSeek-V3's serving layout, as
// written before the placement was a choice).
enum class ExpertPlacement { Separate, WithAttention };
std::string_view expertPlacementName(ExpertPlacement placement); // "separate", "with_attention"

struct Parallelism
{
    long long tensor = 1;
    long long pipeline = 1;
    long long data = 1;
    long long expert = 1;
    ExpertPlacement placement = ExpertPlacement::Separate;
    // Devices the split takes.
    long long product() const
    {
        return tensor * pipeline * data * (placement == ExpertPlacement::WithAttention ? 1 : expert);
    }
    // Attention's data-parallel replicas: each holds a whole copy of the non-expert weights and its
    // share of the batch.
    long long replicas() const { return placement == ExpertPlacement::WithAttention ? data : data * expert; }
    // Devices of one pipeline stage a layer's routed experts are spread over (each holds 1/shards).
    long long expertShards() const
    {
        return placement == ExpertPlacement::WithAttention ? tensor * data : tensor * expert;
    }
    // Copies of each expert shard: the data replicas of a separate expert dimension.
    long long expertCopies() const { return placement == ExpertPlacement::WithAttention ? 1 : data; }
    // Whether the tokens of different devices cross to the experts in an all-to-all (dispatch and
    // combine). Experts beside pure tensor parallelism see every token already: their outputs are
    // summed by the tensor-parallel all-reduce of the layer.
    bool expertAllToAll() const { return expert > 1 && (placement == ExpertPlacement::Separate || data > 1); }
    bool operator==(const Parallelism&) const = default;
};

struct LoraSettings
{
    long long rank = 16; // r: each adapted W (out x in) gains B (out x r) and A (r x in)
    LoraTargets targets = LoraTargets::AllLinear;
    std::vector<std::string> targetNames; // LoraTargets::Named: module names, e.g. "q_proj"
    // PEFT's lora_dropout (default 0). Above 0 every adapted module stores a dropped-out copy of
    // its input for the backward pass of A.
    double dropout = 0.0;
    // Adapters, their gradients and optimizer states are kept in this format; PEFT casts adapters
    // to fp32 by default (autocast_adapter_dtype).
    Precision adapterPrecision = Precision::Fp32;
    QuantizedBase quantization = QuantizedBase::Nf4; // QLoRA only
    bool doubleQuant = true;                         // QLoRA §3: quantize the block scales too
    bool operator==(const LoraSettings&) const = default;
};

struct TrainingSettings
{
    Optimizer optimizer = Optimizer::AdamW;
    int zeroStage = 0; // 0-3 (Rajbhandari et al. 2020)
    Recompute recompute = Recompute::None;
    long long microBatch = 1;           // sequences per micro-batch per data-parallel replica
    std::optional<long long> gradAccum; // derived from batch when absent
    bool sequenceParallel = true;       // Korthikanti et al. 2022 §4.2.2, with tensor parallel
    double trainTokens = 1e12;          // tokens for the "days to train" read-out
    TrainingMethod method = TrainingMethod::Full;
    LoraSettings lora;           // method lora / qlora
    bool pagedOptimizer = false; // optimizer states in paged memory (QLoRA §3 "Paged Optimizers")
    // Mixed precision keeps an fp32 master copy of 16-bit weights beside fp32 optimizer states
    // (Micikevicius et al. 2018; ZeRO §3.1). Without it ("pure" bf16 training: torch.optim.AdamW
    // on a bf16 model, LitGPT's bf16-true, torchtune's dtype bf16) the states take the weights'
    // format and there is no master copy.
    bool masterWeights = true;
    // The loss's fp32 copy of the logits, made whole (1: transformers' logits.float()) or per chunk
    // of the tokens (torchtune's CEWithChunkedOutputLoss: 8; LitGPT's chunked_cross_entropy: one
    // chunk per 128 positions): 16-bit logits plus 1/chunks of them in fp32.
    long long lossChunks = 1;
    bool operator==(const TrainingSettings&) const = default;
};

struct Efficiency
{
    std::optional<double> compute;             // fraction of dense peak reached by large GEMMs
    std::optional<double> memory;              // fraction of peak memory bandwidth reached
    std::optional<double> network;             // fraction of link bandwidth reached by collectives
    std::optional<double> layerLatencySeconds; // fixed kernel latency per layer per forward pass
    // Tokens of the busiest expert-parallel rank over the mean (1: balanced, e.g. with EPLB ~1.1).
    std::optional<double> expertImbalance;
    bool operator==(const Efficiency&) const = default;
};

// Device memory a real run takes beyond the model's tensors, each its own bar segment
// (docs/METHOD.md §2.6 Overheads). Defaults and their sources: memory_model.cpp.
struct Overheads
{
    // CUDA/ROCm context, kernels, cuBLAS workspaces. Absent: the device's
    // runtime_overhead_bytes, else 400 MB on accelerators (CUDA >= 11.7 lazy loading).
    std::optional<double> runtimeContextBytes;
    // Caching-allocator rounding and fragmentation, a share of the dynamic tensors
    // (activations, KV cache, gradients).
    double allocatorReserveFraction = 0.05;
    // NCCL channel buffers per communicator (tensor, pipeline, data, expert group) the device
    // belongs to; nothing on one device.
    double communicationBufferBytes = 1.06e9;
    // Serving engines (vLLM, SGLang, TensorRT-LLM) pre-allocate a KV-cache pool up to
    // gpu_memory_utilization of device memory at start-up.
    bool servingPreallocation = false;
    double gpuMemoryUtilization = 0.9;
    // Engines that allocate every layer's KV cache at full length even where a layer attends
    // only a sliding window or a chunk (HF transformers' static cache before 4.53; vLLM 0.8's
    // first Llama 4 release): windowed layers then cache every token too.
    bool fullLengthKvOnWindowedLayers = false;
    bool operator==(const Overheads&) const = default;
};

// One request's prompt and answer lengths, tokens.
struct RequestShape
{
    long long inputTokens = 0;
    long long outputTokens = 0;
    bool operator==(const RequestShape&) const = default;
};

// Speculative decoding (Leviathan et al. 2023; Chen et al. 2023): a cheap drafter proposes
// `draftTokens` tokens per step, the model verifies them in one pass and keeps the accepted run.
enum class DraftKind { None, Model, Mtp };
std::string_view draftKindName(DraftKind kind);
struct SpeculativeSettings
{
    DraftKind draft = DraftKind::None;
    std::string draftModelId;    // DraftKind::Model: a catalog model
    long long draftTokens = 3;   // k
    double acceptanceRate = 0.7; // α: chance each drafted token is accepted
    bool operator==(const SpeculativeSettings&) const = default;
};

// An engine serving many users with continuous batching (docs/METHOD.md §15). Lengths and
// concurrency left out follow batch, prompt_tokens and output_tokens.
struct ServingSettings
{
    std::optional<long long> concurrency;       // requests in flight
    std::optional<double> requestRatePerSecond; // instead: the concurrency that sustains this rate
    std::optional<long long> inputTokens;
    std::optional<long long> outputTokens;
    std::vector<RequestShape> requests; // a length distribution; overrides the means
    double prefixCacheHitRatio = 0;     // share of each prompt found in the prefix cache
    bool chunkedPrefill = true;         // prompts share steps with decode (vLLM V1 default)
    long long kvBlockTokens = 16;       // paged KV blocks (vLLM's block_size)
    bool kvBlockTokensGiven = false;    // else the engine's (EngineProfile::kvBlockTokens)
    // The serving engine (a catalog "engines" id); empty: the device's default engine
    // (Catalog::defaultEngine). Its per-step and per-request overheads apply (docs/METHOD.md §15.8).
    std::string engine;
    std::optional<long long>
        maxRunningRequests; // the engine's cap on running sequences (vLLM --max-num-seqs)
    std::optional<double> ttftTargetSeconds;
    std::optional<double> tpotTargetSeconds;
    std::optional<double> pricePerDeviceHour; // any currency; absent: no cost figure
    // Average board power over TDP while serving (docs/METHOD.md §15.4).
    double powerUtilization = 0.7;
    SpeculativeSettings speculative;
    bool operator==(const ServingSettings&) const = default;
};

// The largest counts a scenario may hold (batch, tokens, micro-batch; devices and each parallel
// degree): what scenarioFromJson accepts and the window's fields take.
inline constexpr long long kMaxScenarioCount = 1'000'000'000LL;
inline constexpr long long kMaxScenarioDevices = 10'000'000LL;

struct Scenario
{
    std::string deviceId;
    std::string modelId;                       // empty when modelConfig is given
    std::optional<nlohmann::json> modelConfig; // inline Hugging Face config.json
    std::string modelConfigPath;               // where modelConfig came from, for the echo
    // What the checkpoint's tensor headers say it stores (core::toJson(TensorSummary)), beside
    // modelConfig when the model was opened from its files (docs/CONTRACT §2.8).
    std::optional<nlohmann::json> modelTensors;
    Mode mode = Mode::Inference;
    long long batch = 1;           // sequences (training: global batch)
    long long promptTokens = 2048; // training: sequence length
    long long outputTokens = 256;  // 0 = prefill only
    long long devices = 1;
    std::optional<Parallelism> parallelism; // chosen by the estimator when absent
    // Absent from the file: the checkpoint's own formats for a model whose config.json has a
    // quantization_config (inference), else bf16; weightsGiven says whether the file set it.
    Precision weights = Precision::Bf16;
    bool weightsGiven = false;
    Precision kvCache = Precision::Bf16;
    Precision activations = Precision::Bf16;
    Precision compute = Precision::Bf16;
    TrainingSettings training;
    bool flashAttention = true;
    // Tokens one forward pass processes during prefill (vLLM's max_num_batched_tokens with
    // chunked prefill; 8192 is its offline default). Caps transient activations.
    long long prefillChunkTokens = 8192;
    bool prefillChunkGiven = false; // else, in inference, the engine's batched-token budget
    Efficiency efficiency;
    Overheads overheads;
    ServingSettings serving;
    // Member by member, weightsGiven and the JSON of an imported model included: a change of the
    // window's scenario to an equal one is no change (no undo step, no new report).
    bool operator==(const Scenario&) const = default;
};

// Parses and validates; throws InputError naming the field and the allowed values.
Scenario scenarioFromJson(const nlohmann::json& json);
// Every field, defaults filled in (the report's "scenario" echo and the GUI's saved file).
nlohmann::json scenarioToJson(const Scenario& scenario);

// The top-level members the contract defines, "device" first (README.md, "Scenario (input)").
std::vector<std::string_view> scenarioMemberNames();

// The members of a scenario object, at any depth, that the contract does not define (a
// "description", a tool's own notes), as an object of the same shape: what a program that
// rewrites the file must keep. Members of a known object (training, efficiency …) are looked at;
// model_config is the model's own file and passes whole.
nlohmann::json unknownScenarioFields(const nlohmann::json& input);
// Adds `fields` (from unknownScenarioFields) to `scenario` where it has no member of that name;
// those inside a known object only while the scenario still has that object (a split that went
// back to automatic takes its notes with it).
void mergeUnknownScenarioFields(nlohmann::json& scenario, const nlohmann::json& fields);

} // namespace lhe::core
