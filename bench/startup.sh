#!/usr/bin/env bash
# Cold start and peak memory of the window (targets: first paint <= 500 ms after the
# process starts, peak RSS <= 150 MB), measured with public tools: GNU time for the wall clock
# and the maximum resident set size, Xvfb for a real X server, and the window's own
# --startup-probe for the first paint (from /proc/self/stat's start time).
#
#   bench/startup.sh [path/to/llm-hw-explorer] [runs]
#
# Needs the packages `time`, `xvfb` and `xauth`. "Cold" here means a fresh process; the page
# cache stays warm after the first run (run 1 shows the colder case).
set -euo pipefail
exe=${1:-build/release/app/explorer/llm-hw-explorer}
runs=${2:-5}
for tool in /usr/bin/time xvfb-run; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install time xvfb xauth)" >&2; exit 2; }
done
[ -x "$exe" ] || { echo "no executable at $exe: build it first (cmake --build --preset release)" >&2; exit 2; }

log=$(mktemp)
XDG_RUNTIME_DIR=$(mktemp -d) # Qt warns without one; a private, empty one per run
export XDG_RUNTIME_DIR
trap 'rm -rf "$log" "$XDG_RUNTIME_DIR"' EXIT
paints=() walls=() rsses=()
for run in $(seq "$runs"); do
    out=$(xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/time -o "$log" -f "%e %M" "$exe" --startup-probe)
    paint=$(sed -n 's/^first paint \([0-9]*\) ms.*/\1/p' <<<"$out")
    read -r wall rss <"$log"
    paints+=("$paint") walls+=("$wall") rsses+=("$rss")
    printf 'run %d: first paint %s ms, process wall %s s, peak RSS %.1f MB\n' "$run" "$paint" "$wall" "$(bc -l <<<"$rss * 1024 / 1000000")"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
max() { printf '%s\n' "$@" | sort -g | tail -n 1; }
printf 'median of %d: first paint %s ms (target <= 500), peak RSS %.1f MB (max %.1f; target <= 150)\n' \
    "$runs" "$(median "${paints[@]}")" "$(bc -l <<<"$(median "${rsses[@]}") * 1024 / 1000000")" \
    "$(bc -l <<<"$(max "${rsses[@]}") * 1024 / 1000000")"
