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

>>> results = [{"side": 0, "loss": 0, "mark": None}, {"side": 1, "loss": 3, "mark": "mistake"},
...            {"side": 0, "loss": 1, "mark": None}, {"side": 1, "loss": 0, "mark": None}]
>>> accuracy(results)
{0: (2, [1, 2, 2]), 1: (2, [1, 1, 1])}
>>> accuracy_cell(1, 2)
'50% (1 of 2)'
>>> marked_plies(results), marked_plies(results, side=0)
([1], [])
"""

from kalah.game.rules import NORTH, SIDE_NAMES, SOUTH

# The margins of accuracy, in seeds from the best move's value.
WITHIN = (0, 1, 2)


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
