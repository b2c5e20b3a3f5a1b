#include "widgets/charts/spaced_tick_labels.h"

#include <QFontMetricsF>

namespace lhe::widgets {

namespace {
constexpr double kLabelGapPx = 8; // room between two labels
} // namespace

void spaceTickLabels(const QCPAxis* axis, const QVector<double>& ticks, const QVector<int>& ranks,
                     QVector<QString>& labels)
{
    if (!axis || labels.size() < 2 || ranks.size() != labels.size() || ticks.size() != labels.size())
        return;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const auto extent = [&](const QString& label) {
        if (!horizontal)
            return metrics.height();
        return label.startsWith(QLatin1String("1e"))
                   ? metrics.horizontalAdvance(QStringLiteral("10") + label.mid(2))
                   : metrics.horizontalAdvance(label);
    };
    // QCustomPlot keeps a tick beyond each end of the range; its label is not drawn.
    const auto shown = [&](int i) { return axis->range().contains(ticks[i]) && !labels[i].isEmpty(); };
    const auto kept = [&](int i, int step) { return ((ranks[i] % step) + step) % step == 0; };
    for (int step = 1; step < labels.size(); ++step) {
        bool clear = true;
        double previousEnd = -1e300;
        for (int i = 0; i < labels.size() && clear; ++i) {
            if (!shown(i) || !kept(i, step))
                continue;
            // Along the axis in the reading direction: left to right, bottom to top.
            const double centre = axis->coordToPixel(ticks[i]) * (horizontal ? 1 : -1);
            const double half = extent(labels[i]) / 2;
            clear = centre - half >= previousEnd + kLabelGapPx;
            previousEnd = centre + half;
        }
        if (clear) {
            for (int i = 0; i < labels.size(); ++i)
                if (!kept(i, step))
                    labels[i].clear();
            return;
        }
    }
}

} // namespace lhe::widgets
