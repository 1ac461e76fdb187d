#!/bin/sh
# Every user-visible string has a Japanese translation: lupdate, run on a copy of the .ts over the
# sources, must find no new (unfinished) message. Usage: translations_complete.sh LUPDATE SRC_DIR
set -eu
lupdate=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/translations/difftriage_ja.ts" "$work/ja.ts"
(cd "$src" && "$lupdate" -silent -locations none ui app engine -ts "$work/ja.ts")
missing=$(grep -B2 'type="unfinished"' "$work/ja.ts" | sed -n 's|.*<source>\(.*\)</source>.*|\1|p')
if [ -n "$missing" ]; then
  echo "strings without a Japanese translation in translations/difftriage_ja.ts:"
  echo "$missing"
  echo "(update it with: lupdate -locations none ui app engine -ts translations/difftriage_ja.ts)"
  exit 1
fi
echo "all $(grep -c '<source>' "$work/ja.ts") strings translated"
