"""Debian's chromium as the tests, the benchmarks and make_icons.py launch it, and its traces.

One launch recipe, so a figure measured by a benchmark and a test's verdict come from the
same browser with the same flags.
"""

import os
import time

CHROMIUM = os.environ.get("KALAH_CHROMIUM", "/usr/bin/chromium")  # Debian's; playwright's own download is unreachable
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    # Chromium's own traffic (updates, sync, QUIC probes) would pollute the
    # request guard and the byte counts.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TRACE_TIMEOUT_MS = 90_000  # as every wait of the browser tests (tests/browser/conftest.py)

# The page's main thread in a chromium trace: "toplevel" has one event per task,
# with its wall time (dur) and thread (CPU) time (tdur), in microseconds.
TRACE = {"traceConfig": {"includedCategories": ["toplevel"]}, "transferMode": "ReportEvents"}


def chromium_launch_options():
    """Launch options for playwright's chromium.launch()."""
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


def traced(page, action):
    """Run action() while chromium traces; the trace's events."""
    cdp = page.context.new_cdp_session(page)
    events, complete = [], []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda message: complete.append(True))
    cdp.send("Tracing.start", TRACE)
    try:
        action()
    finally:
        cdp.send("Tracing.end")
        # The events arrive after Tracing.end, while playwright waits: wait for the last one.
        deadline = time.monotonic() + TRACE_TIMEOUT_MS / 1000
        while not complete:
            assert time.monotonic() < deadline, "chromium did not finish the trace"
            page.wait_for_timeout(20)
        cdp.detach()
    return events


def main_thread_tasks(events):
    """(CPU ms, wall ms, what posted it) of every task of the renderers' main threads."""
    threads = {(e["pid"], e["tid"]) for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"}
    return [(e.get("tdur", 0) / 1000, e["dur"] / 1000, e.get("args", {}).get("src_func", "?"))
            for e in events if e.get("name") == "ThreadControllerImpl::RunTask" and e.get("ph") == "X"
            and (e["pid"], e["tid"]) in threads]
