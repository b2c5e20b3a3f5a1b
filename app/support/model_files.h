// Opening a model from its own files: a GGUF file, a .safetensors file or a checkpoint folder
// (config.json beside model.safetensors.index.json and its shards, or one model.safetensors).
// Only headers are read, never the weights: the config says how the layers connect, the tensor
// headers what the checkpoint stores (docs/METHOD.md §1.17, docs/CONTRACT §2.8). Shared by the
// console tool and the window, so both read a model alike.
#pragma once

#include "app/support/hf_hub_client.h"
#include "core/common/input_error.h"
#include "core/common/message.h"
#include "core/formats/gguf_file.h"
#include "core/model/tensor_inventory.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace lhe::app {

// The largest header read: a GGUF file's metadata (a vocabulary of a few hundred thousand
// tokens is tens of MB) or a safetensors header (the format's own limit is 100 MB).
inline constexpr qint64 kMaxModelHeaderBytes = 256LL * 1024 * 1024;

struct ModelFiles
{
    nlohmann::json config;  // config.json, or the one a GGUF file's metadata amounts to
    nlohmann::json tensors; // core::toJson(TensorSummary) of the headers
    std::vector<core::Message> warnings;
};

// Whether `path` names what readModelFiles takes rather than a JSON file: a file ending .gguf or
// .safetensors, or a folder holding a config.json or such files.
bool isModelFilePath(const QString& path);

// The header of a GGUF file, read in growing prefixes up to kMaxModelHeaderBytes.
core::GgufFile readGgufHeader(const QString& path);
// The tensors a .safetensors file's header lists.
core::TensorInventory readSafetensorsHeader(const QString& path);

// The model in `path`. Every error is a core::InputError said of the file it concerns
// ("<folder>/model-00002-of-00004.safetensors: safetensors[\"...\"].data_offsets: ...").
ModelFiles readModelFiles(const QString& path);

// The summary (core::toJson(TensorSummary)) of the safetensors headers fetched from the Hub for
// the model of `config`; null when there are none, or when one cannot be read (then `failure`
// says why): a checkpoint counted from some of its shards would be undercounted.
nlohmann::json tensorsOfShardHeaders(const nlohmann::json& config, const HfModelFiles& files,
                                     std::optional<core::InputError>& failure);

// Puts the model of `path` into a scenario object as model_config + model_tensors (replacing
// "model"); model_config_path names `path`.
void attachModelFiles(nlohmann::json& scenario, const QString& path);

} // namespace lhe::app
