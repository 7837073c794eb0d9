#!/usr/bin/env python3
"""Move accuracy: how often the top level's move keeps the exact value.

    python3 scripts/accuracy.py --positions 300 --time 0.6 --max-seeds 48

Positions come from level 8's own games (against itself and levels 5..7,
seeded), taken once at most `--max-seeds` seeds are left in the houses.
The exact values come from the opening book, else the numba solver when
numba is installed (any number of seeds: `python -m kalah solve`'s means),
else the Python solver (keep --max-seeds near 22 then). Results by band of
seeds in houses. For each, the solver gives every
move's exact value; the top level then moves with `--time` seconds (with an
empty transposition table), and the move counts as accurate when its exact
value equals the best. Also the mean seeds lost per inaccurate move.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kalah import Board  # noqa: E402
from kalah.ai import players, search  # noqa: E402
from kalah.cli.solve import exact_values  # noqa: E402

BANDS = ((0, 22, "endgame (0-22)"), (23, 36, "middle (23-36)"), (37, 99, "opening (37+)"))


def game_positions(rules, count, max_seeds, seed):
    """Positions from games between levels, once few enough seeds are left."""
    names = ["level8", "level5", "level6", "level7"]
    found = []
    game = 0
    while len(found) < count:
        opponent = players.get(names[game % len(names)], seed=seed + game)
        level8 = players.get("level8")
        south, north = (level8, opponent) if game % 2 == 0 else (opponent, level8)
        board = Board(rules)
        taken = 0
        while board.turn is not None and taken < 3:
            m = board.rules.houses
            in_houses = sum(board.pits[:m]) + sum(board.pits[m + 1:2 * m + 1])
            if in_houses <= max_seeds and len(board.legal_moves) > 1 and board.ply() % 3 == 0:
                found.append(board.copy())
                taken += 1
            player = south if board.turn == 0 else north
            board.push(player.choose(board, time_limit=0.05))
        game += 1
    return found[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--max-seeds", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    accurate = 0
    lost = 0
    solve_seconds = 0.0
    bands = dict((name, [0, 0, 0]) for _, _, name in BANDS)   # positions, accurate, seeds lost
    boards = game_positions(args.rules, args.positions, args.max_seeds, args.seed)
    for board in boards:
        started = time.time()
        values = exact_values(board)
        solve_seconds += time.time() - started
        search._searchers.clear()  # the top level starts from an empty table
        move = players.get("level8").choose(board, time_limit=args.time)
        loss = max(values.values()) - values[move]
        accurate += loss == 0
        lost += loss
        m = board.rules.houses
        in_houses = sum(board.pits) - board.pits[m] - board.pits[2 * m + 1]
        name = [name for low, high, name in BANDS if low <= in_houses <= high][0]
        bands[name][0] += 1
        bands[name][1] += loss == 0
        bands[name][2] += loss
    print("%s: level8 at %gs/move kept the exact value in %d of %d positions (%.0f%%); "
          "mean loss %.2f seeds per position; solver %.2f s per position" % (
              args.rules, args.time, accurate, len(boards), 100.0 * accurate / len(boards),
              lost / len(boards), solve_seconds / len(boards)))
    for _, _, name in BANDS:
        count, good, seeds = bands[name]
        if count:
            print("  %s: %d/%d optimal, %d seeds lost" % (name, good, count, seeds))


if __name__ == "__main__":
    main()
