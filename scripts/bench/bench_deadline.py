#!/usr/bin/env python3
"""How far past its time limit a level-8 move runs (wall clock), under CPython.

    python3 -m scripts.bench.bench_deadline [--time 1] [--moves 40] [--baseline /path/to/other/checkout]

Plays level 8 against itself from the Kalah(6,4) start and a few two-ply
openings, timing every `search.analyse` call (the endgame table loaded
beforehand, as in a game). With --baseline, the same moves are timed with
another checkout's engine in the same run, for comparison.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MEASURE = r'''
import json, sys, time
from kalah import Board
from kalah.ai import search, endgame
limit, count = %(time)r, %(moves)d
openings = ["", "1,1", "2,3", "4,2", "6,5", "5,6"]
over = []
for rules in ("kalah(6,4)", "kalah(6,4)+empty-capture"):
    endgame.table_for(rules)
    for opening in openings:
        board = Board(rules)
        for move in [m for m in opening.split(",") if m]:
            board.push(move)
        while board.turn is not None and len(over) < count:
            started = time.time()
            analysis = search.analyse(board, limit, all_values=False)
            over.append(time.time() - started - limit)
            board.push(analysis.move)
        if len(over) >= count:
            break
    if len(over) >= count:
        break
over.sort()
print(json.dumps({"moves": len(over), "max_ms": round(over[-1] * 1000, 1),
                  "p90_ms": round(over[int(len(over) * 0.9)] * 1000, 1),
                  "median_ms": round(over[len(over) // 2] * 1000, 1)}))
'''


def measure(root, seconds, moves):
    code = MEASURE % {"time": seconds, "moves": moves}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                          env=dict(os.environ, PYTHONPATH=root))
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--baseline", help="another checkout to time the same way")
    args = parser.parse_args()
    result = {"this": measure(ROOT, args.time, args.moves)}
    if args.baseline:
        result["baseline"] = measure(os.path.abspath(args.baseline), args.time, args.moves)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
