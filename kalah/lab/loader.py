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
exception, `.traceback`). The time limit is a budget of work
(`kalah.lab.game.work_budget`), counted inside the process by
`kalah.lab.work.WorkBudget`, so that a move's outcome does not depend on the
machine or its load; a bot stuck where nothing counts (a long C call, a
sleep) is stopped from outside: `kalah.lab.seats` runs each bot in its own
process with a hard timeout, the page in a worker it ends.

Runs under CPython and Pyodide (it uses `compile`, `exec`, `traceback`,
`sys.settrace`); the MicroPython page never imports it.
"""

import os
import traceback

from kalah.errors import KalahError, Reason
from kalah.lab import reasons
from kalah.lab.game import work_budget
from kalah.lab.interfaces import GameLinkGame, KalahaBoard, parse_answer
from kalah.lab.work import BotTimeout, WorkBudget, WorkRefused

INTERFACES = ("select_move", "algorithm")
MAX_LOOKAHEAD = 40     # the lookahead protocol stops here even with time left
SATURATED_RATIO, SATURATED_SLACK = 1.5, 2000  # see saturated(); the slack in units of work
LOAD_SECONDS = 5.0     # the load rule: running the file may do the work of a 5 s move
TIMEOUT, ERROR, INVALID = "time", "error", "invalid"


class BotLoadError(KalahError):
    """The file does not give a player; `.line` is the line to show (or None). Its message is a
    Reason of kalah.lab.reasons (its English is str(error))."""

    def __init__(self, message, line=None, traceback_text=None):
        KalahError.__init__(self, message)
        self.line = line
        self.traceback = traceback_text


class BotForfeit(KalahError):
    """The bot loses by the forfeit rule: `.kind` is 'time', 'error' or 'invalid'; `reason` is a
    Reason of kalah.lab.reasons (or a text a bot made up), kept as a KalahError keeps it, and
    `.reason` is its English."""

    def __init__(self, kind, reason, traceback_text=None, answer=None):
        KalahError.__init__(self, reason)
        self.kind = kind
        self.reason = str(self)
        self.traceback = traceback_text
        self.answer = answer


class BotPlayer:
    """A student's player: `choose` returns a house or raises BotForfeit."""

    def __init__(self, name, interface, function, source, filename):
        self.name = name
        self.interface = interface
        self.function = function
        self.source = source
        self.filename = filename

    def __repr__(self):
        return "<BotPlayer %s (%s)>" % (self.name, self.interface)

    def choose(self, board, time_limit, progress=None, max_nodes=None):
        """The house to play on `board` within `time_limit` seconds (a player file plays by the
        time rule: `max_nodes`, the computer players' node budget, is not for it).

        select_move: called with lookahead 1, 2, 3, ... until the move's
        work budget (`kalah.lab.game.work_budget(time_limit)`) runs out,
        deeper calls stop taking more work (`saturated`) or MAX_LOOKAHEAD;
        the last answer given within the budget is played, and
        `progress({"depth": lookahead, "move": house})` hears each one once
        the move is over (so that the work of reporting, in the page a
        message, counts nowhere: the command line has none). algorithm:
        one call.
        """
        houses = board.rules.houses
        answer = None
        budget = WorkBudget(work_budget(time_limit))
        heard = []      # told to `progress` after the move: its work (the page's messages) is not the bot's
        try:
            with budget:
                if self.interface == "algorithm":
                    raw = self.function(GameLinkGame(board))
                    if not budget.passed():     # past the end, even the call raises BotTimeout
                        answer = self._check(board, raw, houses)
                else:
                    lookahead = 1
                    spent = []
                    while lookahead <= MAX_LOOKAHEAD:
                        started = budget.mark()
                        raw = self.function(KalahaBoard(board), lookahead)
                        if budget.passed():
                            break
                        spent.append(budget.mark() - started)
                        answer = self._check(board, raw, houses)
                        heard.append({"depth": lookahead, "move": answer})
                        if saturated(spent):
                            break
                        lookahead += 1
        except WorkRefused as refused:
            if not budget.passed():   # refused within its budget: the call, not the time, loses
                raise BotForfeit(ERROR, Reason(reasons.REFUSED, detail=refusal(refused)))
        except BotTimeout:
            pass
        except BotForfeit:
            raise
        except RecursionError as error:
            raise BotForfeit(ERROR, raised(error), self.format_traceback(error))
        except Exception as error:  # the forfeit rule: any error loses
            raise BotForfeit(ERROR, raised(error), self.format_traceback(error))
        if progress is not None:
            for report in heard:
                progress(report)
        if answer is None:
            raise BotForfeit(TIMEOUT, Reason(reasons.WORK_BUDGET, units=_units(budget.units),
                                             limit=_seconds(time_limit)))
        return answer

    def _check(self, board, raw, houses):
        try:
            house = parse_answer(raw, houses)
        except KalahError as error:
            raise BotForfeit(INVALID, reasons.of(error), answer=raw)
        if house not in board.legal_moves:
            raise BotForfeit(INVALID, Reason(reasons.HOUSE_EMPTY, answer=repr(raw), house=house), answer=raw)
        return house

    def format_traceback(self, error):
        """The traceback from the bot's own code down (the harness left out)."""
        return format_error(error, self.filename)


def raised(error):
    """'raised KeyError: 'x'': the reason of a bot's exception (its type and its own text are data)."""
    return Reason(reasons.RAISED, error=type(error).__name__, message=str(error))


def refusal(refused):
    """What a WorkRefused says: its Reason (kalah.lab.work raises one), or its text (a bot's own)."""
    said = refused.args[0] if len(refused.args) == 1 else None
    return said if isinstance(said, Reason) else str(refused)


def saturated(spent):
    """True when deeper lookaheads no longer take more work (the Haskell
    server's rule, on the work counted rather than the time): the last call
    took about what the call three levels shallower did.
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


def _units(value):
    return "{:,}".format(value)


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
            raise BotLoadError(Reason(reasons.CANNOT_READ, file=path_or_source, error=error.strerror or str(error)))
        except UnicodeDecodeError:
            raise BotLoadError(Reason(reasons.NOT_UTF8, file=path_or_source))
        filename = path_or_source
        if name is None:
            name = os.path.basename(path_or_source)[:-3]
    return load_bot_source(source, name or "bot", filename)


def compile_bot(source, filename):
    """The bot's code object, compiled but not run; BotLoadError for a syntax error."""
    try:
        return compile(source, filename, "exec")
    except (MemoryError, RecursionError):   # 0.5 MB of '-' signs, brackets 10,000 deep
        raise BotLoadError(Reason(reasons.TOO_DEEP, file=filename))
    except (SyntaxError, ValueError) as error:   # ValueError: a NUL byte in the source
        line = getattr(error, "lineno", None)
        where = Reason(reasons.AT_LINE, line=line) if line else Reason(reasons.IN_THE_FILE)
        if getattr(error, "offset", None) and line:
            where = Reason(reasons.AT_LINE_COLUMN, line=line, column=error.offset)
        raise BotLoadError(Reason(reasons.SYNTAX, file=filename, where=where,
                                  error=str(getattr(error, "msg", None) or error)), line)


def load_bot_source(source, name, filename=None):
    filename = filename or "<%s>" % name
    code = compile_bot(source, filename)
    namespace = {"__name__": "bot_" + "".join(c if c.isalnum() else "_" for c in name)}
    budget = WorkBudget(work_budget(LOAD_SECONDS))
    try:
        with budget:
            exec(code, namespace)
    except BotTimeout as stopped:
        if isinstance(stopped, WorkRefused) and not budget.passed():
            raise BotLoadError(Reason(reasons.LOAD_REFUSED, file=filename, detail=refusal(stopped)))
        raise BotLoadError(Reason(reasons.LOAD_BUDGET, file=filename, units=_units(budget.units),
                                  seconds="%g" % LOAD_SECONDS))
    except Exception as error:
        text = format_error(error, filename)
        line = _error_line(error, filename)
        raise BotLoadError(Reason(reasons.LOAD_RAISED, file=filename, line=line or "?", error=type(error).__name__,
                                  message=str(error)), line, text)
    found = [n for n in INTERFACES if callable(namespace.get(n))]
    if not found:
        raise BotLoadError(Reason(reasons.NO_INTERFACE, file=filename))
    if len(found) == 2:
        raise BotLoadError(Reason(reasons.TWO_INTERFACES, file=filename))
    return BotPlayer(name, found[0], namespace[found[0]], source, filename)


def _error_line(error, filename):
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
