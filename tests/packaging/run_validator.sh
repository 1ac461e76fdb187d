#!/bin/sh
# Runs a validator given as the arguments; exits 77 (the test's SKIP_RETURN_CODE) when the tool is
# not installed here. scripts/setup-debian.sh installs it, so CI always runs it.
set -eu
if ! command -v "$1" >/dev/null 2>&1; then
    echo "$1 is not installed: skipped (scripts/setup-debian.sh installs it)"
    exit 77
fi
exec "$@"
