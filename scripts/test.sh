#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what is missing
# (scripts/setup.sh), builds the tree optimised and runs every test (Catch2,
# the node interop tests with the real jrpc-oo client, the webapp's unit tests
# and its browser tests in headless Chromium), then builds it again with
# AddressSanitizer and UndefinedBehaviorSanitizer and runs every test but the
# browser ones against that build.
#
#   ./scripts/test.sh            # what CI runs (.ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
jobs=$(nproc)
cmake_args=(-G Ninja -UACDC_PLUGINS -UACDC_STATIC_PLUGINS)
if command -v ccache >/dev/null; then
  cmake_args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

echo "== build"
cmake -S . -B build "${cmake_args[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACDC_SANITIZE=OFF
cmake --build build -j "$jobs"
echo "== webapp"
npm run --silent build:webapp
echo "== tests"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== build with sanitizers"
cmake -S . -B build-asan "${cmake_args[@]}" -DCMAKE_BUILD_TYPE=Debug -DACDC_SANITIZE=ON -DACDC_BUILD_BENCH=OFF
cmake --build build-asan -j "$jobs"
echo "== tests with sanitizers"
ctest --test-dir build-asan --output-on-failure -j "$jobs" --label-exclude "browser|packaging"
