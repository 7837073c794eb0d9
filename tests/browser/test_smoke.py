"""The whole chain works on the home page: local PyScript starts the local
MicroPython, which imports the kalah package (compiled to bytecode) and renders the page. The guards
in conftest.py also prove nothing was fetched from a CDN and no error was
logged. Only the page convention is checked here (data-ready), so the checks
hold for whatever page index.html becomes."""

import pytest


def test_home_page_starts_python_from_the_site_itself(page, site_url, wait_for_python_ready, save_screenshot):
    requested = []
    page.on("request", lambda request: requested.append(request.url.removeprefix(site_url)))

    page.goto(site_url)
    wait_for_python_ready(page)

    assert "static/vendor/pyscript/core.js" in requested
    assert "static/vendor/micropython/micropython.wasm" in requested
    # The play page's modules, as bytecode in one bundle (play.json), and no module on its own.
    assert "static/mpy/bundles/play.mpy" in requested
    assert not [url for url in requested if url.startswith("static/mpy/kalah/")]
    # Every PyScript chunk the start needs is preloaded by index.html, so none waits for another.
    chunks = {url for url in requested if url.startswith("static/vendor/pyscript/") and url.endswith(".js")}
    preloaded = set(page.eval_on_selector_all('link[rel="modulepreload"]', "links => links.map(l => l.href)"))
    assert chunks == {url.removeprefix(site_url) for url in preloaded if "/pyscript/" in url}
    save_screenshot(page)


@pytest.mark.allow_console_errors  # the 404 and the failed import are logged
def test_home_page_reports_an_error_when_python_cannot_start(page, site_url):
    # A missing interpreter (setup not run) must give a visible message, not a blank page.
    page.route("**/micropython.mjs", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready", timeout=30_000)

    assert page.evaluate("document.body.dataset.ready") == "error"
    assert "could not start" in page.inner_text("body")
