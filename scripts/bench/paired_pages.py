"""Paired page timings in chromium: each run opens the bare MicroPython page and each case, cold and warm.

A run is a pair: the bare page (static/bench/minimal.html, until its Python runs) and then
every case, one after the other, so the machine's load moves both sides of a ratio alike.
Cold is a fresh browser context (nothing cached); warm is a second page in the same context.
"""

import pathlib

from scripts.bench.measure_first_move import bare
from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]


def paired_runs(runs, cases):
    """{(label, state): [seconds a run]} for `cases`, {case: measure(page, url) -> {label: seconds}},
    with ("bare", state) measured in the same runs."""
    from playwright.sync_api import sync_playwright
    times = {}

    def record(state, figures):
        for label, seconds in figures.items():
            times.setdefault((label, state), []).append(seconds)

    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for _ in range(runs):
                for measure in [lambda page, url: {"bare": bare(page, url)}] + list(cases):
                    context = browser.new_context()
                    for state in ("cold", "warm"):
                        page = context.new_page()
                        record(state, measure(page, url))
                        page.close()
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    return times
