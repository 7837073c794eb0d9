#!/usr/bin/env python3
"""What a middle-game proof costs: the nodes kalah.ai.proof needs on positions from level 8's games.

    python3 -m scripts.bench.proof_cost [--rules "kalah(6,4)"] [--positions 40] [--min-seeds 30] [--max-seeds 36]
                                  [--cap 1500000] [--rate 110000] [--json]

Level 8 plays a move exactly when its proof finishes within its share of the
time; otherwise its heuristic search guesses. So the nodes a proof needs,
set against how many nodes a second the browser's worker proves
(`--rate`: scripts/bench/bench_browser_search.py measures it; 110,000 on a quiet
machine), say which positions any time limit can play exactly. Positions
are drawn as scripts/bench/accuracy.py draws them (distinct positions of level
8's games against itself and levels 5-7, with --min-seeds..--max-seeds
seeds in the houses); each is proven from an empty table on the shipped
endgame table, stopped at --cap nodes. Node counts do not depend on the
machine's speed, so this figure holds on a busy machine too.
"""

import argparse
import json
import os
import time

from scripts.bench.accuracy import band_arguments, band_boards
from kalah.ai import endgame
from kalah.ai.proof import Prover
from kalah.ai.search import rotate
from kalah.game.rules import NORTH, find_rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SECONDS = (0.3, 1, 3, 10)   # a 1 s move's proof share (level 8), 1 s, and longer thinking


class Capped(Exception):
    pass


def proof_nodes(board, cap):
    """The nodes proving `board`'s best move takes, or None past `cap`."""
    pits = tuple(board.pits)
    if board.turn == NORTH:
        pits = rotate(pits, board.rules.houses)
    prover = Prover(board.rules, endgame.table_for(board.rules))

    def poll():
        if prover.nodes > cap:
            raise Capped

    prover.poll = poll
    try:
        prover.best(pits, board.legal_moves)
    except Capped:
        return None
    return prover.nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    band_arguments(parser)
    parser.add_argument("--cap", type=int, default=1500000)
    parser.add_argument("--rate", type=int, default=110000, help="proof nodes a second in the browser's worker")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = find_rules(args.rules)
    boards = band_boards(args)
    started = time.time()
    nodes = [proof_nodes(board, args.cap) for board in boards]
    seconds = time.time() - started
    finished = sorted(n for n in nodes if n is not None)
    spent = sum(n if n is not None else args.cap for n in nodes)
    result = {
        "rules": rules.name, "positions": len(boards), "seeds": [args.min_seeds, args.max_seeds],
        "median_nodes": sorted(n if n is not None else args.cap + 1 for n in nodes)[len(nodes) // 2],
        "past_cap": len(nodes) - len(finished), "cap": args.cap,
        "proven_within": dict(("%g s" % limit, sum(1 for n in finished if n <= limit * args.rate))
                              for limit in SECONDS),
        "rate": args.rate, "cpython_nodes_per_second": round(spent / seconds) if seconds else None,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print("%s: %d positions of level 8's games with %d-%d seeds in the houses" % (
        rules.name, len(boards), args.min_seeds, args.max_seeds))
    print("nodes to prove the best move: median %s; %d of %d past %d" % (
        "{:,}".format(result["median_nodes"]) if result["median_nodes"] <= args.cap else "past the cap",
        result["past_cap"], len(boards), args.cap))
    for limit, count in result["proven_within"].items():
        print("  proven within %s of the browser's proof (%s nodes): %d of %d" % (
            limit, "{:,}".format(int(float(limit[:-2]) * args.rate)), count, len(boards)))
    print("(CPython here: %s proof nodes a second)" % "{:,}".format(result["cpython_nodes_per_second"]))


if __name__ == "__main__":
    main()
