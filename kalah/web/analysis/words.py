"""What the analysis board says about its values and its best line (pure Python: no DOM).

    values_words("South", exact=3, total=5, depth=12, rounds=60, budget=60, computer_moves=False)
    estimate_words("South", exact=0, total=5, depth=6, source="search")   # the page's first estimate
    line_words(board, [6, 1, 4], exact=False, proven=1)   # 'F-A d (the first move proven; ...)'
"""

from kalah.notation import move_text


def line_text(board, moves):
    """The best line in letters, a turn's moves joined with '-' as in the records: "F-A d E"."""
    board = board.copy()
    text, last = "", None
    for move in moves:
        if board.is_game_over() or not board.is_legal(move):
            break
        side = board.turn
        board.push(move)
        text += ("" if not text else "-" if side == last else " ") + move_text(side, move)
        last = side
    return text


def line_words(board, moves, exact, proven):
    """The line in letters, and how far it is proven."""
    text = line_text(board, moves)
    if not text:
        return ""
    if exact:
        return text + " (proven)"
    if proven:
        return text + " (the first %s proven; the rest as far as the computer sees)" % (
            "move" if proven == 1 else "%d moves" % proven)
    return text + " (as far as the computer sees)"


def _what_a_value_is(side):
    return "%s to move. A value is %s's final margin in seeds with best play from both sides: " % (side, side)


def values_words(side, exact, total, depth, rounds, budget, computer_moves):
    """The values' status line: what a value is, how many are proven, and whether the proofs go on,
    ended at their budget (a proof never stops without saying so) or wait for the computer's move."""
    words = _what_a_value_is(side)
    if exact == total:
        return words + "all proven exact."
    words += "%d of %d proven exact; \u201csearch\u201d is the computer's estimate%s. " % (
        exact, total, " (depth %s)" % depth if depth else "")
    if computer_moves:
        return words
    if rounds >= budget:
        return words + "The rest is not proven within the budget (%d round%s of proofs): keep proving?" % (
            budget, "" if budget == 1 else "s")
    return words + "Proving the rest\u2026"


def estimate_words(side, exact, total, depth, source):
    """The status line of the page's own first estimate (source "book" or "search"), shown until
    the computer's values replace it."""
    words = _what_a_value_is(side)
    if exact == total:
        return words + "all proven exact."
    found = ("from the opening book" if source == "book"
             else "by a depth %d search on this page" % depth)
    return words + "a first estimate %s (%d of %d proven exact); the computer refines it\u2026" % (
        found, exact, total)
