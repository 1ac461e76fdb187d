#!/usr/bin/env bash
# A release of the demo repository (every PR on its first-parent line, root..HEAD) triaged two
# ways, at one fixed effort (--max-tests, default 60, and one seed):
#   1. as one change with attribution: per difference, the probes the bisection ran and its
#      seconds; last `attribution_mean_probes=… attribution_mean_seconds=…`;
#   2. fanned out per PR with --jobs 1 and then --jobs 2, each with its own cold tree cache:
#      `fanout_jobs1_seconds=… fanout_jobs2_seconds=… speedup=… identical=yes|no` (identical:
#      both release documents hold the same differences, by PR, fingerprint and presence at the
#      head).
# Usage: bench/release/run.sh [BUILD_DIR] [MAX_TESTS]
set -euo pipefail
build="${1:-build}"
max_tests="${2:-60}"
cli="$build/bin/difftriage-cli"
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" demo --out "$work/demo" >/dev/null
root=$(git -C "$work/demo" rev-list --max-parents=0 HEAD)
head=$(git -C "$work/demo" rev-parse HEAD)
effort=(--python "$python" --max-tests "$max_tests" --seed 1)
now() { date +%s.%N; }

export XDG_CACHE_HOME="$work/cache-range"
start=$(now)
"$cli" analyze --repo "$work/demo" --base "$root" --head "$head" --attribute "${effort[@]}" \
  --report "$work/range.json" >/dev/null
end=$(now)
"$python" - "$work/range.json" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
print("range analysis with attribution: %.1f s, %d differences"
      % (float(sys.argv[3]) - float(sys.argv[2]), len(report["differences"])))
print("%-40s %-28s %-7s %s" % ("difference", "introduced by", "probes", "seconds"))
probes, seconds = [], []
for d in report["differences"]:
    a = d.get("attribution") or {}
    by = a.get("introduced_by") or {}
    name = ("#%d" % by["number"]) if by.get("number") is not None else a.get("status", "-")
    probes.append(len(a.get("probes", [])))
    seconds.append(a.get("seconds", 0.0))
    print("%-40s %-28s %-7d %.2f" % (d["target"][-40:], name, probes[-1], seconds[-1]))
if probes:
    print("attribution_mean_probes=%.2f attribution_mean_seconds=%.2f"
          % (sum(probes) / len(probes), sum(seconds) / len(seconds)))
PY

fan_out() { # JOBS
  export XDG_CACHE_HOME="$work/cache-jobs$1"
  local start end
  start=$(now)
  "$cli" analyze --repo "$work/demo" --range "$root..$head" --jobs "$1" "${effort[@]}" \
    --out-dir "$work/jobs$1" >/dev/null
  end=$(now)
  echo "$start $end" >"$work/jobs$1.seconds"
}
fan_out 1
fan_out 2
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def identities(jobs):
    release = json.load(open("%s/jobs%d/release.json" % (work, jobs)))
    return {(d["pr"]["commit"], d["fingerprint"], d.get("at_head", "unchecked"))
            for d in release["differences"]}
def seconds(jobs):
    start, end = open("%s/jobs%d.seconds" % (work, jobs)).read().split()
    return float(end) - float(start)
one, two = seconds(1), seconds(2)
same = identities(1) == identities(2)
print("fan-out: %d differences over the PRs" % len(identities(1)))
print("fanout_jobs1_seconds=%.1f fanout_jobs2_seconds=%.1f speedup=%.2f identical=%s"
      % (one, two, one / two, "yes" if same else "no"))
PY
