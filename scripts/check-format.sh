#!/usr/bin/env bash
# Fails when a C++ file is not clang-format clean (the style is .clang-format at the top level).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if ((${#files[@]} == 0)); then exit 0; fi
clang-format --dry-run -Werror "${files[@]}"
echo "check-format: ${#files[@]} files clean"
