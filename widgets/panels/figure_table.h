// FigureTable: a verdict card's figures ("Time to first token   2.3 s") as two aligned columns of
// plain text that the widget paints itself. The cards change on every slider step; a rich-text
// label laid its HTML table out again for every size query and every paint. A table narrower
// than its one-line width wraps its labels at word boundaries (Chinese between characters), or
// puts a value under its label, rather than cutting the label to "Time…": a card beside the
// controls in presentation mode is that narrow.
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>
#include <QWidget>

namespace lhe::widgets {

class FigureTable : public QWidget
{
    Q_OBJECT

public:
    explicit FigureTable(QWidget* parent = nullptr);

    // (label, value) rows; the values are drawn bold and right-aligned.
    void setFigures(const QList<QPair<QString, QString>>& figures);
    const QList<QPair<QString, QString>>& figures() const { return m_figures; }
    // "Time to first token: 2.3 s; Prompt tokens/s: 1,234" for screen readers and the clipboard.
    QString plainText() const;
    // The lines each label takes at `width` (one per label at the one-line width). A label
    // wraps in the room beside its value; where a word of it has none, the value goes on a line
    // below (valueBelow) and the label takes the whole width. Only below the minimum width is a
    // label elided.
    QList<QStringList> labelLines(int width) const;
    bool valueBelow(qsizetype row, int width) const;

    QSize sizeHint() const override { return m_sizeHint; }
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QFont valueFont() const;
    int lineHeight() const;
    // Room for a row's label beside its value at `width`.
    int labelRoom(qsizetype row, int width) const;
    // Lays the labels out for `width` (m_wrapped, m_valueBelow), unless already done for it.
    void arrange(int width) const;
    // Measures the columns; asks the layout again only when the size it needs changed, so a
    // slider step that only changes digits costs no relayout of the window.
    void measure(bool fontChanged = false);

    struct Row
    {
        QString label;
        int labelWidth = 0; // on one line
        int valueWidth = 0;
        int longestWordWidth = 0; // the widest part of the label that does not break
    };
    QList<QPair<QString, QString>> m_figures;
    QList<Row> m_rows; // measured, one per figure
    QSize m_sizeHint{0, 0};
    // arrange() at the width last asked for: a layout asks several times per pass.
    mutable int m_wrappedWidth = -1;
    mutable QList<QStringList> m_wrapped;
    mutable QList<bool> m_valueBelow;
};

} // namespace lhe::widgets
