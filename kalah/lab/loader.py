"""Load a student's player from a .py file or its source text.

    >>> player = load_bot_file("def algorithm(game):\\n    return '1'\\n", name="first")
    >>> player.interface
    'algorithm'

`load_bot_file` finds which interface the file defines (`select_move(board,
lookahead)` or GameLink's `algorithm(game)`) and returns a `BotPlayer` with
the same `.name` / `.choose(board, time_limit, progress=None)` as the
computer players of `kalah.ai.players`. A file that does not load raises
`BotLoadError` whose message (and `.line`) say where.

`BotPlayer.choose` applies the forfeit rule of docs/rules.md: an answer that is
not a house 1..m or names an empty house, an exception, or running past the
move time limit raises `BotForfeit` (with `.kind`, `.reason` and, for an
exception, `.traceback`). The time limit is kept inside the process by a
`Deadline` (a SIGALRM timer where CPython allows it, else sys.monitoring
events on the bot's own code, else a trace hook); a bot stuck where none can
reach it (a long C call) is stopped from outside: `kalah.lab.seats` runs each bot
in its own process with a hard timeout, the page in a worker it ends.

Runs under CPython and Pyodide (it uses `compile`, `exec`, `traceback`,
`sys.settrace`); the MicroPython page never imports it.
"""

import os
import sys
import time
import traceback

from kalah.errors import KalahError
from kalah.lab.interfaces import GameLinkGame, KalahaBoard, parse_answer

INTERFACES = ("select_move", "algorithm")
MAX_LOOKAHEAD = 40     # the lookahead protocol stops here even with time left
SATURATED_RATIO, SATURATED_SLACK = 1.5, 0.002  # see saturated()
TIMEOUT, ERROR, INVALID = "time", "error", "invalid"


class BotLoadError(KalahError):
    """The file does not give a player; `.line` is the line to show (or None)."""

    def __init__(self, message, line=None, traceback_text=None):
        KalahError.__init__(self, message)
        self.line = line
        self.traceback = traceback_text


class BotForfeit(KalahError):
    """The bot loses by the forfeit rule: `.kind` is 'time', 'error' or 'invalid'."""

    def __init__(self, kind, reason, traceback_text=None, answer=None):
        KalahError.__init__(self, reason)
        self.kind = kind
        self.reason = reason
        self.traceback = traceback_text
        self.answer = answer


class BotTimeout(BaseException):
    """Raised inside a bot's code at its deadline (a BaseException, so that
    the bot's own `except Exception:` does not swallow it)."""


MONITOR_TOOL = 4   # a sys.monitoring tool id no debugger, coverage or profiler claims


class Deadline:
    """Interrupt the running bot code when `seconds` have passed.

    Three ways, the cheapest the interpreter allows:
    - CPython's main thread: a SIGALRM timer (no cost while the bot runs;
      it also breaks loops without calls);
    - Python 3.12+ elsewhere (the page's Pyodide worker): sys.monitoring
      events on the bot's own code only (each of its function starts and
      loop jumps looks at the clock; the engine it calls runs untouched);
    - otherwise a trace hook on every Python call.
    After the deadline the interrupt repeats, so a bot that catches it is
    interrupted again. `codes` are the bot's code objects (for monitoring).
    """

    use_signals = True    # False: never SIGALRM, as in Pyodide (for measurements)
    clock = "wall"        # "cpu": the process's CPU time (the command line's player processes)

    def __init__(self, seconds, codes=()):
        self.now = time.process_time if self.clock == "cpu" else time.monotonic
        self.end = self.now() + seconds
        self.seconds = seconds
        self.codes = codes
        self.mode = None
        self._old = None

    def _choose_mode(self):
        if self.use_signals and sys.platform != "emscripten":
            # Pyodide has the functions, but no signal ever arrives in WebAssembly.
            try:
                import signal
                if hasattr(signal, "setitimer"):
                    self._signal = signal.SIGPROF if self.clock == "cpu" else signal.SIGALRM
                    self._old = signal.signal(self._signal, self._on_alarm)
                    return "signal"
            except (ImportError, ValueError):   # ValueError: not the main thread
                pass
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is not None and self.codes:
            tool = monitoring.get_tool(MONITOR_TOOL)
            if tool is None or tool == "kalah deadline":
                return "monitor"
        return "trace"

    def __enter__(self):
        self.mode = self._choose_mode()
        if self.mode == "signal":
            import signal
            signal.setitimer(self._timer(), max(self.seconds, 0.001), 0.05)
        elif self.mode == "monitor":
            monitoring = sys.monitoring
            if monitoring.get_tool(MONITOR_TOOL) is None:
                monitoring.use_tool_id(MONITOR_TOOL, "kalah deadline")
            events = monitoring.events.PY_START | monitoring.events.JUMP
            monitoring.register_callback(MONITOR_TOOL, monitoring.events.PY_START, self._event)
            monitoring.register_callback(MONITOR_TOOL, monitoring.events.JUMP, self._event)
            for code in self.codes:
                monitoring.set_local_events(MONITOR_TOOL, code, events)
        else:
            sys.settrace(self._trace)
        return self

    def __exit__(self, *exc):
        if self.mode == "signal":
            import signal
            signal.setitimer(self._timer(), 0, 0)
            signal.signal(self._signal, self._old)
        elif self.mode == "monitor":
            monitoring = sys.monitoring
            for code in self.codes:
                monitoring.set_local_events(MONITOR_TOOL, code, 0)
            monitoring.register_callback(MONITOR_TOOL, monitoring.events.PY_START, None)
            monitoring.register_callback(MONITOR_TOOL, monitoring.events.JUMP, None)
        else:
            sys.settrace(None)
        return False

    def _timer(self):
        import signal
        # ITIMER_PROF: the process's user + system CPU time, as the referee reads it.
        return signal.ITIMER_PROF if self.clock == "cpu" else signal.ITIMER_REAL

    def _on_alarm(self, signum, frame):
        raise BotTimeout()

    def _event(self, code, offset, *rest):
        if self.now() > self.end:
            raise BotTimeout()

    def _trace(self, frame, event, arg):
        if self.now() > self.end:
            raise BotTimeout()
        return None

    def passed(self):
        return self.now() > self.end


def code_objects(code):
    """A compiled module's code object and every function's inside it."""
    found = [code]
    for const in code.co_consts:
        if isinstance(const, type(code)):
            found.extend(code_objects(const))
    return found


class BotPlayer:
    """A student's player: `choose` returns a house or raises BotForfeit."""

    def __init__(self, name, interface, function, source, filename, codes=()):
        self.codes = codes
        self.name = name
        self.interface = interface
        self.function = function
        self.source = source
        self.filename = filename

    def __repr__(self):
        return "<BotPlayer %s (%s)>" % (self.name, self.interface)

    def choose(self, board, time_limit, progress=None):
        """The house to play on `board` within `time_limit` seconds.

        select_move: called with lookahead 1, 2, 3, ... until the time runs
        out, deeper calls stop taking longer (`saturated`) or MAX_LOOKAHEAD;
        the last answer given in time is played, and `progress({"depth":
        lookahead, "move": house})` hears each one (as the search's
        progress reports). algorithm: one call.
        """
        houses = board.rules.houses
        answer = None
        try:
            with Deadline(time_limit, self.codes) as deadline:
                if self.interface == "algorithm":
                    raw = self.function(GameLinkGame(board))
                    if not deadline.passed():
                        answer = self._check(board, raw, houses)
                else:
                    lookahead = 1
                    spent = []
                    while lookahead <= MAX_LOOKAHEAD:
                        started = time.monotonic()
                        raw = self.function(KalahaBoard(board), lookahead)
                        if deadline.passed():
                            break
                        spent.append(time.monotonic() - started)
                        answer = self._check(board, raw, houses)
                        if progress is not None:
                            progress({"depth": lookahead, "move": answer})
                        if saturated(spent):
                            break
                        lookahead += 1
        except BotTimeout:
            pass
        except BotForfeit:
            raise
        except RecursionError as error:
            raise BotForfeit(ERROR, "raised RecursionError: %s" % error, self.format_traceback(error))
        except Exception as error:  # the forfeit rule: any error loses
            raise BotForfeit(ERROR, "raised %s: %s" % (type(error).__name__, error),
                             self.format_traceback(error))
        if answer is None:
            raise BotForfeit(TIMEOUT, "no move within the time limit of %s s" % _seconds(time_limit))
        return answer

    def _check(self, board, raw, houses):
        try:
            house = parse_answer(raw, houses)
        except KalahError as error:
            raise BotForfeit(INVALID, str(error), answer=raw)
        if house not in board.legal_moves:
            raise BotForfeit(INVALID, "returned %r: house %d is empty" % (raw, house), answer=raw)
        return house

    def format_traceback(self, error):
        """The traceback from the bot's own code down (the harness left out)."""
        return format_error(error, self.filename)


def saturated(spent):
    """True when deeper lookaheads no longer take longer (the Haskell server's
    rule): the last call took about what the call three levels shallower did.
    A bot that ignores its lookahead is asked 4 times, not until the deadline."""
    if len(spent) < 4:
        return False
    return spent[-1] <= SATURATED_RATIO * spent[-4] + SATURATED_SLACK


def format_error(error, filename):
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    # Keep the header and the frames from the first one in the bot's file.
    for i, line in enumerate(lines):
        if ('File "%s"' % filename) in line:
            return "".join(lines[:1] + lines[i:])
    return "".join(lines)


def _seconds(value):
    return ("%g" % value)


def load_bot_file(path_or_source, name=None):
    """A BotPlayer from a path to a .py file or from the source text itself.

    The name defaults to the file's name without .py ("bot" for text).
    Raises BotLoadError (a KalahError) with the line for a syntax error, an
    error while the file runs, or a file that defines neither interface.
    """
    source = path_or_source
    filename = "<%s>" % (name or "bot")
    if "\n" not in path_or_source and path_or_source.endswith(".py"):
        try:
            with open(path_or_source) as handle:
                source = handle.read()
        except OSError as error:
            raise BotLoadError("%s: cannot read the file (%s)" % (path_or_source, error.strerror or error))
        except UnicodeDecodeError:
            raise BotLoadError("%s: the file is not UTF-8 text" % path_or_source)
        filename = path_or_source
        if name is None:
            name = os.path.basename(path_or_source)[:-3]
    return load_bot_source(source, name or "bot", filename)


def compile_bot(source, filename):
    """The bot's code object, compiled but not run; BotLoadError for a syntax error."""
    try:
        return compile(source, filename, "exec")
    except (MemoryError, RecursionError):   # 0.5 MB of '-' signs, brackets 10,000 deep
        raise BotLoadError("%s: the file is too large or nested too deeply to compile" % filename)
    except (SyntaxError, ValueError) as error:   # ValueError: a NUL byte in the source
        line = getattr(error, "lineno", None)
        where = "line %d" % line if line else "the file"
        if getattr(error, "offset", None) and line:
            where += ", column %d" % error.offset
        raise BotLoadError("%s: %s: %s" % (filename, where, getattr(error, "msg", None) or error), line)


def load_bot_source(source, name, filename=None):
    filename = filename or "<%s>" % name
    code = compile_bot(source, filename)
    namespace = {"__name__": "bot_" + "".join(c if c.isalnum() else "_" for c in name)}
    codes = code_objects(code)
    try:
        with Deadline(5.0, codes):
            exec(code, namespace)
    except BotTimeout:
        raise BotLoadError("%s: running the file took more than 5 s" % filename)
    except Exception as error:
        text = format_error(error, filename)
        raise BotLoadError("%s: line %s: %s: %s" % (filename, _error_line(error, filename) or "?",
                                                    type(error).__name__, error),
                           _error_line(error, filename), text)
    found = [n for n in INTERFACES if callable(namespace.get(n))]
    if not found:
        raise BotLoadError("%s defines neither select_move(board, lookahead) nor algorithm(game): "
                           "a player needs one of them" % filename)
    if len(found) == 2:
        raise BotLoadError("%s defines both select_move and algorithm: keep the one your player uses"
                           % filename)
    return BotPlayer(name, found[0], namespace[found[0]], source, filename, codes)


def _error_line(error, filename):
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
