#!/bin/sh
# The GitLab release template really runs: gitlab-ci-local (shell executor, one isolated copy of
# the repository per job, artifacts passed between jobs) runs its list job, its four `parallel:`
# analyse shards and its merge job on the scratch release repository, with this build tree's
# difftriage-cli. Its release document must hold the same differences as `analyze --range
# --jobs 1` (the tst_release run kept in REFERENCE_DIR), #104's (and only those) marked as not present at the head.
# Usage: gitlab_pipeline.sh SOURCE_DIR TOOLS_DIR CLI PYTHON REFERENCE_DIR
set -eu
source_dir=$1
tools=$2
cli=$3
python=$4
reference=$5
. "$source_dir/tests/release/npm_tools.sh"
ensure_npm_tools "$tools"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$python" "$source_dir/tests/release/make_release_repo.py" "$scratch/repo"
cd "$scratch/repo"
# Not committed: the pipeline file changes no commit of the release.
cp "$source_dir/packaging/ci/gitlab-release.yml" .gitlab-ci.yml
"$tools/node_modules/.bin/gitlab-ci-local" --shell-isolation --force-shell-executor \
  --concurrency 2 --no-color \
  --variable RELEASE_BASE=v1.0 --variable RELEASE_HEAD=v1.1 \
  --variable "DIFFTRIAGE_CLI=$cli" \
  --variable "DIFFTRIAGE_ARGS=--python $python --max-tests 60" \
  > "$scratch/pipeline.log" 2>&1 || {
  tail -n 80 "$scratch/pipeline.log" >&2
  exit 1
}
grep -E "^ (PASS|FAIL) " "$scratch/pipeline.log"
test -f difftriage-out/release.json || { echo "the merge job left no release.json" >&2; exit 1; }

"$python" - "$reference/release.json" difftriage-out/release.json <<'PY'
import json, sys
def identities(path):
    release = json.load(open(path))
    assert release["schema"] == "difftriage-release/1", release["schema"]
    return release, {(d["pr"]["commit"], d["fingerprint"], d.get("at_head", "unchecked"))
                     for d in release["differences"]}
reference, expected = identities(sys.argv[1])
pipeline, found = identities(sys.argv[2])
if found != expected:
    sys.exit("the pipeline's differences differ from --jobs 1:\n only pipeline %s\n only jobs 1 %s"
             % (sorted(found - expected), sorted(expected - found)))
if len(pipeline["prs"]) != 13:
    sys.exit("expected 13 analysed steps, got %d" % len(pipeline["prs"]))
reverted = {d["pr"]["number"] for d in pipeline["differences"] if d.get("at_head") == "not_present"}
if reverted != {104}:  # the search may find #104's change through more than one difference
    sys.exit("expected #104's difference not present at the head, got %s" % reverted)
print("%d differences, as with --jobs 1; #104's not present at the head" % len(found))
PY
