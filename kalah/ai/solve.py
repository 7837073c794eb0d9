"""Perfect play: the exact value of a position and of each legal move.

    >>> from kalah import Board
    >>> found = solve(Board("kalah(3,2)"))
    >>> found["value"], found["best"], sorted(found["values"].items())
    (4, [2], [(1, -8), (2, 4), (3, 0)])

The value is the mover's final store minus the opponent's, all seeds
counted, with perfect play by both. The search of `kalah.ai.search` runs
without a time limit until every root value is proven (iterative deepening
gives it the move ordering; the seed-count bounds, the table's proven
entries and the endgame database make the proof end), or, for a Kalah
position with few seeds left and an endgame table, kalah.ai.proof.
The quickest way to the same values, the opening book or the numba solver
where they apply, is `kalah.cli.solve.exact_values`: above this layer, since
the numba solver (kalah.solver) stands on it. Also `brute_force`, plain
minimax over the game tree, for the tests on small boards.
"""

from kalah.ai.search import analyse, book_analysis
from kalah.errors import KalahError
from kalah.game.rules import SWAP


def solve(board, progress=None, should_stop=None):
    """{"value": V, "best": [moves], "values": {move: V}} for the side to move.

    With the pie rule, SWAP (0) appears among the moves when it is offered,
    and the first player's first turn counts on the opponent swapping
    whenever that pays.
    """
    if board.turn is None:
        raise KalahError("the game is over: there is nothing to solve")
    result = analyse(board, time_limit=None, progress=progress, should_stop=should_stop)
    if not all(result.exact_values.values()):
        raise KalahError("the solver was stopped before it proved every value")
    return verdict(dict(result.values))


def verdict(values):
    """{"value": V, "best": [moves], "values": values} from {move: exact value}:
    the position's value and every move that reaches it."""
    best_value = max(values.values())
    best = sorted(move for move, value in values.items() if value == best_value)
    return {"value": best_value, "best": best, "values": values}


class ExactValues:
    """Exact move values where they come cheap: the opening book, else `prove` (here the
    search run to a proof: the endgame table and kalah.ai.proof) up to `max_seeds` seeds
    in the houses; None beyond. A prover for the puzzles (kalah/study/puzzle_maker.py), whose
    offline builder proves with the numba solver instead (kalah/solver/puzzles.py)."""

    def __init__(self, max_seeds):
        self.max_seeds = max_seeds

    def values(self, board):
        """{move: exact final margin for the mover}, or None beyond max_seeds seeds."""
        found = book_analysis(board, exact_only=True)
        if found is not None:
            return dict(found.values)
        if board.rules.houses_seeds(board.pits) > self.max_seeds:
            return None
        return self.prove(board)

    def prove(self, board):
        return dict(solve(board)["values"])


def brute_force(board):
    """Plain minimax to the end of the game, no pruning: the reference for tests.

    Memoised on the position text (which holds the side to move, the move
    clock and the pie rule's state), so it stays exact for every rule set.
    """
    return max(brute_force_values(board).values())


def brute_force_values(board, memo=None):
    """{move: exact value} for the side to move, by plain minimax."""
    if board.turn is None:
        raise KalahError("the game is over")
    memo = {} if memo is None else memo
    return {move: _move_value(board, move, memo) for move in board.legal_moves}


def _move_value(board, move, memo):
    side = board.turn
    board.push(move)
    try:
        if board.turn is None:
            south, north = board.scores()
            value = south - north if side == 0 else north - south
        else:
            key = board.position()
            if key not in memo:
                memo[key] = max(_move_value(board, reply, memo) for reply in board.legal_moves)
            value = memo[key]
            # The swap exchanges seats, so the same side to move is now the opponent.
            if board.turn != side or move == SWAP:
                value = -value
    finally:
        board.pop()
    return value
