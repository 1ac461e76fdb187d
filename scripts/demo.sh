#!/usr/bin/env bash
# Sets up, builds, and runs DiffTriage's main job on the bundled demo repository.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
demo="${DIFFTRIAGE_DEMO_DIR:-${TMPDIR:-/tmp}/difftriage-demo}"
rm -rf "$demo"
build/bin/difftriage-cli demo --out "$demo"
echo
build/bin/difftriage-cli list-prs --repo "$demo"
for pr in $(build/bin/difftriage-cli list-prs --repo "$demo" --json |
            /usr/bin/python3 -c 'import json,sys; print(" ".join(str(c["number"]) for c in json.load(sys.stdin)["changes"]))'); do
  echo
  build/bin/difftriage-cli changes --repo "$demo" --pr "$pr"
done
