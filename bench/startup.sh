#!/usr/bin/env bash
# Whole-process start-up cost of a command: median wall time and median CPU time (user + sys) of N
# runs, in ms. CPU time says more than wall time on a machine that other work keeps busy.
#   bench/startup.sh [-n 10] -- COMMAND ARGS...
# Used for docs/PERFORMANCE.md's "Start-up time" table. The command's output is discarded.
set -euo pipefail
n=10
if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
[ "${1:-}" = -- ] && shift
walls=() cpus=()
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for ((i = 0; i < n; i++)); do
  /usr/bin/time -o "$tmp" -f '%e %U %S' "$@" >/dev/null 2>&1 || true
  read -r e u s <"$tmp"
  walls+=("$(awk -v e="$e" 'BEGIN { printf "%d", e * 1000 }')")
  cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1000 }')")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
printf 'wall median %5d ms   cpu median %5d ms   (n=%d, load %s)   %s\n' \
  "$(median "${walls[@]}")" "$(median "${cpus[@]}")" "$n" "$(cut -d' ' -f1 /proc/loadavg)" "$*"
