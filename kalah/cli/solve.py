"""`python -m kalah solve`: the exact value of a position under perfect play.

    python -m kalah solve --rules kalah(4,3) --json
    python -m kalah solve --position 'kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S' --json
    {"value": V, "best": [houses], "values": {"1": V1, ...}}

V is the mover's final store minus the opponent's, all seeds counted.
With the pie rule, the swap appears as move "0" when it is offered.

Kalah positions are looked up in the opening book (where it proved every
value), else proven by the numba solver (kalah.solver) when numba is
installed: seconds with up to 30 seeds in the houses; beyond, it stands on a 20-seed endgame table built
once into the cache folder (minutes) and reports its progress on stderr.
Other rule sets (and machines without numba) use kalah.ai.solve's search
(all three: `exact_values`, which the benchmarks use too).
"""

import json
import time

from kalah.ai.search import book_analysis
from kalah.ai.solve import solve, verdict
from kalah.cli.bestmove import add_position_arguments, board_from_args


def exact_values(board, solvers=None):
    """{move: exact final margin for the mover}, by the fastest means at hand:
    the opening book where it proved every value, else the numba solver
    (kalah.solver) where it is installed and models the rules, else
    kalah.ai.solve's `solve`.

    solvers: a dict that keeps the numba solvers from call to call (their
    tables and what they proved: a game's positions share most of their
    work), for a caller solving many positions; about 0.4 GB a solver."""
    found = book_analysis(board, exact_only=True)
    if found is not None:
        return found.values
    solver = numba_solver(board.rules)
    if solver is not None:
        seeds = board.rules.houses_seeds(board.pits)
        return solver.solver_for(board.rules, seeds, solvers=solvers).move_values(board)
    return solve(board)["values"]


def numba_solver(rules):
    """The numba solver (the kalah.solver package) when numpy and numba are
    installed and it models `rules`, else None: the plain Python ways then."""
    try:
        from kalah import solver
    except ImportError:
        return None
    return solver if solver.supports(rules) else None


def add_arguments(parser):
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    board = board_from_args(args)
    started = time.time()
    found = verdict(exact_values(board))
    best_value, best = found["value"], found["best"]
    values = {str(move): value for move, value in sorted(found["values"].items())}
    if args.json:
        print(json.dumps({"value": best_value, "best": best, "values": values}))
    else:
        print("%s: value %+d, best %s (%.1f s)" % (
            board.position(), best_value, ", ".join(str(m) for m in best), time.time() - started))
        for move, value in values.items():
            print("  %s: %+d" % (move, value))
    return 0
