"""Offline: once visited, the site starts and plays with no network at all
(sw.js precaches the pages, the Python files and the vendored runtimes), and
it can be installed as an app (manifest with icons)."""

from kalah import Board
from kalah.game.rules import SOUTH
from tests.browser.async_wait import wait_for_async
from tests.browser.play_driver import assert_page_shows, house_selector

CACHED_PATHS = """async () => {
    const cache = await caches.open((await caches.keys()).find(n => n.startsWith('kalah-')));
    return (await cache.keys()).map(r => new URL(r.url).pathname);
}"""


def test_once_visited_the_play_page_starts_and_plays_offline(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url)
    wait_for_python_ready(page)
    # Installed (precache done) and in control of this page (clients.claim).
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    cached = page.evaluate(CACHED_PATHS)
    for path in ("/index.html", "/static/vendor/micropython/micropython.wasm", "/static/mpy/bundles/play.mpy",
                 "/static/mpy/bundles/later.mpy",
                 "/static/vendor/pyodide/pyodide.asm.wasm", "/static/vendor/pyodide/python_stdlib.zip"):
        assert path in cached

    # Files the page loaded before the worker was in control are cached on its message.
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => new URL(e.name))"
                           ".filter(u => u.origin === location.origin).map(u => u.pathname)")
    # the service worker caches in the background: wait until it holds everything loaded
    wait_for_async(page, "async (loaded) => { const cached = await (%s)(); "
                         "return loaded.every(p => cached.includes(p)); }" % CACHED_PATHS, loaded)

    context.set_offline(True)
    page.reload()
    wait_for_python_ready(page)
    board = Board("kalah(6,4)")
    assert_page_shows(page, board)
    board.push(3)
    page.click(house_selector(SOUTH, 3))
    assert_page_shows(page, board)
    page.click("text=Rules")
    assert page.inner_text("h2") == "The rules"


def test_the_manifest_names_the_app_and_its_icons(page, site_url):
    manifest = page.request.get(site_url + "manifest.webmanifest").json()
    assert manifest["short_name"] == "Kalah"
    assert manifest["start_url"] == "./index.html" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        response = page.request.get(site_url + icon["src"][2:])
        assert response.ok, icon["src"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
