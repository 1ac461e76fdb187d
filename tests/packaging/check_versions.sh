#!/bin/sh
# The project version (CMake) must head both CHANGELOG.md and the AppStream releases, with the same
# date, so a version bump cannot ship with stale release notes.
# Usage: check_versions.sh VERSION CHANGELOG.md METAINFO.xml.in
set -eu
version=$1 changelog=$2 metainfo=$3

# "## 0.1.0 — 2026-12-02"
changelog_top=$(grep -m 1 '^## [0-9]' "$changelog" || true)
changelog_version=$(echo "$changelog_top" | sed -n 's/^## \([0-9][0-9.]*\).*/\1/p')
changelog_date=$(echo "$changelog_top" | sed -n 's/.*\([0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\).*/\1/p')
# <release version="0.1.0" date="2026-12-02">
release_top=$(grep -m 1 '<release ' "$metainfo" || true)
release_version=$(echo "$release_top" | sed -n 's/.*version="\([^"]*\)".*/\1/p')
release_date=$(echo "$release_top" | sed -n 's/.*date="\([^"]*\)".*/\1/p')

status=0
if [ "$changelog_version" != "$version" ]; then
    echo "FAIL: CHANGELOG.md starts at '$changelog_version', the project version is $version"
    status=1
fi
if [ "$release_version" != "$version" ]; then
    echo "FAIL: AppStream's first release is '$release_version', the project version is $version"
    status=1
fi
if [ "$changelog_date" != "$release_date" ]; then
    echo "FAIL: CHANGELOG.md dates $version '$changelog_date', AppStream '$release_date'"
    status=1
fi
[ $status -eq 0 ] && echo "CHANGELOG.md and AppStream's releases start at $version ($release_date)"
exit $status
