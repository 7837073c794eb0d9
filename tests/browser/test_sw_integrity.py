"""The service worker never serves a poisoned cache (issue 10): any script on the
origin can write into Cache Storage, so sw.js serves a cached file only when
its SHA-256 matches build-manifest.js, which setup.sh writes and the worker
imports (a page cannot write it)."""

import pytest

from tests.browser.async_wait import wait_for_async

POISON = """async () => {
    const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
    const cache = await caches.open(name);
    const fake = '<!doctype html><title>poisoned</title><p id="poisoned">POISONED lab</p>' +
                 '<script>document.title = "stolen " + localStorage.length</script>';
    await cache.put(new URL('./lab.html', location.href).href,
                    new Response(fake, {headers: {'Content-Type': 'text/html'}}));
    return (await (await cache.match(new URL('./lab.html', location.href).href)).text()).includes('POISONED');
}"""


@pytest.mark.allow_console_errors   # the refused offline navigation logs a network error
def test_a_poisoned_cached_page_is_not_served_offline(new_context, site_url):
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "rules.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    # Wait until the precache holds the real lab.html, then replace it from the page.
    wait_for_async(page, """async () => {
        const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
        return !!name && !!(await (await caches.open(name)).match(new URL('./lab.html', location.href).href));
    }""")
    assert page.evaluate(POISON) is True

    context.set_offline(True)
    # A genuine cached page still opens offline: the check passes the build's files.
    page.goto(site_url + "rules.html")
    assert page.inner_text("h2") == "The rules"
    # The poisoned one is refused: the navigation fails instead of running its script.
    try:
        page.goto(site_url + "lab.html")
    except Exception as error:       # net::ERR_INTERNET_DISCONNECTED and the like
        assert "ERR_" in str(error)
    assert page.locator("#poisoned").count() == 0
    assert not page.title().startswith("stolen")
