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

namespace lhe::core {

// What a number the core hands to the GUI measures, in SI base units (bytes, seconds, FLOP/s);
// the widgets choose prefixes and words (value_format, explanation_text). Shared by the
// explanations and the A/B comparison rows.
enum class Quantity {
    Number, // plain factor (a literal's kin: 2, 3 passes)
    Count,  // devices, layers, heads, sequences, micro-batches
    Tokens,
    Parameters,
    Bytes,
    BytesPerElement, // B per weight / cached element
    BytesPerSecond,
    Flops,
    FlopsPerSecond,
    FlopsPerByte,
    Seconds,
    Days,
    TokensPerSecond,
    Fraction, // 0..1, shown as a percentage
    RequestsPerSecond,
    Watts,
    Joules,
    Money, // an amount in the user's currency (prices per device-hour, cost per million tokens)
};

} // namespace lhe::core
