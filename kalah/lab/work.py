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
- changing the code, defaults or closure of the counting function.

The tracer keeps its count in an `itertools.count` (a bot that reaches it can
only add to its own count) and every name it uses in its defaults, so no
global or builtin the bot replaces changes it; `sys.settrace` and
`sys.gettrace` are bound when this module is imported, and entering a budget
checks that the tracer is really in place. When the tracer raises, CPython
removes it; the hook refuses that removal, so the count goes on in every
frame the bot starts and the exception stays `BotTimeout`.

Runs under CPython (3.11+) and Pyodide; the MicroPython page never imports it.
"""

import itertools
import sys

try:
    from _thread import get_ident
except ImportError:          # a Python without threads
    def get_ident():
        return 0


class BotTimeout(BaseException):
    """Raised inside a bot's code when its budget is spent (a BaseException,
    so that the bot's own `except Exception:` does not swallow it)."""


class WorkRefused(BotTimeout):
    """What the guard raises for a call a bot may not make while it is counted."""


# Audit events that reach the collector's object lists, or a thread. (Frames stay within reach:
# the standard library needs them, namedtuple and traceback among others. A bot may switch its
# own frame's line counting off (frame.f_trace); its calls are counted still, and a loop without
# any is stopped by the clocks, as work in C is.)
_REFUSED = frozenset(("gc.get_objects",
                      "gc.get_referrers", "gc.get_referents", "_thread.start_new_thread",
                      "_thread.start_joinable_thread", "sys.setprofile",
                      "cpython._PySys_ClearAuditHooks"))
_settrace = sys.settrace
_gettrace = sys.gettrace
_owners = {}                 # thread id -> the frame that entered the budget running there
_guarded = []


def _count_line(frame, event, arg, _next=next, _counter=None, _end=0, _stop=BotTimeout, _self=None, _exit=None):
    """The tracer (its defaults are set per budget, `_fresh_tracer`): one event (a call, a line, a
    return), one unit of work, in every frame: the bot's and the engine's it calls alike. Past the
    end it raises in every frame but the budget's own exit, which removes it."""
    if _next(_counter) >= _end:
        if frame.f_code is _exit:
            return None
        raise _stop()
    return _self


_TRACER_CODE = _count_line.__code__


def _hook(event, args):
    owner = _owners.get(get_ident())
    if owner is None:
        return
    if event == "sys.settrace":
        caller = _caller_frame()
        if caller is not None and caller.f_code in _BUDGET_CODES and caller.f_back is owner:
            return
        raise WorkRefused("sys.settrace is not allowed in a player (its work is counted), nor is "
                          "going on past its work budget")
    if event == "object.__setattr__" and getattr(args[0], "__code__", None) is _TRACER_CODE:
        raise WorkRefused("the work counter cannot be changed")
    if event == "code.__new__":
        raise WorkRefused("making code objects is not allowed in a player")
    if event in _REFUSED:
        raise WorkRefused("%s is not allowed in a player" % event)


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


class WorkBudget:
    """`with WorkBudget(units):` counts the Python lines run inside and raises
    BotTimeout past `units`; `.used` is the work counted, `.passed()` whether it ran out."""

    def __init__(self, units):
        self.units = units
        self.counter = itertools.count()
        self.spent = False
        self.used = 0

    def __enter__(self):
        guard()
        if _owners.get(get_ident()) is not None:
            raise BotTimeout()        # a budget inside a budget: the bot's own, refused
        tracer = _fresh_tracer(self.counter, self.units)
        _owners[get_ident()] = sys._getframe(1)
        _settrace(tracer)
        if _gettrace() is not tracer:     # a replaced sys.settrace cannot be in play: bound at import
            _settrace(None)
            _owners.pop(get_ident(), None)
            raise RuntimeError("the work counter could not be installed")
        return self

    def __exit__(self, kind, error, trace):
        _settrace(None)
        _owners.pop(get_ident(), None)
        self.used = self.mark()
        self.spent = self.spent or self.used >= self.units
        return False

    def mark(self):
        """The work counted so far (reading it costs one unit)."""
        return next(self.counter)

    def passed(self):
        return self.spent or self.mark() >= self.units


def _fresh_tracer(counter, units):
    """The tracer of one budget: its count, its end and itself in its defaults (no global it
    could look up)."""
    tracer = type(_count_line)(_TRACER_CODE, {}, "_count_line")
    tracer.__defaults__ = (next, counter, units, BotTimeout, tracer, WorkBudget.__exit__.__code__)
    return tracer


_BUDGET_CODES = (WorkBudget.__enter__.__code__, WorkBudget.__exit__.__code__)
