"""A game record, `Record` (rule set, moves, names, start, result), and its JSON form.

    >>> from kalah import Board
    >>> from kalah.records.record import Record
    >>> board = Board("kalah(6,4)")
    >>> _ = board.push(3); _ = board.push(6)
    >>> record = Record.from_board(board, south="Ada")
    >>> record.moves
    [3, 6]
    >>> Record.from_json(record.to_json()) == record
    True

JSON (`to_json` / `to_dict`) holds every field, including `meta`, a free
dict for the history (ids, player kinds). The other forms live beside this
module, each in its own (docs/formats.md gives each grammar with examples):
- kalah/records/compact.py: the compact link text, 'k1.K64.sAda.m36';
- kalah/records/pgn.py: PGN-like tags and move text;
each with `read(text)` and `write(record)`, imported by what uses it and by nothing here, so
that a page that keeps records but never links or exports them loads neither.
kalah/records/identity.py holds a game's id, hash and players' names.

Every reader replays the moves with the engine, so a record that reads is a
record that plays; anything malformed raises KalahError saying what and where.
The helpers without an underscore below are shared with the format modules.
"""

import json

from kalah.errors import N_, KalahError, Reason
from kalah.input_guards import MAX_RECORD, check_depth, check_not_binary, check_text, load_json
from kalah.game.rules import FORFEIT, SIDE_LETTERS, SWAP, find_rules
from kalah.game.board import Board, format_position, parse_position
from kalah.game import notation

JSON_FORMAT = "kalah-record"
JSON_VERSION = 1
MAX_NAME = 200          # characters in a player's name
MAX_TEXT = 500          # characters in a forfeit reason or token
MAX_MOVES = 100000      # moves in one record (relay games are long, not this long)

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
DIGITS = "0123456789"
HEX = "0123456789ABCDEFabcdef"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


# Where a reason about a record is ("record: ...", "JSON record: ..."), as the pages name it.
RECORD = Reason(N_("record"))
JSON_RECORD = Reason(N_("JSON record"))


def is_number_text(text):
    return 0 < len(text) <= 9 and all(c in DIGITS for c in text)


def _check_text(what, value, limit):
    if value is None:
        return None
    if not isinstance(value, str):
        raise KalahError(N_("%(where)s: %(what)s must be text, not %(type)s"), where=RECORD, what=what,
                         type=type(value).__name__)
    if len(value) > limit:
        raise KalahError(N_("%(where)s: %(what)s is longer than %(limit)d characters"), where=RECORD, what=what,
                         limit=limit)
    for c in value:  # CPython cannot encode them; MicroPython lets them through
        if 0xD800 <= ord(c) < 0xE000:
            raise KalahError(N_("%(where)s: %(what)s is not valid text (a lone surrogate)"), where=RECORD, what=what)
    return value


def _check_date(value):
    _check_text(Reason(N_("the date")), value, 40)
    if value is not None and not all(c in DIGITS + "-:.TZ+ " for c in value):
        raise KalahError(N_("%(where)s: the date '%(date)s' is not an ISO date such as 2026-11-22"), where=RECORD,
                         date=value)
    return value


def _side_letter(side):
    return SIDE_LETTERS[side]


def side_from_letter(letter, where):
    if letter not in ("S", "N"):
        raise KalahError(N_("%(where)s: the side must be S or N, not '%(side)s'"), where=where, side=letter)
    return SIDE_LETTERS.index(letter)


class Record:
    """One game: what is needed to replay it, and who played it when."""

    def __init__(self, rules, moves, south=None, north=None, start=None, date=None,
                 forfeit=None, meta=None):
        self.rules = find_rules(rules).name
        if not isinstance(moves, (list, tuple)):
            raise KalahError(N_("%(where)s: the moves must be a list of numbers"), where=RECORD)
        if len(moves) > MAX_MOVES:
            raise KalahError(N_("%(where)s: more than %(most)d moves"), where=RECORD, most=MAX_MOVES)
        for i, move in enumerate(moves):
            if not _is_int(move) or not 0 <= move <= 8:
                raise KalahError(N_("%(where)s: move %(number)d is %(move)s, not a house 1..8 or 0 (swap)"),
                                 where=RECORD, number=i + 1, move=clip(repr(move)))
        self.moves = list(moves)
        self.south = _check_text(Reason(N_("South's name")), south, MAX_NAME)
        self.north = _check_text(Reason(N_("North's name")), north, MAX_NAME)
        self.start = None
        if start is not None:
            if not isinstance(start, str):
                raise KalahError(N_("%(where)s: the start position must be text"), where=RECORD)
            state = parse_position(start)
            if state[0].name != self.rules:
                raise KalahError(N_("%(where)s: the start position is for %(position_rules)s, not %(rules)s"),
                                 where=RECORD, position_rules=state[0].name, rules=self.rules)
            text = format_position(*state[:6])
            if text != Board(self.rules).position():
                self.start = text
        self.date = _check_date(date)
        self.forfeit = _check_forfeit(forfeit, len(self.moves))
        if meta is None:
            meta = {}
        if not isinstance(meta, dict):
            raise KalahError(N_("%(where)s: meta must be a dictionary"), where=RECORD)
        check_depth(meta)  # written out as JSON again: no deeper than a reader takes
        self.meta = meta

    @classmethod
    def from_board(cls, board, **fields):
        """The record of a board's game; `fields` adds names, date, meta."""
        forfeit = None
        outcome = board.outcome()
        if outcome is not None and outcome.termination == FORFEIT:
            token = board.move_stack[-1]
            # what a bot returned can be anything: keep a readable part of it
            forfeit = {"by": _side_letter(outcome.forfeit_by), "move": outcome.move,
                       "reason": _no_surrogates(str(outcome.reason or ""))[:MAX_TEXT],
                       "token": None if token is None else _no_surrogates(str(token))[:MAX_TEXT]}
        start = board.start_position()
        return cls(board.rules, board.moves_played(), start=start, forfeit=forfeit, **fields)

    def __eq__(self, other):
        return isinstance(other, Record) and self.to_dict() == other.to_dict()

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "<Record %s %s>" % (self.rules, self.moves)

    # -- the game ------------------------------------------------------------
    def board(self):
        """The board at the end of the record; a bad move raises KalahError."""
        board = Board(self.rules) if self.start is None else Board(self.rules, position=self.start)
        for move in self.moves:
            board.push(move)
        if self.forfeit is not None:
            by = SIDE_LETTERS.index(self.forfeit["by"])
            if board.turn is None:
                raise KalahError(N_("%(where)s: forfeit at move %(number)d, but the game was already over"),
                                 where=RECORD, number=self.forfeit["move"] + 1)
            board.forfeit(by, self.forfeit["reason"], self.forfeit["token"])
        return board

    def replay(self):
        """Yield (move, MoveReport, board) after each move, replaying the record.

        The board is the same object throughout: copy it to keep a moment."""
        board = Board(self.rules) if self.start is None else Board(self.rules, position=self.start)
        for move in self.moves:
            report = board.push(move)
            yield move, report, board

    def outcome(self):
        return self.board().outcome()

    def turns(self):
        """The moves grouped by turn, for display.

        A list of dicts: side (SOUTH/NORTH), first (index of its first move),
        moves (houses, SWAP), captures (seeds each move captured), text
        ('C-F', letters of the side's row).
        """
        turns = []
        index = 0
        for move, report, _ in self.replay():
            # A side that moves again (extra turn, or the opponent passes) goes
            # on with the same turn; the pie swap is a turn of its own.
            if turns and turns[-1]["side"] == report.side and turns[-1]["moves"][-1] != SWAP:
                turn = turns[-1]
            else:
                turn = {"side": report.side, "first": index, "moves": [], "captures": []}
                turns.append(turn)
            turn["moves"].append(move)
            turn["captures"].append(report.captured)
            index += 1
        for turn in turns:
            turn["text"] = "-".join(notation.move_text(turn["side"], m) for m in turn["moves"])
        return turns

    def result(self):
        """'38-10' once the game is over, '*' while it goes on."""
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()

    # -- JSON ----------------------------------------------------------------
    def to_dict(self):
        data = {"format": JSON_FORMAT, "version": JSON_VERSION, "rules": self.rules,
                "moves": list(self.moves)}
        for key in ("south", "north", "start", "date", "forfeit"):
            value = getattr(self, key)
            if value is not None:
                data[key] = dict(value) if key == "forfeit" else value
        if self.meta:
            data["meta"] = self.meta
        return data

    @classmethod
    def from_dict(cls, data):
        if not isinstance(data, dict):
            raise KalahError(N_("%(where)s: expected an object"), where=JSON_RECORD)
        if data.get("format", JSON_FORMAT) != JSON_FORMAT:
            raise KalahError(N_("%(where)s: format is %(format)s, not %(expected)s"), where=JSON_RECORD,
                             format=repr(data.get("format")), expected=repr(JSON_FORMAT))
        version = data.get("version", JSON_VERSION)
        if version != JSON_VERSION:
            raise KalahError(N_("%(where)s: unknown version %(version)s (this reader knows %(known)d)"),
                             where=JSON_RECORD, version=repr(version), known=JSON_VERSION)
        known = ("format", "version", "rules", "moves", "south", "north", "start", "date",
                 "forfeit", "meta", "result")
        for key in data:
            if key not in known:
                raise KalahError(N_("%(where)s: unknown field %(field)s"), where=JSON_RECORD, field=repr(key))
        if "rules" not in data or "moves" not in data:
            raise KalahError(N_("%(where)s: 'rules' and 'moves' are required"), where=JSON_RECORD)
        record = cls(data["rules"], data["moves"], data.get("south"), data.get("north"),
                     data.get("start"), data.get("date"), data.get("forfeit"), data.get("meta"))
        return replayed(record, JSON_RECORD)

    def to_json(self, indent=None):
        """The JSON text, keys in the order of to_dict() on every host.

        MicroPython's dicts do not keep insertion order, so the object is
        written key by key; `indent` (CPython only) pretty-prints it."""
        data = self.to_dict()
        if indent is not None:
            return json.dumps(data, indent=indent)
        parts = []
        for key in ("format", "version", "rules", "moves", "south", "north", "start", "date",
                    "forfeit", "meta"):
            if key in data:
                value = data[key]
                if key == "forfeit":
                    text = "{%s}" % ", ".join("%s: %s" % (_dumps(k), _dumps(value[k]))
                                             for k in ("by", "move", "reason", "token"))
                else:
                    text = _dumps(value)
                parts.append("%s: %s" % (_dumps(key), text))
        return "{%s}" % ", ".join(parts)

    @classmethod
    def from_json(cls, text):
        check_record_text(text, JSON_RECORD)
        try:
            data = load_json(text)
        except KalahError as error:
            raise KalahError(N_("%(where)s: %(reason)s"), where=JSON_RECORD, reason=error)
        return cls.from_dict(data)


# -- helpers -------------------------------------------------------------------

def check_record_text(text, where):
    """Text, within the size cap, and not a binary file: KalahError saying which."""
    check_text(text, Reason(N_("the record")), MAX_RECORD, where)
    check_not_binary(text, Reason(N_("%(where)s: this is not a game record"), where=where))


def _dumps(value):
    """JSON text with non-ASCII characters as they are, as MicroPython writes
    them (its json.loads cannot join the surrogate pairs CPython would write)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:  # MicroPython: no keyword arguments, and no escaping
        return json.dumps(value)


def replayed(record, where):
    """The record, once its moves replay: a record that reads is one that plays."""
    try:
        record.board()
    except KalahError as error:
        raise KalahError(N_("%(where)s: %(reason)s"), where=where, reason=error)
    return record


def _check_forfeit(forfeit, moves):
    if forfeit is None:
        return None
    where = Reason(N_("record: forfeit"))
    if not isinstance(forfeit, dict):
        raise KalahError(N_("%(where)s must be a dictionary {by, move, reason, token}"), where=where)
    for key in forfeit:
        if key not in ("by", "move", "reason", "token"):
            raise KalahError(N_("%(where)s: unknown field %(field)s"), where=where, field=repr(key))
    by = forfeit.get("by")
    if by not in ("S", "N"):
        raise KalahError(N_("%(where)s: 'by' must be 'S' or 'N', not %(side)s"), where=where, side=repr(by))
    move = forfeit.get("move", moves)
    if not _is_int(move) or move != moves:
        raise KalahError(N_("%(where)s: 'move' must be %(moves)d, the index after the last move, not %(move)s"),
                         where=where, moves=moves, move=repr(move))
    reason = _check_text(Reason(N_("the forfeit reason")), forfeit.get("reason") or "", MAX_TEXT)
    token = forfeit.get("token")
    if token is not None and not isinstance(token, str):
        token = str(token)
    token = _check_text(Reason(N_("the forfeit token")), token, MAX_TEXT)
    return {"by": by, "move": move, "reason": reason, "token": token}


def _no_surrogates(text):
    return "".join("?" if 0xD800 <= ord(c) < 0xE000 else c for c in text)


def clip(text, limit=40):
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "..."
