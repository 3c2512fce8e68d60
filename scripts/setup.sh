#!/usr/bin/env bash
# Installs what AC-DC++ needs on Debian bookworm: the Debian packages (as root
# or through sudo) and the pinned npm packages (npm ci from package-lock.json).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  clang-14 libclang-rt-14-dev
  libboost1.81-dev rapidjson-dev libyaml-cpp-dev libcli11-dev catch2
  libgit2-dev libcurl4-openssl-dev libssl-dev libgumbo-dev libre2-dev libpcre2-dev libxxhash-dev libtree-sitter-dev
  nodejs npm chromium xdg-utils bubblewrap
  file  # CPack's .deb: which installed files are ELF, for dpkg-shlibdeps (scripts/package.sh)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# nodejs may come from elsewhere (with npm bundled): accept any working node and npm.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
read -r -a missing <<<"${missing[*]}"
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: installing ${missing[*]} needs root: run this as root, or install sudo" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  "${sudo_cmd[@]}" apt-get update -qq
  # Through env: sudo would drop a DEBIAN_FRONTEND set in front of it.
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The pinned web tools (vite, marked, playwright-core) need Node.js 20 or
# later; bookworm's own nodejs is 18, which fails deep inside their code.
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "setup: Node.js $(node --version) is too old: the web app's build and browser tests need Node.js 20 or later" >&2
  echo "setup: install Node.js 20+ (the machine's own, or from a source you trust), then run this again" >&2
  exit 1
fi

# npm packages, pinned with integrity hashes in package-lock.json. Install
# scripts are skipped: nothing here needs to compile, and they would try to
# download (node-gyp headers, browsers) from hosts this machine cannot reach.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --ignore-scripts --no-audit --no-fund
fi
