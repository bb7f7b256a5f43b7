#!/usr/bin/env bash
# Connection rate: wirespeed lat --connect against netperf -t TCP_CRR (when netperf is installed;
# Debian ships it in non-free) and against the kernel's own count of SYNs. Everything runs on the
# loopback of a network namespace made here (root; deleted on exit), so its /proc/net/snmp counts
# only these tests: client ActiveOpens must move by the connect attempts wirespeed reports plus one
# (its control connection). REPS rounds of SECS seconds, P transactions at once, interleaved.
#   REPS=3 SECS=2 P=1 bench/crr-vs-netperf.sh
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
REPS=${REPS:-3}
SECS=${SECS:-2}
P=${P:-1}
command -v python3 >/dev/null || { echo "bench/crr-vs-netperf.sh: python3 is needed" >&2; exit 1; }
ws="$here/wirespeed"
"$ws" --version >/dev/null   # builds the jar if needed, outside the measured runs
ns=wscrr$$
out=$(mktemp -d)
pids=()
# every process of the namespace (the servers run under a shell function's subshell, so its pid is not theirs)
cleanup() { for p in $(ip netns pids $ns 2>/dev/null) "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true; ip netns del $ns 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
ip netns add $ns
ip -n $ns link set lo up
in_ns() { ip netns exec $ns "$@"; }
active() { in_ns awk '/^Tcp:/ { if (!h) { for (i = 1; i <= NF; i++) c[$i] = i; h = 1 } else print $c["ActiveOpens"] }' /proc/net/snmp; }
in_ns "$ws" server --bind 127.0.0.1 -p 5320 >"$out/ws-server.log" 2>&1 & pids+=($!)
have_netperf=0
if command -v netperf >/dev/null && command -v netserver >/dev/null; then
  in_ns netserver -D -p 12865 >"$out/netserver.log" 2>&1 & pids+=($!)
  have_netperf=1
else
  echo "netperf not installed: comparing with the kernel's SYN count only"
fi
sleep 3
printf '%-5s %14s %14s %14s %14s\n' round "ws tps" "ws attempts+1" "ActiveOpens" "netperf tps"
for r in $(seq 1 "$REPS"); do
  before=$(active)
  in_ns "$ws" lat 127.0.0.1 -p 5320 --connect -t "$SECS" -P "$P" --json --no-save >"$out/ws.json"
  after=$(active)
  read -r tps attempts < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["transactionsPerSecond"], r["connectAttempts"])' "$out/ws.json")
  np="-"
  if [ $have_netperf = 1 ]; then
    # netperf's one stream; its result line ends with the transaction rate
    np=$(in_ns netperf -H 127.0.0.1 -p 12865 -t TCP_CRR -l "$SECS" -P 0 -- -r 1,1 | awk 'NF { v = $NF } END { print v }')
  fi
  printf '%-5s %14s %14s %14s %14s\n' "$r" "$tps" "$((attempts + 1))" "$((after - before))" "$np"
done
