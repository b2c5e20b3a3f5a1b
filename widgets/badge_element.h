// BadgeElement: a QCustomPlot text element on a filled, rounded background: the memory chart's
// "Fits" / "Offloads" verdict above the plot.
#pragma once

#include "widgets/qcustomplot_include.h"

#include <QColor>

namespace lhe::widgets {

class BadgeElement : public QCPTextElement
{
public:
    explicit BadgeElement(QCustomPlot* plot);

    void setFill(const QColor& fill) { m_fill = fill; }
    QColor fill() const { return m_fill; }

protected:
    void draw(QCPPainter* painter) override;

private:
    QColor m_fill;
};

} // namespace lhe::widgets
