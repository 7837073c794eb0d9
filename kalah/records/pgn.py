"""PGN-like text of a game record: tags, then the moves in letter notation.

    [Variant "kalah(6,4)"]
    [South "Ada"]
    [Result "*"]

    1. C-F b *

(South sowed house C, which ended in the store, then F; North then b.)
The letter notation is docs/rules.md's; docs/formats.md gives the grammar.
Read and write with `pgn.read(text)` / `pgn.write(record)`.
"""

from kalah.errors import N_, KalahError, Reason
from kalah.game.board import Board
from kalah.records.record import (ALNUM, DIGITS, HEX, Record, check_record_text, clip, is_number_text,
                                  side_from_letter)
from kalah.game.rules import SOUTH, find_rules


def write(record):
    """The record as PGN-like text: tags, then the moves by turn, ending in a newline."""
    board = record.board()
    outcome = board.outcome()
    tags = [("Variant", record.rules)]
    if record.south is not None:
        tags.append(("South", record.south))
    if record.north is not None:
        tags.append(("North", record.north))
    if record.date is not None:
        tags.append(("Date", record.date))
    tags.append(("Result", "*" if outcome is None else outcome.result()))
    if record.start is not None:
        tags.append(("Position", record.start))
    if outcome is not None:
        tags.append(("Termination", outcome.termination))
    if record.forfeit is not None:
        tags.append(("Forfeit", record.forfeit["by"]))
        tags.append(("ForfeitReason", record.forfeit["reason"]))
        if record.forfeit["token"] is not None:
            tags.append(("ForfeitMove", record.forfeit["token"]))
    lines = ['[%s "%s"]' % (name, _quote(value)) for name, value in tags]
    lines.append("")
    words = []
    number = 0
    for turn in record.turns():
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


# Where a reason about a PGN text is ("PGN: ..."), as the pages name it.
PGN = Reason(N_("PGN"))


def read(text):
    """The Record a PGN text holds; KalahError saying the line when it is malformed."""
    check_record_text(text, PGN)
    tags = {}
    movetext = []
    for number, line in enumerate(text.split("\n")):
        where = Reason(N_("PGN line %(number)d"), number=number + 1)
        stripped = line.strip()
        if not stripped or stripped.startswith("%") or (stripped.startswith(";") and not movetext):
            continue
        if stripped.startswith("["):
            if movetext:
                raise KalahError(N_("%(where)s: a tag after the moves"), where=where)
            name, value = _parse_tag(stripped, where)
            if name in tags:
                raise KalahError(N_("%(where)s: the tag %(tag)s appears twice"), where=where, tag=name)
            tags[name] = (value, where)
        else:
            movetext.append((stripped, where))
    if "Variant" not in tags:
        raise KalahError(N_("%(where)s: the Variant tag is missing (e.g. %(example)s)"), where=PGN,
                         example='[Variant "kalah(6,4)"]')

    def tag(name):
        return tags[name][0] if name in tags else None

    def at(name, error):
        if name not in tags:
            return error
        return Reason(N_("%(where)s: %(reason)s"), where=tags[name][1], reason=error)
    try:
        rules = find_rules(tag("Variant")).name
    except KalahError as error:
        raise KalahError(at("Variant", error))
    start = tag("Position")
    if start is not None:
        try:
            Board(rules, position=start)
        except KalahError as error:
            raise KalahError(at("Position", error))
    board = Board(rules) if start is None else Board(rules, position=start)
    result = None
    for line, where in movetext:
        for word in _words(line, where):
            if result is not None:
                raise KalahError(N_("%(where)s: '%(word)s' after the result"), where=where, word=clip(word))
            if word == "*" or _is_result(word):
                result = word
                continue
            if _is_move_number(word):
                continue
            for part in word.split("-"):
                if board.turn is None:
                    raise KalahError(N_("%(where)s: '%(move)s': the game is already over"), where=where,
                                     move=clip(part))
                try:
                    board.push(board.parse_move(part))
                except KalahError as error:
                    raise KalahError(N_("%(where)s: move %(number)d: %(reason)s"), where=where, number=board.ply() + 1,
                                     reason=_strip_move_prefix(error))
    forfeit = None
    if tag("Forfeit") is not None:
        side_from_letter(tag("Forfeit"), at("Forfeit", Reason(N_("Forfeit tag"))))
        forfeit = {"by": tag("Forfeit"), "move": board.ply(), "reason": tag("ForfeitReason") or "",
                   "token": tag("ForfeitMove")}
    try:
        record = Record(rules, board.moves_played(), tag("South"), tag("North"), start, tag("Date"), forfeit)
        final = record.board()
    except KalahError as error:
        raise KalahError(N_("%(where)s: %(reason)s"), where=PGN, reason=error)
    declared = tag("Result")
    actual = "*" if final.outcome() is None else final.outcome().result()
    for name, value in ((Reason(N_("Result tag")), declared), (Reason(N_("result")), result)):
        if value is not None and value != actual:
            raise KalahError(N_("%(where)s: the %(name)s says %(said)s, but the moves give %(actual)s"), where=PGN,
                             name=name, said=value, actual=actual)
    return record


def _quote(value):
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
        raise KalahError(N_("%(where)s: a tag must end with ']'"), where=where)
    inner = line[1:-1].strip()
    space = inner.find(" ")
    if space <= 0:
        raise KalahError(N_('%(where)s: expected [Name "value"]'), where=where)
    name = inner[:space]
    if not all(c in ALNUM + "_" for c in name):
        raise KalahError(N_("%(where)s: the tag name '%(tag)s' is not a word"), where=where, tag=clip(name))
    quoted = inner[space:].strip()
    if len(quoted) < 2 or not quoted.startswith('"') or not quoted.endswith('"'):
        raise KalahError(N_("%(where)s: the value of %(tag)s must be in double quotes"), where=where, tag=name)
    return name, _unquote(quoted[1:-1], where, name)


def _unquote(body, where, name):
    """The value between a tag's quotes, escapes undone.

    Split at each backslash instead of reading character by character:
    indexing a MicroPython string walks it from the start, so a loop over
    `body[i]` made a 1 MB tag take most of an hour in the page."""
    parts = body.split("\\")
    value = [_literal(parts[0], where, name)]
    i = 1
    while i < len(parts):
        part = parts[i]
        if not part:  # two backslashes: an escaped backslash, then literal text
            if i + 1 == len(parts):
                raise KalahError(N_("%(where)s: a lone backslash at the end of %(tag)s"), where=where, tag=name)
            value.append("\\")
            i += 1
            value.append(_literal(parts[i], where, name))
        elif part.startswith("u"):
            digits = part[1:5]
            if len(digits) != 4 or not all(h in HEX for h in digits):
                raise KalahError(N_("%(where)s: %(escape)s must be followed by four hex digits in %(tag)s"),
                                 where=where, escape="\\u", tag=name)
            value.append(chr(int(digits, 16)))
            value.append(_literal(part[5:], where, name))
        else:
            value.append(part[:1])
            value.append(_literal(part[1:], where, name))
        i += 1
    return "".join(value)


def _literal(text, where, name):
    if '"' in text:
        raise KalahError(N_('%(where)s: an unescaped " inside the value of %(tag)s'), where=where, tag=name)
    return text


def _words(line, where):
    """The words of a movetext line, comments {...} and ;... removed (split, not indexed: linear)."""
    words = []
    for number, piece in enumerate(line.split("{")):
        if number:  # the text after a '{': a comment up to the first '}'
            close = piece.find("}")
            if close < 0:
                raise KalahError(N_("%(where)s: a comment '{' without '}' on the same line"), where=where)
            piece = piece[close + 1:]
        semicolon = piece.find(";")
        if semicolon >= 0:
            words.extend(piece[:semicolon].split())
            break
        words.extend(piece.split())
    result = []
    for word in words:
        # '12.C' and '12...c' are a move number glued to a move
        if word[:1] in DIGITS and "." in word:
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
    return word.endswith(".") and is_number_text(digits)


def _is_result(word):
    parts = word.split("-")
    return len(parts) == 2 and is_number_text(parts[0]) and is_number_text(parts[1])


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


def _strip_move_prefix(error):
    """'move 3: house 2 of South is empty' -> its reason alone (the PGN line says the move)."""
    text = str(error)
    if text.startswith("move ") and ": " in text:
        return error.params.get("reason") or text[text.index(": ") + 2:]
    return error
