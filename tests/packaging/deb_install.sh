#!/bin/sh
# Builds the .deb, unpacks it into a scratch root (dpkg -x) and runs the binaries from there: the
# package must carry every file they need and declare what they need from Debian.
# Usage: deb_install.sh CPACK BUILD_DIR VERSION PYTHON WITH_GUI(ON|OFF)
set -eu
cpack=$1 build=$2 version=$3 python=$4 with_gui=$5

scratch=$(mktemp -d "${TMPDIR:-/tmp}/difftriage-deb-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# Canonical, as the binaries see their own directory (/proc/self/exe).
scratch=$(cd "$scratch" && pwd -P)
root=$scratch/root
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

echo "== cpack -G DEB"
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out" \
    >"$scratch/cpack.log" 2>&1; then
    cat "$scratch/cpack.log"
    fail "cpack -G DEB"
fi
set -- "$scratch"/out/*.deb
[ $# -eq 1 ] && [ -f "$1" ] || fail "expected one .deb, found: $*"
deb=$1
echo "$(basename "$deb"): $(wc -c <"$deb") bytes"

echo "== declared dependencies"
depends=$(dpkg-deb -f "$deb" Depends)
echo "$depends"
# Declared by hand (run-time needs) and found by shlibdeps (linked libraries).
needs="python3 bubblewrap libssl3 libzip4 libqt6core6 libgit2-"
[ "$with_gui" = ON ] && needs="$needs libqt6svg6 qt6-translations-l10n libqt6widgets6 libqscintilla2-qt6"
for need in $needs; do
    case ", $depends" in
    *", $need"*) ;;
    *) fail "Depends lacks $need" ;;
    esac
done

echo "== layout"
dpkg -x "$deb" "$root"
files="usr/bin/difftriage-cli usr/share/difftriage/python/analyze.py
usr/share/difftriage/python/runner.py usr/share/difftriage/python/generate.py
usr/share/difftriage/templates/access_info.txt usr/share/doc/difftriage/CHANGELOG.md
usr/share/doc/difftriage/copyright"
if [ "$with_gui" = ON ]; then
    files="$files usr/bin/difftriage usr/share/applications/difftriage.desktop
usr/share/metainfo/io.github.difftriage.DiffTriage.metainfo.xml
usr/share/icons/hicolor/scalable/apps/difftriage.svg
usr/share/icons/hicolor/48x48/apps/difftriage.png
usr/share/icons/hicolor/256x256/apps/difftriage.png"
fi
for file in $files; do
    [ -f "$root/$file" ] || fail "the package lacks /$file"
done
# The build tree mirrors the installed share/difftriage, so every helper file there must ship
# (a failure here may also be a stale copy in the build tree of a file since removed).
(cd "$build/share/difftriage" && find . -type f ! -path '*/__pycache__/*' ! -name '*.pyc') |
    while read -r file; do
        [ -f "$root/usr/share/difftriage/$file" ] ||
            fail "the package lacks /usr/share/difftriage/${file#./}"
    done
echo "$(find "$root" -type f | wc -l) files"

echo "== copyright"
# Debian's machine-readable format, naming the license the metainfo and LICENSE name.
copyright=$root/usr/share/doc/difftriage/copyright
format='^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$'
head -n 1 "$copyright" | grep -q "$format" ||
    fail "/usr/share/doc/difftriage/copyright is not in the machine-readable format"
grep -q '^License: GPL-3.0-or-later$' "$copyright" ||
    fail "/usr/share/doc/difftriage/copyright does not say License: GPL-3.0-or-later"
grep -q '/usr/share/common-licenses/GPL-3' "$copyright" ||
    fail "/usr/share/doc/difftriage/copyright does not point at the GPL-3 text"
if [ "$with_gui" = ON ]; then
    grep -q '<project_license>GPL-3.0-or-later</project_license>' \
        "$root/usr/share/metainfo/io.github.difftriage.DiffTriage.metainfo.xml" ||
        fail "the AppStream metadata does not name GPL-3.0-or-later"
fi
echo "GPL-3.0-or-later"

if [ "$with_gui" = ON ] && command -v appstreamcli >/dev/null 2>&1; then
    echo "== appstreamcli validate-tree"
    appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
fi

# Away from the build tree, with no data directory override and a home of its own.
cd "$scratch"
mkdir -m 700 "$scratch/runtime"
run() {
    env -u DIFFTRIAGE_DATA_DIR HOME="$scratch/home" XDG_CACHE_HOME="$scratch/cache" \
        XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
        XDG_RUNTIME_DIR="$scratch/runtime" "$@"
}
cli=$root/usr/bin/difftriage-cli

echo "== --version"
answer=$(run "$cli" --version)
echo "$answer"
[ "$answer" = "difftriage-cli $version" ] || fail "difftriage-cli --version: '$answer'"
if [ "$with_gui" = ON ]; then
    answer=$(run env QT_QPA_PLATFORM=offscreen "$root/usr/bin/difftriage" --version)
    echo "$answer"
    [ "$answer" = "DiffTriage $version" ] || fail "difftriage --version: '$answer'"
fi

echo "== demo analysis (PR #24)"
run "$cli" demo --out "$scratch/demo" >/dev/null || fail "difftriage-cli demo"
run "$cli" analyze --repo "$scratch/demo" --pr 24 --python "$python" --json \
    >"$scratch/report.json" || fail "difftriage-cli analyze"
"$python" - "$scratch/report.json" <<'EOF' || fail "PR #24 showed no different_output"
import json, sys
report = json.load(open(sys.argv[1]))
kinds = [d["kind"] for d in report["differences"]]
print(f"sandbox {report['sandbox']}, {report['tests_executed']} tests, differences: {kinds}")
sys.exit(0 if "different_output" in kinds else 1)
EOF

# Without its analyzer the installed binary must fail and name the scratch root's copy: proof that
# it reads the helpers next to itself, not the build tree's or another install's.
echo "== helpers come from the scratch root"
mv "$root/usr/share/difftriage/python/analyze.py" "$scratch/analyze.py.away"
if run env XDG_CACHE_HOME="$scratch/cache-empty" "$cli" targets --repo "$scratch/demo" --pr 24 \
    --python "$python" >/dev/null 2>"$scratch/targets.err"; then
    fail "targets ran without the scratch root's analyze.py"
fi
cat "$scratch/targets.err"
grep -qF "$root/usr/share/difftriage/python/analyze.py" "$scratch/targets.err" ||
    fail "the error does not name $root/usr/share/difftriage/python/analyze.py"
echo "PASS"
