"""Honest players' forfeits in the lab page, idle or busy (issue 37's "fairness").

    python3 -m scripts.bench.measure_lab_fairness [--runs 3] [--time 0.2] [--json]
    /path/to/busy 600 & python3 -m scripts.bench.measure_lab_fairness; kill %1    # both cores busy

Headless chromium on lab.html (served locally): the lab's template player, greedy and random in a
round robin with seed 7, RUNS times, each in a fresh page, set up and played as the lab's browser
tests do (scripts/harness/lab_page.py).
Per run: the forfeits (who, and why), whether the standings equal the command line's for the same
tournament, the tournament's wall time, and the frame's time of each player's answer (the
referee's clock: bot-sandbox.js) against the move's wall ceiling. Reads nothing from the players:
the page's own sandboxes are wrapped, the referee is the page's. The site must be built (the
tests' first run, or ./scripts/setup.sh).
"""

import json
import os
import sys
import tempfile
import time

from scripts.harness import lab_page
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


# The tournament each run sets up on the page (its #t-command), and the command line runs once.
COMMAND = "python -m kalah tournament template.py --players random,greedy --rounds robin --time %s --seed 7"


def play(browser, url, template, time_limit):
    """One run in a fresh page: its standings, forfeits, wall time and answers, and the page's command."""
    page = browser.new_page()
    page.add_init_script(WATCH_ANSWERS)
    page.goto(url + "lab.html")
    page.wait_for_function("document.body.dataset.ready === '1' && !!window.kalahBotSandbox", timeout=120_000)
    command = lab_page.set_up(page, {"template": template}, ("greedy", "random"), time_limit, seed=7)
    started = time.monotonic()
    page.click("#t-start")
    lab_page.wait_finished(page, timeout=900_000)
    seconds = time.monotonic() - started
    rows = lab_page.standings(page)
    answers = page.evaluate("window.kalahAnswers")
    forfeits = [": ".join(forfeit) for forfeit in lab_page.kept_forfeits(page)]
    page.close()
    return {"rows": rows, "forfeits": forfeits, "seconds": round(seconds, 1), "command": command,
            "answers": len(answers), "max_answer_ms": round(max(answers or [0]))}


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    time_limit = sys.argv[sys.argv.index("--time") + 1] if "--time" in sys.argv else "0.2"
    from kalah.lab.game import wall_ceiling
    from playwright.sync_api import sync_playwright
    with open(os.path.join(ROOT, "kalah", "lab", "templates", "select_move.py")) as handle:
        template = handle.read()
    command = COMMAND % time_limit
    with tempfile.TemporaryDirectory() as folder:
        expected = lab_page.command_line_standings(command, {"template": template}, folder)
    server, url = start_server(ROOT, port=0)
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for run in range(runs):
                load = os.getloadavg()[0]
                result = play(browser, url, template, time_limit)
                result.update(run=run + 1, load_before=round(load, 1), load_after=round(os.getloadavg()[0], 1),
                              same_as_command_line=result.pop("command") == command and result["rows"] == expected)
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
