"""Issue 37: what the kernel enforces per seat, each limit proved by a player that passes it.

The seat's cgroup (memory, pids, cpuacct; `kalah.lab.process_tree.SeatCgroup`) where the
referee may make one, and the seccomp allow-list (`kalah.lab.seccomp`) in the sandbox.
"""

import os

import pytest

from kalah.game.board import Board
from kalah.lab import game, process_tree, sandbox, seccomp
from kalah.lab.seats import SandboxSeat, check_player

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOSTILE = os.path.join(ROOT, "tests", "lab", "hostile")
needs_cgroups = pytest.mark.skipif(process_tree.cgroup_problem() is not None,
                                   reason="no writable cgroup v1 here: %s" % process_tree.cgroup_problem())
needs_sandbox = pytest.mark.skipif(sandbox.sandbox_problem() is not None, reason="bubblewrap does not run here")


def hostile(name):
    with open(os.path.join(HOSTILE, name + ".py")) as handle:
        return {"name": "mallory", "source": handle.read(), "filename": "mallory.py"}


@needs_cgroups
def test_memory_outside_every_address_space_is_capped_by_the_seat_cgroup():
    # Without the seccomp filter (--trust-bots) memfds are allowed: the cgroup still counts them,
    # and the kernel stops the player at its 512 MB instead of the attack's 700 MB.
    assert check_player(hostile("memory_outside"), sandbox=False) == (
        "could not be loaded: mallory.py: the player's process ended while loading (killed by SIGKILL); "
        "it used more than its 512 MB of memory")


@needs_cgroups
def test_the_seat_cgroup_bounds_its_processes():
    source = ("import os\nborn = 0\nfor _ in range(40):\n    try:\n        if os.fork() == 0:\n"
              "            __import__('time').sleep(60)\n"
              "        born += 1\n    except OSError:\n        break\n"
              "def select_move(board, lookahead):\n    return born - 1\n")
    seat = SandboxSeat({"name": "forks", "source": source}, None, 1.0, sandbox=False)
    try:
        assert seat.wait_ready() is None
        # The player's process is one of the seat's MAX_TASKS: it could start MAX_TASKS - 1 more.
        assert seat.ask(Board()) == {"move": sandbox.MAX_TASKS - 2}
    finally:
        seat.close()
    assert [folder for folder in seat.cgroup.folders.values() if os.path.exists(folder)] == []


@needs_sandbox
@pytest.mark.parametrize("cgroup", [True, False])
def test_a_move_past_its_cpu_time_is_stopped_by_the_seat_clock_with_or_without_a_cgroup(monkeypatch, cgroup):
    # over_time ignores its own process's timer and thinks 0.4 s at 0.2 s: the referee's clock
    # (the cgroup's, or every process of the seat's tree read at every move) stops it.
    if cgroup and process_tree.cgroup_problem() is not None:
        pytest.skip("no writable cgroup v1 here")
    if not cgroup:
        monkeypatch.setattr(process_tree.SeatCgroup, "create", classmethod(lambda cls, *limits: None))
    monkeypatch.setattr(game, "WALL_EXTRA", 600.0)     # however busy the machine: the CPU clock stops it
    seat = SandboxSeat(hostile("over_time"), None, 0.2)
    try:
        assert seat.wait_ready() is None
        assert (seat.clock is seat.cgroup) == cgroup and seat.clock is not None
        assert len(seat.tree.pids) == (1 if cgroup else 2)      # bubblewrap's, and the player's
        reply = seat.ask(Board())["forfeit"]
        assert reply["kind"] == "time" and "s of CPU time" in reply["reason"], reply
    finally:
        seat.close()


@needs_sandbox
@pytest.mark.skipif(seccomp.program() is None, reason="the seccomp filter is built for x86_64 only")
def test_the_allow_list_lets_a_player_use_the_standard_library_and_its_tmp():
    source = ("import random, math, itertools, collections, functools, json, time, heapq, re, statistics, "
              "fractions, decimal, array, bisect, tempfile, os\nrandom.seed()\n"
              "with open('/tmp/notes', 'w') as f:\n    f.write('x')\nos.unlink('/tmp/notes')\n"
              "def select_move(board, lookahead):\n    return random.choice(board.legal_moves()) and "
              "board.legal_moves()[0]\n")
    seat = SandboxSeat({"name": "stdlib", "source": source}, 1, 1.0)
    try:
        assert seat.wait_ready() is None
        assert seat.ask(Board()) == {"move": 1}
    finally:
        seat.close()


def test_the_filter_kills_other_calling_conventions_as_its_doc_says():
    data = seccomp.program()
    if data is None:
        pytest.skip("the seccomp filter is built for x86_64 only")
    # The x32 test (numbers from X32_BIT up) is followed by a kill, as is the wrong architecture.
    import struct
    insns = [struct.unpack("=HBBI", data[i:i + 8]) for i in range(0, len(data), 8)]
    x32 = next(i for i, insn in enumerate(insns) if insn[0] == seccomp.JGE_K and insn[3] == seccomp.X32_BIT)
    assert insns[x32 + 1] == (seccomp.RET_K, 0, 0, seccomp.RET_KILL_PROCESS)
    assert insns[2] == (seccomp.RET_K, 0, 0, seccomp.RET_KILL_PROCESS)


@needs_sandbox
@pytest.mark.parametrize("cgroup", [True, False])
def test_the_load_rule_is_the_referees_with_or_without_a_cgroup(monkeypatch, cgroup):
    if cgroup and process_tree.cgroup_problem() is not None:
        pytest.skip("no writable cgroup v1 here")
    if not cgroup:       # as on a machine where the referee may make none: the clock reads /proc
        monkeypatch.setattr(process_tree.SeatCgroup, "create", classmethod(lambda cls, *limits: None))
    assert check_player(hostile("slow_load")) == (
        "could not be loaded: mallory.py: running the file took more than 5 s of CPU time; the player was stopped")


@needs_cgroups
def test_a_seat_removes_the_cgroups_a_killed_referee_left():
    # A referee killed mid-game (a Dask worker lost) cannot remove its seats' cgroups.
    import subprocess
    import sys
    code = ("import sys; sys.path.insert(0, %r)\nfrom kalah.lab.process_tree import SeatCgroup\n"
            "seat = SeatCgroup.create(64 * 1024 * 1024, 4)\nprint(' '.join(seat.folders.values()))\n"
            % ROOT)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    left = done.stdout.split()
    assert len(left) == 3 and all(os.path.isdir(folder) for folder in left), done.stderr
    seat = process_tree.SeatCgroup.create(64 * 1024 * 1024, 4)
    seat.remove()
    assert [folder for folder in left if os.path.exists(folder)] == []


CPU_HIERARCHY = "/sys/fs/cgroup/cpu"


def cpu_quota_problem():
    """Why a test cannot throttle a seat with the cgroup v1 cpu controller, or None."""
    if not os.path.exists("/proc/self/schedstat"):
        return "no schedstat in this kernel"
    if not os.path.exists(os.path.join(CPU_HIERARCHY, "cpu.cfs_quota_us")):
        return "no cgroup v1 cpu controller"
    # Moving the seat's processes in a cpu hierarchy shared with cpuacct would move them out of
    # the seat's own cpuacct cgroup, where the referee reads their CPU.
    if os.path.realpath(CPU_HIERARCHY) == os.path.realpath(os.path.join(os.path.dirname(CPU_HIERARCHY), "cpuacct")):
        return "cpu and cpuacct share a hierarchy"
    return None if os.access(CPU_HIERARCHY, os.W_OK) else "the cpu controller is not writable"


@needs_sandbox
@pytest.mark.skipif(cpu_quota_problem() is not None, reason=str(cpu_quota_problem()))
def test_a_player_starved_of_cpu_by_others_is_not_stopped_by_the_wall_ceiling():
    # An honest player thinks about 0.04 s of CPU at a 0.2 s limit (wall ceiling 1.6 s), its processes
    # throttled by a CFS quota to 1 ms of CPU each 100 ms: its move takes 4 s of wall time or more,
    # nearly all of it runnable but not given a CPU, on an idle or a busy machine alike (a quota,
    # unlike a share of a core beside busy loops, does not shrink with the machine's load). That
    # waiting is the machine's, not the player's: the referee (schedstat) does not count it against
    # the ceiling, within kalah.lab.game.wall_cap (16 s) in all.
    # A fixed amount of work (a few hundred of the referee's work units, far from the move's
    # 100,000) that takes about 0.04 s of CPU, and so about 4 s under the quota.
    source = ("def algorithm(game):\n"
              "    for _ in range(400):\n"
              "        sum(range(10000))\n"
              "    return '6'\n")
    seat = SandboxSeat({"name": "starved", "source": source}, None, 0.2)
    throttle = os.path.join(CPU_HIERARCHY, "kalah-test-starved-%d" % os.getpid())
    os.mkdir(throttle)
    try:
        assert seat.wait_ready() is None
        with open(os.path.join(throttle, "cpu.cfs_period_us"), "w") as handle:
            handle.write("100000")
        with open(os.path.join(throttle, "cpu.cfs_quota_us"), "w") as handle:
            handle.write("1000")
        for pid in seat.cgroup.pids() if seat.clock is seat.cgroup else seat.tree.pids:
            with open(os.path.join(throttle, "cgroup.procs"), "w") as handle:
                handle.write(str(pid))
        before = seat.clock.queued_seconds()
        reply = seat.ask(Board())
        assert reply == {"move": 6}, reply
        # It did wait for the CPU longer than the plain ceiling would have allowed it to.
        assert seat.clock.queued_seconds() - before > game.wall_ceiling(0.2) - 0.2
    finally:
        seat.close()
        with open(os.path.join(throttle, "cgroup.procs")) as handle:
            for pid in handle.read().split():
                try:
                    with open(os.path.join(CPU_HIERARCHY, "cgroup.procs"), "w") as root:
                        root.write(pid)
                except ProcessLookupError:      # ended since the list was read
                    pass
        os.rmdir(throttle)
