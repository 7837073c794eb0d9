"""Offline after one visit, in Firefox and WebKit: the site's own server is stopped (not an
emulated switch), and the play page starts again from its service worker and plays."""

from urllib.parse import urlsplit

from conftest import QuietGuarded, serve
from tests.browser.play_driver import house_selector

CACHED_ALL_LOADED = """
  const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
  if (!name) return false;
  const cached = (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
  const loaded = performance.getEntriesByType('resource').map(e => new URL(e.name))
    .filter(u => u.origin === location.origin && u.pathname !== '/__kalah_guard.js').map(u => u.pathname);
  return ['/index.html', '/static/vendor/micropython/micropython.wasm'].concat(loaded).every(p => cached.includes(p));
"""


def test_once_visited_the_play_page_starts_and_plays_with_its_server_stopped(engine, engine_site):
    # A server of its own (a fresh origin), so the test can stop it.
    server, url = serve(QuietGuarded)
    engine.allowed.append("{0.scheme}://{0.netloc}".format(urlsplit(url)))
    try:
        engine.goto(url + "index.html#rules=kalah(6,4)&south=person&north=person")
        engine.wait_ready()
        engine.wait("navigator.serviceWorker.controller !== null")
        engine.wait(f"(async () => {{ {CACHED_ALL_LOADED} }})()", timeout=180)
    finally:
        server.shutdown()
        server.server_close()
    engine.goto(url + "index.html#rules=kalah(6,4)&south=person&north=person")
    engine.wait_ready()
    engine.click(house_selector(0, 3))
    engine.wait("document.querySelector(%r).dataset.count === '0'" % house_selector(0, 3))
