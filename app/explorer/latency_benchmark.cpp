#include "app/explorer/latency_benchmark.h"

#include "app/explorer/main_window.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/panels/dashboard.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QSlider>
#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace lhe::app {

namespace {

constexpr int kMinimumSteps = 200;

double percentile(std::vector<double> values, double fraction)
{
    std::sort(values.begin(), values.end());
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(index, values.size() - 1)];
}

// Notes whether the window painted or a chart replotted since it was last asked, and whether the
// window was laid out again (a layout pass measures every chart, card and tab page).
class ActivityProbe : public QObject
{
public:
    explicit ActivityProbe(QWidget* window) : QObject(window)
    {
        window->installEventFilter(this);
        for (QCustomPlot* plot : window->findChildren<QCustomPlot*>())
            connect(plot, &QCustomPlot::afterReplot, this, [this] { m_active = true; });
    }
    bool takeActivity() { return std::exchange(m_active, false); }
    bool takeLayout() { return std::exchange(m_laidOut, false); }

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        // Qt paints a window's widgets when it handles the window's UpdateRequest.
        if (event->type() == QEvent::UpdateRequest)
            m_active = true;
        // The window's top-level layout asks for its pass with a LayoutRequest to the window.
        if (event->type() == QEvent::LayoutRequest)
            m_laidOut = true;
        return false;
    }

private:
    bool m_active = false;
    bool m_laidOut = false;
};

// A step ends when the event loop has nothing left that paints: queued replots (timers) and the
// window's update request (a low-priority posted event) can take more than one pass each.
void settle(ActivityProbe& probe)
{
    do
        QCoreApplication::processEvents();
    while (probe.takeActivity());
}

} // namespace

int runUiBenchmark(MainWindow& window, const QSize& size)
{
    window.resize(size);
    window.show();
    ActivityProbe probe(&window);
    settle(probe);
    std::printf("window %d x %d%s\n", window.width(), window.height(),
                window.presentationMode() ? ", presentation mode" : "");
    // Every tab beside the memory bars: each draws other charts, and the window computes the
    // design-space map, the serving curve and the device ranking only while their tab is shown.
    const widgets::Dashboard::ChartTab shownTab = window.dashboard()->chartTab();
    for (const auto tab : {widgets::Dashboard::RooflineTab, widgets::Dashboard::DesignSpaceTab,
                           widgets::Dashboard::ServingTab, widgets::Dashboard::RankingTab}) {
        window.dashboard()->showChartTab(tab);
        settle(probe);
        std::printf("\n%s tab\n", qPrintable(widgets::Dashboard::chartTabName(tab)));
        std::printf("slider              steps   p50 ms   p99 ms  worst ms  laid out\n");
        for (const char* name : {"batchSlider", "promptSlider", "outputSlider", "deviceCountSlider"}) {
            auto* slider = window.controls()->findChild<QSlider*>(QString::fromLatin1(name));
            if (!slider || !slider->isEnabled())
                continue;
            const int original = slider->value();
            std::vector<double> millis;
            int laidOut = 0; // steps that laid the window out again
            int value = slider->minimum();
            int direction = 1;
            probe.takeLayout();
            // Back and forth across the whole range until enough positions were visited.
            while (static_cast<int>(millis.size()) < kMinimumSteps) {
                if (value + direction > slider->maximum() || value + direction < slider->minimum())
                    direction = -direction;
                value += direction;
                QElapsedTimer timer;
                timer.start();
                slider->setValue(value); // control -> core -> report (and map) -> views
                settle(probe);           // queued replots and the window's paint
                millis.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
                laidOut += probe.takeLayout() ? 1 : 0;
            }
            std::printf("%-18s %6zu %8.2f %8.2f %9.2f %9d\n", name, millis.size(), percentile(millis, 0.5),
                        percentile(millis, 0.99), *std::max_element(millis.begin(), millis.end()), laidOut);
            slider->setValue(original); // each tab's sweep starts from the same scenario
            settle(probe);
        }
    }
    window.dashboard()->showChartTab(shownTab);
    return 0;
}

} // namespace lhe::app
