"""What the lab referee's sampler reads against what a computing player suffers (issue 37).

    python3 -m scripts.bench.measure_referee_sampler [--seconds 10] [--runs 3]
    /path/to/busy 600 & python3 -m scripts.bench.measure_referee_sampler; kill %1    # both cores busy

Headless chromium on lab.html (served locally). Per run, for SECONDS: a CPU-bound worker of the
page (a player that computes all along, as an honest slow move or a forger does) times fixed
chunks of work, and the page's sampler (static/js/referee-sampler.js, started as the referee
starts it) reads beside it. Prints the worker's slowdown (its chunks' time over its best chunk's)
and the sampler's: wall time over effective time, with the plain slowdown and with its square
(kalah.web.lab.move_clock.stretch, the rule's). The referee is fair to an honest player when the
square is not far below the worker's slowdown (the ceiling leaves 3 x the limit + 1 s besides).
"""

import os
import sys
import time

from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Computes all along in chunks, keeping its total time and what it would have been at its best.
COMPUTING = """
let best = Infinity, total = 0, ideal = 0, sink = 0, stop = false;
function chunk() { let x = sink | 1; for (let i = 0; i < 200000; i++) x = (x * 31 + i) % 1000003; sink = x; }
for (let i = 0; i < 50; i++) chunk();
onmessage = () => { stop = true; postMessage([total, ideal]); };
function run() {
  const end = performance.now() + 200;
  while (performance.now() < end) {
    const start = performance.now();
    chunk();
    const took = performance.now() - start;
    best = Math.min(best, took);
    total += took;
    ideal += best;
  }
  if (!stop) setTimeout(run, 0);
}
run();
"""

START = """(source) => {
  window.computing = new Worker(URL.createObjectURL(new Blob([source])));
  window.readings = [];
  const sampler = window.kalahBotSandbox.sampler((slowdown) => window.readings.push([performance.now(), slowdown]));
  setTimeout(() => sampler.run(), 1000);
}"""

STOP = "new Promise((done) => { computing.onmessage = (event) => done(event.data); computing.postMessage('stop'); })"


def wall_over_effective(readings, power):
    from kalah.web.lab.move_clock import MAX_SLOWDOWN
    wall = readings[-1][0] - readings[0][0]
    effective = sum((readings[i][0] - readings[i - 1][0]) / min(max(readings[i][1], 1.0), MAX_SLOWDOWN) ** power
                    for i in range(1, len(readings)))
    return wall / effective


def main():
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 10.0
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    from playwright.sync_api import sync_playwright
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            for run in range(runs):
                page = browser.new_page()
                page.goto(url + "lab.html")
                page.wait_for_function("!!window.kalahBotSandbox", timeout=120_000)
                load = os.getloadavg()[0]
                page.evaluate(START, COMPUTING)
                time.sleep(seconds)
                total, ideal = page.evaluate(STOP)
                readings = page.evaluate("window.readings")
                page.close()
                print("run %d (load %.1f): computing worker %.2f x slower; sampler %.2f, squared %.2f (%d readings)"
                      % (run + 1, load, total / ideal, wall_over_effective(readings, 1),
                         wall_over_effective(readings, 2), len(readings)))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
