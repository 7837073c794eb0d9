"""Honest players' forfeits in the lab page, idle or busy (issue 37's "fairness").

    python3 -m scripts.bench.measure_lab_fairness [--runs 3] [--time 0.2] [--json]
    /path/to/busy 600 & python3 -m scripts.bench.measure_lab_fairness; kill %1    # both cores busy

Headless chromium on lab.html (served locally): the lab's template player, greedy and random in a
round robin with seed 7, RUNS times, each in a fresh page, as tests/browser/test_lab.py plays it.
Per run: the forfeits (who, and why), whether the standings equal the command line's for the same
tournament, the tournament's wall time, and the frame's time of each player's answer (the
referee's clock: bot-sandbox.js) against the move's wall ceiling. Reads nothing from the players:
the page's own sandboxes are wrapped, the referee is the page's. The site must be built (the
tests' first run, or ./scripts/setup.sh).
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import time

from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Keeps the frame's time of every answer (result or error) a sandbox gives, before the referee reads it.
WATCH_ANSWERS = """
(() => {
  window.kalahAnswers = [];
  let wrapped;
  Object.defineProperty(window, "kalahBotSandbox", {
    configurable: true,
    get() { return wrapped; },
    set(real) {
      wrapped = { ...real, create(onMessage) {
        return real.create((text, source, ms) => {
          if (source === "worker" && /"type": ?"result"/.test(text)) {
            window.kalahAnswers.push(ms);
          }
          return onMessage(text, source, ms);
        });
      } };
    },
  });
})();
"""


def command_line_standings(template, time_limit):
    from kalah.cli import tournament as cli
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "template.py")
        with open(path, "w") as handle:
            handle.write(template)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            cli.main([path, "--players", "random,greedy", "--rounds", "robin", "--time", time_limit,
                      "--seed", "7", "--json", "--quiet"])
    return [[str(row[k]) for k in ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points",
                                   "seeds")] for row in json.loads(out.getvalue())["standings"]]


def play(browser, url, template, time_limit):
    page = browser.new_page()
    page.add_init_script(WATCH_ANSWERS)
    page.goto(url + "lab.html")
    page.wait_for_function("document.body.dataset.ready === '1' && !!window.kalahBotSandbox", timeout=120_000)
    page.fill("#player-name", "template")
    page.fill("#code", template)
    page.click("#save")
    page.fill("#time-limit", time_limit)
    for value in ("saved:template", "ai:greedy", "ai:random"):
        page.check("#entrants input[value='%s']" % value)
    page.fill("#tournament-seed", "7")
    page.dispatch_event("#tournament-seed", "change")
    started = time.monotonic()
    page.click("#t-start")
    page.wait_for_function("document.body.dataset.tournament === 'finished'", timeout=900_000)
    seconds = time.monotonic() - started
    rows = page.eval_on_selector_all(
        "#standings tbody tr", "rows => rows.map(r => Array.from(r.children).map(c => c.textContent))")
    answers = page.evaluate("window.kalahAnswers")
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.lab.tournament.'))"
                           ".map(k => localStorage.getItem(k))")
    page.close()
    forfeits = []
    for text in stored:
        for game in json.loads(text).get("games", {}).values():
            if game.get("forfeit"):
                forfeit = game["forfeit"]
                forfeits.append("%s: %s: %s" % (game["names"][forfeit["side"]], forfeit["kind"], forfeit["reason"]))
    return {"rows": rows, "forfeits": forfeits, "seconds": round(seconds, 1),
            "answers": len(answers), "max_answer_ms": round(max(answers or [0]))}


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    time_limit = sys.argv[sys.argv.index("--time") + 1] if "--time" in sys.argv else "0.2"
    from kalah.lab.game import wall_ceiling
    from playwright.sync_api import sync_playwright
    with open(os.path.join(ROOT, "kalah", "lab", "templates", "select_move.py")) as handle:
        template = handle.read()
    expected = command_line_standings(template, time_limit)
    server, url = start_server(ROOT, port=0)
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for run in range(runs):
                load = os.getloadavg()[0]
                result = play(browser, url, template, time_limit)
                result.update(run=run + 1, load_before=round(load, 1), load_after=round(os.getloadavg()[0], 1),
                              same_as_command_line=result["rows"] == expected)
                results.append(result)
                if "--json" not in sys.argv:
                    print("run %(run)d (load %(load_before)s -> %(load_after)s): %(seconds)s s, %(answers)d answers, "
                          "slowest %(max_answer_ms)d ms, forfeits %(count)d, same standings as the command line: "
                          "%(same_as_command_line)s" % dict(result, count=len(result["forfeits"])))
                    for forfeit in result["forfeits"]:
                        print("    " + forfeit)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if "--json" in sys.argv:
        print(json.dumps({"time": time_limit, "ceiling_s": wall_ceiling(float(time_limit)), "runs": results}))
    else:
        print("honest forfeits: %d in %d runs (ceiling %g s a move)"
              % (sum(len(r["forfeits"]) for r in results), runs, wall_ceiling(float(time_limit))))


if __name__ == "__main__":
    main()
