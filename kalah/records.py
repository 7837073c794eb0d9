"""Game records: one game (rule set, moves, names, start, result) in three forms.

    >>> from kalah import Board
    >>> from kalah.records import Record
    >>> board = Board("kalah(6,4)")
    >>> _ = board.push(3); _ = board.push(6)
    >>> record = Record.from_board(board, south="Ada")
    >>> record.to_compact()
    'k1.K64.sAda.m36'
    >>> Record.from_compact('k1.K64.sAda.m36') == record
    True

The forms (docs/formats.md gives each grammar with examples):
- JSON (`to_json` / `to_dict`): every field, including `meta`, a free dict
  for the history (ids, player kinds).
- compact (`to_compact`): a version-tagged text made only of URL-fragment-safe
  characters [A-Za-z0-9._~-], so that a link needs no escaping; a 60-move
  Kalah(6,4) game without names fits in 68 characters.
- PGN-like (`to_pgn`): tags and move text in the letter notation of RULES.md.

Every reader replays the moves with the engine, so a record that reads is a
record that plays; anything malformed raises KalahError saying what and where.
"""

import json

from kalah.errors import KalahError
from kalah.input_guards import MAX_RECORD, check_depth, check_not_binary, check_text, load_json
from kalah.rules import FORFEIT, SIDE_LETTERS, SOUTH, SWAP, find_rules
from kalah.board import Board, format_position, parse_position
from kalah import notation

JSON_FORMAT = "kalah-record"
JSON_VERSION = 1
COMPACT_VERSION = "k1"
MAX_NAME = 200          # characters in a player's name
MAX_TEXT = 500          # characters in a forfeit reason or token
MAX_MOVES = 100000      # moves in one record (relay games are long, not this long)

# Compact rule-set codes: a family letter, then houses (one digit) and seeds,
# then one letter per option.
FAMILY_CODES = (("kalah", "K"), ("relay-kalaha", "R"), ("owari", "W"), ("oware", "A"))
OPTION_CODES = (("empty-capture", "e"), ("gamelink", "g"), ("pie", "p"))

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_TEXT_SAFE = _ALNUM + "-"
_DIGITS = "0123456789"
_HEX = "0123456789ABCDEFabcdef"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number_text(text):
    return 0 < len(text) <= 9 and all(c in _DIGITS for c in text)


def _check_text(what, value, limit):
    if value is None:
        return None
    if not isinstance(value, str):
        raise KalahError("record: %s must be text, not %s" % (what, type(value).__name__))
    if len(value) > limit:
        raise KalahError("record: %s is longer than %d characters" % (what, limit))
    for c in value:  # CPython cannot encode them; MicroPython lets them through
        if 0xD800 <= ord(c) < 0xE000:
            raise KalahError("record: %s is not valid text (a lone surrogate)" % what)
    return value


def _check_date(value):
    _check_text("the date", value, 40)
    if value is not None and not all(c in _DIGITS + "-:.TZ+ " for c in value):
        raise KalahError("record: the date '%s' is not an ISO date such as 2026-11-22" % value)
    return value


def _side_letter(side):
    return SIDE_LETTERS[side]


def _side_from_letter(letter, where):
    if letter not in ("S", "N"):
        raise KalahError("%s: the side must be S or N, not '%s'" % (where, letter))
    return SIDE_LETTERS.index(letter)


class Record:
    """One game: what is needed to replay it, and who played it when."""

    def __init__(self, rules, moves, south=None, north=None, start=None, date=None,
                 forfeit=None, meta=None):
        self.rules = find_rules(rules).name
        if not isinstance(moves, (list, tuple)):
            raise KalahError("record: the moves must be a list of numbers")
        if len(moves) > MAX_MOVES:
            raise KalahError("record: more than %d moves" % MAX_MOVES)
        for i, move in enumerate(moves):
            if not _is_int(move) or not 0 <= move <= 8:
                raise KalahError("record: move %d is %s, not a house 1..8 or 0 (swap)" % (i + 1, _clip(repr(move))))
        self.moves = list(moves)
        self.south = _check_text("South's name", south, MAX_NAME)
        self.north = _check_text("North's name", north, MAX_NAME)
        self.start = None
        if start is not None:
            if not isinstance(start, str):
                raise KalahError("record: the start position must be text")
            state = parse_position(start)
            if state[0].name != self.rules:
                raise KalahError("record: the start position is for %s, not %s" % (state[0].name, self.rules))
            text = format_position(*state[:6])
            if text != Board(self.rules).position():
                self.start = text
        self.date = _check_date(date)
        self.forfeit = _check_forfeit(forfeit, len(self.moves))
        if meta is None:
            meta = {}
        if not isinstance(meta, dict):
            raise KalahError("record: meta must be a dictionary")
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
        return "<Record %s>" % self.to_compact()

    # -- the game ------------------------------------------------------------
    def board(self):
        """The board at the end of the record; a bad move raises KalahError."""
        board = Board(self.rules) if self.start is None else Board(self.rules, position=self.start)
        for move in self.moves:
            board.push(move)
        if self.forfeit is not None:
            by = SIDE_LETTERS.index(self.forfeit["by"])
            if board.turn is None:
                raise KalahError("record: forfeit at move %d, but the game was already over"
                                 % (self.forfeit["move"] + 1))
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
            raise KalahError("JSON record: expected an object")
        if data.get("format", JSON_FORMAT) != JSON_FORMAT:
            raise KalahError("JSON record: format is %r, not %r" % (data.get("format"), JSON_FORMAT))
        version = data.get("version", JSON_VERSION)
        if version != JSON_VERSION:
            raise KalahError("JSON record: unknown version %r (this reader knows %d)" % (version, JSON_VERSION))
        known = ("format", "version", "rules", "moves", "south", "north", "start", "date",
                 "forfeit", "meta", "result")
        for key in data:
            if key not in known:
                raise KalahError("JSON record: unknown field %r" % (key,))
        if "rules" not in data or "moves" not in data:
            raise KalahError("JSON record: 'rules' and 'moves' are required")
        record = cls(data["rules"], data["moves"], data.get("south"), data.get("north"),
                     data.get("start"), data.get("date"), data.get("forfeit"), data.get("meta"))
        return _replayed(record, "JSON record")

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
        _check_record_text(text, "JSON record")
        try:
            data = load_json(text)
        except KalahError as error:
            raise KalahError("JSON record: %s" % error)
        return cls.from_dict(data)

    # -- compact ---------------------------------------------------------------
    def to_compact(self):
        """'k1.K64.sAda.nBob.m3612...': see docs/formats.md."""
        fields = [COMPACT_VERSION, _rules_code(self.rules)]
        if self.south is not None:
            fields.append("s" + _escape(self.south))
        if self.north is not None:
            fields.append("n" + _escape(self.north))
        if self.date is not None:
            fields.append("d" + _escape(self.date))
        if self.start is not None:
            fields.append("p" + _compact_position(self.start))
        if self.forfeit is not None:
            fields.append("f" + self.forfeit["by"])
            fields.append("r" + _escape(self.forfeit["reason"]))
            if self.forfeit["token"] is not None:
                fields.append("t" + _escape(self.forfeit["token"]))
        fields.append("m" + "".join(str(m) for m in self.moves))
        return ".".join(fields)

    @classmethod
    def from_compact(cls, text):
        _check_record_text(text, "compact record")
        text = text.strip()
        if text.startswith("#"):
            text = text[1:]
        fields = text.split(".")
        version = fields[0]
        if version != COMPACT_VERSION:
            if len(version) > 1 and version[0] == "k" and _is_number_text(version[1:]):
                raise KalahError("compact record: unknown version '%s' (this reader knows %s)"
                                 % (version, COMPACT_VERSION))
            raise KalahError("compact record: it must start with '%s.', not '%s'"
                             % (COMPACT_VERSION, _clip(text)))
        if len(fields) < 3:
            raise KalahError("compact record: expected %s.RULES...mMOVES" % COMPACT_VERSION)
        rules = _rules_from_code(fields[1])
        values = {}
        for number, field in enumerate(fields[2:]):
            where = "compact record, field %d" % (number + 3)
            tag = field[:1]
            if tag not in "sndpfrtm" or not tag:
                raise KalahError("%s: unknown field '%s'" % (where, _clip(field)))
            if tag in values:
                raise KalahError("%s: field '%s' appears twice" % (where, tag))
            values[tag] = (field[1:], where)
        if "m" not in values:
            raise KalahError("compact record: the moves field 'm' is missing")
        moves_text, where = values["m"]
        moves = []
        for c in moves_text:  # iterating is linear in MicroPython, indexing is not
            if c not in "012345678":
                raise KalahError("%s: move %d is '%s', not a digit 0..8" % (where, len(moves) + 1, _clip(c)))
            moves.append(ord(c) - 48)

        def text_of(tag):
            return _unescape(*values[tag]) if tag in values else None
        start = None
        if "p" in values:
            start = _position_from_compact(rules, *values["p"])
        forfeit = None
        if "f" in values:
            by, where = values["f"]
            _side_from_letter(by, where)
            forfeit = {"by": by, "move": len(moves), "reason": text_of("r") or "",
                       "token": text_of("t")}
        elif "r" in values or "t" in values:
            raise KalahError("compact record: a forfeit reason or token without the forfeit field 'f'")
        record = cls(rules, moves, text_of("s"), text_of("n"), start, text_of("d"), forfeit)
        return _replayed(record, "compact record")

    # -- PGN -----------------------------------------------------------------
    def to_pgn(self):
        board = self.board()
        outcome = board.outcome()
        tags = [("Variant", self.rules)]
        if self.south is not None:
            tags.append(("South", self.south))
        if self.north is not None:
            tags.append(("North", self.north))
        if self.date is not None:
            tags.append(("Date", self.date))
        tags.append(("Result", "*" if outcome is None else outcome.result()))
        if self.start is not None:
            tags.append(("Position", self.start))
        if outcome is not None:
            tags.append(("Termination", outcome.termination))
        if self.forfeit is not None:
            tags.append(("Forfeit", self.forfeit["by"]))
            tags.append(("ForfeitReason", self.forfeit["reason"]))
            if self.forfeit["token"] is not None:
                tags.append(("ForfeitMove", self.forfeit["token"]))
        lines = ['[%s "%s"]' % (name, _pgn_quote(value)) for name, value in tags]
        lines.append("")
        words = []
        number = 0
        for turn in self.turns():
            if turn["side"] == SOUTH:
                number += 1
                words.append("%d." % number)
            elif number == 0:
                number = 1
                words.append("1...")
            words.append(turn["text"])
        words.append("*" if outcome is None else outcome.result())
        lines.extend(_wrap(words, 79))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_pgn(cls, text):
        _check_record_text(text, "PGN")
        tags = {}
        movetext = []
        for number, line in enumerate(text.split("\n")):
            where = "PGN line %d" % (number + 1)
            stripped = line.strip()
            if not stripped or stripped.startswith("%") or (stripped.startswith(";") and not movetext):
                continue
            if stripped.startswith("["):
                if movetext:
                    raise KalahError("%s: a tag after the moves" % where)
                name, value = _parse_tag(stripped, where)
                if name in tags:
                    raise KalahError("%s: the tag %s appears twice" % (where, name))
                tags[name] = (value, where)
            else:
                movetext.append((stripped, where))
        if "Variant" not in tags:
            raise KalahError("PGN: the Variant tag is missing (e.g. [Variant \"kalah(6,4)\"])")

        def tag(name):
            return tags[name][0] if name in tags else None

        def at(name, error):
            if name not in tags:
                return error
            return "%s: %s" % (tags[name][1], error)
        try:
            rules = find_rules(tag("Variant")).name
        except KalahError as error:
            raise KalahError(at("Variant", str(error)))
        start = tag("Position")
        if start is not None:
            try:
                Board(rules, position=start)
            except KalahError as error:
                raise KalahError(at("Position", str(error)))
        board = Board(rules) if start is None else Board(rules, position=start)
        result = None
        for line, where in movetext:
            for word in _pgn_words(line, where):
                if result is not None:
                    raise KalahError("%s: '%s' after the result" % (where, _clip(word)))
                if word == "*" or _is_result(word):
                    result = word
                    continue
                if _is_move_number(word):
                    continue
                for part in word.split("-"):
                    if board.turn is None:
                        raise KalahError("%s: '%s': the game is already over" % (where, _clip(part)))
                    try:
                        board.push(board.parse_move(part))
                    except KalahError as error:
                        raise KalahError("%s: move %d: %s" % (where, board.ply() + 1, _strip_move_prefix(error)))
        forfeit = None
        if tag("Forfeit") is not None:
            _side_from_letter(tag("Forfeit"), at("Forfeit", "Forfeit tag"))
            forfeit = {"by": tag("Forfeit"), "move": board.ply(), "reason": tag("ForfeitReason") or "",
                       "token": tag("ForfeitMove")}
        try:
            record = cls(rules, board.moves_played(), tag("South"), tag("North"), start, tag("Date"), forfeit)
            final = record.board()
        except KalahError as error:
            raise KalahError("PGN: %s" % error)
        declared = tag("Result")
        actual = "*" if final.outcome() is None else final.outcome().result()
        for name, value in (("Result tag", declared), ("result", result)):
            if value is not None and value != actual:
                raise KalahError("PGN: the %s says %s, but the moves give %s" % (name, value, actual))
        return record


# -- helpers -------------------------------------------------------------------

def _check_record_text(text, where):
    """Text, within the size cap, and not a binary file: KalahError saying which."""
    check_text(text, "the record", MAX_RECORD, where)
    check_not_binary(text, "%s: this is not a game record" % where)


def _dumps(value):
    """JSON text with non-ASCII characters as they are, as MicroPython writes
    them (its json.loads cannot join the surrogate pairs CPython would write)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:  # MicroPython: no keyword arguments, and no escaping
        return json.dumps(value)


def _replayed(record, where):
    """The record, once its moves replay: a record that reads is one that plays."""
    try:
        record.board()
    except KalahError as error:
        raise KalahError("%s: %s" % (where, error))
    return record


def _check_forfeit(forfeit, moves):
    if forfeit is None:
        return None
    where = "record: forfeit"
    if not isinstance(forfeit, dict):
        raise KalahError("%s must be a dictionary {by, move, reason, token}" % where)
    for key in forfeit:
        if key not in ("by", "move", "reason", "token"):
            raise KalahError("%s: unknown field %r" % (where, key))
    by = forfeit.get("by")
    if by not in ("S", "N"):
        raise KalahError("%s: 'by' must be 'S' or 'N', not %r" % (where, by))
    move = forfeit.get("move", moves)
    if not _is_int(move) or move != moves:
        raise KalahError("%s: 'move' must be %d, the index after the last move, not %r" % (where, moves, move))
    reason = _check_text("the forfeit reason", forfeit.get("reason") or "", MAX_TEXT)
    token = forfeit.get("token")
    if token is not None and not isinstance(token, str):
        token = str(token)
    token = _check_text("the forfeit token", token, MAX_TEXT)
    return {"by": by, "move": move, "reason": reason, "token": token}


def _no_surrogates(text):
    return "".join("?" if 0xD800 <= ord(c) < 0xE000 else c for c in text)


def _clip(text, limit=40):
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "..."


def _strip_move_prefix(error):
    text = str(error)
    if text.startswith("move ") and ": " in text:
        return text[text.index(": ") + 2:]
    return text


def _rules_code(name):
    rules = find_rules(name)
    code = dict(FAMILY_CODES)[rules.family]
    code += "%d%d" % (rules.houses, rules.seeds)
    options = dict(OPTION_CODES)
    for option in rules.options:
        code += options[option]
    if rules.move_limit != type(rules).move_limit:
        code += "l%d" % rules.move_limit
    return code


def _rules_from_code(code):
    where = "compact record: rule set '%s'" % _clip(code)
    families = dict((c, f) for f, c in FAMILY_CODES)
    options = dict((c, o) for o, c in OPTION_CODES)
    if len(code) < 3 or code[0] not in families or code[1] not in "12345678":
        raise KalahError("%s: expected a family letter (K, R, W, A), houses and seeds, e.g. K64" % where)
    at = 2
    while at < len(code) and code[at] in _DIGITS:
        at += 1
    if at == 2 or at > 4:
        raise KalahError("%s: the seeds must be 1 or 2 digits" % where)
    name = "%s(%s,%s)" % (families[code[0]], code[1], code[2:at])
    letters, limit = code[at:], None
    if "l" in letters:  # a move limit: 'l' and its digits, last
        letters, limit = letters[:letters.index("l")], letters[letters.index("l") + 1:]
        if not _is_number_text(limit):
            raise KalahError("%s: the move limit 'l' must be followed by digits" % where)
    for letter in letters:
        if letter not in options:
            raise KalahError("%s: unknown option letter '%s' (e, g, p, l)" % (where, letter))
        name += "+" + options[letter]
    if limit is not None:
        name += "+limit" + limit
    try:
        return find_rules(name).name
    except KalahError as error:
        raise KalahError("%s: %s" % (where, error))


def _escape(text):
    """Text as [A-Za-z0-9-~_] only: '~' is a space, '_XX' a UTF-8 byte."""
    out = []
    for c in text:
        if c in _TEXT_SAFE:
            out.append(c)
        elif c == " ":
            out.append("~")
        else:
            for byte in c.encode("utf-8"):
                out.append("_%02X" % byte)
    return "".join(out)


def _unescape(text, where):
    """The text `_escape` made. Split at '_' rather than indexed: linear under MicroPython."""
    for c in text:
        if c not in _TEXT_SAFE and c not in "~_":
            raise KalahError("%s: the character '%s' is not allowed" % (where, _clip(c)))
    parts = text.replace("~", " ").split("_")
    data = bytearray(parts[0].encode("utf-8"))
    for part in parts[1:]:
        pair = part[:2]
        if len(pair) != 2 or not all(h in _HEX for h in pair):
            raise KalahError("%s: '_' must be followed by two hex digits" % where)
        data.append(int(pair, 16))
        data.extend(part[2:].encode("utf-8"))
    try:
        return bytes(data).decode("utf-8")
    except UnicodeError:
        raise KalahError("%s: the escaped bytes are not UTF-8 text" % where)


def _compact_position(position):
    """'kalah(6,4)/4,...,0/N/c3' -> '4-...-0-N-c3' (the rule set is in the record)."""
    fields = position.split("/")
    return "-".join(fields[1].split(",") + fields[2:])


def _position_from_compact(rules, text, where):
    words = text.split("-")
    size = find_rules(rules).size
    if len(words) < size + 1:
        raise KalahError("%s: a position needs %d pit counts and the side to move" % (where, size))
    for word in words[:size]:
        if not _is_number_text(word):
            raise KalahError("%s: pit count '%s' is not a whole number" % (where, _clip(word)))
    position = "%s/%s/%s" % (rules, ",".join(words[:size]), "/".join(words[size:]))
    try:
        return format_position(*parse_position(position)[:6])
    except KalahError as error:
        raise KalahError("%s: %s" % (where, error))


def _pgn_quote(value):
    """A tag value: backslash escapes for \\ and \", \\uXXXX for control characters."""
    out = []
    for c in str(value):
        code = ord(c)
        if c in '\\"':
            out.append("\\" + c)
        elif code < 32 or 127 <= code < 160 or code in (0x2028, 0x2029):
            out.append("\\u%04x" % code)
        else:
            out.append(c)
    return "".join(out)


def _parse_tag(line, where):
    if not line.endswith("]"):
        raise KalahError("%s: a tag must end with ']'" % where)
    inner = line[1:-1].strip()
    space = inner.find(" ")
    if space <= 0:
        raise KalahError('%s: expected [Name "value"]' % where)
    name = inner[:space]
    if not all(c in _ALNUM + "_" for c in name):
        raise KalahError("%s: the tag name '%s' is not a word" % (where, _clip(name)))
    quoted = inner[space:].strip()
    if len(quoted) < 2 or not quoted.startswith('"') or not quoted.endswith('"'):
        raise KalahError('%s: the value of %s must be in double quotes' % (where, name))
    return name, _pgn_unquote(quoted[1:-1], where, name)


def _pgn_unquote(body, where, name):
    """The value between a tag's quotes, escapes undone.

    Split at each backslash instead of reading character by character:
    indexing a MicroPython string walks it from the start, so a loop over
    `body[i]` made a 1 MB tag take most of an hour in the page."""
    parts = body.split("\\")
    value = [_pgn_literal(parts[0], where, name)]
    i = 1
    while i < len(parts):
        part = parts[i]
        if not part:  # two backslashes: an escaped backslash, then literal text
            if i + 1 == len(parts):
                raise KalahError("%s: a lone backslash at the end of %s" % (where, name))
            value.append("\\")
            i += 1
            value.append(_pgn_literal(parts[i], where, name))
        elif part.startswith("u"):
            digits = part[1:5]
            if len(digits) != 4 or not all(h in _HEX for h in digits):
                raise KalahError("%s: \\u must be followed by four hex digits in %s" % (where, name))
            value.append(chr(int(digits, 16)))
            value.append(_pgn_literal(part[5:], where, name))
        else:
            value.append(part[:1])
            value.append(_pgn_literal(part[1:], where, name))
        i += 1
    return "".join(value)


def _pgn_literal(text, where, name):
    if '"' in text:
        raise KalahError('%s: an unescaped " inside the value of %s' % (where, name))
    return text


def _pgn_words(line, where):
    """The words of a movetext line, comments {...} and ;... removed (split, not indexed: linear)."""
    words = []
    for number, piece in enumerate(line.split("{")):
        if number:  # the text after a '{': a comment up to the first '}'
            close = piece.find("}")
            if close < 0:
                raise KalahError("%s: a comment '{' without '}' on the same line" % where)
            piece = piece[close + 1:]
        semicolon = piece.find(";")
        if semicolon >= 0:
            words.extend(piece[:semicolon].split())
            break
        words.extend(piece.split())
    result = []
    for word in words:
        # '12.C' and '12...c' are a move number glued to a move
        if word[:1] in _DIGITS and "." in word:
            at = word.rindex(".") + 1
            number, rest = word[:at], word[at:]
            result.append(number)
            if rest:
                result.append(rest)
        else:
            result.append(word)
    return result


def _is_move_number(word):
    digits = word.rstrip(".")
    return word.endswith(".") and _is_number_text(digits)


def _is_result(word):
    parts = word.split("-")
    return len(parts) == 2 and _is_number_text(parts[0]) and _is_number_text(parts[1])


def _wrap(words, width):
    lines = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    if line:
        lines.append(line)
    return lines
