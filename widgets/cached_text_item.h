// CachedTextItem: a QCPItemText that measures and shapes its text once per text and font rather
// than on every replot. QCPItemText::draw lays its text out twice per draw (fontMetrics()
// .boundingRect, then drawText); a chart's labels keep their texts across most slider steps.
#pragma once

#include "widgets/qcustomplot_include.h"

#include <QFont>
#include <QRect>
#include <QStaticText>
#include <QString>

namespace lhe::widgets {

class CachedTextItem : public QCPItemText
{
public:
    explicit CachedTextItem(QCustomPlot* plot) : QCPItemText(plot) {}

protected:
    // QCPItemText::draw, with the text's rectangle and glyphs cached. An unrotated box is filled
    // without antialiasing: its edges then fall on whole pixels, which the raster engine fills
    // directly instead of through its antialiasing path.
    void draw(QCPPainter* painter) override;

private:
    void refresh(const QFont& font, const QPaintDevice* device);

    QString m_text; // what the cache below was made for
    QFont m_font;
    Qt::Alignment m_alignment;
    bool m_valid = false;
    QRect m_textRect;         // as QFontMetrics::boundingRect(0, 0, 0, 0, ...) gives it
    QStaticText m_staticText; // one line; text with line breaks is drawn by QPainter::drawText
};

} // namespace lhe::widgets
