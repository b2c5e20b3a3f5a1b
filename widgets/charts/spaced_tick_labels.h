// Tick labels that never touch: where an axis is too short for all of its tick labels side by side
// (a chart squeezed by the window, presentation mode's larger text), only every n-th is labelled.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

#include <QString>
#include <QVector>

namespace lhe::widgets {

// Clears all labels but those whose rank n divides, for the smallest n that leaves no two labels
// within the axis range touching (8 px apart at least): along a horizontal axis a label takes its
// width ("1e6", drawn as a raised power, about that of "10" and its exponent), along a vertical one
// a line. `ranks` gives each tick's place in the sequence the labels keep to (decade exponents on a
// log axis, indexes elsewhere).
void spaceTickLabels(const QCPAxis* axis, const QVector<double>& ticks, const QVector<int>& ranks,
                     QVector<QString>& labels);

// A ticker of type Base whose labels are spaced as above, ranked by their index.
template <class Base> class SpacedTicker : public Base
{
public:
    explicit SpacedTicker(const QCPAxis* axis) : m_axis(axis) {}

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale, QChar formatChar,
                                       int precision) override
    {
        QVector<QString> labels = Base::createLabelVector(ticks, locale, formatChar, precision);
        QVector<int> ranks;
        for (int i = 0; i < ticks.size(); ++i)
            ranks << i;
        spaceTickLabels(m_axis, ticks, ranks, labels);
        return labels;
    }

private:
    const QCPAxis* m_axis;
};

} // namespace lhe::widgets
