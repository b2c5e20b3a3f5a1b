#!/usr/bin/env bash
# The one entry point for a fresh Debian 12 machine: installs what is missing (apt, through
# sudo when not root), builds, then either launches the product (`run`) or builds and runs
# the whole test suite (`test`: plain, then under ASan + UBSan, then the fuzzers for a minute
# each), or runs the benchmarks (`bench`). CI runs `./setup.sh test` (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")"

# What building and launching the window needs (`run`; the others add theirs). qt6-tools-dev
# holds the CMake package of qt_add_translations (Qt6LinguistTools), qt6-l10n-tools its lrelease;
# qt6-tools-dev depends on Designer, Assistant and Qt Quick, 18 packages the build does not use,
# that apt installs all the same (https://packages.debian.org/bookworm/qt6-tools-dev).
# fonts-noto-cjk draws the Chinese interface and model names: 56 MB, the largest download.
PACKAGES=(cmake g++ make pkg-config
          qt6-base-dev libxcb1-dev libqcustomplot-dev nlohmann-json3-dev qt6-svg-dev
          qt6-tools-dev qt6-l10n-tools libgl-dev
          fonts-noto-cjk qt6-translations-l10n)
# The tests also build the libFuzzer targets: Clang and its runtime libraries.
TEST_PACKAGES=(clang-14 libclang-rt-14-dev clang-format-14 clang-tidy-14 clazy dpkg-dev file desktop-file-utils appstream)
# The benchmarks: Google Benchmark, GNU time (peak RSS), bc, and an X server without a screen
# for bench/startup.sh's cold start (xvfb-run; 13 packages `run` does without).
BENCH_PACKAGES=(libbenchmark-dev time bc xvfb xauth)

install_missing() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "Installing: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build CONFIGURE_PRESET [BUILD_PRESET]: configure, then build (everything, or the build preset's
# targets: `app` is the window and the console tool alone, what `run` needs).
build() {
    cmake --preset "$1" >/dev/null
    cmake --build --preset "${2:-$1}"
}

# Runs the six libFuzzer targets (tests/fuzz) side by side for $1 seconds each, from the
# seed corpus, under ASan + UBSan; fails on any crash, leak or sanitizer report.
fuzz() {
    local seconds=$1 work status=0
    CXX=clang++-14 cmake -S . -B build/fuzz -DLHE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build build/fuzz -j2 --target fuzz_catalog fuzz_scenario fuzz_hf_config fuzz_calibration_csv \
        fuzz_gguf fuzz_safetensors
    work=$(mktemp -d)
    local targets=(catalog scenario hf_config calibration_csv gguf safetensors) pids=()
    for target in "${targets[@]}"; do
        mkdir -p "$work/$target"
        build/fuzz/tests/fuzz/fuzz_$target -max_total_time="$seconds" -print_final_stats=1 \
            "$work/$target" "tests/fuzz/corpus/$target" >"$work/$target.log" 2>&1 &
        pids+=($!)
    done
    for i in "${!targets[@]}"; do
        local log="$work/${targets[$i]}.log"
        if wait "${pids[$i]}"; then
            echo "fuzz_${targets[$i]}: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log"), no crash"
        else
            status=1
            echo "fuzz_${targets[$i]}: FAILED" >&2
            tail -n 40 "$log" >&2
        fi
    done
    rm -rf "$work"
    return $status
}

case "${1:-run}" in
run)
    install_missing "${PACKAGES[@]}"
    build release app
    shift || true
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        exec ./build/release/app/explorer/llm-hw-explorer "$@"
    fi
    # No display (ssh, CI): say so, render the dashboard to a file and print the report.
    echo "No display found: rendering the default dashboard to llm-hw-explorer.png instead."
    ./build/release/app/explorer/llm-hw-explorer --export-dashboard llm-hw-explorer.png "$@"
    exec ./build/release/app/estimate/llm-hw-estimate --format table
    ;;
test)
    # The suite three ways: a normal build (with the format check), the curated clang-tidy
    # checks and clazy's Qt checks over every product file, the same tests under ASan + UBSan, and a minute of fuzzing per loader. Each prints
    # its own summary; any failure stops with a non-zero code.
    install_missing "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    build dev
    QT_QPA_PLATFORM=offscreen ctest --preset dev
    tests/lint/run_clang_tidy.sh build/dev
    tests/lint/run_clazy.sh build/dev
    build asan
    QT_QPA_PLATFORM=offscreen ctest --preset asan
    fuzz 60
    ;;
bench)
    # Speed and memory (docs/PERFORMANCE.md): the core (Google Benchmark), the window's
    # slider-step-to-repainted-window latency during a drag, and its cold start and peak RSS.
    install_missing "${PACKAGES[@]}" "${BENCH_PACKAGES[@]}"
    cmake --preset release >/dev/null
    cmake --build --preset release --target bench_core llm-hw-explorer
    echo "== core (one report; 128 x 128 grid) on $(nproc) cores of $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
    ./build/release/bench/bench_core --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
    echo "== slider drag, one position per frame: step to repainted window, p50 and p99 (offscreen), at 1280x800 and in the classroom's presentation mode"
    QT_QPA_PLATFORM=offscreen ./build/release/app/explorer/llm-hw-explorer --benchmark-ui --size 1280x800
    QT_QPA_PLATFORM=offscreen ./build/release/app/explorer/llm-hw-explorer --benchmark-ui --size 1024x768 --presentation
    echo "== cold start and peak memory (Xvfb)"
    bench/startup.sh build/release/app/explorer/llm-hw-explorer 5
    ;;
*)
    echo "usage: $0 [run|test|bench]" >&2
    exit 2
    ;;
esac
