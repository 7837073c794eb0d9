"""Training the search's evaluation (kalah.ai.evaluation) on exact values, offline.

    .venv/bin/python -m kalah.solver.train_evaluation --seed 2 --positions 20000 --ridge 10 \
        --data /tmp/evaluation-data.npz        # kalah/ai/evaluation.py's WEIGHTS, in about two minutes
    .venv/bin/python -m kalah.solver.train_evaluation --rules "kalah(6,4)+empty-capture" --seed 2 \
        --positions 20000 --ridge 10        # its WEIGHTS_EMPTY_CAPTURE, in about a minute

1. Positions: Kalah(6,4) games (`--rules`: a rule set of evaluation.TRAINED) between the random player and levels 1-5
   (seeded), each position taken with probability 1/4, distinct by their
   houses: `--positions` with at most 36 seeds in the houses (the solver's
   milliseconds), `--opening-positions` with 37-44, where the opening's
   searches evaluate (none by default: about 2 s each on a quiet core, a
   minute under heavy load).
2. Exact values: the numba solver (one Solver, on the 20-seed endgame table
   in the cache folder) gives the seeds the mover will still store minus the
   opponent's. That is the final margin minus the store difference now:
   what the store difference, the plain evaluation, misses.
3. Fit: least squares with a little ridge over kalah.ai.evaluation's
   features, weights rounded to the module's integer scale; printed as the
   WEIGHTS block to paste into kalah/ai/evaluation.py, with the fit's error
   against the store difference alone (on held-out positions). The count
   table's columns for one house sum to 1 with each other, so the ridge
   also picks how a house's value splits between its straight line and its
   table (the sum, which the search uses, is what the data fix).

`--data` keeps the solved positions (houses, value) so that a refit with
other features (`--fit-only`) costs no solving. Cost: docs/performance.md (the log: docs/performance-log.md).
"""

import argparse
import os
import random
import time

import numpy as np

from kalah import Board
from kalah.ai import evaluation, players
from kalah.game.rules import NORTH

RULES = "kalah(6,4)"
NAMES = ["random", "level1", "level2", "level3", "level4", "level5"]


def game_houses(count, max_seeds, seed, min_seeds=0, rules=RULES):
    """`count` distinct house tuples (mover's row first) from seeded games between weak players."""
    rng = random.Random(seed)
    found = {}
    game = 0
    while len(found) < count:
        sides = [players.get(rng.choice(NAMES), seed=seed * 100003 + 2 * game + side) for side in (0, 1)]
        board = Board(rules)
        while board.turn is not None and len(found) < count:
            m = board.rules.houses
            pits = list(board.pits)
            if board.turn == NORTH:
                pits = pits[m + 1:] + pits[:m + 1]
            houses = tuple(pits[:m] + pits[m + 1:2 * m + 1])
            if min_seeds <= sum(houses) <= max_seeds and rng.random() < 0.25:
                found.setdefault(houses, None)
            board.push(sides[board.turn].choose(board, time_limit=10.0))  # depth-limited: fast
        game += 1
    return list(found)


def solve(houses_list, verbose=True, rules=RULES):
    """The exact future margin of each (mover first), by one numba Solver."""
    from kalah.solver import Solver
    solver = Solver(rules)
    values = []
    started = time.time()
    for i, houses in enumerate(houses_list):
        values.append(solver.value(list(houses)))
        if verbose and (i + 1) % 250 == 0:
            print("  solved %d/%d in %.0f s" % (i + 1, len(houses_list), time.time() - started), flush=True)
    return values


def as_pits(houses):
    """12 house counts (mover first) as the search's 14 pits, stores empty."""
    m = len(houses) // 2
    return tuple(houses[:m]) + (0,) + tuple(houses[m:]) + (0,)


def fit(houses, values, ridge=1.0, seed=1):
    """(integer weights, report lines): least squares of the features on the values."""
    x = np.array([evaluation.features(as_pits(h)) for h in houses], float)
    y = np.array(values, float)
    order = np.random.RandomState(seed).permutation(len(y))
    test, train = order[:len(y) // 5], order[len(y) // 5:]
    a = x[train]
    w = np.linalg.solve(a.T @ a + ridge * np.eye(a.shape[1]), a.T @ y[train])
    weights = [int(round(v * evaluation.ONE)) for v in w]
    predicted = x[test] @ np.array(weights, float) / evaluation.ONE
    lines = [
        "%d positions (%d to fit, %d held out), seeds in houses %d-%d" % (
            len(y), len(train), len(test), min(map(sum, houses)), max(map(sum, houses))),
        "held out: mean |error| %.2f seeds with the store difference alone, %.2f with the features" % (
            np.abs(y[test]).mean(), np.abs(y[test] - predicted).mean()),
    ] + weights_source(weights).splitlines()
    return weights, lines


def weights_source(weights):
    """WEIGHTS as kalah/ai/evaluation.py writes it: the 15 features before the table, then a row of the
    count table per house (the mover's six, then the opponent's)."""
    row = evaluation.CAP + 1
    table = evaluation.TABLE_AT
    lines = ["WEIGHTS = (",
             "    %s,   # seeds per house, captures, the move" % ", ".join(str(v) for v in weights[:table])]
    for house in range(2 * evaluation.M):
        first = table + house * row
        lines.append("    %s,   # %s house %d holds 0..%d+" % (
            ", ".join(str(v) for v in weights[first:first + row]),
            "own" if house < evaluation.M else "their", house % evaluation.M + 1, evaluation.CAP))
    lines.append(")")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default=RULES, help="a rule set of evaluation.TRAINED (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=12000)
    parser.add_argument("--opening-positions", type=int, default=0)
    parser.add_argument("--data", default=None, help="an .npz to keep (or read, with --fit-only) the solved positions")
    parser.add_argument("--fit-only", action="store_true")
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    if args.fit_only:
        saved = np.load(args.data)
        houses, values = [tuple(int(v) for v in h) for h in saved["houses"]], [int(v) for v in saved["values"]]
    else:
        started = time.time()
        houses = game_houses(args.positions, 36, args.seed, rules=args.rules)
        houses += game_houses(args.opening_positions, 44, args.seed + 1, min_seeds=37, rules=args.rules)
        print("%d positions from games in %.0f s" % (len(houses), time.time() - started), flush=True)
        started = time.time()
        values = solve(houses, rules=args.rules)
        print("solved in %.0f s" % (time.time() - started), flush=True)
        if args.data:
            np.savez(args.data, houses=np.array(houses, np.int8), values=np.array(values, np.int16))
    for line in fit(houses, values, args.ridge, args.seed)[1]:
        print(line)


if __name__ == "__main__":
    main()
