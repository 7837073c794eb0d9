"""Browser test harness: Debian's chromium, the site on a local port, guards.

Every test here is marked `browser` by tests/conftest.py (so `pytest -m "not browser"` skips them)
and every browser context a test gets through `page`, `context` or
`new_context` is guarded: after the test, each request must have stayed on the
site's own origin (the site must work offline from its own files) and the page
and its workers must have logged no console error and thrown no uncaught
error. Mark a test `@pytest.mark.allow_console_errors` to lift the second rule.
"""

import pathlib
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scripts.build.serve import start_server
from scripts.harness.chromium import chromium_launch_options  # one launch recipe for tests and benchmarks

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"

# Waiting for a condition costs nothing once it holds, so every wait may be long: on a
# 2-core machine kept busy by other work a cold start has taken 20 s. Every wait of every
# context (actions, wait_for_function, locators) and of expect() defaults to this.
DEFAULT_TIMEOUT_MS = 90_000
READY_TIMEOUT_MS = DEFAULT_TIMEOUT_MS
expect.set_options(timeout=DEFAULT_TIMEOUT_MS)


def pytest_configure(config):
    # Keep pytest-playwright's own artifacts (failure screenshots) with ours.
    if config.getoption("--output", None) == "test-results":
        config.option.output = str(ARTIFACTS / "playwright")
    if config.getoption("--screenshot", None) == "off":
        config.option.screenshot = "only-on-failure"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **chromium_launch_options()}


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL (ending in /) of the repository (built: tests/conftest.py) served on a free local port."""
    server, url = start_server(ROOT, port=0)
    yield url
    server.shutdown()
    server.server_close()


class SiteGuard:
    """Records what browser contexts do, for the checks after each test."""

    def __init__(self, site_url):
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
        self.origins = [self.origin]  # a test may add one of its own (a host page's origin)
        self.offsite = []
        self.errors = []

    def watch(self, context):
        # Context events include the requests, console and errors of every
        # page and of their dedicated workers.
        context.on("request", self._on_request)
        context.on("console", self._on_console)
        context.on("weberror", lambda e: self.errors.append(f"uncaught: {e.error}"))

    def _on_request(self, request):
        url = request.url
        # blob:null/ are the lab's sandboxed frames' in-memory objects (opaque origin), not the network.
        allowed = ("data:", "blob:null/") + tuple(prefix + origin + "/" for origin in self.origins for prefix in ("", "blob:"))
        if not url.startswith(allowed):
            self.offsite.append(url)

    def _on_console(self, message):
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def check(self, allow_console_errors):
        assert not self.offsite, f"requests left {' and '.join(self.origins)}:\n" + "\n".join(self.offsite)
        if not allow_console_errors:
            assert not self.errors, "the page reported errors:\n" + "\n".join(self.errors)


GUARD = pytest.StashKey[SiteGuard]()


@pytest.fixture
def new_context(new_context, site_url, request):
    """pytest-playwright's new_context, with every context guarded (see module doc)."""
    guard = request.node.stash[GUARD] = SiteGuard(site_url)

    def create(**kwargs):
        context = new_context(**kwargs)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        guard.watch(context)
        return context

    return create


@pytest.fixture
def second_origin(new_context, request, tmp_path):
    """Another local site (another 127.0.0.1 port) for host pages such as a course page that
    embeds ours: (its base URL, the directory it serves). The guard then allows exactly
    two origins: the site's and this one."""
    server, url = start_server(tmp_path, port=0)
    request.node.stash[GUARD].origins.append("{0.scheme}://{0.netloc}".format(urlsplit(url)))
    yield url, tmp_path
    server.shutdown()
    server.server_close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # Checked right after the test body, so a breach fails the test itself
    # (not its teardown); a test that already failed reports its own error.
    result = yield
    guard = item.stash.get(GUARD, None)
    if guard is not None:
        guard.check(allow_console_errors=item.get_closest_marker("allow_console_errors"))
    return result


def _wait_for_python_ready(page, timeout=READY_TIMEOUT_MS):
    """Wait until the page's Python has rendered it (<body data-ready="1">).

    Fails at once with the page's own message when the page reports
    data-ready="error" (the runtime did not start or its code raised).
    """
    page.wait_for_function("document.body && document.body.dataset.ready", timeout=timeout)
    state = page.evaluate("document.body.dataset.ready")
    if state != "1":
        pytest.fail(f'page reported data-ready="{state}":\n{page.inner_text("body")}', pytrace=False)


@pytest.fixture
def wait_for_python_ready():
    """The helper above, as a fixture: `wait_for_python_ready(page)`.

    A fixture rather than an import, since tests/ has more than one conftest.py.
    """
    return _wait_for_python_ready


def _after_page_timers(page, ms):
    """Return once every timer the page set for `ms` or less before this call has run, with what
    each started on the next turn of the event loop (a move answered by _later) and drawn: so a
    state unchanged afterwards proves that those timers changed nothing.

    A condition, not a sleep: the page runs its timers in the order they fall due, so one set
    here for `ms` runs after them however late a busy machine makes them all; the second, of
    0 ms, after what they started with a timer of their own; then a frame is drawn."""
    page.evaluate("""(ms) => new Promise((done) => setTimeout(() => setTimeout(
        () => requestAnimationFrame(() => done()), 0), ms))""", ms)


@pytest.fixture
def after_page_timers():
    """The helper above, as a fixture: `after_page_timers(page, ms)` (see wait_for_python_ready)."""
    return _after_page_timers


@pytest.fixture
def save_screenshot(request):
    """save_screenshot(page, label="") -> path of test-artifacts/screenshots/<test>[-label].png"""

    def save(page, label=""):
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("tests/", 1)[-1])
        path = ARTIFACTS / "screenshots" / f"{name}{'-' + label if label else ''}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
