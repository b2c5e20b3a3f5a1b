#include "widgets/charts/badge_element.h"

#include <QFontMetrics>
#include <QStringList>
#include <QTextLayout>
#include <QTextOption>
#include <algorithm>
#include <vector>

namespace lhe::widgets {

BadgeElement::BadgeElement(QCustomPlot* plot) : QCPTextElement(plot)
{
    setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    setMargins(QMargins(10, 6, 10, 4));
}

bool BadgeElement::setTextWithin(const QString& text, int widthPx)
{
    const int room = widthPx - mMargins.left() - mMargins.right() - 2 * kRimPx;
    QStringList lines;
    for (const QString& paragraph : text.split(u'\n')) {
        // Broken where the text would break with every figure as wide as any the badge shows
        // ("888.8"): the figures change on every slider step, the lines (and with them the
        // chart's layout) only with the words. starts[i] is where pattern[i] came from.
        QString pattern;
        std::vector<qsizetype> starts;
        for (qsizetype i = 0; i < paragraph.size();) {
            if (paragraph.at(i).isDigit()) {
                const qsizetype from = i;
                while (i < paragraph.size() &&
                       (paragraph.at(i).isDigit() || paragraph.at(i) == u'.' || paragraph.at(i) == u','))
                    ++i;
                pattern += QStringLiteral("888.8");
                starts.insert(starts.end(), 5, from);
                // A figure keeps its unit on its line ("47.6 GB"): a no-break space between.
                if (i + 1 < paragraph.size() && paragraph.at(i) == u' ' && paragraph.at(i + 1).isLetter()) {
                    pattern += QChar(0x00A0);
                    starts.push_back(i++);
                }
            } else {
                pattern += paragraph.at(i);
                starts.push_back(i++);
            }
        }
        starts.push_back(paragraph.size());
        QTextLayout layout(pattern, mFont);
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(option);
        layout.beginLayout();
        std::vector<qsizetype> breaks; // where each line starts, in the paragraph
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(room, 1));
            breaks.push_back(starts[static_cast<std::size_t>(line.textStart())]);
        }
        layout.endLayout();
        breaks.push_back(paragraph.size());
        for (std::size_t l = 0; l + 1 < breaks.size(); ++l)
            lines << paragraph.mid(breaks[l], breaks[l + 1] - breaks[l]).trimmed();
    }
    const QString shown = lines.join(u'\n');
    if (shown == mText)
        return false;
    setText(shown);
    return true;
}

void BadgeElement::draw(QCPPainter* painter)
{
    if (!mText.isEmpty()) {
        const QFontMetrics metrics(mainFont());
        const QRect text = metrics.boundingRect(mRect, mTextFlags, mText);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_fill);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->drawRoundedRect(QRectF(text).adjusted(-kRimPx, -3, kRimPx, 3), 4, 4);
    }
    QCPTextElement::draw(painter);
}

} // namespace lhe::widgets
