"""Firefox and WebKit beside the Chromium of tests/browser/ (issue 27); drivers.py says why these drivers.

Every test here takes the `engine` fixture and so runs once in firefox-esr and once in
WebKitGTK's MiniBrowser; each is marked `browser` (so `pytest -m "not browser"` skips them).
After each test the guards of tests/browser/ hold here too: no request left the site's
origins and no page logged an error (`@pytest.mark.allow_console_errors` lifts the second),
in every engine as far as its driver sees (drivers.py).
"""

import hashlib
import html
import pathlib
from urllib.parse import parse_qs, urlsplit

import pytest

from scripts.build.serve import SiteHandler, SiteServer
from tests.engines import drivers

ROOT = pathlib.Path(__file__).resolve().parents[2]

GUARD_TAG = b'<script src="/__kalah_guard.js"></script>'

# /__kalah_frame.html?width=360&src=index.html%23...: the page `src` of the site in a frame `width`
# px wide, so a phone's width is tested in every engine (MiniBrowser's window is no narrower than
# 447 px). Same origin: the page keeps its own storage, as in a window.
FRAME_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frame</title>
<link rel="icon" href="data:,"><script src="/__kalah_guard.js"></script></head><body style="margin:0">
<iframe id="frame" src="/%s" title="page" style="border:0;display:block;width:%dpx;height:%dpx"></iframe>
</body></html>"""


def inject_guard(html):
    """guard.js first in <head>, before any script of the page."""
    return html.replace(b"<head>", b"<head>" + GUARD_TAG, 1)


class GuardedHandler(SiteHandler):
    """The site as scripts/build/serve.py serves it, with guard.js put first in every page. The
    service worker checks each cached file against build-manifest.js, so the pages' hashes
    there are those of the guarded pages."""

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/__kalah_guard.js":
            return self._send(drivers.GUARD_JS.encode(), "text/javascript; charset=utf-8")
        if path == "/__kalah_frame.html":
            query = parse_qs(urlsplit(self.path).query)
            page = FRAME_HOST % (html.escape(query["src"][0]), int(query["width"][0]), int(query.get("height", ["800"])[0]))
            return self._send(page.encode(), "text/html; charset=utf-8")
        file = ROOT / path.lstrip("/")
        if path.endswith(".html") or path == "/":
            file = file / "index.html" if path == "/" else file
            if file.is_file():
                return self._send(inject_guard(file.read_bytes()), "text/html; charset=utf-8")
        if path == "/build-manifest.js":
            return self._send(guarded_manifest().encode(), "text/javascript; charset=utf-8")
        return super().do_GET()

    def _send(self, body, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def guarded_manifest():
    """build-manifest.js with the guarded pages' hashes, and guard.js listed as a file of the site:
    a page started offline loads it from the service worker's cache too."""
    text = (ROOT / "build-manifest.js").read_text()
    for page in ROOT.glob("*.html"):
        plain = hashlib.sha256(page.read_bytes()).hexdigest()
        text = text.replace(plain, hashlib.sha256(inject_guard(page.read_bytes())).hexdigest())
    guard = '"__kalah_guard.js": "%s",\n' % hashlib.sha256(drivers.GUARD_JS.encode()).hexdigest()
    return text.replace('"files": {\n', '"files": {\n' + guard, 1)


def serve(handler, host="127.0.0.1", root=ROOT):
    import functools
    import threading
    server = SiteServer((host, 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


class QuietGuarded(GuardedHandler):
    quiet = True


@pytest.fixture(scope="session")
def engine_site(built_site):
    """Base URL (ending in /) of the guarded site (built: tests/conftest.py) on a free 127.0.0.1 port."""
    server, url = serve(QuietGuarded)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def other_site(tmp_path):
    """Another site (127.0.0.2, another host name than the site's 127.0.0.1) serving tmp_path:
    the course page of the embed flows. Returns (its base URL, its folder)."""
    quiet = type("Quiet", (SiteHandler,), {"quiet": True})
    server, url = serve(quiet, host="127.0.0.2", root=tmp_path)
    yield url, tmp_path
    server.shutdown()
    server.server_close()


_firefox = {}


@pytest.fixture(scope="session", autouse=False)
def _engines_session():
    yield
    if "browser" in _firefox:
        _firefox.pop("browser").quit()
    drivers.WebKit.stop_display()


@pytest.fixture(params=["firefox", "webkit"])
def engine(request, engine_site, _engines_session):
    """A Driver (drivers.py) in each engine; its guards are checked after the test."""
    origins = ["{0.scheme}://{0.netloc}".format(urlsplit(engine_site))]
    if "other_site" in request.fixturenames:
        origins.append("{0.scheme}://{0.netloc}".format(urlsplit(request.getfixturevalue("other_site")[0])))
    if request.param == "firefox":
        if "browser" not in _firefox:
            _firefox["browser"] = drivers.Firefox(origins)
        driver = _firefox["browser"]
        driver.allowed = origins
    else:
        driver = drivers.WebKit(origins, label=request.node.name)
    driver.new_test()
    request.node.stash[DRIVER] = driver
    try:
        yield driver
    finally:
        if request.param == "firefox":
            driver.end_test()
        else:
            driver.quit()


DRIVER = pytest.StashKey[drivers.Driver]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # As in tests/browser/conftest.py: a breach fails the test itself, right after its body.
    result = yield
    driver = item.stash.get(DRIVER, None)
    if driver is not None:
        offsite = driver.offsite()
        assert not offsite, f"{driver.name}: requests left the site's origins:\n" + "\n".join(offsite)
        if not item.get_closest_marker("allow_console_errors"):
            errors = driver.errors()
            assert not errors, f"{driver.name}: the page reported errors:\n" + "\n".join(errors)
    return result
