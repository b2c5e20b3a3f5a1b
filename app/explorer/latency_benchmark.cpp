#include "app/explorer/latency_benchmark.h"

#include "app/explorer/main_window.h"
#include "widgets/dashboard.h"
#include "widgets/scenario_controls.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <algorithm>
#include <cstdio>
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

} // namespace

int runUiBenchmark(MainWindow& window)
{
    window.show();
    QCoreApplication::processEvents();
    // Once with each chart beside the memory bars: the roofline, then the design-space map (which
    // the window recomputes on every change while it is shown).
    const bool designSpaceWasShown = window.dashboard()->designSpaceShown();
    for (const bool designSpace : {false, true}) {
        window.dashboard()->showDesignSpace(designSpace);
        QCoreApplication::processEvents();
        std::printf("%s tab\n", designSpace ? "Design space" : "Roofline");
        std::printf("slider              steps   p50 ms   p99 ms  worst ms\n");
        for (const char* name : {"batchSlider", "promptSlider", "outputSlider", "deviceCountSlider"}) {
            auto* slider = window.controls()->findChild<QSlider*>(QString::fromLatin1(name));
            if (!slider || !slider->isEnabled())
                continue;
            const int original = slider->value();
            std::vector<double> millis;
            int value = slider->minimum();
            int direction = 1;
            // Back and forth across the whole range until enough positions were visited.
            while (static_cast<int>(millis.size()) < kMinimumSteps) {
                if (value + direction > slider->maximum() || value + direction < slider->minimum())
                    direction = -direction;
                value += direction;
                QElapsedTimer timer;
                timer.start();
                slider->setValue(value);           // control -> core -> report (and map) -> views
                QCoreApplication::processEvents(); // queued replots and the window's paint
                millis.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            }
            std::printf("%-18s %6zu %8.2f %8.2f %9.2f\n", name, millis.size(), percentile(millis, 0.5),
                        percentile(millis, 0.99), *std::max_element(millis.begin(), millis.end()));
            slider->setValue(original); // each tab's sweep starts from the same scenario
            QCoreApplication::processEvents();
        }
        if (!designSpace)
            std::printf("\n");
    }
    window.dashboard()->showDesignSpace(designSpaceWasShown);
    return 0;
}

} // namespace lhe::app
