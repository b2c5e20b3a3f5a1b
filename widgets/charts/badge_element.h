// BadgeElement: a QCustomPlot text element on a filled, rounded background: the memory chart's
// "Fits" / "Offloads" verdict above the plot. Its lines wrap at spaces to the width it is given.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

#include <QColor>

namespace lhe::widgets {

class BadgeElement : public QCPTextElement
{
public:
    explicit BadgeElement(QCustomPlot* plot);

    // Shows `text` with each line wrapped at spaces where it would run past `widthPx` (the
    // element's margins and the fill's rim included), each figure taken as wide as "888.8".
    // False when the text shown is unchanged.
    bool setTextWithin(const QString& text, int widthPx);

    void setFill(const QColor& fill) { m_fill = fill; }
    QColor fill() const { return m_fill; }

protected:
    void draw(QCPPainter* painter) override;

private:
    static constexpr int kRimPx = 7; // the fill reaches this far beyond the text on either side

    QColor m_fill;
};

} // namespace lhe::widgets
