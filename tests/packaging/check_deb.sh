#!/usr/bin/env bash
# package_deb (CTest): builds the Debian package of a build tree with CPack and checks it.
#   check_deb.sh BUILD_DIR CPACK VERSION APP_ID
# - the file list holds both executables, the .desktop, the metainfo, the hicolor icons
#   (scalable SVG and every PNG size), the copyright file, changelog and README;
# - Depends (computed by dpkg-shlibdeps) names the Qt 6 Widgets and QCustomPlot libraries,
#   Recommends names fonts-noto-cjk and qt6-translations-l10n (the zh_CN interface);
# - extracted (dpkg-deb -x, nothing installed): desktop-file-validate and appstreamcli
#   validate / validate-tree --no-net --strict pass without a warning, the files name each
#   other (icon, launchable, Exec, release version), every library of both executables
#   resolves, and both programs' --version / --help run (the window's without a display).
set -euo pipefail

build_dir=${1:?usage: check_deb.sh BUILD_DIR CPACK VERSION APP_ID}
cpack=${2:?}
version=${3:?}
app_id=${4:?}

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
need() {
    command -v "$1" >/dev/null || { echo "FAIL: $1 not found (Debian package $2; ./setup.sh test installs it)" >&2; exit 1; }
}
need dpkg-deb dpkg
need dpkg-shlibdeps dpkg-dev
need file file
need desktop-file-validate desktop-file-utils
need appstreamcli appstream

work=$(mktemp -d "${TMPDIR:-/tmp}/lhe-package-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== cpack -G DEB ($build_dir)"
if ! "$cpack" -G DEB -B "$work/out" --config "$build_dir/CPackConfig.cmake" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    echo "FAIL: cpack could not build the package" >&2
    exit 1
fi
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "FAIL: expected one .deb in $work/out, got: ${debs[*]}" >&2; exit 1; }
deb=${debs[0]}
arch=$(dpkg --print-architecture)
expected_name="llm-hw-explorer_${version}_${arch}.deb"
[ "$(basename "$deb")" = "$expected_name" ] && ok "package file $expected_name" ||
    fail "package file is $(basename "$deb"), expected $expected_name"

echo "== contents (dpkg-deb -c)"
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./||' >"$work/files"
expected_files=(
    usr/bin/llm-hw-explorer
    usr/bin/llm-hw-estimate
    "usr/share/applications/$app_id.desktop"
    "usr/share/metainfo/$app_id.metainfo.xml"
    "usr/share/icons/hicolor/scalable/apps/$app_id.svg"
)
for size in 16 24 32 48 64 128 256; do
    expected_files+=("usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
expected_files+=(usr/share/doc/llm-hw-explorer/copyright usr/share/doc/llm-hw-explorer/changelog.gz
                usr/share/doc/llm-hw-explorer/README.md)
for file in "${expected_files[@]}"; do
    grep -qxF "$file" "$work/files" && ok "$file" || fail "$file is missing from the package"
done

echo "== control fields (dpkg-deb -f)"
package=$(dpkg-deb -f "$deb" Package)
depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
[ "$package" = "llm-hw-explorer" ] && ok "Package: $package" || fail "Package is '$package'"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] && ok "Version: $version" ||
    fail "Version is '$(dpkg-deb -f "$deb" Version)', expected $version"
for library in libqt6widgets6 libqt6gui6 libqt6core6 libqcustomplot2.1-qt6 libc6 libstdc++6; do
    [[ ", $depends," == *", $library "* || ", $depends," == *", $library,"* ]] &&
        ok "Depends names $library" || fail "Depends does not name $library: $depends"
done
[[ ", $recommends," == *", fonts-noto-cjk"[\ ,]* ]] && ok "Recommends: $recommends" ||
    fail "Recommends does not name fonts-noto-cjk: '$recommends'"
[[ ", $recommends," == *", qt6-translations-l10n"[\ ,]* ]] && ok "Recommends qt6-translations-l10n" ||
    fail "Recommends does not name qt6-translations-l10n: '$recommends'"

echo "== extracted (dpkg-deb -x)"
root=$work/root
dpkg-deb -x "$deb" "$root"
desktop=$root/usr/share/applications/$app_id.desktop
metainfo=$root/usr/share/metainfo/$app_id.metainfo.xml
if output=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$output" ]; then
    ok "desktop-file-validate $app_id.desktop: no errors, warnings or hints"
else
    fail "desktop-file-validate $app_id.desktop: $output"
fi
if output=$(appstreamcli validate --no-net --strict "$metainfo" 2>&1); then
    ok "appstreamcli validate --no-net --strict $app_id.metainfo.xml: $(tail -n 1 <<<"$output")"
else
    fail "appstreamcli validate --no-net --strict $app_id.metainfo.xml:"$'\n'"$output"
fi
if output=$(appstreamcli validate-tree --no-net --strict "$root" 2>&1); then
    ok "appstreamcli validate-tree --no-net --strict (metainfo with its .desktop): $(tail -n 1 <<<"$output")"
else
    fail "appstreamcli validate-tree --no-net --strict:"$'\n'"$output"
fi
# The pieces must name each other: Icon= an installed icon, launchable the .desktop file,
# Exec= an installed program, the release the package version.
icon=$(sed -n 's/^Icon=//p' "$desktop" 2>/dev/null || true)
exec_program=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop" 2>/dev/null || true)
[ "$icon" = "$app_id" ] && ok "Icon=$icon" || fail "Icon=$icon, expected $app_id"
[ -n "$exec_program" ] && [ -x "$root/usr/bin/$exec_program" ] && ok "Exec=$exec_program is in usr/bin" || fail "Exec=$exec_program is not in usr/bin"
grep -qF "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" &&
    ok "metainfo launchable $app_id.desktop" || fail "metainfo does not launch $app_id.desktop"
grep -qF "<release version=\"$version\"" "$metainfo" && ok "metainfo release $version" ||
    fail "metainfo has no release $version"
grep -qF "<project_license>GPL-3.0-or-later</project_license>" "$metainfo" &&
    grep -q '^License: GPL-3.0-or-later' "$root/usr/share/doc/llm-hw-explorer/copyright" &&
    grep -qF '/usr/share/common-licenses/GPL-3' "$root/usr/share/doc/llm-hw-explorer/copyright" &&
    ok "licence GPL-3.0-or-later (metainfo; copyright, DEP-5, pointing to common-licenses/GPL-3)" ||
    fail "licence is not GPL-3.0-or-later in the metainfo and the copyright file"
for program in llm-hw-explorer llm-hw-estimate; do
    if ! libraries=$(ldd "$root/usr/bin/$program" 2>&1); then
        fail "ldd $program: $libraries"
    elif grep -q 'not found' <<<"$libraries"; then
        fail "$program: $(grep 'not found' <<<"$libraries")"
    else
        ok "every library of $program resolves"
    fi
done
estimate=$root/usr/bin/llm-hw-estimate
if output=$("$estimate" --version 2>&1) && [[ "$output" == *"$version"* ]]; then
    ok "llm-hw-estimate --version: $output"
else
    fail "llm-hw-estimate --version: $output"
fi
if output=$("$estimate" --help 2>&1) && [[ "$output" == *--device* ]]; then
    ok "llm-hw-estimate --help ($(wc -l <<<"$output") lines)"
else
    fail "llm-hw-estimate --help: $output"
fi
# The window's own command line, as a packager's build machine runs it: no display at all.
explorer=$root/usr/bin/llm-hw-explorer
if output=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$explorer" --version 2>&1) &&
    [[ "$output" == *"$version"* ]]; then
    ok "llm-hw-explorer --version without a display: $output"
else
    fail "llm-hw-explorer --version without a display: $output"
fi
if output=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$explorer" --help 2>&1) &&
    [[ "$output" == *--export-dashboard* ]]; then
    ok "llm-hw-explorer --help without a display ($(wc -l <<<"$output") lines)"
else
    fail "llm-hw-explorer --help without a display: $output"
fi

echo "== dpkg-deb -I"
dpkg-deb -I "$deb" | sed -n "/^ [A-Z][A-Za-z-]*: /,\$p"
if [ "$failures" -ne 0 ]; then
    echo "package_deb: $failures check(s) failed" >&2
    exit 1
fi
echo "package_deb: all checks passed"
