#!/usr/bin/env python3
"""The numba solver against the plain Python search, proving the same positions.

    python3 -m scripts.bench.bench_solver [--positions 8] [--seeds 24] [--json]
    python3 -m scripts.bench.bench_solver --start "kalah(6,4)"    # the proof from the start

Both prove every move's exact value of the same Kalah(6,4) positions (the
first position of seeded random games with at most --seeds seeds in the
houses), each standing on the shipped endgame table, and must agree.
Times are CPU seconds of this process (the machine is shared). Node counts
differ in what they count (the solver: positions expanded; the search:
positions expanded and leaves scored), so the time ratio is the figure.
"""

import argparse
import json
import os
import random
import sys
import time

from kalah.ai import search
from kalah.ai.solve import solve
from kalah.game.board import Board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


try:
    import numba  # noqa: F401  (without it the solver runs uncompiled and the figure means nothing)
except ImportError:
    sys.exit("bench_solver: numba is not installed here: run it with .venv/bin/python (./scripts/test installs it)")


def positions(count, max_seeds, seed=11):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board("kalah(6,4)")
        while board.turn is not None:
            if sum(board.pits) - board.pits[6] - board.pits[13] <= max_seeds:
                found.append(board.position())
                break
            board.push(rng.choice(board.legal_moves))
    return found


def prove_start(name):
    from kalah.solver import Solver
    started = time.process_time()
    solver = Solver(name, verbose=True)
    ready = time.process_time()
    values = solver.move_values(Board(name))
    done = time.process_time()
    return {"rules": name, "values": values, "value": max(values.values()),
            "table_cpu_s": round(ready - started, 1), "solve_cpu_s": round(done - ready, 1),
            "nodes": solver.nodes, "nodes_per_cpu_s": round(solver.nodes / max(done - ready, 1e-9))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=24)
    parser.add_argument("--start", help="prove this rule set from the start instead (20-seed table)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.start:
        print(json.dumps(prove_start(args.start)))
        return
    from kalah.solver import solver_for
    boards = [Board(position=p) for p in positions(args.positions, args.seeds)]
    solver = solver_for("kalah(6,4)", args.seeds)
    solver.move_values(boards[0])          # compile before timing
    solver = solver_for("kalah(6,4)", args.seeds)
    started = time.process_time()
    fast = [solver.move_values(board) for board in boards]
    fast_time = time.process_time() - started
    fast_nodes = solver.nodes
    python_nodes = 0
    started = time.process_time()
    plain = []
    for board in boards:
        search._searchers.clear()
        plain.append(solve(board)["values"])
        python_nodes += search.searcher(board.rules).nodes
    plain_time = time.process_time() - started
    assert fast == plain, "the solver and the search disagree"
    result = {"positions": len(boards), "max_seeds": args.seeds,
              "numba_cpu_s": round(fast_time, 2), "numba_nodes": fast_nodes,
              "numba_nodes_per_s": round(fast_nodes / max(fast_time, 1e-9)),
              "python_cpu_s": round(plain_time, 2), "python_nodes": python_nodes,
              "python_nodes_per_s": round(python_nodes / max(plain_time, 1e-9)),
              "speedup": round(plain_time / max(fast_time, 1e-9), 1)}
    print(json.dumps(result) if args.json else "\n".join("%s: %s" % item for item in result.items()))


if __name__ == "__main__":
    main()
