#!/bin/sh
# The CI workflow templates pass their schemas: GitHub's with @action-validator/cli, GitLab's with
# gitlab-ci-local's JSON schema validation (it lists the jobs of a copy in a scratch repository).
# Usage: check_ci_templates.sh SOURCE_DIR TOOLS_DIR
set -eu
source_dir=$1
tools=$2
. "$source_dir/tests/release/npm_tools.sh"
ensure_npm_tools "$tools"
bin=$tools/node_modules/.bin

for workflow in github-actions.yml github-release.yml; do
  echo "action-validator $workflow"
  "$bin/action-validator" "$source_dir/packaging/ci/$workflow"
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git -C "$scratch" init -q -b main
git -C "$scratch" -c user.name=t -c user.email=t@example.org commit -q --allow-empty -m init
cp "$source_dir/packaging/ci/gitlab-release.yml" "$scratch/.gitlab-ci.yml"
echo "gitlab-ci-local --list gitlab-release.yml"
(cd "$scratch" && "$bin/gitlab-ci-local" --list --json-schema-validation) | tee "$scratch/jobs.txt"
for job in list analyse merge; do
  grep -q "^$job[ :]" "$scratch/jobs.txt" || { echo "job $job is missing" >&2; exit 1; }
done

# The checks fail on a template that breaks its schema.
printf 'name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n' \
  > "$scratch/broken.yml"
if "$bin/action-validator" "$scratch/broken.yml" >/dev/null 2>&1; then
  echo "action-validator accepted a broken workflow" >&2
  exit 1
fi
printf 'job:\n  stage: test\n  script: echo\n  parallel: many\n' > "$scratch/.gitlab-ci.yml"
if (cd "$scratch" && "$bin/gitlab-ci-local" --list --json-schema-validation) >/dev/null 2>&1; then
  echo "gitlab-ci-local accepted a broken pipeline" >&2
  exit 1
fi
echo "3 templates valid"
