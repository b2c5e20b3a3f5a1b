// What the window's test suites share (tst_main_window, tst_scenario_files, tst_exporter,
// tst_catalog_editor, tst_design_space_scheduler): the event-loop passes of one step, a colour
// count that tells a drawn image from a blank one, a scenario on the default workload, and the
// design-space map the core computes for the window's scenario.
#pragma once

#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "core/catalog/catalog.h"
#include "core/charts/design_space.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/panels/dashboard.h"

#include <QCoreApplication>
#include <QImage>
#include <nlohmann/json.hpp>
#include <set>

namespace lhe::test {

// A few passes of the event loop: the step's queued replots and the window's paint.
inline void settle()
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

inline int distinctColours(const QImage& image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

inline nlohmann::json scenario(const char* device, const char* model, int batch, int prompt)
{
    nlohmann::json s = app::defaultScenario();
    s["device"] = device;
    s["model"] = model;
    s["batch"] = batch;
    s["prompt_tokens"] = prompt;
    return s;
}

// The map core computes for the window's current scenario with the widget's chosen phase.
inline core::DesignSpaceMap expectedMap(const app::MainWindow& window)
{
    core::DesignSpaceAxes axes;
    axes.phase = window.dashboard()->designSpace()->requestedPhase();
    return core::designSpaceMap(core::scenarioFromJson(window.controls()->scenario()),
                                core::Catalog::builtIn(), axes);
}

} // namespace lhe::test
