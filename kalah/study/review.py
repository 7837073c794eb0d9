"""What a game's review teaches: each side's accuracy, the mistakes, and a player's own mistakes.

Plain Python (CPython and the page's MicroPython). It reads the answers the
review collects from the worker's `review_move` (kalah.ai.worker_api), one a
move played: {"side", "move", "best", "best_value", "played_value", "loss",
"mark", ...}, values being the mover's final margin in seeds with best play,
`loss` the seeds the move gave away against the best move there.

Accuracy is counted as Lichess counts it for chess, in the game's own unit:
the share of a side's moves within 0, 1 and 2 seeds of the best move (a
forced move counts, as it was played). A "mistake" here is any marked move
(inaccuracy, mistake or blunder, kalah.ai.worker_api.classify).

`Review` is one game under review, whichever page shows it (the play page's
panel and the replay's, kalah/web/common/review_panel.py): its positions, the
answers as they come, and every sentence about them (the move list, the
mistakes, the captions, the summary).

>>> results = [{"side": 0, "loss": 0, "mark": None}, {"side": 1, "loss": 3, "mark": "mistake"},
...            {"side": 0, "loss": 1, "mark": None}, {"side": 1, "loss": 0, "mark": None}]
>>> accuracy(results)
{0: (2, [1, 2, 2]), 1: (2, [1, 1, 1])}
>>> accuracy_cell(1, 2)
'50% (1 of 2)'
>>> marked_plies(results), marked_plies(results, side=0)
([1], [])
"""

from kalah.game.board import Board
from kalah.game.notation import move_text, signed
from kalah.game.rules import NORTH, SOUTH
from kalah.i18n import N_, _, ngettext, seeds_text, side_word

# The margins of accuracy, in seeds from the best move's value.
WITHIN = (0, 1, 2)

MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
MARK_ORDER = ("inaccuracy", "mistake", "blunder")
# Each mark's name in the move list (after its sign), and in a sentence about the move.
MARK_NAMES = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
MARK_SENTENCES = {
    "inaccuracy": N_("An inaccuracy: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
    "mistake": N_("A mistake: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
    "blunder": N_("A blunder: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
}
# Each mistake's line in the list of mistakes, by its mark.
MISTAKE_LINES = {
    "inaccuracy": N_("Move %(number)d, %(side)s %(move)s: an inaccuracy, %(seeds)s given away; better %(best)s"),
    "mistake": N_("Move %(number)d, %(side)s %(move)s: a mistake, %(seeds)s given away; better %(best)s"),
    "blunder": N_("Move %(number)d, %(side)s %(move)s: a blunder, %(seeds)s given away; better %(best)s"),
}


def percent(count, total):
    """count / total as a whole percentage, halves rounded up (integers only, the same on every host)."""
    return (200 * count + total) // (2 * total) if total else 0


def accuracy(results):
    """{side: (moves, [moves within WITHIN[i] seeds of the best])} for each side that moved."""
    table = {}
    for result in results:
        moves, counts = table.get(result["side"], (0, [0] * len(WITHIN)))
        for index, margin in enumerate(WITHIN):
            if result["loss"] <= margin:
                counts[index] += 1
        table[result["side"]] = (moves + 1, counts)
    return table


def accuracy_cell(count, moves):
    """One share as the review's table shows it: '58% (7 of 12)'."""
    return "%d%% (%d of %d)" % (percent(count, moves), count, moves)


def marked_plies(results, side=None):
    """The plies (0-based) of the marked moves, of one side or of both."""
    return [ply for ply, result in enumerate(results)
            if result.get("mark") and (side is None or result["side"] == side)]


def people_sides(players):
    """The sides a person played, from a game's players ("human" or a computer's name; None
    where an imported game does not say, taken as a person)."""
    return [side for side in (SOUTH, NORTH) if players[side] in (None, "human")]


def mark_count(count, mark):
    """'1 inaccuracy', '0 mistakes', '2 blunders', in the page's language (its plural forms)."""
    if mark == "inaccuracy":
        text = ngettext("%(count)d inaccuracy", "%(count)d inaccuracies", count)
    elif mark == "mistake":
        text = ngettext("%(count)d mistake", "%(count)d mistakes", count)
    else:
        text = ngettext("%(count)d blunder", "%(count)d blunders", count)
    return text % {"count": count}


class Review:
    """A game under review: its positions and, one by one, the worker's answers."""

    def __init__(self, board, moves):
        self.rules = board.rules
        self.start = board.start_position()
        self.moves = list(moves)
        self.final = board.scores() if board.is_game_over() else None
        replay = Board(position=self.start)
        self.positions = []
        self.sides = []
        for move in self.moves:
            self.positions.append(replay.position())
            self.sides.append(replay.turn)
            replay.push(move)
        self.results = []

    def series(self):
        """South's value before each move, then the final margin."""
        values = [result["south_value"] for result in self.results]
        if self.final is not None:
            values.append(self.final[0] - self.final[1])
        return values

    def board_at(self, ply):
        board = Board(position=self.start)
        for move in self.moves[:ply]:
            board.push(move)
        return board

    def last_move(self, ply):
        if ply == 0:
            return None
        return self.sides[ply - 1], self.moves[ply - 1]

    def for_south(self, ply, value):
        """A value of the mover at `ply` as South's value, as the chart shows it."""
        return value if self.sides[ply] == SOUTH else -value

    def describe(self, ply):
        """One line of the move list, e.g. '12. South C +3? mistake (best E +7)'.

        Values are South's, like the chart (as Lichess shows White's).
        """
        result = self.results[ply]
        side = self.sides[ply]
        text = "%d. %s %s %s" % (ply + 1, side_word(side), move_text(side, result["move"]),
                                 signed(self.for_south(ply, result["played_value"])))
        mark = result.get("mark")
        if mark:
            text += "%s %s " % (MARK_SIGNS[mark], _(MARK_NAMES[mark])) + _("(best %(move)s %(value)s)") % {
                "move": move_text(side, result["best"]), "value": signed(self.for_south(ply, result["best_value"]))}
        return text

    def mistake_line(self, ply):
        """One line of the list of mistakes, e.g. 'Move 12, South C: a mistake, 3 seeds given away; better E'."""
        result = self.results[ply]
        side = self.sides[ply]
        return _(MISTAKE_LINES[result["mark"]]) % {
            "number": ply + 1, "side": side_word(side), "move": move_text(side, result["move"]),
            "seeds": seeds_text(result["loss"]), "best": move_text(side, result["best"])}

    def caption(self, ply):
        if ply >= len(self.moves):
            if self.final is None:
                return _("The position after the last move.")
            return _("The end: South %(south)d, North %(north)d.") % {"south": self.final[0], "north": self.final[1]}
        result = self.results[ply]
        side = self.sides[ply]
        text = _("Move %(move)d: %(player)s played %(played)s; value for South after it: %(value)s") % {
            "move": ply + 1, "player": side_word(side), "played": move_text(side, result["move"]),
            "value": signed(self.for_south(ply, result["played_value"]))}
        if result.get("mark"):
            text += ". " + _(MARK_SENTENCES[result["mark"]]) % {
                "player": side_word(side), "seeds": seeds_text(result["loss"]),
                "best": move_text(side, result["best"]), "value": signed(self.for_south(ply, result["best_value"]))}
        else:
            text += _("; no better move found.")
        return text

    def summary(self):
        """Marks per side, e.g. 'South: 1 inaccuracy, 0 mistakes, 0 blunders. North: ...'."""
        parts = []
        for side in (SOUTH, 1 - SOUTH):
            counts = dict((mark, 0) for mark in MARK_ORDER)
            for ply, result in enumerate(self.results):
                if self.sides[ply] == side and result.get("mark"):
                    counts[result["mark"]] += 1
            parts.append("%s: %s." % (side_word(side), _(", ").join(
                mark_count(counts[mark], mark) for mark in MARK_ORDER)))
        return " ".join(parts)
