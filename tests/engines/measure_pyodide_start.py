"""Where the Pyodide start goes in Chromium, Firefox and WebKit, in one run (docs/browsers.md).

    nice -n 10 .venv/bin/python -m tests.engines.measure_pyodide_start [rounds]

Each round starts each engine afresh on a new origin (nothing cached), runs
pyodide_phases.js in a module worker as the site's static/js/pyodide-worker.js starts
Pyodide, and reads its phases; prints each phase's median in ms and WebKit's ratio to the
others, and writes every round to test-artifacts/pyodide-phases.json.
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
  const worker = new Worker("/__kalah_pyodide_phases.js", {type: "module"});
  worker.onmessage = (event) => { window.__phases = event.data; };
  worker.onerror = (event) => { window.__phases = {error: event.message}; };
  worker.postMessage("start");
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
        for _ in range(rounds):
            for name in rows:
                server, base = serve(PhasesHandler)
                url = base + "__kalah_pyodide_phases.html"
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
    phases = [p for p in rows["webkit"][0] if isinstance(rows["webkit"][0][p], (int, float))]
    median = {name: {p: statistics.median(r[p] for r in rows[name]) for p in phases} for name in rows}
    print(f"medians of {rounds} rounds, ms; load average {os.getloadavg()[0]:.1f}")
    print("| phase | Chromium | Firefox | WebKit | WebKit / Chromium | WebKit / Firefox |")
    print("| --- | --- | --- | --- | --- | --- |")
    for p in phases:
        c, f, w = (median[name][p] for name in ("chromium", "firefox", "webkit"))
        ratio = lambda a, b: f"{a / b:.1f}x" if b else "-"  # noqa: E731
        print(f"| {p.strip()} | {c:.0f} | {f:.0f} | {w:.0f} | {ratio(w, c)} | {ratio(w, f)} |")
    print("wasm Content-Type:", {name: rows[name][0]["wasm Content-Type"] for name in rows})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
