#include "widgets/layout/layout_fence.h"

#include <QEvent>
#include <QResizeEvent>
#include <algorithm>

namespace lhe::widgets {

LayoutFence::LayoutFence(QWidget* child, QWidget* parent) : QWidget(parent), m_child(child)
{
    // A child hidden on purpose (hide() before it was fenced) keeps the fence hidden; one merely
    // not shown yet is shown with it.
    const bool hiddenOnPurpose =
        m_child->isHidden() && m_child->testAttribute(Qt::WA_WState_ExplicitShowHide);
    m_child->setParent(this);
    m_child->installEventFilter(this);
    if (hiddenOnPurpose)
        hide();
    m_hints = measure();
    setSizePolicy(m_hints.policy);
    setMinimumSize(m_hints.explicitMinimum);
    setMaximumSize(m_hints.maximum);
    setFocusProxy(m_child);
}

QSize LayoutFence::sizeHint() const
{
    return m_child->sizeHint();
}

QSize LayoutFence::minimumSizeHint() const
{
    return m_child->minimumSizeHint();
}

bool LayoutFence::hasHeightForWidth() const
{
    return m_child->hasHeightForWidth();
}

int LayoutFence::heightForWidth(int width) const
{
    return m_child->heightForWidth(width);
}

LayoutFence::Hints LayoutFence::measure() const
{
    return Hints{
        m_child->sizeHint(),    m_child->minimumSizeHint(),
        m_child->minimumSize(), m_child->maximumSize(),
        m_child->sizePolicy(),  m_child->hasHeightForWidth() ? m_child->heightForWidth(width()) : -1};
}

bool LayoutFence::layoutWouldChange(const Hints& before, const Hints& now) const
{
    if (now.policy != before.policy || now.explicitMinimum != before.explicitMinimum ||
        now.maximum != before.maximum || now.heightAtWidth != before.heightAtWidth)
        return true;
    // Without height for width, a box layout distributes height by the hints themselves.
    if (now.heightAtWidth < 0 &&
        (now.minimum.height() != before.minimum.height() || now.size.height() != before.size.height()))
        return true;
    // Widths: a minimum this width no longer meets, or one that held the fence at this width; a
    // preferred width only while the layout gives less than it (between minimum and hint it
    // shares the room out by the hints). A wrapped label's preferred width follows the length of
    // its text, which a full-width row ignores: passed on, every new figure in a warning or card
    // laid the window out again.
    const int w = width();
    if (now.minimum.width() != before.minimum.width() &&
        (now.minimum.width() > w || before.minimum.width() >= w))
        return true;
    return now.size.width() != before.size.width() && std::max(now.size.width(), before.size.width()) > w;
}

void LayoutFence::passOnChanges()
{
    const Hints now = measure();
    if (!layoutWouldChange(m_hints, now)) {
        // The window's layout keeps what it measured; a new width measures again.
        m_hints = now;
        m_otherWidthsStale = true;
        return;
    }
    m_hints = now;
    m_otherWidthsStale = false;
    setSizePolicy(now.policy);
    setMinimumSize(now.explicitMinimum);
    setMaximumSize(now.maximum);
    updateGeometry();
}

bool LayoutFence::event(QEvent* event)
{
    // The child's updateGeometry() lands here as a LayoutRequest: this widget has no layout.
    if (event->type() == QEvent::LayoutRequest) {
        passOnChanges();
        m_child->setGeometry(rect());
        return true;
    }
    return QWidget::event(event);
}

bool LayoutFence::eventFilter(QObject* watched, QEvent* event)
{
    // Explicit show() and hide() of the child, even while this fence is hidden.
    if (watched == m_child &&
        (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent))
        setVisible(event->type() == QEvent::ShowToParent);
    return QWidget::eventFilter(watched, event);
}

void LayoutFence::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_child->setGeometry(rect());
    if (m_otherWidthsStale && event->size().width() != event->oldSize().width()) {
        m_otherWidthsStale = false;
        m_hints = measure();
        updateGeometry();
    }
}

void LayoutFence::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // While hidden, the child's requests did not arrive (Qt posts them to visible parents only).
    passOnChanges();
}

} // namespace lhe::widgets
