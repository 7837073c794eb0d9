"""Startup of the play page against a baseline, measured in the same run.

The baseline (static/bench/minimal.html) is PyScript starting MicroPython and
setting data-ready with no kalah file and no page work: what no page of ours
can beat. Both pages are loaded cold (fresh context, empty cache) then warm
(the same context again), alternately, so machine load hits both alike; the
ratio is the figure to compare.

Times are from navigation start to <body data-ready="1">, stamped in the page
(no DevTools protocol attached: its per-request events slow a page of many
files more than a page of few). Bytes are the transfer sizes the page's
Resource Timing reports. The service worker is blocked: a first visit
registers it only after the page is ready, and its precache in the
background would blur the warm figures.

    .venv/bin/python scripts/measure_play.py [--runs 7] [--json] [--against DIR]
"""

import argparse
import json
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from measure_startup import chromium_launch_options  # noqa: E402
from serve import start_server  # noqa: E402

PAGES = (("baseline", "static/bench/minimal.html"), ("play", ""))

STAMP_READY = """
window.__readyAt = 0;
const timer = setInterval(() => {
  if (document.body && document.body.dataset.ready === "1") { window.__readyAt = performance.now(); clearInterval(timer); }
}, 5);
"""

READ = """() => ({
  ready: window.__readyAt,
  bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
           .reduce((sum, e) => sum + (e.transferSize || 0), 0),
})"""


def load(page, url):
    page.goto(url)
    page.wait_for_function("window.__readyAt > 0", timeout=60_000)
    return page.evaluate(READ)


def measure(base, runs, against=None):
    """{page name: {"cold": [...], "warm": [...]}}; `against`: another site's play page URL,
    measured in the same rounds as "against"."""
    from playwright.sync_api import sync_playwright

    targets = [(name, base + path) for name, path in PAGES]
    if against is not None:
        targets.append(("against", against))
    results = {name: {"cold": [], "warm": []} for name, _ in targets}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for round_number in range(runs):
            # The two play pages take turns going first, so neither always follows the baseline.
            order = targets if round_number % 2 == 0 else targets[:1] + targets[1:][::-1]
            for name, url in order:
                context = browser.new_context(service_workers="block")
                context.add_init_script(script=STAMP_READY)
                page = context.new_page()
                for kind in ("cold", "warm"):
                    results[name][kind].append(load(page, url))
                context.close()
        browser.close()
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", metavar="DIR",
                        help="another checkout of the site, set up (say, an earlier commit in a git worktree): "
                             "its play page is measured in the same rounds")
    options = parser.parse_args(argv)
    servers = [start_server(ROOT, port=0)]
    if options.against:
        servers.append(start_server(pathlib.Path(options.against).resolve(), port=0))
    try:
        results = measure(servers[0][1], options.runs, servers[1][1] if options.against else None)
    finally:
        for server, _ in servers:
            server.shutdown()
    summary = {}
    for name in results:
        for kind in ("cold", "warm"):
            runs = results[name][kind]
            summary["%s-%s" % (name, kind)] = {"ready_ms": round(statistics.median(r["ready"] for r in runs)),
                                                "bytes": round(statistics.median(r["bytes"] for r in runs))}
    for name in results:
        if name == "baseline":
            continue
        for kind in ("cold", "warm"):
            summary["%s/baseline-%s" % (name, kind)] = round(
                summary["%s-%s" % (name, kind)]["ready_ms"] / summary["baseline-" + kind]["ready_ms"], 2)
    if options.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{'page':<9} {'load':<5} {'ready ms':>9} {'bytes':>11}   (medians of {options.runs} runs)")
    for name in results:
        for kind in ("cold", "warm"):
            value = summary["%s-%s" % (name, kind)]
            print(f"{name:<9} {kind:<5} {value['ready_ms']:>9} {value['bytes']:>11,}")
    for name in results:
        if name != "baseline":
            for kind in ("cold", "warm"):
                print(f"{name}/baseline {kind}: {summary['%s/baseline-%s' % (name, kind)]:.2f}x the time")


if __name__ == "__main__":
    main()
