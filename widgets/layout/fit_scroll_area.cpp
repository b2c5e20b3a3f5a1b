#include "widgets/layout/fit_scroll_area.h"

#include <QApplication>
#include <QEvent>
#include <QLayout>
#include <QResizeEvent>
#include <QScrollBar>
#include <algorithm>

namespace lhe::widgets {

QSize minimumSizeAtWidth(const QWidget* page, int width)
{
    QSize minimum = page->minimumSizeHint().expandedTo(page->minimumSize());
    const QLayout* layout = page->layout();
    if (layout && layout->hasHeightForWidth())
        minimum.setHeight(
            std::max(minimum.height(), layout->minimumHeightForWidth(std::max(width, minimum.width()))));
    return minimum;
}

bool NarrowArrangement::wanted(const QWidget* page, bool narrowNow)
{
    const int line = page->fontMetrics().height();
    if (!narrowNow)
        m_sideBySideMinimumWidth = page->minimumSizeHint().width();
    return page->width() < std::max(m_lines * line, m_sideBySideMinimumWidth + line);
}

FitScrollArea::FitScrollArea(QWidget* page, QWidget* parent) : QScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    // Not QScrollArea's resizable mode: that grows a page whose text wraps (height for width) to
    // its preferred height, so the dashboard scrolled in a window that had room for it.
    setWidgetResizable(false);
    setWidget(page);
    // A new minimum (a warning wrapping onto another line, presentation mode's larger text)
    // refits the page when it asks for a layout. Watched from the application: Qt activates a
    // widget's layout before the widget's own event filters see the request, and a page laid
    // out at its old height first squeezed every chart by the new line, then gave it back.
    qApp->installEventFilter(this);
    fitPage();
}

QSize FitScrollArea::minimumSizeHint() const
{
    // Small enough for any window (the scroll bars take over below the page's minimum).
    return QScrollArea::minimumSizeHint().boundedTo(QSize(120, 120));
}

void FitScrollArea::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    if (m_changingPolicy)
        return; // the resize event a new bar policy sends: the caller fits the page
    // A new size starts afresh: the page may now fit without a bar.
    setBarPolicy(Qt::ScrollBarAsNeeded);
    fitPage();
}

bool FitScrollArea::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::LayoutRequest && widget() && watched == widget())
        fitPage();
    return QScrollArea::eventFilter(watched, event);
}

void FitScrollArea::setBarPolicy(Qt::ScrollBarPolicy policy)
{
    if (verticalScrollBarPolicy() == policy)
        return;
    m_changingPolicy = true;
    setVerticalScrollBarPolicy(policy);
    m_changingPolicy = false;
}

void FitScrollArea::fitPage()
{
    QWidget* page = widget();
    if (!page)
        return;
    QSize minimum = page->minimumSizeHint().expandedTo(page->minimumSize());
    // The room with no scroll bar; a bar in one direction takes room from the other.
    QSize room = maximumViewportSize();
    const int barWidth = verticalScrollBar()->sizeHint().width();
    const int barHeight = horizontalScrollBar()->sizeHint().height();
    if (room.width() < minimum.width())
        room.rheight() -= barHeight;
    // Text that wraps needs more lines the narrower the page: its minimum height is the one at
    // the width it gets. Measuring that lays out every wrapped label, a good part of a slider
    // step: only where the room is within ten lines of the plain minimum can it matter.
    if (room.height() <= minimum.height() + 10 * page->fontMetrics().height()) {
        minimum = minimumSizeAtWidth(page, room.width());
        // A vertical bar: wrapped at the narrower width. Its room stays until the area is resized,
        // as CSS's scrollbar-gutter: stable (maximumViewportSize() leaves it out from then on): a
        // bar that came and went with the page's height (a warning's second line, a badge that
        // wraps) moved every chart sideways and laid the whole page out again at another width.
        if (room.height() < minimum.height() && verticalScrollBarPolicy() != Qt::ScrollBarAlwaysOn) {
            room.rwidth() -= barWidth;
            minimum = minimumSizeAtWidth(page, room.width());
            setBarPolicy(Qt::ScrollBarAlwaysOn);
        }
    }
    const QSize size = room.expandedTo(minimum);
    if (page->size() != size)
        page->resize(size);
}

} // namespace lhe::widgets
