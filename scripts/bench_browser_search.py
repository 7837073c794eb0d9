"""The computer's search in the browser (Pyodide in a worker) against CPython, in one run.

    .venv/bin/python scripts/bench_browser_search.py [--depth 11] [--time 1] [--json]
        [--skip-page]

1. The same fixed-depth searches (empty table, no endgame database, so both
   hosts visit exactly the same nodes) on the same Kalah(6,4) positions,
   under this CPython and in headless chromium's Pyodide worker: nodes per
   second and their ratio (browser / CPython).
2. The depth the players' search reaches in `--time` seconds from the
   Kalah(6,4) start, on both.
3. The worker's start (page creates it -> "ready"), cold and warm cache.
4. The play page (index.html): from opening the page to the computer's
   first move as South (level 8, normal speed), with a fresh browser
   profile (cold) and then reloaded in the same profile (warm).
Figures vary with the machine's load: compare the ratio, not the seconds.
"""

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from kalah import Board  # noqa: E402
from kalah.ai import reference, worker_api  # noqa: E402
from measure_startup import chromium_launch_options  # noqa: E402
from serve import start_server  # noqa: E402

PLIES = (0, 6, 12, 18, 24)


def bench_positions():
    """Kalah(6,4) positions along a greedy-vs-rightmost game (both deterministic)."""
    board = Board("kalah(6,4)")
    players = (reference.get("greedy"), reference.get("rightmost"))
    positions = []
    while not board.is_game_over() and board.ply() <= max(PLIES):
        if board.ply() in PLIES:
            positions.append(board.position())
        board.push(players[board.turn].choose(board))
    return positions


WORKER_BENCH = """async ([args, timeoutMs]) => {
  const started = performance.now();
  const worker = new Worker("static/js/pyodide-worker.js", {type: "module"});
  const answer = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the worker took too long")), timeoutMs);
    let ready = null;
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") {
        ready = {page_ms: performance.now() - started, worker: message.data};
        if (!args) { clearTimeout(timer); resolve({ready}); }
      } else if (message.type === "result") { clearTimeout(timer); resolve({ready, result: message.data}); }
      else if (message.type === "error") { clearTimeout(timer); reject(new Error(message.data.message + "\\n" + (message.data.traceback || ""))); }
    };
    if (args) worker.postMessage({id: 1, call: "kalah.ai.worker_api:bench", args});
  });
  worker.terminate();
  return answer;
}"""


def run_browser(browser, url, args):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "pyscript.toml")  # any same-origin document can own the worker
    cold = page.evaluate(WORKER_BENCH, [None, 120_000])
    warm = page.evaluate(WORKER_BENCH, [args, 600_000])
    context.close()
    return cold["ready"], warm["ready"], warm["result"]


FIRST_MOVE = """() => !!document.querySelector('#board .kb-last')"""


def page_first_move(browser, url):
    """Seconds from opening index.html to the computer's first move as South, cold then warm."""
    context = browser.new_context(reduced_motion="reduce")
    times = []
    for _ in ("cold", "warm"):
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url + "index.html")
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
        page.click("#new-game summary")
        page.wait_for_function("!document.querySelector('select[name=south] option[value=level8]').disabled",
                               timeout=60_000)
        page.select_option("select[name=south]", "level8")
        page.select_option("select[name=speed]", "normal")
        page.click("#new-game-form button[type=submit]")
        page.wait_for_function(FIRST_MOVE, timeout=120_000)
        times.append(time.perf_counter() - started)
        page.close()
    context.close()
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=11, help="fixed search depth for the speed test")
    parser.add_argument("--time", type=float, default=1.0, help="seconds for the depth test")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-page", action="store_true", help="skip the play page's first-move timing")
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args = {"positions": bench_positions(), "depth": options.depth, "time": options.time}
    cpython = worker_api.bench(dict(args))
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            cold, warm, browser_result = run_browser(browser, url, args)
            first_move = None if options.skip_page else page_first_move(browser, url)
            browser.close()
    finally:
        server.shutdown()

    same_nodes = [r["nodes"] for r in cpython["results"]] == [r["nodes"] for r in browser_result["results"]]
    report = {
        "positions": len(args["positions"]), "depth": options.depth, "same_nodes": same_nodes,
        "nodes": cpython["nodes"],
        "cpython_nodes_per_second": round(cpython["nodes_per_second"]),
        "browser_nodes_per_second": round(browser_result["nodes_per_second"]),
        "ratio_browser_to_cpython": round(browser_result["nodes_per_second"] / cpython["nodes_per_second"], 3),
        "depth_in_time": {"seconds": options.time, "cpython": cpython["timed"]["depth"],
                          "browser": browser_result["timed"]["depth"]},
        "worker_ready_seconds": {"cold": round(cold["page_ms"] / 1000, 2), "warm": round(warm["page_ms"] / 1000, 2)},
        "worker_heap_mb": (round(browser_result["memory_bytes"] / 2 ** 20, 1)
                           if browser_result.get("memory_bytes") else None),
        "page_first_computer_move_seconds": (None if first_move is None else
                                             {"cold": round(first_move[0], 2), "warm": round(first_move[1], 2)}),
    }
    if options.json:
        print(json.dumps(report, indent=2))
    else:
        print("Search speed, %d Kalah(6,4) positions to depth %d (%d nodes, same on both: %s)" % (
            report["positions"], options.depth, report["nodes"], same_nodes))
        print("  CPython  %9d nodes/s" % report["cpython_nodes_per_second"])
        print("  browser  %9d nodes/s  (Pyodide worker in chromium)" % report["browser_nodes_per_second"])
        print("  ratio    %9.2f  (browser / CPython)" % report["ratio_browser_to_cpython"])
        print("Depth in %g s from the Kalah(6,4) start: CPython %d, browser %d" % (
            options.time, report["depth_in_time"]["cpython"], report["depth_in_time"]["browser"]))
        print("Worker ready: cold %.2f s, warm %.2f s; its WebAssembly heap after the search: %s MB" % (
            report["worker_ready_seconds"]["cold"], report["worker_ready_seconds"]["warm"], report["worker_heap_mb"]))
        if first_move is not None:
            print("Play page, open to the computer's first move: cold %.2f s, warm %.2f s" % tuple(first_move))
    return 0


if __name__ == "__main__":
    sys.exit(main())
