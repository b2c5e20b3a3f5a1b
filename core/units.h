// Unit conventions, stated once: sizes and rates use decimal prefixes (1 GB = 1e9 B,
// 1 TB/s = 1e12 B/s); binary prefixes appear only where a name says GiB.
#pragma once

namespace lhe::core::units {

inline constexpr double kB = 1e3;
inline constexpr double MB = 1e6;
inline constexpr double GB = 1e9;
inline constexpr double TB = 1e12;
inline constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
inline constexpr double TFLOPS = 1e12;

} // namespace lhe::core::units
