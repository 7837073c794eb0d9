"""One bot game, answer by answer: the forfeit rule applied to the board.

The command line (`runner.play_game`, players in processes) and the page
(players in workers, answers arriving as messages) both drive a `LabGame`:
ask the side to move, then give its answer to `answer()`. An answer is
`{"move": house}` or `{"forfeit": {"kind", "reason", "why", "traceback", "answer"}}`
(as `kalah.lab.worker_api.ask` returns it); a move that is not legal now is
turned into a forfeit here, so no caller can play one. A forfeit's `reason` is
its English and `why` the same reason as data, for the page's language
(`kalah.lab.reasons`).

MicroPython-safe: the lab page imports it.
"""

from kalah.errors import KalahError, Reason
from kalah.game.board import Board
from kalah.game.rules import DEFAULT_RULES
from kalah.lab import reasons

INVALID = "invalid"
# The budget rule, the same in the page and on the command line (kalah.lab.work counts it in the
# player's interpreter): a move may do WORK_PER_SECOND units of work (Python calls, lines and
# returns, the engine's included) for each second of its time limit, whatever the machine and
# its load. 500,000 a second: the page's Pyodide does them in about a second (so its moves take
# the time they took), the command line's CPython in about 0.07 s (docs/lab.md, "A move's budget").
WORK_PER_SECOND = 500000
# The time rule's wall clock, only a ceiling for players that sleep, block or work in C where
# nothing counts, the same on the command line (kalah.lab.seats, which also bounds CPU time) and
# in the page (kalah.web.lab.games): a move may take at most WALL_FACTOR x the time limit +
# WALL_EXTRA seconds before it forfeits on time. Each referee waits longer only while it sees the
# player compute (the command line: its processes runnable or waiting for a CPU; the page: its
# count still advancing, or its worker not yet begun), and never past WALL_CAP x the ceiling.
WALL_FACTOR, WALL_EXTRA = 3.0, 1.0
WALL_CAP = 10
KINDS = ("time", "error", INVALID)
MAX_REASON = 300
MAX_ANSWER = 60
MAX_TRACEBACK = 8000


def work_budget(time_limit):
    """The units of work (kalah.lab.work) a move may do under a time limit of `time_limit` seconds."""
    return int(round(time_limit * WORK_PER_SECOND))


def wall_ceiling(time_limit):
    """The wall-clock seconds a move may take at most under a time limit of `time_limit` seconds."""
    return WALL_FACTOR * time_limit + WALL_EXTRA


def wall_cap(time_limit):
    """The wall-clock seconds a move may take however slow or busy the machine: the hard bound."""
    return WALL_CAP * wall_ceiling(time_limit)


def plain_reply(message, houses):
    """The referee's check of a player's answer, whatever sent it (a process, a
    sandbox): {"move": house} with house a plain int 1..houses, or a forfeit
    the player declares, its fields reduced to short plain strings and its `why`
    to one of the referee's reasons or none (kalah.lab.reasons.read). Anything
    else raises KalahError (a ValueError) saying what arrived. (Legality is
    LabGame.answer's.)"""
    import json
    if not isinstance(message, dict):
        raise KalahError(reasons.NOT_AN_OBJECT)
    if "move" in message:
        move = message["move"]
        if type(move) is not int or not 1 <= move <= houses:
            raise KalahError(reasons.BAD_MOVE, move=_short(json.dumps(move), MAX_ANSWER), houses=houses)
        return {"move": move}
    forfeit = message.get("forfeit")
    if isinstance(forfeit, dict):
        kind = forfeit.get("kind") if forfeit.get("kind") in KINDS else "error"
        reason = forfeit.get("reason")
        trace = forfeit.get("traceback")
        answer = forfeit.get("answer")
        if type(answer) is not int:
            answer = _short(answer, MAX_ANSWER) if isinstance(answer, str) else None
        why = reasons.read(forfeit.get("why"))
        if why is None and not isinstance(reason, str):
            why = Reason(reasons.GAVE_UP)
        if why is not None:           # the referee says it in its own English, from the data it checked
            reason = str(why)
        return {"forfeit": {"kind": kind, "reason": _short(reason, MAX_REASON),
                            "why": reasons.as_data(why), "traceback": trace[:MAX_TRACEBACK] if isinstance(trace, str)
                            else None, "answer": answer}}
    raise KalahError(reasons.NEITHER)


def forfeit_answer(kind, reason, traceback_text=None, answer=None):
    """A forfeit as the answer LabGame takes: `reason` (a Reason of kalah.lab.reasons, or a
    KalahError made of one) in English and as data."""
    return {"forfeit": {"kind": kind, "reason": str(reason), "why": reasons.as_data(reason),
                        "traceback": traceback_text, "answer": answer}}


def stated_reason(forfeit, english=None):
    """A forfeit's reason as LabGame.lose takes it: the Reason its `why` holds when that reads
    (kalah.lab.reasons.read) and says `english`, when given; else its English `reason` as it came."""
    why = reasons.read(forfeit.get("why"))
    reason = forfeit.get("reason") if english is None else english
    if why is not None and (english is None or _short(str(why), MAX_REASON) == english):
        return why
    return reason if isinstance(reason, str) and reason else Reason(reasons.NO_REASON)


def _short(text, cap):
    return text if len(text) <= cap else text[:cap] + "..."


class LabGame:
    """The board, the players' names, the forfeit (if any) and time used."""

    def __init__(self, names, rules=DEFAULT_RULES):
        self.board = Board(rules)
        self.names = (names[0], names[1])
        self.forfeit = None          # {"side", "kind", "reason", "why", "traceback", "answer"}
        self.seconds = [0.0, 0.0]

    @property
    def turn(self):
        return self.board.turn

    def is_over(self):
        return self.board.is_game_over()

    @property
    def outcome(self):
        return self.board.outcome()

    def answer(self, reply, seconds=0.0):
        """Apply the side to move's answer; returns the MoveReport, or None for a forfeit."""
        side = self.board.turn
        self.seconds[side] += seconds
        forfeit = reply.get("forfeit")
        if forfeit is None:
            move = reply.get("move")
            if move in self.board.legal_moves and not isinstance(move, bool):
                return self.board.push(move)
            forfeit = {"kind": INVALID, "why": reasons.as_data(Reason(reasons.NOT_LEGAL, answer=repr(move))),
                       "answer": move}
        self.lose(side, forfeit.get("kind") or "error", stated_reason(forfeit), forfeit.get("traceback"),
                  forfeit.get("answer"))
        return None

    def lose(self, side, kind, reason, traceback_text=None, answer=None):
        """`side` forfeits: the rule of docs/rules.md, the reason kept for the record: its English,
        and when it is one of the referee's (a Reason of kalah.lab.reasons), its data too."""
        why = reasons.as_data(reason)
        reason = str(reason)
        if answer is not None and not isinstance(answer, (int, str)):
            answer = repr(answer)
        if isinstance(answer, str) and len(answer) > MAX_ANSWER:
            answer = answer[:MAX_ANSWER] + "..."
        if len(reason) > MAX_REASON:      # records keep reasons short; the traceback keeps the rest
            reason = reason[:MAX_REASON] + "..."
        self.forfeit = {"side": side, "kind": kind, "reason": reason, "why": why,
                        "traceback": traceback_text, "answer": answer}
        self.board.forfeit(side, "%s: %s" % (kind, reason), answer)

    def as_dict(self):
        """The finished game as plain data (tournament results, JSON output)."""
        outcome = self.board.outcome()
        return {"names": list(self.names), "rules": self.board.rules.name,
                "start": self.board.start_position(), "moves": self.board.moves_played(),
                "scores": list(outcome.scores), "winner": outcome.winner,
                "termination": outcome.termination, "result": outcome.describe(),
                "forfeit": self.forfeit, "output": list(getattr(self, "output", None) or ["", ""])}

    @classmethod
    def from_dict(cls, data):
        """The game back from `as_dict()` (a result that came from another
        process or machine, or from a file): its moves are replayed here, so an
        illegal move in the data raises KalahError."""
        try:
            game = cls((str(data["names"][0]), str(data["names"][1])))
            game.board = Board.from_position(data["start"])
            for move in data["moves"]:
                if game.board.is_game_over():
                    raise KalahError("a move after the end of the game")
                game.board.push(move)
            forfeit = data.get("forfeit")
            if forfeit:
                game.lose(forfeit["side"], forfeit["kind"], stated_reason(forfeit, forfeit["reason"]),
                          forfeit.get("traceback"), forfeit.get("answer"))
        except (KeyError, TypeError, IndexError) as error:
            raise KalahError("a game result lacks %s" % error)
        if list(game.board.outcome().scores) != list(data.get("scores", [])):
            raise KalahError("a game result whose scores do not follow from its moves")
        game.output = list(data.get("output") or ["", ""])
        return game

    def record(self, meta=None):
        """The kalah.records.record Record of the game (the traceback goes in meta)."""
        from kalah.records.record import Record
        meta = dict(meta or {})
        if self.forfeit and self.forfeit.get("traceback"):
            meta["traceback"] = self.forfeit["traceback"]
        return Record.from_board(self.board, south=self.names[0], north=self.names[1], meta=meta)

    def describe(self):
        """One line for people: who played, and how it ended."""
        return "%s (South) - %s (North): %s" % (self.names[0], self.names[1], self.board.outcome().describe())
