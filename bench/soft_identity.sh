#!/usr/bin/env bash
# Checks that two rgx builds draw the same software-look pixels (issue 33: speed may change how a
# picture is computed, never the picture): renders a set of views of one world with every
# perspective mode, with and without dithering, on 1 and 2 threads, at several sizes, with both
# binaries, and compares the PNG files byte for byte.
#   bench/soft_identity.sh BASE_RGX NEW_RGX GAME_DIR [WORLD]
# Prints one line per difference and a summary; exits 1 when any picture differs.
set -euo pipefail
base=$1 new=$2 game=$3 world=${4:-0}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Over the village, along the shore at sunset height, up into the clouds and sun, down on the sea,
# from far above, and the default view.
cameras=("" "33537,522,54748,-45,-18" "37394,400,53600,0,-10" "30000,300,50000,120,25" "40000,2000,60000,200,-60"
         "20000,9000,20000,45,-30" "35000,150,56000,300,5" "36000,600,52000,90,60")
sizes=(320x200 640x480 1920x1080)
count=0 differ=0
for camera in "${cameras[@]}"; do
  for size in "${sizes[@]}"; do
    for mode in exact span16 affine extents; do
      for dither in "" --dither; do
        for threads in 1 2; do
          args=(render --game "$game" --world "$world" --renderer soft --size "$size" --time 2.25
                --perspective "$mode" $dither --threads "$threads")
          [[ -n $camera ]] && args+=(--camera "$camera")
          "$base" "${args[@]}" -o "$out/a.png" >/dev/null 2>&1
          "$new" "${args[@]}" -o "$out/b.png" >/dev/null 2>&1
          count=$((count + 1))
          if ! cmp -s "$out/a.png" "$out/b.png"; then
            differ=$((differ + 1))
            echo "differs: camera '${camera:-default}' $size $mode ${dither:-no-dither} $threads threads"
          fi
        done
      done
    done
  done
done
echo "$count pictures compared, $differ differ"
[[ $differ -eq 0 ]]
