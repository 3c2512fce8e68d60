#!/usr/bin/env bash
# Sets up, builds and runs acdc on a git repository, with the web app in your
# browser. Run it from inside the repository you want to work on, or name it:
#
#   /path/to/acdc-plus-plus/scripts/run.sh                 # the current directory
#   /path/to/acdc-plus-plus/scripts/run.sh --repo ~/src/x   # any acdc option works
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
(
  cd "$root"
  bash scripts/setup.sh
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -S . -B build-release -G Ninja "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DACDC_BUILD_TESTS=OFF -DACDC_BUILD_BENCH=OFF >/dev/null
  cmake --build build-release
  npm run --silent build:webapp
) >&2
exec "$root/build-release/acdc" "$@"
