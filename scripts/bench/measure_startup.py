"""Measure how fast a page of the site becomes usable in headless chromium.

For each run: a cold load (fresh browser context, empty cache) and a warm load
(the same context navigating again). Times are from navigation start to the
page's ready marker (<body data-ready="1"> by default) and, optionally, to a
second milestone given as a JS expression (e.g. the AI worker's first answer).
Bytes are what crossed the network: encodedDataLength from the page's CDP
session, plus Playwright's sizes for requests made by workers, which the page's
CDP session does not see.

    .venv/bin/python -m scripts.bench.measure_startup [PATH] [--runs 3] [--json]
        [--ready-selector 'body[data-ready="1"]'] [--worker-ready 'window.kalahAiReady === true']
"""

import argparse
import json
import pathlib
import statistics

from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Polls in the page from its first instant and stamps performance.now() (ms
# since navigation start) when each milestone is first seen.
MILESTONE_SCRIPT = """
(([readySelector, workerReady]) => {
  const marks = window.__kalahMarks = {};
  const check = () => {
    if (marks.ready === undefined && document.querySelector(readySelector)) marks.ready = performance.now();
    if (marks.error === undefined && document.querySelector('body[data-ready="error"]')) marks.error = performance.now();
    if (workerReady && marks.worker === undefined) {
      try { if (eval(workerReady)) marks.worker = performance.now(); } catch (e) {}
    }
  };
  const timer = setInterval(check, 5);
  addEventListener("DOMContentLoaded", check);
})
"""


def measure_load(context, page, url, options, timeout_ms):
    """Navigate page to url; return ms to each milestone, bytes and request count."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    page_bytes, page_urls, all_requests = {}, set(), []
    cdp.on("Network.loadingFinished", lambda e: page_bytes.__setitem__(e["requestId"], e["encodedDataLength"]))
    cdp.on("Network.requestWillBeSent", lambda e: page_urls.add(e["request"]["url"]))
    record = lambda request: all_requests.append(request)  # noqa: E731 (playwright tags handlers, builtins refuse)
    page.on("requestfinished", record)

    page.goto(url, wait_until="commit")
    wanted = "m => m.ready !== undefined || m.error !== undefined"
    if options.worker_ready:
        wanted = "m => (m.ready !== undefined && m.worker !== undefined) || m.error !== undefined"
    page.wait_for_function(f"({wanted})(window.__kalahMarks || {{}})", timeout=timeout_ms)
    marks = page.evaluate("window.__kalahMarks")
    if "error" in marks:
        raise SystemExit(f"{url}: the page reported data-ready=\"error\":\n{page.inner_text('body')}")

    worker_bytes = 0
    for request in all_requests:
        if request.url not in page_urls and not request.url.startswith(("data:", "blob:")):
            sizes = request.sizes()
            worker_bytes += max(0, sizes["responseBodySize"]) + sizes["responseHeadersSize"]
    page.remove_listener("requestfinished", record)
    cdp.detach()
    return {
        "ready_ms": round(marks["ready"]),
        "worker_ms": round(marks["worker"]) if "worker" in marks else None,
        "bytes": sum(page_bytes.values()) + worker_bytes,
        "requests": len(all_requests),
    }


def measure(url, options):
    from playwright.sync_api import sync_playwright

    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for run in range(1, options.runs + 1):
            context = browser.new_context()  # a fresh context starts with an empty cache
            context.add_init_script(script=f"{MILESTONE_SCRIPT}({json.dumps([options.ready_selector, options.worker_ready])})")
            page = context.new_page()
            for kind in ("cold", "warm"):
                results.append({"run": run, "load": kind, **measure_load(context, page, url, options, options.timeout * 1000)})
            context.close()
        browser.close()
    return results


def summarize(results):
    def median(kind, key):
        values = [r[key] for r in results if r["load"] == kind and r[key] is not None]
        return statistics.median(values) if values else None

    summary = {kind: {key: median(kind, key) for key in ("ready_ms", "worker_ms", "bytes")} for kind in ("cold", "warm")}
    cold, warm = summary["cold"], summary["warm"]
    summary["warm_over_cold"] = {
        key: warm[key] / cold[key] if cold[key] and warm[key] is not None else None
        for key in ("ready_ms", "worker_ms", "bytes")
    }
    return summary


def print_table(url, results, summary):
    print(f"{url}")
    print(f"{'run':>3} {'load':<5} {'ready ms':>9} {'worker ms':>10} {'bytes':>11} {'requests':>9}")
    for r in results:
        worker = "-" if r["worker_ms"] is None else r["worker_ms"]
        print(f"{r['run']:>3} {r['load']:<5} {r['ready_ms']:>9} {worker:>10} {r['bytes']:>11,} {r['requests']:>9}")
    for kind in ("cold", "warm"):
        s = summary[kind]
        worker = "-" if s["worker_ms"] is None else f"{s['worker_ms']:.0f}"
        print(f"median {kind}: ready {s['ready_ms']:.0f} ms, worker {worker} ms, {s['bytes']:,.0f} bytes")
    ratio = summary["warm_over_cold"]
    print(f"warm/cold: ready time {ratio['ready_ms']:.3g}, bytes {ratio['bytes']:.3g}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default="/", help="page path on the site (default /)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", help="measure this base URL instead of serving the repository")
    parser.add_argument("--ready-selector", default='body[data-ready="1"]', help="CSS selector that marks the page ready")
    parser.add_argument("--worker-ready", help="JS expression that becomes true at a second milestone")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for each load")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    options = parser.parse_args(argv)

    server = None
    base = options.url
    if base is None:
        server, base = start_server(ROOT, port=0)
    url = base.rstrip("/") + "/" + options.path.lstrip("/")
    try:
        results = measure(url, options)
    finally:
        if server:
            server.shutdown()
    summary = summarize(results)
    if options.json:
        print(json.dumps({"url": url, "runs": results, "median": summary}, indent=2))
    else:
        print_table(url, results, summary)


if __name__ == "__main__":
    main()
