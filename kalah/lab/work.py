"""A move's budget in work, not time: the Python lines a player runs, counted.

The same tournament must give the same standings on any machine, under any
load, on the command line and in the page. A clock cannot promise that; a
count can: `WorkBudget` counts the line events (`sys.settrace`) of every
Python frame that runs while a student's code is called (the bot's own code
and the engine it calls, `kalah.game.board`, alike) and stops the bot with
`BotTimeout` when the move's budget (`kalah.lab.game.work_budget`) is spent.
Work done in C (a `sorted` of a huge list, `"x" * 10**9`) is not counted:
the referee's wall ceiling (`kalah.lab.game.wall_ceiling`, and the command
line's CPU ceiling) stops it, as it stops a sleeper.

The count is beyond the bot's reach. `guard()` installs an audit hook once
(audit hooks cannot be removed); while a budget runs on a thread it refuses:

- `sys.settrace` and `sys.setprofile`, unless made by the `WorkBudget` that
  owns the thread, from the frame that entered it (so neither
  `sys.settrace(None)`, nor a tracer of the bot's, nor a budget the bot
  makes itself, nor an exit it calls on one replaces the count);
- the garbage collector's lists of objects and new code objects, so no
  counter is found or rewritten from Python (`ctypes`, which the lab's
  hostile files use to test the kernel's limits, could write memory: the
  referee's clocks bound what that gains) (frames stay within reach, as the
  standard library needs them: a bot may switch off the line counting of
  its own frame, `frame.f_trace = None`; every call it makes is counted
  still, and a loop without calls is stopped by the clocks, like work in C);
- new threads (`_thread.start_new_thread`), which `sys.settrace` would not
  count (the command line's seccomp filter refuses them too; Pyodide has none);
- changing the code, defaults or closure of the counting function (but the
  line tracer's move of its own mark, `_line_mark`).

Once installed it refuses, whether a budget runs or not, the two ways to have
Python code called untraced at events of the bot's choosing: an audit hook of
its own and a `sys.monitoring` callback (Pyodide's 3.14).

The tracer keeps its count in an `itertools.count` (a bot that reaches it can
only add to its own count) and every name it uses in its defaults, so no
global or builtin the bot replaces changes it; `sys.settrace` and
`sys.gettrace` are bound when this module is imported, and entering a budget
checks that the tracer is really in place. When the tracer raises, CPython
removes it; the hook refuses that removal, so the count goes on in every
frame the bot starts and the exception stays `BotTimeout`.

The same work counts the same in CPython 3.11 (the command line) and Pyodide's
3.14 (the page): where their trace events differ, the count leaves out what only
one reports (`_COMPREHENSIONS` below; docs/lab.md, "The same count in both Pythons").

Runs under CPython (3.11+) and Pyodide; the MicroPython page never imports it.
"""

import itertools
import sys
from array import array

from kalah.errors import Reason
from kalah.lab import reasons

_INLINED = sys.version_info >= (3, 12)      # comprehensions inlined (PEP 709), and 3.14's loops below
if _INLINED:
    import dis               # imported here, never while a bot's work is counted

try:
    from _thread import RLock as _TakingTurns, get_ident
except ImportError:          # a Python without threads: no turns to take
    def get_ident():
        return 0

    class _TakingTurns:
        def __enter__(self):
            return self

        def __exit__(self, kind, error, trace):
            return False


class BotTimeout(BaseException):
    """Raised inside a bot's code when its budget is spent (a BaseException,
    so that the bot's own `except Exception:` does not swallow it)."""


class WorkRefused(BotTimeout):
    """What the guard raises for a call a bot may not make while it is counted: its one argument
    says which (a Reason of kalah.lab.reasons; str() is its English)."""


# Audit events that reach the collector's object lists, or a thread. (Frames stay within reach:
# the standard library needs them, namedtuple and traceback among others. A bot may switch its
# own frame's line counting off (frame.f_trace); its calls are counted still, and a loop without
# any is stopped by the clocks, as work in C is.)
_REFUSED = frozenset(("gc.get_objects",
                      "gc.get_referrers", "gc.get_referents", "_thread.start_new_thread",
                      "_thread.start_joinable_thread", "sys.setprofile",
                      "cpython._PySys_ClearAuditHooks"))
# Audit events refused in a guarded process even while nothing is counted: a hook of the bot's own,
# or a sys.monitoring callback (3.12+), runs its code untraced at every event it asks for, inside the
# bot's moves too (a finalizer the collector runs between budgets could register one).
_NEVER = frozenset(("sys.addaudithook", "sys.monitoring.register_callback"))
_settrace = sys.settrace
_gettrace = sys.gettrace
# CPython 3.11 refuses a sys.settrace call while another is under way in any thread (one process-wide
# flag, python/cpython#98257; 3.12 lifted it), and our audit hook lets another thread run in the
# middle of one: budgets on two threads (games in threads, players in this process) take turns to
# install and remove their tracers. Reentrant, so that a call on the same thread never waits on itself.
_installing = _TakingTurns()
_owners = {}                 # thread id -> the frame that entered the budget running there
_guarded = []
_listeners = [None]          # told how far each budget's count is (progress_to)
BEATS = 32                   # how often a budget tells the listener, per budget


def _count_line(frame, event, arg, _next=next, _counter=None, _end=0, _self=None, _mark=None):
    """The local tracer (its defaults are set per budget, `_fresh_tracer`): one event in a frame (a
    line, a return), one unit of work, in every frame: the bot's and the engine's it calls alike.
    `_end` is its next mark, the budget's end or the next report due, where `_mark` decides."""
    if _next(_counter) >= _end:
        return _mark(frame)
    return _self


def _line_mark(frame, _lines=None, _units=0, _beat_at=None, _beat=None, _stop=BotTimeout, _exit=None):
    """A line tracer's count reached its mark (`_end`): at the budget's end it raises in every frame
    but the budget's own exit, which removes it; before, it makes the report due (a loop without
    calls reports as it counts) and moves the mark on. Only the mark changes, in the tracer's own
    defaults, so its fast path costs what it did; the guard allows no other change (`_hook`).
    (A count the bot advanced itself, past a mark, is stopped at most BEATS marks later.)"""
    defaults = _lines.__defaults__
    end = defaults[2]
    if end >= _units:
        if frame.f_code is _exit:
            return None
        raise _stop()
    if end >= _beat_at[0]:
        _beat(end)
    mark = _beat_at[0]             # past `end` now (a machine integer, whatever the bot wrote there)
    if mark > _units:
        mark = _units
    _lines.__defaults__ = defaults[:2] + (mark,) + defaults[3:]
    return _lines


def _skip_event(frame, event, arg, _then=None):
    """Leaves one event of a frame uncounted, then hands the frame to `_then`."""
    return _then


# Where the two Pythons' event streams differ (docs/lab.md, "The same count in both Pythons"), the
# count leaves out what only one of them reports, deciding on calls only, so lines cost no more:
# - CPython 3.11 runs a list, set or dict comprehension as a function of its own: a call, a first
#   line and a return that 3.12+ (PEP 709, comprehensions inlined) does not report. Its call and
#   its next two events are not counted.
# - CPython 3.14 runs all(), any() and tuple() of a generator expression as a loop of the calling
#   function: a line event each time that loop resumes the generator, which 3.11 (all() in C) does
#   not report. Such a generator's start is counted, its resumptions are not, offsetting
#   those lines (the loop's first resumption follows no line of its own).
_COMPREHENSIONS = frozenset(("<listcomp>", "<setcomp>", "<dictcomp>"))
_inline_loops = {}                   # code -> the offsets of its loops over a generator made in line


def _count_call(frame, event, arg, _next=next, _counter=None, _end=0, _stop=BotTimeout, _exit=None,
                _lines=None, _skip=None, _comprehensions=_COMPREHENSIONS, _loops=None, _find_loops=None,
                _in_line=None, _driven=None, _id=id, _beat_at=None, _beat=None):
    """The global tracer (called for each frame started or resumed): one call, one unit, but for
    the events only one Python reports (above); returns the local tracer, counting the frame's
    lines and return. `_loops` is None before 3.12 (comprehensions are frames). (Reading
    `frame.f_code` is an audited event, a call of the guard's hook: done only where needed.)
    At calls (as the line tracer at lines) it tells the budget's listener how far the count is
    (`_report_work`)."""
    if _loops is None:
        if frame.f_code.co_name in _comprehensions:
            return _skip
    elif frame.f_lasti:     # a generator started or resumed (0 at a plain function's call)
        trace = frame.f_trace
        if trace is _in_line and frame.f_back is not None and frame.f_back.f_lasti == _driven.get(_id(frame)):
            return trace               # resumed by the loop made in line: its line was counted
        if trace is None and frame.f_back is not None:      # started: by a loop made in line?
            caller = frame.f_back
            offsets = _loops.get(caller.f_code)
            if offsets is None:
                offsets = _loops[caller.f_code] = _find_loops(caller.f_code)
            if caller.f_lasti in offsets:
                # Keyed by id, not holding the frame: a live frame's id is its own, and a new frame
                # with a reused id is started (and so registered again) before it is resumed.
                _driven[_id(frame)] = caller.f_lasti     # (its closing, from elsewhere, is counted)
                _lines = _in_line
    count = _next(_counter)
    if count >= _end:
        if frame.f_code is _exit:
            return None
        raise _stop()
    if count >= _beat_at[0]:
        _beat(count)
    return _lines


def _loops_over_generators_in_line(code):
    """The offsets of `code`'s loops that 3.14 makes of all(), any() or tuple() of a generator
    expression: a FOR_ITER right after the CALL that made the generator (a `for` statement's
    FOR_ITER follows a GET_ITER)."""
    offsets, previous = set(), None
    for instruction in dis.get_instructions(code):
        if instruction.opname == "FOR_ITER" and previous == "CALL":
            offsets.add(instruction.offset)
        previous = instruction.opname
    return frozenset(offsets)


def _report_work(count, _at=None, _step=0, _listener=None):
    """A budget's report (the tracer's `_beat`, its defaults set per budget and guarded as the
    tracer's): the next count to report at, then the listener. `_at` is an array of one machine
    integer, so the tracer's comparison with it never runs a bot's code, whatever the bot writes
    there."""
    _at[0] = count + _step
    _listener(count)


def _no_listener(count):
    """Where no listener is: a budget whose `_at` is its end never reports (the end comes first)."""


_CHANGES = ("object.__setattr__", "object.__delattr__")
_TRACER_CODES = (_count_line.__code__, _count_call.__code__, _skip_event.__code__, _report_work.__code__,
                 _line_mark.__code__)


def _hook(event, args):
    if event == "object.__getattr__":       # (frame.f_code, which the tracer reads: never refused)
        return
    if event in _NEVER:
        raise WorkRefused(Reason(reasons.NOT_ALLOWED, call=event))
    owner = _owners.get(get_ident())
    if owner is None:
        return
    if event == "sys.settrace":
        caller = _caller_frame()
        if caller is not None and caller.f_code in _BUDGET_CODES and caller.f_back is owner:
            return
        raise WorkRefused(Reason(reasons.NO_SETTRACE))
    if event in _CHANGES and getattr(args[0], "__code__", None) in _TRACER_CODES:
        if event == "object.__setattr__" and _moves_only_the_mark(args):
            return
        raise WorkRefused(Reason(reasons.NO_COUNTER_CHANGE))
    if event == "code.__new__":
        raise WorkRefused(Reason(reasons.NO_CODE_OBJECTS))
    if event in _REFUSED:
        raise WorkRefused(Reason(reasons.NOT_ALLOWED, call=event))


def _moves_only_the_mark(args):
    """Whether a change of a tracer is `_line_mark`'s: a line tracer's defaults, the same objects but
    its mark, an integer within its budget. (Whoever makes it, the count is untouched and still
    ends at the budget's end; each type is checked before use, so no object the bot passed runs
    code here.)"""
    function, name, value = args
    if type(function) is not _FUNCTION or function.__code__ is not _count_line.__code__ \
            or name != "__defaults__" or type(value) is not tuple:
        return False
    old = function.__defaults__
    mark = old[-1] if type(old) is tuple and len(old) == len(value) == 5 else None
    if type(mark) is not _FUNCTION or mark.__code__ is not _line_mark.__code__:
        return False
    units = mark.__defaults__[1]
    return type(value[2]) is int and type(units) is int and value[2] <= units and value[0] is old[0] \
        and value[1] is old[1] and value[3] is old[3] and value[4] is old[4]


_FUNCTION = type(_moves_only_the_mark)


def _caller_frame():
    """The frame that called sys.settrace: the hook's caller, seen with the thread's owner set aside
    (sys._getframe is itself an audited call the hook would refuse)."""
    ident = get_ident()
    owner = _owners.pop(ident)
    try:
        return sys._getframe(2)
    finally:
        _owners[ident] = owner


def guard():
    """Install the audit hook once in this process (it cannot be removed)."""
    if not _guarded:
        sys.addaudithook(_hook)
        _guarded.append(True)


def progress_to(listener):
    """Every budget made from now on calls `listener(units)` as its count passes each BEATS-th of
    its units (at a call, from the tracer: the listener's own work is not counted); None stops it.

    The page's bot worker posts these to the referee, which so knows that a move is still
    computing, not sleeping (kalah.web.lab.move_clock). A bot could call it too, or forge the
    messages: they only keep the referee's silence rule away; the time a move may take past its
    ceiling comes from the slowdown the page's own sampler measures."""
    _listeners[0] = listener


class WorkBudget:
    """`with WorkBudget(units):` counts the Python lines run inside and raises
    BotTimeout past `units`; `.used` is the work counted, `.passed()` whether it ran out."""

    def __init__(self, units):
        self.units = units
        self.counter = itertools.count()
        self.spent = False
        self.used = 0
        self.listener = _listeners[0]

    def __enter__(self):
        guard()
        if _owners.get(get_ident()) is not None:
            raise BotTimeout()        # a budget inside a budget: the bot's own, refused
        tracer = _fresh_tracer(self.counter, self.units, self.listener)
        _owners[get_ident()] = sys._getframe(1)
        try:
            with _installing:
                _settrace(tracer)
        except BaseException:
            _owners.pop(get_ident(), None)    # else every later budget on this thread is refused as nested
            raise
        if _gettrace() is not tracer:     # a replaced sys.settrace cannot be in play: bound at import
            with _installing:
                _settrace(None)
            _owners.pop(get_ident(), None)
            raise RuntimeError("the work counter could not be installed")
        return self

    def __exit__(self, kind, error, trace):
        try:
            with _installing:
                _settrace(None)
        finally:
            _owners.pop(get_ident(), None)
        self.used = self.mark()
        self.spent = self.spent or self.used >= self.units
        return False

    def mark(self):
        """The work counted so far (reading it costs one unit)."""
        return next(self.counter)

    def passed(self):
        return self.spent or self.mark() >= self.units


def _fresh_tracer(counter, units, listener):
    """The tracers of one budget: its count, its end, its reports and each other in their
    defaults (no global they could look up)."""
    step = max(1, units // BEATS)
    beat = _tracer(_report_work)
    beat_at = array("q", [step if listener is not None else units])
    beat.__defaults__ = (beat_at, step, listener or _no_listener)
    exit_code = WorkBudget.__exit__.__code__
    lines = _line_tracer(counter, units, beat_at, beat, exit_code)
    skip_one, skip_two = _tracer(_skip_event), _tracer(_skip_event)     # 3.11's comprehensions
    skip_one.__defaults__, skip_two.__defaults__ = (lines,), (skip_one,)
    in_line = _line_tracer(counter, units, beat_at, beat, exit_code)    # a generator 3.14 resumes in line
    calls = _tracer(_count_call)
    calls.__defaults__ = (next, counter, units, BotTimeout, exit_code, lines, skip_two, _COMPREHENSIONS,
                          _inline_loops if _INLINED else None, _loops_over_generators_in_line, in_line, {}, id,
                          beat_at, beat)
    return calls


def _line_tracer(counter, units, beat_at, beat, exit_code):
    """A local tracer of one budget, its first mark the first report due (or the budget's end)."""
    lines, mark = _tracer(_count_line), _tracer(_line_mark)
    mark.__defaults__ = (lines, units, beat_at, beat, BotTimeout, exit_code)
    lines.__defaults__ = (next, counter, beat_at[0] if beat_at[0] < units else units, lines, mark)
    return lines


def _tracer(function):
    """A new function of a tracer's code, with no globals."""
    return type(function)(function.__code__, {}, function.__name__)


_BUDGET_CODES = (WorkBudget.__enter__.__code__, WorkBudget.__exit__.__code__)
