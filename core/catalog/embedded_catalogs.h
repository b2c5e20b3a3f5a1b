// The shipped catalogs as NUL-terminated JSON text, generated at build time from
// catalogs/*.json by cmake/LheEmbedScript.cmake.
#pragma once

namespace lhe::core::embedded {
extern const unsigned char devicesJson[];
extern const unsigned char modelsJson[];
extern const unsigned char enginesJson[];
} // namespace lhe::core::embedded
