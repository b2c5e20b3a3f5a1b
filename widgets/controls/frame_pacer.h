// FramePacer: runs an action at most once per display frame while requests stream in (a slider
// drag sends a value for every mouse move, often several per frame). Frames are consecutive
// intervals of the display's refresh period on a steady clock. The first request in a frame runs
// at once; those that follow in the same frame collapse into one run at the start of the next
// frame, which sees only the newest state. No request is ever dropped: the last one always runs.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <functional>

namespace lhe::widgets {

class FramePacer : public QObject
{
    Q_OBJECT

public:
    FramePacer(std::function<void()> action, QObject* parent);

    // One frame at `refreshRateHz`, in ns (60 Hz where the platform reports no rate).
    static qint64 frameIntervalNs(double refreshRateHz);
    void setIntervalNs(qint64 intervalNs);

    // Runs the action now if it has not run in this frame; otherwise once, when the next frame
    // begins.
    void request();
    // Runs a waiting action now (the drag ended).
    void flush();
    bool pending() const { return m_timer.isActive(); }

private:
    qint64 frameNow() const { return m_clock.nsecsElapsed() / m_intervalNs; }
    void run();

    std::function<void()> m_action;
    QTimer m_timer; // the start of the next frame, while a request waits for it
    QElapsedTimer m_clock;
    qint64 m_intervalNs = 16'666'667;
    qint64 m_lastRunFrame = -1;
};

} // namespace lhe::widgets
