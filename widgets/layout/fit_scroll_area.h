// FitScrollArea: holds a page (the dashboard, the comparison) at the size of the window's room
// for it, and scrolls only where that room is smaller than the page can shrink to.
#pragma once

#include <QScrollArea>

namespace lhe::widgets {

// The least a page's layout needs at `width`: its minimum size, and in height the lines that text
// wrapping at that width takes (a headline, warnings). Also what an export lays a page out at.
QSize minimumSizeAtWidth(const QWidget* page, int width);

// When a page in a FitScrollArea (the dashboard, the comparison) leaves its side-by-side
// arrangement for a narrow one: below `lines` lines of text of width, or at its side-by-side
// minimum plus a line, as the page is never narrower than its minimum (its scroll area scrolls
// instead). It keeps that minimum from the last time the page was side by side.
class NarrowArrangement
{
public:
    explicit NarrowArrangement(int lines) : m_lines(lines) {}
    bool wanted(const QWidget* page, bool narrowNow);

private:
    int m_lines;
    int m_sideBySideMinimumWidth = 0;
};

class FitScrollArea : public QScrollArea
{
    Q_OBJECT

public:
    explicit FitScrollArea(QWidget* page, QWidget* parent = nullptr);

    // The page is never below this; the area itself can be as small as the window makes it.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitPage();
    void setBarPolicy(Qt::ScrollBarPolicy policy); // the vertical bar's

    bool m_changingPolicy = false;
};

} // namespace lhe::widgets
