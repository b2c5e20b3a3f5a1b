// LoRA adapters (Hu et al. 2021, "LoRA: Low-Rank Adaptation of Large Language Models", §4.1):
// a decoder's linear modules under their Hugging Face names, the ones a LoRA config adapts, the
// trainable parameters r·(in + out) each gains, and the base weights QLoRA stores in 4 or 8 bits
// (Dettmers et al. 2023, "QLoRA: Efficient Finetuning of Quantized LLMs", §3).
#pragma once

#include "core/model/model_architecture.h"
#include "core/scenario/scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace lhe::core {

// One shape of linear module, over every layer that has it.
struct LinearModule
{
    std::string_view name;  // the module's attribute name in transformers, e.g. "q_proj"
    std::string_view alias; // another family's name for it (Mixtral's experts: w1, w3, w2), or empty
    bool mixer = false;     // part of the token mixer: what "attention" targets adapt
    double inFeatures = 0;
    double outFeatures = 0;
    double count = 0; // modules of this shape in the model (layers, times experts for routed ones)
    bool routedExpert = false;
    // Experts transformers keeps as one 3-D parameter per projection (gpt-oss, Llama 4), not as
    // nn.Linear modules: PEFT's "all-linear" passes them by (they take target_parameters, named
    // "experts.gate_up_proj" / "experts.down_proj") and bitsandbytes does not quantize them.
    bool fusedParameter = false;
};

// Every linear module of the language model's decoder layers (no embedding, output head, vision
// tower or multi-token-prediction module), as PEFT's "all-linear" finds them.
std::vector<LinearModule> linearModules(const ModelArchitecture& arch);

// What a method adapts, stores and computes; every count is over the whole model.
struct LoraCounts
{
    double trainableParams = 0;       // Σ r·(in + out) over the adapted modules
    double trainableRoutedExpert = 0; // the part in routed experts (expert parallel splits it)
    // Adapter parameters one token passes through: routed experts' adapters count k/E of them.
    double trainableActive = 0;
    // Per token, summed over the layers: the inputs of the adapted modules (what lora_dropout
    // copies) and the adapted modules (each keeps its r-wide A·x for the backward pass of B).
    double adaptedInputElementsPerToken = 0;
    double adaptedModulesPerToken = 0;
    // QLoRA: the base weights bitsandbytes quantizes (every linear module but the output head,
    // which transformers keeps in 16 bits), their routed-expert part and the largest one, which
    // is dequantized to 16 bits whole before its matrix product.
    double quantizedParams = 0;
    double quantizedRoutedExpert = 0;
    double largestModuleParams = 0;
    double quantizedOutputRows = 0;        // int8: one fp32 scale per output row
    std::vector<std::string> adaptedNames; // distinct names, in module order
};

// Throws InputError("training.lora.targets") for a name that matches no module of the model.
LoraCounts loraCounts(const ModelArchitecture& arch, const LoraSettings& lora);

// Bits per stored base weight under QLoRA, block scales included (QLoRA §3): NF4 in blocks of 64
// with an fp32 absmax is 4 + 32/64 = 4.5 bits; double quantization stores the absmax in 8 bits
// with one fp32 constant per 256 blocks: 4 + 8/64 + 32/(64·256) = 4.127 bits. int8: 8 bits.
double quantizedBaseBits(const LoraSettings& lora);

} // namespace lhe::core
