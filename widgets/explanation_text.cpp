#include "widgets/explanation_text.h"

#include "widgets/value_format.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace lhe::widgets {

namespace {

// Every title, label and note core/explanation.cpp writes (sources are citations and stay as
// they are). tst_explain_panel checks that core produces nothing outside this table.
const char* const kTexts[] = {
    QT_TRANSLATE_NOOP("Explanation", "Bytes per element of the GEMM format"),
    QT_TRANSLATE_NOOP("Explanation", "The GEMMs run in a narrower format than the activations: each GEMM input is cast first, one pass reading it and writing the narrow copy (Micikevicius et al. 2022, FP8 formats §4)."),
    QT_TRANSLATE_NOOP("Explanation", "Memory time and the non-GEMM passes, both bytes over the device's bandwidth, are the largest term: memory-bandwidth-bound."),
    QT_TRANSLATE_NOOP("Explanation", "KV cache and state read and written by the attention kernels"),
    QT_TRANSLATE_NOOP("Explanation", "Decode attention reads the KV cache in kernels of its own, between the GEMMs: non-GEMM time too."),
    QT_TRANSLATE_NOOP("Explanation", "Decode attention (FlashDecoding / PagedAttention) reads the KV cache in kernels of its own: at a large batch that time adds to compute-bound GEMMs instead of hiding under them."),
    QT_TRANSLATE_NOOP("Explanation", "A point sits under the roof of the resource that bounds it only when its intensity counts that resource's bytes."),
    QT_TRANSLATE_NOOP("Explanation", "Attention FLOPs per device"),
    QT_TRANSLATE_NOOP("Explanation", "Attention kernel efficiency"),
    QT_TRANSLATE_NOOP("Explanation", "Attention kernels run below the GEMM rate, more so on short sequences and small heads (FlashAttention-2, Dao 2023 §4.1; FlashAttention-3, Shah et al. 2024)."),
    QT_TRANSLATE_NOOP("Explanation", "Bytes on the interconnect per device"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes over the host link per device"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per activation element"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes read from disk per device"),
    QT_TRANSLATE_NOOP("Explanation", "Disk read rate (capped by the host link)"),
    QT_TRANSLATE_NOOP("Explanation", "Element-wise bytes per token per layer"),
    QT_TRANSLATE_NOOP("Explanation", "Element-wise pass efficiency (STREAM fraction of bandwidth)"),
    QT_TRANSLATE_NOOP("Explanation", "Element-wise passes (norms, residuals, RoPE, activation)"),
    QT_TRANSLATE_NOOP("Explanation", "Forward, backward (twice the forward's traffic) and any recomputed forward; then the optimizer reads and writes weights, gradients and optimizer states once."),
    QT_TRANSLATE_NOOP("Explanation", "Host link"),
    QT_TRANSLATE_NOOP("Explanation", "Intensity of the bounding resource"),
    QT_TRANSLATE_NOOP("Explanation", "Interconnect line rate"),
    QT_TRANSLATE_NOOP("Explanation", "Kernel latency is the largest term: latency-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Kernel launch and synchronisation latency adds to the time; when it is the largest term the phase is latency-bound: more work per kernel (a larger batch) costs almost nothing extra."),
    QT_TRANSLATE_NOOP("Explanation", "Non-GEMM time"),
    QT_TRANSLATE_NOOP("Explanation", "Optimizer step traffic"),
    QT_TRANSLATE_NOOP("Explanation", "Query heads"),
    QT_TRANSLATE_NOOP("Explanation", "Roof at this point"),
    QT_TRANSLATE_NOOP("Explanation", "Sequence parallelism splits the norms and residuals over the tensor-parallel ranks."),
    QT_TRANSLATE_NOOP("Explanation", "The element-wise passes run between the GEMMs, not beside them: they are the non-GEMM time."),
    QT_TRANSLATE_NOOP("Explanation", "The roof at this intensity: the resource's slope left of its ridge, the compute ceiling right of it."),
    QT_TRANSLATE_NOOP("Explanation", "These passes run at memory bandwidth between the GEMMs and do not overlap them; when they are the largest term the phase is memory-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Two norms (read and write d) and two residual adds (read 2d, write d): 10 d; RoPE reads and writes queries and keys; the gated activation reads gate and up and writes their product: 3 f."),
    QT_TRANSLATE_NOOP("Explanation", "Per micro-batch: weights read in forward and backward, gradients accumulated, stored activations written then read; the element-wise passes of forward and backward; one optimizer pass reading and writing every state."),
    QT_TRANSLATE_NOOP("Explanation", "The bound is the largest time term; ties go to the earlier one (compute, memory, communication, offload, latency)."),
    QT_TRANSLATE_NOOP("Explanation", "Tensor-parallel degree"),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline stages"),
    QT_TRANSLATE_NOOP("Explanation", "Expert-parallel degree"),
    QT_TRANSLATE_NOOP("Explanation", "Non-expert parameters per model shard"),
    QT_TRANSLATE_NOOP("Explanation", "Routed-expert parameters per model shard"),
    QT_TRANSLATE_NOOP("Explanation", "ZeRO data-parallel ranks (data × expert)"),
    QT_TRANSLATE_NOOP("Explanation", "Data-parallel degree"),
    QT_TRANSLATE_NOOP("Explanation", "This ZeRO stage shards the state over the data-parallel ranks."),
    QT_TRANSLATE_NOOP("Explanation", "This ZeRO stage keeps a full copy of the state on every data-parallel rank."),
    QT_TRANSLATE_NOOP("Explanation", "A model shard is what one device holds after tensor and pipeline splitting."),
    QT_TRANSLATE_NOOP("Explanation", "Weights"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per weight"),
    QT_TRANSLATE_NOOP("Explanation", "Non-expert parameters"),
    QT_TRANSLATE_NOOP("Explanation", "Routed-expert parameters"),
    QT_TRANSLATE_NOOP("Explanation", "Mixture of experts: routed experts are split over the expert-parallel ranks; attention and shared weights are replicated on each."),
    QT_TRANSLATE_NOOP("Explanation", "Block-quantised formats count their per-block scales in the bytes per weight (llama.cpp block layouts)."),
    QT_TRANSLATE_NOOP("Explanation", "KV cache"),
    QT_TRANSLATE_NOOP("Explanation", "Training keeps no KV cache."),
    QT_TRANSLATE_NOOP("Explanation", "Layers"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per cached element"),
    QT_TRANSLATE_NOOP("Explanation", "Sequences per replica"),
    QT_TRANSLATE_NOOP("Explanation", "Context tokens (prompt + output)"),
    QT_TRANSLATE_NOOP("Explanation", "Latent (kv_lora_rank) width"),
    QT_TRANSLATE_NOOP("Explanation", "RoPE key width"),
    QT_TRANSLATE_NOOP("Explanation", "8-bit MLA cache in FlashMLA's layout: fp8 latent, four fp32 tile scales (16 B) and the RoPE key in bf16."),
    QT_TRANSLATE_NOOP("Explanation", "Multi-head latent attention caches one compressed latent and a shared RoPE key per token per layer (DeepSeek-V2 §2.1)."),
    QT_TRANSLATE_NOOP("Explanation", "KV heads"),
    QT_TRANSLATE_NOOP("Explanation", "Head dimension"),
    QT_TRANSLATE_NOOP("Explanation", "Value head dimension"),
    QT_TRANSLATE_NOOP("Explanation", "Grouped-query attention: only the KV heads are cached, not every query head."),
    QT_TRANSLATE_NOOP("Explanation", "Full-attention layers"),
    QT_TRANSLATE_NOOP("Explanation", "Sliding-window layers"),
    QT_TRANSLATE_NOOP("Explanation", "Sliding window"),
    QT_TRANSLATE_NOOP("Explanation", "Sliding-window layers keep only the last window of tokens."),
    QT_TRANSLATE_NOOP("Explanation", "Indexer key bytes per token (fp8 + fp32 scale)"),
    QT_TRANSLATE_NOOP("Explanation", "DeepSeek sparse attention also caches the lightning indexer's key per token per layer (DeepSeek-V3.2-Exp report §2.1)."),
    QT_TRANSLATE_NOOP("Explanation", "Chunked-attention layers"),
    QT_TRANSLATE_NOOP("Explanation", "Attention chunk"),
    QT_TRANSLATE_NOOP("Explanation", "Chunked-attention layers attend within their chunk and keep at most one chunk of tokens."),
    QT_TRANSLATE_NOOP("Explanation", "The scenario asks for full-length KV on windowed layers, as engines without a windowed cache allocate it."),
    QT_TRANSLATE_NOOP("Explanation", "Linear-attention / state-space layers (no KV cache)"),
    QT_TRANSLATE_NOOP("Explanation", "Linear-attention and state-space layers keep a fixed recurrent state instead of a KV cache: see Recurrent state."),
    QT_TRANSLATE_NOOP("Explanation", "Recurrent state"),
    QT_TRANSLATE_NOOP("Explanation", "Linear-attention and state-space layers read and rewrite their whole state every step."),
    QT_TRANSLATE_NOOP("Explanation", "Embedding as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Output head as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Attention (token mixer) weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Dense MLP weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Shared-expert weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Router weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Norm weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Routed-expert weights as stored"),
    QT_TRANSLATE_NOOP("Explanation", "Weights counted as the checkpoint stores them: each module group in its own format, block scales included (the config's quantization_config, else its torch_dtype)."),
    QT_TRANSLATE_NOOP("Explanation", "Vision tower"),
    QT_TRANSLATE_NOOP("Explanation", "Vision tower and projector parameters"),
    QT_TRANSLATE_NOOP("Explanation", "Training keeps no recurrent state between steps; each layer's activations are counted with the activations."),
    QT_TRANSLATE_NOOP("Explanation", "Training counts the vision tower with the weights, gradients and optimizer states."),
    QT_TRANSLATE_NOOP("Explanation", "A multimodal checkpoint loads its image encoder beside the language model; it runs on image tokens only."),
    QT_TRANSLATE_NOOP("Explanation", "Linear-attention / state-space layers"),
    QT_TRANSLATE_NOOP("Explanation", "State elements per layer per sequence"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per state element (activation precision)"),
    QT_TRANSLATE_NOOP("Explanation", "The state does not grow with the context: a long prompt costs these layers nothing extra."),
    QT_TRANSLATE_NOOP("Explanation", "Share of KV heads per tensor rank (⌈h_kv ÷ t⌉ ÷ h_kv)"),
    QT_TRANSLATE_NOOP("Explanation", "Fewer KV heads than tensor ranks: KV heads are replicated, not split."),
    QT_TRANSLATE_NOOP("Explanation", "The batch is split over the data-parallel replicas (data × expert), rounded up."),
    QT_TRANSLATE_NOOP("Explanation", "Full recomputation keeps only each layer's input, 2·s·b·d (Korthikanti et al. 2022 §4.3)."),
    QT_TRANSLATE_NOOP("Explanation", "Selective recomputation drops the attention score matrices (5·a·s²·b) and recomputes them."),
    QT_TRANSLATE_NOOP("Explanation", "Flash attention never stores the attention score matrices."),
    QT_TRANSLATE_NOOP("Explanation", "Without flash attention the attention score matrices (5·a·s²·b) are stored."),
    QT_TRANSLATE_NOOP("Explanation", "Sequence parallelism splits the replicated parts over the tensor ranks (Korthikanti §4.2.2)."),
    QT_TRANSLATE_NOOP("Explanation", "Activations"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens in one prefill pass (min(sequences × prompt, chunk))"),
    QT_TRANSLATE_NOOP("Explanation", "Hidden size"),
    QT_TRANSLATE_NOOP("Explanation", "Active FFN width"),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per activation"),
    QT_TRANSLATE_NOOP("Explanation", "Vocabulary"),
    QT_TRANSLATE_NOOP("Explanation", "Attention heads per tensor rank"),
    QT_TRANSLATE_NOOP("Explanation", "Prompt tokens"),
    QT_TRANSLATE_NOOP("Explanation", "Without flash attention one layer's score matrix is live too."),
    QT_TRANSLATE_NOOP("Explanation", "The largest live tensors of one layer for one prefill pass, plus fp32 logits of the sampled positions."),
    QT_TRANSLATE_NOOP("Explanation", "Layers per pipeline stage"),
    QT_TRANSLATE_NOOP("Explanation", "Stored activations per layer, one micro-batch"),
    QT_TRANSLATE_NOOP("Explanation", "Sequence length"),
    QT_TRANSLATE_NOOP("Explanation", "Micro-batch"),
    QT_TRANSLATE_NOOP("Explanation", "Micro-batches in flight (min(stages, micro-batches))"),
    QT_TRANSLATE_NOOP("Explanation", "1F1B schedule: the first stage holds up to one micro-batch per stage in flight."),
    QT_TRANSLATE_NOOP("Explanation", "The last stage holds one micro-batch plus the logits and loss inputs."),
    QT_TRANSLATE_NOOP("Explanation", "The fuller of the first stage (micro-batches in flight) and the last (logits)."),
    QT_TRANSLATE_NOOP("Explanation", "Logits in 16 bits plus fp32 loss inputs: 6 bytes per vocabulary entry per token."),
    QT_TRANSLATE_NOOP("Explanation", "Gradients"),
    QT_TRANSLATE_NOOP("Explanation", "Inference keeps no gradients."),
    QT_TRANSLATE_NOOP("Explanation", "Bytes per gradient"),
    QT_TRANSLATE_NOOP("Explanation", "Optimizer states"),
    QT_TRANSLATE_NOOP("Explanation", "Inference keeps no optimizer states."),
    QT_TRANSLATE_NOOP("Explanation", "Mixed-precision AdamW: fp32 master weights, momentum and variance, 4 + 4 + 4 bytes."),
    QT_TRANSLATE_NOOP("Explanation", "fp32 AdamW: momentum and variance, 4 + 4 bytes (the weights are the master copy)."),
    QT_TRANSLATE_NOOP("Explanation", "Mixed-precision SGD: fp32 master weights and momentum, 4 + 4 bytes."),
    QT_TRANSLATE_NOOP("Explanation", "fp32 SGD: momentum, 4 bytes."),
    QT_TRANSLATE_NOOP("Explanation", "8-bit AdamW: fp32 master weights and 8-bit momentum and variance, 4 + 1 + 1 bytes (Dettmers et al. 2022)."),
    QT_TRANSLATE_NOOP("Explanation", "8-bit AdamW: 8-bit momentum and variance, 1 + 1 bytes (Dettmers et al. 2022)."),
    QT_TRANSLATE_NOOP("Explanation", "Optimizer bytes per parameter"),
    QT_TRANSLATE_NOOP("Explanation", "Runtime context"),
    QT_TRANSLATE_NOOP("Explanation", "Runtime context per device"),
    QT_TRANSLATE_NOOP("Explanation", "Allocator reserve"),
    QT_TRANSLATE_NOOP("Explanation", "Allocator reserve fraction"),
    QT_TRANSLATE_NOOP("Explanation", "Communication buffers"),
    QT_TRANSLATE_NOOP("Explanation", "Tensor-parallel group (1 if t > 1)"),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline group (1 if p > 1)"),
    QT_TRANSLATE_NOOP("Explanation", "Data-parallel group (1 if data × expert > 1)"),
    QT_TRANSLATE_NOOP("Explanation", "Expert-parallel group (1 if e > 1)"),
    QT_TRANSLATE_NOOP("Explanation", "Buffers per communicator"),
    QT_TRANSLATE_NOOP("Explanation", "One communicator per parallel group of more than one device."),
    QT_TRANSLATE_NOOP("Explanation", "KV pool reserve"),
    QT_TRANSLATE_NOOP("Explanation", "Serving pre-allocation is off: no KV pool reserve."),
    QT_TRANSLATE_NOOP("Explanation", "GPU memory utilization"),
    QT_TRANSLATE_NOOP("Explanation", "Usable device memory"),
    QT_TRANSLATE_NOOP("Explanation", "Device memory"),
    QT_TRANSLATE_NOOP("Explanation", "Share the accelerator may use"),
    QT_TRANSLATE_NOOP("Explanation", "Free device memory"),
    QT_TRANSLATE_NOOP("Explanation", "Beyond the device's memory"),
    QT_TRANSLATE_NOOP("Explanation", "First pipeline stage: the most micro-batches in flight."),
    QT_TRANSLATE_NOOP("Explanation", "Last pipeline stage: one micro-batch plus the logits and loss."),
    QT_TRANSLATE_NOOP("Explanation", "Fits: everything stays in device memory."),
    QT_TRANSLATE_NOOP("Explanation",
                      "Does not fit: the overflow is offloaded and crosses the host link each time it is used."),
    QT_TRANSLATE_NOOP("Explanation", "Everything else on the device"),
    QT_TRANSLATE_NOOP("Explanation", "A serving engine pre-allocates the KV pool to fill this share of device memory."),
    QT_TRANSLATE_NOOP("Explanation", "Offloaded to host RAM"),
    QT_TRANSLATE_NOOP("Explanation", "Offloaded to disk"),
    QT_TRANSLATE_NOOP("Explanation", "Does not fit anywhere"),
    QT_TRANSLATE_NOOP("Explanation", "Memory the device's work needs"),
    QT_TRANSLATE_NOOP("Explanation", "Host RAM for offload per device"),
    QT_TRANSLATE_NOOP("Explanation", "Disk for offload per device"),
    QT_TRANSLATE_NOOP("Explanation", "Beyond host RAM and disk: the scenario cannot run; times assume it could."),
    QT_TRANSLATE_NOOP("Explanation", "What does not fit under the capacity line goes to host RAM first, then disk."),
    QT_TRANSLATE_NOOP("Explanation", "On the device and offloaded"),
    QT_TRANSLATE_NOOP("Explanation", "On the device"),
    QT_TRANSLATE_NOOP("Explanation", "The bar stacks every part whole in a fixed order: what lies below the capacity line stays on the device, what lies above it is offloaded, to host RAM first, then disk."),
    QT_TRANSLATE_NOOP("Explanation", "Time to first token"),
    QT_TRANSLATE_NOOP("Explanation", "Time per output token"),
    QT_TRANSLATE_NOOP("Explanation", "Step time"),
    QT_TRANSLATE_NOOP("Explanation", "FLOPs per device"),
    QT_TRANSLATE_NOOP("Explanation", "Active matmul parameters"),
    QT_TRANSLATE_NOOP("Explanation", "Prompt tokens per replica"),
    QT_TRANSLATE_NOOP("Explanation", "Causal attention FLOPs per sequence"),
    QT_TRANSLATE_NOOP("Explanation", "Attention FLOPs per token at the mean context"),
    QT_TRANSLATE_NOOP("Explanation", "One decode step at the mean context, prompt + output ÷ 2."),
    QT_TRANSLATE_NOOP("Explanation", "Forward-pass equivalents (forward + 2 × backward, + 1 with full recomputation)"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens per replica per step"),
    QT_TRANSLATE_NOOP("Explanation", "Micro-batches per step"),
    QT_TRANSLATE_NOOP("Explanation", "Backward costs twice the forward pass (Kaplan et al. 2020 §2.1: 6·N per token)."),
    QT_TRANSLATE_NOOP("Explanation", "Mixture of experts: only the routed experts a token uses count as active parameters."),
    QT_TRANSLATE_NOOP("Explanation", "Bytes moved per device"),
    QT_TRANSLATE_NOOP("Explanation", "Prefill passes (chunks)"),
    QT_TRANSLATE_NOOP("Explanation", "KV cache written"),
    QT_TRANSLATE_NOOP("Explanation", "Activations written and read back"),
    QT_TRANSLATE_NOOP("Explanation", "Weights are read once per prefill pass; each layer's live tensors go out to memory and back."),
    QT_TRANSLATE_NOOP("Explanation", "Weights read"),
    QT_TRANSLATE_NOOP("Explanation", "KV cache read"),
    QT_TRANSLATE_NOOP("Explanation", "KV cache written (one token)"),
    QT_TRANSLATE_NOOP("Explanation", "Every resident weight is read once per step."),
    QT_TRANSLATE_NOOP("Explanation", "Mixture of experts: experts no token of the batch chose are not read, E·(1 − (1 − k/E)^b) of E are touched under uniform routing."),
    QT_TRANSLATE_NOOP("Explanation", "Weights of the model shard"),
    QT_TRANSLATE_NOOP("Explanation", "Stored activations of one micro-batch"),
    QT_TRANSLATE_NOOP("Explanation", "Peak compute (dense)"),
    QT_TRANSLATE_NOOP("Explanation", "Memory bandwidth"),
    QT_TRANSLATE_NOOP("Explanation", "Compute time"),
    QT_TRANSLATE_NOOP("Explanation", "Peak compute"),
    QT_TRANSLATE_NOOP("Explanation", "Compute efficiency (achieved fraction of peak)"),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline bubble stretch ((m + p − 1) ÷ m)"),
    QT_TRANSLATE_NOOP("Explanation", "The pipeline bubble idles (p − 1) ÷ (m + p − 1) of the step (Narayanan et al. 2021 §2.2)."),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline stages run in turn"),
    QT_TRANSLATE_NOOP("Explanation", "One request passes the pipeline stages one after another."),
    QT_TRANSLATE_NOOP("Explanation", "Memory time"),
    QT_TRANSLATE_NOOP("Explanation", "Memory efficiency (achieved fraction of bandwidth)"),
    QT_TRANSLATE_NOOP("Explanation", "Weight bytes streamed"),
    QT_TRANSLATE_NOOP("Explanation", "Quantised-weight streaming factor"),
    QT_TRANSLATE_NOOP("Explanation", "Block-quantised weights dequantise on the fly and stream below the full memory rate."),
    QT_TRANSLATE_NOOP("Explanation", "Tensor-parallel all-reduces"),
    QT_TRANSLATE_NOOP("Explanation", "Message per all-reduce (tokens × hidden × B)"),
    QT_TRANSLATE_NOOP("Explanation", "All-reduce bandwidth (link × efficiency)"),
    QT_TRANSLATE_NOOP("Explanation", "Latency per ring step"),
    QT_TRANSLATE_NOOP("Explanation", "Two all-reduces per layer forward and two backward."),
    QT_TRANSLATE_NOOP("Explanation", "Two all-reduces per layer (after attention and after the FFN)."),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline sends"),
    QT_TRANSLATE_NOOP("Explanation", "Activations sent per boundary"),
    QT_TRANSLATE_NOOP("Explanation", "Link bandwidth (× efficiency)"),
    QT_TRANSLATE_NOOP("Explanation", "Latency per message"),
    QT_TRANSLATE_NOOP("Explanation", "Activations forward and gradients back, once per micro-batch."),
    QT_TRANSLATE_NOOP("Explanation", "Expert all-to-all"),
    QT_TRANSLATE_NOOP("Explanation", "MoE layers"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens routed (hidden × B × experts per token)"),
    QT_TRANSLATE_NOOP("Explanation", "Dispatch and combine, forward and backward: four all-to-alls per MoE layer."),
    QT_TRANSLATE_NOOP("Explanation", "Dispatch and combine: two all-to-alls per MoE layer."),
    QT_TRANSLATE_NOOP("Explanation", "Data-parallel gradient all-reduce"),
    QT_TRANSLATE_NOOP("Explanation", "Data-parallel ranks (data × expert)"),
    QT_TRANSLATE_NOOP("Explanation", "Gradient bytes per device"),
    QT_TRANSLATE_NOOP("Explanation", "Overlaps with the backward pass (two thirds of compute); only the rest adds to the step."),
    QT_TRANSLATE_NOOP("Explanation", "Communication time"),
    QT_TRANSLATE_NOOP("Explanation", "A single device per replica: no collectives."),
    QT_TRANSLATE_NOOP("Explanation", "Offload time"),
    QT_TRANSLATE_NOOP("Explanation", "Everything fits in device memory: nothing crosses the host link."),
    QT_TRANSLATE_NOOP("Explanation", "Beyond host RAM and disk (counted at host-link speed)"),
    QT_TRANSLATE_NOOP("Explanation", "Host-to-device copy rate"),
    QT_TRANSLATE_NOOP("Explanation", "Disk read rate"),
    QT_TRANSLATE_NOOP("Explanation", "The offloaded part crosses the host link once per prefill pass."),
    QT_TRANSLATE_NOOP("Explanation", "Offloaded bytes are read every step, so they cross the host link every step."),
    QT_TRANSLATE_NOOP("Explanation", "Offloaded states go out and come back once per step (ZeRO-Offload)."),
    QT_TRANSLATE_NOOP("Explanation", "Kernel latency"),
    QT_TRANSLATE_NOOP("Explanation", "Training kernels are large (micro-batch × sequence rows): no per-layer latency term."),
    QT_TRANSLATE_NOOP("Explanation", "Latency per layer per forward pass"),
    QT_TRANSLATE_NOOP("Explanation", "The gradient all-reduce overlaps the backward pass (two thirds of compute); only the rest adds."),
    QT_TRANSLATE_NOOP("Explanation", "Bound"),
    QT_TRANSLATE_NOOP("Explanation", "Compute time is the largest term: compute-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Memory time is the largest term: memory-bandwidth-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Communication time is the largest term: communication-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Offload time is the largest term: offload-bound."),
    QT_TRANSLATE_NOOP("Explanation", "Global batch (sequences)"),
    QT_TRANSLATE_NOOP("Explanation", "Peak compute per device"),
    QT_TRANSLATE_NOOP("Explanation", "Devices"),
    QT_TRANSLATE_NOOP("Explanation", "Model FLOPs count forward and backward once: recomputation does not raise MFU."),
    QT_TRANSLATE_NOOP("Explanation", "Prompt tokens/s"),
    QT_TRANSLATE_NOOP("Explanation", "Batch (sequences)"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens/s (batch)"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens/s per sequence"),
    QT_TRANSLATE_NOOP("Explanation", "Tokens/s"),
    QT_TRANSLATE_NOOP("Explanation", "MFU"),
    QT_TRANSLATE_NOOP("Explanation", "Days to train"),
    QT_TRANSLATE_NOOP("Explanation", "Training tokens"),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline stage: first."),
    QT_TRANSLATE_NOOP("Explanation", "Pipeline stage: last."),
    QT_TRANSLATE_NOOP("Explanation", "Arithmetic intensity"),
    QT_TRANSLATE_NOOP("Explanation", "Attainable performance"),
    QT_TRANSLATE_NOOP("Explanation", "The roof at this intensity: the memory slope left of the ridge, the compute ceiling right of it."),
    QT_TRANSLATE_NOOP("Explanation", "Each device runs its stage's FLOPs while the phase passes all stages: the point counts stages × FLOPs over the phase time."),
    QT_TRANSLATE_NOOP("Explanation", "Achieved performance"),
    QT_TRANSLATE_NOOP("Explanation", "Phase time"),
    QT_TRANSLATE_NOOP("Explanation", "Ideal roofline performance"),
    QT_TRANSLATE_NOOP("Explanation", "Phase time at datasheet peaks"),
    QT_TRANSLATE_NOOP("Explanation", "Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated estimate."),
    QT_TRANSLATE_NOOP("Explanation", "Ideal roofline time"),
    QT_TRANSLATE_NOOP("Explanation", "Ideal roofline MFU"),
};

QString count(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return QLocale().toString(value, 'f', 0); // exact: "4,096", "80"
    return formatNumber(value, 4);
}

} // namespace

QString explanationText(const std::string& english)
{
    return QCoreApplication::translate("Explanation", english.c_str());
}

const QStringList& explanationSourceTexts()
{
    static const QStringList texts = [] {
        QStringList list;
        for (const char* text : kTexts)
            list << QString::fromUtf8(text);
        return list;
    }();
    return texts;
}

QString formatExplanationValue(double value, core::Quantity unit)
{
    using U = core::Quantity;
    switch (unit) {
    case U::Number: return formatNumber(value, 4);
    case U::Count: return count(value);
    case U::Tokens: return QCoreApplication::translate("Explanation", "%1 tokens").arg(count(value));
    case U::Parameters:
        if (std::fabs(value) >= 1e9)
            return QCoreApplication::translate("Explanation", "%1 B parameters").arg(formatNumber(value / 1e9, 4));
        if (std::fabs(value) >= 1e6)
            return QCoreApplication::translate("Explanation", "%1 M parameters").arg(formatNumber(value / 1e6, 4));
        return QCoreApplication::translate("Explanation", "%1 parameters").arg(count(value));
    case U::Bytes: return formatBytes(value);
    case U::BytesPerElement: return formatNumber(value, 5) + QStringLiteral(" B");
    case U::BytesPerSecond: return formatRate(value, QStringLiteral("B/s"));
    case U::Flops: return formatRate(value, QStringLiteral("FLOP"));
    case U::FlopsPerSecond: return formatRate(value, QStringLiteral("FLOP/s"));
    case U::FlopsPerByte: return formatNumber(value) + QStringLiteral(" FLOP/B");
    case U::Seconds: return formatSeconds(value);
    case U::Days: return QCoreApplication::translate("Explanation", "%1 days").arg(formatNumber(value));
    case U::TokensPerSecond:
        return QCoreApplication::translate("Explanation", "%1 tokens/s").arg(formatNumber(value));
    case U::Fraction: return formatNumber(value * 100.0) + QStringLiteral(" %");
    }
    return formatNumber(value);
}

} // namespace lhe::widgets
