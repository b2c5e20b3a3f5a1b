#!/usr/bin/env bash
# The curated clang-tidy checks (.clang-tidy at the root) over every product file (core, widgets,
# app), with the compile database of a configured build folder. Any finding fails.
#   tests/lint/run_clang_tidy.sh build/dev
set -euo pipefail
build="${1:?usage: $0 <build folder with compile_commands.json>}"
cd "$(dirname "$0")/../.."
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [[ -z "$tidy" ]]; then
    echo "clang-tidy-14 not found (apt install clang-tidy-14)" >&2
    exit 1
fi
[[ -f "$build/compile_commands.json" ]] || { echo "no $build/compile_commands.json" >&2; exit 1; }
# Every product file: the core, the widgets, the window and the console tool.
mapfile -t sources < <(git ls-files 'core/*.cpp' 'widgets/*.cpp' 'app/*.cpp')
# GCC's flags in the database that clang does not know are dropped, not reported.
printf '%s\n' "${sources[@]}" |
    xargs -P "$(nproc)" -n 8 "$tidy" -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option \
        --extra-arg=-Wno-unused-command-line-argument 2>/dev/null
echo "clang-tidy: ${#sources[@]} files, no findings"
