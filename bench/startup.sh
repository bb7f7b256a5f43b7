#!/usr/bin/env bash
# Whole-process wall time of a command: median (and min, max) of N runs, in ms.
#   bench/startup.sh [-n 10] -- COMMAND ARGS...
# Used for docs/PERFORMANCE.md's "Start-up time" table. Output of the command is discarded.
set -euo pipefail
n=10
if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
[ "${1:-}" = -- ] && shift
times=()
for ((i = 0; i < n; i++)); do
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  times+=($(((t1 - t0) / 1000000)))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
if ((n % 2)); then med=${sorted[n / 2]}; else med=$(((sorted[n / 2 - 1] + sorted[n / 2]) / 2)); fi
printf 'median %d ms  min %d  max %d  (n=%d)  %s\n' "$med" "${sorted[0]}" "${sorted[n - 1]}" "$n" "$*"
