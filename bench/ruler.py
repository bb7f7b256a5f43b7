#!/usr/bin/env python3
"""One ruler for every tool: runs a client command and measures the bytes through an interface.

    ruler.py IFACE SERVER_PID OUTFILE -- COMMAND...

The kernel's rx byte counter of IFACE (/proc/net/dev) is sampled every 20 ms while COMMAND runs.
The measured span runs from the first to the last sample interval that carried at least 5 % of the
run's peak rate, so neither a JVM's start-up nor a tool's teardown counts as transfer time, and a
tool that runs longer than asked is not flattered either: its extra bytes and time both count.
Prints one line: rate_bps bytes span_s client_cpu_s server_cpu_s exit_code.
CPU seconds: the client from wait4's rusage (user + system, its children included), the server
from /proc/PID/stat (utime + stime of all its threads) before and after.
"""
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def rx_bytes(iface):
    with open("/proc/net/dev") as f:
        for line in f:
            name, sep, rest = line.partition(":")
            if sep and name.strip() == iface:
                return int(rest.split()[0])
    raise SystemExit(f"ruler: no interface {iface} in /proc/net/dev")


def proc_cpu(pid):
    if pid <= 0:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    # fields after the command name: state is [0], utime [11], stime [12] (proc(5) fields 14 and 15)
    return (int(fields[11]) + int(fields[12])) / TICK


def main():
    iface, server_pid, outfile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    command = sys.argv[sys.argv.index("--") + 1:]
    server_before = proc_cpu(server_pid)
    samples = [(time.monotonic(), rx_bytes(iface))]
    with open(outfile, "wb") as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        status, usage = 0, None
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            samples.append((time.monotonic(), rx_bytes(iface)))
            if pid != 0:
                break
            time.sleep(0.02)
    server_cpu = proc_cpu(server_pid) - server_before
    client_cpu = usage.ru_utime + usage.ru_stime
    rates = [(b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
             for (t0, b0), (t1, b1) in zip(samples, samples[1:])]
    peak = max(rates, default=0.0)
    active = [i for i, r in enumerate(rates) if peak > 0 and r >= 0.05 * peak]
    if active:
        first, last = active[0], active[-1] + 1
        moved = samples[last][1] - samples[first][1]
        span = samples[last][0] - samples[first][0]
    else:
        moved, span = 0, 0.0
    rate = moved * 8 / span if span > 0 else 0.0
    print(f"{rate:.0f} {moved} {span:.3f} {client_cpu:.3f} {server_cpu:.3f} {os.waitstatus_to_exitcode(status)}")


if __name__ == "__main__":
    main()
