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
    # The tests' temporary files (hosts' plugin copies, test repositories,
    # browser profiles: 0.7 GB a run) go beside the clone and leave with it.
    mkdir -p "$work/tmp"
    status=0
    ACDC_TEST_IN_CLONE=1 CCACHE_BASEDIR="$work/acdc" CCACHE_NOHASHDIR=true TMPDIR="$work/tmp" \
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

# Only the fuzz targets and the libraries they link; plugins that none of
# them needs are not configured.
echo "== fuzz: build (clang, libFuzzer, ASan, UBSan)"
fuzz_args=(-G Ninja -UACDC_STATIC_PLUGINS "-DACDC_PLUGINS=settings;repo;llm;url-fetch;symbol-index")
if command -v ccache >/dev/null; then
  fuzz_args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build-fuzz "${fuzz_args[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DACDC_FUZZ=ON -DACDC_BUILD_TESTS=OFF -DACDC_BUILD_BENCH=OFF
cmake --build build-fuzz -j "$jobs" --target acdc_fuzz
echo "== fuzz: a short run of each target"
ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -L fuzz

# The host, the echo and fixture plugins, and the tests that drive the host
# from many threads at once: hot swap under load, shutdown with calls in
# flight, server-to-client calls from plugin threads (the interop tests).
# Every report lands in build-tsan/tsan-reports and fails the stage, whichever
# process (host, test) it came from.
echo "== build with ThreadSanitizer"
tsan_args=(-G Ninja -UACDC_STATIC_PLUGINS -DACDC_PLUGINS=)
if command -v ccache >/dev/null; then
  tsan_args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build-tsan "${tsan_args[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACDC_TSAN=ON -DACDC_BUILD_BENCH=OFF
cmake --build build-tsan -j "$jobs" --target host.hot_swap host.robustness sdk.host
echo "== concurrency tests with ThreadSanitizer"
reports="$PWD/build-tsan/tsan-reports"
rm -rf "$reports" && mkdir -p "$reports"
# Without address-space randomisation: the TSan of GCC 12 cannot map its
# shadow memory under the larger randomisation of newer kernels.
norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then norandom=(setarch "$(uname -m)" -R); fi
status=0
TSAN_OPTIONS="log_path=$reports/report second_deadlock_stack=1 history_size=4" \
  "${norandom[@]}" ctest --test-dir build-tsan --output-on-failure -j "$jobs" \
  -R '^(host\.hot_swap|host\.robustness|sdk\.host)\.|^interop\.jrpc_oo$' || status=$?
if compgen -G "$reports/report*" >/dev/null; then
  echo "ThreadSanitizer reported:" >&2
  cat "$reports"/report* >&2
  status=1
fi
exit "$status"
