"""A player's processes seen from the referee: their CPU time, and killing them all.

The referee charges a player the CPU time of every process of its seat
(bubblewrap's two processes and the player's, plus any children they have
waited for), read from `/proc/PID/stat`: user + system time, the same clock
whether the machine is idle or busy. Finding a process's descendants means
reading every /proc entry (about 12 ms on a loaded machine), so the tree is
found once when the player is ready and again only when its processes may
have forked (`rescan()`: under the sandbox's seccomp filter a player cannot
start a process, so its tree never changes). A child the referee has not
found yet is not lost: its time is counted when it is found, or in its
parent's total once reaped.

Linux only (CPython); where /proc is missing the clock reads 0 and the
referee falls back to its wall-clock ceiling.
"""

import os
import signal

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid):
    """(parent pid, CPU ticks incl. waited-for children) of `pid`, or None when it is gone."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces or ')'.
    fields = data.rsplit(b")", 1)[1].split()
    try:
        return int(fields[1]), int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    except (IndexError, ValueError):
        return None


def descendants(root, leaves=False):
    """`root` and every process below it (one pass over /proc); with `leaves`, only
    those with no child."""
    parents = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return [root]
    for name in names:
        if name.isdigit():
            found = _stat(int(name))
            if found is not None:
                parents.setdefault(found[0], []).append(int(name))
    tree, queue = [], [root]
    while queue:
        pid = queue.pop()
        if pid not in tree:
            tree.append(pid)
            queue.extend(parents.get(pid, ()))
    return [pid for pid in tree if pid not in parents] if leaves else tree


class ProcessTree:
    """The processes under `root` (the seat's own child process)."""

    def __init__(self, root):
        self.root = root
        self.pids = [root]

    def rescan(self, leaves=False):
        """Find the processes again; with `leaves`, keep only those without a child: the
        player's own process under the seccomp filter (bubblewrap's two idle above it)."""
        self.pids = descendants(self.root, leaves)

    def cpu_seconds(self):
        """CPU seconds used so far by the known processes (and the children they reaped)."""
        total = 0
        for pid in self.pids:
            found = _stat(pid)
            if found is not None:
                total += found[1]
        return total / float(TICKS)

    def kill(self):
        """SIGKILL to the root's process group and to every process under the root
        (found first: once the root is dead its children belong to another parent)."""
        tree = descendants(self.root)
        try:
            os.killpg(self.root, signal.SIGKILL)
        except OSError:
            pass
        for pid in tree:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
