#!/usr/bin/env python3
"""The Perfect level's proof rate and time per move, in the browser and under CPython, in one run.

    .venv/bin/python -m scripts.bench.measure_perfect [--positions 40] [--min-seeds 30] [--max-seeds 36]
                                                [--rules "kalah(6,4)"] [--check] [--json]

Middle-game positions are drawn as scripts/bench/proof_cost.py draws them (distinct
positions of level 8's games with --min-seeds..--max-seeds seeds in the
houses; the same seed gives the same positions). On each, in turn, Perfect
moves in headless chromium's Pyodide worker, asked as the play page asks it
(kalah.ai.worker_api.choose_move, 1 s for a search where no proof stands),
and then under this CPython (kalah.ai.perfect). Each host keeps its tables
from one position to the next, as the page's worker does. Reported: how
many moves are proven (the rest hit the 30 s cap), and the median and 90th
percentile seconds a move, on each host, with the browser's time as a
ratio of CPython's. With --check every move claimed proven is compared
with the numba solver's optimal moves (needs numba).
"""

import argparse
import json
import os
import time

from scripts.bench.accuracy import band_arguments, band_boards
from kalah.ai import perfect, search
from kalah.game.rules import find_rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CHOOSE = "(args) => callWorker('kalah.ai.worker_api:choose_move', args)"


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(moves):
    seconds = [move["seconds"] for move in moves]
    return {"proven": sum(1 for move in moves if move["exact"]), "moves": len(moves),
            "median_s": round(percentile(seconds, 0.5), 3), "p90_s": round(percentile(seconds, 0.9), 3),
            "max_s": round(max(seconds), 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    band_arguments(parser)
    parser.add_argument("--time", type=float, default=1.0, help="the search's seconds where no proof stands")
    parser.add_argument("--check", action="store_true", help="compare proven moves with the numba solver")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = find_rules(args.rules)
    boards = band_boards(args)

    from scripts.bench.bench_browser_search import BrowserWorker
    from scripts.harness.chromium import chromium_launch_options
    from playwright.sync_api import sync_playwright
    from scripts.build.serve import start_server
    server, url = start_server(ROOT, port=0)
    browser_moves, cpython_moves = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            worker = BrowserWorker(browser, url)
            worker.start()
            # Load the tables once, before the clock runs (the page asks this as a game starts).
            worker.page.evaluate("(args) => callWorker('kalah.ai.worker_api:prepare', args)",
                                 {"position": boards[0].position()})
            perfect.analyse(boards[0].copy(), 0.01, cap=0.02)   # CPython loads its tables too
            search._searchers.clear()
            for number, board in enumerate(boards, 1):
                started = time.perf_counter()
                answer = worker.page.evaluate(CHOOSE, {"position": board.position(), "player": "perfect",
                                                       "time": args.time})
                browser_moves.append({"position": board.position(), "move": answer["move"],
                                      "exact": answer.get("exact") is True, "nodes": answer.get("nodes"),
                                      "seconds": time.perf_counter() - started})
                started = time.perf_counter()
                analysis = perfect.analyse(board, args.time)
                cpython_moves.append({"position": board.position(), "move": analysis.move,
                                      "exact": bool(analysis.exact), "nodes": analysis.nodes,
                                      "seconds": time.perf_counter() - started})
                if not args.json:
                    print("%2d %s  browser %5.2f s %s  cpython %5.2f s %s" % (
                        number, board.position(), browser_moves[-1]["seconds"],
                        "proven" if browser_moves[-1]["exact"] else "NOT proven",
                        cpython_moves[-1]["seconds"], "proven" if analysis.exact else "NOT proven"),
                        flush=True)
            browser.close()
    finally:
        server.shutdown()

    result = {"rules": rules.name, "positions": len(boards), "seeds": [args.min_seeds, args.max_seeds],
              "cap_s": perfect.CAP_SECONDS, "browser": summary(browser_moves),
              "cpython": summary(cpython_moves)}
    result["browser_over_cpython"] = {
        "median": round(result["browser"]["median_s"] / result["cpython"]["median_s"], 2),
        "total": round(sum(m["seconds"] for m in browser_moves) / sum(m["seconds"] for m in cpython_moves), 2)}
    if args.check:
        from kalah.cli.solve import exact_values
        wrong = []
        for board, moves in zip(boards, zip(browser_moves, cpython_moves)):
            values = exact_values(board)
            for move in moves:
                if move["exact"] and values[move["move"]] != max(values.values()):
                    wrong.append(move["position"])
        result["proven_but_not_optimal"] = wrong
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
