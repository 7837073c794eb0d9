"""Where the Pyodide start goes in Chromium, Firefox and WebKit, in one run (docs/browsers.md).

    nice -n 10 .venv/bin/python -m tests.engines.measure_pyodide_start [rounds]

Each round starts each engine afresh on a new origin (nothing cached), runs
pyodide_phases.js in a module worker as the site's static/js/pyodide-worker.js starts
Pyodide, once loading our modules as source (before static/pyc/kalah.zip) and once, in a
second worker of the same page, from that archive (now), the order swapped every other
round (a second worker starts slower in WebKit); prints each phase's median in ms
for both and WebKit's ratio to the others, and writes every round to
test-artifacts/pyodide-phases.json.
"""

import json
import os
import pathlib
import statistics
import sys
from urllib.parse import urlsplit

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]

from scripts.harness.chromium import chromium_launch_options
from tests.engines import drivers
from tests.engines.conftest import QuietGuarded, serve

PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script>
  const run = (mode) => new Promise((resolve) => {
    const worker = new Worker("/__kalah_pyodide_phases.js", {type: "module"});
    worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
    worker.onerror = (event) => resolve({error: event.message});
    worker.postMessage(mode);
  });
  (async () => {
    // Every other round runs the archive first: WebKit's second worker starts slower.
    const archiveFirst = location.search === "?archive-first";
    const first = await run(archiveFirst ? "archive" : "source");
    const second = await run(archiveFirst ? "source" : "archive");
    const [source, archive] = archiveFirst ? [second, first] : [first, second];
    const error = source.error || archive.error;
    window.__phases = error ? {error} : {phases: {source: source.phases, archive: archive.phases}};
  })();
</script></body></html>"""
RESULT = "window.__phases"
OUT = ROOT / "test-artifacts" / "pyodide-phases.json"


class PhasesHandler(QuietGuarded):
    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/__kalah_pyodide_phases.html":
            return self._send(PAGE, "text/html; charset=utf-8")
        if path == "/__kalah_pyodide_phases.js":
            return self._send((HERE / "pyodide_phases.js").read_bytes(), "text/javascript; charset=utf-8")
        return super().do_GET()


def run_chromium(url):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function(RESULT, timeout=300_000)
        result = page.evaluate(RESULT)
        browser.close()
    return result


def run_driver(make, url):
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    driver = make([origin])
    try:
        driver.new_test()
        driver.goto(url)
        return driver.wait(RESULT, timeout=300)
    finally:
        driver.quit()


def main(rounds):
    rows = {"chromium": [], "firefox": [], "webkit": []}
    try:
        for round_ in range(rounds):
            for name in rows:
                server, base = serve(PhasesHandler)
                url = base + "__kalah_pyodide_phases.html" + ("?archive-first" if round_ % 2 else "")
                try:
                    if name == "chromium":
                        result = run_chromium(url)
                    else:
                        result = run_driver(drivers.Firefox if name == "firefox" else drivers.WebKit, url)
                finally:
                    server.shutdown()
                    server.server_close()
                assert "error" not in result, f"{name}: {result['error']}"
                rows[name].append(result["phases"])
                print(name, json.dumps(result["phases"]), file=sys.stderr, flush=True)
    finally:
        drivers.WebKit.stop_display()
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps({"load average": os.getloadavg(), "rounds": rows}, indent=1))
    print(f"medians of {rounds} rounds, ms; load average {os.getloadavg()[0]:.1f}")
    ratio = lambda a, b: f"{a / b:.1f}x" if b else "-"  # noqa: E731
    for mode in ("source", "archive"):
        first = rows["chromium"][0][mode]
        phases = [p for p in first if isinstance(first[p], (int, float))]
        median = {name: {p: statistics.median(r[mode][p] for r in rows[name]) for p in phases} for name in rows}
        print(f"\nour modules from {mode}")
        print("| phase | Chromium | Firefox | WebKit | WebKit / Chromium | WebKit / Firefox |")
        print("| --- | --- | --- | --- | --- | --- |")
        for p in phases:
            c, f, w = (median[name][p] for name in ("chromium", "firefox", "webkit"))
            print(f"| {p.strip()} | {c:.0f} | {f:.0f} | {w:.0f} | {ratio(w, c)} | {ratio(w, f)} |")
    print("\nsource / archive, per engine (medians):")
    for p in ("our files: fetch and write them", "import kalah.ai.worker_api (the computer's module)",
              "start to ready (whole)"):
        cells = []
        for name in rows:
            before = statistics.median(r["source"][p] for r in rows[name])
            after = statistics.median(r["archive"][p] for r in rows[name])
            cells.append(f"{name} {before:.0f} -> {after:.0f} ms ({ratio(before, after)})")
        print(f"{p}: " + "; ".join(cells))
    print("wasm Content-Type:", {name: rows[name][0]["source"]["wasm Content-Type"] for name in rows})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
