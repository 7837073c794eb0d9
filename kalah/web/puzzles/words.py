"""What the puzzles page says of moves and answers, in the page's language (pure Python:
CPython-tested)."""

from kalah.game.notation import move_text, signed
from kalah.i18n import _, ngettext, side_word
from kalah.study.puzzles import DIFFICULTY_NAMES, THEME_NAMES


def line_text(board, moves):
    """'North b, then North e, then South C': moves played from `board` (a copy is used)."""
    board = board.copy()
    text = None
    for move in moves:
        played = _("%(side)s %(house)s") % {"side": side_word(board.turn), "house": move_text(board.turn, move)}
        # Translators: a line of moves, one added at a time: "North b, then North e".
        text = played if text is None else _("%(earlier)s, then %(move)s") % {"earlier": text, "move": played}
        board.push(move)
    return text or ""


def moves_text(count):
    return ngettext("%(count)d move", "%(count)d moves", count) % {"count": count}


def about_text(puzzle, solved_before, yours):
    """'Puzzle kalah6-4-0012 · Capture · easy · 1 move · rating 1125': `solved_before` is None for a
    puzzle not answered yet; a puzzle from `yours` (your games) says which game, in its stored words."""
    about = [_("Puzzle %(id)s") % {"id": puzzle.id}, " / ".join(_(THEME_NAMES[theme]) for theme in puzzle.themes),
             _(DIFFICULTY_NAMES[puzzle.difficulty]), moves_text(puzzle.moves),
             _("rating %(rating)d") % {"rating": puzzle.rating}]
    if solved_before is not None:
        about.append(_("solved before") if solved_before else _("missed before"))
    if yours:
        about.append(_("from %(source)s") % {"source": puzzle.source})
    return " · ".join(about)


def prompt_text(side, index, moves):
    """What the player is asked: the best move for `side`, the `index`th (from 0) of `moves`."""
    if moves == 1:
        return _("%(side)s to move: find the best move.") % {"side": side_word(side)}
    return _("%(side)s to move: find the best move (move %(number)d of %(count)d).") % {
        "side": side_word(side), "number": index + 1, "count": moves}


def second_of(step):
    """The best value among a step's other moves."""
    return max(value for move, value in step.values.items() if move != step.best)


def after(board, moves):
    """A copy of `board` with `moves` played."""
    after = board.copy()
    for move in moves:
        after.push(move)
    return after


def change_text(change):
    """' Rating +12.' after an answer that moved the rating, else ''."""
    return " " + _("Rating %(change)s.") % {"change": signed(change)} if change else ""
