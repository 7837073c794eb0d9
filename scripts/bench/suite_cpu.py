"""The CPU time a command and every process it starts used, beside its wall time.

    .venv/bin/python -m scripts.bench.suite_cpu [--out FILE] -- ./scripts/test -p no:cacheprovider

The suite's wall time on a busy machine moves by minutes from run to run (docs/testing.md); the
CPU time its own processes use moves far less, because a busy machine delays them without making
them do more. `/usr/bin/time` counts only the children a process waited for, and a browser's
processes are not all waited for, so it undercounts. A cgroup counts them all: the command runs
in a cgroup of its own (cgroup v2, the unified hierarchy: `cpu.stat` is there whether or not the
cpu controller is on), and its `usage_usec`, `user_usec` and `system_usec` are read when it ends.
Needs a writable cgroup2 mount (root on these machines); otherwise it says so and runs nothing.

Machines differ too: the same suite used 1,972 s of CPU on one of these machines and 1,567 s on
another (docs/testing.md). --calibrate first times a fixed piece of work, level 8's search of
the Kalah(6,4) start to 1,000,000 nodes under this Python, three times, each in a fresh process
(the least CPU time of the three), and gives the command's CPU time in those units too: a
change of the suite's own work shows in that ratio from machine to machine.

Prints one line, and with --out appends it as JSON to FILE:
    wall 853.3 s, CPU 1032.1 s (user 871.0 s, system 161.1 s), CPU/wall 1.21, exit 0
    (with --calibrate: "..., calibration 2.74 s, CPU 377 calibrations")
The exit status is the command's.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time


def cgroup2_root(mounts="/proc/self/mounts"):
    """Where the unified (v2) hierarchy is mounted, or None."""
    with open(mounts) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) > 2 and fields[2] == "cgroup2":
                return fields[1]
    return None


def own_cgroup(root, pid):
    """This process's cgroup v2 folder (the `0::` line of /proc/PID/cgroup), below `root`."""
    with open("/proc/%d/cgroup" % pid) as handle:
        for line in handle:
            if line.startswith("0::"):
                return os.path.join(root, line[3:].strip().lstrip("/"))
    return root


def read_stat(folder):
    """`cpu.stat` of a cgroup as {key: microseconds}."""
    with open(os.path.join(folder, "cpu.stat")) as handle:
        return {key: int(value) for key, value in (line.split() for line in handle if line.strip())}


def run(command):
    """Run `command` in a new cgroup; return (exit status, wall seconds, cpu.stat)."""
    root = cgroup2_root()
    if root is None:
        raise SystemExit("suite_cpu: no cgroup2 mount on this machine (see /proc/self/mounts)")
    parent = own_cgroup(root, os.getpid())
    folder = os.path.join(parent, "kalah-suite-%d" % os.getpid())
    try:
        os.mkdir(folder)
    except OSError as error:
        raise SystemExit("suite_cpu: cannot make a cgroup in %s (%s): run as root" % (parent, error.strerror))
    try:
        started = time.monotonic()
        # The child joins the cgroup before it runs the command, so everything it starts is counted.
        child = subprocess.Popen(command, preexec_fn=lambda: _join(folder))
        status = child.wait()
        wall = time.monotonic() - started
        # Processes the command left behind (a daemon it did not stop) are still counted until now.
        return status, wall, read_stat(folder)
    finally:
        _empty_and_remove(folder, parent)


def _join(folder):
    with open(os.path.join(folder, "cgroup.procs"), "w") as handle:
        handle.write("0")   # 0: the writing process itself


def _empty_and_remove(folder, parent):
    """Move any process still in the cgroup back to its parent, so that the folder can go."""
    try:
        with open(os.path.join(folder, "cgroup.procs")) as handle:
            left = [line.strip() for line in handle if line.strip()]
        for pid in left:
            try:
                with open(os.path.join(parent, "cgroup.procs"), "w") as handle:
                    handle.write(pid)
            except OSError:
                pass   # gone meanwhile
        os.rmdir(folder)
    except OSError as error:
        print("suite_cpu: could not remove %s (%s)" % (folder, error.strerror), file=sys.stderr)


# Deterministic: a node budget, not a time; the same nodes on any machine and at any load.
CALIBRATION = """
from kalah.game.board import Board
from kalah.ai import search
board = Board("kalah(6,4)")
search.searcher(board.rules).analyse(board, 1e9, max_nodes=1000000)
"""
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def calibration_seconds(runs=3):
    """The least CPU time of `runs` fresh processes doing the calibration's search."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", CALIBRATION], cwd=ROOT, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return min(times)


def summary(status, wall, stat):
    cpu = stat["usage_usec"] / 1e6
    return {"exit": status, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "user_s": round(stat["user_usec"] / 1e6, 1), "system_s": round(stat["system_usec"] / 1e6, 1),
            "cpu_per_wall": round(cpu / wall, 2) if wall else None}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", help="append the figures as one JSON line to this file")
    parser.add_argument("--calibrate", action="store_true",
                        help="also time a fixed search first and give the CPU time in its units")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to measure after --, e.g. -- ./scripts/test")
    calibration = calibration_seconds() if args.calibrate else None
    figures = summary(*run(command))
    line = "wall %.1f s, CPU %.1f s (user %.1f s, system %.1f s), CPU/wall %.2f, exit %d" % (
        figures["wall_s"], figures["cpu_s"], figures["user_s"], figures["system_s"],
        figures["cpu_per_wall"] or 0, figures["exit"])
    if calibration is not None:
        figures["calibration_s"] = round(calibration, 2)
        figures["cpu_calibrations"] = round(figures["cpu_s"] / figures["calibration_s"])
        line += ", calibration %.2f s, CPU %d calibrations" % (calibration, figures["cpu_calibrations"])
    print(line)
    if args.out:
        with open(args.out, "a") as handle:
            handle.write(json.dumps(dict(figures, command=command,
                                         date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))) + "\n")
    return figures["exit"]


if __name__ == "__main__":
    sys.exit(main())
