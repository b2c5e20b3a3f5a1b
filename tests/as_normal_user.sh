#!/usr/bin/env bash
# Runs a test program as a normal user: as is when this is one, else (under root, as CI may be)
# as "nobody" through setpriv (util-linux). Permission tests mean nothing to root, who writes
# into read-only folders all the same. Exit 77 (the test's SKIP_RETURN_CODE) when root cannot
# hand the program to nobody: no setpriv, or a build folder nobody may enter.
#   tests/as_normal_user.sh PROGRAM [ARGUMENTS...]
set -euo pipefail
[ "$(id -u)" -ne 0 ] && exec "$@"
command -v setpriv >/dev/null || { echo "SKIP: running as root without setpriv"; exit 77; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
chmod 0777 "$home"
if ! setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$1"; then
    echo "SKIP: nobody may not run $1 (its folder is closed to other users)"
    exit 77
fi
env -u XDG_RUNTIME_DIR HOME="$home" TMPDIR="$home" \
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
