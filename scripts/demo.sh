#!/usr/bin/env bash
# Sets up, builds, and runs DiffTriage's main job on the bundled demo repository: the analysis of
# every demo PR, with its behavioural differences. Reports land in $DIFFTRIAGE_DEMO_DIR/reports.
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
echo "Open the repository in the desktop application: build/bin/difftriage $demo"
