#!/usr/bin/env bash
# The one entry point for a fresh Debian 12 machine: installs what is missing (apt, through
# sudo when not root), builds, then either launches the product (`run`) or builds and runs
# the whole test suite (`test`). CI runs `./setup.sh test` (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake g++ make pkg-config
          qt6-base-dev libqcustomplot-dev nlohmann-json3-dev qt6-svg-dev
          qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
          fonts-noto-cjk xvfb xauth)

install_missing() {
    local missing=()
    for package in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "Installing: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
    cmake --preset "$1" >/dev/null
    cmake --build --preset "$1"
}

case "${1:-run}" in
run)
    install_missing
    build release
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
    install_missing
    build dev
    QT_QPA_PLATFORM=offscreen ctest --preset dev
    ;;
*)
    echo "usage: $0 [run|test]" >&2
    exit 2
    ;;
esac
