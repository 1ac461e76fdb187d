#!/bin/sh
# Every user-visible string has a Japanese translation and every %n string its English plural
# forms: lupdate, run on copies of the .ts files over the sources, must find no new (unfinished)
# message. Usage: translations_complete.sh LUPDATE SRC_DIR
set -eu
lupdate=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/translations/difftriage_ja.ts" "$work/ja.ts"
cp "$src/translations/difftriage_en.ts" "$work/en.ts"
(cd "$src" && "$lupdate" -silent -locations none ui app engine -ts "$work/ja.ts")
(cd "$src" && "$lupdate" -silent -locations none -pluralonly ui app engine -ts "$work/en.ts")
status=0
missing=$(grep -B2 'type="unfinished"' "$work/ja.ts" | sed -n 's|.*<source>\(.*\)</source>.*|\1|p')
if [ -n "$missing" ]; then
  echo "strings without a Japanese translation in translations/difftriage_ja.ts:"
  echo "$missing"
  echo "(update it with: lupdate -locations none ui app engine -ts translations/difftriage_ja.ts)"
  status=1
fi
# An English form left empty would show nothing where the count should be.
plural=$(grep -B2 -e 'type="unfinished"' -e '<numerusform></numerusform>' "$work/en.ts" |
  sed -n 's|.*<source>\(.*\)</source>.*|\1|p')
if [ -n "$plural" ]; then
  echo "strings without English plural forms in translations/difftriage_en.ts:"
  echo "$plural"
  echo "(update it with: lupdate -locations none -pluralonly ui app engine" \
    "-ts translations/difftriage_en.ts)"
  status=1
fi
[ "$status" -eq 0 ] || exit 1
echo "all $(grep -c '<source>' "$work/ja.ts") strings translated," \
  "$(grep -c '<source>' "$work/en.ts") with English plural forms"
