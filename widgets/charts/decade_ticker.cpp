#include "widgets/charts/decade_ticker.h"

#include "widgets/charts/spaced_tick_labels.h"

#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

// Plain numbers up to this many digits either side of the decimal point read at a glance.
constexpr int kPlainLowestExponent = -3;
constexpr int kPlainHighestExponent = 5;

} // namespace

DecadeTicker::DecadeTicker(QCPAxis* axis) : m_axis(axis)
{
    setLogBase(10);
    setSubTickCount(8);
}

QVector<QString> DecadeTicker::decadeLabels(const QVector<int>& exponents, const QLocale& locale)
{
    const bool plain = std::all_of(exponents.begin(), exponents.end(), [](int e) {
        return e >= kPlainLowestExponent && e <= kPlainHighestExponent;
    });
    QVector<QString> labels;
    for (const int e : exponents) {
        if (plain)
            labels << locale.toString(std::pow(10.0, e), 'f', std::max(0, -e));
        else // QCustomPlot draws "1e6" as a raised power of ten on an axis with "b" in its number format
            labels << QStringLiteral("1e%1").arg(e);
    }
    return labels;
}

QVector<QString> DecadeTicker::createLabelVector(const QVector<double>& ticks, const QLocale& locale,
                                                 QChar /*formatChar*/, int /*precision*/)
{
    QVector<int> exponents;
    for (const double tick : ticks)
        exponents << static_cast<int>(std::lround(std::log10(tick)));
    QVector<QString> labels = decadeLabels(exponents, locale);
    spaceTickLabels(m_axis, ticks, exponents, labels);
    return labels;
}

} // namespace lhe::widgets
