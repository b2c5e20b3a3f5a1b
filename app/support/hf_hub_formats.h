// The files of a Hub repository the client reads, as far as the client itself looks into them:
// their names, config.json as a JSON object, the safetensors index (its total size and its
// shards), the start of a safetensors file (the length prefix of its header), and the
// Content-Range of an answer to a range request. Shared by the hf_hub_*.cpp files.
#pragma once

#include "app/support/hf_hub_client.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace lhe::app::hub {

inline const QString kConfigFile = QStringLiteral("config.json");
inline const QString kIndexFile = QStringLiteral("model.safetensors.index.json");
// A single-file checkpoint's name (transformers' SAFE_WEIGHTS_NAME).
inline const QString kSingleShardFile = QStringLiteral("model.safetensors");
// The length prefix of a safetensors file: a little-endian u64 (safetensors' format, README
// "Format").
constexpr qint64 kLengthPrefixBytes = 8;

// A JSON document from bytes; core::InputError names `origin` and the line and column.
nlohmann::json parseJson(const QByteArray& bytes, const QString& origin);

// metadata.total_size of a safetensors index (the sum of the byte sizes of every tensor in the
// shards, as huggingface_hub's save_torch_state_dict and transformers' save_pretrained write it).
std::optional<double> indexTotalSize(const nlohmann::json& index);

// transformers' from_pretrained records where a config came from in _name_or_path, and the
// estimator names an imported model by it (core::importedModelName): the repository id, never a
// training path a fine-tune's config may still carry.
void nameAfterRepository(HfModelFiles& files);

// A shard's name as the index's weight_map gives it becomes part of a URL and of a cache path:
// only a plain file name (transformers writes "model-00001-of-00004.safetensors"), never a path.
bool isShardFileName(const QString& name);

// The distinct shards of an index's weight_map ({"tensor name": "shard file", ...}), sorted; empty
// with `problem` when the map is missing or names something that is not a plain shard file.
QStringList shardsOfIndex(const nlohmann::json& index, QString* problem);

// The header's length from the first 8 bytes, checked against the format's cap. -1 for more.
qint64 headerJsonLength(const QByteArray& bytes);

// Why `header` (8-byte length, then that many bytes) cannot be a safetensors header of a file of
// `fileBytes` bytes (-1: unknown); empty when it can. The JSON itself is the reader's to check.
QString headerProblem(const QByteArray& header, qint64 fileBytes);

// "bytes first-last/complete" (RFC 9110 section 14.4, Content-Range; complete may be "*").
struct ContentRange
{
    qint64 first = -1;
    qint64 last = -1;
    qint64 complete = -1; // -1: "*", the server does not know
};

std::optional<ContentRange> parseContentRange(const QByteArray& value);

} // namespace lhe::app::hub
