#!/usr/bin/env bash
# clazy, the Qt-aware static analyser (KDE), over every product file that uses Qt (widgets, app,
# and the core's message translation), with the compile database of a configured build folder.
# Its level-1 checks find Qt-specific defects the compiler and clang-tidy do not: detaching
# temporaries in range loops, connects to non-signals, QString built where a literal would do,
# lambdas that capture `this` in connects without a context object. Any finding fails.
#   tests/lint/run_clazy.sh build/dev
# https://invent.kde.org/sdk/clazy (README: the checks by level)
set -euo pipefail
build="${1:?usage: $0 <build folder with compile_commands.json>}"
cd "$(dirname "$0")/../.."
clazy=$(command -v clazy-standalone || true)
if [[ -z "$clazy" ]]; then
    echo "clazy-standalone not found (apt install clazy)" >&2
    exit 1
fi
[[ -f "$build/compile_commands.json" ]] || { echo "no $build/compile_commands.json" >&2; exit 1; }
# qstring-ref suggests midRef() and friends, which Qt 6 removed; not a defect here.
checks=level1,no-qstring-ref
mapfile -t sources < <(git ls-files 'widgets/*.cpp' 'app/*.cpp')
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# GCC's flags in the database that clang does not know are dropped, not reported. Warnings are
# errors (the dev preset's -Werror reaches clazy through the database).
if ! printf '%s\n' "${sources[@]}" |
    xargs -P "$(nproc)" -n 6 "$clazy" -p "$build" -checks="$checks" --extra-arg=-Wno-unknown-warning-option \
        --extra-arg=-Wno-unused-command-line-argument >"$log" 2>&1; then
    grep -E 'warning:|error:' "$log" >&2 || cat "$log" >&2
    exit 1
fi
echo "clazy: ${#sources[@]} files, no findings"
