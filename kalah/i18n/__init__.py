"""Messages in the reader's language: gettext and ngettext over one active catalog.

English is the source language: its messages are the keys, and with no catalog active (the
command line, the tests, an English page) every call returns the English text unchanged. A page in
another language activates that language's catalog once, before it says anything:

    from kalah.i18n import _, ngettext
    _("Undo")                                                 # "Annuler" once French is active
    ngettext("%(count)d seed", "%(count)d seeds", 5) % {"count": 5}
    translated(error)                                         # a KalahError's reason (kalah/errors.py)

The catalogs are gettext .po files (locale/<lang>/LC_MESSAGES/kalah.po, docs/translating.md),
compiled by scripts/build/i18n.py into static/i18n/<lang>.json, which `load` reads (the build, the
tests), and cut into a catalog per page, which a page reads a message at a time from the browser's
parse of it (kalah/web/common/page_catalog.py: a Catalog reads any table with a dict's `get`).
Plain Python that runs under MicroPython too.
"""

from kalah.errors import N_, SIDES, KalahError, Reason, render
from kalah.i18n.plurals import PLURAL_RULES

SOURCE = "en"
# The languages the site ships, each named in its own language (the language menu's labels).
LANGUAGES = (("en", "English"), ("fr", "Français"), ("es", "Español"), ("pt", "Português"),
             ("de", "Deutsch"), ("ar", "العربية"))
CODES = tuple(code for code, _name in LANGUAGES)
RIGHT_TO_LEFT = ("ar",)
# The pseudo-language the tests read the pages in (every message wrapped, longer and accented):
# built with the catalogs, reached only by a link's lang=, never offered in the menu.
PSEUDO = "qps"
# The links' field naming the page's language (lang=fr): readers accept it and ignore what they
# do not know; it never changes the game a link holds.
LINK_KEY = "lang"
# Where the language menu's choice is kept (localStorage; not "kalah.": the play page reads those as games).
STORAGE_KEY = "kalah-language"


class CatalogError(ValueError):
    """A compiled catalog that cannot be used (the page then stays in English)."""


class Catalog:
    """One language's translations: {English message: translation, or a list of plural forms}."""

    def __init__(self, language, messages):
        self.language = language
        self.messages = messages
        self.plural = PLURAL_RULES.get(language.split("-")[0], PLURAL_RULES[SOURCE])

    def gettext(self, message):
        found = self.messages.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular, plural, count):
        forms = self.messages.get(singular)
        if isinstance(forms, list):
            index = self.plural(count)
            if index < len(forms) and forms[index]:
                return forms[index]
        return singular if count == 1 else plural


ENGLISH = Catalog(SOURCE, {})
_active = ENGLISH


def load(text):
    """The Catalog of a compiled catalog's JSON text (scripts/build/i18n.py writes them)."""
    import json
    try:
        data = json.loads(text)
    except ValueError:
        raise CatalogError("the catalog is not JSON")
    if not isinstance(data, dict) or not isinstance(data.get("language"), str) or not isinstance(
            data.get("messages"), dict):
        raise CatalogError("the catalog has no language or no messages")
    return Catalog(data["language"], data["messages"])


def activate(catalog):
    """Make `catalog` the one every gettext reads (ENGLISH: the messages as written)."""
    global _active
    _active = catalog


def active_language():
    return _active.language


def gettext(message):
    return _active.gettext(message)


def ngettext(singular, plural, count):
    return _active.ngettext(singular, plural, count)


_ = gettext


def translated(reason):
    """A KalahError's reason (or a Reason) in the page's language: its template from the catalog,
    the parameters that are reasons too translated in turn, the data in them (a move, a file
    name) as they are. Anything else (a CPython error, a finished text) is shown as it is, and so
    is the English when the translation cannot be filled (a catalog that lost a placeholder, or an
    error a student's bot made up): a reason never breaks the page that shows it."""
    if isinstance(reason, (KalahError, Reason)):
        try:
            return render(gettext(reason.template), reason.params, translated)
        except (KeyError, TypeError, ValueError):
            return str(reason) if isinstance(reason, KalahError) else reason.template
    return str(reason)


def without_language(fragment):
    """The fragment without its lang= parts: the page's language, which the page's head chose
    before any Python ran (scripts/build/pages.py), so every link reader accepts it, whatever its
    value, and it never changes what the link holds (a French share link opens the same game)."""
    if LINK_KEY + "=" not in fragment:
        return fragment
    parts = fragment.split("&")
    lead = "#" if parts[0].startswith("#") else ""
    kept = [part for part in (parts[0][len(lead):],) + tuple(parts[1:]) if not part.startswith(LINK_KEY + "=")]
    return lead + "&".join(kept)


# The game's words every page says (the narration, the board's names): the sides as people read
# them (kalah.game.rules.SIDE_NAMES are the records' words, never translated) and a count of seeds.
SIDE_WORDS = tuple(side.template for side in SIDES)


def side_word(side):
    """'South' or 'North' (side 0 or 1) in the page's language."""
    return translated(SIDES[side])


def seeds_text(count):
    """'1 seed', '5 seeds', in the page's language (its plural forms)."""
    return ngettext("%(count)d seed", "%(count)d seeds", count) % {"count": count}


def collapse(text):
    """A message as the pages' HTML holds it and the catalogs key it: whitespace collapsed."""
    return " ".join(str(text).split())
