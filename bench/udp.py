#!/usr/bin/env python3
"""UDP at -b 0: wirespeed against iperf3 3.21 --gsro, iperf3 3.21 plain, iperf2 -u and sockperf
throughput, interleaved, in one network namespace of its own (bench/udp.sh makes it), on one ruler.

The ruler is the namespace's /proc/net/snmp `Udp:` counters over each client run: InDatagrams
(delivered to a socket by a receive call) and RcvbufErrors (dropped because the socket's queue was
full). Only the tools under test use the namespace, so nothing else moves them. How GRO-merged
datagrams count: the kernel counts InDatagrams once per receive call that returned data
(udp_recvmsg), and a UDP_GRO socket's receive returns a coalesced batch (up to 64 KiB), so for the
GRO receivers (wirespeed, iperf3 --gsro) InDatagrams counts batches, not datagrams, and RcvbufErrors
counts dropped queue entries, each a batch or a datagram. For the others both are datagrams.
Hence the received rate compared here is each tool's own receiver count (wirespeed's and iperf3's
count every datagram by its sequence number, iperf2's server report likewise); sockperf's receiver
reports nothing, so its received figure is the ruler's InDatagrams (no GRO there: exact).

Environment: NS (namespace, required), ROUNDS (3), SECS (3), ROWS ("1472:1 1472:2 8972:1 8972:2 64:1"),
TOOLS ("ws i3g i3n i2 sp"; i3gw = iperf3 --gsro -w 4M, wirespeed's socket buffers), IPERF3_NEW (a 3.21 binary), WS (the wirespeed launcher).
Prints markdown.
"""
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

NS = os.environ.get("NS", "")
ROUNDS = int(os.environ.get("ROUNDS", "3"))
SECS = int(os.environ.get("SECS", "3"))
ROWS = [tuple(int(x) for x in r.split(":")) for r in os.environ.get("ROWS", "1472:1 1472:2 8972:1 8972:2 64:1").split()]
TOOLS = os.environ.get("TOOLS", "ws i3g i3gw i3n i2 sp").split()
I3 = os.environ.get("IPERF3_NEW", "/opt/iperf3-new/bin/iperf3")
WS = os.environ.get("WS", "wirespeed")
NAMES = {"ws": "wirespeed", "i3g": "iperf3 3.21 --gsro", "i3gw": "iperf3 3.21 --gsro -w 4M", "i3n": "iperf3 3.21",
         "i2": "iperf2 -u", "sp": "sockperf tp"}
HOST = "127.0.0.1"
out = tempfile.mkdtemp(prefix="udp-bench-")


def ns(*cmd):
    return ["ip", "netns", "exec", NS, *cmd]


def snmp():
    text = subprocess.run(ns("cat", "/proc/net/snmp"), capture_output=True, text=True, check=True).stdout
    lines = [l.split() for l in text.splitlines() if l.startswith("Udp:")]
    return dict(zip(lines[0][1:], (int(v) for v in lines[1][1:])))


ports = {"ws": 5301, "i3g": 5201, "i3gw": 5201, "i3n": 5201, "i2": 5001, "sp": 11111}
servers = {}


def start_servers():
    logs = {}
    if "ws" in TOOLS:
        servers["ws"] = subprocess.Popen(ns(WS, "server", "-B", HOST, "-p", str(ports["ws"])),
                                         stdout=open(f"{out}/ws-server.log", "w"), stderr=subprocess.STDOUT)
    if {"i3g", "i3gw", "i3n"} & set(TOOLS):
        servers["i3"] = subprocess.Popen(ns(I3, "-s", "-B", HOST, "-p", str(ports["i3n"])),
                                         stdout=open(f"{out}/i3-server.log", "w"), stderr=subprocess.STDOUT)
    if "i2" in TOOLS:
        logs["i2"] = f"{out}/i2-server.log"
        servers["i2"] = subprocess.Popen(ns("iperf", "-s", "-u", "-B", HOST, "-p", str(ports["i2"]), "-y", "C"),
                                         stdout=open(logs["i2"], "w"), stderr=subprocess.STDOUT)
    if "sp" in TOOLS:
        servers["sp"] = subprocess.Popen(ns("sockperf", "sr", "-i", HOST, "-p", str(ports["sp"])),
                                         stdout=open(f"{out}/sp-server.log", "w"), stderr=subprocess.STDOUT)
    time.sleep(3)  # the JVM server's start-up
    return logs


def i2_lines():
    with open(f"{out}/i2-server.log") as f:
        return [l.strip().split(",") for l in f if l.count(",") >= 13]


def run(tool, length, streams):
    """One client run: (tool's received bit/s, received datagrams/s, loss %, socket drops or None), ruler deltas."""
    before = snmp()
    i2_before = len(i2_lines()) if tool == "i2" else 0
    t0 = time.monotonic()
    own = (None, None, None, None)
    if tool == "ws":
        r = subprocess.run(ns(WS, "bw", HOST, "-p", str(ports["ws"]), "--udp", "-b", "0", "-l", str(length),
                              "-P", str(streams), "-t", str(SECS), "-i", "0", "--json", "--no-save"),
                           capture_output=True, text=True, timeout=SECS + 60)
        try:
            rx = json.loads(r.stdout)["directions"][0]["receiverSummary"]
            own = (rx["bitsPerSecond"], rx.get("packetsPerSecond"), rx["lossPercent"], rx.get("socketDrops"))
        except (ValueError, KeyError, IndexError, TypeError):
            print(f"<!-- ws failed: {r.stderr.strip()[:200]} -->", file=sys.stderr)
    elif tool in ("i3g", "i3gw", "i3n"):
        # i3gw: --gsro with the socket buffers wirespeed asks for (4 MiB), like for like
        cmd = [I3, "-c", HOST, "-p", str(ports[tool]), "-u", "-b", "0", "-l", str(length), "-P", str(streams),
               "-t", str(SECS), "--json"] + (["--gsro"] if tool != "i3n" else []) + (["-w", "4M"] if tool == "i3gw" else [])
        r = subprocess.run(ns(*cmd), capture_output=True, text=True, timeout=SECS + 60)
        try:
            s = json.loads(r.stdout)["end"]["sum_received"]
            received = s["bytes"] // length
            own = (s["bits_per_second"], received / s["seconds"] if s["seconds"] else None, s["lost_percent"], None)
        except (ValueError, KeyError, TypeError):
            print(f"<!-- {tool} failed: {r.stdout.strip()[-200:]} -->", file=sys.stderr)
    elif tool == "i2":
        # iperf2 refuses -b 0; 1000G is as fast as it can
        subprocess.run(ns("iperf", "-c", HOST, "-p", str(ports["i2"]), "-u", "-b", "1000G", "-l", str(length),
                          "-P", str(streams), "-t", str(SECS)), capture_output=True, text=True, timeout=SECS + 60)
        time.sleep(0.5)
        # server CSV: ..., interval, bytes, bps, jitter, lost, total, percent, ooo; per stream (id > 0)
        rows = [l for l in i2_lines()[i2_before:] if not l[5].startswith("-")]
        if rows:
            # the server reads with its own -l (1470 B by default), so its byte count is of truncated
            # datagrams; what arrived is total - lost datagrams of the client's length
            lost = sum(int(l[10]) for l in rows)
            total = sum(int(l[11]) for l in rows)
            span = max(float(l[6].split("-")[1]) - float(l[6].split("-")[0]) for l in rows)
            received = total - lost
            own = (received * length * 8 / span, received / span, 100.0 * lost / total if total else None, None)
    elif tool == "sp":
        procs = [subprocess.Popen(ns("sockperf", "tp", "-i", HOST, "-p", str(ports["sp"]), "-m", str(length),
                                     "-t", str(SECS)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for _ in range(streams)]
        for p in procs:
            p.wait(timeout=SECS + 60)
    after = snmp()
    wall = time.monotonic() - t0
    d = {k: after[k] - before[k] for k in ("InDatagrams", "RcvbufErrors", "OutDatagrams")}
    if tool == "sp":
        # no receiver report: the ruler's datagrams (no GRO on sockperf's socket) over the asked time
        out_dgrams = d["OutDatagrams"]
        own = (d["InDatagrams"] * length * 8 / SECS, d["InDatagrams"] / SECS,
               100.0 * (out_dgrams - d["InDatagrams"]) / out_dgrams if out_dgrams else None, None)
    return own, d, wall


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt_rate(bps):
    return "–" if bps is None else f"{bps / 1e9:.2f}"


def fmt_pps(p):
    return "–" if p is None else (f"{p / 1e6:.2f} M" if p >= 1e6 else f"{p / 1e3:.0f} k")


def fmt_pct(p):
    return "–" if p is None else f"{p:.1f}"


def table(results, header):
    print(header)
    print("| -l | -P | tool | received Gbit/s | received datagrams/s | loss % | ruler InDatagrams/s | ruler RcvbufErrors/s | wirespeed ÷ tool (received, median of per-round ratios) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for length, streams in ROWS:
        ws_rounds = results.get((length, streams, "ws"), [])
        for tool in TOOLS:
            rs = results.get((length, streams, tool), [])
            if not rs:
                continue
            rate = med([o[0] for o, _ in rs])
            pps = med([o[1] for o, _ in rs])
            loss = med([o[2] for o, _ in rs])
            ind = med([r["InDatagrams"] / SECS for _, r in rs])
            drops = med([r["RcvbufErrors"] / SECS for _, r in rs])
            ratio = "–"
            if tool != "ws":
                per = [w[0][0] / t[0][0] for w, t in zip(ws_rounds, rs) if w[0][0] and t[0][0]]
                if per:
                    ratio = f"{statistics.median(per):.2f}× (rounds {min(per):.2f}–{max(per):.2f})"
            print(f"| {length} | {streams} | {NAMES[tool]} | {fmt_rate(rate)} | {fmt_pps(pps)} | {fmt_pct(loss)} | "
                  f"{fmt_pps(ind)} | {fmt_pps(drops)} | {ratio} |")


def main():
    if os.environ.get("RENDER"):
        # re-render a finished run's raw.json (RENDER=path), e.g. after correcting a parser
        raw = json.load(open(os.environ["RENDER"]))
        results = {}
        for k, v in raw.items():
            length, streams, tool = k.split(":")
            results[(int(length), int(streams), tool)] = v
        table(results, f"(re-rendered from {os.environ['RENDER']})\n")
        return
    if not NS:
        raise SystemExit("bench/udp.py: run it through bench/udp.sh (NS, the namespace, is not set)")
    start_servers()
    load = os.getloadavg()
    results = {}
    t_start = time.time()
    for rnd in range(ROUNDS):
        for length, streams in ROWS:
            for tool in TOOLS:
                own, ruler, wall = run(tool, length, streams)
                results.setdefault((length, streams, tool), []).append((own, ruler))
                print(f"round {rnd + 1} -l {length} -P {streams} {tool}: {own} ruler {ruler} {wall:.1f}s",
                      file=sys.stderr)
    load_after = os.getloadavg()
    for p in servers.values():
        p.terminate()
    table(results, f"UDP `-b 0`, loopback in a namespace of its own, {ROUNDS} rounds × {SECS} s, interleaved "
          f"(tools within a row, rows within a round); {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(t_start))}; "
          f"load average before {load[0]:.1f}, after {load_after[0]:.1f} on {os.cpu_count()} cores. "
          f"Medians of the rounds. Received = the tool's own receiver count (sockperf: the ruler's); "
          f"ruler = the namespace's Udp InDatagrams and RcvbufErrors per second of the asked time "
          f"(for GRO receivers one InDatagram is one coalesced read, see below).\n")
    with open(f"{out}/raw.json", "w") as f:
        json.dump({f"{k[0]}:{k[1]}:{k[2]}": v for k, v in results.items()}, f)
    print(f"\n(raw per-round figures: {out}/raw.json)")


if __name__ == "__main__":
    main()
