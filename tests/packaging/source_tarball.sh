#!/bin/sh
# Builds the source tarball and checks it holds the sources and none of the build trees, .git or
# Python caches.
# Usage: source_tarball.sh CPACK BUILD_DIR VERSION
set -eu
cpack=$1 build=$2 version=$3

scratch=$(mktemp -d "${TMPDIR:-/tmp}/difftriage-src-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

if ! "$cpack" --config "$build/CPackSourceConfig.cmake" -B "$scratch/out" \
    >"$scratch/cpack.log" 2>&1; then
    cat "$scratch/cpack.log"
    fail "cpack (source)"
fi
tarball=$scratch/out/difftriage-$version.tar.gz
[ -f "$tarball" ] || fail "no $(basename "$tarball") in: $(ls "$scratch/out")"
tar -tzf "$tarball" >"$scratch/list"
echo "$(basename "$tarball"): $(wc -c <"$tarball") bytes, $(wc -l <"$scratch/list") entries"

for file in CMakeLists.txt CHANGELOG.md README.md LICENSE packaging/CMakeLists.txt \
    packaging/copyright packaging/difftriage.desktop engine/targets/analyze.py \
    resources/icons/difftriage.svg scripts/setup-debian.sh; do
    grep -qxF "difftriage-$version/$file" "$scratch/list" || fail "the tarball lacks $file"
done
unwanted="^difftriage-$version/(build[^/]*/|(.*/)?\.git/|.*__pycache__/|.*\.pyc$)"
if grep -E "$unwanted" "$scratch/list" | head -n 5 | grep .; then
    fail "the tarball holds build trees, .git or Python caches (above)"
fi
echo "PASS"
