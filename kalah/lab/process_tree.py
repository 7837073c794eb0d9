"""A player's processes seen from the referee: their CPU time, and killing them all.

Two ways, the first the machine allows:

- `SeatCgroup`: the seat's own cgroup (v1 controllers memory, pids and
  cpuacct, writable when the referee runs as root; made below the referee's
  own cgroups, so whatever limits the teacher is under still hold). Every
  process the seat starts is born in it, so the kernel enforces the seat's
  memory (memory.limit_in_bytes: memfds and shared memory included), its
  process count (pids.max) and counts its CPU time (cpuacct.usage, in
  nanoseconds, one file read a move), whichever process of the seat runs.
- `ProcessTree`: the processes below the seat's own child, read from
  `/proc/PID/stat` (user + system time, waited-for children included), every
  known process at every move. Finding a process's descendants means reading
  every /proc entry (about 12 ms on a loaded machine), so the tree is found
  when the player is ready and again only when its processes may have
  forked (`rescan()`: under the sandbox's seccomp filter a player cannot
  start a process, so its tree never changes). The limits are then the
  player's resource limits only (`kalah.lab.bot_process`).

Both are the same clock whether the machine is idle or busy. Linux only
(CPython); where /proc is missing the clock reads 0 and the referee falls
back to its wall-clock ceiling.
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


def _queued_seconds(pids):
    """Seconds the processes `pids` have spent runnable but waiting for a CPU (the second
    field of /proc/PID/schedstat, in nanoseconds): a busy machine's time, not the player's.
    0 for a process that is gone or a kernel without schedstat."""
    total = 0
    for pid in pids:
        try:
            with open("/proc/%d/schedstat" % pid, "rb") as handle:
                total += int(handle.read().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total / 1e9


def _runnable(pids):
    """Whether a thread of the processes `pids` is running or waiting for a CPU now (state R in
    /proc/PID/task/TID/stat). schedstat adds a wait to its total only once the wait ends, when
    the thread gets a CPU, so a player starved right now looks idle to `_queued_seconds`."""
    for pid in pids:
        try:
            tasks = os.listdir("/proc/%d/task" % pid)
        except OSError:
            continue
        for tid in tasks:
            try:
                with open("/proc/%d/task/%s/stat" % (pid, tid), "rb") as handle:
                    text = handle.read()
            except OSError:
                continue
            if text[text.rfind(b")") + 2:][:1] == b"R":
                return True
    return False


def descendants(root):
    """`root` and every process below it (one pass over /proc)."""
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
    return tree


class ProcessTree:
    """The processes under `root` (the seat's own child process)."""

    def __init__(self, root):
        self.root = root
        self.pids = [root]

    def rescan(self):
        """Find the processes again (all of them: bubblewrap's and the player's)."""
        self.pids = descendants(self.root)

    def cpu_seconds(self):
        """CPU seconds used so far by the known processes (and the children they reaped)."""
        total = 0
        for pid in self.pids:
            found = _stat(pid)
            if found is not None:
                total += found[1]
        return total / float(TICKS)

    def queued_seconds(self):
        """Seconds the known processes have waited for a CPU while runnable (`_queued_seconds`)."""
        return _queued_seconds(self.pids)

    def runnable(self):
        """Whether one of the known processes is running or waiting for a CPU now (`_runnable`)."""
        return _runnable(self.pids)

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


CGROUP_ROOT = "/sys/fs/cgroup"
CONTROLLERS = ("memory", "pids", "cpuacct")
REMOVE_WAIT = 5.0
SEAT_PREFIX = "kalah-seat-"
_cgroup_problem = {}


def _own_cgroups():
    """{controller: the folder of this thread's cgroup} for the v1 controllers, from /proc."""
    found = {}
    with open("/proc/thread-self/cgroup") as handle:
        for line in handle:
            _, names, path = line.rstrip("\n").split(":", 2)
            for name in names.split(","):
                if name in CONTROLLERS:
                    found[name] = os.path.join(CGROUP_ROOT, name) + path.rstrip("/")
    return found


def _write(path, value):
    with open(path, "w") as handle:
        handle.write(str(value))


def cgroup_problem():
    """None when seats get cgroups here, else a sentence saying why not (checked once)."""
    if "problem" not in _cgroup_problem:
        problem = None
        try:
            own = _own_cgroups()
            missing = [name for name in CONTROLLERS if name not in own]
            if missing:
                problem = "no cgroup v1 controller %s is mounted" % ", ".join(missing)
            elif not all(os.access(folder, os.W_OK) for folder in own.values()):
                problem = "the cgroups under %s are not writable (run as root)" % CGROUP_ROOT
        except (OSError, ValueError) as error:
            problem = "no cgroup v1 here (%s)" % error
        _cgroup_problem["problem"] = problem
    return _cgroup_problem["problem"]


class SeatCgroup:
    """One seat's cgroup in each of memory, pids and cpuacct; `create` gives None
    where there are none to make (`cgroup_problem`)."""

    def __init__(self, folders, memory_bytes=0):
        self.folders = folders
        self.memory_bytes = memory_bytes

    @classmethod
    def create(cls, memory_bytes, tasks):
        if cgroup_problem() is not None:
            return None
        import uuid
        # Named by the referee's pid: a referee killed before it removed its seats' cgroups
        # leaves them empty, and the next one removes them (`_remove_orphans`).
        name = "%s%d-%s" % (SEAT_PREFIX, os.getpid(), uuid.uuid4().hex[:12])
        folders = {}
        try:
            for controller, parent in _own_cgroups().items():
                _remove_orphans(parent)
                folders[controller] = os.path.join(parent, name)
                os.mkdir(folders[controller])
            _write(os.path.join(folders["memory"], "memory.limit_in_bytes"), memory_bytes)
            swap = os.path.join(folders["memory"], "memory.memsw.limit_in_bytes")
            if os.path.exists(swap):           # memory + swap: swapping out does not free the cap
                _write(swap, memory_bytes)
            _write(os.path.join(folders["pids"], "pids.max"), tasks)
        except OSError:
            cls(folders).remove()
            return None
        return cls(folders, memory_bytes)

    def out_of_memory(self):
        """Whether the kernel killed a process of the seat for passing its memory limit."""
        try:
            with open(os.path.join(self.folders["memory"], "memory.oom_control")) as handle:
                counts = dict(line.split() for line in handle if len(line.split()) == 2)
            return counts.get("oom_kill", "0") != "0"
        except (OSError, ValueError):
            return False

    def starting(self):
        """A context in which the calling thread is in the seat's cgroups, so that the
        process it starts is born there (v1 moves one thread by its `tasks` file; the
        thread goes back to its own cgroups after, and no other thread moves)."""
        return _ThreadMoved(self.folders)

    def cpu_seconds(self):
        """CPU seconds used by every process of the seat so far, dead ones included."""
        with open(os.path.join(self.folders["cpuacct"], "cpuacct.usage")) as handle:
            return int(handle.read()) / 1e9

    def queued_seconds(self):
        """Seconds the seat's processes now have waited for a CPU while runnable (`_queued_seconds`)."""
        return _queued_seconds(self.pids())

    def runnable(self):
        """Whether one of the seat's processes is running or waiting for a CPU now (`_runnable`)."""
        return _runnable(self.pids())

    def pids(self):
        """The processes in the seat's cgroup now."""
        try:
            with open(os.path.join(self.folders["pids"], "cgroup.procs")) as handle:
                return [int(line) for line in handle if line.strip()]
        except (OSError, ValueError):
            return []

    def kill(self):
        """SIGKILL to every process of the seat, until none is left (one born meanwhile is
        in the cgroup too, so it is found the next time round)."""
        for _ in range(100):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass

    def remove(self, wait=REMOVE_WAIT):
        """Remove the seat's cgroups, waiting up to `wait` seconds for its killed processes
        to be reaped (children of a killed player are reaped by init, a moment later)."""
        import time
        end = time.monotonic() + wait
        for folder in self.folders.values():
            while True:
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > end:
                        break         # left behind, empty of processes soon; harmless
                    time.sleep(0.01)


def _remove_orphans(parent):
    """Remove the seats' cgroups under `parent` whose referee has ended (an empty cgroup
    only: rmdir refuses one that still holds a process)."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        if not name.startswith(SEAT_PREFIX):
            continue
        try:
            os.kill(int(name[len(SEAT_PREFIX):].split("-")[0]), 0)
            continue                      # its referee runs: its seat, in use
        except ProcessLookupError:
            pass
        except (ValueError, OSError):
            continue
        try:
            os.rmdir(os.path.join(parent, name))
        except OSError:
            pass


class _ThreadMoved:
    def __init__(self, folders):
        self.folders = folders
        self.home = None

    def __enter__(self):
        import threading
        tid = threading.get_native_id()
        self.home = _own_cgroups()
        try:
            for folder in self.folders.values():
                _write(os.path.join(folder, "tasks"), tid)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        import threading
        tid = threading.get_native_id()
        for controller, folder in self.home.items():
            _write(os.path.join(folder, "tasks"), tid)
        return False
