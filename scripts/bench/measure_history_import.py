"""How long the history page's tasks hold it while it imports 1,500 games, in CPU and in wall time.

Each run opens history.html in chromium, chooses a 600 kB history export
(tests/browser/test_history_import_slices.py makes it and chooses it the same
way) and traces the page's main thread until the table shows every game. Per
run: each task's CPU time (what the page's code costs) and wall time (what
the machine's load makes of it), and, as the yardstick of that load, the wall
time of a fixed JavaScript loop the page runs every 100 ms meanwhile (its
quietest run is what it costs on an idle machine).

    .venv/bin/python -m scripts.bench.measure_history_import [--runs 3]
"""

import argparse
import os
import pathlib

from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server
from scripts.harness.chromium import main_thread_tasks, traced
from scripts.harness.history_import import CHOOSE_FILE, GAMES, PUT_FILE, history_file

ROOT = pathlib.Path(__file__).resolve().parents[2]

REFERENCE = """() => {
  window.reference = [];
  const loop = () => { let x = 0; for (let i = 0; i < 3e6; i++) x = (x * 31 + i) % 1000003; return x; };
  const tick = () => {
    const start = performance.now();
    loop();
    window.reference.push(performance.now() - start);
    if (!window.stopReference) setTimeout(tick, 100);
  };
  tick();
}"""


def one_run(browser, url, text):
    page = browser.new_page()
    try:
        page.goto(url + "history.html")
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
        page.evaluate(PUT_FILE, text)
        page.evaluate(REFERENCE)
        took = []

        def import_it():
            start = page.evaluate("performance.now()")
            page.evaluate(CHOOSE_FILE)
            page.wait_for_function("document.body.dataset.import === 'done'", timeout=300_000)
            page.wait_for_function("n => document.querySelectorAll('#games-body tr').length === n", arg=GAMES,
                                   timeout=300_000)
            took.append(page.evaluate("performance.now()") - start)

        tasks = main_thread_tasks(traced(page, import_it))
        page.evaluate("window.stopReference = true")
        reference = sorted(page.evaluate("window.reference"))
    finally:
        page.close()
    cpu = sorted(task[0] for task in tasks)
    wall = sorted(task[1] for task in tasks)
    return {"import_s": took[0] / 1000, "tasks": len(tasks),
            "cpu_max": cpu[-1], "cpu_p99": cpu[int(len(cpu) * 0.99)],
            "wall_max": wall[-1], "wall_over_50": sum(w > 50 for w in wall),
            "wall_over_100": sum(w > 100 for w in wall),
            "ref_min": reference[0], "ref_median": reference[len(reference) // 2], "ref_max": reference[-1]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    text = history_file(GAMES)
    server, url = start_server(ROOT, port=0)
    print("load average before: %.1f %.1f %.1f" % os.getloadavg())
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for run in range(options.runs):
                r = one_run(browser, url, text)
                print("run %d: import %.1f s, %d tasks; CPU max %.0f ms (p99 %.0f); wall max %.0f ms, "
                      "%d over 50 ms, %d over 100 ms; reference loop %.0f ms idle, median %.0f, max %.0f"
                      % (run + 1, r["import_s"], r["tasks"], r["cpu_max"], r["cpu_p99"], r["wall_max"],
                         r["wall_over_50"], r["wall_over_100"], r["ref_min"], r["ref_median"], r["ref_max"]))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("load average after: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
