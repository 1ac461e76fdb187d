#!/bin/sh
# Renders the hicolor PNG sizes from difftriage.svg. The PNGs are committed so that building needs
# no SVG rasteriser; run this (rsvg-convert: Debian package librsvg2-bin) after editing the SVG.
set -eu
cd "$(dirname "$0")"
for size in 16 22 24 32 48 64 128 256; do
    mkdir -p "hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" difftriage.svg -o "hicolor/${size}x${size}/apps/difftriage.png"
done
