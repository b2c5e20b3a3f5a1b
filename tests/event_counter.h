// EventCounter: counts the events of one type a watched object receives, e.g. a window's
// UpdateRequest (one paint and flush each) or LayoutRequest (one layout pass each). Shared by the
// tests that hold the window to one paint and no relayout per slider step.
#pragma once

#include <QEvent>
#include <QObject>

class EventCounter : public QObject
{
public:
    explicit EventCounter(QEvent::Type type) : m_type(type) {}

    int count = 0;

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == m_type)
            ++count;
        return false;
    }

private:
    QEvent::Type m_type;
};
