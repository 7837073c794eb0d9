"""The numba solver's prover for building a puzzle set (`python -m kalah build-puzzles`).

    python -m kalah build-puzzles --rules kalah(6,4) [--games 400] [--count 600]

The set is made by kalah/study/puzzle_maker.py (`build_text`: the games, the
positions, the one rule a position becomes a puzzle by, the choice and the
file); this is how it proves each position's moves: the opening book, else
the numba solver up to --max-seeds seeds in the houses (seconds at most).
"""

from kalah.ai.solve import ExactValues


class Prover(ExactValues):
    """Exact move values where they come cheap: the opening book, else the numba solver
    up to `max_seeds` seeds in the houses (seconds at most); None beyond."""

    def __init__(self, rules, max_seeds):
        from kalah import solver
        ExactValues.__init__(self, max_seeds)
        self.rules = rules
        self.solver = solver.solver_for(rules, max_seeds, verbose=False)

    def prove(self, board):
        return self.solver.move_values(board)
