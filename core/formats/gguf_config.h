// The Hugging Face config.json a GGUF file's metadata describes, so that the one model reader
// (architectureFromHfConfig) sizes a GGUF model as it sizes any other.
#pragma once

#include "core/common/message.h"
#include "core/formats/gguf_file.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lhe::core {

// Translates llama.cpp's metadata keys (`<arch>.block_count`, `<arch>.attention.head_count`, ...
// as gguf-py writes them) into config.json keys: general.architecture to model_type (llama,
// qwen2, qwen3moe -> qwen3_moe, deepseek2 -> deepseek_v3, gpt-oss -> gpt_oss, ...; an
// architecture not listed keeps its name, which the reader then marks approximate), the shape,
// the experts, MLA ranks, the vocabulary (from the token list's length when no vocab_size),
// tie_word_embeddings (no output.weight tensor), general.name as _name_or_path and torch_dtype
// from the float type holding most elements. A per-layer list (an FFN width or head count per
// layer) gives its largest value under the usual key and the list itself under
// "<key>_per_layer". Keys with no counterpart are left out. Throws InputError naming the GGUF
// key when block_count, embedding_length or attention.head_count is missing or malformed.
nlohmann::json hfConfigFromGguf(const GgufFile& file, const std::string& origin,
                                std::vector<Message>& warnings);

} // namespace lhe::core
