#include "widgets/common/explanation_text.h"

#include "widgets/common/value_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace lhe::widgets {

namespace {

QString count(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return QLocale().toString(value, 'f', 0); // exact: "4,096", "80"
    return formatNumber(value, 4);
}

} // namespace

QString explanationText(const std::string& english)
{
    return QCoreApplication::translate("Explanation", english.c_str());
}

QString formatExplanationValue(double value, core::Quantity unit)
{
    using U = core::Quantity;
    switch (unit) {
    case U::Number:
        return formatNumber(value, 4);
    case U::Count:
        return count(value);
    case U::Tokens:
        return QCoreApplication::translate("Explanation", "%1 tokens").arg(count(value));
    case U::Parameters:
        if (std::fabs(value) >= 1e9)
            return QCoreApplication::translate("Explanation", "%1 B parameters")
                .arg(formatNumber(value / 1e9, 4));
        if (std::fabs(value) >= 1e6)
            return QCoreApplication::translate("Explanation", "%1 M parameters")
                .arg(formatNumber(value / 1e6, 4));
        return QCoreApplication::translate("Explanation", "%1 parameters").arg(count(value));
    case U::Bytes:
        return formatBytes(value);
    case U::BytesPerElement:
        return formatNumber(value, 5) + QStringLiteral(" B");
    case U::BytesPerSecond:
        return formatRate(value, QStringLiteral("B/s"));
    case U::Flops:
        return formatRate(value, QStringLiteral("FLOP"));
    case U::FlopsPerSecond:
        return formatRate(value, QStringLiteral("FLOP/s"));
    case U::FlopsPerByte:
        return formatNumber(value) + QStringLiteral(" FLOP/B");
    case U::Seconds:
        return formatSeconds(value);
    case U::Days:
        return QCoreApplication::translate("Explanation", "%1 days").arg(formatNumber(value));
    case U::TokensPerSecond:
        return QCoreApplication::translate("Explanation", "%1 tokens/s").arg(formatNumber(value));
    case U::Fraction:
        return formatNumber(value * 100.0) + QStringLiteral(" %");
    case U::RequestsPerSecond:
        return QCoreApplication::translate("Explanation", "%1 requests/s").arg(formatNumber(value));
    case U::Watts:
        return formatNumber(value) + QStringLiteral(" W");
    case U::Joules:
        return formatNumber(value) + QStringLiteral(" J");
    case U::Money:
        return formatNumber(value, 4);
    }
    return formatNumber(value);
}

} // namespace lhe::widgets
