#include "widgets/decade_ticker.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

// Plain numbers up to this many digits either side of the decimal point read at a glance.
constexpr int kPlainLowestExponent = -3;
constexpr int kPlainHighestExponent = 5;
// Room between two labels, in px.
constexpr double kLabelGapPx = 8;

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
    if (!m_axis || labels.size() < 2)
        return labels;
    // The extent of each label along the axis: a raised power is about as wide as "10" and its
    // exponent; vertically every label is one line high.
    const QFontMetricsF metrics(m_axis->tickLabelFont());
    const bool horizontal = m_axis->orientation() == Qt::Horizontal;
    const auto extent = [&](const QString& label) {
        if (!horizontal)
            return metrics.height();
        return label.startsWith(QLatin1String("1e"))
                   ? metrics.horizontalAdvance(QStringLiteral("10") + label.mid(2))
                   : metrics.horizontalAdvance(label);
    };
    // The smallest step n for which every n-th decade (those whose exponent n divides) is labelled
    // without two labels touching.
    for (int step = 1; step < labels.size(); ++step) {
        bool clear = true;
        double previousEnd = -1e300;
        for (int i = 0; i < labels.size() && clear; ++i) {
            if (exponents[i] % step != 0)
                continue;
            const double centre = m_axis->coordToPixel(ticks[i]) * (horizontal ? 1 : -1);
            const double half = extent(labels[i]) / 2;
            clear = centre - half >= previousEnd + kLabelGapPx;
            previousEnd = centre + half;
        }
        if (clear) {
            for (int i = 0; i < labels.size(); ++i)
                if (exponents[i] % step != 0)
                    labels[i].clear();
            return labels;
        }
    }
    return labels;
}

} // namespace lhe::widgets
