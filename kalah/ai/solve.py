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
`exact_values` takes the quickest way to the same values: the opening book,
the numba solver where it is installed (`numba_solver`), else `solve`.
Also `brute_force`, plain minimax over the game tree, for the tests on
small boards.
"""

from kalah.ai.search import analyse
from kalah.errors import KalahError
from kalah.rules import SWAP


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


def exact_values(board, solvers=None):
    """{move: exact final margin for the mover}, by the fastest means at hand:
    the opening book where it proved every value, else the numba solver
    (kalah.solver) where it is installed and plays the rules, else `solve`
    (`python -m kalah solve`).

    solvers: a dict that keeps the numba solvers from call to call (their
    tables and what they proved: a game's positions share most of their
    work), for a caller solving many positions; about 0.4 GB a solver."""
    from kalah.ai.search import book_analysis
    found = book_analysis(board, exact_only=True)
    if found is not None:
        return found.values
    solver = numba_solver(board.rules)
    if solver is not None:
        from kalah.puzzles import houses_seeds
        return solver.solver_for(board.rules, houses_seeds(board), solvers=solvers).move_values(board)
    return solve(board)["values"]


def numba_solver(rules):
    """The numba solver (the kalah.solver package) when numpy and numba are
    installed and it plays `rules`, else None: the plain Python ways then."""
    try:
        from kalah import solver
    except ImportError:
        return None
    return solver if solver.supports(rules) else None


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
