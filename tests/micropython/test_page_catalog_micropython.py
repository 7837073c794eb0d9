"""The page's catalog as the browser parsed it (kalah/web/common/page_catalog.py), under the
MicroPython the page runs and its FFI: a catalog the browser's JSON.parse made is read a message
at a time, in French and with Arabic's six plural forms; a damaged file (not an object, no
messages, entries that are not text, names an object inherits) gives the English, never an error
the page would show."""

import json

from tests.micropython.runner import needs_micropython, run_micropython
from scripts.build import i18n as build
from scripts.build.marked_text import page_catalog_path

SCRIPT = r'''
import js
from kalah import i18n
from kalah.i18n import CatalogError
from kalah.web.common.page_catalog import catalog_of

def say():
    return "|".join([i18n.gettext("Undo"), i18n.ngettext("%(count)d seed", "%(count)d seeds", 5) % {"count": 5},
                     i18n.seeds_text(11), i18n.gettext("not a message")])

for text in (FRENCH, ARABIC):
    i18n.activate(catalog_of(js.JSON.parse(text)))
    print(i18n.active_language(), say())

DAMAGED = {"Undo": 5, "%(count)d seed": ["une", 2, "trois"], "constructor": "c", "toString": ["t", "u"],
           "__proto__": "p", "hasOwnProperty": {"x": 1}}
i18n.activate(catalog_of(js.JSON.parse(json.dumps({"language": "fr", "messages": DAMAGED}))))
print(say(), i18n.gettext("constructor"), i18n.gettext("__proto__"), i18n.gettext("valueOf"),
      i18n.gettext("hasOwnProperty"), i18n.ngettext("toString", "toStrings", 1))
i18n.activate(i18n.ENGLISH)

for text in ('null', '[1, 2]', '"words"', '{"language": "fr"}', '{"language": 3, "messages": {}}',
             '{"language": "fr", "messages": []}'):
    try:
        catalog_of(js.JSON.parse(text))
        print("read", text)
    except CatalogError as error:
        print(error)
'''


@needs_micropython
def test_a_catalog_the_browser_parsed_is_read_a_message_at_a_time_and_a_damaged_one_says_english():
    texts = ["%s = %r" % (name, build.read(page_catalog_path("play", language)))
             for name, language in (("FRENCH", "fr"), ("ARABIC", "ar"))]
    lines = run_micropython("import json\n" + "\n".join(texts) + SCRIPT).splitlines()
    arabic = json.loads(build.read(page_catalog_path("play", "ar")))["messages"]["%(count)d seed"]
    assert lines == [
        "fr Annuler|5 graines|11 graines|not a message",
        "ar تراجع|%s|%s|not a message" % (arabic[3] % {"count": 5}, arabic[4] % {"count": 11}),
        # Not text: the English; the names every JS object inherits find nothing; own ones are entries.
        "Undo|5 seeds|11 seeds|not a message c p valueOf hasOwnProperty t",
        "the catalog did not load, or is not a JSON object",
        "the catalog did not load, or is not a JSON object",
        "the catalog did not load, or is not a JSON object",
        "the catalog has no language or no messages",
        "the catalog has no language or no messages",
        "the catalog has no language or no messages",
    ]
