"""Offline after one visit, in Firefox and WebKit: the site's own server is stopped (not an
emulated switch), and the play page starts again from its service worker and plays; a page the
worker does not keep gets the site's offline page, never the browser's raw error.

Each offline visit is a new document (about:blank first): a visit to the same address with only a
fragment is a fragment navigation, which starts nothing (this test did exactly that until issue 36,
so it never started a page offline)."""

import json
from urllib.parse import urlsplit

import pytest

from conftest import QuietGuarded, serve
from tests.browser.play_driver import house_selector

CACHED_ALL_LOADED = """
  const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
  if (!name) return false;
  const cached = (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
  const loaded = performance.getEntriesByType('resource').map(e => new URL(e.name))
    .filter(u => u.origin === location.origin).map(u => u.pathname);
  return ['/index.html', '/offline.html', '/static/vendor/micropython/micropython.wasm'].concat(loaded)
    .every(p => cached.includes(p));
"""

FORGET = """const cache = await caches.open((await caches.keys()).find(n => n.startsWith('kalah-')));
  for (const path of %s) await cache.delete(new URL(path, location.href).href);
  return true;"""


@pytest.fixture
def visited_then_offline(engine, engine_site):
    """(engine, url): the play page visited on a server of its own (a fresh origin), its service
    worker in control with every file cached; then `forget` paths, and the server is stopped."""
    server, url = serve(QuietGuarded)
    engine.allowed.append("{0.scheme}://{0.netloc}".format(urlsplit(url)))
    stopped = []

    def go_offline(forget=()):
        engine.goto(url + "index.html#rules=kalah(6,4)&south=person&north=person")
        engine.wait_ready()
        engine.wait("navigator.serviceWorker.controller !== null")
        engine.wait(f"(async () => {{ {CACHED_ALL_LOADED} }})()", timeout=180)
        engine.run(FORGET % json.dumps(list(forget)))
        server.shutdown()
        server.server_close()
        stopped.append(True)
        engine.goto("about:blank")
        return url
    yield go_offline
    if not stopped:
        server.shutdown()
        server.server_close()


def test_once_visited_the_play_page_starts_and_plays_with_its_server_stopped(engine, visited_then_offline):
    url = visited_then_offline()
    engine.goto(url + "index.html#rules=kalah(6,4)&south=person&north=person")
    engine.wait_ready()
    engine.click(house_selector(0, 3))
    engine.wait("document.querySelector(%r).dataset.count === '0'" % house_selector(0, 3))


def test_a_page_not_kept_gets_the_sites_offline_page(engine, visited_then_offline):
    url = visited_then_offline(forget=["replay.html", "puzzles.html"])
    engine.goto(url + "replay.html")
    engine.wait("document.querySelectorAll('#offline-pages a').length === 5")
    assert engine.run("return document.title") == "Kalah — offline"
    assert engine.run("return document.getElementById('offline-asked').textContent") == "replay.html"
    assert engine.run("return [...document.querySelectorAll('#offline-pages a')].map(a => a.textContent)") == [
        "Play", "Rules", "History", "Analysis", "Bot lab"]
    engine.click("#offline-pages a[href$='/rules.html']")
    engine.wait("location.pathname === '/rules.html' && document.body && document.body.dataset.ready === '1'")


def test_in_control_with_its_cache_emptied_the_worker_answers_in_its_own_words(engine, visited_then_offline):
    # A registration can outlive its cache (storage eviction, tracking prevention's clearing).
    url = visited_then_offline(forget=["index.html", "offline.html"])
    engine.goto(url + "index.html")
    engine.wait("document.querySelector('h1') !== null")
    assert engine.run("return document.querySelector('h1').textContent") == "This page is not on this device"
    assert engine.run("return document.title") == "Kalah — offline"
