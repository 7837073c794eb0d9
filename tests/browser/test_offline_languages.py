"""Offline in the reader's language (issue 40): a page visited in French tells sw.js its language
(static/js/offline.js's "cache" message), and sw.js keeps French's words and catalog of every page,
so that a page kept but never opened starts offline in French as it does online: its words put in
by its head before its Python runs (data-words="in": no English flash, no wait), and what its
Python says in French too. Only the reader's language is kept, not every language's."""

from tests.browser.async_wait import wait_for_async

CACHED_PATHS = """async () => {
    const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
}"""
RULES_IN_FRENCH = ["/rules.html", "/static/i18n/fr/rules.json", "/static/i18n/fr/rules.catalog.json"]


def test_a_page_visited_in_french_keeps_every_page_in_french_offline(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce", locale="en-US")
    page = context.new_page()
    page.goto(site_url + "index.html#lang=fr")
    wait_for_python_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    wait_for_async(page, "async (wanted) => { const cached = await (%s)(); "
                         "return wanted.every(p => cached.includes(p)); }" % CACHED_PATHS, RULES_IN_FRENCH)
    assert [path for path in page.evaluate(CACHED_PATHS) if path.startswith("/static/i18n/") and "/fr/" not in path] == []

    context.set_offline(True)
    page.goto(site_url + "rules.html#lang=fr")   # never opened online
    wait_for_python_ready(page)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dataset.words]") == ["fr", "in"]
    assert page.inner_text("h2") == "Les règles"
    page.click("section[data-lesson='capture'] .kb-house[data-side='0'][data-house='2']", force=True)
    assert page.inner_text("section[data-lesson='capture'] .rule-result") == (
        "La case B est vide : choisissez une case avec des graines.")   # said by the page's Python
