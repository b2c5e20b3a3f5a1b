#include "widgets/controls/frame_pacer.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lhe::widgets {

FramePacer::FramePacer(std::function<void()> action, QObject* parent)
    : QObject(parent), m_action(std::move(action))
{
    m_clock.start();
    m_timer.setSingleShot(true);
    // Precise: a coarse timer may fire up to 5 % of its interval late (QTimer's Qt::TimerType
    // documentation), and a late run is latency the user sees.
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &FramePacer::run);
}

qint64 FramePacer::frameIntervalNs(double refreshRateHz)
{
    const double hz = std::isfinite(refreshRateHz) && refreshRateHz >= 1 ? refreshRateHz : 60;
    return std::clamp(static_cast<qint64>(std::llround(1e9 / hz)), qint64{1'000'000}, qint64{100'000'000});
}

void FramePacer::setIntervalNs(qint64 intervalNs)
{
    if (intervalNs == m_intervalNs || intervalNs <= 0)
        return;
    m_intervalNs = intervalNs;
    m_lastRunFrame = -1; // frames of another length: the next request starts afresh
}

void FramePacer::request()
{
    if (m_timer.isActive())
        return; // a run at the next frame's start is due; it will see this request's state
    if (frameNow() != m_lastRunFrame) {
        run();
        return;
    }
    const qint64 untilNextNs = (frameNow() + 1) * m_intervalNs - m_clock.nsecsElapsed();
    m_timer.start(static_cast<int>((untilNextNs + 999'999) / 1'000'000)); // whole ms, rounded up
}

void FramePacer::flush()
{
    if (m_timer.isActive())
        run();
}

void FramePacer::run()
{
    m_timer.stop();
    m_lastRunFrame = frameNow();
    m_action();
}

} // namespace lhe::widgets
