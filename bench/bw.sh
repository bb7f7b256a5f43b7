#!/usr/bin/env bash
# Side-by-side TCP bandwidth on loopback: wirespeed vs iperf2 vs iperf3, interleaved in one run
# (A B C A B C …), REPS repetitions of SECONDS each at every stream count. Prints the medians and
# the ratios wirespeed/iperf2 and wirespeed/iperf3, and the machine. Needs iperf, iperf3, python3.
#   REPS=3 SECONDS=5 STREAMS="1 2 4" bench/bw.sh
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
REPS=${REPS:-3}
SECS=${SECONDS_PER_RUN:-${SECS:-5}}
STREAMS=${STREAMS:-"1 2 4"}
for tool in iperf iperf3 python3; do
  command -v $tool >/dev/null || { echo "bench/bw.sh: $tool is needed (apt-get install ${tool/python3/python3})" >&2; exit 1; }
done
ws="$here/wirespeed"
"$ws" --version >/dev/null   # builds the jar if needed, outside the measured runs

WS_PORT=5311; I2_PORT=5011; I3_PORT=5211
out=$(mktemp -d)
cleanup() { kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
"$ws" server --bind 127.0.0.1 -p $WS_PORT >"$out/ws-server.log" 2>&1 &
iperf -s -B 127.0.0.1 -p $I2_PORT >"$out/i2-server.log" 2>&1 &
iperf3 -s -B 127.0.0.1 -p $I3_PORT >"$out/i3-server.log" 2>&1 &
sleep 2

run_ws() { "$ws" bw 127.0.0.1 -p $WS_PORT -t "$SECS" -P "$1" -i 0 --json \
  | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["directions"][0]["receiverSummary"]["bitsPerSecond"])'; }
# iperf2 CSV (-y C): one line per stream (field 6 = id, last field = bit/s); 2.1.8 prints no SUM line
# in CSV mode, older versions print one with id -1: use it when present, else add the streams up.
run_i2() { iperf -c 127.0.0.1 -p $I2_PORT -t "$SECS" -P "$1" -y C \
  | awk -F, '$6 == -1 {sum_line = $NF} $6 != -1 {total += $NF} END {print (sum_line != "" ? sum_line : total)}'; }
run_i3() { iperf3 -c 127.0.0.1 -p $I3_PORT -t "$SECS" -P "$1" -J \
  | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["end"]["sum_received"]["bits_per_second"])'; }

echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "tools: $("$ws" --version), $(iperf -v 2>&1 | head -1), $(iperf3 -v | head -1)"
echo "runs: $REPS × $SECS s per tool and stream count, interleaved (wirespeed, iperf2, iperf3, …)"
for p in $STREAMS; do
  for r in $(seq 1 "$REPS"); do
    echo "$p ws $(run_ws "$p")" >>"$out/results"
    echo "$p i2 $(run_i2 "$p")" >>"$out/results"
    echo "$p i3 $(run_i3 "$p")" >>"$out/results"
    echo "  -P $p run $r/$REPS done" >&2
  done
done
python3 - "$out/results" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
data = {}
for p, tool, bps in rows:
    data.setdefault(int(p), {}).setdefault(tool, []).append(float(bps) / 1e9)
print()
print("| streams | wirespeed Gbit/s | iperf2 Gbit/s | iperf3 Gbit/s | wirespeed/iperf2 | wirespeed/iperf3 |")
print("|---:|---:|---:|---:|---:|---:|")
for p in sorted(data):
    m = {t: st.median(v) for t, v in data[p].items()}
    spread = {t: f"{min(v):.1f}–{max(v):.1f}" for t, v in data[p].items()}
    print(f"| {p} | {m['ws']:.1f} ({spread['ws']}) | {m['i2']:.1f} ({spread['i2']}) | {m['i3']:.1f} ({spread['i3']}) "
          f"| {m['ws']/m['i2']:.2f}× | {m['ws']/m['i3']:.2f}× |")
print("\nmedian of the runs, (min–max) in brackets; receiver-side rate for wirespeed and iperf3, client-side for iperf2")
PY
