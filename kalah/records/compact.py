"""The compact link text of a game record: 'k1.K64.sAda.m36'.

    >>> from kalah.records import compact
    >>> record = compact.read('k1.K64.sAda.m36')
    >>> record.south, record.moves
    ('Ada', [3, 6])
    >>> compact.write(record)
    'k1.K64.sAda.m36'

A version-tagged text made only of URL-fragment-safe characters
[A-Za-z0-9._~-], so that a link needs no escaping; a 60-move Kalah(6,4) game
without names fits in 68 characters. docs/formats.md gives its grammar.
Read and write with `compact.read(text)` / `compact.write(record)`.
"""

from kalah.errors import N_, KalahError, Reason
from kalah.game.board import format_position, parse_position
from kalah.records.record import (ALNUM, DIGITS, HEX, Record, check_record_text, clip, is_number_text,
                                  replayed, side_from_letter)
from kalah.game.rules import find_rules

COMPACT_VERSION = "k1"

# Rule-set codes: a family letter, then houses (one digit) and seeds,
# then one letter per option.
FAMILY_CODES = (("kalah", "K"), ("relay-kalaha", "R"), ("owari", "W"), ("oware", "A"))
OPTION_CODES = (("empty-capture", "e"), ("gamelink", "g"), ("pie", "p"))

_TEXT_SAFE = ALNUM + "-"


def write(record):
    """The record as 'k1.K64.sAda.nBob.m3612...'."""
    fields = [COMPACT_VERSION, _rules_code(record.rules)]
    if record.south is not None:
        fields.append("s" + _escape(record.south))
    if record.north is not None:
        fields.append("n" + _escape(record.north))
    if record.date is not None:
        fields.append("d" + _escape(record.date))
    if record.start is not None:
        fields.append("p" + _compact_position(record.start))
    if record.forfeit is not None:
        fields.append("f" + record.forfeit["by"])
        fields.append("r" + _escape(record.forfeit["reason"]))
        if record.forfeit["token"] is not None:
            fields.append("t" + _escape(record.forfeit["token"]))
    fields.append("m" + "".join(str(m) for m in record.moves))
    return ".".join(fields)

# Where a reason about a compact record is ("compact record: ..."), as the pages name it.
COMPACT_RECORD = Reason(N_("compact record"))


def read(text):
    """The Record a compact text holds (a leading '#' is allowed); KalahError if malformed."""
    check_record_text(text, COMPACT_RECORD)
    text = text.strip()
    if text.startswith("#"):
        text = text[1:]
    fields = text.split(".")
    version = fields[0]
    if version != COMPACT_VERSION:
        if len(version) > 1 and version[0] == "k" and is_number_text(version[1:]):
            raise KalahError(N_("%(where)s: unknown version '%(version)s' (this reader knows %(known)s)"),
                             where=COMPACT_RECORD, version=version, known=COMPACT_VERSION)
        raise KalahError(N_("%(where)s: it must start with '%(start)s', not '%(text)s'"), where=COMPACT_RECORD,
                         start=COMPACT_VERSION + ".", text=clip(text))
    if len(fields) < 3:
        raise KalahError(N_("%(where)s: expected %(form)s"), where=COMPACT_RECORD,
                         form=COMPACT_VERSION + ".RULES...mMOVES")
    rules = _rules_from_code(fields[1])
    values = {}
    for number, field in enumerate(fields[2:]):
        where = Reason(N_("compact record, field %(number)d"), number=number + 3)
        tag = field[:1]
        if tag not in "sndpfrtm" or not tag:
            raise KalahError(N_("%(where)s: unknown field '%(field)s'"), where=where, field=clip(field))
        if tag in values:
            raise KalahError(N_("%(where)s: field '%(field)s' appears twice"), where=where, field=tag)
        values[tag] = (field[1:], where)
    if "m" not in values:
        raise KalahError(N_("%(where)s: the moves field 'm' is missing"), where=COMPACT_RECORD)
    moves_text, where = values["m"]
    moves = []
    for c in moves_text:  # iterating is linear in MicroPython, indexing is not
        if c not in "012345678":
            raise KalahError(N_("%(where)s: move %(number)d is '%(move)s', not a digit 0..8"), where=where,
                             number=len(moves) + 1, move=clip(c))
        moves.append(ord(c) - 48)

    def text_of(tag):
        return _unescape(*values[tag]) if tag in values else None
    start = None
    if "p" in values:
        start = _position_from_compact(rules, *values["p"])
    forfeit = None
    if "f" in values:
        by, where = values["f"]
        side_from_letter(by, where)
        forfeit = {"by": by, "move": len(moves), "reason": text_of("r") or "",
                   "token": text_of("t")}
    elif "r" in values or "t" in values:
        raise KalahError(N_("%(where)s: a forfeit reason or token without the forfeit field 'f'"),
                         where=COMPACT_RECORD)
    record = Record(rules, moves, text_of("s"), text_of("n"), start, text_of("d"), forfeit)
    return replayed(record, COMPACT_RECORD)


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
    where = Reason(N_("compact record: rule set '%(code)s'"), code=clip(code))
    families = dict((c, f) for f, c in FAMILY_CODES)
    options = dict((c, o) for o, c in OPTION_CODES)
    if len(code) < 3 or code[0] not in families or code[1] not in "12345678":
        raise KalahError(N_("%(where)s: expected a family letter (K, R, W, A), houses and seeds, e.g. K64"),
                         where=where)
    at = 2
    while at < len(code) and code[at] in DIGITS:
        at += 1
    if at == 2 or at > 4:
        raise KalahError(N_("%(where)s: the seeds must be 1 or 2 digits"), where=where)
    name = "%s(%s,%s)" % (families[code[0]], code[1], code[2:at])
    letters, limit = code[at:], None
    if "l" in letters:  # a move limit: 'l' and its digits, last
        letters, limit = letters[:letters.index("l")], letters[letters.index("l") + 1:]
        if not is_number_text(limit):
            raise KalahError(N_("%(where)s: the move limit 'l' must be followed by digits"), where=where)
    for letter in letters:
        if letter not in options:
            raise KalahError(N_("%(where)s: unknown option letter '%(letter)s' (e, g, p, l)"), where=where,
                             letter=letter)
        name += "+" + options[letter]
    if limit is not None:
        name += "+limit" + limit
    try:
        return find_rules(name).name
    except KalahError as error:
        raise KalahError(N_("%(where)s: %(reason)s"), where=where, reason=error)


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
            raise KalahError(N_("%(where)s: the character '%(character)s' is not allowed"), where=where,
                             character=clip(c))
    parts = text.replace("~", " ").split("_")
    data = bytearray(parts[0].encode("utf-8"))
    for part in parts[1:]:
        pair = part[:2]
        if len(pair) != 2 or not all(h in HEX for h in pair):
            raise KalahError(N_("%(where)s: '_' must be followed by two hex digits"), where=where)
        data.append(int(pair, 16))
        data.extend(part[2:].encode("utf-8"))
    try:
        return bytes(data).decode("utf-8")
    except UnicodeError:
        raise KalahError(N_("%(where)s: the escaped bytes are not UTF-8 text"), where=where)


def _compact_position(position):
    """'kalah(6,4)/4,...,0/N/c3' -> '4-...-0-N-c3' (the rule set is in the record)."""
    fields = position.split("/")
    return "-".join(fields[1].split(",") + fields[2:])


def _position_from_compact(rules, text, where):
    words = text.split("-")
    size = find_rules(rules).size
    if len(words) < size + 1:
        raise KalahError(N_("%(where)s: a position needs %(size)d pit counts and the side to move"), where=where,
                         size=size)
    for word in words[:size]:
        if not is_number_text(word):
            raise KalahError(N_("%(where)s: pit count '%(count)s' is not a whole number"), where=where,
                             count=clip(word))
    position = "%s/%s/%s" % (rules, ",".join(words[:size]), "/".join(words[size:]))
    try:
        return format_position(*parse_position(position)[:6])
    except KalahError as error:
        raise KalahError(N_("%(where)s: %(reason)s"), where=where, reason=error)
