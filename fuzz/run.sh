#!/usr/bin/env bash
# One bounded fuzz run, as ctest -L fuzz does it:
#   fuzz/run.sh <fuzzer> <seed corpus dir> <work dir> <seconds> [libFuzzer flags...]
# New inputs go to <work dir>/corpus (the seeds in the repository stay as they
# are); a crash, a leak, undefined behaviour or an input slower than 10 s fails
# the run and leaves the input in <work dir> (crash-*, leak-*, timeout-*).
set -euo pipefail
fuzzer=$1 seeds=$2 work=$3 seconds=$4
shift 4
mkdir -p "$work/corpus"
here=$(cd "$(dirname "$0")" && pwd)
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$here/ubsan.supp${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
exec "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
  -artifact_prefix="$work/" "$@" "$work/corpus" "$seeds"
