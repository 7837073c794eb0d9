"""Every reason the lab's referee gives, in one place: why a player forfeits or does not load.

Each is an English template marked for the catalogs (kalah.errors: Reason), built where the
referee decides (kalah.lab.loader, seats, game; the page's referee in kalah.web.lab) and kept in a
forfeit as two facts of one: `reason`, its English (the command line, records, the CSV, every
test), and `why`, its template and parameters as plain data (`as_data`), which the lab page says in
its language (`kalah.i18n.translated(read(why))`). A parameter is data (a number, a type's name, a
bot's own text), never translated, unless it is a reason itself (what a failure wraps).

`why` crosses from the players' side (the bot's process, its Pyodide worker), from files and from
browser storage, so `read` trusts none of it: only a template of this module, parameters that are
short plain values, a few levels deep, that fill it. Anything else is no `why`, and the English
`reason` is shown as it came. A stored result from before `why` has none, and shows its English.

MicroPython-safe: the lab page imports it.
"""

from kalah.errors import N_, KalahError, Reason

# A bot's move (kalah.lab.loader, kalah.lab.interfaces, kalah.lab.game).
RAISED = N_("raised %(error)s: %(message)s")
REFUSED = N_("refused: %(detail)s")
# What a bot may not do while its work is counted (kalah.lab.work): the detail of REFUSED.
NO_SETTRACE = N_("sys.settrace is not allowed in a player (its work is counted), nor is going on past its work "
                 "budget")
NO_COUNTER_CHANGE = N_("the work counter cannot be changed")
NO_CODE_OBJECTS = N_("making code objects is not allowed in a player")
NOT_ALLOWED = N_("%(call)s is not allowed in a player")
HOUSE_EMPTY = N_("returned %(answer)s: house %(house)s is empty")
NOT_LEGAL = N_("returned %(answer)s, not a legal move")
NOT_A_HOUSE_NUMBER = N_("returned %(answer)s, which is not a house number 1..%(houses)s")
NOT_A_HOUSE = N_("returned %(answer)s: houses are 1..%(houses)s")
WORK_BUDGET = N_("no move within its work budget of %(units)s units (the time limit of %(limit)s s)")
GAVE_UP = N_("gave up")
NO_REASON = N_("no reason given")

# A file that does not load (kalah.lab.loader's BotLoadError; `file` is the file's name).
NOT_LOADED = N_("could not be loaded: %(error)s")
NOT_LOADED_FILE = N_("could not be loaded: %(file)s: %(detail)s")
IN_FILE = N_("%(file)s: %(detail)s")
CANNOT_READ = N_("%(file)s: cannot read the file (%(error)s)")
NOT_UTF8 = N_("%(file)s: the file is not UTF-8 text")
TOO_DEEP = N_("%(file)s: the file is too large or nested too deeply to compile")
SYNTAX = N_("%(file)s: %(where)s: %(error)s")
AT_LINE_COLUMN = N_("line %(line)s, column %(column)s")
AT_LINE = N_("line %(line)s")
IN_THE_FILE = N_("the file")
LOAD_REFUSED = N_("%(file)s: refused: %(detail)s")
LOAD_BUDGET = N_("%(file)s: running the file took more than its load budget of %(units)s units of work "
                 "(the work of a %(seconds)s s move)")
LOAD_RAISED = N_("%(file)s: line %(line)s: %(error)s: %(message)s")
NO_INTERFACE = N_("%(file)s defines neither select_move(board, lookahead) nor algorithm(game): a player needs "
                  "one of them")
TWO_INTERFACES = N_("%(file)s defines both select_move and algorithm: keep the one your player uses")

# A tournament the lab cannot start (kalah.lab.tournament; the page says why it did not start).
TOO_FEW_PLAYERS = N_("a tournament needs at least 2 players, not %(count)s")
SAME_NAME = N_("two players are named '%(name)s': give each a different name")
NO_SWISS_ROUNDS = N_("a Swiss tournament needs at least 1 round")

# The command line's referee (kalah.lab.seats): a player in its own process.
NOT_READ = N_("did not read the referee's message within %(seconds)s s; the player was stopped")
ENDED = N_("the player's process ended without a move")
ENDED_BECAUSE = N_("the player's process ended without a move (%(exit)s)")
ENDED_LOADING = N_("the player's process ended while loading")
ENDED_LOADING_BECAUSE = N_("the player's process ended while loading (%(exit)s)")
KILLED = N_("killed by %(signal)s")
KILLED_CPU = N_("killed by %(signal)s (its CPU time limit)")
KILLED_FILE_SIZE = N_("killed by %(signal)s (its file size limit)")
EXIT_STATUS = N_("exit status %(code)s")
OUT_OF_MEMORY = N_("%(reason)s; it used more than its %(megabytes)s MB of memory")
PROCESS_SENT = N_("the player's process sent %(detail)s")
CPU_TIME = N_("no move within the time limit of %(limit)s s of CPU time; the player was stopped")
WALL_TIME = N_("no move within %(seconds)s s (the time limit of %(limit)s s: at most 3 x the limit + 1 s of wall "
               "time); the player was stopped")
MOVE_CPU = N_("its move took %(seconds)s s of CPU time, past the time limit of %(limit)s s")
LOAD_TIMEOUT = N_("the player did not load within %(seconds)s s")
LOAD_CPU = N_("running the file took more than %(seconds)s s of CPU time; the player was stopped")
UNREADABLE_ANSWER = N_("the referee could not read this player's answer (%(error)s)")

# What a player's message may be (kalah.lab.game.plain_reply, kalah.lab.seats): the protocol's errors.
LONG_LINE = N_("a message longer than %(bytes)s bytes")
NOT_JSON = N_("a line that is not JSON")
TOO_NESTED = N_("a line that is nested too deeply")
NOT_AN_OBJECT = N_("a message that is not an object")
BAD_MOVE = N_("the move %(move)s, not a house 1..%(houses)s")
NEITHER = N_("a message that is neither a move nor a forfeit")
UNCHECKED_MESSAGE = N_("a message the referee could not check (%(error)s)")
UNASKED = N_("a message it was not asked for")
NOT_READY = N_("no ready message")

# The page's referee (kalah.web.lab.games) and its players' sandboxes (kalah.web.lab.bot_sandbox).
TIME_LIMIT = N_("no move within the time limit of %(limit)s s; the player was stopped")
LATE_OWN_CLOCK = N_("answered after %(seconds)s s by the referee's clock (%(own)s s by its own), past the time "
                    "limit of %(limit)s s")
LATE = N_("answered after %(seconds)s s by the referee's clock, past the time limit of %(limit)s s")
CRASHED = N_("the player's Python crashed (%(detail)s)")
SANDBOX_FAILED_BECAUSE = N_("the player's sandbox failed: %(detail)s")
SANDBOX_SENT = N_("the player's sandbox sent %(detail)s")
SANDBOX_UNCHECKED = N_("the player's sandbox sent an answer the referee could not check (%(error)s)")
SANDBOX_ENDED = N_("its sandbox was ended: %(detail)s")
SANDBOX_UNREADABLE = N_("its sandbox sent a message the referee could not read (%(error)s)")
SANDBOX_OFF_PROTOCOL = N_("its sandbox sent a message that is not part of the protocol")
SANDBOX_CLOSED = N_("the sandbox was closed")
SANDBOX_FAILED = N_("the player's sandbox failed")

TEMPLATES = set(value for name, value in globals().items() if name.isupper() and isinstance(value, str))

MAX_DEPTH = 4          # a reason inside a reason inside...: the referee's own go three deep
MAX_PARAMS = 6
MAX_PARAM = 2000       # characters of one parameter (a load error's text, a bot's message)


def of(error):
    """The Reason a KalahError was raised with (its template and parameters), to wrap in another
    or keep: never the exception itself, whose traceback would keep every frame it passed alive."""
    return Reason(error.template, **error.params) if isinstance(error, KalahError) else error


def as_data(reason):
    """A Reason (or a KalahError with its template) as plain JSON data: {"template", "params"}, a
    parameter that is a reason itself in the same form. None for a finished text (no template)."""
    if not isinstance(reason, (Reason, KalahError)) or reason.template not in TEMPLATES:
        return None
    params = {}
    for name, value in reason.params.items():
        if isinstance(value, (Reason, KalahError)):
            inner = as_data(value)
            params[name] = inner if inner is not None else str(value)
        else:
            params[name] = value if type(value) in (int, float) else _short(str(value))
    return {"template": reason.template, "params": params}


def _short(text):
    return text if len(text) <= MAX_PARAM else text[:MAX_PARAM - 3] + "..."


def read(data, depth=0):
    """The Reason `data` holds (as_data's form), or None when it is not one of the referee's: any
    other template, a parameter that is not a short plain value or such a reason, or one that does
    not fill its template."""
    if not isinstance(data, dict) or depth > MAX_DEPTH:
        return None
    template, params = data.get("template"), data.get("params")
    if not isinstance(template, str) or template not in TEMPLATES or not isinstance(params, dict) \
            or len(params) > MAX_PARAMS:
        return None
    kept = {}
    for name, value in params.items():
        if type(value) is dict:
            value = read(value, depth + 1)
            if value is None:
                return None
        elif type(value) is str:
            if len(value) > MAX_PARAM:
                return None
        elif type(value) not in (int, float):
            return None
        kept[name] = value
    reason = Reason(template, **kept)
    try:
        str(reason)
    except (KeyError, TypeError, ValueError):
        return None
    return reason


def stated(why, english):
    """What to show: the Reason `why` holds when it reads, else `english` as it came (a result stored
    before `why`, a bot's own words), or 'no reason given' when that is no text either."""
    reason = read(why)
    if reason is not None:
        return reason
    return english if isinstance(english, str) and english else Reason(NO_REASON)
