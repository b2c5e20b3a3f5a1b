#!/usr/bin/env bash
# Re-renders the hicolor PNG icons from resources/icons/llm-hw-explorer.svg (the one source
# drawing). Run after editing the SVG and commit the PNGs: the build does not need rsvg-convert.
# Needs rsvg-convert (Debian package librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
svg=resources/icons/llm-hw-explorer.svg
for size in 16 24 32 48 64 128 256; do
    out=resources/icons/hicolor/${size}x${size}/llm-hw-explorer.png
    mkdir -p "$(dirname "$out")"
    rsvg-convert --width "$size" --height "$size" --format png --output "$out" "$svg"
    echo "$out"
done
