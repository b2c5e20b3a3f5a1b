#include "widgets/figure_table.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QStringList>
#include <algorithm>

namespace lhe::widgets {

namespace {

// Between the label column and the value column, in units of the font's average character.
constexpr int kGapChars = 2;

} // namespace

FigureTable::FigureTable(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QFont FigureTable::valueFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
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

QSize FigureTable::minimumSizeHint() const
{
    // The labels elide before the values do: the numbers are what the card is for.
    const QFontMetrics metrics(font());
    return {std::min(m_sizeHint.width(), m_valueWidth + metrics.averageCharWidth() * (kGapChars + 6)),
            m_sizeHint.height()};
}

void FigureTable::measure()
{
    const QFontMetrics labels(font());
    const QFontMetrics values(valueFont());
    m_labelWidth = 0;
    m_valueWidth = 0;
    for (const auto& [label, value] : std::as_const(m_figures)) {
        m_labelWidth = std::max(m_labelWidth, labels.horizontalAdvance(label));
        m_valueWidth = std::max(m_valueWidth, values.horizontalAdvance(value));
    }
    const int lineHeight = std::max(labels.height(), values.height());
    const QSize needed(
        m_figures.isEmpty() ? 0 : m_labelWidth + kGapChars * labels.averageCharWidth() + m_valueWidth,
        static_cast<int>(m_figures.size()) * lineHeight);
    if (needed != m_sizeHint) {
        m_sizeHint = needed;
        updateGeometry();
    }
}

void FigureTable::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    const QFontMetrics labels(font());
    const QFont bold = valueFont();
    const QFontMetrics values(bold);
    const int lineHeight = std::max(labels.height(), values.height());
    // The values keep their width and sit against the right edge of the table's natural width;
    // a narrower table elides the labels.
    const int valueRight = std::min(width(), m_sizeHint.width());
    const int labelRoom = std::max(0, valueRight - m_valueWidth - kGapChars * labels.averageCharWidth());
    int y = 0;
    for (const auto& [label, value] : std::as_const(m_figures)) {
        painter.setFont(font());
        // Only a table narrower than its natural width elides: elidedText measures mixed Latin and
        // Chinese a pixel wider than horizontalAdvance does, and cut "token/s" where it fitted.
        painter.drawText(
            QRect(0, y, std::max(labelRoom, m_labelWidth), lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
            labelRoom >= m_labelWidth ? label : labels.elidedText(label, Qt::ElideRight, labelRoom));
        painter.setFont(bold);
        painter.drawText(QRect(valueRight - m_valueWidth, y, m_valueWidth, lineHeight),
                         Qt::AlignRight | Qt::AlignVCenter, value);
        y += lineHeight;
    }
}

void FigureTable::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        measure();
}

} // namespace lhe::widgets
