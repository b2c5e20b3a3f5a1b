// RankingTable: the Devices tab's table. Every row is one line of plain text and every slider
// step replaces every figure of every row, so the table measures and paints its text the cheap
// way: one row height, column widths from widths it has measured before, and cells drawn from
// text it has already shaped. Asking the style to lay out each cell (resizeColumnsToContents()
// and QStyledItemDelegate) was most of the Devices tab's frame.
#pragma once

#include <QHash>
#include <QStaticText>
#include <QStyledItemDelegate>
#include <QTableView>
#include <utility>

namespace lhe::widgets {

// Draws a cell's text, elided to its column, from a cache of shaped text.
class ShapedTextDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    // The text as drawn in `width` pixels: whole, or elided on the right.
    static QString shownText(const QString& text, const QFontMetrics& metrics, int width);
    void clearCache() { m_shaped.clear(); }

private:
    mutable QHash<std::pair<QString, int>, QStaticText> m_shaped; // by text and room in pixels
};

class RankingTable : public QTableView
{
public:
    explicit RankingTable(QWidget* parent = nullptr);

    // Every row as tall as the first one's text (the height follows the font and style, and is
    // measured again only when they change).
    void fitRowHeight();
    // Every shown column as wide as its header or its widest cell, as resizeColumnsToContents()
    // makes it, from widths measured once per pattern of text; the names column at most about
    // `characters` wide (its cells elide, the tool tip has the whole name).
    void fitColumns();
    void setNameColumn(int column, int characters);
    // The room a cell's text leaves to the cell's edges: the style's focus-frame margin each side.
    int cellPadding() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    // The width of any text that differs from `text` only in its digits: "12.5 ms" and "98.1 ms"
    // share the key "88.8 ms" when 8 is the font's widest digit.
    int patternWidth(const QString& text, const QFontMetrics& metrics);
    // The header's own width for `column` (QHeaderView::sectionSizeHint), measured once per text
    // and font.
    int headerWidth(int column);

    struct PatternWidth
    {
        QString pattern; // digits replaced by the widest one
        int width = 0;
    };
    QHash<quint64, PatternWidth> m_patternWidths; // by patternHash()
    struct HeaderWidth
    {
        QString text;
        int width = -1;
    };
    QHash<int, HeaderWidth> m_headerWidths; // by column
    QChar m_widestDigit;
    bool m_rowHeightFitted = false;
    int m_nameColumn = -1;
    int m_nameCharacters = 0;
};

} // namespace lhe::widgets
