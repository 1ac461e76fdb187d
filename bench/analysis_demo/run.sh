#!/usr/bin/env bash
# Runs `difftriage-cli analyze` on every PR of the demo repository and prints, per PR, union
# coverage, differences, tests executed and seconds. Last line:
#   max_seconds_per_pr=<x> mean_union_coverage=<y>
# Goal at the quick effort: <= 10 s per PR on 2 cores; at normal, about a minute.
# Usage: bench/analysis_demo/run.sh [BUILD_DIR] [EFFORT] (default quick; docs/SEARCH.md)
set -euo pipefail
build="${1:-build}"
effort="${2:-quick}"
cli="$build/bin/difftriage-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" demo --out "$work/demo" >/dev/null
# A private cache: the first analysis of a tree pays for its checkout, as a fresh user would.
export XDG_CACHE_HOME="$work/cache"
prs=$("$cli" list-prs --repo "$work/demo" --json |
      /usr/bin/python3 -c 'import json,sys; print(" ".join(str(c["number"]) for c in json.load(sys.stdin)["changes"]))')
printf '%-6s %-10s %-12s %-8s %s\n' PR coverage differences tests seconds
for pr in $prs; do
  start=$(date +%s.%N)
  "$cli" analyze --repo "$work/demo" --pr "$pr" --python /usr/bin/python3 --effort "$effort" \
    --report "$work/$pr.json" >/dev/null
  end=$(date +%s.%N)
  /usr/bin/python3 - "$work/$pr.json" "$pr" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
seconds = float(sys.argv[4]) - float(sys.argv[3])
print("%-6s %-10.3f %-12d %-8d %.2f" % (sys.argv[2], report["union_coverage"], len(report["differences"]),
                                        report["tests_executed"], seconds))
with open(sys.argv[1] + ".seconds", "w") as out:
    out.write(str(seconds))
PY
done
/usr/bin/python3 - "$work" <<'PY'
import glob, json, sys
seconds = [float(open(p).read()) for p in glob.glob(sys.argv[1] + "/*.json.seconds")]
coverage = [json.load(open(p))["union_coverage"] for p in glob.glob(sys.argv[1] + "/*.json")]
print("max_seconds_per_pr=%.2f mean_union_coverage=%.3f" % (max(seconds), sum(coverage) / len(coverage)))
PY
