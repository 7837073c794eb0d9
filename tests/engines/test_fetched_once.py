"""Each file the play page and the lab start with is fetched once, in Firefox and WebKit: a
preload that the page's later fetch() does not take is a second download (WebKit never takes an
as="fetch" preload, so the pages give it none: see the template "fetch-preloads" in each page)."""

import collections
from urllib.parse import urlsplit

import pytest

from conftest import QuietGuarded, serve
from tests.browser.play_driver import house_selector


class CountingHandler(QuietGuarded):
    counts = None  # a Counter per server, set by counting_site

    def do_GET(self):
        self.counts[urlsplit(self.path).path] += 1
        return super().do_GET()


@pytest.fixture
def counting_site(engine):
    """A server of its own (a fresh origin, nothing cached) counting the requests for each path."""
    handler = type("Counting", (CountingHandler,), {"counts": collections.Counter()})
    server, url = serve(handler)
    engine.allowed.append("{0.scheme}://{0.netloc}".format(urlsplit(url)))
    # No service worker: its precache (a second for every file, on purpose) starts after the page is ready.
    engine.goto(url + "static/css/site.css")
    engine.run("localStorage.setItem('kalah-offline', 'no'); return 1;")
    handler.counts.clear()
    yield url, handler.counts
    server.shutdown()
    server.server_close()


def fetched_twice(counts):
    return {path: n for path, n in counts.items() if n > 1}


def test_the_play_page_fetches_each_file_once(engine, counting_site):
    url, counts = counting_site
    engine.goto(url + "index.html#rules=kalah(6,4)&south=person&north=person")
    engine.wait_ready()
    # A move is saved once kalah/web/play/later.py's bundle (later.mpy, read by fetch()) is in.
    engine.click(house_selector(0, 2))
    engine.wait("Object.keys(localStorage).some(k => k.startsWith('kalah.'))")
    assert counts["/static/mpy/bundles/later.mpy"] == 1
    assert counts["/static/vendor/micropython/micropython.wasm"] == 1
    assert fetched_twice(counts) == {}


def test_the_lab_fetches_each_file_once(engine, counting_site):
    url, counts = counting_site
    engine.goto(url + "lab.html")
    engine.wait_ready()
    assert counts["/static/mpy/bundles/lab.mpy"] == counts["/lab.toml"] == 1
    assert fetched_twice(counts) == {}
