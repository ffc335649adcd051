#!/usr/bin/env bash
# Installs what is missing, builds, and opens the explorer on the demo world. With no display it
# renders a short headless tour of every demo world to PNG files instead and says where they are.
# Extra arguments go to `rgx explore` (e.g. --world 2, or --game ~/GOG/Redguard).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
rgx="$root/build/rgx"

echo "== Vulkan device"
"$rgx" vkinfo | head -3

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "== Opening the explorer on the demo world (WASD/QE fly, right mouse looks, F12 screenshot)"
  exec "$rgx" explore "$@"
fi

out="$root/out/tour"
mkdir -p "$out"
echo "== No display: rendering a headless tour of the demo worlds into $out"
"$rgx" render --tour -o "$out"
echo "== Done: the tour's PNG files are in $out"
