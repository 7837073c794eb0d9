"""The computer's search in the browser (Pyodide in a worker) against CPython, in one run.

    .venv/bin/python -m scripts.bench.bench_browser_search [--depth 11] [--time 1] [--json]
        [--rounds 3] [--skip-page] [--fill]

1. The same fixed-depth searches (empty table, no endgame database, so both
   hosts visit exactly the same nodes) on the same Kalah(6,4) positions,
   under this CPython and in headless chromium's Pyodide worker: nodes per
   second and their ratio (browser / CPython).
2. The depth the players' search reaches in `--time` seconds from the
   position after 6 plies (37 seeds in the houses: beyond the opening book,
   which answers the start at depth 0, and beyond the proofs), on both; and the proofs of four middle-game positions
   (kalah.ai.proof, empty proof table, shipped endgame table): nodes per
   second on both and their ratio.
3. The worker's start (page creates it -> "ready"), cold, and again after
   terminating it, which is what cancelling a search costs without JSPI;
   with JSPI, how long a running search takes to stop once cancelled.
   With --fill: one transposition table filled to its bound, and the heap.
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

from kalah import Board
from kalah.ai import reference, worker_api
from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server

ROOT = pathlib.Path(__file__).resolve().parents[2]

PLIES = (0, 6, 12, 18, 24)
# Middle-game positions (27 to 36 seeds in the houses) that level 8 proves
# exactly (kalah.ai.proof): 12 to 90 thousand nodes each.
PROOFS = (
    "kalah(6,4)/4,1,6,0,4,6,14,2,1,0,2,1,1,6/S",
    "kalah(6,4)/0,2,6,1,1,6,13,2,2,0,2,8,0,5/N",
    "kalah(6,4)/5,0,0,1,0,0,14,2,0,9,0,8,7,2/N",
    "kalah(6,4)/0,2,4,1,1,0,12,2,8,8,7,0,1,2/S",
)


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


# In the page: start a worker (resolves with its start timings) and call it.
WORKER_HELPERS = """() => {
  window.startWorker = (timeoutMs) => new Promise((resolve, reject) => {
    const started = performance.now();
    const worker = window.benchWorker = new Worker("static/js/pyodide-worker.js", {type: "module"});
    const timer = setTimeout(() => reject(new Error("the worker took too long to start")), timeoutMs);
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") { clearTimeout(timer); resolve({page_ms: performance.now() - started, worker: message.data}); }
      else if (message.type === "error") { clearTimeout(timer); reject(new Error(message.data.message)); }
    };
  });
  window.callWorker = (call, args) => new Promise((resolve, reject) => {
    const worker = window.benchWorker;
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "result") resolve(message.data);
      else if (message.type === "error") reject(new Error(message.data.message + "\\n" + (message.data.traceback || "")));
    };
    worker.postMessage({id: 1, call, args});
  });
  // A long search, cancelled once it has run for runMs: ms until it answered.
  window.cancelLatency = (position, runMs) => new Promise((resolve, reject) => {
    const worker = window.benchWorker;
    let cancelledAt = null;
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "progress" && cancelledAt === null) {
        cancelledAt = -1;
        setTimeout(() => { cancelledAt = performance.now(); worker.postMessage({cancel: 2}); }, runMs);
      } else if (message.type === "result") resolve(performance.now() - cancelledAt);
      else if (message.type === "error") reject(new Error(message.data.message));
    };
    worker.postMessage({id: 2, call: "kalah.ai.worker_api:analyse", args: {position, time: 60}});
  });
}"""


class BrowserWorker:
    """A page of the site in its own browser context, owning one Pyodide worker."""

    def __init__(self, browser, url):
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.page.goto(url + "pyscript.toml")  # any same-origin document can own the worker
        self.page.evaluate(WORKER_HELPERS)

    def start(self):
        return self.page.evaluate("(ms) => startWorker(ms)", 300_000)

    def restart(self):
        self.page.evaluate("benchWorker.terminate()")
        return self.start()

    def bench(self, args):
        return self.page.evaluate("(args) => callWorker('kalah.ai.worker_api:bench', args)", args)

    def cancel_latency(self, position, run_ms=1000):
        return self.page.evaluate("([position, ms]) => cancelLatency(position, ms)", [position, run_ms])

    def close(self):
        self.context.close()

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
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds on each host (best counts)")
    parser.add_argument("--fill", action="store_true",
                        help="also fill one transposition table to its bound in the worker and report the heap")
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    positions = bench_positions()
    # The start is in the opening book (answered at depth 0, no search to time or cancel).
    args = {"positions": positions, "depth": options.depth, "time": options.time, "proofs": PROOFS,
            "timed": positions[1]}
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            worker = BrowserWorker(browser, url)
            cold = worker.start()
            warm = worker.restart()  # what a cancelled search costs: a fresh worker
            # Interleaved rounds, best of each: this machine's load varies.
            cpython_runs, browser_runs = [], []
            for _ in range(options.rounds):
                cpython_runs.append(worker_api.bench(dict(args)))
                browser_runs.append(worker.bench(args))
            interruptible = bool(warm["worker"].get("interruptible"))
            cancel_ms = [worker.cancel_latency(args["timed"]) for _ in range(3)] if interruptible else None
            fill = None
            if options.fill:
                fill = worker.bench(dict(args, positions=args["positions"][:1], fill=True))["fill"]
            worker.close()
            first_move = None if options.skip_page else page_first_move(browser, url)
            browser.close()
    finally:
        server.shutdown()
    cpython = max(cpython_runs, key=lambda run: run["nodes_per_second"])
    browser_result = max(browser_runs, key=lambda run: run["nodes_per_second"])
    browser_result["fill"] = fill

    same_nodes = [r["nodes"] for r in cpython["results"]] == [r["nodes"] for r in browser_result["results"]]
    report = {
        "positions": len(args["positions"]), "depth": options.depth, "same_nodes": same_nodes,
        "nodes": cpython["nodes"],
        "cpython_nodes_per_second": round(cpython["nodes_per_second"]),
        "browser_nodes_per_second": round(browser_result["nodes_per_second"]),
        "ratio_browser_to_cpython": round(browser_result["nodes_per_second"] / cpython["nodes_per_second"], 3),
        "proof_nodes_per_second": {
            "nodes": cpython["proofs"]["nodes"],
            "same_nodes": cpython["proofs"]["nodes"] == browser_result["proofs"]["nodes"],
            "cpython": round(cpython["proofs"]["nodes_per_second"]),
            "browser": round(browser_result["proofs"]["nodes_per_second"]),
            "ratio_browser_to_cpython": round(browser_result["proofs"]["nodes_per_second"]
                                              / cpython["proofs"]["nodes_per_second"], 3)},
        "depth_in_time": {"seconds": options.time, "cpython": cpython["timed"]["depth"],
                          "browser": browser_result["timed"]["depth"]},
        "rounds": options.rounds,
        "worker_ready_seconds": {"cold": round(cold["page_ms"] / 1000, 2), "restart": round(warm["page_ms"] / 1000, 2)},
        "cancel_ms": None if cancel_ms is None else [round(ms) for ms in cancel_ms],
        "worker_heap_mb": (round(browser_result["memory_bytes"] / 2 ** 20, 1)
                           if browser_result.get("memory_bytes") else None),
        "table_fill": browser_result.get("fill"),
        "page_first_computer_move_seconds": (None if first_move is None else
                                             {"cold": round(first_move[0], 2), "warm": round(first_move[1], 2)}),
    }
    if options.json:
        print(json.dumps(report, indent=2))
    else:
        print("Search speed, %d Kalah(6,4) positions to depth %d (%d nodes, same on both: %s), best of %d rounds" % (
            report["positions"], options.depth, report["nodes"], same_nodes, options.rounds))
        print("  CPython  %9d nodes/s" % report["cpython_nodes_per_second"])
        print("  browser  %9d nodes/s  (Pyodide worker in chromium)" % report["browser_nodes_per_second"])
        print("  ratio    %9.2f  (browser / CPython)" % report["ratio_browser_to_cpython"])
        proofs = report["proof_nodes_per_second"]
        print("Proofs of %d middle-game positions (%d nodes, same on both: %s): CPython %d nodes/s, "
              "browser %d nodes/s, ratio %.2f" % (len(PROOFS), proofs["nodes"], proofs["same_nodes"],
                                                  proofs["cpython"], proofs["browser"],
                                                  proofs["ratio_browser_to_cpython"]))
        print("Depth in %g s from %s: CPython %d, browser %d" % (
            options.time, args["timed"], report["depth_in_time"]["cpython"], report["depth_in_time"]["browser"]))
        print("Worker ready: cold %.2f s, restarted (as after a cancel) %.2f s; WebAssembly heap after the searches: %s MB" % (
            report["worker_ready_seconds"]["cold"], report["worker_ready_seconds"]["restart"], report["worker_heap_mb"]))
        if cancel_ms is not None:
            print("A running search cancelled (JSPI): answered after %s ms" % ", ".join(
                "%d" % ms for ms in cancel_ms))
        fill = browser_result.get("fill")
        if fill:
            print("Transposition table filled to %d entries in %.0f s: worker heap %.1f -> %.1f MB" % (
                fill["entries"], fill["seconds"], fill["memory_before"] / 2 ** 20, fill["memory_after"] / 2 ** 20))
        if first_move is not None:
            print("Play page, open to the computer's first move: cold %.2f s, warm %.2f s" % tuple(first_move))
    return 0


if __name__ == "__main__":
    sys.exit(main())
