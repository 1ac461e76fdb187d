#!/usr/bin/env bash
# Installs every Debian 12 package DiffTriage needs to build, test and run. Idempotent: when all is
# already installed it only checks and returns in seconds.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates clang-format
  ccache # a second build tree (CI's engine-only proof) reuses the first one's objects
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev libqt6svg6 qt6-qpa-plugins libgl-dev libqscintilla2-qt6-dev qtkeychain-qt6-dev
  qt6-translations-l10n fonts-noto-cjk
  libgit2-dev libzip-dev nlohmann-json3-dev libssl3
  python3 python3-pytest python3-coverage python3-jsonschema bubblewrap
  xvfb xauth
  dpkg-dev file appstream desktop-file-utils
  rsync # gitlab-ci-local copies each job's checkout with it
)
# The CI-template tests run npm tools (gitlab-ci-local, action-validator) on Node.js: Debian's,
# unless a Node.js with npm is already installed.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup-debian: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
echo "setup-debian: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=600 update -q
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
