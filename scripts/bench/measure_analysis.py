#!/usr/bin/env python3
"""The analysis board's time to its first move values, against the bare MicroPython page, in one run.

    .venv/bin/python -m scripts.bench.measure_analysis [--runs 3] [--json]

Each run, in a fresh browser context (cold) and again in a second page of
the same context (warm): the bare page (static/bench/minimal.html) until its
Python runs, and analysis.html#position=P until the board's data-values are
of P (the first values) and until every one is exact, for an endgame
position (20 seeds in the houses: the first values are proofs already) and
a middle-game one (32 seeds: a short search first, then proofs). The first
values are the page's own since issue 36 (scripts/bench/first_values.py
measures them against the bare page, and the worker's after them); the
Pyodide worker's start (<body data-worker="ready">) is measured too, and is
most of the time to all exact.
"""

import argparse
import json
import statistics
import time

from scripts.bench.paired_pages import paired_runs

POSITIONS = {
    "endgame": "kalah(6,4)/1,3,9,2,4,0,11,0,0,1,0,0,1,16/S",
    "middle": "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S",
}
VALUES_OF = """([position, exact]) => {
  const board = document.getElementById('board');
  if (!board || board.dataset.valuesPosition !== position || !board.dataset.values) return false;
  return !exact || Object.values(JSON.parse(board.dataset.values)).every(v => v.exact);
}"""


def analysis(page, url, position):
    """Seconds from navigation to the worker's start, to the first values and to all exact."""
    started = time.perf_counter()
    page.goto(url + "analysis.html#position=" + position)
    page.wait_for_function("document.body.dataset.worker === 'ready'", timeout=120_000)
    worker = time.perf_counter() - started
    page.wait_for_function(VALUES_OF, arg=[position, False], timeout=120_000)
    first = time.perf_counter() - started
    page.wait_for_function(VALUES_OF, arg=[position, True], timeout=300_000)
    return worker, first, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    def case(kind, position):
        def measure_position(page, url):
            worker, first, exact = analysis(page, url, position)
            return {kind + " worker ready": worker, kind + " first values": first, kind + " all exact": exact}
        return measure_position
    times = paired_runs(options.runs, [case(kind, position) for kind, position in POSITIONS.items()])
    medians = dict(("%s, %s" % key, round(statistics.median(values), 2)) for key, values in times.items())
    if options.json:
        print(json.dumps({"median_seconds": medians, "runs": options.runs}))
        return
    for state in ("cold", "warm"):
        base = medians["bare, " + state]
        print("%s: bare MicroPython page %.2f s" % (state, base))
        for kind in POSITIONS:
            worker = medians["%s worker ready, %s" % (kind, state)]
            first = medians["%s first values, %s" % (kind, state)]
            exact = medians["%s all exact, %s" % (kind, state)]
            print("  %s position: worker ready %.2f s, first values %.2f s (%.1fx the bare page; %.2f s "
                  "after the worker), all exact %.2f s" % (kind, worker, first, first / base, first - worker, exact))


if __name__ == "__main__":
    main()
