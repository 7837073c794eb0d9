"""The page's catalog as the browser parsed it: what the page's Python says, read a message at a time.

The head's script (scripts/build/pages.py, language_script) fetches the page's own catalog
(static/i18n/<lang>/<page>.catalog.json, cut by scripts/build/i18n.py) and the browser parses it
(JSON.parse, native) while MicroPython starts. Handing the catalog's text to MicroPython and
parsing it there cost a translated page 17-31 ms of its own Python (a whole language's catalog:
the text through the FFI 5-14 ms, json.loads 6-14 ms; docs/performance.md). Here nothing is
converted up front: the messages stay in the browser, in a Map (no prototype: a message
"constructor" finds only its own entry), and gettext reads the one it needs when the page says
it, about 2 µs each through MicroPython's FFI.

A catalog is a file, maybe damaged or a cache's: its shape is checked once, and an entry that
is not text (or plural forms not all text) is no translation, so the English shows.
"""

import js

from kalah.i18n import Catalog, CatalogError


class BrowserMessages:
    """A catalog's {English: translation or [plural forms]} kept in a JS Map, read as kalah.i18n's
    Catalog reads a dict (get): a translation is a str, plural forms a list of str, else None."""

    def __init__(self, table):
        self._table = table

    def get(self, message):
        found = self._table.get(message)
        if isinstance(found, str):
            return found
        if js.Array.isArray(found):
            forms = [form for form in found]
            if all(isinstance(form, str) for form in forms):
                return forms
        return None


def is_object(value):
    """A JSON object (not null, an array, a string or a number)."""
    return str(js.Object.prototype.toString.call(value)) == "[object Object]"


def catalog_of(data):
    """The Catalog of a catalog file as the browser parsed it, or CatalogError saying what is wrong."""
    if not is_object(data):
        raise CatalogError("the catalog did not load, or is not a JSON object")
    language, messages = js.Reflect.get(data, "language"), js.Reflect.get(data, "messages")
    if not isinstance(language, str) or not is_object(messages):
        raise CatalogError("the catalog has no language or no messages")
    return Catalog(language, BrowserMessages(js.Map.new(js.Object.entries(messages))))
