"""The analysis board's first values against the bare MicroPython page, cold, in Firefox and WebKit.

    nice -n 10 .venv/bin/python -m tests.engines.measure_first_values [rounds]

scripts/bench/first_values.py's measure (issue 36's goal: the first data-values within 1.5x
the bare page's ready time) for the engines Playwright does not drive here (a benchmark
imports no test, so this one lives beside its drivers, as measure_pyodide_start.py does).
Each round gives each engine a fresh driver and fresh origins (nothing cached): first an
untimed bare page on one of its own (a fresh browser's first page pays for the browser's own
start), then the bare page (static/bench/minimal.html) until its Python runs on another, and
analysis.html#position=P until the board's data-values are of P on one a position. Seconds from navigation, read by
polling every 50 ms (so a figure may be up to 50 ms late); prints the medians and the
median of each round's ratio.
"""

import json
import os
import statistics
import sys
import time

from scripts.bench.first_values import POSITIONS
from tests.engines import drivers
from tests.engines.conftest import QuietGuarded, serve

BARE_READY = "document.body && document.body.dataset.ready === '1'"
VALUES_OF = ("(() => { const board = document.getElementById('board');"
             " return !!board && board.dataset.valuesPosition === %s && !!board.dataset.values; })()")


def timed(driver, url, condition):
    started = time.perf_counter()
    driver.goto(url)
    driver.wait(condition, timeout=120)
    return time.perf_counter() - started


def round_for(make):
    """{what: seconds} of one round in one engine."""
    servers = [serve(QuietGuarded) for _ in range(2 + len(POSITIONS))]
    origins = [base.rstrip("/") for _, base in servers]
    driver = make(origins)
    try:
        driver.new_test()
        timed(driver, servers[0][1] + "static/bench/minimal.html", BARE_READY)   # the browser's start
        times = {"bare": timed(driver, servers[1][1] + "static/bench/minimal.html", BARE_READY)}
        for (kind, position), (_, base) in zip(POSITIONS.items(), servers[2:]):
            times[kind] = timed(driver, base + "analysis.html#position=" + position,
                                VALUES_OF % json.dumps(position))
        driver.end_test()
        return times
    finally:
        driver.quit()
        for server, _ in servers:
            server.shutdown()
            server.server_close()


def main(rounds):
    engines = {"firefox": drivers.Firefox, "webkit": drivers.WebKit}
    rows = dict((name, []) for name in engines)
    try:
        for _ in range(rounds):
            for name, make in engines.items():
                rows[name].append(round_for(make))
                print(name, json.dumps(rows[name][-1]), file=sys.stderr, flush=True)
    finally:
        drivers.WebKit.stop_display()
    print("medians of %d cold rounds; load average %.1f" % (rounds, os.getloadavg()[0]))
    for name, runs in rows.items():
        bare = statistics.median(run["bare"] for run in runs)
        cells = ["%s: bare page %.2f s" % (name, bare)]
        for kind in POSITIONS:
            first = statistics.median(run[kind] for run in runs)
            ratio = statistics.median(run[kind] / run["bare"] for run in runs)
            cells.append("%s first values %.2f s (%.2fx, paired)" % (kind, first, ratio))
        print("; ".join(cells))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
