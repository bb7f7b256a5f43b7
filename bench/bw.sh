#!/usr/bin/env bash
# TCP bandwidth of wirespeed, iperf2, iperf3 (Debian's 3.12) and iperf3 3.21+ on one ruler: the
# kernel's rx byte counter of the path's interface (/proc/net/dev; `lo` on loopback), read by
# bench/ruler.py over the span that carried traffic. Each tool's own report is printed beside and
# never used for a ratio. Rounds are interleaved (ws, iperf2, iperf3, iperf3-new, ws, …) so that a
# noisy neighbour hits every tool alike; ratios are the medians of the per-round ratios.
#   ROUNDS=5 SECS=3 STREAMS="1 2 4" ZC_STREAMS="1 2" LEN_STREAMS=1 bench/bw.sh
# Knobs: ROUNDS (5), SECS (3), STREAMS (default-mode stream counts, "1 2 4"), ZC_STREAMS (stream
# counts of the zero-copy rows `-Z --skip-rx-copy`, "1 2"; empty for none), LEN_STREAMS (stream
# counts of the equal-write-size rows, every tool with `-l 1M`, wirespeed's default; "1"; empty for
# none: they show how much of a default-mode lead is the write size), TARGET (127.0.0.1)
# and IFACE (lo): run inside a namespace with a veth pair by setting both, IPERF3_NEW (path of a
# 3.21+ binary; else /opt/iperf3-new/bin/iperf3, built by ../shared/anchors/build-iperf3.sh when
# absent and cc is present), TOOLS (subset of "ws i2 i3 i3n"). Missing iperf tools are skipped
# with a note. WS_JAR compares another wirespeed build. The output is markdown, to paste into
# docs/PERFORMANCE.md as is.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
ROUNDS=${ROUNDS:-5}
SECS=${SECS:-3}
STREAMS=${STREAMS-"1 2 4"}
ZC_STREAMS=${ZC_STREAMS-"1 2"}
LEN_STREAMS=${LEN_STREAMS-"1"}
TARGET=${TARGET:-127.0.0.1}
IFACE=${IFACE:-lo}
TOOLS=${TOOLS:-"ws i2 i3 i3n"}
command -v python3 >/dev/null || { echo "bench/bw.sh: python3 is needed" >&2; exit 1; }

# --- the tools -------------------------------------------------------------------------------
. "$here/scripts/jdk.sh"
ws_find_jdk || exit 1
"$here/wirespeed" --version >/dev/null   # builds the jar if needed, outside the measured runs
# wirespeed runs as a user runs it: through the launcher, with the JVM flags it gives each command
# (a bw client is C1-only). WS_JAVA_OPTS: more JVM flags for client and server (after the launcher's).
# WS_JAR runs another build's jar with plain `java -jar` and WS_JAVA_OPTS alone (A/B of builds).
if [ -n "${WS_JAR:-}" ]; then
  # shellcheck disable=SC2206
  ws_java=("$WS_JAVA_HOME/bin/java" ${WS_JAVA_OPTS:-} -jar "$WS_JAR")
else
  export WIRESPEED_JAVA_OPTS="${WS_JAVA_OPTS:-}"
  ws_java=("$here/wirespeed")
fi
i3n=${IPERF3_NEW:-/opt/iperf3-new/bin/iperf3}
# the anchors sit beside the project (../shared), or beside a worktree's parent
for build in "$here/../shared/anchors/build-iperf3.sh" "$here/../../shared/anchors/build-iperf3.sh"; do
  if [[ " $TOOLS " == *" i3n "* ]] && [ ! -x "$i3n" ] && command -v cc >/dev/null && [ -x "$build" ]; then
    i3n=$("$build" | tail -1) || true
  fi
done
have() {
  case $1 in
    ws) return 0 ;;
    i2) command -v iperf >/dev/null ;;
    i3) command -v iperf3 >/dev/null ;;
    i3n) [ -x "$i3n" ] && "$i3n" -v >/dev/null 2>&1 ;;
  esac
}
tools=()
for t in $TOOLS; do
  if have "$t"; then tools+=("$t"); else echo "bench/bw.sh: $t is not installed, its column stays empty" >&2; fi
done
# the help is read whole first: `| grep -q` under pipefail failed when grep's early exit closed the
# pipe on the launcher, and the zero-copy rows lost wirespeed's column in silence (2026-12-05)
ws_zc=no
ws_help=$("${ws_java[@]}" bw --help 2>/dev/null || true)
[[ $ws_help == *--skip-rx-copy* ]] && ws_zc=yes
[ -n "$ZC_STREAMS" ] && [ $ws_zc = no ] && echo "bench/bw.sh: this wirespeed has no --skip-rx-copy: its zero-copy column stays empty" >&2

out=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("'"$TARGET"'", 0)); print(s.getsockname()[1])'; }
declare -A port server
start_server() {
  port[$1]=$(free_port)
  case $1 in
    ws) "${ws_java[@]}" server --bind "$TARGET" -p "${port[ws]}" >"$out/ws-server.log" 2>&1 & ;;
    i2) iperf -s -B "$TARGET" -p "${port[i2]}" >"$out/i2-server.log" 2>&1 & ;;
    i3) iperf3 -s -B "$TARGET" -p "${port[i3]}" >"$out/i3-server.log" 2>&1 & ;;
    i3n) "$i3n" -s -B "$TARGET" -p "${port[i3n]}" >"$out/i3n-server.log" 2>&1 & ;;
  esac
  server[$1]=$!
  pids+=("$!")
}
for t in "${tools[@]}"; do start_server "$t"; done
sleep 2
alive=()
for t in "${tools[@]}"; do
  if kill -0 "${server[$t]}" 2>/dev/null; then alive+=("$t")
  else echo "bench/bw.sh: the $t server did not start: $(tail -1 "$out/$t-server.log")" >&2; fi
done
tools=("${alive[@]}")

# client command of tool $1 at $2 streams, mode $3 (default | zc | len)
client() {
  local extra=()
  case $3 in
    zc) extra=(-Z --skip-rx-copy) ;;
    len) extra=(-l 1M) ;;
  esac
  case $1 in
    ws) echo "${ws_java[@]}" bw "$TARGET" -p "${port[ws]}" -t "$SECS" -P "$2" -i 0 --json "${extra[@]}" ;;
    i2) echo iperf -c "$TARGET" -p "${port[i2]}" -t "$SECS" -P "$2" -y C "${extra[@]}" ;;
    i3) echo iperf3 -c "$TARGET" -p "${port[i3]}" -t "$SECS" -P "$2" -J "${extra[@]}" ;;
    i3n) echo "$i3n" -c "$TARGET" -p "${port[i3n]}" -t "$SECS" -P "$2" -J "${extra[@]}" ;;
  esac
}
# the tool's own figure in bit/s (receiver side where it reports one), or "-"
self_report() {
  case $1 in
    ws) python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["directions"][0]["receiverSummary"]["bitsPerSecond"])' "$2" ;;
    # iperf2 CSV: one line per stream (field 6 = id, last = bit/s); a SUM line (id -1) when present
    i2) awk -F, '$6 == -1 {sum = $NF} $6 != -1 {total += $NF} END {print (sum != "" ? sum : total)}' "$2" ;;
    i3|i3n) python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["end"]["sum_received"]["bits_per_second"])' "$2" ;;
  esac 2>/dev/null || echo "-"
}
run_one() { # mode streams round tool
  local log="$out/$1-$2-$3-$4.out" m
  # shellcheck disable=SC2046
  m=$(python3 "$here/bench/ruler.py" "$IFACE" "${server[$4]}" "$log" -- $(client "$4" "$2" "$1"))
  echo "$1 $2 $3 $4 $m $(self_report "$4" "$log")" >>"$out/results"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for p in $STREAMS; do
  for r in $(seq 1 "$ROUNDS"); do
    for t in "${tools[@]}"; do run_one default "$p" "$r" "$t"; done
    echo "  default -P $p round $r/$ROUNDS done" >&2
  done
done
for p in $ZC_STREAMS; do
  for r in $(seq 1 "$ROUNDS"); do
    for t in "${tools[@]}"; do
      if [ "$t" = i3n ] || { [ "$t" = ws ] && [ $ws_zc = yes ]; }; then run_one zc "$p" "$r" "$t"; fi
    done
    echo "  zero-copy -P $p round $r/$ROUNDS done" >&2
  done
done
for p in $LEN_STREAMS; do
  for r in $(seq 1 "$ROUNDS"); do
    for t in "${tools[@]}"; do
      if [ "$t" != i3 ]; then run_one len "$p" "$r" "$t"; fi
    done
    echo "  -l 1M -P $p round $r/$ROUNDS done" >&2
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

versions="$("${ws_java[@]}" --version 2>/dev/null | head -1)"
if have i2; then versions+=", $(iperf -v 2>&1 | head -1 | awk '{print "iperf2", $3}' || true)"; fi
if have i3; then versions+=", $(iperf3 -v | head -1 | awk '{print "iperf3", $2}')"; fi
if have i3n; then versions+=", $("$i3n" -v | head -1 | awk '{print "iperf3", $2}') ($i3n)"; fi
{
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "tools: $versions"
  echo "runs: $ROUNDS rounds × $SECS s, interleaved; ruler: rx bytes of $IFACE to $TARGET; load average before $load_before, after $load_after"
} >"$out/header"
python3 - "$out/header" "$out/results" <<'PY'
import sys, statistics as st
header = open(sys.argv[1]).read().splitlines()
rows = [l.split() for l in open(sys.argv[2]) if l.strip()]
names = {"ws": "wirespeed", "i2": "iperf2", "i3": "iperf3 3.12", "i3n": "iperf3 new"}
for line in header:
    print(f"- {line}")
# data[mode][p][tool][round] = record
data = {}
for mode, p, rnd, tool, rate, moved, span, ccpu, scpu, rc, selfr in rows:
    rec = dict(gbps=float(rate) / 1e9, gb=int(moved) / 1e9, ccpu=float(ccpu), scpu=float(scpu), rc=int(rc),
               self=(float(selfr) / 1e9 if selfr not in ("-", "") else None))
    data.setdefault(mode, {}).setdefault(int(p), {}).setdefault(tool, {})[int(rnd)] = rec

def cell(values):
    return f"{st.median(values):.1f} ({min(values):.1f}–{max(values):.1f})" if values else "–"

def ratio(by_tool, a, b):
    if a not in by_tool or b not in by_tool:
        return "–"
    rs = [by_tool[a][r]["gbps"] / by_tool[b][r]["gbps"] for r in by_tool[a]
          if r in by_tool[b] and by_tool[b][r]["gbps"] > 0]
    return f"{st.median(rs):.2f}× ({min(rs):.2f}–{max(rs):.2f})" if rs else "–"

order = ["ws", "i2", "i3", "i3n"]
failed = [(m, p, t, r) for m in data for p in data[m] for t in data[m][p] for r, x in data[m][p][t].items() if x["rc"] != 0]
if "default" in data:
    print("\nDefault mode, Gbit/s on the ruler: median (min–max); ratios are medians of per-round ratios\n")
    print("| -P | " + " | ".join(names[t] for t in order) + " | ws/iperf2 | ws/iperf3 3.12 | ws/iperf3 new |")
    print("|---:|" + "---:|" * (len(order) + 3))
    for p, by_tool in sorted(data["default"].items()):
        cells = [cell([x["gbps"] for x in by_tool.get(t, {}).values()]) for t in order]
        print(f"| {p} | " + " | ".join(cells) + f" | {ratio(by_tool, 'ws', 'i2')} | {ratio(by_tool, 'ws', 'i3')} | {ratio(by_tool, 'ws', 'i3n')} |")
if "zc" in data:
    print("\nZero-copy (`-Z --skip-rx-copy`), Gbit/s on the ruler\n")
    print("| -P | wirespeed | iperf3 new | ws/iperf3 new |")
    print("|---:|---:|---:|---:|")
    for p, by_tool in sorted(data["zc"].items()):
        print(f"| {p} | {cell([x['gbps'] for x in by_tool.get('ws', {}).values()])} "
              f"| {cell([x['gbps'] for x in by_tool.get('i3n', {}).values()])} | {ratio(by_tool, 'ws', 'i3n')} |")
if "len" in data:
    print("\nEqual write size (`-l 1M` for every tool, wirespeed's default), Gbit/s on the ruler\n")
    print("| -P | wirespeed | iperf2 | iperf3 new | ws/iperf2 | ws/iperf3 new |")
    print("|---:|---:|---:|---:|---:|---:|")
    for p, by_tool in sorted(data["len"].items()):
        cells = [cell([x["gbps"] for x in by_tool.get(t, {}).values()]) for t in ("ws", "i2", "i3n")]
        print(f"| {p} | " + " | ".join(cells) + f" | {ratio(by_tool, 'ws', 'i2')} | {ratio(by_tool, 'ws', 'i3n')} |")
print("\nSelf-reports beside the ruler, and CPU seconds per GB moved (medians; client from rusage, including "
      "a JVM's start-up for wirespeed; server from /proc/PID/stat)\n")
print("| mode | -P | tool | ruler Gbit/s | self-report Gbit/s | client CPU s/GB | server CPU s/GB |")
print("|---|---:|---|---:|---:|---:|---:|")
for mode in ("default", "zc", "len"):
    for p, by_tool in sorted(data.get(mode, {}).items()):
        for t in order:
            recs = list(by_tool.get(t, {}).values())
            if not recs:
                continue
            selfs = [x["self"] for x in recs if x["self"] is not None]
            per_gb = lambda key: st.median([x[key] / x["gb"] for x in recs if x["gb"] > 0] or [float("nan")])
            print(f"| {mode} | {p} | {names[t]} | {st.median(x['gbps'] for x in recs):.1f} "
                  f"| {st.median(selfs):.1f} | {per_gb('ccpu'):.3f} | {per_gb('scpu'):.3f} |" if selfs else
                  f"| {mode} | {p} | {names[t]} | {st.median(x['gbps'] for x in recs):.1f} | – "
                  f"| {per_gb('ccpu'):.3f} | {per_gb('scpu'):.3f} |")
if failed:
    print("\nruns that exited non-zero (mode, -P, tool, round): " + ", ".join(map(str, failed)))
PY
