#!/usr/bin/env python3
"""The computer's first move from navigation, against the bare MicroPython page, in one run.

    .venv/bin/python -m scripts.bench.measure_first_move [--runs 3] [--json] [--reduced-motion] [--player level3]

Cold (a fresh browser context each run) and warm (a second page in the
same context): the bare page (static/bench/minimal.html) until its Python
runs, and the play page opened at the preset link
index.html#rules=kalah(6,4)&south=level8&north=person until the board's
data-position says North is to move: level 8's whole first turn (house 3
ends in its store, so it moves twice). With the opening book that turn
comes from the page's own MicroPython, before the Pyodide worker is ready.
`--player level3` (or another) plays South instead: levels 1-3 play their
first moves on the page too (kalah/web/common/computer.py).
data-position tells the game as soon as a move is played, while the view
still sows it, so motion on or off changes little.
"""

import argparse
import json
import pathlib
import statistics
import time

from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server

ROOT = pathlib.Path(__file__).resolve().parents[2]

BARE_READY = "document.body.dataset.ready === '1'"
PRESET = "index.html#rules=kalah(6,4)&south=%s&north=person"
# Position text RULES/PITS/SIDE (docs/formats.md): North to move.
NORTH_TO_MOVE = "() => ((p) => !!p && p.split('/')[2] === 'N')(document.querySelector('#board')?.dataset.position)"


def first_move(page, url, player="level8"):
    started = time.perf_counter()
    page.goto(url + PRESET % player)
    page.wait_for_function(NORTH_TO_MOVE, timeout=120_000)
    return time.perf_counter() - started


def bare(page, url):
    started = time.perf_counter()
    page.goto(url + "static/bench/minimal.html")
    page.wait_for_function(BARE_READY, timeout=60_000)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="as a browser set to reduce motion (default: the browser's default, sowing animated)")
    parser.add_argument("--player", default="level8", help="the computer playing South (default: level8)")
    options = parser.parse_args()
    motion = "reduce" if options.reduced_motion else "no-preference"
    from playwright.sync_api import sync_playwright
    times = {"bare": {"cold": [], "warm": []}, "first_move": {"cold": [], "warm": []}}
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for _ in range(options.runs):
                for name, measure in (("bare", bare),
                                      ("first_move", lambda page, url: first_move(page, url, options.player))):
                    context = browser.new_context(reduced_motion=motion)
                    for state in ("cold", "warm"):
                        page = context.new_page()
                        times[name][state].append(measure(page, url))
                        page.close()
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    medians = dict((name, dict((state, round(statistics.median(values), 2)) for state, values in by.items()))
                   for name, by in times.items())
    if options.json:
        print(json.dumps({"median_seconds": medians, "runs": options.runs}))
    else:
        for state in ("cold", "warm"):
            print("%s: bare MicroPython page %.2f s, play page to %s's first move %.2f s (%.1fx)" % (
                state, medians["bare"][state], options.player, medians["first_move"][state],
                medians["first_move"][state] / medians["bare"][state]))


if __name__ == "__main__":
    main()
