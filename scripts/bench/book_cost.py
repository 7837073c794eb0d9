#!/usr/bin/env python3
"""What the book for any opening costs by ply: positions, bytes, and the solver's nodes and seconds a leaf.

    .venv/bin/python -m scripts.bench.book_cost --rules "kalah(6,4)" --plies 5,6,7 [--sample 12]
                                                 [--nodes 1000000000] [--json]

For each N of --plies: the positions within N plies of the start (any
moves of either side, an extra move a ply; kalah.solver.opening), the
book's bytes (13 a position for six houses), and the leaves (positions
first reached at ply N), whose every move the build proves. --sample
leaves spread evenly over the key order are valued as the build values
them (seconds of this process's CPU, so a busy machine slows the wall
clock, not the figure) (Solver.house_values_within within --nodes nodes, here each from an
empty transposition table, so the figure is an upper bound on a part's,
whose leaves share the table); the leaves' count times the mean gives the
build's CPU time. Node counts hold on any machine; seconds are this one's.
"""

import argparse
import json
import sys
import time

from kalah.ai import book
from kalah.game.rules import find_rules
from kalah.solver import opening
from kalah.solver.book import DEFAULT_DEPTH


def measure(rules, plies, sample, nodes, solver):
    depths = opening.positions(rules, plies)
    leaves = sorted((houses for houses, ply in depths.items() if ply == plies), key=book.rank)
    picks = [leaves[i * len(leaves) // sample] for i in range(sample)]
    rows = []
    for houses in picks:
        started = time.process_time()
        before = solver.nodes
        _, exact = solver.house_values_within(list(houses), nodes, DEFAULT_DEPTH)
        rows.append((solver.nodes - before, time.process_time() - started, all(exact.values()), sum(houses)))
        print("  %d plies, leaf %d of %d: %d seeds, %s nodes, %.2f s of CPU, %s" % (
            plies, len(rows), sample, rows[-1][3], "{:,}".format(rows[-1][0]), rows[-1][1],
            "proven" if rows[-1][2] else "not proven"), file=sys.stderr, flush=True)
    spent = sorted(row[0] for row in rows)
    mean_seconds = sum(row[1] for row in rows) / len(rows)
    m = find_rules(rules).houses
    record = book.KEY_BYTES + m + (m + 7) // 8   # kalah.ai.book's record: key, a byte a house, the flags
    return {"plies": plies, "positions": len(depths), "leaves": len(leaves), "bytes": len(depths) * record,
            "sampled": len(rows), "proven": sum(1 for row in rows if row[2]),
            "seeds": [min(row[3] for row in rows), max(row[3] for row in rows)],
            "median_nodes": spent[len(spent) // 2], "mean_nodes": round(sum(spent) / len(spent)),
            "max_nodes": spent[-1], "mean_cpu_seconds": round(mean_seconds, 2),
            "build_cpu_hours": round(len(leaves) * mean_seconds / 3600, 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--plies", default="5,6,7", help="the depths N to measure, comma-separated")
    parser.add_argument("--sample", type=int, default=12, help="leaves valued at each depth")
    parser.add_argument("--nodes", type=int, default=10 ** 9, help="the node budget a leaf")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from kalah.solver import Solver
    from kalah.solver.book import TT_BITS
    solver = Solver(args.rules, tt_bits=TT_BITS)
    for plies in [int(text) for text in args.plies.split(",")]:
        result = measure(args.rules, plies, args.sample, args.nodes, solver)
        result["rules"] = find_rules(args.rules).name
        if args.json:
            print(json.dumps(result, sort_keys=True), flush=True)
            continue
        print("%s, %d plies: %s positions (%s bytes), %s leaves; %d sampled (%d-%d seeds), %d proven; "
              "nodes a leaf median %s, mean %s, max %s; %.2f s a leaf -> %.1f CPU hours" % (
                  result["rules"], plies, "{:,}".format(result["positions"]), "{:,}".format(result["bytes"]),
                  "{:,}".format(result["leaves"]), result["sampled"], result["seeds"][0], result["seeds"][1],
                  result["proven"], "{:,}".format(result["median_nodes"]), "{:,}".format(result["mean_nodes"]),
                  "{:,}".format(result["max_nodes"]), result["mean_cpu_seconds"], result["build_cpu_hours"]),
              flush=True)


if __name__ == "__main__":
    main()
