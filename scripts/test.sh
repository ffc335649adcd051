#!/usr/bin/env bash
# Installs what is missing, builds (Release, into build/) and runs every test with ctest.
#   scripts/test.sh              the whole suite (what CI runs)
#   scripts/test.sh --sanitize   the same suite built with ASan+UBSan into build-asan/
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jobs="$(nproc 2>/dev/null || echo 2)"

if [ "${1:-}" = "--sanitize" ]; then
  "$root/scripts/deps.sh"
  cmake -S "$root" -B "$root/build-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DRGX_SANITIZE=ON -DRGX_BUILD_BENCH=OFF
  cmake --build "$root/build-asan" -j "$jobs"
  cd "$root/build-asan"
  export UBSAN_OPTIONS=print_stacktrace=1
  # The soak tests (label soak) are left out: ASan's quarantine holds freed memory, so the resident
  # set grows by design there.
  # Leak checking on for everything that runs our code in-process (the renderer test binary
  # suppresses lavapipe's, LLVM's and the layers' own leaks itself).
  ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs" -E '^(explore[.]|soak[.]|rgx_vkinfo$|rgx_render[.]|rgx_compare[.]|rgx_bench[.]|cli[.]map_world$|cli[.]pipeline_cache_file$|browser[.])'
  # The rgx binary on Vulkan (render, compare, bench, map, atlas, explore, vkinfo, pipeline cache; under Xvfb or offscreen) loads lavapipe, LLVM, the validation layer
  # and X11, whose allocations outlive exit and whose modules are unloaded before LeakSanitizer
  # can name them: no leak checking there (ASan and UBSan still run).
  ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure -j "$jobs" -R '^(explore[.]|rgx_vkinfo$|rgx_render[.]|rgx_compare[.]|rgx_bench[.]|cli[.]map_world$|cli[.]pipeline_cache_file$|browser[.])'
  exit 0
fi

"$root/scripts/build.sh"
cd "$root/build"
# Tests run headless on whatever Vulkan device there is (lavapipe on CI) with validation on.
ctest --output-on-failure -j "$jobs"
