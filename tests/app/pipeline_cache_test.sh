#!/usr/bin/env bash
# The pipeline cache's file from the command line (issue 33, renderer/vk/pipeline_cache.h):
# `rgx render` twice with XDG_CACHE_HOME in a temporary directory writes one file under
# $XDG_CACHE_HOME/rgx (no temporary file left) and says nothing about it; a truncated file, then
# one of random bytes, is said once, ignored and rewritten, and the picture is the same PNG byte
# for byte; RGX_PIPELINE_CACHE=off writes no file, and a directory in it takes the file.
#   pipeline_cache_test.sh RGX OUTDIR
set -euo pipefail
rgx="$1"
out="$2"
rm -rf "$out"
mkdir -p "$out"
export XDG_CACHE_HOME="$out/cache"
unset RGX_PIPELINE_CACHE # ctest names one in the build tree: this test is about the default
export RGX_VALIDATION=1 DISPLAY= WAYLAND_DISPLAY=

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# render NAME: one frame of the demo island to $out/NAME.png, stderr in $out/NAME.err.
render() {
  "$rgx" render --world 0 --size 96x54 --time 1.5 -o "$out/$1.png" > "$out/$1.out" 2> "$out/$1.err" ||
    fail "rgx render ($1) failed: $(cat "$out/$1.err")"
  if grep -q '\[vulkan\]' "$out/$1.err"; then fail "validation reported during $1: $(cat "$out/$1.err")"; fi
}
notes() { grep -c 'pipeline cache' "$out/$1.err" || true; }
cache_files() { find "$XDG_CACHE_HOME/rgx" -maxdepth 1 -type f -name '*.bin*' | sort; }

render first
[ "$(notes first)" = 0 ] || fail "the first run spoke of the pipeline cache: $(cat "$out/first.err")"
files="$(cache_files)"
[ "$(echo "$files" | grep -c .)" = 1 ] || fail "expected one cache file, found: $files"
file="$files"
case "$(basename "$file")" in
  pipelines-*-*-*-*.bin) ;;
  *) fail "unexpected cache file name: $file" ;;
esac
size="$(stat -c %s "$file")"

render second
[ "$(notes second)" = 0 ] || fail "the second run spoke of the pipeline cache: $(cat "$out/second.err")"
cmp -s "$out/first.png" "$out/second.png" || fail "the second run's picture differs"
[ "$(cache_files)" = "$file" ] || fail "the second run left other files: $(cache_files)"

# A truncated file: said once, ignored, rewritten whole; the same picture.
head -c $((size / 2)) "$file" > "$file.cut"
mv "$file.cut" "$file"
render truncated
[ "$(notes truncated)" = 1 ] || fail "expected one note on the truncated file: $(cat "$out/truncated.err")"
grep -q "pipeline cache $file not used: truncated.*rewritten" "$out/truncated.err" ||
  fail "the note does not name the file and why: $(cat "$out/truncated.err")"
cmp -s "$out/first.png" "$out/truncated.png" || fail "the picture differs after a truncated cache file"
[ "$(stat -c %s "$file")" = "$size" ] || fail "the truncated file was not rewritten"

# Random bytes: the same.
head -c 300 /dev/urandom > "$file"
render foreign
[ "$(notes foreign)" = 1 ] || fail "expected one note on the foreign file: $(cat "$out/foreign.err")"
grep -q "pipeline cache $file not used: " "$out/foreign.err" || fail "the note does not name the file"
cmp -s "$out/first.png" "$out/foreign.png" || fail "the picture differs after a foreign cache file"
render after
[ "$(notes after)" = 0 ] || fail "the rewritten file was not taken silently: $(cat "$out/after.err")"

# Off: no file at all. A directory: the file goes there.
rm -rf "$XDG_CACHE_HOME/rgx"/pipelines-*
RGX_PIPELINE_CACHE=off render off
[ -z "$(cache_files)" ] || fail "RGX_PIPELINE_CACHE=off wrote $(cache_files)"
RGX_PIPELINE_CACHE="$out/elsewhere" render elsewhere
[ -z "$(cache_files)" ] || fail "RGX_PIPELINE_CACHE=DIR wrote under XDG_CACHE_HOME too"
ls "$out/elsewhere"/pipelines-*.bin > /dev/null 2>&1 || fail "RGX_PIPELINE_CACHE=DIR wrote nothing there"
cmp -s "$out/first.png" "$out/elsewhere.png" || fail "the picture differs with the cache elsewhere"
echo "pipeline cache: $(basename "$file"), $size bytes; truncated and foreign files said once and rewritten"
