#!/usr/bin/env python3
"""Whole-process start-up of several commands, interleaved (A, B, C, A, B, C, ...) so that a shared
machine's load falls on all of them alike. Per command: median wall ms (min-max) and median CPU ms
(user + sys of the process and its children, from wait4's rusage). Output is discarded.

    bench/startup.py [-n 10] 'LABEL::COMMAND ARGS' ...

Used for docs/PERFORMANCE.md "Start-up time"; bench/startup.sh times one command at a time.
"""
import os
import shlex
import statistics
import sys
import time


def labelled_commands(argv, usage):
    """'LABEL::COMMAND ARGS' (or a bare command, its own label) -> [(label, args)]; usage exit when none."""
    if not argv:
        sys.exit(usage)
    commands = []
    for a in argv:
        label, sep, cmd = a.partition("::")
        commands.append((label if sep else a, shlex.split(cmd if sep else a)))
    return commands


def run_quietly(args, null):
    """Runs args with stdout and stderr on the fd `null`; returns wait4's status and rusage."""
    pid = os.fork()
    if pid == 0:
        os.dup2(null, 1)
        os.dup2(null, 2)
        try:
            os.execvp(args[0], args)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    return status, usage


def main(argv):
    n = 10
    if len(argv) > 1 and argv[0] == "-n":
        n, argv = int(argv[1]), argv[2:]
    commands = labelled_commands(argv, __doc__)
    walls = {label: [] for label, _ in commands}
    cpus = {label: [] for label, _ in commands}
    null = os.open(os.devnull, os.O_WRONLY)
    load_before = os.getloadavg()[0]
    for _ in range(n):
        for label, args in commands:
            t0 = time.monotonic()
            _, usage = run_quietly(args, null)
            walls[label].append((time.monotonic() - t0) * 1000)
            cpus[label].append((usage.ru_utime + usage.ru_stime) * 1000)
    width = max(len(label) for label, _ in commands)
    for label, _ in commands:
        w, c = walls[label], cpus[label]
        print(f"{label:{width}}  wall {statistics.median(w):5.0f} ms ({min(w):.0f}-{max(w):.0f})"
              f"  cpu {statistics.median(c):5.0f} ms")
    print(f"n={n}, load average before {load_before:.2f}, after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
