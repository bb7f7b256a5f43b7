#!/usr/bin/env bash
# Side-by-side latency on loopback: wirespeed lat vs sockperf ping-pong vs qperf tcp_lat/udp_lat,
# TCP and UDP at 64 B and 4 KiB, blocking and busy-poll, interleaved in one run (A B C A B C …),
# REPS repetitions of SECS seconds each. Prints p50 and p99 one-way latency (RTT/2) for each tool
# and the ratios to the best C tool; then UDP bandwidth at -b 0 with 65507-byte datagrams (the
# largest UDP payload; iperf3 refuses 64 KiB) against iperf3 -u. Needs sockperf, qperf, iperf3, python3.
#   REPS=3 SECS=3 SIZES="64 4096" MODES="block busy" PROTOS="tcp udp" UDP_BW=1 bench/lat.sh
#
# What each tool reports: wirespeed and sockperf give percentiles of RTT/2; qperf gives only the
# mean of RTT/2, shown in its own column and counted as a C tool's p50 (a mean is usually above
# the median, so where qperf is the best C tool the bar may be a little easier). Busy-poll: wirespeed spins on
# non-blocking sockets on both sides; sockperf is run with --nonblocked --timeout 0 on both sides
# (its closest mode without VMA); qperf has no such mode for TCP/UDP and is left out there.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
REPS=${REPS:-3}
SECS=${SECS:-3}
SIZES=${SIZES:-"64 4096"}
MODES=${MODES:-"block busy"}
PROTOS=${PROTOS:-"tcp udp"}
UDP_BW=${UDP_BW:-1}
for tool in sockperf qperf iperf3 python3; do
  command -v $tool >/dev/null || { echo "bench/lat.sh: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done
ws="$here/wirespeed"
"$ws" --version >/dev/null   # builds the jar if needed, outside the measured runs

WS_PORT=5313; SP_TCP=11313; SP_UDP=11314; SP_TCP_BUSY=11315; SP_UDP_BUSY=11316; QP_PORT=19767; I3_PORT=5213
out=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
"$ws" server --bind 127.0.0.1 -p $WS_PORT >"$out/ws-server.log" 2>&1 & pids+=($!)
sockperf sr --tcp -i 127.0.0.1 -p $SP_TCP >"$out/sp1.log" 2>&1 & pids+=($!)
sockperf sr -i 127.0.0.1 -p $SP_UDP >"$out/sp2.log" 2>&1 & pids+=($!)
# The busy-poll sockperf servers spin at 100 % of a core even when idle: each is started just for
# its own run (run_sp), or two idle spinners would take this machine's cores from every other run.
qperf -lp $QP_PORT >"$out/qp.log" 2>&1 & pids+=($!)
iperf3 -s -B 127.0.0.1 -p $I3_PORT >"$out/i3.log" 2>&1 & pids+=($!)
sleep 2

# each prints "p50 p99" in microseconds (one-way)
run_ws() { # proto size busy
  local flags=(); [ "$1" = udp ] && flags+=(--udp); [ "$3" = busy ] && flags+=(--busy-poll)
  "$ws" lat 127.0.0.1 -p $WS_PORT -s "$2" -t "$SECS" --warmup 1000 "${flags[@]}" --json \
    | python3 -c 'import json,sys; r=json.load(sys.stdin)["rows"][0]["oneWayMicros"]; print(r["p50"], r["p99"])'
}
run_sp() {
  local flags=() port
  if [ "$1" = tcp ]; then flags+=(--tcp); port=$SP_TCP; else port=$SP_UDP; fi
  local server=""
  if [ "$3" = busy ]; then
    flags+=(--nonblocked --timeout 0); port=$((port + 2))
    sockperf sr "${flags[@]}" -i 127.0.0.1 -p "$port" >>"$out/sp-busy.log" 2>&1 & server=$!
    sleep 1
  fi
  sockperf ping-pong -i 127.0.0.1 -p "$port" -m "$2" -t "$SECS" "${flags[@]}" 2>&1 \
    | awk '/percentile 50.000/ {p50=$NF} /percentile 99.000/ {p99=$NF} END {print p50, p99}'
  if [ -n "$server" ]; then kill "$server"; wait "$server" 2>/dev/null || true; fi
}
run_qp() { # qperf prints "latency  =  20.4 us" (or ns/ms): the mean of RTT/2
  qperf 127.0.0.1 -lp $QP_PORT -m "$2" -t "$SECS" "$1_lat" 2>&1 \
    | awk '/latency/ {v=$3; u=$4; if (u=="ns") v/=1000; if (u=="ms") v*=1000; if (u=="sec") v*=1e6; print v, "-"}'
}

echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tools: $("$ws" --version), $(sockperf --version 2>&1 | head -1), qperf $(qperf --version 2>&1 | head -1), $(iperf3 -v | head -1)"
echo "runs: $REPS × $SECS s per tool and case, interleaved"
for mode in $MODES; do
  for proto in $PROTOS; do
    for size in $SIZES; do
      for r in $(seq 1 "$REPS"); do
        echo "$mode $proto $size ws $(run_ws $proto $size $mode)" >>"$out/results"
        echo "$mode $proto $size sp $(run_sp $proto $size $mode)" >>"$out/results"
        [ $mode = block ] && echo "$mode $proto $size qp $(run_qp $proto $size)" >>"$out/results"
        echo "  $mode $proto $size B run $r/$REPS done" >&2
      done
    done
  done
done
if [ "$UDP_BW" = 1 ]; then
  for r in $(seq 1 "$REPS"); do
    "$ws" bw 127.0.0.1 -p $WS_PORT --udp -b 0 -l 65507 -t "$SECS" -i 0 --json | python3 -c '
import json,sys; d=json.load(sys.stdin)["directions"][0]
print("udpbw ws", d["senderSummary"]["bitsPerSecond"], d["receiverSummary"]["bitsPerSecond"], d["receiverSummary"]["lossPercent"])' >>"$out/results"
    iperf3 -c 127.0.0.1 -p $I3_PORT -u -b 0 -l 65507 -t "$SECS" -J 2>/dev/null | python3 -c '
import json,sys; e=json.load(sys.stdin)["end"]
print("udpbw i3", e["sum_sent"]["bits_per_second"], e["sum_received"]["bits_per_second"], e["sum_received"]["lost_percent"])' >>"$out/results"
    echo "  UDP bandwidth run $r/$REPS done" >&2
  done
fi
python3 - "$out/results" <<'PY'
import sys, statistics as st
lat, bw = {}, {}
for line in open(sys.argv[1]):
    f = line.split()
    if not f:
        continue
    if f[0] == "udpbw":
        bw.setdefault(f[1], []).append([float(x) for x in f[2:5]])
        continue
    mode, proto, size, tool, p50, p99 = f
    lat.setdefault((mode, proto, int(size)), {}).setdefault(tool, []).append(
        (float(p50), None if p99 == "-" else float(p99)))
def med(v):
    return st.median(v) if v else None
def fmt(v):
    return "–" if v is None else f"{v:.2f}"
print()
print("| mode | proto | size | wirespeed p50 / p99 µs | sockperf p50 / p99 µs | qperf mean µs | p50 ws/best C | p99 ws/sockperf |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for key in sorted(lat, key=lambda k: (k[0], k[1], k[2])):
    t = lat[key]
    ws50, ws99 = med([a for a, _ in t.get("ws", [])]), med([b for _, b in t.get("ws", [])])
    sp50, sp99 = med([a for a, _ in t.get("sp", [])]), med([b for _, b in t.get("sp", [])])
    qp = med([a for a, _ in t.get("qp", [])])
    best = min(x for x in (sp50, qp) if x is not None)
    print(f"| {key[0]} | {key[1]} | {key[2]} | {fmt(ws50)} / {fmt(ws99)} | {fmt(sp50)} / {fmt(sp99)} | {fmt(qp)} "
          f"| {ws50/best:.2f}× | {ws99/sp99:.2f}× |")
print("\none-way latency = RTT/2, median over runs; targets: p50 ≤ 1.05×, p99 ≤ 1.10× the best C tool (blocking), below it with busy-poll")
if bw:
    print()
    print("| UDP -b 0, 65507 B | sent Gbit/s | received Gbit/s | loss % |")
    print("|---|---:|---:|---:|")
    names = {"ws": "wirespeed", "i3": "iperf3"}
    for tool in ("ws", "i3"):
        if tool in bw:
            v = bw[tool]
            print(f"| {names[tool]} | {med([x[0] for x in v])/1e9:.2f} | {med([x[1] for x in v])/1e9:.2f} | {med([x[2] for x in v]):.1f} |")
    if "ws" in bw and "i3" in bw:
        print(f"\nreceived ratio wirespeed/iperf3: {med([x[1] for x in bw['ws']]) / med([x[1] for x in bw['i3']]):.2f}× (target ≥ 1.0×)")
PY
