#!/usr/bin/env python3
"""The analysis board's first values against the bare MicroPython page's ready time, paired, in chromium.

    .venv/bin/python -m scripts.bench.first_values [--runs 7] [--json]

Issue 36's goal: the board's first data-values within 1.5x the bare page's
ready time, cold. Each run measures, one after the other (a pair), in fresh
browser contexts (cold: nothing cached) and then again in a second page of
the same context (warm):
- the bare page (static/bench/minimal.html) until its Python runs;
- analysis.html#position=P until the page is ready (<body data-ready>), until
  the board's data-values are of P (the first
  values: the page's own estimate, kalah/web/common/estimate.py) and until the
  worker's values have replaced them (data-values-source="worker"), for the
  start position (in the opening book) and a middle-game one (32 seeds: a
  search on the page).
It prints the medians and the median of each pair's ratio (first values over
the bare page of the same run), so that the machine's load, which moves both,
moves the ratio less.
"""

import argparse
import json
import statistics
import time

from scripts.bench.measure_first_move import BARE_READY
from scripts.bench.paired_pages import paired_runs

POSITIONS = {
    "start (book)": "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S",
    "middle game (search)": "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S",
}
# The board's values are of `position` (and from `source`, when given).
VALUES_OF = """([position, source]) => {
  const board = document.getElementById('board');
  return !!board && board.dataset.valuesPosition === position && !!board.dataset.values
    && (!source || board.dataset.valuesSource === source);
}"""
GOAL = 1.5


def first_values(page, url, position):
    """Seconds from navigation to the page's ready, to the board's first values of `position`,
    and to the worker's."""
    started = time.perf_counter()
    page.goto(url + "analysis.html#position=" + position)
    page.wait_for_function(BARE_READY, timeout=120_000)
    ready = time.perf_counter() - started
    page.wait_for_function(VALUES_OF, arg=[position, None], timeout=120_000)
    first = time.perf_counter() - started
    page.wait_for_function(VALUES_OF, arg=[position, "worker"], timeout=300_000)
    return ready, first, time.perf_counter() - started


def measure(runs):
    """{(what, state): [seconds a run]}, the bare page's and each position's in the same runs."""
    def case(kind, position):
        def measure_position(page, url):
            ready, first, worker = first_values(page, url, position)
            return {kind + ", page ready": ready, kind: first, kind + ", worker's values": worker}
        return measure_position
    return paired_runs(runs, [case(kind, position) for kind, position in POSITIONS.items()])


def summary(times):
    """Medians in seconds, and the median of each run's ratio to the bare page of that run."""
    out = {}
    for (what, state), values in times.items():
        bare_runs = times[("bare", state)]
        out["%s, %s" % (what, state)] = {
            "median_s": round(statistics.median(values), 3),
            "paired_ratio": round(statistics.median(v / b for v, b in zip(values, bare_runs)), 2)}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    figures = summary(measure(options.runs))
    if options.json:
        print(json.dumps({"figures": figures, "runs": options.runs, "goal_ratio": GOAL}))
        return
    for state in ("cold", "warm"):
        print("%s: bare MicroPython page %.2f s (%d runs)" % (
            state, figures["bare, " + state]["median_s"], options.runs))
        for kind in POSITIONS:
            first = figures["%s, %s" % (kind, state)]
            ready = figures["%s, page ready, %s" % (kind, state)]
            worker = figures["%s, worker's values, %s" % (kind, state)]
            print("  %s: first values %.2f s, %.2fx the bare page (paired; goal %.1fx); page ready %.2fx; "
                  "the worker's values %.2f s (%.2fx)" % (kind, first["median_s"], first["paired_ratio"], GOAL,
                                                          ready["paired_ratio"], worker["median_s"],
                                                          worker["paired_ratio"]))


if __name__ == "__main__":
    main()
