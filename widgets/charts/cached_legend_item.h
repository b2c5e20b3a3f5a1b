// CachedLegendItem: a QCPPlottableLegendItem that measures its name once per name and font.
// QCustomPlot's legend items measure their text on every layout of the chart, and a chart lays its
// legend out on every full replot. LegendText holds the measurement (and the shaped text, for an
// entry that draws itself) for any legend entry.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

#include <QFont>
#include <QRect>
#include <QStaticText>
#include <QString>

namespace lhe::widgets {

class LegendText
{
public:
    // As QFontMetrics(font).boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, text).
    QRect rect(const QString& text, const QFont& font, int iconHeight) const;
    // As QPainter::drawText(left, top, width, max(height, iconHeight), Qt::TextDontClip, text)
    // with the painter's font and pen, for the text last measured.
    void draw(QPainter* painter, int left, int top) const;

private:
    mutable QString m_text;
    mutable QFont m_font;
    mutable int m_iconHeight = -1;
    mutable QRect m_rect;
    mutable QStaticText m_shaped; // one line; a name with a line break is drawn by drawText
};

class CachedLegendItem : public QCPPlottableLegendItem
{
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;
    // Puts the plottable in `legend` as QCPAbstractPlottable::addToLegend() does, in this item.
    static void add(QCPLegend* legend, QCPAbstractPlottable* plottable);

    QSize minimumOuterSizeHint() const override;

private:
    LegendText m_name;
};

} // namespace lhe::widgets
