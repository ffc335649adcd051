#!/usr/bin/env bash
# The software renderer's figures of issue 33 (docs/performance.md "The software renderer at full
# HD"): `rgx bench --renderer soft` along the built-in path at six sizes, a baseline binary and
# this one in turn (one run), medians of 120 frames; then raster time per pixel, which is flat when
# the raster time grows linearly with the pixels.
#   bench/soft_figures.sh BASE_RGX NEW_RGX GAME_DIR [WORLD]
set -euo pipefail
base=$1 new=$2 game=$3 world=${4:-0}
figure() { # binary size -> "frame setup raster resolve"
  "$1" bench --game "$game" --world "$world" --renderer soft --size "$2" --frames 120 2>&1 |
    awk '$1=="cpu.frame"{f=$3} $1=="soft.setup"{s=$3} $1=="soft.raster"{r=$3} $1=="soft.resolve"{v=$3}
         END{print f, s, r, v}'
}
echo "| size | pixels | baseline frame | frame | setup | raster | resolve | raster ns/pixel |"
echo "|---|---|---|---|---|---|---|---|"
for size in 320x200 640x480 1280x720 1920x1080 2560x1440 3840x2160; do
  pixels=$(( ${size%x*} * ${size#*x} ))
  read -r bf _ _ _ < <(figure "$base" "$size")
  read -r f s r v < <(figure "$new" "$size")
  ns=$(awk -v r="$r" -v p="$pixels" 'BEGIN{printf "%.1f", r * 1e6 / p}')
  echo "| $size | $pixels | $bf | $f | $s | $r | $v | $ns |"
done
