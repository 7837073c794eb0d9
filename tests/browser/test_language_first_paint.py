"""A page in another language paints as soon as an English one (issue 40): its head puts the
page's words in before the first paint (scripts/build/page_words.py), with no wait for its
Python, and shows no English on the way (docs/translating.md, "How a page chooses its language").

Each test holds the page's Python back (its bundle's request waits until the test lets it go), so
that what shows before Python is certain, not a race."""

import pytest

# Every visible text, whitespace collapsed, of every frame from the first until the page is ready:
# requestAnimationFrame runs before each frame is painted. Hidden (html.i18n-pending) counts as unseen.
RECORD_FRAMES = """
window.__visibleTexts = () => {
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim().split(/\\s+/).join(" ");
    const element = node.parentElement;
    if (text && !element.closest("script, noscript, template, option")
        && element.checkVisibility({visibilityProperty: true, opacityProperty: true})) seen.push(text);
  }
  return seen;
};
window.__framesSeen = [];
(function frame() {
  if (!document.body || document.body.dataset.ready !== "1") {
    if (document.body) window.__framesSeen.push(window.__visibleTexts());
    requestAnimationFrame(frame);
  }
})();
"""

# Every test here routes the page's own requests. Without its service worker: once the worker
# controls the page (it claims it as soon as it is installed, on a slow machine before the page's
# Python starts), what the page fetches goes through the worker, whose own requests no route sees.
ROUTED = {"locale": "en-US", "service_workers": "block"}

BUNDLES = {"index.html": "play", "embed.html": "embed"}
GAME = "g=k1.K64.sAnn.nBob.m255246416253226456436112655163235466546161322&p=10"

# What each language shows before its Python runs: (selector, how it is read, the exact words).
BEFORE_PYTHON = {
    ("index.html", "fr"): [("title", "text", "Kalah — jouer contre l'ordinateur ou un ami"),
                           ("#undo", "text", "Annuler"), (".site-header nav a >> nth=0", "text", "Jouer"),
                           ("#status", "text", "Lancement de la partie…"),
                           (".kb-caption-top .kb-name", "text", "Nord · Ordinateur (niveau 3)"),
                           (".kb-house.kb-s >> nth=0", "aria-label", "votre case A, 4 graines")],
    ("index.html", "ar"): [("title", "text", "كالاه — العب ضد الحاسوب أو صديق"),
                           ("#undo", "text", "تراجع"), (".site-header nav a >> nth=0", "text", "العب"),
                           ("#status", "text", "جارٍ بدء اللعبة…"),
                           (".kb-caption-top .kb-name", "text", "الشمال · الحاسوب (المستوى 3)"),
                           (".kb-house.kb-s >> nth=0", "aria-label", "حفرتك A، 4 بذور")],
    ("embed.html", "fr"): [("title", "text", "Partie de Kalah"), ("#status", "text", "Chargement de la partie…"),
                           ("#next", "aria-label", "Un coup en avant")],
    ("embed.html", "ar"): [("title", "text", "لعبة كالاه"), ("#status", "text", "جارٍ تحميل اللعبة…"),
                           ("#next", "aria-label", "حركة إلى الأمام")],
}


def address(file, language=None):
    fragment = ("#" + GAME) if file == "embed.html" else ""
    if language:
        fragment += ("&" if fragment else "#") + "lang=" + language
    return file + fragment


def open_held(context, site_url, file, language=None):
    """The page opened with its Python held back: (page, release), release() lets its bundle load."""
    held = []
    context.route("**/static/mpy/bundles/%s.mpy" % BUNDLES[file], lambda route: held.append(route))
    context.add_init_script(script=RECORD_FRAMES)
    page = context.new_page()
    page.goto(site_url + address(file, language))

    def release():
        for route in held:
            route.continue_()
        context.unroute("**/static/mpy/bundles/%s.mpy" % BUNDLES[file])

    return page, release


def read(page, selector, how):
    if selector == "title":
        return page.title()
    return page.inner_text(selector) if how == "text" else page.get_attribute(selector, how)


def texts_until_ready(new_context, site_url, file, language, wait_for_python_ready):
    """Every text a page showed from its first frame until ready, and what it shows when ready."""
    page, release = open_held(new_context(**ROUTED), site_url, file, language)
    page.wait_for_function("document.body && !document.documentElement.classList.contains('i18n-pending')")
    release()
    wait_for_python_ready(page)
    return page, set(page.evaluate("window.__framesSeen.flat()"))


@pytest.mark.parametrize("file", ("index.html", "embed.html"), ids=("play", "embed"))
@pytest.mark.parametrize("language", ("fr", "ar"))
def test_a_translated_page_shows_its_words_before_its_python_runs(new_context, site_url, wait_for_python_ready,
                                                                   file, language):
    page, release = open_held(new_context(**ROUTED), site_url, file, language)
    # Shown with Python held: the head put the words in (before: unseen until the page's Python did).
    page.wait_for_function("document.body && !document.documentElement.classList.contains('i18n-pending')")
    assert page.evaluate("[document.documentElement.dataset.words, document.body.dataset.ready || '']") == ["in", ""]
    assert [read(page, selector, how) for selector, how, _words in BEFORE_PYTHON[file, language]] == [
        words for _selector, _how, words in BEFORE_PYTHON[file, language]]
    if file == "index.html":   # the board drawn in the language, which the page's Python then keeps as it is
        page.evaluate("document.querySelector('#board .kb').__drawnByTheHead = true")
    release()
    wait_for_python_ready(page)
    if file == "index.html":
        assert page.evaluate("document.querySelector('#board .kb').__drawnByTheHead") is True
    assert read(page, "title", "text") == BEFORE_PYTHON[file, language][0][2]


@pytest.mark.parametrize("file", ("index.html", "embed.html"), ids=("play", "embed"))
@pytest.mark.parametrize("language", ("fr", "ar"))
def test_no_english_shows_between_the_first_paint_and_ready(new_context, site_url, wait_for_python_ready,
                                                             file, language):
    english, english_seen = texts_until_ready(new_context, site_url, file, None, wait_for_python_ready)
    translated, translated_seen = texts_until_ready(new_context, site_url, file, language, wait_for_python_ready)
    assert english_seen and translated_seen
    # Words the same in both languages when ready (the game's name, house letters, counts) may show.
    english_only = english_seen - set(translated.evaluate("window.__visibleTexts()"))
    assert sorted(translated_seen & english_only) == []


@pytest.mark.allow_console_errors   # the 404 of the words file
def test_a_page_whose_words_do_not_load_is_translated_by_its_python(new_context, site_url, wait_for_python_ready):
    context = new_context(**ROUTED)
    context.route("**/static/i18n/fr/play.json", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(site_url + "index.html#lang=fr")
    wait_for_python_ready(page)   # kept unseen until then: page_language.py put the words in
    assert page.evaluate("[document.documentElement.className, document.documentElement.dataset.words || '']") == [
        "", ""]
    assert page.inner_text("#undo") == "Annuler" and page.inner_text(".site-header nav a >> nth=0") == "Jouer"
    assert page.inner_text(".kb-caption-top .kb-name") == "Nord · Ordinateur (niveau 3)"


CATALOG = "**/static/i18n/ar/play.catalog.json"


def open_refusing_the_catalog(context, site_url, refusals, python_starts):
    """The play page in Arabic, its catalog's first `refusals` requests refused (None: all), the
    head's first one failed before its Python starts (python_starts="after": the Python finds it
    failed) or while its Python waits for it ("before"). The page, and what its console said."""
    requests = []

    def answer(route):
        requests.append(route)
        if python_starts == "before" and len(requests) == 1:
            return   # held: refused once the Python runs (below)
        if refusals is None or len(requests) <= refusals:
            route.abort()
        else:
            route.continue_()
    context.route(CATALOG, answer)
    if python_starts == "after":
        page, release = open_held(context, site_url, "index.html", "ar")
        assert page.evaluate("window.kalahCatalog") is None   # the head's request, failed
        release()
    else:
        page = context.new_page()
        with page.expect_console_message(lambda message: "PyScript Ready" in message.text):
            page.goto(site_url + address("index.html", "ar"))
        requests[0].abort()
    said = []
    page.on("console", lambda message: said.append(message.text))
    return page, said


@pytest.mark.allow_console_errors   # the catalog's failed request
@pytest.mark.parametrize("python_starts", ["after", "before"])
def test_a_catalog_that_does_not_load_leaves_the_page_s_own_words_in_its_language(new_context, site_url,
                                                                                  wait_for_python_ready, python_starts):
    page, said = open_refusing_the_catalog(new_context(**ROUTED), site_url, None, python_starts)
    wait_for_python_ready(page)
    # The head's words stay, and the page says it is in their language; what its Python says is English.
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert [page.inner_text("#undo"), page.inner_text("#status")] == ["تراجع", "South to move."], said
    assert "The page's messages stay in English: the catalog did not load, or is not a JSON object" in said


@pytest.mark.allow_console_errors   # the catalog's failed requests
def test_the_head_s_words_coming_after_the_python_keep_the_page_in_its_language_when_the_catalog_fails(
        new_context, site_url, wait_for_python_ready):
    context = new_context(**ROUTED)
    held = []
    context.route("**/static/i18n/ar/play.json", lambda route: held.append(route))
    context.route(CATALOG, lambda route: route.abort())
    page = context.new_page()
    with page.expect_console_message(lambda message: "PyScript Ready" in message.text):
        page.goto(site_url + address("index.html", "ar"))
    held[0].continue_()   # the head's words, after the Python found the catalog failed
    wait_for_python_ready(page)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert [page.inner_text("#undo"), page.inner_text("#status")] == ["تراجع", "South to move."]


@pytest.mark.allow_console_errors   # the head's failed request
@pytest.mark.parametrize("python_starts", ["after", "before"])
def test_a_catalog_whose_first_request_fails_is_fetched_again(new_context, site_url, wait_for_python_ready,
                                                              python_starts):
    page, said = open_refusing_the_catalog(new_context(**ROUTED), site_url, 1, python_starts)
    wait_for_python_ready(page)
    # What the page's Python says is in Arabic too (before: English for the whole visit; and when the
    # head's request had failed before the Python looked, reading its null result raised).
    assert [page.inner_text("#undo"), page.inner_text("#status")] == ["تراجع", "الدور على الجنوب."], said


@pytest.mark.parametrize("damaged", ('{"marked": null, "board": {}}', "[1, 2]", '"words"', "{not json"),
                         ids=("no-table", "a-list", "a-string", "not-json"))
def test_a_damaged_words_file_leaves_the_page_to_its_python(new_context, site_url, wait_for_python_ready, damaged):
    context = new_context(**ROUTED)
    context.route("**/static/i18n/fr/play.json",
                  lambda route: route.fulfill(status=200, content_type="application/json", body=damaged))
    page = context.new_page()
    page.goto(site_url + "index.html#lang=fr")
    wait_for_python_ready(page)   # not data-ready="error": the head's script threw nothing at the page
    assert page.evaluate("[document.documentElement.className, document.documentElement.dataset.words || '']") == [
        "", ""]
    assert page.inner_text("#undo") == "Annuler" and page.inner_text(".kb-caption-top .kb-name") == (
        "Nord · Ordinateur (niveau 3)")
