// Display formatting of report numbers with the UI locale: decimal prefixes (GB = 1e9 B),
// seconds scaled to µs/ms/s, and a dash instead of NaN or infinity.
#pragma once

#include <QString>

namespace lhe::widgets {

QString formatBytes(double bytes);             // "16.1 GB"
QString formatSeconds(double seconds);         // "22.4 ms"
QString formatRate(double value, const QString& unit); // "989 TFLOP/s", "3.35 TB/s"
QString formatNumber(double value, int significantDigits = 3);

} // namespace lhe::widgets
