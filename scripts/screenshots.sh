#!/bin/sh
# Real screenshots of DiffTriage's main views on the demo repository, for the README.
# Usage: scripts/screenshots.sh [BUILD_DIR] [OUT_DIR]
# Runs the GUI under xvfb-run on a 1600×1000 screen (Qt's offscreen platform when xvfb-run is
# missing or QT_QPA_PLATFORM is set) and grabs each view with QWidget::grab. The demo PRs
# are analysed on first use and their analyses kept in a throwaway data directory.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
out=${2:-$here/docs/screenshots}
python=${DIFFTRIAGE_PYTHON:-/usr/bin/python3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$build/bin/difftriage-cli" demo --out "$work/demo" >/dev/null
mkdir -p "$work/config/difftriage" "$out"
# A fixed, readable window and the interpreter that has the demo's needs.
cat >"$work/config/difftriage/DiffTriage.conf" <<CONF
[analysis]
python=$python
CONF

# A screen as large as the window: the window fits itself to its screen when it opens, and the
# offscreen platform's default screen (800×600) would squeeze the docks to their minimum.
if [ -z "${QT_QPA_PLATFORM:-}" ] && command -v xvfb-run >/dev/null; then
    set -- xvfb-run -a -s "-screen 0 1600x1000x24"
    platform=xcb
else
    set --
    platform=${QT_QPA_PLATFORM:-offscreen}
fi
XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" QT_QPA_PLATFORM=$platform \
    LANG=${SCREENSHOT_LANG:-en_US.UTF-8} \
    "$@" "$build/bin/difftriage" --screenshots "$work/shots" "$work/demo"

# Keep the first PR's full set and the main window of the others.
for file in "$work"/shots/*.png; do
    name=$(basename "$file")
    case "$name" in
    1-*) cp "$file" "$out/${name#1-}" ;;
    *-main.png) cp "$file" "$out/main-pr${name%%-main.png}.png" ;;
    esac
done
ls -1 "$out"
