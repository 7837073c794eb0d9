#!/usr/bin/env python3
"""Nodes per second of the search under CPython and under Pyodide (node), in one run.

    python3 -m scripts.bench.bench_search            # both, and their ratio
    python3 -m scripts.bench.bench_search --cpython  # CPython only
    python3 -m scripts.bench.bench_search --base evaluation=0 --compare evaluation=1  # two Search settings

The same code (BENCH below) searches the same positions to the same depth
in both interpreters (the fastest of three passes; CPython before and after
Pyodide, the better kept), without an endgame table, each from an empty
transposition table; then the depth reached in one second from the
Kalah(6,4) start. Pyodide comes from node_modules (npm ci / scripts/setup.sh).
With --compare SETTING (Search keyword arguments, as selfplay.py takes them)
each interpreter also runs the setting, the passes alternating with the
base search's (the defaults, or --base SETTING), and the setting's nodes per
second are given as a ratio to the base's in the same interpreter.
--only RULES keeps that rule set's positions alone, e.g. --only "kalah(6,4)".
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BENCH = r'''
import json, time
from kalah import Board
from kalah.ai.search import Search

POSITIONS = [
    "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S",
    "kalah(6,4)/5,5,0,6,6,6,2,5,5,1,5,0,0,2/S",
    "kalah(6,4)/0,7,2,1,8,1,6,1,6,0,6,2,1,7/N",
    "kalah(6,6)/6,6,6,6,6,6,0,6,6,6,6,6,6,0/S",
    "oware/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S",
]
DEPTH = %(depth)d
ONLY = %(only)r  # a rule set's positions alone (--only), else None
SETTINGS = %(settings)r   # the base search, then the one compared with it


def one_pass(options):
    nodes = 0
    seconds = 0.0
    for text in POSITIONS:
        if ONLY and not text.startswith(ONLY + "/"):
            continue
        board = Board(position=text)
        search = Search(board.rules, **options)
        started = time.perf_counter()
        analysis = search.analyse(board, None, max_depth=DEPTH, all_values=False)
        seconds += time.perf_counter() - started
        nodes += analysis.nodes
    return nodes, seconds


def run():
    best = [None] * len(SETTINGS)
    for _ in range(3):  # the fastest of three: the machine's other load only slows down
        for i, options in enumerate(SETTINGS):
            nodes, seconds = one_pass(options)
            if best[i] is None or seconds < best[i][1]:
                best[i] = (nodes, seconds)
    results = []
    for (nodes, seconds), options in zip(best, SETTINGS):
        start = Board("kalah(6,4)")
        one_second = Search(start.rules, **options).analyse(start, 1.0, all_values=False)
        results.append({"nodes": nodes, "seconds": round(seconds, 3), "nodes_per_second": round(nodes / seconds),
                        "depth_in_1s": one_second.depth, "nodes_in_1s": one_second.nodes})
    result = results[0]
    if len(results) > 1:
        result["compared"] = results[1]
    return result


print("RESULT " + json.dumps(run()))
'''


def result_of(output):
    for line in output.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise SystemExit("benchmark printed no result:\n" + output)


def compared_ratio(result):
    """The compared setting's nodes per second over the base search's, in one interpreter's run."""
    return result["compared"]["nodes_per_second"] / result["nodes_per_second"]


def main():
    from scripts.bench.search_settings import keywords
    depth = 9
    settings = [{}]
    if "--base" in sys.argv:
        settings = [keywords(sys.argv[sys.argv.index("--base") + 1])]
    if "--compare" in sys.argv:
        settings.append(keywords(sys.argv[sys.argv.index("--compare") + 1]))
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    code = BENCH % {"depth": depth, "settings": settings, "only": only}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(code)
    try:
        def cpython_run():
            return result_of(subprocess.run([sys.executable, handle.name], cwd=ROOT, capture_output=True,
                                            text=True, env=dict(os.environ, PYTHONPATH=ROOT)).stdout)

        cpython = cpython_run()
        print("CPython %s: %s" % (sys.version.split()[0], cpython))
        if "--cpython" in sys.argv:
            if len(settings) > 1:
                print("compared/base nodes per second: CPython %.2f" % compared_ratio(cpython))
            return
        run = subprocess.run(["node", os.path.join(ROOT, "scripts", "bench", "bench_pyodide.mjs"), handle.name],
                             cwd=ROOT, capture_output=True, text=True)
        pyodide = result_of(run.stdout + run.stderr)
        print("Pyodide (node): %s" % pyodide)
        # CPython again, after Pyodide: keep its better run, so a burst of
        # load during one of them does not decide the ratio.
        again = cpython_run()
        print("CPython again: %s" % again)
        if again["nodes_per_second"] > cpython["nodes_per_second"]:
            cpython = again
        print("ratio Pyodide/CPython nodes per second: %.2f" % (pyodide["nodes_per_second"] / cpython["nodes_per_second"]))
        if len(settings) > 1:
            print("compared/base nodes per second: CPython %.2f, Pyodide %.2f" % (
                compared_ratio(cpython), compared_ratio(pyodide)))
    finally:
        os.unlink(handle.name)


if __name__ == "__main__":
    main()
