#!/usr/bin/env python3
"""Time to first byte and from last byte to exit of bandwidth clients, by the kernel's own byte counter.

A thread reads the rx bytes of one interface (/proc/net/dev, `lo` by default) every 10 ms while each
command runs. The first 10 ms slice that carries more than --min-bytes (default 256 KiB: more than
any control message, far less than a slice of data) is where the data starts, the last such slice is
where it ends; each is placed at the middle of its slice (+-5 ms). Commands run interleaved
(A, B, A, B, ...) so a shared machine's load falls on all alike; their output is discarded.

    bench/ttfb.py [-n 5] [--iface lo] [--min-bytes N] 'LABEL::COMMAND ARGS' ...

Per command: median (min-max) of exec->first byte, last byte->exit, whole wall time, and CPU
(user + sys of the process and its children, from wait4). Run it, the server and its clients in a
network namespace of their own (`ip netns exec NS bench/ttfb.py ...`) so that nobody else's
loopback traffic is counted. Used for docs/PERFORMANCE.md "bw: time to first byte".
"""
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ruler import rx_bytes  # noqa: E402  (bench/ruler.py: the same counter as bench/bw.sh)
from startup import labelled_commands, run_quietly  # noqa: E402

SLICE_SECONDS = 0.010


def poll(iface, samples, stop):
    next_at = time.monotonic()
    while not stop.is_set():
        samples.append((time.monotonic(), rx_bytes(iface)))
        next_at += SLICE_SECONDS
        time.sleep(max(0.0, next_at - time.monotonic()))
    samples.append((time.monotonic(), rx_bytes(iface)))


def one_run(args, iface, min_bytes, null):
    samples, stop = [], threading.Event()
    poller = threading.Thread(target=poll, args=(iface, samples, stop), daemon=True)
    poller.start()
    time.sleep(0.05)  # a few quiet slices first
    t0 = time.monotonic()
    status, usage = run_quietly(args, null)
    t_exit = time.monotonic()
    time.sleep(0.03)
    stop.set()
    poller.join()
    busy = [((a[0] + b[0]) / 2) for a, b in zip(samples, samples[1:]) if b[1] - a[1] > min_bytes]
    if not busy or os.waitstatus_to_exitcode(status) != 0:
        return None
    cpu = usage.ru_utime + usage.ru_stime
    return (busy[0] - t0) * 1000, (t_exit - busy[-1]) * 1000, (t_exit - t0) * 1000, cpu * 1000


def main(argv):
    n, iface, min_bytes = 5, "lo", 256 * 1024
    while argv and argv[0].startswith("-"):
        opt, val, argv = argv[0], argv[1], argv[2:]
        if opt == "-n":
            n = int(val)
        elif opt == "--iface":
            iface = val
        elif opt == "--min-bytes":
            min_bytes = int(val)
        else:
            sys.exit(__doc__)
    commands = labelled_commands(argv, __doc__)
    runs = {label: [] for label, _ in commands}
    failed = {label: 0 for label, _ in commands}
    null = os.open(os.devnull, os.O_WRONLY)
    load_before = os.getloadavg()[0]
    for _ in range(n):
        for label, args in commands:
            r = one_run(args, iface, min_bytes, null)
            if r is None:
                failed[label] += 1
            else:
                runs[label].append(r)
            time.sleep(0.2)
    width = max(len(label) for label, _ in commands)

    def col(values):
        return f"{statistics.median(values):5.0f} ({min(values):.0f}-{max(values):.0f})"

    print(f"{'':{width}}  exec->first byte ms   last byte->exit ms   wall ms              cpu ms")
    for label, _ in commands:
        r = runs[label]
        if not r:
            print(f"{label:{width}}  no run moved data ({failed[label]} failed)")
            continue
        cols = [col([x[i] for x in r]) for i in range(4)]
        note = f"  ({failed[label]} failed)" if failed[label] else ""
        print(f"{label:{width}}  {cols[0]:20} {cols[1]:20} {cols[2]:20} {cols[3]}{note}")
    print(f"n={n}, iface {iface}, load average before {load_before:.2f}, after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
