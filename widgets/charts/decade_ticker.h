// DecadeTicker: the ticker of the roofline's log axes. Whole decades, with 8 sub-ticks; labels in
// one number style per axis (plain "0.1" … "10,000" while every labelled decade lies within
// 0.001 … 100,000, else powers of ten "10⁶" for all of them, never a mix) and only every n-th
// decade labelled where the axis is too short for all of them side by side.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

namespace lhe::widgets {

class DecadeTicker : public QCPAxisTickerLog
{
public:
    // `axis` is measured (its length and tick label font) when labels are made.
    explicit DecadeTicker(QCPAxis* axis);

    // The labels of whole decades 10^exponents in the style above, before thinning.
    static QVector<QString> decadeLabels(const QVector<int>& exponents, const QLocale& locale);

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale, QChar formatChar,
                                       int precision) override;

private:
    QCPAxis* m_axis;
};

} // namespace lhe::widgets
