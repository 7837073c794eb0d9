"""The page's language: its messages put into the page, and the language menu.

The head's script (scripts/build/pages.py, language_script) has already chosen the language and
set <html lang dir>; for another language than English it has started fetching the page's words
and the page's catalog (window.kalahCatalog, parsed by the browser: kalah/web/common/page_catalog.py)
and hidden the body, and the words, put in by the head before the first paint
(scripts/build/page_words.py), have shown it (<html data-words="in">).
Every page's start awaits `start()` before its main(): the catalog is activated (kalah.i18n) for
what the page's Python says, the static text translated here only when the head could not put
it in (its words file did not load: elements marked data-i18n, attributes named by
data-i18n-attr), the body shown, the menu bound. A catalog that cannot be read leaves the page
in English, as it was written.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kalah import i18n
from kalah.web.common.page_catalog import catalog_of, is_object


def translate(root):
    """Put the active catalog's words into `root`'s marked elements and attributes."""
    marked = root.querySelectorAll("[data-i18n]")
    for index in range(marked.length):
        element = marked.item(index)
        element.textContent = i18n.gettext(i18n.collapse(element.textContent))
    marked = root.querySelectorAll("[data-i18n-attr]")
    for index in range(marked.length):
        element = marked.item(index)
        for name in str(element.getAttribute("data-i18n-attr")).split():
            value = element.getAttribute(name)
            if value:
                element.setAttribute(name, i18n.gettext(i18n.collapse(value)))


async def _catalog():
    # The head's fetch, parsed while MicroPython started (None: it did not load, or is not JSON).
    # Awaited only when it has not come yet: an await is a turn of the browser's loop, 2-200 ms measured.
    data = window.kalahCatalogRead()
    if not is_object(data):
        data = await window.kalahCatalog
    if not is_object(data):
        # The head's request can fail on its own (a dropped connection on a busy machine or a flaky
        # network), and without the catalog what the page's Python says would stay English for the
        # whole visit: the head's own fetch once more.
        data = await window.kalahFetchCatalog()
    return catalog_of(data)


async def _head_words_in(root):
    """Whether the head has put the page's words in, once its fetch of them has settled: the
    head's own callback on that fetch was registered first, so it has run when this await
    returns. Read before the await, the answer was "not yet" whenever the words came after
    the Python started, and a catalog that then failed turned the page English under words
    that the head went on to put in Arabic."""
    try:
        await window.kalahWords
    except Exception:   # the head's fetch answers None on failure; nothing else to wait for
        pass
    return root.getAttribute("data-words") == "in"


async def start():
    root = document.documentElement
    language = str(root.lang or i18n.SOURCE)
    if language != i18n.SOURCE:
        try:
            catalog = await _catalog()
            i18n.activate(catalog)
            if root.getAttribute("data-words") != "in":   # the head has not put the page's words in
                translate(document)
            window.kalahTranslate = create_proxy(i18n.gettext)   # the pages' scripts' words (offline.js)
        except Exception as error:   # offline and never fetched, or a damaged file: English, said
            if await _head_words_in(root):   # the page's own words stay, in its language; what its Python says is English
                window.console.warn("The page's messages stay in English: %s" % error)
            else:
                window.console.warn("The page stays in English: %s" % error)
                root.lang = i18n.SOURCE
                root.removeAttribute("dir")
        root.classList.remove("i18n-pending")
    _bind_menu(str(root.lang))


def _bind_menu(language):
    menu = document.getElementById("language")
    if menu is None:   # the embed: its course page's lang= or the browser chooses
        return
    menu.value = language if language in i18n.CODES else i18n.SOURCE
    menu.addEventListener("change", create_proxy(lambda event: choose(str(menu.value))))
    menu.disabled = False


def choose(language):
    """The reader picked a language: remembered, and the page opened again in it. A lang= in the
    address would override the choice, so it goes (the rest of the link stays), unless the
    browser keeps nothing (storage blocked): then the address carries the choice."""
    try:
        window.localStorage.setItem(i18n.STORAGE_KEY, language)
        remembered = True
    except Exception:
        remembered = False
    location = window.location
    fragment = i18n.without_language(str(location.hash))
    fragment = "" if fragment == "#" else fragment
    if not remembered:
        fragment = (fragment + "&" if fragment else "#") + "%s=%s" % (i18n.LINK_KEY, language)
    window.history.replaceState(None, "", str(location.pathname) + str(location.search) + fragment)
    location.reload()
