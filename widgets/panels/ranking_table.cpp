#include "widgets/panels/ranking_table.h"

#include "widgets/charts/cached_drawing.h"

#include <QApplication>
#include <QEvent>
#include <QHeaderView>
#include <QPainter>
#include <algorithm>
#include <utility>

namespace lhe::widgets {

namespace {

// Caches of shaped text and measured widths are dropped whole when they grow past this many
// entries: a drag across a slider's range makes a few thousand distinct figures.
constexpr qsizetype kCacheLimit = 4096;

// QCommonStyle's text margin in an item view cell (PM_FocusFrameHMargin + 1, each side).
int textMargin(const QStyle* style, const QWidget* widget)
{
    return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
}

bool isDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

// FNV-1a over the text with every digit read as '0': texts that differ only in their digits share
// it, and nothing is allocated to compute it.
quint64 patternHash(QStringView text)
{
    quint64 hash = 14695981039346656037ULL;
    for (const QChar c : text) {
        hash ^= isDigit(c) ? u'0' : c.unicode();
        hash *= 1099511628211ULL;
    }
    return hash;
}

bool samePattern(QStringView pattern, QStringView text)
{
    if (pattern.size() != text.size())
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (isDigit(text[i]) ? !isDigit(pattern[i]) : pattern[i] != text[i])
            return false;
    }
    return true;
}

} // namespace

QString ShapedTextDelegate::shownText(const QString& text, const QFontMetrics& metrics, int width)
{
    return metrics.horizontalAdvance(text) <= width ? text : metrics.elidedText(text, Qt::ElideRight, width);
}

void ShapedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const QWidget* widget = cell.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    // The style draws the cell's background, selection, hover and focus frame; the text is drawn
    // here. A plain cell has none of them (the view has drawn its row's base): the style, which
    // would measure the cell's parts to draw nothing, is left out (a third of the table's paint).
    const QString text = std::exchange(cell.text, QString());
    constexpr QStyle::State kDecorated =
        QStyle::State_Selected | QStyle::State_HasFocus | QStyle::State_MouseOver;
    const bool plain =
        !(cell.state & kDecorated) && cell.backgroundBrush.style() == Qt::NoBrush &&
        !(cell.features & (QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration));
    if (!plain)
        style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);
    if (text.isEmpty())
        return;

    const int margin = textMargin(style, widget);
    const QRect room = cell.rect.adjusted(margin, 0, -margin, 0);
    if (room.width() <= 0)
        return;
    const std::pair<QString, int> key{text, room.width()};
    auto shaped = m_shaped.find(key);
    if (shaped == m_shaped.end()) {
        if (m_shaped.size() > kCacheLimit)
            m_shaped.clear();
        shaped = m_shaped.insert(key, shapedLine(shownText(text, cell.fontMetrics, room.width()), cell.font));
    }
    const QSizeF size = shaped->size();
    const Qt::Alignment alignment = QStyle::visualAlignment(cell.direction, cell.displayAlignment);
    qreal x = room.left();
    if (alignment & Qt::AlignRight)
        x = room.left() + room.width() - size.width();
    else if (alignment & Qt::AlignHCenter)
        x = room.left() + (room.width() - size.width()) / 2;
    const qreal y = room.top() + (room.height() - size.height()) / 2;

    const QPalette::ColorGroup group = !(cell.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (cell.state & QStyle::State_Active) ? QPalette::Normal
                                                                             : QPalette::Inactive;
    // No save(), restore() or clip per cell: the text was elided to its room, and the view sets
    // its own pen for the grid; a cell's font and pen are set here every time.
    painter->setFont(cell.font);
    painter->setPen(cell.palette.color(
        group, (cell.state & QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text));
    painter->drawStaticText(QPointF(x, y), *shaped);
}

RankingTable::RankingTable(QWidget* parent) : QTableView(parent)
{
    setItemDelegate(new ShapedTextDelegate(this));
}

void RankingTable::fitRowHeight()
{
    // Asking the delegate lays the row's text out: once per font and style, not per ranking.
    if (m_rowHeightFitted || !model() || model()->rowCount() == 0)
        return;
    verticalHeader()->setDefaultSectionSize(sizeHintForRow(0));
    m_rowHeightFitted = true;
}

int RankingTable::cellPadding() const
{
    return 2 * textMargin(style(), this);
}

int RankingTable::patternWidth(const QString& text, const QFontMetrics& metrics)
{
    if (m_widestDigit.isNull()) {
        int widest = -1;
        for (char digit = '0'; digit <= '9'; ++digit) {
            const int advance = metrics.horizontalAdvance(QLatin1Char(digit));
            if (advance > widest) {
                widest = advance;
                m_widestDigit = QLatin1Char(digit);
            }
        }
    }
    // 729 cells are measured per slider step: a lookup must not build the pattern first.
    const quint64 hash = patternHash(text);
    const auto known = m_patternWidths.constFind(hash);
    if (known != m_patternWidths.cend() && samePattern(known->pattern, text))
        return known->width;
    if (m_patternWidths.size() > kCacheLimit)
        m_patternWidths.clear();
    QString pattern = text;
    for (QChar& c : pattern) {
        if (isDigit(c))
            c = m_widestDigit;
    }
    const int width = metrics.horizontalAdvance(pattern);
    m_patternWidths.insert(hash, {pattern, width}); // a rare colliding pattern takes the place
    return width;
}

int RankingTable::headerWidth(int column)
{
    // Qt leaves room for a sort indicator in every section alike: the text is what differs.
    const QString text = model()->headerData(column, Qt::Horizontal).toString();
    HeaderWidth& known = m_headerWidths[column];
    if (known.width < 0 || known.text != text)
        known = {text, horizontalHeader()->sectionSizeHint(column)};
    return known.width;
}

void RankingTable::fitColumns()
{
    const QAbstractItemModel* rows = model();
    if (!rows)
        return;
    // As QTableView::sizeHintForColumn(): the text and its margins, and one pixel for the grid.
    const int padding = cellPadding() + (showGrid() ? 1 : 0);
    const QFontMetrics metrics = fontMetrics(); // once: 81 rows x 9 columns are measured
    for (int column = 0; column < rows->columnCount(); ++column) {
        if (isColumnHidden(column))
            continue;
        int widest = 0;
        for (int row = 0; row < rows->rowCount(); ++row)
            widest = std::max(widest, patternWidth(rows->index(row, column).data().toString(), metrics));
        int width = std::max(widest + padding, headerWidth(column));
        if (column == m_nameColumn)
            width = std::min(width, metrics.averageCharWidth() * m_nameCharacters);
        setColumnWidth(column, width);
    }
}

void RankingTable::setNameColumn(int column, int characters)
{
    m_nameColumn = column;
    m_nameCharacters = characters;
}

void RankingTable::changeEvent(QEvent* event)
{
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_patternWidths.clear();
        m_headerWidths.clear();
        m_widestDigit = QChar();
        static_cast<ShapedTextDelegate*>(itemDelegate())->clearCache();
        m_rowHeightFitted = false;
        fitRowHeight();
        fitColumns();
    }
}

} // namespace lhe::widgets
