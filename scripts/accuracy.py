#!/usr/bin/env python3
"""Move accuracy: how often the top level's move keeps the exact value.

    python3 scripts/accuracy.py --positions 300 --time 0.6 --max-seeds 48
    .venv/bin/python scripts/accuracy.py --browser --positions 300 --time 1 --max-seeds 36

Positions come from level 8's own games (against itself and levels 5..7,
seeded), taken once at most `--max-seeds` seeds are left in the houses.
The exact values come from the opening book, else the numba solver when
numba is installed (any number of seeds: `python -m kalah solve`'s means),
else the Python solver (keep --max-seeds near 22 then). Results by band of
seeds in houses. For each, the solver gives every
move's exact value; the top level then moves with `--time` seconds (with an
empty transposition table), and the move counts as accurate when its exact
value equals the best. Also the mean seeds lost per inaccurate move.

With --browser the top level moves in headless chromium's Pyodide worker,
asked as the play page asks it (kalah.ai.worker_api.choose_move); the
positions and the exact values still come from this CPython. The worker
keeps its transposition table from one position to the next, as in a game.
"""

import contextlib

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

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


def level8_here(seconds):
    """level 8's move under this CPython, from an empty transposition table."""
    def choose(board):
        search._searchers.clear()
        return players.get("level8").choose(board, time_limit=seconds)
    return choose


@contextlib.contextmanager
def level8_in_browser(seconds):
    """level 8's move from the Pyodide worker of headless chromium, as the play page asks for it."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from bench_browser_search import BrowserWorker
    from measure_startup import chromium_launch_options
    from playwright.sync_api import sync_playwright
    from serve import start_server
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            worker = BrowserWorker(browser, url)
            worker.start()

            def choose(board):
                args = {"position": board.position(), "player": "level8", "time": seconds}
                return worker.page.evaluate("(args) => callWorker('kalah.ai.worker_api:choose_move', args)",
                                            args)["move"]
            yield choose
            browser.close()
    finally:
        server.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--max-seeds", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true",
                        help="level 8 moves in headless chromium's Pyodide worker (the page's computer)")
    args = parser.parse_args()
    boards = game_positions(args.rules, args.positions, args.max_seeds, args.seed)
    if args.browser:
        with level8_in_browser(args.time) as choose:
            measure(args, boards, choose, "in the browser's Pyodide worker")
    else:
        measure(args, boards, level8_here(args.time), "under CPython")


def measure(args, boards, choose, where):
    accurate = 0
    lost = 0
    solve_seconds = 0.0
    bands = dict((name, [0, 0, 0]) for _, _, name in BANDS)   # positions, accurate, seeds lost
    for board in boards:
        started = time.time()
        values = exact_values(board)
        solve_seconds += time.time() - started
        move = choose(board)
        loss = max(values.values()) - values[move]
        accurate += loss == 0
        lost += loss
        m = board.rules.houses
        in_houses = sum(board.pits) - board.pits[m] - board.pits[2 * m + 1]
        name = [name for low, high, name in BANDS if low <= in_houses <= high][0]
        bands[name][0] += 1
        bands[name][1] += loss == 0
        bands[name][2] += loss
    print("%s: level8 at %gs/move %s kept the exact value in %d of %d positions (%.0f%%); "
          "mean loss %.2f seeds per position; solver %.2f s per position" % (
              args.rules, args.time, where, accurate, len(boards), 100.0 * accurate / len(boards),
              lost / len(boards), solve_seconds / len(boards)))
    for _, _, name in BANDS:
        count, good, seeds = bands[name]
        if count:
            print("  %s: %d/%d optimal, %d seeds lost" % (name, good, count, seeds))


if __name__ == "__main__":
    main()
