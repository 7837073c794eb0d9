"""The work budget (kalah.lab.work, issue 37): a move's limit counted in work, the same on any
machine and under any load, and beyond the reach of the bot it counts."""

import gc
import sys
import threading

import pytest

from kalah.game.board import Board
from kalah.lab.game import work_budget
from kalah.lab.loader import BotForfeit, load_bot_file
from kalah.lab import work
from kalah.lab.work import BotTimeout, WorkBudget, progress_to

REFUSED = "refused: %s is not allowed in a player"
OVER = "no move within its work budget of 50,000 units (the time limit of 0.1 s)"


def forfeit_of(source, time_limit=0.1):
    with pytest.raises(BotForfeit) as caught:
        load_bot_file(source, name="mallory").choose(Board(), time_limit)
    return caught.value.kind, caught.value.reason


def move(body):
    return "import sys\ndef algorithm(game):\n" + "".join("    %s\n" % line for line in body.split("\n")) + \
        "    return '1'\n"


def test_the_budget_is_the_time_limit_in_units_of_work():
    assert work_budget(1.0) == 500000 and work_budget(0.3) == 150000


def test_the_same_work_counts_the_same_every_time():
    # The template's search from the start, five times: the same count to the unit (after a first
    # search that found the rules, which the engine keeps: a player's process plays one game).
    source = open("kalah/lab/templates/select_move.py").read()
    player = load_bot_file(source, name="template")
    from kalah.lab.interfaces import KalahaBoard
    counts = set()
    player.function(KalahaBoard(Board()), 3)
    for _ in range(5):
        # Garbage left by earlier tests in this process, collected mid-search, would run its
        # finalizers inside the budget and be counted (13 units once, in a whole suite's run).
        gc.collect()
        with WorkBudget(10 ** 9) as budget:
            player.function(KalahaBoard(Board()), 3)
        counts.add(budget.used)
    assert len(counts) == 1 and not budget.spent


def test_a_loop_past_the_budget_forfeits_on_time():
    assert forfeit_of(move("while True:\n    pass")) == ("time", OVER)


def test_switching_the_counter_off_is_refused():
    assert forfeit_of(move("sys.settrace(None)\nwhile True:\n    pass")) == (
        "error", "refused: sys.settrace is not allowed in a player (its work is counted), nor is going on "
                 "past its work budget")


def test_a_tracer_of_its_own_is_refused():
    assert forfeit_of(move("sys.settrace(lambda *args: None)"))[0] == "error"
    assert forfeit_of(move("sys.setprofile(lambda *args: None)")) == ("error", REFUSED % "sys.setprofile")


def test_replacing_sys_settrace_changes_nothing(monkeypatch):
    # Replaced while the file loads: the budget bound the real one when it was imported. The bot
    # replaces this process's own sys.settrace: put back after the test (monkeypatch), or a later
    # test's bot calling sys.settrace would call the bot's lambda, which nothing refuses.
    monkeypatch.setattr(sys, "settrace", sys.settrace)
    source = "import sys\nsys.settrace = lambda function: None\n" + move("while True:\n    pass").split("\n", 1)[1]
    assert forfeit_of(source) == ("time", OVER)


@pytest.mark.parametrize("reach,event", [
    ("import gc\ngc.get_objects()", "gc.get_objects"),
    ("import gc\ngc.get_referrers(game)", "gc.get_referrers"),
])
def test_every_way_to_the_counter_is_refused(reach, event):
    kind, reason = forfeit_of(move(reach))
    assert kind == "error" and reason.startswith("refused: %s" % event), reason


def test_the_standard_library_s_own_frame_uses_work():
    # namedtuple, dataclasses and traceback read frames: a player may use them, at load and in a move.
    source = ("import collections, dataclasses, traceback\nPoint = collections.namedtuple('Point', 'x y')\n"
              "def algorithm(game):\n    Pair = collections.namedtuple('Pair', 'a b')\n"
              "    try:\n        1 / 0\n    except ZeroDivisionError:\n        traceback.format_exc()\n"
              "    return str(Pair(1, 2).a)\n")
    assert load_bot_file(source, name="library").choose(Board(), 0.1) == 1


def test_switching_off_its_own_frame_s_lines_still_counts_its_calls():
    assert forfeit_of(move("sys._getframe().f_trace = None\nwhile True:\n    len(str(1))\n    game.getBoard()")) == \
        ("time", OVER)


def test_changing_the_counting_function_is_refused():
    source = move("tracer = sys.gettrace()\ntracer.__defaults__ = tracer.__defaults__[:2] + (10 ** 12,) + "
                  "tracer.__defaults__[3:]")
    assert forfeit_of(source) == ("error", "refused: the work counter cannot be changed")


def test_a_budget_of_its_own_is_refused():
    # A bigger budget inside the move's, or an exit called on one it made, would end the count.
    source = move("from kalah.lab.work import WorkBudget\nwith WorkBudget(10 ** 12):\n    while True:\n        pass")
    assert forfeit_of(source) == ("time", OVER)
    source = move("from kalah.lab.work import WorkBudget\nWorkBudget(10 ** 12).__exit__(None, None, None)\n"
                  "while True:\n    pass")
    assert forfeit_of(source)[0] == "error"


def test_catching_the_stop_does_not_buy_more_work():
    # The counter stays in place: the handler's own next call is stopped again.
    source = move("for _ in range(1000):\n    try:\n        while True:\n            pass\n"
                  "    except BaseException:\n        len([1])\n        game.getBoard()")
    assert forfeit_of(source) == ("time", OVER)


def test_the_counter_is_gone_after_the_move():
    import sys
    before = sys.gettrace()
    assert load_bot_file(move("pass"), name="fine").choose(Board(), 0.1) == 1
    assert sys.gettrace() is before
    def endless():
        while True:
            pass
    with pytest.raises(BotTimeout):
        with WorkBudget(100):     # counts the frames started inside it, not the one that enters it
            endless()
    assert sys.gettrace() is before


def counted_with_and_without_reports(work, units=32000):
    """`work` counted in a budget of `units` twice, without a listener and with one: the two counts,
    and what the listener heard."""
    heard, used = [], []
    for listener in (None, heard.append):
        progress_to(listener)
        try:
            with WorkBudget(units) as budget:
                work()
        finally:
            progress_to(None)
        used.append(budget.used)
    return used, heard


def test_a_budget_reports_how_far_its_count_is_without_changing_it():
    # The page's worker tells the referee that a slow move still computes (kalah.web.lab.games):
    # every 32nd of the budget, at a call, uncounted: the count is the same with and without.
    def work():
        def step():
            return 1
        for _ in range(2000):
            step()
    used, heard = counted_with_and_without_reports(work)
    assert used[0] == used[1] == 10008
    assert heard == [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]   # at each 1000, a line or a call
    with WorkBudget(32000):       # the listener was dropped: no budget reports any more
        work()
    assert len(heard) == 10


def test_a_loop_without_calls_reports_as_it_counts():
    # On a slow machine the page's referee waits while the count advances; a loop of arithmetic makes
    # no call, and its lines reported nothing: it met the wall ceiling however honestly it counted.
    def loop():
        i = 0
        while i < 10000:
            i += 1
    used, heard = counted_with_and_without_reports(loop)
    assert used[0] == used[1] == 20008
    assert heard == [1000 * n for n in range(1, 21)]


def test_a_loop_without_calls_is_still_stopped_at_its_budget_with_reports():
    def endless():
        while True:
            pass
    heard = []
    progress_to(heard.append)
    try:
        with pytest.raises(BotTimeout):
            with WorkBudget(32000) as budget:
                endless()
    finally:
        progress_to(None)
    assert heard == [1000 * n for n in range(1, 32)] and budget.used == 32002     # as without reports


def test_writing_where_the_reports_are_kept_gains_no_work():
    # The bot reaches its budget's report through the tracer's defaults: what it writes there is a
    # machine integer (no code of its own runs in the tracer), and the report cannot be replaced.
    kind, reason = forfeit_of(move("sys.gettrace().__defaults__[-2][0] = 0\nwhile True:\n    len(str(1))\n"
                                   "    game.getBoard()"))
    assert (kind, reason) == ("time", OVER)
    # A number of its own whose comparison would run uncounted in the tracer is stored as a plain one.
    sly = ("import sys\nran = []\nclass Sly(int):\n    def __le__(self, other):\n        ran.append(1)\n"
           "        return False\n    __ge__ = __le__\n"
           "def algorithm(game):\n    sys.gettrace().__defaults__[-2][0] = Sly(10 ** 9)\n    len(str(1))\n"
           "    return '2' if ran else '1'\n")
    assert load_bot_file(sly, name="sly").choose(Board(), 0.1) == 1
    assert forfeit_of(move("sys.gettrace().__defaults__[-1].__defaults__ = (None, 0, print)")) == (
        "error", "refused: the work counter cannot be changed")


def test_a_line_tracer_s_mark_moves_only_within_its_budget():
    # The line tracer moves its own mark (the next report due) in its defaults; the guard allows that
    # change only: an integer within the budget, every other default the same object.
    lines = "lines = sys.gettrace().__defaults__[5]\nd = lines.__defaults__\n"
    assert forfeit_of(move(lines + "lines.__defaults__ = d[:2] + (10 ** 12,) + d[3:]\nwhile True:\n    pass")) == (
        "error", "refused: the work counter cannot be changed")
    for changed in ("(d[0], d[1], d[2], d[4], d[4])", "(d[0], iter(range(9)), d[2], d[3], d[4])",
                    "d[:2] + (float(d[2]),) + d[3:]", "d[:4] + (print,)", "d + (1,)", "None"):
        assert forfeit_of(move(lines + "lines.__defaults__ = %s" % changed)) == (
            "error", "refused: the work counter cannot be changed"), changed
    # Moving it back only makes its reports come sooner: the budget ends where it did.
    assert forfeit_of(move(lines + "lines.__defaults__ = d[:2] + (0,) + d[3:]\nwhile True:\n    pass")) == (
        "time", OVER)


AUDIT_HOOK_ESCAPE = '''
import sys
ran = []


def search(event, args):
    # An audit hook runs untraced: its work was not counted.
    if event == "kalah.search" and not ran:
        total = 0
        for number in range(%d):
            total += number
        ran.append(total)


def algorithm(game):
    %s
    sys.audit("kalah.search")
    return "2" if ran else "1"
'''


def test_an_audit_hook_of_its_own_is_refused():
    # Before, the hook was added and did 3,000,000 steps uncounted within a budget of 50,000 units.
    source = AUDIT_HOOK_ESCAPE % (3000000, "sys.addaudithook(search)")
    assert forfeit_of(source) == ("error", REFUSED % "sys.addaudithook")


def test_an_audit_hook_added_by_a_finalizer_between_budgets_is_refused(monkeypatch):
    # The collector may run a finalizer of the bot's anywhere, outside the move's budget too: the
    # guard refuses the hook there as well (Python ignores a finalizer's error: it is only reported).
    source = AUDIT_HOOK_ESCAPE % (3000000, "pass") + '''

class Cycle:
    def __del__(self):
        sys.addaudithook(search)


def leave_a_cycle():
    cycle = Cycle()
    cycle.me = cycle


leave_a_cycle()
'''
    import gc
    import sys
    player = load_bot_file(source, name="mallory")
    ignored = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: ignored.append(report.exc_value))
    gc.collect()                  # the finalizer runs here, in no budget
    monkeypatch.undo()
    assert [str(error) for error in ignored] == ["sys.addaudithook is not allowed in a player"]
    assert player.choose(Board(), 0.1) == 1


def test_budgets_on_two_threads_install_their_counters_in_turn():
    # Games in threads with their players in this process (runner.play_tournament, isolate=False):
    # CPython 3.11 refused a sys.settrace while another thread's was under way, and a player then
    # lost its game with "could not be loaded" (1 run in 10 of tests/lab/test_lab_tournament.py
    # beside a busy machine). A switch interval of a microsecond makes the overlap certain.
    errors = []

    def budgets():
        try:
            for _ in range(10000):
                with WorkBudget(10 ** 6):
                    sum(range(3))
        except BaseException as error:
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=budgets) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []


def test_a_counter_that_fails_to_install_leaves_the_thread_free_for_the_next_budget(monkeypatch):
    def refuse(tracer):
        raise RuntimeError("Cannot install a trace function while another trace function is being installed")

    monkeypatch.setattr(work, "_settrace", refuse)
    with pytest.raises(RuntimeError):
        with WorkBudget(1000):
            pass
    monkeypatch.undo()
    with WorkBudget(1000) as budget:     # before: refused as a budget inside a budget
        sum(range(3))
    assert 0 < budget.used < 1000
