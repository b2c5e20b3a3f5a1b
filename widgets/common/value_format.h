// Display formatting of report numbers with the UI locale: decimal prefixes (GB = 1e9 B),
// seconds scaled to µs/ms/s, and a dash instead of NaN or infinity.
#pragma once

#include <QString>

namespace lhe::widgets {

QString formatBytes(double bytes);                     // "16.1 GB"
QString formatSeconds(double seconds);                 // "22.4 ms"
QString formatRate(double value, const QString& unit); // "989 TFLOP/s", "3.35 TB/s"
QString formatNumber(double value, int significantDigits = 3);
// The currency the user shows prices and costs in ("$", "€", "USD", "元"; empty: none), set by the
// window from its settings. formatMoney: a symbol before the amount ("$4.5"), a code or word after
// it ("4.5 USD"), the bare number without a currency.
void setCurrency(const QString& currency);
QString currency();
QString formatMoney(double amount);
// "Cost per M tokens ($)": a label with the currency in brackets, or the label alone without one.
QString withCurrency(const QString& label);

// Device memory (README, "Units"): memory is sold in binary sizes under the name "GB", so an
// H100's "80 GB" of HBM3 is 80 GiB, which is 85.9 GB in the decimal units of every computed
// figure. A whole number of GiB shows both ways; any other size (on-chip SRAM, a user's entry in
// GB) is decimal already and shows once.
QString formatCapacity(double bytes);                                   // "85.9 GB = 80 GiB"
QString formatDatasheetMemory(double bytes, const QString& memoryType); // "80 GB HBM3 (85.9 GB = 80 GiB)"

} // namespace lhe::widgets
