#!/usr/bin/env bash
# Installs what AC-DC++ needs on Debian bookworm: the Debian packages (as root
# or through sudo) and the pinned npm packages (npm ci from package-lock.json).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libboost1.81-dev rapidjson-dev libyaml-cpp-dev libcli11-dev catch2
  libgit2-dev libcurl4-openssl-dev libre2-dev libpcre2-dev libgumbo-dev
  nodejs npm chromium
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
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages, pinned with integrity hashes in package-lock.json. Install
# scripts are skipped: nothing here needs to compile, and they would try to
# download (node-gyp headers, browsers) from hosts this machine cannot reach.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --ignore-scripts --no-audit --no-fund
fi
