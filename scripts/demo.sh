#!/usr/bin/env bash
# Sets up, builds, and runs DiffTriage's main job on the bundled demo repository: the analysis of
# every demo PR, with its behavioural differences (reports land in $DIFFTRIAGE_DEMO_DIR-reports),
# then opens the desktop application on the repository when there is a display. Headless machines
# (or DIFFTRIAGE_NO_GUI=1) stop after the CLI analyses.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
demo="${DIFFTRIAGE_DEMO_DIR:-${TMPDIR:-/tmp}/difftriage-demo}"
rm -rf "$demo" "$demo-reports"
build/bin/difftriage-cli demo --out "$demo"
echo
build/bin/difftriage-cli list-prs --repo "$demo"
for pr in $(build/bin/difftriage-cli list-prs --repo "$demo" --json |
            /usr/bin/python3 -c 'import json,sys; print(" ".join(str(c["number"]) for c in json.load(sys.stdin)["changes"]))'); do
  echo
  mkdir -p "$demo-reports"
  build/bin/difftriage-cli analyze --repo "$demo" --pr "$pr" --report "$demo-reports/pr-$pr.json"
done
echo
echo "Reports: $demo-reports/"
if [ -z "${DIFFTRIAGE_NO_GUI:-}" ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "Opening the desktop application on $demo"
  exec build/bin/difftriage "$demo"
fi
echo "Open the repository in the desktop application: build/bin/difftriage $demo"
