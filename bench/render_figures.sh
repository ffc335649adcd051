#!/usr/bin/env bash
# The render figures of docs/performance.md, taken with `rgx bench` on the island-scale demo:
#   bench/render_figures.sh [OUTDIR]      (default: build/bench-figures; needs a built build/rgx)
# Writes one JSON report per run into OUTDIR and prints each run's table, then the ratios:
#   load      640x480, 30 frames, the Glide look: each load phase and the time to the first frame
#   multi-on  1280x720, 60 frames along the built-in path, multi-draw indirect on
#   multi-off the same with one call per draw (--compare multi-on multi-off follows)
#   both      640x480, 60 frames, the Glide look and the software renderer on the same path
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rgx="$root/build/rgx"
out="${1:-$root/build/bench-figures}"
[ -x "$rgx" ] || { echo "build/rgx is missing: run scripts/build.sh first" >&2; exit 1; }
mkdir -p "$out"
demo="$out/island"
[ -f "$demo/WORLD.INI" ] || "$rgx" make-demo --scale island "$demo" >/dev/null
bench() { # NAME ARGS...
    local name="$1"
    shift
    echo "== $name: rgx bench --game $demo --world 0 $*"
    "$rgx" bench --game "$demo" --world 0 --json "$out/$name.json" "$@" 2>/dev/null
}
bench load --size 640x480 --frames 30
bench multi-on --size 1280x720 --frames 60 --multi-draw on
bench multi-off --size 1280x720 --frames 60 --multi-draw off
echo "== multi-draw off over on"
"$rgx" bench --compare "$out/multi-on.json" "$out/multi-off.json"
bench both --size 640x480 --frames 60 --renderer both
echo "reports in $out"
