# The npm tools the CI-template tests run, installed at pinned versions into the build tree (never
# globally): sourced by those tests. `ensure_npm_tools DIR` installs them into DIR once (a lock
# keeps parallel tests from installing twice) and exits 77, ctest's skip, with the reason only
# when the npm registry cannot be reached.
GITLAB_CI_LOCAL_VERSION=4.64.1 # the last release that runs on Debian 12's Node.js 18
ACTION_VALIDATOR_VERSION=0.6.0

ensure_npm_tools() {
  tools=$1
  if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
    echo "node and npm are missing: scripts/setup-debian.sh installs them" >&2
    exit 1
  fi
  # Node trusts its own bundled CAs only; a machine whose traffic passes a proxy with a local CA
  # has it in the system store, which Debian's npm then needs too.
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
    export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
  fi
  mkdir -p "$tools"
  (
    flock 9
    if [ -x "$tools/node_modules/.bin/gitlab-ci-local" ] &&
       [ -x "$tools/node_modules/.bin/action-validator" ] &&
       grep -q "\"version\": \"$GITLAB_CI_LOCAL_VERSION\"" \
         "$tools/node_modules/gitlab-ci-local/package.json" 2>/dev/null; then
      exit 0
    fi
    if ! npm ping >"$tools/ping.log" 2>&1; then
      echo "SKIP: the npm registry cannot be reached ($(tail -n 1 "$tools/ping.log"))"
      exit 77
    fi
    echo '{"private": true}' > "$tools/package.json"
    npm install --prefix "$tools" --no-audit --no-fund --loglevel=error \
      "gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION" \
      "@action-validator/cli@$ACTION_VALIDATOR_VERSION" >"$tools/install.log" 2>&1 || {
      cat "$tools/install.log" >&2
      exit 1
    }
  ) 9>"$tools.lock" || exit $?
  node --version
}
