// FigureTable: a verdict card's figures ("Time to first token   2.3 s") as two aligned columns of
// plain text that the widget paints itself. The cards change on every slider step; a rich-text
// label laid its HTML table out again for every size query and every paint.
#pragma once

#include <QList>
#include <QPair>
#include <QWidget>

namespace lhe::widgets {

class FigureTable : public QWidget
{
public:
    explicit FigureTable(QWidget* parent = nullptr);

    // (label, value) rows; the values are drawn bold and right-aligned.
    void setFigures(const QList<QPair<QString, QString>>& figures);
    const QList<QPair<QString, QString>>& figures() const { return m_figures; }
    // "Time to first token: 2.3 s; Prompt tokens/s: 1,234" for screen readers and the clipboard.
    QString plainText() const;

    QSize sizeHint() const override { return m_sizeHint; }
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QFont valueFont() const;
    // Measures the columns; asks the layout again only when the size it needs changed, so a
    // slider step that only changes digits costs no relayout of the window.
    void measure();

    QList<QPair<QString, QString>> m_figures;
    int m_labelWidth = 0;
    int m_valueWidth = 0;
    QSize m_sizeHint{0, 0};
};

} // namespace lhe::widgets
