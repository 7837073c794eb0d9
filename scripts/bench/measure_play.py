"""Startup of the play page against a baseline, measured in the same run.

The baseline (static/bench/minimal.html) is PyScript starting MicroPython and
setting data-ready with no kalah file and no page work: what no page of ours
can beat. Each page is loaded cold (fresh context, empty cache) then warm
(the same context again), the pages in turn, so machine load hits them alike;
the ratio to the baseline is the figure to compare.

Times are from navigation start to <body data-ready="1">, stamped in the page
(no DevTools protocol attached: its per-request events slow a page of many
files more than a page of few). "python ms" is stamped too: from PyScript's
`mpy:ready` (fired on the script element just before its code runs) to
data-ready. It holds the page's imports, its drawing and the browser's first
render of what it drew, and PyScript's own `import pyscript`, which the bare
page pays as well: a page's own work is its figure less the baseline's ("own
Python"). "board ms" is the first frame drawn with the board in it (the play
page's first board is in its HTML, so before any Python runs; the bare page has
none: its ready time), compared with the bare page's ready time ("board shown at"). That
split moves far less from load to load than the whole start (a bare page alone
varies by 1.5x between loads on these machines). Bytes are the transfer sizes
the page's Resource Timing reports. The service worker is blocked: a first visit
registers it only after the page is ready, and its precache in the
background would blur the warm figures.

`--languages fr,ar` adds the play page in those languages (index.html#lang=fr: the head fetches
the catalog and keeps the page unseen until its Python has put the words in, so "board ms" is
the first frame with the board shown, i18n-pending gone), paired with English in the same rounds.

`--against DIR` serves another checkout too and measures its pages in the same
rounds (as NAME-against). `--floor` adds index.html's own markup and style
sheets with the bare page's Python in place of the play page's (no kalah
module, no preload): what any page showing the play page's content pays before
its own Python runs. scripts/bench/measure_replay.py measures the other pages with
the same functions.

    .venv/bin/python -m scripts.bench.measure_play [--runs 7] [--json] [--against DIR] [--floor] [--languages fr,ar]
"""

import argparse
import json
import pathlib
import re
import statistics

from scripts.harness.chromium import chromium_launch_options
from scripts.build.serve import start_server

ROOT = pathlib.Path(__file__).resolve().parents[2]

PAGES = (("baseline", "static/bench/minimal.html"), ("play", ""))
# Written by write_floor_page and removed after the run; beside index.html, so that its relative
# addresses (and PyScript's, which ignore <base>) mean the same.
FLOOR_PAGE = "play-floor.html"

STAMP_READY = """
window.__readyAt = 0;
window.__pythonAt = 0;
addEventListener("mpy:ready", () => { window.__pythonAt = window.__pythonAt || performance.now(); }, true);
const timer = setInterval(() => {
  if (document.body && document.body.dataset.ready === "1") { window.__readyAt = performance.now(); clearInterval(timer); }
}, 5);
window.__boardAt = 0;
(function frame() {   // the first frame drawn with the board in it (none on the bare page)
  // A page in another language than English is unseen until its words are in (html.i18n-pending).
  if (document.querySelector("#board .kb-house") && !document.documentElement.classList.contains("i18n-pending"))
    window.__boardAt = performance.now();
  else if (!window.__readyAt) requestAnimationFrame(frame);
})();
"""

READ = """() => ({
  // The browser's own paint marks (0 when it has none): its first frame, and its first with text or an image.
  paint: (performance.getEntriesByName('first-paint')[0] || {startTime: 0}).startTime,
  contentful: (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: 0}).startTime,
  ready: window.__readyAt,
  board: window.__boardAt || window.__readyAt,
  python: window.__readyAt - window.__pythonAt,
  bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
           .reduce((sum, e) => sum + (e.transferSize || 0), 0),
})"""


def floor_page_html(index_html, baseline_html):
    """index.html with its Python swapped for the baseline's: the same markup and style sheets,
    PyScript loaded as the baseline loads it, no preload and no other script."""
    head, body = index_html.split("</head>", 1)
    stylesheets = re.findall(r'<link rel="stylesheet"[^>]*>', head)
    bare_script = re.search(r'<script type="mpy".*?</script>', baseline_html, re.S).group(0)
    bare_script = bare_script.replace("../vendor/", "./static/vendor/")
    body = re.sub(r'<script type="mpy".*?</script>', bare_script, body, flags=re.S)
    return "\n".join(['<!doctype html>', '<html lang="en">', '<head>', '  <meta charset="utf-8">',
                      '  <title>Floor: the play page\'s markup, the bare page\'s Python</title>',
                      '  <link rel="icon" href="data:,">', *("  " + link for link in stylesheets),
                      '  <script type="module" src="./static/vendor/pyscript/core.js"></script>',
                      '</head>']) + body


def write_floor_page(root):
    path = root / FLOOR_PAGE
    path.write_text(floor_page_html((root / "index.html").read_text(), (root / PAGES[0][1]).read_text()))
    return path


def load(page, url):
    page.goto(url)
    page.wait_for_function("window.__readyAt > 0", timeout=60_000)
    # A page shown only once its words are in has its first contentful paint a frame after that.
    # The bare page shows nothing, so it has none (its figure reads 0).
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0"
                           " || !document.body.innerText.trim()", timeout=60_000)
    return page.evaluate(READ)


def measure(targets, runs, rotate=False):
    """{name: {"cold": [...], "warm": [...]}} for the (name, url) targets, the baseline first (with
    `rotate`, no baseline: each target goes first in turn)."""
    from playwright.sync_api import sync_playwright

    results = {name: {"cold": [], "warm": []} for name, _ in targets}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for round_number in range(runs):
            # The pages after the baseline take turns going first, so none always follows it.
            if rotate:
                order = targets[round_number % len(targets):] + targets[:round_number % len(targets)]
            else:
                order = targets if round_number % 2 == 0 else targets[:1] + targets[1:][::-1]
            for name, url in order:
                context = browser.new_context(service_workers="block")
                context.add_init_script(script=STAMP_READY)
                page = context.new_page()
                results[name]["cold"].append(load(page, url))
                page.goto("about:blank")  # a URL with a #fragment would otherwise not load again
                results[name]["warm"].append(load(page, url))
                context.close()
        browser.close()
    return results


def summarize(results):
    """Medians of each page's ready time and bytes, and each page's time over the baseline's."""
    summary = {}
    for name in results:
        for kind in ("cold", "warm"):
            runs = results[name][kind]
            summary["%s-%s" % (name, kind)] = {"ready_ms": round(statistics.median(r["ready"] for r in runs)),
                                                "board_ms": round(statistics.median(r["board"] for r in runs)),
                                                "python_ms": round(statistics.median(r["python"] for r in runs)),
                                                "bytes": round(statistics.median(r["bytes"] for r in runs))}
    for name in results:
        if name == "baseline":
            continue
        for kind in ("cold", "warm"):
            summary["%s/baseline-%s" % (name, kind)] = round(
                summary["%s-%s" % (name, kind)]["ready_ms"] / summary["baseline-" + kind]["ready_ms"], 2)
            summary["%s-board/baseline-%s" % (name, kind)] = round(
                summary["%s-%s" % (name, kind)]["board_ms"] / summary["baseline-" + kind]["ready_ms"], 2)
            summary["%s-own-python-%s" % (name, kind)] = (
                summary["%s-%s" % (name, kind)]["python_ms"] - summary["baseline-" + kind]["python_ms"])
    return summary


def report(results, runs, as_json):
    summary = summarize(results)
    if as_json:
        print(json.dumps(summary, indent=2))
        return
    width = max(len(name) for name in results) + 1
    print(f"{'page':<{width}} {'load':<5} {'ready ms':>9} {'board ms':>9} {'python ms':>10} {'bytes':>11}"
          f"   (medians of {runs} runs)")
    for name in results:
        for kind in ("cold", "warm"):
            value = summary["%s-%s" % (name, kind)]
            print(f"{name:<{width}} {kind:<5} {value['ready_ms']:>9} {value['board_ms']:>9} {value['python_ms']:>10}"
                  f" {value['bytes']:>11,}")
    for name in results:
        if name != "baseline":
            for kind in ("cold", "warm"):
                print(f"{name}/baseline {kind}: {summary['%s/baseline-%s' % (name, kind)]:.2f}x the time, "
                      f"board shown at {summary['%s-board/baseline-%s' % (name, kind)]:.2f}x, "
                      f"own Python {summary['%s-own-python-%s' % (name, kind)]} ms")


def add_options(parser):
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", metavar="DIR",
                        help="another checkout of the site, set up (say, an earlier commit in a git worktree): "
                             "its pages are measured in the same rounds, named NAME-against")


def run(pages, options, extra=()):
    """Measure `pages` ((name, path) pairs, the baseline first) and `extra` ones of this checkout, and
    with --against the same pages (not the baseline) of another checkout, in the same rounds."""
    servers = [start_server(ROOT, port=0)]
    if options.against:
        servers.append(start_server(pathlib.Path(options.against).resolve(), port=0))
    targets = [(name, servers[0][1] + path) for name, path in list(pages) + list(extra)]
    if options.against:
        targets += [(name + "-against", servers[1][1] + path) for name, path in pages[1:]]
    try:
        results = measure(targets, options.runs)
    finally:
        for server, _ in servers:
            server.shutdown()
    report(results, options.runs, options.json)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_options(parser)
    parser.add_argument("--floor", action="store_true",
                        help="also measure index.html's markup and style sheets with the bare page's Python")
    parser.add_argument("--languages", default="",
                        help="also measure the play page in these languages (comma-separated codes: fr,ar)")
    options = parser.parse_args(argv)
    floor_path = write_floor_page(ROOT) if options.floor else None
    extra = [("floor", FLOOR_PAGE)] if options.floor else []
    extra += [("play-" + code, "index.html#lang=" + code) for code in options.languages.split(",") if code]
    try:
        run(PAGES, options, extra)
    finally:
        if floor_path:
            floor_path.unlink()


if __name__ == "__main__":
    main()
