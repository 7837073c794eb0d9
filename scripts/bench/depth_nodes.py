#!/usr/bin/env python3
"""Nodes level 8's search takes to a fixed depth from an empty table, on the held-out positions of a band.

    .venv/bin/python -m scripts.bench.depth_nodes --depth 12                 # the 40 opening positions
    .venv/bin/python -m scripts.bench.depth_nodes --depth 10 --min-seeds 23 --set ORDER_CAPTURES=0
    .venv/bin/python -m scripts.bench.depth_nodes --depth 12 --kept tuning   # the tuning set's positions

A node count to a depth does not depend on the machine's load; nodes per CPU
second (time.process_time) of this process are printed beside it. --set
NAME=VALUE sets a kalah.ai.search module constant first (the variant to compare).
"""

import argparse
import time

from kalah.ai import endgame, search
from kalah.study.puzzles import houses_seeds
from scripts.bench import held_out, search_settings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--min-seeds", type=int, default=37)
    parser.add_argument("--max-seeds", type=int, default=48)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--kept", default="held-out", choices=sorted(held_out.KEPT),
                        help="the positions of this kept set (scripts/bench/held_out.py)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    for setting in args.set:
        for name, value in search_settings.parse(setting).items():
            setattr(search, name, value)
    boards = [board for board in held_out.boards(held_out.KEPT[args.kept][0]) if args.min_seeds <= houses_seeds(board) <= args.max_seeds]
    nodes = 0
    cpu = 0.0
    for board in boards:
        searcher = search.Search(board.rules, endgame=endgame.table_for(board.rules))
        started = time.process_time()
        # extend: as level 8 searches (without a depth limit, where extra turns cost no depth).
        result = searcher.analyse(board, None, max_depth=args.depth, all_values=False,
                                  extend=searcher.extend_extra_turns)
        cpu += time.process_time() - started
        nodes += result.nodes
        if args.verbose:
            print("  %s %d nodes, move %d, value %s" % (board.position(), result.nodes, result.move, result.value))
    print("%d positions (%d-%d seeds), depth %d %s: %d nodes, %.1f CPU s, %.0f nodes per CPU second" % (
        len(boards), args.min_seeds, args.max_seeds, args.depth, " ".join(args.set) or "as shipped",
        nodes, cpu, nodes / cpu))


if __name__ == "__main__":
    main()
