#!/usr/bin/env bash
# Instructions the host executes in user space per Echo.echo call at 1 x 1,
# against the protocol floor's (loopback_floor.hpp, FloorWork::jsonrpc),
# both counted by callgrind: unlike CPU time read from /proc, which the
# kernel samples at each tick, the count is the same from run to run, so a
# change of a few percent shows.
#   bench/host/instructions.sh build [calls]
# Needs valgrind (apt-get install valgrind) and the npm packages (npm ci).
set -euo pipefail
build=${1:?usage: instructions.sh <build dir> [calls]}
calls=${2:-5000}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
host_pid=
cleanup() { [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/repo"
printf 'plugins:\n  - name: echo\n' >"$work/acdc.yaml"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# Counts only what is collected between the client's zero and dump.
ACDC_TOKEN=bench ACDC_CONFIG_HOME="$work/config" valgrind --tool=callgrind --callgrind-out-file="$work/host.%p" \
  "$build/acdc" --config "$work/acdc.yaml" --repo "$work/repo" --port "$port" --no-browser \
  --plugin-dir "$build/plugins" >"$work/host.log" 2>&1 &
host_pid=$!
for _ in $(seq 150); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
(cd "$here" && node instructions_client.mjs "$port" bench "$host_pid" "$calls")
summary() { awk '/^summary:/ { print $2; exit }' "$1"; }
host=$(( $(summary "$(ls "$work"/host.*.1)") / calls ))

# The floor: the same work twice over, so that start-up cancels out.
floor_run() { valgrind --tool=callgrind --callgrind-out-file="$work/floor.$1" "$build/acdc-bench-protocol-floor" "$1" >/dev/null 2>&1; summary "$work/floor.$1"; }
floor=$(( ($(floor_run $((calls * 2))) - $(floor_run "$calls")) / calls ))

printf 'instructions per Echo.echo call at 1 x 1 (user space, callgrind, %d calls)\n' "$calls"
printf '  %-40s %8d\n' "acdc (host and echo plugin)" "$host" "protocol floor (no socket)" "$floor"
awk -v a="$host" -v b="$floor" 'BEGIN { printf "  %-40s %8.2fx\n", "acdc / protocol floor", a / b }'
