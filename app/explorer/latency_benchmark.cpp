#include "app/explorer/latency_benchmark.h"

#include "app/explorer/main_window.h"
#include "widgets/charts/chart_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/controls/frame_pacer.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/panels/dashboard.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QScreen>
#include <QSlider>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <utility>
#include <vector>

namespace lhe::app {

namespace {

constexpr int kSteps = 200; // per slider and tab, back and forth across the slider's range
constexpr int kFastStepsPerFrame = 4;
// A step not shown after this long is counted as this long (and named in the output).
constexpr qint64 kGiveUpNs = 2'000'000'000;

// CPU time of the calling thread (the GUI thread here), in ns.
qint64 threadCpuNs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<qint64>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

double percentile(std::vector<double> values, double fraction)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(index, values.size() - 1)];
}

struct Sweep
{
    widgets::Dashboard::ChartTab tab;
    const char* slider;
    int stepsPerFrame;
};

// Drives the sweeps from the event loop: a timer moves the slider as a held mouse would, an event
// filter on the window times each paint, and a step counts as shown at the end of the first
// paint after which nothing it started is still waiting (the drag's frame pacing, a chart's
// queued replot) and nothing has changed since (a report, a replot).
class UiBenchmark : public QObject
{
public:
    UiBenchmark(MainWindow& window, std::vector<Sweep> sweeps)
        : QObject(&window), m_window(window), m_sweeps(std::move(sweeps))
    {
        m_clock.start();
        window.installEventFilter(this);
        window.dashboard()->installEventFilter(this);
        for (QCustomPlot* plot : window.findChildren<QCustomPlot*>()) {
            connect(plot, &QCustomPlot::afterReplot, this, [this] {
                m_lastChangeNs = m_clock.nsecsElapsed();
                ++m_replots;
            });
        }
        m_charts = window.findChildren<widgets::ChartWidget*>();
        m_pacers = window.controls()->findChildren<widgets::FramePacer*>();
        connect(window.controls(), &widgets::ScenarioControls::scenarioChanged, this, [this] {
            m_lastChangeNs = m_clock.nsecsElapsed();
            ++m_reports;
        });
        m_stepTimer.setSingleShot(true);
        m_stepTimer.setTimerType(Qt::PreciseTimer);
        connect(&m_stepTimer, &QTimer::timeout, this, &UiBenchmark::step);
        m_waitTimer.setSingleShot(true);
        connect(&m_waitTimer, &QTimer::timeout, this, &UiBenchmark::waited);
        const QScreen* screen = window.screen();
        const double hz = screen && screen->refreshRate() >= 1 ? screen->refreshRate() : 60;
        m_frameNs = 1e9 / hz;
    }

    void start()
    {
        std::printf("window %d x %d%s; a drag moves its slider one position per %.1f ms frame\n",
                    m_window.width(), m_window.height(),
                    m_window.presentationMode() ? ", presentation mode" : "", m_frameNs / 1e6);
        m_shownTab = m_window.dashboard()->chartTab();
        nextSweep();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // The dashboard's layout pass (it scrolls: its requests stop at the page).
        if (watched == m_window.dashboard() && event->type() == QEvent::LayoutRequest)
            ++m_layouts;
        if (watched != &m_window)
            return false;
        // Qt paints a window's widgets and flushes them when the window handles its
        // UpdateRequest: delivered here, the paint's end can be timed.
        if (event->type() != QEvent::UpdateRequest || m_delivering)
            return false;
        m_delivering = true;
        QCoreApplication::sendEvent(watched, event);
        m_delivering = false;
        ++m_paints;
        painted(m_clock.nsecsElapsed());
        return true;
    }

private:
    bool waiting() const
    {
        return std::any_of(m_pacers.begin(), m_pacers.end(), [](auto* p) { return p->pending(); }) ||
               std::any_of(m_charts.begin(), m_charts.end(), [](auto* c) { return c->replotPending(); });
    }

    void painted(qint64 endNs)
    {
        if (waiting() || endNs < m_lastChangeNs)
            return;
        for (const qint64 at : m_open)
            m_millis.push_back(static_cast<double>(endNs - at) / 1e6);
        if (!m_open.empty())
            m_cpuMillis.push_back(static_cast<double>(threadCpuNs() - m_openCpuNs) / 1e6);
        m_open.clear();
        if (m_settling) {
            settled();
        } else if (m_stepCount == kSteps && m_waitTimer.isActive()) {
            m_waitTimer.stop();
            // After this paint's delivery: the release and the next sweep change the window again.
            QTimer::singleShot(0, this, &UiBenchmark::endSweep);
        }
    }

    void nextSweep()
    {
        if (m_sweepIndex == m_sweeps.size()) {
            finish();
            return;
        }
        const Sweep& sweep = m_sweeps[m_sweepIndex];
        if (m_window.dashboard()->chartTab() != sweep.tab)
            m_window.dashboard()->showChartTab(sweep.tab);
        if (m_sweepIndex == 0 || sweep.tab != m_sweeps[m_sweepIndex - 1].tab) {
            std::printf("\n%s tab\n", qPrintable(widgets::Dashboard::chartTabName(sweep.tab)));
            if (sweep.stepsPerFrame == 1)
                std::printf(
                    "slider              steps   p50 ms   p99 ms  worst ms  cpu ms  reports  replots  "
                    "paints  layouts\n");
        }
        m_slider = m_window.controls()->findChild<QSlider*>(QString::fromLatin1(sweep.slider));
        if (!m_slider || !m_slider->isEnabled()) {
            ++m_sweepIndex;
            nextSweep();
            return;
        }
        m_original = m_slider->value();
        m_value = m_slider->minimum();
        m_direction = 1;
        // Each sweep starts from the same scenario, at the slider's start, once the window has
        // shown it.
        m_slider->setValue(m_value);
        m_settling = true;
        m_waitTimer.start(300);
    }

    // The window is quiet (or the wait ran out): the sweep's drag begins.
    void settled()
    {
        if (!m_settling || (m_waitTimer.isActive() && waiting()))
            return;
        m_settling = false;
        m_waitTimer.stop();
        m_open.clear();
        m_millis.clear();
        m_cpuMillis.clear();
        m_reports = m_replots = m_paints = m_layouts = m_gaveUp = m_unchanged = 0;
        m_stepCount = 0;
        m_slider->setSliderDown(true); // as a mouse press on the handle
        m_dragStartNs = m_clock.nsecsElapsed();
        scheduleStep();
    }

    void waited()
    {
        if (m_settling) {
            settled();
            return;
        }
        // The sweep's last steps were not shown in time.
        m_gaveUp = static_cast<int>(m_open.size());
        for (const qint64 at : m_open)
            m_millis.push_back(static_cast<double>(m_clock.nsecsElapsed() - at) / 1e6);
        m_open.clear();
        endSweep();
    }

    void scheduleStep()
    {
        const Sweep& sweep = m_sweeps[m_sweepIndex];
        const double due = static_cast<double>(m_dragStartNs) + m_stepCount * m_frameNs / sweep.stepsPerFrame;
        const double left = (due - static_cast<double>(m_clock.nsecsElapsed())) / 1e6;
        m_stepTimer.start(std::max(0, static_cast<int>(std::ceil(left))));
    }

    void step()
    {
        if (m_value + m_direction > m_slider->maximum() || m_value + m_direction < m_slider->minimum())
            m_direction = -m_direction;
        m_value += m_direction;
        if (m_open.empty())
            m_openCpuNs = threadCpuNs();
        m_open.push_back(m_clock.nsecsElapsed());
        const int reportsBefore = m_reports;
        m_slider->setSliderPosition(m_value); // what a mouse move on a held handle does
        // A position that maps to the same setting (two positions of the output slider give one
        // token count) changes nothing the window shows and may paint nothing at all: it is not
        // timed, and counted apart.
        if (m_reports == reportsBefore && !waiting()) {
            m_open.pop_back();
            ++m_unchanged;
        }
        if (++m_stepCount < kSteps) {
            scheduleStep();
            return;
        }
        // The last step: the handle is released once it is shown (or the wait runs out).
        if (m_open.empty())
            QTimer::singleShot(0, this, &UiBenchmark::endSweep);
        else
            m_waitTimer.start(static_cast<int>(kGiveUpNs / 1'000'000));
    }

    void endSweep()
    {
        const Sweep& sweep = m_sweeps[m_sweepIndex];
        const int steps = static_cast<int>(m_millis.size());
        const double p50 = percentile(m_millis, 0.5);
        const double p99 = percentile(m_millis, 0.99);
        const double worst = m_millis.empty() ? 0 : *std::max_element(m_millis.begin(), m_millis.end());
        if (sweep.stepsPerFrame == 1) {
            std::printf("%-18s %6d %8.2f %8.2f %9.2f %7.2f %8d %8d %7d %9d", sweep.slider, steps, p50, p99,
                        worst, percentile(m_cpuMillis, 0.5), m_reports, m_replots, m_paints, m_layouts);
            m_all.insert(m_all.end(), m_millis.begin(), m_millis.end());
            m_allCpu.insert(m_allCpu.end(), m_cpuMillis.begin(), m_cpuMillis.end());
        } else {
            std::printf("%s, %d positions per frame: %d steps in %d frames, %d reports, %d replots, "
                        "%d paints; shown after p50 %.2f ms, p99 %.2f ms, worst %.2f ms",
                        sweep.slider, sweep.stepsPerFrame, steps, steps / sweep.stepsPerFrame, m_reports,
                        m_replots, m_paints, p50, p99, worst);
        }
        if (m_gaveUp > 0)
            std::printf("  (%d not shown within %lld ms)", m_gaveUp, kGiveUpNs / 1'000'000);
        if (m_unchanged > 0)
            std::printf("  (%d positions changed no setting: not timed)", m_unchanged);
        std::printf("\n");
        std::fflush(stdout);
        m_slider->setSliderDown(false);
        m_slider->setValue(m_original);
        ++m_sweepIndex;
        // A pass of the event loop first: the release's last change is drawn before the next sweep.
        QTimer::singleShot(0, this, &UiBenchmark::nextSweep);
    }

    void finish()
    {
        std::printf("\nall %zu steps at one position per frame: p50 %.2f ms, p99 %.2f ms (target: p50 <= 4, "
                    "p99 <= 8); GUI thread CPU per shown step: p50 %.2f ms, mean %.2f ms\n",
                    m_all.size(), percentile(m_all, 0.5), percentile(m_all, 0.99), percentile(m_allCpu, 0.5),
                    m_allCpu.empty() ? 0.0
                                     : std::accumulate(m_allCpu.begin(), m_allCpu.end(), 0.0) /
                                           static_cast<double>(m_allCpu.size()));
        std::fflush(stdout);
        m_window.dashboard()->showChartTab(m_shownTab);
        QCoreApplication::exit(0);
    }

    MainWindow& m_window;
    std::vector<Sweep> m_sweeps;
    QList<widgets::ChartWidget*> m_charts;
    QList<widgets::FramePacer*> m_pacers;
    QElapsedTimer m_clock;
    QTimer m_stepTimer;
    QTimer m_waitTimer;
    double m_frameNs = 1e9 / 60;
    widgets::Dashboard::ChartTab m_shownTab = widgets::Dashboard::RooflineTab;
    std::size_t m_sweepIndex = 0;
    QSlider* m_slider = nullptr;
    int m_original = 0;
    int m_value = 0;
    int m_direction = 1;
    int m_stepCount = 0;
    qint64 m_dragStartNs = 0;
    qint64 m_lastChangeNs = 0;
    bool m_delivering = false;
    bool m_settling = false;
    std::vector<qint64> m_open; // the times of the steps not shown yet
    std::vector<double> m_millis;
    std::vector<double> m_cpuMillis; // the GUI thread's CPU time from a step to its paint
    qint64 m_openCpuNs = 0;
    std::vector<double> m_all;
    std::vector<double> m_allCpu;
    int m_reports = 0;
    int m_replots = 0;
    int m_paints = 0;
    int m_layouts = 0; // of the dashboard
    int m_gaveUp = 0;
    int m_unchanged = 0; // steps whose position changed no setting
};

} // namespace

int runUiBenchmark(MainWindow& window, const QSize& size)
{
    window.resize(size);
    window.show();
    // Every tab beside the memory bars: each draws other charts, and the window computes the
    // design-space map, the serving curve and the device ranking only while their tab is shown.
    std::vector<Sweep> sweeps;
    for (const auto tab : {widgets::Dashboard::RooflineTab, widgets::Dashboard::DesignSpaceTab,
                           widgets::Dashboard::ServingTab, widgets::Dashboard::RankingTab}) {
        for (const char* name : {"batchSlider", "promptSlider", "outputSlider", "deviceCountSlider"})
            sweeps.push_back({tab, name, 1});
    }
    // A pointer that reports more often than the display shows (a 240 Hz mouse on a 60 Hz screen):
    // the frame pacing applies one position per frame.
    sweeps.push_back({widgets::Dashboard::RooflineTab, "batchSlider", kFastStepsPerFrame});
    auto* benchmark = new UiBenchmark(window, std::move(sweeps));
    // Once the window has been shown and painted.
    QTimer::singleShot(500, benchmark, &UiBenchmark::start);
    return QApplication::exec();
}

} // namespace lhe::app
