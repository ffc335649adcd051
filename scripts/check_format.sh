#!/usr/bin/env bash
# Checks that the C++ sources match the project's .clang-format (clang-format 14, Debian's
# clang-format package). Exits 1 listing the files that depart, with what to run to fix them.
#   scripts/check_format.sh          every tracked .cpp / .h of the repository
#   scripts/check_format.sh FILE...  just these files (the test in tests/CMakeLists.txt)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
fi
# One clang-format run over every file; its warnings start with the file's name. A file it
# cannot read is an error of its own.
if ! report="$(clang-format --dry-run --style=file:"$root/.clang-format" "${files[@]}" 2>&1)"; then
  echo "$report" >&2
  echo "check_format: clang-format failed (is it installed? scripts/deps.sh installs it)" >&2
  exit 2
fi
mapfile -t bad < <(echo "$report" | sed -n 's/^\(.*\):[0-9]*:[0-9]*: warning: .*-Wclang-format-violations.*/\1/p' | sort -u)
if [ ${#bad[@]} -gt 0 ]; then
  echo "check_format: ${#bad[@]} of ${#files[@]} files depart from .clang-format:"
  printf '  %s\n' "${bad[@]}"
  echo "check_format: fix with: clang-format -i ${bad[*]}"
  exit 1
fi
echo "check_format: ${#files[@]} files match .clang-format"
