"""Seats: a player at the table, however it runs, and the wire protocol that asks it.

A player is given by a spec, a plain dict that also travels to the page:
`{"name": N, "source": TEXT}` for a student's file (see `loader`), or
`{"name": N, "ai": "greedy"}` for a computer player of `kalah.ai.players`
(random, first, rightmost, greedy, level1..level8). A seat answers
`ask(board)` with `{"move": house}` or `{"forfeit": {...}}`, the answer
`kalah.lab.game.LabGame` takes:

- `InProcessSeat`: the player runs in this process (the page's Pyodide
  worker, `kalah.lab.worker_api`; the player's own process,
  `kalah.lab.bot_process`; trusted players);
- `SandboxSeat`: the player runs in its own process for the whole game
  (`kalah.lab.bot_process` under the bubblewrap sandbox of
  `kalah.lab.sandbox`, or without it when `sandbox=False`), spoken to in
  JSON lines: the referee here reads only plain data and checks every
  answer (`kalah.lab.game.plain_reply`), so no answer can run code here.

The referee owns the clock and every byte: it writes with a deadline to a
non-blocking pipe and reads lines of at most LINE_CAP bytes with a deadline (`kalah.lab.pipes`);
it charges each move the CPU time of the player's processes (the seat's
cgroup where there is one, else every process of its tree, read at every
move: `kalah.lab.process_tree`; at most the time limit + CPU_SLACK) and
allows at most `wall_ceiling` (3 x the limit + 1 s) of wall time, less the time its
processes waited for a CPU that others kept busy (the kernel's schedstat); past
either, or when the player does not read its message in time, it kills the
player's processes (SIGKILL) and the player forfeits on time. The move's
rule is its work budget (`kalah.lab.game.work_budget`), counted in the
player's own process (`kalah.lab.work`), which answers 'time' itself past it;
an honest move uses a small part of the CPU time limit there (0.07 s of 1 s
on a lab machine), so the referee's clocks stop only the work nothing counts:
C calls, sleeps, and a bot that patched the counting out of its own process. A process that dies (`sys.exit`, a
crash) forfeits with an error; one that sends anything other than one answer
when asked (malformed, oversized, nested too deeply) forfeits as invalid.
`ask_seat` turns any other exception while asking a seat into that seat's
forfeit, so none ends more than that seat's game.

Runs under CPython and in the Pyodide worker (`InProcessSeat` only there).
"""

import os
import time

from kalah.game.board import Board
from kalah.errors import KalahError, Reason
from kalah.lab import reasons
from kalah.lab.game import forfeit_answer, wall_cap, wall_ceiling
from kalah.lab.loader import ERROR, TIMEOUT, BotForfeit, format_error, load_bot_source, raised
from kalah.lab.pipes import LineReader, ProtocolError, Stuck, drain, load_json, read_answer, write_all

LOAD_TIMEOUT = 20.0   # seconds a starting, loading player may wait without computing (a sleeping file)
LOAD_CPU = 5.0        # seconds of CPU a file may take to run when loaded (the lab's load rule, docs/lab.md)
START_CPU = 1.0       # and the interpreter's start before it, with the protocol's imports
LOAD_IDLE_SHARE = 0.02   # a loading player using less of a core than this is waiting, not computing
LOAD_WALL_CAP = 6        # x LOAD_TIMEOUT: the wall ceiling of a load that keeps computing
MAX_PLIES = 2000     # a safety net: no rule set here plays this long


def make_player(spec, seed=None):
    """The Player a spec names (see the module doc); KalahError when it cannot."""
    if not isinstance(spec, dict) or not spec.get("name"):
        raise KalahError("a player spec is a dict with a name and a source or an ai, not %r" % (spec,))
    if spec.get("source") is not None:
        return load_bot_source(spec["source"], spec["name"], spec.get("filename"))
    if spec.get("ai"):
        from kalah.ai import players
        return players.get(spec["ai"], seed=seed)
    raise KalahError("player %s: give a source or an ai name" % spec["name"])


def _plain(value):
    return value if value is None or isinstance(value, (int, str)) else repr(value)


def forfeit_reply(forfeit):
    """A BotForfeit as the answer LabGame takes: its reason in English and as data (kalah.lab.reasons)."""
    return forfeit_answer(forfeit.kind, forfeit, forfeit.traceback, _plain(forfeit.answer))


class InProcessSeat:
    """A player asked in this process (the page's worker, or trusted players).

    `nodes`: a computer player's budget in search nodes instead of `time_limit` seconds."""

    def __init__(self, spec, seed, time_limit, nodes=None):
        self.spec = spec
        self.time_limit = time_limit
        self.nodes = nodes
        try:
            self.player = make_player(spec, seed)
            self.error = None
        except KalahError as error:
            self.player = None
            self.error = (ERROR, Reason(reasons.NOT_LOADED, error=reasons.of(error)), getattr(error, "traceback", None))

    def ask(self, board, progress=None):
        """{"move": house} or {"forfeit": {...}} for the side to move on `board`."""
        try:
            if self.error:
                raise BotForfeit(*self.error)
            try:
                return {"move": self.player.choose(board, self.time_limit, progress, max_nodes=self.nodes)}
            except BotForfeit:
                raise
            except Exception as error:
                raise BotForfeit(ERROR, raised(error), format_error(error, "<%s>" % self.spec["name"]))
        except BotForfeit as forfeit:
            return forfeit_reply(forfeit)

    def close(self):
        pass

    kill = close       # nothing runs outside this process


NODES_FLOOR = 20000        # search nodes a CPU second on the slowest machine allowed for (CPython: about 300,000)
OUTPUT_CAP = 8192          # bytes of a player's prints kept for the record; the rest is dropped
CPU_SLACK = 0.05           # seconds of CPU past the limit still accepted: the clock's ticks, the protocol's work
POLL = 0.005               # the shortest wait between two looks at a player's CPU time
CORES = os.cpu_count() or 1
RESCAN = 1.0               # seconds between two searches of /proc for an unfiltered player's processes
# The signals that say which of the player's limits stopped it (others: the signal's name alone).
KILLED_BY = {"SIGXCPU": reasons.KILLED_CPU, "SIGXFSZ": reasons.KILLED_FILE_SIZE}


def _short(text, cap=60):
    return text if len(text) <= cap else text[:cap] + "..."


def node_backstop(spec, nodes, time_limit):
    """The referee's clock, in seconds, for computer player `spec` searching `nodes` nodes a move.

    At a node budget the move is the player's nodes, not the clock's (the same on any machine), so
    its clock is only a backstop against a bug in our own code: the time limit plus the budget at
    NODES_FLOOR nodes a CPU second, Perfect's proof nodes (kalah.ai.perfect.CAP_NODES) counted too."""
    from kalah.ai.perfect import CAP_NODES
    return time_limit + (nodes + (CAP_NODES if spec.get("ai") == "perfect" else 0)) / NODES_FLOOR


class SandboxSeat:
    """A player in its own process (in the OS sandbox unless `sandbox=False`),
    asked over JSON lines, timed by the referee and killed when it does not
    answer, read or write in time.

    The clock: a move may use `time_limit` seconds of the player's CPU time
    (every process of the seat, `kalah.lab.process_tree`, counted from the
    end of its previous move, so work done during the opponent's turn is
    charged too) plus CPU_SLACK, and at most `wall_ceiling(time_limit)`
    seconds of wall time not spent waiting for a CPU. A busy machine slows the
    wall clock, not the CPU clock, and its waiting is not the bot's: an honest
    bot does not forfeit because others are busy.

    `nodes`: a computer player's budget in search nodes a move, which it then
    plays by instead of the time (the referee's clock becomes `node_backstop`).
    """

    def __init__(self, spec, seed, time_limit, sandbox=True, memory_mb=None, load_timeout=LOAD_TIMEOUT,
                 nodes=None):
        import contextlib
        import json
        import subprocess
        import threading
        from kalah.lab import sandbox as sandboxing
        from kalah.lab import seccomp
        from kalah.lab.process_tree import ProcessTree, SeatCgroup
        if nodes is not None and not spec.get("ai"):
            raise KalahError("a node budget is for computer players: a player file plays by the time rule")
        player_time = time_limit if nodes is None else None
        self.time_limit = time_limit if nodes is None else node_backstop(spec, nodes, time_limit)
        self.load_timeout = load_timeout
        self.ready = False
        self.load_error = None
        self.output = []
        self.cpu_base = 0.0
        self.rescanned = 0.0
        self.spec = spec
        self.filtered = sandbox is True and seccomp.program() is not None   # one process: no rescans
        memory_bytes = (memory_mb or sandboxing.MEMORY_MB) * 1024 * 1024
        # The seat's cgroup, where there is one: its clock and its limits (else the tree's clock and
        # the player's rlimits only). Not for Node's Pyodide (a measurement), whose memory is other.
        self.cgroup = None if sandbox == sandboxing.PYODIDE else SeatCgroup.create(memory_bytes, sandboxing.MAX_TASKS)
        filter_fd = seccomp.program_fd() if self.filtered else None
        try:
            with self.cgroup.starting() if self.cgroup else contextlib.nullcontext():
                self.process = subprocess.Popen(
                    sandboxing.player_command(sandbox, filter_fd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, env=sandboxing.player_env(sandbox), start_new_session=True,
                    pass_fds=(filter_fd,) if filter_fd is not None else ())
        except BaseException:
            if self.cgroup:
                self.cgroup.remove()
            raise
        finally:
            if filter_fd is not None:
                os.close(filter_fd)
        self.tree = ProcessTree(self.process.pid)
        self.clock = self.cgroup or self.tree
        self.started_cpu = self.clock.cpu_seconds()
        self.input = self.process.stdin.fileno()
        os.set_blocking(self.input, False)
        self.reader = LineReader(self.process.stdout.fileno())
        self.drain = threading.Thread(target=drain, args=(self.process.stderr, self.output, OUTPUT_CAP),
                                      daemon=True)
        self.drain.start()
        limits = {"memory_bytes": memory_bytes,
                  "cpu_seconds": int(LOAD_TIMEOUT + MAX_PLIES * (self.time_limit + CPU_SLACK)) + 1,
                  "file_bytes": sandboxing.SCRATCH_MB * 1024 * 1024,
                  "tasks": sandboxing.MAX_TASKS if sandbox is True else 0,
                  "open_files": sandboxing.OPEN_FILES, "pending_signals": sandboxing.PENDING_SIGNALS}
        hello = json.dumps({"player": spec, "seed": seed, "time": player_time, "nodes": nodes, "limits": limits})
        # What the pipe takes now; the rest when the player is first needed, so both players load at once.
        try:
            self.unsent = write_all(self.input, hello.encode("utf-8") + b"\n", 0, partial=True)
        except EOFError:          # it died at once: wait_ready reads why
            self.unsent = b""

    def _send(self, text, seconds):
        write_all(self.input, text.encode("utf-8") + b"\n", seconds)

    def ask(self, board):
        """As InProcessSeat.ask, from the player's own process (killed past the time)."""
        try:
            return self._ask(board)
        except BotForfeit as forfeit:
            return forfeit_reply(forfeit)

    def _ask(self, board):
        import json
        start = Board.from_position(board.start_position())
        try:
            self.wait_ready()
            if self.reader.pending():
                raise ProtocolError(Reason(reasons.UNASKED))
            started = time.monotonic()
            ceiling = wall_ceiling(self.time_limit)
            try:
                self._send(json.dumps({"start": start.position(), "moves": list(board.move_stack)}), ceiling)
            except Stuck:
                self.kill()
                raise BotForfeit(TIMEOUT, Reason(reasons.NOT_READ, seconds="%g" % ceiling))
            line = self._wait_move(started, ceiling)
            return read_answer(line, board.rules.houses)
        except EOFError:
            self.kill()
            raise BotForfeit(ERROR, self._ended(reasons.ENDED, reasons.ENDED_BECAUSE))
        except ProtocolError as error:
            self.kill()
            raise BotForfeit("invalid", Reason(reasons.PROCESS_SENT, detail=error.reason))

    def _wait_move(self, started, ceiling):
        """The answer line, read while the referee watches the player's CPU and wall time.

        The wall ceiling is for players that sleep or block: the time the player's processes
        spent runnable but waiting for a CPU (the kernel's schedstat) is not counted against
        it, nor is a wait still going on (a runnable process), so a machine kept busy by others
        cannot forfeit an honest player; `wall_cap` (10 x the ceiling) bounds a move however
        starved the machine."""
        budget = self.time_limit + CPU_SLACK
        used = 0.0        # looked at only when no answer came in time: one /proc read a quick move
        queued_at_start, queued = self.clock.queued_seconds(), 0.0
        while True:
            now = time.monotonic()
            wall_left = started + ceiling + queued - now
            # The soonest the CPU budget can run out: every core busy for the player.
            line = self.reader.readline(max(min(wall_left, (budget - used) / CORES), POLL))
            if line is not None:
                break
            used = self.clock.cpu_seconds() - self.cpu_base
            if used > budget:
                self.kill()
                raise BotForfeit(TIMEOUT, Reason(reasons.CPU_TIME, limit="%g" % self.time_limit))
            now = time.monotonic()
            if now >= started + ceiling + queued:
                queued = self.clock.queued_seconds() - queued_at_start
                # A player runnable now is computing (its CPU is charged against the budget above)
                # or waiting for a CPU in a wait schedstat does not show until it ends: not asleep.
                past = now - started - queued >= ceiling and not self.clock.runnable()
                if past or now - started >= wall_cap(self.time_limit):
                    # An answer sent just before the player stopped being runnable is no forfeit.
                    line = self.reader.readline(0)
                    if line is not None:
                        break
                    self.kill()
                    raise BotForfeit(TIMEOUT, Reason(reasons.WALL_TIME, seconds="%g" % ceiling,
                                                     limit="%g" % self.time_limit))
        if self.clock is self.tree and not self.filtered and time.monotonic() > self.rescanned + RESCAN:
            self.tree.rescan()           # it may have started processes: charge them too (late, not never)
            self.rescanned = time.monotonic()
        now = self.clock.cpu_seconds()
        used, self.cpu_base = now - self.cpu_base, now
        if used > budget:
            self.kill()
            raise BotForfeit(TIMEOUT, Reason(reasons.MOVE_CPU, seconds="%.2f" % used, limit="%g" % self.time_limit))
        return line

    def wait_ready(self):
        """Send the player's file and wait for its process to load it (not the
        bot's move time); the load error (a player that cannot load forfeits at
        its first move), or None.

        The referee enforces the load rule itself: past LOAD_CPU + START_CPU
        seconds of the seat's CPU (whatever the bot does with its own timer),
        or `load_timeout` seconds of waiting without computing, the player is
        stopped. A load error
        names the file the referee loaded (its own spec), never one the
        player's text names: the player only says where in its file."""
        if self.ready:
            return self.load_error
        try:
            write_all(self.input, self.unsent, self.load_timeout)
            self.unsent = b""
            line = self._wait_loaded()
        except Stuck:
            line = None
        except EOFError:
            self.kill()
            raise BotForfeit(ERROR, self._load_error(self._ended(reasons.ENDED_LOADING,
                                                                 reasons.ENDED_LOADING_BECAUSE)))
        if line is None:
            self.kill()
            raise BotForfeit(ERROR, Reason(reasons.LOAD_TIMEOUT, seconds="%g" % self.load_timeout))
        try:
            message = load_json(line)
        except ProtocolError:
            message = None
        if not isinstance(message, dict) or message.get("ready") is not True:
            self.kill()
            raise ProtocolError(Reason(reasons.NOT_READY))
        error = message.get("load_error")
        if isinstance(error, str):
            self.load_error = self._load_error(_short(error, 2000))
        self.ready = True
        if self.clock is self.tree:
            self.tree.rescan()                  # every process of the seat, charged at every move
        self.cpu_base = self.clock.cpu_seconds()     # loading is not charged to the first move
        return self.load_error

    def _wait_loaded(self):
        """The ready line; None when the player spent `load_timeout` seconds without computing
        (a file that sleeps or blocks) or LOAD_WALL_CAP times that in all; BotForfeit past the
        load's CPU time. A busy machine slows a load that computes without stopping it: the
        CPU rule bounds that one, as it bounds a move."""
        started = last = time.monotonic()
        last_cpu, idle = self.started_cpu, 0.0
        while True:
            line = self.reader.readline(LOAD_CPU / 10)
            if line is not None:
                return line
            now = time.monotonic()
            if self.clock is self.tree:
                self.tree.rescan()       # bubblewrap's process, and the player's below it
            cpu = self.clock.cpu_seconds()
            if cpu - self.started_cpu > LOAD_CPU + START_CPU:
                self.kill()
                raise BotForfeit(ERROR, self._load_error(Reason(reasons.LOAD_CPU, seconds="%g" % LOAD_CPU)))
            if cpu - last_cpu < LOAD_IDLE_SHARE * (now - last):
                idle += now - last
            last, last_cpu = now, cpu
            if idle >= self.load_timeout or now - started >= LOAD_WALL_CAP * self.load_timeout:
                return None

    def _load_error(self, detail):
        """'could not be loaded: FILE: detail', FILE the one this seat loaded (a Reason)."""
        return Reason(reasons.NOT_LOADED_FILE, file=self.spec.get("filename") or self.spec["name"], detail=detail)

    def _ended(self, template, because):
        """Why the player's process ended: `template`, or `because` with how it exited (a signal,
        an exit status), and the memory it outgrew when its cgroup says so."""
        exit_reason = self._exit_reason()
        reason = Reason(template) if exit_reason is None else Reason(because, exit=exit_reason)
        if self.cgroup and self.cgroup.out_of_memory():
            reason = Reason(reasons.OUT_OF_MEMORY, reason=reason, megabytes=self.cgroup.memory_bytes // (1024 * 1024))
        return reason

    def _exit_reason(self):
        """How the process exited, a Reason; None when it exited well or could not be waited for."""
        try:
            code = self.process.wait(2)
        except Exception:
            return None
        if code < 0:
            import signal
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = "signal %d" % -code
            return Reason(KILLED_BY.get(name, reasons.KILLED), signal=name)
        return Reason(reasons.EXIT_STATUS, code=code) if code else None

    def printed(self):
        """What the player printed (at most OUTPUT_CAP bytes), as text."""
        return b"".join(self.output).decode("utf-8", "replace")

    def kill(self):
        """Kill every process of the seat (its cgroup, or its process group and all below it)."""
        if self.process.poll() is None:
            self.tree.kill()
        if self.cgroup:
            self.cgroup.kill()
        try:
            self.process.wait(5)
        except Exception:
            pass

    def close(self):
        try:
            self.process.stdin.close()    # EOF: an idle player's process ends by itself
        except OSError:
            pass
        try:
            self.process.wait(0.2)
        except Exception:
            pass
        self.tree.kill()                  # whatever is left, the seat's processes included
        if self.cgroup:
            self.cgroup.kill()
        try:
            self.process.wait(5)
        except Exception:
            pass
        if self.cgroup:
            self.cgroup.remove()
        self.drain.join(1)
        self.process.stdout.close()
        if not self.drain.is_alive():
            self.process.stderr.close()


def ask_seat(seat, board):
    """The seat's answer; whatever goes wrong while asking it forfeits that seat
    (its processes killed), never the game's caller: a tournament, a Dask worker."""
    try:
        return seat.ask(board)
    except Exception as error:      # MemoryError, RecursionError, a referee bug a bot provoked
        seat.kill()
        return forfeit_reply(BotForfeit(ERROR, Reason(reasons.UNREADABLE_ANSWER, error=type(error).__name__)))


def check_player(spec, sandbox=True):
    """None when `spec` loads in its own (sandboxed) process, else the reason it does not, in English."""
    reason = load_reason(spec, sandbox)
    return None if reason is None else str(reason)


def load_reason(spec, sandbox=True):
    """None when `spec` loads in its own (sandboxed) process, else the reason it does not: a Reason
    'could not be loaded: FILE: detail' (reasons.NOT_LOADED_FILE)."""
    seat = SandboxSeat(spec, None, 1.0, sandbox)
    try:
        error = seat.wait_ready()
    except BotForfeit as problem:
        loaded = problem.template == reasons.NOT_LOADED_FILE
        error = reasons.of(problem) if loaded else seat._load_error(reasons.of(problem))
    except ProtocolError as problem:
        error = seat._load_error(problem.reason)
    except EOFError as problem:
        error = seat._load_error(str(problem))
    finally:
        seat.close()
    return error
