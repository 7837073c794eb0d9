"""The page's referee's wall clock (kalah.web.lab.games, issue 37), on a simulated clock.

A move may take the ceiling (3 x the limit + 1 s) from the moment its worker begins it, counted
in effective time: wall time divided by the square of the slowdown the page's own sampler
measures (kalah.web.lab.move_clock), so where it reads 2 a move may take four ceilings of wall time;
never past the cap (10 x the ceiling); a sleeper, a C call or a dead worker says nothing and
forfeits one ceiling after its last report, and a bot that forges reports on an idle machine
gains nothing past one ceiling. Each scenario plays the
referee (MicroPython's page code, run here under CPython with the page's modules stubbed) against
a sandbox that answers on a script of times: no browser and no real clock, so the outcome is
exact whatever the machine's load. The chromium tests (tests/browser/test_lab.py,
test_lab_referee.py, test_lab_referee_time.py) play the real sandboxes.
"""

import functools
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIMIT = 0.2          # the ceiling is 1.6 s, the cap 16 s
# South plays its second move under each script (its first move, 3, which may load its file,
# was answered at once, and earns it another); times are ms after South's call; "slowdown" is what
# the page's sampler reads all along (1 by default: an idle machine).
SCRIPTS = {
    # computes slowly where the sampler reads 2: began, then its count reported every second,
    # the answer after 5 s (1.25 s of effective time)
    "slow": {"begin": 10, "reports": list(range(1000, 5000, 1000)), "answer": 5000, "slowdown": 2.0},
    # a sleeper (or a C call): began, then nothing
    "sleeper": {"begin": 10, "reports": [], "answer": None},
    # worked a little, then slept, where the sampler reads 2
    "worked then slept": {"begin": 10, "reports": [500, 1000], "answer": None, "slowdown": 2.0},
    # forges a report every half second and never answers, on an idle machine
    "forger": {"begin": 10, "reports": list(range(500, 60000, 500)), "answer": None},
    # the same where the sampler reads 2
    "forger, busy": {"begin": 10, "reports": list(range(500, 60000, 500)), "answer": None, "slowdown": 2.0},
    # the same where it reads 20 (its square past the cap's 10 ceilings)
    "forger, starved": {"begin": 10, "reports": list(range(500, 60000, 500)), "answer": None, "slowdown": 20.0},
    # its worker had no core for 3 s: began late, answered at once
    "starved": {"begin": 3000, "reports": [], "answer": 3100},
    # its sandbox was still starting its runtime when asked (ready at 2.95 s); its worker began at once,
    # before the referee's next look saw the sandbox ready, then said nothing (a C call)
    "sleeper, sandbox starting": {"ready": 2950, "begin": 2960, "reports": [], "answer": None},
    # answered late with nothing reported in between, to a page too busy for its timers until then
    "late": {"begin": 10, "reports": [], "answer": 2500, "busy": 2600},
    # the same, with its count reported meanwhile
    "late but computing": {"begin": 10, "reports": [1000, 2000], "answer": 2500, "busy": 2600},
}

SIMULATION = r"""
import heapq, json, sys, types

now = [0.0]
busy = [0.0]        # the page's timers wait until then (its thread is busy); messages do not
queue = []          # (due, order, callback)
order = [0]
cancelled = set()


def at(due, callback):
    order[0] += 1
    heapq.heappush(queue, (due, order[0], callback))
    return order[0]


class Performance:
    @staticmethod
    def now():
        return now[0]


class Window:
    performance = Performance()

    @staticmethod
    def setTimeout(handler, ms):
        return at(max(now[0] + ms, busy[0]), handler)

    @staticmethod
    def clearTimeout(timer):
        cancelled.add(timer)


pyscript = types.ModuleType("pyscript")
pyscript.window, pyscript.document = Window(), None
ffi = types.ModuleType("pyscript.ffi")
ffi.create_proxy = ffi.to_js = lambda value: value
ffi.is_none = lambda value: value is None
sys.modules["pyscript"], sys.modules["pyscript.ffi"] = pyscript, ffi

from kalah.game.rules import DEFAULT_RULES
from kalah.web.lab.games import GameRunner

READING_MS = 60       # the page's sampler (static/js/referee-sampler.js) reads every 60 ms


class Sampler:
    # The referee's sampler: the script's slowdown at every reading, delivered through the page's
    # timers (a busy page handles them late, as it does its timers).
    def __init__(self, slowdown):
        self.slowdown, self.watchers = slowdown, []
        at(READING_MS, self.read)

    def read(self):
        for watcher in list(self.watchers):
            watcher.sampled(now[0], self.slowdown)
        at(max(now[0] + READING_MS, busy[0]), self.read)

    def working(self):
        return True

    def watch(self, watcher):
        if watcher not in self.watchers:
            self.watchers.append(watcher)

    def unwatch(self, watcher):
        if watcher in self.watchers:
            self.watchers.remove(watcher)


class Sandbox:
    # The referee's view of a sandbox: the frame's clock of the latest message in `seconds`.
    def __init__(self, script):
        self.script, self.calls, self.seconds, self.open = script, 0, None, True
        self.ready_at = 1 + script.get("ready", 0)     # still starting its runtime until then

    def is_ready(self):
        return self.calls == 0 or now[0] >= self.ready_at

    def call(self, name, args, on_result, on_progress, on_error):
        self.calls += 1
        self.call_id = self.calls
        asked = now[0]
        script = self.script if self.calls == 2 else {"begin": 0, "reports": [], "answer": 1}

        def tell(ms, callback):
            def told():
                if self.open and self.call_id == self.calls:
                    self.seconds = ms / 1000.0
                    callback()
            at(asked + ms, told)

        tell(script["begin"], lambda: on_progress({"work": 0}))
        for ms in script["reports"]:
            tell(ms, lambda: on_progress({"work": ms * 100}))
        if script["answer"] is not None:
            tell(script["answer"], lambda: on_result({"move": args["moves"] and 4 or 3}))
        return self.calls

    def after_sent(self, callback):      # the frame's pong: every message sent so far is in
        at(now[0], callback)

    def cancel(self, call_id):
        self.open = False

    def terminate(self):
        self.open = False


results = {}
scripts = json.loads(sys.argv[1])
for name, script in scripts.items():
    del queue[:]
    now[0] = 0.0
    busy[0] = 1 + script.get("busy", 0)       # South's second call is made at 1 ms
    ended = []
    runner = GameRunner([Sandbox(script), Sandbox({})], [{"name": "south"}, {"name": "north"}],
                        DEFAULT_RULES, float(sys.argv[2]), [None, None],
                        on_end=lambda runner: ended.append(now[0]), sampler=Sampler(script.get("slowdown", 1.0)))
    runner.start()
    asked = None
    while queue and not ended:
        due, number, callback = heapq.heappop(queue)
        if number in cancelled:
            continue
        now[0] = max(now[0], due)
        if asked is None and runner.asked[0] == 2:
            asked = runner.clock.asked_at
        callback()
        if asked is None and runner.asked[0] == 2:
            asked = runner.clock.asked_at
        if runner.game.board.moves_played()[1:]:      # South's second move (3 from the start plays again)
            break
    forfeit = runner.game.forfeit
    results[name] = {"forfeit": forfeit and "%s: %s" % (forfeit["kind"], forfeit["reason"]),
                     "moves": runner.game.board.moves_played(),
                     "at": round(now[0] - asked) if asked is not None else None}
    runner.stop()
print(json.dumps(results))
"""


@functools.lru_cache(maxsize=None)
def outcomes():
    run = subprocess.run([sys.executable, "-c", SIMULATION, json.dumps(SCRIPTS), str(LIMIT)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


STOPPED = "time: no move within the time limit of 0.2 s; the player was stopped"


def test_a_bot_that_computes_slowly_on_a_busy_machine_plays_its_move_past_the_ceiling():
    assert outcomes()["slow"] == {"forfeit": None, "moves": [3, 4], "at": 5000}


def test_a_worker_that_had_no_core_yet_is_timed_from_when_it_began():
    assert outcomes()["starved"] == {"forfeit": None, "moves": [3, 4], "at": 3100}


def test_a_sleeper_forfeits_one_ceiling_after_it_began():
    assert outcomes()["sleeper"] == {"forfeit": STOPPED, "moves": [3], "at": 1610}


def test_a_sleeper_whose_sandbox_was_starting_forfeits_one_ceiling_after_it_began():
    # Its first report came before the referee saw its sandbox ready (every 100 ms): the move had
    # begun all the same. Before, the referee's clock forgot it and held the seat to the cap, 16 s.
    assert outcomes()["sleeper, sandbox starting"] == {"forfeit": STOPPED, "moves": [3], "at": 4560}


def test_a_bot_that_stops_computing_forfeits_one_ceiling_after_its_last_report():
    # Its last report at 1 s, 0.6 s of effective time in: stopped at 2.6 s, the machine's slowness notwithstanding.
    assert outcomes()["worked then slept"] == {"forfeit": STOPPED, "moves": [3], "at": 2600}


def test_forged_reports_on_an_idle_machine_gain_nothing_past_one_ceiling():
    # Before the sampler (issue 37's open breach) they held the seat to the cap, 16 s.
    assert outcomes()["forger"] == {"forfeit": STOPPED, "moves": [3], "at": 1610}


def test_forged_reports_gain_only_the_time_the_measured_slowdown_explains():
    assert outcomes()["forger, busy"] == {"forfeit": STOPPED, "moves": [3], "at": 6410}


def test_forged_reports_gain_at_most_the_cap():
    assert outcomes()["forger, starved"] == {"forfeit": STOPPED, "moves": [3], "at": 16000}


def test_an_answer_after_the_ceiling_with_no_report_between_forfeits():
    assert outcomes()["late"] == {
        "forfeit": "time: answered after 2.5 s by the referee's clock, past the time limit of 0.2 s",
        "moves": [3], "at": 2500}


def test_an_answer_after_the_ceiling_while_its_count_advanced_plays():
    assert outcomes()["late but computing"] == {"forfeit": None, "moves": [3, 4], "at": 2500}


def test_effective_time_divides_each_stretch_by_the_slowdown_read_at_its_end():
    from kalah.web.lab.move_clock import MoveClock
    clock = MoveClock(1600, 16000, asked_at=0, sampling=True)
    clock.begin(100)
    clock.reading(160, 2.0)         # 60 ms where the sampler ran at half speed: 60 / 2 ** 2
    clock.reading(220, 1.0)         # 60 ms at full speed: 60
    assert clock.effective_ms(220) == 75
    assert clock.effective_ms(190) == 45          # 15, then 30 ms of the second reading's cycle
    assert clock.effective_ms(270) == 125         # 50 ms since the latest reading, not overdue
    assert clock.effective_ms(620) == 75 + 25     # 400 ms without a reading: a sampler 4 x late, 400 / 4 ** 2


def test_without_a_sampler_effective_time_is_wall_time():
    from kalah.web.lab.move_clock import MoveClock
    clock = MoveClock(1600, 16000, asked_at=0, sampling=False)
    clock.begin(100)
    clock.report(1000)
    assert clock.effective_ms(1700) == 1600
    assert clock.over(1700) and not clock.over(1699)
