"""The analysis board's link and position editor (pure Python, MicroPython-safe).

A position is shared as its position text (docs/formats.md), which names
its rule set first:

    analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S

    board = board_from_fragment("#position=kalah(6,4)/...")   # KalahError if bad
    board = edited_board(rules, pits, turn)                   # KalahError says what to fix

Writing the link is kalah/analysis_link.py's (the pages linking here import only that).

Percent-escapes are decoded (a link that went through a mail program still
opens). The editor builds a position from counts the user sets one by one:
until they add up to the rule set's seeds, `edited_board` says how many to
add or take away.
"""

from kalah.board import Board, format_position
from kalah.errors import KalahError
from kalah.analysis_link import KEY
from kalah.fragments import clip, unescape, without_language
from kalah.input_guards import MAX_LINK, check_text
from kalah.rules import NORTH, SIDE_NAMES, SOUTH

EXAMPLE = "#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
MAX_COUNT = 999   # seeds one pit may hold in the editor


def board_from_fragment(fragment):
    """The Board of an analysis link's fragment ("#position=P"); KalahError saying what is wrong.
    Its length is checked first, before any decoding (the site's cap on a link)."""
    check_text(fragment, "the link", MAX_LINK)
    fragment = without_language(fragment)
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text:
        raise KalahError("the link holds no position (its part after '#' is empty); e.g. %s" % EXAMPLE)
    if "=" not in text:
        raise KalahError("the link's part '%s' has no '=': an analysis link is %s" % (clip(text), EXAMPLE))
    key, value = text.split("=", 1)
    if unescape(key) != KEY:
        raise KalahError("the link has an unknown part '%s' (an analysis link is %s)" % (clip(key), EXAMPLE))
    position = unescape(value)
    if not position:
        raise KalahError("the link's position is empty; e.g. %s" % EXAMPLE)
    return Board.from_position(position)


def count_from_text(text, where):
    """A pit's count typed by the user: a whole number 0..MAX_COUNT."""
    text = str(text).strip()
    if not text or len(text) > 4 or not all(ch in "0123456789" for ch in text) or int(text) > MAX_COUNT:
        raise KalahError("%s: '%s' is not a number of seeds (0 to %d)" % (where, clip(text), MAX_COUNT))
    return int(text)


def pit_name(rules, index):
    """'South's house C', 'North's store': how the editor names pit `index`."""
    m = rules.houses
    side = SOUTH if index <= m else NORTH
    place = index - (0 if side == SOUTH else m + 1)
    if place == m:
        return "%s's store" % SIDE_NAMES[side]
    letter = chr((ord("A") if side == SOUTH else ord("a")) + place)
    return "%s's house %s" % (SIDE_NAMES[side], letter)


def edited_board(rules, pits, turn):
    """The Board of an edited position, or KalahError saying what to change first."""
    pits = tuple(pits)
    total = sum(pits)
    if total != rules.total:
        difference = rules.total - total
        raise KalahError("the board holds %d seeds and %s has %d: %s %d %s" % (
            total, rules.name, rules.total, "add" if difference > 0 else "take away",
            abs(difference), "seed" if abs(difference) == 1 else "seeds"))
    over = rules.game_over(list(pits))
    return Board.from_position(format_position(rules, pits, None if over else turn))
