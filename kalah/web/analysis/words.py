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
from kalah.game.rules import NORTH, SOUTH
from kalah.i18n import _, ngettext, seeds_text, side_word


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
    return "".join(separator + text for _move, text, separator in line_steps(board, moves))


def line_note(exact, proven):
    """How far the line is proven, as said after it."""
    if exact:
        return _("(proven)")
    if proven == 1:
        return _("(the first move proven; the rest as far as the computer sees)")
    if proven:
        return ngettext("(the first %(count)d move proven; the rest as far as the computer sees)",
                        "(the first %(count)d moves proven; the rest as far as the computer sees)",
                        proven) % {"count": proven}
    return _("(as far as the computer sees)")


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
    if margin == 0:
        return _("Even (proven)") if exact else _("Even (the computer's estimate)")
    words = {"side": side_word(SOUTH if margin > 0 else NORTH), "seeds": seeds_text(abs(margin))}
    if exact:
        return _("%(side)s ahead by %(seeds)s (proven)") % words
    return _("%(side)s ahead by %(seeds)s (the computer's estimate)") % words


def _what_a_value_is(side):
    return _("%(side)s to move. A value is %(side)s's final margin in seeds with best play from both sides: ") % {
        "side": side}


def _how_many_proven(exact, total, depth):
    words = {"exact": exact, "total": total, "depth": depth}
    if depth:
        return ngettext("%(exact)d of %(total)d proven exact; \u201csearch\u201d is the computer's estimate "
                        "(depth %(depth)s). ",
                        "%(exact)d of %(total)d proven exact; \u201csearch\u201d is the computer's estimate "
                        "(depth %(depth)s). ", total) % words
    return ngettext("%(exact)d of %(total)d proven exact; \u201csearch\u201d is the computer's estimate. ",
                    "%(exact)d of %(total)d proven exact; \u201csearch\u201d is the computer's estimate. ",
                    total) % words


def _estimate(depth):
    if depth:
        return _("\u201csearch\u201d is the computer's estimate (depth %(depth)s). ") % {"depth": depth}
    return _("\u201csearch\u201d is the computer's estimate. ")


def values_words(side, exact, total, depth, rounds, budget, computer_moves, stopped=False):
    """The values' status line: what a value is, how many are proven, and whether the proofs go on,
    ended at their budget or stopped by the user (a proof never stops without saying so) or wait
    for the computer's move. Their progress is counted in moves proven of the moves to value, what
    a reader can check on the list (rounds of proofs say nothing to a reader)."""
    words = _what_a_value_is(side)
    if exact == total:
        return words + _("all proven exact.")
    if computer_moves:
        return words + _how_many_proven(exact, total, depth)
    words += _estimate(depth)
    proven = {"exact": exact, "total": total}
    if stopped:
        return words + ngettext(
            "Proving stopped with %(exact)d of %(total)d move proven: keep proving?",
            "Proving stopped with %(exact)d of %(total)d moves proven: keep proving?", total) % proven
    if rounds >= budget:
        return words + ngettext(
            "Proving paused at the end of its time, %(exact)d of %(total)d move proven: keep proving?",
            "Proving paused at the end of its time, %(exact)d of %(total)d moves proven: keep proving?",
            total) % proven
    return words + ngettext(
        "Proving the rest\u2026 %(exact)d of %(total)d move proven.",
        "Proving the rest\u2026 %(exact)d of %(total)d moves proven.", total) % proven


def computer_choices():
    """[(name, label)] of the computer players that play on here: every level, strength and all,
    and Perfect (kalah.ai.player_registry, as the play page lists them). The strength words are
    the registry's English (not marked yet: docs/translating.md)."""
    choices = [(name, _("%(player)s (%(strength)s)") % {
        "player": player_words(name), "strength": player_registry.LEVEL_STRENGTH[name][0]})
        for name in player_registry.LEVEL_NAMES]
    perfect = player_registry.PERFECT
    return choices + [(perfect, _("%(player)s (%(strength)s)") % {
        "player": player_words(perfect), "strength": _("perfect play")})]


def player_words(name):
    """'Level 3', 'Perfect': a computer player as the page names it."""
    if player_registry.kind_of(name) == player_registry.LEVEL:
        return _("Level %(level)s") % {"level": name[len("level"):]}
    return _("Perfect") if name == player_registry.PERFECT else name


def estimate_words(side, exact, total, depth, source):
    """The status line of the page's own first estimate (source "book" or "search"), shown until
    the computer's values replace it."""
    words = _what_a_value_is(side)
    if exact == total:
        return words + _("all proven exact.")
    counts = {"exact": exact, "total": total, "depth": depth}
    if source == "book":
        return words + ngettext(
            "a first estimate from the opening book (%(exact)d of %(total)d proven exact); "
            "the computer refines it\u2026",
            "a first estimate from the opening book (%(exact)d of %(total)d proven exact); "
            "the computer refines it\u2026",
            total) % counts
    return words + ngettext(
        "a first estimate by a depth %(depth)d search on this page (%(exact)d of %(total)d proven exact); "
        "the computer refines it\u2026",
        "a first estimate by a depth %(depth)d search on this page (%(exact)d of %(total)d proven exact); "
        "the computer refines it\u2026", total) % counts
