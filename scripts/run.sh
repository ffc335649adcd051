#!/usr/bin/env bash
# Installs what is missing, builds, and opens the explorer on the demo world. With no display it
# renders a short headless tour to PNG files instead and prints where they are.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
rgx="$root/build/rgx"

echo "== Vulkan device"
"$rgx" vkinfo

status=0
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "== Opening the explorer on the demo world"
  "$rgx" explore "$@" || status=$?
else
  out="$root/out/tour"
  mkdir -p "$out"
  echo "== No display: rendering a headless tour of the demo worlds into $out"
  "$rgx" render --tour -o "$out" "$@" || status=$?
fi

if [ "$status" -eq 2 ]; then
  cat <<'MSG'
The explorer and the renderer are not in this build yet (they come with the demo world, scene and
renderer work; see `build/rgx --help`). What works today:
  build/rgx info FILE [--json]      describe any Redguard file (3D, 3DC, ROB, RGM, WLD, PVO, ...)
  build/rgx pvo-query FILE X Y Z     visible object ids at a point of a PVO octree
  build/rgx vkinfo                  the Vulkan device rgx uses
MSG
  exit 0
fi
exit "$status"
