#include "widgets/panels/figure_table.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QTextLayout>
#include <algorithm>
#include <cmath>
#include <utility>

namespace lhe::widgets {

namespace {

// Between the label column and the value column, in units of the font's average character.
constexpr int kGapChars = 2;

// The lines of `text` wrapped to `room` pixels (Unicode line breaking: at spaces, and between
// Chinese characters), and the widest of them. A unit stays whole: no break after the slash of
// "tokens/s" (a word joiner, U+2060, holds it to what follows).
QStringList wrapped(const QString& text, const QFont& font, int room, int* widest = nullptr)
{
    const QChar joiner(0x2060);
    QString joined = text;
    joined.replace(QLatin1Char('/'), QStringLiteral("/") + joiner);
    QTextLayout layout(joined, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    layout.beginLayout();
    QStringList lines;
    double widestLine = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(std::max(room, 1));
        lines << joined.mid(line.textStart(), line.textLength()).remove(joiner).trimmed();
        widestLine = std::max(widestLine, line.naturalTextWidth());
    }
    layout.endLayout();
    if (widest)
        *widest = static_cast<int>(std::ceil(widestLine));
    return lines;
}

} // namespace

FigureTable::FigureTable(QWidget* parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QFont FigureTable::valueFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

int FigureTable::lineHeight() const
{
    return std::max(QFontMetrics(font()).height(), QFontMetrics(valueFont()).height());
}

void FigureTable::setFigures(const QList<QPair<QString, QString>>& figures)
{
    if (figures == m_figures)
        return;
    m_figures = figures;
    measure();
    update();
}

QString FigureTable::plainText() const
{
    QStringList rows;
    for (const auto& [label, value] : m_figures)
        rows << label + QStringLiteral(": ") + value;
    return rows.join(QStringLiteral("; "));
}

int FigureTable::labelRoom(qsizetype row, int width) const
{
    const int gap = kGapChars * QFontMetrics(font()).averageCharWidth();
    return std::max(0, std::min(width, m_sizeHint.width()) - m_rows[row].valueWidth - gap);
}

QList<QStringList> FigureTable::labelLines(int width) const
{
    arrange(width);
    return m_wrapped;
}

bool FigureTable::valueBelow(qsizetype row, int width) const
{
    arrange(width);
    return m_valueBelow.value(row);
}

void FigureTable::arrange(int width) const
{
    const int natural = std::min(width, m_sizeHint.width());
    if (natural == m_wrappedWidth)
        return;
    const QFontMetrics metrics(font());
    m_wrapped.clear();
    m_valueBelow.clear();
    for (qsizetype row = 0; row < m_figures.size(); ++row) {
        const QString& label = m_figures[row].first;
        const Row& measured = m_rows[row];
        const int room = labelRoom(row, width);
        // One line; else the label wrapped beside its value; else, where a word of it has no room
        // beside the value, the label over the whole width and the value on a line of its own.
        const bool below = room < measured.labelWidth && measured.longestWordWidth > room;
        const int labelWidth = below ? natural : room;
        QStringList lines;
        if (labelWidth >= measured.labelWidth)
            lines << label;
        else if (measured.longestWordWidth <= labelWidth)
            lines = wrapped(label, font(), labelWidth);
        else // narrower than the table's minimum: the last resort
            lines << metrics.elidedText(label, Qt::ElideRight, labelWidth);
        m_wrapped << lines;
        m_valueBelow << below;
    }
    m_wrappedWidth = natural;
}

int FigureTable::heightForWidth(int width) const
{
    arrange(width);
    int count = 0;
    for (qsizetype row = 0; row < m_wrapped.size(); ++row)
        count += static_cast<int>(m_wrapped[row].size()) + (m_valueBelow[row] ? 1 : 0);
    return count * lineHeight();
}

QSize FigureTable::minimumSizeHint() const
{
    // Narrower than this, a word of a label or a value no longer fits its line.
    int width = 0;
    for (const Row& row : m_rows)
        width = std::max({width, row.valueWidth, row.longestWordWidth});
    // In height one line a figure, as QLabel's word-wrapped minimum: a layout asks the height at
    // the width it gives (heightForWidth); a window's minimum built from the height at the
    // narrowest width would be far taller than any width it is shown at needs.
    return {std::min(width, m_sizeHint.width()), m_sizeHint.height()};
}

void FigureTable::measure(bool fontChanged)
{
    const QFontMetrics labels(font());
    const QFontMetrics values(valueFont());
    const int gap = kGapChars * labels.averageCharWidth();
    // Each label has the room its own value leaves: "Prompt tokens/s" beside "7,640" needs no
    // second line because another row's value reads "1,250 FLOP/B".
    const QList<Row> before = std::exchange(m_rows, {});
    int natural = 0;
    for (qsizetype i = 0; i < m_figures.size(); ++i) {
        const auto& [label, value] = m_figures[i];
        Row row{label, 0, values.horizontalAdvance(value), 0};
        // A slider step changes the values, not the labels: a label's words are measured again
        // only when it or the font changed.
        if (!fontChanged && i < before.size() && before[i].label == label) {
            row.labelWidth = before[i].labelWidth;
            row.longestWordWidth = before[i].longestWordWidth;
        } else {
            row.labelWidth = labels.horizontalAdvance(label);
            wrapped(label, font(), 1, &row.longestWordWidth); // one word (one Chinese character) a line
        }
        natural = std::max(natural, row.labelWidth + gap + row.valueWidth);
        m_rows.push_back(row);
    }
    m_wrappedWidth = -1;
    const QSize needed(natural, static_cast<int>(m_figures.size()) * lineHeight());
    if (needed != m_sizeHint) {
        m_sizeHint = needed;
        updateGeometry();
    } else if (heightForWidth(width()) != height()) {
        updateGeometry(); // the same one-line size, but the labels take other lines at this width
    }
}

void FigureTable::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    const QFont bold = valueFont();
    const int line = lineHeight();
    // The values sit against the right edge of the table's natural width; a narrower table wraps
    // the labels.
    const int valueRight = std::min(width(), m_sizeHint.width());
    arrange(width());
    int y = 0;
    for (qsizetype row = 0; row < m_figures.size(); ++row) {
        painter.setFont(font());
        int lineY = y;
        for (const QString& text : std::as_const(m_wrapped[row])) {
            painter.drawText(QRect(0, lineY, valueRight, line), Qt::AlignLeft | Qt::AlignVCenter, text);
            lineY += line;
        }
        const int valueY = m_valueBelow[row] ? lineY : y;
        painter.setFont(bold);
        painter.drawText(QRect(0, valueY, valueRight, line), Qt::AlignRight | Qt::AlignVCenter,
                         m_figures[row].second);
        y = m_valueBelow[row] ? lineY + line : lineY;
    }
}

void FigureTable::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        measure(true);
}

} // namespace lhe::widgets
