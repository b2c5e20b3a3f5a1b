# Compile-time settings for the targets `./setup.sh run` builds: the window, the console tool and
# the libraries under them. The `release` preset turns both options on; the dev and asan presets
# leave them off, so a missing #include or a clash between two files still shows there, and
# clang-tidy (tests/lint) reads one compile command per source file. Measured on the 2-core
# machine: docs/PERFORMANCE.md, "First launch".
#
# Why: with g++ 12 most of a widget file's compile time is parsing headers, not its own code.
# qcustomplot.h includes the QtCore, QtGui, QtWidgets and QtPrintSupport module headers, about 7 s
# of CPU before the file's first line; nlohmann/json.hpp adds about 1.7 s to each core file that
# reads JSON.

if(LHE_UNITY_BUILD)
    # The Qt targets as unity builds: CMake compiles their files eight at a time, concatenated
    # (UNITY_BUILD_BATCH_SIZE's default), so those headers are parsed once per eight files
    # (https://cmake.org/cmake/help/latest/prop_tgt/UNITY_BUILD.html). A precompiled header does
    # worse here: GCC's .gch of qcustomplot.h is 346 MB and loading it costs each file 2 s of CPU.
    set_target_properties(lhe_appsupport lhe_widgets lhe_explorer PROPERTIES UNITY_BUILD ON)

    # Concatenated files share one anonymous namespace. Two files that each define a helper of the
    # same name then either fail to compile together (the same signature) or, worse, one file's
    # call silently picks the other file's overload (count(double) and count(long long)). These
    # files define such a name that another file of lhe_widgets defines too, so each is compiled
    # on its own (the shared names, found in the debug information of the dev build's objects:
    # count, describe, kBytesPerGb, kMarkerSize, newCombo, newSpin, splitText, translated).
    # Renaming those helpers would let the files join their batch. lhe_appsupport and lhe_explorer
    # have no shared name; the core has a dozen and stays out of the unity build.
    set_source_files_properties(
        ${PROJECT_SOURCE_DIR}/widgets/panels/device_ranking_model.cpp
        ${PROJECT_SOURCE_DIR}/widgets/common/explanation_text.cpp
        ${PROJECT_SOURCE_DIR}/widgets/dialogs/overheads_dialog.cpp
        ${PROJECT_SOURCE_DIR}/widgets/panels/primer_panel.cpp
        ${PROJECT_SOURCE_DIR}/widgets/controls/scenario_controls_ui.cpp
        ${PROJECT_SOURCE_DIR}/widgets/charts/throughput_latency_widget.cpp
        TARGET_DIRECTORY lhe_widgets PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endif()

if(LHE_PRECOMPILE_HEADERS)
    # The core: the standard headers most of its files include and nlohmann/json (the scenario,
    # catalog and checkpoint readers) parsed once into a precompiled header
    # (https://cmake.org/cmake/help/latest/command/target_precompile_headers.html).
    target_precompile_headers(lhe_core PRIVATE
        <algorithm> <array> <cmath> <map> <optional> <string> <string_view> <vector>
        <nlohmann/json.hpp>)
endif()

# What `./setup.sh run` builds, as one target: the build preset `app` names it, so one make run
# builds the window and the console tool side by side (a preset listing both builds one after
# the other, the console tool's compile and link alone on one core at the end).
add_custom_target(lhe_app)
add_dependencies(lhe_app llm-hw-explorer llm-hw-estimate)
