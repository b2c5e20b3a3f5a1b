// What the client keeps in its cache folder (HfHubClient::cacheFolder) for offline use: copies
// of config.json and the index as downloaded, and each shard's header in a file of its own.
#pragma once

#include "app/support/hf_hub_client.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace lhe::app::hub {

inline const QString kHeaderCacheSuffix = QStringLiteral(".header");

// A cached config.json or index, at most HfHubClient::kMaxResponseBytes + 1 bytes; empty when
// it cannot be read or is not a regular file (a FIFO, a device, a folder).
QByteArray readSmallFile(const QString& path);

// The cache keeps a shard's header as <cache>/<shard>.header: the header bytes as they start the
// file (a valid, truncated safetensors file), then the file's size as a little-endian u64 (0:
// unknown, as no safetensors file is empty).
QByteArray cachedHeaderBytes(const HfModelFiles::ShardHeader& shard);
// nullopt for a file not in that format, or not a regular file.
std::optional<HfModelFiles::ShardHeader> readCachedHeader(const QString& path, const QString& file);

} // namespace lhe::app::hub
