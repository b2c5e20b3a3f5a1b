#include "widgets/common/value_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace lhe::widgets {

namespace {

QString dash()
{
    return QStringLiteral("–");
}

QString scaled(double value, const QString& unit)
{
    if (!std::isfinite(value))
        return dash();
    static const char* const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int index = 0;
    double v = value;
    while (std::fabs(v) >= 1000.0 && index < 6) {
        v /= 1000.0;
        ++index;
    }
    return formatNumber(v) + QLatin1Char(' ') + QLatin1String(prefixes[index]) + unit;
}

constexpr double kBytesPerGiB = 1073741824.0; // 2^30

// The whole number of GiB `bytes` holds, or 0 when it is not one.
double wholeGiB(double bytes)
{
    const double gib = bytes / kBytesPerGiB;
    return std::isfinite(gib) && gib >= 1 && std::fabs(gib - std::round(gib)) < 1e-9 * gib ? std::round(gib)
                                                                                           : 0;
}

} // namespace

QString formatCapacity(double bytes)
{
    const double gib = wholeGiB(bytes);
    if (gib == 0)
        return formatBytes(bytes);
    return QCoreApplication::translate("ValueFormat", "%1 = %2 GiB")
        .arg(formatBytes(bytes), formatNumber(gib, 6));
}

QString formatDatasheetMemory(double bytes, const QString& memoryType)
{
    const double gib = wholeGiB(bytes);
    if (gib == 0)
        return memoryType.isEmpty()
                   ? formatBytes(bytes)
                   : QCoreApplication::translate("ValueFormat", "%1 %2").arg(formatBytes(bytes), memoryType);
    const QString datasheet =
        memoryType.isEmpty()
            ? QCoreApplication::translate("ValueFormat", "%1 GB").arg(formatNumber(gib, 6))
            : QCoreApplication::translate("ValueFormat", "%1 GB %2").arg(formatNumber(gib, 6), memoryType);
    return QCoreApplication::translate("ValueFormat", "%1 (%2)").arg(datasheet, formatCapacity(bytes));
}

QString formatNumber(double value, int significantDigits)
{
    if (!std::isfinite(value))
        return dash();
    const double magnitude = std::fabs(value);
    if (magnitude >= 1000.0 && magnitude < 1e15) {
        // Whole numbers with group separators ("7,190"), rounded to the significant digits.
        const double unit = std::pow(10.0, std::floor(std::log10(magnitude)) - significantDigits + 1);
        return QLocale().toString(std::round(value / unit) * unit, 'f', 0);
    }
    return QLocale().toString(value, 'g', significantDigits);
}

QString formatBytes(double bytes)
{
    return scaled(bytes, QStringLiteral("B"));
}

QString formatRate(double value, const QString& unit)
{
    return scaled(value, unit);
}

QString formatSeconds(double seconds)
{
    if (!std::isfinite(seconds))
        return dash();
    if (seconds == 0)
        return QStringLiteral("0 s");
    if (seconds < 1e-3)
        return formatNumber(seconds * 1e6) + QStringLiteral(" µs");
    if (seconds < 1.0)
        return formatNumber(seconds * 1e3) + QStringLiteral(" ms");
    if (seconds < 3600.0)
        return formatNumber(seconds) + QStringLiteral(" s");
    return formatNumber(seconds / 3600.0) + QStringLiteral(" h");
}

namespace {
QString& currencySetting()
{
    static QString currency;
    return currency;
}
} // namespace

void setCurrency(const QString& currency)
{
    currencySetting() = currency.trimmed();
}

QString currency()
{
    return currencySetting();
}

QString formatMoney(double amount)
{
    const QString& unit = currencySetting();
    const QString number = formatNumber(amount);
    if (unit.isEmpty())
        return number;
    // One character that is not a letter ($, €, £, ¥, ₹) goes first, as it is written; a code or
    // a word (USD, CNY, 元) after the number.
    if (unit.size() == 1 && !unit.at(0).isLetter())
        return unit + number;
    return number + QLatin1Char(' ') + unit;
}

QString withCurrency(const QString& label)
{
    const QString& unit = currencySetting();
    return unit.isEmpty() ? label : label + QStringLiteral(" (") + unit + QLatin1Char(')');
}

} // namespace lhe::widgets
