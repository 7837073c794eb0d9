"""Measure the page's player sandbox against today's lab worker, in one run.

    python3 -m scripts.bench.measure_lab_sandbox [--rounds 3] [--moves 30] [--json]

Headless chromium on lab.html (served locally). Per game start: from asking
for a player's runtime to its "ready" message; per move: one
`kalah.lab.worker_api:ask` (the rightmost bot, a position a few plies in)
and its answer. Today's runner (before issue 10): one module worker
(static/js/pyodide-worker.js) on the site's origin, which fetches Pyodide
itself, and is reused across games. The sandbox (static/js/bot-sandbox.js):
a sandboxed iframe per player with its own Pyodide started from bytes the
page hands in, new for every game: restoring the page's snapshot of Python
already started (now), and starting Python afresh (before the snapshot). The
three take turns, so a change of the machine's load hits all; the ratios are
what to read.
"""

import json
import os
import sys

from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MEASURE = """async ([kind, moves]) => {
    const args = {game: "g", side: 0, seed: 1, time: 1.0, start: null, moves: [3, 1],
                  player: {name: "right", source: "def select_move(board, lookahead):\\n    return board.legal_moves()[-1]\\n"}};
    let send, close;
    const waiting = new Map();
    let ready;
    const readyPromise = new Promise((resolve) => { ready = resolve; });
    const receive = (message) => {
        if (message.type === "ready") return ready();
        if (message.type === "result" || message.type === "error") waiting.get(message.id)(message);
    };
    const started = performance.now();
    if (kind === "today") {
        const worker = new Worker("./static/js/pyodide-worker.js", {type: "module"});
        worker.onmessage = (event) => receive(event.data);
        send = (text) => worker.postMessage(text);
        close = () => worker.terminate();
    } else {
        const sandbox = window.kalahBotSandbox.create((text) => { if (text.startsWith("{")) receive(JSON.parse(text)); },
                                                      {afresh: kind === "afresh"});
        send = (text) => sandbox.post(text);
        close = () => sandbox.close();
    }
    await readyPromise;
    const start = performance.now() - started;
    const call = (id) => new Promise((resolve) => {
        waiting.set(id, resolve);
        send(JSON.stringify({id, call: "kalah.lab.worker_api:ask", args}));
    });
    const first = await call(0);          // imports the lab's modules in today's worker
    if (first.type !== "result") throw new Error(JSON.stringify(first));
    const t = performance.now();
    for (let i = 1; i <= moves; i++) await call(i);
    const move = (performance.now() - t) / moves;
    close();
    return {start_ms: start, move_ms: move};
}"""


# today's worker; a sandbox starting its Python afresh; a sandbox restoring the page's snapshot (now).
KINDS = ("today", "afresh", "sandbox")


def main():
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    moves = int(sys.argv[sys.argv.index("--moves") + 1]) if "--moves" in sys.argv else 30
    from playwright.sync_api import sync_playwright
    server, url = start_server(ROOT, port=0)
    best = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            page = browser.new_page()
            page.goto(url + "lab.html")
            page.wait_for_function("document.body.dataset.ready === '1' && !!window.kalahBotSandbox",
                                   timeout=120_000)
            for _ in range(rounds):
                for kind in KINDS:
                    got = page.evaluate(MEASURE, [kind, moves])
                    for key, value in got.items():
                        best.setdefault(kind, {})[key] = min(value, best.get(kind, {}).get(key, value))
            browser.close()
    finally:
        server.shutdown()
    result = {kind: {k: round(v, 1 if k == "start_ms" else 2) for k, v in row.items()} for kind, row in best.items()}
    result["start_ratio"] = round(best["sandbox"]["start_ms"] / best["today"]["start_ms"], 2)
    result["snapshot_start_ratio"] = round(best["sandbox"]["start_ms"] / best["afresh"]["start_ms"], 2)
    result["move_ratio"] = round(best["sandbox"]["move_ms"] / best["today"]["move_ms"], 2)
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print("a player's start (best of %d): today's worker %.0f ms, the sandbox %.0f ms (%.2fx)" % (
        rounds, best["today"]["start_ms"], best["sandbox"]["start_ms"], result["start_ratio"]))
    print("the sandbox restoring the snapshot %.0f ms, starting Python afresh %.0f ms (%.2fx)" % (
        best["sandbox"]["start_ms"], best["afresh"]["start_ms"], result["snapshot_start_ratio"]))
    print("a move (mean of %d, best round): today's worker %.2f ms, the sandbox %.2f ms (%.2fx)" % (
        moves, best["today"]["move_ms"], best["sandbox"]["move_ms"], result["move_ratio"]))
    print("a game starts 2 sandboxes (today: 1 worker, kept from game to game)")


if __name__ == "__main__":
    main()
