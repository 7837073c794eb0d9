"""The analysis board's link and position editor (pure Python, MicroPython-safe).

A position is shared as its position text (docs/formats.md), which names
its rule set first:

    analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S

and a study adds its moves and the move looked at (docs/formats.md):

    analysis.html#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=36(5)41&at=35

    board = board_from_fragment("#position=kalah(6,4)/...")   # KalahError if bad
    tree, problem = study_from_fragment("#position=...&moves=36(5)41&at=35")
    board = edited_board(rules, pits, turn)                   # KalahError says what to fix

Writing the link is kalah/study/analysis_link.py's (the pages linking here import only that).

Percent-escapes are decoded (a link that went through a mail program still
opens). The editor builds a position from counts the user sets one by one:
until they add up to the rule set's seeds, `edited_board` says how many to
add or take away.
"""

from kalah.game.board import Board, format_position
from kalah.errors import KalahError
from kalah.study.analysis_link import AT_KEY, KEY, KEYS, MOVES_KEY
from kalah.library.fragments import clip, unescape, without_language
from kalah.input_guards import MAX_LINK, check_text
from kalah.game.notation import house_letter
from kalah.i18n import _, ngettext, side_word
from kalah.study.move_tree import StudyTree

EXAMPLE = "#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
MAX_COUNT = 999   # seeds one pit may hold in the editor


def link_fields(fragment):
    """{key: text} of an analysis link's fragment ("#position=P[&moves=T&at=A]"), escapes decoded;
    KalahError saying what is wrong. Its length is checked first, before any decoding (the site's
    cap on a link)."""
    check_text(fragment, "the link", MAX_LINK)
    fragment = without_language(fragment)
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text:
        raise KalahError("the link holds no position (its part after '#' is empty); e.g. %s" % EXAMPLE)
    fields = {}
    for part in text.split("&"):
        if "=" not in part:
            raise KalahError("the link's part '%s' has no '=': an analysis link is %s" % (clip(part), EXAMPLE))
        key, value = part.split("=", 1)
        key = unescape(key)
        if key not in KEYS:
            raise KalahError("the link has an unknown part '%s' (an analysis link is %s)" % (clip(key), EXAMPLE))
        if key in fields:
            raise KalahError("the link gives its part '%s' twice" % key)
        fields[key] = unescape(value)
    if not fields.get(KEY):
        raise KalahError("the link's position is empty; e.g. %s" % EXAMPLE)
    return fields


def board_from_fragment(fragment):
    """The Board of an analysis link's position ("#position=P", the study's start when the link
    also holds moves); KalahError saying what is wrong."""
    return Board.from_position(link_fields(fragment)[KEY])


def study_from_fragment(fragment):
    """(tree, problem) of an analysis link: its StudyTree (kalah/study/move_tree.py: the position, the
    moves and variations, the move looked at), and None, or what was wrong with its moves, in
    which case the tree is the position alone. KalahError when the position cannot be opened."""
    fields = link_fields(fragment)
    start = Board.from_position(fields[KEY])
    try:
        return StudyTree.read(start, fields.get(MOVES_KEY, ""), fields.get(AT_KEY, "")), None
    except KalahError as error:
        return StudyTree(start), str(error)


def count_from_text(text, where):
    """A pit's count typed by the user: a whole number 0..MAX_COUNT."""
    text = str(text).strip()
    if not text or len(text) > 4 or not all(ch in "0123456789" for ch in text) or int(text) > MAX_COUNT:
        raise KalahError(_("%(where)s: '%(text)s' is not a number of seeds (0 to %(most)d)") % {
            "where": where, "text": clip(text), "most": MAX_COUNT})
    return int(text)


def pit_letter(rules, index):
    """'C', 'c', or None for a store: the letter of pit `index`, the same in every language."""
    side = rules.owner(index)
    if rules.is_store(index):
        return None
    return house_letter(side, index - side * (rules.houses + 1) + 1)


def pit_name(rules, index):
    """'South's house C', 'North's store': how the editor names pit `index`, in the page's language."""
    side = rules.owner(index)
    letter = pit_letter(rules, index)
    if letter is None:
        return _("%(side)s's store") % {"side": side_word(side)}
    return _("%(side)s's house %(letter)s") % {"side": side_word(side), "letter": letter}


def edited_board(rules, pits, turn):
    """The Board of an edited position, or KalahError saying what to change first."""
    pits = tuple(pits)
    total = sum(pits)
    if total != rules.total:
        difference = rules.total - total
        words = {"total": total, "rules": rules.name, "expected": rules.total, "count": abs(difference)}
        if difference > 0:
            raise KalahError(ngettext("the board holds %(total)d seeds and %(rules)s has %(expected)d: "
                                      "add %(count)d seed",
                                      "the board holds %(total)d seeds and %(rules)s has %(expected)d: "
                                      "add %(count)d seeds", abs(difference)) % words)
        raise KalahError(ngettext("the board holds %(total)d seeds and %(rules)s has %(expected)d: "
                                  "take away %(count)d seed",
                                  "the board holds %(total)d seeds and %(rules)s has %(expected)d: "
                                  "take away %(count)d seeds", abs(difference)) % words)
    over = rules.game_over(list(pits))
    return Board.from_position(format_position(rules, pits, None if over else turn))
