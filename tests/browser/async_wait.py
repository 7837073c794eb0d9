"""Waiting for a condition that only an async page function can answer (Cache Storage, for one).

Playwright's `page.wait_for_function` takes the promise an async function returns for a true value,
so it returns at once, before the condition holds; `page.evaluate` awaits the promise. The guard
in tests/test_browser_waits.py keeps async functions out of `wait_for_function`."""

import time


def wait_for_async(page, script, arg=None, timeout=120):
    """The first true value of the async function `script` (called with `arg`), polled every
    quarter second; AssertionError naming the script after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        assert time.monotonic() < deadline, "still not true after %g s: %s" % (timeout, " ".join(script.split())[:300])
        page.wait_for_timeout(250)
