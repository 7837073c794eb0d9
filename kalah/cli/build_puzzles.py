"""`python -m kalah build-puzzles`: the puzzle set of a Kalah rule set.

    python -m kalah build-puzzles --rules kalah(6,4) [--games 400] [--count 600] [--seed 1]
    (writes static/data/puzzles-kalah6-4.json)

Positions from seeded games of the computer's levels and the reference
players, each move proven by the numba solver (kalah.solver); see
kalah/study/puzzle_maker.py. The same options give the same bytes.
"""

import os
import sys
import time

from kalah.output import write_file
from kalah.errors import KalahError
from kalah.game.rules import NUMBA_SOLVER, find_rules


def add_arguments(parser):
    parser.add_argument("--rules", default="kalah(6,4)", help="a Kalah rule set (default kalah(6,4))")
    parser.add_argument("--games", type=int, default=400, help="games to take positions from (default 400)")
    parser.add_argument("--count", type=int, default=600, help="puzzles to keep at most (default 600)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the games' players (default 1)")
    parser.add_argument("--max-seeds", type=int, default=30,
                        help="positions with at most this many seeds in the houses, or in the book (default 30)")
    parser.add_argument("--out", default=None, help="the file to write (default static/data/puzzles-RULES.json)")


def run(args):
    from kalah.study import puzzles
    from kalah.ai import endgame
    from kalah.study.puzzle_maker import build_text
    try:
        import kalah.solver  # noqa: F401 (build_text proves with it: fail here, before any game)
    except ImportError as error:
        raise KalahError("build-puzzles needs numpy and numba (requirements-dev.txt): %s" % error)
    rules = find_rules(args.rules)
    why = rules.why_not_modelled(NUMBA_SOLVER)
    if why is not None:
        raise KalahError("no puzzles for %s: the solver that proves them %s" % (rules.name, why))
    if not 1 <= args.games <= 100000 or not 1 <= args.count <= 100000:
        raise KalahError("--games and --count must be 1..100000")
    if not 0 <= args.max_seeds <= 30:
        raise KalahError("--max-seeds must be 0..30 (beyond, a proof takes minutes), not %d" % args.max_seeds)
    out = args.out or os.path.join(endgame.DATA_DIR, puzzles.file_name(rules))
    started = time.time()
    text, found = build_text(rules, args.games, args.count, args.seed, args.max_seeds)
    write_file(out, text.encode("utf-8"))
    kept = puzzles.PuzzleSet(text, out)
    print("%s: %d puzzles kept of %d found in %d games, %d bytes in %s, %.0f s" % (
        rules.name, len(kept), found, args.games, len(text.encode("utf-8")), out, time.time() - started),
        file=sys.stderr)
    return 0
