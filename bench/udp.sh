#!/usr/bin/env bash
# UDP at -b 0, side by side and interleaved in one run: wirespeed against iperf3 3.21 --gsro,
# iperf3 3.21 plain, iperf2 -u and sockperf throughput, at 1472 B and 8972 B with -P 1 and 2, plus a
# 64 B packet-rate row, on one ruler (/proc/net/snmp Udp InDatagrams and RcvbufErrors of a network
# namespace made for the run, so no other traffic moves them). bench/udp.py says how GRO-merged
# datagrams count. Needs root (ip netns). Prints markdown for docs/PERFORMANCE.md.
#   ROUNDS=3 SECS=3 bench/udp.sh
# Knobs: ROUNDS (3), SECS (3), ROWS ("LEN:P ...", default "1472:1 1472:2 8972:1 8972:2 64:1"),
# TOOLS (subset of "ws i3g i3gw i3n i2 sp"; i3gw is iperf3 --gsro -w 4M, wirespeed's socket buffers), IPERF3_NEW (a 3.21+ binary; else /opt/iperf3-new/bin/iperf3,
# else built by ../shared/anchors/build-iperf3.sh into a scratch PREFIX).
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
command -v python3 >/dev/null || { echo "bench/udp.sh: python3 is needed" >&2; exit 1; }
command -v ip >/dev/null || { echo "bench/udp.sh: ip (iproute2) is needed" >&2; exit 1; }
"$here/wirespeed" --version >/dev/null   # builds the jar if needed, outside the measured runs
i3n=${IPERF3_NEW:-/opt/iperf3-new/bin/iperf3}
if ! "$i3n" -v >/dev/null 2>&1; then
  for build in "$here/../shared/anchors/build-iperf3.sh" "$here/../../shared/anchors/build-iperf3.sh"; do
    if [ -x "$build" ] && command -v cc >/dev/null; then
      i3n=$(PREFIX=${TMPDIR:-/tmp}/iperf3-3.21 "$build" | tail -1) && break
    fi
  done
fi
tools=""
for t in ${TOOLS:-ws i3g i3gw i3n i2 sp}; do
  case $t in
    i3g|i3gw|i3n) "$i3n" -v 2>/dev/null | grep -q '3\.2[1-9]' && "$i3n" --help 2>&1 | grep -q -- --gsro ;;
    i2) command -v iperf >/dev/null ;;
    sp) command -v sockperf >/dev/null ;;
    *) true ;;
  esac && tools="$tools $t" || echo "bench/udp.sh: $t is not available, its rows stay out" >&2
done
ns="wsudp$$"
ip netns add "$ns"
trap 'ip netns pids "$ns" 2>/dev/null | xargs -r kill 2>/dev/null; sleep 0.5; ip netns del "$ns"' EXIT
ip netns exec "$ns" ip link set lo up
NS=$ns TOOLS="${tools# }" IPERF3_NEW=$i3n WS="$here/wirespeed" python3 "$here/bench/udp.py"
