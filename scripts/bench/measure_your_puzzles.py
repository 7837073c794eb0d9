#!/usr/bin/env python3
"""Time to build puzzles.html's "From your games" set from N stored games, against the bare page
and the worker's start, in one run.

    .venv/bin/python -m scripts.bench.measure_your_puzzles [--games 4] [--runs 2] [--json]

Each run, in fresh browser contexts: the bare MicroPython page
(static/bench/minimal.html) until its Python runs; analysis.html until its
Pyodide worker is ready (<body data-worker="ready">: the worker's start,
which the check waits for too); and puzzles.html#set=yours with N finished
games in localStorage (written by kalah.library.history, as the play page writes
them) until every game is checked (#yours[data-state="done"]), then once
more in the same context, where the kept set means nothing is checked again.
The games are the computer's levels 4 and 2 against each other, seeded, so
every run checks the same positions.
"""

import argparse
import json
import pathlib
import statistics
import time

from scripts.bench.measure_first_move import bare
from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]

SEED_STORAGE = ("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                "localStorage.setItem(k, v); }")


def stored_games(count):
    """localStorage items of `count` finished kalah(6,4) games and the positions they give to check."""
    from kalah.study import history_puzzles
    from kalah.ai import players
    from kalah.game.board import Board
    from kalah.library.history import History
    from kalah.records.record import Record
    store, positions = {}, 0
    history = History(store)
    for index in range(count):
        seats = [players.get("level4", seed=index + 1), players.get("level2", seed=index + 101)]
        board = Board("kalah(6,4)")
        while board.turn is not None:
            board.push(seats[board.turn].choose(board))
        record = Record.from_board(board, south="Level 4", north="Level 2")
        record.meta["id"] = "bench%d" % index
        positions += len(list(history_puzzles.candidate_boards(record)))
        history.save(record, now=index + 1)
    return store, positions


def worker_start(page, url):
    started = time.perf_counter()
    page.goto(url + "analysis.html#position=kalah(6,4)/1,3,9,2,4,0,11,0,0,1,0,0,1,16/S")
    page.wait_for_function("document.body.dataset.worker === 'ready'", timeout=180_000)
    return time.perf_counter() - started


def build_set(page, url, items):
    page.goto(url + "puzzles.html")
    if items is not None:
        page.evaluate(SEED_STORAGE, items)
    started = time.perf_counter()
    page.goto(url + "puzzles.html#set=yours")
    page.wait_for_selector("#yours[data-state='done']", timeout=1_800_000)
    return time.perf_counter() - started, page.inner_text("#yours-status")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright
    items, positions = stored_games(options.games)
    times, status = {}, ""
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for _ in range(options.runs):
                for name, measure in (("bare page", lambda page: bare(page, url)),
                                      ("worker ready", lambda page: worker_start(page, url))):
                    context = browser.new_context()
                    page = context.new_page()
                    times.setdefault(name, []).append(measure(page))
                    context.close()
                context = browser.new_context()
                page = context.new_page()
                seconds, status = build_set(page, url, items)
                times.setdefault("set built", []).append(seconds)
                times.setdefault("set kept, next visit", []).append(build_set(page, url, None)[0])
                context.close()
            browser.close()
    finally:
        server.shutdown()
    medians = dict((key, round(statistics.median(values), 2)) for key, values in times.items())
    if options.json:
        print(json.dumps({"median_seconds": medians, "games": options.games, "positions": positions,
                          "runs": options.runs, "status": status}))
        return
    print("%d games, %d positions with 22 seeds or fewer to prove; %s" % (options.games, positions, status))
    base, worker = medians["bare page"], medians["worker ready"]
    print("bare page %.2f s; worker ready %.2f s (%.1fx the bare page)" % (base, worker, worker / base))
    for key in ("set built", "set kept, next visit"):
        print("%s: %.2f s (%.2fx the worker's start, %.2fx the bare page)" % (
            key, medians[key], medians[key] / worker, medians[key] / base))


if __name__ == "__main__":
    main()
