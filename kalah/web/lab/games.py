"""One bot-lab game in the page: the referee here, each player in its own sandbox.

The page's Python (MicroPython) is the referee: it keeps the board (a
`kalah.lab.game.LabGame`), asks the side to move, checks every answer
(`plain_reply`, then the legal-move check) and times the move itself. Each
player runs in its own `kalah.web.lab.bot_sandbox.SandboxClient`, made for this
game and closed at its end, so a bot can touch neither the referee nor its
opponent, and nothing it does outlives the game. Whatever a sandbox sends,
fakes or breaks costs only its own seat: a bad message, a crash of its
Python (reported as a crash, not as time), an answer the referee cannot
check (whatever fails while checking it), or an answer or silence past the
time limit forfeits that player.

The time rule: a move's limit is its budget of work (`kalah.lab.game.work_budget`),
counted inside the sandbox by `kalah.lab.work` as on the command line, so
the same players give the same games here and there, idle or busy. The
referee's clock is the ceiling for what nothing counts (a sleep, a long C
call, a bot that broke its own sandbox's counting): a move is timed by the
sandbox's frame, from handing the worker the call to its answer
(bot-sandbox.js: code the bot cannot reach, on a clock it cannot change, and
which leaves out any time the page itself was busy), and the page's own timer
looks at it. A move may take the ceiling of the command line's rule for
sleeping bots, `kalah.lab.game.wall_ceiling` (3 x the limit + 1 s), from the
moment its worker begins it (its first report, `{"work": 0}`); a player's first
move may also load its file (FIRST_CALL_MS more). Wall time is all there is
here, and a busy machine stretches it; the worker's reports of its count
(`kalah.lab.work.progress_to`) say a slow move still computes, but a bot can
forge them. So the ceiling is counted in effective time, wall time divided by
the square of the slowdown the page's own sampler measures
(`kalah.web.lab.move_clock`, whose rule this is, and why the square): a move
that reports is stopped when its effective time reaches the ceiling, one that
reports nothing one ceiling of wall time after its last report, and every
move at `kalah.lab.game.wall_cap` (10 x the ceiling). Past those the move
forfeits on time, whatever the sandbox's own clock said.
"""

from pyscript import window

from kalah.errors import KalahError, Reason
from kalah.lab import reasons
from kalah.lab.game import LabGame, forfeit_answer, plain_reply, wall_cap, wall_ceiling
from kalah.web.common.dom import Timer
from kalah.web.lab.cpu_sampler import page_sampler
from kalah.web.lab.move_clock import MoveClock

READY_POLL_MS = 100      # how often a move waits for its sandbox to finish starting
FIRST_CALL_MS = 5000     # a player's first move also loads its file
CONFIRM_MS = 5000        # past the ceiling, how long the frame may take to confirm that no answer is on its way


class GameRunner:
    """One game: asks each player in turn, applies the forfeit rule.

    specs[side] is a player spec, or None for a person (who moves through
    `person_move`); clients[side] is that player's sandbox (None for a
    person), owned by this game. on_move(runner, report) after each move,
    on_end(runner) once the game is over (or stopped: runner.stopped).
    sampler: the referee's measure of the machine's slowdown (the page's own by default).
    """

    def __init__(self, clients, specs, rules, time_limit, seeds, delay_ms=0,
                 on_move=None, on_end=None, on_wait=None, on_ready=None, sampler=None):
        self.clients = clients
        self.sampler = sampler or page_sampler()
        self.on_ready = on_ready      # on_ready(runner, side): the side to move's sandbox has started
        self.specs = specs
        self.time_limit = time_limit
        self.seeds = seeds
        self.delay_ms = delay_ms
        self.on_move = on_move
        self.on_end = on_end
        self.on_wait = on_wait
        names = [spec["name"] if spec else "you" for spec in specs]
        self.game = LabGame(names, rules)
        self.call_id = None
        self.stopped = False
        self.starting = False
        self.confirming = False
        self.depth = None
        self.asked = [0, 0]           # moves asked of each side so far
        self.clock = None             # the move's MoveClock, in the page's time
        self.begun_ms = 0.0           # the frame's time of the worker's first report, since it handed the call
        self._watchdog = Timer(self._too_late)
        self._delay = Timer(self._next)

    def start(self):
        self._next()

    def waiting_for_person(self):
        return not self.stopped and not self.game.is_over() and self.specs[self.game.turn] is None \
            and self.call_id is None

    def _next(self):
        if self.stopped:
            return
        if self.game.is_over():
            self._end()
            return
        side = self.game.turn
        if self.specs[side] is None:
            if self.on_wait is not None:
                self.on_wait(self, side)
            return
        self.depth = None
        board = self.game.board
        client = self.clients[side]
        args = {"game": "game", "side": side, "player": self.specs[side], "seed": self.seeds[side],
                "time": self.time_limit, "start": board.start_position(), "moves": board.moves_played()}
        self.asked[side] += 1
        self.starting = not client.is_ready()
        self.confirming = False
        self._start_clock()
        self.call_id = client.call("kalah.lab.worker_api:ask", args, self._answer, self._progress, self._failed)
        if self.call_id is not None:
            self.sampler.watch(self)
            # A sandbox still starting Pyodide has not begun the move: wait for it first.
            self._watchdog.start(READY_POLL_MS if self.starting else self.patience_ms())

    def _start_clock(self):
        self.begun_ms = 0.0
        self.clock = MoveClock(self.patience_ms(), self.cap_ms(), window.performance.now(), self.sampler.working())

    def sampled(self, now, slowdown):
        """A reading of the sampler (kalah.web.lab.cpu_sampler) while this game waits for a move."""
        if self.call_id is not None:
            self.clock.reading(now, slowdown)

    def patience_ms(self):
        """The referee's allowance for the side to move, in ms of the frame's clock."""
        first = FIRST_CALL_MS if self.asked[self.game.turn] == 1 else 0
        return int(round(wall_ceiling(self.time_limit) * 1000)) + first

    def cap_ms(self):
        """The hard bound of the side to move's move, however slowly it computes."""
        first = FIRST_CALL_MS if self.asked[self.game.turn] == 1 else 0
        return int(round(wall_cap(self.time_limit) * 1000)) + first

    def _progress(self, data):
        if "work" in data:
            # The worker's report (kalah.lab.worker_api.ask): it began the move, or its count
            # advanced. Any value will do: a forged one gains no time the sampler does not explain.
            if self.clock.begun_at is None:
                self.begun_ms = (self.clients[self.game.turn].seconds or 0.0) * 1000
            self.clock.report(window.performance.now())
            return
        depth = data.get("depth")
        self.depth = depth if type(depth) is int else None

    def _in_time(self, ms):
        """Whether an answer `ms` after the call (the frame's clock) is within the move's allowance:
        the move's clock at the page's time of the frame's, which leaves out a busy page's delay."""
        if ms > self.cap_ms():
            return False
        clock = self.clock
        if clock.begun_at is None:
            return ms <= clock.ceiling_ms
        return not clock.over(clock.begun_at + ms - self.begun_ms)

    def _move_ended(self):
        self._watchdog.stop()
        self.sampler.unwatch(self)
        self.call_id = None

    def _answer(self, data):
        self._move_ended()
        if self.stopped or self.game.is_over():
            return
        seconds = self.clients[self.game.turn].seconds or 0.0
        if not self._in_time(seconds * 1000):
            reply = forfeit_answer("time", late(seconds, data, self.time_limit))
        else:
            reply = checked_reply(data, self.game.board.rules.houses)
        self._after(self.game.answer(reply, seconds))

    def _failed(self, message):
        # The player's sandbox failed or its Python crashed (bot_sandbox: a reason, or its words):
        # the side to move cannot play.
        self._move_ended()
        if self.stopped or self.game.is_over():
            return
        if getattr(message, "template", None) == reasons.CRASHED:
            reason = message
        else:
            reason = Reason(reasons.SANDBOX_FAILED_BECAUSE, detail=message)
        self.game.lose(self.game.turn, "error", reason)
        self._after(None)

    def _too_late(self):
        if self.call_id is None or self.stopped:
            return
        client = self.clients[self.game.turn]
        if not client.is_ready():
            self._watchdog.start(READY_POLL_MS)
            return
        if self.starting:
            # Ready now: the frame has just handed the call to the worker and started its clock.
            self.starting = False
            now = window.performance.now()
            self.clock.ready(now)
            if self.on_ready is not None:
                self.on_ready(self, self.game.turn)
            self._watchdog.start(self.clock.wait_ms(now))
            return
        if not self.confirming:
            # An answer or a report may be waiting behind a busy page: let the sandbox's frame
            # say that nothing more is on its way (or wait CONFIRM_MS more), then look.
            self.confirming = True
            call_id = self.call_id
            client.after_sent(lambda: self._look(call_id))
            self._watchdog.start(CONFIRM_MS)
            return
        self._silent(self.call_id)

    def _look(self, call_id):
        """Every report the worker sent is in: wait more unless the move's clock says it is over."""
        if self.call_id is None or self.call_id != call_id or self.stopped:
            return
        self.confirming = False
        now = window.performance.now()
        if self.clock.over(now):
            self._silent(call_id)
            return
        self._watchdog.start(self.clock.wait_ms(now))

    def _silent(self, call_id):
        """No answer came: the bot's deadline could not stop it, and its sandbox is closed."""
        if self.call_id is None or self.call_id != call_id or self.stopped:
            return
        self.clients[self.game.turn].cancel(self.call_id)
        self._move_ended()
        self.game.lose(self.game.turn, "time", Reason(reasons.TIME_LIMIT, limit=seconds_text(self.time_limit)))
        self._after(None)

    def person_move(self, house):
        """A person's move; KalahError says why it cannot be played."""
        if not self.waiting_for_person():
            raise KalahError("it is not your turn")
        self.game.board.check_move(house)
        self._after(self.game.answer({"move": house}))

    def _after(self, report):
        if self.on_move is not None:
            self.on_move(self, report)
        if self.game.is_over():
            self._end()
        elif self.delay_ms:
            self._delay.start(self.delay_ms)
        else:
            self._next()

    def _close(self):
        for client in self.clients:
            if client is not None:
                client.terminate()

    def _end(self):
        self._close()
        if self.on_end is not None:
            self.on_end(self)

    def stop(self):
        """Stop the game without a result (its sandboxes are closed)."""
        if self.stopped:
            return
        self.stopped = True
        self._move_ended()
        self._delay.stop()
        self._close()


def checked_reply(data, houses):
    """plain_reply's answer, or the forfeit of a player whose answer the
    referee could not check: whatever fails while checking (a move nested too
    deep for json.dumps, memory) is the answer's fault, never the game's."""
    try:
        return plain_reply(data, houses)
    except KalahError as error:
        reason = Reason(reasons.SANDBOX_SENT, detail=reasons.of(error))
    except Exception as error:
        reason = Reason(reasons.SANDBOX_UNCHECKED, error=type(error).__name__)
    return forfeit_answer("invalid", reason)


def late(seconds, data, time_limit):
    """The reason of an answer past the move's allowance, with what the sandbox's own clock said of
    the move, for the record, when it said something plausible (the bot may have set it)."""
    own = data.get("seconds") if isinstance(data, dict) else None
    if type(own) not in (int, float) or not 0 <= own < 86400:
        return Reason(reasons.LATE, seconds="%.1f" % seconds, limit=seconds_text(time_limit))
    return Reason(reasons.LATE_OWN_CLOCK, seconds="%.1f" % seconds, own="%.1f" % own, limit=seconds_text(time_limit))


def seconds_text(value):
    return "%g" % value
