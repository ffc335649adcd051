#!/usr/bin/env bash
# rgx atlas in a real browser (issue 32): the island's page opened from file:// in headless
# Chromium (Debian's, installed by scripts/deps.sh) loads with no console message and no error,
# its tiles draw, and it shows as many markers as the world's MAP.json lists, and no automap layer.
# The page's only console line is its 'rgx-atlas-ready'. Then the Daggerfall town's page (world
# 1000) with its RMB automap layer switched on: the layer control, the picture loaded, no error.
#   atlas_browser_test.sh RGX OUTDIR [SCREENSHOT.png]
set -euo pipefail
rgx="$1"
out="$2"
shot="${3:-}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "FAIL: no chromium: install Debian's chromium (scripts/deps.sh does)" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"
export XDG_CACHE_HOME="$out/cache"
"$rgx" atlas --worlds 0 -o "$out/site" > "$out/atlas.txt" 2> "$out/atlas.err"
page="file://$out/site/index.html#world=0&zoom=2"
chrome=("$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$out/profile" --enable-logging=stderr --v=0
        --virtual-time-budget=10000)
"${chrome[@]}" --dump-dom "$page" > "$out/dom.html" 2> "$out/chromium.log"

fail() {
  echo "FAIL: $*" >&2
  echo "--- status:" >&2
  grep -o '<div id="rgx-status"[^>]*>[^<]*' "$out/dom.html" >&2 || true
  exit 1
}
attr() { grep -o "$1=\"[^\"]*\"" "$out/dom.html" | head -1 | sed 's/.*="\(.*\)"/\1/'; }

status="$(grep -o '<div id="rgx-status"[^>]*>' "$out/dom.html" || true)"
[ -n "$status" ] || fail "the page did not run (no status element)"
[ "$(attr data-world)" = "0" ] || fail "world 0 is not shown"
[ "$(attr data-errors)" = "0" ] || fail "the page counted errors"
[ "$(attr data-tile-errors)" = "0" ] || fail "tiles failed to load"
# The page says exactly one thing on the console, 'rgx-atlas-ready', once it has run: the log is
# known to carry the console, and nothing else was said (no error, warning or other message).
console="$(grep ":CONSOLE" "$out/chromium.log" || true)"
if [ "$(printf '%s\n' "$console" | grep -c 'rgx-atlas-ready')" != 1 ]; then
  printf '%s\n' "$console" >&2
  fail "the console did not say rgx-atlas-ready once (is Chromium's console logged? --enable-logging=stderr)"
fi
if [ "$(printf '%s\n' "$console" | grep -c .)" != 1 ]; then
  printf '%s\n' "$console" >&2
  fail "the console said more than rgx-atlas-ready"
fi
tiles="$(grep -o 'leaflet-tile leaflet-tile-loaded' "$out/dom.html" | wc -l)"
[ "$tiles" -ge 4 ] || fail "only $tiles tiles drawn at zoom 2 (expected at least 4)"
want="$(grep -c '"section":' "$out/site/data/world0.json")"
shown="$(grep -o 'rgx-marker' "$out/dom.html" | wc -l)"
[ "$want" -gt 0 ] || fail "MAP.json lists no markers"
[ "$(attr data-markers)" = "$want" ] || fail "the page added $(attr data-markers) markers, MAP.json lists $want"
[ "$shown" = "$want" ] || fail "$shown markers drawn, MAP.json lists $want"
[ "$(attr data-automap)" = "none" ] || fail "a Redguard world has an automap layer"
if grep -q 'leaflet-control-layers' "$out/dom.html"; then fail "a Redguard world has a layer control"; fi
if [ -n "$shot" ]; then
  "${chrome[@]}" --window-size=1280,800 --screenshot="$shot" "file://$out/site/index.html#world=0" 2>> "$out/chromium.log"
fi
"$rgx" atlas --worlds 1000 --zoom-levels 2 -o "$out/town" > "$out/town.txt" 2> "$out/town.err"
grep -q 'world 1000: [0-9]* markers, RMB automap of 4 blocks' "$out/town.err" || fail "the town's atlas has no automap"
"${chrome[@]}" --dump-dom "file://$out/town/index.html#world=1000&zoom=1&automap=1" > "$out/dom.html" 2> "$out/chromium_town.log"
[ "$(attr data-world)" = "1000" ] || fail "world 1000 is not shown"
[ "$(attr data-errors)" = "0" ] || fail "the town's page counted errors"
[ "$(attr data-automap)" = "on" ] || fail "the automap layer is not on (data-automap=$(attr data-automap))"
[ "$(attr data-automap-loaded)" = "1" ] || fail "the automap picture did not load"
grep -q 'rgx-automap' "$out/dom.html" || fail "no automap picture in the page"
grep -q 'RMB automap' "$out/dom.html" || fail "no layer control naming the automap"
echo "atlas in chromium: $tiles tiles, $shown markers (MAP.json: $want), the console said only rgx-atlas-ready; the town's automap layer on and loaded"
