"""What the analysis board says about its values and its best line (pure Python: no DOM).

    values_words("South", exact=3, total=5, depth=12, rounds=60, budget=60, computer_moves=False)
    estimate_words("South", exact=0, total=5, depth=6, source="search")   # the page's first estimate
    line_words(board, [6, 1, 4], exact=False, proven=1)   # 'F-A d (the first move proven; ...)'
    line_steps(board, [6, 1, 4])                          # [(6, 'F', ''), (1, 'A', '-'), (4, 'd', ' ')]
    evaluation(board, values)                             # (8, True): South's margin, proven
    evaluation_words(8, True), bar_share(8)               # 'South ahead by 8 seeds (proven)', 72.2...
    computer_choices()                                    # [('level1', 'Level 1 (first steps)'), ...]
"""

from kalah.ai import player_registry
from kalah.game.notation import move_text
from kalah.game.rules import NORTH, SIDE_NAMES, SOUTH
from kalah.i18n import ngettext


def line_steps(board, moves):
    """The best line's moves as written: [(move, text, separator)], the separator before each move
    ("" first, "-" within a turn as in the records, " " between turns); up to its first move that
    is not legal there."""
    board = board.copy()
    steps, last = [], None
    for move in moves:
        if board.is_game_over() or not board.is_legal(move):
            break
        side = board.turn
        board.push(move)
        steps.append((move, move_text(side, move), "" if not steps else "-" if side == last else " "))
        last = side
    return steps


def line_text(board, moves):
    """The best line in letters, a turn's moves joined with '-' as in the records: "F-A d E"."""
    return "".join(separator + text for _, text, separator in line_steps(board, moves))


def line_note(exact, proven):
    """How far the line is proven, as said after it."""
    if exact:
        return "(proven)"
    if proven:
        return "(the first %s proven; the rest as far as the computer sees)" % (
            "move" if proven == 1 else "%d moves" % proven)
    return "(as far as the computer sees)"


def line_words(board, moves, exact, proven):
    """The line in letters, and how far it is proven."""
    text = line_text(board, moves)
    return text + " " + line_note(exact, proven) if text else ""


def evaluation(board, values):
    """(South's margin, exact) that the values shown promise: the best move's value from South's
    side (the game's result when it is over); None when no value is known."""
    if board.is_game_over():
        south, north = board.scores()
        return south - north, True
    if not values:
        return None
    best = max(values, key=lambda key: values[key]["value"])
    value = values[best]["value"]
    return (value if board.turn == SOUTH else -value), values[best]["exact"] is True


def bar_share(margin):
    """South's share of the evaluation bar, 0..100: half at an even game, nearer the end the larger
    the margin, never quite there (a margin of 10 seeds fills three quarters)."""
    return 50 + 50 * margin / (abs(margin) + 10)


def evaluation_words(margin, exact):
    """What the bar shows, in words: 'South ahead by 8 seeds (proven)'."""
    how = "proven" if exact else "the computer's estimate"
    if margin == 0:
        return "Even (%s)" % how
    seeds = abs(margin)
    return "%s ahead by %d seed%s (%s)" % (SIDE_NAMES[SOUTH if margin > 0 else NORTH], seeds,
                                         "" if seeds == 1 else "s", how)


def _what_a_value_is(side):
    return "%s to move. A value is %s's final margin in seeds with best play from both sides: " % (side, side)


def values_words(side, exact, total, depth, rounds, budget, computer_moves, stopped=False):
    """The values' status line: what a value is, how many are proven, and whether the proofs go on,
    ended at their budget or stopped by the user (a proof never stops without saying so) or wait
    for the computer's move. Their progress is counted in moves proven of the moves to value, what
    a reader can check on the list (rounds of proofs say nothing to a reader)."""
    words = _what_a_value_is(side)
    if exact == total:
        return words + "all proven exact."
    estimate = "\u201csearch\u201d is the computer's estimate%s. " % (" (depth %s)" % depth if depth else "")
    if computer_moves:
        return words + "%d of %d proven exact; " % (exact, total) + estimate
    proven = {"exact": exact, "total": total}
    if stopped:
        return words + estimate + ngettext(
            "Proving stopped with %(exact)d of %(total)d move proven: keep proving?",
            "Proving stopped with %(exact)d of %(total)d moves proven: keep proving?", total) % proven
    if rounds >= budget:
        return words + estimate + ngettext(
            "Proving paused at the end of its time, %(exact)d of %(total)d move proven: keep proving?",
            "Proving paused at the end of its time, %(exact)d of %(total)d moves proven: keep proving?",
            total) % proven
    return words + estimate + ngettext(
        "Proving the rest\u2026 %(exact)d of %(total)d move proven.",
        "Proving the rest\u2026 %(exact)d of %(total)d moves proven.", total) % proven


def computer_choices():
    """[(name, label)] of the computer players that play on here: every level, strength and all,
    and Perfect (kalah.ai.player_registry, as the play page lists them)."""
    choices = [(name, "%s (%s)" % (player_words(name), player_registry.LEVEL_STRENGTH[name][0]))
               for name in player_registry.LEVEL_NAMES]
    perfect = player_registry.PERFECT
    return choices + [(perfect, "%s (%s)" % (player_words(perfect), player_registry.TITLES[perfect]))]


def player_words(name):
    """'Level 3', 'Perfect': a computer player as the page names it."""
    return "Level " + name[len("level"):] if player_registry.kind_of(name) == player_registry.LEVEL else name[:1].upper() + name[1:]


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
