#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what is missing
# (scripts/setup.sh), builds the tree optimised and runs every test (Catch2,
# the node interop tests with the real jrpc-oo client, the webapp's unit tests
# and its browser tests in headless Chromium), then builds it again with
# AddressSanitizer and UndefinedBehaviorSanitizer (and Debian's tree-sitter
# runtime) and runs every test but the browser ones against that build.
#
#   ./scripts/test.sh            # what CI runs (.ci/run)
#
# Under CI (CI=true) the suite runs in a fresh clone of HEAD in an empty
# temporary directory instead of in the checkout, so nothing beside the
# checkout (a ../shared folder above all) can make it pass where a user's
# clone would fail (issue 14). A CI checkout is clean, so HEAD is the tree
# under test. The clone builds from nothing, as a clean checkout would, and
# the suite runs once, there: the check costs the clone and its removal,
# measured on a 2-core machine at 0.6 s and 0.1 s per GB of build directory.
# ccache keys are made relative to the clone, so a kept cache still hits.
#
#   CI=true ./scripts/test.sh    # what CI does: clone, then test there
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${CI:-}" = true ] && [ -z "${ACDC_TEST_IN_CLONE:-}" ]; then
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    [ -z "$(git status --porcelain)" ] ||
      echo "test.sh: uncommitted changes are not in the clone: testing HEAD $(git rev-parse --short HEAD)" >&2
    work=$(mktemp -d)
    echo "== clone into $work/acdc, with nothing beside it"
    git clone -q "$PWD" "$work/acdc"
    # Without these, ccache hashes the absolute paths and build directory
    # (-g) and misses in every new temporary directory; the price is debug
    # info that may name the directory of the clone that filled the cache.
    status=0
    ACDC_TEST_IN_CLONE=1 CCACHE_BASEDIR="$work/acdc" CCACHE_NOHASHDIR=true \
      bash "$work/acdc/scripts/test.sh" || status=$?
    # The screenshots, where a run in place would have left them.
    if [ -d "$work/acdc/tests/browser/artifacts" ]; then
      mkdir -p tests/browser && cp -r "$work/acdc/tests/browser/artifacts" tests/browser/
    fi
    if [ "$status" -eq 0 ]; then rm -rf "$work"; else echo "test.sh: the failed clone is kept in $work/acdc" >&2; fi
    exit "$status"
  fi
  echo "test.sh: CI=true, but this is not a git checkout: testing in place" >&2
fi

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
# This build also links Debian's tree-sitter runtime instead of the npm
# package's core, so that fallback (ACDC_SYSTEM_TREE_SITTER) stays honest
# at no extra build (deps-pins.md: one grammar set runs on both).
cmake -S . -B build-asan "${cmake_args[@]}" -DCMAKE_BUILD_TYPE=Debug -DACDC_SANITIZE=ON -DACDC_BUILD_BENCH=OFF \
  -DACDC_SYSTEM_TREE_SITTER=ON
cmake --build build-asan -j "$jobs"
echo "== tests with sanitizers"
ctest --test-dir build-asan --output-on-failure -j "$jobs" --label-exclude "browser|packaging"
